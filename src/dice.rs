//! Dice and shuffles drawn from a game's or a battle's own ChaCha8 stream: a leaf both the
//! strategic engine and the tactical rulesets roll with.
//!
//! Only `RngCore::next_u32` is used: ChaCha8's output stream is part of rand_chacha's stable
//! API, while rand's `random_range` and `shuffle` algorithms have changed between releases.
//! Owning the arithmetic keeps old saves replaying identically after a dependency upgrade.

use rand::RngCore;
use rand_chacha::ChaCha8Rng;

/// A uniform integer in `0..n` (`n > 0`), without modulo bias (rejection sampling).
pub fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    assert!(n > 0, "below(0)");
    // Reject the top sliver of u32 that would make low numbers more likely.
    let zone = u32::MAX - (u32::MAX - n + 1) % n;
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return x % n;
        }
    }
}

/// One six-sided die.
pub fn d6(rng: &mut ChaCha8Rng) -> u8 {
    below(rng, 6) as u8 + 1
}

/// `n` six-sided dice.
pub fn roll(rng: &mut ChaCha8Rng, n: u8) -> Vec<u8> {
    (0..n).map(|_| d6(rng)).collect()
}

/// Fisher–Yates shuffle.
pub fn shuffle<T>(rng: &mut ChaCha8Rng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn dice_are_one_to_six_and_all_faces_appear() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut seen = [0u32; 7];
        for _ in 0..6000 {
            seen[usize::from(d6(&mut rng))] += 1;
        }
        assert_eq!(seen[0], 0);
        assert!(
            seen[1..].iter().all(|&c| (800..1200).contains(&c)),
            "{seen:?}"
        );
    }

    #[test]
    fn the_stream_is_pinned() {
        // A change here silently breaks every saved game's replay.
        let mut rng = ChaCha8Rng::seed_from_u64(2005);
        assert_eq!(roll(&mut rng, 8), vec![3, 2, 2, 2, 2, 6, 4, 5]);
        let mut v: Vec<u32> = (0..10).collect();
        shuffle(&mut rng, &mut v);
        assert_eq!(v, vec![1, 8, 5, 0, 2, 6, 3, 7, 9, 4]);
    }
}
