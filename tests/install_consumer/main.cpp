// Prints the beginner board's vertex count through the installed headers and library.
#include <catan/board/board.hpp>
#include <cstdio>

int main() {
    std::printf("vertices %d\n", ctk::Board::beginner().topology().vertex_count());
    return 0;
}
