//! Arbitrary bytes read as a stream of small choices; past the end every
//! choice is 0, so every input decodes to something.

pub struct Input<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Input<'a> {
    pub fn new(data: &'a [u8]) -> Input<'a> {
        Input { data, at: 0 }
    }

    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    /// A number in `0..n` (`n` at most 65536; 0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        let v = if n <= 256 { self.byte() as usize } else { (self.byte() as usize) << 8 | self.byte() as usize };
        v % n
    }

    pub fn flip(&mut self) -> bool {
        self.byte() & 1 == 1
    }

    /// One of `choices`.
    pub fn pick<T: Copy>(&mut self, choices: &[T]) -> T {
        choices[self.below(choices.len())]
    }

    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0, |v, _| v << 8 | self.byte() as u64)
    }
}
