// libFuzzer target: the native log reader (read_log, JSON and JSON Lines) and, for every
// input it accepts, replay under the rules — once stopping at the first violation and once
// with --keep-going, which applies offending events and so walks the least-trodden paths
// of apply(). Any input must either be read or throw ctk::InputError; anything else (a
// crash, a sanitizer report, another exception) is a bug.
//
// Two differential checks (tests/log_differential.hpp, which fuzz_corpus_test.cpp runs over
// the kept corpus): the stream reader (LogReader) hands out read_log's header and events or
// its message; and a log read is written again (write_log, both formats) to text that
// reads back as the same log.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include <catan/board/topology.hpp>
#include <catan/engine/event.hpp>
#include <catan/play/replay.hpp>
#include <catan/io/log_format.hpp>
#include "../log_differential.hpp"

namespace {

void check(const std::optional<ctk::test::Disagreement>& d) {
    if (!d) return;
    std::fprintf(stderr, "%s\n--- read_log:\n%s\n--- other:\n%s\n", d->what.c_str(),
                 d->reference.c_str(), d->other.c_str());
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    ctk::GameLog log;
    try {
        log = ctk::read_log(text, "fuzz");
    } catch (const ctk::InputError& x) {
        check(ctk::test::stream_disagreement(text, nullptr, x.what()));
        return 0;
    }
    check(ctk::test::stream_disagreement(text, &log, ""));
    check(ctk::test::written_disagreement(log));
    (void)ctk::replay(log, {}, "fuzz");
    ctk::ReplayOptions keep_going;
    keep_going.keep_going = true;
    keep_going.stats = true;
    (void)ctk::replay(log, keep_going, "fuzz");
    return 0;
}
