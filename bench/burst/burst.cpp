// camp_bench_burst: many clients send one request each at the same moment, over keep-alive
// connections opened and warmed beforehand; prints the latency quantiles and the statuses.
// A node client spends more CPU per request than campd does, and on the same two cores that
// is what its bursts measured (bench/RESULTS.md, the events' joins); this one costs a few microseconds
// a request, on one thread.
//
//   camp_bench_burst HOST PORT TOKENS_FILE WARM_PATH METHOD PATH [METHOD PATH ...]
//
// One connection per token (Authorization: Bearer). WARM_PATH is fetched once on each (not
// timed); then each METHOD PATH pair is one burst, in order, on the same connections. The
// latency of a request runs from the burst's start to its whole response, so it includes the
// wait behind the others (what a user of a busy school sees). Exit 1 on a network error.
#include <utility>  // before Boost 1.74's asio, which uses std::exchange without it under C++20

#include <boost/asio.hpp>
#include <boost/beast.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

struct Client {
  explicit Client(net::io_context& io, std::string token) : stream(io), token(std::move(token)) {}
  beast::tcp_stream stream;
  std::string token;
  beast::flat_buffer buffer;
  http::request<http::empty_body> request;
  http::response<http::string_body> response;
};

struct Burst {
  std::vector<double> ms;
  std::map<std::string, int> statuses;
  int network_errors = 0;
};

class Runner {
 public:
  Runner(net::io_context& io, std::string host, std::vector<std::string> tokens) : io_(io), host_(std::move(host)) {
    for (auto& t : tokens) clients_.push_back(std::make_unique<Client>(io, std::move(t)));
  }

  void connect(const tcp::endpoint& at, std::function<void()> done) {
    left_ = clients_.size();
    for (auto& c : clients_)
      c->stream.async_connect(at, [this, done](beast::error_code ec) {
        if (ec) {
          std::cerr << "connect: " << ec.message() << "\n";
          std::exit(1);
        }
        if (--left_ == 0) done();
      });
  }

  // One request on every connection at once; `done` gets what came back.
  void burst(http::verb method, const std::string& path, std::function<void(Burst)> done) {
    result_ = {};
    left_ = clients_.size();
    start_ = Clock::now();
    for (auto& c : clients_) {
      c->request = {method, path, 11};
      c->request.set(http::field::host, host_);
      c->request.set(http::field::authorization, "Bearer " + c->token);
      c->request.keep_alive(true);
      c->request.prepare_payload();
      c->response = {};
      Client* client = c.get();
      http::async_write(c->stream, c->request, [this, client, done](beast::error_code ec, std::size_t) {
        if (ec) return finished(ec, nullptr, done);
        http::async_read(client->stream, client->buffer, client->response,
                         [this, client, done](beast::error_code ec, std::size_t) { finished(ec, client, done); });
      });
    }
  }

 private:
  void finished(beast::error_code ec, Client* client, const std::function<void(Burst)>& done) {
    if (ec || !client) {
      ++result_.network_errors;
    } else {
      result_.ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start_).count());
      ++result_.statuses[std::to_string(client->response.result_int())];
    }
    if (--left_ == 0) done(std::move(result_));
  }

  net::io_context& io_;
  std::string host_;
  std::vector<std::unique_ptr<Client>> clients_;
  std::size_t left_ = 0;
  Clock::time_point start_;
  Burst result_;
};

// The quantiles line of bench/lib/client.mjs, so the two clients' figures read alike.
std::string quantiles(std::vector<double> ms) {
  if (ms.empty()) return "no responses";
  std::sort(ms.begin(), ms.end());
  const auto q = [&](double p) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(p * ms.size()))]; };
  char line[160];
  std::snprintf(line, sizeof line, "p50 %.1f ms  p95 %.1f ms  p99 %.1f ms  max %.1f ms", q(0.5), q(0.95), q(0.99),
                ms.back());
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7 || (argc - 5) % 2 != 0) {
    std::cerr << "usage: camp_bench_burst HOST PORT TOKENS_FILE WARM_PATH METHOD PATH [METHOD PATH ...]\n";
    return 2;
  }
  const std::string host = argv[1];
  std::vector<std::string> tokens;
  std::ifstream in(argv[3]);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) tokens.push_back(line);
  if (tokens.empty()) {
    std::cerr << "no tokens in " << argv[3] << "\n";
    return 2;
  }
  std::vector<std::pair<http::verb, std::string>> bursts;
  for (int i = 5; i + 1 < argc; i += 2) {
    const auto verb = http::string_to_verb(argv[i]);
    if (verb == http::verb::unknown) {
      std::cerr << "unknown method " << argv[i] << "\n";
      return 2;
    }
    bursts.emplace_back(verb, argv[i + 1]);
  }

  net::io_context io;
  const tcp::endpoint at(net::ip::make_address(host), static_cast<unsigned short>(std::stoi(argv[2])));
  Runner runner(io, host + ":" + argv[2], tokens);
  int failed = 0;
  std::size_t next = 0;
  std::function<void()> run_next = [&] {
    if (next == bursts.size()) return;
    const auto [verb, path] = bursts[next++];
    runner.burst(verb, path, [&, verb, path](Burst b) {
      std::cout << tokens.size() << " concurrent " << http::to_string(verb) << " " << path << ": " << quantiles(b.ms)
                << "  statuses {";
      bool first = true;
      for (const auto& [status, n] : b.statuses) std::cout << (first ? "" : ",") << '"' << status << "\":" << n, first = false;
      if (b.network_errors) std::cout << (first ? "" : ",") << "\"network\":" << b.network_errors;
      std::cout << "}" << std::endl;
      failed += b.network_errors;
      run_next();
    });
  };
  runner.connect(at, [&] { runner.burst(http::verb::get, argv[4], [&](Burst warm) {
                       failed += warm.network_errors;
                       run_next();
                     }); });
  io.run();
  return failed ? 1 : 0;
}
