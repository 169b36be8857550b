"""Counts the ways to place N queens on an N x N board so that none attacks
another. Ranks and files are primary items (exactly one queen each), the
diagonals secondary (at most one). Usage: python nqueens.py [N]"""
import sys

import dlxcover as dlx


def queens(n):
    ranks = [("rank", r) for r in range(n)]
    files = [("file", c) for c in range(n)]
    diagonals = [("diag", d) for d in range(2 * n - 1)] + [("anti", d) for d in range(2 * n - 1)]
    m = dlx.Matrix(ranks + files, secondary=diagonals)
    m.add_rows([("rank", r), ("file", c), ("diag", r + c), ("anti", r - c + n - 1)]
               for r in range(n) for c in range(n))
    return m


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    print(queens(n).count())
