//! What a Dice Flew player asks for.

use serde::{Deserialize, Serialize};

use super::artillery::{BatteryId, PlannedShot};
use super::unit::{BattalionId, Kind, Order, UnitId};
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
    /// Before the battle: add a line to an off-table battery's fire plan (it replaces any line
    /// for the same turn).
    PlanFire {
        /// Which battery.
        battery: BatteryId,
        /// When and where.
        shot: PlannedShot,
    },
    /// Before the battle, with the orders: equip a company from a die that leaves a choice (a
    /// Tank's armour die: a medium tank or armoured cars; a fortification's machine-gun die: an
    /// MG company or field guns) as the other thing its die may be.
    Equip {
        /// Which company.
        unit: UnitId,
        /// What it is to be.
        kind: Kind,
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
    /// At the start of the side's part, before anything moves: a battery's forward observer
    /// calls its fire on an enemy unit he sees (the order-change roll, 2+).
    CallFire {
        /// Which battery.
        battery: BatteryId,
        /// The enemy unit shelled.
        target: UnitId,
    },
    /// Before a company moves: detach up to four of its riflemen as a patrol beside it.
    Detach {
        /// The company.
        unit: UnitId,
        /// Riflemen sent, 1 to 4.
        men: u8,
    },
    /// A patrol within half a move of its company rejoins it.
    Rejoin {
        /// The patrol.
        patrol: UnitId,
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
    /// At the start of the side's part, before anything moves: an on-table gun or mortar
    /// company bombards an enemy unit its side sees; it may not shoot until its next part.
    Bombard {
        /// The guns or mortars.
        unit: UnitId,
        /// The enemy unit shelled.
        target: UnitId,
    },
    /// In the side's movement, instead of moving: a headquarters or observer runs a telephone
    /// line back to its CO (the CO himself: sets up the exchange the lines run to).
    LayLine {
        /// The unit laying it.
        unit: UnitId,
    },
    /// At the start of the side's part, before anything moves: try to change (or strike out,
    /// `feature` none) a coming turn's line of a battery's fire plan, by the order-change roll.
    ChangePlan {
        /// Which battery.
        battery: BatteryId,
        /// The turn of the line.
        turn: u32,
        /// The feature shelled instead, or none to strike the line out.
        feature: Option<u16>,
    },
}
