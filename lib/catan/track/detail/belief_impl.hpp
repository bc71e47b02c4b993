#pragma once
// Internal to lib/catan/track: what a Belief (track.hpp) holds and the steps over it, out
// of the public header. The public Belief forwards to this; the steps (track.cpp), the
// bounds past the bound (bounds.cpp) and the verdicts of one event (verdict_table.hpp)
// work on it. Not installed.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <catan/track/detail/track_share.hpp>
#include <catan/track/track.hpp>

namespace ctk {

struct Belief::Impl {
    Impl(const GameLog& log, GameState start, TrackOptions opt);
    ~Impl();

    // The public functions of Belief (track.hpp states their contracts).
    StepResult step(const Event& e, int index, bool keep_going);
    GameState state(std::size_t i) const;
    const GameState& front() const;
    const Holdings& holdings(std::size_t i) const;
    const Weight& total_weight() const;
    const GameState& most_probable() const;
    bool exact() const { return !inexact_from_; }
    template <class F>
    void for_each_state(F&& f) const {
        if (own_) {  // every state held whole
            for (const WeightedHoldings& ws : states_) f(bases_[ws.base], ws.weight);
            return;
        }
        std::uint32_t loaded = states_.front().base;
        GameState s = bases_[loaded];
        for (const WeightedHoldings& ws : states_) {
            if (ws.base != loaded) s = bases_[loaded = ws.base];
            set_holdings(s, ws.holdings);
            f(static_cast<const GameState&>(s), ws.weight);
        }
    }

    // One event's step over the states (track.cpp), in parts: in place (one state, nothing
    // hidden), public (checked per state or per group), hidden (branched), the discards a
    // log leaves out, the claims' conditioning.
    struct Step;
    StepResult step_checked(const Event& e, int index, bool keep_going);
    StepResult step_states(const Event& e, int index, bool keep_going);
    void step_in_place(Step& st);
    bool step_public(Step& st);
    bool step_hidden(Step& st);
    bool branch_state(const WeightedHoldings& ws, const Event& e, int index, const Weight& scale,
                      bool checked, std::vector<WeightedHoldings>& out, bool& dropped);
    void step_unrecorded_discards(Step& st);
    void condition_on_claims(Step& st);
    void report(Step& st, Violation v);
    Violation under_hidden(const Step& st, Violation v) const;
    // The bounds b (over the states before event `index`, whose public fields are
    // base's) carried over the event.
    BeliefBounds bounds_after(BeliefBounds b, const GameState& base, const Event& e,
                              int index) const;
    void merge_and_bound(int index);
    // Returns whether states were dropped (the caller renormalises).
    bool bound_growth(std::vector<WeightedHoldings>& states, int index);
    bool end_turn_forgets() const;
    // The most states kept after an event: TrackOptions::max_states while exact, past it
    // at most kKeptPastBound (the bounds, not the states, say what players hold there).
    std::size_t cap() const {
        return exact() ? opt_.max_states : std::min(opt_.max_states, kKeptPastBound);
    }
    // The most states an event's branches reach before equal ones merge and, still past
    // cap(), the least probable are dropped (bound_growth): a quarter past the cap.
    std::size_t growth_cap() const { return cap() + cap() / 4; }
    // The states an event leads to have the same public part but for the fields their
    // holdings set apart (track_share.hpp, PublicOutcome: a game ended in some states
    // only): while the public fields of the states in a turn are equal, unless checks are
    // not shared (the tests' reference path compares every state's public part).
    bool public_shared() const { return public_equal_ && opt_.share_checks; }
    // State ws whole: itself (own_), or made whole in the probe buffer (only its holdings
    // written when the buffer holds its public part already). The probe is the caller's
    // until the next call.
    GameState& probe(const WeightedHoldings& ws);
    // The public part of s (a state an event led to, holdings h) among next_bases_: its
    // index there, added when new; while public_shared(), found by its PublicOutcome alone
    // (track_share.hpp), else compared whole (s's holdings are overwritten while comparing
    // and written back before it returns).
    std::uint32_t intern(GameState& s, const Holdings& h);
    // After a step: a belief of at most whole_states states holds each whole (own_); more
    // share public parts.
    void settle();
    // The states' holdings read from their whole states after in-place steps.
    void sync() const;
    // Checks an event hiding nothing once per group of states it cannot tell apart
    // (track_share.hpp) and applies it in every state that passes; the states it breaks
    // are removed. Returns the number kept (0: the event broke a rule in every state, none
    // changed).
    // checked false: applied in every state, unchecked (--keep-going, past the bound).
    // claims: the event's claims checked in each state it is applied in (Scratch::pass, in
    // the order of the states kept).
    std::size_t apply_checked(const Event& e, int index, bool shared, bool checked, bool claims);
    // apply_checked's parts, for state i (kept: the states kept before it), each returning
    // whether the state is kept: applied once per apply key (the key's first state applied,
    // the others changed alike), or checked (shared: by its key's verdict) and applied on
    // its own.
    bool apply_once(const Event& e, int index, const track_share::KeyReader& key, std::size_t i,
                    std::size_t kept);
    bool apply_each(const Event& e, int index, const track_share::KeyReader& key, std::size_t i,
                    std::size_t kept, bool shared, bool checked, bool claims);

