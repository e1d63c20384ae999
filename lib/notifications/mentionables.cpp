#include "notifications/mentionables.hpp"

#include "core/error.hpp"
#include "core/limits.hpp"
#include "core/messages.hpp"
#include "core/text.hpp"
#include "core/validation.hpp"
#include "questions/service.hpp"
#include "reviews/repo.hpp"
#include "reviews/service.hpp"
#include "students/service.hpp"

namespace camp::notifications {
namespace {

Error invalid(const char* field, std::string message) {
  return Error(errc::invalid, std::string(msg::invalid_input), {{field, {std::move(message)}}});
}
Error forbidden() { return Error(errc::forbidden, std::string(msg::forbidden)); }

const std::vector<std::string> kStaff{"admin", "basic_mentor", "advanced_mentor", "spot_advanced_mentor"};

std::string without_at(const std::string& q) {
  if (q.rfind("@", 0) == 0) return q.substr(1);
  if (q.rfind("\xEF\xBC\xA0", 0) == 0) return q.substr(3);  // ＠
  return q;
}

}  // namespace

std::vector<mention_repo::Named> MentionService::mentionables(const accounts::Account& actor, const MentionableQuery& in) {
  if (in.context != "question" && in.context != "review" && in.context != "mentoring")
    throw invalid("context", std::string(msg::mention_context_choice));
  if (!text::valid_utf8(in.q) || text::has_control(in.q)) throw invalid("q", std::string(msg::forbidden_character));
  if (validate::char_count(in.q) > limits::nickname_max) throw invalid("q", std::string(msg::nickname_too_long));
  // Those who may read what is written there (the dispatcher asks the same policies).
  std::vector<std::string> roles;
  if (in.context == "question") {
    if (!questions::has_question_box(actor)) throw forbidden();
    roles = kStaff;
    roles.insert(roles.end(), {"student", "trial"});
  } else if (in.context == "review") {
    if (!accounts::is_admin_or_mentor(actor.role)) throw forbidden();
    roles = kStaff;
  } else {
    if (!students::may_read_records(actor)) throw forbidden();
    roles = kStaff;
  }
  return pool_.autocommit([&](db::Tx& tx) {
    std::optional<std::int64_t> student;
    if (in.context == "review" && in.submission_id) {
      const auto s = reviews::repo::find(tx, *in.submission_id);
      if (!s) throw Error(errc::not_found, std::string(msg::not_found));
      student = s->student_id;
    }
    auto found = mention_repo::starting_with(tx, without_at(in.q), roles, student, limits::mentionables_max + 1);
    std::erase_if(found, [&](const auto& a) { return a.id == actor.id; });
    if (found.size() > static_cast<std::size_t>(limits::mentionables_max)) found.resize(limits::mentionables_max);
    return found;
  });
}

}  // namespace camp::notifications
