// The per-id perft files, tests/data/perft/<id>.tsv: rows "fen<TAB>depth<TAB>nodes", '#' comment lines and
// blank lines allowed. A file's name is a variant id or composition; it covers every spelling with the same
// canonical id (make_variant), so "progressive-kamikaze.tsv" is also the file of "progressive+kamikaze".
// Read by perft_files_test (the fast generator) and perft_files_tool (writes files, confirms them with the
// reference generator).
#pragma once
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "support.hpp"
#include "variants/registry.hpp"

namespace hc::test::perft_files {

struct Row {
  std::string fen;
  int depth = 0;
  std::uint64_t nodes = 0;
  int line = 0;  // 1-based line in the file
};

struct File {
  std::string id;    // the file name without ".tsv"
  std::string path;  // full path
  std::vector<Row> rows;
};

inline std::string directory() { return std::string(HC_TEST_DATA_DIR) + "/perft"; }
inline std::string path_of(const std::string& id) { return directory() + "/" + id + ".tsv"; }

// The names (without ".tsv") of the files in the directory, sorted. Other files there are an error.
inline std::vector<std::string> list_ids() {
  std::vector<std::string> ids;
  for (const auto& entry : std::filesystem::directory_iterator(directory())) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".tsv")
      throw std::runtime_error(directory() + ": '" + name + "' is not a <id>.tsv perft file");
    ids.push_back(entry.path().stem().string());
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

// Reads one file; throws std::runtime_error naming the file and line of a malformed row (never skips one).
inline File read(const std::string& id) {
  File f{id, path_of(id), {}};
  std::ifstream in(f.path);
  if (!in) throw std::runtime_error(f.path + ": cannot be opened");
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    auto bad = [&](const std::string& why) {
      return std::runtime_error(f.path + ":" + std::to_string(number) + ": " + why +
                                " (want fen<TAB>depth<TAB>nodes)");
    };
    std::vector<std::string> cols;
    for (std::size_t start = 0;;) {
      std::size_t tab = line.find('\t', start);
      cols.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    if (cols.size() != 3) throw bad(std::to_string(cols.size()) + " columns");
    auto number_in = [&](const std::string& text, unsigned long long max) {
      if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos)
        throw bad("'" + text + "' is not a number");
      unsigned long long n = std::stoull(text);
      if (n > max) throw bad("'" + text + "' is out of range");
      return n;
    };
    Row r;
    r.fen = cols[0];
    r.depth = int(number_in(cols[1], 64));
    r.nodes = number_in(cols[2], ~0ull);
    r.line = number;
    if (r.depth < 1) throw bad("depth must be at least 1");
    f.rows.push_back(r);
  }
  return f;
}

// The ids that must have a file: every catalogue id (aliases included) and every showcase composition.
inline std::vector<std::string> required_ids() {
  std::vector<std::string> ids;
  for (const auto& info : variant_catalogue()) ids.push_back(info.id);
  for (const auto& id : slice_variants())
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  return ids;
}

// The canonical id of a spelling, or "" when it is not a variant id.
inline std::string canonical(const std::string& id) {
  try {
    return make_variant(id).id;
  } catch (const VariantError&) {
    return "";
  }
}

// What is wrong with the directory as a whole, one line each: a required id without a file, a file whose
// name is not a variant id, or names no catalogue id or showcase composition, two files for one variant.
inline std::vector<std::string> coverage_problems() {
  std::vector<std::string> problems;
  std::map<std::string, std::string> file_of;  // canonical id -> file id
  for (const std::string& id : list_ids()) {
    const std::string c = canonical(id);
    if (c.empty()) {
      problems.push_back(path_of(id) + ": '" + id + "' is not a variant id");
      continue;
    }
    auto [it, fresh] = file_of.emplace(c, id);
    if (!fresh) problems.push_back(path_of(id) + ": the same variant (" + c + ") as " + path_of(it->second));
  }
  std::set<std::string> required;
  for (const std::string& id : required_ids()) {
    const std::string c = canonical(id);
    required.insert(c);
    if (!file_of.count(c))
      problems.push_back("no perft file for '" + id + "': write one with scripts/perft_files.sh --write " +
                         id);
  }
  for (const auto& [c, id] : file_of)
    if (!required.count(c))
      problems.push_back(path_of(id) + ": '" + id +
                         "' is neither a catalogue id nor a showcase composition (tests/support.hpp)");
  return problems;
}

}  // namespace hc::test::perft_files
