//! Writing a matrix in Knuth's format: [`write()`] and its variants, and how
//! colors given in code are named in the text ([`ColorText`]).

use std::fmt;

use crate::error::Error;
use crate::matrix::{Matrix, DEFAULT_BOUNDS};

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

/// The color of entry `k` of row `r` as [`write()`] writes it (see
/// [`ColorText`], which is quicker for many entries); `None` when the entry
/// has no color.
pub fn color_text(m: &Matrix, r: usize, k: usize) -> Option<String> {
    ColorText::new(m).get(r, k).map(|c| c.to_string())
}

/// Writes `m` in Knuth's format: the item line (primary columns with their
/// bounds, then ` | ` and the secondary columns, if any), then one line per
/// row with its items' names (`name:color` for colored entries) and ` |cost`
/// when its cost is not 0, then a `|@symmetry` directive per symmetry
/// ([`Matrix::add_symmetry`]). Every line ends with a newline.
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

/// [`write()`] without aborting when memory runs out: [`Error::OutOfMemory`].
pub fn try_write(m: &Matrix) -> Result<String, Error> {
    let mut out = FallibleString(String::new());
    write_to(m, &mut out).map_err(|_| Error::OutOfMemory)?;
    Ok(out.0)
}

/// The length in bytes of the text [`write()`] gives, found without building
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

/// Writes the text of [`write()`] into `out`, piece by piece: it fails only
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
    for k in 0..m.symmetries() {
        if let Some(image) = m.symmetry(k) {
            super::directive::write_symmetry(out, image, &name)?;
        }
    }
    Ok(())
}

