// One run counts each game once (stats.hpp merge_once).
#include <fmt/format.h>

#include <catan/analysis/stats.hpp>

namespace ctk {

bool merge_once(StatsAggregate& into, const StatsAggregate& part, std::string_view name,
                RunGames& seen, bool skip) {
    for (std::uint64_t id : part.sources) {
        auto it = seen.first.find(id);
        if (it == seen.first.end()) continue;
        if (!skip)
            throw InputError(fmt::format(
                "{}: the same game as {} (its group, outcome, length, dice and winner match), "
                "read twice in one run",
                name, it->second));
        if (seen.skipped++ == 0) seen.first_skipped = fmt::format("{} (as {})", name, it->second);
        return false;
    }
    for (std::uint64_t id : part.sources) seen.first.emplace(id, std::string(name));
    merge(into, part);
    return true;
}

}  // namespace ctk
