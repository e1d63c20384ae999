#include "accounts/two_factor_repo.hpp"

#include <sodium.h>

#include "db/arrays.hpp"

namespace camp::accounts::two_factor_repo {
namespace {

constexpr db::Statement kFind{
    "two_factor.find",
    "SELECT account_id, key_id, encode(nonce, 'hex'), encode(sealed, 'hex'), enabled_at IS NOT NULL, last_step "
    "FROM account_two_factor WHERE account_id = $1"};
constexpr db::Statement kFindLocked{
    "two_factor.find_locked",
    "SELECT account_id, key_id, encode(nonce, 'hex'), encode(sealed, 'hex'), enabled_at IS NOT NULL, last_step "
    "FROM account_two_factor WHERE account_id = $1 FOR UPDATE"};
constexpr db::Statement kPutPending{
    "two_factor.put_pending",
    "INSERT INTO account_two_factor (account_id, key_id, nonce, sealed) VALUES ($1, $2, decode($3, 'hex'), "
    "decode($4, 'hex')) ON CONFLICT (account_id) DO UPDATE SET key_id = EXCLUDED.key_id, nonce = EXCLUDED.nonce, "
    "sealed = EXCLUDED.sealed, last_step = NULL, created_at = now() WHERE account_two_factor.enabled_at IS NULL "
    "RETURNING 1"};
constexpr db::Statement kEnable{"two_factor.enable",
                                "UPDATE account_two_factor SET enabled_at = now(), last_step = $2 WHERE account_id = $1"};
constexpr db::Statement kLastStep{"two_factor.last_step",
                                  "UPDATE account_two_factor SET last_step = $2 WHERE account_id = $1"};
constexpr db::Statement kRemove{"two_factor.remove", "DELETE FROM account_two_factor WHERE account_id = $1 RETURNING 1"};
constexpr db::Statement kRemoveCodes{"two_factor.remove_codes", "DELETE FROM account_recovery_codes WHERE account_id = $1"};
constexpr db::Statement kRemoveChallenges{"two_factor.remove_challenges",
                                          "DELETE FROM two_factor_challenges WHERE account_id = $1"};
constexpr db::Statement kInsertCodes{
    "two_factor.insert_codes",
    "INSERT INTO account_recovery_codes (account_id, code_hash) SELECT $1, unnest($2::text[])"};
constexpr db::Statement kUnusedCodes{
    "two_factor.unused_codes",
    "SELECT id, code_hash FROM account_recovery_codes WHERE account_id = $1 AND used_at IS NULL ORDER BY id"};
constexpr db::Statement kUseCode{
    "two_factor.use_code",
    "UPDATE account_recovery_codes SET used_at = now() WHERE id = $1 AND used_at IS NULL RETURNING 1"};
constexpr db::Statement kInsertChallenge{
    "two_factor.insert_challenge",
    "INSERT INTO two_factor_challenges (id, account_id, expires_at, client_address, user_agent) "
    "VALUES (decode($1, 'hex'), $2, now() + make_interval(secs => $3), $4, $5)"};
constexpr db::Statement kFindChallenge{
    "two_factor.find_challenge",
    "SELECT c.account_id, a.email FROM two_factor_challenges c JOIN accounts a ON a.id = c.account_id "
    "WHERE c.id = decode($1, 'hex') AND c.expires_at > now()"};
constexpr db::Statement kDeleteChallenge{"two_factor.delete_challenge",
                                         "DELETE FROM two_factor_challenges WHERE id = decode($1, 'hex')"};
constexpr db::Statement kPruneChallenges{
    "two_factor.prune_challenges",
    "DELETE FROM two_factor_challenges WHERE ctid IN (SELECT ctid FROM two_factor_challenges "
    "WHERE expires_at < now() LIMIT $1)"};
constexpr db::Statement kLockStale{
    "two_factor.lock_stale",
    "SELECT account_id, key_id, encode(nonce, 'hex'), encode(sealed, 'hex'), enabled_at IS NOT NULL, last_step "
    "FROM account_two_factor WHERE key_id <> $1 ORDER BY account_id LIMIT $2 FOR UPDATE SKIP LOCKED"};
constexpr db::Statement kReseal{
    "two_factor.reseal",
    "UPDATE account_two_factor SET key_id = $2, nonce = decode($3, 'hex'), sealed = decode($4, 'hex') "
    "WHERE account_id = $1"};

std::string to_hex(const std::string& bytes) {
  std::string out(bytes.size() * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  out.pop_back();
  return out;
}

std::string from_hex(const std::string& hex) {
  std::string out(hex.size() / 2, '\0');
  std::size_t len = 0;
  sodium_hex2bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), hex.data(), hex.size(), nullptr, &len,
                 nullptr);
  out.resize(len);
  return out;
}

Stored read(const pqxx::row& r) {
  Stored s;
  s.account_id = r[0].as<std::int64_t>();
  s.sealed = {from_hex(r[2].as<std::string>()), from_hex(r[3].as<std::string>()), r[1].as<int>()};
  s.enabled = r[4].as<bool>();
  if (!r[5].is_null()) s.last_step = r[5].as<std::int64_t>();
  return s;
}

}  // namespace

