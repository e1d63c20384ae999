#pragma once
#include "core/error.hpp"
#include "http/exchange.hpp"

namespace camp::http {

// THE table from error code to HTTP status.
int status_for(errc code);

// The JSON error body of docs/api.md, with the headers its status calls for.
Response error_response(const Error& error, const std::string& request_id);

}  // namespace camp::http
