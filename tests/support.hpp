// Shared helpers for the tests: data files, positions, seeded random walks.
#pragma once
#include <gtest/gtest.h>
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "notation/fen.hpp"
#include "notation/move_text.hpp"
#include "rules/game.hpp"
#include "variants/registry.hpp"

namespace hc::test {

inline long env_long(const char* name, long fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atol(v) : fallback;
}

struct PerftRow {
  std::string variant, fen;
  int depth;
  std::uint64_t nodes;
  std::string source;
};

// Reads "variant<TAB>fen<TAB>depth<TAB>nodes[<TAB>source]" rows; '#' lines and a header starting "variant"
// skipped.
inline std::vector<PerftRow> read_perft_tsv(const std::string& path) {
  std::vector<PerftRow> rows;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#' || line.rfind("variant\t", 0) == 0) continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string x; std::getline(ss, x, '\t');) f.push_back(x);
    if (f.size() < 4) continue;
    rows.push_back({f[0], f[1], std::stoi(f[2]), std::stoull(f[3]), f.size() > 4 ? f[4] : ""});
  }
  return rows;
}

// Every built-in id of the catalogue, then its showcase compositions (src/variants/catalogue.toml): what the
// id-parameterised tests cover.
inline const std::vector<std::string>& slice_variants() {
  static const std::vector<std::string> v = [] {
    std::vector<std::string> out;
    for (const auto& info : builtin_catalogue().variants) out.push_back(info.id);
    for (const auto& spec : builtin_catalogue().showcase) out.push_back(spec);
    return out;
  }();
  return v;
}

// Readable gtest parameter names for variant ids ("progressive+alice" -> "progressive_alice").
inline std::string param_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param;
  for (char& c : n)
    if (c == '-' || c == '+') c = '_';
  return n;
}

// Positions reached by seeded random play from the start position, or from `start` (restarting when a game
// ends).
inline std::vector<std::string> random_positions(const Variant& v, int count, std::uint64_t seed,
                                                 int max_moves = 80, const std::string& start = "") {
  std::mt19937_64 rng(seed);
  std::vector<std::string> out;
  Position pos;
  while (int(out.size()) < count) {
    set_fen(pos, v, start.empty() ? v.start_fen : start);
    int len = 1 + int(rng() % max_moves);
    for (int i = 0; i < len && int(out.size()) < count; ++i) {
      MoveList list;
      pos.ops().legal_moves(pos, list);
      if (list.empty()) break;
      Undo u;
      pos.ops().make(pos, list[int(rng() % list.size())], u);
      if (rng() % 3 == 0) out.push_back(to_fen(pos));
    }
  }
  return out;
}
inline std::vector<std::string> random_positions(const std::string& variant, int count, std::uint64_t seed,
                                                 int max_moves = 80) {
  return random_positions(make_variant(variant), count, seed, max_moves);
}

// The legal moves of pos (or of `fen` under `variant`), as sorted UCI text (the hand-counted lists of the
// rule tests).
inline std::vector<std::string> legal(Position& pos) {
  MoveList list;
  pos.ops().legal_moves(pos, list);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(to_uci(m));
  std::sort(out.begin(), out.end());
  return out;
}
inline std::vector<std::string> legal(const std::string& variant, const std::string& fen) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  return legal(pos);
}

// Is the side to move of `fen` in check under `variant`?
inline bool in_check(const std::string& variant, const std::string& fen) {
  Variant v = make_variant(variant);
  Position pos;
  set_fen(pos, v, fen);
  return pos.ops().checkers(pos, pos.side()) != 0;
}

}  // namespace hc::test
