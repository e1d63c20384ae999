// Every "required, not only whitespace" rule that is a pure function refuses Unicode spaces
// too (text::is_blank): the ideographic space U+3000 a Japanese keyboard types, the no-break
// space U+00A0 and the em space U+2003, alone or mixed with ASCII blanks. The rules inside use
// cases (review comments, question titles, answers, tags) are covered by tests/api.
#include <gtest/gtest.h>

#include <variant>

#include "curriculum/content.hpp"
#include "curriculum/repository_url.hpp"
#include "events/validation.hpp"
#include "questionnaires/validator.hpp"
#include "students/validation.hpp"

using namespace camp;

namespace {

const std::vector<std::string> kBlanks{"\u3000", "\u00A0", "\u2003", "\u3000\u3000", " \u2003\t\u3000\n\u00A0"};

std::string held_at_problem(const std::string& text) {
  const auto r = students::parse_held_at(text);
  return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "ok";
}

std::vector<std::string> event_title_errors(const std::string& title) {
  events::EventInput in;
  in.title = title;
  const auto errors = events::validate(in, false);
  return errors.count("title") ? errors.at("title") : std::vector<std::string>{};
}

std::vector<std::string> questionnaire_address_errors(const std::string& address) {
  const auto errors = questionnaires::check(questionnaires::get("post-curriculum"), {{"address", address}}).errors;
  return errors.count("address") ? errors.at("address") : std::vector<std::string>{};
}

bool task_title_accepted(const std::string& title) {
  std::vector<std::string> problems;
  return curriculum::parse_task("---\nid: 1\ntitle: \"" + title + "\"\nposition: 1\nreview_level: basic\n---\n本文\n", "x.md",
                                problems)
      .has_value();
}

}  // namespace

TEST(NotOnlyWhitespace, UnicodeSpacesAreBlankInEveryRule) {
  for (const auto& blank : kBlanks) {
    EXPECT_EQ(students::mentoring_body(blank), "内容は必須です") << blank;
    EXPECT_EQ(students::student_name(blank), "氏名は必須です") << blank;
    EXPECT_EQ(held_at_problem(blank), "メンタリング日時は必須です") << blank;
    EXPECT_EQ(event_title_errors(blank), std::vector<std::string>{"タイトルは必須です"}) << blank;
    EXPECT_EQ(curriculum::repository_url_problem(blank), "URLは必須です") << blank;
    EXPECT_EQ(questionnaire_address_errors(blank), std::vector<std::string>{"現住所を入力してください"}) << blank;
    EXPECT_FALSE(task_title_accepted(blank)) << blank;
  }
}

TEST(NotOnlyWhitespace, TextBetweenUnicodeSpacesIsAccepted) {
  const std::string around = "\u3000";
  EXPECT_EQ(students::mentoring_body(around + "面談しました" + "\u00A0"), std::nullopt);
  EXPECT_EQ(students::student_name(around + "山田 太郎" + around), std::nullopt);
  EXPECT_EQ(held_at_problem(around + "2026-11-20 19:00" + "\u2003"), "ok");
  EXPECT_EQ(event_title_errors(around + "もくもく会" + around), std::vector<std::string>{});
  EXPECT_EQ(questionnaire_address_errors(around + "東京都"), std::vector<std::string>{});
  EXPECT_TRUE(task_title_accepted(around + "課題" + around));
}
