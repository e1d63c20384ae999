// camp_bench_hello: the ceiling for bench/http.sh. A bare RESTinio server answering
// GET / with "hello" on a thread pool of 2, nothing else (no router, no logging).
//
//   camp_bench_hello 127.0.0.1:18111
//
// Stops on SIGINT or SIGTERM.
#include <restinio/all.hpp>

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <pthread.h>
#include <string>

namespace {

bool split_address(const std::string& arg, std::string& host, std::uint16_t& port) {
  const auto colon = arg.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == arg.size()) return false;
  host = arg.substr(0, colon);
  char* end = nullptr;
  const long p = std::strtol(arg.c_str() + colon + 1, &end, 10);
  if (*end != '\0' || p <= 0 || p > 65535) return false;
  port = static_cast<std::uint16_t>(p);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::string host;
  std::uint16_t port = 0;
  if (argc != 2 || !split_address(argv[1], host, port)) {
    std::fprintf(stderr, "usage: %s HOST:PORT   (e.g. 127.0.0.1:18111)\n", argv[0]);
    return 2;
  }

  // Block the stop signals before any thread starts, so that every pool thread inherits
  // the mask and only sigwait() below sees them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  using traits_t = restinio::default_traits_t;  // thread-safe traits for a pool
  try {
    auto server = restinio::run_async(
        restinio::own_io_context(),
        restinio::server_settings_t<traits_t>{}
            .address(host)
            .port(port)
            .max_pipelined_requests(4)
            .request_handler([](auto req) {
              if (req->header().method() == restinio::http_method_get() &&
                  req->header().path() == "/") {
                return req->create_response()
                    .append_header(restinio::http_field::content_type, "text/plain")
                    .set_body("hello")
                    .done();
              }
              return restinio::request_rejected();
            }),
        2);
    std::fprintf(stderr, "camp_bench_hello listening on %s:%u\n", host.c_str(), port);

    int sig = 0;
    sigwait(&stop_signals, &sig);
    server->stop();
    server->wait();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "camp_bench_hello: %s\n", e.what());
    return 1;
  }
  return 0;
}
