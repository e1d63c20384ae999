#include "privacy/data_export_zip.hpp"

#include <zip.h>

#include <cstdio>
#include <memory>

#include "core/error.hpp"

namespace camp::privacy {
namespace {

[[noreturn]] void fail(const char* what, zip_error_t* error) {
  throw Error(errc::internal, std::string("zip: ") + what + ": " + zip_error_strerror(error));
}

}  // namespace

std::string zip_files(const std::vector<std::pair<std::string, std::string>>& files) {
  zip_error_t error;
  zip_error_init(&error);
  // The archive is written into this buffer source, which outlives zip_close (zip_source_keep).
  zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  if (!buffer) fail("buffer", &error);
  std::unique_ptr<zip_source_t, decltype(&zip_source_free)> out(buffer, &zip_source_free);
  zip_t* archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  if (!archive) fail("open", &error);
  zip_source_keep(buffer);
  for (const auto& [name, bytes] : files) {
    zip_source_t* source = zip_source_buffer(archive, bytes.data(), bytes.size(), 0);
    if (!source || zip_file_add(archive, name.c_str(), source, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE) < 0) {
      if (source) zip_source_free(source);
      zip_discard(archive);
      throw Error(errc::internal, "zip: cannot add " + name);
    }
  }
  if (zip_close(archive) < 0) {
    zip_discard(archive);
    throw Error(errc::internal, "zip: close failed");
  }
  zip_stat_t st;
  if (zip_source_stat(buffer, &st) < 0 || zip_source_open(buffer) < 0) fail("stat", zip_source_error(buffer));
  std::string bytes(static_cast<std::size_t>(st.size), '\0');
  const auto read = zip_source_read(buffer, bytes.data(), bytes.size());
  zip_source_close(buffer);
  if (read < 0 || static_cast<zip_uint64_t>(read) != st.size) throw Error(errc::internal, "zip: short read");
  return bytes;
}

}  // namespace camp::privacy
