// Mail templates (mail/templates, lib/mail/templates.cpp) and the MIME message (mime.cpp).
#include <gtest/gtest.h>

#include <initializer_list>

#include "core/error.hpp"
#include "mail/mime.hpp"
#include "mail/model.hpp"
#include "mail/templates.hpp"

namespace camp::mail {
namespace {

TEST(MailTemplates, FillsPlaceholdersWithOrWithoutSpaces) {
  EXPECT_EQ(fill("{{a}} と {{ b }}、{{a}}", {{"a", "一"}, {"b", "二"}}, false, "t"), "一 と 二、一");
  EXPECT_EQ(fill("no placeholders", {}, false, "t"), "no placeholders");
  EXPECT_EQ(fill("{{x}}", {{"x", "y"}, {"unused", "z"}}, false, "t"), "y");
}

TEST(MailTemplates, AMissingValueIsAnError) {
  try {
    fill("こんにちは {{nickname}} さん", {{"name", "x"}}, false, "greeting.txt");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::internal);
    EXPECT_NE(std::string(e.what()).find("{{nickname}}"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("greeting.txt"), std::string::npos);
  }
}

TEST(MailTemplates, MalformedPlaceholdersAreErrors) {
  EXPECT_THROW(fill("{{unclosed", {}, false, "t"), Error);
  EXPECT_THROW(fill("{{}}", {}, false, "t"), Error);
  EXPECT_THROW(fill("{{bad-name}}", {{"bad-name", "x"}}, false, "t"), Error);
}

TEST(MailTemplates, HtmlValuesAreEscaped) {
  EXPECT_EQ(fill("<p>{{n}}</p>", {{"n", "<script>\"&'"}}, true, "t"), "<p>&lt;script&gt;&quot;&amp;&#39;</p>");
  EXPECT_EQ(fill("{{n}}", {{"n", "<b>"}}, false, "t"), "<b>");
}

// Links (docs/mail.md "Links"): markers in the stored bodies, filled in when composed, a
// notice where the link is gone; text that only looks like a marker stays as it is.
TEST(MailTemplates, LinkMarkersAreFilledOrReplacedByTheNotice) {
  const std::string body = "開く: " + link_marker("url") + "\n停止: " + link_marker("unsubscribe_url");
  const Values links{{"url", "https://x.example/account/new/abc"}, {"unsubscribe_url", "https://x.example/u?a=1&b=2"}};
  EXPECT_EQ(fill_links(body, links, false, std::nullopt),
            "開く: https://x.example/account/new/abc\n停止: https://x.example/u?a=1&b=2");
  EXPECT_EQ(fill_links(body, links, true, std::nullopt),
            "開く: https://x.example/account/new/abc\n停止: https://x.example/u?a=1&amp;b=2");
  EXPECT_EQ(fill_links(body, {}, false, "（削除）"), "開く: （削除）\n停止: （削除）");
  EXPECT_EQ(fill_links(body, {}, true, "<消>"), "開く: &lt;消&gt;\n停止: &lt;消&gt;");
  EXPECT_THROW(fill_links(body, {{"url", "u"}}, false, std::nullopt), Error);
  const std::string nonchar = "\xEF\xB7\x90";  // U+FDD0, which opens a marker
  for (const std::string& plain : std::initializer_list<std::string>{
           "{{link:url}}", nonchar + "{{link:}}", nonchar + "{{link:bad-name}}", nonchar + "{{link:url", "no marker", "{{url}}"})
    EXPECT_EQ(fill_links(plain, links, false, std::nullopt), plain);
  EXPECT_EQ(fill_links("{{link:" + link_marker("url"), links, false, std::nullopt),
            "{{link:https://x.example/account/new/abc");
}

// A value (a nickname, a question title, a magazine's text) cannot forge a marker: its U+FDD0
// becomes U+FFFD, so the text stays text when the mail is composed.
TEST(MailTemplates, ValuesCannotForgeALinkMarker) {
  const auto forged = link_marker("url") + " " + link_marker("nothing");
  const auto defused = defuse_link_markers(forged);
  EXPECT_EQ(defused, "\xEF\xBF\xBD{{link:url}} \xEF\xBF\xBD{{link:nothing}}");
  EXPECT_EQ(fill_links(defused, {{"url", "https://x.example/secret"}}, false, std::nullopt), defused);
  EXPECT_EQ(defuse_link_markers("普通の文 {{link:url}}"), "普通の文 {{link:url}}");
}

TEST(MailTemplates, EveryEmbeddedTemplateParses) {
  ASSERT_FALSE(embedded_templates().empty());
  for (const auto& t : embedded_templates()) {
    Values values;
    for (const auto* text : {t.subject, t.text, t.html})
      for (const auto& name : placeholders(text, t.name)) values[name] = "値";
    const auto r = render(t.name, values);
    EXPECT_FALSE(r.subject.empty()) << t.name;
    EXPECT_EQ(r.subject.find('\n'), std::string::npos) << t.name;
    EXPECT_FALSE(r.text.empty()) << t.name;
    EXPECT_EQ(r.html.has_value(), t.has_html) << t.name;
  }
}

TEST(MailTemplates, TheTestMailNeedsItsValues) {
  EXPECT_THROW(render("test", {{"to", "a@example.com"}}), Error);
  EXPECT_THROW(render("no_such_template", {}), Error);
  const auto r = render("test", {{"to", "a@example.com"}, {"host", "h"}, {"queued_at", "t"}});
  EXPECT_NE(r.subject.find("テストメール"), std::string::npos);
  EXPECT_NE(r.text.find("a@example.com"), std::string::npos);
  // A value with a line break cannot inject a header through the subject; the error names it
  // (it becomes the failed mail's last_error).
  try {
    render("test", {{"to", "a"}, {"host", "h\r\nBcc: x@example.com"}, {"queued_at", "t"}});
    ADD_FAILURE() << "rendered";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), camp::errc::invalid);
    EXPECT_EQ(std::string(e.what()), "件名を1行にできないため、このメールは作成できませんでした（test の {{host}} に改行や制御文字が含まれています）");
  }
  // The body may hold line breaks: only the subject's values must be one line.
  EXPECT_NO_THROW(render("test", {{"to", "a\nb"}, {"host", "h"}, {"queued_at", "t"}}));
}

