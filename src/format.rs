//! Knuth's text format for exact cover problems: [`parse`] and [`write`].
//!
//! This is the input format of Knuth's programs DLX1, DLX2, DLX3 and DLX5
//! (and of SSXC, miniexact and others), so any instance written for them can
//! be read here, and any matrix written here can be given to them.
//!
//! * The text is read line by line. A line whose first non-blank character
//!   is `|` is a comment; a line of blanks only is skipped too, as Knuth's
//!   programs skip it. Blanks are spaces, tabs, carriage returns, vertical
//!   tabs and form feeds, so CRLF line ends are fine.
//! * The first other line is the *item line*: the names of the primary
//!   items, then `|`, then the names of the secondary items. The `|` may be
//!   left out when every item is primary (as DLX1 allows). Item `k` of this
//!   line becomes column `k` of the matrix, so the primary columns come
//!   first.
//! * Every later line is one *option* (a row of the matrix), listing the
//!   names of its items separated by blanks. Options become rows 0, 1, 2,
//!   ... in the order of their lines.
//! * A name is one or more printable characters other than `:` and `|`
//!   (Unicode is allowed; Knuth's limit of 8 characters is not imposed).
//!
//! The later extensions are parsed and stored in the [`Matrix`]. Costs are
//! used by a search with an [`Objective`](crate::Objective); colors and
//! bounds by the generalised engine (`engine::mcc`):
//!
//! * **Colors** (DLX2): in an option, a secondary item may be written
//!   `name:color`. Only secondary items may have colors. Knuth's programs
//!   take a one-character color; any name-like color is accepted here.
//! * **Bounds** (DLX3): in the item line, a primary item may be written
//!   `u:v|name`: every solution covers it at least `u` and at most `v`
//!   times, with `0 <= u <= v` (decimal numbers). As in DLX3, `v|name` is
//!   short for `v:v|name` (not `0:v`), and a bare name means `1:1`.
//!   Secondary items have no bounds. DLX3 wants `v >= 1`; `0:0|name` (or
//!   `0|name`), an item no option may cover, is read here too, so that
//!   every bounds a matrix can hold are written as text that reads back.
//! * **Costs** (DLX5): an option may contain entries `|n` (a decimal
//!   number `n`) after its first item; its cost is the sum of them, which
//!   must fit in an `i64`. DLX5 takes costs of 0 or more; negative ones,
//!   `|-n`, are an extension here, so that every matrix with costs
//!   ([`Matrix::set_cost`]) can be written and read back.
//!   An option cannot start with one, since that line would be a comment.
//!
//! An option that names an unknown item or names an item twice is an error.
//! An option made only of secondary items is kept as a row, so row numbers
//! stay the option numbers of the file; the search never chooses it (Knuth's
//! programs drop such options with a warning, to the same effect). An empty
//! option cannot be written: a blank line is skipped and a line starting
//! with `|` is a comment.
//!
//! A [`ParseError`] gives the 1-based line and column (counted in
//! characters) of the offending text and says what was expected; no matrix
//! is built. [`write`] gives the text back: `parse(&write(&m)) == m` for
//! every matrix `parse` returns. A matrix built with [`Matrix::new`] has no
//! names; `write` names its columns by their 0-based index.

use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::error::Error;
use crate::matrix::{Matrix, Names, DEFAULT_BOUNDS};

/// Why a text could not be read: where (1-based line and column, the
/// column counted in characters) and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The line of the offending text, from 1.
    pub line: usize,
    /// The column of the offending text in its line, from 1, in characters.
    pub column: usize,
    /// What is wrong and what was expected, in English.
    pub message: String,
    /// Set when the text is well-formed but the matrix could not be built.
    cause: Option<Error>,
}

impl ParseError {
    fn new(line: usize, column: usize, message: String) -> ParseError {
        ParseError { line, column, message, cause: None }
    }

