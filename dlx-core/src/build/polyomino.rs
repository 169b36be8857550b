//! Polyomino packing: pieces, each a set of squares, placed on a board of
//! squares without overlap.

use std::collections::HashSet;

use super::{Built, Maker};
use crate::error::Error;

/// A square: (row, column).
type Cell = (i64, i64);

/// The eight symmetries of the square as maps of a cell: the four
/// rotations, then the same after the mirror (r, c) -> (r, -c).
const TURNS: [fn(Cell) -> Cell; 8] = [
    |(r, c)| (r, c),
    |(r, c)| (c, -r),
    |(r, c)| (-r, -c),
    |(r, c)| (-c, r),
    |(r, c)| (r, -c),
    |(r, c)| (-c, -r),
    |(r, c)| (-r, c),
    |(r, c)| (c, r),
];

/// A piece: its name and squares, and how it may be placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    name: String,
    cells: Vec<Cell>,
    rotate: bool,
    reflect: bool,
    reuse: bool,
}

impl Piece {
    /// A piece named `name` (not empty, without white space, NUL, `:` or
    /// `|`, so that the text format can write it, nor `,`, so that no
    /// square's column has its name) made of the squares
    /// `cells` (row, column), at least one, all distinct; any offset. By
    /// default it may be rotated and reflected and is used exactly once.
    /// Errors: [`Error::InvalidArgument`], [`Error::OutOfMemory`].
    pub fn new(name: &str, cells: &[(i32, i32)]) -> Result<Piece, Error> {
        let bad = |ch: char| ch.is_whitespace() || matches!(ch, '\0' | ':' | '|' | ',');
        if name.is_empty() || name.chars().any(bad) || cells.is_empty() {
            return Err(Error::InvalidArgument);
        }
        let mut own = Vec::new();
        own.try_reserve_exact(cells.len())?;
        own.extend(cells.iter().map(|&(r, c)| (i64::from(r), i64::from(c))));
        own.sort_unstable();
        if own.windows(2).any(|w| w[0] == w[1]) {
            return Err(Error::InvalidArgument);
        }
        let mut owned_name = String::new();
        owned_name.try_reserve_exact(name.len())?;
        owned_name.push_str(name);
        Ok(Piece { name: owned_name, cells: own, rotate: true, reflect: true, reuse: false })
    }

    /// Whether the piece may be turned by quarter turns (default: yes).
    pub fn rotations(mut self, on: bool) -> Piece {
        self.rotate = on;
        self
    }

    /// Whether the piece may be turned over (default: yes).
    pub fn reflections(mut self, on: bool) -> Piece {
        self.reflect = on;
        self
    }

    /// Whether the piece may be used any number of times, none included
    /// (default: no, exactly once).
    pub fn reuse(mut self, on: bool) -> Piece {
        self.reuse = on;
        self
    }

    /// The piece's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Indices into [`TURNS`] of the ways the piece may be placed.
    fn turns(&self) -> impl Iterator<Item = usize> + '_ {
        (0..8).filter(|&t| (self.rotate || t % 4 == 0) && (self.reflect || t < 4))
    }

    /// The distinct shapes the piece takes, each normalised.
    fn shapes(&self) -> Result<Vec<Vec<Cell>>, Error> {
        let mut out: Vec<Vec<Cell>> = Vec::new();
        for t in self.turns() {
            let shape = normalised(self.cells.iter().map(|&x| TURNS[t](x)))?;
            if !out.contains(&shape) {
                out.try_reserve(1)?;
                out.push(shape);
            }
        }
        out.sort_unstable();
        Ok(out)
    }
}

/// `cells` moved so that their least row and least column are 0, sorted.
fn normalised(cells: impl Iterator<Item = Cell>) -> Result<Vec<Cell>, Error> {
    let mut v: Vec<Cell> = Vec::new();
    for x in cells {
        v.try_reserve(1)?;
        v.push(x);
    }
    let r0 = v.iter().map(|x| x.0).min().unwrap_or(0);
    let c0 = v.iter().map(|x| x.1).min().unwrap_or(0);
    for x in &mut v {
        *x = (x.0 - r0, x.1 - c0);
    }
    v.sort_unstable();
    Ok(v)
}

/// A packing problem: a board, the pieces, and whether squares of the
/// board may stay empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Polyomino {
    /// The board's squares, sorted, distinct.
    board: Vec<Cell>,
    pieces: Vec<Piece>,
    empty: bool,
}

impl Polyomino {
    /// An empty board and no pieces.
    pub fn new() -> Polyomino {
        Polyomino::default()
    }

    /// Adds squares (row, column) to the board; squares already on it are
    /// ignored, so a board with holes is the squares without them.
    /// Errors, the board unchanged: [`Error::OutOfMemory`].
    pub fn add_cells(&mut self, cells: &[(i32, i32)]) -> Result<(), Error> {
        self.board.try_reserve(cells.len())?;
        self.board.extend(cells.iter().map(|&(r, c)| (i64::from(r), i64::from(c))));
        self.board.sort_unstable();
        self.board.dedup();
        Ok(())
    }

    /// Adds the rectangle of `rows` x `columns` squares with its corner at
    /// (0, 0). Errors: [`Error::TooLarge`] past 2^31 rows or columns,
    /// [`Error::OutOfMemory`].
    pub fn add_rectangle(&mut self, rows: usize, columns: usize) -> Result<(), Error> {
        let (Ok(h), Ok(w)) = (i32::try_from(rows), i32::try_from(columns)) else { return Err(Error::TooLarge) };
        let mut cells = Vec::new();
        cells.try_reserve_exact(rows.checked_mul(columns).ok_or(Error::TooLarge)?)?;
        cells.extend((0..h).flat_map(|r| (0..w).map(move |c| (r, c))));
        self.add_cells(&cells)
    }

