//! The text format: parse, write, parse again.

use dlx_core::format;

use super::problem::Problem;

/// Any bytes: either a parse error with a position inside the text, or a
/// matrix whose written text has the length `written_len` says, reads back
/// to the same problem (names, bounds, colors as equal-or-not, costs), and
/// writes again to the same text. Small results also count alike.
pub fn parse_round_trip(data: &[u8]) {
    let m = match format::parse_bytes(data) {
        Ok(m) => m,
        Err(e) => {
            let lines = data.split(|&b| b == b'\n').count();
            assert!(e.line >= 1 && e.line <= lines.max(1), "error line {} of {lines}: {e}", e.line);
            assert!(e.column >= 1, "error column {}: {e}", e.column);
            return;
        }
    };
    let text = format::write(&m);
    assert_eq!(format::written_len(&m), text.len(), "written_len");
    let again = format::parse(&text).unwrap_or_else(|e| panic!("written text does not parse: {e}\n{text}"));
    assert_eq!(format::write(&again), text, "the text is not a fixed point");
    let (a, b) = (Problem::of(&m), Problem::of(&again));
    assert_eq!(a.secondary, b.secondary);
    assert_eq!(a.bounds, b.bounds);
    assert_eq!(a.costs, b.costs);
    assert_eq!(a.rows.len(), b.rows.len());
    for (ra, rb) in a.rows.iter().zip(&b.rows) {
        let cols = |r: &Vec<(usize, u32)>| r.iter().map(|e| e.0).collect::<Vec<_>>();
        assert_eq!(cols(ra), cols(rb));
    }
    // Colors may be renumbered, but equal ones stay equal, and "none" none.
    let entries = |p: &Problem| p.rows.iter().flatten().map(|e| e.1).collect::<Vec<u32>>();
    let (ka, kb) = (entries(&a), entries(&b));
    for i in 0..ka.len() {
        assert_eq!(ka[i] == 0, kb[i] == 0);
        for j in 0..i {
            assert_eq!(ka[i] == ka[j], kb[i] == kb[j], "colors of entries {j} and {i}");
        }
    }
    for c in 0..m.columns() {
        assert_eq!(m.column_name(c), again.column_name(c));
    }
    let usable = a.rows.iter().filter(|r| r.iter().any(|e| !a.secondary[e.0])).count();
    if usable <= 12 {
        let expect = a.solutions(&[]).len() as u64;
        assert_eq!(m.count_solutions(None).expect("a count"), expect, "count of the parsed matrix");
        assert_eq!(again.count_solutions(None).expect("a count"), expect, "count after the round trip");
    }
}
