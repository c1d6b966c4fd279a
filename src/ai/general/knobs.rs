//! How a `normal`-style bot weighs its war: the switches that tell `hard` from `normal`, and
//! that `hard`'s search once turned turn by turn (a whole-turn plan search, measured no
//! stronger than `normal` and dropped on 2026-12-07: docs/bots.md, "`hard` holds its towns").

/// How a `normal`-style bot weighs its war.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(in crate::ai) struct Knobs {
    /// Multiplies what losing a unit costs in every assault's odds (below 1: bolder).
    pub loss_scale: f64,
    /// Least chance of taking a settlement for the army to move in and storm it.
    pub storm_p: f64,
    /// Share of the units that may sit in garrisons.
    pub garrison_share: f64,
    /// Objectives passed over, best first (0: the best one).
    pub objective_skip: usize,
}

impl Knobs {
    /// `normal`'s own play.
    pub const NORMAL: Knobs = Knobs {
        loss_scale: 1.0,
        storm_p: 0.5,
        garrison_share: super::GARRISON_SHARE,
        objective_skip: 0,
    };

    /// `hard`'s play: `normal`'s, holding more of its towns
    /// ([`HARD_GARRISON_SHARE`](super::HARD_GARRISON_SHARE)).
    pub const HARD: Knobs = Knobs {
        garrison_share: super::HARD_GARRISON_SHARE,
        ..Knobs::NORMAL
    };
}
