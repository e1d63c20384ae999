#pragma once
#include "db/pool.hpp"

namespace camp::seed {

// The demo students' submissions and the mentors' reviews (Japanese, some waiting, some with
// changes requested, some approved), once the real curriculum (task ids 1-22) is imported.
// A demo student who has any submission is left alone, so running it again adds nothing.
// Returns how many submissions it wrote (0 when the tasks or demo accounts are missing).
int seed_demo_reviews(db::Pool& pool);

}  // namespace camp::seed