Mail sample() {
  Mail m;
  m.id = 7;
  m.message_key = "0b4c2a8e-5f7d-4a8e-9c1b-2d3e4f5a6b7c";
  m.to = "student@example.com";
  m.subject = "メールマガジン 第1号";
  m.text_body = "本文です。\n";
  m.created_at = 1795000000;
  return m;
}

TEST(MailMime, PlainMailHasTheHeadersAndOnePart) {
  const auto msg = compose(sample(), {"noreply@camp.example.com", "camp 事務局"});
  EXPECT_NE(msg.find("\r\nMessage-ID: <0b4c2a8e-5f7d-4a8e-9c1b-2d3e4f5a6b7c@camp.example.com>\r\n"), std::string::npos);
  EXPECT_NE(msg.find("\r\nDate: " + rfc5322_date(1795000000) + "\r\n"), std::string::npos);
  EXPECT_NE(msg.find("\r\nMIME-Version: 1.0\r\n"), std::string::npos);
  EXPECT_NE(msg.find("Content-Type: text/plain; charset=UTF-8\r\n"), std::string::npos);
  EXPECT_EQ(msg.find("multipart"), std::string::npos);
  EXPECT_EQ(msg.find("List-Unsubscribe"), std::string::npos);
  EXPECT_EQ(msg.rfind("From: =?UTF-8?B?", 0), 0u);
  EXPECT_EQ(rfc5322_date(0), "Thu, 01 Jan 1970 09:00:00 +0900");
}

TEST(MailMime, BulkMailCarriesOneClickUnsubscribe) {
  auto m = sample();
  m.bulk = true;
  m.unsubscribe_url = "https://camp.example.com/unsubscribe?token=abc";
  const auto msg = compose(m, {"noreply@camp.example.com", ""});
  EXPECT_NE(msg.find("\r\nList-Unsubscribe: <https://camp.example.com/unsubscribe?token=abc>\r\n"), std::string::npos);
  EXPECT_NE(msg.find("\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"), std::string::npos);
}

TEST(MailMime, HtmlMakesMultipartAlternativeWithTextFirst) {
  auto m = sample();
  m.html_body = "<p>本文です。</p>";
  const auto msg = compose(m, {"noreply@camp.example.com", ""});
  const std::string boundary = "=_camp_" + m.message_key;
  EXPECT_NE(msg.find("Content-Type: multipart/alternative;\r\n boundary=\"" + boundary + "\""), std::string::npos);
  const auto text = msg.find("Content-Type: text/plain"), html = msg.find("Content-Type: text/html");
  ASSERT_NE(text, std::string::npos);
  ASSERT_NE(html, std::string::npos);
  EXPECT_LT(text, html);
  EXPECT_NE(msg.find("--" + boundary + "--\r\n"), std::string::npos);
  // Japanese text goes as base64 (shorter than quoted-printable); the same row, the same bytes.
  EXPECT_NE(msg.find("Content-Transfer-Encoding: base64"), std::string::npos);
  EXPECT_EQ(msg, compose(m, {"noreply@camp.example.com", ""}));
}

TEST(MailAddresses, OnlyPlainAsciiAddresses) {
  EXPECT_NO_THROW(check_address("student+camp@example.com"));
  for (const char* bad : {"", "a", "@example.com", "a@", "a b@example.com", "a@b@c", "<a@example.com>", "学生@example.com",
                          "a@example.com\r\nRCPT TO:<x@y>"})
    EXPECT_THROW(check_address(bad), Error) << bad;
}

}  // namespace
}  // namespace camp::mail
