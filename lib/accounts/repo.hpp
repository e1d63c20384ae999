#pragma once
// The only SQL about accounts and courses. Every function runs in the caller's transaction.
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"

namespace camp::accounts::repo {

struct LoginRow {
  std::int64_t id;
  std::string password_hash;
};

struct NewAccount {
  std::string email;
  Role role = Role::student;
  std::string nickname;
  std::optional<std::string> course_code;
  std::string password_hash;
};

// The fields a profile change writes; unset ones keep the stored value.
struct ProfileChange {
  std::optional<std::string> email;
  std::optional<std::string> nickname;
  std::optional<std::optional<std::string>> image_url;  // set to nullopt-inside: clear
  bool empty() const { return !email && !nickname && !image_url; }
};

std::optional<Account> find_by_id(db::Tx& tx, std::int64_t id);
// The account, its row locked FOR NO KEY UPDATE until the transaction ends: changes of one
// account queue behind each other (rows that merely reference it are not held up).
std::optional<Account> lock(db::Tx& tx, std::int64_t id);
std::optional<Account> find_by_email(db::Tx& tx, const std::string& email);
std::optional<LoginRow> find_login(db::Tx& tx, const std::string& email);
// The account behind a live (not revoked, not expired) session.
std::optional<Account> find_by_session(db::Tx& tx, const std::string& session_id, std::int64_t account_id);
bool course_exists(db::Tx& tx, const std::string& code);
std::int64_t insert(db::Tx& tx, const NewAccount& a);
// Insert or, for an existing e-mail, reset role, course, nickname and password (demo seed).
std::int64_t upsert(db::Tx& tx, const NewAccount& a);
// Writes the fields the change sets. With `end_sessions_but` (a changed e-mail) it also ends
// every session of the account but that one (session_repo::end_sessions).
void update_profile(db::Tx& tx, std::int64_t id, const ProfileChange& change,
                    const std::optional<std::string>& end_sessions_but = std::nullopt);
void update_role(db::Tx& tx, std::int64_t id, Role role);
std::vector<Account> list(db::Tx& tx, std::optional<Role> role);

}  // namespace camp::accounts::repo
