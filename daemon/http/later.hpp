#pragma once
// An answer that a use case gives later, from another thread (the batched event joins,
// lib/core/batcher.hpp), so that no worker thread sits waiting for it. Three parties meet
// here, in any order across threads: the use case resolves it with the response; App::handle
// says what every response gets before it leaves (finish_with); the server says how to send
// it (then). It is finished and sent once, as soon as the response and the sender are there.
#include <functional>
#include <mutex>
#include <optional>

#include "http/exchange.hpp"

namespace camp::http {

class Later {
 public:
  void resolve(Response response);
  void finish_with(std::function<void(Response&)> finish);  // called before then()
  void then(std::function<void(Response&&)> send);

 private:
  void send_if_ready(std::unique_lock<std::mutex>& lock);

  std::mutex mutex_;
  std::optional<Response> response_;
  std::function<void(Response&)> finish_;
  std::function<void(Response&&)> send_;
};

}  // namespace camp::http
