#include <catan/io/output.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <vector>

#include <catan/board/topology.hpp>

namespace ctk {

namespace {

bool g_stdout_closed = false;

[[noreturn]] void fail(const std::string& name, int err) {
    throw OutputError(fmt::format("{}: {}", name, std::strerror(err)));
}

// A reader that went away: stop as a filter does, by SIGPIPE (quiet, status 128+13).
[[noreturn]] void stop_by_sigpipe() {
    std::signal(SIGPIPE, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    sigprocmask(SIG_UNBLOCK, &set, nullptr);
    std::raise(SIGPIPE);
    std::_Exit(128 + SIGPIPE);
}

}  // namespace

Output::Output(int fd, std::string name) : fd_(fd), name_(std::move(name)) {}

Output::~Output() {
    try {
        flush();
    } catch (...) {
    }
}

void Output::write(std::string_view text) {
    if (text.size() >= kFlushBytes) {  // a whole block: straight to write(2), not copied
        flush();
        write_through(text);
        return;
    }
    buffer_.append(text);
    if (buffer_.size() >= kFlushBytes) flush();
}

void Output::flush() {
    if (buffer_.empty()) return;
    write_through(buffer_);
    buffer_.clear();
}

void Output::write_through(std::string_view text) {
    if (failed_) {
        buffer_.clear();
        return;
    }
    if (text.empty()) return;
    if (fd_ == STDOUT_FILENO && g_stdout_closed) {
        failed_ = true;
        buffer_.clear();
        fail(name_, EBADF);
    }
    std::size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            if (err == EPIPE) stop_by_sigpipe();
            failed_ = true;
            buffer_.clear();
            fail(name_, err);
        }
        done += static_cast<std::size_t>(n);
    }
}

Output& standard_output() {
    static Output out(STDOUT_FILENO, "standard output");
    return out;
}

void reserve_standard_descriptors() {
    std::signal(SIGPIPE, SIG_DFL);
    for (int fd = 0; fd <= 2; ++fd) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        if (fd == STDOUT_FILENO) g_stdout_closed = true;
        int null = ::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (null >= 0 && null != fd) {
            ::dup2(null, fd);
            ::close(null);
        }
    }
}

namespace {

// The file a path names after its symlinks (each resolved against the folder holding it; at
// most 40, as the kernel allows), or the path itself when it is no symlink. A symlink to a
// file that does not exist yet resolves to that file.
std::string resolve_symlinks(const std::string& path) {
    namespace fs = std::filesystem;
    fs::path p(path);
    for (int hop = 0; hop < 40; ++hop) {
        std::error_code ec;
        if (!fs::is_symlink(fs::symlink_status(p, ec))) return p.string();
        fs::path target = fs::read_symlink(p, ec);
        if (ec) fail(path, ec.value());
        p = target.is_absolute() ? target : p.parent_path() / target;
    }
    fail(path, ELOOP);
}

// The regular files read as inputs of this run: (device, inode) and the name given.
struct NotedInput {
    dev_t dev;
    ino_t ino;
    std::string name;
};
std::mutex g_inputs_mutex;
std::vector<NotedInput> g_inputs;

}  // namespace

void note_input(const std::string& path) {
    struct stat st {};
    const bool ok = path == "-" ? ::fstat(STDIN_FILENO, &st) == 0 : ::stat(path.c_str(), &st) == 0;
    if (!ok || !S_ISREG(st.st_mode)) return;
    std::lock_guard<std::mutex> lock(g_inputs_mutex);
    for (const NotedInput& in : g_inputs)
        if (in.dev == st.st_dev && in.ino == st.st_ino) return;
    g_inputs.push_back({st.st_dev, st.st_ino, path == "-" ? "- (standard input)" : path});
}

void refuse_input_as_output(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return;
    std::lock_guard<std::mutex> lock(g_inputs_mutex);
    for (const NotedInput& in : g_inputs)
        if (in.dev == st.st_dev && in.ino == st.st_ino)
            throw OutputError(
                fmt::format("{}: is the input {} (the same file); write the output to another file",
                            path, in.name));
}

FileOutput::FileOutput(std::string path) : Output(-1, path), path_(std::move(path)) {
    namespace fs = std::filesystem;
    // Something other than a regular file (a device, a FIFO, a socket, a pipe named
    // /dev/fd/N): written through as it is, never replaced by a file.
    struct stat st {};
    if (::stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) fail(path_, EISDIR);
        int fd = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0) fail(path_, errno);
        fd_ = fd;
        through_ = true;
        return;
    }
    // An input of this run is never replaced by an output.
    refuse_input_as_output(path_);
    // A regular file (or none yet): written under a temporary name beside the real file
    // (the symlink's target, the symlink kept) and renamed onto it by commit().
    target_ = resolve_symlinks(path_);
    fs::path p(target_);
    std::error_code ec;
    if (fs::is_directory(p, ec)) fail(path_, EISDIR);
    fs::path dir = p.parent_path();
    // One rule for every output option: missing folders are made (a path through a file
    // still fails below, "Not a directory").
    if (!dir.empty() && !fs::exists(dir, ec)) {
        fs::create_directories(dir, ec);
        if (ec) fail(path_, ec.value());
    }
    std::string pattern =
        (dir.empty() ? fs::path(".") : dir).string() + "/." + p.filename().string() + ".XXXXXX";
    std::vector<char> buf(pattern.begin(), pattern.end());
    buf.push_back('\0');
    int fd = ::mkstemp(buf.data());
    if (fd < 0) fail(path_, errno);
    temp_.assign(buf.data());
    // mkstemp makes the file 0600; give it what open(2) with 0666 would have given.
    mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
    fd_ = fd;
}

