#pragma once
// Invitations (docs/api.md "Invitations"): an admin invites an e-mail with a role (and a
// course); the mail links /account/new/{id}, where the person chooses a nickname and a
// password; the account is created then and logged in. The id is 256 random bits of which
// only the SHA-256 is stored (lib/accounts/link_token.hpp): it cannot be forged or derived,
// works once, expires after kInvitationLifetime, and inviting the same e-mail again replaces
// it (the old link dies).
//
// Other use cases (camp students import) invite inside their own transaction:
//   pool.transaction([&](db::Tx& tx) { invitations.invite(tx, {...}, admin.id); ... });
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "accounts/model.hpp"
#include "accounts/password_resets.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "db/pool.hpp"
#include "mail/model.hpp"

namespace camp::accounts {

inline constexpr std::chrono::hours kInvitationLifetime{24 * 7};

struct Invite {
  std::string email;
  std::string role;
  std::optional<std::string> course_code;  // students and graduates need one; others none
  std::string nickname;                    // a suggestion; the person may change it
};

// The rules of an invitation's fields that need no database (e-mail, nickname, role, whether
// a course is needed): every invitation, and each row of `camp students import` before it is
// written (its dry run included), so a file the dry run accepts is one the import accepts.
FieldErrors invite_field_errors(const Invite& invite);

struct Invitation {
  std::int64_t id = 0;
  std::string email;
  Role role = Role::trial;
  std::optional<Course> course;
  std::string nickname;
  std::string display_name;  // what its mail greets (the nickname, else the student record's name, else the e-mail's)
  TimePoint expires_at;
};

struct Contact {
  std::string display_name;
  std::string email;
};

// What the page of a link shows.
struct InvitationView {
  Invitation invitation;
  bool expired = false;
  std::optional<Contact> contact;  // who invited (to ask for a new invitation); none from the CLI
};

struct Acceptance {
  std::optional<std::string> nickname;  // absent: the invitation's
  NewPassword password;
};

// Runs in the accepting transaction once the account exists (the daemon opens the session
// there, so the account and its first login commit together).
using OnAccepted = std::function<void(db::Tx& tx, const Account& account)>;

class InvitationService {
 public:
  InvitationService(db::Pool& pool, const Clock& clock, std::string public_url)
      : pool_(pool), clock_(clock), public_url_(std::move(public_url)) {}

  // In the caller's transaction: 422 on fields email / role / course / nickname; 409
  // (fields.email, msg::email_taken) when an account has the e-mail; a pending invitation of
  // the e-mail is replaced. Queues the mail. `invited_by`: the admin, shown as the contact.
  Invitation invite(db::Tx& tx, const Invite& invite, std::optional<std::int64_t> invited_by);
  // Many at once in the caller's transaction (camp students import): the same checks (the
  // first failure throws, nothing is kept), an e-mail given twice keeps its last invitation,
  // and one statement each for the invitations and their mails. Returns how many.
  std::size_t invite_many(db::Tx& tx, const std::vector<Invite>& invites, std::optional<std::int64_t> invited_by);
  // Its own transaction: only admins (and the system actor, recorded as no one) invite (403).
  Invitation invite(const Account& actor, const Invite& invite);

  // 404 (msg::invitation_link_invalid) for a malformed, unknown, accepted or replaced id; an
  // expired one is shown (expired = true) so the page can say who to ask.
  InvitationView check(std::string_view id);
  // Creates the account (role, course and e-mail of the invitation; nickname and password
  // given: 422 on fields nickname / password / password_confirmation), marks the invitation
  // accepted and runs `on_accepted`, all in one transaction. 404 as check(), and for an
  // expired invitation (msg::invitation_expired); 409 when the e-mail got an account meanwhile.
  Account accept(std::string_view id, const Acceptance& acceptance, const OnAccepted& on_accepted = {});

  std::string accept_url(std::string_view id) const;
  // Only admins invite: 403 otherwise (the API asks before reading the body).
  static void require_inviter(const Account& actor);

 private:
  mail::Outgoing invitation_mail(const std::string& email, const std::string& display_name, std::string_view id) const;

  db::Pool& pool_;
  const Clock& clock_;
  std::string public_url_;
};

nlohmann::json to_json(const Invitation& invitation);
nlohmann::json to_json(const InvitationView& view);

}  // namespace camp::accounts
