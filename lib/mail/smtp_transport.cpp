// SMTP with libcurl: one easy handle per delivery thread, so libcurl keeps the connection to
// the server open between mails. STARTTLS, authentication and timeouts come from mail.smtp.*.
#include <curl/curl.h>

#include <cstring>
#include <mutex>

#include "mail/transport.hpp"

namespace camp::mail {
namespace {

struct Upload {
  const std::string& data;
  std::size_t sent = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto& up = *static_cast<Upload*>(user);
  const std::size_t n = std::min(size * count, up.data.size() - up.sent);
  std::memcpy(buffer, up.data.data() + up.sent, n);
  up.sent += n;
  return n;
}

int abort_when_stopping(void* user, curl_off_t, curl_off_t, curl_off_t, curl_off_t) {
  const auto* stopping = static_cast<const std::atomic<bool>*>(user);
  return stopping && stopping->load() ? 1 : 0;
}

void init_curl_once() {
  static std::once_flag global;
  std::call_once(global, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

// Where and how to reach the server: URL, TLS, login and timeouts (sending and probing alike).
void set_connection(CURL* curl, const MailConfig& config) {
  curl_easy_setopt(curl, CURLOPT_URL, config.smtp_url.c_str());
  curl_easy_setopt(curl, CURLOPT_USE_SSL, config.smtp_starttls == "required" ? CURLUSESSL_ALL
                                          : config.smtp_starttls == "try"    ? CURLUSESSL_TRY
                                                                              : CURLUSESSL_NONE);
  if (!config.smtp_username.empty()) {
    curl_easy_setopt(curl, CURLOPT_USERNAME, config.smtp_username.c_str());
    curl_easy_setopt(curl, CURLOPT_PASSWORD, config.smtp_password.c_str());
  }
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, static_cast<long>(config.smtp_connect_timeout_seconds));
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, static_cast<long>(config.smtp_timeout_seconds));
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);  // threads: no SIGALRM for timeouts
}

class SmtpTransport final : public Transport {
 public:
  SmtpTransport(MailConfig config, const std::atomic<bool>* stopping) : config_(std::move(config)), stopping_(stopping) {
    init_curl_once();
    curl_ = curl_easy_init();
    if (!curl_) throw std::runtime_error("libcurl: cannot create a handle");
  }
  ~SmtpTransport() override { curl_easy_cleanup(curl_); }

  void send(const Mail& mail, const std::string& envelope_from, const std::string& message) override {
    Upload upload{message};
    char error[CURL_ERROR_SIZE] = "";
    const std::string from = "<" + envelope_from + ">";
    curl_slist* rcpt = curl_slist_append(nullptr, ("<" + mail.to + ">").c_str());
    set_connection(curl_, config_);
    curl_easy_setopt(curl_, CURLOPT_MAIL_FROM, from.c_str());
    curl_easy_setopt(curl_, CURLOPT_MAIL_RCPT, rcpt);
    curl_easy_setopt(curl_, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl_, CURLOPT_READFUNCTION, read_upload);
    curl_easy_setopt(curl_, CURLOPT_READDATA, &upload);
    curl_easy_setopt(curl_, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(message.size()));
    curl_easy_setopt(curl_, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl_, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl_, CURLOPT_XFERINFOFUNCTION, abort_when_stopping);
    curl_easy_setopt(curl_, CURLOPT_XFERINFODATA, stopping_);
    const CURLcode rc = curl_easy_perform(curl_);
    long reply = 0;
    curl_easy_getinfo(curl_, CURLINFO_RESPONSE_CODE, &reply);
    curl_slist_free_all(rcpt);
    curl_easy_setopt(curl_, CURLOPT_MAIL_RCPT, nullptr);
    curl_easy_setopt(curl_, CURLOPT_ERRORBUFFER, nullptr);
    if (rc == CURLE_OK) return;
    std::string what = std::string("smtp: ") + curl_easy_strerror(rc);
    if (*error) what += std::string(": ") + error;
    if (reply) what += " (reply " + std::to_string(reply) + ")";
    // 5xx: the server refused this mail for good (RFC 5321 4.2.1); anything else may pass later.
    // A refused login is the configuration's fault, not the mail's: retried like a network error.
    throw SendFailure(what, reply >= 500 && reply < 600 && rc != CURLE_LOGIN_DENIED);
  }

  std::string describe() const override { return "SMTP " + config_.smtp_url + " (STARTTLS " + config_.smtp_starttls + ")"; }

 private:
  MailConfig config_;
  const std::atomic<bool>* stopping_;
  CURL* curl_ = nullptr;
};

}  // namespace

std::unique_ptr<Transport> make_smtp_transport(const MailConfig& config, const std::atomic<bool>* stopping) {
  return std::make_unique<SmtpTransport>(config, stopping);
}

void probe_smtp(const MailConfig& config) {
  init_curl_once();
  CURL* curl = curl_easy_init();
  if (!curl) throw std::runtime_error("libcurl: cannot create a handle");
  char error[CURL_ERROR_SIZE] = "";
  set_connection(curl, config);
  // Connecting is the whole SMTP session up to a transaction: greeting, EHLO, STARTTLS, AUTH.
  curl_easy_setopt(curl, CURLOPT_CONNECT_ONLY, 1L);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
  const CURLcode rc = curl_easy_perform(curl);
  curl_easy_cleanup(curl);
  if (rc == CURLE_OK) return;
  std::string what = std::string("smtp: ") + curl_easy_strerror(rc);
  if (*error) what += std::string(": ") + error;
  throw SendFailure(what, false);
}

}  // namespace camp::mail
