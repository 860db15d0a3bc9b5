// Writes and confirms the per-id perft files (tests/data/perft/<id>.tsv, perft_files.hpp); run through
// scripts/perft_files.sh.
//   --write ID [--budget NODES] [--seed N] [--positions N] [--candidates N] [--line MOVES]... [--fen FEN]...
//              [--note TEXT]...
//       counts with the fast generator (hc::perft) and writes the file: the start position at depths 1..N and
//       middlegame positions — those reached by the given lines of UCI moves (comma- or space-separated,
//       played from the start position; a line may stop in the middle of a turn), the given FENs (e.g. a
//       published position), then positions from seeded random play chosen to exercise what the others do not
//       (captures, e.p., castling, promotions, checks, turns ended early, several men removed by one capture,
//       game ends, a turn in progress) — each at depths 1, 2, … up to about its share of the node budget (the
//       start position 2/5 of it, the others the rest in equal shares). Each position's comment says what its
//       deepest tree exercises.
//   --confirm [--budget NODES] [ID...]
//       recounts every row of every file (or of the given ids' files) with the reference generator
//       (tests/reference/) and prints per-file timing; rows above the budget are skipped and reported.
// Exit status: 0 when everything written or confirmed, 1 on a mismatch, 2 on bad usage or input.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "perft_files.hpp"
#include "reference.hpp"

using namespace hc;
namespace pf = hc::test::perft_files;

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// What the moves of a perft tree do, counted over every move of the tree (leaves included).
struct Features {
  std::uint64_t captures = 0, en_passant = 0, castlings = 0, promotions = 0, checks = 0, early_ends = 0,
                multi_removals = 0, game_ends = 0;
  bool mid_turn = false;  // the root is in the middle of a turn

  // The features present, in a fixed order (for the choice of positions).
  std::vector<bool> present() const {
    return {captures > 0,   en_passant > 0,     castlings > 0, promotions > 0, checks > 0,
            early_ends > 0, multi_removals > 0, game_ends > 0, mid_turn};
  }
  std::string text() const {
    std::ostringstream s;
    s << captures << " captures, " << en_passant << " e.p., " << castlings << " castlings, " << promotions
      << " promotions, " << checks << " checks, " << early_ends << " turns ended early, " << multi_removals
      << " captures removing several men, " << game_ends << " game ends";
    if (mid_turn) s << "; starts in the middle of a turn";
    return s.str();
  }
};

int men(const Position& pos) {
  int n = 0;
  for (int b = 0; b < pos.boards(); ++b) n += popcount(pos.occupied(b));
  return n;
}

void walk(Position& pos, int depth, Features& f) {
  MoveList list;
  pos.ops().legal_moves(pos, list);
  if (list.empty()) ++f.game_ends;
  for (Move m : list) {
    const Color mover = pos.side();
    const int made = pos.state().made, quota = pos.state().quota, before = men(pos);
    Undo u;
    pos.ops().make(pos, m, u);
    f.captures += removes_men(u);  // from the journal: a capture, or men swept off after the move
    f.en_passant += m.kind() == MoveKind::kEnPassant;
    f.castlings += m.kind() == MoveKind::kCastling;
    f.promotions += m.kind() == MoveKind::kPromotion;
    f.checks += pos.king_board(~mover) >= 0 && pos.ops().checkers(pos, ~mover) != 0;
    f.early_ends += u.turn_ended && made + 1 < quota;
    f.multi_removals += before - men(pos) >= 2;
    if (depth > 1) walk(pos, depth - 1, f);
    pos.undo(u);
  }
}

struct Block {
  std::string fen, origin;
  std::vector<std::uint64_t> counts;  // counts[d-1] = perft(d)
  Features features;
};

// Depths 1, 2, … while the next count is expected (from the last branching factor) within the budget; the
// deepest counted depth is dropped when it overshoots the budget twice over. At least depth 1.
std::vector<std::uint64_t> counts_within(Position& pos, std::uint64_t budget) {
  std::vector<std::uint64_t> counts{perft(pos, 1)};
  while (counts.size() < 12 && counts.back() > 0) {
    const double ratio =
        counts.size() == 1 ? double(counts[0]) : double(counts.back()) / double(counts.end()[-2]);
    if (double(counts.back()) * std::max(ratio, 1.0) > double(budget)) break;
    const std::uint64_t next = perft(pos, int(counts.size()) + 1);
    if (next > 2 * budget) break;
    counts.push_back(next);
    if (next > budget) break;
  }
  return counts;
}

