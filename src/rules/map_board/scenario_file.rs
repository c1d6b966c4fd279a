//! Scenario files: a position on a map package written as JSON (format in `docs/scenario.md`),
//! parsed from a string (the caller reads the file) into a [`State`] through the
//! [`Scenario`] builder. Positions are given in degrees and snapped to the nearest major road
//! unless a Scout or Tank stands off road.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::MapBoard;
use crate::map::{GameMap, Measure, Scale};
use crate::rules::cards::{Card, Rank, Suit};
use crate::rules::ids::{PlayerId, SettlementId, UnitId};
use crate::rules::options::{GameSetup, Options, PlayerSetup};
use crate::rules::scenario::{Scenario, ScenarioError};
use crate::rules::state::{Phase, State};
use crate::rules::unit::{Location, UnitType};

/// Why a scenario file cannot become a position.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScenarioFileError {
    /// Not JSON, or not the shape of a scenario.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// JSON of the right shape that does not describe a possible position.
    #[error("{0}")]
    Invalid(String),
    /// The rules' bookkeeping refused it.
    #[error(transparent)]
    Rules(#[from] ScenarioError),
}

/// Most units (and settlements) a scenario may set up. Legal-move lists grow faster than the
/// number of units, and no game comes near this many; beyond it a query would run for minutes.
pub const MAX_UNITS: usize = 1_000;

