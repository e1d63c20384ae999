#pragma once
// A mail in the outbox (table mail_outbox, migration 0008; docs/mail.md).
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "mail/templates.hpp"

namespace camp::mail {

// What a change asks to send: a template, its values and one recipient.
struct Outgoing {
  std::string to;
  std::string template_name;
  Values values;
  // Placeholders whose values are bearer links (reset, invitation, unsubscribe pages): stored
  // apart from the bodies and erased once the mail is sent (templates.hpp, link_marker).
  Values links;
  // Bulk mail (the magazine, announcements): List-Unsubscribe with this URL and
  // List-Unsubscribe-Post: List-Unsubscribe=One-Click (RFC 8058). Required when bulk.
  bool bulk = false;
  std::string unsubscribe_url;
};

// queued -> sent, or queued -> (retries) -> failed; `camp mail retry` puts failed back to queued.
enum class Status { queued, sent, failed };
const char* to_string(Status s);
Status status_from(const std::string& s);

struct Mail {
  std::int64_t id = 0;
  std::string message_key;  // uuid: the Message-ID's left part
  std::string template_name;
  std::string to;
  std::string subject;
  std::string text_body;
  std::optional<std::string> html_body;
  bool bulk = false;
  std::optional<std::string> unsubscribe_url;  // erased once sent, as `links`
  Values links;  // the values of the bodies' link markers; empty once sent
  Status status = Status::queued;
  int attempts = 0;
  std::int64_t next_attempt_at = 0;  // epoch seconds
  std::optional<std::string> last_error;
  std::int64_t created_at = 0;       // epoch seconds
  std::optional<std::int64_t> sent_at;
};

nlohmann::json to_json(const Mail& m, bool with_bodies);
// The mail as an operator may see it (`camp mail show`): every link replaced by a notice that
// it is put in at sending (queued, failed) or was removed after sending, and no
// List-Unsubscribe URL; never a live link.
Mail without_links(const Mail& m);

// A plain ASCII address (local@domain, no spaces, quotes or angle brackets, at most 254
// characters): all the SMTP envelope and the To: header need. Throws Error(invalid).
void check_address(const std::string& address);

}  // namespace camp::mail