    /// `Some(Error::TooLarge)` or `Some(Error::OutOfMemory)` when the text
    /// is valid but the matrix it describes could not be built; `None` for
    /// an error in the text itself.
    pub fn cause(&self) -> Option<Error> {
        self.cause
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Whether byte `b` separates names, as C's `isspace` in Knuth's programs
/// (the newline ends the line before this is asked).
fn is_blank_byte(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

/// The item names' index: each name's id, found by the name's hash and
/// compared with the name as the matrix stores it. Four bytes an item, so
/// the table of a file with millions of items stays small.
struct ItemIndex {
    table: hashbrown::HashTable<u32>,
    hasher: NameHasher,
}

/// The hasher of the name tables: foldhash, seeded per process.
type NameHasher = foldhash::fast::RandomState;

impl ItemIndex {
    fn hash(&self, name: &str) -> u64 {
        self.hasher.hash_one(name)
    }

    /// The id of `name`, whose hash is `h`, among `names`.
    fn find(&self, names: &Names, h: u64, name: &str) -> Option<u32> {
        self.table.find(h, |&id| names.get(id as usize) == Some(name)).copied()
    }

    /// Records `id`, whose name in `names` hashes to `h`.
    fn insert(&mut self, names: &Names, h: u64, id: u32) -> Result<(), Error> {
        let hasher = &self.hasher;
        let rehash = |&id: &u32| hasher.hash_one(names.get(id as usize).unwrap_or(""));
        self.table.try_reserve(1, rehash).map_err(|_| Error::OutOfMemory)?;
        self.table.insert_unique(h, id, rehash);
        Ok(())
    }
}

/// A word of a line: its 1-based column and its text.
struct Token<'a> {
    column: usize,
    text: &'a str,
}

impl Token<'_> {
    /// The column of byte offset `at` of this token.
    fn column_at(&self, at: usize) -> usize {
        self.column + self.text[..at].chars().count()
    }
}

/// The words of `line`, separated by blanks, one at a time (no list is
/// built: a line may hold hundreds of millions of them).
fn tokens(line: &str) -> Tokens<'_> {
    Tokens { line, at: 0, column: 1 }
}

/// The iterator of [`tokens`]: `at` is the byte offset reached in `line`,
/// `column` its 1-based column in characters.
#[derive(Clone)]
struct Tokens<'a> {
    line: &'a str,
    at: usize,
    column: usize,
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        // Bytes, not chars: blanks are ASCII, and a character is counted at
        // its first byte (any byte but a UTF-8 continuation byte).
        let bytes = self.line.as_bytes();
        let mut at = self.at;
        while at < bytes.len() && is_blank_byte(bytes[at]) {
            at += 1;
        }
        self.column += at - self.at;
        if at == bytes.len() {
            self.at = at;
            return None;
        }
        let (start, column) = (at, self.column);
        while at < bytes.len() && !is_blank_byte(bytes[at]) {
            self.column += usize::from(bytes[at] & 0xc0 != 0x80);
            at += 1;
        }
        self.at = at;
        // `start` and `at` are at ASCII blanks or the ends: char boundaries.
        Some(Token { column, text: &self.line[start..at] })
    }
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

/// Parses a text in Knuth's format (see the module documentation) into a
/// matrix with the items' names, bounds, colors and costs.
pub fn parse(text: &str) -> Result<Matrix, ParseError> {
    parse_observed(text, None)
}

/// How many lines (and items of the item line) [`parse_observed`] reads
/// between two updates of its counter.
const OBSERVE_LINES: usize = 4096;

