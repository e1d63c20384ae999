#include "http/router.hpp"

#include <algorithm>
#include <stdexcept>

#include "tokens/scope.hpp"

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

// The log's view of a path: like split, but "%2F" separates too (the router saw the decoded
// path, where it is a '/'); each piece keeps the separator before it, to rebuild the path.
struct Piece {
  std::string_view separator;
  std::string_view raw;
};

std::size_t separator_length(std::string_view path, std::size_t i) {
  if (path[i] == '/') return 1;
  if (path[i] == '%' && i + 2 < path.size() && path[i + 1] == '2' && (path[i + 2] == 'F' || path[i + 2] == 'f')) return 3;
  return 0;
}

std::vector<Piece> pieces(std::string_view path) {
  std::vector<Piece> out;
  std::string_view separator = path.substr(0, path.empty() ? 0 : separator_length(path, 0));
  std::size_t i = separator.size(), start = i;
  for (;;) {
    const std::size_t n = i < path.size() ? separator_length(path, i) : 0;
    if (i < path.size() && n == 0) {
      ++i;
      continue;
    }
    out.push_back({separator, path.substr(start, i - start)});
    if (i == path.size()) return out;
    separator = path.substr(i, n);
    i += n;
    start = i;
  }
}

constexpr std::string_view kRedacted = "[redacted]";

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

Router::Compiled Router::compile(std::string_view pattern) {
  Compiled c;
  for (auto part : split(pattern)) {
    Segment s;
    const auto close = part.find('}');
    if (part.size() > 2 && part.front() == '{' && close != std::string_view::npos) {
      auto inner = part.substr(1, close - 1);
      s.suffix = std::string(part.substr(close + 1));
      auto colon = inner.find(':');
      s.param = true;
      s.text = std::string(inner.substr(0, colon));
      const auto type = colon == std::string_view::npos ? std::string_view{} : inner.substr(colon + 1);
      if (!type.empty() && type != "int" && type != "secret")
        throw std::logic_error("route pattern " + std::string(pattern) + ": unknown parameter type");
      s.integer = type == "int";
      s.secret = type == "secret";
    } else {
      s.text = std::string(part);
    }
    c.segments.push_back(std::move(s));
  }
  return c;
}

Route needs_scope(Route route, std::string_view scope) {
  route.scope = scope;
  return route;
}

void Router::add(Route route) {
  // App::lane_for() sends every GET to the fast lane without matching it (the I/O thread has
  // just matched it for answer_from_memory()).
  if (route.method == "GET" && route.lane == Lane::slow)
    throw std::logic_error("route " + route.method + " " + route.pattern + ": a GET runs on the fast lane");
  if (route.scope.empty() && route.method == "GET") route.scope = tokens::kRead;
  else if (route.scope.empty()) route.scope = write_scope_.empty() ? std::string(kSessionOnly) : write_scope_;
  compiled_.push_back(compile(route.pattern));
  routes_.push_back(std::move(route));
}

void Router::add_page(std::string pattern) { pages_.push_back(compile(pattern)); }

bool Router::segment_matches(const Segment& seg, std::string_view part) {
  if (!seg.param) return seg.text == part;
  const auto value = param_value(seg, part);
  return !value.empty() && (!seg.integer || all_digits(value));
}

bool Router::matches(const Compiled& c, const std::vector<std::string_view>& parts,
                     std::map<std::string, std::string>* params) {
  if (c.segments.size() != parts.size()) return false;
  for (std::size_t i = 0; i < parts.size(); ++i)
    if (!segment_matches(c.segments[i], parts[i])) return false;
  if (params)
    for (std::size_t i = 0; i < parts.size(); ++i)
      if (c.segments[i].param) (*params)[c.segments[i].text] = std::string(param_value(c.segments[i], parts[i]));
  return true;
}

std::string Router::loggable(std::string_view path) const {
  const auto all = pieces(path);
  std::vector<std::string> owned;  // each piece percent-decoded, as the router compares it
  owned.reserve(all.size());
  for (const auto& p : all) owned.push_back(percent_decode(p.raw));
  const std::vector<std::string_view> parts(owned.begin(), owned.end());

  std::vector<const Segment*> hidden(parts.size(), nullptr);  // the pattern's secret segment
  const Compiled* exact = nullptr;
  for (const auto* list : {&compiled_, &pages_})
    for (const auto& c : *list)
      if (!exact && matches(c, parts, nullptr)) exact = &c;
  if (exact) {
    for (std::size_t i = 0; i < parts.size(); ++i)
      if (exact->segments[i].secret) hidden[i] = &exact->segments[i];
  } else {
    // The pieces as sent, and as a browser or proxy would normalise them (no empty or "."
    // segment, ".." removes the one before): a secret in either position is hidden.
    const auto no_value = [&](std::size_t i) { return parts[i].empty() || parts[i] == "." || parts[i] == ".."; };
    std::vector<std::size_t> as_sent(parts.size()), normalised;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      as_sent[i] = i;
      if (parts[i] == "..") {
        if (!normalised.empty()) normalised.pop_back();
      } else if (!no_value(i)) {
        normalised.push_back(i);
      }
    }
    for (const auto* order : {&as_sent, &normalised})
      for (const auto* list : {&compiled_, &pages_})
        for (const auto& c : *list)
          for (std::size_t k = 0; k < c.segments.size() && k < order->size(); ++k) {
            const auto i = (*order)[k];
            if (c.segments[k].secret && !no_value(i)) hidden[i] = &c.segments[k];
            if (!c.segments[k].secret && !segment_matches(c.segments[k], parts[i])) break;
          }
  }

  std::string out;
  out.reserve(path.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    out += all[i].separator;
    if (!hidden[i]) {
      out += all[i].raw;
      continue;
    }
    out += kRedacted;
    const auto& suffix = hidden[i]->suffix;
    if (!suffix.empty() && parts[i].size() > suffix.size() && parts[i].ends_with(suffix)) out += suffix;
  }
  return out;
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
