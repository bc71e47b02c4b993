#include <catan/import/input.hpp>

#include <unistd.h>

#include <array>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <catan/import/catanatron.hpp>
#include <catan/import/catanlog.hpp>
#include <catan/import/colonist.hpp>
#include <catan/import/jsettlers.hpp>
#include <catan/import/soclog.hpp>
#include <catan/io/json_error.hpp>
#include <catan/io/json_util.hpp>
#include <catan/io/line.hpp>
#include <catan/io/log_format.hpp>
#include <catan/io/output.hpp>
#include <catan/play/batch.hpp>

namespace ctk {

namespace {

// A native log: a JSON object first, and the format name "catan-log" in its header (the
// first line of JSON Lines, anywhere in a document, whose keys are written sorted).
bool looks_like_native(std::string_view text) {
    return json_object_containing(text, "\"catan-log\"");
}

// Entries of a JSettlers 2.x event log without its header ("#" comments then
// "all:SOCVersion:..."): soclog, which refuses them as unsupported, naming the line.
bool looks_like_headerless_jsettlers(std::string_view text) {
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::string_view line = take_line(text, pos);
        std::size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos || line[first] == '#') continue;
        line.remove_prefix(first);
        return line.starts_with("SOC game event log") ||
               line.find(":SOC") != std::string_view::npos;
    }
    return false;
}

template <GameLog (*Import)(std::string_view, std::string_view)>
GameLog read_foreign(std::string_view text, std::string_view name, std::vector<ImportWarning>*) {
    text = strip_bom(text);
    return checked_import(Import(text, name), name);
}

GameLog read_catanlog(std::string_view text, std::string_view name,
                      std::vector<ImportWarning>* warnings) {
    text = strip_bom(text);
    return checked_import(import_catanlog(text, name, warnings), name);
}

// colonist.io's reader says of a text that is no JSON only that: where and why are said
// here, as every JSON reader says them.
GameLog read_colonist(std::string_view text, std::string_view name,
                      std::vector<ImportWarning>* warnings) {
    try {
        return read_foreign<import_colonist>(text, name, warnings);
    } catch (const InputError& e) {
        if (std::string_view(e.what()) != fmt::format("{}: not valid JSON", name)) throw;
        throw InputError(fmt::format("{}: not valid JSON: {}", name,
                                     json_util::json_error(text).value_or("no value")));
    }
}

GameLog read_native(std::string_view text, std::string_view name, std::vector<ImportWarning>*) {
    return read_log(text, name);
}

GameLog import_soclog_only(std::string_view text, std::string_view name) {
    return import_soclog(text, name);
}

constexpr std::array kFormats{
    InputFormat{ImportFormat::kCatanatron, "catanatron", looks_like_catanatron,
                read_foreign<import_catanatron>},
    InputFormat{ImportFormat::kColonist, "colonist", looks_like_colonist, read_colonist},
    InputFormat{ImportFormat::kSoclog, "soclog", looks_like_soclog,
                read_foreign<import_soclog_only>},
    InputFormat{ImportFormat::kJsettlers, "jsettlers", looks_like_jsettlers,
                read_foreign<import_jsettlers>},
    InputFormat{ImportFormat::kCatanlog, "catanlog", looks_like_catanlog, read_catanlog},
    InputFormat{ImportFormat::kNative, "native", looks_like_native, read_native},
    InputFormat{ImportFormat::kSoclog, "soclog", looks_like_headerless_jsettlers,
                read_foreign<import_soclog_only>},
};

// Standard input read in blocks of 64 KiB with read(2). std::cin's buffer, synchronised
// with C stdio, takes one getc() per byte.
class StdinBuf : public std::streambuf {
  protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        ssize_t n;
        do n = ::read(STDIN_FILENO, buf_, sizeof buf_);
        while (n < 0 && errno == EINTR);
        if (n <= 0) return traits_type::eof();
        setg(buf_, buf_, buf_ + n);
        return traits_type::to_int_type(*gptr());
    }

  private:
    char buf_[1 << 16];
};

class StdinStream : public std::istream {
  public:
    StdinStream() : std::istream(nullptr) { rdbuf(&buf_); }

  private:
    StdinBuf buf_;
};

// A prefix already read, then the rest of a stream.
class ChainBuf : public std::streambuf {
  public:
    ChainBuf(std::string prefix, std::unique_ptr<std::istream> rest)
        : prefix_(std::move(prefix)), rest_(std::move(rest)) {
        setg(prefix_.data(), prefix_.data(), prefix_.data() + prefix_.size());
    }

  private:
    int_type underflow() override {
        rest_->read(buf_.data(), static_cast<std::streamsize>(buf_.size()));
        const auto n = rest_->gcount();
        if (n <= 0) return traits_type::eof();
        setg(buf_.data(), buf_.data(), buf_.data() + n);
        return traits_type::to_int_type(*gptr());
    }
    std::string prefix_;
    std::unique_ptr<std::istream> rest_;
    std::array<char, 65536> buf_{};
};

