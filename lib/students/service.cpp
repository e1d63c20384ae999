#include "students/service.hpp"

#include <algorithm>
#include <variant>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "notifications/mentions.hpp"
#include "students/repo.hpp"
#include "students/validation.hpp"

namespace camp::students {
namespace {

using accounts::Account;
using accounts::Role;

Error not_found() { return Error(errc::not_found, std::string(msg::not_found)); }
Error forbidden() { return Error(errc::forbidden, std::string(msg::forbidden)); }

bool staff(const Account& a) { return accounts::is_admin_or_mentor(a.role); }

Error bad_parameter(const std::string& name) {
  return Error(errc::malformed, "query parameter '" + name + "' is not valid");
}

// LIKE pattern: the lowered keyword (cut at 100 characters), wildcards escaped.
std::string like_pattern(std::string_view q) {
  const auto cut = text::utf8_prefix(q, 400);
  std::string out = "%";
  for (const char c : cut) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += static_cast<char>((c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c);
  }
  return out + "%";
}

}  // namespace

void StudentService::require_staff(const Account& a) {
  if (!staff(a)) throw not_found();
}

// Admin only; mentors may look but not change (403); everyone else does not see it (404).
void StudentService::require_admin(const Account& a) {
  require_staff(a);
  if (a.role != Role::admin) throw forbidden();
}

Student StudentService::visible(db::Tx& tx, const Account& actor, std::int64_t id) {
  if (!staff(actor) && actor.role != Role::student) throw not_found();
  auto s = repo::find(tx, id);
  if (!s) throw not_found();
  if (!staff(actor) && s->account_id != actor.id) throw not_found();
  return *s;
}

Page StudentService::list(const Account& actor, const ListParams& p) {
  require_staff(actor);
  static const std::vector<std::string> sorts{"start_date", "name", "email", "due_on", "created_at"};
  if (std::find(sorts.begin(), sorts.end(), p.sort) == sorts.end()) throw bad_parameter("sort");
  if (p.order != "asc" && p.order != "desc") throw bad_parameter("order");
  if (p.status && !valid_status(*p.status)) throw bad_parameter("status");
  if (p.course && !plan_for(*p.course)) throw bad_parameter("course");
  if (validate::char_count(p.q) > limits::student_search_max) throw bad_parameter("q");
  repo::ListQuery q;
  const auto keyword = text::trim(p.q);
  if (!keyword.empty()) q.like = like_pattern(keyword);
  q.course = p.course;
  q.mentor_id = p.mentor_id;
  q.unassigned = p.unassigned;
  q.status = p.status;
  q.behind = p.behind;
  q.today = today();
  q.started_from = p.started_from;
  q.started_to = p.started_to;
  q.sort = p.sort;
  q.order = p.order;
  q.limit = p.per;
  q.offset = (p.page - 1) * p.per;
  auto [items, total] = pool_.autocommit([&](db::Tx& tx) { return repo::list(tx, q); });
  return {std::move(items), p.page, p.per, total};
}

Detail StudentService::detail(db::Tx& tx, const Student& s) { return {s, repo::history(tx, s.id), repo::counts(tx, s)}; }

Detail StudentService::get(const Account& actor, std::int64_t id) {
  return pool_.transaction([&](db::Tx& tx) { return detail(tx, visible(tx, actor, id)); }, db::Isolation::repeatable_read);
}

Detail StudentService::find(const Account& actor, const std::string& key) {
  require_staff(actor);
  return pool_.transaction(
      [&](db::Tx& tx) {
        std::optional<Student> s;
        if (!key.empty() && key.find_first_not_of("0123456789") == std::string::npos && key.size() <= 18)
          s = repo::find(tx, std::stoll(key));
        else s = repo::find_by_email(tx, key);
        if (!s) throw not_found();
        return detail(tx, *s);
      },
      db::Isolation::repeatable_read);
}

Detail StudentService::update(const Account& actor, std::int64_t id, const StudentInput& in) {
  FieldErrors errors;
  repo::Update u;
  if (in.name) {
    if (auto m = student_name(*in.name)) errors["name"].push_back(*m);
    u.name = text::trim(*in.name);
  }
  if (in.course) {
    if (!plan_for(*in.course)) errors["course"].push_back(std::string(msg::course_unknown));
    u.course = in.course;
  }
  if (in.start_date) {
    if (text::is_blank(*in.start_date)) errors["start_date"].push_back(std::string(msg::student_start_date_required));
    else if (!(u.start_date = parse_day(text::trim(*in.start_date))))
      errors["start_date"].push_back(std::string(msg::student_start_date_invalid));
  }
  if (in.status) {
    if (!valid_status(*in.status)) errors["status"].push_back(std::string(msg::student_status_invalid));
    u.status = in.status;
  }
  return pool_.transaction([&](db::Tx& tx) {
    const auto s = visible(tx, actor, id);
    require_admin(actor);
    throw_if_invalid(errors);
    if (!repo::lock(tx, id)) throw not_found();
    repo::update(tx, s, u);
    return detail(tx, *repo::find(tx, id));
  });
}

void StudentService::validate_mentor(db::Tx& tx, std::optional<std::int64_t> mentor_id) {
  if (!mentor_id) throw Error(errc::invalid, std::string(msg::invalid_input), {{"mentor_id", {std::string(msg::mentor_required)}}});
  const auto p = repo::person(tx, *mentor_id);
  const auto role = p ? accounts::parse_role(p->role) : std::nullopt;
  if (!role || !accounts::is_admin_or_mentor(*role))
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"mentor_id", {std::string(msg::mentor_not_mentor)}}});
}

