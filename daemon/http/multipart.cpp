#include "http/multipart.hpp"

#include <restinio/helpers/http_field_parsers/content-disposition.hpp>
#include <restinio/helpers/multipart_body.hpp>

#include "core/error.hpp"

namespace camp::http {

std::vector<Part> parse_multipart(std::string_view content_type, std::string_view body) {
  namespace hfp = restinio::http_field_parsers;
  namespace mp = restinio::multipart_body;
  auto type = hfp::content_type_value_t::try_parse(restinio::string_view_t(content_type.data(), content_type.size()));
  if (!type || type->media_type.type != "multipart" || type->media_type.subtype != "form-data")
    throw Error(errc::unsupported_media_type, "Content-Type must be multipart/form-data");
  std::string boundary;
  for (const auto& [name, value] : type->media_type.parameters)
    if (name == "boundary") boundary = "--" + value;
  if (boundary.size() < 3) throw Error(errc::malformed, "multipart boundary missing");

  std::vector<Part> parts;
  for (auto raw : mp::split_multipart_body(restinio::string_view_t(body.data(), body.size()), boundary)) {
    auto parsed = mp::try_parse_part(raw);
    if (!parsed) throw Error(errc::malformed, "broken multipart part");
    auto disposition = parsed->fields.opt_value_of(restinio::http_field::content_disposition);
    if (!disposition) continue;
    auto cd = hfp::content_disposition_value_t::try_parse(*disposition);
    if (!cd) throw Error(errc::malformed, "broken Content-Disposition");
    Part part;
    for (const auto& [name, value] : cd->parameters) {
      if (name == "name") part.name = value;
      if (name == "filename") part.filename = value;
    }
    part.body = std::string_view(parsed->body.data(), parsed->body.size());
    parts.push_back(std::move(part));
  }
  if (parts.empty()) throw Error(errc::malformed, "empty multipart body");
  return parts;
}

}  // namespace camp::http
