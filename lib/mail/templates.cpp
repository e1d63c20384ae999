#include "mail/templates.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"

namespace camp::mail {
namespace {

bool name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }

std::string escape_html(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

// Calls on_text for literal text and on_name for each placeholder, in order.
template <class Text, class Name>
void scan(const std::string& text, const std::string& where, Text on_text, Name on_name) {
  std::size_t at = 0;
  while (at < text.size()) {
    const auto open = text.find("{{", at);
    if (open == std::string::npos) {
      on_text(std::string_view(text).substr(at));
      return;
    }
    on_text(std::string_view(text).substr(at, open - at));
    const auto close = text.find("}}", open + 2);
    if (close == std::string::npos) throw Error(errc::internal, "mail template " + where + ": '{{' without '}}'");
    const auto name = text::trim(std::string_view(text).substr(open + 2, close - open - 2));
    if (name.empty() || !std::all_of(name.begin(), name.end(), name_char))
      throw Error(errc::internal, "mail template " + where + ": bad placeholder '" + text.substr(open, close + 2 - open) + "'");
    on_name(name);
    at = close + 2;
  }
}

// A marker opens with U+FDD0, a Unicode noncharacter (reserved for internal use), which no
// value keeps (defuse_link_markers): text a user wrote cannot pose as a marker.
constexpr std::string_view kNoncharacter = "\xEF\xB7\x90";
constexpr std::string_view kLinkOpen = "\xEF\xB7\x90{{link:";

}  // namespace

std::string link_marker(const std::string& name) { return std::string(kLinkOpen) + name + "}}"; }

std::string defuse_link_markers(std::string value) {
  for (auto at = value.find(kNoncharacter); at != std::string::npos; at = value.find(kNoncharacter, at))
    value.replace(at, kNoncharacter.size(), "\xEF\xBF\xBD");  // U+FFFD
  return value;
}

std::string fill_links(const std::string& body, const Values& links, bool html_escape,
                       std::optional<std::string_view> missing) {
  std::string out;
  out.reserve(body.size() + 128);
  std::size_t at = 0;
  for (auto open = body.find(kLinkOpen); open != std::string::npos; open = body.find(kLinkOpen, at)) {
    const auto close = body.find("}}", open + kLinkOpen.size());
    const auto name = close == std::string::npos ? std::string() : body.substr(open + kLinkOpen.size(), close - open - kLinkOpen.size());
    if (name.empty() || !std::all_of(name.begin(), name.end(), name_char)) {  // not a marker: literal text
      out.append(body, at, open + kLinkOpen.size() - at);
      at = open + kLinkOpen.size();
      continue;
    }
    out.append(body, at, open - at);
    const auto it = links.find(name);
    if (it == links.end() && !missing) throw Error(errc::internal, "mail: no value for the link " + name);
    const std::string value = it != links.end() ? it->second : std::string(*missing);
    out += html_escape ? escape_html(value) : value;
    at = close + 2;
  }
  out.append(body, at);
  return out;
}

std::vector<std::string> placeholders(const std::string& text, const std::string& where) {
  std::vector<std::string> out;
  scan(text, where, [](std::string_view) {}, [&](const std::string& name) {
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  });
  return out;
}

std::string fill(const std::string& text, const Values& values, bool html_escape, const std::string& where) {
  std::string out;
  out.reserve(text.size() + 64);
  scan(text, where, [&](std::string_view literal) { out += literal; }, [&](const std::string& name) {
    const auto it = values.find(name);
    if (it == values.end()) throw Error(errc::internal, "mail template " + where + ": no value for {{" + name + "}}");
    out += html_escape ? escape_html(it->second) : it->second;
  });
  return out;
}

Rendered render(const std::string& template_name, const Values& values) {
  const auto& all = embedded_templates();
  const auto it = std::find_if(all.begin(), all.end(), [&](const TemplateSource& t) { return template_name == t.name; });
  if (it == all.end()) throw Error(errc::internal, "no mail template named '" + template_name + "'");
  for (const auto& [name, value] : values)
    if (!text::valid_utf8(value)) throw Error(errc::invalid, "mail value {{" + name + "}} is not valid UTF-8");
  // A subject is one header line: a value that would break it (a title with a line break)
  // makes this mail unrenderable, named in the message an operator reads.
  for (const auto& name : placeholders(it->subject, template_name + ".subject")) {
    const auto value = values.find(name);
    if (value != values.end() && !text::one_line(value->second))
      throw Error(errc::invalid, msg::mail_subject_not_one_line(template_name, "{{" + name + "}}"));
  }
  Rendered r;
  r.subject = text::trim(fill(it->subject, values, false, template_name + ".subject"));
  r.text = fill(it->text, values, false, template_name + ".txt");
  if (it->has_html) r.html = fill(it->html, values, true, template_name + ".html");
  return r;
}

}  // namespace camp::mail
