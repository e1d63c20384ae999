# Turns the message catalogue (lib/core/messages.ja.json: one flat object, key -> Japanese text)
# into core/messages_ja.hpp: one camp::msg constant per key, so a key the code names but the
# catalogue lacks fails the build. A text with {name} placeholders becomes a function taking
# those names in order of appearance, so a placeholder cannot be left unfilled.
# Usage: cmake -DINPUT=messages.ja.json -DOUTPUT=messages_ja.hpp -P embed_messages.cmake
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
  if(NOT key MATCHES "^[a-z][a-z0-9_]*$")
    message(FATAL_ERROR "${INPUT}: key '${key}' must be snake_case ([a-z][a-z0-9_]*)")
  endif()
  if(NOT type STREQUAL "STRING")
    message(FATAL_ERROR "${INPUT}: '${key}' must be a string, not ${type}")
  endif()
  string(JSON text GET "${json}" "${key}")
  if(text STREQUAL "" OR text MATCHES "\\)camp_msg\"")
    message(FATAL_ERROR "${INPUT}: '${key}' is empty or contains )camp_msg\"")
  endif()
  set(literal "R\"camp_msg(${text})camp_msg\"")
  string(APPEND table "    {\"${key}\", ${literal}},\n")

  string(REGEX MATCHALL "{[a-z_]+}" placeholders "${text}")
  if(placeholders)
    list(REMOVE_DUPLICATES placeholders)
    set(params "")
    set(values "")
    foreach(p ${placeholders})
      string(REGEX REPLACE "[{}]" "" name "${p}")
      list(APPEND params "std::string_view ${name}")
      list(APPEND values "{\"${name}\", ${name}}")
    endforeach()
    list(JOIN params ", " params)
    list(JOIN values ", " values)
    string(APPEND constants "inline std::string ${key}(${params}) {\n  return detail::fill(${literal}, {${values}});\n}\n")
  else()
    string(APPEND constants "inline constexpr std::string_view ${key} = ${literal};\n")
  endif()
endforeach()

set(body "// Generated from lib/core/messages.ja.json by cmake/embed_messages.cmake. Do not edit.
// Include core/messages.hpp, not this file.
#pragma once
#include <array>
#include <string>
#include <string_view>
#include <utility>

namespace camp::msg {

${constants}
// Every entry as it stands in the catalogue (placeholders unfilled), for tests and tools.
inline constexpr std::array<std::pair<std::string_view, std::string_view>, ${count}> catalogue{{
${table}}};

}  // namespace camp::msg
")
file(WRITE "${OUTPUT}.tmp" "${body}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
file(REMOVE "${OUTPUT}.tmp")
