// Internal to the catanatron importer (catanatron.cpp, catanatron_fast.cpp): the precise
// reader, the simdjson fast path and the names both read. Not part of the public API.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <catan/engine/event.hpp>

namespace ctk::detail {

// catanatron's names: directions of a tile's sides ("NORTHEAST" ... "NORTHWEST") and
// corners ("NORTH" ... "NORTHWEST"), resources ("BRICK", "WOOD", "SHEEP", "WHEAT", "ORE")
// as cards and as terrains, development cards ("KNIGHT", "VICTORY_POINT", "ROAD_BUILDING",
// "YEAR_OF_PLENTY", "MONOPOLY"); std::nullopt for any other text.
std::optional<Side> catanatron_side(std::string_view d);
std::optional<Corner> catanatron_corner(std::string_view d);
std::optional<Resource> catanatron_resource(std::string_view r);
std::optional<Terrain> catanatron_terrain(std::string_view r);
std::optional<DevCard> catanatron_dev_card(std::string_view s);

// The log's "source" line both readers write: "catan-import --from catanatron <name>
// (catanatron engine record; <status>)", status as the reader found the game (e.g.
// "complete").
std::string catanatron_source(std::string_view name, std::string_view status);

// The reference reader (nlohmann document): import_catanatron's result and every message.
GameLog import_catanatron_precise(std::string_view text, std::string_view name);

// The same game read with simdjson when the record is one the precise reader accepts (the
// same log, event for event, claims and source included); std::nullopt for anything else
// (not JSON, a NUL byte, a repeated field, a missing or mistyped field, a value out of
// range, a board or numbering the precise reader refuses): the caller then reads the
// record with import_catanatron_precise, whose messages are the reference.
std::optional<GameLog> import_catanatron_fast(std::string_view text, std::string_view name);

}  // namespace ctk::detail
