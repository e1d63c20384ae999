#pragma once
#include <functional>
#include <string_view>

#include "core/error.hpp"
#include "http/exchange.hpp"

namespace camp::http {

// THE table from error code to HTTP status.
int status_for(errc code);

// The JSON error body of docs/api.md, with the headers its status calls for.
Response error_response(const Error& error, const std::string& request_id);

// The answer make() gives, or its failure as a JSON error: a camp::Error as its status says,
// anything else logged (with `what`: the request line) and answered 500.
Response answer_or_error(const std::string& request_id, std::string_view what, const std::function<Response()>& make);

}  // namespace camp::http
