use super::*;

/// A small generator, so the cases are the same on every run.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *state >> 33
}

#[test]
fn dense_rows_equal_rows_added_one_by_one() {
    let mut seed = 7;
    for _ in 0..300 {
        let columns = 1 + next(&mut seed) as usize % 40;
        let width = 1 + next(&mut seed) as usize % columns;
        let stride = width + next(&mut seed) as usize % 9;
        let rows = next(&mut seed) as usize % 12;
        // Any non-zero byte is an entry; the bytes past `width` in each
        // stride are noise that must be ignored.
        let mut cells = vec![0u8; rows * stride];
        for (k, cell) in cells.iter_mut().enumerate() {
            if k % stride >= width || next(&mut seed) % 4 == 0 {
                *cell = 1 + (next(&mut seed) % 255) as u8;
            }
        }
        let mut one = Matrix::new(columns).unwrap();
        let mut bulk = Matrix::new(columns).unwrap();
        one.add_row(&[0]).unwrap();
        bulk.add_row(&[0]).unwrap();
        let mut expected = Ok(1);
        for r in 0..rows {
            let cols: Vec<usize> = (0..width).filter(|&c| cells[r * stride + c] != 0).collect();
            if let Err(e) = one.add_row(&cols) {
                expected = Err((r, e));
                break;
            }
        }
        let got = bulk.add_dense_rows(&cells, rows, width, stride);
        assert_eq!(got, expected);
        if got.is_ok() {
            assert_eq!(bulk, one);
        } else {
            // Refused: nothing of the call stays.
            assert_eq!((bulk.rows(), bulk.entries()), (1, 1));
        }
    }
}

#[test]
fn dense_rows_refuse_bad_shapes_and_columns() {
    let mut m = Matrix::new(3).unwrap();
    assert_eq!(m.add_dense_rows(&[1, 0, 0, 1], 2, 3, 2), Err((0, Error::InvalidArgument)));
    assert_eq!(m.add_dense_rows(&[1, 0, 0, 1, 1], 2, 3, 3), Err((0, Error::InvalidArgument)));
    assert_eq!(m.add_dense_rows(&[1, 0, 0, 0, 0, 0, 0, 1], 2, 4, 4), Err((1, Error::ColumnRange)));
    assert_eq!(m.add_dense_rows(&[1, 0, 0, 0, 0, 0], 2, 3, 3), Err((1, Error::EmptyRow)));
    assert_eq!(m.rows(), 0);
    assert_eq!(m.add_dense_rows(&[], 0, 3, 3), Ok(0));
    // Colors and costs in use stay one per entry and one per row.
    m.set_secondary(2).unwrap();
    m.add_colored_row(&[0, 2], &[0, 5]).unwrap();
    m.set_cost(0, 4).unwrap();
    assert_eq!(m.add_dense_rows(&[0, 1, 1, 1, 0, 0], 2, 3, 3), Ok(1));
    assert_eq!((m.color_id(1, 1), m.cost(2), m.cost(0)), (Some(0), Some(0), Some(4)));
    assert_eq!(m.row(2).unwrap().collect::<Vec<_>>(), vec![0]);
}

#[test]
fn many_rows_at_once_or_none() {
    let mut m = Matrix::new(4).unwrap();
    m.set_secondary(3).unwrap();
    assert_eq!(m.add_rows(&[0, 2, 3], &[0, 3, 1], Some(&[0, 2, 0])), Ok(0));
    assert_eq!(m.color_id(0, 1), Some(2));
    let before = m.clone();
    assert_eq!(m.add_rows(&[0, 1, 3], &[2, 1, 1], None), Err((1, Error::DuplicateColumn)));
    assert_eq!(m.add_rows(&[0, 2, 1], &[2, 1], None), Err((1, Error::InvalidArgument)));
    assert_eq!(m.add_rows(&[0, 1, 2], &[2, 0], Some(&[0, 1])), Err((1, Error::ColorOnPrimary)));
    assert_eq!(m.add_rows(&[0, 1, 4], &[2, 0], None), Err((1, Error::InvalidArgument)));
    assert_eq!(m, before);
    assert_eq!(m.add_rows(&[5], &[], None), Ok(2));
    assert_eq!(m, before);
}

#[test]
fn rows_get_ids_in_order_and_keep_their_column_order() {
    let mut m = Matrix::new(4).unwrap();
    assert_eq!(m.add_row(&[2, 0]), Ok(0));
    assert_eq!(m.add_row(&[3]), Ok(1));
    assert_eq!(m.row(0).unwrap().collect::<Vec<_>>(), vec![2, 0]);
    assert_eq!(m.row(1).unwrap().collect::<Vec<_>>(), vec![3]);
    assert!(m.row(2).is_none());
    assert_eq!((m.rows(), m.entries(), m.columns()), (2, 3, 4));
}

#[test]
fn bad_rows_are_rejected_and_change_nothing() {
    let mut m = Matrix::new(3).unwrap();
    m.add_row(&[0, 1]).unwrap();
    assert_eq!(m.add_row(&[]), Err(Error::EmptyRow));
    assert_eq!(m.add_row(&[0, 3]), Err(Error::ColumnRange));
    assert_eq!(m.add_row(&[1, 2, 1]), Err(Error::DuplicateColumn));
    assert_eq!(m.add_row(&[0, 1, 2, 0]), Err(Error::DuplicateColumn));
    // Long rows take the sorting path.
    let mut wide = Matrix::new(40).unwrap();
    let mut long: Vec<usize> = (0..30).collect();
    assert_eq!(wide.add_row(&long), Ok(0));
    long[29] = 3;
    assert_eq!(wide.add_row(&long), Err(Error::DuplicateColumn));
    assert_eq!((m.rows(), m.entries()), (1, 2));
    assert_eq!(m.add_row(&[2]), Ok(1));
}

#[test]
fn secondary_columns() {
    let mut m = Matrix::new(2).unwrap();
    assert_eq!(m.set_secondary(2), Err(Error::ColumnRange));
    m.set_secondary(1).unwrap();
    m.set_secondary(1).unwrap();
    assert_eq!((m.is_secondary(0), m.is_secondary(1), m.is_secondary(2)), (Some(false), Some(true), None));
}

#[test]
fn sizes_beyond_32_bit_indices_are_refused() {
    assert_eq!(Matrix::new(u32::MAX as usize).unwrap_err(), Error::TooLarge);
    assert_eq!(Matrix::new(usize::MAX).unwrap_err(), Error::TooLarge);
}

/// Generalised by values, not by what was once set: a matrix whose
/// bounds went back to (1, 1), or were dropped by making the column
/// secondary, is plain (it failed when the answer was "bounds were
/// ever stored"); a color or a bound in force is not.
#[test]
fn generalized_is_a_matter_of_values() {
    let mut m = Matrix::new(3).unwrap();
    m.set_secondary(2).unwrap();
    m.add_row(&[0, 2]).unwrap();
    assert!(!m.is_generalized());
    m.set_bounds(0, 1, 2).unwrap();
    assert!(m.is_generalized());
    m.set_bounds(0, 1, 1).unwrap();
    assert!(!m.is_generalized());
    m.set_bounds(1, 0, 1).unwrap();
    assert!(m.is_generalized());
    m.set_secondary(1).unwrap();
    assert!(!m.is_generalized());
    m.add_colored_row(&[0, 2], &[0, 0]).unwrap();
    assert!(!m.is_generalized());
    m.add_colored_row(&[1, 2], &[0, 5]).unwrap();
    assert!(m.is_generalized());
}
