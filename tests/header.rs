//! The committed header equals a fresh generation, and its version macros
//! agree with Cargo.toml and dlx_version().
//!
//! build.rs writes the fresh header to `$OUT_DIR` only, so the comparison
//! below is between two files that nothing keeps equal but a commit:
//! editing a doc comment or a signature in `src/ffi/` without `make header`
//! (which runs this test with `DLX_WRITE_HEADER=1`, writing the fresh
//! header over the committed one) fails it.

use std::path::Path;

// The library's C functions, linked from the crate.
use dlx as _;

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
