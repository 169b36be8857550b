#![no_main]
//! cargo-fuzz target: see `dlx_fuzz::checks::c_api`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::checks::c_api(data));
