//! Rooms a newcomer can know: no Rust file of the workspace over 800
//! lines, no function over 80 lines but the constructors ARCHITECTURE.md
//! names (under "Functions over 80 lines"), and the engine trait `Core`
//! with at most 16 required methods.
//!
//! Wrong code it catches: a module grown back past 800 lines instead of
//! split by concern, a function grown past a screen or two, a constructor
//! over 80 lines that the map does not name, a method added to `Core` that
//! a provided one or the engine's own code could serve.

use std::fs;
use std::path::{Path, PathBuf};

const MOST_LINES: usize = 800;
const MOST_FN_LINES: usize = 80;
const MOST_REQUIRED: usize = 16;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The name of the function a line declares, if it declares one with a
/// body (`fn name(`, after any `pub`, `const`, `unsafe` or `extern "C"`).
fn declared(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    loop {
        let before = rest;
        for word in ["pub(crate) ", "pub(super) ", "pub ", "const ", "unsafe ", "extern \"C\" ", "async "] {
            rest = rest.strip_prefix(word).unwrap_or(rest);
        }
        if rest == before {
            break;
        }
    }
    let name = rest.strip_prefix("fn ")?;
    let end = name.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    Some(&name[..end])
}

/// The type of the `impl` block a line opens (`impl<K: Key> Small<K> {`:
/// `Small`; `impl Core for Mcc {`: `Mcc`), if it opens one.
fn implemented(line: &str) -> Option<String> {
    let rest = line.strip_prefix("impl")?;
    let rest = if rest.starts_with('<') { &rest[rest.find("> ")? + 2..] } else { rest.strip_prefix(' ')? };
    let rest = rest.rsplit(" for ").next()?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
    Some(rest[..end].to_string())
}

/// Each function of `text` longer than `most` lines, as `Type::name` (or
/// `name` outside an `impl`) with its first line (from 1) and its length:
/// from its `fn` line to the closing brace at its indentation.
fn long_functions(text: &str, most: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut owner: Option<String> = None;
    for (i, line) in lines.iter().enumerate() {
        if let Some(t) = implemented(line) {
            owner = Some(t);
        } else if line.starts_with(|c: char| c.is_alphabetic()) && !line.starts_with("impl") {
            owner = None;
        }
        let Some(name) = declared(line) else { continue };
        let indent = &line[..line.len() - line.trim_start().len()];
        // The line that opens the body: a declaration with none ends in `;`.
        let Some(open) = (i..lines.len()).find(|&j| lines[j].trim_end().ends_with('{') || lines[j].trim_end().ends_with(';')) else { continue };
        if lines[open].trim_end().ends_with(';') {
            continue;
        }
        let close = format!("{indent}}}");
        let Some(end) = (open + 1..lines.len()).find(|&j| lines[j].trim_end() == close) else { continue };
        let len = end - i + 1;
        if len > most {
            let full = match (&owner, indent.is_empty()) {
                (Some(t), false) => format!("{t}::{name}"),
                _ => name.to_string(),
            };
            out.push((full, i + 1, len));
        }
    }
    out
}

/// The required methods of trait `name` in `text` (declarations without a
/// body, one a line).
fn required_methods(text: &str, name: &str) -> Vec<String> {
    let mut lines = text.lines().skip_while(|l| !(l.contains(&format!("trait {name}")) && l.trim_end().ends_with('{')));
    lines.next();
    lines.take_while(|l| *l != "}").filter(|l| l.trim_end().ends_with(';')).filter_map(declared).map(String::from).collect()
}

/// The constructors ARCHITECTURE.md allows over 80 lines: the `Type::name`s
/// in backquotes in its section "Functions over 80 lines".
fn allowed(map: &str) -> Vec<String> {
    let section: String = map.lines().skip_while(|l| !l.starts_with("## Functions over 80 lines")).skip(1).take_while(|l| !l.starts_with("## ")).collect::<Vec<_>>().join(" ");
    section.split('`').skip(1).step_by(2).filter(|w| w.contains("::")).map(String::from).collect()
}

#[test]
fn no_file_function_or_trait_is_too_big_to_know() {
    let files: Vec<PathBuf> = dlx_testkit::workspace_paths().into_iter().filter(|p| p.extension().is_some_and(|e| e == "rs")).map(|p| root().join(p)).collect();
    assert!(files.len() > 100, "the workspace's files were found ({})", files.len());
    let map = fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let allowed = allowed(&map);
    assert!(!allowed.is_empty(), "ARCHITECTURE.md names the constructors allowed over 80 lines");
    let mut faults = Vec::new();
    let mut seen_allowed = Vec::new();
    for path in &files {
        let text = fs::read_to_string(path).expect("a source file");
        let shown = path.strip_prefix(root()).unwrap_or(path).display();
        let lines = text.lines().count();
        if lines > MOST_LINES {
            faults.push(format!("{shown}: {lines} lines (at most {MOST_LINES}: split it by concern)"));
        }
        for (name, at, len) in long_functions(&text, MOST_FN_LINES) {
            if allowed.contains(&name) {
                seen_allowed.push(name);
            } else {
                faults.push(format!("{shown}:{at}: {name} has {len} lines (at most {MOST_FN_LINES})"));
            }
        }
    }
    let engine = fs::read_to_string(root().join("dlx-core/src/engine/mod.rs")).expect("the engine trait");
    let required = required_methods(&engine, "Core");
    if required.len() > MOST_REQUIRED || required.len() < 8 {
        faults.push(format!("Core has {} required methods (at most {MOST_REQUIRED}): {}", required.len(), required.join(", ")));
    }
    // A name the map allows that is no longer long is a stale line there.
    for name in &allowed {
        if !seen_allowed.contains(name) {
            faults.push(format!("ARCHITECTURE.md allows {name} over {MOST_FN_LINES} lines, and it is not"));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The checker itself, on planted text.
#[test]
fn the_checker_finds_planted_long_functions_and_methods() {
    let body = "        x += 1;\n".repeat(MOST_FN_LINES - 2);
    let text = format!("impl<K: Key> Small<K> {{\n    pub(crate) fn long(&mut self) {{\n{body}    }}\n\n    fn short(&self) {{\n    }}\n}}\n\nunsafe fn free() {{\n{body}    x\n}}\n");
    let found = long_functions(&text, MOST_FN_LINES);
    assert_eq!(found, vec![("free".to_string(), MOST_FN_LINES + 7, MOST_FN_LINES + 1)], "80 lines is allowed, 81 is not");
    let text = text.replace("    }\n\n    fn short", "        x += 1;\n    }\n\n    fn short");
    let names: Vec<String> = long_functions(&text, MOST_FN_LINES).into_iter().map(|f| f.0).collect();
    assert_eq!(names, ["Small::long", "free"]);
    let methods = (0..17).map(|i| format!("    fn m{i}(&self) -> u32;\n")).collect::<String>();
    let traits = format!("pub(crate) trait Planted: Send {{\n{methods}    fn provided(&self) {{\n    }}\n}}\n");
    assert_eq!(required_methods(&traits, "Planted").len(), 17);
    assert_eq!(implemented("impl Core for Mcc {").as_deref(), Some("Mcc"));
    let map = "## Functions over 80 lines\n\nNone but `Mcc::new` and\n`Small::new` (`tests/sizes.rs`).\n\n## Next\n`Other::new`";
    assert_eq!(allowed(map), ["Mcc::new", "Small::new"]);
}
