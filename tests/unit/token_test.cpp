#include <gtest/gtest.h>

#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "accounts/token.hpp"
#include "core/error.hpp"

using namespace camp;
using namespace camp::accounts;

namespace {

const std::string kSecret(40, 'k');

std::int64_t now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

TokenClaims claims(std::int64_t exp_offset) {
  return {42, "student", "abc123", now(), now() + exp_offset};
}

std::string b64url(const std::string& in) {
  static const char* tbl = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  int val = 0, bits = -6;
  for (unsigned char c : in) {
    val = (val << 8) + c;
    bits += 8;
    while (bits >= 0) {
      out += tbl[(val >> bits) & 0x3F];
      bits -= 6;
    }
  }
  if (bits > -6) out += tbl[((val << 8) >> (bits + 8)) & 0x3F];
  return out;
}

void expect_unauthenticated(const TokenSigner& signer, const std::string& token) {
  try {
    signer.verify(token);
    FAIL() << "accepted: " << token;
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), errc::unauthenticated);
  }
}

}  // namespace

TEST(Token, RoundTripCarriesTheClaims) {
  TokenSigner signer(kSecret);
  const auto token = signer.sign(claims(3600));
  const auto c = signer.verify(token);
  EXPECT_EQ(c.account_id, 42);
  EXPECT_EQ(c.role, "student");
  EXPECT_EQ(c.jti, "abc123");
  EXPECT_GT(c.expires_at, c.issued_at);
}

TEST(Token, ExpiredIsRefused) {
  TokenSigner signer(kSecret);
  expect_unauthenticated(signer, signer.sign(claims(-10)));
}

TEST(Token, AnotherSecretIsRefused) {
  TokenSigner mine(kSecret), theirs(std::string(40, 'x'));
  expect_unauthenticated(mine, theirs.sign(claims(3600)));
}

TEST(Token, AlgNoneIsRefused) {
  TokenSigner signer(kSecret);
  const auto payload = R"({"sub":"42","role":"admin","jti":"abc123","iat":)" + std::to_string(now()) +
                       R"(,"exp":)" + std::to_string(now() + 3600) + "}";
  expect_unauthenticated(signer, b64url(R"({"alg":"none","typ":"JWT"})") + "." + b64url(payload) + ".");
  expect_unauthenticated(signer, b64url(R"({"alg":"none","typ":"JWT"})") + "." + b64url(payload));
}

TEST(Token, TamperedPayloadIsRefused) {
  TokenSigner signer(kSecret);
  auto token = signer.sign(claims(3600));
  const auto first = token.find('.');
  const auto second = token.find('.', first + 1);
  const auto forged = b64url(R"({"sub":"1","role":"admin","jti":"abc123","iat":1,"exp":)" + std::to_string(now() + 3600) + "}");
  expect_unauthenticated(signer, token.substr(0, first + 1) + forged + token.substr(second));
}

TEST(Token, GarbageIsRefused) {
  TokenSigner signer(kSecret);
  for (const std::string& t : std::vector<std::string>{"", "abc", "a.b.c", "....", std::string(5000, 'a')}) expect_unauthenticated(signer, t);
}

TEST(Token, ShortSecretIsRejectedAtStart) { EXPECT_THROW(TokenSigner("short"), Error); }

TEST(Token, TamperedSignatureOfEqualLengthIsRefused) {
  TokenSigner signer(kSecret);
  const auto token = signer.sign(claims(3600));
  const auto dot = token.rfind('.');
  // Flip each signature character in turn (same length, still base64url): never accepted.
  for (std::size_t i = dot + 1; i < token.size(); ++i) {
    auto forged = token;
    forged[i] = forged[i] == 'A' ? 'B' : 'A';
    EXPECT_FALSE(signature_matches(forged, kSecret)) << forged;
    expect_unauthenticated(signer, forged);
  }
  EXPECT_TRUE(signature_matches(token, kSecret));
}

TEST(Token, SignatureCheckIsStrict) {
  TokenSigner signer(kSecret);
  const auto token = signer.sign(claims(3600));
  EXPECT_FALSE(signature_matches(token + "=", kSecret));                      // padding
  EXPECT_FALSE(signature_matches(token.substr(0, token.size() - 1), kSecret));  // shorter
  EXPECT_FALSE(signature_matches(token, std::string(40, 'x')));                 // another key
  EXPECT_FALSE(signature_matches("no-dots-at-all", kSecret));
  EXPECT_FALSE(signature_matches("one.dot", kSecret));
}

TEST(Token, SecretFileReadableByOthersIsRefused) {
  char dir_template[] = "/tmp/camp-token-test-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const auto secret = load_or_create_jwt_secret("", "", dir);  // created 0600
  EXPECT_EQ(load_or_create_jwt_secret("", "", dir), secret);
  const auto path = dir + "/jwt_secret";
  ::chmod(path.c_str(), 0644);
  try {
    load_or_create_jwt_secret("", "", dir);
    FAIL() << "a world-readable secret was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("chmod 600"), std::string::npos) << e.what();
  }
  ::chmod(path.c_str(), 0640);
  EXPECT_THROW(load_or_create_jwt_secret("", "", dir), Error);
  ::chmod(path.c_str(), 0600);
  EXPECT_EQ(load_or_create_jwt_secret("", "", dir), secret);
  std::filesystem::remove_all(dir);
}

// jwt_secret_file: the operator's file, read as it is and never created; the data directory
// is not looked at.
TEST(Token, SecretFileFromTheConfig) {
  char dir_template[] = "/tmp/camp-token-test-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const auto file = dir + "/shared-key";
  EXPECT_THROW(load_or_create_jwt_secret("", file, dir + "/data"), Error);  // missing: refused
  EXPECT_FALSE(std::filesystem::exists(file));
  const std::string key(40, 'k');
  std::ofstream(file) << key << "\n";
  ::chmod(file.c_str(), 0600);
  EXPECT_EQ(load_or_create_jwt_secret("", file, dir + "/data"), key);
  EXPECT_FALSE(std::filesystem::exists(dir + "/data"));
  ::chmod(file.c_str(), 0644);
  EXPECT_THROW(load_or_create_jwt_secret("", file, dir + "/data"), Error);
  std::ofstream(file) << "short\n";
  ::chmod(file.c_str(), 0600);
  EXPECT_THROW(load_or_create_jwt_secret("", file, dir + "/data"), Error);
  EXPECT_EQ(load_or_create_jwt_secret("configured", file, dir + "/data"), "configured");
  std::filesystem::remove_all(dir);
}
