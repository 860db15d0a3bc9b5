// A UCI engine run as a child process: lines in and out over pipes, reads with a deadline.
#pragma once
#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace hc {

class UciProcess {
 public:
  // Starts `command` through /bin/sh. Throws std::runtime_error if it cannot be started.
  explicit UciProcess(const std::string& command);
  ~UciProcess();
  UciProcess(const UciProcess&) = delete;
  UciProcess& operator=(const UciProcess&) = delete;

  void send(const std::string& line);
  // Closes the engine's standard input (it then sees end of input).
  void close_input();
  // The next line, or nullopt when the deadline (seconds from now) passes or the engine has exited.
  std::optional<std::string> read_line(double timeout_s);
  // Reads until a line starting with `prefix`; collects the lines seen on the way. False on timeout/exit.
  bool wait_for(const std::string& prefix, double timeout_s, std::string* found = nullptr,
                std::vector<std::string>* seen = nullptr);
  bool alive() const { return alive_; }
  const std::string& command() const { return command_; }

 private:
  std::string command_;
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  std::string buffer_;
  bool alive_ = false;
};

}  // namespace hc
