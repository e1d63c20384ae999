#include "http/router.hpp"

#include <algorithm>
#include <stdexcept>

namespace camp::http {
namespace {

std::vector<std::string_view> split(std::string_view path) {
  std::vector<std::string_view> parts;
  std::size_t start = 1;
  while (start <= path.size()) {
    auto slash = path.find('/', start);
    if (slash == std::string_view::npos) slash = path.size();
    parts.push_back(path.substr(start, slash - start));
    start = slash + 1;
  }
  return parts;
}

bool all_digits(std::string_view s) {
  return !s.empty() && s.size() <= 18 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

// The parameter's text: the segment without the pattern's literal suffix (empty when the
// segment does not end with it).
std::string_view Router::param_value(const Segment& seg, std::string_view part) {
  if (seg.suffix.empty()) return part;
  if (part.size() <= seg.suffix.size() || part.substr(part.size() - seg.suffix.size()) != seg.suffix) return {};
  return part.substr(0, part.size() - seg.suffix.size());
}

void Router::add(Route route) {
  Compiled c;
  for (auto part : split(route.pattern)) {
    Segment s;
    const auto close = part.find('}');
    if (part.size() > 2 && part.front() == '{' && close != std::string_view::npos) {
      auto inner = part.substr(1, close - 1);
      s.suffix = std::string(part.substr(close + 1));
      auto colon = inner.find(':');
      s.param = true;
      s.text = std::string(inner.substr(0, colon));
      s.integer = colon != std::string_view::npos && inner.substr(colon + 1) == "int";
    } else {
      s.text = std::string(part);
    }
    c.segments.push_back(std::move(s));
  }
  routes_.push_back(std::move(route));
  compiled_.push_back(std::move(c));
}

bool Router::matches(const Compiled& c, const std::vector<std::string_view>& parts,
                     std::map<std::string, std::string>* params) {
  if (c.segments.size() != parts.size()) return false;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const auto& seg = c.segments[i];
    if (!seg.param) {
      if (seg.text != parts[i]) return false;
    } else {
      const auto value = param_value(seg, parts[i]);
      if (value.empty() || (seg.integer && !all_digits(value))) return false;
    }
  }
  if (params)
    for (std::size_t i = 0; i < parts.size(); ++i)
      if (c.segments[i].param) (*params)[c.segments[i].text] = std::string(param_value(c.segments[i], parts[i]));
  return true;
}

Match Router::match(Request& request) const {
  Match m;
  const auto parts = split(request.path);
  const std::string method = request.method == "HEAD" ? "GET" : request.method;
  for (std::size_t i = 0; i < routes_.size(); ++i) {
    if (!matches(compiled_[i], parts, nullptr)) continue;
    if (routes_[i].method == method) {
      matches(compiled_[i], parts, &request.params);
      m.route = &routes_[i];
      m.index = i;
      return m;
    }
    m.allow.push_back(routes_[i].method);
  }
  return m;
}

}  // namespace camp::http
