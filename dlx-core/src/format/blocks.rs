//! Where the text comes from: *blocks* of whole lines, a megabyte or so
//! each, from a text in memory (cut without copying) or from a reader (a
//! block at a time, so that a file need never be in memory at once).

use std::borrow::Cow;
use std::io::Read;

use super::ReadError;

/// The size of a block, about (a block holds whole lines, so a long line
/// makes a longer one).
pub(crate) const BLOCK: usize = 1 << 20;

/// Where the blocks of a text come from.
pub(super) trait Source<'t> {
    /// The next block: whole lines, the last line of the text perhaps
    /// without its newline; `None` at the end.
    fn next_block(&mut self) -> Result<Option<Cow<'t, [u8]>>, ReadError>;

    /// Takes back a block it gave, once parsed, to read into again.
    fn recycle(&mut self, _block: Cow<'t, [u8]>) {}
}

/// The blocks of a text in memory: slices of it, cut after a newline.
pub(super) struct SliceBlocks<'t> {
    pub bytes: &'t [u8],
}

impl<'t> Source<'t> for SliceBlocks<'t> {
    fn next_block(&mut self) -> Result<Option<Cow<'t, [u8]>>, ReadError> {
        if self.bytes.is_empty() {
            return Ok(None);
        }
        let cut = match self.bytes.get(BLOCK..).and_then(|rest| rest.iter().position(|&b| b == b'\n')) {
            Some(at) => BLOCK + at + 1,
            None => self.bytes.len(),
        };
        let (block, rest) = self.bytes.split_at(cut);
        self.bytes = rest;
        Ok(Some(Cow::Borrowed(block)))
    }
}

/// The blocks of a reader: read a block's worth at a time, cut after its
/// last newline, the rest kept for the next block.
pub(super) struct ReaderBlocks<R> {
    pub reader: R,
    pub carry: Vec<u8>,
    pub done: bool,
    /// Blocks given back, to read into again (fresh memory costs a page
    /// fault a page).
    pub spare: Vec<Vec<u8>>,
}

impl<'t, R: Read> Source<'t> for ReaderBlocks<R> {
    fn next_block(&mut self) -> Result<Option<Cow<'t, [u8]>>, ReadError> {
        let mut block = std::mem::take(&mut self.carry);
        let mut searched = 0;
        loop {
            if !self.done {
                // Room first, so that reading never reallocates (or aborts).
                block.try_reserve(BLOCK).map_err(|_| ReadError::Io(std::io::ErrorKind::OutOfMemory.into()))?;
                let want = block.capacity() - block.len();
                let got = (&mut self.reader).take(want as u64).read_to_end(&mut block).map_err(ReadError::Io)?;
                self.done = got == 0;
            }
            if self.done {
                return Ok((!block.is_empty()).then_some(Cow::Owned(block)));
            }
            if let Some(at) = block[searched..].iter().rposition(|&b| b == b'\n') {
                let cut = searched + at + 1;
                let mut carry = self.spare.pop().unwrap_or_default();
                carry.clear();
                carry.try_reserve(BLOCK + (block.len() - cut)).map_err(|_| ReadError::Io(std::io::ErrorKind::OutOfMemory.into()))?;
                carry.extend_from_slice(&block[cut..]);
                block.truncate(cut);
                self.carry = carry;
                return Ok(Some(Cow::Owned(block)));
            }
            // No newline yet: a line longer than a block; read on.
            searched = block.len();
        }
    }

    fn recycle(&mut self, block: Cow<'t, [u8]>) {
        // Two spares a thread at most are ever in use; an odd long one is let go.
        if let Cow::Owned(v) = block {
            if v.capacity() <= 4 * BLOCK && self.spare.len() < 16 {
                self.spare.push(v);
            }
        }
    }
}
