// Every JSON document the CLI prints goes through dump_json: text that is not valid UTF-8 (a byte string from
// the command line or a game record) is written with U+FFFD in place of the bad bytes instead of throwing.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace hc::cli {

inline std::string dump_json(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace hc::cli
