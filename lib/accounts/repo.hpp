#pragma once
// The only SQL about accounts and courses.
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

struct ProfileChange {
  std::string email;
  std::string nickname;
  std::optional<std::string> image_url;
};

std::optional<Account> find_by_id(db::Connection& c, std::int64_t id);
std::optional<Account> find_by_email(db::Connection& c, const std::string& email);
std::optional<LoginRow> find_login(db::Connection& c, const std::string& email);
// The account behind a live (not revoked, not expired) session.
std::optional<Account> find_by_session(db::Connection& c, const std::string& session_id, std::int64_t account_id);
bool course_exists(db::Connection& c, const std::string& code);
std::int64_t insert(db::Connection& c, const NewAccount& a);
// Insert or, for an existing e-mail, reset role, course, nickname and password (demo seed).
std::int64_t upsert(db::Connection& c, const NewAccount& a);
bool update_profile(db::Connection& c, std::int64_t id, const ProfileChange& change);
// The same, and in the same statement ends every session of the account but `keep_session`
// (empty: all of them): for a changed e-mail.
bool update_profile_ending_sessions(db::Connection& c, std::int64_t id, const ProfileChange& change,
                                    const std::string& keep_session);
bool update_role(db::Connection& c, std::int64_t id, Role role);
std::vector<Account> list(db::Connection& c, std::optional<Role> role);

}  // namespace camp::accounts::repo
