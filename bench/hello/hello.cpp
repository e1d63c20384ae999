// camp_bench_hello: the ceiling for bench/http.sh. A bare RESTinio server answering
// GET / with "hello" on a thread pool of 2, nothing else (no router, no logging). GET /bytes/N
// (N up to 1 MiB) answers N bytes from one shared buffer: the ceiling for a response of that
// size (bench/uploads.sh: a cached avatar), where the kernel's copying weighs as much as HTTP.
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
#include <memory>
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
              if (req->header().method() != restinio::http_method_get()) return restinio::request_rejected();
              const auto path = req->header().path();
              if (path == "/") {
                return req->create_response()
                    .append_header(restinio::http_field::content_type, "text/plain")
                    .set_body("hello")
                    .done();
              }
              if (path.starts_with("/bytes/")) {
                static const auto buffer = std::make_shared<const std::string>(1 << 20, 'x');
                const auto n = std::strtoul(std::string(path.substr(7)).c_str(), nullptr, 10);
                if (n == 0 || n > buffer->size()) return restinio::request_rejected();
                return req->create_response()
                    .append_header(restinio::http_field::content_type, "application/octet-stream")
                    .set_body(restinio::const_buffer(buffer->data(), n))
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
