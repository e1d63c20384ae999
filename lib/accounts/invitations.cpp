#include "accounts/invitations.hpp"

#include <map>

#include "accounts/link_token.hpp"
#include "accounts/password.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "db/arrays.hpp"
#include "mail/outbox.hpp"

namespace camp::accounts {
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
    "expires_at = EXCLUDED.expires_at"};
#define CAMP_INVITATION_COLUMNS                                                                          \
  "SELECT i.id, i.email, i.role, c.code, c.name, c.months, i.nickname, "                                 \
  "extract(epoch FROM i.expires_at)::float8, encode(i.token_hash, 'hex'), a.nickname, a.email, i.course_id " \
  "FROM invitations i LEFT JOIN courses c ON c.id = i.course_id LEFT JOIN accounts a ON a.id = i.invited_by "
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
constexpr db::Statement kAccount{
    "invitations.account",
    "SELECT a.id, a.role, a.email, a.nickname, a.image_url, c.code, c.name, c.months "
    "FROM accounts a LEFT JOIN courses c ON c.id = a.course_id WHERE a.id = $1"};

struct Row {
  InvitationView view;
  std::string hash;
  std::optional<int> course_id;
};

Row read(const pqxx::row& r, TimePoint now) {
  Row out;
  auto& inv = out.view.invitation;
  inv.id = r[0].as<std::int64_t>();
  inv.email = r[1].as<std::string>();
  inv.role = parse_role(r[2].as<std::string>()).value_or(Role::trial);
  if (!r[3].is_null()) inv.course = Course{r[3].as<std::string>(), r[4].as<std::string>(), r[5].as<int>()};
  inv.nickname = r[6].as<std::string>();
  inv.expires_at = from_epoch_seconds(r[7].as<double>());
  out.hash = r[8].as<std::string>();
  if (!r[9].is_null()) out.view.contact = Contact{r[9].as<std::string>(), r[10].as<std::string>()};
  if (!r[11].is_null()) out.course_id = r[11].as<int>();
  out.view.expired = inv.expires_at <= now;
  return out;
}

std::optional<Row> find_pending(db::Tx& tx, const db::Statement& st, std::string_view id, TimePoint now) {
  const auto hash = link_token_hash(id);
  const auto rows = tx.exec(st, hash);
  if (rows.empty()) return std::nullopt;
  auto row = read(rows[0], now);
  if (!same_hash(row.hash, hash)) return std::nullopt;
  return row;
}

// An invitation that passed the checks: the e-mail trimmed, the role parsed, the course found.
struct Checked {
  Invite in;
  Role role = Role::trial;
  std::optional<int> course_id;
};

// 422 on fields email / role / course / nickname. `course_ids` remembers codes already looked up.
Checked check_invite(db::Tx& tx, const Invite& raw, std::map<std::string, std::optional<int>>& course_ids) {
  Checked out{raw, Role::trial, std::nullopt};
  auto& in = out.in;
  in.email = text::trim(in.email, " \t");
  auto errors = invite_field_errors(in);
  const auto role = parse_role(in.role);
  if (in.course_code && errors.find("course") == errors.end()) {
    auto known = course_ids.find(*in.course_code);
    if (known == course_ids.end()) {
      const auto rows = tx.exec(kCourseId, *in.course_code);
      known = course_ids.emplace(*in.course_code, rows.empty() ? std::nullopt : std::optional<int>(rows[0][0].as<int>()))
                  .first;
    }
    if (!known->second) errors["course"].push_back(std::string(msg::course_unknown));
    out.course_id = known->second;
  }
  throw_if_invalid(errors);
  out.role = *role;
  return out;
}

Error link_invalid() { return Error(errc::not_found, std::string(msg::invitation_link_invalid)); }
Error expired() { return Error(errc::not_found, std::string(msg::invitation_expired)); }
Error email_taken() {
  return Error(errc::conflict, std::string(msg::email_taken), {{"email", {std::string(msg::email_taken)}}});
}

}  // namespace

FieldErrors invite_field_errors(const Invite& in) {
  FieldErrors errors;
  if (auto m = validate::email(in.email)) errors["email"].push_back(*m);
  if (auto m = validate::nickname(in.nickname)) errors["nickname"].push_back(*m);
  const auto role = parse_role(in.role);
  if (!role) errors["role"].push_back(std::string(msg::role_unknown));
  const bool needs_course = role && (*role == Role::student || *role == Role::graduate);
  if (role && needs_course && !in.course_code) errors["course"].push_back(std::string(msg::course_required_for_role));
  if (role && !needs_course && in.course_code) errors["course"].push_back(std::string(msg::course_not_for_role));
  return errors;
}

std::string InvitationService::accept_url(std::string_view id) const {
  return public_url_ + "/account/new/" + std::string(id);
}

mail::Outgoing InvitationService::invitation_mail(const std::string& email, const std::string& nickname,
                                                 std::string_view id) const {
  return {.to = email,
          .template_name = "invitation",
          .values = {{"nickname", nickname.empty() ? email : nickname},
                     {"days", std::to_string(kInvitationLifetime.count() / 24)}},
          .links = {{"url", accept_url(id)}}};
}

