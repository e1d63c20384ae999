// Repository URLs (the clone-source rule) and task files' front matter.
#include <gtest/gtest.h>

#include "curriculum/content.hpp"
#include "curriculum/repository_url.hpp"
#include "review_notes.hpp"

using namespace camp::curriculum;

TEST(RepositoryUrl, ValidationMessages) {
  EXPECT_EQ(repository_url_problem(""), "URLは必須です");
  EXPECT_EQ(repository_url_problem("  \t"), "URLは必須です");
  EXPECT_EQ(repository_url_problem("\u3000\u00A0\u2003"), "URLは必須です");
  for (const std::string& bad : std::initializer_list<std::string>{
           "github.com/me/x",
           "ftp://github.com/me/x",
           "javascript:alert(1)",
           "https://",
           "https:///me/x",
           "http:/github.com/me/x",
           "https:github.com/me/x",
           "https://github.com/me/x y",
           "https://github.com/me/\tx",
           "https://github.com/me/%00x",
           "https://.github.com/me/x",
           "https://github..com/me/x",
           "https://-github.com/me/x",
           "https://git_hub.com/me/x",
           "https://ギットハブ.com/me/x",
           "https://ｇｉｔｈｕｂ.com/me/x",  // full-width: a browser maps it to github.com
           "https://github.com:99999/me/x",
           "https://github.com%2Fme/x",
           // User info: it hides the host, and a browser reads `\` as `/` (host evil.example).
           "https://evil.example\\@github.com/x/y",
           "https://evil.example\\github.com/x/y",
           "https://me@github.com/me/x",
           "https://me:token@github.com/me/x",
           "https://github.com/" + std::string(482, 'a'),  // 501 bytes
       })
    EXPECT_EQ(repository_url_problem(bad), "不正なURLです") << bad;
  for (const std::string& fine : std::initializer_list<std::string>{
           "https://github.com/me/x",
           "HTTP://GitHub.com/me/x.git",
           " https://gitlab.com/me/x ",
           "\u3000https://gitlab.com/me/x\u00A0",
           "https://git.example.com:8443/group/sub/x",
           "https://[::1]:8080/me/x",
           "https://192.168.0.10/me/x",
           "https://github.com/me/x?tab=readme#top",
           "https://github.com/" + std::string(481, 'a'),  // 500 bytes
       })
    EXPECT_EQ(repository_url_problem(fine), std::nullopt) << fine;
}

TEST(RepositoryUrl, TheCloneSourceRuleWithVariants) {
  const std::optional<std::string> source = "https://github.com/potepan/portfolio-template";
  for (const char* same : {
           "https://github.com/potepan/portfolio-template",
           "http://github.com/potepan/portfolio-template",
           "https://GITHUB.com/potepan/portfolio-template",
           "https://github.com/Potepan/Portfolio-Template",  // owners and repositories ignore case
           "https://www.github.com/potepan/portfolio-template",
           "https://WWW.GitHub.com./potepan/portfolio-template",
           "https://github.com./potepan/portfolio-template",
           "https://github.com:443/potepan/portfolio-template",
           "http://github.com:80/potepan/portfolio-template",
           "https://github.com:0443/potepan/portfolio-template",
           "https://%67ithub.com/potepan/portfolio-template",
           "https://github.com//potepan//portfolio-template",
           "https://github.com/potepan/portfolio-template/",
           "https://github.com/potepan/portfolio-template.git",
           "https://github.com/potepan/portfolio-template.GIT/",
           "https://github.com/potepan/portfolio-template/.git//",
           "https://github.com/potepan/portfolio-template/tree/main",
           "https://github.com/potepan/portfolio-template/blob/main/README.md",
           "https://github.com/potepan/%70ortfolio-template",
           "https://github.com/%50otepan/portfolio%2Dtemplate",
           "https://github.com/me/../potepan/portfolio-template",
           "https://github.com/me/%2e%2e/potepan/./portfolio-template",
           "HTTPS://github.com/potepan/portfolio-template?tab=readme",
           "https://github.com/potepan/portfolio-template#readme",
       })
    EXPECT_TRUE(is_clone_source(same, source)) << same;
  for (const char* other : {
           "https://github.com/me/portfolio-template",
           "https://github.com/potepan/portfolio-template-2",
           "https://github.com/potepan/portfolio",
           "https://github.com/potepan",
           "https://github.com/portfolio-template",
           "https://gitlab.com/potepan/portfolio-template",
           "https://github.com:8443/potepan/portfolio-template",
           "https://www2.github.com/potepan/portfolio-template",
           "https://github.com.evil.example/potepan/portfolio-template",
           "https://gist.github.com/potepan/portfolio-template",
       })
    EXPECT_FALSE(is_clone_source(other, source)) << other;
  EXPECT_FALSE(is_clone_source("https://github.com/potepan/portfolio-template", std::nullopt));
  // A source with no path names no repository: nothing on its host is refused for it.
  EXPECT_FALSE(is_clone_source("https://github.com/me/x", std::optional<std::string>("https://github.com/")));
  // The source's own spelling does not matter either.
  EXPECT_TRUE(is_clone_source("https://github.com/a/b", std::optional<std::string>("http://www.GitHub.com./a/b.git")));
  EXPECT_EQ(repository_key("https://www.GitHub.com.:443/A//b.git/tree/main?x#y"), "github.com/a/b/tree/main");
  EXPECT_EQ(repository_key("https://git.example.com:8443/G/r"), "git.example.com:8443/g/r");
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
