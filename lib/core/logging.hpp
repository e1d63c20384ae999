#pragma once
#include <string>

namespace camp {

// Sets spdlog's default logger: level and format ("text" or "json" lines) from config.
void setup_logging(const std::string& level, const std::string& format);

}  // namespace camp
