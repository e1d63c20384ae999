#pragma once
// The only SQL about invitations. Every function runs in the caller's transaction; the
// structs are invitations.hpp's.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "accounts/invitations.hpp"
#include "accounts/model.hpp"
#include "db/pool.hpp"

namespace camp::accounts::invitation_repo {

// An invitation as stored: the hash of its link id, and who invited (none from the CLI).
struct StoredInvitation {
  Invitation invitation;
  std::optional<Contact> contact;
  std::string token_hash;  // hex
  std::optional<int> course_id;
};

// One invitation to write; its link id is stored only as `token_hash` (hex).
struct PendingInvitation {
  std::string email;
  Role role = Role::trial;
  std::optional<int> course_id;
  std::string nickname;
  std::string token_hash;
};

std::optional<int> find_course_id(db::Tx& tx, const std::string& code);
// Whether an account has the e-mail (case-insensitive).
bool account_exists(db::Tx& tx, const std::string& email);
// Whether an account has one of the e-mails, given in lower case.
bool any_account_exists(db::Tx& tx, const std::vector<std::string>& lowered_emails);

// Writes the invitation, replacing the pending one of the same e-mail (a new link hash and
// expiry); returns its id.
std::int64_t upsert_invitation(db::Tx& tx, const PendingInvitation& invitation, std::optional<std::int64_t> invited_by,
                               TimePoint created_at, TimePoint expires_at);
// The same for many in one statement; an e-mail must appear once. Returns each invitation's
// display name by its e-mail (as given).
std::map<std::string, std::string> upsert_invitations(db::Tx& tx, const std::vector<PendingInvitation>& invitations,
                        std::optional<std::int64_t> invited_by, TimePoint created_at, TimePoint expires_at);

StoredInvitation find_invitation(db::Tx& tx, std::int64_t id);
// The pending (not accepted) invitation whose link id hashes to `token_hash`.
std::optional<StoredInvitation> find_pending_invitation(db::Tx& tx, const std::string& token_hash);
// The same, its row locked FOR UPDATE until the transaction ends.
std::optional<StoredInvitation> lock_pending_invitation(db::Tx& tx, const std::string& token_hash);

// The new account of an accepted invitation; none when an account has the e-mail (the
// transaction is then aborted: the caller throws).
std::optional<std::int64_t> insert_account(db::Tx& tx, const std::string& email, Role role, const std::string& nickname,
                                           std::optional<int> course_id, const std::string& password_hash);
void mark_accepted(db::Tx& tx, std::int64_t invitation_id, TimePoint accepted_at, std::int64_t account_id);
Account find_account(db::Tx& tx, std::int64_t account_id);

}  // namespace camp::accounts::invitation_repo