    const GameLog* log_;
    TrackOptions opt_;
    RuleContext ctx_;
    // ctx_ without messages: where only the verdict is used (the states an event rules out
    // are many; a violation reported is found again with ctx_, message and all).
    RuleContext quiet_;
    // The public parts of the states (their other fields unspecified), or with own_ each
    // state whole (with some no state refers to any more: at most as many as the states).
    std::vector<GameState> bases_;
    // The states: holdings, public part, weight. Whole states stepped in place have their
    // holdings brought up to date from them when read (sync; stale_).
    mutable std::vector<WeightedHoldings> states_;
    mutable bool stale_ = false;
    // Each state held whole, checked and applied in place as a full-information state is:
    // while the belief holds at most whole_states states (a few MB), from the end of the
    // step that brought it there until an event branches (branches share public parts).
    // Copying a public part into a buffer for every state at every event costs small
    // beliefs more than the memory it saves.
    bool own_ = false;
    // The branches an event is making are held whole (step_hidden: own_ and at most
    // whole_states of them).
    bool own_out_ = false;
    // What the events say of each player's development cards (vp_card_bounds, outcome.cpp):
    // counted at every event, whatever the states.
    struct DevCardTally {
        int shown_vp = 0;        // VP cards held in the start state or bought with the card named
        int shown_playable = 0;  // the same for the other kinds
        int hidden_buys = 0;     // purchases whose card the log hides
        int plays = 0;           // development cards played
    };
    std::array<DevCardTally, kMaxPlayers> tally_{};
    int deck_vp_ = 0;  // VP cards of the whole set (the start's deck and hands)
    void count_dev_cards(const Event& e);
    std::optional<int> inexact_from_;
    BeliefBounds bounds_;  // past the bound only
    std::vector<int> unexplained_;
    std::size_t max_seen_ = 1;
    std::size_t peak_ = 1;
    // The public fields are equal in every state in a turn, and in the others but for those
    // an end of the game set apart (track_share.hpp, PublicOutcome): false for good once
    // an event was applied in a state whose check failed (keep_going, past the bound).
    bool public_equal_ = true;
    // No event so far was applied where check failed (--keep-going, past the bound): the
    // invariants' assertion after a legal event holds only then.
    bool all_legal_ = true;
    mutable std::optional<Weight> total_;  // total_weight(), reset by every step
    // Buffers reused from event to event (a large belief is not reallocated, and its pages
    // not faulted in again, at every event): the states an event branches into and the
    // public parts of the states it leads to. Merging and the bound work in place.
    std::vector<WeightedHoldings> next_;
    std::vector<GameState> next_bases_;
    // Smaller buffers reused from event to event (track.cpp): an event allocates nothing
    // once they have grown (per-event costs count most in the small beliefs of most games).
    struct Scratch;
    std::unique_ptr<Scratch> scratch_;
};

}  // namespace ctk
