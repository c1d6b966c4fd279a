//! What happened in a 6+ battle. Events are the only way the position changes ([`super::apply`]).

use serde::{Deserialize, Serialize};

use super::geom::Face;
use super::state::{Formation, UnitId};
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::TablePoint;

/// Why a battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// One side has no block left on the table.
    Destroyed,
    /// The turn limit came: whoever alone holds the objective wins.
    TurnLimit,
}

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum SixEvent {
    /// A block moved (or pivoted on the spot).
    Moved {
        /// The block.
        unit: UnitId,
        /// Its new centre.
        to: TablePoint,
        /// Its new facing.
        facing: f64,
        /// Whether it used the road bonus.
        road: bool,
    },
    /// A block changed formation.
    Formed {
        /// The block.
        unit: UnitId,
        /// The new formation.
        formation: Formation,
    },
    /// A block loaded.
    Reloaded {
        /// The block.
        unit: UnitId,
    },
    /// Cavalry charged into contact.
    Charged {
        /// The charger.
        unit: UnitId,
        /// Its target.
        target: UnitId,
        /// Where the charger's centre stands in contact.
        to: TablePoint,
        /// Its facing.
        facing: f64,
        /// The target's face it struck.
        face: Face,
    },
    /// The movement phase ended.
    MoveEnded,
    /// The General rallied a block.
    Rallied {
        /// The General.
        general: UnitId,
        /// The block.
        unit: UnitId,
        /// Hits taken off.
        removed: u32,
    },
    /// A block shot.
    Shot {
        /// The shooter.
        unit: UnitId,
        /// The target.
        target: UnitId,
        /// Hits inflicted.
        hits: u32,
        /// Whether the target's woods or town halved them.
        cover: bool,
    },
    /// Hand-to-hand: the charger inflicted its hits.
    Fought {
        /// The charger.
        charger: UnitId,
        /// The block charged.
        target: UnitId,
        /// Hits inflicted.
        hits: u32,
    },
    /// A charger that failed to destroy its target fell back.
    Retreated {
        /// The charger.
        unit: UnitId,
        /// Its new centre.
        to: TablePoint,
        /// Its facing (towards its erstwhile target).
        facing: f64,
    },
    /// Tide of battle: a neighbour of an eliminated block took hits.
    Tide {
        /// The block hit.
        unit: UnitId,
        /// The block whose loss it felt.
        from: UnitId,
        /// Hits.
        hits: u32,
    },
    /// A block with twelve hits left the table.
    Eliminated {
        /// The block.
        unit: UnitId,
    },
    /// An army routed: all its blocks leave the table.
    Routed {
        /// The side.
        side: Side,
    },
    /// Chance cards: the player whose turn begins drew a card; `unit` is the block it acted on
    /// at once, if any (see [`super::cards`]).
    CardDrawn {
        /// The drawer.
        side: Side,
        /// The card.
        card: super::cards::Card,
        /// The block it acted on at once.
        unit: Option<UnitId>,
    },
    /// The next player turn began.
    TurnPassed {
        /// The side to act.
        to: Side,
        /// The turn it is in.
        turn: u32,
    },
    /// The battle ended.
    Ended {
        /// The result.
        outcome: BattleOutcome,
        /// Why.
        ending: Ending,
    },
}
