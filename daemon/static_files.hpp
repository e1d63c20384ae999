#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/config.hpp"
#include "http/exchange.hpp"

namespace camp {

// GET of a non-API path: a file of the built web app, or the web app's index.html for any
// other path (the single-page app routes it); 404 under /uploads/ (the uploads' own route
// answers their names).
http::Response serve_static(const http::Request& request, const Config& config);

// The relative file path that a request path (as sent, still percent-encoded) names, or
// nothing when the path is not plainly a file name under a root: empty segments, segments
// starting with '.', backslashes, control characters, percent-encoded '/', '\', '.', '%' or
// controls, malformed escapes and invalid UTF-8 are all refused. "/" gives "".
std::optional<std::string> static_relative_path(std::string_view raw_path);

// A file opened under a root: the descriptor, or why not. `refused` means something is there
// that we will not serve (a symlink, a FIFO or device, a path escaping the root), as opposed
// to nothing at all (or a directory): the caller answers 404 instead of the app's fallback.
struct Opened {
  http::UniqueFd fd;
  bool refused = false;
};

// Opens `relative` for reading only if it is a regular file inside `root`, reached without
// any symlink, "..", or mount crossing (openat2 RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS).
Opened open_beneath(const std::string& root, const std::string& relative);

// MIME type by file extension (application/octet-stream when unknown).
const char* content_type_for(const std::string& path);

}  // namespace camp
