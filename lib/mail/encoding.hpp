#pragma once
// The byte-level encodings of a mail (RFC 2045, RFC 2047), written here because they are
// small and Debian offers no maintained C++ MIME library that is lighter than the code.
// Lines end in CRLF throughout.
#include <string>
#include <string_view>

namespace camp::mail {

// RFC 4648 base64, broken into lines of at most 76 characters (0: one line).
std::string base64(std::string_view bytes, std::size_t line_length = 76);
// RFC 2045 quoted-printable: lines of the input (LF or CRLF) become CRLF lines; longer lines
// get soft breaks so that no encoded line is over 76 characters; '=', controls, non-ASCII and
// whitespace before a line break are encoded.
std::string quoted_printable(std::string_view text);
// The text with every line break as CRLF (bare CR and LF included).
std::string crlf_lines(std::string_view text);

// A header field "Name: value" ready for a message, CRLF-terminated. Printable ASCII values
// are kept as they are; anything else becomes RFC 2047 "B" encoded-words in UTF-8, each
// holding whole characters and every line at most 76 characters, folded with CRLF SP.
// Throws camp::Error(invalid) for a value with CR or LF, or invalid UTF-8.
std::string header_field(std::string_view name, std::string_view value);
// The encoded-words for `value` alone when the first line already holds `used` characters.
std::string encoded_words(std::string_view utf8, std::size_t used);
// "Display Name <address>" with the name quoted or encoded as needed (just the address when
// the name is empty).
std::string mailbox(std::string_view display_name, std::string_view address);

}  // namespace camp::mail
