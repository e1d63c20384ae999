#pragma once
// The demo's personal-data requests (docs/privacy.md), so that both show alive:
//   - a student who left and asked for deletion: their question and the mentor's answer stay,
//     named 退会したユーザー, and the admin's student list shows the account as anonymised;
//   - the graduate's "My data" export, built and ready to download from the settings dialog.
// Idempotent: nothing is done again once an account is anonymised or the graduate has an export.
#include "db/pool.hpp"

namespace camp::app {
class Services;
}  // namespace camp::app

namespace camp::seed {

// How many requests were carried out now (0, 1 or 2).
int seed_demo_privacy(app::Services& services, db::Pool& pool);

}  // namespace camp::seed
