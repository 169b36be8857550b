#!/usr/bin/env python3
"""Writes the cases of word_square beside this file from words.txt, the
word list shipped here (common English words of 3 and 4 letters, written
for this project).

usage: python3 gen.py

Every answer is judged by checkers/word_square.py, which recomputes the
number of squares by a search of its own and checks each square printed.
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(here))
import case_files  # noqa: E402

words = open(os.path.join(here, 'words.txt')).read()
case_files.write(os.path.join(here, 'tiny.in'), '2 10\nan bo ab no\n')
case_files.write(os.path.join(here, 'none.in'), '2 5\nab ba on no to\n')
case_files.write(os.path.join(here, 'three_letters.in'), '3 5\n' + words)
case_files.write(os.path.join(here, 'four_letters.in'), '4 100\n' + words)
case_files.write(os.path.join(here, 'empty_list.in'), '5 3\n')

case_files.reject_all(here, [
    ('bad_k_one', b'1 5\na b\n', 'k below 2'),
    ('bad_k_nine', b'9 5\nabcdefghi\n', 'k above 8'),
    ('bad_upper', b'2 5\nab Cd\n', 'a capital letter'),
    ('bad_twice', b'2 5\nab cd ab\n', 'a word listed twice'),
    ('bad_no_max', b'3\n', 'max missing'),
])
