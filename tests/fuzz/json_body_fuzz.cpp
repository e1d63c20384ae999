// libFuzzer target: a request body as Context::json_body reads it (nesting limit, then
// nlohmann's parser), then every field reader of daemon/http/json_body.hpp on whatever object
// came out, the way the routes use them (docs/reliability.md "Fuzzing").
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/error.hpp"
#include "http/json_body.hpp"

namespace {

void read_everything(camp::http::JsonFields& in) {
  using namespace camp::http;
  for (const char* name : {"title", "body", "email", "password", "nickname", "status", "a", ""}) {
    (void)in.string(name);
    (void)in.nullable_string(name);
    (void)in.required_string(name, "missing");
    (void)in.integer(name, kIds64);
    (void)in.integer(name, kIds32);
    (void)in.integer(name, IntRange{-5, 5});
    (void)in.required_integer(name, IntRange{0, 1000}, "range");
    (void)in.boolean(name);
    (void)in.raw(name);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string body(reinterpret_cast<const char*>(data), size);
  if (!camp::http::json_nesting_within(body, camp::http::kJsonNestingLimit)) return 0;
  const auto parsed = nlohmann::json::parse(body, nullptr, false);
  if (parsed.is_discarded()) return 0;
  try {
    camp::http::read_object(parsed, [](camp::http::JsonFields& in) {
      read_everything(in);
      return 0;
    });
  } catch (const camp::Error& e) {
    (void)e.fields();
  }
  for (const char* key : {"question", "account", "auth", "event"}) {
    try {
      camp::http::read_member(parsed, key, [](camp::http::JsonFields& in) {
        read_everything(in);
        return 0;
      });
    } catch (const camp::Error&) {
    }
  }
  return 0;
}