Detail StudentService::assign(db::Tx& tx, std::int64_t id, std::optional<std::int64_t> mentor_id,
                              std::optional<std::int64_t> by) {
  validate_mentor(tx, mentor_id);
  if (!repo::lock(tx, id)) throw not_found();
  const auto before = repo::find(tx, id);
  if (!before->mentor || before->mentor->id != *mentor_id) repo::set_mentor(tx, id, mentor_id, by);
  return detail(tx, *repo::find(tx, id));
}

Detail StudentService::assign_mentor(const Account& actor, std::int64_t id, std::optional<std::int64_t> mentor_id) {
  return pool_.transaction([&](db::Tx& tx) {
    visible(tx, actor, id);
    require_admin(actor);
    return assign(tx, id, mentor_id, actor.id);
  });
}

Detail StudentService::assign_mentor(const Account& actor, const std::string& student, const std::string& mentor) {
  require_admin(actor);
  const auto s = find(actor, student);
  return pool_.transaction([&](db::Tx& tx) {
    std::optional<std::int64_t> mentor_id;
    if (!mentor.empty() && mentor.find_first_not_of("0123456789") == std::string::npos && mentor.size() <= 18)
      mentor_id = std::stoll(mentor);
    else mentor_id = repo::account_id_by_email(tx, mentor).value_or(0);  // 0: no such account, "not a mentor"
    return assign(tx, s.student.id, mentor_id, actor.recorded_id());
  });
}

std::vector<Mentoring> StudentService::mentorings(const Account& actor, std::int64_t id) {
  require_staff(actor);
  return pool_.autocommit([&](db::Tx& tx) {
    visible(tx, actor, id);
    return repo::mentorings(tx, id, kMaxMentorings);
  });
}

namespace {
struct CheckedMentoring {
  std::optional<TimePoint> held_at;
  std::optional<std::string> body;
};

CheckedMentoring check(const MentoringInput& in, bool create) {
  FieldErrors errors;
  CheckedMentoring out;
  if (in.held_at || create) {
    const auto r = parse_held_at(in.held_at.value_or(""));
    if (const auto* m = std::get_if<std::string>(&r)) errors["held_at"].push_back(*m);
    else out.held_at = std::get<TimePoint>(r);
  }
  if (in.body || create) {
    if (auto m = mentoring_body(in.body.value_or(""))) errors["body"].push_back(*m);
    else out.body = in.body;
  }
  throw_if_invalid(errors);
  return out;
}

notifications::MentionSite mentoring_site(const Student& s, std::int64_t mentoring_id) {
  return {"mentoring", {{"student_record_id", s.id}, {"mentoring_id", mentoring_id},
                        {"student_name", s.display_name}}};
}
}  // namespace

