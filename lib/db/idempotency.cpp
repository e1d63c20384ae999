#include "db/idempotency.hpp"

#include <sodium.h>

#include <initializer_list>

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "db/pool.hpp"

namespace camp::db {
namespace {

thread_local IdempotencyScope* current = nullptr;

// An old row (past a day, not yet pruned) is taken over; a live one makes the insert a no-op,
// which the caller turns into a 409 (another request with the key committed meanwhile).
constexpr Statement kRecord{
    "idempotency.record",
    "INSERT INTO idempotency_keys (account_id, key, fingerprint) VALUES ($1, $2, $3) "
    "ON CONFLICT (account_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, sealed_body = NULL, "
    "created_at = now() WHERE idempotency_keys.created_at <= now() - interval '1 day'"};
// NULL while this transaction has written nothing (no transaction id assigned yet).
constexpr Statement kWrote{"idempotency.wrote", "SELECT txid_current_if_assigned() IS NOT NULL"};
constexpr Statement kFind{
    "idempotency.find",
    "SELECT fingerprint, status, encode(sealed_body, 'hex') FROM idempotency_keys WHERE account_id = $1 AND key = $2 "
    "AND created_at > now() - interval '1 day'"};
constexpr Statement kStore{"idempotency.store",
                           "UPDATE idempotency_keys SET status = $3, sealed_body = decode($4, 'hex') "
                           "WHERE account_id = $1 AND key = $2"};
constexpr Statement kForget{"idempotency.forget", "DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2"};
constexpr Statement kPrune{"idempotency.prune",
                           "DELETE FROM idempotency_keys WHERE created_at <= now() - interval '1 day'"};

constexpr auto kNonceBytes = crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
constexpr auto kTagBytes = crypto_aead_xchacha20poly1305_ietf_ABYTES;

const unsigned char* bytes(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }

std::string hmac(std::string_view key, std::initializer_list<std::string_view> parts) {
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, bytes(key), key.size());
  for (const auto part : parts) crypto_auth_hmacsha256_update(&state, bytes(part), part.size());
  std::string mac(crypto_auth_hmacsha256_BYTES, '\0');
  crypto_auth_hmacsha256_final(&state, reinterpret_cast<unsigned char*>(mac.data()));
  return mac;
}

std::string hex(std::string_view raw) {
  std::string out(raw.size() * 2 + 1, '\0');
  sodium_bin2hex(out.data(), out.size(), bytes(raw), raw.size());
  out.pop_back();
  return out;
}

std::optional<std::string> unhex(std::string_view text) {
  std::string out(text.size() / 2, '\0');
  std::size_t length = 0;
  if (sodium_hex2bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(), text.size(), nullptr,
                     &length, nullptr) != 0)
    return std::nullopt;
  out.resize(length);
  return out;
}

// Binds a sealed answer to its record: copied into another account's or key's row, it does not open.
std::string associated(const IdempotencyScope& scope) { return std::to_string(scope.account_id) + ":" + scope.key; }

}  // namespace

// Two keys from one secret, each an HMAC of its own label, so neither can pass for the other
// or for anything else signed with the secret.
IdempotencySeal::IdempotencySeal(std::string_view jwt_secret)
    : fingerprint_key_(hmac(jwt_secret, {"camp idempotency fingerprint v1"})),
      seal_key_(hmac(jwt_secret, {"camp idempotency answer v1"})) {
  static_assert(crypto_auth_hmacsha256_BYTES == crypto_aead_xchacha20poly1305_ietf_KEYBYTES);
  if (sodium_init() < 0) throw Error(errc::internal, "libsodium failed to initialise");
}

std::string IdempotencySeal::fingerprint(std::string_view method, std::string_view path, std::string_view body) const {
  // The path's length too: a decoded path may hold "\n" ("/a%0Ab"), and must not pass for a body.
  const auto path_length = std::to_string(path.size());
  return hex(hmac(fingerprint_key_, {method, "\n", path_length, "\n", path, body}));
}

