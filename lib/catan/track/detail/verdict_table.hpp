#pragma once
// Internal to lib/catan/track (track.cpp): the verdicts of one event, one per key of the
// states it cannot tell apart (track_share.hpp), found again by key.
//
// Belief::Impl::apply_checked checks an event once per key met (the key of the first state
// that has it) and looks every later state's key up here: first the last verdict added
// (the usual case: every state of the belief has one key), then an open-addressing table
// of indices (+1; 0: empty) of a power-of-two size at least twice the states, so that many
// keys (a build reads the builder's hand) cost no scan of every verdict per state. Only a
// key's KeyReader::words() words are kept, one key after another. The buffers are reused
// from event to event: an event allocates nothing once they have grown.

#include <cstdint>
#include <vector>

#include <catan/track/detail/track_share.hpp>

namespace ctk::track_share {

class VerdictTable {
  public:
    // Empties the table for the keys of `reader` over at most `states` states; a table of
    // one verdict at a time (sized for few) unless `many`.
    void reset(const KeyReader& reader, std::size_t states, bool many) {
        reader_ = &reader;
        words_ = reader.words();
        keys_.clear();
        passes_.clear();
        std::size_t slots = 16;
        if (many)
            while (slots < 2 * states) slots *= 2;
        mask_ = slots - 1;
        table_.assign(slots, 0);
    }
    // The index (0, 1, ... in the order first met) of key k's verdict; when k is new,
    // verdict() (returning whether the event passes) decides it, then it is added.
    template <class Verdict>
    std::size_t find_or_add(const Key& k, Verdict&& verdict) {
        if (!passes_.empty() && reader_->equal(&keys_[keys_.size() - words_], k))
            return passes_.size() - 1;
        std::size_t slot = reader_->hash(k) & mask_;
        while (table_[slot] != 0 && !reader_->equal(&keys_[(table_[slot] - 1) * words_], k))
            slot = (slot + 1) & mask_;
        if (table_[slot] != 0) return table_[slot] - 1;
        const bool pass = verdict();  // (before the key is added: its index is the count)
        keys_.insert(keys_.end(), k.words.begin(),
                     k.words.begin() + static_cast<std::ptrdiff_t>(words_));
        passes_.push_back(pass ? 1 : 0);
        table_[slot] = static_cast<std::uint32_t>(passes_.size());
        return passes_.size() - 1;
    }
    // Whether the event passes under verdict g (an index find_or_add returned).
    bool passes(std::size_t g) const { return passes_[g] != 0; }

  private:
    const KeyReader* reader_ = nullptr;
    std::size_t words_ = 1;
    std::size_t mask_ = 15;
    std::vector<std::uint64_t> keys_;   // words_ each, in the order met
    std::vector<char> passes_;          // per verdict
    std::vector<std::uint32_t> table_;  // verdict index + 1; 0: empty
};

}  // namespace ctk::track_share
