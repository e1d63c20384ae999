#include "questions/service.hpp"

#include <algorithm>
#include <regex>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/validation.hpp"

namespace camp::questions {
namespace {

using accounts::Role;

Error not_found() { return Error(errc::not_found, std::string(msg::not_found)); }
Error forbidden() { return Error(errc::forbidden, std::string(msg::forbidden)); }

bool is_staff(const accounts::Account& a) { return accounts::is_admin_or_mentor(a.role); }
bool owns(const accounts::Account& a, const Author& author) { return a.id == author.id || a.role == Role::admin; }

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return s.substr(first, s.find_last_not_of(" \t\r\n") - first + 1);
}

void validate_question(db::Connection& c, const Question& q, FieldErrors& errors) {
  if (q.category_id <= 0) errors["category_id"].push_back(std::string(msg::category_required));
  else if (!repo::category_exists(c, q.category_id)) errors["category_id"].push_back(std::string(msg::category_unknown));
  if (trim(q.title).empty()) errors["title"].push_back(std::string(msg::title_required));
  else if (validate::char_count(q.title) > 200) errors["title"].push_back(std::string(msg::title_too_long));
  if (validate::char_count(q.body) > 20000) errors["body"].push_back(std::string(msg::body_too_long));
}

void validate_answer(const std::string& body) {
  FieldErrors errors;
  if (trim(body).empty()) errors["body"].push_back(std::string(msg::answer_required));
  else if (validate::char_count(body) > 20000) errors["body"].push_back(std::string(msg::body_too_long));
  throw_if_invalid(errors);
}

}  // namespace

void require_question_box(const accounts::Account& actor) {
  if (actor.role == Role::graduate) throw forbidden();
}

std::vector<std::string> split_keywords(const std::string& text) {
  std::string normalized;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.compare(i, 3, "\xE3\x80\x80") == 0) {  // U+3000 IDEOGRAPHIC SPACE
      normalized += ' ';
      i += 2;
    } else {
      normalized += text[i] == '\t' || text[i] == '\n' ? ' ' : text[i];
    }
  }
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < normalized.size() && out.size() < 10) {
    auto end = normalized.find(' ', start);
    if (end == std::string::npos) end = normalized.size();
    auto word = normalized.substr(start, end - start);
    if (!word.empty() && std::find(out.begin(), out.end(), word) == out.end()) out.push_back(word.substr(0, 100));
    start = end + 1;
  }
  return out;
}

QuestionPage QuestionService::search(const accounts::Account& actor, const SearchParams& p) {
  require_question_box(actor);
  FieldErrors errors;
  if (p.status != "all" && p.status != "solved" && p.status != "unsolved")
    errors["status"].push_back("all, solved か unsolved を指定してください");
  if (p.page < 1) errors["page"].push_back("1以上を指定してください");
  if (p.per < 1 || p.per > 100) errors["per"].push_back("1から100までを指定してください");
  throw_if_invalid(errors);
  repo::SearchQuery q;
  q.keywords = split_keywords(p.keywords);
  q.category_id = p.category_id;
  q.status = p.status;
  q.page = p.page;
  q.per = p.per;
  auto result = pool_.run([&](db::Connection& c) { return repo::search(c, q); });
  return {std::move(result.items), result.total, result.total_capped, p.page, p.per};
}

Question QuestionService::visible_question(const accounts::Account& actor, std::int64_t id) {
  require_question_box(actor);
  auto q = pool_.run([&](db::Connection& c) { return repo::find_question(c, id); });
  if (!q) throw not_found();
  return *q;
}

QuestionDetail QuestionService::get(const accounts::Account& actor, std::int64_t id) {
  auto q = visible_question(actor, id);
  auto answers = pool_.run([&](db::Connection& c) { return repo::answers_of(c, id); });
  return {std::move(q), std::move(answers)};
}

