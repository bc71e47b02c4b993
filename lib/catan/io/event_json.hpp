#pragma once
// One event, its claims and a resource map as JSON and back (schemas/log.schema.json): the
// precise reader, whose messages are the reference (io/detail/event_fast.hpp reads the
// common shapes faster and accepts exactly the same events).

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include <catan/engine/event.hpp>

namespace ctk {

// One event as its JSON object (players by seat name, vertices/edges as integer ids,
// resource maps without zero counts, claims when present).
nlohmann::json event_to_json(const Event& e, const std::vector<Seat>& seats);

// Reads one event object. `path` names it in messages (e.g. "events[17]"); `topology`
// bounds vertex/edge/hex ids and resolves the {"hex", "corner"|"side"} forms. Throws
// InputError "<path>.<field>: expected ..., got ...". source_line is left 0.
Event event_from_json(const nlohmann::json& j, const std::vector<Seat>& seats,
                      const Topology& topology, std::string_view path);

// Claims as JSON and back (see Claims); same error convention.
nlohmann::json claims_to_json(const Claims& c, const std::vector<Seat>& seats);
Claims claims_from_json(const nlohmann::json& j, const std::vector<Seat>& seats,
                        std::string_view path);

// Resource map JSON {"brick": 1, ...} (absent keys = 0, zero counts omitted on output).
nlohmann::json resources_to_json(const ResourceCounts& r);
// The same map with every resource's key, zeros included (the reports' contract): of a
// hand, or of counts summed over many games.
nlohmann::json every_resource_json(const ResourceCounts& c);
nlohmann::json every_resource_json(const std::array<std::int64_t, kResourceCount>& c);
ResourceCounts resources_from_json(const nlohmann::json& j, std::string_view path);

}  // namespace ctk