std::string IdempotencySeal::seal(const IdempotencyScope& scope, std::string_view answer) const {
  const auto ad = associated(scope);
  std::string out(kNonceBytes + answer.size() + kTagBytes, '\0');
  auto* nonce = reinterpret_cast<unsigned char*>(out.data());
  randombytes_buf(nonce, kNonceBytes);
  unsigned long long length = 0;
  crypto_aead_xchacha20poly1305_ietf_encrypt(nonce + kNonceBytes, &length, bytes(answer), answer.size(), bytes(ad),
                                             ad.size(), nullptr, nonce, bytes(seal_key_));
  out.resize(kNonceBytes + length);
  return hex(out);
}

std::optional<std::string> IdempotencySeal::open(const IdempotencyScope& scope, std::string_view sealed) const {
  const auto blob = unhex(sealed);
  if (!blob || blob->size() < kNonceBytes + kTagBytes) return std::nullopt;
  const auto ad = associated(scope);
  std::string out(blob->size() - kNonceBytes - kTagBytes, '\0');
  unsigned long long length = 0;
  const auto* nonce = bytes(*blob);
  if (crypto_aead_xchacha20poly1305_ietf_decrypt(reinterpret_cast<unsigned char*>(out.data()), &length, nullptr,
                                                 nonce + kNonceBytes, blob->size() - kNonceBytes, bytes(ad), ad.size(),
                                                 nonce, bytes(seal_key_)) != 0)
    return std::nullopt;
  out.resize(length);
  return out;
}

IdempotencyScope::Active::Active(IdempotencyScope& scope) : previous_(current) { current = &scope; }
IdempotencyScope::Active::~Active() { current = previous_; }
IdempotencyScope::Suspended::Suspended() : previous_(current) { current = nullptr; }
IdempotencyScope::Suspended::~Suspended() { current = previous_; }

bool valid_idempotency_key(std::string_view key) {
  if (key.empty() || key.size() > limits::idempotency_key_max) return false;
  for (char c : key)
    if (c <= 0x20 || c >= 0x7F) return false;
  return true;
}

std::optional<StoredIdempotency> find_idempotency(Pool& pool, std::int64_t account_id, const std::string& key) {
  return pool.autocommit([&](Tx& tx) -> std::optional<StoredIdempotency> {
    const auto rows = tx.exec(kFind, account_id, key);
    if (rows.empty()) return std::nullopt;
    StoredIdempotency s{rows[0][0].as<std::string>(), std::nullopt, std::nullopt};
    if (!rows[0][1].is_null()) s.status = rows[0][1].as<int>();
    if (!rows[0][2].is_null()) s.sealed_body = rows[0][2].as<std::string>();
    return s;
  });
}

void store_idempotent_response(Pool& pool, const IdempotencyScope& scope, int status,
                               const std::optional<std::string>& sealed_body) {
  pool.autocommit([&](Tx& tx) { tx.exec(kStore, scope.account_id, scope.key, status, sealed_body); });
}

int prune_idempotency_keys(Pool& pool) {
  return pool.autocommit([&](Tx& tx) { return static_cast<int>(tx.exec(kPrune).affected_rows()); });
}

bool idempotency_before_commit(Connection& conn, pqxx::transaction_base& work) {
  if (!current || current->recorded) return false;
  if (!conn.exec(work, kWrote)[0][0].as<bool>()) return false;
  if (conn.exec(work, kRecord, current->account_id, current->key, current->fingerprint).affected_rows() == 0)
    throw Error(errc::conflict, std::string(msg::idempotency_key_in_use));
  return true;
}

void idempotency_after_commit(bool recorded_now) {
  if (recorded_now && current) current->recorded = true;
}

void idempotency_forget(Connection& conn, pqxx::transaction_base& work) {
  if (!current || !current->recorded) return;
  conn.exec(work, kForget, current->account_id, current->key);
  current->recorded = false;
}

}  // namespace camp::db
