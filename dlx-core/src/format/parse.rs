//! Reading Knuth's format (see the [module documentation](super)).
//!
//! The text comes as *blocks* of whole lines, a megabyte or so each, from a
//! [`Source`] (`blocks`): a text in memory, cut without copying, or a reader, read a
//! block at a time so that a file need never be in memory at once. The
//! item line is read first, into the names and the [`NameIndex`]; then the
//! option blocks are parsed in *rounds* of one block per thread, each block
//! on its own into its own lists (the names and index are only read), and
//! appended to the matrix in order. So the matrix, the row numbers and the
//! error reported (the first in the text) do not depend on the number of
//! threads.
//!
//! Within a block each entry's name is hashed, and its slot of the index
//! asked for, [`AHEAD`] entries before it is looked up: the lookups of a
//! big file miss the cache, and this way their waits overlap.

use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicUsize, Ordering};

use super::blocks::Source;
use super::directive;
use super::index::NameIndex;
use super::{ParseError, ReadError};
use crate::error::Error;
use crate::matrix::{Matrix, Names, DEFAULT_BOUNDS};


/// How many entries ahead of a lookup the next ones are hashed and their
/// slots prefetched.
const AHEAD: usize = 16;


/// Whether byte `b` separates names, as C's `isspace` in Knuth's programs
/// (the newline ends the line before this is asked).
fn is_blank_byte(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// A word of a line: its byte offset in the line and its text.
#[derive(Clone, Copy)]
struct Token<'a> {
    at: usize,
    text: &'a str,
}

/// The words of `line`, separated by blanks, one at a time (no list is
/// built: a line may hold hundreds of millions of them).
#[derive(Clone)]
struct Tokens<'a> {
    line: &'a str,
    at: usize,
}

fn tokens(line: &str) -> Tokens<'_> {
    Tokens { line, at: 0 }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    #[inline]
    fn next(&mut self) -> Option<Token<'a>> {
        let bytes = self.line.as_bytes();
        let mut at = self.at;
        while at < bytes.len() && is_blank_byte(bytes[at]) {
            at += 1;
        }
        if at == bytes.len() {
            self.at = at;
            return None;
        }
        let start = at;
        while at < bytes.len() && !is_blank_byte(bytes[at]) {
            at += 1;
        }
        self.at = at;
        // `start` and `at` are at ASCII blanks or the ends: char boundaries.
        Some(Token { at: start, text: &self.line[start..at] })
    }
}

/// The 1-based column, in characters, of byte `at` of `line`.
fn column(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

/// A name or color quoted for a message, with unprintable characters escaped.
fn quote(s: &str) -> String {
    format!("`{}`", s.escape_debug())
}

/// Checks that `s` is a valid name (or color, as `what` says): the byte
/// offset and message of the first bad character.
fn check_name(s: &str, what: &str) -> Result<(), (usize, String)> {
    if s.is_empty() {
        return Err((0, format!("expected {what}, found nothing")));
    }
    // The usual case, at a byte a step: printable ASCII other than `:` and `|`.
    if s.bytes().all(|b| b.is_ascii_graphic() && b != b':' && b != b'|') {
        return Ok(());
    }
    for (at, c) in s.char_indices() {
        if c == ':' || c == '|' {
            return Err((at, format!("`{c}` cannot appear in {what} ({})", quote(s))));
        }
        if c.is_control() || c.is_whitespace() || c == '\u{feff}' {
            return Err((at, format!("{what} must be printable: found U+{:04X} in {}", c as u32, quote(s))));
        }
    }
    Ok(())
}

/// A decimal number of at most `max`, or why not.
fn decimal(s: &str, max: u64) -> Result<u64, &'static str> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err("expected a decimal number");
    }
    match s.parse::<u64>() {
        Ok(v) if v <= max => Ok(v),
        _ => Err("the number is too large"),
    }
}

/// A parse error for a valid text whose matrix cannot be built.
fn too_big(line: usize, column: usize, e: Error) -> ParseError {
    let cause = if e == Error::TooLarge { Error::TooLarge } else { Error::OutOfMemory };
    ParseError { line, column, message: cause.message().to_string(), cause: Some(cause) }
}

