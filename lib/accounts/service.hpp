#pragma once
// Account use cases, shared by the API and the CLI: the same validation, the same errors.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "accounts/session_cache.hpp"
#include "db/pool.hpp"

namespace camp::accounts {

struct CreateAccount {
  std::string email;
  std::string role;
  std::optional<std::string> course_code;
  std::string nickname;
  std::string password;
};

// A PATCH: absent members keep their value.
struct ProfilePatch {
  std::optional<std::string> nickname;
  std::optional<std::string> email;
  std::optional<std::optional<std::string>> image_url;  // set to nullopt-inside to clear
  std::optional<std::string> current_password;           // the actor's: needed to change the e-mail
};

// What a changed e-mail needs. `confirm` checks the actor's current password and throws when it
// is wrong (the daemon passes SessionService::confirm_password, which throttles guesses like
// logins); `keep_session` is the actor's own session, which survives while every other session
// of the changed account ends (someone who took over a session cannot keep the account).
struct EmailChangeProof {
  std::function<void(const std::string& password)> confirm;
  std::string keep_session;
};

class AccountService {
 public:
  // `cache`: the daemon's session cache, dropped at once for accounts changed here (other
  // daemons hear the NOTIFY the same SQL sends).
  explicit AccountService(db::Pool& pool, SessionCache* cache = nullptr) : pool_(pool), cache_(cache) {}

  Account create(const CreateAccount& input);
  Account get(std::int64_t id);
  Account find_by_email(const std::string& email);
  // The account itself or an admin may change a profile. A different e-mail needs the ACTOR's
  // current password (an admin changing a student's e-mail gives the admin's own): 422 on
  // fields.current_password when it is missing, whatever `proof.confirm` throws when wrong.
  Account update_profile(const Account& actor, std::int64_t id, const ProfilePatch& patch,
                         const EmailChangeProof& proof);
  Account set_role(std::int64_t id, const std::string& role);
  std::vector<Account> list(const std::optional<std::string>& role);

 private:
  db::Pool& pool_;
  SessionCache* cache_;
};

}  // namespace camp::accounts
