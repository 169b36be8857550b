//! Knuth's text format: every rule of `dlx_core::format` and every error, with
//! line, column and message, and write-then-read round trips (on hand-made
//! texts and on every file of tools/gen_instances.py). Expected values
//! are facts of the format (Knuth's DLX1/DLX2/DLX3/DLX5 documentation) and
//! the solutions Knuth states for his examples.

use dlx_testkit as common;

use dlx_core::format::{parse, parse_bytes, write, ParseError};
use dlx_core::{Matrix, Solver};

/// Knuth's example from the opening of DLX1: A..E primary, F and G
/// secondary; "It has a unique solution, consisting of the three rows A D
/// and E F C and B G".
const DLX1_EXAMPLE: &str = "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

/// Knuth's example from the opening of DLX3 (bounds and colors): "The
/// unique solution consists of options A C X:1 Y:1, B X:1, C Y:1."
const DLX3_EXAMPLE: &str = "| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";

fn rows(m: &Matrix) -> Vec<Vec<usize>> {
    (0..m.rows()).map(|r| m.row(r).unwrap().collect()).collect()
}

fn names(m: &Matrix) -> Vec<&str> {
    (0..m.columns()).map(|c| m.column_name(c).unwrap()).collect()
}

fn all_solutions(m: &Matrix) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Solver::new(m)
        .unwrap()
        .map(|mut s| {
            s.sort();
            s
        })
        .collect();
    out.sort();
    out
}

/// The error of `parse(text)`, as (line, column, message).
fn error(text: &str) -> (usize, usize, String) {
    match parse(text) {
        Ok(_) => panic!("{text:?} was accepted"),
        Err(e) => (e.line, e.column, e.message),
    }
}

/// Asserts that `text` fails at `line`, `column` with a message containing
/// `part`.
#[track_caller]
fn fails(text: &str, line: usize, column: usize, part: &str) {
    let (l, c, m) = error(text);
    assert_eq!((l, c), (line, column), "position for {text:?}: {m}");
    assert!(m.contains(part), "message for {text:?} is {m:?}, expected it to contain {part:?}");
}

// ---- The rules ----

#[test]
fn knuths_dlx1_example_reads_and_has_his_one_solution() {
    let m = parse(DLX1_EXAMPLE).unwrap();
    assert_eq!(names(&m), ["A", "B", "C", "D", "E", "F", "G"]);
    assert_eq!((m.columns(), m.rows(), m.entries()), (7, 6, 16));
    let secondary: Vec<bool> = (0..7).map(|c| m.is_secondary(c).unwrap()).collect();
    assert_eq!(secondary, [false, false, false, false, false, true, true]);
    // Rows keep the file's order, items keep the option's order.
    assert_eq!(rows(&m), vec![vec![2, 4, 5], vec![0, 3, 6], vec![1, 2, 5], vec![0, 3], vec![1, 6], vec![3, 4, 6]]);
    assert!(!m.is_generalized());
    // "A D", "E F C" (written C E F) and "B G": rows 3, 0, 4.
    assert_eq!(all_solutions(&m), vec![vec![0, 3, 4]]);
}

