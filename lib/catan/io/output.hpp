#pragma once
// Checked output: every byte a tool writes to standard output or to a file goes through an
// Output, which buffers, checks every write and reports the first failure as an
// OutputError naming the destination. Nothing is lost silently:
//   - a full disk (ENOSPC), a closed standard output (EBADF) or any other I/O error throws
//     OutputError "<destination>: <strerror>" (e.g. "standard output: No space left on
//     device"); tools print it as "<tool>: <message>" and exit 2;
//   - a reader that stopped early (EPIPE, `| head -1`) ends the process by SIGPIPE, quietly,
//     as any Unix filter does;
//   - a file is written under a temporary name in the same folder and renamed onto its own
//     name only by commit(), so a failed run never leaves a truncated file behind.
// This module performs I/O (it is the tools' output layer); it never prints diagnostics and
// never exits, except for the SIGPIPE stop above.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

namespace ctk {

// A write, flush, close or rename that failed. what() is "<destination>: <strerror>".
class OutputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Buffered writer to one file descriptor. Writes are collected and handed to write(2) in
// blocks of kFlushBytes (a write of kFlushBytes or more goes to write(2) as it is, after
// what is pending); flush() writes what is pending. Every failure throws OutputError;
// after a failure the Output drops further writes (the first error is the one reported).
class Output {
  public:
    static constexpr std::size_t kFlushBytes = std::size_t{1} << 16;

    // Writes to fd (not owned), naming it `name` in messages.
    Output(int fd, std::string name);
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;
    // Pending bytes are written if possible; errors here are swallowed (call flush() first
    // to see them).
    virtual ~Output();

    void write(std::string_view text);
    Output& operator<<(std::string_view text) {
        write(text);
        return *this;
    }
    Output& operator<<(char c) {
        write(std::string_view(&c, 1));
        return *this;
    }
    template <typename... Args>
    void print(fmt::format_string<Args...> f, Args&&... args) {
        fmt::format_to(std::back_inserter(buffer_), f, std::forward<Args>(args)...);
        if (buffer_.size() >= kFlushBytes) flush();
    }
    // Writes everything pending; throws OutputError on failure.
    void flush();
    const std::string& name() const { return name_; }

  protected:
    // Drops pending bytes and any later writes (a FileOutput being abandoned).
    void discard() {
        buffer_.clear();
        failed_ = true;
    }
    int fd_;

  private:
    // Hands text to write(2) until all of it is written; throws OutputError on failure.
    void write_through(std::string_view text);
    std::string name_;
    std::string buffer_;
    bool failed_ = false;
};

// The process's standard output (file descriptor 1), named "standard output". The tools
// flush it before they exit. If descriptor 1 was closed when the process started (see
// reserve_standard_descriptors), the first flush with pending bytes throws OutputError
// "standard output: Bad file descriptor".
Output& standard_output();

// Call first thing in main: makes SIGPIPE end the process (its default action), and puts
// /dev/null on any of descriptors 0, 1, 2 that is closed, so that a file opened later can
// never take the place of standard output; a closed standard output is remembered and
// reported by standard_output() when written to.
void reserve_standard_descriptors();

// The inputs of this run, by identity (device and inode): no output may replace one.
// note_input remembers the regular file `path` names (symlinks followed, a relative path as
// it is), or standard input for "-" when it is a regular file (`< game.json`); anything else
// (no such file, a FIFO, a device) is not remembered (its reader reports what it must).
// Safe to call from several threads. The tools note every input they are given before they
// open an output (cli::input_files, cli::read_input and open_input_stream note theirs).
void note_input(const std::string& path);
// Throws OutputError "<path>: is the input <input> (the same file); write the output to
// another file" when `path` (after its symlinks, through a relative path or a hard link:
// the same device and inode) is a noted input. Nothing is written then. FileOutput calls it
// when it is made and again in commit() (an input noted after the output was opened).
void refuse_input_as_output(const std::string& path);

// A file written atomically: the bytes go to a temporary file in the same folder
// ("<dir>/.<name>.XXXXXX"), which commit() flushes, closes and renames onto `path`. Missing
// folders of `path` are made first (every output option of the tools follows this rule). A
// symlink is followed first: the temporary file goes beside its target, which the rename
// replaces, the symlink kept. A path that exists and is not a regular file (a device such
// as /dev/null or /dev/stdout, a FIFO, a socket, /dev/fd/N of a pipe) is never replaced:
// it is opened and written through, and commit() only flushes and closes it.
// Without commit() (an exception, an error), the temporary file is removed and `path` is
// left as it was. The file gets mode 0666 less the umask, like a file made by open(2).
// Throws OutputError "<path>: <strerror>" when the temporary file cannot be created (a
// folder that cannot be made, not writable, a directory of that name ...), and from write/commit;
// and refuses an input of the run as `path` (refuse_input_as_output) when made and in commit(),
// before the input is touched.
class FileOutput : public Output {
  public:
    explicit FileOutput(std::string path);
    ~FileOutput() override;
    void commit();

  private:
    std::string path_;
    std::string target_;  // the file renamed onto: path_ after its symlinks
    std::string temp_;
    bool through_ = false;  // not a regular file: written in place
    bool committed_ = false;
};

// `text` made safe to print on a terminal, one line: a file name, a player name or quoted
// input holding ESC, a newline, a NUL or bytes that are not UTF-8 can then neither drive
// the terminal nor break a line in two nor garble the rest of the line. Control characters
// (0x00-0x1F, 0x7F) as escapes: NUL "\0", newline "\n", carriage return "\r", tab "\t",
// ESC "\e", any other "\xHH" (a NUL an error message kept as the bytes C0 80, kNulInMessage
// in board/topology.hpp, "\0" too); a backslash doubled ("\\"), so that no name prints like an
// escape; each byte that is not part of a valid UTF-8 sequence (RFC
// 3629), and both bytes of a C1 control (U+0080..U+009F), as "\xHH" (upper-case hex); a
// format character that reorders or hides text (the bidirectional marks, embeddings,
// overrides and isolates U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069; U+200B,
// U+2060..U+206F, U+FEFF, U+FFF9..U+FFFB) as "\uXXXX" (e.g. U+202E "\u202E"). Printable
// ASCII and the rest of valid UTF-8 (U+200C, U+200D joiners included) are kept. Every tool quotes
// file names and input text through this one function in text output and messages; JSON output is
// escaped by JSON.
std::string printable(std::string_view text);

// Writes `text` to `path` atomically (FileOutput + commit).
void write_file_atomically(const std::string& path, std::string_view text);

}  // namespace ctk
