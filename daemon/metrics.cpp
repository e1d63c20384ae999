#include "metrics.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

namespace camp {

void Metrics::set_routes(const std::vector<http::Route>& routes) {
  series_.clear();
  for (const auto& r : routes) {
    auto s = std::make_unique<Series>();
    s->method = r.method;
    s->route = r.pattern;
    series_.push_back(std::move(s));
  }
  for (const char* name : {"static", "unmatched"}) {
    auto s = std::make_unique<Series>();
    s->method = "ANY";
    s->route = name;
    series_.push_back(std::move(s));
  }
}

Metrics::Series& Metrics::series(std::size_t slot) {
  if (slot == kStatic) return *series_[series_.size() - 2];
  if (slot == kUnmatched || slot >= series_.size() - 2) return *series_.back();
  return *series_[slot];
}

void Metrics::observe(std::size_t slot, int status, std::chrono::steady_clock::duration elapsed,
                      std::uint64_t statements) {
  if (series_.empty()) return;
  auto& s = series(slot);
  const int cls = std::clamp(status / 100, 1, 5) - 1;
  s.by_class[cls].fetch_add(1, std::memory_order_relaxed);
  const double seconds = std::chrono::duration<double>(elapsed).count();
  for (std::size_t i = 0; i < kBuckets.size(); ++i)
    if (seconds <= kBuckets[i]) s.buckets[i].fetch_add(1, std::memory_order_relaxed);
  s.count.fetch_add(1, std::memory_order_relaxed);
  s.sum_us.fetch_add(static_cast<std::uint64_t>(seconds * 1e6), std::memory_order_relaxed);
  s.statements.fetch_add(statements, std::memory_order_relaxed);
}

std::string Metrics::render(const Gauges& gauges) const {
  std::string out;
  out += "# HELP camp_http_requests_total HTTP requests by route and status class.\n";
  out += "# TYPE camp_http_requests_total counter\n";
  for (const auto& s : series_)
    for (std::size_t c = 0; c < 5; ++c)
      if (auto n = s->by_class[c].load())
        out += fmt::format("camp_http_requests_total{{method=\"{}\",route=\"{}\",status=\"{}xx\"}} {}\n", s->method,
                           s->route, c + 1, n);
  out += "# HELP camp_http_request_duration_seconds Time from routing to response.\n";
  out += "# TYPE camp_http_request_duration_seconds histogram\n";
  for (const auto& s : series_) {
    const auto count = s->count.load();
    if (!count) continue;
    const auto labels = fmt::format("method=\"{}\",route=\"{}\"", s->method, s->route);
    for (std::size_t i = 0; i < kBuckets.size(); ++i)
      out += fmt::format("camp_http_request_duration_seconds_bucket{{{},le=\"{}\"}} {}\n", labels, kBuckets[i],
                         s->buckets[i].load());
    out += fmt::format("camp_http_request_duration_seconds_bucket{{{},le=\"+Inf\"}} {}\n", labels, count);
    out += fmt::format("camp_http_request_duration_seconds_sum{{{}}} {}\n", labels, s->sum_us.load() / 1e6);
    out += fmt::format("camp_http_request_duration_seconds_count{{{}}} {}\n", labels, count);
  }
  out += "# HELP camp_http_db_statements_total Statements sent to PostgreSQL while serving the route's requests.\n";
  out += "# TYPE camp_http_db_statements_total counter\n";
  for (const auto& s : series_)
    if (s->count.load())
      out += fmt::format("camp_http_db_statements_total{{method=\"{}\",route=\"{}\"}} {}\n", s->method, s->route,
                         s->statements.load());
  const auto gauge = [&out](std::string_view name, std::string_view help, std::size_t value) {
    out += fmt::format("# HELP {0} {1}\n# TYPE {0} gauge\n{0} {2}\n", name, help, value);
  };
  gauge("camp_db_pool_connections", "Database connections the pool may open.", gauges.pool_size);
  gauge("camp_db_pool_in_use", "Database connections in use right now.", gauges.pool_in_use);
  gauge("camp_cable_connections", "Open /cable websocket connections.", gauges.cable_connections);
  gauge("camp_http_requests_in_flight", "Requests received and not yet answered.", gauges.requests_in_flight);
  gauge("camp_login_queue", "Logins on the password-hashing thread, running or waiting.", gauges.logins_queued);
  gauge("camp_upload_cache_bytes", "Bytes of served uploads kept in this daemon's memory.", gauges.upload_cache_bytes);
  const auto counter = [&out](std::string_view name, std::string_view help, std::size_t value) {
    out += fmt::format("# HELP {0} {1}\n# TYPE {0} counter\n{0} {2}\n", name, help, value);
  };
  counter("camp_upload_cache_hits_total", "Uploads served from this daemon's memory.", gauges.upload_cache_hits);
  counter("camp_upload_cache_misses_total", "Uploads read from the database.", gauges.upload_cache_misses);
  counter("camp_http_answered_from_memory_total", "Requests answered on the I/O thread that read them, from memory.",
          from_memory_.load());
  return out;
}

}  // namespace camp
