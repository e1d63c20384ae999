// The typed JSON body reader (daemon/http/json_body.hpp): types, ranges, NUL, and which
// mistakes are a 400 (the shape) and which a 422 naming the field.
#include <gtest/gtest.h>

#include "http/json_body.hpp"

using namespace camp;
using nlohmann::json;

namespace {

// Runs `read` on `body` and returns the field errors it threw (empty when it threw nothing).
template <typename Read>
FieldErrors field_errors(const json& body, Read read) {
  try {
    http::read_object(body, read);
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::invalid);
    EXPECT_EQ(e.what(), std::string(msg::invalid_input));
    return e.fields();
  }
  return {};
}

errc code_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.code();
  }
  ADD_FAILURE() << "no error";
  return errc::internal;
}

const std::vector<std::string> kInvalidValue{std::string(msg::invalid_value)};

}  // namespace

TEST(JsonBody, AMissingOrWrongMemberObjectIsMalformed) {
  const auto read = [](http::JsonFields& in) { return in.string("title"); };
  for (const auto* text : {R"({})", R"({"question":null})", R"({"question":[1]})", R"({"question":"x"})", R"([])"})
    EXPECT_EQ(code_of([&] { http::read_member(json::parse(text), "question", read); }), errc::malformed) << text;
  EXPECT_EQ(code_of([&] { http::read_object(json::array(), read); }), errc::malformed);
  EXPECT_EQ(http::read_member(json::parse(R"({"question":{"title":"t"}})"), "question", read), "t");
}

TEST(JsonBody, StringsAbsentNullOrWrongType) {
  std::optional<std::string> got = "unset";
  EXPECT_TRUE(field_errors(json::parse(R"({})"), [&](http::JsonFields& in) { return got = in.string("s"); }).empty());
  EXPECT_EQ(got, std::nullopt);
  EXPECT_TRUE(field_errors(json::parse(R"({"s":null})"), [&](http::JsonFields& in) { return got = in.string("s"); }).empty());
  EXPECT_EQ(got, std::nullopt);
  for (const auto* text : {R"({"s":1})", R"({"s":true})", R"({"s":["x"]})", R"({"s":{}})"}) {
    const auto errors = field_errors(json::parse(text), [](http::JsonFields& in) { return in.string("s"); });
    EXPECT_EQ(errors.at("s"), kInvalidValue) << text;
  }
}

TEST(JsonBody, NulInAStringIsRefused) {
  const json body = {{"s", std::string("a\0b", 3)}, {"n", std::string("\0", 1)}};
  const auto errors = field_errors(body, [](http::JsonFields& in) {
    in.string("s");
    return in.nullable_string("n");
  });
  const std::vector<std::string> forbidden{std::string(msg::forbidden_character)};
  EXPECT_EQ(errors.at("s"), forbidden);
  EXPECT_EQ(errors.at("n"), forbidden);
}

TEST(JsonBody, NullableStringTellsAbsentFromNull) {
  const auto read = [](const char* text) {
    return http::read_object(json::parse(text), [](http::JsonFields& in) { return in.nullable_string("u"); });
  };
  EXPECT_EQ(read(R"({})"), std::nullopt);                                       // leave as it is
  EXPECT_EQ(read(R"({"u":null})"), std::optional<std::optional<std::string>>(std::optional<std::string>{}));  // clear
  EXPECT_EQ(read(R"({"u":"/x.png"})")->value(), "/x.png");
}

TEST(JsonBody, IntegersAreWholeNumbersInRangeAndNeverWrap) {
  const auto read = [](const json& body) {
    return field_errors(body, [](http::JsonFields& in) {
      return in.integer("id", http::kIds32, msg::category_required, msg::category_unknown);
    });
  };
  const std::vector<std::string> wrong{std::string(msg::category_required)};
  const std::vector<std::string> unknown{std::string(msg::category_unknown)};
  for (const json& v : {json(1.5), json(1e300), json("1"), json(true), json::array({1}), json::object()})
    EXPECT_EQ(read({{"id", v}}).at("id"), wrong) << v.dump();
  for (const json& v : {json(0), json(-1), json(2147483648LL), json(4294967297ULL), json(18446744073709551615ULL),
                       json(std::numeric_limits<std::int64_t>::min())})
    EXPECT_EQ(read({{"id", v}}).at("id"), unknown) << v.dump();
  EXPECT_TRUE(read({{"id", 2147483647}}).empty());
  EXPECT_TRUE(read({{"id", nullptr}}).empty());
  EXPECT_EQ(http::read_object(json::parse(R"({"id":2147483647})"),
                              [](http::JsonFields& in) { return in.integer("id", http::kIds32); }),
            2147483647);
}

TEST(JsonBody, SixtyFourBitIds) {
  const auto read = [](const char* text) {
    return http::read_object(json::parse(text), [](http::JsonFields& in) {
      return in.required_integer("id", http::kIds64, msg::answer_choice_required).value_or(-1);
    });
  };
  EXPECT_EQ(read(R"({"id":9223372036854775807})"), INT64_MAX);
  const std::vector<std::string> choose{std::string(msg::answer_choice_required)};
  for (const auto* text : {R"({})", R"({"id":null})", R"({"id":9223372036854775808})", R"({"id":0})", R"({"id":"5"})"}) {
    const auto errors = field_errors(json::parse(text), [](http::JsonFields& in) {
      return in.required_integer("id", http::kIds64, msg::answer_choice_required);
    });
    EXPECT_EQ(errors.at("id"), choose) << text;
  }
}

TEST(JsonBody, BooleansAreTrueOrFalseOnly) {
  const auto read = [](const json& body) {
    return http::read_object(body, [](http::JsonFields& in) { return in.boolean("b"); });
  };
  EXPECT_EQ(read({{"b", true}}), true);
  EXPECT_EQ(read({{"b", false}}), false);
  EXPECT_EQ(read(json::object()), std::nullopt);
  for (const json& v : {json(1), json("true"), json(0)})
    EXPECT_EQ(field_errors({{"b", v}}, [](http::JsonFields& in) { return in.boolean("b"); }).at("b"), kInvalidValue);
}

TEST(JsonBody, EveryBadFieldIsReportedAtOnce) {
  const auto errors = field_errors(json::parse(R"({"title":1,"is_pick_up":"yes","category_id":2.5,"body":"ok"})"),
                                   [](http::JsonFields& in) {
                                     in.string("title");
                                     in.boolean("is_pick_up");
                                     in.integer("category_id", http::kIds32);
                                     in.required_string("missing", msg::title_required);
                                     return in.string("body");
                                   });
  EXPECT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors.at("missing"), std::vector<std::string>{std::string(msg::title_required)});
  EXPECT_FALSE(errors.count("body"));
}
