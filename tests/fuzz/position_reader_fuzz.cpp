// libFuzzer target: the position reader of catan-roads (position_from_json) and, for every
// position it accepts, the longest-road report in text and JSON. Any input must be read or
// throw ctk::InputError; anything else is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

#include <catan/board/topology.hpp>
#include <catan/report/roads_report.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) return 0;
    ctk::Position p;
    try {
        p = ctk::position_from_json(j);
    } catch (const ctk::InputError&) {
        return 0;
    }
    ctk::RoadsReport r = ctk::roads_report(p);
    (void)ctk::roads_report_to_text(p, r);
    (void)ctk::roads_report_to_json(p, r).dump();
    return 0;
}
