//! Physical table measures (RULINGS §1) and the map-scale rule (RULINGS §2).
//!
//! The paper game measures with a playing card and coins on a printed map. On a real map every such
//! measure becomes a ground distance: table millimetres × the scale denominator.

use serde::{Deserialize, Serialize};

/// A map scale, stored as its denominator (25_000 means 1:25,000).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Scale(pub u32);

/// The standard map series the importer chooses from, largest first.
pub const STANDARD_SCALES: [u32; 7] =
    [10_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000];

/// How much table the longest side of the playable area should fill: eight card lengths.
pub const TARGET_TABLE_MM: f64 = 8.0 * Measure::CardLength.mm();

impl Scale {
    /// Ground metres covered by `mm` millimetres of table.
    pub fn ground_m(self, mm: f64) -> f64 {
        mm * f64::from(self.0) / 1000.0
    }

    /// Ground metres covered by a physical measure.
    pub fn measure_m(self, m: Measure) -> f64 {
        self.ground_m(m.mm())
    }

    /// Table millimetres that `metres` of ground take up.
    pub fn table_mm(self, metres: f64) -> f64 {
        metres * 1000.0 / f64::from(self.0)
    }

    /// The standard scale at which `longest_side_m` of ground is closest to eight card lengths of
    /// table (RULINGS §2). Closeness is measured in table millimetres.
    pub fn propose(longest_side_m: f64) -> Scale {
        let mut best = STANDARD_SCALES[0];
        let mut best_err = f64::INFINITY;
        for s in STANDARD_SCALES {
            let err = (Scale(s).table_mm(longest_side_m) - TARGET_TABLE_MM).abs();
            if err < best_err {
                best = s;
                best_err = err;
            }
        }
        Scale(best)
    }
}

impl std::fmt::Display for Scale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Thousands separators read the way a printed map's legend does: 1:25,000.
        let digits = self.0.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        write!(f, "1:{out}")
    }
}

/// The physical objects of the paper game, by their size on the table (RULINGS §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Measure {
    /// Long side of a poker-size card: Scout and Tank road move.
    CardLength,
    /// Short side of the card: Guard/Invader road move, Scout off road, attack and siege radius.
    CardBreadth,
    /// 1p coin: a basic settlement.
    Coin1p,
    /// 2p coin: a fortification and every starting base.
    Coin2p,
    /// 5p coin: a Scout.
    Coin5p,
    /// 10p coin: a Guard; its diameter is also the minimum spacing of settlements.
    Coin10p,
    /// 20p coin: an Invader.
    Coin20p,
    /// 50p coin: a Ship.
    Coin50p,
    /// £1 coin: a Tank.
    CoinPound,
}

impl Measure {
    /// Size in table millimetres: a card's side, or a coin's diameter.
    pub const fn mm(self) -> f64 {
        match self {
            Measure::CardLength => 88.9,
            Measure::CardBreadth => 63.5,
            Measure::Coin1p => 20.3,
            Measure::Coin2p => 25.9,
            Measure::Coin5p => 18.0,
            Measure::Coin10p => 24.5,
            Measure::Coin20p => 21.4,
            Measure::Coin50p => 27.3,
            Measure::CoinPound => 23.4,
        }
    }

    /// Radius in table millimetres (half the diameter for coins; the side itself for cards,
    /// because a card is laid from the centre outwards to measure a radius).
    pub const fn radius_mm(self) -> f64 {
        match self {
            Measure::CardLength | Measure::CardBreadth => self.mm(),
            _ => self.mm() / 2.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn andorra_sized_region_gets_1_to_25000() {
        // RULINGS §2's own example: ~20 km of playable area.
        assert_eq!(Scale::propose(20_000.0), Scale(25_000));
    }

    #[test]
    fn county_and_country_sizes_pick_smaller_scales() {
        assert_eq!(Scale::propose(180_000.0), Scale(250_000));
        assert_eq!(Scale::propose(700_000.0), Scale(1_000_000));
        assert_eq!(Scale::propose(6_000.0), Scale(10_000));
    }

    #[test]
    fn ground_distances_follow_the_scale() {
        let s = Scale(250_000);
        assert!((s.measure_m(Measure::CardLength) - 22_225.0).abs() < 1e-6);
        assert!((Scale(25_000).measure_m(Measure::Coin1p) - 507.5).abs() < 1e-6);
        assert!((Measure::Coin1p.radius_mm() - 10.15).abs() < 1e-9);
        assert_eq!(Scale(25_000).to_string(), "1:25,000");
        assert_eq!(Scale(1_000_000).to_string(), "1:1,000,000");
    }
}
