#include "questions/service.hpp"

#include <algorithm>
#include <unordered_map>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/school_time.hpp"
#include "core/text.hpp"
#include "core/utf8.hpp"
#include "core/validation.hpp"
#include "notifications/events.hpp"
#include "notifications/mentions.hpp"
#include "notifications/model.hpp"

namespace camp::questions {
namespace {

using accounts::Role;

Error not_found() { return Error(errc::not_found, std::string(msg::not_found)); }
Error forbidden() { return Error(errc::forbidden, std::string(msg::forbidden)); }

bool is_staff(const accounts::Account& a) { return accounts::is_admin_or_mentor(a.role); }

notifications::MentionSite question_site(const Question& q) {
  return {"question", {{"question_id", q.id}, {"question_title", q.title}}};
}
notifications::MentionSite answer_site(const Question& q, std::int64_t answer_id) {
  return {"answer", {{"question_id", q.id}, {"answer_id", answer_id}, {"question_title", q.title}}};
}

// Field checks that need no database; the category is checked inside the transaction.
void validate_fields(const QuestionInput& in, bool creating, FieldErrors& errors) {
  if (creating && in.category_id.value_or(0) <= 0) errors["category_id"].push_back(std::string(msg::category_required));
  if (!creating && in.category_id && *in.category_id <= 0)
    errors["category_id"].push_back(std::string(msg::category_required));
  if (in.title || creating) {
    const auto title = in.title.value_or("");
    if (text::is_blank(title)) errors["title"].push_back(std::string(msg::title_required));
    else if (!text::one_line(text::trim(title))) errors["title"].push_back(std::string(msg::title_one_line));  // the reminder's subject
    else if (validate::char_count(title) > limits::question_title_max) errors["title"].push_back(std::string(msg::title_too_long));
  }
  if (in.body && validate::char_count(*in.body) > limits::question_body_max) errors["body"].push_back(std::string(msg::body_too_long));
}

// The category exists and cannot be deleted before we commit.
void hold_category(db::Tx& tx, int id) {
  if (!repo::hold_category(tx, id))
    throw Error(errc::invalid, std::string(msg::invalid_input), {{"category_id", {std::string(msg::category_unknown)}}});
}

void validate_answer(const std::string& body) {
  FieldErrors errors;
  if (text::is_blank(body)) errors["body"].push_back(std::string(msg::answer_required));
  else if (validate::char_count(body) > limits::answer_body_max) errors["body"].push_back(std::string(msg::body_too_long));
  throw_if_invalid(errors);
}

}  // namespace

bool has_question_box(const accounts::Account& actor) { return actor.role != Role::graduate; }

void require_question_box(const accounts::Account& actor) {
  if (!has_question_box(actor)) throw forbidden();
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
    word = std::string(text::take_chars(word, limits::question_keyword_max));
    if (!word.empty() && std::find(out.begin(), out.end(), word) == out.end()) out.push_back(word);
    start = end + 1;
  }
  return out;
}

namespace {

// What search() reads, once the actor and the parameters are checked.
repo::SearchQuery search_query(const accounts::Account& actor, const SearchParams& p) {
  require_question_box(actor);
  FieldErrors errors;
  if (p.status != "all" && p.status != "solved" && p.status != "unsolved")
    errors["status"].push_back(std::string(msg::status_choice));
  if (p.page < 1) errors["page"].push_back(std::string(msg::page_min));
  if (p.per < 1 || p.per > limits::page_size_max)
    errors["per"].push_back(msg::integer_range("1", std::to_string(limits::page_size_max)));
  throw_if_invalid(errors);
  repo::SearchQuery q;
  q.keywords = split_keywords(p.keywords);
  q.category_id = p.category_id;
  q.status = p.status;
  q.unanswered = p.unanswered;
  q.page = p.page;
  q.per = p.per;
  return q;
}

QuestionPage page_of(const CachedPage& hit, const SearchParams& p) {
  return {hit.result.items, hit.result.total, hit.result.total_capped, p.page, p.per, hit.body};
}

}  // namespace

std::shared_ptr<const std::string> QuestionService::cached_body(const accounts::Account& actor,
                                                                const SearchParams& p) const {
  const auto q = search_query(actor, p);
  const auto hit = lists_ ? lists_->find(q) : nullptr;
  return hit ? hit->body : nullptr;
}

