#include "mail/encoding.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "core/text.hpp"

namespace camp::mail {
namespace {

constexpr char kBase64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr char kHex[] = "0123456789ABCDEF";
constexpr std::size_t kMaxLine = 76;

std::string base64_line(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const auto n = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                   static_cast<unsigned char>(bytes[i + 2]);
    out += kBase64[(n >> 18) & 63];
    out += kBase64[(n >> 12) & 63];
    out += kBase64[(n >> 6) & 63];
    out += kBase64[n & 63];
  }
  if (i < bytes.size()) {
    const bool two = i + 1 < bytes.size();
    const auto n = (static_cast<unsigned char>(bytes[i]) << 16) | (two ? static_cast<unsigned char>(bytes[i + 1]) << 8 : 0);
    out += kBase64[(n >> 18) & 63];
    out += kBase64[(n >> 12) & 63];
    out += two ? kBase64[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

bool printable_ascii(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
}

// Bytes of the UTF-8 character starting with `lead` (valid input assumed: checked before).
std::size_t utf8_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  return 2;
}

void check_header_value(std::string_view value) {
  if (value.find_first_of("\r\n") != std::string_view::npos)
    throw Error(errc::invalid, "mail header value contains a line break");
  if (!text::valid_utf8(value)) throw Error(errc::invalid, "mail header value is not valid UTF-8");
}

}  // namespace

std::string base64(std::string_view bytes, std::size_t line_length) {
  const auto all = base64_line(bytes);
  if (line_length == 0 || all.size() <= line_length) return all;
  std::string out;
  for (std::size_t i = 0; i < all.size(); i += line_length) {
    if (i) out += "\r\n";
    out += all.substr(i, line_length);
  }
  return out;
}

std::string crlf_lines(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 32);
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r') {
      out += "\r\n";
      if (i + 1 < text.size() && text[i + 1] == '\n') ++i;
    } else if (text[i] == '\n') {
      out += "\r\n";
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string quoted_printable(std::string_view text) {
  const auto lines = crlf_lines(text);
  std::string out;
  std::size_t start = 0;
  while (start <= lines.size()) {
    auto end = lines.find("\r\n", start);
    const bool last = end == std::string::npos;
    if (last) end = lines.size();
    const std::string_view line(lines.data() + start, end - start);
    std::size_t column = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const auto c = static_cast<unsigned char>(line[i]);
      const bool at_end = i + 1 == line.size();
      // Whitespace at the end of a line would be stripped by some transports.
      const bool literal = (c >= 33 && c <= 126 && c != '=') || ((c == ' ' || c == '\t') && !at_end);
      const std::size_t width = literal ? 1 : 3;
      // Keep room for the soft break '=' unless this is the line's last character.
      if (column + width > (at_end ? kMaxLine : kMaxLine - 1)) {
        out += "=\r\n";
        column = 0;
      }
      if (literal) {
        out += static_cast<char>(c);
      } else {
        out += '=';
        out += kHex[c >> 4];
        out += kHex[c & 15];
      }
      column += width;
    }
    if (last) break;
    out += "\r\n";
    start = end + 2;
  }
  return out;
}

std::string encoded_words(std::string_view utf8, std::size_t used) {
  constexpr std::string_view open = "=?UTF-8?B?", close = "?=";
  std::string out;
  std::size_t i = 0;
  while (i < utf8.size()) {
    // Base64 characters that fit on this line, then the whole bytes they carry.
    const std::size_t room = kMaxLine - std::min(used + open.size() + close.size(), kMaxLine - 4);
    const std::size_t max_bytes = std::max<std::size_t>(room / 4 * 3, 3);
    std::size_t take = 0;
    while (i + take < utf8.size()) {
      const auto len = utf8_length(static_cast<unsigned char>(utf8[i + take]));
      if (take + len > max_bytes && take > 0) break;
      take += len;
    }
    if (!out.empty()) out += "\r\n ";
    out += open;
    out += base64_line(utf8.substr(i, take));
    out += close;
    i += take;
    used = 1;  // a continuation line starts with the folding space
  }
  return out;
}

std::string header_field(std::string_view name, std::string_view value) {
  check_header_value(value);
  std::string out(name);
  out += ": ";
  // Printable ASCII goes as it is, unless it could be mistaken for an encoded-word.
  if (printable_ascii(value) && value.find("=?") == std::string_view::npos) out += value;
  else out += encoded_words(value, name.size() + 2);
  return out + "\r\n";
}

std::string mailbox(std::string_view display_name, std::string_view address) {
  check_header_value(display_name);
  check_header_value(address);
  if (display_name.empty()) return std::string(address);
  std::string out;
  constexpr std::string_view specials = "()<>[]:;@\\,.\"";
  if (printable_ascii(display_name) && display_name.find("=?") == std::string_view::npos) {
    if (display_name.find_first_of(specials) == std::string_view::npos) {
      out = display_name;
    } else {
      out = "\"";
      for (char c : display_name) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
      }
      out += "\"";
    }
  } else {
    // "From: " is the field this goes in: the encoded-words fold within 76 characters.
    out = encoded_words(display_name, 6);
  }
  out += " <";
  out += address;
  out += ">";
  return out;
}

}  // namespace camp::mail
