//! OMMS — On Map Military Strategy, played on real OpenStreetMap road maps.
//!
//! The crate is a one-way pipeline; each layer uses only those above it in this list:
//!
//! - [`dice`]: the unbiased dice and shuffles every engine rolls with (a leaf).
//! - [`import`]: an `.osm.pbf` extract → a map package (the only code that reads OSM).
//! - [`map`]: a map package loaded into the model the game measures on: places, the road graph
//!   in local metres, R-trees, land and water, the terrain layer.
//! - [`tactical`]: table battles — the battlefield cut from the map's terrain, table geometry,
//!   the rulesets (each a sibling folder behind [`tactical::Ruleset`]), the one driver that
//!   plays, replays and auto-resolves any of them, and the registry that finds them by id. It
//!   knows nothing of the strategic game: forces arrive in tactical terms.
//! - [`rules`]: the OMMS engine — state, commands, checks, events, cards, dice, saves — pure and
//!   deterministic; its `MapBoard` answers geometry on the real map and hands contested
//!   settlements to a ruleset through the registry, never by name.
//! - [`ai`]: strategic bots that submit only commands the engine validates.
//! - [`sim`]: headless bot games, autosaves and replays, and round robins of the bots.
//! - [`ui`]: macroquad screens that read state and send commands; the table screen is one host
//!   with a view per ruleset.
//! - [`cli`]: the `omms` binary's front-ends (`battle`, `rules`, `sim`, `balance`), side by side.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ai;
pub mod cli;
pub mod dice;
pub mod import;
pub mod map;
pub mod rules;
pub mod save;
pub mod sim;
pub mod tactical;
pub mod ui;
