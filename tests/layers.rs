//! The modules of each crate import one another without a circle: the
//! core's (`dlx-core/src/`) and the C API's (`src/`). Between crates cargo
//! allows none.
//!
//! A *unit* is a top-level module of the crate (`dlx-core/src/control.rs`)
//! or a folder (`dlx-core/src/engine/`), except that each file of
//! `src/ffi/` is a unit of its own (`ffi/solver`, `ffi/mod`). Every path written in a file (`crate::a::b`,
//! `crate::{a, b}`, and in `src/ffi/` also `super::solver`) is an edge from
//! the file's unit to the unit it names. The test fails, naming the circle,
//! when one unit reaches itself. ARCHITECTURE.md draws the layers this keeps.
//!
//! Wrong code it catches: `search` calling into `parallel` while `parallel`
//! calls back into `search`, or `ffi/solver` and `ffi/memo` each importing
//! the other (both were so at bb8241a).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeMap<String, String>>;

/// The unit of a file, from its path below the crate's `src/`.
fn unit_of(rel: &Path) -> String {
    let parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let stem = |s: &str| s.trim_end_matches(".rs").to_string();
    match parts.as_slice() {
        [dir, file] if dir == "ffi" => format!("ffi/{}", stem(file)),
        [dir, _, ..] => dir.clone(),
        [file] => stem(file),
        [] => unreachable!("a file below src/ has a name"),
    }
}

/// The text with `//` comments (doc comments included) and string
/// literals' contents taken out, so that prose and messages name nothing.
fn code_of(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_str = false;
        let mut prev = ' ';
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if in_str {
                if c == '"' && prev != '\\' {
                    in_str = false;
                    out.push('"');
                }
                prev = if prev == '\\' && c == '\\' { ' ' } else { c };
                continue;
            }
            if c == '/' && chars.peek() == Some(&'/') {
                break;
            }
            if c == '"' {
                in_str = true;
                out.push('"');
                prev = ' ';
                continue;
            }
            out.push(c);
            prev = c;
        }
        out.push('\n');
    }
    out
}

fn ident_at(s: &str) -> &str {
    let end = s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
    &s[..end]
}

/// The first names of a brace group `{a::x, b, c::{d, e}}` that starts `s`
/// (just after the `{`).
fn group_heads(s: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0usize;
    let mut at_start = true;
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => at_start = true,
            c if c.is_whitespace() => {}
            _ if at_start && depth == 0 => {
                heads.push(ident_at(&s[i..]).to_string());
                at_start = false;
            }
            _ => {}
        }
    }
    heads
}

