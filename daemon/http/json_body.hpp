#pragma once
// Typed reading of a JSON request body: every route that takes JSON goes through here, so a
// wrong type, a number out of range or a NUL in a string is answered the same way everywhere:
// 422 with `fields.<name>` and the catalogue's message, every bad field at once. A body that is
// not the expected object (`{"question":{...}}`) is a 400.
//
//   const auto q = http::read_member(ctx.json_body(), "question", [](http::JsonFields& in) {
//     return Input{in.string("title"), in.integer("category_id", http::kIds32)};
//   });
//
// The reader collects problems while `read` runs and throws them together after it returns:
// what `read` returns is only used when every field was right.
// (Header-only: daemon/CMakeLists.txt lists campd_http's sources and is not ours to change.)
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "core/messages.hpp"

namespace camp::http {

// nlohmann's parser recurses per nesting level: Context::json_body refuses documents nested
// deeper than this before parsing.
inline constexpr int kJsonNestingLimit = 32;
inline bool json_nesting_within(std::string_view body, int limit) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char c : body) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return false;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return true;
}

// The accepted range of an integer field.
struct IntRange {
  std::int64_t min;
  std::int64_t max;
};
// Ids of 64-bit (bigserial) and 32-bit (serial) columns: a number outside can name no row.
inline constexpr IntRange kIds64{1, std::numeric_limits<std::int64_t>::max()};
inline constexpr IntRange kIds32{1, std::numeric_limits<std::int32_t>::max()};

class JsonFields {
 public:
  explicit JsonFields(const nlohmann::json& object) : object_(object) {}

  // Absent or null: nothing. Not a string, or holding NUL: a field error.
  std::optional<std::string> string(const char* name) {
    const auto* value = find(name);
    if (!value || value->is_null()) return std::nullopt;
    return checked_string(name, *value);
  }

  // Absent: nothing (leave it as it is); null: an empty optional (clear it); else the string.
  std::optional<std::optional<std::string>> nullable_string(const char* name) {
    const auto* value = find(name);
    if (!value) return std::nullopt;
    if (value->is_null()) return std::optional<std::string>{};
    auto s = checked_string(name, *value);
    if (!s) return std::nullopt;
    return std::optional<std::string>{std::move(*s)};
  }

  // Present and a string, else `missing` on the field.
  std::string required_string(const char* name, std::string_view missing) {
    const auto* value = find(name);
    if (!value || !value->is_string()) {
      fail(name, missing);
      return {};
    }
    return checked_string(name, *value).value_or("");
  }

  // A whole number in `range`. Absent or null: nothing. Another type (3.5, "3", true): `wrong_type`;
  // outside the range, including beyond 64 bits: `out_of_range`. Never wraps.
  std::optional<std::int64_t> integer(const char* name, IntRange range,
                                      std::string_view wrong_type = msg::invalid_value,
                                      std::string_view out_of_range = msg::invalid_value) {
    const auto* value = find(name);
    if (!value || value->is_null()) return std::nullopt;
    return checked_integer(name, *value, range, wrong_type, out_of_range);
  }

  // Present and a whole number in `range`, else `message` on the field.
  std::optional<std::int64_t> required_integer(const char* name, IntRange range, std::string_view message) {
    const auto* value = find(name);
    if (!value || value->is_null()) {
      fail(name, message);
      return std::nullopt;
    }
    return checked_integer(name, *value, range, message, message);
  }

  // Absent or null: nothing; true or false; anything else (1, "true") a field error.
  std::optional<bool> boolean(const char* name) {
    const auto* value = find(name);
    if (!value || value->is_null()) return std::nullopt;
    if (!value->is_boolean()) {
      fail(name, msg::invalid_value);
      return std::nullopt;
    }
    return value->get<bool>();
  }

  // The member as sent (for logging), or nullptr.
  const nlohmann::json* raw(const char* name) const { return find(name); }

  // A route's own rule on a field that read fine (a length, a format).
  void fail(const char* name, std::string_view message) { errors_[name].emplace_back(message); }

  const FieldErrors& errors() const { return errors_; }
  void throw_if_invalid() const {
    if (!errors_.empty()) throw Error(errc::invalid, std::string(msg::invalid_input), errors_);
  }

 private:
  const nlohmann::json* find(const char* name) const {
    const auto it = object_.find(name);
    return it == object_.end() ? nullptr : &*it;
  }

  // PostgreSQL text cannot hold NUL, and libpq would cut the value there: refuse it outright.
  std::optional<std::string> checked_string(const char* name, const nlohmann::json& value) {
    if (!value.is_string()) {
      fail(name, msg::invalid_value);
      return std::nullopt;
    }
    auto s = value.get<std::string>();
    if (s.find('\0') != std::string::npos) {
      fail(name, msg::forbidden_character);
      return std::nullopt;
    }
    return s;
  }

  std::optional<std::int64_t> checked_integer(const char* name, const nlohmann::json& value, IntRange range,
                                              std::string_view wrong_type, std::string_view out_of_range) {
    if (!value.is_number_integer()) {
      fail(name, wrong_type);
      return std::nullopt;
    }
    // nlohmann keeps non-negative numbers as unsigned (up to 2^64-1): compare before converting.
    const bool in_range =
        value.is_number_unsigned()
            ? range.max >= 0 && value.get<std::uint64_t>() <= static_cast<std::uint64_t>(range.max) &&
                  static_cast<std::int64_t>(value.get<std::uint64_t>()) >= range.min
            : value.get<std::int64_t>() >= range.min && value.get<std::int64_t>() <= range.max;
    if (!in_range) {
      fail(name, out_of_range);
      return std::nullopt;
    }
    return value.is_number_unsigned() ? static_cast<std::int64_t>(value.get<std::uint64_t>()) : value.get<std::int64_t>();
  }

  const nlohmann::json& object_;
  FieldErrors errors_;
};

// Reads the body object itself with `read`, then throws every field error as one 422.
template <typename Read>
auto read_object(const nlohmann::json& body, Read&& read) {
  if (!body.is_object()) throw Error(errc::malformed, "request body must be a JSON object");
  JsonFields fields(body);
  auto result = std::forward<Read>(read)(fields);
  fields.throw_if_invalid();
  return result;
}

// The same for the object under `key` (`{"question":{...}}`); anything else there is a 400.
template <typename Read>
auto read_member(const nlohmann::json& body, const char* key, Read&& read) {
  const auto it = body.is_object() ? body.find(key) : body.end();
  if (!body.is_object() || it == body.end() || !it->is_object())
    throw Error(errc::malformed, std::string("body must be {\"") + key + "\":{...}}");
  return read_object(*it, std::forward<Read>(read));
}

}  // namespace camp::http
