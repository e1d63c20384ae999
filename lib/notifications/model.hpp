#pragma once
// Notifications (migration 0030, docs/notifications.md): categories, mail preferences and the
// rows the notification centre lists.
#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace camp::notifications {

// The notification centre's tabs: レビュー, 質問, イベント, 受講生, お知らせ.
enum class Category { review, question, event, student, announcement };
inline constexpr std::array kCategories{Category::review, Category::question, Category::event, Category::student,
                                        Category::announcement};
std::string_view to_string(Category c);  // the stable key: "review" ...
std::optional<Category> category_from(std::string_view key);

// How an account hears of a category by mail (in the app it always does).
enum class MailPreference { immediately, daily, never };
std::string_view to_string(MailPreference p);
std::optional<MailPreference> mail_preference_from(std::string_view key);
// The preference of an account that chose nothing.
MailPreference default_mail(Category c);

struct Notification {
  std::int64_t id = 0;
  Category category = Category::announcement;
  std::string kind;   // the domain event: review.created ...
  std::string title;  // one line
  std::string body;   // one line, maybe empty
  std::string link;   // a path of the web app: /questions/12
  std::optional<std::int64_t> actor_id;
  std::string actor_name;  // the actor's display name
  std::optional<std::string> actor_image_url;
  std::optional<std::string> read_at;  // ISO 8601 UTC
  std::string created_at;
};
nlohmann::json to_json(const Notification& n);

// Unread notifications: in all and per category (every category present, 0 included).
struct UnreadCounts {
  std::int64_t total = 0;
  std::array<std::int64_t, kCategories.size()> by_category{};
};
nlohmann::json to_json(const UnreadCounts& c);

// The first line of `text`, without surrounding blanks, at most `max_chars` characters (an
// ellipsis when cut): what a notification shows of a comment or an answer.
std::string first_line(std::string_view text, std::size_t max_chars = 100);
// `text` as one line: every control character and line or paragraph separator a space, at
// most `max_chars` characters (an ellipsis when cut). Titles go into mail subjects too.
std::string one_line(std::string_view text, std::size_t max_chars);

}  // namespace camp::notifications
