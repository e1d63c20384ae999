#pragma once
// Uploaded images decoded and encoded again by libvips: the pictures survive, nothing else of
// the file does (EXIF with GPS positions, XMP, IPTC, comments, colour profiles, trailing bytes).
#include <string>
#include <string_view>

namespace camp::files {

enum class ImageFormat { jpeg, png, webp };

// `bytes` decoded as `format` (that loader only, failing on any decoding error), turned upright
// by its EXIF orientation, colours converted to sRGB from an embedded profile, and encoded again
// as the same format without any metadata. Throws camp::Error invalid: image_format when the
// bytes do not decode as `format`, image_too_many_pixels past limits::upload_pixels_max (read
// from the header first: a small file that claims a huge picture is never decoded).
std::string reencode_image(std::string_view bytes, ImageFormat format);

}  // namespace camp::files
