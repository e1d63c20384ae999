#pragma once
// A deletion request (Japan's APPI) carried out by anonymisation (docs/privacy.md "Deletion
// requests"): the account keeps its id, so the questions, answers, submissions, reviews and
// event participations it wrote stay and are named 退会したユーザー (the display-name rule,
// migration 0038); everything personal goes, in one transaction, and cannot be undone.
// `camp accounts anonymise` and POST /api/v1/accounts/{id}/anonymisation (admins).
#include <cstdint>
#include <string>
#include <vector>

#include "accounts/model.hpp"
#include "accounts/session_cache.hpp"
#include "core/clock.hpp"
#include "db/pool.hpp"
#include "questions/question_list_cache.hpp"

namespace camp::privacy {

struct Anonymised {
  std::int64_t account_id = 0;
  int answers_purged = 0;  // subsidy answers whose retention had already ended
};

class AnonymisationService {
 public:
  // `subsidy_retention_years`: how long after the course end the sealed questionnaire answers
  // of an anonymised account are kept (config privacy.subsidy_retention_years).
  AnonymisationService(db::Pool& pool, int subsidy_retention_years,
                       accounts::SessionCache* sessions, questions::QuestionListCache* lists, const Clock& clock);

  // Admins only (403). The reason is required (422), goes to the audit log with the account
  // id and nothing else. 404 for no such account, 409 when it is anonymised already, 422 for
  // an admin account (change its role first).
  Anonymised anonymise(const accounts::Account& actor, std::int64_t account_id, const std::string& reason);

  // Housekeeping: deletes the answers whose retention ended. How many went.
  int purge_expired_answers();

  // The unique, undeliverable address an anonymised account keeps (RFC 2606 .invalid).
  static std::string placeholder_email(std::int64_t account_id);

 private:
  db::Pool& pool_;
  int retention_years_;
  accounts::SessionCache* sessions_;
  questions::QuestionListCache* lists_;
  const Clock& clock_;
};

}  // namespace camp::privacy
