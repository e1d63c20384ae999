#include "accounts/invitations.hpp"

#include <map>

#include "accounts/invitation_repo.hpp"
#include "accounts/link_token.hpp"
#include "accounts/password.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "mail/outbox.hpp"

namespace camp::accounts {
namespace {

// What the page of a link shows.
InvitationView view_of(const invitation_repo::StoredInvitation& stored, TimePoint now) {
  return {stored.invitation, stored.invitation.expires_at <= now, stored.contact};
}

// The pending invitation of a link id: found by its hash, the stored hash compared again.
template <class Find>
std::optional<invitation_repo::StoredInvitation> find_pending(db::Tx& tx, Find find, std::string_view id) {
  const auto hash = link_token_hash(id);
  auto found = find(tx, hash);
  if (!found || !same_hash(found->token_hash, hash)) return std::nullopt;
  return found;
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
      known = course_ids.emplace(*in.course_code, invitation_repo::find_course_id(tx, *in.course_code)).first;
    }
    if (!known->second) errors["course"].push_back(std::string(msg::course_unknown));
    out.course_id = known->second;
  }
  throw_if_invalid(errors);
  out.role = *role;
  return out;
}

Error invitation_link_invalid() { return Error(errc::not_found, std::string(msg::invitation_link_invalid)); }
Error expired() { return Error(errc::not_found, std::string(msg::invitation_expired)); }

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

mail::Outgoing InvitationService::invitation_mail(const std::string& email, const std::string& display_name,
                                                 std::string_view id) const {
  return {.to = email,
          .template_name = "invitation",
          .values = {{"name", display_name},
                     {"days", std::to_string(kInvitationLifetime.count() / 24)}},
          .links = {{"url", accept_url(id)}}};
}

Invitation InvitationService::invite(db::Tx& tx, const Invite& raw, std::optional<std::int64_t> invited_by) {
  std::map<std::string, std::optional<int>> course_ids;
  const auto checked = check_invite(tx, raw, course_ids);
  const auto& in = checked.in;
  if (invitation_repo::account_exists(tx, in.email)) throw email_taken();

  const auto now = clock_.now();
  const auto id = new_link_token();
  const auto row_id = invitation_repo::upsert_invitation(
      tx, {in.email, checked.role, checked.course_id, in.nickname, link_token_hash(id)}, invited_by, now,
      now + kInvitationLifetime);
  const auto invitation = invitation_repo::find_invitation(tx, row_id).invitation;
  mail::enqueue(tx, invitation_mail(invitation.email, invitation.display_name, id));
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
  if (invitation_repo::any_account_exists(tx, lowered)) throw email_taken();

  const auto now = clock_.now();
  std::vector<invitation_repo::PendingInvitation> pending;
  std::vector<std::string> ids;
  pending.reserve(checked.size());
  ids.reserve(checked.size());
  for (const auto& c : checked) {
    ids.push_back(new_link_token());
    pending.push_back({c.in.email, c.role, c.course_id, c.in.nickname, link_token_hash(ids.back())});
  }
  const auto names = invitation_repo::upsert_invitations(tx, pending, invited_by, now, now + kInvitationLifetime);
  std::vector<mail::Outgoing> mails;
  mails.reserve(checked.size());
  for (std::size_t i = 0; i < checked.size(); ++i)
    mails.push_back(invitation_mail(checked[i].in.email, names.at(checked[i].in.email), ids[i]));
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
  if (!well_formed_link_token(id)) throw invitation_link_invalid();
  const auto found =
      pool_.autocommit([&](db::Tx& tx) { return find_pending(tx, invitation_repo::find_pending_invitation, id); });
  if (!found) throw invitation_link_invalid();
  return view_of(*found, clock_.now());
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
    // A parallel acceptance waits, then finds none.
    const auto found = find_pending(tx, invitation_repo::lock_pending_invitation, id);
    if (!found) throw invitation_link_invalid();
    if (view_of(*found, now).expired) throw expired();
    const auto& inv = found->invitation;
    const auto account_id = invitation_repo::insert_account(tx, inv.email, inv.role, nickname, found->course_id, hash);
    if (!account_id) throw email_taken();
    invitation_repo::mark_accepted(tx, inv.id, now, *account_id);
    const auto account = invitation_repo::find_account(tx, *account_id);
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
  j["contact"] = v.contact ? nlohmann::json{{"display_name", v.contact->display_name}, {"email", v.contact->email}}
                           : nlohmann::json(nullptr);
  return j;
}

}  // namespace camp::accounts
