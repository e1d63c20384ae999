#pragma once
#include "app.hpp"

namespace camp {

// Runs the HTTP server until SIGTERM or SIGINT, then drains: /readyz turns 503, in-flight
// requests finish (up to shutdown_grace_seconds), then the listener closes.
void run_server(App& app);

}  // namespace camp
