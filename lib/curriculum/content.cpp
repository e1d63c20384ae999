#include "curriculum/content.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "core/limits.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "curriculum/repository_url.hpp"

namespace camp::curriculum {
namespace fs = std::filesystem;
namespace {

// Reports problems for one file; YAML marks are 0-based, `first_line` is where the YAML starts.
struct Reporter {
  const std::string& file;
  int first_line;
  std::vector<std::string>& problems;

  void at(int line, const std::string& what) { problems.push_back(file + ":" + std::to_string(line) + ": " + what); }
  void at(const YAML::Node& node, const std::string& what) { at(node.Mark().line + first_line, what); }
};

std::optional<std::string> scalar(const YAML::Node& map, const char* key, Reporter& r, bool required) {
  const auto node = map[key];
  if (!node || node.IsNull()) {
    if (required) r.at(map, std::string(key) + " is required");
    return std::nullopt;
  }
  if (!node.IsScalar()) {
    r.at(node, std::string(key) + " must be a single value");
    return std::nullopt;
  }
  const auto text = node.Scalar();
  if (!text::valid_utf8(text)) {
    r.at(node, std::string(key) + " is not valid UTF-8");
    return std::nullopt;
  }
  return text;
}

std::optional<int> integer(const YAML::Node& map, const char* key, Reporter& r, int min) {
  const auto text = scalar(map, key, r, true);
  if (!text) return std::nullopt;
  if (text->empty() || text->size() > 9 || text->find_first_not_of("0123456789") != std::string::npos ||
      std::stoi(*text) < min) {
    r.at(map[key], std::string(key) + " must be a whole number >= " + std::to_string(min));
    return std::nullopt;
  }
  return std::stoi(*text);
}

void only_keys(const YAML::Node& map, std::initializer_list<const char*> allowed, Reporter& r) {
  for (const auto& kv : map) {
    const auto key = kv.first.Scalar();
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; }))
      r.at(kv.first, "unknown key '" + key + "'");
  }
}

std::optional<YAML::Node> load_mapping(const std::string& text, Reporter& r) {
  try {
    auto node = YAML::Load(text);
    if (!node.IsMap()) {
      r.at(r.first_line, "expected a YAML mapping (key: value lines)");
      return std::nullopt;
    }
    return node;
  } catch (const YAML::Exception& e) {
    r.at(e.mark.line + r.first_line, e.msg);
    return std::nullopt;
  }
}

bool title_ok(const std::string& title) {
  return !text::is_blank(title) && validate::char_count(title) <= 200;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

}  // namespace

std::optional<TaskSpec> parse_task(const std::string& text, const std::string& file, std::vector<std::string>& problems) {
  Reporter r{file, 2, problems};
  const auto before = problems.size();
  // The front matter: the first line is "---", and the next line that is "---" ends it.
  auto line_end = text.find('\n');
  auto first = text.substr(0, line_end);
  if (!first.empty() && first.back() == '\r') first.pop_back();
  if (first != "---" || line_end == std::string::npos) {
    r.at(1, "a task file starts with a '---' line, then its front matter, then '---'");
    return std::nullopt;
  }
  std::size_t pos = line_end + 1, close = std::string::npos, body_at = text.size();
  while (pos < text.size()) {
    const auto end = text.find('\n', pos);
    auto line = text.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line == "---") {
      close = pos;
      body_at = end == std::string::npos ? text.size() : end + 1;
      break;
    }
    if (end == std::string::npos) break;
    pos = end + 1;
  }
  if (close == std::string::npos) {
    r.at(1, "the front matter is not closed by a '---' line");
    return std::nullopt;
  }
  const auto yaml = load_mapping(text.substr(line_end + 1, close - line_end - 1), r);
  if (!yaml) return std::nullopt;
  const auto& m = *yaml;
  only_keys(m, {"id", "title", "position", "review_level", "source_repository"}, r);
  TaskSpec t;
  t.file = file;
  if (const auto id = integer(m, "id", r, 1)) t.id = *id;
  if (const auto title = scalar(m, "title", r, true)) {
    if (!title_ok(*title)) r.at(m["title"], "title must be 1 to 200 characters");
    t.title = *title;
  }
  if (const auto p = integer(m, "position", r, 0)) t.position = *p;
  if (const auto level = scalar(m, "review_level", r, true)) {
    if (*level != "basic" && *level != "advanced") r.at(m["review_level"], "review_level must be basic or advanced");
    t.review_level = *level;
  }
  if (const auto src = scalar(m, "source_repository", r, false)) {
    if (repository_url_problem(*src)) r.at(m["source_repository"], "source_repository must be an http(s) URL");
    t.source_repository = *src;
  }
  t.body = text.substr(body_at);
  if (!text::valid_utf8(t.body)) r.at(1, "the body is not valid UTF-8");
  if (problems.size() != before) return std::nullopt;
  return t;
}