Block count_block(const Variant& v, const std::string& fen, const std::string& origin, std::uint64_t budget) {
  Position pos;
  set_fen(pos, v, fen);
  Block b{fen, origin, counts_within(pos, budget), {}};
  b.features.mid_turn = pos.state().made > 0;
  walk(pos, int(b.counts.size()), b.features);
  return b;
}

// The position after a line of UCI moves from the start position (each checked legal).
std::string play_line(const Variant& v, const std::string& line) {
  Position pos;
  set_fen(pos, v, v.start_fen);
  std::string text = line;
  for (char& c : text)
    if (c == ',') c = ' ';
  std::istringstream in(text);
  for (std::string uci; in >> uci;) {
    const Move m = parse_uci(pos, uci);  // throws NotationError when illegal
    Undo u;
    pos.ops().make(pos, m, u);
  }
  return to_fen(pos);
}

struct WriteOptions {
  // About the nodes of all the file's deepest rows together (a row may reach twice its share). The reference
  // generator confirms 1-1.5 million nodes a second for single-move turns, 30-100 thousand under the
  // complete-turn principle (Marseillais family): the files here use 60 and 8 million.
  std::uint64_t budget = 60'000'000;
  std::uint64_t seed = 1;
  int positions = 4;                            // positions chosen from random play
  int candidates = 2000;                        // random positions looked at
  std::vector<std::string> lines, fens, notes;  // notes: comment lines for the file's head
};

int write_file(const std::string& id, const WriteOptions& o, const std::string& command) {
  const Variant v = make_variant(id);
  const auto t0 = Clock::now();
  const std::uint64_t start_budget = o.budget * 2 / 5;
  const int middlegames = int(o.lines.size() + o.fens.size()) + o.positions;
  const std::uint64_t share = (o.budget - start_budget) / std::uint64_t(std::max(middlegames, 1));
  std::vector<Block> blocks{count_block(v, v.start_fen, "start position", start_budget)};
  for (const std::string& line : o.lines)
    blocks.push_back(count_block(v, play_line(v, line), "after " + line, share));
  for (const std::string& fen : o.fens) blocks.push_back(count_block(v, fen, "given position", share));

  // Random play: pick, one at a time, the candidate whose two-move tree shows the most features not yet
  // shown (a turn in progress counts as one), preferring more moves.
  const auto fens = test::random_positions(id, o.candidates, o.seed, 120);
  std::vector<Features> shallow(fens.size());
  std::vector<std::uint64_t> width(fens.size());
  Position pos;
  for (std::size_t i = 0; i < fens.size(); ++i) {
    set_fen(pos, v, fens[i]);
    shallow[i].mid_turn = pos.state().made > 0;
    walk(pos, 2, shallow[i]);
    width[i] = perft(pos, 1);
  }
  std::vector<bool> covered(Features{}.present().size(), false);
  for (const Block& b : blocks)
    for (std::size_t k = 0; k < covered.size(); ++k) covered[k] = covered[k] || b.features.present()[k];
  std::vector<bool> taken(fens.size(), false);
  for (int n = 0; n < o.positions; ++n) {
    int best = -1, best_new = -1;
    for (std::size_t i = 0; i < fens.size(); ++i) {
      if (taken[i] || width[i] < 2) continue;
      int fresh = 0;
      for (std::size_t k = 0; k < covered.size(); ++k) fresh += shallow[i].present()[k] && !covered[k];
      if (fresh > best_new || (fresh == best_new && width[i] > width[best])) best = int(i), best_new = fresh;
    }
    if (best < 0) break;
    taken[best] = true;
    Block b = count_block(
        v, fens[best], "random play, seed " + std::to_string(o.seed) + ", candidate " + std::to_string(best),
        share);
    for (std::size_t k = 0; k < covered.size(); ++k) covered[k] = covered[k] || b.features.present()[k];
    blocks.push_back(b);
  }

  std::ofstream out(pf::path_of(id));
  if (!out) {
    std::cerr << pf::path_of(id) << ": cannot be written\n";
    return 2;
  }
  out << "# Perft of " << v.id << " (" << (id == v.id ? "" : "spelt " + id + "; ")
      << "columns fen, depth, nodes; tests/perft_files.hpp).\n"
      << "# Counted by the fast generator (hc::perft) with: scripts/perft_files.sh " << command << "\n"
      << "# and confirmed by the reference generator: scripts/perft_files.sh --confirm " << id << "\n";
  for (const std::string& note : o.notes) out << "# " << note << "\n";
  std::uint64_t total = 0;
  for (const Block& b : blocks) {
    out << "#\n# " << b.origin << "; the deepest row's tree has " << b.features.text() << "\n";
    for (std::size_t d = 0; d < b.counts.size(); ++d)
      out << b.fen << '\t' << d + 1 << '\t' << b.counts[d] << '\n';
    total += b.counts.back();
  }
  std::printf("%s: %zu positions, %llu nodes in the deepest rows, %.1f s\n", pf::path_of(id).c_str(),
              blocks.size(), static_cast<unsigned long long>(total), since(t0));
  return 0;
}

