#pragma once
// What the dashboard's figures count, written once. Each figure's statement
// (reporting/dashboard.cpp) and the list its link opens (the review queue, the question list,
// the event list, the student list: their repositories) paste the same SQL condition, so a
// figure and its list cannot disagree (tests/api/dashboard.test.mjs follows every link and
// counts). The conditions are macros of string literals: a table alias and SQL expressions
// (parameters) go in, and the statement is still one compile-time string.
#include <array>
#include <optional>
#include <string_view>

namespace camp::reporting {

// The review wait's buckets: a waiting submission's age in whole days (24-hour periods since it
// was submitted, the review queue's "N日経過") is at least `from_days` and, unless open-ended,
// below `below_days`. The queue's filters are older_than_days (from) and newer_than_days (below).
struct AgeBucket {
  std::string_view key;
  int from_days;
  std::optional<int> below_days;
};
inline constexpr std::array<AgeBucket, 4> kWaitingAgeBuckets{{{"within_1_day", 0, 1},
                                                              {"within_3_days", 1, 3},
                                                              {"within_7_days", 3, 7},
                                                              {"over_7_days", 7, std::nullopt}}};

}  // namespace camp::reporting

// The moment before which a submission is `days` whole days old at `now` (a timestamptz); null
// when `days` (an integer expression) is null.
#define CAMP_AGE_EDGE(now, days) "(" now " - make_interval(days => " days "))"
// A submission (alias `s`) created at or before `from_edge` and after `below_edge` (two
// CAMP_AGE_EDGEs or columns holding them; null for no bound).
#define CAMP_SUBMISSION_BETWEEN_EDGES(s, from_edge, below_edge) \
  "(" from_edge " IS NULL OR " s ".created_at <= " from_edge ") AND (" below_edge " IS NULL OR " s ".created_at > " below_edge ")"
// A submission (alias `s`) at least `from` whole days old and less than `below` days old at
// `now`; `from` and `below` are integer expressions, null for no bound. The bound's own IS NULL
// (not its edge's) lets the planner drop the test when a bound is given, so the queue's index
// sees the edges.
#define CAMP_SUBMISSION_AGE(s, now, from, below)                                                  \
  "(" from " IS NULL OR " s ".created_at <= " CAMP_AGE_EDGE(now, from) ") AND (" below " IS NULL OR " s \
  ".created_at > " CAMP_AGE_EDGE(now, below) ")"

// A question without any answer yet (未回答; unsolved questions with answers are not counted).
#define CAMP_QUESTION_UNANSWERED(q) q ".answers_count = 0"

// An event the event list shows under 今後 (upcoming): published or cancelled, not ended at `now`.
#define CAMP_EVENT_UPCOMING(e, now) "(" e ".status <> 'draft' AND " e ".ends_at > " now ")"

// A student behind plan on `today` (a school date): active, with a period not satisfied that
// ended before today (students.due_on, docs/students.md).
#define CAMP_STUDENT_BEHIND(s, today) "(" s ".status = 'active' AND " s ".due_on < " today ")"
