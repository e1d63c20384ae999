// RFC 2045 / RFC 2047 encoders of lib/mail/encoding.cpp.
#include <gtest/gtest.h>

#include <sstream>

#include "core/error.hpp"
#include "core/text.hpp"
#include "mail/encoding.hpp"

namespace camp::mail {
namespace {

std::string unbase64(std::string_view in) {
  static const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  int bits = 0, value = 0;
  for (char c : in) {
    const auto at = alphabet.find(c);
    if (at == std::string::npos) continue;  // '=', CR, LF
    value = (value << 6) | static_cast<int>(at);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((value >> bits) & 0xff);
    }
  }
  return out;
}

std::string unqp(std::string_view in) {
  std::string out;
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] != '=') {
      out += in[i];
    } else if (in.substr(i + 1, 2) == "\r\n") {
      i += 2;  // soft break
    } else {
      out += static_cast<char>(std::stoi(std::string(in.substr(i + 1, 2)), nullptr, 16));
      i += 2;
    }
  }
  return out;
}

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> out;
  std::size_t at = 0;
  for (;;) {
    const auto end = s.find("\r\n", at);
    out.push_back(s.substr(at, end == std::string::npos ? std::string::npos : end - at));
    if (end == std::string::npos) return out;
    at = end + 2;
  }
}

// The words of an encoded header value, decoded one by one (each must be whole UTF-8).
std::string decode_words(const std::string& field_value, std::vector<std::string>* pieces = nullptr) {
  std::string out;
  std::size_t at = 0;
  while ((at = field_value.find("=?UTF-8?B?", at)) != std::string::npos) {
    const auto end = field_value.find("?=", at + 10);
    const auto piece = unbase64(field_value.substr(at + 10, end - at - 10));
    if (pieces) pieces->push_back(piece);
    out += piece;
    at = end + 2;
  }
  return out;
}

TEST(MailBase64, MatchesRfc4648Vectors) {
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64("日本語"), "5pel5pys6Kqe");
}

TEST(MailBase64, BreaksLinesAt76AndRoundTrips) {
  std::string data;
  for (int i = 0; i < 1000; ++i) data += static_cast<char>(i * 7 % 256);
  const auto encoded = base64(data);
  for (const auto& line : lines(encoded)) EXPECT_LE(line.size(), 76u);
  EXPECT_EQ(unbase64(encoded), data);
}

TEST(MailQuotedPrintable, KeepsAsciiEncodesTheRest) {
  EXPECT_EQ(quoted_printable("hello world"), "hello world");
  EXPECT_EQ(quoted_printable("a=b"), "a=3Db");
  EXPECT_EQ(quoted_printable("日"), "=E6=97=A5");
  EXPECT_EQ(quoted_printable("trailing space \nnext\ttab\t"), "trailing space=20\r\nnext\ttab=09");
  EXPECT_EQ(quoted_printable("one\ntwo\r\nthree\r"), "one\r\ntwo\r\nthree\r\n");
  EXPECT_EQ(quoted_printable(""), "");
}

TEST(MailQuotedPrintable, SoftBreaksKeepLinesWithin76AndRoundTrip) {
  const std::string text = std::string(200, 'x') + "\n" + "メールの本文は日本語で、長い行も正しく折り返されます。" + std::string(80, '=') +
                           "\n\n.leading dot\n";
  const auto encoded = quoted_printable(text);
  for (const auto& line : lines(encoded)) EXPECT_LE(line.size(), 76u) << line;
  EXPECT_EQ(unqp(encoded), crlf_lines(text));
  // No encoded triple is ever split by a soft break.
  for (const auto& line : lines(encoded)) {
    const auto eq = line.rfind('=');
    if (eq != std::string::npos) {
      EXPECT_TRUE(eq + 3 <= line.size() || eq + 1 == line.size()) << line;
    }
  }
}

TEST(MailHeaders, AsciiStaysReadable) {
  EXPECT_EQ(header_field("Subject", "Hello"), "Subject: Hello\r\n");
  // Something that looks like an encoded-word is encoded, so no client decodes it.
  EXPECT_NE(header_field("Subject", "=?UTF-8?B?x?=").find("=?UTF-8?B?PT9"), std::string::npos);
}

TEST(MailHeaders, JapaneseBecomesEncodedWordsOfWholeCharactersWithin76) {
  const std::string subject = "【camp】パスワード再設定のご案内：24時間以内にリンクから手続きを完了してください🙇";
  const auto field = header_field("Subject", subject);
  ASSERT_EQ(field.rfind("Subject: =?UTF-8?B?", 0), 0u);
  ASSERT_EQ(field.substr(field.size() - 2), "\r\n");
  for (const auto& line : lines(field.substr(0, field.size() - 2))) EXPECT_LE(line.size(), 76u) << line;
  std::vector<std::string> pieces;
  EXPECT_EQ(decode_words(field, &pieces), subject);
  EXPECT_GT(pieces.size(), 2u);
  for (const auto& p : pieces) EXPECT_TRUE(text::valid_utf8(p)) << "a character split between encoded-words";
}

TEST(MailHeaders, RefusesLineBreaksAndInvalidUtf8) {
  EXPECT_THROW(header_field("Subject", "a\r\nBcc: x@example.com"), Error);
  EXPECT_THROW(header_field("Subject", "a\nb"), Error);
  EXPECT_THROW(header_field("Subject", "\xff\xfe"), Error);
  EXPECT_THROW(mailbox("name\r\n", "a@example.com"), Error);
}

TEST(MailHeaders, MailboxQuotesOrEncodesTheDisplayName) {
  EXPECT_EQ(mailbox("", "a@example.com"), "a@example.com");
  EXPECT_EQ(mailbox("camp", "a@example.com"), "camp <a@example.com>");
  EXPECT_EQ(mailbox("camp, inc. \"x\"", "a@example.com"), "\"camp, inc. \\\"x\\\"\" <a@example.com>");
  const auto jp = mailbox("ポテパンキャンプ事務局", "a@example.com");
  EXPECT_EQ(decode_words(jp), "ポテパンキャンプ事務局");
  EXPECT_NE(jp.find(" <a@example.com>"), std::string::npos);
}

}  // namespace
}  // namespace camp::mail
