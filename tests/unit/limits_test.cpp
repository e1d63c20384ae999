// The numeric limits of user input live once, in lib/core/limits.json (camp::limits): the
// contract's bounds (daemon/openapi.yaml, `x-limits`) and the catalogue's messages that quote a
// limit must agree with it, so changing a limit in one place only fails here.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/limits.hpp"
#include "core/messages.hpp"

namespace {

std::optional<int> limit(std::string_view key) {
  for (const auto& [k, v] : camp::limits::catalogue)
    if (k == key) return v;
  return std::nullopt;
}

// Bounds that are facts of a format, not limits of user input.
const std::set<std::string> kNotLimits{
    "components/schemas/Error/properties/error/properties/status",  // an HTTP status: 400..599
    "components/schemas/Gantt/properties/weekday_labels",           // a week: 7 days
    "paths//api/v1/mail_unsubscriptions/{topic}/{id}/parameters/id/schema",  // a signed id's length
};

const std::vector<std::string> kUpper{"maxLength", "maximum", "maxItems"};
const std::vector<std::string> kLower{"minLength", "minimum", "minItems"};

struct Finding {
  std::string where, what;
};

// Walks every mapping of the document; `where` names it by keys (a parameter by its name).
void walk(const YAML::Node& node, const std::string& where, std::vector<Finding>& out, std::set<std::string>& used) {
  if (node.IsSequence()) {
    for (std::size_t i = 0; i < node.size(); ++i) {
      const auto& item = node[i];
      const auto name = item.IsMap() && item["name"] && item["name"].IsScalar() ? item["name"].as<std::string>() : std::to_string(i);
      walk(item, where + "/" + name, out, used);
    }
    return;
  }
  if (!node.IsMap()) return;
  std::set<std::string> covered;
  if (const auto& named = node["x-limits"]) {
    if (!named.IsSequence()) out.push_back({where, "x-limits must be a list of keys of lib/core/limits.json"});
    for (const auto& k : named) {
      const auto key = k.as<std::string>();
      used.insert(key);
      const auto value = limit(key);
      if (!value) {
        out.push_back({where, "x-limits names '" + key + "', which lib/core/limits.json lacks"});
        continue;
      }
      const bool upper = key.find("_max") != std::string::npos;
      std::vector<std::string> present;
      for (const auto& keyword : upper ? kUpper : kLower)
        if (node[keyword]) present.push_back(keyword);
      if (present.size() != 1) {
        out.push_back({where, "'" + key + "' needs exactly one " + (upper ? "maxLength/maximum/maxItems" : "minLength/minimum/minItems")});
        continue;
      }
      covered.insert(present[0]);
      const auto declared = node[present[0]].as<long long>();
      if (declared != *value)
        out.push_back({where, present[0] + " is " + std::to_string(declared) + ", lib/core/limits.json's " + key + " is " +
                                  std::to_string(*value)});
    }
  }
  if (!kNotLimits.count(where))
    for (const auto& keyword : kUpper)
      if (node[keyword] && !covered.count(keyword))
        out.push_back({where, keyword + " " + node[keyword].as<std::string>() + " names no limit (x-limits)"});
  for (const auto& member : node) walk(member.second, where + "/" + member.first.as<std::string>(), out, used);
}

struct Walked {
  std::vector<Finding> findings;
  std::set<std::string> used;
};

Walked walk_contract(const YAML::Node& doc) {
  Walked w;
  for (const auto& member : doc) walk(member.second, member.first.as<std::string>(), w.findings, w.used);
  return w;
}

const YAML::Node& contract() {
  static const auto d = YAML::LoadFile(CAMP_SOURCE_DIR "/daemon/openapi.yaml");
  return d;
}

}  // namespace

TEST(Limits, TheContractsBoundsAreTheLimitsFile) {
  const auto w = walk_contract(contract());
  for (const auto& f : w.findings) ADD_FAILURE() << "daemon/openapi.yaml " << f.where << ": " << f.what;
  EXPECT_FALSE(w.used.empty());
}

