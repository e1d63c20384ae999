#pragma once
// School data to load into a database: the demo (`camp db seed --demo`) or a fixture file
// (`camp db seed FILE.yaml`, format in docs/seeds.md). Loading is idempotent: entries are
// matched by natural keys (an account's e-mail, a category's parent and name, a question's
// author and title, an answer's author and body), written when new or different and left
// alone when equal, so loading the same data twice changes nothing. Nothing is deleted.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"

namespace camp::seed {

// Where an entry or a field came from in its file (1-based; 0 for built-in data).
struct Where {
  int line = 0, column = 0;
};

struct AccountEntry {
  Where at;
  std::map<std::string, Where> fields;
  std::string email, role, nickname, password;
  std::optional<std::string> course;
};

struct CategoryEntry {
  Where at;
  std::string name;
  std::optional<std::string> search_name;
  std::vector<CategoryEntry> lists;  // children (one level)
};

struct AnswerEntry {
  Where at;
  std::map<std::string, Where> fields;
  std::string author, body;
  bool solution = false;
};

struct QuestionEntry {
  Where at;
  std::map<std::string, Where> fields;
  std::string author, parent_category, category, title, body;
  bool pick_up = false;
  std::vector<AnswerEntry> answers;
};

struct EventEntry {
  Where at;
  std::map<std::string, Where> fields;
  std::string title, tag, capacity, date, start, end, description, meeting_url;
  std::string status = "published";  // draft | published | cancelled
  std::vector<std::string> participants;  // e-mails, in joining order (past capacity: the waitlist)
};

// One section per domain, in the order they are written (lib/seed/domains.cpp).
struct Fixture {
  std::string source;  // file name, or "demo"
  std::vector<AccountEntry> accounts;
  std::vector<CategoryEntry> categories;
  std::vector<QuestionEntry> questions;
  std::vector<EventEntry> events;
};

struct Counts {
  int created = 0, updated = 0, unchanged = 0;
};
// What a load did, per section (in order): "accounts", "question_categories", ...
using Report = std::vector<std::pair<std::string, Counts>>;

// Reads a fixture file. Throws Error(invalid) naming FILE:LINE:COLUMN of every problem in
// its shape or fields, Error(not_found) when it cannot be read.
Fixture read_fixture_file(const std::string& path);
Fixture read_fixture_yaml(const std::string& yaml, const std::string& source);
// The demo school: one account per role, the default categories, a few questions.
Fixture demo_fixture();

// Checks every entry against the database first (references, courses, ...); when any is
// wrong throws Error(invalid) listing them all and writes nothing. Then writes, domain by
// domain.
Report load(db::Pool& pool, const Fixture& fixture);

// An admin seeds a fixture's YAML over the API (POST /api/v1/seeds): anyone else is refused
// before the text is read; then read_fixture_yaml and load. `camp db seed` on the database's
// own machine calls load directly (its operator holds the database, not an account).
Report seed_as(db::Pool& pool, const accounts::Account& actor, const std::string& yaml, const std::string& source);

}  // namespace camp::seed