#[test]
fn the_papers_matrix_all_primary_without_a_bar() {
    // Matrix (3) of "Dancing Links": seven primary columns; its one exact
    // cover is rows 1, 4, 5 in the paper's numbering.
    let m = parse("A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap();
    assert!((0..7).all(|c| m.is_secondary(c) == Some(false)));
    assert_eq!(all_solutions(&m), vec![vec![0, 3, 4]]);
}

#[test]
fn comments_blank_lines_blanks_and_crlf() {
    let text = "\n   \t\n  | a comment before\r\n\tA  B\t| x \r\n| between\r\n\r\n  A   x  \r\n   |  indented comment\nB\x0b\x0c\n\n";
    let m = parse(text).unwrap();
    assert_eq!(names(&m), ["A", "B", "x"]);
    assert_eq!(rows(&m), vec![vec![0, 2], vec![1]]);
    // A comment line may look like an option or carry a cost.
    let m = parse("A B\n|A B\n  |5\nA\nB\n").unwrap();
    assert_eq!(rows(&m), vec![vec![0], vec![1]]);
    // No options at all is a matrix without rows.
    let m = parse("| nothing but items\nA B | c\n").unwrap();
    assert_eq!((m.columns(), m.rows()), (3, 0));
}

#[test]
fn names_are_any_printable_characters_but_colon_and_bar() {
    let m = parse("long_item_name_beyond_eight é→ #1 (x) a.b-c | 東京\n(x) 東京 é→\n").unwrap();
    assert_eq!(names(&m), ["long_item_name_beyond_eight", "é→", "#1", "(x)", "a.b-c", "東京"]);
    assert_eq!(rows(&m), vec![vec![3, 5, 1]]);
    assert_eq!(m.column_name(6), None);
}

#[test]
fn a_bar_joined_to_the_next_name_still_separates() {
    // As in DLX1, after a name the `|` need not be followed by a blank.
    let m = parse("A B |x y\nA x\n").unwrap();
    assert_eq!(names(&m), ["A", "B", "x", "y"]);
    assert_eq!(m.is_secondary(2), Some(true));
    // A trailing bar with no secondary items is allowed.
    let m = parse("A B |\nA\nB\n").unwrap();
    assert_eq!((m.columns(), m.is_secondary(1)), (2, Some(false)));
}

#[test]
fn options_of_secondary_items_only_are_kept_but_never_chosen() {
    let m = parse("A | x y\nx y\nA x\nx\n").unwrap();
    assert_eq!(m.rows(), 3);
    assert_eq!(all_solutions(&m), vec![vec![1]]);
}

#[test]
fn colors_are_stored_on_secondary_items() {
    let m = parse("A B | x y\nA x:red y\nB x:blue y:red\nA x:0\n").unwrap();
    assert_eq!((m.color(0, 0), m.color(0, 1), m.color(0, 2)), (None, Some("red"), None));
    assert_eq!((m.color(1, 1), m.color(1, 2)), (Some("blue"), Some("red")));
    assert_eq!(m.color(2, 1), Some("0"));
    assert_eq!((m.color(0, 3), m.color(9, 0)), (None, None));
    assert!(m.is_generalized());
}

#[test]
fn bounds_are_stored_on_primary_items() {
    let m = parse("A 2:3|B 3|C 0:1|D 1|E 1:1|F | x\nA\n").unwrap();
    assert_eq!(names(&m), ["A", "B", "C", "D", "E", "F", "x"]);
    let bounds: Vec<(u32, u32)> = (0..7).map(|c| m.bounds(c).unwrap()).collect();
    // `v|name` is `v:v|name` (DLX3); a bare name is 1:1; secondary is 0:1.
    assert_eq!(bounds, [(1, 1), (2, 3), (3, 3), (0, 1), (1, 1), (1, 1), (0, 1)]);
    assert_eq!(m.bounds(7), None);
    assert!(m.is_generalized());
    // Bounds of exactly once are the default: nothing generalized.
    let m = parse("1|A 1:1|B\nA B\n").unwrap();
    assert!(!m.is_generalized());
    assert_eq!(names(&m), ["A", "B"]);
    assert_eq!(all_solutions(&m), vec![vec![0]]);
}

#[test]
fn knuths_dlx3_example_is_parsed_and_kept() {
    let m = parse(DLX3_EXAMPLE).unwrap();
    assert_eq!(names(&m), ["A", "B", "C", "X", "Y"]);
    assert_eq!(m.bounds(2), Some((2, 3)));
    assert_eq!((m.rows(), m.entries()), (5, 14));
    assert_eq!((m.color(0, 2), m.color(1, 3), m.color(4, 1)), (Some("0"), Some("1"), Some("1")));
    assert!(m.is_generalized());
    assert_eq!(parse(&write(&m)).unwrap(), m);
}

#[test]
fn costs_are_summed_and_stored() {
    let m = parse("A B C\nA B |5 |2\nC |0\nA |3 C\nB\n").unwrap();
    assert_eq!((0..4).map(|r| m.cost(r).unwrap()).collect::<Vec<_>>(), [7, 0, 3, 0]);
    assert_eq!(m.cost(4), None);
    assert_eq!(rows(&m), vec![vec![0, 1], vec![2], vec![0, 2], vec![1]]);
    assert!(m.has_costs() && !m.is_generalized());
    // Costs of 0 change nothing.
    let m = parse("A B\nA |0\nB |00\n").unwrap();
    assert!(!m.has_costs());
    assert_eq!(m.cost(0), Some(0));
    let big = parse("A\nA |9223372036854775807\n").unwrap();
    assert_eq!(big.cost(0), Some(i64::MAX));
    // Negative costs (an extension of DLX5's format) and the round trip.
    let m = parse("A B\nA |-5 |2\nB |-9223372036854775808\n").unwrap();
    assert_eq!((m.cost(0), m.cost(1)), (Some(-3), Some(i64::MIN)));
    assert_eq!(parse(&dlx_core::format::write(&m)).unwrap(), m);
}

#[test]
fn a_generalized_matrix_is_solved() {
    // Two options giving x the same color go together; A covered twice
    // takes both of its options.
    for (text, solution) in [("A B | x\nA x:1\nB x:1\n", vec![0, 1]), ("2|A\nA\nA\n", vec![0, 1])] {
        let m = parse(text).unwrap();
        assert!(m.is_generalized(), "{text:?}");
        assert_eq!(m.count_solutions(None), Ok(1), "{text:?}");
        let mut rows = m.first_solution().unwrap().unwrap();
        rows.sort();
        assert_eq!(rows, solution, "{text:?}");
    }
    // Different colors exclude each other, as does a use without a color.
    assert_eq!(parse("A B | x\nA x:1\nB x:2\n").unwrap().count_solutions(None), Ok(0));
    assert_eq!(parse("A B | x\nA x:1\nB x\n").unwrap().count_solutions(None), Ok(0));
    // Costs are solved: a search without an objective ignores them.
    assert_eq!(parse("A B\nA |1\nB |2\nA B |5\n").unwrap().count_solutions(None), Ok(2));
}

#[test]
fn a_matrix_built_in_code_has_no_names() {
    let mut m = Matrix::new(3).unwrap();
    m.add_row(&[0, 2]).unwrap();
    assert!(!m.has_names());
    assert_eq!(m.column_name(0), None);
    assert_eq!((m.bounds(0), m.cost(0), m.color(0, 0)), (Some((1, 1)), Some(0), None));
    assert!(!m.is_generalized());
}

// ---- Every error ----

#[test]
fn missing_item_line() {
    fails("", 1, 1, "expected the item line");
    fails("| only a comment\n\n   \n", 4, 1, "found the end of the text");
    fails("| c", 1, 1, "expected the item line");
}

#[test]
fn bad_names_in_the_item_line() {
    fails("A B:x\n", 1, 4, "`:` cannot appear in an item name");
    fails("A b|c\n", 1, 3, "malformed bounds `b|c`");
    fails("A | x y|z\n", 1, 8, "`|` cannot appear in an item name");
    fails("A \u{7}B\n", 1, 3, "must be printable: found U+0007");
    fails("A B\u{a0}C\n", 1, 4, "must be printable: found U+00A0");
    fails("A\u{0}\n", 1, 2, "U+0000");
    fails("A B A\n", 1, 5, "item `A` is named twice in the item line");
    fails("A | x A\n", 1, 7, "item `A` is named twice");
    fails("A | B | C\n", 1, 7, "second `|`");
}

#[test]
fn malformed_bounds() {
    fails("A :3|B\n", 1, 3, "expected a decimal number");
    fails("A 2:|B\n", 1, 5, "expected a decimal number");
    fails("A x|B\n", 1, 3, "expected a decimal number");
    fails("A |B 2|C\n", 1, 6, "secondary item `C` cannot have bounds");
    fails("A 2:-3|B\n", 1, 5, "expected a decimal number");
    fails("A 3:2|B\n", 1, 3, "the lower bound exceeds the upper bound");
    fails("A 4294967296|B\n", 1, 3, "the number is too large");
    fails("A 1:2:3|B\n", 1, 5, "expected a decimal number");
    fails("A 2:3|\n", 1, 7, "expected an item name, found nothing");
    fails("A 2:3|B:c\n", 1, 8, "`:` cannot appear in an item name");
    fails("A 2:3|B|C\n", 1, 8, "`|` cannot appear in an item name");
}

#[test]
fn unknown_items() {
    fails("A B\nA C\n", 2, 3, "unknown item `C`: expected a name from the item line");
    fails("A B\n\nA\nB a\n", 4, 3, "unknown item `a`");
    fails("A | x\nA x|2\n", 2, 3, "unknown item `x|2`");
    fails("é B\nB é ü\n", 2, 5, "unknown item `ü`");
}

#[test]
fn repeated_items_in_an_option() {
    fails("A B\nA B A\n", 2, 5, "item `A` appears twice in this option");
    fails("A | x\nA x:1 x:2\n", 2, 7, "item `x` appears twice");
    fails("A | x\nx A x\n", 2, 5, "item `x` appears twice");
}

#[test]
fn bad_colors() {
    fails("A | x\nA:1 x\n", 2, 2, "primary item `A` cannot have a color");
    fails("A | x\nA x:\n", 2, 5, "expected a color, found nothing");
    fails("A | x\nA x:a:b\n", 2, 6, "`:` cannot appear in a color");
    fails("A | x\nA :c\n", 2, 3, "expected an item name before `:`");
    fails("A | x\nA x:\u{1b}\n", 2, 5, "a color must be printable");
}

#[test]
fn malformed_costs() {
    fails("A B\nA |x\n", 2, 4, "malformed cost `|x`");
    fails("A B\nA |\n", 2, 4, "expected a decimal number after `|`");
    fails("A B\nA |--1\n", 2, 5, "malformed cost");
    fails("A B\nA |-\n", 2, 5, "expected a decimal number after `|`");
    fails("A B\nA |-9223372036854775809\n", 2, 5, "the number is too large");
    fails("A B\nA |-9223372036854775808 B |-1\n", 2, 27, "the option's total cost is too large");
    fails("A B\nA |1e3\n", 2, 4, "malformed cost");
    fails("A B\nA |9223372036854775808\n", 2, 4, "the number is too large");
    fails("A B\nA |9223372036854775807 B |1\n", 2, 26, "the option's total cost is too large");
}

#[test]
fn an_empty_option_cannot_be_written() {
    // A blank line is skipped and a line starting with `|` is a comment, as
    // in Knuth's programs; neither makes an (empty) option.
    let m = parse("A\n\n \t \n|3\nA\n").unwrap();
    assert_eq!(m.rows(), 1);
}

#[test]
fn text_that_is_not_utf8_is_reported_where_it_breaks() {
    let e = parse_bytes(b"A B\nA \xff B\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 3));
    assert!(e.message.contains("invalid UTF-8 (byte 0xFF)"), "{}", e.message);
    let e = parse_bytes(b"\xc3\xa9 \xc3\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, 3));
    assert_eq!(parse_bytes(b"A\nA\n").unwrap(), parse("A\nA\n").unwrap());
}

#[test]
fn errors_display_with_their_position_and_build_nothing() {
    let e: ParseError = parse("A\nB\n").unwrap_err();
    assert_eq!(e.to_string(), "line 2, column 1: unknown item `B`: expected a name from the item line");
    assert_eq!(e.cause(), None);
}

// ---- Writing and round trips ----

#[test]
fn write_gives_the_canonical_text() {
    let m = parse("| c\n  A   2:3|B 4|C |  x y\nA  x:r\tB |2 |3\nC y\n\nB C |0\n").unwrap();
    assert_eq!(write(&m), "A 2:3|B 4|C | x y\nA x:r B |5\nC y\nB C\n");
    assert_eq!(write(&parse(DLX1_EXAMPLE).unwrap()), "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n");
    assert_eq!(write(&parse("A B\nB A\n").unwrap()), "A B\nB A\n");
}

#[test]
fn write_names_unnamed_columns_by_index() {
    let mut m = Matrix::new(4).unwrap();
    m.set_secondary(1).unwrap();
    m.add_row(&[3, 1]).unwrap();
    m.add_row(&[0, 2]).unwrap();
    let text = write(&m);
    assert_eq!(text, "0 2 3 | 1\n3 1\n0 2\n");
    // Read back, the primary columns come first and the names keep identity.
    let back = parse(&text).unwrap();
    assert_eq!(names(&back), ["0", "2", "3", "1"]);
    assert_eq!(rows(&back), vec![vec![2, 3], vec![0, 1]]);
}

#[test]
fn round_trips_of_hand_made_texts() {
    for text in [
        DLX1_EXAMPLE,
        DLX3_EXAMPLE,
        "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
        "A | x y\nx y\nA x:1 y:é\n",
        "0:5|A 7|B 1|C | x\nA B |9\nC x:c |0\nA |1 |2 |3\n",
        "| only items\nA\n",
        "東京 ü | ∅\n東京 ∅:色\nü\n",
    ] {
        let m = parse(text).unwrap();
        let again = write(&m);
        assert_eq!(parse(&again).unwrap(), m, "{text:?}");
        assert_eq!(write(&parse(&again).unwrap()), again);
    }
}

#[test]
fn round_trips_of_every_generated_file() {
    let dir = common::generated();
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "dlx"));
    files.sort();
    assert!(files.len() >= 20, "gen_instances.py wrote {} files", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let m = parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // Every non-comment line after the item line is one option.
        let lines = text.lines().filter(|l| !l.trim_start().starts_with('|') && !l.trim().is_empty()).count();
        assert_eq!(m.rows(), lines - 1, "{}", path.display());
        let written = write(&m);
        assert_eq!(parse(&written).unwrap(), m, "{}", path.display());
        // The files are already in canonical form, apart from comments.
        let body: String = text.lines().filter(|l| !l.starts_with('|')).map(|l| format!("{l}\n")).collect();
        assert_eq!(written, body, "{}", path.display());
    }
}

#[test]
fn the_generated_files_count_as_stated() {
    // Small ones only; dlx-core/tests/knuth_counters.rs runs the larger ones.
    for name in ["queens_8.dlx", "queens_8_op.dlx", "langford_7.dlx", "langford_8.dlx", "domino_6x6.dlx"] {
        let (m, expect) = common::read_dlx(&common::generated().join(name));
        assert_eq!(m.count_solutions(None), Ok(expect), "{name}");
    }
}

/// Issue 15, finding 3: a color given in code without a name is written so
/// that it cannot be read back as a named color. Here the text names a
/// color "5" and code adds a row with color id 5 (no name): the two rows
/// must stay of different colors, so there is no solution before or after
/// the round trip.
#[test]
fn unnamed_colors_never_take_a_named_colors_text() {
    for names in [&["5"][..], &["5", "_5", "__7"], &["x", "_12"]] {
        let mut text = String::from("A B | x\n");
        for name in names {
            text.push_str(&format!("A x:{name}\n"));
        }
        let mut m = parse(&text).unwrap();
        for id in [5u32, 7, 12, u32::MAX] {
            m.add_colored_row(&[1, 2], &[0, id]).unwrap();
        }
        // Each B row differs in color from every A row: no solution.
        assert_eq!(m.count_solutions(None), Ok(0), "{names:?}");
        let back = parse(&write(&m)).unwrap();
        assert_eq!(back.count_solutions(None), Ok(0), "{names:?}:\n{}", write(&m));
        // And which entries share a color is kept.
        for r in 0..m.rows() {
            for s in 0..m.rows() {
                let same = |m: &Matrix| m.color_id(r, 1) == m.color_id(s, 1);
                assert_eq!(same(&m), same(&back), "rows {r} and {s}:\n{}", write(&m));
            }
        }
    }
}

/// Bounds (0, 0), an item no option may cover, are written `0|name`
/// and read back (Knuth's DLX3 wants an upper bound of at least 1; this
/// parser takes 0 so that every matrix with primary columns round-trips).
#[test]
fn zero_bounds_read_back() {
    let mut m = dlx_core::Matrix::new(3).unwrap();
    m.set_bounds(1, 0, 0).unwrap();
    m.add_row(&[0, 2]).unwrap();
    m.add_row(&[0, 1, 2]).unwrap();
    let text = dlx_core::format::write(&m);
    assert!(text.starts_with("0 0|1 2\n"), "{text}");
    let again = dlx_core::format::parse(&text).unwrap();
    assert_eq!(again.bounds(1), Some((0, 0)));
    assert_eq!(dlx_core::format::write(&again), text);
    // Only the row avoiding the forbidden column is a solution.
    assert_eq!(again.count_solutions(None), Ok(1));
    let short = dlx_core::format::parse("A 0|B\nA\n").unwrap();
    assert_eq!(short.bounds(1), Some((0, 0)));
}

/// A UTF-8 byte-order mark before the text is skipped.
#[test]
fn byte_order_mark_is_skipped() {
    let m = dlx_core::format::parse_bytes(b"\xef\xbb\xbfA B\nA B\n").unwrap();
    assert_eq!((m.columns(), m.rows(), m.column_name(0)), (2, 1, Some("A")));
    assert!(dlx_core::format::parse("A \u{feff}B\nA\n").is_err(), "only a leading mark is skipped");
}

/// A text that is only a byte-order mark (or a mark and a newline) has no
/// item line, reported at line 1 as for an empty text (it was line 0, and
/// an overflow in a debug build), whether parsed or read.
#[test]
fn a_byte_order_mark_alone_is_reported_at_line_1() {
    for (text, line) in [(&b"\xef\xbb\xbf"[..], 1), (b"\xef\xbb\xbf\n", 2), (b"", 1)] {
        let parsed = dlx_core::format::parse_bytes(text).unwrap_err();
        assert_eq!(parsed.line, line, "{text:?} parsed");
        match dlx_core::format::read(text, 1, None) {
            Err(dlx_core::format::ReadError::Parse(e)) => assert_eq!(e.line, line, "{text:?} read"),
            other => panic!("{text:?} read: {other:?}"),
        }
    }
}

// ---- Big texts: blocks, threads and readers ----

/// A reader that hands out its text a few bytes at a time (lengths cycling
/// through 1 to 7919), as a pipe may.
struct Trickle<'a> {
    text: &'a [u8],
    step: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.step = self.step % 7919 + 1;
        let n = self.step.min(buf.len()).min(self.text.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        Ok(n)
    }
}

