#pragma once
// What every tool shares: exit codes, reading a file or stdin, --version.

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include <catan/io/json_util.hpp>
#include <catan/io/output.hpp>

namespace ctk::cli {

// DESIGN.md section 1: 0 success/valid, 1 well-formed input that breaks a rule or a
// constraint, 2 unreadable or malformed input, or a wrong command line.
enum class Exit : int { kOk = 0, kViolation = 1, kBadInput = 2 };

inline int code(Exit e) {
    return static_cast<int>(e);
}

// Standard output, checked (lib/catan/io/output.hpp): every tool writes its results through it.
inline Output& out() {
    return standard_output();
}

// Reads a whole file, or standard input for "-", noted as an input of the run (note_input:
// no output of the run may replace it). Throws ctk::InputError
// ("<path>: cannot open: <reason>") when the file cannot be read.
std::string read_input(const std::string& path);

// Opens a file, or standard input for "-", as a stream to read piece by piece (memory
// that does not grow with the input). Throws ctk::InputError "<path>: is a directory" or
// "<path>: cannot open: <reason>".
std::unique_ptr<std::istream> open_input(const std::string& path);

// Names the app `tool` (the name that starts its command-line errors), adds --version
// (prints "<tool> <version>") and sets the footer of --help to the given
// examples. Call right after constructing the app.
// `exit_status` is the tool's one "Exit status" paragraph (default: the DESIGN.md
// convention in general words).
void setup_app(CLI::App& app, const std::string& tool, const std::string& examples,
               const std::string& exit_status = "");

// Sets a subcommand's own footer: its examples and its exit status paragraph (a
// subcommand's --help shows its own examples, not the tool's).
void subcommand_footer(CLI::App* sub, const std::string& examples, const std::string& exit_status);

// The inputs of a tool that reads many files: positional files, and --files-from FILE|-
// (one path per line, or NUL-separated with -0/--null), for lists longer than a command
// line. add_input_list adds the three options; input_files returns the positional files
// then the listed ones, in order (each noted as an input of the run, note_input), and throws
// InputError when there are none or when standard input is both a listed input and the list.
struct InputList {
    std::vector<std::string> files;
    std::string files_from;
    bool null_separated = false;
};
void add_input_list(CLI::App* app, InputList& inputs, const std::string& what);
std::vector<std::string> input_files(const InputList& inputs);

// Adds the option `--seed` bound to `seed`: a decimal integer in 0..2^64-1 exactly (no
// sign, no exponent, no wrap-around: -1, 18446744073709551616 and 1e23 are command-line
// errors, exit 2).
CLI::Option* add_seed_option(CLI::App* app, std::uint64_t& seed, const std::string& help);

// The bash completion script of a tool: its subcommands, and the flags of the tool or of the
// subcommand typed, read from the app's own definition (so it never drifts from the
// options); file names elsewhere. `<tool> --bash-completion` prints it (the build installs
// it into share/bash-completion/completions).
std::string bash_completion(const CLI::App& app);

// Values the completion offers for an option whose values are open (not a CLI11 choice):
// `words` separated by spaces, e.g. the views and the usual seat colours of --view.
void complete_with(const CLI::Option* option, const std::string& words);

// help2man's include file for the tool's man page (`<tool> --man-include`): the EXAMPLES
// section kept line by line, and for a tool with subcommands a SUBCOMMANDS section with each
// one's help (its options, examples and exit status). The build runs help2man with it and
// with `<tool> --help-man`, the help without the examples that the include file shows.
std::string man_include(const CLI::App& app);

// Parses the command line. Returns -1 when the tool should go on; otherwise the exit code
// to return at once: 0 after --help, --version or --bash-completion (the only argument), 2 (with
// CLI11's message on stderr) for a wrong command line.
int parse(CLI::App& app, int argc, char** argv);

// Runs a tool's body, then flushes standard output. A ctk::InputError or an OutputError
// (a write that failed: "<destination>: <strerror>") becomes "<tool>: <message>" on stderr
// and exit 2, any other exception "<tool>: internal error: ..." and exit 2. A reader that
// went away (EPIPE) ends the process quietly by SIGPIPE.
int guarded(const std::string& tool, int (*body)(int, char**), int argc, char** argv);

}  // namespace ctk::cli
