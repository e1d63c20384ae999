// Uploaded images decoded and encoded again (files/image.cpp): the picture survives, upright;
// EXIF with a GPS position, comments and trailing bytes do not; what does not decode is refused.
#include <gtest/gtest.h>
#include <vips/vips.h>
#include <webp/mux.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "files/image.hpp"

using camp::files::ImageFormat;
using camp::files::reencode_image;

namespace {

std::string unhex(std::string_view hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16));
  return out;
}

// PNG's CRC-32 (ISO 3309), for a chunk changed in place.
std::uint32_t crc32(std::string_view bytes) {
  std::uint32_t c = 0xFFFFFFFF;
  for (unsigned char b : bytes) {
    c ^= b;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320 ^ (c >> 1) : c >> 1;
  }
  return c ^ 0xFFFFFFFF;
}

// A big-endian TIFF structure: orientation 6 (turn 90° clockwise) and a GPS IFD with latitude
// 35°39'31" N, longitude 139°42'10" E (tests/api/lib/images.mjs builds the same).
const std::string kGpsRationals = unhex(
    "000000230000000100000027000000010000001f000000010000008b000000010000002a000000010000000a00000001");
const std::string kTiff = unhex(
    "4d4d002a00000008000201120003000000010006000088250004000000010000002600000000000400010002000000024e00000000020005"
    "000000030000005c00030002000000024500000000040005000000030000007400000000000000230000000100000027000000010000001f"
    "000000010000008b000000010000002a000000010000000a00000001");

struct Unref {
  void operator()(VipsImage* i) const { g_object_unref(i); }
};
using Image = std::unique_ptr<VipsImage, Unref>;

// A width×height grey picture encoded by libvips, without metadata.
std::string encoded(int width, int height, const char* suffix) {
  VIPS_INIT("camp_unit_tests");
  VipsImage* black = nullptr;
  EXPECT_EQ(vips_black(&black, width, height, nullptr), 0);
  Image image(black);
  void* buf = nullptr;
  std::size_t size = 0;
  EXPECT_EQ(vips_image_write_to_buffer(image.get(), suffix, &buf, &size, "strip", TRUE, nullptr), 0) << vips_error_buffer();
  std::string out(static_cast<const char*>(buf), size);
  g_free(buf);
  return out;
}

std::string segment(unsigned char marker, const std::string& data) {
  const auto n = data.size() + 2;
  return std::string{'\xFF', static_cast<char>(marker), static_cast<char>(n >> 8), static_cast<char>(n & 0xFF)} + data;
}

// The JPEG with an EXIF block (APP1) and a comment (COM) right after its start marker.
std::string jpeg_with_exif(int width, int height) {
  const auto plain = encoded(width, height, ".jpg");
  return plain.substr(0, 2) + segment(0xE1, std::string("Exif\0\0", 6) + kTiff) +
         segment(0xFE, "shot at home, 3-2-1 Jingumae") + plain.substr(2);
}

Image decoded(const std::string& bytes) {
  Image image(vips_image_new_from_buffer(bytes.data(), bytes.size(), "", nullptr));
  EXPECT_TRUE(image) << vips_error_buffer();
  return image;
}

bool has_marker(const std::string& jpeg, unsigned char marker) {
  // Segments run from after SOI to the first SOS.
  for (std::size_t at = 2; at + 4 <= jpeg.size() && static_cast<unsigned char>(jpeg[at]) == 0xFF;) {
    const auto m = static_cast<unsigned char>(jpeg[at + 1]);
    if (m == marker) return true;
    if (m == 0xDA) break;
    at += 2 + ((static_cast<unsigned char>(jpeg[at + 2]) << 8) | static_cast<unsigned char>(jpeg[at + 3]));
  }
  return false;
}

