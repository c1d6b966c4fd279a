//! A 6+ battle's position: the blocks, whose player turn and phase it is, this turn's charges,
//! the optional rules in play, and how it ended.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Deck};
use super::geom::Rect;
use super::ground::Ground;
use crate::tactical::options::{RuleOption, RuleOptions};
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::{cm, TablePoint};

/// Whole turns (both players) before the battle is decided on the objective.
pub const TURN_LIMIT: u32 = 15;
/// Hits that eliminate a block.
pub const HITS_TO_ELIMINATE: u32 = 12;
/// A block's frontage and depth in line, mm (column is the same block turned endwise).
pub const FRONTAGE: f64 = 40.0;
/// See [`FRONTAGE`].
pub const DEPTH: f64 = 20.0;
/// A square's side, mm.
pub const SQUARE: f64 = 28.0;
/// The General's base: a square this wide, mm.
pub const GENERAL_BASE: f64 = 20.0;
/// Base contact: blocks this close count as touching, mm.
pub const CONTACT: f64 = 2.0;

/// A block's number, from 0 in deployment order (the attacker's first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitId(pub u16);

/// The four troop types, and the optional General.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Formed foot: 6 cm, shoots 4 hits at 6 cm in its front arc.
    Infantry,
    /// Horse: 12 cm, never shoots, the only arm that charges (6 hits).
    Cavalry,
    /// Loose foot: 8 cm, shoots 2 hits at 6 cm all round, even after moving; passes through.
    Skirmishers,
    /// Guns: 6 cm, shoots 2 hits at 24 cm in its front arc, over other blocks.
    Artillery,
    /// The General and his retinue (optional rule): moves as cavalry, rallies, never shoots.
    General,
}

impl Kind {
    /// Its name for players.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Infantry => "infantry",
            Kind::Cavalry => "cavalry",
            Kind::Skirmishers => "skirmishers",
            Kind::Artillery => "artillery",
            Kind::General => "general",
        }
    }

    /// How far it moves in a turn, mm.
    pub fn allowance(self) -> f64 {
        match self {
            Kind::Infantry | Kind::Artillery => cm(6.0),
            Kind::Skirmishers => cm(8.0),
            Kind::Cavalry | Kind::General => cm(12.0),
        }
    }

    /// Its range, mm, and the potential hits of a shot; `None` if it never shoots.
    pub fn fire(self) -> Option<(f64, u32)> {
        match self {
            Kind::Infantry => Some((cm(6.0), 4)),
            Kind::Skirmishers => Some((cm(6.0), 2)),
            Kind::Artillery => Some((cm(24.0), 2)),
            Kind::Cavalry | Kind::General => None,
        }
    }
}

/// How a block is drawn up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Formation {
    /// The block broadside on: 40 mm of frontage, 20 deep.
    Line,
    /// The block endwise: 20 mm of frontage, 40 deep (through gaps and along roads).
    Column,
    /// Infantry square (optional rule): cannot move or shoot, cannot be charged.
    Square,
}

/// One block.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Its number.
    pub id: UnitId,
    /// Whose.
    pub side: Side,
    /// Its type.
    pub kind: Kind,
    /// Its formation.
    pub formation: Formation,
    /// Its centre.
    pub at: TablePoint,
    /// Compass degrees its front looks towards.
    pub facing: f64,
    /// Its hit tally.
    pub hits: u32,
    /// Whether its weapons are loaded.
    pub loaded: bool,
    /// Whether it has been rallied (a block is rallied once in a battle).
    pub rallied: bool,
    /// Whether it is still on the table.
    pub alive: bool,
    /// Whether it started the battle in a town (a settlement's die).
    pub garrison: bool,
}

impl Unit {
    /// Its footprint.
    pub fn rect(&self) -> Rect {
        self.rect_at(self.at, self.facing)
    }

    /// Its footprint were it at `at` facing `facing`.
    pub fn rect_at(&self, at: TablePoint, facing: f64) -> Rect {
        let (frontage, depth) = match (self.kind, self.formation) {
            (Kind::General, _) => (GENERAL_BASE, GENERAL_BASE),
            (_, Formation::Line) => (FRONTAGE, DEPTH),
            (_, Formation::Column) => (DEPTH, FRONTAGE),
            (_, Formation::Square) => (SQUARE, SQUARE),
        };
        Rect {
            at,
            facing,
            frontage,
            depth,
        }
    }

    /// Its name for players: "attacker's infantry #3".
    pub fn label(&self) -> String {
        let side = match self.side {
            Side::Attacker => "attacking",
            Side::Defender => "defending",
        };
        format!("{side} {} #{}", self.kind.name(), self.id.0)
    }
}

/// The part of a player turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Movement or loading (charges are moves).
    Move,
    /// Shooting (and the General's rally, which follows the movement phase).
    Shoot,
    /// The battle is over.
    Over,
}

/// The optional rules of the text, each on or off for a battle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// Infantry may form square: no moving or shooting, no cavalry charges against it.
    pub square: bool,
    /// An army that has lost half its units plus one routs and leaves the table.
    pub rout: bool,
    /// An elimination puts two hits on every friend within 3 cm, and may chain.
    pub tide: bool,
    /// Each army has a General (unless its force already names one).
    pub general: bool,
    /// Chance cards: a card drawn at the start of every player turn (see [`super::cards`]).
    pub chance: bool,
}

