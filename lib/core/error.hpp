#pragma once
// One error type for the whole domain. The code is protocol-neutral: daemon/http/errors.cpp
// maps it to an HTTP status, cmd/exit_codes.cpp to a process exit code.
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace camp {

enum class errc {
  malformed,               // input is not parseable (bad JSON, bad multipart)
  invalid,                 // parseable but fails validation; fields hold the messages
  unauthenticated,         // who you are is unknown
  forbidden,               // known, but not allowed
  not_found,               // no such thing (or hidden from you)
  method_not_allowed,      // the resource exists, the verb does not
  conflict,                // a unique value is taken
  payload_too_large,       // over a configured size
  unsupported_media_type,  // wrong body type
  too_many_requests,       // rate limited; retry_after says when to come back
  unavailable,             // a dependency (PostgreSQL) is down
  internal,                // a bug or an unexpected failure
};

const char* to_string(errc code);

using FieldErrors = std::map<std::string, std::vector<std::string>>;

class Error : public std::runtime_error {
 public:
  Error(errc code, std::string message, FieldErrors fields = {})
      : std::runtime_error(std::move(message)), code_(code), fields_(std::move(fields)) {}

  errc code() const { return code_; }
  // A finer code for clients that act on it (token_revoked, token_expired): the API's
  // `error.code` instead of the errc's name; the status is still the errc's.
  const std::string& reason() const { return reason_; }
  Error& with_reason(std::string reason) {
    reason_ = std::move(reason);
    return *this;
  }
  const FieldErrors& fields() const { return fields_; }
  std::optional<int> retry_after_seconds() const { return retry_after_; }
  Error& with_retry_after(int seconds) {
    retry_after_ = seconds;
    return *this;
  }
  // Extra detail for the log only (never shown to a client).
  const std::string& detail() const { return detail_; }
  Error& with_detail(std::string d) {
    detail_ = std::move(d);
    return *this;
  }

 private:
  errc code_;
  FieldErrors fields_;
  std::optional<int> retry_after_;
  std::string detail_;
  std::string reason_;
};

// Throws errc::invalid with the collected field messages when there are any.
void throw_if_invalid(const FieldErrors& fields);

}  // namespace camp