int confirm(std::vector<std::string> ids, std::uint64_t budget) {
  if (ids.empty()) ids = pf::list_ids();
  const auto t0 = Clock::now();
  int bad = 0, rows = 0, skipped = 0;
  std::uint64_t nodes = 0;
  for (const std::string& id : ids) {
    const pf::File f = pf::read(id);
    const auto t1 = Clock::now();
    int file_rows = 0, file_skipped = 0, file_bad = 0;
    std::uint64_t file_nodes = 0;
    for (const pf::Row& r : f.rows) {
      if (r.nodes > budget) {
        ++file_skipped;
        continue;
      }
      const std::uint64_t n = reference::perft(id, r.fen, r.depth);
      if (n != r.nodes) {
        std::printf("MISMATCH %s:%d: %s depth %d: file %llu, reference %llu\n", f.path.c_str(), r.line,
                    r.fen.c_str(), r.depth, static_cast<unsigned long long>(r.nodes),
                    static_cast<unsigned long long>(n));
        ++file_bad;
      }
      ++file_rows;
      file_nodes += r.nodes;
    }
    std::printf(
        "%-28s %3d rows %12llu nodes %8.1f s  %s%s\n", id.c_str(), file_rows,
        static_cast<unsigned long long>(file_nodes), since(t1), file_bad ? "MISMATCH" : "confirmed",
        file_skipped ? (" (" + std::to_string(file_skipped) + " rows over the budget skipped)").c_str() : "");
    std::fflush(stdout);
    bad += file_bad, rows += file_rows, skipped += file_skipped, nodes += file_nodes;
  }
  std::printf("%zu files, %d rows, %llu nodes, %.1f s: %s%s\n", ids.size(), rows,
              static_cast<unsigned long long>(nodes), since(t0),
              bad ? (std::to_string(bad) + " rows differ").c_str() : "all confirmed",
              skipped ? (", " + std::to_string(skipped) + " rows skipped").c_str() : "");
  return bad ? 1 : 0;
}

// Single-quoted for a POSIX shell (so the command recorded in a file can be pasted back).
std::string shell_quoted(const std::string& text) {
  std::string q = "'";
  for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

int usage() {
  std::cerr
      << "usage: perft_files_tool --write ID [--budget NODES] [--seed N] [--positions N] [--candidates N]"
         " [--line MOVES]... [--fen FEN]... [--note TEXT]...\n"
         "       perft_files_tool --confirm [--budget NODES] [ID...]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usage();
  try {
    auto number = [&](std::size_t& i) {
      if (i + 1 >= args.size()) throw std::invalid_argument(args[i] + " needs a value");
      return std::stoull(args[++i]);
    };
    if (args[0] == "--write") {
      if (args.size() < 2) return usage();
      const std::string id = args[1];
      WriteOptions o;
      std::string command = "--write " + id;
      for (std::size_t i = 2; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--budget")
          o.budget = number(i);
        else if (a == "--seed")
          o.seed = number(i);
        else if (a == "--positions")
          o.positions = int(number(i));
        else if (a == "--candidates")
          o.candidates = int(number(i));
        else if (a == "--line" && i + 1 < args.size())
          o.lines.push_back(args[++i]);
        else if (a == "--fen" && i + 1 < args.size())
          o.fens.push_back(args[++i]);
        else if (a == "--note" && i + 1 < args.size())
          o.notes.push_back(args[++i]);
        else
          return usage();
        const bool text = a == "--line" || a == "--fen" || a == "--note";
        command += " " + a + " " + (text ? shell_quoted(args[i]) : args[i]);
      }
      return write_file(id, o, command);
    }
    if (args[0] == "--confirm") {
      std::uint64_t budget = ~0ull;
      std::vector<std::string> ids;
      for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--budget")
          budget = number(i);
        else
          ids.push_back(args[i]);
      }
      return confirm(ids, budget);
    }
    return usage();
  } catch (const std::exception& e) {
    std::cerr << "perft_files_tool: " << e.what() << "\n";
    return 2;
  }
}
