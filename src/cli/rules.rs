//! `omms rules`: ask the rules about a position set up in a scenario file (docs/scenario.md).
//! Every answer is one line of JSON on stdout; a bad map, scenario or piece name is an error on
//! stderr naming the file and the problem, with exit code 2.

use std::path::PathBuf;
use std::process::ExitCode;

use crate::map::GameMap;
use crate::rules::map_board::scenario_file::{self, LoadedScenario};
use crate::rules::{
    defence_dice, legal_commands, odds, strongest, Board, Dice, MapBoard, MapPoint, Move, Target,
};
use clap::{Args, Subcommand};
use serde_json::{json, Value};

/// Arguments of `omms rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Map package folder.
    #[arg(long, value_name = "DIR")]
    map: PathBuf,
    /// Scenario file (JSON, see docs/scenario.md).
    #[arg(long, value_name = "FILE")]
    scenario: PathBuf,
    #[command(subcommand)]
    query: Query,
}

#[derive(Subcommand, Debug)]
enum Query {
    /// May UNIT move to LON LAT? Tries a road move, a motorway double move and (Scouts, Tanks)
    /// a straight move off road.
    CanMove {
        /// The unit's id in the scenario.
        unit: String,
        /// Longitude of the destination.
        #[arg(allow_negative_numbers = true)]
        lon: f64,
        /// Latitude of the destination.
        #[arg(allow_negative_numbers = true)]
        lat: f64,
        /// Check exactly this motorway double move: the first leg ends at LON,LAT.
        #[arg(long, value_name = "LON,LAT", allow_hyphen_values = true)]
        via: Option<String>,
        /// Check exactly a straight move off road.
        #[arg(long)]
        off_road: bool,
    },
    /// GeoJSON of everywhere UNIT can move: road stretches, and land off road for Scouts.
    Reach {
        /// The unit's id in the scenario.
        unit: String,
    },
    /// May UNIT attack TARGET (a unit or settlement id)?
    CanAttack {
        /// The attacking unit's id.
        unit: String,
        /// The target: a unit or settlement id.
        target: String,
    },
    /// Is SETTLEMENT under siege, and how many roads out are open?
    Siege {
        /// The settlement's id in the scenario.
        settlement: String,
    },
    /// Exact odds of UNIT attacking TARGET.
    Odds {
        /// The attacking unit's id.
        unit: String,
        /// The target: a unit or settlement id.
        target: String,
        /// Resource dice bought for the attack.
        #[arg(long, default_value_t = 0)]
        extra_dice: u8,
    },
    /// Every legal command of the player the game waits for.
    Legal,
    /// GeoJSON of the water SHIP can sail to (seafaring).
    ReachAtSea {
        /// The Ship's id in the scenario.
        ship: String,
    },
    /// May UNIT board SHIP (seafaring)?
    CanBoard {
        /// The unit's id.
        unit: String,
        /// The Ship's id.
        ship: String,
    },
    /// May UNIT, aboard a Ship, land at LON LAT (seafaring)?
    CanLand {
        /// The unit's id.
        unit: String,
        /// Longitude of the landing point.
        #[arg(allow_negative_numbers = true)]
        lon: f64,
        /// Latitude of the landing point.
        #[arg(allow_negative_numbers = true)]
        lat: f64,
    },
    /// Is the port SETTLEMENT under siege, with its sea side counted (seafaring)?
    PortSiege {
        /// The settlement's id in the scenario.
        settlement: String,
    },
}

