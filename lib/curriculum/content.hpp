#pragma once
// The curriculum content directory (docs/curriculum.md):
//   DIR/<name>/curriculum.yaml    title, position, description, milestone (optional)
//   DIR/<name>/<NN>-<slug>.md     one task: YAML front matter between two `---` lines, then Markdown
// Parsing only: every mistake is collected as "FILE:LINE: what" and nothing is written.
#include <optional>
#include <string>
#include <vector>

namespace camp::curriculum {

struct TaskSpec {
  int id = 0;
  std::string title;
  int position = 0;
  std::string review_level;  // basic | advanced
  std::optional<std::string> source_repository;
  std::string body;  // Markdown after the front matter
  std::string file;
};

struct CurriculumSpec {
  std::string name;  // the directory's name, used in URLs
  std::string title;
  std::string description;
  int position = 0;
  std::optional<std::string> milestone;
  std::vector<TaskSpec> tasks;  // by position
  std::string file;
};

struct Content {
  std::vector<CurriculumSpec> curriculums;  // by position
  std::vector<std::string> problems;        // "FILE:LINE: what"; empty when the content is usable
};

// One task file's text (`file` names it in problems).
std::optional<TaskSpec> parse_task(const std::string& text, const std::string& file, std::vector<std::string>& problems);
// One curriculum.yaml's text; `name` is its directory's name.
std::optional<CurriculumSpec> parse_curriculum(const std::string& text, const std::string& name, const std::string& file,
                                               std::vector<std::string>& problems);
// The whole directory, with the checks across files (unique task ids and positions).
Content read_content(const std::string& dir);

}  // namespace camp::curriculum
