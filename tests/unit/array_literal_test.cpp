// The array literals of the unnest(...) batch statements (lib/db/arrays.hpp): every element
// quoted, a quote or a backslash escaped wherever it stands, NULL for a missing element.
#include <gtest/gtest.h>

#include "db/arrays.hpp"

namespace camp::db {
namespace {

TEST(ArrayLiteral, QuotesEveryElementAndEscapesQuotesAndBackslashes) {
  ArrayLiteral a;
  EXPECT_EQ(a.str(), "{}");
  a.add(std::string("本文"));
  a.add(std::nullopt);
  a.add(std::string("\"quoted\" and C:\\path\\"));
  a.add(std::string(""));
  a.add(std::string("\\\""));
  EXPECT_EQ(a.str(), R"({"本文",NULL,"\"quoted\" and C:\\path\\","","\\\""})");
  EXPECT_EQ(nullable_text_array({std::string("a,b"), std::nullopt}), R"({"a,b",NULL})");
}

}  // namespace
}  // namespace camp::db
