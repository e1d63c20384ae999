#include "http/later.hpp"

namespace camp::http {

void Later::resolve(Response response) {
  std::unique_lock lock(mutex_);
  response_ = std::move(response);
  send_if_ready(lock);
}

void Later::finish_with(std::function<void(Response&)> finish) {
  std::lock_guard lock(mutex_);
  finish_ = std::move(finish);
}

void Later::then(std::function<void(Response&&)> send) {
  std::unique_lock lock(mutex_);
  send_ = std::move(send);
  send_if_ready(lock);
}

// Outside the lock: sending writes to the connection and may take a moment.
void Later::send_if_ready(std::unique_lock<std::mutex>& lock) {
  if (!response_ || !send_) return;
  auto response = std::move(*response_);
  response_.reset();
  auto finish = std::move(finish_);
  auto send = std::move(send_);
  lock.unlock();
  if (finish) finish(response);
  send(std::move(response));
}

}  // namespace camp::http
