#include "mail/mime.hpp"

#include "core/school_time.hpp"
#include "mail/encoding.hpp"

namespace camp::mail {
namespace {

struct EncodedBody {
  const char* encoding;
  std::string bytes;
};

EncodedBody encode_body(const std::string& text) {
  auto qp = quoted_printable(text);
  auto b64 = base64(crlf_lines(text));
  if (b64.size() < qp.size()) return {"base64", std::move(b64)};
  return {"quoted-printable", std::move(qp)};
}

std::string part(const char* type, const std::string& text) {
  const auto body = encode_body(text);
  std::string out = "Content-Type: ";
  out += type;
  out += "; charset=UTF-8\r\nContent-Transfer-Encoding: ";
  out += body.encoding;
  out += "\r\n\r\n";
  out += body.bytes;
  out += "\r\n";
  return out;
}

}  // namespace

std::string Sender::domain() const { return address.substr(address.rfind('@') + 1); }

std::string message_id(const Mail& mail, const Sender& from) { return "<" + mail.message_key + "@" + from.domain() + ">"; }

std::string rfc5322_date(std::int64_t epoch_seconds) {
  return format_school(unix_time(epoch_seconds), "%a, %d %b %Y %T %z");
}

std::string compose(const Mail& mail, const Sender& from) {
  std::string out;
  out += "From: " + mailbox(from.name, from.address) + "\r\n";
  out += header_field("To", mail.to);
  out += header_field("Subject", mail.subject);
  out += header_field("Date", rfc5322_date(mail.created_at));
  out += header_field("Message-ID", message_id(mail, from));
  out += "MIME-Version: 1.0\r\n";
  if (mail.bulk && mail.unsubscribe_url) {
    out += header_field("List-Unsubscribe", "<" + *mail.unsubscribe_url + ">");
    out += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
  }
  // The links go in only now, from the row's links (a sent mail has none: without_links).
  const auto text = fill_links(mail.text_body, mail.links, false, std::nullopt);
  if (!mail.html_body) return out + part("text/plain", text);
  // "=_" never occurs in quoted-printable or base64 output, so the boundary cannot either.
  const std::string boundary = "=_camp_" + mail.message_key;
  out += "Content-Type: multipart/alternative;\r\n boundary=\"" + boundary + "\"\r\n\r\n";
  out += "--" + boundary + "\r\n" + part("text/plain", text);
  out += "--" + boundary + "\r\n" + part("text/html", fill_links(*mail.html_body, mail.links, true, std::nullopt));
  out += "--" + boundary + "--\r\n";
  return out;
}

}  // namespace camp::mail
