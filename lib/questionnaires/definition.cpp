#include "questionnaires/definition.hpp"

#include <map>
#include <memory>
#include <mutex>

#include "core/error.hpp"
#include "core/messages.hpp"

namespace camp::questionnaires {
namespace {

const std::map<std::string, FieldType, std::less<>> kTypes{
    {"single_choice", FieldType::single_choice}, {"multiple_choice", FieldType::multiple_choice},
    {"integer", FieldType::integer},             {"yen", FieldType::yen},
    {"date", FieldType::date},                   {"prefecture", FieldType::prefecture},
    {"text", FieldType::text},                   {"textarea", FieldType::textarea}};

[[noreturn]] void bad(const std::string& where, const std::string& what) {
  throw Error(errc::invalid, "questionnaire definition " + where + ": " + what);
}

std::optional<std::string> opt_string(const nlohmann::json& j, const char* name) {
  if (!j.contains(name) || j[name].is_null()) return std::nullopt;
  return j[name].get<std::string>();
}

std::vector<Option> parse_options(const nlohmann::json& list, const std::string& where) {
  if (!list.is_array()) bad(where, "options must be a list");
  std::vector<Option> out;
  for (const auto& o : list) out.push_back({o.at("value").get<std::string>(), o.at("label").get<std::string>(), o.value("parent", "")});
  if (out.empty()) bad(where, "no options");
  return out;
}

Field parse_field(const nlohmann::json& j, const std::unordered_map<std::string, nlohmann::json>& masters,
                  const std::string& kind) {
  Field f;
  f.key = j.at("key").get<std::string>();
  const auto where = kind + "." + f.key;
  f.label = j.at("label").get<std::string>();
  const auto type = j.at("type").get<std::string>();
  const auto t = kTypes.find(type);
  if (t == kTypes.end()) bad(where, "unknown type " + type);
  f.type = t->second;
  f.required = j.value("required", true);
  if (f.type == FieldType::prefecture) {
    f.options = parse_options(masters.at("prefectures"), where);
  } else if (j.contains("options_ref")) {
    const auto ref = j["options_ref"].get<std::string>();
    const auto m = masters.find(ref);
    if (m == masters.end()) bad(where, "unknown master " + ref);
    f.options = parse_options(m->second, where);
  } else if (j.contains("options")) {
    f.options = parse_options(j["options"], where);
  }
  if (f.has_options() == f.options.empty()) bad(where, "options do not fit the type");
  f.depends_on = opt_string(j, "depends_on");
  if (j.contains("visible_when") && !j["visible_when"].is_null())
    f.visible_when = VisibleWhen{j["visible_when"].at("field").get<std::string>(), j["visible_when"].at("in").get<std::vector<std::string>>()};
  if (f.type == FieldType::date) {
    f.min_date = opt_string(j, "min");
    f.max_date = opt_string(j, "max");
  } else {
    if (j.contains("min") && !j["min"].is_null()) f.min = j["min"].get<std::int64_t>();
    if (j.contains("max") && !j["max"].is_null()) f.max = j["max"].get<std::int64_t>();
  }
  if (j.contains("max_length")) f.max_length = j["max_length"].get<int>();
  if (j.contains("max_items")) f.max_items = j["max_items"].get<int>();
  f.unit = opt_string(j, "unit");
  f.placeholder = opt_string(j, "placeholder");
  f.help = opt_string(j, "help");
  return f;
}

struct Loaded {
  std::map<std::string, std::unique_ptr<Definition>, std::less<>> by_kind;
};

const Loaded& loaded() {
  static const Loaded all = [] {
    Loaded l;
    std::unordered_map<std::string, nlohmann::json> masters;
    for (const auto& [name, text] : embedded_files())
      if (name.rfind("masters/", 0) == 0)
        masters[name.substr(8, name.size() - 8 - 5)] = nlohmann::json::parse(text);
    for (const auto& kind : kinds()) {
      const auto file = embedded_files().find(kind + ".json");
      if (file == embedded_files().end()) bad(kind, "no definition file");
      l.by_kind[kind] = std::make_unique<Definition>(parse(nlohmann::json::parse(file->second), masters));
    }
    return l;
  }();
  return all;
}

}  // namespace

const Option* Field::option(std::string_view value) const {
  for (const auto& o : options)
    if (o.value == value) return &o;
  return nullptr;
}

const Field* Definition::field(std::string_view key) const {
  const auto it = by_key.find(std::string(key));
  return it == by_key.end() ? nullptr : it->second;
}

const std::vector<std::string>& kinds() {
  static const std::vector<std::string> k{"pre-curriculum", "post-curriculum", "post-job-change", "follow-up"};
  return k;
}

bool known_kind(std::string_view kind) {
  for (const auto& k : kinds())
    if (k == kind) return true;
  return false;
}

const Definition* find(std::string_view kind) {
  const auto& l = loaded();
  const auto it = l.by_kind.find(kind);
  return it == l.by_kind.end() ? nullptr : it->second.get();
}

const Definition& get(std::string_view kind) {
  if (const auto* d = find(kind)) return *d;
  throw Error(errc::not_found, std::string(msg::not_found));
}

Definition parse(const nlohmann::json& doc, const std::unordered_map<std::string, nlohmann::json>& masters) {
  Definition d;
  d.kind = doc.at("kind").get<std::string>();
  d.title = doc.at("title").get<std::string>();
  d.description = doc.value("description", "");
  for (const auto& s : doc.at("sections")) {
    Section section{s.at("title").get<std::string>(), {}};
    for (const auto& f : s.at("fields")) section.fields.push_back(parse_field(f, masters, d.kind));
    d.sections.push_back(std::move(section));
  }
  for (const auto& s : d.sections)
    for (const auto& f : s.fields) {
      const auto where = d.kind + "." + f.key;
      if (d.by_key.count(f.key)) bad(where, "duplicate key");
      // Controllers come first, so one pass in form order decides visibility and parents.
      if (f.visible_when && !d.by_key.count(f.visible_when->field)) bad(where, "visible_when names no earlier field");
      if (f.depends_on) {
        const auto p = d.by_key.find(*f.depends_on);
        if (p == d.by_key.end() || p->second->type != FieldType::single_choice || f.type != FieldType::single_choice)
          bad(where, "depends_on must name an earlier single choice");
        for (const auto& o : f.options)
          if (!p->second->option(o.parent)) bad(where, "option " + o.value + " has no parent " + o.parent);
      }
      d.by_key[f.key] = &f;
      d.fields.push_back(&f);
    }
  return d;
}

const char* to_string(FieldType t) {
  for (const auto& [name, type] : kTypes)
    if (type == t) return name.c_str();
  return "text";
}

nlohmann::json to_json(const Field& f) {
  auto options = nlohmann::json::array();
  for (const auto& o : f.options) {
    nlohmann::json j{{"value", o.value}, {"label", o.label}};
    if (f.depends_on) j["parent"] = o.parent;
    options.push_back(std::move(j));
  }
  auto opt = [](const auto& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  nlohmann::json j{{"key", f.key}, {"label", f.label}, {"type", to_string(f.type)}, {"required", f.required},
                   {"options", options}, {"depends_on", opt(f.depends_on)},
                   {"visible_when", f.visible_when ? nlohmann::json{{"field", f.visible_when->field}, {"in", f.visible_when->in}} : nlohmann::json(nullptr)},
                   {"max_length", opt(f.max_length)}, {"max_items", opt(f.max_items)},
                   {"unit", opt(f.unit)}, {"placeholder", opt(f.placeholder)}, {"help", opt(f.help)}};
  j["min"] = f.type == FieldType::date ? opt(f.min_date) : opt(f.min);
  j["max"] = f.type == FieldType::date ? opt(f.max_date) : opt(f.max);
  return j;
}

nlohmann::json to_json(const Definition& d) {
  auto sections = nlohmann::json::array();
  for (const auto& s : d.sections) {
    auto fields = nlohmann::json::array();
    for (const auto& f : s.fields) fields.push_back(to_json(f));
    sections.push_back({{"title", s.title}, {"fields", fields}});
  }
  return {{"kind", d.kind}, {"title", d.title}, {"description", d.description}, {"sections", sections}};
}

}  // namespace camp::questionnaires
