// The belief over complete states (track.hpp): hidden choices branched by the model,
// every branch checked and applied with the rules' own check / apply / check_claims.
#include <catan/track/track.hpp>

#include <catan/engine/invariants.hpp>
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

namespace {

// A branch's weight on the common scale of the event's branches (scale: a multiple of its den).
Weight branch_factor(const Branch& br, const Weight& scale) {
    if (scale == br.den) return br.num;
    return br.num * (scale / br.den);
}

// The most probable of the violations noted, over weights > 0.
struct Worst {
    std::optional<Violation> v;
    Weight weight = -1;
    void note(Violation&& found, const Weight& w) {
        if (w > weight) weight = w, v = std::move(found);
    }
};

}  // namespace

// One event being stepped: what it is, how it is to be reported, and what it did to the
// states (their weights no longer sum to what they did: a renormalisation is due).
struct Belief::Step {
    const Event& e;
    int index;
    bool go_on;           // --keep-going, or past the bound: a violation does not stop
    bool hidden;          // the event hides a choice: it branches
    bool discards_after;  // a 7 of a log without its discards: they branch after it
    std::size_t before;   // states before the event
    StepResult res;
    bool dropped = false;  // bound_growth kept only the most probable states
    bool lost = false;     // a branch broke a rule: the weights no longer sum to 1
    bool removed = false;  // states were removed
};

// A reported violation, or (not exact) an event that no kept state explains.
// Exact as the belief is when the violation is found: states an event branched into may
// have passed twice the bound while it was applied (bound_growth), and the states then
// dropped may explain its claims.
void Belief::report(Step& st, Violation v) {
    if (exact()) {
        st.res.violations.push_back(std::move(v));
    } else if (unexplained_.empty() || unexplained_.back() != st.index) {
        unexplained_.push_back(st.index);
    }
}

// A violation decided over several states says so.
Violation Belief::under_hidden(const Step& st, Violation v) const {
    if (st.before > 1 || st.hidden || st.discards_after)
        v.message += fmt::format(
            " (decided under hidden information: none of the {} possible state{} "
            "explains it)",
            st.before, st.before == 1 ? "" : "s");
    return v;
}

StepResult Belief::step_states(const Event& e, int index, bool keep_going) {
    Step st{e,
            index,
            keep_going || !exact(),
            track_share::hides_choice(e),
            log_->unrecorded.discards && is_seven(e),
            states_.size(),
            {}};
    // Full information, one state: check and apply in place, as replay without tracking.
    if (states_.size() == 1 && !st.hidden && !st.discards_after) {
        step_in_place(st);
        return st.res;
    }
    const bool ends_turn_forgetting = std::holds_alternative<EndTurn>(e.body) && end_turn_forgets();
    // 1. check in every state and branch; apply where the event is legal.
    if (!(st.hidden ? step_hidden(st) : step_public(st))) {
        st.res.applied = false;
        return st.res;
    }
    // 2. with unrecorded discards, the discards the rules require after a 7, per state.
    if (st.discards_after) step_unrecorded_discards(st);
    // 3. claims condition the belief (all failing: reported, every state kept).
    st.removed = states_.size() < st.before;
    if (e.claims) condition_on_claims(st);

    // Weights are unnormalised (track.hpp): a removal needs no renormalising.
    // Only a branch, or an event that forgets something (a monopoly's haul from several
    // hands, the end of a turn ageing new development cards, a resignation), can make
    // two states equal.
    const bool may_merge = st.hidden || st.discards_after ||
                           std::holds_alternative<PlayMonopoly>(e.body) ||
                           std::holds_alternative<Resign>(e.body) || ends_turn_forgetting;
    if (may_merge) merge_and_bound(index);
    if (may_merge || st.removed || st.lost || st.dropped) reduce_weights(states_);
    max_seen_ = std::max(max_seen_, states_.size());
    if (states_.size() == 1) public_equal_ = true;  // one state: nothing differs
    return st.res;
}

void Belief::step_in_place(Step& st) {
    GameState& s = states_[0].state;
    if (auto v = check(s, st.e, st.index, ctx_)) {
        report(st, std::move(*v));
        if (!st.go_on) {
            st.res.applied = false;
            return;
        }
        all_legal_ = false;  // applied where check failed (--keep-going)
    }
    apply(s, st.e);
#ifdef CATAN_ASSERT_INVARIANTS
    // Every event so far legal: the laws hold (an event applied where check failed, as
    // --keep-going does, may leave a state no legal game reaches).
    if (all_legal_) abort_on_broken_invariant(s, st.e, st.index);
#endif
    if (!st.e.claims) return;
    if (st.go_on)  // --keep-going: every wrong claim of the event
        for (Violation& v : check_all_claims(s, st.e, st.index, ctx_)) report(st, std::move(v));
    else if (auto v = check_claims(s, st.e, st.index, ctx_))
        report(st, std::move(*v));
}

