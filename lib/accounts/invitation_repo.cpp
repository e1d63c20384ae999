#include "accounts/invitation_repo.hpp"

#include "accounts/link_token.hpp"
#include "accounts/repo.hpp"
#include "db/arrays.hpp"

namespace camp::accounts::invitation_repo {
namespace {

constexpr db::Statement kCourseId{"invitations.course_id", "SELECT id FROM courses WHERE code = $1"};
constexpr db::Statement kAccountExists{
    "invitations.account_exists", "SELECT 1 FROM accounts WHERE lower(email) = lower($1)"};
constexpr db::Statement kAnyAccountExists{
    "invitations.any_account_exists", "SELECT 1 FROM accounts WHERE lower(email) = ANY($1::text[]) LIMIT 1"};
// One pending invitation per e-mail: inviting again gives the row a new id hash and expiry.
constexpr db::Statement kUpsert{
    "invitations.upsert",
    "INSERT INTO invitations (email, role, course_id, nickname, token_hash, invited_by, created_at, expires_at) "
    "VALUES ($1, $2, $3, $4, decode($5, 'hex'), $6, to_timestamp($7), to_timestamp($8)) "
    "ON CONFLICT ((lower(email))) WHERE accepted_at IS NULL DO UPDATE SET email = EXCLUDED.email, "
    "role = EXCLUDED.role, course_id = EXCLUDED.course_id, nickname = EXCLUDED.nickname, "
    "token_hash = EXCLUDED.token_hash, invited_by = EXCLUDED.invited_by, created_at = EXCLUDED.created_at, "
    "expires_at = EXCLUDED.expires_at RETURNING id"};
constexpr db::Statement kUpsertMany{
    "invitations.upsert_many",
    "INSERT INTO invitations (email, role, course_id, nickname, token_hash, invited_by, created_at, expires_at) "
    "SELECT u.email, u.role, u.course_id, u.nickname, decode(u.hash, 'hex'), $6, to_timestamp($7), to_timestamp($8) "
    "FROM unnest($1::text[], $2::text[], $3::int4[], $4::text[], $5::text[]) AS u(email, role, course_id, nickname, hash) "
    "ON CONFLICT ((lower(email))) WHERE accepted_at IS NULL DO UPDATE SET email = EXCLUDED.email, "
    "role = EXCLUDED.role, course_id = EXCLUDED.course_id, nickname = EXCLUDED.nickname, "
    "token_hash = EXCLUDED.token_hash, invited_by = EXCLUDED.invited_by, created_at = EXCLUDED.created_at, "
    "expires_at = EXCLUDED.expires_at RETURNING email, "
    "display_name(nickname, (SELECT st.name FROM students st WHERE lower(st.email) = lower(invitations.email)), email)"};
#define CAMP_INVITATION_COLUMNS                                                                          \
  "SELECT i.id, i.email, i.role, c.code, c.name, c.months, i.nickname, "                                 \
  "extract(epoch FROM i.expires_at)::float8, encode(i.token_hash, 'hex'), a.display_name, a.email, i.course_id, " \
  "display_name(i.nickname, (SELECT st.name FROM students st WHERE lower(st.email) = lower(i.email)), i.email) "       \
  "FROM invitations i LEFT JOIN courses c ON c.id = i.course_id LEFT JOIN people a ON a.id = i.invited_by "
constexpr db::Statement kById{"invitations.by_id", CAMP_INVITATION_COLUMNS "WHERE i.id = $1"};
constexpr db::Statement kPending{
    "invitations.pending", CAMP_INVITATION_COLUMNS "WHERE i.token_hash = decode($1, 'hex') AND i.accepted_at IS NULL"};
constexpr db::Statement kPendingForUpdate{
    "invitations.pending_for_update",
    CAMP_INVITATION_COLUMNS "WHERE i.token_hash = decode($1, 'hex') AND i.accepted_at IS NULL FOR UPDATE OF i"};
constexpr db::Statement kCreateAccount{
    "invitations.create_account",
    "INSERT INTO accounts (email, role, nickname, course_id, password_hash) VALUES ($1, $2, $3, $4, $5) RETURNING id"};
constexpr db::Statement kAccepted{
    "invitations.accepted", "UPDATE invitations SET accepted_at = to_timestamp($2), account_id = $3 WHERE id = $1"};

StoredInvitation read(const pqxx::row& r) {
  StoredInvitation out;
  auto& inv = out.invitation;
  inv.id = r[0].as<std::int64_t>();
  inv.email = r[1].as<std::string>();
  inv.role = parse_role(r[2].as<std::string>()).value_or(Role::trial);
  if (!r[3].is_null()) inv.course = Course{r[3].as<std::string>(), r[4].as<std::string>(), r[5].as<int>()};
  inv.nickname = r[6].as<std::string>();
  inv.expires_at = from_epoch_seconds(r[7].as<double>());
  out.token_hash = r[8].as<std::string>();
  if (!r[9].is_null()) out.contact = Contact{r[9].as<std::string>(), r[10].as<std::string>()};
  if (!r[11].is_null()) out.course_id = r[11].as<int>();
  inv.display_name = r[12].as<std::string>();
  return out;
}

std::optional<StoredInvitation> first(const pqxx::result& rows) {
  if (rows.empty()) return std::nullopt;
  return read(rows[0]);
}

}  // namespace

std::optional<int> find_course_id(db::Tx& tx, const std::string& code) {
  const auto rows = tx.exec(kCourseId, code);
  if (rows.empty()) return std::nullopt;
  return rows[0][0].as<int>();
}

bool account_exists(db::Tx& tx, const std::string& email) { return !tx.exec(kAccountExists, email).empty(); }

bool any_account_exists(db::Tx& tx, const std::vector<std::string>& lowered_emails) {
  return !tx.exec(kAnyAccountExists, db::text_array(lowered_emails)).empty();
}

std::int64_t upsert_invitation(db::Tx& tx, const PendingInvitation& in, std::optional<std::int64_t> invited_by,
                               TimePoint created_at, TimePoint expires_at) {
  return tx.exec(kUpsert, in.email, std::string(to_string(in.role)), in.course_id, in.nickname, in.token_hash,
                 invited_by, epoch_seconds(created_at), epoch_seconds(expires_at))[0][0]
      .as<std::int64_t>();
}

std::map<std::string, std::string> upsert_invitations(db::Tx& tx, const std::vector<PendingInvitation>& invitations,
                        std::optional<std::int64_t> invited_by, TimePoint created_at, TimePoint expires_at) {
  db::ArrayLiteral emails, roles, courses, nicknames, hashes;
  for (const auto& in : invitations) {
    emails.add(in.email);
    roles.add(std::string(to_string(in.role)));
    courses.add(in.course_id ? std::optional<std::string>(std::to_string(*in.course_id)) : std::nullopt);
    nicknames.add(in.nickname);
    hashes.add(in.token_hash);
  }
  std::map<std::string, std::string> names;
  for (const auto& r : tx.exec(kUpsertMany, emails.str(), roles.str(), courses.str(), nicknames.str(), hashes.str(),
                               invited_by, epoch_seconds(created_at), epoch_seconds(expires_at)))
    names.emplace(r[0].as<std::string>(), r[1].as<std::string>());
  return names;
}

StoredInvitation find_invitation(db::Tx& tx, std::int64_t id) { return read(tx.exec(kById, id)[0]); }

std::optional<StoredInvitation> find_pending_invitation(db::Tx& tx, const std::string& token_hash) {
  return first(tx.exec(kPending, token_hash));
}

std::optional<StoredInvitation> lock_pending_invitation(db::Tx& tx, const std::string& token_hash) {
  return first(tx.exec(kPendingForUpdate, token_hash));
}

std::optional<std::int64_t> insert_account(db::Tx& tx, const std::string& email, Role role, const std::string& nickname,
                                           std::optional<int> course_id, const std::string& password_hash) {
  try {
    return tx.exec(kCreateAccount, email, std::string(to_string(role)), nickname, course_id, password_hash)[0][0]
        .as<std::int64_t>();
  } catch (const pqxx::unique_violation&) {
    return std::nullopt;
  }
}

void mark_accepted(db::Tx& tx, std::int64_t invitation_id, TimePoint accepted_at, std::int64_t account_id) {
  tx.exec(kAccepted, invitation_id, epoch_seconds(accepted_at), account_id);
}

Account find_account(db::Tx& tx, std::int64_t account_id) { return repo::find_by_id(tx, account_id).value(); }

}  // namespace camp::accounts::invitation_repo
