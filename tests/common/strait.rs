//! "Strait": a made-up coast for the seafaring tests. Two shores of a north–south strait with a
//! peninsula reaching into it from the north, ports on both sides, a lake inland on the west, and
//! coast roads. At 1:25,000 a card's length is 2,222 m, its breadth 1,587 m, and a 50p coin's
//! width (harbour reach) 682 m.
//!
//! ```text
//!  42.595 ┌──────────┬─┐   ┌─┬──────────┐
//!   West  │ Northport│ │pen│ │          │ East
//!  (lake) │          │s│   │s│          │
//!  42.55  │Westby─Westhaven  e a  Easthaven─Eastby
//!         │          │a      │          │
//!  42.505 └──────────┴───────┴──────────┘
//!              1.535       1.555
//! ```
#![allow(dead_code)]

use std::fs;

use omms::map::GameMap;
use omms::rules::map_board::scenario_file::{parse, LoadedScenario};

const META: &str = r#"format_version = 2
name = "Strait"
scale = 25000
proposed_scale = 25000
bbox = [1.50, 42.50, 1.60, 42.60]
attribution = "© OpenStreetMap contributors (ODbL)"

[source]
file = "strait.osm.pbf"
date = "2026-11-24T00:00:00Z"

[road_classes]
primary = "A"
secondary = "B"
"#;

fn feature(properties: &str, geometry: &str) -> String {
    format!(r#"{{"type": "Feature", "properties": {properties}, "geometry": {geometry}}}"#)
}

fn road(coords: &str) -> String {
    feature(
        r#"{"kind": "road", "class": "A", "highway": "primary", "ref": "S-1", "name": null, "osm_id": 7}"#,
        &format!(r#"{{"type": "LineString", "coordinates": {coords}}}"#),
    )
}

fn town(name: &str, lon: f64, lat: f64, port: bool) -> String {
    feature(
        &format!(
            r#"{{"kind": "settlement", "name": "{name}", "place": "town", "playable": true, "port": {port}, "osm_type": "node", "osm_id": 1}}"#
        ),
        &format!(r#"{{"type": "Point", "coordinates": [{lon}, {lat}]}}"#),
    )
}

/// The package's `map.geojson`.
pub fn geojson() -> String {
    geojson_with(&[])
}

/// A navigable river (a sea feature naming its waterway) running 1.3 km west from the strait's
/// west shore at 42.53°, under the west coast road: a Ship may sail up it. About 110 m wide, more
/// than a cell of a card length's reach grid (55 m), so the drawn reach shows it.
pub fn river() -> String {
    feature(
        r#"{"kind": "sea", "waterway": "river", "osm_type": "way", "osm_id": 11}"#,
        r#"{"type": "Polygon", "coordinates": [[[1.519, 42.5295], [1.5352, 42.5295],
            [1.5352, 42.5305], [1.519, 42.5305], [1.519, 42.5295]]]}"#,
    )
}

/// The Strait's `map.geojson` with `extra` features added.
pub fn geojson_with(extra: &[String]) -> String {
    let sea = feature(
        r#"{"kind": "sea"}"#,
        r#"{"type": "Polygon", "coordinates": [[[1.535, 42.505], [1.555, 42.505], [1.555, 42.595],
            [1.548, 42.595], [1.548, 42.56], [1.542, 42.56], [1.542, 42.595], [1.535, 42.595],
            [1.535, 42.505]]]}"#,
    );
    let lake = feature(
        r#"{"kind": "water"}"#,
        r#"{"type": "Polygon", "coordinates": [[[1.505, 42.57], [1.512, 42.57], [1.512, 42.58],
            [1.505, 42.58], [1.505, 42.57]]]}"#,
    );
    let mut features = vec![
        sea,
        lake,
        town("Westhaven", 1.532, 42.55, true),
        town("Westby", 1.51, 42.55, false),
        town("Northport", 1.532, 42.58, true),
        town("Easthaven", 1.558, 42.55, true),
        town("Eastby", 1.58, 42.55, false),
        road("[[1.532, 42.52], [1.532, 42.59]]"),
        road("[[1.51, 42.55], [1.532, 42.55]]"),
        road("[[1.558, 42.52], [1.558, 42.59]]"),
        road("[[1.558, 42.55], [1.58, 42.55]]"),
    ];
    features.extend_from_slice(extra);
    format!(
        r#"{{"type": "FeatureCollection", "features": [{}]}}"#,
        features.join(",\n")
    )
}

/// The Strait package, written to a temporary folder and loaded.
pub fn map() -> (GameMap, tempfile::TempDir) {
    load(&geojson())
}

/// The Strait with [`river`] flowing into it.
pub fn map_with_river() -> (GameMap, tempfile::TempDir) {
    load(&geojson_with(&[river()]))
}

fn load(geojson: &str) -> (GameMap, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("map.toml"), META).unwrap();
    fs::write(dir.path().join("map.geojson"), geojson).unwrap();
    fs::write(
        dir.path().join("terrain.geojson"),
        r#"{"type": "FeatureCollection", "features": []}"#,
    )
    .unwrap();
    let map = GameMap::load(dir.path()).unwrap();
    (map, dir)
}

/// Red's Westhaven (base, a port), Westby (no port) and Northport (a port); Blue's Easthaven (base,
/// a port).
pub const SETTLEMENTS: &str = r#"[
  {"id": "westhaven", "owner": "Red", "place": "Westhaven", "fort": true, "base": true},
  {"id": "westby", "owner": "Red", "place": "Westby"},
  {"id": "northport", "owner": "Red", "place": "Northport"},
  {"id": "easthaven", "owner": "Blue", "place": "Easthaven", "fort": true, "base": true}
]"#;

/// A scenario on the Strait, Red and Blue playing: `body` holds the file's other fields
/// (`"units": [...]`, ...). [`SETTLEMENTS`] and seafaring are the defaults when not given.
pub fn scenario(map: &GameMap, body: &str) -> LoadedScenario {
    let mut fields = vec![body.to_string()];
    if !body.contains("\"settlements\"") {
        fields.push(format!(r#""settlements": {SETTLEMENTS}"#));
    }
    if !body.contains("\"options\"") {
        fields.push(r#""options": {"seafaring": true}"#.into());
    }
    let text = format!(
        r#"{{"players": [{{"name": "Red"}}, {{"name": "Blue"}}], {}}}"#,
        fields.join(", ")
    );
    parse(map, &text).unwrap_or_else(|e| panic!("{e}"))
}

/// The random bot, but it takes any seafaring command (build, board, land, sail) it is offered
/// first, so that short games exercise Ships.
pub struct Sailor(pub Box<dyn omms::ai::Bot>);

impl omms::ai::Bot for Sailor {
    fn name(&self) -> &'static str {
        "sailor"
    }
    fn choose(
        &mut self,
        view: &omms::rules::SeatView,
        board: &dyn omms::rules::Board,
        this_turn: &[omms::rules::Command],
        rng: &mut rand_chacha::ChaCha8Rng,
    ) -> omms::rules::Command {
        let state = view.state();
        let sea = omms::rules::legal_commands(state, board)
            .into_iter()
            .find(|c| match c {
                omms::rules::Command::BuildShip(_)
                | omms::rules::Command::BoardShip(_)
                | omms::rules::Command::Land(_) => true,
                omms::rules::Command::Move(m) => state
                    .unit(m.unit)
                    .is_some_and(|u| u.kind() == omms::rules::UnitType::Ship),
                _ => false,
            });
        sea.unwrap_or_else(|| self.0.choose(view, board, this_turn, rng))
    }
}
