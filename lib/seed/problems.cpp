#include "seed/problems.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/messages.hpp"

namespace camp::seed {

constexpr std::size_t kProblemsShown = 50;

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
  // The first ones, in file order: a file wrong on every line still makes a message one can read.
  const auto shown = std::min(sorted.size(), kProblemsShown);
  for (std::size_t i = 0; i < shown; ++i) message += (i ? "; " : "") + sorted[i].text;
  if (shown < sorted.size()) message += "; " + msg::fixture_more_problems(std::to_string(sorted.size() - shown));
  throw Error(errc::invalid, message);
}

}  // namespace camp::seed
