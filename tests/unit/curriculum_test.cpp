// Repository URLs (the clone-source rule) and task files' front matter.
#include <gtest/gtest.h>

#include "curriculum/content.hpp"
#include "curriculum/repository_url.hpp"
#include "review_notes.hpp"

using namespace camp::curriculum;

TEST(RepositoryUrl, ValidationMessages) {
  EXPECT_EQ(repository_url_problem(""), "URLは必須です");
  EXPECT_EQ(repository_url_problem("  \t"), "URLは必須です");
  EXPECT_EQ(repository_url_problem("github.com/me/x"), "不正なURLです");
  EXPECT_EQ(repository_url_problem("ftp://github.com/me/x"), "不正なURLです");
  EXPECT_EQ(repository_url_problem("javascript:alert(1)"), "不正なURLです");
  EXPECT_EQ(repository_url_problem("https://"), "不正なURLです");
  EXPECT_EQ(repository_url_problem("https:///me/x"), "不正なURLです");
  EXPECT_EQ(repository_url_problem("https://github.com/me/x y"), "不正なURLです");
  EXPECT_EQ(repository_url_problem("https://github.com/" + std::string(482, 'a')), "不正なURLです");  // 501 bytes
  EXPECT_EQ(repository_url_problem("https://github.com/" + std::string(481, 'a')), std::nullopt);     // 500 bytes
  EXPECT_EQ(repository_url_problem("https://github.com/me/x"), std::nullopt);
  EXPECT_EQ(repository_url_problem("HTTP://GitHub.com/me/x.git"), std::nullopt);
  EXPECT_EQ(repository_url_problem(" https://gitlab.com/me/x "), std::nullopt);
}

TEST(RepositoryUrl, TheCloneSourceRuleWithVariants) {
  const std::optional<std::string> source = "https://github.com/potepan/portfolio-template";
  for (const char* same : {
           "https://github.com/potepan/portfolio-template",
           "http://github.com/potepan/portfolio-template",
           "https://GITHUB.com/potepan/portfolio-template",
           "https://github.com/potepan/portfolio-template/",
           "https://github.com/potepan/portfolio-template.git",
           "https://github.com/potepan/portfolio-template.git/",
           "https://github.com/potepan/portfolio-template//",
           "HTTPS://github.com/potepan/portfolio-template?tab=readme",
           "https://github.com/potepan/portfolio-template#readme",
       })
    EXPECT_TRUE(is_clone_source(same, source)) << same;
  for (const char* other : {
           "https://www.github.com/potepan/portfolio-template",  // www. is not special
           "https://github.com/me/portfolio-template",
           "https://github.com/potepan/portfolio-template-2",
           "https://gitlab.com/potepan/portfolio-template",
           "https://github.com/potepan",
       })
    EXPECT_FALSE(is_clone_source(other, source)) << other;
  EXPECT_FALSE(is_clone_source("https://github.com/potepan/portfolio-template", std::nullopt));
  // The source's own spelling does not matter either.
  EXPECT_TRUE(is_clone_source("https://github.com/a/b", std::optional<std::string>("http://GitHub.com/a/b.git")));
  EXPECT_EQ(repository_key("https://GitHub.com/a/b.git/"), "github.com/a/b");
}

TEST(TaskFrontMatter, ParsesFieldsAndBody) {
  std::vector<std::string> problems;
  const auto t = parse_task(
      "---\nid: 3\ntitle: ポートフォリオサイトの模写\nposition: 3\nreview_level: basic\n"
      "source_repository: https://github.com/potepan/portfolio-template\n---\n# 課題の目的\n\n本文\n",
      "03-portfolio.md", problems);
  ASSERT_TRUE(t) << (problems.empty() ? "" : problems[0]);
  EXPECT_EQ(t->id, 3);
  EXPECT_EQ(t->title, "ポートフォリオサイトの模写");
  EXPECT_EQ(t->position, 3);
  EXPECT_EQ(t->review_level, "basic");
  EXPECT_EQ(t->source_repository, "https://github.com/potepan/portfolio-template");
  EXPECT_EQ(t->body, "# 課題の目的\n\n本文\n");
}

TEST(TaskFrontMatter, CrlfAndNoSourceRepository) {
  std::vector<std::string> problems;
  const auto t = parse_task("---\r\nid: 19\r\ntitle: 最終課題1\r\nposition: 1\r\nreview_level: advanced\r\n---\r\n本文", "x.md", problems);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->source_repository, std::nullopt);
  EXPECT_EQ(t->review_level, "advanced");
  EXPECT_EQ(t->body, "本文");
}

TEST(TaskFrontMatter, ProblemsNameFileAndLine) {
  auto problems_of = [](const std::string& text) {
    std::vector<std::string> problems;
    EXPECT_FALSE(parse_task(text, "t.md", problems));
    return problems;
  };
  EXPECT_EQ(problems_of("# no front matter\n").at(0), "t.md:1: a task file starts with a '---' line, then its front matter, then '---'");
  EXPECT_EQ(problems_of("---\nid: 1\n").at(0), "t.md:1: the front matter is not closed by a '---' line");
  const auto p = problems_of("---\nid: 0\ntitle: ' '\nposition: 1\nreview_level: hard\nsource_repository: nope\nextra: 1\n---\n");
  const auto has = [&](const std::string& s) { return std::find(p.begin(), p.end(), s) != p.end(); };
  EXPECT_TRUE(has("t.md:2: id must be a whole number >= 1"));
  EXPECT_TRUE(has("t.md:3: title must be 1 to 200 characters"));
  EXPECT_TRUE(has("t.md:5: review_level must be basic or advanced"));
  EXPECT_TRUE(has("t.md:6: source_repository must be an http(s) URL"));
  EXPECT_TRUE(has("t.md:7: unknown key 'extra'"));
  EXPECT_EQ(problems_of("---\nid: [1\n---\n").at(0).rfind("t.md:", 0), 0u);
}

TEST(CurriculumYaml, ParsesAndChecks) {
  std::vector<std::string> problems;
  const auto c = parse_curriculum("title: HTML/CSS\nposition: 1\ndescription: 基礎\nmilestone: html_css_tasks_approved\n",
                                  "html-css", "html-css/curriculum.yaml", problems);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->milestone, "html_css_tasks_approved");
  EXPECT_FALSE(parse_curriculum("title: x\nposition: 1\nmilestone: Bad Kind\n", "Bad_Name", "c.yaml", problems));
  EXPECT_EQ(problems.size(), 2u);
}

TEST(ReviewNotes, OnlyTheTwoNotesAreServed) {
  EXPECT_EQ(camp::find_review_note("README"), std::nullopt);
  EXPECT_EQ(camp::find_review_note("../rules-for-basic-mentors"), std::nullopt);
}
