#include "cable/question_channel.hpp"

#include "core/error.hpp"

namespace camp::cable {
namespace {

class QuestionSubscription final : public Subscription {
 public:
  QuestionSubscription(questions::PresenceService& presence, std::int64_t question_id)
      : presence_(presence), question_id_(question_id) {}

  std::vector<std::string> streams() const override { return {questions::question_stream(question_id_)}; }

  void confirmed(const Subscriber& s) override {
    for (const auto& a : presence_.answering(question_id_))
      s.transmit(nlohmann::json({{"is_answering", true}, {"account", questions::to_json(a)}}).dump());
  }

  void perform(const Subscriber& s, const std::string& action, const nlohmann::json&) override {
    // The presence statements announce only real changes: a repeated "answering" is silent.
    if (action == "answering") {
      presence_.start_answering(question_id_, *s.account, s.connection_id);
      touched_ = true;
    } else if (action == "cancel_answering") {
      presence_.stop_answering(question_id_, s.account->id, s.connection_id);
    }
  }

  void ended(const Subscriber& s) override {
    if (touched_) presence_.stop_answering(question_id_, s.account->id, s.connection_id);
  }

 private:
  questions::PresenceService& presence_;
  std::int64_t question_id_;
  bool touched_ = false;  // ever answered: only then is there a row to remove at the end
};

}  // namespace

std::int64_t question_id_param(const nlohmann::json& params) {
  const auto it = params.find("id");
  if (it == params.end()) return 0;
  if (it->is_number_unsigned() || it->is_number_integer()) {
    const auto id = it->get<std::int64_t>();
    return id > 0 ? id : 0;
  }
  if (!it->is_string()) return 0;
  const auto& text = it->get_ref<const std::string&>();
  if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos) return 0;
  return std::stoll(text);
}

std::shared_ptr<Subscription> QuestionChannel::subscribe(const Subscriber& subscriber, const nlohmann::json& params) {
  const auto id = question_id_param(params);
  if (id <= 0) throw Error(errc::invalid, "QuestionChannel needs a question id");
  questions_.visible_question(*subscriber.account, id);  // throws forbidden / not_found
  return std::make_shared<QuestionSubscription>(presence_, id);
}

void QuestionChannel::tick(const std::vector<std::string>& live_connection_ids) {
  presence_.heartbeat(live_connection_ids);
  presence_.expire();  // any daemon may sweep: rows of a dead one vanish here
}

}  // namespace camp::cable