QuestionPage QuestionService::search(const accounts::Account& actor, const SearchParams& p) {
  const auto q = search_query(actor, p);
  if (lists_) {
    if (auto hit = lists_->find(q)) return page_of(*hit, p);
  }
  const auto epoch = lists_ ? lists_->epoch() : 0;
  auto result = lists_ && repo::on_front(q) ? front_page(q)
                                             : pool_.autocommit([&](db::Tx& tx) { return repo::search(tx, q); });
  auto body = std::make_shared<const std::string>(list_body(result.items, result.total, result.total_capped, p.page, p.per));
  if (lists_) lists_->put(q, {result, body}, epoch);
  return {std::move(result.items), result.total, result.total_capped, p.page, p.per, std::move(body)};
}

repo::SearchResult QuestionService::front_page(const repo::SearchQuery& q) {
  // Epochs first: a part read while a change was announced serves this page but is not kept.
  const auto front_epoch = lists_->front_epoch();
  const auto questions_epoch = lists_->questions_epoch();
  auto front = lists_->find_front();
  const bool front_read = !front;
  std::vector<std::int64_t> slice, missing;
  std::unordered_map<std::int64_t, std::shared_ptr<const Question>> rows;
  pool_.autocommit([&](db::Tx& tx) {
    if (!front) front = std::make_shared<const repo::FrontIds>(repo::front_ids(tx));
    const auto ids = repo::front_slice(*front, q);
    slice.assign(ids.begin(), ids.end());
    for (const auto id : slice)
      if (auto row = lists_->find_question(id)) rows.emplace(id, std::move(row));
      else missing.push_back(id);
    for (auto& question : repo::questions_by_ids(tx, missing)) {
      auto row = std::make_shared<const Question>(std::move(question));
      rows.emplace(row->id, std::move(row));
    }
  });
  if (front_read) lists_->put_front(front, front_epoch);
  repo::SearchResult out;
  for (const auto id : slice) {
    const auto it = rows.find(id);
    if (it == rows.end()) continue;  // deleted since the ids were read
    if (std::find(missing.begin(), missing.end(), id) != missing.end()) lists_->put_question(it->second, questions_epoch);
    out.items.push_back(*it->second);
  }
  out.total_capped = front->counted > repo::kListCountCap;
  out.total = std::min<std::int64_t>(front->counted, repo::kListCountCap);
  return out;
}

std::shared_ptr<const std::string> QuestionService::detail(const accounts::Account& actor, std::int64_t id) {
  require_question_box(actor);
  if (lists_) {
    if (auto hit = lists_->find_detail(id)) return hit;
  }
  const auto epoch = lists_ ? lists_->detail_epoch() : 0;
  auto body = std::make_shared<const std::string>(detail_body(get(actor, id)));
  if (lists_) lists_->put_detail(id, body, epoch);
  return body;
}

std::shared_ptr<const std::string> QuestionService::cached_detail(const accounts::Account& actor, std::int64_t id) const {
  if (!lists_ || !has_question_box(actor)) return nullptr;
  return lists_->find_detail(id);
}

Question QuestionService::visible_question(const accounts::Account& actor, std::int64_t id) {
  require_question_box(actor);
  auto q = pool_.autocommit([&](db::Tx& tx) { return repo::find_question(tx, id); });
  if (!q) throw not_found();
  return *q;
}

QuestionDetail QuestionService::get(const accounts::Account& actor, std::int64_t id) {
  require_question_box(actor);
  // One statement, so one snapshot: the answers match the question's answers_count and solution.
  auto found = pool_.autocommit([&](db::Tx& tx) { return repo::find_question_with_answers(tx, id); });
  if (!found) throw not_found();
  return QuestionDetail{std::move(found->first), std::move(found->second)};
}

// Every write below: validate the input, then in one transaction load and lock the rows the
// decision depends on, apply the policy to what is committed now, write, and read back.

