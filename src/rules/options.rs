//! What players choose before the game: seats, colours, map scale and the optional rules.

use serde::{Deserialize, Serialize};

use crate::map::Scale;

/// How many cards the draw step gives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawRule {
    /// Roll one die and draw that many (default).
    #[default]
    RollDie,
    /// Draw exactly one card, as the rule text's card section says.
    OneCard,
}

/// How the game is won. The last player standing always wins, whatever is chosen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Victory {
    /// Only by being the last player standing (default).
    #[default]
    LastStanding,
    /// Also by being first to hold this many settlement points.
    SettlementPoints(u32),
    /// Also by being first to capture this many enemy bases.
    CapturedBases(u32),
}

/// The optional rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Options {
    /// The draw step.
    pub draw: DrawRule,
    /// Aces may be played for Tanks in the base.
    pub tanks: bool,
    /// The victory condition.
    pub victory: Victory,
    /// Ships and ports (RULINGS §10). Only on a map with ports: [`Game::start`](super::Game::start)
    /// refuses it elsewhere.
    pub seafaring: bool,
    /// Table battles the attacker may offer (RULINGS §9). Absent in older saves: none. Left out
    /// when off, so games without them hash and save exactly as before the option existed.
    #[serde(default, skip_serializing_if = "super::battle::BattleOptions::is_off")]
    pub battles: super::battle::BattleOptions,
    /// Safe bases (RULINGS §8, on by default): no base within first-turn striking reach of an
    /// earlier one. Absent in saves made before the rule existed, which were played without it
    /// and so replay without it; left out when off, so those saves hash exactly as they did.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub safe_bases: bool,
}

impl Default for Options {
    /// The rules as the game offers them first: roll to draw, no tanks, last player standing,
    /// no seafaring, no table battles, safe bases.
    fn default() -> Options {
        Options {
            draw: DrawRule::default(),
            tanks: false,
            victory: Victory::default(),
            seafaring: false,
            battles: super::battle::BattleOptions::default(),
            safe_bases: true,
        }
    }
}

/// One seat at the table.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerSetup {
    /// Name shown to players.
    pub name: String,
    /// Colour name (e.g. `"red"`); the UI decides what it looks like.
    pub colour: String,
}

/// Everything fixed before the first base is placed. With a seed, it determines the whole game.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameSetup {
    /// The map package's name (the UI/binary layer knows where it lives).
    pub map: String,
    /// The scale played at: the map's own, or the players' override ("Various Map Scales").
    pub scale: Scale,
    /// Seats in turn order.
    pub players: Vec<PlayerSetup>,
    /// Optional rules.
    pub options: Options,
}

/// Most seats a game can have (the game uses one pack of cards per seat).
pub const MAX_PLAYERS: usize = 8;

/// Why a setup cannot start a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Fewer than two or more than [`MAX_PLAYERS`] seats.
    #[error("A game needs 2 to {MAX_PLAYERS} players; this one has {0}.")]
    PlayerCount(usize),
    /// Two seats share a name or colour, or a name is blank.
    #[error("Each player needs a name and a colour of their own: {0:?} clashes.")]
    Clash(String),
    /// The victory target is zero.
    #[error("A victory target of 0 would end the game before it starts.")]
    ZeroTarget,
    /// Seafaring was asked for on a map with no port.
    #[error("{map} has no ports (no sea within a 50p coin's width of any settlement): the seafaring option needs a coast.")]
    NoPorts {
        /// The map's name.
        map: String,
    },
    /// The scale is zero.
    #[error("A map scale of 1:0 is not a scale.")]
    Scale,
    /// The map has too few places for every seat's base.
    #[error(
        "{map} has room for at most {max} bases{}; this game has {seats} seats.",
        if *.safe { " out of one another's first-turn reach (safe bases)" } else { "" }
    )]
    TooManySeats {
        /// The map's name.
        map: String,
        /// Seats asked for.
        seats: usize,
        /// Most bases the map can hold under the rules chosen.
        max: usize,
        /// Whether the safe-bases rule is what limits it.
        safe: bool,
    },
}

impl GameSetup {
    /// Check the setup can start a game.
    pub fn validate(&self) -> Result<(), SetupError> {
        let n = self.players.len();
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(SetupError::PlayerCount(n));
        }
        for (i, p) in self.players.iter().enumerate() {
            if p.name.trim().is_empty() {
                return Err(SetupError::Clash(p.name.clone()));
            }
            for q in &self.players[..i] {
                if q.name == p.name {
                    return Err(SetupError::Clash(p.name.clone()));
                }
                if q.colour == p.colour {
                    return Err(SetupError::Clash(p.colour.clone()));
                }
            }
        }
        match self.options.victory {
            Victory::SettlementPoints(0) | Victory::CapturedBases(0) => {
                return Err(SetupError::ZeroTarget)
            }
            _ => {}
        }
        if self.scale.0 == 0 {
            return Err(SetupError::Scale);
        }
        Ok(())
    }
}
