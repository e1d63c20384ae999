#include "accounts/service.hpp"

#include <regex>

#include "accounts/password.hpp"
#include "accounts/repo.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/validation.hpp"

namespace camp::accounts {
namespace {

Role require_role(const std::string& name, FieldErrors& errors) {
  auto role = parse_role(name);
  if (!role) errors["role"].push_back("unknown role '" + name + "'");
  return role.value_or(Role::trial);
}

Error email_taken() {
  return Error(errc::conflict, std::string(msg::email_taken), {{"email", {std::string(msg::email_taken)}}});
}

Error not_found() { return Error(errc::not_found, std::string(msg::not_found)); }

}  // namespace

Account AccountService::create(const CreateAccount& in) {
  FieldErrors errors;
  if (auto m = validate::email(in.email)) errors["email"].push_back(*m);
  if (auto m = validate::nickname(in.nickname)) errors["nickname"].push_back(*m);
  if (auto m = validate::password(in.password)) errors["password"].push_back(*m);
  const Role role = require_role(in.role, errors);
  const bool needs_course = role == Role::student || role == Role::graduate;
  if (in.course_code && !needs_course) errors["course"].push_back("only students and graduates have a course");
  if (!in.course_code && needs_course) errors["course"].push_back("students and graduates need --course");
  throw_if_invalid(errors);

  const auto hash = hash_password(in.password);  // slow: outside any connection
  return pool_.run([&](db::Connection& c) {
    if (in.course_code && !repo::course_exists(c, *in.course_code))
      throw Error(errc::invalid, "unknown course", {{"course", {"unknown course '" + *in.course_code + "'"}}});
    try {
      const auto id = repo::insert(c, {in.email, role, in.nickname, in.course_code, hash});
      return *repo::find_by_id(c, id);
    } catch (const pqxx::unique_violation&) {
      throw email_taken();
    }
  });
}

Account AccountService::get(std::int64_t id) {
  auto found = pool_.run([&](db::Connection& c) { return repo::find_by_id(c, id); });
  if (!found) throw not_found();
  return *found;
}

Account AccountService::find_by_email(const std::string& email) {
  auto found = pool_.run([&](db::Connection& c) { return repo::find_by_email(c, email); });
  if (!found) throw not_found();
  return *found;
}

Account AccountService::update_profile(const Account& actor, std::int64_t id, const ProfilePatch& patch,
                                       const EmailChangeProof& proof) {
  if (actor.id != id && actor.role != Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
  Account current = get(id);

  repo::ProfileChange change{patch.email.value_or(current.email), patch.nickname.value_or(current.nickname),
                             patch.image_url ? *patch.image_url : current.image_url};
  if (change.image_url && change.image_url->empty()) change.image_url.reset();
  const bool email_changes = change.email != current.email;
  FieldErrors errors;
  if (auto m = validate::nickname(change.nickname)) errors["nickname"].push_back(*m);
  if (auto m = validate::email(change.email)) errors["email"].push_back(*m);
  // An avatar is one of our own uploads (POST /api/v1/file_upload), nothing else.
  static const std::regex own_upload(R"(^/uploads/profile/[0-9a-f]{32}\.(jpg|png|webp)$)");
  if (change.image_url && !std::regex_match(*change.image_url, own_upload))
    errors["image_url"].push_back(std::string(msg::url_format));
  if (email_changes && patch.current_password.value_or("").empty())
    errors["current_password"].push_back(std::string(msg::password_required));
  throw_if_invalid(errors);
  if (email_changes) {
    if (!proof.confirm) throw Error(errc::internal, std::string(msg::internal)).with_detail("e-mail change without proof");
    proof.confirm(*patch.current_password);  // slow (argon2id): outside any connection
  }

  return pool_.run([&](db::Connection& c) {
    try {
      const bool found = email_changes ? repo::update_profile_ending_sessions(c, id, change, proof.keep_session)
                                       : repo::update_profile(c, id, change);
      if (!found) throw not_found();
    } catch (const pqxx::unique_violation&) {
      throw email_taken();
    }
    if (cache_) cache_->forget_account(id);
    return *repo::find_by_id(c, id);
  });
}

Account AccountService::set_role(std::int64_t id, const std::string& role_name) {
  FieldErrors errors;
  const Role role = require_role(role_name, errors);
  throw_if_invalid(errors);
  if ((role == Role::student || role == Role::graduate) && !get(id).course)
    throw Error(errc::invalid, "students and graduates need a course", {{"role", {"this account has no course"}}});
  return pool_.run([&](db::Connection& c) {
    if (!repo::update_role(c, id, role)) throw not_found();
    if (cache_) cache_->forget_account(id);
    return *repo::find_by_id(c, id);
  });
}

std::vector<Account> AccountService::list(const std::optional<std::string>& role_name) {
  std::optional<Role> role;
  if (role_name) {
    FieldErrors errors;
    role = require_role(*role_name, errors);
    throw_if_invalid(errors);
  }
  return pool_.run([&](db::Connection& c) { return repo::list(c, role); });
}

}  // namespace camp::accounts
