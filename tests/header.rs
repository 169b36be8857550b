//! The committed header equals a fresh generation, and its version macros
//! agree with Cargo.toml and dlx_version().

use std::path::Path;

const FRESH: &str = include_str!(concat!(env!("OUT_DIR"), "/dlx.h"));

#[test]
fn committed_header_is_the_generated_one() {
    let committed = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/dlx.h")).unwrap();
    assert!(committed == FRESH, "include/dlx.h differs from what cbindgen generates: rebuild and commit it");
}

#[test]
fn version_macros_match_cargo_toml() {
    for (name, value) in [
        ("DLX_VERSION_MAJOR", env!("CARGO_PKG_VERSION_MAJOR")),
        ("DLX_VERSION_MINOR", env!("CARGO_PKG_VERSION_MINOR")),
        ("DLX_VERSION_PATCH", env!("CARGO_PKG_VERSION_PATCH")),
    ] {
        assert!(FRESH.contains(&format!("#define {name} {value}\n")), "{name}");
    }
    assert!(FRESH.contains(&format!("#define DLX_VERSION \"{}\"", env!("CARGO_PKG_VERSION"))));
}
