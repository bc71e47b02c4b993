#pragma once
// One way in: what an input holds (a native log, a stream of logs, a recording of another
// program, a board, a position, or something no tool reads), told once by one table of
// formats, and its games handed to the tool one by one (catan-replay, catan-roads,
// catan-stats, catan-place --log). Every tool so gives the same message for the same
// unreadable input.

#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <catan/engine/event.hpp>
#include <catan/import/import.hpp>
#include <catan/import/import_util.hpp>
#include <catan/play/replay.hpp>

namespace ctk {

// One format a game is read from: its id and name (catan-import --from), how a text is
// recognised as it (the first bytes or the whole text, a UTF-8 byte-order mark skipped), and
// how it is read (InputError naming the source line or JSON path of what it cannot map;
// `warnings` may be null).
struct InputFormat {
    ImportFormat id;
    std::string_view name;
    bool (*recognise)(std::string_view text);
    GameLog (*read)(std::string_view text, std::string_view name,
                    std::vector<ImportWarning>* warnings);
};

// The table, in the order of recognition: the first format that recognises a text is its
// format (so a colonist.io replay that also holds soclog-like text is colonist). A row may
// repeat a format with another way to recognise it (JSettlers 2.x entries without their
// header are soclog, which refuses them naming the line).
std::span<const InputFormat> input_formats();
// The row of a format (its first one).
const InputFormat& input_format(ImportFormat id);

// What an input is.
enum class InputKind : std::uint8_t {
    kLogStream,   // native: JSON Lines logs (one or several), or a JSON document, streamed
    kLogText,     // text no format recognises, read whole by the native reader (its message)
    kRecording,   // a recording of another program (`format`)
    kBoard,       // a board (format "catan-board")
    kPosition,    // a position or a state, or JSON Lines of them (told only when asked)
    kUnreadable,  // a compressed file or an archive (`what` says which and what to do)
};

// An opened input: told, and either held whole (`text`) or open to be read piece by piece
// (`stream`, only for kLogStream: the first bytes read to tell it are given first again).
struct Input {
    std::string name;  // the path, "-" for standard input
    InputKind kind = InputKind::kLogText;
    const InputFormat* format = nullptr;  // kRecording: its row; kLogStream/kLogText: native
    std::string what;                     // kUnreadable: "a gzip-compressed file (...)"
    std::optional<std::string> text;      // the whole input, when read whole
    std::unique_ptr<std::istream> stream;
};

// Opens `path` ("-": standard input) and tells what it is, from its first 64 KB when they
// show a native log (a first line that names "catan-log"), else from the whole input, read
// into memory. `positions`: also tell positions and states (catan-roads reads them); without
// it they are kLogText or kLogStream for the native reader's message. Throws InputError
// "<path>: is a directory", "<path>: cannot open: <reason>", "<path>: read error".
Input open_game_input(const std::string& path, bool positions = false);

// The same for a text held in memory (the Python module's catan.read of a text): told as
// open_game_input tells a whole input, `name` naming it in messages.
Input text_game_input(std::string text, std::string name, bool positions = false);

// Opens a file, or standard input for "-", to be read piece by piece; the InputErrors of
// open_game_input. The file is noted as an input of the run (note_input,
// lib/catan/io/output.hpp): no output of the run may replace it.
std::unique_ptr<std::istream> open_input_stream(const std::string& path);

// How for_each_game hands out games.
enum class GameReading : std::uint8_t {
    kWhole,     // each game read whole into GameInput::log
    kStreamed,  // native logs replayed as they are read (flat memory): GameInput::replay holds
                // the replay and log its header; other games read whole as kWhole
    kText,      // each game's text unread (GameInput::text, format), for read_game, so that
                // games are read on several threads
};

// One game of an input.
struct GameInput {
    std::string name;  // the input's name, or "<name>#k" for the k-th of several (from 1)
    GameLog log;       // kWhole: the log; kStreamed: the log, or its header when `replay`
    std::optional<StreamedReplay> replay;  // kStreamed, a native log: its replay
    std::string text;                      // kText: the game's text
    const InputFormat* format = nullptr;   // kText: how to read it
    std::size_t games = 0;  // the input's games when known before the first (0: not known)
};

// Reads a game handed out with GameReading::kText. Throws InputError as its format's reader.
GameLog read_game(const GameInput& game);

// Every game of an input, in order: each(game) once per game. A game that cannot be read is
// given to on_error(name, error) instead (the input's name, or the game's in a stream of
// several) and the next game goes on where the input allows it (games split from a text held
// whole); in a stream read piece by piece a bad line ends the input. An input that gives no
// game (kUnreadable: its `what`; a board or a position: the native reader's message) is one
// on_error. Exceptions thrown by each() propagate. `replay` is used by kStreamed.
void for_each_game(Input& input, GameReading how, const ReplayOptions& replay,
                   const std::function<void(GameInput&)>& each,
                   const std::function<void(const std::string&, const InputError&)>& on_error);

// The same for a path: open_game_input's errors go to on_error too.
void for_each_game(const std::string& path, GameReading how, const ReplayOptions& replay,
                   const std::function<void(GameInput&)>& each,
                   const std::function<void(const std::string&, const InputError&)>& on_error);

// The one game of a path read whole (catan-place --log): the first game of a stream (as
// the native reader, which refuses a second header), InputError for an unreadable input.
GameLog read_one_game(const std::string& path);
// The same for an opened input (read to its end).
GameLog read_one_game(Input& in);

}  // namespace ctk
