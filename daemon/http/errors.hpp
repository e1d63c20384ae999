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

// work()'s answer, or the answer to the Error it throws, held back `delay_ms` (which work sets:
// the login slow-down; server.cpp waits on a timer), right or wrong. Without a delay an error
// takes the usual road.
template <class F>
Response delayed(const int& delay_ms, const std::string& request_id, F&& work) {
  try {
    auto answer = work();
    answer.delay_ms = delay_ms;
    return answer;
  } catch (const Error& e) {
    if (delay_ms == 0) throw;
    auto answer = error_response(e, request_id);
    answer.delay_ms = delay_ms;
    return answer;
  }
}

// The answer make() gives, or its failure as a JSON error: a camp::Error as its status says,
// anything else logged (with `what`: the request line) and answered 500.
Response answer_or_error(const std::string& request_id, std::string_view what, const std::function<Response()>& make);

}  // namespace camp::http
