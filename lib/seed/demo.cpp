#include "seed/demo.hpp"

#include "app/services.hpp"
#include "seed/ai_chat.hpp"
#include "seed/fixture.hpp"
#include "seed/notifications.hpp"
#include "seed/privacy.hpp"
#include "seed/tokens.hpp"
#include "seed/questionnaires.hpp"
#include "seed/reviews.hpp"
#include "seed/students.hpp"

namespace camp::seed {

std::vector<DemoLogin> seed_demo(db::Pool& pool) {
  const auto fixture = demo_fixture();
  load(pool, fixture);
  std::vector<DemoLogin> logins;
  for (const auto& a : fixture.accounts) logins.push_back({a.email, a.role, a.course, a.password});
  return logins;
}

DemoReport seed_demo_all(app::Services& services, db::Pool& pool, const std::optional<std::string>& curriculum_dir) {
  DemoReport out;
  out.logins = seed_demo(pool);
  if (curriculum_dir) {
    services.curriculums.import_directory(*curriculum_dir);
    out.submissions = seed_demo_reviews(pool);
    seed_demo_students(pool);  // start dates, mentors, mentorings (docs/students.md)
  }
  seed_demo_ai_chats(pool);
  out.questionnaire_answers = seed_demo_questionnaires(pool, services.accounts, services.questionnaires);
  seed_demo_notifications(pool);  // told of what the demo data holds
  seed_demo_privacy(services, pool);  // after: the export's notification comes from its own road
  seed_demo_tokens(services, pool);
  return out;
}

}  // namespace camp::seed