/// Run `omms rules`.
pub fn run(args: RulesArgs) -> ExitCode {
    match answer(&args) {
        Ok(v) => {
            use std::io::Write;
            // A closed pipe (`| head`) is the reader's choice, not an error worth a panic.
            let _ = writeln!(std::io::stdout().lock(), "{v}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn answer(args: &RulesArgs) -> Result<Value, String> {
    let map = GameMap::load(&args.map).map_err(|e| format!("{}: {e}", args.map.display()))?;
    let shown = args.scenario.display();
    let text = std::fs::read_to_string(&args.scenario).map_err(|e| format!("{shown}: {e}"))?;
    let sc = scenario_file::parse(&map, &text).map_err(|e| format!("{shown}: {e}"))?;
    let board = MapBoard::new(&map, sc.state.scale());
    let unit = |name: &str| {
        sc.unit(name)
            .ok_or_else(|| format!("{shown}: no unit with id {name:?}"))
    };
    let target = |name: &str| {
        sc.unit(name)
            .map(Target::Unit)
            .or(sc.settlement(name).map(Target::Settlement))
            .ok_or_else(|| format!("{shown}: no unit or settlement with id {name:?}"))
    };
    let point = |lon: f64, lat: f64| {
        if !(lon.is_finite() && lat.is_finite() && lon.abs() <= 180.0 && lat.abs() <= 90.0) {
            return Err(format!("[{lon}, {lat}] is not a longitude and latitude"));
        }
        Ok(MapPoint::from_m(map.projection().to_xy(lon, lat)))
    };
    let state = &sc.state;
    // A settlement named in the scenario and the siege test's report on it (land and sea).
    let siege = |name: &str| {
        let missing = || format!("{shown}: no settlement with id {name:?}");
        let id = sc.settlement(name).ok_or_else(missing)?;
        let report = board.siege(state, id).ok_or_else(missing)?;
        Ok::<_, String>((id, report))
    };
    Ok(match &args.query {
        Query::CanMove {
            unit: u,
            lon,
            lat,
            via,
            off_road,
        } => {
            let id = unit(u)?;
            let to = point(*lon, *lat)?;
            let verdict = match (via, off_road) {
                (Some(v), _) => {
                    let (vlon, vlat) = v
                        .split_once(',')
                        .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
                        .ok_or_else(|| format!("--via {v:?}: expected LON,LAT"))?;
                    let mv = Move {
                        unit: id,
                        to,
                        via: Some(point(vlon, vlat)?),
                        off_road: false,
                    };
                    board.check_move(state, &mv).map(|_| mv)
                }
                (None, true) => {
                    let mv = Move {
                        unit: id,
                        to,
                        via: None,
                        off_road: true,
                    };
                    board.check_move(state, &mv).map(|_| mv)
                }
                (None, false) if is_ship(state, id) => {
                    let mv = Move {
                        unit: id,
                        to,
                        via: None,
                        off_road: false,
                    };
                    board.check_move(state, &mv).map(|_| mv)
                }
                (None, false) => board.may_go(state, id, to),
            };
            match verdict {
                Ok(mv) => {
                    let ends = board.check_move(state, &mv).ok();
                    json!({
                        "legal": true,
                        "reason": Value::Null,
                        "off_road": mv.off_road,
                        "via": mv.via.map(|v| lonlat(&map, v)),
                        "ends": ends.map(|l| describe_location(&map, &sc, l)),
                    })
                }
                Err(e) => json!({"legal": false, "reason": e.to_string()}),
            }
        }
        Query::Reach { unit: u } => {
            let reach = board
                .reach(state, unit(u)?)
                .map_err(|e| format!("{u}: {e}"))?;
            reach_geojson(&map, &reach)
        }
        Query::CanAttack { unit: u, target: t } => {
            let id = unit(u)?;
            let tgt = target(t)?;
            match can_attack(&board, &sc, id, tgt) {
                Ok(()) => json!({"legal": true, "reason": Value::Null}),
                Err(e) => json!({"legal": false, "reason": e}),
            }
        }
        Query::Siege { settlement } => {
            let (_, r) = siege(settlement)?;
            json!({
                "under_siege": r.under_siege(),
                "open_roads": r.open_roads,
                "roads_out": r.roads_out,
                "besiegers": r.besiegers.iter().map(|p| state.player(*p).name()).collect::<Vec<_>>(),
            })
        }
        Query::Odds {
            unit: u,
            target: t,
            extra_dice,
        } => {
            let id = unit(u)?;
            let attacker = state.unit(id).ok_or_else(|| format!("no unit {u:?}"))?;
            let stack = match target(t)? {
                Target::Unit(x) => state.stack_of(x),
                Target::Settlement(s) => state.defenders(s),
            };
            let att = attacker.attack_dice().plus_capped(Dice(*extra_dice));
            match strongest(state, &board, &stack).first() {
                None => json!({
                    "attacker_wins": 1.0, "defender_wins": 0.0, "standoff": 0.0,
                    "attack_dice": att.0, "defence_dice": 0, "fight": false,
                }),
                Some(&d) => {
                    let def = defence_dice(state, &board, d);
                    let o = odds(att, def);
                    json!({
                        "attacker_wins": o.p_attacker(),
                        "defender_wins": o.p_defender(),
                        "standoff": o.p_standoff(),
                        "attack_dice": att.0,
                        "defence_dice": def.0,
                        "fight": true,
                    })
                }
            }
        }
        Query::ReachAtSea { ship } => {
            let id = unit(ship)?;
            let reach = board
                .sea_reach(state, id)
                .map_err(|e| format!("{ship}: {e}"))?;
            sea_reach_geojson(&map, &reach)
        }
        Query::CanBoard { unit: u, ship } => {
            match crate::rules::may_board(state, &board, unit(u)?, unit(ship)?) {
                Ok(()) => json!({"legal": true, "reason": Value::Null}),
                Err(e) => json!({"legal": false, "reason": e.to_string()}),
            }
        }
        Query::CanLand { unit: u, lon, lat } => {
            match board.check_landing(state, unit(u)?, point(*lon, *lat)?) {
                Ok(at) => json!({"legal": true, "reason": Value::Null,
                                  "ends": describe_location(&map, &sc, at)}),
                Err(e) => json!({"legal": false, "reason": e.to_string()}),
            }
        }
        Query::PortSiege { settlement } => {
            let (id, r) = siege(settlement)?;
            json!({
                "port": board.port(state, id),
                "sea_side_open": r.sea_side,
                "under_siege": r.under_siege(),
                "open_roads": r.open_roads,
                "roads_out": r.roads_out,
                "besiegers": r.besiegers.iter().map(|p| state.player(*p).name()).collect::<Vec<_>>(),
            })
        }
        Query::Legal => {
            let cmds = legal_commands(state, &board);
            json!({
                "player": state.player(state.actor()).name(),
                "phase": state.phase(),
                "commands": cmds,
            })
        }
    })
}

/// The map's verdict on an attack, plus the one ownership rule a scenario can break.
fn can_attack(
    board: &MapBoard,
    sc: &LoadedScenario,
    unit: crate::rules::UnitId,
    target: Target,
) -> Result<(), String> {
    let state = &sc.state;
    let owner = state.unit(unit).map(|u| u.owner());
    let target_owner = match target {
        Target::Unit(t) => state.unit(t).map(|u| u.owner()),
        Target::Settlement(s) => state.settlement(s).map(|s| s.owner()),
    };
    if owner == target_owner {
        return Err("That is your own piece: you can only attack an enemy.".into());
    }
    board
        .check_attack_reach(state, unit, target)
        .map_err(|e| e.to_string())
}

fn is_ship(state: &crate::rules::State, id: crate::rules::UnitId) -> bool {
    state
        .unit(id)
        .is_some_and(|u| u.kind() == crate::rules::UnitType::Ship)
}

/// The reached water as grid cell centres (a MultiPoint, `cell_m` apart) and the Ship.
fn sea_reach_geojson(map: &GameMap, reach: &crate::rules::map_board::SeaReach) -> Value {
    let pts: Vec<[f64; 2]> = reach
        .points()
        .iter()
        .map(|p| lonlat(map, MapPoint::from_m(*p)))
        .collect();
    json!({
        "type": "FeatureCollection",
        "features": [
            {"type": "Feature", "properties": {"kind": "sea", "cell_m": reach.cell, "radius_m": reach.radius},
             "geometry": {"type": "MultiPoint", "coordinates": pts}},
            {"type": "Feature", "properties": {"kind": "unit"},
             "geometry": {"type": "Point", "coordinates": lonlat(map, MapPoint::from_m(reach.start))}},
        ]
    })
}

fn lonlat(map: &GameMap, p: MapPoint) -> [f64; 2] {
    let ll = map.projection().to_lonlat(p.to_m());
    [round6(ll[0]), round6(ll[1])]
}

fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

fn describe_location(map: &GameMap, sc: &LoadedScenario, l: crate::rules::Location) -> Value {
    use crate::rules::Location;
    match l {
        Location::Road(p) => json!({"road": lonlat(map, p)}),
        Location::OffRoad(p) => json!({"off_road": lonlat(map, p)}),
        Location::Sea(p) => json!({"sea": lonlat(map, p)}),
        Location::Aboard(ship) => {
            let name = sc
                .units
                .iter()
                .find(|(_, id)| **id == ship)
                .map(|(n, _)| n.clone());
            json!({"aboard": name})
        }
        Location::Settlement(s) => {
            let name = sc
                .settlements
                .iter()
                .find(|(_, id)| **id == s)
                .map(|(n, _)| n.clone());
            json!({"settlement": name})
        }
    }
}

fn reach_geojson(map: &GameMap, reach: &crate::rules::map_board::Reach) -> Value {
    let ll = |p: &[f64; 2]| {
        let q = map.projection().to_lonlat(*p);
        json!([round6(q[0]), round6(q[1])])
    };
    let mut features: Vec<Value> = reach
        .stretches
        .iter()
        .map(|s| {
            json!({
                "type": "Feature",
                "properties": {
                    "kind": "road",
                    "double_move": s.double_move,
                    "edge": s.edge.0,
                    "from_m": (s.from_m * 10.0).round() / 10.0,
                    "to_m": (s.to_m * 10.0).round() / 10.0,
                },
                "geometry": {"type": "LineString", "coordinates": s.points.iter().map(ll).collect::<Vec<_>>()},
            })
        })
        .collect();
    if let Some(area) = reach.off_road.as_ref().filter(|a| a.len() >= 3) {
        let mut ring: Vec<Value> = area.iter().map(ll).collect();
        ring.push(ll(&area[0]));
        features.push(json!({
            "type": "Feature",
            "properties": {"kind": "off_road"},
            "geometry": {"type": "Polygon", "coordinates": [ring]},
        }));
    }
    features.push(json!({
        "type": "Feature",
        "properties": {"kind": "unit", "road_radius_m": (reach.road_radius_m * 10.0).round() / 10.0},
        "geometry": {"type": "Point", "coordinates": ll(&reach.centre)},
    }));
    json!({"type": "FeatureCollection", "features": features})
}
