#pragma once
// Where a composed message goes: an SMTP server (smtp_transport.cpp, libcurl) or, with no
// SMTP server configured, an .eml file under data_dir/mail (eml_transport.cpp).
#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/config.hpp"
#include "mail/model.hpp"

namespace camp::mail {

// A delivery that did not happen. Permanent failures (an SMTP 5xx reply: unknown recipient,
// message refused) are not retried.
class SendFailure : public std::runtime_error {
 public:
  SendFailure(const std::string& what, bool permanent) : std::runtime_error(what), permanent_(permanent) {}
  bool permanent() const { return permanent_; }

 private:
  bool permanent_;
};

class Transport {
 public:
  virtual ~Transport() = default;
  // Throws SendFailure when the message was not accepted.
  virtual void send(const Mail& mail, const std::string& envelope_from, const std::string& message) = 0;
  virtual std::string describe() const = 0;
};

// The configured transport; `stopping` aborts a transfer in progress at shutdown.
std::unique_ptr<Transport> make_transport(const Config& config, const std::atomic<bool>* stopping);

std::unique_ptr<Transport> make_smtp_transport(const MailConfig& config, const std::atomic<bool>* stopping);
std::unique_ptr<Transport> make_eml_transport(const std::string& directory);

// Connects to mail.smtp.url and logs in (greeting, EHLO, STARTTLS, AUTH) without sending
// anything; throws SendFailure saying what failed (camp doctor).
void probe_smtp(const MailConfig& config);

}  // namespace camp::mail
