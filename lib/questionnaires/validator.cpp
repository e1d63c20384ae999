#include "questionnaires/validator.hpp"

#include <limits>
#include <set>

#include "core/messages.hpp"
#include "core/school_time.hpp"
#include "core/text.hpp"
#include "core/utf8.hpp"

namespace camp::questionnaires {
namespace {

bool is_blank(const nlohmann::json& v) {
  return v.is_null() || (v.is_string() && text::is_blank(v.get_ref<const std::string&>())) || (v.is_array() && v.empty());
}

// Controls other than tab (and line breaks in a textarea) make no sense in an answer.
bool clean_text(std::string_view s, bool multiline) {
  for (unsigned char c : s) {
    if (c == '\t' || (multiline && (c == '\n' || c == '\r'))) continue;
    if (c < 0x20 || c == 0x7f) return false;
  }
  return true;
}

std::string fmt_bound(const Field& f, std::optional<std::int64_t> v, bool low) {
  if (!v) return low ? "-" : "-";
  return f.type == FieldType::yen ? with_thousands(*v) : std::to_string(*v);
}

// One field's value, normalized, or the message that says what is wrong with it.
struct Judged {
  nlohmann::json value;  // null: not answered
  std::string error;
};

Judged judge(const Field& f, const nlohmann::json& v, const nlohmann::json& normalized) {
  const auto& label = f.label;
  switch (f.type) {
    case FieldType::single_choice:
    case FieldType::prefecture: {
      if (!v.is_string()) return {nullptr, msg::questionnaire_wrong_shape(label)};
      const auto* o = f.option(v.get_ref<const std::string&>());
      if (!o) return {nullptr, msg::questionnaire_unknown_option(label)};
      if (f.depends_on) {
        const auto p = normalized.find(*f.depends_on);
        if (p == normalized.end() || !p->is_string() || p->get_ref<const std::string&>() != o->parent)
          return {nullptr, msg::questionnaire_unknown_option(label)};
      }
      return {v, {}};
    }
    case FieldType::multiple_choice: {
      if (!v.is_array()) return {nullptr, msg::questionnaire_wrong_shape(label)};
      std::set<std::string> seen;
      auto out = nlohmann::json::array();
      for (const auto& item : v) {
        if (!item.is_string()) return {nullptr, msg::questionnaire_wrong_shape(label)};
        if (!f.option(item.get_ref<const std::string&>())) return {nullptr, msg::questionnaire_unknown_option(label)};
        if (seen.insert(item.get<std::string>()).second) out.push_back(item);
      }
      if (f.max_items && static_cast<int>(out.size()) > *f.max_items)
        return {nullptr, msg::questionnaire_too_many(label, std::to_string(*f.max_items))};
      // Stored in the definition's order, so exports and the confirm page read the same.
      auto ordered = nlohmann::json::array();
      for (const auto& o : f.options)
        if (seen.count(o.value)) ordered.push_back(o.value);
      return {ordered, {}};
    }
    case FieldType::integer:
    case FieldType::yen: {
      // Only whole JSON numbers that fit 64 bits; a fraction, a string, a bool or a number
      // beyond 64 bits (parsed as a double) is refused, never rounded or wrapped.
      std::int64_t n = 0;
      if (v.is_number_unsigned()) {
        if (v.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
          return {nullptr, msg::questionnaire_integer_required(label)};
        n = static_cast<std::int64_t>(v.get<std::uint64_t>());
      } else if (v.is_number_integer()) {
        n = v.get<std::int64_t>();
      } else {
        return {nullptr, msg::questionnaire_integer_required(label)};
      }
      if ((f.min && n < *f.min) || (f.max && n > *f.max))
        return {nullptr, msg::questionnaire_number_range(label, fmt_bound(f, f.min, true), fmt_bound(f, f.max, false))};
      return {n, {}};
    }
    case FieldType::date: {
      if (!v.is_string()) return {nullptr, msg::questionnaire_date_invalid(label)};
      const auto s = text::trim(v.get_ref<const std::string&>());
      if (!parse_date(s) || (f.min_date && s < *f.min_date) || (f.max_date && s > *f.max_date))
        return {nullptr, msg::questionnaire_date_invalid(label)};
      return {s, {}};
    }
    case FieldType::text:
    case FieldType::textarea: {
      if (!v.is_string()) return {nullptr, msg::questionnaire_wrong_shape(label)};
      const auto s = text::trim(v.get_ref<const std::string&>());
      if (!clean_text(s, f.type == FieldType::textarea)) return {nullptr, msg::questionnaire_wrong_shape(label)};
      if (f.max_length && text::char_count(s) > static_cast<std::size_t>(*f.max_length))
        return {nullptr, msg::questionnaire_too_long(label, std::to_string(*f.max_length))};
      return {s, {}};
    }
  }
  return {nullptr, msg::questionnaire_wrong_shape(label)};
}

}  // namespace

std::string with_thousands(std::int64_t n) {
  // The magnitude as unsigned, so the smallest int64 has one too.
  const auto digits = std::to_string(n < 0 ? 0 - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n));
  std::string out = n < 0 ? "-" : "";
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

bool visible(const Definition& def, const Field& field, const nlohmann::json& normalized) {
  if (!field.visible_when) return true;
  const auto* controller = def.field(field.visible_when->field);
  if (!controller || !visible(def, *controller, normalized)) return false;
  const auto v = normalized.find(field.visible_when->field);
  if (v == normalized.end()) return false;
  auto listed = [&](const nlohmann::json& x) {
    for (const auto& want : field.visible_when->in)
      if (x.is_string() && x.get_ref<const std::string&>() == want) return true;
    return false;
  };
  if (v->is_array()) {
    for (const auto& x : *v)
      if (listed(x)) return true;
    return false;
  }
  return listed(*v);
}

Checked check(const Definition& def, const nlohmann::json& answer) {
  Checked out;
  if (!answer.is_object()) {
    out.errors["answer"].push_back(std::string(msg::questionnaire_answer_malformed));
    return out;
  }
  for (const auto& [key, value] : answer.items())
    if (!def.field(key)) out.ignored.push_back(key);
  for (const auto* f : def.fields) {
    if (!visible(def, *f, out.answer)) continue;
    const auto v = answer.find(f->key);
    if (v == answer.end() || is_blank(*v)) {
      if (f->required)
        out.errors[f->key].push_back(f->has_options() ? msg::questionnaire_required_choice(f->label)
                                                      : msg::questionnaire_required_input(f->label));
      continue;
    }
    auto judged = judge(*f, *v, out.answer);
    if (!judged.error.empty()) {
      out.errors[f->key].push_back(std::move(judged.error));
    } else if (!is_blank(judged.value)) {
      out.answer[f->key] = std::move(judged.value);
    } else if (f->required) {
      out.errors[f->key].push_back(msg::questionnaire_required_input(f->label));
    }
  }
  return out;
}

Checked validate(const Definition& def, const nlohmann::json& answer) {
  auto checked = check(def, answer);
  if (!checked.errors.empty()) throw Error(errc::invalid, std::string(msg::invalid_input), checked.errors);
  return checked;
}

}  // namespace camp::questionnaires
