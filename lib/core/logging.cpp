#include "core/logging.hpp"

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <nlohmann/json.hpp>

#include "core/text.hpp"

namespace camp {
namespace {

// %* in a pattern: the message as a JSON string literal, so json lines stay valid JSON
// whatever the message contains.
class JsonMessageFlag final : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&, spdlog::memory_buf_t& dest) override {
    const auto text = nlohmann::json(std::string(msg.payload.data(), msg.payload.size()))
                          .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    dest.append(text.data(), text.data() + text.size());
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<JsonMessageFlag>();
  }
};

// %* in the text pattern: the message with controls and invalid UTF-8 escaped, so a path or
// header that contains "\n" cannot forge a second log line.
class TextMessageFlag final : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&, spdlog::memory_buf_t& dest) override {
    const auto text = text::escape_for_log(std::string_view(msg.payload.data(), msg.payload.size()));
    dest.append(text.data(), text.data() + text.size());
  }
  std::unique_ptr<custom_flag_formatter> clone() const override { return std::make_unique<TextMessageFlag>(); }
};

}  // namespace

void setup_logging(const std::string& level, const std::string& format) {
  auto logger = spdlog::get("camp");
  if (!logger) logger = spdlog::stderr_color_mt("camp");
  spdlog::set_default_logger(logger);
  spdlog::set_level(spdlog::level::from_str(level));
  if (format == "json") {
    auto formatter = std::make_unique<spdlog::pattern_formatter>();
    formatter->add_flag<JsonMessageFlag>('*').set_pattern(
        R"({"time":"%Y-%m-%dT%H:%M:%S.%e%z","level":"%l","msg":%*})");
    spdlog::set_formatter(std::move(formatter));
  } else {
    auto formatter = std::make_unique<spdlog::pattern_formatter>();
    formatter->add_flag<TextMessageFlag>('*').set_pattern("%Y-%m-%dT%H:%M:%S.%e%z %^%l%$ %*");
    spdlog::set_formatter(std::move(formatter));
  }
}

}  // namespace camp