bool may_read_records(const Account& a) { return staff(a); }

Mentoring StudentService::add_mentoring(const Account& actor, std::int64_t id, const MentoringInput& in) {
  require_staff(actor);
  return pool_.transaction([&](db::Tx& tx) {
    const auto s = visible(tx, actor, id);
    const auto m = check(in, true);
    const auto mid = repo::insert_mentoring(tx, id, actor.id, *m.held_at, *m.body);
    notifications::record_mentions(tx, actor, mentoring_site(s, mid), *m.body);
    return *repo::mentoring(tx, id, mid, false);
  });
}

Mentoring StudentService::edit_mentoring(const Account& actor, std::int64_t id, std::int64_t mentoring_id,
                                         const MentoringInput& in) {
  require_staff(actor);
  return pool_.transaction([&](db::Tx& tx) {
    const auto s = visible(tx, actor, id);
    const auto existing = repo::mentoring(tx, id, mentoring_id, true);
    if (!existing) throw not_found();
    if (actor.role != Role::admin && (!existing->author || existing->author->id != actor.id)) throw forbidden();
    const auto m = check(in, false);
    repo::update_mentoring(tx, mentoring_id, m.held_at, m.body);
    if (m.body) notifications::record_mentions(tx, actor, mentoring_site(s, mentoring_id), *m.body, existing->body);
    return *repo::mentoring(tx, id, mentoring_id, false);
  });
}

void StudentService::delete_mentoring(const Account& actor, std::int64_t id, std::int64_t mentoring_id) {
  require_staff(actor);
  pool_.transaction([&](db::Tx& tx) {
    visible(tx, actor, id);
    const auto existing = repo::mentoring(tx, id, mentoring_id, true);
    if (!existing) throw not_found();
    if (actor.role != Role::admin && (!existing->author || existing->author->id != actor.id)) throw forbidden();
    repo::delete_mentoring(tx, mentoring_id);
  });
}

Gantt StudentService::gantt_of(db::Tx& tx, const Student& s, Date today) {
  Gantt g;
  g.student = s;
  g.today = today;
  g.plan = plan_for(s.course.code);
  if (!g.plan) return g;
  const auto progress = s.account_id ? repo::progress(tx, *s.account_id) : std::map<int, TaskProgress>{};
  g.periods = students::gantt(*g.plan, s.start_date, s.status, today, progress);
  repo::task_names(tx, g);
  return g;
}

Gantt StudentService::gantt(const Account& actor, std::int64_t id) {
  return pool_.transaction([&](db::Tx& tx) { return gantt_of(tx, visible(tx, actor, id), today()); },
                           db::Isolation::repeatable_read);
}

std::vector<StudentSubmission> StudentService::submissions(const Account& actor, std::int64_t id) {
  return pool_.autocommit([&](db::Tx& tx) {
    const auto s = visible(tx, actor, id);
    return s.account_id ? repo::submissions(tx, *s.account_id, 200) : std::vector<StudentSubmission>{};
  });
}

std::vector<StudentQuestion> StudentService::questions(const Account& actor, std::int64_t id) {
  return pool_.autocommit([&](db::Tx& tx) {
    const auto s = visible(tx, actor, id);
    return s.account_id ? repo::questions(tx, *s.account_id, false, 200) : std::vector<StudentQuestion>{};
  });
}

std::vector<Person> StudentService::mentors(const Account& actor) {
  require_staff(actor);
  return pool_.autocommit([&](db::Tx& tx) { return repo::mentors(tx); });
}

bool StudentService::sync_plans() {
  return pool_.transaction([&](db::Tx& tx) { return repo::sync_plans(tx, plans()); });
}

}  // namespace camp::students