/// `bytes` as text, or the parse error at its first byte that is not
/// UTF-8 (lines counted from `line + 1`).
fn utf8(bytes: &[u8], line: usize) -> Result<&str, ParseError> {
    std::str::from_utf8(bytes).map_err(|e| {
        let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("");
        let line_start = valid.rfind('\n').map_or(0, |i| i + 1);
        ParseError::new(
            line + valid.matches('\n').count() + 1,
            valid[line_start..].chars().count() + 1,
            format!("invalid UTF-8 (byte 0x{:02X}): expected text in UTF-8", bytes[e.valid_up_to()]),
        )
    })
}

/// Whether a line is skipped: blank, or a comment (first word starts with `|`).
fn skipped(line: &str) -> bool {
    tokens(line).next().is_none_or(|t| t.text.starts_with('|'))
}

/// What the item line says: the names and their index, where the
/// secondary items start, and the bounds other than [`DEFAULT_BOUNDS`].
pub(super) struct Items {
    names: Names,
    index: NameIndex,
    first_secondary: usize,
    bounds: Vec<(usize, (u32, u32))>,
}

/// Reads the item line `line`, line `n` of the text.
fn item_line(line: &str, n: usize) -> Result<Items, ParseError> {
    let mut names = Names::default();
    let mut bounds: Vec<(usize, (u32, u32))> = Vec::new();
    let mut first_secondary: Option<usize> = None;
    for tok in tokens(line) {
        let mut rest = tok.text;
        let mut offset = 0;
        if let Some(after) = rest.strip_prefix('|') {
            if first_secondary.is_some() {
                return Err(ParseError::new(
                    n,
                    column(line, tok.at),
                    "the item line has a second `|`: expected secondary item names".into(),
                ));
            }
            first_secondary = Some(names.len());
            if after.is_empty() {
                continue;
            }
            rest = after;
            offset = 1;
        }
        let (name, bound) = item(line, n, tok.at + offset, rest, first_secondary.is_some())?;
        if let Some(bound) = bound {
            bounds.try_reserve(1).map_err(|_| too_big(n, column(line, tok.at), Error::OutOfMemory))?;
            bounds.push((names.len(), bound));
        }
        names.push(name).map_err(|e| too_big(n, column(line, tok.at), e))?;
    }
    let count = names.len();
    let index = index_names(line, n, &names)?;
    Ok(Items { names, index, first_secondary: first_secondary.unwrap_or(count), bounds })
}

/// An item's bounds, `(lower, upper)`.
type Bounds = (u32, u32);

/// One item of the item line, `text` at byte `at` of `line` (line `n`),
/// among the secondary ones or not: its name, and its bounds when they are
/// not [`DEFAULT_BOUNDS`] (`u:v|name` or `v|name`, primary items only).
fn item<'t>(line: &str, n: usize, at: usize, text: &'t str, secondary: bool) -> Result<(&'t str, Option<Bounds>), ParseError> {
    let err = |k: usize, message: String| ParseError::new(n, column(line, at + k), message);
    let Some(bar) = text.find('|') else {
        if let Some(colon) = text.find(':') {
            return Err(err(colon, format!("`:` cannot appear in an item name ({}); bounds are written `u:v|name`", quote(text))));
        }
        check_name(text, "an item name").map_err(|(k, m)| err(k, m))?;
        return Ok((text, None));
    };
    let prefix = &text[..bar];
    if secondary {
        if prefix.is_empty() || !prefix.bytes().all(|b| b.is_ascii_digit() || b == b':') {
            check_name(text, "an item name").map_err(|(k, m)| err(k, m))?;
        }
        return Err(err(0, format!("secondary item {} cannot have bounds: expected a name without `:` or `|`", quote(&text[bar + 1..]))));
    }
    let (lower_text, upper_text, upper_at) = match prefix.find(':') {
        Some(colon) => (Some(&prefix[..colon]), &prefix[colon + 1..], colon + 1),
        None => (None, prefix, 0),
    };
    let bad = |k: usize, why: &str| err(k, format!("malformed bounds {}: {why} (bounds are written `u:v|name` or `v|name`)", quote(text)));
    let upper = decimal(upper_text, u32::MAX as u64).map_err(|why| bad(upper_at, why))? as u32;
    let lower = match lower_text {
        Some(l) => decimal(l, u32::MAX as u64).map_err(|why| bad(0, why))? as u32,
        None => upper,
    };
    if lower > upper {
        return Err(bad(0, "the lower bound exceeds the upper bound"));
    }
    let name = &text[bar + 1..];
    check_name(name, "an item name").map_err(|(k, m)| err(bar + 1 + k, m))?;
    Ok((name, ((lower, upper) != DEFAULT_BOUNDS).then_some((lower, upper))))
}

