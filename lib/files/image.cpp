#include "files/image.hpp"

#include <vips/vips.h>
#include <vips/vector.h>  // vips_vector_set_enabled: not in vips.h
#include <webp/mux.h>

#include <cstdint>
#include <memory>
#include <mutex>

#include <spdlog/spdlog.h>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"

namespace camp::files {
namespace {

struct Unref {
  void operator()(gpointer object) const { g_object_unref(object); }
};
using Image = std::unique_ptr<VipsImage, Unref>;

// libvips warnings (a damaged JPEG ...) go to our log, never raw to stderr.
void log_vips(const gchar*, GLogLevelFlags, const gchar* message, gpointer) {
  spdlog::debug("libvips: {}", text::escape_for_log(message ? message : ""));
}

// Once per process: no operation cache (every upload is new), one worker thread per pipeline
// (the daemon's own threads are the parallelism), none of the loaders libvips marks as
// untrusted (ImageMagick, PDF ...; we call the three we use by name anyway), and no ORC code
// generated at run time (campd.service forbids writable executable memory).
void start_vips() {
  static std::once_flag once;
  static bool ok = false;
  std::call_once(once, [] {
    ok = vips_init("camp") == 0;
    if (!ok) return;
    vips_cache_set_max(0);
    vips_concurrency_set(1);
    vips_block_untrusted_set(TRUE);
    vips_vector_set_enabled(FALSE);
    g_log_set_handler("VIPS", static_cast<GLogLevelFlags>(G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO),
                      log_vips, nullptr);
  });
  if (!ok) throw Error(errc::internal, std::string(msg::internal)).with_detail("vips_init failed");
}

// What libvips says went wrong (and its error buffer emptied).
std::string vips_problem() {
  char* text = vips_error_buffer_copy();
  std::string out = text ? text : "";
  g_free(text);
  return text::escape_for_log(out);
}

Error not_an_image(const std::string& why) {
  spdlog::debug("upload refused: {}", why);
  return Error(errc::invalid, std::string(msg::image_format), {{"file", {std::string(msg::image_format)}}});
}

// Header only: the pixels are decoded later, when they are needed.
Image load(std::string_view bytes, ImageFormat format) {
  VipsImage* out = nullptr;
  void* data = const_cast<char*>(bytes.data());  // libvips only reads it
  int rc = -1;
  switch (format) {
    case ImageFormat::jpeg: rc = vips_jpegload_buffer(data, bytes.size(), &out, "fail_on", VIPS_FAIL_ON_ERROR, nullptr); break;
    case ImageFormat::png: rc = vips_pngload_buffer(data, bytes.size(), &out, "fail_on", VIPS_FAIL_ON_ERROR, nullptr); break;
    case ImageFormat::webp: rc = vips_webpload_buffer(data, bytes.size(), &out, "fail_on", VIPS_FAIL_ON_ERROR, nullptr); break;
  }
  if (rc != 0) throw not_an_image(vips_problem());
  return Image(out);
}

// One libvips step: `step(in, &out)`; its failure is the image's (a decoding error surfaces in
// the first step that needs the pixels).
template <typename Step>
Image run_step(const Image& in, Step step) {
  VipsImage* out = nullptr;
  if (step(in.get(), &out) != 0) throw not_an_image(vips_problem());
  return Image(out);
}

// The colours in sRGB, as the stripped file will be read: from its embedded profile (a damaged
// profile is dropped, the pixels kept), and from CMYK without one.
Image srgb(Image image) {
  if (vips_image_get_typeof(image.get(), VIPS_META_ICC_NAME)) {
    VipsImage* out = nullptr;
    if (vips_icc_transform(image.get(), &out, "srgb", "embedded", TRUE, "intent", VIPS_INTENT_PERCEPTUAL, nullptr) == 0)
      return Image(out);
    spdlog::debug("upload: colour profile ignored: {}", vips_problem());
  }
  if (vips_image_guess_interpretation(image.get()) == VIPS_INTERPRETATION_CMYK)
    return run_step(image, [](VipsImage* in, VipsImage** out) { return vips_colourspace(in, out, VIPS_INTERPRETATION_sRGB, nullptr); });
  return image;
}

// libvips 8.14's WebP saver writes an EXIF chunk of its own even when told to strip: the
// chunks that carry metadata are taken out with libwebpmux.
std::string without_webp_metadata(const void* data, std::size_t size) {
  const WebPData in{static_cast<const uint8_t*>(data), size};
  std::unique_ptr<WebPMux, decltype(&WebPMuxDelete)> mux(WebPMuxCreate(&in, 0), WebPMuxDelete);
  if (!mux) throw Error(errc::internal, std::string(msg::internal)).with_detail("libwebpmux: cannot read our own WebP");
  for (const char* chunk : {"EXIF", "XMP ", "ICCP"}) WebPMuxDeleteChunk(mux.get(), chunk);
  WebPData out;
  WebPDataInit(&out);
  if (WebPMuxAssemble(mux.get(), &out) != WEBP_MUX_OK)
    throw Error(errc::internal, std::string(msg::internal)).with_detail("libwebpmux: cannot write the WebP");
  std::string bytes(reinterpret_cast<const char*>(out.bytes), out.size);
  WebPDataClear(&out);
  return bytes;
}

// The encoder's output goes straight into our string (reserved at about the input's size):
// libvips' memory target grows a buffer by doubling, and its bytes were then copied once more
// into a string, a megabyte of fresh pages each time. Called from C: nothing may be thrown.
gint64 append_output(VipsTargetCustom*, void* data, gint64 length, gpointer out) {
  try {
    static_cast<std::string*>(out)->append(static_cast<const char*>(data), static_cast<std::size_t>(length));
    return length;
  } catch (...) {
    return -1;  // libvips reports a write error, and the upload fails
  }
}

// zlib's level for a PNG saved again. Deflate gains nothing on pixels the upload's own deflate
// could not shrink (noise, photographs of grain): stored blocks then cost the same bytes (within
// 5 bytes per 64 KiB) at a twentieth of the time, about 20 ms less per megabyte. Anything that
// compressed gets libvips' usual level 6.
int png_compression(const Image& decoded, std::size_t file_bytes) {
  const auto raw = static_cast<double>(VIPS_IMAGE_SIZEOF_LINE(decoded.get())) * vips_image_get_height(decoded.get());
  return static_cast<double>(file_bytes) >= 0.95 * raw ? 0 : 6;
}

}  // namespace

std::string reencode_image(std::string_view bytes, ImageFormat format) {
  start_vips();
  auto image = load(bytes, format);
  const auto pixels = static_cast<std::int64_t>(vips_image_get_width(image.get())) * vips_image_get_height(image.get());
  if (pixels > limits::upload_pixels_max)
    throw Error(errc::invalid, std::string(msg::image_too_many_pixels), {{"file", {std::string(msg::image_too_many_pixels)}}});

  const int deflate_level = format == ImageFormat::png ? png_compression(image, bytes.size()) : 6;
  image = run_step(image, [](VipsImage* in, VipsImage** out) { return vips_autorot(in, out, nullptr); });
  image = srgb(std::move(image));

  std::string encoded;
  encoded.reserve(bytes.size() + bytes.size() / 8 + 64 * 1024);
  const std::unique_ptr<VipsTargetCustom, Unref> target(vips_target_custom_new());
  g_signal_connect(target.get(), "write", G_CALLBACK(append_output), &encoded);
  auto* out = VIPS_TARGET(target.get());
  int rc = -1;
  switch (format) {
    case ImageFormat::jpeg:
      rc = vips_jpegsave_target(image.get(), out, "strip", TRUE, "Q", 90, "optimize_coding", TRUE, nullptr);
      break;
    case ImageFormat::png:
      rc = vips_pngsave_target(image.get(), out, "strip", TRUE, "compression", deflate_level, nullptr);
      break;
    case ImageFormat::webp: rc = vips_webpsave_target(image.get(), out, "strip", TRUE, "Q", 90, nullptr); break;
  }
  // The pixels are decoded while they are encoded: a failure here is a damaged file.
  if (rc != 0) throw not_an_image(vips_problem());
  if (format == ImageFormat::webp) return without_webp_metadata(encoded.data(), encoded.size());
  return encoded;
}

}  // namespace camp::files
