#pragma once
// Encryption at rest of the answers (docs/questionnaires.md "Personal data"): each answer is
// one sealed blob, XChaCha20-Poly1305 (libsodium AEAD) under a 256-bit key kept outside the
// database, in a key file: data_dir/questionnaire_keys (0600), or `questionnaires.key_file`.
// The file holds lines "<id> <base64 key>"; the last line is the current key (new answers),
// older lines still open older answers until `camp questionnaires rotate-key` has re-sealed
// them. The associated data binds a blob to its row (kind and account), so a blob copied into
// another row does not open.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace camp::questionnaires {

struct Sealed {
  std::string nonce;       // 24 bytes
  std::string ciphertext;  // the plaintext's length + 16
  int key_id = 0;
};

class Keyring {
 public:
  // Reads the key file, creating it (0600, one fresh key) when it does not exist. Refuses a
  // file group or others may access (`chmod 600`), or one without a usable key.
  static Keyring open(const std::string& path);
  // For tests: one key in memory.
  static Keyring in_memory(int id, const std::string& key);

  Sealed seal(const std::string& plaintext, const std::string& associated) const;
  // Throws Error(internal) when the key is unknown or the blob was tampered with.
  std::string open_sealed(const Sealed& sealed, const std::string& associated) const;

  int current_id() const { return current_; }
  const std::string& path() const { return path_; }
  // Rotation, step 1: appends a fresh key to the file (atomically: a temporary file renamed
  // over it) and makes it current. Step 3, after every row is re-sealed: drops the others.
  int add_key();
  void drop_all_but_current();

 private:
  void save() const;
  std::string path_;
  std::map<int, std::string> keys_;
  int current_ = 0;
};

}  // namespace camp::questionnaires
