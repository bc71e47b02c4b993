// The belief over complete states (track.hpp): hidden choices branched by the model,
// every branch checked and applied with the rules' own check / apply / check_claims.
#include <catan/track/track.hpp>

#include <catan/engine/invariants.hpp>
#include <catan/track/detail/belief_impl.hpp>
#include <catan/track/detail/belief_parts.hpp>
#include <catan/track/detail/track_share.hpp>
#include <catan/track/detail/verdict_table.hpp>

#include <algorithm>
#include <map>
#include <numeric>

#include <fmt/format.h>

namespace ctk {

using namespace track_parts;

struct Belief::Impl::Scratch {
    MergeBuffers merge;
    // apply_checked: the verdicts met, by key.
    track_share::VerdictTable verdicts;
    // apply_checked applying once per apply key: for the first kChangesKept verdicts, if
    // they passed, the change of holdings the event made in the state it was applied to,
    // and the public part it led to (index among next_bases_). (Past them, each state is
    // applied on its own: the memory of a belief whose states all differ stays that of
    // its states.)
    static constexpr std::size_t kChangesKept = 64;
    std::vector<HoldingsChange> applied_change;
    std::vector<std::uint32_t> applied_base;
    Holdings work_holdings;        // a state's holdings after the event
    std::vector<Branch> branches;  // of one state
    std::vector<char> pass;        // claims met, per state
    // A state made whole (Belief::Impl::probe), and the index of the public part it holds
    // (kNoBase: none, or changed since).
    std::optional<GameState> probe;
    std::uint32_t probe_base = kNoBase;
    std::optional<GameState> work;  // a branch applied
    // front() and most_probable() of a belief of several states.
    std::optional<GameState> front, best;
    static constexpr std::uint32_t kNoBase = ~std::uint32_t{0};
};

Belief::Impl::Impl(const GameLog& log, GameState start, TrackOptions opt)
    : log_(&log),
      opt_(opt),
      ctx_{&log.seats},
      quiet_{&log.seats, false},
      scratch_(std::make_unique<Scratch>()) {
    deck_vp_ = start.deck[static_cast<int>(DevCard::kVictoryPoint)];
    for (int p = 0; p < start.player_count(); ++p) {
        const PlayerState& h = start.players[p];
        tally_[p].shown_vp = h.vp_cards();
        for (int k = 0; k < kDevCardKinds; ++k)
            if (k != static_cast<int>(DevCard::kVictoryPoint))
                tally_[p].shown_playable += h.dev_old[k] + h.dev_new[k];
        deck_vp_ += h.vp_cards();
    }
    bases_.push_back(std::move(start));
    states_.push_back({Holdings{}, 0, Weight(1)});
    own_ = true;
    stale_ = true;
}
Belief::Impl::~Impl() = default;

// ---- Belief: the public functions, each its Impl's ----

Belief::Belief(const GameLog& log, TrackOptions opt) : Belief(log, GameState::initial(log), opt) {}
Belief::Belief(const GameLog& log, GameState start, TrackOptions opt)
    : impl_(std::make_unique<Impl>(log, std::move(start), opt)) {}
Belief::~Belief() = default;
Belief::Belief(Belief&&) noexcept = default;
Belief& Belief::operator=(Belief&&) noexcept = default;

StepResult Belief::step(const Event& e, int index, bool keep_going) {
    return impl_->step(e, index, keep_going);
}
std::size_t Belief::size() const {
    return impl_->states_.size();
}
GameState Belief::state(std::size_t i) const {
    return impl_->state(i);
}
const GameState& Belief::front() const {
    return impl_->front();
}
const Weight& Belief::weight(std::size_t i) const {
    return impl_->states_[i].weight;
}
const Holdings& Belief::holdings(std::size_t i) const {
    return impl_->holdings(i);
}
void Belief::visit_states(void* fn, void (*call)(void*, const GameState&, const Weight&)) const {
    impl_->for_each_state([&](const GameState& s, const Weight& w) { call(fn, s, w); });
}
const Weight& Belief::total_weight() const {
    return impl_->total_weight();
}
Probability Belief::probability(std::size_t i) const {
    return probability(impl_->states_[i].weight);
}
Probability Belief::probability(const Weight& w) const {
    return Probability(w, impl_->total_weight());
}
const GameState& Belief::most_probable() const {
    return impl_->most_probable();
}
bool Belief::exact() const {
    return impl_->exact();
}
std::optional<int> Belief::inexact_from() const {
    return impl_->inexact_from_;
}
const std::vector<HandBounds>& Belief::bounds() const {
    return impl_->bounds_.hands;
}
const std::vector<int>& Belief::unexplained() const {
    return impl_->unexplained_;
}
std::size_t Belief::max_states_seen() const {
    return impl_->max_seen_;
}
std::size_t Belief::peak_states() const {
    return std::max(impl_->peak_, impl_->max_seen_);
}

bool log_hides_information(const GameLog& log) {
    if (log.unrecorded.discards) return true;
    return std::any_of(log.events.begin(), log.events.end(), track_share::hides_choice);
}

namespace {
// out = s (a buffer reused: constructed once).
void copy_into(std::optional<GameState>& out, const GameState& s) {
    if (out)
        *out = s;
    else
        out.emplace(s);
}
// Merging states held as holdings (merge_equal): keyed by their holdings, equal when their
// holdings are and their public part is one (the belief keeps each once: Belief::Impl::intern).
auto compact_key(int n) {
    return [n](const WeightedHoldings& ws) { return holdings_key(ws.holdings, n); };
}
auto compact_same() {
    return [](const WeightedHoldings& a, const WeightedHoldings& b) {
        return a.base == b.base && a.holdings == b.holdings;
    };
}
// out = the state of public part base and holdings h.
void make_whole(std::optional<GameState>& out, const GameState& base, const Holdings& h) {
    copy_into(out, base);
    set_holdings(*out, h);
}
}  // namespace

void Belief::Impl::sync() const {
    if (!stale_) return;
    for (WeightedHoldings& ws : states_) holdings_of(bases_[ws.base], ws.holdings);
    stale_ = false;
}

const Holdings& Belief::Impl::holdings(std::size_t i) const {
    sync();
    return states_[i].holdings;
}

GameState Belief::Impl::state(std::size_t i) const {
    if (own_) return bases_[states_[i].base];
    GameState s = bases_[states_[i].base];
    set_holdings(s, states_[i].holdings);
    return s;
}

const GameState& Belief::Impl::front() const {
    if (own_) return bases_[states_[0].base];
    make_whole(scratch_->front, bases_[states_[0].base], states_[0].holdings);
    return *scratch_->front;
}

const GameState& Belief::Impl::most_probable() const {
    std::size_t best = 0;
    for (std::size_t i = 1; i < states_.size(); ++i)
        if (states_[i].weight > states_[best].weight) best = i;
    if (own_) return bases_[states_[best].base];
    make_whole(scratch_->best, bases_[states_[best].base], states_[best].holdings);
    return *scratch_->best;
}

GameState& Belief::Impl::probe(const WeightedHoldings& ws) {
    if (own_) return bases_[ws.base];  // the state itself, whole
    Scratch& sc = *scratch_;
    if (!sc.probe)
        sc.probe.emplace(bases_[ws.base]);
    else if (sc.probe_base != ws.base)
        *sc.probe = bases_[ws.base];
    sc.probe_base = ws.base;
    set_holdings(*sc.probe, ws.holdings);
    return *sc.probe;
}

std::uint32_t Belief::Impl::intern(GameState& s, const Holdings& h) {
    std::vector<GameState>& into = next_bases_;
    if (public_shared()) {
        // Sharing: the states the event leads to have equal public parts but for the
        // fields their holdings may set apart (track_share.hpp, PublicOutcome): one public
        // part per outcome (the last added first; most events have one).
        const track_share::PublicOutcome outcome = track_share::public_outcome(s);
        for (std::size_t b = into.size(); b-- > 0;)
            if (track_share::public_outcome(into[b]) == outcome)
                return static_cast<std::uint32_t>(b);
        into.push_back(s);
        return static_cast<std::uint32_t>(into.size() - 1);
    }
    if (into.empty()) {
        into.push_back(s);
        return 0;
    }
    // The last public part added first: states in a row usually share theirs.
    for (std::size_t b = into.size(); b-- > 0;) {
        set_holdings(s, holdings_of(into[b]));
        const bool same = s == into[b];
        set_holdings(s, h);
        if (same) return static_cast<std::uint32_t>(b);
    }
    into.push_back(s);
    return static_cast<std::uint32_t>(into.size() - 1);
}

void Belief::Impl::settle() {
    scratch_->probe_base = Scratch::kNoBase;
    const std::size_t n = states_.size();
    if (own_) {
        // The whole states of states dropped or merged away stay where they are until they
        // are as many as the states kept (then the kept ones are brought to the front: in
        // place when the states kept their order, a compaction; else gathered, a merge's
        // permutation): a step moves no whole state.
        if (bases_.size() <= 2 * n + 16) return;
        bool ascending = true;
        for (std::size_t i = 1; i < n && ascending; ++i)
            ascending = states_[i - 1].base < states_[i].base;
        if (ascending) {
            for (std::size_t i = 0; i < n; ++i)
                if (states_[i].base != i) {
                    bases_[i] = std::move(bases_[states_[i].base]);
                    states_[i].base = static_cast<std::uint32_t>(i);
                }
        } else {
            next_bases_.clear();
            for (std::size_t i = 0; i < n; ++i) {
                next_bases_.push_back(bases_[states_[i].base]);
                states_[i].base = static_cast<std::uint32_t>(i);
            }
            bases_.swap(next_bases_);
        }
        bases_.erase(bases_.begin() + static_cast<std::ptrdiff_t>(n), bases_.end());
        return;
    }
    if (n > std::max<std::size_t>(opt_.whole_states, 1)) return;  // (one state: always whole)
    // Few states: each made whole once, to be stepped in place until an event branches.
    next_bases_.clear();
    for (std::size_t i = 0; i < n; ++i) {
        WeightedHoldings& ws = states_[i];
        next_bases_.push_back(bases_[ws.base]);
        set_holdings(next_bases_.back(), ws.holdings);
        ws.base = static_cast<std::uint32_t>(i);
    }
    bases_.swap(next_bases_);
    own_ = true;
    stale_ = false;
}

const Weight& Belief::Impl::total_weight() const {
    if (!total_) {
        Weight sum = 0;
        for (const WeightedHoldings& ws : states_) sum += ws.weight;
        total_ = std::move(sum);
    }
    return *total_;
}

StepResult Belief::Impl::step(const Event& e, int index, bool keep_going) {
    count_dev_cards(e);
    try {
        return step_checked(e, index, keep_going);
    } catch (const InputError& err) {  // a count past what a state's holdings can hold
        throw InputError(fmt::format("event {}: {}", index, err.what()));
    }
}

StepResult Belief::Impl::step_checked(const Event& e, int index, bool keep_going) {
    total_.reset();
    if (!exact()) {
        // Past the bound: the guaranteed bounds follow the event, from the kept states'
        // public fields before it.
        bounds_ = bounds_after(std::move(bounds_), front(), e, index);
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
        if (!exact()) bounds_ = no_bounds(front());  // (never: see above)
        return res;
    }
    sync();
    BeliefBounds before = envelope(states_, bases_[0].player_count());
    GameState base = front();
    StepResult res = step_states(e, index, keep_going);
    if (!exact()) {
        bounds_ = bounds_after(std::move(before), base, e, index);
        // From here on the belief keeps at most kKeptPastBound states (merge_and_bound):
        // give back the memory of a belief at the bound.
        states_.shrink_to_fit();
        next_.clear();
        next_.shrink_to_fit();
        next_bases_.clear();
        next_bases_.shrink_to_fit();
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
struct Belief::Impl::Step {
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
    // The claims' verdict per state is known (Scratch::pass, checked as the event was
    // applied): the event hides nothing and no discards follow it.
    bool claims_known = false;
};

// A reported violation, or (not exact) an event that no kept state explains.
// Exact as the belief is when the violation is found: states an event branched into may
// have passed the growth bound while it was applied (bound_growth), and the states then
// dropped may explain its claims.
void Belief::Impl::report(Step& st, Violation v) {
    if (exact()) {
        st.res.violations.push_back(std::move(v));
    } else if (unexplained_.empty() || unexplained_.back() != st.index) {
        unexplained_.push_back(st.index);
    }
}

// A violation decided over several states says so.
Violation Belief::Impl::under_hidden(const Step& st, Violation v) const {
    if (st.before > 1 || st.hidden || st.discards_after)
        v.message += fmt::format(
            " (decided under hidden information: none of the {} possible state{} "
            "explains it)",
            st.before, st.before == 1 ? "" : "s");
    return v;
}

StepResult Belief::Impl::step_states(const Event& e, int index, bool keep_going) {
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
    scratch_->probe_base = Scratch::kNoBase;  // (a whole state may have been stepped in place)
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
    settle();
    return st.res;
}

void Belief::Impl::step_in_place(Step& st) {
    GameState& s = bases_[states_[0].base];
    if (auto v = check(s, st.e, st.index, ctx_)) {
        report(st, std::move(*v));
        if (!st.go_on) {
            st.res.applied = false;
            return;
        }
        all_legal_ = false;  // applied where check failed (--keep-going)
    }
    apply(s, st.e);
    stale_ = true;
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

// An event that hides nothing is checked and applied in every state (in place when the
// states are held whole; else made whole in one buffer, its holdings and public part
// stored back); the states it breaks are dropped by compaction. The violation reported when nothing
// explains the event is the most probable one: weighed only then (a second pass over the untouched
// states), not for every state. Returns false when the event stops the replay.
bool Belief::Impl::step_public(Step& st) {
    const Event& e = st.e;
    // The claims are checked as the event is applied, in the same buffer, unless discards
    // the log leaves out come between.
    const bool claims = e.claims && !st.discards_after;
    std::size_t kept = apply_checked(
        e, st.index, public_equal_ && opt_.share_checks && track_share::shares_check(e), true,
        claims);
    if (kept == 0) {  // nothing applied, nothing moved
        Worst worst;
        for (const WeightedHoldings& ws : states_)
            if (auto v = check(probe(ws), e, st.index, ctx_)) worst.note(std::move(*v), ws.weight);
        report(st, under_hidden(st, std::move(*worst.v)));
        if (!st.go_on) return false;
        public_equal_ = false;  // applied where check failed: see track_share.hpp
        all_legal_ = false;
        kept = apply_checked(e, st.index, false, false, claims);
    }
    st.claims_known = claims;
    st.lost = kept < states_.size();
    states_.erase(states_.begin() + static_cast<std::ptrdiff_t>(kept), states_.end());
    return true;
}

// The branches of one state, each weighed on the common scale and applied, appended to
// out, which is bounded after each (bound_growth; dropped: states were dropped); checked:
// the branches the rules refuse are left out (returns whether any was).
bool Belief::Impl::branch_state(const WeightedHoldings& ws, const Event& e, int index,
                                const Weight& scale, bool checked,
                                std::vector<WeightedHoldings>& out, bool& dropped) {
    std::vector<Branch>& bs = scratch_->branches;
    const GameState& before = probe(ws);
    branches(before, e, bs);
    bool lost = false;
    for (Branch& br : bs) {
        if (checked && check(before, br.event, index, quiet_)) {
            lost = true;
            continue;
        }
        if (own_out_) {  // a branch held whole (few: never past the growth bound)
            next_bases_.push_back(before);
            apply(next_bases_.back(), br.event);
            out.push_back(
                {Holdings{}, static_cast<std::uint32_t>(next_bases_.size() - 1), ws.weight});
            if (Weight f = branch_factor(br, scale); f != 1) out.back().weight *= f;
            continue;
        }
        copy_into(scratch_->work, before);
        GameState& s = *scratch_->work;
        apply(s, br.event);
        WeightedHoldings next{holdings_of(s), 0, ws.weight};
        if (Weight f = branch_factor(br, scale); f != 1) next.weight *= f;
        next.base = intern(s, next.holdings);
        out.push_back(std::move(next));
        dropped = bound_growth(out, index) || dropped;
    }
    return lost;
}

// An event that hides a choice: every state branches into the choices the rules allow.
// Returns false when the event stops the replay.
bool Belief::Impl::step_hidden(Step& st) {
    const Event& e = st.e;
    // The common scale of the branches: every state's den divides it. A state makes at
    // most its den of branches (its number of equally likely outcomes; a steal or a draw
    // at most one per resource or kind): reserved, up to the growth bound plus one, so
    // that the buffer is never reallocated (its old copy alive beside the new) while the
    // branches are made.
    const bool discard = std::holds_alternative<Discard>(e.body);
    std::size_t outcomes = 0;
    const Weight scale = common_den(states_, [&](const WeightedHoldings& ws) {
        const int d = branch_den(probe(ws), e);
        outcomes += static_cast<std::size_t>(
            discard ? d : std::min(d, std::max(kResourceCount, kDevCardKinds)));
        return d;
    });
    std::vector<WeightedHoldings>& applied = next_;  // reused: no page faults per event
    applied.clear();
    applied.reserve(std::min(growth_cap() + 1, outcomes));
    // Whole states make whole branches while they are few (their holdings read when next
    // needed); else the branches share public parts.
    own_out_ = own_ && outcomes <= std::min(opt_.whole_states, growth_cap());
    // Checked first; when no branch of any state is legal, all of them unchecked.
    for (bool checked : {true, false}) {
        next_bases_.clear();
        if (!checked) {  // nothing was moved out of states_
            Worst worst;
            for (const WeightedHoldings& ws : states_) {
                const GameState& s = probe(ws);
                for (const Branch& br : branches(s, e))
                    if (auto v = check(s, br.event, st.index, ctx_))
                        worst.note(std::move(*v), ws.weight * branch_factor(br, scale));
            }
            report(st, under_hidden(st, std::move(*worst.v)));
            if (!st.go_on) {
                own_out_ = false;
                return false;
            }
            public_equal_ = false;  // applied where check failed: see track_share.hpp
            all_legal_ = false;
        }
        for (const WeightedHoldings& ws : states_)
            st.lost = branch_state(ws, e, st.index, scale, checked, applied, st.dropped) || st.lost;
        if (!applied.empty()) break;
    }
    states_.swap(applied);
    applied.clear();
    bases_.swap(next_bases_);
    own_ = stale_ = own_out_;
    own_out_ = false;
    scratch_->probe_base = Scratch::kNoBase;
    return true;
}

// The discards the rules require after a 7 that the log does not record, player by player:
// a player who owes a discard in a state makes one there, hidden (each distinct discard
// equally likely); the states that owe none go on unchanged.
void Belief::Impl::step_unrecorded_discards(Step& st) {
    sync();  // (the 7 was applied in place when the states are whole)
    const int players = bases_.empty() ? 0 : bases_[0].player_count();
    for (int p = 0; p < players; ++p) {
        std::size_t outcomes = 0;  // as in step_hidden: never reallocated (no second copy)
        const Weight scale = common_den(states_, [&](const WeightedHoldings& ws) {
            const int d = discard_den(probe(ws), p);
            outcomes += static_cast<std::size_t>(d);
            return d;
        });
        std::vector<WeightedHoldings>& with = next_;
        with.clear();
        with.reserve(std::min(growth_cap() + 1, outcomes));
        next_bases_.clear();
        auto append = [&](WeightedHoldings&& next) {
            with.push_back(std::move(next));
            st.dropped = bound_growth(with, st.index) || st.dropped;
        };
        for (WeightedHoldings& ws : states_) {
            GameState& s = probe(ws);
            if (s.discard_owed[p] == 0) {
                WeightedHoldings next{ws.holdings, 0, std::move(ws.weight)};
                if (scale != 1) next.weight *= scale;
                next.base = intern(s, next.holdings);
                append(std::move(next));
                continue;
            }
            const std::vector<ResourceCounts> all =
                discards_of(s.players[p].hand, s.discard_owed[p]);
            Weight w = std::move(ws.weight);
            if (const Weight factor = scale / static_cast<unsigned>(all.size()); factor != 1)
                w *= factor;
            for (const ResourceCounts& cards : all) {
                copy_into(scratch_->work, s);
                GameState& t = *scratch_->work;
                apply(t, Event{Discard{p, cards, false, 0}, nullptr, 0});
                WeightedHoldings next{holdings_of(t), 0, w};
                next.base = intern(t, next.holdings);
                append(std::move(next));
            }
        }
        states_.swap(with);
        with.clear();
        bases_.swap(next_bases_);
        own_ = false;  // the discards share public parts
        scratch_->probe_base = Scratch::kNoBase;
    }
}

// The event's claims remove the states that contradict them; when every state does, the
// likeliest state's violations are reported and every state is kept.
void Belief::Impl::condition_on_claims(Step& st) {
    const Event& e = st.e;
    std::vector<char>& pass = scratch_->pass;
    std::size_t passing = 0;
    if (st.claims_known) {
        passing = static_cast<std::size_t>(std::count(pass.begin(), pass.end(), 1));
    } else {
        pass.assign(states_.size(), 0);
        for (std::size_t i = 0; i < states_.size(); ++i)
            if (!check_claims(probe(states_[i]), e, st.index, quiet_)) pass[i] = 1, ++passing;
    }
    if (passing == 0 && st.go_on) {  // --keep-going: every wrong claim of the likeliest state
        const WeightedHoldings* likeliest = &states_.front();
        for (const WeightedHoldings& ws : states_)
            if (ws.weight > likeliest->weight) likeliest = &ws;
        for (Violation& v : check_all_claims(probe(*likeliest), e, st.index, ctx_))
            report(st, under_hidden(st, std::move(v)));
    } else if (passing == 0) {  // the most probable state's violation, with its message
        Worst worst;
        for (const WeightedHoldings& ws : states_)
            if (auto v = check_claims(probe(ws), e, st.index, ctx_))
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

std::size_t Belief::Impl::apply_checked(const Event& e, int index, bool shared, bool checked,
                                        bool claims) {
    // Shared: one verdict per key met (track_share.hpp, verdict_table.hpp), from the first
    // state of that key; a state not in phase kTurn, or an event of no seat, is checked on
    // its own.
    // States held as holdings, with no claims to check per state: the event is also
    // applied once per apply key (KeyReader::for_apply), to the first state of the key made
    // whole, and each other state of the key takes its public part and changes its holdings
    // as that state's changed (change_like): no state made whole but one per key.
    Scratch& sc = *scratch_;
    const PlayerId player = event_player(e.body);
    const int players = bases_[0].player_count();
    const bool seat = player >= 0 && player < players;
    const bool once = shared && checked && !claims && !own_;
    const track_share::KeyReader key =
        once ? track_share::KeyReader::for_apply(e, players, bases_[states_[0].base].active)
             : track_share::KeyReader(e, players);
    sc.verdicts.reset(key, states_.size(), shared);
    next_bases_.clear();
    sc.pass.clear();
    std::size_t kept = 0;
    for (std::size_t i = 0; i < states_.size(); ++i) {
        const bool kept_this =
            once && seat && states_[i].holdings.phase == Phase::kTurn
                ? apply_once(e, index, key, i, kept)
                : apply_each(e, index, key, i, kept, checked && shared && seat, checked, claims);
        if (kept_this) ++kept;
    }
    if (own_) {
        if (kept > 0) stale_ = true;
    } else if (kept > 0) {
        bases_.swap(next_bases_);
        sc.probe_base = Scratch::kNoBase;
    }
    return kept;
}

bool Belief::Impl::apply_once(const Event& e, int index, const track_share::KeyReader& key,
                              std::size_t i, std::size_t kept) {
    Scratch& sc = *scratch_;
    WeightedHoldings& ws = states_[i];
    GameState* applied = nullptr;  // the state made whole and applied, if this one
    const std::size_t g = sc.verdicts.find_or_add(key(ws.holdings), [&] {
        GameState& s = probe(ws);
        if (check(s, e, index, quiet_)) return false;
        apply(s, e);
        applied = &s;
        return true;
    });
    if (!sc.verdicts.passes(g)) return false;
    WeightedHoldings& out = states_[kept];
    if (applied == nullptr && g < Scratch::kChangesKept) {  // as the key's first
        if (kept != i) {
            out.holdings = ws.holdings;
            out.weight = std::move(ws.weight);
        }
        change_like(out.holdings, sc.applied_change[g]);
        out.base = sc.applied_base[g];
        return true;
    }
    if (applied == nullptr) {  // past the changes kept: on its own
        applied = &probe(ws);
        apply(*applied, e);
    }
    sc.probe_base = Scratch::kNoBase;  // the probe holds the state after the event
    Holdings& after = sc.work_holdings;
    holdings_of(*applied, after);
    const std::uint32_t base = intern(*applied, after);
    if (g < Scratch::kChangesKept) {
        if (sc.applied_change.size() <= g) sc.applied_change.resize(g + 1);
        if (sc.applied_base.size() <= g) sc.applied_base.resize(g + 1);
        change_between(sc.applied_change[g], ws.holdings, after);
        sc.applied_base[g] = base;
    }
    out.holdings = after;
    out.base = base;
    if (kept != i) out.weight = std::move(ws.weight);
    return true;
}

bool Belief::Impl::apply_each(const Event& e, int index, const track_share::KeyReader& key,
                              std::size_t i, std::size_t kept, bool shared, bool checked,
                              bool claims) {
    Scratch& sc = *scratch_;
    GameState& s = probe(states_[i]);
    bool passes = true;  // (unchecked: applied in every state)
    if (shared && s.phase == Phase::kTurn) {
        passes = sc.verdicts.passes(
            sc.verdicts.find_or_add(key(s), [&] { return !check(s, e, index, quiet_); }));
    } else if (checked) {
        passes = !check(s, e, index, quiet_);
    }
    if (!passes) return false;
    apply(s, e);
    if (claims) sc.pass.push_back(check_claims(s, e, index, quiet_) ? 0 : 1);
    if (own_) {  // applied in the state itself: its holdings read when next needed
        if (kept != i) states_[kept] = std::move(states_[i]);
        return true;
    }
    sc.probe_base = Scratch::kNoBase;  // the probe holds the state after the event
    WeightedHoldings& out = states_[kept];
    holdings_of(s, out.holdings);
    out.base = intern(s, out.holdings);
    if (kept != i) out.weight = std::move(states_[i].weight);
    return true;
}

// The end of a turn (before it is applied) makes the same change in every state, except
// where it forgets something the states may differ in: the ending player's new
// development cards (they become old) and discards still owed (cleared). Only then can it
// make two different states equal.
bool Belief::Impl::end_turn_forgets() const {
    for (const WeightedHoldings& ws : states_) {
        const GameState& s = bases_[ws.base];
        if (s.active < 0 || s.active >= s.player_count()) return true;
        // (whole states read in place; else the holdings)
        const auto& dev_new =
            own_ ? s.players[s.active].dev_new : ws.holdings.players[s.active].dev_new;
        const auto& owed = own_ ? s.discard_owed : ws.holdings.discard_owed;
        for (int k = 0; k < kDevCardKinds; ++k)
            if (dev_new[k] != 0) return true;
        for (int p = 0; p < s.player_count(); ++p)
            if (owed[p] != 0) return true;
    }
    return false;
}

void Belief::Impl::merge_and_bound(int index) {
    peak_ = std::max(peak_, states_.size());
    if (states_.size() > 1) {
        const int n = bases_[0].player_count();
        // last_received is the history of the last event only: claims were checked.
        if (own_) {  // whole states: keyed and compared in place
            for (WeightedHoldings& ws : states_)
                for (ResourceCounts& r : bases_[ws.base].last_received) r.fill(0);
            stale_ = true;
            merge_equal(
                states_, n, scratch_->merge,
                [&](const WeightedHoldings& ws) { return holdings_key(bases_[ws.base], n); },
                [&](const WeightedHoldings& a, const WeightedHoldings& b) {
                    // Equal keys: equal states while the public fields are shared and both
                    // are in a turn (track_share.hpp); else compared whole.
                    const GameState& x = bases_[a.base];
                    const GameState& y = bases_[b.base];
                    if (public_shared() && x.phase == Phase::kTurn && y.phase == Phase::kTurn)
                        return true;
                    return x == y;
                });
        } else {
            for (WeightedHoldings& ws : states_)
                for (Holdings::Player& hp : ws.holdings.players) hp.received.fill(0);
            merge_equal(states_, n, scratch_->merge, compact_key(n), compact_same());
        }
    }
    if (keep_most_probable(states_, cap()) && !inexact_from_) {
        inexact_from_ = index;
        keep_most_probable(states_, cap());  // past the bound now: kKeptPastBound
    }
    max_seen_ = std::max(max_seen_, states_.size());
}

bool Belief::Impl::bound_growth(std::vector<WeightedHoldings>& states, int index) {
    peak_ = std::max(peak_, states.size());
    // The states an event branches into, while they are made: a quarter past the bound
    // (growth_cap), equal states merge (exact) and, if still past the bound, only the most
    // probable are kept (from this event on the belief is not exact, as with
    // merge_and_bound). Keeps memory within a quarter past the bound however many ways an
    // event can go (hidden discards of large hands, several players discarding after an
    // unrecorded 7). Exactness does not depend on when this runs: merged, the states made
    // so far are at most as many as all the event's.
    if (states.size() <= growth_cap()) return false;
    // (the cards received from this event, still held, tell states apart here)
    const int n = bases_[0].player_count();
    merge_equal(states, n, scratch_->merge, compact_key(n), compact_same());
    if (!keep_most_probable(states, cap())) return false;
    if (!inexact_from_) {
        inexact_from_ = index;
        keep_most_probable(states, cap());  // past the bound now: kKeptPastBound
    }
    return true;
}

}  // namespace ctk
