//! The Creation Total: how much of one suit a player must spend at once (RULINGS §7).

use super::ids::{Food, Points};

/// The Creation Total for a player holding `points` settlement points. More settlements make
/// building cheaper; a player with no settlements (or only a base) needs 15.
pub fn creation_total(points: Points) -> u32 {
    match points.0 {
        0..=3 => 15,
        4..=5 => 14,
        6..=7 => 13,
        8..=9 => 12,
        10..=11 => 10,
        12..=13 => 8,
        _ => 6,
    }
}

/// Settlement points of `basic` basic settlements and `forts` fortifications.
pub fn settlement_points(basic: u32, forts: u32) -> Points {
    Points(basic + 2 * forts)
}

/// Food needed to support `basic` basic settlements and `forts` fortifications.
pub fn upkeep(basic: u32, forts: u32) -> Food {
    Food(basic + 2 * forts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table() {
        let got: Vec<u32> = (0..=16).map(|p| creation_total(Points(p))).collect();
        assert_eq!(
            got,
            vec![15, 15, 15, 15, 14, 14, 13, 13, 12, 12, 10, 10, 8, 8, 6, 6, 6]
        );
    }

    #[test]
    fn the_rule_texts_example() {
        // Two forts and three basic settlements: 7 points, CT 13; a fourth basic makes 8, CT 12.
        assert_eq!(creation_total(settlement_points(3, 2)), 13);
        assert_eq!(creation_total(settlement_points(4, 2)), 12);
        assert_eq!(upkeep(1, 2), Food(5));
    }
}
