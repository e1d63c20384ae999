#pragma once
// Turns an outbox row into the bytes of an RFC 5322 / MIME message: UTF-8 throughout,
// RFC 2047 encoded-words in headers, each body part in quoted-printable or base64 (whichever
// is shorter: base64 for mostly-Japanese text), a text/plain part always and text/html as
// multipart/alternative when the template has one. Deterministic: the same row gives the same
// bytes, so a resend is the same message (same Message-ID).
#include <string>

#include "mail/model.hpp"

namespace camp::mail {

struct Sender {
  std::string address;  // envelope sender and From:
  std::string name;     // From: display name, may be empty
  std::string domain() const;
};

std::string compose(const Mail& mail, const Sender& from);
// "<message_key@domain>"
std::string message_id(const Mail& mail, const Sender& from);
// RFC 5322 date in Japan time (+0900), e.g. "Mon, 24 Nov 2026 09:30:00 +0900".
std::string rfc5322_date(std::int64_t epoch_seconds);

}  // namespace camp::mail
