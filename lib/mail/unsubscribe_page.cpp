#include "mail/unsubscribe_page.hpp"

#include "core/error.hpp"
#include "core/messages.hpp"
#include "mail/repo.hpp"

namespace camp::mail {
namespace {

struct Target {
  Topic topic;
  std::int64_t account_id;
};

Target verified(const UnsubscribeLinks& links, std::string_view topic_text, std::string_view id) {
  const auto topic = topic_from(topic_text);
  const auto account_id = topic ? links.verify(id, *topic) : std::nullopt;
  if (!account_id) throw Error(errc::not_found, std::string(msg::unsubscribe_link_invalid));
  return {*topic, *account_id};
}

std::string existing(const std::optional<std::string>& email) {
  if (!email) throw Error(errc::not_found, std::string(msg::unsubscribe_link_invalid));
  return *email;
}

}  // namespace

std::string mask_email(const std::string& email) {
  const auto at = email.rfind('@');
  if (at == std::string::npos || at == 0) return "***";
  return email.substr(0, 1) + "***" + email.substr(at);
}

UnsubscribeView unsubscribe_view(db::Pool& pool, const UnsubscribeLinks& links, std::string_view topic,
                                 std::string_view id) {
  const auto t = verified(links, topic, id);
  return pool.autocommit([&](db::Tx& tx) {
    UnsubscribeView v{t.topic, mask_email(existing(repo::find_email(tx, t.account_id)))};
    v.stopped = !repo::wants(tx, t.account_id, t.topic);
    return v;
  });
}

UnsubscribeView unsubscribe_with_link(db::Pool& pool, const UnsubscribeLinks& links, std::string_view topic,
                                      std::string_view id) {
  const auto t = verified(links, topic, id);
  return pool.transaction([&](db::Tx& tx) {
    // The account is held (a concurrent delete waits) while the opt-out is written.
    UnsubscribeView v{t.topic, mask_email(existing(repo::hold_email(tx, t.account_id)))};
    v.changed = repo::unsubscribe(tx, t.account_id, t.topic);
    v.stopped = true;
    return v;
  });
}

}  // namespace camp::mail