fn invalid(msg: String) -> ScenarioFileError {
    ScenarioFileError::Invalid(msg)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileSpec {
    #[serde(default)]
    map: Option<String>,
    #[serde(default)]
    scale: Option<u32>,
    #[serde(default)]
    seed: u64,
    players: Vec<PlayerSpec>,
    #[serde(default)]
    current: Option<String>,
    #[serde(default)]
    phase: Option<Phase>,
    #[serde(default)]
    turn: Option<u32>,
    #[serde(default)]
    settlements: Vec<SettlementSpec>,
    #[serde(default)]
    units: Vec<UnitSpec>,
    #[serde(default)]
    hands: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    food: BTreeMap<String, u32>,
    #[serde(default)]
    options: Option<serde_json::Map<String, serde_json::Value>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerSpec {
    name: String,
    #[serde(default)]
    colour: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SettlementSpec {
    id: String,
    owner: String,
    #[serde(default)]
    place: Option<String>,
    #[serde(default)]
    at: Option<[f64; 2]>,
    #[serde(default)]
    fort: bool,
    #[serde(default)]
    base: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitSpec {
    id: String,
    owner: String,
    #[serde(rename = "type")]
    kind: UnitType,
    #[serde(default)]
    at: Option<[f64; 2]>,
    #[serde(default, rename = "in")]
    inside: Option<String>,
    #[serde(default)]
    off_road: bool,
    /// The id of a Ship (listed earlier) this unit is aboard.
    #[serde(default)]
    aboard: Option<String>,
}

/// A position read from a scenario file, with the names the file gave its pieces.
#[derive(Debug, Clone)]
pub struct LoadedScenario {
    /// The position.
    pub state: State,
    /// The setup it was built from (seats, scale, options).
    pub setup: GameSetup,
    /// Unit ids by the file's names.
    pub units: BTreeMap<String, UnitId>,
    /// Settlement ids by the file's names.
    pub settlements: BTreeMap<String, SettlementId>,
}

impl LoadedScenario {
    /// The unit the file calls `name`.
    pub fn unit(&self, name: &str) -> Option<UnitId> {
        self.units.get(name).copied()
    }
    /// The settlement the file calls `name`.
    pub fn settlement(&self, name: &str) -> Option<SettlementId> {
        self.settlements.get(name).copied()
    }
}

/// A card from a code such as `QH`, `10S`, `AD`, `7C`.
pub fn parse_card(code: &str) -> Option<Card> {
    let code = code.trim().to_uppercase();
    // Split before the last character, not the last byte: "Q♥" or "é" must not panic.
    let (last, _) = code.char_indices().next_back()?;
    let (rank, suit) = code.split_at(last);
    let suit = match suit {
        "C" => Suit::Clubs,
        "D" => Suit::Diamonds,
        "H" => Suit::Hearts,
        "S" => Suit::Spades,
        _ => return None,
    };
    let rank = match rank {
        "A" => Rank::Ace,
        "J" => Rank::Jack,
        "Q" => Rank::Queen,
        "K" => Rank::King,
        n => match n.parse::<u8>().ok()? {
            v @ 2..=10 => Rank::Number(v),
            _ => return None,
        },
    };
    Some(Card::new(rank, suit))
}

fn options(
    given: Option<serde_json::Map<String, serde_json::Value>>,
) -> Result<Options, ScenarioFileError> {
    let Some(given) = given else {
        return Ok(Options::default());
    };
    let mut value =
        serde_json::to_value(Options::default()).map_err(|e| invalid(format!("options: {e}")))?;
    if let Some(obj) = value.as_object_mut() {
        // Left out of a default save (so old games hash the same), but a scenario may set it.
        obj.entry("battles").or_insert(serde_json::json!({}));
        for (k, v) in given {
            if !obj.contains_key(&k) {
                return Err(invalid(format!(
                    "options: unknown option {k:?} (known: {})",
                    obj.keys().cloned().collect::<Vec<_>>().join(", ")
                )));
            }
            obj.insert(k, v);
        }
    }
    serde_json::from_value(value).map_err(|e| invalid(format!("options: {e}")))
}

/// Read a scenario for `map` from JSON text.
pub fn parse(map: &GameMap, text: &str) -> Result<LoadedScenario, ScenarioFileError> {
    let spec: FileSpec = serde_json::from_str(text).map_err(|e| ScenarioFileError::Json {
        line: e.line(),
        column: e.column(),
        message: e
            .to_string()
            .split(" at line ")
            .next()
            .unwrap_or("")
            .to_string(),
    })?;
    if spec.units.len() > MAX_UNITS || spec.settlements.len() > MAX_UNITS {
        return Err(invalid(format!(
            "{} units and {} settlements: a scenario may hold at most {MAX_UNITS} of each",
            spec.units.len(),
            spec.settlements.len()
        )));
    }
    if let Some(s) = spec.scale.filter(|s| !(1_000..=50_000_000).contains(s)) {
        return Err(invalid(format!(
            "scale {s}: expected a denominator from 1000 to 50000000"
        )));
    }
    let scale = Scale(spec.scale.unwrap_or(map.meta().scale.0));
    let board = MapBoard::new(map, scale);
    let setup = GameSetup {
        map: spec.map.clone().unwrap_or_else(|| map.meta().name.clone()),
        scale,
        players: spec
            .players
            .iter()
            .map(|p| PlayerSetup {
                name: p.name.clone(),
                colour: p.colour.clone().unwrap_or_else(|| p.name.to_lowercase()),
            })
            .collect(),
        options: options(spec.options)?,
    };
    setup
        .validate()
        .map_err(|e| ScenarioFileError::Rules(e.into()))?;
    let seat = |name: &str, what: &str| -> Result<PlayerId, ScenarioFileError> {
        setup
            .players
            .iter()
            .position(|p| p.name == name)
            .map(|i| PlayerId(i as u8))
            .ok_or_else(|| {
                invalid(format!(
                    "{what}: unknown player {name:?} (players: {})",
                    setup
                        .players
                        .iter()
                        .map(|p| p.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })
    };
    let mut sc = Scenario::new(setup.clone(), spec.seed);
    let mut settlements = BTreeMap::new();
    let r1p = board.coin_r(Measure::Coin1p);
    for s in &spec.settlements {
        let what = format!("settlement {:?}", s.id);
        let owner = seat(&s.owner, &what)?;
        let place = match (&s.place, s.at) {
            (Some(name), None) => map
                .place_by_name(name)
                .ok_or_else(|| invalid(format!("{what}: the map has no place called {name:?}")))?,
            (None, Some([lon, lat])) => {
                let xy = map.projection().to_xy(lon, lat);
                *map.places_within(xy, r1p).first().ok_or_else(|| {
                    invalid(format!(
                        "{what}: no town, city, village or suburb within a 1p coin of [{lon}, {lat}]"
                    ))
                })?
            }
            _ => {
                return Err(invalid(format!(
                    "{what}: give either \"place\" (a name) or \"at\" ([lon, lat])"
                )))
            }
        };
        if !board.playable[place.0 as usize] {
            return Err(invalid(format!(
                "{what}: {} is not playable at {scale}: no major road within a 1p coin's radius",
                map.place(place).name()
            )));
        }
        let id = sc.settlement(owner, place, s.fort, s.base);
        if settlements.insert(s.id.clone(), id).is_some() {
            return Err(invalid(format!("{what}: the id is used twice")));
        }
    }
    let breadth = board.m(Measure::CardBreadth);
    let sc_seafaring = setup.options.seafaring;
    if sc_seafaring && !board.has_ports() {
        return Err(ScenarioFileError::Rules(
            crate::rules::SetupError::NoPorts {
                map: setup.map.clone(),
            }
            .into(),
        ));
    }
    let mut units: BTreeMap<String, UnitId> = BTreeMap::new();
    for u in &spec.units {
        let what = format!("unit {:?}", u.id);
        let owner = seat(&u.owner, &what)?;
        let ship = u.kind == UnitType::Ship;
        if ship && !sc_seafaring {
            return Err(invalid(format!(
                "{what}: Ships need the seafaring option (\"options\": {{\"seafaring\": true}})"
            )));
        }
        let at = match (&u.inside, u.at, &u.aboard) {
            (None, None, Some(name)) => {
                let sid: UnitId = *units.get(name).ok_or_else(|| {
                    invalid(format!("{what}: no unit with id {name:?} listed before it"))
                })?;
                let carrier = &spec.units[sid.0 as usize];
                if carrier.kind != UnitType::Ship || carrier.owner != u.owner || ship {
                    return Err(invalid(format!(
                        "{what}: units go aboard their owner's Ships ({name:?} is {}'s {})",
                        carrier.owner, carrier.kind
                    )));
                }
                let load = spec
                    .units
                    .iter()
                    .filter(|v| v.aboard.as_ref() == Some(name))
                    .count();
                if load > crate::rules::SHIP_CAPACITY {
                    return Err(invalid(format!(
                        "{what}: Ship {name:?} carries {load} units, more than three"
                    )));
                }
                Location::Aboard(sid)
            }
            (None, Some([lon, lat]), None) if ship => {
                let xy = map.projection().to_xy(lon, lat);
                if !board.map().is_water(xy) {
                    return Err(invalid(format!(
                        "{what}: [{lon}, {lat}] is not on water (sea or a navigable river)"
                    )));
                }
                Location::Sea(crate::rules::MapPoint::from_m(xy))
            }
            (_, _, Some(_)) => {
                return Err(invalid(format!(
                    "{what}: a unit aboard a Ship has no \"at\" or \"in\""
                )))
            }
            (Some(_), None, None) if ship => {
                return Err(invalid(format!(
                    "{what}: a Ship stands at sea: give \"at\""
                )))
            }
            (Some(s), None, None) => {
                let sid = *settlements
                    .get(s)
                    .ok_or_else(|| invalid(format!("{what}: no settlement with id {s:?}")))?;
                let holder = &spec.settlements[sid.0 as usize].owner;
                if *holder != u.owner {
                    return Err(invalid(format!(
                        "{what}: settlement {s:?} belongs to {holder}, not {}",
                        u.owner
                    )));
                }
                Location::Settlement(sid)
            }
            (None, Some([lon, lat]), None) => {
                let xy = map.projection().to_xy(lon, lat);
                if !map.is_land(xy) {
                    return Err(invalid(format!("{what}: [{lon}, {lat}] is in water")));
                }
                if u.off_road {
                    if u.kind.off_road_move().is_none() {
                        return Err(invalid(format!(
                            "{what}: only Scouts and Tanks may stand off road"
                        )));
                    }
                    Location::OffRoad(crate::rules::MapPoint::from_m(xy))
                } else {
                    let rp = map
                        .nearest_road_point(xy)
                        .filter(|rp| rp.distance <= breadth)
                        .ok_or_else(|| {
                            invalid(format!(
                                "{what}: no major road within a card's breadth of [{lon}, {lat}]"
                            ))
                        })?;
                    let spot = super::moves::Spot {
                        edge: rp.edge,
                        along: rp.along,
                        pos: rp.pos,
                    };
                    let spot = board.set_down_on_edge(spot);
                    Location::Road(crate::rules::MapPoint::from_m(spot.pos))
                }
            }
            _ => {
                return Err(invalid(format!(
                    "{what}: give either \"at\" ([lon, lat]) or \"in\" (a settlement id)"
                )))
            }
        };
        let id = sc.unit(owner, u.kind, at);
        if units.insert(u.id.clone(), id).is_some() {
            return Err(invalid(format!("{what}: the id is used twice")));
        }
    }
    for (name, codes) in &spec.hands {
        let p = seat(name, "hands")?;
        let cards = codes
            .iter()
            .map(|c| {
                parse_card(c).ok_or_else(|| {
                    invalid(format!(
                        "hands of {name}: {c:?} is not a card (write e.g. \"QH\", \"10S\", \"AD\")"
                    ))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        sc.hand(p, &cards);
    }
    for (name, food) in &spec.food {
        let p = seat(name, "food")?;
        sc.food(p, *food);
    }
    let current = match &spec.current {
        Some(name) => seat(name, "current")?,
        None => PlayerId(0),
    };
    sc.turn(
        current,
        spec.phase.unwrap_or(Phase::Main),
        spec.turn.unwrap_or(1),
    );
    let state = sc.build(&board)?;
    Ok(LoadedScenario {
        state,
        setup,
        units,
        settlements,
    })
}
