# Turns the numeric limits (lib/core/limits.json: one flat object, key -> positive integer, the
# file the web app and the contract's test read too) into core/limits_values.hpp: one
# camp::limits constant per key, so a key the code names but the file lacks fails the build.
# Usage: cmake -DINPUT=limits.json -DOUTPUT=limits_values.hpp -P embed_limits.cmake
file(READ "${INPUT}" json)
string(JSON count ERROR_VARIABLE json_error LENGTH "${json}")
if(json_error)
  message(FATAL_ERROR "${INPUT}: not a JSON object: ${json_error}")
endif()

set(constants "")
set(table "")
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON key MEMBER "${json}" ${i})
  string(JSON type TYPE "${json}" "${key}")
  if(NOT key MATCHES "^[a-z][a-z0-9_]*_(min|max)(_[a-z]+)?$")
    message(FATAL_ERROR "${INPUT}: key '${key}' must be snake_case and say _min or _max")
  endif()
  string(JSON value GET "${json}" "${key}")
  if(NOT type STREQUAL "NUMBER" OR NOT value MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "${INPUT}: '${key}' must be a positive integer, not ${value}")
  endif()
  string(APPEND constants "inline constexpr int ${key} = ${value};\n")
  string(APPEND table "    {\"${key}\", ${value}},\n")
endforeach()

file(WRITE "${OUTPUT}.tmp" "// Generated from lib/core/limits.json by cmake/embed_limits.cmake. Do not edit.
// Include core/limits.hpp, not this file.
#pragma once
#include <array>
#include <string_view>
#include <utility>

namespace camp::limits {

${constants}
// Every entry as it stands in the file, for tests and tools.
inline constexpr std::array<std::pair<std::string_view, int>, ${count}> catalogue{{
${table}}};

}  // namespace camp::limits
")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
file(REMOVE "${OUTPUT}.tmp")
