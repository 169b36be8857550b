#![no_main]
//! cargo-fuzz target: see `dlx_fuzz::checks::parse_round_trip`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| dlx_fuzz::checks::parse_round_trip(data));