/// As [`parse`], storing in `read` (when given), every few thousand lines,
/// how many bytes of `text` have been read: another thread may watch it to
/// report progress on a large text.
pub fn parse_observed(text: &str, read: Option<&AtomicUsize>) -> Result<Matrix, ParseError> {
    let whole = text.as_ptr() as usize;
    // Stores in `read` how far `at` (a slice of `text`) is into the text.
    let note = |at: &str| {
        if let Some(read) = read {
            read.store(at.as_ptr() as usize - whole, Ordering::Relaxed);
        }
    };
    // A byte-order mark (editors on some systems write one) is not text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.split('\n').enumerate().map(|(i, l)| (i + 1, l));
    let mut last_line = 1;
    // The item line.
    let (item_line, items) = loop {
        match lines.next() {
            Some((n, line)) => {
                last_line = n;
                let t = tokens(line);
                match t.clone().next() {
                    None => continue,
                    Some(first) if first.text.starts_with('|') => continue,
                    Some(_) => break (n, t),
                }
            }
            None => {
                return Err(ParseError::new(
                    last_line,
                    1,
                    "expected the item line (primary items, then `|`, then secondary items), \
                     found the end of the text"
                        .into(),
                ))
            }
        }
    };
    let oom = |line: usize, column: usize, e: Error| ParseError {
        line,
        column,
        message: e.message().to_string(),
        cause: Some(match e {
            Error::TooLarge => Error::TooLarge,
            _ => Error::OutOfMemory,
        }),
    };
    let mut index = ItemIndex { table: hashbrown::HashTable::new(), hasher: NameHasher::default() };
    // Room for every item at once, so the table never grows. (The table is
    // empty: there is nothing to rehash.)
    let item_count = items.clone().count();
    index.table.try_reserve(item_count, |_: &u32| 0).map_err(|_| oom(item_line, 1, Error::OutOfMemory))?;
    let mut names = Names::default();
    let mut bounds: Vec<(usize, (u32, u32))> = Vec::new();
    let mut first_secondary: Option<usize> = None;
    for (k, tok) in items.enumerate() {
        if k % OBSERVE_LINES == 0 {
            note(tok.text);
        }
        let mut rest = tok.text;
        let mut offset = 0;
        if let Some(after) = rest.strip_prefix('|') {
            if first_secondary.is_some() {
                return Err(ParseError::new(
                    item_line,
                    tok.column,
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
        let err = |at: usize, message: String| ParseError::new(item_line, tok.column_at(at), message);
        if let Some(bar) = rest.find('|') {
            let prefix = &rest[..bar];
            if first_secondary.is_some() {
                if prefix.is_empty() || !prefix.bytes().all(|b| b.is_ascii_digit() || b == b':') {
                    check_name(rest, "an item name").map_err(|(at, m)| err(offset + at, m))?;
                }
                return Err(err(
                    offset,
                    format!(
                        "secondary item {} cannot have bounds: expected a name without `:` or `|`",
                        quote(&rest[bar + 1..])
                    ),
                ));
            }
            let (lower_text, upper_text, upper_at) = match prefix.find(':') {
                Some(colon) => (Some(&prefix[..colon]), &prefix[colon + 1..], colon + 1),
                None => (None, prefix, 0),
            };
            let bad = |at: usize, why: &str| {
                err(offset + at, format!("malformed bounds {}: {why} (bounds are written `u:v|name` or `v|name`)", quote(rest)))
            };
            let upper = decimal(upper_text, u32::MAX as u64).map_err(|why| bad(upper_at, why))? as u32;
            let lower = match lower_text {
                Some(l) => decimal(l, u32::MAX as u64).map_err(|why| bad(0, why))? as u32,
                None => upper,
            };
            if lower > upper {
                return Err(bad(0, "the lower bound exceeds the upper bound"));
            }
            let name = &rest[bar + 1..];
            check_name(name, "an item name").map_err(|(at, m)| err(offset + bar + 1 + at, m))?;
            if (lower, upper) != DEFAULT_BOUNDS {
                bounds.push((names.len(), (lower, upper)));
            }
            rest = name;
            offset += bar + 1;
        } else if let Some(colon) = rest.find(':') {
            return Err(err(
                offset + colon,
                format!("`:` cannot appear in an item name ({}); bounds are written `u:v|name`", quote(rest)),
            ));
        } else {
            check_name(rest, "an item name").map_err(|(at, m)| err(offset + at, m))?;
        }
        let id = names.len() as u32;
        let h = index.hash(rest);
        if index.find(&names, h, rest).is_some() {
            return Err(err(offset, format!("item {} is named twice in the item line", quote(rest))));
        }
        names.push(rest).map_err(|e| oom(item_line, tok.column, e))?;
        index.insert(&names, h, id).map_err(|e| oom(item_line, tok.column, e))?;
    }
    let columns = names.len();
    let first_secondary = first_secondary.unwrap_or(columns);
    let mut m = Matrix::new(columns).map_err(|e| oom(item_line, 1, e))?;
    for c in first_secondary..columns {
        m.set_secondary(c).map_err(|e| oom(item_line, 1, e))?;
    }
    for (c, b) in bounds {
        m.store_bounds(c, b).map_err(|e| oom(item_line, 1, e))?;
    }
    // The index reads the names: the matrix takes them once the options are read.

    // The options.
    let mut seen = Vec::new();
    seen.try_reserve_exact(columns).map_err(|_| oom(item_line, 1, Error::OutOfMemory))?;
    seen.resize(columns, 0u32);
    let mut stamp = 0u32;
    let mut color_index: HashMap<&str, u32, NameHasher> = HashMap::with_hasher(NameHasher::default());
    let mut row: Vec<usize> = Vec::new();
    let mut colors: Vec<(usize, u32)> = Vec::new();
    for (n, line) in lines {
        if n % OBSERVE_LINES == 0 || n == item_line + 1 {
            note(line);
        }
        let toks = tokens(line);
        match toks.clone().next() {
            None => continue,
            Some(first) if first.text.starts_with('|') => continue,
            Some(_) => {}
        }
        stamp = stamp.wrapping_add(1);
        if stamp == 0 {
            seen.iter_mut().for_each(|s| *s = 0);
            stamp = 1;
        }
        row.clear();
        colors.clear();
        let mut cost: i64 = 0;
        for tok in toks {
            let err = |at: usize, message: String| ParseError::new(n, tok.column_at(at), message);
            if let Some(digits) = tok.text.strip_prefix('|') {
                let (negative, digits) = match digits.strip_prefix('-') {
                    Some(rest) => (true, rest),
                    None => (false, digits),
                };
                let limit = if negative { i64::MIN.unsigned_abs() } else { i64::MAX as u64 };
                let d = decimal(digits, limit).map_err(|why| {
                    err(1 + usize::from(negative), format!("malformed cost {}: {why} after `|`", quote(tok.text)))
                })?;
                let d = if negative { 0i64.wrapping_sub_unsigned(d) } else { d as i64 };
                cost = cost.checked_add(d).ok_or_else(|| err(0, "the option's total cost is too large".into()))?;
                continue;
            }
            let (name, color) = match tok.text.bytes().position(|b| b == b':') {
                Some(colon) => (&tok.text[..colon], Some((colon + 1, &tok.text[colon + 1..]))),
                None => (tok.text, None),
            };
            if name.is_empty() {
                return Err(err(0, "expected an item name before `:`".into()));
            }
            let Some(c) = index.find(&names, index.hash(name), name) else {
                return Err(err(0, format!("unknown item {}: expected a name from the item line", quote(name))));
            };
            let c = c as usize;
            if seen[c] == stamp {
                return Err(err(0, format!("item {} appears twice in this option", quote(name))));
            }
            seen[c] = stamp;
            if let Some((at, color)) = color {
                if c < first_secondary {
                    return Err(err(
                        at - 1,
                        format!("primary item {} cannot have a color: only secondary items have colors", quote(name)),
                    ));
                }
                check_name(color, "a color").map_err(|(k, msg)| err(at + k, msg))?;
                let id = match color_index.get(color) {
                    Some(&id) => id,
                    None => {
                        let id = m.add_color_name(color).map_err(|e| oom(n, tok.column, e))?;
                        color_index.try_reserve(1).map_err(|_| oom(n, tok.column, Error::OutOfMemory))?;
                        color_index.insert(color, id);
                        id
                    }
                };
                colors.try_reserve(1).map_err(|_| oom(n, tok.column, Error::OutOfMemory))?;
                colors.push((row.len(), id));
            }
            row.try_reserve(1).map_err(|_| oom(n, tok.column, Error::OutOfMemory))?;
            row.push(c);
        }
        if row.is_empty() {
            // Unreachable from text (see the module documentation); kept so
            // that the rule holds whatever the tokenizer does.
            return Err(ParseError::new(n, 1, "empty option: expected at least one item name".into()));
        }
        m.add_row(&row).map_err(|e| oom(n, 1, e))?;
        for &(k, id) in &colors {
            m.set_last_row_color(k, id).map_err(|e| oom(n, 1, e))?;
        }
        m.set_last_row_cost(cost).map_err(|e| oom(n, 1, e))?;
    }
    m.set_names(names);
    Ok(m)
}

/// Parses text given as bytes, as the C API receives it: bytes that are not
/// UTF-8 give a [`ParseError`] at the line and column of the first bad byte.
pub fn parse_bytes(bytes: &[u8]) -> Result<Matrix, ParseError> {
    parse_bytes_observed(bytes, None)
}

/// As [`parse_bytes`], with the counter of [`parse_observed`].
pub fn parse_bytes_observed(bytes: &[u8], read: Option<&AtomicUsize>) -> Result<Matrix, ParseError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_observed(text, read),
        Err(e) => {
            let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("");
            let line_start = valid.rfind('\n').map_or(0, |i| i + 1);
            Err(ParseError::new(
                valid.matches('\n').count() + 1,
                valid[line_start..].chars().count() + 1,
                format!("invalid UTF-8 (byte 0x{:02X}): expected text in UTF-8", bytes[e.valid_up_to()]),
            ))
        }
    }
}

/// How the text format writes colors: by name, or, for a color given in
/// code ([`Matrix::add_colored_row`]) beyond the named ones, by its number
/// after a prefix of underscores long enough that no color name has the
/// same form (none when no name is underscores and digits). Two different
/// colors are never written alike, so reading a text back keeps which
/// entries share a color.
#[derive(Clone, Copy, Debug)]
pub struct ColorText<'a> {
    m: &'a Matrix,
    /// The number of underscores before an unnamed color's number.
    prefix: usize,
}

impl<'a> ColorText<'a> {
    /// The writer of `m`'s colors: it reads the color names once, and once
    /// more for each underscore the numbered colors need.
    pub fn new(m: &'a Matrix) -> ColorText<'a> {
        // A name `_`*k followed by digits only would collide with prefix k.
        let taken = |k: usize, name: &str| {
            name.len() > k && name.bytes().take(k).all(|b| b == b'_') && name.bytes().skip(k).all(|b| b.is_ascii_digit())
        };
        let mut prefix = 0;
        while m.color_names().any(|name| taken(prefix, name)) {
            prefix += 1;
        }
        ColorText { m, prefix }
    }

    /// The color of entry `k` of row `r` as the text writes it (see
    /// [`ColorName`]); `None` when the entry has no color.
    pub fn get(&self, r: usize, k: usize) -> Option<ColorName<'a>> {
        match (self.m.color(r, k), self.m.color_id(r, k)) {
            (Some(name), _) => Some(ColorName::Named(name)),
            (None, Some(id)) if id != 0 => Some(ColorName::Numbered { underscores: self.prefix, id }),
            _ => None,
        }
    }
}

/// A color as the text format writes it ([`ColorText::get`]); displaying
/// it writes that text, without building a string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorName<'a> {
    /// A color named in the text the matrix was read from.
    Named(&'a str),
    /// A color given in code: its number after that many underscores.
    Numbered { underscores: usize, id: u32 },
}

impl fmt::Display for ColorName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ColorName::Named(name) => f.write_str(name),
            ColorName::Numbered { underscores, id } => write!(f, "{:_<underscores$}{id}", ""),
        }
    }
}

