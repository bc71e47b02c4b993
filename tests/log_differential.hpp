// The log reader's two differential checks, shared by the fuzz target
// (tests/fuzz/log_reader_fuzz.cpp) and the test that runs them over the kept fuzz corpus
// and the samples (tests/io/fuzz_corpus_test.cpp):
// - the stream reader (LogReader, which reads JSON Lines in blocks and parses each line in
//   place) hands out the same header and events as read_log, or throws read_log's message
//   after handing out the events before the bad line (when read_log's message is a NUL
//   byte, the stream reader may name an earlier fault: read_log looks through the whole
//   text first, the stream reader meets faults in reading order);
// - a log read is written again (write_log, both formats) to text that reads back as the
//   same bytes.
// Each returns the first disagreement found ("what", read_log's side, the other side), or
// nothing when both agree. Header-only: the fuzz build compiles it into its target.
#pragma once

#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <catan/engine/event.hpp>
#include <catan/play/replay.hpp>
#include <catan/io/log_format.hpp>
#include <catan/io/event_json.hpp>

namespace ctk::test {

struct Disagreement {
    std::string what;
    std::string reference;  // read_log's side
    std::string other;
};

inline std::string differential_event_text(const Event& e, const std::vector<Seat>& seats) {
    return std::to_string(e.source_line) + " " + event_to_json(e, seats).dump();
}

// LogReader over `text`, against read_log's result: `log` when it read the text, else
// `error`, its message.
inline std::optional<Disagreement> stream_disagreement(std::string_view text, const GameLog* log,
                                                       const std::string& error) {
    std::istringstream in{std::string(text)};
    std::optional<LogReader> reader;
    std::size_t n = 0;
    try {
        reader.emplace(in, "fuzz");
        if (log) {
            GameLog header = *log;
            header.events.clear();
            std::string a = write_log(header, LogFormat::kJsonl);
            std::string b = write_log(reader->header(), LogFormat::kJsonl);
            if (a != b) return Disagreement{"the stream reader's header differs", a, b};
        }
        while (auto e = reader->next()) {
            if (!log) {  // an event before the line read_log rejects
                ++n;
                continue;
            }
            if (n >= log->events.size())
                return Disagreement{"the stream reader hands out an event read_log does not have",
                                    error, differential_event_text(*e, reader->header().seats)};
            std::string a = differential_event_text(log->events[n], log->seats);
            std::string b = differential_event_text(*e, reader->header().seats);
            if (a != b) return Disagreement{"the stream reader's event differs", a, b};
            ++n;
        }
    } catch (const InputError& x) {
        if (log) return Disagreement{"the stream reader rejects what read_log reads", "", x.what()};
        if (error != x.what() && error.find(": a NUL byte (JSON has none)") == std::string::npos)
            return Disagreement{"the stream reader's message differs", error, x.what()};
        return std::nullopt;
    }
    if (!log) return Disagreement{"the stream reader accepts what read_log rejects", error, ""};
    if (n != log->events.size())
        return Disagreement{"the stream reader hands out fewer events",
                            std::to_string(log->events.size()), std::to_string(n)};
    return std::nullopt;
}

// write_log of `log` in both formats reads back (read_log) and writes again as the same text.
inline std::optional<Disagreement> written_disagreement(const GameLog& log) {
    for (LogFormat f : {LogFormat::kJson, LogFormat::kJsonl}) {
        const std::string once = write_log(log, f);
        std::string twice;
        try {
            twice = write_log(read_log(once, "written"), f);
        } catch (const InputError& x) {
            return Disagreement{"a written log does not read back", once, x.what()};
        }
        if (once != twice)
            return Disagreement{"a written log reads back as another log", once, twice};
    }
    return std::nullopt;
}

}  // namespace ctk::test
