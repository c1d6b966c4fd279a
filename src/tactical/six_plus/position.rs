//! Hand-made 6+ positions for tests and scenarios: blocks put exactly where a test needs them.
//!
//! ```
//! use omms::tactical::six_plus::position::Position;
//! use omms::tactical::six_plus::state::{Kind, UnitId};
//! use omms::tactical::{Battlefield, Edge, Side};
//!
//! let field = Battlefield::from_parts(omms::tactical::six_plus::TABLE, "Testham", Edge::South, vec![], vec![], &[]);
//! let s = Position::new()
//!     .unit(Side::Attacker, Kind::Infantry, [180.0, 100.0], 0.0)
//!     .unit(Side::Defender, Kind::Cavalry, [180.0, 140.0], 180.0)
//!     .hits(5)
//!     .build(&field);
//! assert_eq!(s.unit(UnitId(1)).unwrap().hits, 5);
//! ```

use super::cards::Card;
use super::execute::strength_of;
use super::ground::Ground;
use super::state::{Done, Formation, Kind, Options, Phase, SixState, Unit, UnitId};
use crate::tactical::battlefield::Battlefield;
use crate::tactical::ruleset::Side;
use crate::tactical::table::TablePoint;

/// A position under construction.
#[derive(Debug, Clone)]
pub struct Position {
    units: Vec<Unit>,
    actor: Side,
    phase: Phase,
    turn: u32,
    options: Options,
    card: Option<(Side, Card)>,
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// An empty table, turn 1, the attacker to move, the standard options.
    pub fn new() -> Position {
        Position {
            units: Vec::new(),
            actor: Side::Attacker,
            phase: Phase::Move,
            turn: 1,
            options: Options::STANDARD,
            card: None,
        }
    }

    /// Add a loaded block in line; what follows edits it.
    pub fn unit(mut self, side: Side, kind: Kind, at: TablePoint, facing: f64) -> Position {
        self.units.push(Unit {
            id: UnitId(self.units.len() as u16),
            side,
            kind,
            formation: Formation::Line,
            at,
            facing,
            hits: 0,
            loaded: true,
            rallied: false,
            alive: true,
            garrison: false,
        });
        self
    }

    fn last(&mut self) -> &mut Unit {
        self.units.last_mut().expect("a unit first")
    }

    /// The last block's hit tally.
    pub fn hits(mut self, n: u32) -> Position {
        self.last().hits = n;
        self
    }

    /// The last block has fired and not loaded.
    pub fn unloaded(mut self) -> Position {
        self.last().loaded = false;
        self
    }

    /// The last block's formation.
    pub fn formation(mut self, f: Formation) -> Position {
        self.last().formation = f;
        self
    }

    /// Whose turn and which phase.
    pub fn phase(mut self, actor: Side, phase: Phase) -> Position {
        self.actor = actor;
        self.phase = phase;
        self
    }

    /// The turn number.
    pub fn turn(mut self, turn: u32) -> Position {
        self.turn = turn;
        self
    }

    /// The optional rules.
    pub fn options(mut self, options: Options) -> Position {
        self.options = options;
        self
    }

    /// Chance cards in play (seeded 0), and `side` holding `card` for the turn under way.
    pub fn card(mut self, side: Side, card: Card) -> Position {
        self.options.chance = true;
        self.card = Some((side, card));
        self
    }

    /// The position on `field` (its towns found as a battle's are).
    pub fn build(self, field: &Battlefield) -> SixState {
        SixState {
            done: vec![Done::default(); self.units.len()],
            strength: strength_of(&self.units),
            units: self.units,
            actor: self.actor,
            phase: self.phase,
            turn: self.turn,
            charges: Vec::new(),
            options: self.options,
            outcome: None,
            deck: self.options.chance.then(|| super::cards::Deck::shuffled(0)),
            card: self.card,
            ground: if field.areas.is_empty() {
                Ground::open()
            } else {
                Ground::of(field)
            },
        }
    }
}
