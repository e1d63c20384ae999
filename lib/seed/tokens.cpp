#include "seed/tokens.hpp"

#include "accounts/model.hpp"
#include "app/services.hpp"
#include "core/error.hpp"
#include "seed/demo.hpp"
#include "tokens/scope.hpp"

namespace camp::seed {
namespace {

constexpr const char* kAdminEmail = "admin@example.com";

constexpr db::Statement kHasToken{"seed.tokens.has_token",
                                  "SELECT 1 FROM personal_access_tokens WHERE account_id = $1 LIMIT 1"};
// Made three weeks ago; the nightly job last ran at 06:00 school time (today's, or yesterday's
// before 06:00).
constexpr db::Statement kUsedThisMorning{
    "seed.tokens.used_this_morning",
    "UPDATE personal_access_tokens SET created_at = now() - interval '21 days', "
    "  last_used_at = (date_trunc('day', now() AT TIME ZONE 'Asia/Tokyo' - interval '6 hours') + interval '6 hours') "
    "                 AT TIME ZONE 'Asia/Tokyo' "
    "WHERE id = $1"};

}  // namespace

int seed_demo_tokens(app::Services& services, db::Pool& pool) {
  const auto admin = services.accounts.find_by_email(kAdminEmail);
  if (pool.transaction([&](db::Tx& tx) { return !tx.exec(kHasToken, admin.id).empty(); })) return 0;
  const auto system = accounts::Account::system();
  try {
    const auto nightly = services.tokens.create(
        system, admin.id,
        {"夜間のアンケート集計 (CI)", {std::string(tokens::kRead), std::string(tokens::kQuestionnairesExport)}, 90});
    services.tokens.create(system, admin.id, {"受講生の一括登録 (CI)", {std::string(tokens::kStudentsWrite)}, 30});
    pool.transaction([&](db::Tx& tx) { tx.exec(kUsedThisMorning, nightly.token.id); });
  } catch (const Error& e) {
    if (e.code() != errc::forbidden) throw;  // two-factor login required of admins: none made
    return 0;
  }
  return 2;
}

}  // namespace camp::seed
