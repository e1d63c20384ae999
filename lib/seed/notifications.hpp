#pragma once
#include "db/pool.hpp"

namespace camp::seed {

// The demo accounts' notification centres, told of what the demo data holds but no domain event
// recorded (the reviews of their submissions, waiting submissions for the mentors, the published
// events, a school announcement; for the admin a finished import and a failed mail), each at the
// time it happened, the older ones read. Nothing is mailed. (The demo's answers and milestones
// are domain events: the dispatcher tells of them when the seed command ends.) An account with any
// notification is left alone, so running it again adds nothing. Returns how many it wrote.
int seed_demo_notifications(db::Pool& pool);

}  // namespace camp::seed
