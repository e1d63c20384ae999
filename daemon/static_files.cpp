#include "static_files.hpp"

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <cerrno>
#include <regex>

#include "core/error.hpp"
#include "core/text.hpp"

namespace camp {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Bytes that never belong in a file name we serve, whether sent plainly or percent-encoded.
bool forbidden_byte(unsigned char c) { return c < 0x20 || c == 0x7f || c == '\\'; }

bool accepts_gzip(const http::Request& r) {
  return r.header("accept-encoding").value_or("").find("gzip") != std::string_view::npos;
}

http::Response file_response(const http::Request& request, const std::string& root, const std::string& relative,
                             http::UniqueFd file, const char* cache_control) {
  http::Response r;
  r.header("Content-Type", content_type_for(relative));
  r.header("Cache-Control", cache_control);
  r.header("Vary", "Accept-Encoding");
  if (accepts_gzip(request)) {
    if (auto gz = open_beneath(root, relative + ".gz"); gz.fd) {
      r.header("Content-Encoding", "gzip");
      file = std::move(gz.fd);
    }
  }
  r.file = std::move(file);
  return r;
}

bool content_hashed(std::string_view relative) {
  static const std::regex hashed(R"(.*[.-][0-9a-f]{8,}\.(js|css|woff2?|svg|png|jpg|webp|ico|map)$)");
  return std::regex_match(relative.begin(), relative.end(), hashed);
}

Error refused(const http::Request& request) {
  spdlog::warn("request {} refused static path {}", request.request_id, text::escape_for_log(request.log_path));
  return Error(errc::not_found, "not found");
}

}  // namespace

std::optional<std::string> static_relative_path(std::string_view raw) {
  if (raw.empty() || raw.front() != '/') return std::nullopt;
  std::string decoded;
  decoded.reserve(raw.size());
  for (std::size_t i = 1; i < raw.size(); ++i) {
    auto c = static_cast<unsigned char>(raw[i]);
    if (forbidden_byte(c)) return std::nullopt;
    if (c == '%') {
      if (i + 2 >= raw.size()) return std::nullopt;
      const int hi = hex_digit(raw[i + 1]), lo = hex_digit(raw[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      c = static_cast<unsigned char>(hi * 16 + lo);
      // An encoded separator or dot only ever serves to smuggle one past a check.
      if (forbidden_byte(c) || c == '/' || c == '.' || c == '%') return std::nullopt;
      i += 2;
    }
    decoded += static_cast<char>(c);
  }
  if (!text::valid_utf8(decoded)) return std::nullopt;
  // Segments: none empty (a trailing '/' aside), none hidden ('.', '..', dot files).
  std::size_t start = 0;
  while (start < decoded.size()) {
    const auto slash = decoded.find('/', start);
    const auto end = slash == std::string::npos ? decoded.size() : slash;
    if (end == start || decoded[start] == '.') return std::nullopt;
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
  return decoded;
}

Opened open_beneath(const std::string& root, const std::string& relative) {
  if (relative.empty() || relative.back() == '/') return {};
  http::UniqueFd dir(::open(root.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC));
  if (!dir) return {};
  open_how how{};
  // O_NONBLOCK: a FIFO planted under the root must not hang a worker (it is refused below).
  how.flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_XDEV;
  http::UniqueFd file(static_cast<int>(::syscall(SYS_openat2, dir.get(), relative.c_str(), &how, sizeof how)));
  if (!file) {
    const int error = errno;
    if (error == ENOSYS) {
      static std::atomic<bool> told{false};
      if (!told.exchange(true)) spdlog::error("openat2 is not available (Linux >= 5.6 needed): static files are refused");
    }
    // ENOENT / ENOTDIR / EISDIR: nothing to serve. ELOOP (a symlink), EXDEV (escaping the root
    // or a mount), ENXIO (a socket) and the rest: something is there that we refuse.
    return {{}, error != ENOENT && error != ENOTDIR && error != EISDIR && error != ENAMETOOLONG};
  }
  struct stat st {};
  if (::fstat(file.get(), &st) != 0) return {{}, true};
  if (S_ISDIR(st.st_mode)) return {};
  if (!S_ISREG(st.st_mode)) return {{}, true};
  return {std::move(file), false};
}

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
  const auto relative = static_relative_path(request.raw_path);
  if (!relative) throw refused(request);

  // Uploads are served from the database (routes/uploads.cpp); what reaches here under
  // /uploads/ is no upload's name, and never the app.
  if (*relative == "uploads" || relative->starts_with("uploads/")) throw Error(errc::not_found, "no such upload");

  const std::string& root = config.webui_dir;
  auto opened = open_beneath(root, *relative);
  if (opened.refused) throw refused(request);
  if (opened.fd)
    return file_response(request, root, *relative, std::move(opened.fd),
                         content_hashed(*relative) ? "public, max-age=31536000, immutable" : "no-cache");
  // A missing asset is a 404, not the app: the browser would try to run HTML as a script.
  if (relative->starts_with("assets/") || relative->starts_with("static/")) throw Error(errc::not_found, "no such asset");
  auto index = open_beneath(root, "index.html");
  if (!index.fd) throw Error(errc::not_found, "the web app is not built (npm --prefix webui run build)");
  return file_response(request, root, "index.html", std::move(index.fd), "no-cache");
}

}  // namespace camp