std::optional<CurriculumSpec> parse_curriculum(const std::string& text, const std::string& name, const std::string& file,
                                               std::vector<std::string>& problems) {
  Reporter r{file, 1, problems};
  const auto before = problems.size();
  if (!std::regex_match(name, std::regex("[a-z0-9][a-z0-9-]{0,62}")))
    r.at(1, "the directory name '" + name + "' must be lower-case letters, digits and '-'");
  const auto yaml = load_mapping(text, r);
  if (!yaml) return std::nullopt;
  const auto& m = *yaml;
  only_keys(m, {"title", "position", "description", "milestone"}, r);
  CurriculumSpec c;
  c.name = name;
  c.file = file;
  if (const auto title = scalar(m, "title", r, true)) {
    if (!title_ok(*title)) r.at(m["title"], "title must be 1 to 200 characters");
    c.title = *title;
  }
  if (const auto p = integer(m, "position", r, 0)) c.position = *p;
  if (const auto d = scalar(m, "description", r, false)) {
    if (validate::char_count(*d) > 2000) r.at(m["description"], "description must be at most 2000 characters");
    c.description = *d;
  }
  if (const auto ms = scalar(m, "milestone", r, false)) {
    if (!std::regex_match(*ms, std::regex("[a-z0-9_]{1," + std::to_string(limits::milestone_type_max) + "}")))
      r.at(m["milestone"], "milestone must be lower-case letters, digits and '_'");
    c.milestone = *ms;
  }
  if (problems.size() != before) return std::nullopt;
  return c;
}

Content read_content(const std::string& dir) {
  Content out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    out.problems.push_back(dir + ": not a directory");
    return out;
  }
  std::vector<fs::path> subdirs;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.is_directory() && e.path().filename().string().front() != '.') subdirs.push_back(e.path());
  }
  std::sort(subdirs.begin(), subdirs.end());
  std::map<int, std::string> task_files;  // id -> file, for duplicates across curriculums
  for (const auto& sub : subdirs) {
    const auto yaml_path = sub / "curriculum.yaml";
    if (!fs::exists(yaml_path)) {
      out.problems.push_back(sub.string() + ": curriculum.yaml is missing");
      continue;
    }
    auto c = parse_curriculum(read_file(yaml_path), sub.filename().string(), yaml_path.string(), out.problems);
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(sub))
      if (e.is_regular_file() && e.path().extension() == ".md") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    std::map<int, std::string> positions;
    for (const auto& f : files) {
      auto t = parse_task(read_file(f), f.string(), out.problems);
      if (!t) continue;
      if (const auto [it, fresh] = task_files.emplace(t->id, t->file); !fresh)
        out.problems.push_back(t->file + ":2: task id " + std::to_string(t->id) + " is also used by " + it->second);
      if (const auto [it, fresh] = positions.emplace(t->position, t->file); !fresh)
        out.problems.push_back(t->file + ":2: position " + std::to_string(t->position) + " is also used by " + it->second);
      if (c) c->tasks.push_back(std::move(*t));
    }
    if (c) {
      std::sort(c->tasks.begin(), c->tasks.end(), [](const auto& a, const auto& b) { return a.position < b.position; });
      out.curriculums.push_back(std::move(*c));
    }
  }
  std::stable_sort(out.curriculums.begin(), out.curriculums.end(),
                   [](const auto& a, const auto& b) { return a.position < b.position; });
  return out;
}

}  // namespace camp::curriculum
