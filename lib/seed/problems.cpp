#include "seed/problems.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/messages.hpp"

namespace camp::seed {

void Problems::add(Where at, const std::string& path, const std::string& message) {
  std::string place = source_;
  if (at.line > 0) place += ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
  items_.push_back({at, place + ": " + path + ": " + message});
}

void Problems::throw_if_any() const {
  if (items_.empty()) return;
  auto sorted = items_;
  std::stable_sort(sorted.begin(), sorted.end(), [](const Item& a, const Item& b) {
    return a.at.line != b.at.line ? a.at.line < b.at.line : a.at.column < b.at.column;
  });
  std::string message = msg::fixture_not_written(std::to_string(sorted.size()));
  for (std::size_t i = 0; i < sorted.size(); ++i) message += (i ? "; " : "") + sorted[i].text;
  throw Error(errc::invalid, message);
}

}  // namespace camp::seed