/// The index of the item line's names (line `n`), every name hashed and
/// its slot asked for a little before it is filled; an error for a name
/// given twice.
fn index_names(line: &str, n: usize, names: &Names) -> Result<NameIndex, ParseError> {
    let count = names.len();
    let mut index = NameIndex::with_room(count).map_err(|e| too_big(n, 1, e))?;
    let mut hashes = [0u64; AHEAD];
    let name = |k: usize| names.get(k).unwrap_or("");
    for (k, h) in hashes.iter_mut().enumerate().take(count) {
        *h = index.hash(name(k));
        index.prefetch(*h);
    }
    for k in 0..count {
        let h = hashes[k % AHEAD];
        if k + AHEAD < count {
            let next = index.hash(name(k + AHEAD));
            index.prefetch(next);
            hashes[k % AHEAD] = next;
        }
        if !index.insert(names, h, k as u32) {
            // Named twice: find the token for the message (its name ends it).
            let tok = tokens(line).filter(|t| t.text != "|").nth(k).unwrap_or(Token { at: 0, text: "" });
            let at = tok.at + tok.text.len() - name(k).len();
            return Err(ParseError::new(
                n,
                column(line, at),
                format!("item {} is named twice in the item line", quote(name(k))),
            ));
        }
    }
    Ok(index)
}

/// One block's options, parsed: the rows as one list of columns and each
/// row's end in it, their colors and costs, and the first error.
#[derive(Default)]
struct Block {
    entries: Vec<u32>,
    ends: Vec<u32>,
    /// The line of each row, counted from 1 within the block.
    lines_of_rows: Vec<u32>,
    /// (entry, color number within the block).
    colors: Vec<(u32, u32)>,
    /// The block's colors, as byte ranges of its text, in order of first use.
    color_names: Vec<(usize, usize)>,
    /// (row, cost) for the rows that cost something.
    costs: Vec<(u32, i64)>,
    /// The number of lines the block ends (its newlines).
    lines: usize,
    /// The symmetries of its `|@symmetry` directives, one image of
    /// every column after another.
    symmetries: Vec<usize>,
    /// The first error, its line counted from 1 within the block.
    error: Option<ParseError>,
}

/// A thread's working space: its block and the seen-stamps of long rows.
#[derive(Default)]
struct Worker {
    block: Block,
    /// `seen[c] == stamp` when column `c` is in the row being read
    /// (allocated at the first row of more than [`SHORT_ROW`] entries).
    seen: Vec<u32>,
    stamp: u32,
}

/// Rows up to this long are checked for repeated items pair by pair.
const SHORT_ROW: usize = 16;

/// A word of an option read but not yet taken in: its byte offset in the
/// block and length, and what it is.
struct Pending {
    at: usize,
    len: usize,
    what: Word,
}

enum Word {
    /// `|n`: a cost.
    Cost,
    /// An item's name (`name_len` bytes, then `:color` when shorter than
    /// the word), with the name's hash.
    Item { name_len: usize, hash: u64 },
}

/// An option being read: its line, the line's offset in the block and
/// number (from 1) in it, where its entries start (once its first word is
/// taken in), its cost so far, its words queued and whether its line has
/// been read to the end.
struct Row<'t> {
    line: &'t str,
    start: usize,
    number: usize,
    first: Option<usize>,
    cost: i64,
    queued: usize,
    complete: bool,
}

impl Worker {
    /// Parses `text`, whole lines of options, into `self.block`.
    fn parse(&mut self, text: &[u8], items: &Items) {
        let block = &mut self.block;
        block.entries.clear();
        block.ends.clear();
        block.lines_of_rows.clear();
        block.colors.clear();
        block.color_names.clear();
        block.costs.clear();
        block.symmetries.clear();
        block.lines = text.iter().filter(|&&b| b == b'\n').count();
        let error = match utf8(text, 0) {
            Ok(text) => self.options(text, items).err(),
            Err(e) => Some(e),
        };
        self.block.error = error;
    }

