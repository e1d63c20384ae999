#pragma once
// `camp accounts list|invite`, answered as the API answers them: in-process as the system
// actor, or over HTTP in remote mode.
#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>

#include "accounts/invitations.hpp"

namespace camp::cli {

class Context;

class AccountsBackend {
 public:
  virtual ~AccountsBackend() = default;
  virtual nlohmann::json list(const std::optional<std::string>& role) = 0;  // {"data":[...]}
  virtual nlohmann::json invite(const accounts::Invite& in) = 0;
};

std::unique_ptr<AccountsBackend> accounts_backend(Context& ctx);

}  // namespace camp::cli