    /// Adds a piece. Errors, nothing added: [`Error::InvalidArgument`]
    /// when a piece of that name is there already, [`Error::OutOfMemory`].
    pub fn add_piece(&mut self, piece: Piece) -> Result<(), Error> {
        if self.pieces.iter().any(|p| p.name == piece.name) {
            return Err(Error::InvalidArgument);
        }
        self.pieces.try_reserve(1)?;
        self.pieces.push(piece);
        Ok(())
    }

    /// Whether squares may stay empty (default: no, every square covered).
    pub fn empty_cells(&mut self, on: bool) {
        self.empty = on;
    }

    /// The matrix. Its columns: one per piece used exactly once, named as
    /// the piece (in the order added), then one per square of the board,
    /// named `<row>,<column>` (rows before columns, in order). A row per
    /// placement of a piece, named by the piece and its squares
    /// (`P 0,0 0,1 1,0 1,1 2,0`), piece by piece, each shape in a fixed
    /// order, then the board's squares in order; when squares may stay
    /// empty, a last row per square covers it alone (`empty 2,3`). The
    /// board's symmetries (of the eight of the square, those that map the
    /// board to itself, moved back into place, and every piece's shapes
    /// to its shapes) come with it, for a count up to symmetry.
    /// Errors: [`Error::TooLarge`], [`Error::OutOfMemory`].
    pub fn build(&self) -> Result<Built, Error> {
        let once: Vec<&Piece> = self.pieces.iter().filter(|p| !p.reuse).collect();
        let mut names = Vec::new();
        names.try_reserve(once.len() + self.board.len())?;
        names.extend(once.iter().map(|p| p.name.clone()));
        names.extend(self.board.iter().map(|&(r, c)| format!("{r},{c}")));
        // Piece names are distinct and hold no `,`, which every square's has.
        debug_assert!(names.iter().collect::<HashSet<_>>().len() == names.len());
        let mut make = Maker::new(&names, 0)?;
        let square = |x: Cell| self.board.binary_search(&x).ok().map(|i| once.len() + i);
        // Each piece's shapes, made once: for the rows and the symmetries.
        let shapes: Vec<Vec<Vec<Cell>>> = self.pieces.iter().map(Piece::shapes).collect::<Result<_, _>>()?;
        let mut row = Vec::new();
        for (piece, own) in self.pieces.iter().zip(&shapes) {
            let column = once.iter().position(|q| std::ptr::eq(*q, piece));
            for shape in own {
                for &(r, c) in &self.board {
                    let (dr, dc) = (r - shape[0].0, c - shape[0].1);
                    row.clear();
                    row.extend(column);
                    let squares = shape.iter().map(|&(a, b)| square((a + dr, b + dc)));
                    for s in squares {
                        let Some(s) = s else { break };
                        row.try_reserve(1)?;
                        row.push(s);
                    }
                    if row.len() == shape.len() + usize::from(column.is_some()) {
                        let cells: Vec<String> = shape.iter().map(|&(a, b)| format!("{},{}", a + dr, b + dc)).collect();
                        make.row(&row, &format!("{} {}", piece.name, cells.join(" ")))?;
                    }
                }
            }
        }
        if self.empty {
            for (i, &(r, c)) in self.board.iter().enumerate() {
                make.row(&[once.len() + i], &format!("empty {r},{c}"))?;
            }
        }
        for image in self.symmetries(&shapes, once.len())? {
            make.matrix.add_symmetry(&image)?;
        }
        Ok(make.done())
    }

    /// The column images of the board's symmetries other than the
    /// identity, for a matrix whose first `pieces` columns are the pieces
    /// and whose pieces take the shapes `shapes` ([`Piece::shapes`]).
    fn symmetries(&self, shapes: &[Vec<Vec<Cell>>], pieces: usize) -> Result<Vec<Vec<usize>>, Error> {
        let mut out = Vec::new();
        let Some(&first) = self.board.first() else { return Ok(out) };
        let r0 = first.0;
        let c0 = self.board.iter().map(|x| x.1).min().unwrap_or(0);
        for turn in TURNS.iter().skip(1) {
            let (mr, mc) = self.board.iter().map(|&x| turn(x)).fold((i64::MAX, i64::MAX), |(a, b), (r, c)| (a.min(r), b.min(c)));
            let place = |x: Cell| {
                let (r, c) = turn(x);
                (r - mr + r0, c - mc + c0)
            };
            let mut image = Vec::new();
            image.try_reserve_exact(pieces + self.board.len())?;
            image.extend(0..pieces);
            for &x in &self.board {
                match self.board.binary_search(&place(x)) {
                    Ok(i) => image.push(pieces + i),
                    Err(_) => break,
                }
            }
            let keeps_shapes = shapes.iter().all(|own| {
                let turned: Result<Vec<Vec<Cell>>, Error> = own.iter().map(|s| normalised(s.iter().map(|&x| turn(x)))).collect();
                turned.is_ok_and(|mut t| {
                    t.sort_unstable();
                    t == *own
                })
            });
            if image.len() == pieces + self.board.len() && keeps_shapes {
                out.try_reserve(1)?;
                out.push(image);
            }
        }
        Ok(out)
    }
}