    /// The options of `text` into `self.block`, up to the first error.
    fn options(&mut self, text: &str, items: &Items) -> Result<(), ParseError> {
        let mut rows: VecDeque<Row<'_>> = VecDeque::new();
        let mut queue: VecDeque<Pending> = VecDeque::with_capacity(AHEAD + 1);
        let mut colors: HashMap<&str, u32> = HashMap::new();
        let base = text.as_ptr() as usize;
        for (number, line) in text.split('\n').enumerate() {
            if skipped(line) {
                if directive::is_symmetry(line) {
                    let image = directive::symmetry(line, items.names.len(), |name| items.index.find(&items.names, items.index.hash(name), name));
                    let image = image.map_err(|(at, message)| ParseError::new(number + 1, column(line, at), message))?;
                    self.block.symmetries.try_reserve(image.len()).map_err(|_| too_big(number + 1, 1, Error::OutOfMemory))?;
                    self.block.symmetries.extend(image);
                }
                continue;
            }
            let start = line.as_ptr() as usize - base;
            rows.push_back(Row { line, start, number: number + 1, first: None, cost: 0, queued: 0, complete: false });
            for tok in tokens(line) {
                let what = if tok.text.starts_with('|') {
                    Word::Cost
                } else {
                    let name_len = tok.text.bytes().position(|b| b == b':').unwrap_or(tok.text.len());
                    let hash = items.index.hash(&tok.text[..name_len]);
                    items.index.prefetch(hash);
                    Word::Item { name_len, hash }
                };
                queue.push_back(Pending { at: start + tok.at, len: tok.text.len(), what });
                if let Some(row) = rows.back_mut() {
                    row.queued += 1;
                }
                while queue.len() > AHEAD {
                    self.take(text, items, &mut rows, &mut queue, &mut colors)?;
                }
            }
            if let Some(row) = rows.back_mut() {
                row.complete = true;
            }
        }
        while !queue.is_empty() {
            self.take(text, items, &mut rows, &mut queue, &mut colors)?;
        }
        Ok(())
    }

