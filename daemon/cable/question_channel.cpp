#include "cable/question_channel.hpp"

#include "core/error.hpp"

namespace camp::cable {

std::int64_t QuestionChannel::subscribe(const accounts::Account& account, const nlohmann::json& params) {
  std::int64_t id = 0;
  const auto it = params.find("id");
  if (it != params.end() && it->is_number_integer()) id = it->get<std::int64_t>();
  else if (it != params.end() && it->is_string() && !it->get<std::string>().empty() &&
           it->get<std::string>().size() < 19 &&
           it->get<std::string>().find_first_not_of("0123456789") == std::string::npos)
    id = std::stoll(it->get<std::string>());
  if (id <= 0) throw Error(errc::invalid, "QuestionChannel needs a question id");
  questions_.visible_question(account, id);  // throws forbidden / not_found
  return id;
}

std::vector<std::string> QuestionChannel::current_state(std::int64_t question_id) {
  std::vector<std::string> out;
  for (const auto& a : presence_.answering(question_id))
    out.push_back(nlohmann::json({{"is_answering", true}, {"account", questions::to_json(a)}}).dump());
  return out;
}

bool QuestionChannel::perform(const accounts::Account& account, std::int64_t question_id,
                              const std::string& connection_id, const std::string& action) {
  if (action == "answering") presence_.start_answering(question_id, account, connection_id);
  else if (action == "cancel_answering") presence_.stop_answering(question_id, account.id, connection_id);
  else return false;
  return true;
}

void QuestionChannel::leave(std::int64_t question_id, std::int64_t account_id, const std::string& connection_id) {
  presence_.stop_answering(question_id, account_id, connection_id);
}

}  // namespace camp::cable
