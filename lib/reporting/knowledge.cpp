#include "reporting/knowledge.hpp"

#include "accounts/model.hpp"
#include "db/arrays.hpp"

namespace camp::reporting {
namespace {

// $1 the search patterns (regular expressions, matched case-blind), $2 the staff roles, $3 how many.
constexpr db::Statement kVouchedSolutions{
    "reporting.vouched_solutions",
    "SELECT * FROM (SELECT q.id, q.title, x.body, "
    "  (SELECT count(*) FROM unnest($1::text[]) p WHERE q.title ~* p)::int AS in_title, "
    "  (SELECT count(*) FROM unnest($1::text[]) p WHERE q.search_text ~* p OR x.body ~* p)::int AS matched "
    "FROM questions q JOIN answers x ON x.id = q.solved_answer_id JOIN accounts author ON author.id = x.account_id "
    "LEFT JOIN accounts chooser ON chooser.id = q.solution_chosen_by "
    "WHERE (author.role = ANY ($2::text[]) OR (chooser.role = ANY ($2::text[]) AND x.updated_at <= q.solution_chosen_at)) "
    "AND (q.search_text ~* ANY ($1::text[]) OR x.body ~* ANY ($1::text[]))) found "
    "ORDER BY matched + in_title DESC, id DESC LIMIT $3"};
// $1 the search patterns, $2 how many.
constexpr db::Statement kTasks{
    "reporting.matching_tasks",
    "SELECT * FROM (SELECT t.id, t.curriculum_name, t.title, t.body, "
    "  (SELECT count(*) FROM unnest($1::text[]) p WHERE t.title ~* p)::int AS in_title, "
    "  (SELECT count(*) FROM unnest($1::text[]) p WHERE t.title ~* p OR t.body ~* p)::int AS matched "
    "FROM tasks t WHERE t.title ~* ANY ($1::text[]) OR t.body ~* ANY ($1::text[])) found "
    "ORDER BY matched + in_title DESC, id LIMIT $2"};

// Roles whose answers (or choice of a solution) the school vouches for.
std::string staff_roles() {
  using accounts::Role;
  std::vector<std::string> names;
  for (const auto role : {Role::admin, Role::basic_mentor, Role::advanced_mentor, Role::spot_advanced_mentor})
    names.emplace_back(accounts::to_string(role));
  return db::text_array(names);
}

}  // namespace

std::vector<KnowledgeHit> vouched_solutions(db::Tx& tx, const std::vector<std::string>& patterns, int limit) {
  std::vector<KnowledgeHit> out;
  for (const auto& r : tx.exec(kVouchedSolutions, db::text_array(patterns), staff_roles(), limit))
    out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(), r[2].as<std::string>(), "", r[3].as<int>(),
                   r[4].as<int>()});
  return out;
}

std::vector<KnowledgeHit> matching_tasks(db::Tx& tx, const std::vector<std::string>& patterns, int limit) {
  std::vector<KnowledgeHit> out;
  for (const auto& r : tx.exec(kTasks, db::text_array(patterns), limit))
    out.push_back({r[0].as<std::int64_t>(), r[2].as<std::string>(), r[3].as<std::string>(), r[1].as<std::string>(),
                   r[4].as<int>(), r[5].as<int>()});
  return out;
}

}  // namespace camp::reporting