    /// Takes the oldest queued word into the oldest option being read, and
    /// ends that option after its last word.
    fn take<'t>(
        &mut self,
        text: &'t str,
        items: &Items,
        rows: &mut VecDeque<Row<'t>>,
        queue: &mut VecDeque<Pending>,
        colors: &mut HashMap<&'t str, u32>,
    ) -> Result<(), ParseError> {
        let (Some(p), Some(row)) = (queue.pop_front(), rows.front_mut()) else { return Ok(()) };
        let word = &text[p.at..p.at + p.len];
        let place = Place { number: row.number, line: row.line, in_line: p.at - row.start };
        let first = match row.first {
            Some(first) => first,
            None => {
                let block = &mut self.block;
                block.lines_of_rows.try_reserve(1).map_err(|_| place.oom())?;
                block.lines_of_rows.push(row.number as u32);
                *row.first.insert(block.entries.len())
            }
        };
        match p.what {
            Word::Cost => {
                let cost = cost(word, &place)?;
                row.cost = row.cost.checked_add(cost).ok_or_else(|| place.err(0, "the option's total cost is too large".into()))?;
            }
            Word::Item { name_len, hash } => {
                let (name, color) = word.split_at(name_len);
                let c = self.item(name, hash, first, items, &place)?;
                if !color.is_empty() {
                    self.color(c, name, color, p.at, items, colors, &place)?;
                }
                // The block's lists count in 32 bits, as the matrix does.
                if self.block.entries.len() >= u32::MAX as usize {
                    return Err(place.too_big(Error::TooLarge));
                }
                self.block.entries.try_reserve(1).map_err(|_| place.oom())?;
                self.block.entries.push(c);
            }
        }
        row.queued -= 1;
        if row.queued == 0 && row.complete {
            self.end_row(first, row.cost, &place)?;
            rows.pop_front();
        }
        Ok(())
    }

    /// The column of item `name` (its hash `hash`), which the option whose
    /// entries start at `first` must not have yet.
    fn item(&mut self, name: &str, hash: u64, first: usize, items: &Items, place: &Place<'_>) -> Result<u32, ParseError> {
        if name.is_empty() {
            return Err(place.err(0, "expected an item name before `:`".into()));
        }
        let Some(c) = items.index.find(&items.names, hash, name) else {
            return Err(place.err(0, format!("unknown item {}: expected a name from the item line", quote(name))));
        };
        let entries = &self.block.entries;
        let in_row = entries.len() - first;
        let repeated = if in_row < SHORT_ROW {
            entries[first..].contains(&c)
        } else {
            if in_row == SHORT_ROW {
                // From here on the row is checked by stamps.
                if self.seen.is_empty() {
                    self.seen = crate::alloc::filled(items.names.len()).map_err(|_| place.oom())?;
                }
                self.stamp = self.stamp.wrapping_add(1);
                if self.stamp == 0 {
                    self.seen.iter_mut().for_each(|s| *s = 0);
                    self.stamp = 1;
                }
                for &d in &entries[first..] {
                    self.seen[d as usize] = self.stamp;
                }
            }
            std::mem::replace(&mut self.seen[c as usize], self.stamp) == self.stamp
        };
        if repeated {
            return Err(place.err(0, format!("item {} appears twice in this option", quote(name))));
        }
        Ok(c)
    }

    /// The color `:color` of the next entry, item `name` (column `c`), the
    /// word at byte `word_at` of the block: numbered in order of first use.
    #[allow(clippy::too_many_arguments)]
    fn color<'t>(&mut self, c: u32, name: &str, color: &'t str, word_at: usize, items: &Items, colors: &mut HashMap<&'t str, u32>, place: &Place<'_>) -> Result<(), ParseError> {
        let name_len = name.len();
        if (c as usize) < items.first_secondary {
            return Err(place.err(name_len, format!("primary item {} cannot have a color: only secondary items have colors", quote(name))));
        }
        let at = name_len + 1;
        let color = &color[1..];
        check_name(color, "a color").map_err(|(k, msg)| place.err(at + k, msg))?;
        let block = &mut self.block;
        let id = match colors.get(color) {
            Some(&id) => id,
            None => {
                let id = block.color_names.len() as u32;
                colors.try_reserve(1).map_err(|_| place.oom())?;
                block.color_names.try_reserve(1).map_err(|_| place.oom())?;
                colors.insert(color, id);
                block.color_names.push((word_at + at, word_at + at + color.len()));
                id
            }
        };
        block.colors.try_reserve(1).map_err(|_| place.oom())?;
        block.colors.push((block.entries.len() as u32, id));
        Ok(())
    }

    /// Ends the option whose entries start at `first`, costing `cost`.
    fn end_row(&mut self, first: usize, cost: i64, place: &Place<'_>) -> Result<(), ParseError> {
        let block = &mut self.block;
        if block.entries.len() == first {
            // Unreachable from text (see the module documentation); kept so
            // that the rule holds whatever the tokenizer does.
            return Err(ParseError::new(place.number, 1, "empty option: expected at least one item name".into()));
        }
        if cost != 0 {
            block.costs.try_reserve(1).map_err(|_| place.oom())?;
            block.costs.push((block.ends.len() as u32, cost));
        }
        block.ends.try_reserve(1).map_err(|_| place.oom())?;
        block.ends.push(block.entries.len() as u32);
        Ok(())
    }
}

/// Where a word of an option is: its line's number and text, and its byte
/// offset in the line, for the errors about it.
struct Place<'t> {
    number: usize,
    line: &'t str,
    in_line: usize,
}

impl Place<'_> {
    /// An error `at` bytes into the word.
    fn err(&self, at: usize, message: String) -> ParseError {
        ParseError::new(self.number, column(self.line, self.in_line + at), message)
    }

    /// The matrix would be too large (`e`) at the word.
    fn too_big(&self, e: Error) -> ParseError {
        too_big(self.number, column(self.line, self.in_line), e)
    }

    fn oom(&self) -> ParseError {
        self.too_big(Error::OutOfMemory)
    }
}

