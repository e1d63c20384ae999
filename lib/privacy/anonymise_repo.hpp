#pragma once
// The only SQL of a deletion request (privacy/anonymise.hpp). It touches the tables of many
// domains because one request must clear the person from all of them in one transaction.
// Every function runs in the caller's transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "db/pool.hpp"

namespace camp::privacy::anonymise_repo {

struct Person {
  std::string role, email, nickname, student_name, display_name;
  bool anonymised = false;
};
// The account, its row locked FOR UPDATE until the transaction ends.
std::optional<Person> lock(db::Tx& tx, std::int64_t account_id);

// Everything that exists only for the person: sessions (ended first, so every daemon drops
// its cached ones), tokens, secrets, preferences, their notifications, mails to them, their
// AI chats, mentoring records about them, invitations and throttle counts under their e-mail.
void remove_personal_rows(db::Tx& tx, std::int64_t account_id, const std::string& email);
// `needle` replaced in other people's notifications, mails and pending domain events.
void redact_quotes(db::Tx& tx, const std::string& needle, const std::string& replacement);
// The profile pictures' rows go (their blobs with the last row naming them: migration 0039).
void remove_profile_uploads(db::Tx& tx, std::int64_t account_id);
// The account and its student record keep their ids, role, course and dates only.
void scrub(db::Tx& tx, std::int64_t account_id, const std::string& placeholder_email);

// Questionnaire answers of anonymised accounts whose retention ended: `years` after the course
// end (the student record's start plus the course's months; the anonymisation without a
// record), as of `today` (Asia/Tokyo). One account, or every one. How many answers went.
int purge_expired_answers(db::Tx& tx, int years, const std::string& today, std::optional<std::int64_t> account_id);

}  // namespace camp::privacy::anonymise_repo
