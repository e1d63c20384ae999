#pragma once
// The reviews' section of the mentors' daily digest (lib/mail/waiting.hpp): submissions that
// have waited for a first review for mail.digest.unanswered_days or longer, oldest first.
#include "db/pool.hpp"
#include "mail/waiting.hpp"

namespace camp::reviews {

mail::DigestSection waiting_submissions(db::Tx& tx, const mail::DigestContext& ctx);

}  // namespace camp::reviews
