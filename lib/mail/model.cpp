#include "mail/model.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/school_time.hpp"

namespace camp::mail {

const char* to_string(Status s) {
  switch (s) {
    case Status::queued: return "queued";
    case Status::sent: return "sent";
    case Status::failed: return "failed";
  }
  return "queued";
}

Status status_from(const std::string& s) {
  if (s == "sent") return Status::sent;
  if (s == "failed") return Status::failed;
  return Status::queued;
}

nlohmann::json to_json(const Mail& m, bool with_bodies) {
  nlohmann::json j = {{"id", m.id},
                      {"to", m.to},
                      {"template", m.template_name},
                      {"subject", m.subject},
                      {"status", to_string(m.status)},
                      {"attempts", m.attempts},
                      {"bulk", m.bulk},
                      {"created_at", iso_utc(unix_time(m.created_at))},
                      {"next_attempt_at", m.status == Status::queued ? nlohmann::json(iso_utc(unix_time(m.next_attempt_at))) : nullptr},
                      {"sent_at", m.sent_at ? nlohmann::json(iso_utc(unix_time(*m.sent_at))) : nullptr},
                      {"last_error", m.last_error ? nlohmann::json(*m.last_error) : nullptr}};
  if (with_bodies) {
    j["message_key"] = m.message_key;
    j["unsubscribe_url"] = m.unsubscribe_url ? nlohmann::json(*m.unsubscribe_url) : nullptr;
    j["text_body"] = m.text_body;
    j["html_body"] = m.html_body ? nlohmann::json(*m.html_body) : nullptr;
  }
  return j;
}

Mail without_links(const Mail& m) {
  const auto notice = m.status == Status::sent ? msg::mail_link_removed : msg::mail_link_withheld;
  Mail out = m;
  out.links.clear();
  out.unsubscribe_url.reset();  // the one-click URL unsubscribes whoever posts to it
  out.text_body = fill_links(m.text_body, {}, false, notice);
  if (m.html_body) out.html_body = fill_links(*m.html_body, {}, true, notice);
  return out;
}

void check_address(const std::string& address) {
  const auto at = address.rfind('@');
  const bool ok = address.size() >= 3 && address.size() <= 254 && at != std::string::npos && at > 0 &&
                  at + 1 < address.size() && address.find('@') == at &&
                  std::all_of(address.begin(), address.end(), [](char c) {
                    return c > 0x20 && c < 0x7f && c != '<' && c != '>' && c != '"' && c != '(' && c != ')' &&
                           c != ',' && c != ';' && c != '\\';
                  });
  if (!ok) throw Error(errc::invalid, "not a deliverable mail address: '" + address + "'");
}

}  // namespace camp::mail
