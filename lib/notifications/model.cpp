#include "notifications/model.hpp"

#include "core/text.hpp"
#include "core/utf8.hpp"

namespace camp::notifications {

std::string_view to_string(Category c) {
  switch (c) {
    case Category::review: return "review";
    case Category::question: return "question";
    case Category::event: return "event";
    case Category::student: return "student";
    case Category::announcement: return "announcement";
  }
  return "announcement";
}

std::optional<Category> category_from(std::string_view key) {
  for (auto c : kCategories)
    if (to_string(c) == key) return c;
  return std::nullopt;
}

std::string_view to_string(MailPreference p) {
  switch (p) {
    case MailPreference::immediately: return "immediately";
    case MailPreference::daily: return "daily";
    case MailPreference::never: return "never";
  }
  return "never";
}

std::optional<MailPreference> mail_preference_from(std::string_view key) {
  for (auto p : {MailPreference::immediately, MailPreference::daily, MailPreference::never})
    if (to_string(p) == key) return p;
  return std::nullopt;
}

// What most people want unasked: hear at once of what waits for them (a review, an answer, an
// event, the school's announcements); news about students, which a mentor reads in bulk, daily.
MailPreference default_mail(Category c) {
  return c == Category::student ? MailPreference::daily : MailPreference::immediately;
}

nlohmann::json to_json(const Notification& n) {
  nlohmann::json actor = nullptr;
  if (n.actor_id)
    actor = {{"id", *n.actor_id}, {"display_name", n.actor_name},
             {"image_url", n.actor_image_url ? nlohmann::json(*n.actor_image_url) : nlohmann::json(nullptr)}};
  return {{"id", n.id},
          {"category", to_string(n.category)},
          {"kind", n.kind},
          {"title", n.title},
          {"body", n.body},
          {"link", n.link},
          {"actor", actor},
          {"read", n.read_at.has_value()},
          {"read_at", n.read_at ? nlohmann::json(*n.read_at) : nlohmann::json(nullptr)},
          {"created_at", n.created_at}};
}

nlohmann::json to_json(const UnreadCounts& c) {
  nlohmann::json by = nlohmann::json::object();
  for (std::size_t i = 0; i < kCategories.size(); ++i) by[std::string(to_string(kCategories[i]))] = c.by_category[i];
  return {{"total", c.total}, {"by_category", by}};
}

std::string one_line(std::string_view text, std::size_t max_chars) {
  std::string clean;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) {
      clean += ' ';
    } else if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) < 0xA0) {
      clean += ' ';  // C1: U+0080..U+009F
      ++i;
    } else if (text.compare(i, 3, "\xE2\x80\xA8") == 0 || text.compare(i, 3, "\xE2\x80\xA9") == 0) {
      clean += ' ';
      i += 2;
    } else {
      clean += text[i];
    }
  }
  const auto kept = text::take_chars(clean, max_chars);
  return kept.size() < clean.size() ? std::string(kept) + "…" : clean;
}

std::string first_line(std::string_view text, std::size_t max_chars) {
  // Up to the first line break (LF, CR, U+2028, U+2029), without surrounding blanks.
  std::size_t end = text.size();
  for (std::size_t i = 0; i < text.size() && end == text.size(); ++i)
    if (text[i] == '\n' || text[i] == '\r' || text.compare(i, 3, "\xE2\x80\xA8") == 0 ||
        text.compare(i, 3, "\xE2\x80\xA9") == 0)
      end = i;
  return one_line(text::trim(text.substr(0, end)), max_chars);
}

}  // namespace camp::notifications