impl Options {
    /// What the built-in ruleset plays with: square and rout on (they end battles the way
    /// battles of the period ended), tide of battle off (it is the harshest and least tested
    /// in the text).
    pub const STANDARD: Options = Options {
        square: true,
        rout: true,
        tide: false,
        general: false,
        chance: false,
    };

    /// The optional rules as the ruleset offers them to players, by name.
    pub const OFFERED: &'static [RuleOption] = &[
        RuleOption {
            name: "square",
            title: "Square",
            default: true,
            about: "infantry may form square: it cannot move or shoot, and cannot be charged",
        },
        RuleOption {
            name: "general",
            title: "General",
            default: false,
            about: "each army has a General who rallies, moves as cavalry and counts two for rout",
        },
        RuleOption {
            name: "rout",
            title: "Rout",
            default: true,
            about: "an army that has lost half its blocks plus one leaves the table",
        },
        RuleOption {
            name: "tide-of-battle",
            title: "Tide of battle",
            default: false,
            about: "each block lost puts 2 hits on friends within 3 cm, and may chain",
        },
        RuleOption {
            name: "chance-cards",
            title: "Chance cards",
            default: false,
            about: "a card drawn each player turn bends the rules for that turn",
        },
    ];

    /// The players' choice read by name; what they leave unsaid is [`Options::STANDARD`].
    pub fn chosen(rules: &RuleOptions) -> Options {
        let on = |name: &str| {
            Options::OFFERED
                .iter()
                .find(|o| o.name == name)
                .is_some_and(|o| rules.on(o))
        };
        Options {
            square: on("square"),
            rout: on("rout"),
            tide: on("tide-of-battle"),
            general: on("general"),
            chance: on("chance-cards"),
        }
    }
}

/// A charge declared this turn: the charger, its target and which face of the target it hit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Charge {
    /// The charging cavalry.
    pub charger: UnitId,
    /// The block charged.
    pub target: UnitId,
    /// Whether it struck the target's flank or rear.
    pub flank_or_rear: bool,
}

/// What a block has done this player turn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Done {
    /// It used its movement phase (moved, pivoted, charged, loaded or changed formation).
    pub acted: bool,
    /// It moved or pivoted (so only skirmishers may still shoot).
    pub moved: bool,
    /// It shot.
    pub shot: bool,
    /// (A General) it has rallied this turn.
    pub rallied_other: bool,
}

/// The whole position.
#[derive(Debug, Clone)]
pub struct SixState {
    pub(super) units: Vec<Unit>,
    pub(super) done: Vec<Done>,
    pub(super) actor: Side,
    pub(super) phase: Phase,
    pub(super) turn: u32,
    pub(super) charges: Vec<Charge>,
    pub(super) options: Options,
    /// Each side's strength for the rout rule (the General counts two).
    pub(super) strength: [u32; 2],
    pub(super) outcome: Option<BattleOutcome>,
    pub(super) ground: Ground,
    /// Chance cards: the deck, or `None` with the option off (then no RNG exists at all).
    pub(super) deck: Option<Deck>,
    /// Chance cards: the card the side whose turn it is drew.
    pub(super) card: Option<(Side, Card)>,
}

impl SixState {
    /// Every block, eliminated ones included, in id order.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// A block.
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.units.get(id.0 as usize)
    }

    /// The blocks still on the table.
    pub fn living(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.alive)
    }

    /// What a block has done this player turn.
    pub fn done(&self, id: UnitId) -> Done {
        self.done.get(id.0 as usize).copied().unwrap_or_default()
    }

    /// Whose player turn it is.
    pub fn actor(&self) -> Side {
        self.actor
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The turn, from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// This turn's charges, in the order declared.
    pub fn charges(&self) -> &[Charge] {
        &self.charges
    }

    /// The optional rules in play.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Chance cards: the deck, if they are in play.
    pub fn deck(&self) -> Option<&Deck> {
        self.deck.as_ref()
    }

    /// Chance cards: the card drawn for the player turn under way, and by whom.
    pub fn card(&self) -> Option<(Side, Card)> {
        self.card
    }

    /// The built-up ground.
    pub fn ground(&self) -> &Ground {
        &self.ground
    }

    /// How it ended.
    pub fn outcome(&self) -> Option<BattleOutcome> {
        self.outcome
    }

    /// Whether a block is charging or charged this turn (and so cannot be shot at).
    pub fn engaged(&self, id: UnitId) -> bool {
        self.charges
            .iter()
            .any(|c| c.charger == id || c.target == id)
    }

    /// Units each side has lost (the General counts two).
    pub fn losses(&self) -> [u32; 2] {
        let mut l = [0, 0];
        for u in self.units.iter().filter(|u| !u.alive) {
            l[u.side.index()] += weight(u.kind);
        }
        l
    }
}

/// What a block counts for in the rout rule.
pub fn weight(kind: Kind) -> u32 {
    if kind == Kind::General {
        2
    } else {
        1
    }
}
