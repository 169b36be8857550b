//! bench/parse.py's harness: reads FILE into a matrix and says its size,
//! nothing else, so that reading is timed apart from the solver. Built
//! against an older commit it reads as the tool then did (the whole file,
//! then `parse_bytes`); built with `--cfg stream`, as the tool now does
//! (`format::read`, a block at a time, on every core).
fn main() {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: parse_phase FILE");
        std::process::exit(2);
    };
    #[cfg(not(stream))]
    let m = std::fs::read(&path).map_err(|e| e.to_string()).and_then(|b| dlx::format::parse_bytes(&b).map_err(|e| e.to_string()));
    #[cfg(stream)]
    let m = std::fs::File::open(&path).map_err(|e| e.to_string()).and_then(|f| {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
        dlx::format::read(f, threads, None).map_err(|e| e.to_string())
    });
    match m {
        Ok(m) => println!("{} items, {} options", m.columns(), m.rows()),
        Err(e) => {
            eprintln!("parse_phase: {e}");
            std::process::exit(1);
        }
    }
}
