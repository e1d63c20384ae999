// core/csv: the one reader (quoted line breaks, line numbers, unclosed quotes) and the one
// writer (quoting, the formula guard), read back by the reader.
#include <gtest/gtest.h>

#include "core/csv.hpp"

using namespace camp;

namespace {

std::vector<std::vector<std::string>> cells_of(const csv::Table& t) {
  std::vector<std::vector<std::string>> out;
  for (const auto& r : t.records) out.push_back(r.cells);
  return out;
}

std::string cell(std::string_view v) {
  std::string out;
  csv::append_cell(out, v);
  return out;
}

}  // namespace

TEST(Csv, ReadsQuotedCommasQuotesAndLineBreaks) {
  const auto t = csv::read("email,name\r\na@example.com,\"山田, 太郎\"\r\nb@example.com,\"two\r\nlines\nand \"\"quotes\"\"\"\r\nc,3\n");
  EXPECT_FALSE(t.unclosed_quote);
  EXPECT_EQ(cells_of(t), (std::vector<std::vector<std::string>>{{"email", "name"},
                                                                {"a@example.com", "山田, 太郎"},
                                                                {"b@example.com", "two\r\nlines\nand \"quotes\""},
                                                                {"c", "3"}}));
  // Each record knows the line it starts on, counting the breaks inside quotes.
  ASSERT_EQ(t.records.size(), 4u);
  EXPECT_EQ(t.records[2].line, 3);
  EXPECT_EQ(t.records[3].line, 6);
}

TEST(Csv, SkipsBlankLinesAndKeepsEmptyCells) {
  const auto t = csv::read("\na,,b\r\n\r\n,\n\"\"\nlast");
  EXPECT_EQ(cells_of(t), (std::vector<std::vector<std::string>>{{"a", "", "b"}, {"", ""}, {""}, {"last"}}));
  EXPECT_EQ(t.records[0].line, 2);
  EXPECT_EQ(t.records[3].line, 6);
  EXPECT_TRUE(csv::read("").records.empty());
  EXPECT_EQ(cells_of(csv::read("a\rb\r")), (std::vector<std::vector<std::string>>{{"a"}, {"b"}}));  // old Mac line ends
}

TEST(Csv, StopsAtAQuoteThatNeverCloses) {
  const auto t = csv::read("a,b\nc,\"open\nd,e\n");
  EXPECT_EQ(t.unclosed_quote, 2);
  EXPECT_EQ(cells_of(t), (std::vector<std::vector<std::string>>{{"a", "b"}}));
}

TEST(Csv, QuotesOnlyWhatNeedsIt) {
  EXPECT_EQ(cell("plain 日本語"), "plain 日本語");
  EXPECT_EQ(cell(""), "");
  EXPECT_EQ(cell("a,b"), "\"a,b\"");
  EXPECT_EQ(cell("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(cell("two\nlines"), "\"two\nlines\"");
}

TEST(Csv, GuardsEveryFormulaButKeepsNumbers) {
  for (const char* formula : {"=HYPERLINK(\"http://evil.example\")", "+1+1", "-1+1", "@SUM(A1)", "\tcmd", "\rcmd", "-", "--5",
                              "+81 90 1234 5678"})
    EXPECT_EQ(cell(formula).substr(0, 2), "\"'") << formula;
  EXPECT_EQ(cell("=1+1"), "\"'=1+1\"");
  for (const char* number : {"-12", "-0.5", "12", "3.25"}) EXPECT_EQ(cell(number), number);
  EXPECT_EQ(cell("a=b"), "a=b");  // only the first character can start a formula
}

TEST(Csv, WritesRowsTheReaderReadsBack) {
  const std::vector<std::string_view> row{"42", "山田, \"タロウ\"", "=cmd|' /C calc'!A0", "line\r\nbreak", "-3"};
  std::string out;
  csv::append_row(out, row);
  csv::append_row(out, {"", "x"});
  EXPECT_TRUE(out.ends_with("\r\n"));
  const auto t = csv::read(out);
  ASSERT_EQ(t.records.size(), 2u);
  EXPECT_EQ(t.records[0].cells,
            (std::vector<std::string>{"42", "山田, \"タロウ\"", "'=cmd|' /C calc'!A0", "line\r\nbreak", "-3"}));
  EXPECT_EQ(t.records[1].cells, (std::vector<std::string>{"", "x"}));
}
