#include "accounts/service.hpp"

#include <regex>

#include "accounts/password.hpp"
#include "accounts/repo.hpp"
#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/validation.hpp"
#include "files/upload_repo.hpp"

namespace camp::accounts {
namespace {

Role require_role(const std::string& name, FieldErrors& errors) {
  auto role = parse_role(name);
  if (!role) errors["role"].push_back("unknown role '" + name + "'");
  return role.value_or(Role::trial);
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

  const auto hash = hash_password(in.password);  // slow: outside any transaction
  return pool_.transaction([&](db::Tx& tx) {
    if (in.course_code && !repo::course_exists(tx, *in.course_code))
      throw Error(errc::invalid, "unknown course", {{"course", {"unknown course '" + *in.course_code + "'"}}});
    try {
      const auto id = repo::insert(tx, {in.email, role, in.nickname, in.course_code, hash});
      return *repo::find_by_id(tx, id);
    } catch (const pqxx::unique_violation&) {
      throw email_taken();
    }
  });
}

Account AccountService::get(std::int64_t id) {
  auto found = pool_.autocommit([&](db::Tx& tx) { return repo::find_by_id(tx, id); });
  if (!found) throw not_found();
  return *found;
}

Account AccountService::find_by_email(const std::string& email) {
  auto found = pool_.autocommit([&](db::Tx& tx) { return repo::find_by_email(tx, email); });
  if (!found) throw not_found();
  return *found;
}

Account AccountService::update_profile(const Account& actor, std::int64_t id, const ProfilePatch& patch,
                                       const EmailChangeProof& proof) {
  if (actor.id != id && actor.role != Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
  // Validate what the patch sets (no database).
  auto image_url = patch.image_url;
  if (image_url && *image_url && (*image_url)->empty()) image_url->reset();
  FieldErrors errors;
  if (patch.nickname)
    if (auto m = validate::nickname(*patch.nickname)) errors["nickname"].push_back(*m);
  if (patch.email)
    if (auto m = validate::email(*patch.email)) errors["email"].push_back(*m);
  // An avatar is the name of one of our uploads (POST /api/v1/file_upload); whose it is, is
  // checked in the transaction.
  static const std::regex upload_name(R"(^/uploads/profile/[0-9a-f]{32}\.(jpg|png|webp)$)");
  if (image_url && *image_url && !std::regex_match(**image_url, upload_name))
    errors["image_url"].push_back(std::string(msg::image_url_own_upload));
  // A different e-mail needs the actor's password, checked before the transaction (argon2id
  // is slow): the decision is taken on the e-mail read here, and the transaction refuses with
  // 409 when the stored e-mail is no longer that one.
  std::optional<std::string> email_seen;
  if (patch.email) email_seen = get(id).email;
  const bool email_changes = patch.email && *patch.email != *email_seen;
  if (email_changes && patch.current_password.value_or("").empty())
    errors["current_password"].push_back(std::string(msg::password_required));
  throw_if_invalid(errors);
  if (email_changes) {
    if (!proof.confirm) throw Error(errc::internal, std::string(msg::internal)).with_detail("e-mail change without proof");
    proof.confirm(*patch.current_password);
  }

  auto updated = pool_.transaction([&](db::Tx& tx) {
    const auto current = repo::lock(tx, id);
    if (!current) throw not_found();
    if (email_seen && current->email != *email_seen && *patch.email != current->email)
      throw Error(errc::conflict, std::string(msg::concurrent_update)).with_detail("e-mail changed meanwhile");
    // A new avatar is a profile upload of the account itself or of the admin who changes it:
    // not another account's file, not a name nobody uploaded. The current one may stay.
    if (image_url && *image_url && *image_url != current->image_url &&
        !files::upload_repo::is_upload_by(tx, **image_url, "profile", {id, actor.id}))
      throw Error(errc::invalid, std::string(msg::invalid_input),
                  {{"image_url", {std::string(msg::image_url_own_upload)}}});
    // Only what changes is written: a concurrent change of another field stands.
    repo::ProfileChange change;
    if (patch.email && *patch.email != current->email) change.email = patch.email;
    if (patch.nickname && *patch.nickname != current->nickname) change.nickname = patch.nickname;
    if (image_url && *image_url != current->image_url) change.image_url = image_url;
    if (change.empty()) return std::make_pair(*current, false);
    try {
      repo::update_profile(tx, id, change, change.email ? std::optional(proof.keep_session) : std::nullopt);
    } catch (const pqxx::unique_violation&) {
      throw email_taken();
    }
    return std::make_pair(*repo::find_by_id(tx, id), true);
  });
  if (updated.second && cache_) cache_->forget_account(id);  // after the commit; others hear the NOTIFY
  return updated.first;
}

Account AccountService::set_role(std::int64_t id, const std::string& role_name) {
  FieldErrors errors;
  const Role role = require_role(role_name, errors);
  throw_if_invalid(errors);
  auto updated = pool_.transaction([&](db::Tx& tx) {
    const auto current = repo::lock(tx, id);
    if (!current) throw not_found();
    if ((role == Role::student || role == Role::graduate) && !current->course)
      throw Error(errc::invalid, "students and graduates need a course", {{"role", {"this account has no course"}}});
    if (current->role == role) return *current;
    repo::update_role(tx, id, role);
    return *repo::find_by_id(tx, id);
  });
  if (cache_) cache_->forget_account(id);
  return updated;
}

std::vector<Account> AccountService::list(const std::optional<std::string>& role_name) {
  std::optional<Role> role;
  if (role_name) {
    FieldErrors errors;
    role = require_role(*role_name, errors);
    throw_if_invalid(errors);
  }
  return pool_.autocommit([&](db::Tx& tx) { return repo::list(tx, role); });
}

}  // namespace camp::accounts
