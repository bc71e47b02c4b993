// libFuzzer target: the native log reader (read_log, JSON and JSON Lines) and, for every
// input it accepts, replay under the rules — once stopping at the first violation and once
// with --keep-going, which applies offending events and so walks the least-trodden paths
// of apply(). Any input must either be read or throw ctk::InputError; anything else (a
// crash, a sanitizer report, another exception) is a bug.
//
// Two differential checks: the stream reader (LogReader, which reads JSON Lines in blocks
// and parses each line in place) hands out the same header and events as read_log, or
// throws read_log's message after handing out the events before the bad one (when
// read_log's message is a NUL byte, the stream reader may name an earlier fault); and a log
// read is written again (write_log, both formats) to text that reads back as the same log.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "event.hpp"
#include "replay.hpp"
#include "topology.hpp"

namespace {

[[noreturn]] void disagree(const char* what, const std::string& a, const std::string& b) {
    std::fprintf(stderr, "%s\n--- read_log:\n%s\n--- other:\n%s\n", what, a.c_str(), b.c_str());
    std::abort();
}

std::string event_text(const ctk::Event& e, const std::vector<ctk::Seat>& seats) {
    return std::to_string(e.source_line) + " " + ctk::event_to_json(e, seats).dump();
}

// LogReader over the same bytes: the events of `log` (or, when read_log threw `error`, the
// events before the bad one and then the same message).
void compare_stream(std::string_view text, const ctk::GameLog* log, const std::string& error) {
    std::istringstream in{std::string(text)};
    std::optional<ctk::LogReader> reader;
    std::size_t n = 0;
    try {
        reader.emplace(in, "fuzz");
        if (log) {
            ctk::GameLog header = *log;
            header.events.clear();
            const std::string a = ctk::write_log(header, ctk::LogFormat::kJsonl);
            const std::string b = ctk::write_log(reader->header(), ctk::LogFormat::kJsonl);
            if (a != b) disagree("the stream reader's header differs", a, b);
        }
        while (auto e = reader->next()) {
            if (!log) {  // an event before the line read_log rejects
                ++n;
                continue;
            }
            if (n >= log->events.size())
                disagree("the stream reader hands out an event read_log does not have", error,
                         event_text(*e, reader->header().seats));
            const std::string a = event_text(log->events[n], log->seats);
            const std::string b = event_text(*e, reader->header().seats);
            if (a != b) disagree("the stream reader's event differs", a, b);
            ++n;
        }
    } catch (const ctk::InputError& x) {
        if (log) disagree("the stream reader rejects what read_log reads", "", x.what());
        // read_log looks for NUL bytes in the whole text before anything else; the stream
        // reader meets them in reading order, so it may first name an earlier fault.
        if (error != x.what() && error.find(": a NUL byte (JSON has none)") == std::string::npos)
            disagree("the stream reader's message differs", error, x.what());
        return;
    }
    if (!log) disagree("the stream reader accepts what read_log rejects", error, "");
    if (n != log->events.size())
        disagree("the stream reader hands out fewer events", std::to_string(log->events.size()),
                 std::to_string(n));
}

void compare_written(const ctk::GameLog& log) {
    for (ctk::LogFormat f : {ctk::LogFormat::kJson, ctk::LogFormat::kJsonl}) {
        const std::string once = ctk::write_log(log, f);
        std::string twice;
        try {
            twice = ctk::write_log(ctk::read_log(once, "written"), f);
        } catch (const ctk::InputError& x) {
            disagree("a written log does not read back", once, x.what());
        }
        if (once != twice) disagree("a written log reads back as another log", once, twice);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    ctk::GameLog log;
    try {
        log = ctk::read_log(text, "fuzz");
    } catch (const ctk::InputError& x) {
        compare_stream(text, nullptr, x.what());
        return 0;
    }
    compare_stream(text, &log, "");
    compare_written(log);
    (void)ctk::replay(log, {}, "fuzz");
    ctk::ReplayOptions keep_going;
    keep_going.keep_going = true;
    keep_going.stats = true;
    (void)ctk::replay(log, keep_going, "fuzz");
    return 0;
}
