#include <gtest/gtest.h>

#include "files/uploads.hpp"

using camp::files::sniff_image;

TEST(UploadSniff, DecidesByBytesNotNames) {
  EXPECT_STREQ(sniff_image(std::string("\xFF\xD8\xFF\xE0rest", 8))->content_type, "image/jpeg");
  EXPECT_STREQ(sniff_image(std::string("\x89PNG\r\n\x1A\n\0\0\0\x0DIHDRrest", 20))->extension, "png");
  EXPECT_STREQ(sniff_image(std::string("RIFF\x10\0\0\0WEBPVP8 ", 16))->content_type, "image/webp");
  EXPECT_FALSE(sniff_image("GIF89a......"));
  EXPECT_FALSE(sniff_image("<?php echo 1; ?>"));
  EXPECT_FALSE(sniff_image("<html><script>alert(1)</script>"));
  EXPECT_FALSE(sniff_image(""));
  EXPECT_FALSE(sniff_image(std::string("RIFF\x10\0\0\0AVI LIST", 16)));
}

TEST(UploadSniff, ASignatureFollowedByAnythingElseIsNotAnImage) {
  EXPECT_FALSE(sniff_image(std::string("\x89PNG\r\n\x1A\n<!doctype html><script>", 31)));
  EXPECT_FALSE(sniff_image(std::string("\xFF\xD8\xFF<html>", 9)));
  EXPECT_FALSE(sniff_image(std::string("RIFF\x10\0\0\0WEBP<htm", 16)));
}
