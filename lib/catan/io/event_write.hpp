// Internal to the log writer (log_format.cpp): one event's compact JSON text written
// straight into a string, without an nlohmann document. Not part of the public API.
#pragma once

#include <string>
#include <vector>

#include <catan/engine/event.hpp>
#include <catan/io/event_json.hpp>

namespace ctk::detail {

// Writes events of a log with the given seats byte for byte as
// json_util::dump(event_to_json(e, seats)) writes them: keys in byte order, resource maps
// without zero counts, players by seat name, null for nobody. It takes the common events
// only — no claims, and seat names of printable ASCII without '"' or '\' (so that no
// character needs escaping); append() returns false, writing nothing, for any other event,
// which the caller writes through event_to_json.
class EventWriter {
  public:
    explicit EventWriter(const std::vector<Seat>& seats);
    // Appends the event's JSON object (no newline) to `out`; false when it is not one of
    // the common events above (`out` unchanged).
    bool append(std::string& out, const Event& e) const;

  private:
    std::vector<std::string> names_;  // each seat's name in quotes
    bool plain_ = true;               // every name needs no escaping
};

}  // namespace ctk::detail
