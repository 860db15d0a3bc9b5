// The rule vocabulary: one field per dimension of RULES.md §2. A variant id (src/variants/) is a named
// setting of some of these fields; the kernel reads only this struct, never a variant name.
#pragma once
#include <cstdint>

namespace hc {

enum class CaptureKind : std::uint8_t { kDisplacement, kShoot, kExplosion, kKamikaze };
enum class ParalysisKind : std::uint8_t { kNone, kMadrasi };
enum class TransferKind : std::uint8_t { kNone, kAlice };
enum class CheckRegime : std::uint8_t { kObserved, kItalian, kNone };
enum class EpWhen : std::uint8_t { kFirst, kMarseillaisPair, kAny, kNone };
enum class EpPassed : std::uint8_t { kNeverOccupied, kEmptyNow };
enum class ScheduleKind : std::uint8_t { kFixed, kProgressive };
enum class ProgressUnit : std::uint8_t { kMoves, kTurns };
enum class MadrasiEp : std::uint8_t { kBothInert, kCapturerOnly, kStepperOnly };

struct Schedule {
  ScheduleKind kind = ScheduleKind::kFixed;
  int quota = 1;  // kFixed: moves in every turn
  int white_first_quota =
      0;  // kFixed: White's first turn, when it differs (Balanced Marseillais, Galvin); 0 = same

  // Moves allowed in the turn with index t = 1, 2, 3 … (White's turns odd). RULES.md §1.2.
  int quota_for(int turn_index) const {
    if (kind == ScheduleKind::kProgressive) return turn_index;
    if (turn_index == 1 && white_first_quota) return white_first_quota;
    return quota;
  }
};

struct Rules {
  // boards / transfer
  int boards = 1;
  TransferKind transfer = TransferKind::kNone;
  // schedule and turn
  Schedule schedule;
  bool ends_on_check = false;     // a check-giving move ends the turn (Marseillais, Progressive)
  bool complete_turn = false;     // D-5: a first move must allow the turn to be completed
  bool forbid_null_turn = false;  // a turn may not restore its start position (double-move-galvin decision 2)
  // check
  CheckRegime regime = CheckRegime::kObserved;
  // RULES.md §1.1: the king is royal (its loss ends the game) unless the variant says otherwise; a game under
  // royal kings starts only from a position where each side has one (rules/start_position.hpp).
  bool royal_king = true;
  // en passant (RULES.md §1.8)
  EpWhen ep_when = EpWhen::kFirst;
  EpPassed ep_passed = EpPassed::kNeverOccupied;
  // capture
  CaptureKind capture = CaptureKind::kDisplacement;
  bool compulsory_capture = false;
  // paralysis
  ParalysisKind paralysis = ParalysisKind::kNone;
  MadrasiEp madrasi_ep = MadrasiEp::kBothInert;
  // game end
  ProgressUnit progress_unit = ProgressUnit::kMoves;
  int progress_limit = 100;  // D-4: 100 atomic moves; Progressive: 10 turns

  // Properties of the capture, paralysis and board components, for readers that reason about rules rather
  // than components (the engine's evaluation).
  bool capture_explodes() const { return capture == CaptureKind::kExplosion; }
  bool capturer_stays() const { return capture == CaptureKind::kShoot; }
  bool capturer_removed() const {
    return capture == CaptureKind::kExplosion || capture == CaptureKind::kKamikaze;
  }
  bool kings_capture() const { return !capturer_removed(); }
  bool same_type_paralysis() const { return paralysis == ParalysisKind::kMadrasi; }
  bool transfers() const { return transfer != TransferKind::kNone; }

  bool multi_move() const {
    return schedule.kind != ScheduleKind::kFixed || schedule.quota > 1 || schedule.white_first_quota > 1;
  }
};

}  // namespace hc