FileOutput::~FileOutput() {
    if (committed_) return;
    discard();
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
    if (!through_) ::unlink(temp_.c_str());
}

void FileOutput::commit() {
    if (!through_) {
        try {
            refuse_input_as_output(path_);  // an input noted since the file was opened
        } catch (const OutputError&) {
            discard();
            throw;
        }
    }
    flush();
    if (::close(fd_) != 0) {
        fd_ = -1;
        fail(path_, errno);
    }
    fd_ = -1;
    if (!through_ && ::rename(temp_.c_str(), target_.c_str()) != 0) fail(path_, errno);
    committed_ = true;
}

namespace {

// The length of the valid UTF-8 sequence that starts at text[i] (RFC 3629: no overlong
// forms, no surrogates, nothing past U+10FFFF), or 0 when the bytes there are not one.
std::size_t utf8_sequence(std::string_view text, std::size_t i) {
    const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b = at(i);
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
    if (b >= 0xC2 && b <= 0xDF) {
        n = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
        n = 3;
        if (b == 0xE0) lo = 0xA0;
        if (b == 0xED) hi = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4;
        if (b == 0xF0) lo = 0x90;
        if (b == 0xF4) hi = 0x8F;
    } else {
        return 0;
    }
    if (i + n > text.size()) return 0;
    if (at(i + 1) < lo || at(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (at(i + k) < 0x80 || at(i + k) > 0xBF) return 0;
    return n;
}

// The code point of the valid UTF-8 sequence `seq` when it is a format character that
// reorders or hides text on a terminal, else 0: the bidirectional marks, embeddings,
// overrides and isolates (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069), zero-width
// space, word joiner and invisible operators, the byte-order mark, the interlinear
// annotation marks. Zero-width non-joiner and joiner (U+200C, U+200D) are kept: words and
// emoji need them.
unsigned hidden_format_character(std::string_view seq) {
    const auto b = [&](std::size_t k) {
        return static_cast<unsigned>(static_cast<unsigned char>(seq[k]));
    };
    if (seq.size() == 2) return b(0) == 0xD8 && b(1) == 0x9C ? 0x061Cu : 0u;
    if (seq.size() != 3) return 0;
    const unsigned cp = (b(0) & 0x0Fu) << 12 | (b(1) & 0x3Fu) << 6 | (b(2) & 0x3Fu);
    const bool hidden = cp == 0x200B || cp == 0x200E || cp == 0x200F ||
                        (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x206F) ||
                        cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB);
    return hidden ? cp : 0u;
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const auto u = static_cast<unsigned char>(c);
        if (c == '\\') {
            // A backslash doubles, so that every escape below reads one way: a name holding
            // the two characters `\e` prints as `\\e`, one holding ESC as `\e`.
            out += "\\\\";
            continue;
        }
        if (u >= 0x20 && u < 0x7F) {
            out += c;
            continue;
        }
        if (text.substr(i, kNulInMessage.size()) == kNulInMessage) {
            // A NUL a message kept (InputError, board/topology.hpp).
            out += "\\0";
            i += kNulInMessage.size() - 1;
            continue;
        }
        if (u >= 0x80) {
            const std::size_t n = utf8_sequence(text, i);
            // C1 controls (U+0080..U+009F, bytes C2 80..C2 9F) drive some terminals too.
            const bool c1 = n == 2 && u == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0;
            // Format characters that reorder or hide text (U+202E ...) as \uXXXX.
            if (const unsigned cp = n > 0 ? hidden_format_character(text.substr(i, n)) : 0) {
                out += fmt::format("\\u{:04X}", cp);
                i += n - 1;
                continue;
            }
            if (n > 0 && !c1) {
                out.append(text.substr(i, n));
            } else {
                // Each byte of a C1 control or of bytes that are not UTF-8 as \xHH.
                for (std::size_t k = 0; k < std::max<std::size_t>(n, 1); ++k)
                    out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[i + k]));
            }
            i += std::max<std::size_t>(n, 1) - 1;
            continue;
        }
        switch (c) {
            case '\0':
                out += "\\0";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\x1B':
                out += "\\e";
                break;
            default:
                out += fmt::format("\\x{:02X}", u);
        }
    }
    return out;
}

void write_file_atomically(const std::string& path, std::string_view text) {
    FileOutput out(path);
    out.write(text);
    out.commit();
}

}  // namespace ctk
