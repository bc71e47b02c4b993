#pragma once
// Helpers shared by the tests: paths of the source tree and of the shared data corpus.
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace ctk::test {

inline std::string source_path(const std::string& rel) {
    return std::string(CATAN_SOURCE_DIR) + "/" + rel;
}

// The shared corpus of recorded games (CMake option CATAN_DATA_DIR, or the environment
// variable of the same name).
inline std::string data_dir() {
    if (const char* d = std::getenv("CATAN_DATA_DIR"); d && *d) return d;
    return CATAN_DATA_DIR;
}

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

inline bool file_exists(const std::string& path) {
    return std::ifstream(path).good();
}

}  // namespace ctk::test
