// queens.cpp: the N-queens count and the first placement through the C++17
// wrapper dlx.hpp. Usage: queens [N]  (default 8: 92)
// Build: c++ -std=c++17 queens.cpp $(pkg-config --cflags --libs dlx)
#include <cstdio>
#include <cstdlib>

#include <dlx.hpp>

int main(int argc, char **argv)
{
    std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 8;
    try {
        std::size_t diagonals = 2 * n - 1;
        dlx::matrix m(2 * n + 2 * diagonals);
        for (std::size_t c = 2 * n; c < m.columns(); c++) {
            m.set_secondary(c);
        }
        for (std::size_t r = 0; r < n; r++) {
            for (std::size_t c = 0; c < n; c++) {
                m.add_row({r, n + c, 2 * n + r + c, 2 * n + diagonals + (r + n - 1 - c)});
            }
        }
        std::printf("%llu\n", static_cast<unsigned long long>(dlx::solver(m).count()));
        dlx::solver s(m);
        for (auto rows : s) {  // the first solution only
            for (std::size_t row : rows) {
                std::printf("(%zu,%zu) ", row / n, row % n);
            }
            std::printf("\n");
            break;
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "queens: %s\n", e.what());
        return 1;
    }
    return 0;
}
