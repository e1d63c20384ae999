#pragma once
// Whom a writer may mention (the editors' autocomplete, GET /api/v1/mentionables): accounts
// whose nickname starts with what was typed, among those who may read what is being written.
// The writer must be able to write there: question (questions and answers: everyone with the
// question box), review (reviewers; with submission_id, the submission's student too),
// mentoring (admins and mentors). Never an e-mail address.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "db/pool.hpp"
#include "notifications/mention_repo.hpp"

namespace camp::notifications {

struct MentionableQuery {
  std::string context;  // question | review | mentoring
  std::string q;        // the start of a nickname (a leading @ or ＠ is ignored); empty: any
  std::optional<std::int64_t> submission_id;  // review: the submission commented on
};

class MentionService {
 public:
  explicit MentionService(db::Pool& pool) : pool_(pool) {}
  // At most limits::mentionables_max, by nickname, never the writer. 422 fields.context or
  // fields.q for a bad one; 403 for a context the writer cannot write in; 404 for a
  // submission that does not exist.
  std::vector<mention_repo::Named> mentionables(const accounts::Account& actor, const MentionableQuery& query);

 private:
  db::Pool& pool_;
};

}  // namespace camp::notifications
