#include "cable/registry.hpp"

#include <algorithm>
#include <cctype>

#include "core/error.hpp"
#include "http/errors.hpp"

namespace camp::cable {
namespace {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

std::optional<http::Response> Registry::admit(const http::Request& request) const {
  auto refuse = [&](errc code, const std::string& message) {
    return http::error_response(Error(code, message), request.request_id);
  };
  if (!iequals(request.header("upgrade").value_or(""), "websocket"))
    return refuse(errc::malformed, "/cable expects a websocket upgrade");
  if (auto origin = request.header("origin")) {
    const auto host = std::string(request.header("host").value_or(""));
    const bool same_origin = *origin == "http://" + host || *origin == "https://" + host;
    const auto& allowed = limits_.allowed_origins;
    const bool listed = std::find(allowed.begin(), allowed.end(), *origin) != allowed.end();
    if (!same_origin && !listed) return refuse(errc::forbidden, "origin not allowed");
  }
  if (count() >= limits_.max_connections) return refuse(errc::unavailable, "too many connections");
  return std::nullopt;
}

void Registry::add(const std::shared_ptr<Member>& member) {
  std::lock_guard lock(mutex_);
  members_[member.get()] = member;
}

void Registry::remove(const Member* member) {
  std::lock_guard lock(mutex_);
  members_.erase(member);
}

bool Registry::claim_account_slot(std::int64_t account_id, const std::shared_ptr<Member>& member) {
  std::lock_guard lock(mutex_);
  auto& mine = by_account_[account_id];
  if (mine.size() >= limits_.max_connections_per_account) return false;
  mine[member.get()] = member;
  return true;
}

void Registry::release_account_slot(std::int64_t account_id, const Member* member) {
  std::lock_guard lock(mutex_);
  auto it = by_account_.find(account_id);
  if (it == by_account_.end()) return;
  it->second.erase(member);
  if (it->second.empty()) by_account_.erase(it);
}

std::size_t Registry::count() const {
  std::lock_guard lock(mutex_);
  return members_.size();
}

std::vector<std::shared_ptr<Member>> Registry::alive(const Members& members) {
  std::vector<std::shared_ptr<Member>> out;
  out.reserve(members.size());
  for (const auto& [raw, weak] : members)
    if (auto m = weak.lock()) out.push_back(std::move(m));
  return out;
}

std::vector<std::shared_ptr<Member>> Registry::all() const {
  std::lock_guard lock(mutex_);
  return alive(members_);
}

std::vector<std::shared_ptr<Member>> Registry::of_account(std::int64_t account_id) const {
  std::lock_guard lock(mutex_);
  auto it = by_account_.find(account_id);
  return it == by_account_.end() ? std::vector<std::shared_ptr<Member>>{} : alive(it->second);
}

}  // namespace camp::cable
