#pragma once
// The admin's dashboard and the student's my page (docs/students.md "Dashboard", "My page"):
// the reporting module's figures (lib/reporting/dashboard.hpp) as the API's JSON, for their roles.
#include <nlohmann/json.hpp>

#include "accounts/model.hpp"
#include "core/clock.hpp"
#include "db/pool.hpp"

namespace camp::students {

class DashboardService {
 public:
  DashboardService(db::Pool& pool, const Clock& clock) : pool_(pool), clock_(clock) {}

  // Admin only (404 for everyone else).
  nlohmann::json dashboard(const accounts::Account& actor);
  // The last `weeks` school weeks' figures, oldest first (admin only; weeks 1..dashboard_trend_weeks_max).
  nlohmann::json trends(const accounts::Account& actor, int weeks);
  // Students only (404 for everyone else, and for a student without a record).
  nlohmann::json mypage(const accounts::Account& actor);

 private:
  db::Pool& pool_;
  const Clock& clock_;
};

}  // namespace camp::students