/// The ways a text can be read, each with its name: in memory on 1 to 4
/// threads, and from a trickling reader on 1 and 3.
fn every_way(text: &[u8]) -> Vec<(String, Result<Matrix, ParseError>)> {
    let mut out = Vec::new();
    for threads in 1..=4 {
        out.push((format!("memory, {threads} threads"), dlx_core::format::parse_bytes_with(text, threads, None)));
    }
    for threads in [1, 3] {
        let read = dlx_core::format::read(Trickle { text, step: 0 }, threads, None).map_err(|e| match e {
            dlx_core::format::ReadError::Parse(e) => e,
            dlx_core::format::ReadError::Io(e) => panic!("a reader that cannot fail failed: {e}"),
        });
        out.push((format!("reader, {threads} threads"), read));
    }
    out
}

/// A text of some megabytes (many blocks), written from rows the test
/// draws itself: the matrix read must hold exactly those rows, colors and
/// costs, whatever the blocks, threads and reader.
#[test]
fn a_big_text_reads_the_same_every_way() {
    let (primary, secondary) = (3000usize, 40usize);
    let mut text = String::from("| a big generated text\r\n");
    for p in 0..primary {
        text.push_str(&if p % 7 == 3 { format!("0:2|p{p} ") } else { format!("p{p} ") });
    }
    text.push('|');
    for s in 0..secondary {
        text.push_str(&format!(" s{s}"));
    }
    text.push('\n');
    let mut state = 12345u64;
    let mut next = |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) % n as u64) as usize
    };
    let mut expected: Vec<(Vec<usize>, Vec<Option<String>>, i64)> = Vec::new();
    while text.len() < 6 << 20 {
        match next(50) {
            0 => text.push_str("| a comment between options\n"),
            1 => text.push_str("  \t \n"),
            _ => {}
        }
        // Mostly short rows; now and then one past the pairwise check.
        let len = if next(40) == 0 { 17 + next(60) } else { 1 + next(6) };
        let mut cols: Vec<usize> = Vec::new();
        while cols.len() < len {
            let c = if next(4) == 0 { primary + next(secondary) } else { next(primary) };
            if !cols.contains(&c) {
                cols.push(c);
            }
        }
        let mut colors = Vec::new();
        let mut words = Vec::new();
        for &c in &cols {
            if c < primary {
                words.push(format!("p{c}"));
                colors.push(None);
            } else if next(3) == 0 {
                let color = format!("k{}", next(5));
                words.push(format!("s{}:{color}", c - primary));
                colors.push(Some(color));
            } else {
                words.push(format!("s{}", c - primary));
                colors.push(None);
            }
        }
        let cost = if next(5) == 0 { next(1000) as i64 - 300 } else { 0 };
        if cost != 0 {
            words.insert(1, format!("|{cost}"));
        }
        text.push_str(&words.join(if next(9) == 0 { " \t " } else { " " }));
        text.push_str(if next(11) == 0 { "\r\n" } else { "\n" });
        expected.push((cols, colors, cost));
    }
    // The last line without its newline.
    text.push_str("p0 p1");
    expected.push((vec![0, 1], vec![None, None], 0));
    for (way, read) in every_way(text.as_bytes()) {
        let m = read.unwrap_or_else(|e| panic!("{way}: {e}"));
        assert_eq!((m.columns(), m.rows()), (primary + secondary, expected.len()), "{way}");
        for (r, (cols, colors, cost)) in expected.iter().enumerate() {
            assert_eq!(m.row(r).unwrap().collect::<Vec<_>>(), *cols, "{way}: row {r}");
            for (k, color) in colors.iter().enumerate() {
                assert_eq!(m.color(r, k), color.as_deref(), "{way}: row {r}, entry {k}");
            }
            assert_eq!(m.cost(r), Some(*cost), "{way}: row {r}");
        }
        for p in 0..primary {
            let b = if p % 7 == 3 { (0, 2) } else { (1, 1) };
            assert_eq!(m.bounds(p), Some(b), "{way}: item {p}");
        }
        assert_eq!(m.column_name(primary + 7), Some("s7"), "{way}");
    }
}

