#pragma once
// Byte-level checks and small edits of text that arrives from outside (URLs, query strings,
// form fields, log lines).
#include <string>
#include <string_view>

namespace camp::text {

// Strict UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF (utfcpp).
bool valid_utf8(std::string_view bytes);
// The offset of the first byte that breaks strict UTF-8; bytes.size() when none does.
std::size_t invalid_utf8_at(std::string_view bytes);
// C0 controls (NUL, CR, LF, ESC ...) and DEL.
bool has_control(std::string_view bytes);
// Text fit for one line of a mail header or a title: no C0 or C1 control, DEL, or Unicode
// line or paragraph separator (U+2028, U+2029). Expects valid UTF-8.
bool one_line(std::string_view utf8);
// At most max_bytes of `utf8`, cut at a character boundary (never inside a character).
std::string_view utf8_prefix(std::string_view utf8, std::size_t max_bytes);
// Printable in one log line: controls become \n, \r, \t or \xNN, and so do bytes of
// invalid UTF-8, so no input can forge or break a log line.
std::string escape_for_log(std::string_view bytes);
// A Unicode White_Space character: ASCII spaces, tabs and line breaks, NEL, the no-break space
// U+00A0, the spaces U+2000..U+200A (em space U+2003 ...), U+2028/2029, U+202F, U+205F and the
// ideographic space U+3000 that a Japanese keyboard types.
bool is_white_space(char32_t c);
// Nothing but White_Space (or nothing at all): what "required, not only whitespace" refuses.
// Invalid UTF-8 is not blank.
bool is_blank(std::string_view s);
// `s` without leading and trailing White_Space; "" when nothing else is left.
std::string trim(std::string_view s);
// `s` without the leading and trailing bytes in `blanks` (ASCII, e.g. " \t").
std::string trim(std::string_view s, std::string_view blanks);
// A..Z to a..z; every other byte as it is (e-mail keys, URL schemes and hosts, search terms).
std::string lower_ascii(std::string_view s);

}  // namespace camp::text
