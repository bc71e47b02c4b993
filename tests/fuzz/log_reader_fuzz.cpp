// libFuzzer target: the native log reader (read_log, JSON and JSON Lines) and, for every
// input it accepts, replay under the rules — once stopping at the first violation and once
// with --keep-going, which applies offending events and so walks the least-trodden paths
// of apply(). Any input must either be read or throw ctk::InputError; anything else (a
// crash, a sanitizer report, another exception) is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "event.hpp"
#include "replay.hpp"
#include "topology.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    ctk::GameLog log;
    try {
        log = ctk::read_log(text, "fuzz");
    } catch (const ctk::InputError&) {
        return 0;
    }
    (void)ctk::replay(log, {}, "fuzz");
    ctk::ReplayOptions keep_going;
    keep_going.keep_going = true;
    keep_going.stats = true;
    (void)ctk::replay(log, keep_going, "fuzz");
    return 0;
}