Question QuestionService::ask(const accounts::Account& actor, const QuestionInput& in) {
  require_question_box(actor);
  if (in.is_pick_up.value_or(false) && !is_staff(actor)) throw forbidden();
  Question q;
  q.category_id = in.category_id.value_or(0);
  q.title = in.title.value_or("");
  q.body = in.body.value_or("");
  q.is_pick_up = in.is_pick_up.value_or(false);
  return pool_.run([&](db::Connection& c) {
    FieldErrors errors;
    validate_question(c, q, errors);
    throw_if_invalid(errors);
    const auto id = repo::insert_question(c, actor.id, q.category_id, trim(q.title), q.body, q.is_pick_up);
    return *repo::find_question(c, id);
  });
}

Question QuestionService::update(const accounts::Account& actor, std::int64_t id, const QuestionInput& in) {
  auto q = visible_question(actor, id);
  const bool edits_content = in.category_id || in.title || in.body;
  if (edits_content && !owns(actor, q.author)) throw forbidden();
  if (in.is_pick_up && !is_staff(actor)) throw forbidden();
  if (in.category_id) q.category_id = *in.category_id;
  if (in.title) q.title = trim(*in.title);
  if (in.body) q.body = *in.body;
  if (in.is_pick_up) q.is_pick_up = *in.is_pick_up;
  return pool_.run([&](db::Connection& c) {
    FieldErrors errors;
    validate_question(c, q, errors);
    throw_if_invalid(errors);
    repo::update_question(c, q);
    return *repo::find_question(c, id);
  });
}

void QuestionService::remove(const accounts::Account& actor, std::int64_t id) {
  auto q = visible_question(actor, id);
  if (!owns(actor, q.author)) throw forbidden();
  pool_.run([&](db::Connection& c) {
    repo::delete_question(c, id);
    return 0;
  });
}

Answer QuestionService::answer(const accounts::Account& actor, std::int64_t question_id, const std::string& body) {
  visible_question(actor, question_id);
  validate_answer(body);
  return pool_.run([&](db::Connection& c) {
    const auto id = repo::insert_answer(c, question_id, actor.id, body);
    return *repo::find_answer(c, id);
  });
}

Answer QuestionService::update_answer(const accounts::Account& actor, std::int64_t answer_id, const std::string& body) {
  require_question_box(actor);
  auto a = pool_.run([&](db::Connection& c) { return repo::find_answer(c, answer_id); });
  if (!a) throw not_found();
  if (!owns(actor, a->author)) throw forbidden();
  validate_answer(body);
  return pool_.run([&](db::Connection& c) {
    repo::update_answer(c, answer_id, body);
    return *repo::find_answer(c, answer_id);
  });
}

void QuestionService::remove_answer(const accounts::Account& actor, std::int64_t answer_id) {
  require_question_box(actor);
  auto a = pool_.run([&](db::Connection& c) { return repo::find_answer(c, answer_id); });
  if (!a) throw not_found();
  if (!owns(actor, a->author)) throw forbidden();
  pool_.run([&](db::Connection& c) {
    repo::delete_answer(c, answer_id);
    return 0;
  });
}

Question QuestionService::choose_solution(const accounts::Account& actor, std::int64_t question_id,
                                          std::optional<std::int64_t> answer_id) {
  auto q = visible_question(actor, question_id);
  if (actor.id != q.author.id && !is_staff(actor)) throw forbidden();
  return pool_.run([&](db::Connection& c) {
    if (answer_id) {
      auto a = repo::find_answer(c, *answer_id);
      if (!a || a->question_id != question_id)
        throw Error(errc::invalid, std::string(msg::invalid_input), {{"answer_id", {"この質問への回答ではありません"}}});
    }
    repo::set_solution(c, question_id, answer_id);
    return *repo::find_question(c, question_id);
  });
}

std::vector<Question> QuestionService::list_for_ops(bool unanswered, const std::optional<std::string>& since, int limit) {
  static const std::regex iso(R"(^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?)?(Z|[+-]\d{2}:?\d{2})?$)");
  if (since && !std::regex_match(*since, iso))
    throw Error(errc::invalid, "since must be a date like 2026-11-01 or 2026-11-01T09:00:00+09:00");
  repo::SearchQuery q;
  q.unanswered = unanswered;
  q.since = since;
  q.per = limit;
  return pool_.run([&](db::Connection& c) { return repo::search(c, q).items; });
}

}  // namespace camp::questions
