// The one way the server serializes JSON: a string that is not valid UTF-8 (a byte quoted from a request, a
// path such as "/%FF") is written with U+FFFD in place of its bad bytes instead of throwing, so no input can
// make an answer fail to serialize.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace hc::server {

inline std::string json_text(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace hc::server
