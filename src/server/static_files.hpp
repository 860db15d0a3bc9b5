// The browser UI's files: which file a URL path names inside the UI folder (never outside it), and its type.
#pragma once
#include <optional>
#include <string>

namespace hc::server {

// The file `url_path` (decoded, starting with '/'; "/" is index.html) names under `dir`, if it is a regular
// file there: no "..", no hidden or empty segments, no backslash or NUL, and its canonical path inside
// `dir`'s (so a symbolic link out of the folder is not followed).
std::optional<std::string> ui_file(const std::string& dir, const std::string& url_path);
// The Content-Type of a file by its extension (application/octet-stream when unknown).
std::string mime_type(const std::string& file);
// The whole file, or nullopt if it cannot be read or is larger than `max_bytes`.
std::optional<std::string> read_file(const std::string& file, std::size_t max_bytes);

}  // namespace hc::server