/// The cost of a word `|n` (`n` may be negative).
fn cost(word: &str, place: &Place<'_>) -> Result<i64, ParseError> {
    let digits = &word[1..];
    let (negative, digits) = match digits.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, digits),
    };
    let limit = if negative { i64::MIN.unsigned_abs() } else { i64::MAX as u64 };
    let d = decimal(digits, limit).map_err(|why| place.err(1 + usize::from(negative), format!("malformed cost {}: {why} after `|`", quote(word))))?;
    Ok(if negative { 0i64.wrapping_sub_unsigned(d) } else { d as i64 })
}

/// Reads a whole text from `source` into a matrix, on up to `threads`
/// threads, storing in `read` (when given) how many bytes have been read
/// after each round.
pub(super) fn parse_blocks<'t>(
    mut source: impl Source<'t>,
    threads: usize,
    read: Option<&AtomicUsize>,
) -> Result<Matrix, ReadError> {
    let threads = threads.max(1);
    let note = |bytes: usize| {
        if let Some(read) = read {
            read.store(bytes, Ordering::Relaxed);
        }
    };
    let (items, mut pending, line, bytes) = find_item_line(&mut source, &note)?;
    let oom = |line: usize, e: Error| ReadError::Parse(too_big(line, 1, e));
    let columns = items.names.len();
    let mut m = Matrix::new(columns).map_err(|e| oom(line, e))?;
    for c in items.first_secondary..columns {
        m.set_secondary(c).map_err(|e| oom(line, e))?;
    }
    for &(c, b) in &items.bounds {
        m.store_bounds(c, b).map_err(|e| oom(line, e))?;
    }
    // The options, a round of blocks at a time.
    let mut workers: Vec<Worker> = (0..threads).map(|_| Worker::default()).collect();
    let mut into = Assembly { m, line, bytes, color_ids: HashMap::new(), ids: Vec::new(), colors: Vec::new() };
    loop {
        let mut round: Vec<Cow<'t, [u8]>> = Vec::with_capacity(threads);
        round.extend(pending.take());
        while round.len() < threads {
            match source.next_block()? {
                Some(block) => round.push(block),
                None => break,
            }
        }
        if round.is_empty() {
            break;
        }
        parse_round(&mut workers, &round, &items);
        for (worker, text) in workers.iter().zip(&round) {
            into.append(&worker.block, text)?;
        }
        note(into.bytes);
        for text in round {
            source.recycle(text);
        }
    }
    into.m.set_names(items.names);
    prefer_sharp_items(&mut into.m)?;
    Ok(into.m)
}

/// Knuth's convention of DLX2-SHARP: the primary items whose names start
/// with `#` are preferred when the search picks an item to branch on (see
/// [`Matrix::set_preferred`]).
fn prefer_sharp_items(m: &mut Matrix) -> Result<(), ReadError> {
    for c in 0..m.columns() {
        let sharp = m.column_name(c).is_some_and(|name| name.starts_with('#'));
        if sharp && m.is_secondary(c) == Some(false) {
            m.set_preferred(c, true).map_err(|e| ReadError::Parse(too_big(1, 1, e)))?;
        }
    }
    Ok(())
}

/// The rest of the item line's block, if any.
type Rest<'t> = Option<Cow<'t, [u8]>>;

/// The item line, from the first blocks of `source` (lines before it are
/// skipped), with the rest of its block (the first of the options), the
/// lines and bytes read up to its end.
fn find_item_line<'t>(source: &mut impl Source<'t>, note: &dyn Fn(usize)) -> Result<(Items, Rest<'t>, usize, usize), ReadError> {
    let (mut line, mut bytes) = (0usize, 0usize);
    let mut first_block = true;
    loop {
        let Some(block) = source.next_block()? else {
            return Err(ReadError::Parse(ParseError::new(
                line + 1,
                1,
                "expected the item line (primary items, then `|`, then secondary items), found the end of the text".into(),
            )));
        };
        // A byte-order mark (editors on some systems write one) is not text.
        let skip = if first_block && block.starts_with("\u{feff}".as_bytes()) { 3 } else { 0 };
        first_block = false;
        let mut at = skip;
        let mut found = None;
        while at < block.len() {
            let end = block[at..].iter().position(|&b| b == b'\n').map_or(block.len(), |k| at + k);
            let text = utf8(&block[at..end], line).map_err(ReadError::Parse)?;
            line += 1;
            if directive::is_symmetry(text) {
                let message = format!("{} comes after the item line, which names the items it moves", directive::SYMMETRY);
                return Err(ReadError::Parse(ParseError::new(line, 1, message)));
            }
            if !skipped(text) {
                found = Some(item_line(text, line).map_err(ReadError::Parse)?);
            }
            at = (end + 1).min(block.len());
            if found.is_some() {
                break;
            }
        }
        bytes += at;
        note(bytes);
        if let Some(items) = found {
            let rest = match block {
                Cow::Borrowed(b) => Cow::Borrowed(&b[at..]),
                Cow::Owned(mut v) => {
                    v.drain(..at);
                    Cow::Owned(v)
                }
            };
            return Ok((items, (!rest.is_empty()).then_some(rest), line, bytes));
        }
        // A text without a final newline ends a line without one: count the
        // last line once. (A block that was only the byte-order mark had
        // no line to count.)
        if at > skip && !block.ends_with(b"\n") {
            line -= 1;
        }
    }
}

