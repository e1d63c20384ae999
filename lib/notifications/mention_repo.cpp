#include "notifications/mention_repo.hpp"

#include "db/arrays.hpp"

namespace camp::notifications::mention_repo {
namespace {

constexpr db::Statement kNamed{
    "mentions.named",
    "SELECT id, nickname, image_url, role, display_name FROM people WHERE nickname = ANY ($1::text[]) ORDER BY id "
    "LIMIT 1000"};
// The prefix's wildcards are escaped by the caller; lower() on both sides, so the
// (lower(nickname) text_pattern_ops) index serves it (migration 0031).
constexpr db::Statement kStartingWith{
    "mentions.starting_with",
    "SELECT id, nickname, image_url, role, display_name FROM people "
    "WHERE nickname <> '' AND lower(nickname) LIKE lower($1) || '%' AND (role = ANY ($2::text[]) OR id = $3::int8) "
    "ORDER BY lower(nickname), id LIMIT $4"};

std::vector<Named> read(const pqxx::result& rows) {
  std::vector<Named> out;
  out.reserve(rows.size());
  for (const auto& r : rows)
    out.push_back({r[0].as<std::int64_t>(), r[1].as<std::string>(),
                   r[2].is_null() ? std::nullopt : std::optional(r[2].as<std::string>()), r[3].as<std::string>(),
                   r[4].as<std::string>()});
  return out;
}

std::string escape_like(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c == '%' || c == '_' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::vector<Named> accounts_named(db::Tx& tx, const std::vector<std::string>& nicknames) {
  return read(tx.exec(kNamed, db::text_array(nicknames)));
}

std::vector<Named> starting_with(db::Tx& tx, const std::string& prefix, const std::vector<std::string>& roles,
                                 std::optional<std::int64_t> also, int limit) {
  return read(tx.exec(kStartingWith, escape_like(prefix), db::text_array(roles), also, limit));
}

}  // namespace camp::notifications::mention_repo
