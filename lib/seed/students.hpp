#pragma once
#include "db/pool.hpp"

namespace camp::seed {

// The demo school's students: start dates spread so the Gantt charts show done,
// in-progress and behind periods, mentors in charge with a change of mentor, mentoring records,
// and more students (Japanese names, some on leave, one graduated, two only invited) with
// approved and waiting work. Run after seed_demo_reviews; a second run adds nothing.
// Returns how many students it added or changed.
int seed_demo_students(db::Pool& pool);

}  // namespace camp::seed
