#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace camp::http {

struct Part {
  std::string name;
  std::optional<std::string> filename;
  std::string_view body;  // points into the request body
};

// multipart/form-data (RESTinio's parser). 415 for another content type, 400 when broken.
std::vector<Part> parse_multipart(std::string_view content_type, std::string_view body);

}  // namespace camp::http
