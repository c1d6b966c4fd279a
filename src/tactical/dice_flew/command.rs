//! What a Dice Flew player asks for.

use serde::{Deserialize, Serialize};

use super::unit::{BattalionId, Order, UnitId};
use crate::tactical::table::TablePoint;

/// A player's command.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum DfCommand {
    /// Before the battle: write (or rewrite) a battalion's order.
    WriteOrder {
        /// Which battalion.
        battalion: BattalionId,
        /// The order.
        order: Order,
    },
    /// The side's orders are written.
    OrdersDone,
    /// The initiative winner goes first (`true`) or second.
    GoFirst {
        /// First or second.
        first: bool,
    },
    /// At the start of the side's part, before anything moves: try to change an order (2+).
    ChangeOrder {
        /// Which battalion.
        battalion: BattalionId,
        /// The new order.
        order: Order,
    },
    /// Move a unit straight to a point (it faces the way it went).
    Move {
        /// Which unit.
        unit: UnitId,
        /// Where to.
        to: TablePoint,
    },
    /// The interrupted mover's enemy fires one of the companies offered.
    Shoot {
        /// The company firing.
        shooter: UnitId,
    },
    /// The enemy lets the move go on.
    Pass,
    /// The mover, fired on, halts and goes to ground (counting as in cover).
    GoToGround,
    /// The mover, fired on, pushes on with its move.
    PushOn,
    /// At the end of the enemy's movement, fire a company at its closest target.
    Fire {
        /// The company firing.
        shooter: UnitId,
    },
    /// End the side's movement, or its firing.
    Done,
}
