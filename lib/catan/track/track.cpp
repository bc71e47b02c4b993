// The belief over complete states (track.hpp): hidden choices branched by the model,
// every branch checked and applied with the rules' own check / apply / check_claims.
#include <catan/track/track.hpp>

#include <catan/track/detail/belief_parts.hpp>
#include <catan/track/detail/track_share.hpp>

#include <algorithm>
#include <map>
#include <numeric>

#include <fmt/format.h>

namespace ctk {

using namespace track_parts;

struct Belief::Scratch {
    MergeBuffers merge;
    // apply_shared: the verdicts met (key, passes) and their open-addressing table.
    std::vector<track_share::Key> verdict_keys;
    std::vector<char> verdict_passes;
    std::vector<std::uint32_t> verdict_table;
    std::vector<Branch> branches;  // of one state
    std::vector<char> pass;        // claims met, per state
};

Belief::~Belief() = default;
Belief::Belief(Belief&&) noexcept = default;
Belief& Belief::operator=(Belief&&) noexcept = default;

bool log_hides_information(const GameLog& log) {
    if (log.unrecorded.discards) return true;
    return std::any_of(log.events.begin(), log.events.end(), track_share::hides_choice);
}

Belief::Belief(const GameLog& log, TrackOptions opt)
    : log_(&log),
      opt_(opt),
      ctx_{&log.seats},
      quiet_{&log.seats, false},
      scratch_(std::make_unique<Scratch>()) {
    states_.push_back({GameState::initial(log), Weight(1)});
}

Belief::Belief(const GameLog& log, GameState start, TrackOptions opt)
    : log_(&log),
      opt_(opt),
      ctx_{&log.seats},
      quiet_{&log.seats, false},
      scratch_(std::make_unique<Scratch>()) {
    states_.push_back({std::move(start), Weight(1)});
}

const GameState& Belief::most_probable() const {
    std::size_t best = 0;
    for (std::size_t i = 1; i < states_.size(); ++i)
        if (states_[i].weight > states_[best].weight) best = i;
    return states_[best].state;
}

const Weight& Belief::total_weight() const {
    if (!total_) {
        Weight sum = 0;
        for (const WeightedState& ws : states_) sum += ws.weight;
        total_ = std::move(sum);
    }
    return *total_;
}

Probability Belief::probability(const Weight& w) const {
    return Probability(w, total_weight());
}

Probability Belief::probability(const WeightedState& ws) const {
    return probability(ws.weight);
}

StepResult Belief::step(const Event& e, int index, bool keep_going) {
    total_.reset();
    if (!exact()) {
        // Past the bound: the guaranteed bounds follow the event, from the kept states'
        // public fields before it.
        bounds_ = bounds_after(std::move(bounds_), states_.front().state, e, index);
        return step_states(e, index, keep_going);
    }
    // Only an event that branches can pass the bound: then the bounds start from every
    // state before it (the exact belief), carried over the event.
    const bool may_branch =
        track_share::hides_choice(e) || (log_->unrecorded.discards && is_seven(e));
    // A hidden steal or purchase makes at most kResourceCount or kDevCardKinds states of
    // each: when that many cannot pass the bound, neither can the event.
    const bool few_branches =
        may_branch && !std::holds_alternative<Discard>(e.body) &&
        !(log_->unrecorded.discards && is_seven(e)) &&
        states_.size() * static_cast<std::size_t>(std::max(kResourceCount, kDevCardKinds)) <=
            opt_.max_states;
    if (!may_branch || few_branches) {
        StepResult res = step_states(e, index, keep_going);
        if (!exact()) bounds_ = no_bounds(states_.front().state);  // (never: see above)
        return res;
    }
    BeliefBounds before = envelope(states_);
    GameState base = states_.front().state;
    StepResult res = step_states(e, index, keep_going);
    if (!exact()) {
        bounds_ = bounds_after(std::move(before), base, e, index);
        // From here on the belief keeps at most kKeptPastBound states (merge_and_bound):
        // give back the memory of a belief at the bound.
        states_.shrink_to_fit();
        next_.clear();
        next_.shrink_to_fit();
    }
    return res;
}

StepResult Belief::step_states(const Event& e, int index, bool keep_going) {
    StepResult res;
    const bool exact_now = exact();
    const bool go_on = keep_going || !exact_now;
    const bool discards_after = log_->unrecorded.discards && is_seven(e);
    const bool hidden = track_share::hides_choice(e);
    // A reported violation, or (not exact) an event that no kept state explains.
    // Exact as the belief is when the violation is found: states an event branched into may
    // have passed twice the bound while it was applied (bound_growth), and the states then
    // dropped may explain its claims.
    auto report = [&](Violation v) {
        if (exact()) {
            res.violations.push_back(std::move(v));
        } else if (unexplained_.empty() || unexplained_.back() != index) {
            unexplained_.push_back(index);
        }
    };

    // Full information, one state: check and apply in place, as replay without tracking.
    if (states_.size() == 1 && !hidden && !discards_after) {
        GameState& s = states_[0].state;
        if (auto v = check(s, e, index, ctx_)) {
            report(std::move(*v));
            if (!go_on) {
                res.applied = false;
                return res;
            }
        }
        apply(s, e);
        if (e.claims) {
            if (go_on)  // --keep-going: every wrong claim of the event
                for (Violation& v : check_all_claims(s, e, index, ctx_)) report(std::move(v));
            else if (auto v = check_claims(s, e, index, ctx_))
                report(std::move(*v));
        }
        return res;
    }

    const std::size_t before = states_.size();
    const bool ends_turn_forgetting = std::holds_alternative<EndTurn>(e.body) && end_turn_forgets();
    auto under_hidden = [&](Violation v) {
        if (before > 1 || hidden || discards_after)
            v.message += fmt::format(
                " (decided under hidden information: none of the {} possible state{} "
                "explains it)",
                before, before == 1 ? "" : "s");
        return v;
    };

    // 1. check in every state and branch; apply where the event is legal. An event that
    // hides nothing is checked and applied in place (no copy); the states it breaks are
    // dropped by compaction.
    std::optional<Violation> worst;
    Weight worst_weight = -1;  // weights are > 0
    auto note = [&](Violation&& v, const Weight& w) {
        if (w > worst_weight) worst_weight = w, worst = std::move(v);
    };
    bool may_merge = hidden || discards_after;
    bool dropped = false;  // bound_growth kept only the most probable states
    bool lost = false;     // a branch broke a rule: the weights no longer sum to 1
    // The violation reported when nothing explains the event is the most probable one:
    // weighed only then (a second pass over the untouched states), not for every branch.
    if (!hidden) {
        std::size_t kept = 0;
        if (public_equal_ && opt_.share_checks && track_share::shares_check(e)) {
            kept = apply_shared(e, index);
        } else {
            for (std::size_t i = 0; i < states_.size(); ++i) {
                if (check(states_[i].state, e, index, quiet_)) continue;
                apply(states_[i].state, e);
                if (kept != i) states_[kept] = std::move(states_[i]);
                ++kept;
            }
        }
        if (kept == 0) {  // nothing applied, nothing moved
            for (const WeightedState& ws : states_)
                if (auto v = check(ws.state, e, index, ctx_)) note(std::move(*v), ws.weight);
            report(under_hidden(std::move(*worst)));
            if (!go_on) {
                res.applied = false;
                return res;
            }
            for (WeightedState& ws : states_) apply(ws.state, e);
            public_equal_ = false;  // applied where check failed: see track_share.hpp
            kept = states_.size();
        }
        lost = kept < states_.size();
        states_.erase(states_.begin() + static_cast<std::ptrdiff_t>(kept), states_.end());
    } else {
        // The common scale of the branches: every state's den divides it.
        const Weight scale =
            common_den(states_, [&](const GameState& s) { return branch_den(s, e); });
        auto factor = [&](const Branch& br) -> Weight {
            if (scale == br.den) return br.num;
            return br.num * (scale / br.den);
        };
        std::vector<WeightedState>& applied = next_;  // reused: no page faults per event
        applied.clear();
        applied.reserve(std::min(2 * cap() + 1, states_.size() * kResourceCount));
        std::vector<Branch>& bs = scratch_->branches;
        for (WeightedState& ws : states_) {
            branches(ws.state, e, bs);
            for (Branch& br : bs) {
                if (check(ws.state, br.event, index, quiet_)) {
                    lost = true;
                    continue;
                }
                // The last branch takes the state itself (nothing checks or copies it after).
                if (&br == &bs.back())
                    applied.push_back(std::move(ws));
                else
                    applied.push_back(ws);
                WeightedState& next = applied.back();
                if (Weight f = factor(br); f != 1) next.weight *= f;
                apply(next.state, br.event);
            }
            dropped = bound_growth(applied, index) || dropped;
        }
        if (applied.empty()) {  // nothing was moved out of states_
            for (const WeightedState& ws : states_)
                for (const Branch& br : branches(ws.state, e))
                    if (auto v = check(ws.state, br.event, index, ctx_))
                        note(std::move(*v), ws.weight * factor(br));
            report(under_hidden(std::move(*worst)));
            if (!go_on) {
                res.applied = false;
                return res;
            }
            public_equal_ = false;  // applied where check failed: see track_share.hpp
            for (WeightedState& ws : states_) {
                for (Branch& br : branches(ws.state, e)) {
                    applied.push_back(ws);
                    WeightedState& next = applied.back();
                    if (Weight f = factor(br); f != 1) next.weight *= f;
                    apply(next.state, br.event);
                }
                dropped = bound_growth(applied, index) || dropped;
            }
        }
        states_.swap(applied);
        applied.clear();
    }

    // 2. with unrecorded discards, the discards the rules require after a 7, per state.
    if (discards_after) {
        const int players = states_.empty() ? 0 : states_[0].state.player_count();
        for (int p = 0; p < players; ++p) {
            const Weight scale =
                common_den(states_, [&](const GameState& s) { return discard_den(s, p); });
            std::vector<WeightedState>& with = next_;
            with.clear();
            for (WeightedState& ws : states_) {
                unrecorded_discards_of(std::move(ws), p, scale, with);
                dropped = bound_growth(with, index) || dropped;
            }
            states_.swap(with);
            with.clear();
        }
    }

    // 3. claims condition the belief (all failing: reported, every state kept).
    bool removed = states_.size() < before;
    if (e.claims) {
        std::vector<char>& pass = scratch_->pass;
        pass.assign(states_.size(), 0);
        worst.reset();
        worst_weight = -1;
        std::size_t passing = 0;
        for (std::size_t i = 0; i < states_.size(); ++i)
            if (!check_claims(states_[i].state, e, index, quiet_)) pass[i] = 1, ++passing;
        if (passing == 0 && go_on) {  // --keep-going: every wrong claim of the likeliest state
            const WeightedState* likeliest = &states_.front();
            for (const WeightedState& ws : states_)
                if (ws.weight > likeliest->weight) likeliest = &ws;
            for (Violation& v : check_all_claims(likeliest->state, e, index, ctx_))
                report(under_hidden(std::move(v)));
        } else if (passing == 0) {  // the most probable state's violation, with its message
            for (const WeightedState& ws : states_)
                if (auto v = check_claims(ws.state, e, index, ctx_)) note(std::move(*v), ws.weight);
            report(under_hidden(std::move(*worst)));
        } else if (passing < states_.size()) {
            std::size_t kept = 0;
            for (std::size_t i = 0; i < states_.size(); ++i)
                if (pass[i]) {
                    if (kept != i) states_[kept] = std::move(states_[i]);
                    ++kept;
                }
            states_.erase(states_.begin() + static_cast<std::ptrdiff_t>(kept), states_.end());
            removed = true;
        }
    }

    // Weights are unnormalised (track.hpp): a removal needs no renormalising.
    // Only a branch, or an event that forgets something (a monopoly's haul from several
    // hands, the end of a turn ageing new development cards, a resignation), can make
    // two states equal.
    may_merge = may_merge || std::holds_alternative<PlayMonopoly>(e.body) ||
                std::holds_alternative<Resign>(e.body) || ends_turn_forgetting;
    if (may_merge) merge_and_bound(index);
    if (may_merge || removed || lost || dropped) reduce_weights(states_);
    max_seen_ = std::max(max_seen_, states_.size());
    if (states_.size() == 1) public_equal_ = true;  // one state: nothing differs
    return res;
}

std::size_t Belief::apply_shared(const Event& e, int index) {
    // One verdict per key met (track_share.hpp), from the first state of that key; a state
    // not in phase kTurn, or an event of no seat, is checked on its own. The verdicts met
    // are found by key: the last one met first (the usual case, one key for every state),
    // then through an open-addressing table of indices (+1; 0: empty) of a power-of-two size
    // at least twice the states, so that many keys (a build reads the builder's hand) cost
    // no scan of every verdict per state.
    std::vector<track_share::Key>& keys = scratch_->verdict_keys;
    std::vector<char>& verdicts = scratch_->verdict_passes;
    keys.clear();
    verdicts.clear();
    std::size_t slots = 16;
    while (slots < 2 * states_.size()) slots *= 2;
    std::vector<std::uint32_t>& table = scratch_->verdict_table;
    table.assign(slots, 0);
    const PlayerId player = event_player(e.body);
    const track_share::KeyReader key(e, states_.front().state.player_count());
    std::size_t kept = 0;
    for (std::size_t i = 0; i < states_.size(); ++i) {
        GameState& s = states_[i].state;
        bool passes = false;
        if (s.phase == Phase::kTurn && player >= 0 && player < s.player_count()) {
            const track_share::Key k = key(s);
            // The usual case: every state of the belief has the key of the last one met.
            if (!keys.empty() && key.equal(keys.back(), k)) {
                passes = verdicts.back() != 0;
            } else {
                std::size_t slot = key.hash(k) & (slots - 1);
                while (table[slot] != 0 && !key.equal(keys[table[slot] - 1], k))
                    slot = (slot + 1) & (slots - 1);
                if (table[slot] != 0) {
                    passes = verdicts[table[slot] - 1] != 0;
                } else {
                    passes = !check(s, e, index, quiet_);
                    keys.push_back(k);
                    verdicts.push_back(passes ? 1 : 0);
                    table[slot] = static_cast<std::uint32_t>(keys.size());
                }
            }
        } else {
            passes = !check(s, e, index, quiet_);
        }
        if (!passes) continue;
        apply(s, e);
        if (kept != i) states_[kept] = std::move(states_[i]);
        ++kept;
    }
    return kept;
}

// The end of a turn (before it is applied) makes the same change in every state, except
// where it forgets something the states may differ in: the ending player's new
// development cards (they become old) and discards still owed (cleared). Only then can it
// make two different states equal.
bool Belief::end_turn_forgets() const {
    for (const WeightedState& ws : states_) {
        const GameState& s = ws.state;
        if (s.active < 0 || s.active >= s.player_count()) return true;
        const PlayerState& ps = s.players[s.active];
        for (int k = 0; k < kDevCardKinds; ++k)
            if (ps.dev_new[k] != 0) return true;
        for (int p = 0; p < s.player_count(); ++p)
            if (s.discard_owed[p] != 0) return true;
    }
    return false;
}

void Belief::merge_and_bound(int index) {
    peak_ = std::max(peak_, states_.size());
    if (states_.size() > 1) {
        // last_received is the history of the last event only: claims were checked.
        for (WeightedState& ws : states_)
            for (auto& r : ws.state.last_received) r.fill(0);
        merge_equal(states_, keys_decide(), scratch_->merge);
    }
    if (keep_most_probable(states_, cap()) && !inexact_from_) {
        inexact_from_ = index;
        keep_most_probable(states_, cap());  // past the bound now: kKeptPastBound
    }
    max_seen_ = std::max(max_seen_, states_.size());
}

bool Belief::bound_growth(std::vector<WeightedState>& states, int index) {
    peak_ = std::max(peak_, states.size());
    // The states an event branches into, while they are made: past twice the bound, equal
    // states merge (exact) and, if still past the bound, only the most probable are kept
    // (from this event on the belief is not exact, as with merge_and_bound). Keeps memory
    // within about twice the bound however many ways an event can go (hidden discards of
    // large hands, several players discarding after an unrecorded 7).
    if (states.size() <= 2 * cap()) return false;
    // (GameStates compared: last_received, the cards of this event, still tells them apart
    // here, as before sharing)
    merge_equal(states, false, scratch_->merge);
    if (!keep_most_probable(states, cap())) return false;
    if (!inexact_from_) {
        inexact_from_ = index;
        keep_most_probable(states, cap());  // past the bound now: kKeptPastBound
    }
    return true;
}

}  // namespace ctk