/// The color of entry `k` of row `r` as [`write`] writes it (see
/// [`ColorText`], which is quicker for many entries); `None` when the entry
/// has no color.
pub fn color_text(m: &Matrix, r: usize, k: usize) -> Option<String> {
    ColorText::new(m).get(r, k).map(|c| c.to_string())
}

/// Writes `m` in Knuth's format: the item line (primary columns with their
/// bounds, then ` | ` and the secondary columns, if any), then one line per
/// row with its items' names (`name:color` for colored entries) and ` |cost`
/// when its cost is not 0. Every line ends with a newline.
///
/// Columns without names are named by their 0-based index. The primary
/// columns are listed first; when a secondary column comes before a primary
/// one in `m`, reading the text back numbers the columns differently. A
/// matrix without primary columns has no text form (its item line would
/// read as a comment). Colors are written as
/// [`ColorText`] says.
pub fn write(m: &Matrix) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail (short of memory, which aborts).
    let _ = write_to(m, &mut out);
    out
}

/// [`write`] without aborting when memory runs out: [`Error::OutOfMemory`].
pub fn try_write(m: &Matrix) -> Result<String, Error> {
    let mut out = FallibleString(String::new());
    write_to(m, &mut out).map_err(|_| Error::OutOfMemory)?;
    Ok(out.0)
}

