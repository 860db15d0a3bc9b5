// heterochess tune: fits the evaluation's weights (engine/eval.hpp, Weight) to the results of games, by
// Texel's method: the positions of the games, each labelled with its game's result, and the weights that make
// a logistic of the evaluation predict those results best (least squares), found by a local search one
// weight at a time.
#include <fmt/ostream.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <thread>

#include "cli/commands.hpp"
#include "engine/eval.hpp"
#include "notation/pgn.hpp"
#include "notation/quote.hpp"
#include "rules/start_position.hpp"
#include "rules/turn.hpp"
#include "variants/registry.hpp"

namespace hc::cli {

namespace {

struct Sample {
  const Position* pos;
  double result;  // White's score in the game: 1, 0.5, 0
};

// The mean squared error of the prediction sigmoid(K * eval / 400) against the results, on two threads.
double error_of(const std::vector<Sample>& samples, const EvalWeights& w, double k) {
  auto part = [&](std::size_t from, std::size_t to) {
    double e = 0;
    for (std::size_t i = from; i < to; ++i) {
      const Position& p = *samples[i].pos;
      const int s = evaluate_position(p, w);
      const double white = p.side() == kWhite ? s : -s;
      const double predicted = 1.0 / (1.0 + std::pow(10.0, -k * white / 400.0));
      e += (samples[i].result - predicted) * (samples[i].result - predicted);
    }
    return e;
  };
  const std::size_t half = samples.size() / 2;
  double first = 0;
  std::thread t([&] { first = part(0, half); });
  const double second = part(half, samples.size());
  t.join();
  return (first + second) / double(std::max<std::size_t>(1, samples.size()));
}

}  // namespace

int cmd_tune(const Common& c, const std::string& pgn_file, const std::string& family, int skip_turns,
             const Io& io) {
  std::vector<Weight> tuned;
  for (int i = 0; i < kWeightCount; ++i) {
    const std::string name = weight_name(Weight(i));
    if (family == "all" || name.rfind(family + ".", 0) == 0) tuned.push_back(Weight(i));
  }
  if (tuned.empty()) {
    std::string names;
    for (int i = 0; i < kWeightCount; ++i) names += std::string(i ? ", " : "") + weight_name(Weight(i));
    throw UserError("no weight of the family " + in_quotes(family) + " (the weights: " + names + ")");
  }
  const std::vector<PgnGame> games = read_games(pgn_file, io);
  // Every position at the start of a turn, from the turn skip_turns on, where the side to move is not in
  // check and its turn removes no man (a quiet position, whose evaluation is meant to predict the result),
  // labelled with the game's result. The records stay alive: the copied positions point into their variants.
  std::vector<std::unique_ptr<GameRecord>> records;
  std::deque<Position> positions;
  std::vector<Sample> samples;
  int used_games = 0, skipped_games = 0;
  for (std::size_t gi = 0; gi < games.size(); ++gi) {
    const PgnGame& g = games[gi];
    std::string vid = c.variant;
    if (auto tag = g.tag("Variant")) vid = variant_from_tag(*tag);
    Variant v;
    try {
      v = make_variant(vid);
    } catch (const VariantError& e) {
      throw UserError(fmt::format("game {}: {}", gi + 1, e.what()));
    }
    auto replayed = std::make_unique<GameRecord>(v);
    std::string fen = c.fen;
    if (auto tag = g.tag("FEN")) fen = *tag;
    try {
      if (!fen.empty()) replayed->set_fen(fen);
    } catch (const NotationError& e) {
      throw UserError(fmt::format("game {}: bad FEN: {}", gi + 1, e.what()));
    }
    const Replay rep = replay_movetext(*replayed, g);
    const std::string result = rep.recorded_result;
    if (rep.error || (result != "1-0" && result != "0-1" && result != "1/2-1/2")) {
      ++skipped_games;  // an illegal record or no result: nothing to learn from
      continue;
    }
    const double white_score = result == "1-0" ? 1.0 : result == "0-1" ? 0.0 : 0.5;
    auto walk = std::make_unique<GameRecord>(v);
    if (!fen.empty()) walk->set_fen(fen);
    const std::vector<Move> moves = replayed->moves();
    int turn = 0;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      Position& pos = walk->position();
      if (pos.state().made == 0) {
        ++turn;
        if (turn > skip_turns && !(pos.king_board(pos.side()) >= 0 && in_check(pos))) {
          // The turn's moves remove no man (looked at move by move on a copy).
          Position probe = pos;
          bool quiet = true;
          for (std::size_t j = i; j < moves.size(); ++j) {
            if (probe.ops().removes_men(probe, moves[j])) {
              quiet = false;
              break;
            }
            Undo u;
            probe.ops().make(probe, moves[j], u);
            if (u.turn_ended) break;
          }
          if (quiet) {
            positions.push_back(pos);
            samples.push_back({&positions.back(), white_score});
          }
        }
      }
      walk->play(moves[i]);
    }
    records.push_back(std::move(walk));
    ++used_games;
  }
  if (samples.size() < 100)
    throw UserError(fmt::format("{} gives {} quiet positions; at least 100 are needed", quote_input(pgn_file),
                                samples.size()));
  fmt::print(io.out, "{} games ({} skipped), {} quiet positions from turn {} on\n", used_games, skipped_games,
             samples.size(), skip_turns + 1);
  io.out.flush();

  // K: the scale that fits the present weights best (a golden-section search on [0.05, 4]).
  EvalWeights w = default_weights();
  double lo = 0.05, hi = 4.0;
  for (int i = 0; i < 40; ++i) {
    const double a = hi - (hi - lo) / 1.618, b = lo + (hi - lo) / 1.618;
    if (error_of(samples, w, a) < error_of(samples, w, b))
      hi = b;
    else
      lo = a;
  }
  const double k = (lo + hi) / 2;
  const double start_error = error_of(samples, w, k);
  fmt::print(io.out, "K = {:.3f}, error {:.6f} with the present weights\n", k, start_error);
  io.out.flush();

  // Local search: each weight in turn moved by a step, within its range (weight_range), while that lowers
  // the error; the step halves when no weight moves.
  double best = start_error;
  for (int step = 16; step >= 1;) {
    bool moved = false;
    for (Weight x : tuned) {
      for (int dir : {+1, -1}) {
        for (;;) {
          EvalWeights t = w;
          t.w[int(x)] += dir * step;
          if (t[x] < weight_range(x).min || t[x] > weight_range(x).max) break;
          const double e = error_of(samples, t, k);
          if (e >= best) break;
          best = e;
          w = t;
          moved = true;
        }
      }
    }
    fmt::print(io.out, "step {}: error {:.6f}\n", step, best);
    io.out.flush();
    if (!moved) step /= 2;
  }
  fmt::print(io.out, "error {:.6f} -> {:.6f}\n", start_error, best);
  for (Weight x : tuned) fmt::print(io.out, "{} = {} (was {})\n", weight_name(x), w[x], default_weights()[x]);
  return 0;
}

}  // namespace hc::cli
