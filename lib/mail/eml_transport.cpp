// The default without an SMTP server: each mail becomes data_dir/mail/<id>-<key>.eml, so a
// demo or a development machine shows real messages. Written to a hidden .part file, fsynced,
// then renamed: a reader never sees half a mail, and a resend replaces the same file.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "mail/transport.hpp"

namespace camp::mail {
namespace {

namespace fs = std::filesystem;

class EmlTransport final : public Transport {
 public:
  explicit EmlTransport(std::string dir) : dir_(std::move(dir)) {}

  void send(const Mail& mail, const std::string&, const std::string& message) override {
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec) throw SendFailure("cannot create " + dir_ + ": " + ec.message(), false);
    const auto name = std::to_string(mail.id) + "-" + mail.message_key + ".eml";
    const auto final_path = fs::path(dir_) / name;
    const auto part_path = fs::path(dir_) / ("." + name + ".part");
    const int fd = ::open(part_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
    if (fd < 0) throw SendFailure("cannot write " + part_path.string() + ": " + std::strerror(errno), false);
    std::size_t done = 0;
    while (done < message.size()) {
      const auto n = ::write(fd, message.data() + done, message.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        const std::string why = std::strerror(errno);
        ::close(fd);
        ::unlink(part_path.c_str());
        throw SendFailure("cannot write " + part_path.string() + ": " + why, false);
      }
      done += static_cast<std::size_t>(n);
    }
    const bool synced = ::fsync(fd) == 0;
    ::close(fd);
    if (!synced || ::rename(part_path.c_str(), final_path.c_str()) != 0) {
      ::unlink(part_path.c_str());
      throw SendFailure("cannot store " + final_path.string() + ": " + std::strerror(errno), false);
    }
  }

  std::string describe() const override { return ".eml files in " + dir_; }

 private:
  std::string dir_;
};

}  // namespace

std::unique_ptr<Transport> make_eml_transport(const std::string& directory) {
  return std::make_unique<EmlTransport>(directory);
}

std::unique_ptr<Transport> make_transport(const Config& config, const std::atomic<bool>* stopping) {
  if (config.mail.smtp_url.empty()) return make_eml_transport(config.mail_dir());
  return make_smtp_transport(config.mail, stopping);
}

}  // namespace camp::mail
