//! OMMS — On Map Military Strategy, played on real OpenStreetMap road maps.
//!
//! The crate is a one-way pipeline: [`import`] turns an `.osm.pbf` into a map package, [`map`]
//! loads a package into the model the game measures on, and [`ui`] draws it.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ai;
pub mod battle;
pub mod import;
pub mod map;
pub mod rules;
pub mod sim;
pub mod tactical;
pub mod ui;