/// The length in bytes of the text [`write`] gives, found without building
/// it.
pub fn written_len(m: &Matrix) -> usize {
    let mut n = ByteCount(0);
    let _ = write_to(m, &mut n);
    n.0
}

/// A `String` that reports running out of memory as an error.
struct FallibleString(String);

impl fmt::Write for FallibleString {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.try_reserve(s.len()).map_err(|_| fmt::Error)?;
        self.0.push_str(s);
        Ok(())
    }
}

/// Counts the bytes written to it.
struct ByteCount(usize);

impl fmt::Write for ByteCount {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 = self.0.saturating_add(s.len());
        Ok(())
    }
}

/// Writes the text of [`write`] into `out`, piece by piece: it fails only
/// when `out` does.
pub fn write_to(m: &Matrix, out: &mut impl fmt::Write) -> fmt::Result {
    let name = |out: &mut dyn fmt::Write, c: usize| -> fmt::Result {
        match m.column_name(c) {
            Some(s) => out.write_str(s),
            None => write!(out, "{c}"),
        }
    };
    let mut first = true;
    for c in (0..m.columns()).filter(|&c| m.is_secondary(c) == Some(false)) {
        if !first {
            out.write_char(' ')?;
        }
        first = false;
        match m.bounds(c) {
            Some(b) if b == DEFAULT_BOUNDS => {}
            Some((lower, upper)) if lower == upper => write!(out, "{upper}|")?,
            Some((lower, upper)) => write!(out, "{lower}:{upper}|")?,
            None => {}
        }
        name(out, c)?;
    }
    let mut bar = false;
    for c in (0..m.columns()).filter(|&c| m.is_secondary(c) == Some(true)) {
        if !bar {
            out.write_str(if first { "|" } else { " |" })?;
            bar = true;
        }
        out.write_char(' ')?;
        name(out, c)?;
    }
    out.write_char('\n')?;
    let colors = ColorText::new(m);
    for r in 0..m.rows() {
        for (k, c) in m.row(r).into_iter().flatten().enumerate() {
            if k > 0 {
                out.write_char(' ')?;
            }
            name(out, c)?;
            if let Some(color) = colors.get(r, k) {
                write!(out, ":{color}")?;
            }
        }
        match m.cost(r) {
            Some(0) | None => {}
            Some(cost) => write!(out, " |{cost}")?,
        }
        out.write_char('\n')?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_read_counter_moves_through_the_text() {
        let mut text = String::from("a b\n");
        for _ in 0..3 * OBSERVE_LINES {
            text.push_str("a\nb\n");
        }
        let read = AtomicUsize::new(0);
        let m = parse_observed(&text, Some(&read)).unwrap();
        assert_eq!(m.rows(), 6 * OBSERVE_LINES);
        let at = read.load(Ordering::Relaxed);
        assert!(at > text.len() / 2 && at < text.len(), "{at} of {}", text.len());
    }
}
