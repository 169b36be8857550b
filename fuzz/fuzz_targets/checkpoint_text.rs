#![no_main]
//! cargo-fuzz target: see `dlx_fuzz::checks::checkpoint_text`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::checks::checkpoint_text(data));
