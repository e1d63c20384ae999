// The list of seeded domains, and reading and loading a whole fixture.
#include "seed/domains.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/utf8.hpp"

namespace camp::seed {

const std::vector<Domain>& domains() {
  static const std::vector<Domain> list{
      {"accounts", read_accounts, check_accounts, write_accounts, add_demo_accounts},
      {"question_categories", read_categories, check_categories, write_categories, add_demo_categories},
      {"questions", read_questions, check_questions, write_questions, add_demo_questions},
      {"events", read_events, check_events, write_events, add_demo_events},
  };
  return list;
}

Fixture read_fixture_yaml(const std::string& yaml, const std::string& source) {
  Problems problems(source);
  // Bytes that are not UTF-8 could reach neither PostgreSQL nor a JSON message: the first one
  // is reported where it is, and nothing else is read.
  if (const auto bad = text::invalid_utf8_at(yaml); bad < yaml.size()) {
    const auto before = std::string_view(yaml).substr(0, bad);
    const auto line_start = before.rfind('\n');
    const int line = static_cast<int>(std::count(before.begin(), before.end(), '\n')) + 1;
    const auto column = text::char_count(before.substr(line_start == std::string_view::npos ? 0 : line_start + 1)) + 1;
    problems.add({line, static_cast<int>(column)}, "YAML", std::string(msg::fixture_bad_text));
    problems.throw_if_any();
  }
  YAML::Node root;
  try {
    root = YAML::Load(yaml);
  } catch (const YAML::ParserException& e) {
    problems.add({e.mark.line + 1, e.mark.column + 1}, "YAML", e.msg);
    problems.throw_if_any();
  }
  Fixture fixture;
  fixture.source = source;
  YamlReader in(problems);
  if (!root || root.IsNull()) {
    problems.add({}, "fixture", std::string(msg::fixture_empty));
  } else if (root.IsMap()) {
    for (const auto& item : root) {
      const auto key = item.first.Scalar();
      if (key == "version") {
        if (!item.second.IsScalar() || item.second.Scalar() != "1")
          problems.add(where(item.second), "version", std::string(msg::fixture_version));
        continue;
      }
      const auto& all = domains();
      const auto domain = std::find_if(all.begin(), all.end(), [&](const Domain& d) { return key == d.key; });
      if (domain == all.end()) problems.add(where(item.first), key, std::string(msg::fixture_unknown_key));
      else domain->read(item.second, fixture, in);
    }
  } else {
    problems.add(where(root), "fixture", std::string(msg::fixture_mapping_expected));
  }
  problems.throw_if_any();
  return fixture;
}

Fixture read_fixture_file(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw Error(errc::not_found, "cannot read " + path);
  std::stringstream text;
  text << file.rdbuf();
  return read_fixture_yaml(text.str(), path);
}

Fixture demo_fixture() {
  Fixture fixture;
  fixture.source = "demo";
  for (const auto& d : domains()) d.add_demo(fixture);
  return fixture;
}

Report load(db::Pool& pool, const Fixture& fixture) {
  Services services(pool);
  Problems problems(fixture.source);
  for (const auto& d : domains()) d.check(services, fixture, problems);
  problems.throw_if_any();  // before the first write

  Report report;
  for (const auto& d : domains()) {
    report.emplace_back(d.key, Counts{});
    d.write(services, fixture, report.back().second);
  }
  return report;
}

Report seed_as(db::Pool& pool, const accounts::Account& actor, const std::string& yaml, const std::string& source) {
  if (actor.role != accounts::Role::admin) throw Error(errc::forbidden, std::string(msg::forbidden));
  return load(pool, read_fixture_yaml(yaml, source));
}

}  // namespace camp::seed
