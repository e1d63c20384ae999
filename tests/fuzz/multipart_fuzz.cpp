// libFuzzer target: the upload route's multipart/form-data parsing (daemon/http/multipart.cpp,
// RESTinio's parser underneath). The first line of the input is the Content-Type header, the
// rest the body.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "http/multipart.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const auto newline = input.find('\n');
  const std::string_view type = newline == std::string::npos ? std::string_view(input) : std::string_view(input).substr(0, newline);
  const std::string body = newline == std::string::npos ? std::string() : input.substr(newline + 1);
  try {
    for (const auto& part : camp::http::parse_multipart(type, body)) {
      // Every view must lie inside the body it came from.
      if (!part.body.empty() && (part.body.data() < body.data() || part.body.data() + part.body.size() > body.data() + body.size()))
        __builtin_trap();
    }
  } catch (const camp::Error&) {
  }
  return 0;
}