Question QuestionService::ask(const accounts::Account& actor, const QuestionInput& in) {
  require_question_box(actor);
  if (in.is_pick_up.value_or(false) && !is_staff(actor)) throw forbidden();
  FieldErrors errors;
  validate_fields(in, true, errors);
  throw_if_invalid(errors);
  std::string signature;
  auto question = pool_.transaction([&](db::Tx& tx) {
    hold_category(tx, *in.category_id);
    const auto inserted = repo::insert_question(tx, actor.id, *in.category_id, text::trim(*in.title),
                                                in.body.value_or(""), in.is_pick_up.value_or(false));
    signature = inserted.search_signature;
    repo::watch(tx, inserted.id, actor.id);  // the asker hears of every answer
    auto question = *repo::find_question(tx, inserted.id);
    notifications::record_mentions(tx, actor, question_site(question), question.body);
    return question;
  });
  if (lists_) {
    if (const auto bits = parse_search_signature(signature)) lists_->forget_asked(std::span(&*bits, 1));
    else lists_->forget_lists();
  }
  return question;
}

Question QuestionService::update(const accounts::Account& actor, std::int64_t id, const QuestionInput& in) {
  require_question_box(actor);
  FieldErrors errors;
  validate_fields(in, false, errors);
  throw_if_invalid(errors);
  const bool edits_content = in.category_id || in.title || in.body;
  auto question = pool_.transaction([&](db::Tx& tx) {
    const auto row = repo::lock_question(tx, id, true);
    if (!row) throw not_found();
    if (edits_content && actor.id != row->author_id && actor.role != Role::admin) throw forbidden();
    if (in.is_pick_up && !is_staff(actor)) throw forbidden();
    if (in.category_id) hold_category(tx, *in.category_id);
    const auto before = in.body ? repo::find_question(tx, id) : std::nullopt;
    repo::QuestionChanges changes{in.category_id, in.title ? std::optional(text::trim(*in.title)) : std::nullopt, in.body,
                                  in.is_pick_up};
    repo::update_question(tx, id, changes);
    repo::announce_change(tx, id, "question_updated", std::nullopt);
    auto question = *repo::find_question(tx, id);
    if (before) notifications::record_mentions(tx, actor, question_site(question), question.body, before->body);
    return question;
  });
  // Another category or the pick-up moves it between pages; a new title or body does not
  // (but may change which searches find it).
  if (in.category_id || in.is_pick_up) lists_changed(id);
  else if (lists_) lists_->forget_questions(std::span(&id, 1), in.title || in.body);
  return question;
}

void QuestionService::remove(const accounts::Account& actor, std::int64_t id) {
  require_question_box(actor);
  pool_.transaction([&](db::Tx& tx) {
    const auto row = repo::lock_question(tx, id, true);
    if (!row) throw not_found();
    if (actor.id != row->author_id && actor.role != Role::admin) throw forbidden();
    repo::delete_question(tx, id);
    repo::announce_change(tx, id, "question_deleted", std::nullopt);
  });
  lists_changed(id);
}

Answer QuestionService::answer(const accounts::Account& actor, std::int64_t question_id, const std::string& body) {
  require_question_box(actor);
  validate_answer(body);
  return changed_in_place(question_id, pool_.transaction([&](db::Tx& tx) {
    // FOR KEY SHARE: a concurrent delete of the question waits for us, or we see it gone.
    if (!repo::lock_question(tx, question_id, false)) throw not_found();
    const auto id = repo::insert_answer(tx, question_id, actor.id, body);
    repo::watch(tx, question_id, actor.id);  // an answerer hears of the next answers and the solution
    const auto question = *repo::find_question(tx, question_id);
    notifications::record_event(tx, notifications::kAnswerCreated, actor.id,
                                {{"question_id", question_id},
                                 {"answer_id", id},
                                 {"question_title", question.title},
                                 {"answerer_nickname", actor.display_name},
                                 {"excerpt", notifications::first_line(body)}});
    notifications::record_mentions(tx, actor, answer_site(question, id), body);
    repo::announce_change(tx, question_id, "answer_created", id);
    return *repo::find_answer(tx, id);
  }));
}

