#include "exit_codes.hpp"

namespace camp::cli {

int exit_code_for(errc code) {
  switch (code) {
    case errc::malformed:
    case errc::invalid:
    case errc::conflict:
    case errc::payload_too_large:
    case errc::unsupported_media_type:
      return kInvalid;
    case errc::not_found:
      return kNotFound;
    case errc::forbidden:
      return kNotAllowed;
    case errc::unauthenticated:
      return kNotLoggedIn;
    case errc::method_not_allowed:
    case errc::too_many_requests:
    case errc::unavailable:
    case errc::internal:
      return kFailure;
  }
  return kFailure;
}

}  // namespace camp::cli