TEST(Limits, TheCheckFailsOnADriftedOrUnnamedBound) {
  const auto doc = YAML::Load(R"(
a: { type: string, maxLength: 81, x-limits: [nickname_max] }
b: { type: string, maxLength: 80 }
c: { type: integer, minimum: 1, maximum: 1000, x-limits: [event_capacity_min, event_capacity_max] }
d: { type: string, maxLength: 80, x-limits: [no_such_max] }
e: { type: string, x-limits: [nickname_max] }
)");
  const auto w = walk_contract(doc);
  using Whats = std::vector<std::string>;
  std::map<std::string, Whats> by_where;
  for (const auto& f : w.findings) by_where[f.where].push_back(f.what);
  EXPECT_EQ(by_where["a"], Whats{"maxLength is 81, lib/core/limits.json's nickname_max is 80"});
  EXPECT_EQ(by_where["b"], Whats{"maxLength 80 names no limit (x-limits)"});
  EXPECT_FALSE(by_where.count("c"));
  EXPECT_EQ(by_where["d"], (Whats{"x-limits names 'no_such_max', which lib/core/limits.json lacks",
                                  "maxLength 80 names no limit (x-limits)"}));
  EXPECT_EQ(by_where["e"], Whats{"'nickname_max' needs exactly one maxLength/maximum/maxItems"});
}

// The specification's messages quote some limits ("80文字以内"): each must quote the file's number.
TEST(Limits, TheMessagesQuoteTheLimitsTheyAreAbout) {
  using namespace camp;
  const std::vector<std::pair<std::string_view, int>> quoted{
      {msg::password_too_short, limits::password_min},
      {msg::password_too_long, limits::password_max},
      {msg::nickname_too_long, limits::nickname_max},
      {msg::student_name_too_long, limits::student_name_max},
      {msg::mentoring_body_too_long, limits::mentoring_body_max},
      {msg::title_too_long, limits::question_title_max},
      {msg::body_too_long, limits::question_body_max},
      {msg::body_too_long, limits::answer_body_max},
      {msg::category_name_too_long, limits::category_name_max},
      {msg::category_search_name_too_long, limits::category_search_name_max},
      {msg::review_comment_too_long, limits::review_comment_max},
      {msg::event_title_too_long, limits::event_title_max},
      {msg::event_description_too_long, limits::event_description_max},
      {msg::event_capacity_at_least_one, limits::event_capacity_min},
      {msg::event_capacity_max, limits::event_capacity_max},
      {msg::event_tag_name_too_long, limits::event_tag_name_max},
      {msg::questionnaire_reason_too_long, limits::audit_reason_max},
      {msg::anonymisation_reason_too_long, limits::audit_reason_max},
      {msg::idempotency_key_invalid, limits::idempotency_key_max},
      {msg::announcement_title_too_long, limits::announcement_title_max},
      {msg::announcement_body_too_long, limits::announcement_body_max},
  };
  for (const auto& [text, value] : quoted) {
    const auto number = std::to_string(value);
    const auto at = text.find(number);
    const auto digit = [&](std::size_t i) { return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); };
    const bool alone = at != std::string_view::npos && !digit(at + number.size()) && (at == 0 || !digit(at - 1));
    EXPECT_TRUE(alone) << "'" << text << "' does not quote " << number;
  }
}

// The pixel limit is quoted in 万 (ten thousands), as a Japanese reader counts.
TEST(Limits, ThePixelMessageQuotesThePixelLimit) {
  using namespace camp;
  ASSERT_EQ(limits::upload_pixels_max % 10000, 0);
  const auto quoted = "（" + std::to_string(limits::upload_pixels_max / 10000) + "万画素まで）";
  EXPECT_NE(msg::image_too_many_pixels.find(quoted), std::string_view::npos) << msg::image_too_many_pixels;
}
