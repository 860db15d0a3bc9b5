#include "server/static_files.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <utility>

namespace hc::server {

namespace fs = std::filesystem;

std::optional<std::string> ui_file(const std::string& dir, const std::string& url_path) {
  if (url_path.empty() || url_path[0] != '/') return std::nullopt;
  std::string rel = url_path == "/" ? "index.html" : url_path.substr(1);
  if (rel.find('\0') != std::string::npos || rel.find('\\') != std::string::npos) return std::nullopt;
  std::stringstream parts(rel);
  for (std::string seg; std::getline(parts, seg, '/');)
    if (seg.empty() || seg[0] == '.') return std::nullopt;  // "..", ".hidden", "a//b"
  if (rel.back() == '/') return std::nullopt;
  std::error_code ec;
  const fs::path root = fs::canonical(dir, ec);
  if (ec) return std::nullopt;
  const fs::path file = fs::canonical(root / rel, ec);
  if (ec || !fs::is_regular_file(file, ec)) return std::nullopt;
  // Inside the folder: the root's components are a prefix of the file's.
  auto [r, f] = std::mismatch(root.begin(), root.end(), file.begin(), file.end());
  if (r != root.end()) return std::nullopt;
  return file.string();
}

std::string mime_type(const std::string& file) {
  static const std::pair<const char*, const char*> kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".map", "application/json"},
      {".json", "application/json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".ico", "image/x-icon"},
      {".woff2", "font/woff2"},
      {".woff", "font/woff"},
      {".txt", "text/plain; charset=utf-8"},
      {".md", "text/markdown; charset=utf-8"},
  };
  const std::string ext = fs::path(file).extension().string();
  for (const auto& [e, type] : kTypes)
    if (ext == e) return type;
  return "application/octet-stream";
}

std::optional<std::string> read_file(const std::string& file, std::size_t max_bytes) {
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  if (ec || size > max_bytes) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::string out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad() || out.size() > max_bytes) return std::nullopt;
  return out;
}

}  // namespace hc::server
