#include "core/error.hpp"

#include "core/messages.hpp"

namespace camp {

const char* to_string(errc code) {
  switch (code) {
    case errc::malformed: return "malformed";
    case errc::invalid: return "invalid";
    case errc::unauthenticated: return "unauthenticated";
    case errc::forbidden: return "forbidden";
    case errc::not_found: return "not_found";
    case errc::method_not_allowed: return "method_not_allowed";
    case errc::conflict: return "conflict";
    case errc::payload_too_large: return "payload_too_large";
    case errc::unsupported_media_type: return "unsupported_media_type";
    case errc::too_many_requests: return "too_many_requests";
    case errc::unavailable: return "unavailable";
    case errc::internal: return "internal";
  }
  return "internal";
}

void throw_if_invalid(const FieldErrors& fields) {
  if (!fields.empty()) throw Error(errc::invalid, std::string(msg::invalid_input), fields);
}

}  // namespace camp
