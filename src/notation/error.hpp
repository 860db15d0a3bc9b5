#pragma once
#include <stdexcept>
#include <string>

namespace hc {

// Bad text input: says what is wrong and where (1-based column within the input, and line for multi-line
// input).
class NotationError : public std::runtime_error {
 public:
  NotationError(const std::string& what, int column = 0, int line = 0)
      : std::runtime_error(what), column_(column), line_(line) {}
  int column() const { return column_; }
  int line() const { return line_; }
  std::string where() const {
    std::string w;
    if (line_) w += "line " + std::to_string(line_);
    if (column_) w += std::string(w.empty() ? "" : ", ") + "column " + std::to_string(column_);
    return w;
  }

 private:
  int column_, line_;
};

}  // namespace hc
