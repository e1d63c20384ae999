// Seeding the question box: `question_categories` (matched by parent and name) and
// `questions` (matched by author and title) with their answers (matched by author and body).
#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "seed/domains.hpp"

namespace camp::seed {
namespace {

using accounts::Role;

struct DemoQuestion {
  const char* asker;
  const char* parent_category;
  const char* category;
  const char* title;
  const char* body;
  const char* answerer;  // nullptr: unanswered
  const char* answer;
  bool solved;
  bool pick_up;
};

constexpr DemoQuestion kDemoQuestions[] = {
    {"student@example.com", "Ruby on Rails", "ActiveRecord・マイグレーション",
     "rails db:migrate で PG::UndefinedTable エラーが解決できない",
     "## 実現したいこと\nusers テーブルに外部キーを追加したい\n\n## エラーメッセージ\n```\nPG::UndefinedTable: ERROR:  relation \"teams\" does not exist\n```\n\n## 調べたこと・試したこと\nマイグレーションファイルの順番を入れ替えました。",
     "basic-mentor@example.com",
     "teams テーブルを作るマイグレーションのタイムスタンプが、外部キーを追加するものより後になっていませんか？ `rails db:migrate:status` で順番を確認してみてください。",
     true, true},
    {"student5@example.com", "HTML/CSS", "レイアウト (Flexbox / Grid)", "Flexbox で要素が縦に並んでしまう",
     "## 実現したいこと\nカードを横並びにしたい\n\n## わからないこと\n`display: flex` を指定しても縦に並びます。",
     "student@example.com", "親要素に `flex-direction: column` が指定されていないか確認してみてください。", false, false},
    {"u29@example.com", "Git・GitHub", "コンフリクト", "git pull でコンフリクトが発生した時の解消方法",
     "## 実現したいこと\nmain の変更を取り込みたい\n\n## エラーメッセージ\n```\nCONFLICT (content): Merge conflict in app/views/layouts/application.html.erb\n```",
     nullptr, nullptr, false, false},
    {"trial@example.com", "環境構築", "Mac", "rbenv install で Ruby 3.3 のビルドに失敗する",
     "## エラーメッセージ\n```\nBUILD FAILED (macOS 14 using ruby-build)\n```\n\n## 試したこと\nopenssl を brew で入れ直しました。",
     "advanced-mentor@example.com", "`RUBY_CONFIGURE_OPTS=\"--with-openssl-dir=$(brew --prefix openssl@3)\"` を付けて再実行してみてください。",
     false, false},
};

template <class Entry>
Where at(const Entry& e, const char* field) {
  auto it = e.fields.find(field);
  return it == e.fields.end() ? e.at : it->second;
}

// The name a child category shows when it has no search_name of its own (lib/questions/repo.cpp).
std::string shown_name(const std::string& parent, const CategoryEntry& child) {
  return child.search_name.value_or(parent + " - " + child.name);
}

void check_category_names(const CategoryEntry& c, const std::string& path, Problems& problems) {
  if (text::is_blank(c.name)) problems.add(c.at, path + ".name", std::string(msg::category_name_required));
  else if (validate::char_count(c.name) > limits::category_name_max) problems.add(c.at, path + ".name", std::string(msg::category_name_too_long));
  if (c.search_name && validate::char_count(*c.search_name) > limits::category_search_name_max)
    problems.add(c.at, path + ".search_name", std::string(msg::category_search_name_too_long));
}

CategoryEntry read_category(const YAML::Node& node, const std::string& path, YamlReader& in, bool with_lists) {
  CategoryEntry c;
  c.at = where(node);
  if (with_lists) in.mapping(node, path, {"name", "search_name", "lists"});
  else in.mapping(node, path, {"name", "search_name"});
  if (!node.IsMap()) return c;
  c.name = in.text(node, "name", path, true).value_or("");
  c.search_name = in.text(node, "search_name", path, false);
  check_category_names(c, path, in.problems());
  return c;
}

// (parent, child) -> id of what the database has now.
std::map<std::pair<std::string, std::string>, int> category_ids(Services& s) {
  std::map<std::pair<std::string, std::string>, int> ids;
  for (const auto& parent : s.categories.tree())
    for (const auto& child : parent.lists) ids[{parent.name, child.name}] = child.id;
  return ids;
}

std::optional<accounts::Account> first_admin(Services& s) {
  auto admins = s.accounts.list(std::string("admin"));
  if (admins.empty()) return std::nullopt;
  return admins.front();
}

// Seeds act as an admin where the question box asks for staff (pick-up, choosing a solution,
// looking questions up), and as the author where authorship is recorded (asking, answering).
struct Actors {
  Services& s;
  accounts::Account admin;
  std::map<std::string, accounts::Account> by_email;

