#pragma once
// Reading fixture YAML field by field, reporting each mistake with its line (yaml-cpp Mark)
// instead of stopping at the first one.
#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <optional>
#include <string>

#include "seed/problems.hpp"

namespace camp::seed {

Where where(const YAML::Node& node);

class YamlReader {
 public:
  explicit YamlReader(Problems& problems) : problems_(problems) {}

  // A mapping with only `allowed` keys; false (and a problem) when `node` is not a mapping.
  bool mapping(const YAML::Node& node, const std::string& path, std::initializer_list<const char*> allowed);
  // A sequence (absent: none); false (and a problem) when it is something else.
  bool sequence(const YAML::Node& node, const std::string& path);
  // A scalar value as text. Absent or null: nullopt, and a problem when `required`.
  std::optional<std::string> text(const YAML::Node& map, const char* key, const std::string& path, bool required);
  // true/false; absent: `fallback`.
  bool flag(const YAML::Node& map, const char* key, const std::string& path, bool fallback = false);

  // The place of map[key], or of the map when the key is absent.
  static Where field(const YAML::Node& map, const char* key);

  Problems& problems() { return problems_; }

 private:
  Problems& problems_;
};

}  // namespace camp::seed
