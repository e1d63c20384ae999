#pragma once
// What `camp events` does, answered as the API answers it (the same JSON): in-process through
// events::EventService as the system actor, or over HTTP in remote mode. The command prints
// from that JSON either way, so both modes print alike.
#include <nlohmann/json.hpp>

#include <memory>
#include <string>

#include "events/service.hpp"
#include "events/validation.hpp"

namespace camp::cli {

class Context;

class EventsBackend {
 public:
  virtual ~EventsBackend() = default;
  virtual nlohmann::json create(const events::EventInput& in) = 0;
  virtual nlohmann::json update(std::int64_t id, const events::EventInput& in) = 0;
  virtual nlohmann::json publish(std::int64_t id) = 0;
  virtual nlohmann::json cancel(std::int64_t id) = 0;
  virtual nlohmann::json list(const events::ListParams& p) = 0;  // {"data":[...],"meta":{...}}
  virtual nlohmann::json participants(std::int64_t id) = 0;      // {"data":[...]}
  virtual std::string participants_csv(std::int64_t id) = 0;
};

std::unique_ptr<EventsBackend> events_backend(Context& ctx);

}  // namespace camp::cli
