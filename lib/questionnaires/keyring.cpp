#include "questionnaires/keyring.hpp"

#include <cerrno>
#include <fcntl.h>
#include <cstring>
#include <sodium.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"

namespace camp::questionnaires {
namespace {

constexpr auto kKeyBytes = crypto_aead_xchacha20poly1305_ietf_KEYBYTES;
constexpr auto kNonceBytes = crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;

std::string to_base64(const std::string& bytes) {
  std::string out(sodium_base64_ENCODED_LEN(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    sodium_base64_VARIANT_ORIGINAL);
  out.resize(std::strlen(out.c_str()));
  return out;
}

std::string from_base64(const std::string& text) {
  std::string out(text.size(), '\0');
  std::size_t len = 0;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(), text.size(), nullptr,
                        &len, nullptr, sodium_base64_VARIANT_ORIGINAL) != 0)
    return {};
  out.resize(len);
  return out;
}

std::string fresh_key() {
  std::string key(kKeyBytes, '\0');
  crypto_aead_xchacha20poly1305_ietf_keygen(reinterpret_cast<unsigned char*>(key.data()));
  return key;
}

[[noreturn]] void unusable(const std::string& path, const std::string& why) {
  throw Error(errc::internal, "questionnaire key file " + path + ": " + why);
}

}  // namespace

Keyring Keyring::in_memory(int id, const std::string& key) {
  if (sodium_init() < 0) throw Error(errc::internal, "libsodium failed to initialise");
  Keyring k;
  k.keys_[id] = key;
  k.current_ = id;
  return k;
}

Keyring Keyring::open(const std::string& path) {
  if (sodium_init() < 0) throw Error(errc::internal, "libsodium failed to initialise");
  namespace fs = std::filesystem;
  Keyring k;
  k.path_ = path;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (!fs::path(path).parent_path().empty()) fs::create_directories(fs::path(path).parent_path());
    k.keys_[1] = fresh_key();
    k.current_ = 1;
    // Written whole to a private file, then published with link(): when several daemons start
    // at once, one link wins and the others read a complete file (never an empty one).
    const auto tmp = path + ".new." + std::to_string(::getpid());
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0) unusable(tmp, "cannot write it");
    const auto line = "1 " + to_base64(k.keys_[1]) + "\n";
    const bool ok = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size()) && ::fsync(fd) == 0;
    ::close(fd);
    const bool won = ok && ::link(tmp.c_str(), path.c_str()) == 0;
    const int link_errno = errno;
    ::unlink(tmp.c_str());
    if (won) return k;
    if (!ok || link_errno != EEXIST) unusable(path, "cannot create it");
    k.keys_.clear();
    if (::stat(path.c_str(), &st) != 0) unusable(path, "cannot create it");
  }
  if (st.st_mode & (S_IRWXG | S_IRWXO))
    unusable(path, "readable or writable by group or others: run `chmod 600 " + path + "` and start again");
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    int id = 0;
    std::string b64;
    if (!(words >> id >> b64) || id <= 0) continue;
    auto key = from_base64(b64);
    if (key.size() != kKeyBytes) unusable(path, "key " + std::to_string(id) + " is not 32 bytes of base64");
    k.keys_[id] = std::move(key);
    k.current_ = id;
  }
  if (k.keys_.empty()) unusable(path, "no key in it");
  return k;
}

Sealed Keyring::seal(const std::string& plaintext, const std::string& associated) const {
  Sealed s;
  s.key_id = current_;
  s.nonce.resize(kNonceBytes);
  randombytes_buf(s.nonce.data(), s.nonce.size());
  s.ciphertext.resize(plaintext.size() + crypto_aead_xchacha20poly1305_ietf_ABYTES);
  unsigned long long len = 0;
  crypto_aead_xchacha20poly1305_ietf_encrypt(
      reinterpret_cast<unsigned char*>(s.ciphertext.data()), &len, reinterpret_cast<const unsigned char*>(plaintext.data()),
      plaintext.size(), reinterpret_cast<const unsigned char*>(associated.data()), associated.size(), nullptr,
      reinterpret_cast<const unsigned char*>(s.nonce.data()), reinterpret_cast<const unsigned char*>(keys_.at(current_).data()));
  s.ciphertext.resize(len);
  return s;
}

std::string Keyring::open_sealed(const Sealed& s, const std::string& associated) const {
  const auto key = keys_.find(s.key_id);
  if (key == keys_.end())
    throw Error(errc::internal, "questionnaire answer sealed with key " + std::to_string(s.key_id) + ", which the key file lacks");
  if (s.nonce.size() != kNonceBytes || s.ciphertext.size() < crypto_aead_xchacha20poly1305_ietf_ABYTES)
    throw Error(errc::internal, "questionnaire answer: malformed sealed blob");
  std::string out(s.ciphertext.size() - crypto_aead_xchacha20poly1305_ietf_ABYTES, '\0');
  unsigned long long len = 0;
  if (crypto_aead_xchacha20poly1305_ietf_decrypt(
          reinterpret_cast<unsigned char*>(out.data()), &len, nullptr, reinterpret_cast<const unsigned char*>(s.ciphertext.data()),
          s.ciphertext.size(), reinterpret_cast<const unsigned char*>(associated.data()), associated.size(),
          reinterpret_cast<const unsigned char*>(s.nonce.data()), reinterpret_cast<const unsigned char*>(key->second.data())) != 0)
    throw Error(errc::internal, "questionnaire answer does not open (tampered with, or moved to another row)");
  out.resize(len);
  return out;
}

int Keyring::add_key() {
  const int id = keys_.empty() ? 1 : keys_.rbegin()->first + 1;
  keys_[id] = fresh_key();
  current_ = id;
  save();
  return id;
}

void Keyring::drop_all_but_current() {
  const auto key = keys_.at(current_);
  keys_.clear();
  keys_[current_] = key;
  save();
}

void Keyring::save() const {
  if (path_.empty()) return;
  const auto tmp = path_ + ".new";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) unusable(tmp, "cannot write it");
  std::string text;
  for (const auto& [id, key] : keys_) text += std::to_string(id) + " " + to_base64(key) + "\n";
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size()) && ::fsync(fd) == 0;
  ::close(fd);
  if (!ok || std::rename(tmp.c_str(), path_.c_str()) != 0) unusable(path_, "cannot replace it");
}

}  // namespace camp::questionnaires