std::optional<Stored> find(db::Tx& tx, std::int64_t account_id, bool lock) {
  const auto r = tx.exec(lock ? kFindLocked : kFind, account_id);
  if (r.empty()) return std::nullopt;
  return read(r[0]);
}

bool put_pending(db::Tx& tx, std::int64_t account_id, const questionnaires::Sealed& sealed) {
  return !tx.exec(kPutPending, account_id, sealed.key_id, to_hex(sealed.nonce), to_hex(sealed.ciphertext)).empty();
}

void enable(db::Tx& tx, std::int64_t account_id, std::int64_t step) { tx.exec(kEnable, account_id, step); }

void set_last_step(db::Tx& tx, std::int64_t account_id, std::int64_t step) { tx.exec(kLastStep, account_id, step); }

bool remove(db::Tx& tx, std::int64_t account_id) {
  tx.exec(kRemoveCodes, account_id);
  tx.exec(kRemoveChallenges, account_id);
  return !tx.exec(kRemove, account_id).empty();
}

void replace_recovery_codes(db::Tx& tx, std::int64_t account_id, const std::vector<std::string>& hashes) {
  tx.exec(kRemoveCodes, account_id);
  tx.exec(kInsertCodes, account_id, db::text_array(hashes));
}

std::vector<RecoveryCode> unused_recovery_codes(db::Tx& tx, std::int64_t account_id) {
  std::vector<RecoveryCode> out;
  for (const auto& r : tx.exec(kUnusedCodes, account_id)) out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>()});
  return out;
}

bool use_recovery_code(db::Tx& tx, std::int64_t id) { return !tx.exec(kUseCode, id).empty(); }

void insert_challenge(db::Tx& tx, const std::string& hash, std::int64_t account_id, int ttl_seconds,
                      const std::string& client_address, const std::string& user_agent) {
  tx.exec(kInsertChallenge, to_hex(hash), account_id, ttl_seconds, client_address, user_agent);
}

std::optional<Challenge> find_challenge(db::Tx& tx, const std::string& hash) {
  const auto r = tx.exec(kFindChallenge, to_hex(hash));
  if (r.empty()) return std::nullopt;
  return Challenge{r[0][0].as<std::int64_t>(), r[0][1].as<std::string>()};
}

void delete_challenge(db::Tx& tx, const std::string& hash) { tx.exec(kDeleteChallenge, to_hex(hash)); }

int prune_challenges(db::Tx& tx, int batch) {
  return static_cast<int>(tx.exec(kPruneChallenges, batch).affected_rows());
}

std::vector<Stored> lock_stale(db::Tx& tx, int current, int per) {
  std::vector<Stored> out;
  for (const auto& r : tx.exec(kLockStale, current, per)) out.push_back(read(r));
  return out;
}

void reseal(db::Tx& tx, std::int64_t account_id, const questionnaires::Sealed& sealed) {
  tx.exec(kReseal, account_id, sealed.key_id, to_hex(sealed.nonce), to_hex(sealed.ciphertext));
}

}  // namespace camp::accounts::two_factor_repo
