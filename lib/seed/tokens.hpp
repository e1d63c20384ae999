#pragma once
// The demo's personal access tokens (docs/tokens.md), so that 設定 → アクセストークン shows
// what a school's admin keeps there: a nightly export job's token, used this morning, and one
// for a CI job importing students. Their secrets are not kept anywhere (only their hashes): the
// demo shows the list, not a working token. Idempotent: nothing is made once the admin has one.
#include "db/pool.hpp"

namespace camp::app {
class Services;
}  // namespace camp::app

namespace camp::seed {

// How many tokens were made now (0 or 2; 0 too when the configuration requires two-factor
// login of admins, who then make tokens only once enrolled).
int seed_demo_tokens(app::Services& services, db::Pool& pool);

}  // namespace camp::seed