/// The line where an error is put in a big text, and the text of the
/// lines before it (so its column is counted independently).
fn big_text_with(bad: &[(usize, &str)]) -> String {
    let mut text = String::from("a b c d é\n");
    let mut line = 1;
    while text.len() < 5 << 20 || line < bad.iter().map(|b| b.0).max().unwrap_or(0) {
        line += 1;
        match bad.iter().find(|b| b.0 == line) {
            Some((_, l)) => text.push_str(l),
            None => text.push_str(["a b", "c d", "é", "a c", "b d"][line % 5]),
        }
        text.push('\n');
    }
    text
}

/// An error deep in a big text is reported at its line and column, and of
/// two, the first, however the text is read.
#[test]
fn errors_in_a_big_text_are_placed_the_same_every_way() {
    // (the bad lines, then the line, column and message expected)
    type Case<'a> = (&'a [(usize, &'a str)], usize, usize, &'a str);
    let cases: [Case; 5] = [
        (&[(400_000, "a é  zz b")], 400_000, 6, "unknown item `zz`"),
        (&[(250_001, "é c é"), (600_000, "q")], 250_001, 5, "`é` appears twice"),
        (&[(700_000, "a b |1 |x")], 700_000, 9, "malformed cost"),
        (&[(123_456, "a:red b")], 123_456, 2, "primary item `a` cannot have a color"),
        (&[(333_333, "  a"), (333_334, "b  d   b")], 333_334, 8, "`b` appears twice"),
    ];
    for (bad, line, column, part) in cases {
        let text = big_text_with(bad);
        for (way, read) in every_way(text.as_bytes()) {
            let e = read.err().unwrap_or_else(|| panic!("{way}: {bad:?} was accepted"));
            assert_eq!((e.line, e.column), (line, column), "{way}: {e}");
            assert!(e.message.contains(part), "{way}: {e}");
        }
    }
    // A byte that is not UTF-8, deep in the text.
    let mut bytes = big_text_with(&[]).into_bytes();
    let at = bytes.len() - 1000;
    let line_start = bytes[..at].iter().rposition(|&b| b == b'\n').unwrap() + 1;
    let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let column = std::str::from_utf8(&bytes[line_start..at]).unwrap().chars().count() + 1;
    bytes[at] = 0xff;
    for (way, read) in every_way(&bytes) {
        let e = read.err().unwrap_or_else(|| panic!("{way}: the bad byte was accepted"));
        assert_eq!((e.line, e.column), (line, column), "{way}: {e}");
        assert!(e.message.contains("invalid UTF-8 (byte 0xFF)"), "{way}: {e}");
    }
}

/// Lines longer than a block (here an item line and an option of 300,000
/// items, some 2 MB each) are read whole.
#[test]
fn lines_longer_than_a_block() {
    let n = 300_000;
    let names: Vec<String> = (0..n).map(|k| format!("item{k}")).collect();
    let mut text = names.join(" ");
    text.push('\n');
    text.push_str(&names.iter().rev().cloned().collect::<Vec<_>>().join(" "));
    text.push_str("\nitem5 item3\n");
    for (way, read) in every_way(text.as_bytes()) {
        let m = read.unwrap_or_else(|e| panic!("{way}: {e}"));
        assert_eq!((m.columns(), m.rows()), (n, 2), "{way}");
        assert!(m.row(0).unwrap().eq((0..n).rev()), "{way}");
        assert!(m.row(1).unwrap().eq([5, 3]), "{way}");
    }
    // The same long option with one item twice, far into the line.
    let mut twice = names.join(" ");
    twice.push('\n');
    twice.push_str(&names[..200_000].join(" "));
    twice.push_str(" item17");
    let column = names[..200_000].iter().map(|s| s.len() + 1).sum::<usize>() + 1;
    for (way, read) in every_way(twice.as_bytes()) {
        let e = read.err().unwrap_or_else(|| panic!("{way}: accepted"));
        assert_eq!((e.line, e.column), (2, column), "{way}: {e}");
        assert!(e.message.contains("`item17` appears twice"), "{way}: {e}");
    }
}
