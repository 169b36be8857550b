"""Counts the tilings of a rectangle by the 12 pentominoes, the matrix
built as a numpy boolean array: one row per placement of a piece (each
rotation and reflection, each position), 12 piece columns then one column
per cell. Each tiling is counted once per symmetry of the rectangle (4).
Usage: python pentominoes_numpy.py [ROWS COLS]   (6 10 by default: 9356)"""
import sys

import numpy as np

import dlxcover as dlx

PIECES = {
    "F": ".##|##.|.#.", "I": "#####", "L": "####|#...", "N": "##..|.###", "P": "##|##|#.", "T": "###|.#.|.#.",
    "U": "#.#|###", "V": "#..|#..|###", "W": "#..|##.|.##", "X": ".#.|###|.#.", "Y": "..#.|####", "Z": "##.|.#.|.##",
}


def shapes(picture):
    """Every distinct orientation of a piece, as arrays of (row, col)."""
    cells = np.argwhere(np.array([[ch == "#" for ch in line] for line in picture.split("|")]))
    found = set()
    for flip in (False, True):
        c = cells * [1, -1] if flip else cells  # a mirror image
        for _ in range(4):
            c = np.stack([c[:, 1], -c[:, 0]], axis=1)
            found.add(tuple(map(tuple, sorted((c - c.min(axis=0)).tolist()))))
    return [np.array(s) for s in sorted(found)]


def matrix(rows, cols):
    placements = []
    for k, picture in enumerate(PIECES.values()):
        for shape in shapes(picture):
            h, w = shape.max(axis=0) + 1
            for r in range(rows - h + 1):
                for c in range(cols - w + 1):
                    line = np.zeros(12 + rows * cols, dtype=bool)
                    line[k] = True
                    line[12 + (shape[:, 0] + r) * cols + shape[:, 1] + c] = True
                    placements.append(line)
    return dlx.Matrix.from_dense(np.array(placements))


if __name__ == "__main__":
    rows, cols = (int(sys.argv[1]), int(sys.argv[2])) if len(sys.argv) > 2 else (6, 10)
    print(matrix(rows, cols).count())