/// Each block of `round` parsed by its worker, the first on this thread
/// and the others on threads of their own (a thread that cannot start
/// leaves its block to this one).
fn parse_round(workers: &mut [Worker], round: &[Cow<'_, [u8]>], items: &Items) {
    let (own, others) = workers.split_at_mut(1);
    let failed = std::thread::scope(|scope| {
        let mut failed = Vec::new();
        let mut helpers = Vec::new();
        for (k, (worker, text)) in others.iter_mut().zip(round.iter().skip(1)).enumerate() {
            match crate::sync::without_signals(|| std::thread::Builder::new().spawn_scoped(scope, move || worker.parse(text, items))) {
                Ok(handle) => helpers.push(handle),
                Err(_) => failed.push(k + 1),
            }
        }
        own[0].parse(&round[0], items);
        for handle in helpers {
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
        failed
    });
    for k in failed {
        workers[k].parse(&round[k], items);
    }
}

/// The matrix being read, with the lines and bytes before the next block
/// and the colors' numbers (the matrix's, by name) and scratch space.
struct Assembly {
    m: Matrix,
    line: usize,
    bytes: usize,
    color_ids: HashMap<String, u32>,
    ids: Vec<u32>,
    colors: Vec<(u32, u32)>,
}

impl Assembly {
    /// Appends a parsed block (of `text`) to the matrix, in order: its
    /// error, or its rows with their colors renumbered as the matrix
    /// numbers them.
    fn append(&mut self, block: &Block, text: &[u8]) -> Result<(), ReadError> {
        let line = self.line;
        if let Some(mut e) = block.error.clone() {
            e.line += line;
            return Err(ReadError::Parse(e));
        }
        let oom = |line: usize, e: Error| ReadError::Parse(too_big(line, 1, e));
        let row_line = |r: usize| line + block.lines_of_rows.get(r).map_or(1, |&l| l as usize);
        self.ids.clear();
        for &(start, end) in &block.color_names {
            // The text was checked to be UTF-8.
            let name = std::str::from_utf8(&text[start..end]).unwrap_or("");
            let id = match self.color_ids.get(name) {
                Some(&id) => id,
                None => {
                    let id = self.m.add_color_name(name).map_err(|e| oom(row_line(0), e))?;
                    self.color_ids.try_reserve(1).map_err(|_| oom(row_line(0), Error::OutOfMemory))?;
                    self.color_ids.insert(name.to_string(), id);
                    id
                }
            };
            self.ids.try_reserve(1).map_err(|_| oom(row_line(0), Error::OutOfMemory))?;
            self.ids.push(id);
        }
        self.colors.clear();
        self.colors.try_reserve(block.colors.len()).map_err(|_| oom(row_line(0), Error::OutOfMemory))?;
        let ids = &self.ids;
        self.colors.extend(block.colors.iter().map(|&(k, local)| (k, ids[local as usize])));
        self.m.append_checked_rows(&block.entries, &block.ends, &self.colors, &block.costs).map_err(|(r, e)| oom(row_line(r), e))?;
        for image in block.symmetries.chunks(self.m.columns().max(1)) {
            self.m.add_symmetry(image).map_err(|e| oom(line + 1, e))?;
        }
        self.line += block.lines;
        self.bytes += text.len();
        Ok(())
    }
}
