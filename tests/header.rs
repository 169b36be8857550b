//! The committed header equals a fresh generation, and its version macros
//! agree with Cargo.toml and dlx_version().
//!
//! build.rs writes the fresh header to `$OUT_DIR` only, so the comparison
//! below is between two files that nothing keeps equal but a commit:
//! editing a doc comment or a signature in `src/ffi/` without `make header`
//! (which runs this test with `DLX_WRITE_HEADER=1`, writing the fresh
//! header over the committed one) fails it.

// Links the C library (this package) into the test, for `dlx_version`.
use dlx as _;
use std::path::Path;

// The library's C functions, linked from the crate.
use dlx_core as _;

const FRESH: &str = include_str!(concat!(env!("OUT_DIR"), "/dlx.h"));

fn committed_path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("include/dlx.h")
}

#[test]
fn committed_header_is_the_generated_one() {
    let path = committed_path();
    if std::env::var_os("DLX_WRITE_HEADER").is_some_and(|v| v == "1") {
        std::fs::write(&path, FRESH).expect("include/dlx.h is writable");
    }
    let committed = std::fs::read_to_string(&path).expect("include/dlx.h is readable");
    if committed != FRESH {
        let line = committed.lines().zip(FRESH.lines()).position(|(a, b)| a != b).map_or_else(
            || committed.lines().count().min(FRESH.lines().count()) + 1,
            |i| i + 1,
        );
        panic!("include/dlx.h differs from what cbindgen generates from src/ffi/ (first at line {line}): run `make header` and commit it");
    }
}

/// The version in Cargo.toml's text (its first `version = "..."` line, the
/// package's), read at test time rather than through cargo's variables.
fn cargo_toml_version() -> String {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).expect("Cargo.toml");
    let line = text.lines().find(|l| l.starts_with("version = \"")).expect("a version line");
    line.trim_start_matches("version = \"").trim_end_matches('"').to_string()
}

#[test]
fn version_macros_match_cargo_toml() {
    let version = cargo_toml_version();
    let parts: Vec<&str> = version.split('.').collect();
    assert_eq!(parts.len(), 3, "Cargo.toml's version {version} is MAJOR.MINOR.PATCH");
    let committed = std::fs::read_to_string(committed_path()).expect("include/dlx.h is readable");
    for (name, value) in [("DLX_VERSION_MAJOR", parts[0]), ("DLX_VERSION_MINOR", parts[1]), ("DLX_VERSION_PATCH", parts[2])] {
        assert!(committed.contains(&format!("#define {name} {value}\n")), "{name} is not {value} in include/dlx.h");
    }
    assert!(committed.contains(&format!("#define DLX_VERSION \"{version}\"")), "DLX_VERSION is not {version}");
}

#[test]
fn dlx_version_is_cargo_tomls() {
    extern "C" {
        fn dlx_version() -> *const std::ffi::c_char;
    }
    // SAFETY: dlx_version returns a static NUL-terminated string.
    let v = unsafe { std::ffi::CStr::from_ptr(dlx_version()) };
    assert_eq!(v.to_str().expect("ASCII"), cargo_toml_version());
}