class ChainStream : public std::istream {
  public:
    ChainStream(std::string prefix, std::unique_ptr<std::istream> rest)
        : std::istream(nullptr), buf_(std::move(prefix), std::move(rest)) {
        rdbuf(&buf_);
    }

  private:
    ChainBuf buf_;
};

constexpr std::size_t kTellBytes = 65536;

// Whether a text may start a native log: empty, or a first byte '{', white space or the
// first of a byte-order mark. Anything else is read whole by the native reader.
bool starts_like_json(std::string_view text) {
    if (text.empty()) return true;
    const auto c = static_cast<unsigned char>(text.front());
    return c == '{' || c == 0xEF || std::isspace(c);
}

// A native log is a JSON object; a state or position too; so is a log in JSON Lines.
bool is_log_object(const nlohmann::json& j) {
    return j.is_object() &&
           (j.contains("events") || (j.contains("format") && j["format"] == "catan-log"));
}

// Whether a text is a recording of another program: the first row of the table that
// recognises it, when that is not the native log (then `in` is told as that recording).
bool tell_recording(Input& in, std::string_view text) {
    for (const InputFormat& f : kFormats)
        if (f.recognise(strip_bom(text))) {
            if (f.id == ImportFormat::kNative) return false;
            in.format = &f;
            in.kind = InputKind::kRecording;
            return true;
        }
    return false;
}

// catan-roads's reading of a whole text: a position or a state (a JSON object that is no
// log, or JSON Lines of them), a recording, or a native log.
void tell_with_positions(Input& in, std::string_view text) {
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    const bool parsed = !j.is_discarded();
    if (parsed && j.is_object() && j.contains("format")) {
        in.format = &input_format(ImportFormat::kNative);
        in.kind = is_log_object(j) ? InputKind::kLogText : InputKind::kPosition;
        return;
    }
    if (tell_recording(in, text)) return;
    in.format = &input_format(ImportFormat::kNative);
    in.kind = InputKind::kLogText;
    if (parsed) {
        if (!is_log_object(j)) in.kind = InputKind::kPosition;
        return;
    }
    // JSON Lines: what the first line is decides between a log and positions.
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::string_view line = take_line(text, pos);
        if (blank_line(line)) continue;
        const nlohmann::json first = nlohmann::json::parse(line, nullptr, false);
        if (first.is_object() && !is_log_object(first)) in.kind = InputKind::kPosition;
        return;
    }
}

// Tells an input held whole.
void tell_whole(Input& in, bool positions) {
    const std::string_view text = *in.text;
    if (auto what = compressed_input(text)) {
        in.kind = InputKind::kUnreadable;
        in.what = *what;
        return;
    }
    if (positions) return tell_with_positions(in, text);
    if (tell_recording(in, text)) return;
    in.format = &input_format(ImportFormat::kNative);
    if (toolkit_format(text) == "catan-board")
        in.kind = InputKind::kBoard;
    else
        in.kind = starts_like_json(text) ? InputKind::kLogStream : InputKind::kLogText;
}

// Appends the rest of `in` to `text` (one copy of the input, not three).
void read_rest(std::istream& in, std::string& text) {
    char piece[65536];
    while (in.read(piece, sizeof piece) || in.gcount() > 0)
        text.append(piece, static_cast<std::size_t>(in.gcount()));
}

using EachGame = std::function<void(GameInput&)>;
using OnError = std::function<void(const std::string&, const InputError&)>;

// Native logs replayed as they are read: a bad line ends the input (its game named as the
// stream names it).
void stream_games(Input& in, const ReplayOptions& opt, const EachGame& each,
                  const OnError& on_error) {
    std::istringstream held;
    if (!in.stream) held.str(*in.text);
    std::istream& source = in.stream ? *in.stream : held;
    int games = 0;
    bool in_each = false;
    try {
        replay_stream_games(source, in.name, opt, [&](const std::string& name, StreamedReplay&& r) {
            ++games;
            GameInput g;
            g.name = name;
            g.log = std::move(r.header);
            g.replay.emplace(std::move(r));
            in_each = true;
            each(g);
            in_each = false;
        });
    } catch (const InputError& e) {
        if (in_each) throw;
        on_error(games > 0 ? fmt::format("{}#{}", in.name, games + 1) : in.name, e);
    }
}

// The games of a text held whole: split at the header lines of a stream of native logs,
// each read (or handed out as text) in turn.
void split_games(Input& in, GameReading how, const EachGame& each, const OnError& on_error) {
    std::istringstream held;
    if (!in.stream) held.str(*in.text);
    std::istream& source = in.stream ? *in.stream : held;
    GameStreamReader reader(source, in.name);
    if (how == GameReading::kText) {
        while (auto t = reader.next()) {
            GameInput g;
            g.name = std::move(t->name);
            g.text = std::move(t->text);
            g.format = in.format;
            each(g);
        }
        return;
    }
    std::vector<GameText> texts;
    while (auto t = reader.next()) texts.push_back(std::move(*t));
    for (auto& t : texts) {
        GameInput g;
        g.name = std::move(t.name);
        g.games = texts.size();
        try {
            g.log = read_log(t.text, g.name);
        } catch (const InputError& e) {
            on_error(g.name, e);
            continue;
        }
        each(g);
    }
}

}  // namespace

