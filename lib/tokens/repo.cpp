#include "tokens/repo.hpp"

#include "accounts/link_token.hpp"
#include "db/arrays.hpp"

namespace camp::tokens::repo {
namespace {

#define CAMP_TOKEN_COLUMNS                                                                           \
  "id, account_id, name, array_to_json(scopes)::text, extract(epoch FROM created_at)::float8, "     \
  "extract(epoch FROM expires_at)::float8, extract(epoch FROM last_used_at)::float8, "              \
  "extract(epoch FROM revoked_at)::float8"

constexpr db::Statement kInsert{
    "tokens.insert",
    "INSERT INTO personal_access_tokens (account_id, name, scopes, token_hash, expires_at) "
    "VALUES ($1, $2, $3::text[], decode($4, 'hex'), now() + make_interval(days => $5)) RETURNING " CAMP_TOKEN_COLUMNS};
constexpr db::Statement kCountLive{
    "tokens.count_live",
    "SELECT count(*) FROM personal_access_tokens WHERE account_id = $1 AND revoked_at IS NULL AND expires_at > now()"};
constexpr db::Statement kList{
    "tokens.list",
    "SELECT " CAMP_TOKEN_COLUMNS " FROM personal_access_tokens WHERE ($1::bigint IS NULL OR account_id = $1) "
    "AND revoked_at IS NULL "
    "ORDER BY created_at DESC, id DESC"};
// The minute keeps a busy script from writing the row on every request. (A data-modifying CTE
// runs whether or not it is read.)
constexpr db::Statement kFindAndTouch{
    "tokens.find_and_touch",
    "WITH t AS (SELECT " CAMP_TOKEN_COLUMNS ", expires_at <= now(), "
    "(SELECT a.anonymised_at IS NULL FROM accounts a WHERE a.id = account_id), "
    "last_used_at AS used, revoked_at IS NULL AND expires_at > now() AS live "
    "FROM personal_access_tokens WHERE token_hash = decode($1, 'hex')), "
    "u AS (UPDATE personal_access_tokens p SET last_used_at = now() FROM t WHERE p.id = t.id AND t.live "
    "AND (t.used IS NULL OR t.used < now() - interval '1 minute')) "
    "SELECT * FROM t"};
constexpr db::Statement kRevoke{
    "tokens.revoke",
    "UPDATE personal_access_tokens SET revoked_at = now() "
    "WHERE id = $1 AND ($2::bigint IS NULL OR account_id = $2) AND revoked_at IS NULL RETURNING " CAMP_TOKEN_COLUMNS};

std::optional<TimePoint> time_of(const pqxx::field& f) {
  if (f.is_null()) return std::nullopt;
  return accounts::from_epoch_seconds(f.as<double>());
}

AccessToken read(const pqxx::row& r) {
  AccessToken t;
  t.id = r[0].as<std::int64_t>();
  t.account_id = r[1].as<std::int64_t>();
  t.name = r[2].as<std::string>();
  t.scopes = nlohmann::json::parse(r[3].as<std::string>()).get<std::vector<std::string>>();
  t.created_at = *time_of(r[4]);
  t.expires_at = *time_of(r[5]);
  t.last_used_at = time_of(r[6]);
  t.revoked_at = time_of(r[7]);
  return t;
}

}  // namespace

AccessToken insert(db::Tx& tx, std::int64_t account_id, const NewToken& token, const std::string& token_hash) {
  return read(tx.exec(kInsert, account_id, token.name, db::text_array(token.scopes), token_hash, token.expires_in_days)[0]);
}

int count_live(db::Tx& tx, std::int64_t account_id) { return tx.exec(kCountLive, account_id)[0][0].as<int>(); }

std::vector<AccessToken> list(db::Tx& tx, std::optional<std::int64_t> account_id) {
  std::vector<AccessToken> out;
  for (const auto& r : tx.exec(kList, account_id)) out.push_back(read(r));
  return out;
}

std::optional<Found> find_and_touch(db::Tx& tx, const std::string& token_hash) {
  const auto res = tx.exec(kFindAndTouch, token_hash);
  if (res.empty()) return std::nullopt;
  return Found{read(res[0]), res[0][8].as<bool>(), res[0][9].as<bool>()};
}

std::optional<AccessToken> revoke(db::Tx& tx, std::int64_t token_id, std::optional<std::int64_t> account_id) {
  const auto res = tx.exec(kRevoke, token_id, account_id);
  if (res.empty()) return std::nullopt;
  return read(res[0]);
}

}  // namespace camp::tokens::repo