/// The names that follow `prefix` (`crate::` or `super::`) anywhere in the
/// code: `prefix name` or each head of `prefix {..}`.
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before_ok = rest[..at].chars().last().is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        let after = &rest[at + prefix.len()..];
        if before_ok {
            if let Some(group) = after.strip_prefix('{') {
                names.extend(group_heads(group));
            } else {
                names.push(ident_at(after).to_string());
            }
        }
        rest = after;
    }
    names.retain(|n| !n.is_empty() && n != "self" && n != "super");
    names
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir).expect("src/ is readable").map(|e| e.expect("entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each unit's imports: the unit it names, and one file that names it.
fn import_graph(src: &Path) -> Graph {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let ffi_files: BTreeSet<String> = files
        .iter()
        .filter_map(|f| f.strip_prefix(src).ok())
        .filter(|r| r.parent() == Some(Path::new("ffi")))
        .map(|r| r.file_stem().unwrap_or_default().to_string_lossy().into_owned())
        .collect();
    let mut graph = Graph::new();
    for file in &files {
        let rel = file.strip_prefix(src).expect("below src/");
        let unit = unit_of(rel);
        let code = code_of(&fs::read_to_string(file).expect("a source file is readable"));
        let mut targets: Vec<String> = Vec::new();
        for name in names_after(&code, "crate::") {
            if name == "ffi" {
                // crate::ffi::solver::x names a file of ffi/.
                targets.extend(names_after(&code, "crate::ffi::").into_iter().map(|n| ffi_unit(&ffi_files, &n)));
            } else {
                targets.push(name);
            }
        }
        if unit.starts_with("ffi/") && unit != "ffi/mod" {
            targets.extend(names_after(&code, "super::").into_iter().map(|n| ffi_unit(&ffi_files, &n)));
        }
        let edges = graph.entry(unit.clone()).or_default();
        for target in targets {
            if target != unit {
                edges.entry(target).or_insert_with(|| rel.display().to_string());
            }
        }
    }
    graph
}

/// `ffi/name` for a file of ffi/, else `ffi/mod` (an item of ffi/mod.rs).
fn ffi_unit(ffi_files: &BTreeSet<String>, name: &str) -> String {
    if ffi_files.contains(name) && name != "mod" {
        format!("ffi/{name}")
    } else {
        "ffi/mod".to_string()
    }
}

/// A circle through the graph, as the units in order, if there is one.
fn find_circle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(u: &str, graph: &Graph, state: &mut BTreeMap<String, u8>, path: &mut Vec<String>) -> Option<Vec<String>> {
        state.insert(u.to_string(), 1);
        path.push(u.to_string());
        for v in graph.get(u).into_iter().flat_map(|e| e.keys()) {
            match state.get(v.as_str()).copied().unwrap_or(0) {
                1 => {
                    let from = path.iter().position(|p| p == v).expect("on the path");
                    let mut circle = path[from..].to_vec();
                    circle.push(v.clone());
                    return Some(circle);
                }
                0 => {
                    if let Some(c) = visit(v, graph, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(u.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for u in graph.keys() {
        if state.get(u.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(u, graph, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

fn describe(graph: &Graph, circle: &[String]) -> String {
    circle
        .windows(2)
        .map(|w| format!("{} -> {} (in {})", w[0], w[1], graph[&w[0]][&w[1]]))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn no_import_circle_among_the_modules_of_the_core() {
    no_import_circle_in("dlx-core/src", "matrix");
}

#[test]
fn no_import_circle_among_the_files_of_the_c_api() {
    no_import_circle_in("src", "ffi/solver");
}

/// The crate whose sources are in `dir` (from the workspace's top) has no
/// import circle; `unit` is one the walk must find.
fn no_import_circle_in(dir: &str, unit: &str) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let graph = import_graph(&src);
    assert!(graph.contains_key(unit), "the walk found the units of {dir}");
    // A path through the crate root's re-exports (`crate::Error`) would
    // hide the module it comes from: every path names a module.
    for (unit, edges) in &graph {
        for (target, file) in edges {
            assert!(graph.contains_key(target), "{unit} names crate::{target} (in {dir}/{file}), not a module: name the module");
        }
    }
    if let Some(circle) = find_circle(&graph) {
        panic!("an import circle in {dir}:\n{}", describe(&graph, &circle));
    }
}

/// The checker itself: it sees a circle written in each way it reads.
#[test]
fn the_checker_sees_circles() {
    let dir = std::env::temp_dir().join(format!("dlx-layers-{}", std::process::id()));
    let write = |rel: &str, text: &str| {
        let path = dir.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    };
    write("a.rs", "use crate::{b::X, c};\n// crate::z in a comment\nlet s = \"crate::z\";\n");
    write("b/mod.rs", "pub fn f() { crate::a::g() }\n");
    write("c.rs", "");
    write("ffi/one.rs", "use super::two::f;\nuse super::{guard, CEnum};\n");
    write("ffi/two.rs", "fn h() { crate::ffi::one::k() }\n");
    write("ffi/mod.rs", "pub mod one; pub mod two;\n");
    let graph = import_graph(&dir);
    let _ = fs::remove_dir_all(&dir);
    let edges = |u: &str| graph[u].keys().cloned().collect::<Vec<_>>();
    assert_eq!(edges("a"), ["b", "c"], "grouped imports, comments and strings");
    assert_eq!(edges("b"), ["a"]);
    assert_eq!(edges("ffi/one"), ["ffi/mod", "ffi/two"]);
    assert_eq!(edges("ffi/two"), ["ffi/one"]);
    let circle = find_circle(&graph).expect("a circle");
    assert_eq!(circle.first(), circle.last());
}