std::span<const InputFormat> input_formats() {
    return kFormats;
}

const InputFormat& input_format(ImportFormat id) {
    for (const InputFormat& f : kFormats)
        if (f.id == id) return f;
    return kFormats.back();
}

std::unique_ptr<std::istream> open_input_stream(const std::string& path) {
    note_input(path);  // never to be replaced by an output of this run
    if (path == "-") return std::make_unique<StdinStream>();
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError(fmt::format("{}: is a directory", path));
    auto in = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*in) throw InputError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
    return in;
}

// The first kTellBytes of an input after its leading white space, which is read piece by
// piece and kept as its line breaks and the characters after the last one (so that lines and
// columns of what follows stay the same): an input of blank lines holds no more than a piece,
// and gives "" (an empty input).
std::string read_prefix(std::istream& stream, const std::string& path) {
    std::string prefix(kTellBytes, '\0');
    std::size_t line_breaks = 0;
    std::string last_line;  // white space after the last line break
    for (;;) {
        prefix.resize(kTellBytes);
        stream.read(prefix.data(), static_cast<std::streamsize>(prefix.size()));
        prefix.resize(static_cast<std::size_t>(stream.gcount()));
        if (stream.bad()) throw InputError(fmt::format("{}: read error", path));
        const std::size_t text = prefix.find_first_not_of(" \t\r\n\f\v");
        if (text == std::string::npos && prefix.size() == kTellBytes) {
            const std::size_t last = prefix.rfind('\n');
            if (last == std::string::npos) {
                last_line += prefix;
            } else {
                line_breaks +=
                    static_cast<std::size_t>(std::count(prefix.begin(), prefix.end(), '\n'));
                last_line = prefix.substr(last + 1);
            }
            continue;
        }
        stream.clear();
        if (text == std::string::npos) return "";
        return std::string(line_breaks, '\n') + last_line + prefix;
    }
}

Input open_game_input(const std::string& path, bool positions) {
    Input in;
    in.name = path;
    auto stream = open_input_stream(path);
    std::string prefix = read_prefix(*stream, path);
    // A JSON Lines log's header line says what it is (the usual bulk input): streamed.
    const std::string_view first = std::string_view(prefix).substr(0, prefix.find('\n'));
    if (!positions && !prefix.empty() && starts_like_json(prefix) && !compressed_input(prefix) &&
        first.find("\"catan-log\"") != std::string_view::npos) {
        in.kind = InputKind::kLogStream;
        in.format = &input_format(ImportFormat::kNative);
        in.stream = std::make_unique<ChainStream>(std::move(prefix), std::move(stream));
        return in;
    }
    in.text = std::move(prefix);
    read_rest(*stream, *in.text);
    if (stream->bad()) throw InputError(fmt::format("{}: read error", path));
    tell_whole(in, positions);
    return in;
}

Input text_game_input(std::string text, std::string name, bool positions) {
    Input in;
    in.name = std::move(name);
    in.text = std::move(text);
    tell_whole(in, positions);
    return in;
}

GameLog read_game(const GameInput& game) {
    const InputFormat* f = game.format ? game.format : &input_format(ImportFormat::kNative);
    return f->read(game.text, game.name, nullptr);
}

void for_each_game(Input& in, GameReading how, const ReplayOptions& replay, const EachGame& each,
                   const OnError& on_error) {
    switch (in.kind) {
        case InputKind::kUnreadable:
            on_error(in.name, InputError(fmt::format("{}: {}", in.name, in.what)));
            return;
        case InputKind::kRecording: {
            GameInput g;
            g.name = in.name;
            g.games = 1;
            g.format = in.format;
            if (how == GameReading::kText) {
                g.text = std::move(*in.text);
            } else {
                try {
                    g.log = in.format->read(*in.text, in.name, nullptr);
                } catch (const InputError& e) {
                    on_error(in.name, e);
                    return;
                }
            }
            each(g);
            return;
        }
        case InputKind::kLogStream:
        case InputKind::kBoard:
            if (how == GameReading::kStreamed && (!in.text || starts_like_json(*in.text)))
                return stream_games(in, replay, each, on_error);
            return split_games(in, how, each, on_error);
        case InputKind::kLogText:
        case InputKind::kPosition:
            return split_games(in, how, each, on_error);
    }
}

void for_each_game(const std::string& path, GameReading how, const ReplayOptions& replay,
                   const EachGame& each, const OnError& on_error) {
    std::optional<Input> in;
    try {
        in.emplace(open_game_input(path));
    } catch (const InputError& e) {
        on_error(path, e);
        return;
    }
    for_each_game(*in, how, replay, each, on_error);
}

GameLog read_one_game(const std::string& path) {
    Input in = open_game_input(path);
    return read_one_game(in);
}

GameLog read_one_game(Input& in) {
    if (in.kind == InputKind::kUnreadable)
        throw InputError(fmt::format("{}: {}", in.name, in.what));
    if (in.stream) read_rest(*in.stream, in.text.emplace());
    return in.format->read(*in.text, in.name, nullptr);
}

}  // namespace ctk
