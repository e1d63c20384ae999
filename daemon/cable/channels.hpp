#pragma once
// The one place that names the /cable channels (as routes/routes.hpp names the route files).
#include "cable/channel.hpp"

namespace camp {
struct App;
}

namespace camp::cable {

void add_channels(ChannelRegistry& registry, App& app);

}  // namespace camp::cable
