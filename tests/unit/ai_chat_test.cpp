// The AI chat's pure parts: the SSE parser, a chunk's fields, and the retriever's words and excerpts.
#include <gtest/gtest.h>

#include "ai_chat/retriever.hpp"
#include "ai_chat/sse.hpp"

using namespace camp::ai_chat;

namespace {

std::vector<std::string> feed_all(SseParser& p, const std::vector<std::string>& pieces) {
  std::vector<std::string> events;
  for (const auto& piece : pieces) p.feed(piece, [&](const std::string& e) { events.push_back(e); });
  return events;
}

}  // namespace

TEST(SseParser, EventsEndAtAnEmptyLine) {
  SseParser p;
  EXPECT_EQ(feed_all(p, {"data: one\n\ndata: two\n\n"}), (std::vector<std::string>{"one", "two"}));
}

TEST(SseParser, LinesCutAnywhereEvenInsideACharacter) {
  const std::string all = "data: {\"x\":\"日本語\"}\r\n\r\ndata: [DONE]\r\n\r\n";
  for (std::size_t cut = 1; cut < all.size(); ++cut) {
    SseParser p;
    EXPECT_EQ(feed_all(p, {all.substr(0, cut), all.substr(cut)}),
              (std::vector<std::string>{"{\"x\":\"日本語\"}", "[DONE]"}))
        << "cut at " << cut;
  }
}

TEST(SseParser, CommentsOtherFieldsAndMultiLineData) {
  SseParser p;
  EXPECT_EQ(feed_all(p, {": keep-alive\n\nevent: message\nid: 3\ndata: a\ndata: b\n\n", "data:c\n\n"}),
            (std::vector<std::string>{"a\nb", "c"}));
}

TEST(SseParser, NothingBeforeTheEventEnds) {
  SseParser p;
  EXPECT_TRUE(feed_all(p, {"data: partial"}).empty());
  EXPECT_GT(p.pending(), 0u);
  EXPECT_EQ(feed_all(p, {"\n\n"}), (std::vector<std::string>{"partial"}));
}

TEST(ParseChunk, DeltaDoneUsageAndErrors) {
  EXPECT_EQ(parse_chunk(R"({"choices":[{"delta":{"content":"こんにちは"}}]})").text, "こんにちは");
  EXPECT_TRUE(parse_chunk("[DONE]").done);
  const auto usage = parse_chunk(R"({"choices":[],"usage":{"prompt_tokens":10,"completion_tokens":5,"total_tokens":15}})");
  EXPECT_EQ(usage.tokens, 15);
  EXPECT_FALSE(usage.malformed);
  EXPECT_EQ(parse_chunk(R"({"error":{"message":"quota"}})").error, "quota");
  EXPECT_TRUE(parse_chunk("not json").malformed);
  EXPECT_TRUE(parse_chunk(R"({"choices":"x"})").malformed);
  EXPECT_EQ(parse_chunk(R"({"choices":[{"delta":{"role":"assistant"}}]})").text, "");
  EXPECT_FALSE(parse_chunk(R"({"choices":[{"delta":{},"finish_reason":"stop"}]})").malformed);
}

TEST(ExtractTerms, AsciiKanjiAndKatakanaRunsSplitByHiragana) {
  // 出 alone is one character: no word.
  EXPECT_EQ(extract_terms("Railsのルーティングでroutes.rbにエラーが出ます"),
            (std::vector<std::string>{"rails", "ルーティング", "routes", "rb", "エラー"}));
  EXPECT_EQ(extract_terms("環境構築 とは? How to install Ruby"),
            (std::vector<std::string>{"環境構築", "install", "ruby"}));
}

TEST(ExtractTerms, UniqueAndBoundedKeepingTheLongest) {
  EXPECT_EQ(extract_terms("ruby Ruby RUBY"), (std::vector<std::string>{"ruby"}));
  const auto terms = extract_terms("aa bbbb cc dddd ee ffff", 3);
  EXPECT_EQ(terms, (std::vector<std::string>{"bbbb", "dddd", "ffff"}));
  EXPECT_TRUE(extract_terms("の、は。").empty());
  EXPECT_TRUE(extract_terms("\xff\xfe").empty());  // invalid UTF-8 is no word
}

TEST(Excerpt, AroundTheFirstMatchWhitespaceFlattened) {
  EXPECT_EQ(excerpt("一行目\n\n  二行目", {}, 100), "一行目 二行目");
  const std::string long_text = std::string(300, 'x') + " bundle install で解決 " + std::string(300, 'y');
  const auto e = excerpt(long_text, {"bundle"}, 60);
  EXPECT_NE(e.find("bundle install"), std::string::npos);
  EXPECT_EQ(e.rfind("…", 0), 0u);  // cut in front
  EXPECT_EQ(excerpt("あいうえお", {}, 3), "あいう…");
}
