#pragma once
// Checks a submitted answer against its kind's definition (pure: no database, unit-testable).
// Fields are judged in form order: a field whose visible_when is not met (or whose controller
// is itself hidden) is dropped; unknown keys are dropped and reported in `ignored` (the caller
// logs their names, never their values); every error names its field with the catalogue's
// message built from the field's label.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "questionnaires/definition.hpp"

namespace camp::questionnaires {

struct Checked {
  nlohmann::json answer = nlohmann::json::object();  // only known, visible, answered fields, normalized
  std::vector<std::string> ignored;                    // unknown keys, in the order sent
  FieldErrors errors;
};

Checked check(const Definition& def, const nlohmann::json& answer);
// check(), then Error(invalid) with the field errors when there are any.
Checked validate(const Definition& def, const nlohmann::json& answer);

// Whether `field` is shown for the (normalized) answer: its controller is shown and has one of
// the listed values.
bool visible(const Definition& def, const Field& field, const nlohmann::json& normalized);

// "4,200,000" (yen amounts in messages and exports).
std::string with_thousands(std::int64_t n);

}  // namespace camp::questionnaires
