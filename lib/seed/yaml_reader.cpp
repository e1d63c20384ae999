#include "seed/yaml_reader.hpp"

#include <algorithm>
#include <cstring>

#include "core/messages.hpp"
#include "core/text.hpp"

namespace camp::seed {

Where where(const YAML::Node& node) {
  const auto mark = node.Mark();
  if (mark.line < 0) return {};
  return {mark.line + 1, mark.column + 1};
}

Where YamlReader::field(const YAML::Node& map, const char* key) {
  const auto value = map[key];
  return value && value.Mark().line >= 0 ? where(value) : where(map);
}

bool YamlReader::mapping(const YAML::Node& node, const std::string& path, std::initializer_list<const char*> allowed) {
  if (!node.IsMap()) {
    problems_.add(where(node), path, std::string(msg::fixture_mapping_expected));
    return false;
  }
  for (const auto& item : node) {
    const auto key = item.first.Scalar();
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* k) { return key == k; }))
      problems_.add(where(item.first), path, msg::fixture_unknown_key_named(key));
  }
  return true;
}

bool YamlReader::sequence(const YAML::Node& node, const std::string& path) {
  if (!node || node.IsNull()) return false;
  if (node.IsSequence()) return true;
  problems_.add(where(node), path, std::string(msg::fixture_sequence_expected));
  return false;
}

std::optional<std::string> YamlReader::text(const YAML::Node& map, const char* key, const std::string& path,
                                            bool required) {
  const auto value = map[key];
  if (!value || value.IsNull()) {
    if (required) problems_.add(where(map), path + "." + key, std::string(msg::fixture_required));
    return std::nullopt;
  }
  if (!value.IsScalar()) {
    problems_.add(where(value), path + "." + key, std::string(msg::fixture_string_expected));
    return std::nullopt;
  }
  // An escape ("\0", "\ud800") can still make bytes PostgreSQL refuses.
  const auto& scalar = value.Scalar();
  if (!text::valid_utf8(scalar) || scalar.find('\0') != std::string::npos) {
    problems_.add(where(value), path + "." + key, std::string(msg::fixture_bad_text));
    return std::nullopt;
  }
  return scalar;
}

bool YamlReader::flag(const YAML::Node& map, const char* key, const std::string& path, bool fallback) {
  const auto value = map[key];
  if (!value || value.IsNull()) return fallback;
  bool out = fallback;
  if (!value.IsScalar() || !YAML::convert<bool>::decode(value, out)) {
    problems_.add(where(value), path + "." + key, std::string(msg::fixture_boolean_expected));
    return fallback;
  }
  return out;
}

}  // namespace camp::seed