  const accounts::Account& get(const std::string& email) {
    auto it = by_email.find(text::lower_ascii(email));
    if (it == by_email.end()) it = by_email.emplace(text::lower_ascii(email), s.accounts.find_by_email(email)).first;
    return it->second;
  }
};

std::optional<questions::Question> find_question(Actors& who, std::int64_t author_id, const std::string& title) {
  constexpr int per = 100;
  for (int page = 1;; ++page) {
    const auto found = who.s.questions.search(who.admin, {title, std::nullopt, "all", page, per});
    for (const auto& q : found.items)
      if (q.author.id == author_id && q.title == title) return q;
    if (found.items.size() < static_cast<std::size_t>(per)) return std::nullopt;
  }
}

std::string question_path(std::size_t i) { return "questions[" + std::to_string(i) + "]"; }

void check_author(Services& s, const Fixture& f, const std::string& email, Where where, const std::string& path,
                  Problems& problems) {
  if (email.empty()) return;  // reported as missing already
  const auto role = role_after_seed(s, f, email);
  if (!role) problems.add(where, path, msg::fixture_account_missing(email));
  else if (*role == Role::graduate) problems.add(where, path, std::string(msg::fixture_graduate_no_question_box));
}

}  // namespace

void read_categories(const YAML::Node& section, Fixture& out, YamlReader& in) {
  if (!in.sequence(section, "question_categories")) return;
  std::unordered_set<std::string> names;  // one problem per duplicate, not one per earlier copy
  for (std::size_t i = 0; i < section.size(); ++i) {
    const auto path = "question_categories[" + std::to_string(i) + "]";
    auto parent = read_category(section[i], path, in, true);
    if (section[i].IsMap() && in.sequence(section[i]["lists"], path + ".lists")) {
      const auto lists = section[i]["lists"];
      std::unordered_set<std::string> child_names;
      for (std::size_t j = 0; j < lists.size(); ++j) {
        auto child = read_category(lists[j], path + ".lists[" + std::to_string(j) + "]", in, false);
        if (!child.name.empty() && !child_names.insert(child.name).second)
          in.problems().add(child.at, path + ".lists[" + std::to_string(j) + "].name", std::string(msg::category_name_taken));
        parent.lists.push_back(std::move(child));
      }
    }
    if (!parent.name.empty() && !names.insert(parent.name).second)
      in.problems().add(parent.at, path + ".name", std::string(msg::category_name_taken));
    out.categories.push_back(std::move(parent));
  }
}

void check_categories(Services&, const Fixture&, Problems&) {}  // nothing beyond the fields

void write_categories(Services& s, const Fixture& f, Counts& counts) {
  const auto tree = s.categories.tree();
  std::vector<questions::CategorySpec> specs;
  for (const auto& parent : f.categories) {
    const auto existing = std::find_if(tree.begin(), tree.end(), [&](const auto& c) { return c.name == parent.name; });
    ++(existing == tree.end() ? counts.created : counts.unchanged);
    questions::CategorySpec spec{parent.name, parent.search_name, {}};
    for (const auto& child : parent.lists) {
      spec.lists.push_back({child.name, child.search_name, {}});
      if (existing == tree.end()) {
        ++counts.created;
        continue;
      }
      const auto& lists = existing->lists;
      const auto now = std::find_if(lists.begin(), lists.end(), [&](const auto& c) { return c.name == child.name; });
      if (now == lists.end()) ++counts.created;
      else if (now->search_name != shown_name(parent.name, child)) ++counts.updated;
      else ++counts.unchanged;
    }
    specs.push_back(std::move(spec));
  }
  // Existing, equal categories are not written again (not even their position).
  if (counts.created || counts.updated) s.categories.import(specs);
}

void add_demo_categories(Fixture& f) {
  for (const auto& spec : questions::parse_category_yaml(questions::default_categories_yaml())) {
    CategoryEntry parent{{}, spec.name, spec.search_name, {}};
    for (const auto& child : spec.lists) parent.lists.push_back({{}, child.name, child.search_name, {}});
    f.categories.push_back(std::move(parent));
  }
}

void read_questions(const YAML::Node& section, Fixture& out, YamlReader& in) {
  if (!in.sequence(section, "questions")) return;
  auto& problems = in.problems();
  std::unordered_map<std::string, int> first_line;  // author (any case) and title -> its first line
  for (std::size_t i = 0; i < section.size(); ++i) {
    const auto node = section[i];
    const auto path = question_path(i);
    if (!in.mapping(node, path, {"author", "category", "title", "body", "pick_up", "answers"})) continue;
    QuestionEntry q;
    q.at = where(node);
    for (const char* key : {"author", "category", "title", "body", "pick_up"}) q.fields[key] = YamlReader::field(node, key);
    q.author = in.text(node, "author", path, true).value_or("");
    q.title = text::trim(in.text(node, "title", path, true).value_or(""));
    q.body = in.text(node, "body", path, false).value_or("");
    q.pick_up = in.flag(node, "pick_up", path);
    const auto category = node["category"];
    if (!category || category.IsNull()) {
      problems.add(q.at, path + ".category", std::string(msg::category_required));
    } else if (in.mapping(category, path + ".category", {"parent", "name"})) {
      q.parent_category = in.text(category, "parent", path + ".category", true).value_or("");
      q.category = in.text(category, "name", path + ".category", true).value_or("");
    }
    if (node["title"] && q.title.empty()) problems.add(at(q, "title"), path + ".title", std::string(msg::title_required));
    if (!text::one_line(q.title)) problems.add(at(q, "title"), path + ".title", std::string(msg::title_one_line));
    else if (validate::char_count(q.title) > limits::question_title_max) problems.add(at(q, "title"), path + ".title", std::string(msg::title_too_long));
    if (validate::char_count(q.body) > limits::question_body_max) problems.add(at(q, "body"), path + ".body", std::string(msg::body_too_long));
    if (!q.title.empty()) {
      const auto [earlier, first] = first_line.emplace(text::lower_ascii(q.author) + '\n' + q.title, q.at.line);
      if (!first) problems.add(at(q, "title"), path + ".title", msg::fixture_duplicate_title(std::to_string(earlier->second)));
    }

    if (in.sequence(node["answers"], path + ".answers")) {
      const auto answers = node["answers"];
      int solutions = 0;
      for (std::size_t j = 0; j < answers.size(); ++j) {
        const auto apath = path + ".answers[" + std::to_string(j) + "]";
        if (!in.mapping(answers[j], apath, {"author", "body", "solution"})) continue;
        AnswerEntry a;
        a.at = where(answers[j]);
        for (const char* key : {"author", "body", "solution"}) a.fields[key] = YamlReader::field(answers[j], key);
        a.author = in.text(answers[j], "author", apath, true).value_or("");
        a.body = in.text(answers[j], "body", apath, true).value_or("");
        a.solution = in.flag(answers[j], "solution", apath);
        if (answers[j]["body"] && text::is_blank(a.body)) problems.add(at(a, "body"), apath + ".body", std::string(msg::answer_required));
        if (validate::char_count(a.body) > limits::answer_body_max) problems.add(at(a, "body"), apath + ".body", std::string(msg::body_too_long));
        if (a.solution && ++solutions > 1) problems.add(at(a, "solution"), apath + ".solution", std::string(msg::fixture_one_solution));
        q.answers.push_back(std::move(a));
      }
    }
    out.questions.push_back(std::move(q));
  }
}

void check_questions(Services& s, const Fixture& f, Problems& problems) {
  if (f.questions.empty()) return;
  const bool admin_in_fixture =
      std::any_of(f.accounts.begin(), f.accounts.end(), [](const AccountEntry& a) { return a.role == "admin"; });
  if (!admin_in_fixture && !first_admin(s))
    problems.add(f.questions.front().at, "questions", std::string(msg::fixture_admin_needed));

  const auto ids = category_ids(s);
  for (std::size_t i = 0; i < f.questions.size(); ++i) {
    const auto& q = f.questions[i];
    const auto path = question_path(i);
    check_author(s, f, q.author, at(q, "author"), path + ".author", problems);
    for (std::size_t j = 0; j < q.answers.size(); ++j)
      check_author(s, f, q.answers[j].author, at(q.answers[j], "author"),
                   path + ".answers[" + std::to_string(j) + "].author", problems);
    if (q.category.empty() || q.parent_category.empty()) continue;
    bool known = ids.count({q.parent_category, q.category}) > 0;
    for (const auto& parent : f.categories)
      if (parent.name == q.parent_category)
        for (const auto& child : parent.lists) known |= child.name == q.category;
    if (!known)
      problems.add(at(q, "category"), path + ".category",
                   msg::fixture_category_missing(q.parent_category, q.category));
  }
}

void write_questions(Services& s, const Fixture& f, Counts& counts) {
  if (f.questions.empty()) return;
  Actors who{s, *first_admin(s), {}};
  const auto ids = category_ids(s);
  for (const auto& q : f.questions) {
    const auto& author = who.get(q.author);
    const int category_id = ids.at({q.parent_category, q.category});
    bool created = false, changed = false;
    auto found = find_question(who, author.id, q.title);
    if (!found) {
      found = s.questions.ask(author, {category_id, q.title, q.body, std::nullopt});
      created = true;
    } else {
      questions::QuestionInput change;
      if (found->category_id != category_id) change.category_id = category_id;
      if (s.questions.get(who.admin, found->id).question.body != q.body) change.body = q.body;
      if (change.category_id || change.body) {
        found = s.questions.update(who.admin, found->id, change);
        changed = true;
      }
    }
    if (found->is_pick_up != q.pick_up) {  // picking up is for staff: the admin does it
      found = s.questions.update(who.admin, found->id, {std::nullopt, std::nullopt, std::nullopt, q.pick_up});
      changed = true;
    }

    const auto answers = s.questions.get(who.admin, found->id).answers;
    for (const auto& a : q.answers) {
      const auto& answerer = who.get(a.author);
      const auto existing = std::find_if(answers.begin(), answers.end(), [&](const questions::Answer& x) {
        return x.author.id == answerer.id && x.body == a.body;
      });
      std::int64_t answer_id = 0;
      if (existing == answers.end()) {
        answer_id = s.questions.answer(answerer, found->id, a.body).id;
        changed = true;
      } else {
        answer_id = existing->id;
      }
      if (a.solution && found->solved_answer_id != answer_id) {
        found = s.questions.choose_solution(who.admin, found->id, answer_id);
        changed = true;
      }
    }
    ++(created ? counts.created : changed ? counts.updated : counts.unchanged);
  }
}

void add_demo_questions(Fixture& f) {
  for (const auto& d : kDemoQuestions) {
    QuestionEntry q;
    q.author = d.asker;
    q.parent_category = d.parent_category;
    q.category = d.category;
    q.title = d.title;
    q.body = d.body;
    q.pick_up = d.pick_up;
    if (d.answerer) q.answers.push_back({{}, {}, d.answerer, d.answer, d.solved});
    f.questions.push_back(std::move(q));
  }
}

}  // namespace camp::seed