/// The header's text without its comments (`/* */` and `//`) and string
/// literals, so that only declarations are left.
fn code_of(header: &str) -> String {
    let (mut out, mut rest) = (String::new(), header);
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.split_once("*/").map_or("", |(_, r)| r);
            out.push(' ');
        } else if let Some(after) = rest.strip_prefix("//") {
            rest = after.split_once('\n').map_or("", |(_, r)| r);
            out.push('\n');
        } else if let Some(after) = rest.strip_prefix('"') {
            rest = after.split_once('"').map_or("", |(_, r)| r);
            out.push_str(" STRING ");
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The names the header declares at file scope: its macros, the names
/// its typedefs, structs and enums introduce, the enums' constants, and
/// every function (or function pointer type) declared.
fn declared_names(header: &str) -> Vec<String> {
    let code = code_of(header);
    let mut names = Vec::new();
    let word_after = |s: &str| s.trim_start().split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("").to_string();
    for line in code.lines() {
        if let Some(rest) = line.trim_start().strip_prefix("#define") {
            names.push(word_after(rest));
        }
    }
    // Preprocessor lines aside, the C text as tokens.
    let c_text: String = code.lines().filter(|l| !l.trim_start().starts_with('#')).collect::<Vec<_>>().join("\n");
    let mut tokens = Vec::new();
    let mut word = String::new();
    for ch in c_text.chars() {
        if ch.is_alphanumeric() || ch == '_' {
            word.push(ch);
            continue;
        }
        if !word.is_empty() {
            tokens.push(std::mem::take(&mut word));
        }
        if !ch.is_whitespace() {
            tokens.push(ch.to_string());
        }
    }
    let keyword = |t: &str| ["sizeof", "extern", "const", "void", "int", "char", "double", "float", "unsigned", "long", "bool", "return"].contains(&t);
    let mut depth = 0; // braces, not counting extern "C"'s
    let mut in_enum = false;
    let mut expect_constant = false;
    let mut statement = 0; // where the file-scope statement at hand starts
    for (i, t) in tokens.iter().enumerate() {
        let next = tokens.get(i + 1).map(String::as_str);
        let ident = t.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_');
        match t.as_str() {
            "{" if i >= 2 && tokens[i - 1] == "STRING" && tokens[i - 2] == "extern" => statement = i + 1,
            "}" if depth == 0 => statement = i + 1,
            "{" => {
                depth += 1;
                expect_constant = in_enum;
            }
            "}" if depth > 0 => {
                depth -= 1;
                in_enum = false;
                expect_constant = false;
            }
            "," if in_enum => expect_constant = true,
            "struct" | "enum" if ident => {
                if let Some(n) = next.filter(|n| *n != "{") {
                    names.push(n.to_string());
                }
                // An enum with a body (after its name and maybe its
                // underlying type), not a typedef of one.
                let body = tokens[i..].iter().find(|t| *t == "{" || *t == ";").is_some_and(|t| t == "{");
                if t == "enum" && depth == 0 && body {
                    in_enum = true;
                }
            }
            _ if ident && expect_constant => {
                names.push(t.clone());
                expect_constant = false;
            }
            // A function, or the name of a function pointer type.
            _ if ident && next == Some("(") && !keyword(t) && depth == 0 => names.push(t.clone()),
            _ if ident && depth == 0 && next == Some(")") && i >= 1 && tokens[i - 1] == "*" && tokens.get(i + 2).is_some_and(|t| t == "(") => names.push(t.clone()),
            // A typedef's name: the last word before its `;` at file scope
            // (a function pointer type's ends in `)`, and is named above).
            ";" if depth == 0 => {
                if tokens.get(statement).is_some_and(|t| t == "typedef") && tokens[i - 1] != ")" {
                    names.push(tokens[i - 1].clone());
                }
                statement = i + 1;
            }
            _ => {}
        }
    }
    names
}

/// Wrong code caught: a crate-internal constant (`VERSION`, `MARGIN`,
/// `RARE`, ...) exported by cbindgen as an unprefixed macro, or any
/// other type, enum constant or function without the library's prefix:
/// a C program that uses that name for its own then fails to compile.
#[test]
fn every_name_of_the_header_is_prefixed() {
    let header = std::fs::read_to_string(committed_path()).expect("include/dlx.h is readable");
    let names = declared_names(&header);
    // The parser must see the header's kinds of declaration at all.
    for known in ["DLX_H", "DLX_VERSION", "dlx_matrix", "dlx_status", "DLX_ERR_NULL", "dlx_solver_new", "dlx_batch_fn", "dlx_counter"] {
        assert!(names.iter().any(|n| n == known), "the parse of the header missed {known}: {names:?}");
    }
    let bad: Vec<&String> = names.iter().filter(|n| !n.starts_with("DLX_") && !n.starts_with("dlx_")).collect();
    assert!(bad.is_empty(), "include/dlx.h declares names without the DLX_/dlx_ prefix: {bad:?}");
}

/// Wrong code caught: the parse of [`every_name_of_the_header_is_prefixed`]
/// missing a kind of declaration, so that a leak of it passes unseen.
#[test]
fn the_name_check_sees_each_kind_of_declaration() {
    let text = "/* VERSION */\n#define MARGIN 4.0\n#define DLX_OK_ONE 1\ntypedef struct tidy tidy;\n\
                typedef enum { DLX_A = 0, RARE = 1, } dlx_kind;\ntypedef enum loose loose_t;\nstruct dlx_p { const int *q; };\nenum loose { DLX_B, LOOKUPS };\n\
                typedef void (*hook_fn)(void *user);\nint solve_it(int x);\n\
                #ifdef __cplusplus\nextern \"C\" {\n#endif\nvoid dlx_fine(int a, int b);\nvoid leaked(void);\n\
                #ifdef __cplusplus\n}\n#endif\nstruct dlx_s { int field_name; };\n";
    let names = declared_names(text);
    for want in ["loose_t", "MARGIN", "DLX_OK_ONE", "tidy", "RARE", "dlx_kind", "loose", "LOOKUPS", "hook_fn", "solve_it", "dlx_fine", "leaked", "DLX_A", "DLX_B", "dlx_s"] {
        assert!(names.iter().any(|n| n == want), "{want} not seen: {names:?}");
    }
    for not in ["q", "const", "VERSION", "field_name", "user", "x", "a", "b"] {
        assert!(!names.iter().any(|n| n == not), "{not} taken for a declaration: {names:?}");
    }
}

/// The header's opening says how many opaque handles there are and that
/// every macro is DLX_ prefixed; both are counted in the header itself.
/// Wrong code it catches: a new handle (as `dlx_zdd` was) or an
/// unprefixed macro (as `DEFAULT_WORK` was) with the opening unchanged.
#[test]
fn the_opening_facts_are_true() {
    let text = std::fs::read_to_string(committed_path()).expect("include/dlx.h is readable");
    let opening = &text[..text.find("*/").expect("the opening comment ends")];
    let handles: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("typedef struct "))
        .filter(|rest| rest.ends_with(';') && !rest.contains('{'))
        .collect();
    let words = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight"];
    let said = format!("{} opaque handles", words[handles.len()]);
    assert!(opening.contains(&said), "the opening does not say \"{said}\": {handles:?}");
    for handle in &handles {
        let name = handle.split(' ').next().unwrap_or_default();
        assert!(opening.contains(name), "the opening does not name the handle {name}");
    }
    assert!(opening.contains("its macros are DLX_ prefixed"));
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("#define ") {
            assert!(rest.starts_with("DLX_"), "a macro without the DLX_ prefix: {line}");
        }
    }
}
