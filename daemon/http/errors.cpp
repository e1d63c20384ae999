#include "http/errors.hpp"

#include <spdlog/spdlog.h>

#include "core/messages.hpp"

namespace camp::http {

int status_for(errc code) {
  switch (code) {
    case errc::malformed: return 400;
    case errc::unauthenticated: return 401;
    case errc::forbidden: return 403;
    case errc::not_found: return 404;
    case errc::method_not_allowed: return 405;
    case errc::conflict: return 409;
    case errc::payload_too_large: return 413;
    case errc::unsupported_media_type: return 415;
    case errc::invalid: return 422;
    case errc::too_many_requests: return 429;
    case errc::internal: return 500;
    case errc::unavailable: return 503;
  }
  return 500;
}

Response error_response(const Error& error, const std::string& request_id) {
  const int status = status_for(error.code());
  const std::string code = error.reason().empty() ? to_string(error.code()) : error.reason();
  nlohmann::json body = {{"status", status}, {"code", code}, {"message", error.what()}, {"request_id", request_id}};
  if (!error.fields().empty()) body["fields"] = error.fields();
  auto response = Response::json(status, {{"error", body}});
  if (error.retry_after_seconds()) response.header("Retry-After", std::to_string(*error.retry_after_seconds()));
  if (status == 401) response.header("WWW-Authenticate", "Bearer");
  if (status == 503) response.header("Retry-After", "5");
  return response;
}

Response answer_or_error(const std::string& request_id, std::string_view what, const std::function<Response()>& make) {
  try {
    return make();
  } catch (const Error& e) {
    if (e.code() == errc::internal || e.code() == errc::unavailable)
      spdlog::error("request {} {} failed: {} ({})", request_id, what, e.what(), e.detail());
    return error_response(e, request_id);
  } catch (const std::exception& e) {
    spdlog::error("request {} {} failed: {}", request_id, what, e.what());
    return error_response(Error(errc::internal, std::string(msg::internal)), request_id);
  }
}

}  // namespace camp::http