Invitation InvitationService::invite(db::Tx& tx, const Invite& raw, std::optional<std::int64_t> invited_by) {
  std::map<std::string, std::optional<int>> course_ids;
  const auto checked = check_invite(tx, raw, course_ids);
  const auto& in = checked.in;
  if (!tx.exec(kAccountExists, in.email).empty()) throw email_taken();

  const auto now = clock_.now();
  const auto id = new_link_token();
  const auto row_id = tx.exec(kUpsert, in.email, std::string(to_string(checked.role)), checked.course_id, in.nickname,
                              link_token_hash(id), invited_by, epoch_seconds(now), epoch_seconds(now + kInvitationLifetime))[0][0]
                          .as<std::int64_t>();
  auto stored = read(tx.exec(kById, row_id)[0], now);
  const auto& invitation = stored.view.invitation;
  mail::enqueue(tx, invitation_mail(invitation.email, invitation.nickname, id));
  return invitation;
}

std::size_t InvitationService::invite_many(db::Tx& tx, const std::vector<Invite>& raw,
                                           std::optional<std::int64_t> invited_by) {
  std::map<std::string, std::optional<int>> course_ids;
  std::vector<Checked> checked;
  std::map<std::string, std::size_t> by_email;  // lower-case e-mail -> its last place in `checked`
  for (const auto& one : raw) {
    auto c = check_invite(tx, one, course_ids);
    const auto key = text::lower_ascii(c.in.email);
    if (const auto seen = by_email.find(key); seen != by_email.end()) checked[seen->second] = std::move(c);
    else {
      by_email.emplace(key, checked.size());
      checked.push_back(std::move(c));
    }
  }
  if (checked.empty()) return 0;
  std::vector<std::string> lowered;
  for (const auto& [key, at] : by_email) lowered.push_back(key);
  if (!tx.exec(kAnyAccountExists, db::text_array(lowered)).empty()) throw email_taken();

  const auto now = clock_.now();
  db::ArrayLiteral emails, roles, courses, nicknames, hashes;
  std::vector<mail::Outgoing> mails;
  mails.reserve(checked.size());
  for (const auto& c : checked) {
    const auto id = new_link_token();
    emails.add(c.in.email);
    roles.add(std::string(to_string(c.role)));
    courses.add(c.course_id ? std::optional<std::string>(std::to_string(*c.course_id)) : std::nullopt);
    nicknames.add(c.in.nickname);
    hashes.add(link_token_hash(id));
    mails.push_back(invitation_mail(c.in.email, c.in.nickname, id));
  }
  tx.exec(kUpsertMany, emails.str(), roles.str(), courses.str(), nicknames.str(), hashes.str(), invited_by,
          epoch_seconds(now), epoch_seconds(now + kInvitationLifetime));
  mail::enqueue_many(tx, mails);
  return checked.size();
}

void InvitationService::require_inviter(const Account& actor) {
  if (actor.role != Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
}

Invitation InvitationService::invite(const Account& actor, const Invite& in) {
  require_inviter(actor);
  return pool_.transaction([&](db::Tx& tx) { return invite(tx, in, actor.recorded_id()); });
}

InvitationView InvitationService::check(std::string_view id) {
  if (!well_formed_link_token(id)) throw link_invalid();
  auto found = pool_.autocommit([&](db::Tx& tx) { return find_pending(tx, kPending, id, clock_.now()); });
  if (!found) throw link_invalid();
  return found->view;
}

Account InvitationService::accept(std::string_view id, const Acceptance& in, const OnAccepted& on_accepted) {
  const auto view = check(id);  // cheap: no password is hashed for a dead link
  if (view.expired) throw expired();
  FieldErrors errors;
  const auto nickname = in.nickname.value_or(view.invitation.nickname);
  if (auto m = validate::nickname(nickname)) errors["nickname"].push_back(*m);
  validate_new_password(in.password, errors);
  throw_if_invalid(errors);
  const auto hash = hash_password(in.password.password);  // slow (argon2id): outside the transaction

  return pool_.transaction([&](db::Tx& tx) {
    const auto now = clock_.now();
    const auto found = find_pending(tx, kPendingForUpdate, id, now);  // a parallel acceptance waits, then finds none
    if (!found) throw link_invalid();
    if (found->view.expired) throw expired();
    const auto& inv = found->view.invitation;
    std::int64_t account_id = 0;
    try {
      account_id = tx.exec(kCreateAccount, inv.email, std::string(to_string(inv.role)), nickname, found->course_id, hash)[0][0]
                       .as<std::int64_t>();
    } catch (const pqxx::unique_violation&) {
      throw email_taken();
    }
    tx.exec(kAccepted, inv.id, epoch_seconds(now), account_id);
    const auto r = tx.exec(kAccount, account_id)[0];
    Account account;
    account.id = account_id;
    account.role = inv.role;
    account.email = r[2].as<std::string>();
    account.nickname = r[3].as<std::string>();
    if (!r[5].is_null()) account.course = Course{r[5].as<std::string>(), r[6].as<std::string>(), r[7].as<int>()};
    if (on_accepted) on_accepted(tx, account);
    return account;
  });
}

nlohmann::json to_json(const Invitation& i) {
  nlohmann::json j = {{"id", i.id},
                      {"email", i.email},
                      {"role", to_string(i.role)},
                      {"nickname", i.nickname},
                      {"course", nullptr},
                      {"expires_at", iso_utc(i.expires_at)}};
  if (i.course) j["course"] = {{"code", i.course->code}, {"name", i.course->name}, {"months", i.course->months}};
  return j;
}

nlohmann::json to_json(const InvitationView& v) {
  auto j = to_json(v.invitation);
  j["expired"] = v.expired;
  j["contact"] = v.contact ? nlohmann::json{{"nickname", v.contact->nickname}, {"email", v.contact->email}}
                           : nlohmann::json(nullptr);
  return j;
}

}  // namespace camp::accounts