std::string refusal(const std::string& bytes, ImageFormat format) {
  try {
    reencode_image(bytes, format);
  } catch (const camp::Error& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST(UploadImage, JpegLosesExifGpsAndCommentAndIsTurnedUpright) {
  const auto upload = jpeg_with_exif(32, 16);
  ASSERT_NE(upload.find(kGpsRationals), std::string::npos);  // the planted position is there
  const auto stored = reencode_image(upload, ImageFormat::jpeg);
  EXPECT_FALSE(has_marker(stored, 0xE1)) << "APP1 (EXIF/XMP)";
  EXPECT_FALSE(has_marker(stored, 0xFE)) << "COM";
  EXPECT_EQ(stored.find(kGpsRationals), std::string::npos);
  EXPECT_EQ(stored.find("Exif"), std::string::npos);
  EXPECT_EQ(stored.find("Jingumae"), std::string::npos);
  const auto image = decoded(stored);
  EXPECT_EQ(vips_image_get_width(image.get()), 16);  // orientation 6 applied: 32×16 became 16×32
  EXPECT_EQ(vips_image_get_height(image.get()), 32);
  EXPECT_EQ(vips_image_get_typeof(image.get(), VIPS_META_EXIF_NAME), 0u);
}

TEST(UploadImage, WebpLosesItsExifChunk) {
  // A WebP with an EXIF chunk holding the GPS position, put there with libwebpmux.
  const auto plain = encoded(8, 8, ".webp");
  const WebPData in{reinterpret_cast<const uint8_t*>(plain.data()), plain.size()};
  std::unique_ptr<WebPMux, decltype(&WebPMuxDelete)> mux(WebPMuxCreate(&in, 1), WebPMuxDelete);
  ASSERT_TRUE(mux);
  const WebPData exif{reinterpret_cast<const uint8_t*>(kTiff.data()), kTiff.size()};
  ASSERT_EQ(WebPMuxSetChunk(mux.get(), "EXIF", &exif, 1), WEBP_MUX_OK);
  WebPData out;
  WebPDataInit(&out);
  ASSERT_EQ(WebPMuxAssemble(mux.get(), &out), WEBP_MUX_OK);
  const std::string upload(reinterpret_cast<const char*>(out.bytes), out.size);
  WebPDataClear(&out);
  ASSERT_NE(upload.find("EXIF"), std::string::npos);

  const auto stored = reencode_image(upload, ImageFormat::webp);
  EXPECT_EQ(stored.substr(0, 4), "RIFF");
  EXPECT_EQ(stored.find("EXIF"), std::string::npos);  // not even the one libvips writes itself
  EXPECT_EQ(stored.find(kGpsRationals), std::string::npos);
  EXPECT_EQ(vips_image_get_width(decoded(stored).get()), 8);
}

TEST(UploadImage, TrailingBytesDoNotSurvive) {
  const auto stored = reencode_image(encoded(8, 8, ".png") + "<script>alert(1)</script>", ImageFormat::png);
  EXPECT_EQ(stored.find("<script>"), std::string::npos);
  EXPECT_EQ(stored.substr(1, 3), "PNG");
}

TEST(UploadImage, WhatDoesNotDecodeAsItsTypeIsRefused) {
  const std::string format_message = "jpg/png/webp いずれかの形式のファイルをアップロードしてください。";
  // A JPEG header and then HTML: the signature is right, there is no picture.
  const auto polyglot = encoded(8, 8, ".jpg").substr(0, 20) + "<!doctype html><script>alert(1)</script>";
  EXPECT_EQ(refusal(polyglot, ImageFormat::jpeg), format_message);
  const auto jpeg = encoded(64, 64, ".jpg");
  EXPECT_EQ(refusal(jpeg.substr(0, jpeg.size() / 2), ImageFormat::jpeg), format_message);  // cut
  auto png = encoded(16, 16, ".png");
  EXPECT_EQ(refusal(png.substr(0, png.size() - 20), ImageFormat::png), format_message);
  png[png.size() - 20] ^= 0x55;  // a damaged chunk
  EXPECT_EQ(refusal(png, ImageFormat::png), format_message);
  // Each loader reads only its own format.
  EXPECT_EQ(refusal(encoded(8, 8, ".png"), ImageFormat::jpeg), format_message);
  EXPECT_EQ(refusal(encoded(8, 8, ".jpg"), ImageFormat::webp), format_message);
}

TEST(UploadImage, APictureOfMoreThanFiftyMillionPixelsIsRefusedBeforeDecoding) {
  // A header claiming 10000×5001 in a file of a few hundred bytes.
  auto png = encoded(8, 8, ".png");
  const auto ihdr = png.find("IHDR");
  ASSERT_NE(ihdr, std::string::npos);
  const std::string size("\x00\x00\x27\x10\x00\x00\x13\x89", 8);  // 10000, 5001
  png.replace(ihdr + 4, 8, size);
  const auto crc = crc32(std::string_view(png).substr(ihdr, 4 + 13));
  for (int i = 0; i < 4; ++i) png[ihdr + 17 + i] = static_cast<char>(crc >> (24 - 8 * i));
  EXPECT_EQ(refusal(png, ImageFormat::png), "画像の画素数が多すぎます（5000万画素まで）");
}

namespace {

// A width×height RGB picture of noise (what deflate cannot shrink), as a PNG.
std::string noise_png(int width, int height) {
  VIPS_INIT("camp_unit_tests");
  VipsImage *noise = nullptr, *rgb = nullptr, *bytes = nullptr;
  EXPECT_EQ(vips_gaussnoise(&noise, width, height, "mean", 128.0, "sigma", 60.0, nullptr), 0);
  Image n(noise);
  VipsImage* bands[] = {noise, noise, noise};
  EXPECT_EQ(vips_bandjoin(bands, &rgb, 3, nullptr), 0);
  Image r(rgb);
  EXPECT_EQ(vips_cast_uchar(rgb, &bytes, nullptr), 0);
  Image b(bytes);
  void* buf = nullptr;
  std::size_t size = 0;
  EXPECT_EQ(vips_image_write_to_buffer(bytes, ".png", &buf, &size, "strip", TRUE, "compression", 9, nullptr), 0);
  std::string out(static_cast<const char*>(buf), size);
  g_free(buf);
  return out;
}

// Every pixel of two decoded pictures equal.
bool same_pixels(const std::string& a, const std::string& b) {
  std::size_t na = 0, nb = 0;
  void* pa = vips_image_write_to_memory(decoded(a).get(), &na);
  void* pb = vips_image_write_to_memory(decoded(b).get(), &nb);
  const bool same = pa && pb && na == nb && std::memcmp(pa, pb, na) == 0;
  g_free(pa);
  g_free(pb);
  return same;
}

}  // namespace

TEST(UploadImage, NoiseIsStoredWithoutDeflatingAgainAndAFlatPictureIsDeflated) {
  // Noise: the stored PNG is the same picture, no larger than the upload beyond block framing.
  const auto noise = noise_png(300, 300);
  const auto stored = reencode_image(noise, ImageFormat::png);
  EXPECT_TRUE(same_pixels(noise, stored));
  EXPECT_LT(stored.size(), noise.size() + noise.size() / 100);
  // A flat picture, which deflate shrinks: deflated again (256×256 grey is 64 KiB raw).
  const auto flat = encoded(256, 256, ".png");
  const auto flat_stored = reencode_image(flat, ImageFormat::png);
  EXPECT_TRUE(same_pixels(flat, flat_stored));
  EXPECT_LT(flat_stored.size(), 2000u);
}