Answer QuestionService::update_answer(const accounts::Account& actor, std::int64_t answer_id, const std::string& body) {
  require_question_box(actor);
  validate_answer(body);
  auto answer = pool_.transaction([&](db::Tx& tx) {
    const auto row = repo::lock_answer(tx, answer_id, true);
    if (!row) throw not_found();
    if (actor.id != row->author_id && actor.role != Role::admin) throw forbidden();
    const auto before = repo::find_answer(tx, answer_id);
    repo::update_answer(tx, answer_id, body);
    notifications::record_mentions(tx, actor, answer_site(*repo::find_question(tx, row->question_id), answer_id), body,
                                   before ? std::string_view(before->body) : std::string_view());
    repo::announce_change(tx, row->question_id, "answer_updated", answer_id);
    return *repo::find_answer(tx, answer_id);
  });
  changed_in_place(answer.question_id);
  return answer;
}

void QuestionService::remove_answer(const accounts::Account& actor, std::int64_t answer_id) {
  require_question_box(actor);
  const auto question_id = pool_.transaction([&](db::Tx& tx) {
    // Deleting an answer writes its question (answers_count, solution): lock the question
    // first, in the same order as choose_solution, so the two never deadlock.
    const auto found = repo::find_answer(tx, answer_id);
    if (!found || !repo::lock_question(tx, found->question_id, true)) throw not_found();
    const auto row = repo::lock_answer(tx, answer_id, true);
    if (!row) throw not_found();
    if (actor.id != row->author_id && actor.role != Role::admin) throw forbidden();
    repo::delete_answer(tx, answer_id);
    repo::announce_change(tx, row->question_id, "answer_deleted", answer_id);
    return row->question_id;
  });
  changed_in_place(question_id);
}

Question QuestionService::choose_solution(const accounts::Account& actor, std::int64_t question_id,
                                          std::optional<std::int64_t> answer_id) {
  require_question_box(actor);
  return changed_in_place(question_id, pool_.transaction([&](db::Tx& tx) {
    const auto row = repo::lock_question(tx, question_id, true);
    if (!row) throw not_found();
    if (actor.id != row->author_id && !is_staff(actor)) throw forbidden();
    if (answer_id) {
      // FOR KEY SHARE: the chosen answer cannot be deleted before we commit.
      auto a = repo::lock_answer(tx, *answer_id, false);
      if (!a || a->question_id != question_id)
        throw Error(errc::invalid, std::string(msg::invalid_input), {{"answer_id", {std::string(msg::answer_not_of_question)}}});
      if (row->solved_answer_id != answer_id)
        notifications::record_event(tx, notifications::kQuestionSolved, actor.id,
                                    {{"question_id", question_id},
                                     {"answer_id", *answer_id},
                                     {"answer_author_id", a->author_id},
                                     {"question_title", repo::find_question(tx, question_id)->title}});
    }
    repo::set_solution(tx, question_id, answer_id, actor.id);
    repo::announce_change(tx, question_id, answer_id ? "solution_chosen" : "solution_cleared", answer_id);
    return *repo::find_question(tx, question_id);
  }));
}

bool QuestionService::watching(const accounts::Account& actor, std::int64_t question_id) {
  require_question_box(actor);
  return pool_.autocommit([&](db::Tx& tx) {
    if (!repo::find_question(tx, question_id)) throw not_found();
    return repo::watching(tx, question_id, actor.id);
  });
}

void QuestionService::watch(const accounts::Account& actor, std::int64_t question_id, bool on) {
  require_question_box(actor);
  pool_.transaction([&](db::Tx& tx) {
    // FOR KEY SHARE: a question deleted meanwhile is a 404, never a watch of nothing.
    if (!repo::lock_question(tx, question_id, false)) throw not_found();
    if (on) repo::watch(tx, question_id, actor.id);
    else repo::unwatch(tx, question_id, actor.id);
  });
}

std::vector<Question> QuestionService::recent(const accounts::Account& actor, bool unanswered,
                                             const std::optional<std::string>& since, int limit) {
  if (!is_staff(actor)) throw forbidden();
  if (since && !is_date_or_time(*since)) throw Error(errc::invalid, std::string(kSinceFormat));
  repo::SearchQuery q;
  q.unanswered = unanswered;
  q.since = since;
  q.per = limit;
  return pool_.autocommit([&](db::Tx& tx) { return repo::search(tx, q).items; });
}

}  // namespace camp::questions