// An event that hides nothing is checked and applied in place (no copy); the states it
// breaks are dropped by compaction. The violation reported when nothing explains the event
// is the most probable one: weighed only then (a second pass over the untouched states),
// not for every state. Returns false when the event stops the replay.
bool Belief::step_public(Step& st) {
    const Event& e = st.e;
    std::size_t kept = 0;
    if (public_equal_ && opt_.share_checks && track_share::shares_check(e)) {
        kept = apply_shared(e, st.index);
    } else {
        for (std::size_t i = 0; i < states_.size(); ++i) {
            if (check(states_[i].state, e, st.index, quiet_)) continue;
            apply(states_[i].state, e);
            if (kept != i) states_[kept] = std::move(states_[i]);
            ++kept;
        }
    }
    if (kept == 0) {  // nothing applied, nothing moved
        Worst worst;
        for (const WeightedState& ws : states_)
            if (auto v = check(ws.state, e, st.index, ctx_)) worst.note(std::move(*v), ws.weight);
        report(st, under_hidden(st, std::move(*worst.v)));
        if (!st.go_on) return false;
        for (WeightedState& ws : states_) apply(ws.state, e);
        public_equal_ = false;  // applied where check failed: see track_share.hpp
        all_legal_ = false;
        kept = states_.size();
    }
    st.lost = kept < states_.size();
    states_.erase(states_.begin() + static_cast<std::ptrdiff_t>(kept), states_.end());
    return true;
}

// The branches of one state, each weighed on the common scale and applied, appended to
// out, which is bounded after each (bound_growth; dropped: states were dropped); checked:
// the branches the rules refuse are left out (returns whether any was). The last branch
// takes the state itself (nothing reads it after).
bool Belief::branch_state(WeightedState& ws, const Event& e, int index, const Weight& scale,
                          bool checked, std::vector<WeightedState>& out, bool& dropped) {
    std::vector<Branch>& bs = scratch_->branches;
    branches(ws.state, e, bs);
    bool lost = false;
    for (Branch& br : bs) {
        if (checked && check(ws.state, br.event, index, quiet_)) {
            lost = true;
            continue;
        }
        if (&br == &bs.back())
            out.push_back(std::move(ws));
        else
            out.push_back(ws);
        WeightedState& next = out.back();
        if (Weight f = branch_factor(br, scale); f != 1) next.weight *= f;
        apply(next.state, br.event);
        dropped = bound_growth(out, index) || dropped;
    }
    return lost;
}

// An event that hides a choice: every state branches into the choices the rules allow.
// Returns false when the event stops the replay.
bool Belief::step_hidden(Step& st) {
    const Event& e = st.e;
    // The common scale of the branches: every state's den divides it.
    const Weight scale = common_den(states_, [&](const GameState& s) { return branch_den(s, e); });
    std::vector<WeightedState>& applied = next_;  // reused: no page faults per event
    applied.clear();
    applied.reserve(std::min(2 * cap() + 1, states_.size() * kResourceCount));
    // Checked first; when no branch of any state is legal, all of them unchecked.
    for (bool checked : {true, false}) {
        if (!checked) {  // nothing was moved out of states_
            Worst worst;
            for (const WeightedState& ws : states_)
                for (const Branch& br : branches(ws.state, e))
                    if (auto v = check(ws.state, br.event, st.index, ctx_))
                        worst.note(std::move(*v), ws.weight * branch_factor(br, scale));
            report(st, under_hidden(st, std::move(*worst.v)));
            if (!st.go_on) return false;
            public_equal_ = false;  // applied where check failed: see track_share.hpp
            all_legal_ = false;
        }
        for (WeightedState& ws : states_)
            st.lost = branch_state(ws, e, st.index, scale, checked, applied, st.dropped) || st.lost;
        if (!applied.empty()) break;
    }
    states_.swap(applied);
    applied.clear();
    return true;
}

// The discards the rules require after a 7 that the log does not record, player by player.
void Belief::step_unrecorded_discards(Step& st) {
    const int players = states_.empty() ? 0 : states_[0].state.player_count();
    for (int p = 0; p < players; ++p) {
        const Weight scale =
            common_den(states_, [&](const GameState& s) { return discard_den(s, p); });
        std::vector<WeightedState>& with = next_;
        with.clear();
        with.reserve(2 * cap() + 1);  // bounded below: never reallocated (no second copy)
        const std::function<void()> appended = [&] {
            st.dropped = bound_growth(with, st.index) || st.dropped;
        };
        for (WeightedState& ws : states_)
            unrecorded_discards_of(std::move(ws), p, scale, with, appended);
        states_.swap(with);
        with.clear();
    }
}

// The event's claims remove the states that contradict them; when every state does, the
// likeliest state's violations are reported and every state is kept.
void Belief::condition_on_claims(Step& st) {
    const Event& e = st.e;
    std::vector<char>& pass = scratch_->pass;
    pass.assign(states_.size(), 0);
    std::size_t passing = 0;
    for (std::size_t i = 0; i < states_.size(); ++i)
        if (!check_claims(states_[i].state, e, st.index, quiet_)) pass[i] = 1, ++passing;
    if (passing == 0 && st.go_on) {  // --keep-going: every wrong claim of the likeliest state
        const WeightedState* likeliest = &states_.front();
        for (const WeightedState& ws : states_)
            if (ws.weight > likeliest->weight) likeliest = &ws;
        for (Violation& v : check_all_claims(likeliest->state, e, st.index, ctx_))
            report(st, under_hidden(st, std::move(v)));
    } else if (passing == 0) {  // the most probable state's violation, with its message
        Worst worst;
        for (const WeightedState& ws : states_)
            if (auto v = check_claims(ws.state, e, st.index, ctx_))
                worst.note(std::move(*v), ws.weight);
        report(st, under_hidden(st, std::move(*worst.v)));
    } else if (passing < states_.size()) {
        std::size_t kept = 0;
        for (std::size_t i = 0; i < states_.size(); ++i)
            if (pass[i]) {
                if (kept != i) states_[kept] = std::move(states_[i]);
                ++kept;
            }
        states_.erase(states_.begin() + static_cast<std::ptrdiff_t>(kept), states_.end());
        st.removed = true;
    }
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
