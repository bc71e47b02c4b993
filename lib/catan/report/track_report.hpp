#pragma once
// What a belief (lib/catan/track/track.hpp) says about each player's cards, as JSON
// (schemas/hands.schema.json) and text: catan-replay --hands and --format jsonl --trace.

#include <string>

#include <nlohmann/json_fwd.hpp>

#include <catan/engine/event.hpp>
#include <catan/track/track.hpp>

namespace ctk {

struct HandsOptions {
    // Most possible hands listed per player (0 = all); the probability of the hands left
    // out is stated as "remaining_probability".
    int limit = 10;
};

// One object: {"states": N, "exact": bool, "players": [...]}. Per player (seat order):
//   "player": seat name, "cards": hand size when certain (else null),
//   "certain": true when one hand is possible, "hand": that hand (every resource named),
//   "possible_hands": [{"hand": {"brick": 1, ...every resource}, "probability": p}, ...]
//       most probable first, at most opt.limit, "remaining_probability": the rest (0 when
//       all are listed); probabilities are the nearest doubles to the exact rationals;
//   "resources": {"brick": {"min", "max", "distribution": [P(0), P(1), ... P(max)]}, ...};
//   "development_cards": [{"cards": {"knight": 1, ...kinds held}, "probability": p}, ...]
//       the possible sets of unplayed development cards, most probable first.
nlohmann::json belief_to_json(const Belief& b, const std::vector<Seat>& seats,
                              const HandsOptions& opt = {});

// The same as lines of text: per player the certain hand, or each possible hand with its
// probability in percent, then per resource "min..max".
std::string belief_to_text(const Belief& b, const std::vector<Seat>& seats,
                           const HandsOptions& opt = {});

}  // namespace ctk
