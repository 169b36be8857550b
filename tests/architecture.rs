//! ARCHITECTURE.md stays a short map that tells the truth: at most 150
//! lines, and every path, crate, type, function and C name it writes
//! exists in the workspace.
//!
//! Wrong code it catches: a file moved or renamed (as `src/format.rs` was,
//! while a map still named it), a type or method renamed, a header name
//! dropped, with the map unchanged; and the map growing back into a second
//! copy of the module docs.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// What the workspace holds, read once.
struct Workspace {
    paths: Vec<PathBuf>,
    /// The text of every Rust and Python source.
    sources: Vec<(PathBuf, String)>,
    header: String,
    crates: BTreeSet<String>,
}

impl Workspace {
    fn read() -> Workspace {
        let paths = dlx_testkit::workspace_paths();
        let sources = paths
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "rs" || e == "py"))
            .map(|p| (p.clone(), fs::read_to_string(root().join(p)).unwrap_or_default()))
            .collect();
        let header = fs::read_to_string(root().join("include/dlx.h")).expect("include/dlx.h");
        let crates = paths
            .iter()
            .filter(|p| p.file_name().is_some_and(|n| n == "Cargo.toml"))
            .filter_map(|p| fs::read_to_string(root().join(p)).ok())
            .filter_map(|t| t.lines().find_map(|l| l.strip_prefix("name = \"").map(|n| n.trim_end_matches('"').to_string())))
            .collect();
        Workspace { paths, sources, header, crates }
    }

    /// A path from the top, below a crate's `src/`, or a file or folder
    /// name found anywhere (the map writes `dlx1.rs` under `engine/`).
    fn has_path(&self, p: &str) -> bool {
        let p = p.trim_end_matches('/');
        let bases = ["", "dlx-core/src/", "dlx-core/src/engine/", "src/", "dlx-tool/src/"];
        bases.iter().any(|b| root().join(format!("{b}{p}")).exists())
            || (!p.contains('/') && self.paths.iter().any(|q| q.file_name().is_some_and(|n| n == p)))
    }

    /// A source that defines `name` by one of `kinds` (`fn`, `struct`, ...).
    fn defining(&self, kinds: &[&str], name: &str) -> Option<&str> {
        self.sources.iter().find_map(|(_, text)| {
            let found = kinds.iter().any(|k| {
                let at = format!("{k} {name}");
                text.match_indices(&at).any(|(i, _)| !text[i + at.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_'))
            });
            found.then_some(text.as_str())
        })
    }

    /// Why the map's code word `w` names nothing, or `None` when it does.
    fn missing(&self, w: &str) -> Option<String> {
        const TYPES: &[&str] = &["struct", "enum", "trait", "type"];
        const ITEMS: &[&str] = &["fn", "mod", "const", "static", "def", "struct", "enum", "trait", "type"];
        let is_word = |s: &str| s.chars().all(|c| c.is_alphanumeric() || c == '_');
        let in_header = |s: &str| self.header.contains(s);
        // A pattern (`DLX_*`, `engine/<name>.rs`): what comes before its
        // wild part must exist.
        if let Some(at) = w.find(['*', '<']) {
            let fixed = &w[..at];
            let there = if fixed.contains('/') { self.has_path(fixed) } else { in_header(fixed) };
            return (!there).then(|| format!("nothing matches {w}"));
        }
        if w.contains('/') || w.ends_with(".rs") || w.ends_with(".md") || w.ends_with(".py") || w.ends_with(".h") {
            return (!self.has_path(w)).then(|| format!("no file or folder {w}"));
        }
        if w.starts_with("lib") && (w.ends_with(".so") || w.ends_with(".a")) {
            return None; // a build's output, named by Cargo.toml's [lib]
        }
        if w.starts_with("dlx_") || w.starts_with("DLX_") {
            return (!in_header(w)).then(|| format!("{w} is not in include/dlx.h"));
        }
        if self.crates.contains(w) || w == "dlxcover" {
            return None;
        }
        if let Some((head, last)) = w.rsplit_once("::") {
            let ty = head.split("::").find(|s| s.starts_with(char::is_uppercase));
            return match ty {
                Some(ty) => match self.defining(TYPES, ty) {
                    None => Some(format!("no type {ty} (for {w})")),
                    Some(text) => (!text.contains(last)).then(|| format!("{ty}'s file has no {last}")),
                },
                None => (self.defining(ITEMS, last).is_none()).then(|| format!("no item {last} (for {w})")),
            };
        }
        if !is_word(w) {
            return None; // prose in code marks (`make test`, `--engine`)
        }
        if w.starts_with(char::is_uppercase) && w.chars().any(char::is_lowercase) {
            return self.defining(TYPES, w).is_none().then(|| format!("no type {w}"));
        }
        let keyword = ["pub", "fn", "mod", "impl", "trait", "struct", "enum"].contains(&w);
        let python = self.sources.iter().any(|(p, t)| p.extension().is_some_and(|e| e == "py") && t.contains(&format!("{w} =")));
        (!keyword && !python && self.defining(ITEMS, w).is_none()).then(|| format!("no item {w}"))
    }
}

/// The words between backticks, and the paths in the diagram's code block.
fn named(map: &str) -> Vec<String> {
    let mut words: Vec<String> = map.split('`').skip(1).step_by(2).filter(|w| !w.is_empty() && !w.contains(' ')).map(String::from).collect();
    let mut in_block = false;
    for line in map.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            let tokens = line.split(|c: char| c.is_whitespace() || "(),·;".contains(c));
            words.extend(tokens.filter(|t| t.ends_with(".rs") || (t.ends_with('/') && t.len() > 1)).map(String::from));
        }
    }
    words
}

#[test]
fn the_map_is_short_and_names_what_exists() {
    let map = fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let lines = map.lines().count();
    assert!(lines <= 150, "ARCHITECTURE.md has {lines} lines: a map of at most 150 points into the module docs");
    let ws = Workspace::read();
    let words = named(&map);
    assert!(words.len() > 50, "the map's names were read ({} of them)", words.len());
    let missing: Vec<String> = words.iter().filter_map(|w| ws.missing(w)).collect();
    assert!(missing.is_empty(), "ARCHITECTURE.md names what is not there:\n{}", missing.join("\n"));
}

/// The checker itself: each kind of name, right and wrong.
#[test]
fn the_checker_tells_names_that_exist_from_those_that_do_not() {
    let ws = Workspace::read();
    for good in ["DLX_*", "dlx-core/src/engine/<name>.rs", "dlx-core/src/matrix/", "engine/", "dlx1.rs", "Solver", "Solver::run", "control::drive_in", "dlx_solver_run", "DLX_STOPPED", "POLL_NODES", "dlx-core", "guard"] {
        assert_eq!(ws.missing(good), None, "{good}");
    }
    for bad in ["NOWHERE_*", "dlx-core/src/nowhere/<name>.rs", "src/format.rs", "dlx-core/src/nowhere/", "Solverr", "Solver::fly", "control::drive_out", "dlx_solver_fly", "DLX_NOWHERE", "POLL_NODE_S", "guardd"] {
        assert!(ws.missing(bad).is_some(), "{bad} passed");
    }
}
