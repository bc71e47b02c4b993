// libFuzzer target for one importer (CATAN_IMPORT_FORMAT: soclog, catanatron, colonist, catanlog or
// jsettlers, set by tests/fuzz/CMakeLists.txt): the conversion and, for every log it produces, the
// native writer and reader (an imported log must read back) and replay with --keep-going. Any input
// must be converted or throw ctk::InputError; anything else is a bug. For catanatron records, also:
// the simdjson fast path and the precise reader give the same log.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <catan/engine/event.hpp>
#include <catan/import/detail/catanatron_detail.hpp>
#include <catan/import/import.hpp>
#include <catan/io/log_format.hpp>
#include <catan/play/replay.hpp>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    constexpr auto format = ctk::ImportFormat::CATAN_IMPORT_FORMAT;
    if constexpr (format == ctk::ImportFormat::kCatanatron) {
        // Two readers of one format: whatever the simdjson fast path reads, the precise
        // reader (the reference) reads as the same log, event for event.
        const auto fast = ctk::detail::import_catanatron_fast(text, "fuzz");
        if (fast) {
            ctk::GameLog precise;
            try {
                precise = ctk::detail::import_catanatron_precise(text, "fuzz");
            } catch (const ctk::InputError&) {
                std::abort();  // the fast path read a record the reference refuses
            }
            if (ctk::write_log(*fast, ctk::LogFormat::kJsonl) !=
                ctk::write_log(precise, ctk::LogFormat::kJsonl))
                std::abort();  // the two paths read different games
        }
    }
    ctk::GameLog log;
    try {
        log = ctk::import_log(text, "fuzz", format);
    } catch (const ctk::InputError&) {
        return 0;
    }
    ctk::GameLog back;
    try {
        back = ctk::read_log(ctk::write_log(log, ctk::LogFormat::kJsonl), "fuzz");
    } catch (const ctk::InputError&) {
        std::abort();  // the importer wrote a log that the reader rejects
    }
    ctk::ReplayOptions keep_going;
    keep_going.keep_going = true;
    keep_going.stats = true;
    // A much smaller bound on the hidden-information belief than replay's default, so that
    // inputs run fast enough to fuzz (the bound's own behaviour is tested in track_test):
    // past a violation the tabletop transcripts keep the belief at its bound, where a real
    // game takes about 2 s of replay at 200 states and about 54 s at 2,000.
    keep_going.track.max_states = 100;
    (void)ctk::replay(back, keep_going, "fuzz");
    return 0;
}
