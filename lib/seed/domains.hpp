#pragma once
// How each domain takes part in seeding. A domain adds one file here (its fixture section,
// its checks, its writer and its demo data) and one line to the list in domains.cpp.
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "accounts/service.hpp"
#include "questions/question_categories.hpp"
#include "questions/service.hpp"
#include "seed/fixture.hpp"
#include "seed/problems.hpp"
#include "seed/yaml_reader.hpp"

namespace camp::seed {

// The services a seed writes through: the same rules as the API and the CLI.
struct Services {
  explicit Services(db::Pool& p) : pool(p), accounts(p), categories(p), questions(p) {}
  db::Pool& pool;
  accounts::AccountService accounts;
  questions::QuestionCategoryService categories;
  questions::QuestionService questions;
};

struct Domain {
  const char* key;  // the fixture's top-level key, and the name in the report
  // The section's shape and field rules (no database).
  void (*read)(const YAML::Node& section, Fixture& out, YamlReader& in);
  // Rules that need the database or other sections (read only).
  void (*check)(Services& s, const Fixture& f, Problems& problems);
  void (*write)(Services& s, const Fixture& f, Counts& counts);
  void (*add_demo)(Fixture& f);
};

// In writing order: a section may refer to those before it.
const std::vector<Domain>& domains();

// accounts.cpp
void read_accounts(const YAML::Node& section, Fixture& out, YamlReader& in);
void check_accounts(Services& s, const Fixture& f, Problems& problems);
void write_accounts(Services& s, const Fixture& f, Counts& counts);
void add_demo_accounts(Fixture& f);
// The role an e-mail will have after the accounts section is written (fixture first, then
// the database); nullopt for an unknown e-mail.
std::optional<accounts::Role> role_after_seed(Services& s, const Fixture& f, const std::string& email);

// questions.cpp: the question box's categories and its questions with their answers.
void read_categories(const YAML::Node& section, Fixture& out, YamlReader& in);
void check_categories(Services& s, const Fixture& f, Problems& problems);
void write_categories(Services& s, const Fixture& f, Counts& counts);
void add_demo_categories(Fixture& f);
void read_questions(const YAML::Node& section, Fixture& out, YamlReader& in);
void check_questions(Services& s, const Fixture& f, Problems& problems);
void write_questions(Services& s, const Fixture& f, Counts& counts);
void add_demo_questions(Fixture& f);

// events.cpp: events with their participants and waitlists (dates relative to today allowed).
void read_events(const YAML::Node& section, Fixture& out, YamlReader& in);
void check_events(Services& s, const Fixture& f, Problems& problems);
void write_events(Services& s, const Fixture& f, Counts& counts);
void add_demo_events(Fixture& f);

}  // namespace camp::seed
