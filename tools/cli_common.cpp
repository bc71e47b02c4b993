#include "cli_common.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>
#include <string_view>

#include <unistd.h>

#include <fmt/format.h>
#include <catan/import/input.hpp>
#include <catan/version.hpp>

#include <catan/board/topology.hpp>
#include <catan/play/batch.hpp>

namespace ctk::cli {

std::string read_input(const std::string& path) {
    note_input(path);  // never to be replaced by an output of this run
    std::ostringstream ss;
    if (path == "-") {
        ss << std::cin.rdbuf();
        return ss.str();
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw InputError(fmt::format("{}: is a directory", path));
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(fmt::format("{}: cannot open: {}", path, std::strerror(errno)));
    ss << in.rdbuf();
    if (in.bad()) throw InputError(fmt::format("{}: read error", path));
    return ss.str();
}

std::unique_ptr<std::istream> open_input(const std::string& path) {
    return open_input_stream(path);
}

void setup_app(CLI::App& app, const std::string& tool, const std::string& examples,
               const std::string& exit_status) {
    app.name(tool);
    app.set_version_flag("--version", fmt::format("{} {}", tool, kVersion));
    app.footer("Examples:\n" + examples + "\nExit status: " +
               (exit_status.empty() ? "0 success or valid, 1 input breaks a rule or constraint, "
                                      "2 unreadable or malformed input, a failed write or a bad "
                                      "command line."
                                    : exit_status));
}

void subcommand_footer(CLI::App* sub, const std::string& examples, const std::string& exit_status) {
    sub->footer("Examples:\n" + examples + "\nExit status: " + exit_status);
}

void add_input_list(CLI::App* app, InputList& inputs, const std::string& what) {
    app->add_option("files", inputs.files, what);
    app->add_option("--files-from", inputs.files_from,
                    "read more input paths from FILE (- for standard input), one per line");
    app->add_flag("-0,--null", inputs.null_separated,
                  "with --files-from: the paths are separated by NUL characters (find -print0)");
}

std::vector<std::string> input_files(const InputList& inputs) {
    std::vector<std::string> files = inputs.files;
    if (!inputs.files_from.empty()) {
        if (inputs.files_from == "-" && std::find(files.begin(), files.end(), "-") != files.end())
            throw InputError(
                "--files-from -: standard input cannot be both the list of files and an input");
        for (auto& path : parse_file_list(read_input(inputs.files_from), inputs.null_separated)) {
            if (path == "-" && inputs.files_from == "-")
                throw InputError(
                    "--files-from -: the list names -, standard input, which is the list");
            files.push_back(std::move(path));
        }
    }
    for (const auto& path : files) note_input(path);  // before any output is opened
    if (files.empty())
        throw InputError(inputs.files_from.empty()
                             ? "no input: give files (- for standard input) or --files-from"
                             : fmt::format("{}: lists no files", inputs.files_from));
    return files;
}

CLI::Option* add_seed_option(CLI::App* app, std::uint64_t& seed, const std::string& help) {
    CLI::Validator check(
        [](std::string& text) -> std::string {
            std::uint64_t value = 0;
            const char* end = text.data() + text.size();
            auto [ptr, ec] = std::from_chars(text.data(), end, value);
            if (text.empty() || text[0] == '+' || ec != std::errc() || ptr != end)
                return fmt::format("expected an integer 0..{}, got {}",
                                   std::numeric_limits<std::uint64_t>::max(), text);
            return {};
        },
        "0..2^64-1");
    return app->add_option("--seed", seed, help)->check(check);
}

namespace {

// The flags of one app or subcommand ("--format -q ..."), in definition order.
std::string flag_words(const CLI::App& app) {
    std::string words;
    for (const CLI::Option* o : app.get_options()) {
        if (!o->nonpositional()) continue;
        for (const auto& n : o->get_lnames()) words += " --" + n;
        for (const auto& n : o->get_snames()) words += " -" + n;
    }
    return words.empty() ? words : words.substr(1);
}

// Values to offer for options whose values are open (complete_with).
std::map<const CLI::Option*, std::string>& offered_values() {
    static std::map<const CLI::Option*, std::string> values;
    return values;
}

// The completion of each option's value, as bash case arms keyed "<subcommand> <option>": the
// values of a choice ("TEXT:{text,json}": text json) or those complete_with gave, nothing
// for a number (no file names after --top), and no arm (file names) for any other text.
std::string value_arms(const CLI::App& app, const std::string& sub) {
    std::string arms;
    for (const CLI::Option* o : app.get_options()) {
        if (!o->nonpositional() || o->get_type_size() == 0) continue;
        const std::string type = o->get_type_name();
        std::string words;
        if (auto it = offered_values().find(o); it != offered_values().end()) {
            words = it->second;
        } else if (auto open = type.find('{'), close = type.find('}');
                   open != std::string::npos && close != std::string::npos && close > open) {
            words = type.substr(open + 1, close - open - 1);
            for (char& c : words)
                if (c == ',') c = ' ';
        } else if (!(type.starts_with("INT") || type.starts_with("UINT") ||
                     type.starts_with("FLOAT") || type.starts_with("NUMBER"))) {
            continue;
        }
        std::string keys;
        for (const auto& n : o->get_lnames())
            keys += fmt::format("{}\"{} --{}\"", keys.empty() ? "" : "|", sub, n);
        for (const auto& n : o->get_snames())
            keys += fmt::format("{}\"{} -{}\"", keys.empty() ? "" : "|", sub, n);
        arms += fmt::format("        {}) COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); return ;;\n",
                            keys, words);
    }
    return arms;
}

}  // namespace

void complete_with(const CLI::Option* option, const std::string& words) {
    offered_values()[option] = words;
}

std::string bash_completion(const CLI::App& app) {
    const std::string tool = app.get_name();
    std::string fn = "_" + tool;
    for (char& c : fn)
        if (c == '-') c = '_';
    std::vector<const CLI::App*> subs;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        subs.push_back(sub);
    std::string sub_names;
    for (const CLI::App* sub : subs) sub_names += (sub_names.empty() ? "" : " ") + sub->get_name();
    std::string out = fmt::format(
        "# bash completion of {0}, generated from its command-line definition ({0} "
        "--bash-completion)\n{1}() {{\n    local cur=${{COMP_WORDS[COMP_CWORD]}} sub= i words\n",
        tool, fn);
    if (!subs.empty()) {
        std::string alternatives = sub_names;
        for (char& c : alternatives)
            if (c == ' ') c = '|';
        out += fmt::format(
            "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
            "        case ${{COMP_WORDS[i]}} in {}) sub=${{COMP_WORDS[i]}}; break ;; esac\n"
            "    done\n",
            alternatives);
    }
    out += "    case $sub in\n";
    for (const CLI::App* sub : subs)
        out += fmt::format("        {}) words=\"{}\" ;;\n", sub->get_name(), flag_words(*sub));
    out += fmt::format("        *) words=\"{}\" ;;\n    esac\n",
                       subs.empty() ? flag_words(app) : sub_names + " " + flag_words(app));
    // An option's value: its choices, nothing for a number, else file names (below). Bash
    // splits "--format=js" into "--format", "=" and "js" (COMP_WORDBREAKS): the option is
    // then the word before the "=".
    out +=
        "    local prev=${COMP_WORDS[COMP_CWORD-1]}\n"
        "    if [[ $cur == = ]]; then cur=; elif [[ $prev == = ]]; then "
        "prev=${COMP_WORDS[COMP_CWORD-2]}; fi\n";
    out += "    case \"$sub $prev\" in\n" + value_arms(app, "");
    for (const CLI::App* sub : subs) out += value_arms(*sub, sub->get_name());
    out += "    esac\n";
    out += fmt::format(
        "    if [[ $cur == -*{} ]]; then\n"
        "        COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
        "    else\n"
        "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
        "    fi\n}}\ncomplete -o filenames -F {} {}\n",
        subs.empty() ? "" : " || -z $sub", fn, tool);
    return out;
}

namespace {

// Text for roff's no-fill mode: a backslash printed as one, a line that starts with '.' or
// '\'' not taken for a request.
std::string roff_verbatim(std::string_view text) {
    std::string out;
    bool line_start = true;
    for (char c : text) {
        if (line_start && (c == '.' || c == '\'')) out += "\\&";
        if (c == '\\')
            out += "\\e";
        else
            out += c;
        line_start = c == '\n';
    }
    if (!out.empty() && out.back() != '\n') out += '\n';
    return out;
}

// A footer's examples: the lines between "Examples:" and "Exit status:".
std::string footer_examples(const std::string& footer) {
    const auto start = footer.find("Examples:\n");
    if (start == std::string::npos) return "";
    const auto from = start + 10;
    const auto end = footer.find("\nExit status:", from);
    return footer.substr(from, end == std::string::npos ? std::string::npos : end - from);
}

// The footer without its examples (for the man page, which shows them in EXAMPLES).
std::string footer_without_examples(const std::string& footer) {
    const auto end = footer.find("\nExit status:");
    return end == std::string::npos ? footer : footer.substr(end + 1);
}

}  // namespace

std::string man_include(const CLI::App& app) {
    std::string out =
        "[EXAMPLES]\n.nf\n" + roff_verbatim(footer_examples(app.get_footer())) + ".fi\n";
    const auto subs = app.get_subcommands([](const CLI::App*) { return true; });
    if (!subs.empty()) {
        out += "[SUBCOMMANDS]\n";
        for (const CLI::App* sub : subs)
            out += fmt::format(".SS \"{} {}\"\n.nf\n{}.fi\n", app.get_name(), sub->get_name(),
                               roff_verbatim(sub->help()));
    }
    return out;
}

int parse(CLI::App& app, int argc, char** argv) {
    // The build generates each tool's bash completion and man page from its own definition:
    // the man page from --help-man (the help without the examples, which help2man would
    // reflow into one paragraph) and --man-include (the examples kept line by line, and each
    // subcommand's options).
    if (argc == 2 && std::string_view(argv[1]) == "--bash-completion") {
        out() << bash_completion(app);
        return code(Exit::kOk);
    }
    if (argc == 2 && std::string_view(argv[1]) == "--man-include") {
        out() << man_include(app);
        return code(Exit::kOk);
    }
    if (argc == 2 && std::string_view(argv[1]) == "--help-man") {
        const std::string footer = app.get_footer();
        app.footer(footer_without_examples(footer));
        out() << app.help();
        app.footer(footer);
        return code(Exit::kOk);
    }
    // Help and version go through the checked standard output like every other result.
    std::ostringstream text, errors;
    int rc = -1;
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        rc = app.exit(e, text, errors);
    } catch (const CLI::CallForAllHelp& e) {
        rc = app.exit(e, text, errors);
    } catch (const CLI::CallForVersion& e) {
        rc = app.exit(e, text, errors);
    } catch (const CLI::ParseError& e) {
        // One line that starts with the tool's name, then where to find help.
        errors << app.get_name() << ": " << printable(e.what()) << "\nRun '" << app.get_name()
               << " --help' for more information.\n";
        rc = code(Exit::kBadInput);
    }
    out() << text.str();
    std::cerr << errors.str();
    return rc;
}

int guarded(const std::string& tool, int (*body)(int, char**), int argc, char** argv) {
    reserve_standard_descriptors();
    try {
        int rc = body(argc, argv);
        out().flush();
        return rc;
    } catch (const OutputError& e) {
        std::cerr << tool << ": " << printable(e.what()) << '\n';
    } catch (const InputError& e) {
        // The records before the bad input are kept: written first, then the error.
        try {
            out().flush();
        } catch (const OutputError& w) {
            std::cerr << tool << ": " << printable(w.what()) << '\n';
        }
        std::cerr << tool << ": " << printable(e.what()) << '\n';
    } catch (const std::exception& e) {
        std::cerr << tool << ": internal error: " << printable(e.what()) << '\n';
    }
    return code(Exit::kBadInput);
}

}  // namespace ctk::cli
