#include "static_files.hpp"

#include <filesystem>
#include <regex>

#include "core/error.hpp"

namespace camp {
namespace {

namespace fs = std::filesystem;

// Refuses "..", hidden names (in-progress uploads start with '.'), backslashes and NULs.
bool safe_relative(std::string_view path) {
  if (path.find('\0') != std::string_view::npos || path.find('\\') != std::string_view::npos) return false;
  std::size_t start = 0;
  while (start < path.size()) {
    auto slash = path.find('/', start);
    auto part = path.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    if (!part.empty() && part.front() == '.') return false;
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return true;
}

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

bool accepts_gzip(const http::Request& r) {
  return r.header("accept-encoding").value_or("").find("gzip") != std::string_view::npos;
}

http::Response file_response(const http::Request& request, const fs::path& file, const char* cache_control) {
  http::Response r;
  r.header("Content-Type", content_type_for(file.string()));
  r.header("Cache-Control", cache_control);
  fs::path gz = file.string() + ".gz";
  if (accepts_gzip(request) && is_file(gz)) {
    r.file_path = gz.string();
    r.header("Content-Encoding", "gzip");
  } else {
    r.file_path = file.string();
  }
  r.header("Vary", "Accept-Encoding");
  return r;
}

bool content_hashed(const std::string& name) {
  static const std::regex hashed(R"(.*[.-][0-9a-f]{8,}\.(js|css|woff2?|svg|png|jpg|webp|ico|map)$)");
  return std::regex_match(name, hashed);
}

}  // namespace

const char* content_type_for(const std::string& path) {
  static const std::pair<const char*, const char*> types[] = {
      {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
      {".json", "application/json; charset=utf-8"}, {".svg", "image/svg+xml"},
      {".png", "image/png"}, {".jpg", "image/jpeg"}, {".jpeg", "image/jpeg"}, {".webp", "image/webp"},
      {".ico", "image/x-icon"}, {".woff2", "font/woff2"}, {".woff", "font/woff"},
      {".txt", "text/plain; charset=utf-8"}, {".map", "application/json"}, {".webmanifest", "application/manifest+json"},
  };
  for (const auto& [ext, type] : types)
    if (path.ends_with(ext)) return type;
  return "application/octet-stream";
}

http::Response serve_static(const http::Request& request, const Config& config) {
  const std::string& path = request.path;
  if (!safe_relative(path)) throw Error(errc::not_found, "not found");

  constexpr std::string_view uploads = "/uploads/";
  if (path.rfind(uploads, 0) == 0) {
    const fs::path file = fs::path(config.uploads_dir()) / path.substr(uploads.size());
    if (!is_file(file)) throw Error(errc::not_found, "no such file");
    return file_response(request, file, "public, max-age=31536000, immutable");
  }

  const fs::path root = config.webui_dir;
  if (path != "/" && path.back() != '/') {
    const fs::path file = root / path.substr(1);
    if (is_file(file)) {
      const auto name = file.filename().string();
      return file_response(request, file, content_hashed(name) ? "public, max-age=31536000, immutable" : "no-cache");
    }
    // A missing asset is a 404, not the app: the browser would try to run HTML as a script.
    if (path.rfind("/assets/", 0) == 0 || path.rfind("/static/", 0) == 0) throw Error(errc::not_found, "no such asset");
  }
  const fs::path index = root / "index.html";
  if (!is_file(index))
    throw Error(errc::not_found, "the web app is not built (npm --prefix webui run build)");
  return file_response(request, index, "no-cache");
}

}  // namespace camp
