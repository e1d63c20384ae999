#pragma once
// The numeric limits of user input (lengths, counts). They live in lib/core/limits.json, the
// one file the web app imports too (webui/src/lib/messages.ts) and against which a unit test
// checks daemon/openapi.yaml's maxLength/maximum/... (x-limits) and a database test the SQL
// CHECKs; cmake/embed_limits.cmake turns it into core/limits_values.hpp at build time:
// `limits::nickname_max` is an int. docs/design.md "Messages and limits".
#include "core/limits_values.hpp"  // generated
