#include "students/model.hpp"

namespace camp::students {

bool is_behind(const Student& s, Date today) {
  return s.status == "active" && s.due_on && std::chrono::sys_days(*s.due_on) < std::chrono::sys_days(today);
}

bool valid_status(std::string_view status) {
  return status == "active" || status == "on_leave" || status == "graduated";
}

namespace {
nlohmann::json person_or_null(const std::optional<Person>& p) { return p ? to_json(*p) : nlohmann::json(nullptr); }
nlohmann::json date_or_null(const std::optional<Date>& d) { return d ? nlohmann::json(format_date(*d)) : nlohmann::json(nullptr); }
}  // namespace

nlohmann::json to_json(const Person& p) {
  return {{"id", p.id}, {"display_name", p.display_name}, {"role", p.role},
          {"image_url", p.image_url ? nlohmann::json(*p.image_url) : nlohmann::json(nullptr)}};
}

nlohmann::json to_json(const accounts::Course& c) { return {{"code", c.code}, {"name", c.name}, {"months", c.months}}; }

nlohmann::json to_json(const Student& s, Date today) {
  return {{"id", s.id},
          {"account_id", s.account_id ? nlohmann::json(*s.account_id) : nlohmann::json(nullptr)},
          {"registered", s.account_id.has_value()},
          {"name", s.name},
          {"nickname", s.nickname},
          {"display_name", s.display_name},
          {"email", s.email},
          {"image_url", s.image_url ? nlohmann::json(*s.image_url) : nlohmann::json(nullptr)},
          {"course", to_json(s.course)},
          {"start_date", format_date(s.start_date)},
          {"status", s.status},
          {"mentor", person_or_null(s.mentor)},
          {"behind", is_behind(s, today)},
          {"due_on", date_or_null(s.due_on)},
          {"created_at", iso_school(s.created_at)},
          {"anonymised", s.anonymised}};
}

nlohmann::json to_json(const Detail& d, Date today) {
  auto j = to_json(d.student, today);
  auto history = nlohmann::json::array();
  for (const auto& h : d.history)
    history.push_back({{"mentor", person_or_null(h.mentor)}, {"changed_by", person_or_null(h.changed_by)},
                       {"changed_at", iso_school(h.changed_at)}});
  j["mentor_history"] = history;
  j["counts"] = {{"mentorings", d.counts.mentorings}, {"submissions", d.counts.submissions},
                 {"approved_tasks", d.counts.approved_tasks}, {"questions", d.counts.questions}};
  return j;
}

nlohmann::json to_json(const Mentoring& m) {
  return {{"id", m.id},         {"student_id", m.student_id},         {"author", person_or_null(m.author)},
          {"held_at", iso_school(m.held_at)}, {"body", m.body}, {"created_at", iso_school(m.created_at)},
          {"updated_at", iso_school(m.updated_at)}};
}

nlohmann::json to_json(const StudentSubmission& s) {
  nlohmann::json review = nullptr;
  if (s.review)
    review = {{"status", s.review->status}, {"comment", s.review->comment}, {"reviewer", person_or_null(s.review->reviewer)},
              {"created_at", iso_school(s.review->created_at)}};
  return {{"id", s.id},
          {"task", {{"id", s.task_id}, {"title", s.task_title}, {"curriculum_name", s.curriculum_name}}},
          {"status", s.status},
          {"repository_url", s.repository_url},
          {"created_at", iso_school(s.created_at)},
          {"reviewed_at", s.reviewed_at ? nlohmann::json(iso_school(*s.reviewed_at)) : nlohmann::json(nullptr)},
          {"review", review}};
}

nlohmann::json to_json(const StudentQuestion& q) {
  return {{"id", q.id}, {"title", q.title}, {"answers_count", q.answers_count}, {"solved", q.solved},
          {"created_at", iso_school(q.created_at)}};
}

nlohmann::json to_json(const Gantt& g) {
  auto periods = nlohmann::json::array();
  for (const auto& p : g.periods) {
    const auto title = g.task_titles.find(p.plan.task_id);
    const auto curriculum = g.task_curriculums.find(p.plan.task_id);
    periods.push_back({{"index", p.index},
                       {"task_id", p.plan.task_id},
                       {"task_title", title == g.task_titles.end() ? "" : title->second},
                       {"curriculum_name", curriculum == g.task_curriculums.end() ? "" : curriculum->second},
                       {"kind", to_string(p.plan.kind)},
                       {"start_day", p.plan.start_day},
                       {"end_day", p.plan.end_day},
                       {"starts_on", format_date(p.starts_on)},
                       {"ends_on", format_date(p.ends_on)},
                       {"submitted_on", date_or_null(p.submitted_on)},
                       {"approved_on", date_or_null(p.approved_on)},
                       {"state", to_string(p.state)},
                       {"late", p.late}});
  }
  const auto end = g.plan ? plan_day(g.student.start_date, g.plan->days) : g.student.start_date;
  return {{"student_id", g.student.id},
          {"course", to_json(g.student.course)},
          {"start_date", format_date(g.student.start_date)},
          {"end_date", format_date(end)},
          {"today", format_date(g.today)},
          {"status", g.student.status},
          {"behind", behind(g.periods)},
          {"weekday_labels", {"日", "月", "火", "水", "木", "金", "土"}},
          {"periods", periods}};
}

}  // namespace camp::students
