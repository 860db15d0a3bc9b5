#include "match/uci_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>

namespace hc {

UciProcess::UciProcess(const std::string& command) : command_(command) {
  int in[2], out[2];
  if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("cannot create pipes for '" + command + "'");
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("cannot start '" + command + "'");
  if (pid_ == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  to_child_ = in[1];
  from_child_ = out[0];
  signal(SIGPIPE, SIG_IGN);
  alive_ = true;
}

UciProcess::~UciProcess() {
  if (alive_) send("quit");
  if (to_child_ >= 0) close(to_child_);
  if (from_child_ >= 0) close(from_child_);
  if (pid_ > 0) {
    for (int i = 0; i < 50; ++i) {  // up to 0.5 s to exit by itself
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) return;
      usleep(10000);
    }
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
}

void UciProcess::close_input() {
  if (to_child_ >= 0) close(to_child_);
  to_child_ = -1;
}

void UciProcess::send(const std::string& line) {
  if (!alive_) return;
  std::string l = line + "\n";
  const char* p = l.data();
  std::size_t left = l.size();
  while (left > 0) {
    ssize_t n = write(to_child_, p, left);
    if (n <= 0) {
      alive_ = false;
      return;
    }
    p += n, left -= std::size_t(n);
  }
}

std::optional<std::string> UciProcess::read_line(double timeout_s) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  for (;;) {
    if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    if (!alive_) return std::nullopt;
    double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) return std::nullopt;
    pollfd pfd{from_child_, POLLIN, 0};
    int r = poll(&pfd, 1, int(left * 1000) + 1);
    if (r <= 0) continue;
    char buf[4096];
    ssize_t n = read(from_child_, buf, sizeof buf);
    if (n <= 0) {
      alive_ = false;
      continue;
    }
    buffer_.append(buf, std::size_t(n));
  }
}

bool UciProcess::wait_for(const std::string& prefix, double timeout_s, std::string* found,
                          std::vector<std::string>* seen) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  for (;;) {
    double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
    auto line = read_line(std::max(left, 0.0));
    if (!line) return false;
    if (line->rfind(prefix, 0) == 0) {
      if (found) *found = *line;
      return true;
    }
    if (seen) seen->push_back(*line);
  }
}

}  // namespace hc
