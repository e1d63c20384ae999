#pragma once
#include "core/config.hpp"
#include "http/exchange.hpp"

namespace camp {

// GET of a non-API path: an upload under /uploads/, a file of the built web app, or the
// web app's index.html for any other path (the single-page app routes it).
http::Response serve_static(const http::Request& request, const Config& config);

// MIME type by file extension (application/octet-stream when unknown).
const char* content_type_for(const std::string& path);

}  // namespace camp
