// The database's CHECKs on user input agree with lib/core/limits.json (camp::limits), the
// limits the daemon validates with and the web app and daemon/openapi.yaml are checked against:
// a limit changed in the file but not by a migration (or the reverse) fails here.
#include <gtest/gtest.h>

#include <optional>
#include <regex>
#include <string>

#include "core/limits.hpp"
#include "environment.hpp"

using namespace camp;

namespace {

struct Bounds {
  std::optional<long> lower, upper;
  std::string definition;
};

// The bounds of the single-column CHECK on table.column, as PostgreSQL prints it back
// (`BETWEEN 1 AND 100` comes back as `>= 1 AND <= 100`), or a pattern's `{1,N}`.
Bounds check_on(const std::string& table, const std::string& column) {
  pqxx::connection conn(dbtest::database_url());
  pqxx::read_transaction tx(conn);
  const auto rows = tx.exec_params(
      "SELECT pg_get_constraintdef(c.oid) FROM pg_constraint c "
      "JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey) "
      "WHERE c.contype = 'c' AND c.conrelid = $1::regclass AND a.attname = $2 AND cardinality(c.conkey) = 1",
      table, column);
  Bounds b;
  if (rows.size() != 1) {
    ADD_FAILURE() << table << "." << column << ": " << rows.size() << " CHECKs, expected one";
    return b;
  }
  b.definition = rows[0][0].as<std::string>();
  std::smatch m;
  if (std::regex_search(b.definition, m, std::regex(R"(>= (\d+)\))"))) b.lower = std::stol(m[1]);
  if (std::regex_search(b.definition, m, std::regex(R"(<= (\d+)\))"))) b.upper = std::stol(m[1]);
  else if (std::regex_search(b.definition, m, std::regex(R"(\{1,(\d+)\})"))) b.upper = std::stol(m[1]);  // a pattern
  return b;
}

void expect_upper(const std::string& table, const std::string& column, int limit) {
  const auto b = check_on(table, column);
  EXPECT_EQ(b.upper, limit) << table << "." << column << ": " << b.definition;
}

}  // namespace

TEST(LimitsDb, TheChecksOnUserInputAreTheLimitsFile) {
  expect_upper("accounts", "nickname", limits::nickname_max);
  expect_upper("invitations", "nickname", limits::nickname_max);
  expect_upper("students", "name", limits::student_name_max);
  expect_upper("mentorings", "body", limits::mentoring_body_max);
  expect_upper("question_categories", "name", limits::category_name_max);
  expect_upper("question_categories", "search_name", limits::category_search_name_max);
  expect_upper("questions", "title", limits::question_title_max);
  expect_upper("questions", "body", limits::question_body_max);
  expect_upper("answers", "body", limits::answer_body_max);
  expect_upper("submissions", "repository_url", limits::repository_url_max_bytes);
  expect_upper("reviews", "comment", limits::review_comment_max);
  expect_upper("milestones", "milestone_type", limits::milestone_type_max);
  expect_upper("event_tags", "name", limits::event_tag_name_max);
  expect_upper("events", "title", limits::event_title_max);
  expect_upper("events", "description", limits::event_description_max);
  expect_upper("audit_log", "reason", limits::audit_reason_max);
  expect_upper("idempotency_keys", "key", limits::idempotency_key_max);
  const auto capacity = check_on("events", "capacity");
  EXPECT_EQ(capacity.lower, limits::event_capacity_min) << capacity.definition;
  EXPECT_EQ(capacity.upper, limits::event_capacity_max) << capacity.definition;
}
