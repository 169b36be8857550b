use super::*;

/// A small linear congruential generator from `seed`: 31 bits a call.
fn generator(seed: u64) -> impl FnMut() -> u32 {
    let mut x = seed;
    move || {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (x >> 33) as u32
    }
}

/// The first position of the smallest value, the slow obvious way.
fn naive<K: Key>(keys: &[K]) -> usize {
    let low = *keys.iter().min().unwrap();
    keys.iter().position(|&l| l == low).unwrap()
}

#[test]
fn the_choice_gives_the_first_item_of_fewest_rows_and_its_length() {
    choice_gives_the_first_item_of_fewest_rows_and_its_length::<u32>();
    choice_gives_the_first_item_of_fewest_rows_and_its_length::<u16>();
}

/// `choose_with_length_on`, scalar and AVX2 (where the CPU has it),
/// against the first uncovered primary item of smallest length found
/// the slow obvious way; for `u32`, also on keys without item numbers.
fn choice_gives_the_first_item_of_fewest_rows_and_its_length<K: Key>() {
    let mut next = generator(99);
    let avx2 = has_avx2();
    let mut chose = [0; 2];
    for items in [1usize, 5, 16, 17, 40, 324, 700] {
        for _ in 0..50 {
            let primary = 1 + next() as usize % items;
            let mut len = lengths(items).unwrap();
            for l in &mut len[1..=items] {
                *l = next() % 10;
            }
            let mut keys = Keys::<K>::new(&len, primary).unwrap();
            let mut covered = vec![false; items + 1];
            for (i, c) in covered.iter_mut().enumerate().take(primary + 1).skip(1) {
                if next() % 3 == 0 {
                    keys.cover(i as u32);
                    *c = true;
                }
            }
            let want = (1..=primary).filter(|&i| !covered[i]).min_by_key(|&i| (len[i], i)).map_or((0, 0), |i| (i as u32, len[i]));
            chose[usize::from(want.0 != 0)] += 1;
            assert_eq!(unsafe { keys.choose_with_length_on::<false>() }, want, "{len:?} {covered:?}");
            if avx2 {
                assert_eq!(unsafe { keys.choose_with_length_on::<true>() }, want, "{len:?} {covered:?}");
            }
            if let Some(keys) = (&mut keys as &mut dyn std::any::Any).downcast_mut::<Keys<u32>>() {
                keys.without_numbers();
                assert_eq!(unsafe { keys.choose_with_length_on::<false>() }, want, "{len:?} {covered:?}");
            }
        }
    }
    assert!(chose[0] > 5 && chose[1] > 200, "{chose:?}");
}

#[test]
fn the_scans_find_the_smallest_key_and_its_first_position() {
    scans_find_the_smallest_key_and_its_first_position::<u32>();
    scans_find_the_smallest_key_and_its_first_position::<u16>();
}

fn scans_find_the_smallest_key_and_its_first_position<K: Key>() {
    // Keys with many ties, some covered, some 0, arrays shorter and
    // longer than a block.
    let mut next = generator(12345);
    for size in [1usize, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 324, 1000] {
        for _ in 0..200 {
            let keys: Vec<K> = (0..size)
                .map(|_| match next() % 10 {
                    0 => K::COVERED | K::of(next() % 100),
                    1 => K::of(0),
                    k => K::of(k % 4 + 1),
                })
                .collect();
            let at = naive(&keys);
            assert_eq!(first_least(&keys), at, "{keys:?}");
            assert_eq!(least(&keys), keys[at].min(K::COVERED), "{keys:?}");
            #[cfg(target_arch = "x86_64")]
            if std::arch::is_x86_feature_detected!("avx2") {
                // Garbage after the keys, as `len` has, left out by
                // `tail`, which has at least one lane, as in `Keys`.
                let groups = (size + 1).div_ceil(K::LANES);
                let mut padded = keys.clone();
                padded.extend((0..groups * K::LANES - size).map(|k| K::of(k as u32 % 2)));
                let tail = std::array::from_fn(|j| if (groups - 1) * K::LANES + j < size { K::of(0) } else { K::ONES });
                assert_eq!(unsafe { least_avx2(&padded, &tail) }, keys[at].min(K::COVERED), "{keys:?}");
            }
        }
    }
}
