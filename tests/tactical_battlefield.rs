//! The battlefield cut from real terrain (RULINGS §9) and the table geometry on it: what a
//! player would see when a settlement of a shipped map is fought over on an OMOG table.

use std::path::Path;

use omms::map::GameMap;
use omms::tactical::table::{distance, inches, step};
use omms::tactical::*;

mod common;

fn map(name: &str) -> GameMap {
    GameMap::load(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("maps")
            .join(name),
    )
    .unwrap()
}

fn field(map: &GameMap, place: &str, fortified: bool) -> Battlefield {
    let id = map.place_by_name(place).unwrap();
    let site = BattleSite {
        attacker_from_bearing: 200.0,
        fortified,
    };
    Battlefield::build(map, id, TableSpec::OMOG, site).unwrap()
}

fn bbox(area: &Area) -> [f64; 4] {
    use geo::BoundingRect;
    let b = area.shape.bounding_rect().unwrap();
    [b.min().x, b.min().y, b.max().x, b.max().y]
}

fn in_no_area(bf: &Battlefield, p: TablePoint) -> bool {
    bf.areas_at(p).is_empty()
}

fn walls_crossed(bf: &Battlefield, a: TablePoint, b: TablePoint) -> usize {
    bf.lines_crossed(a, b)
        .iter()
        .filter(|(i, _, _)| matches!(bf.lines[*i].kind, LineKind::Wall(_)))
        .count()
}

#[test]
fn encamp_becomes_a_48_inch_table_of_real_houses_roads_and_river() {
    let m = map("andorra");
    let bf = field(&m, "Encamp", false);
    assert_eq!(bf.place_name, "Encamp");
    assert_eq!(bf.objective, TableSpec::OMOG.centre());
    assert_eq!(bf.attacker_edge, Edge::South);
    let houses = bf
        .areas
        .iter()
        .filter(|a| a.kind == AreaKind::House)
        .count();
    assert!(houses > 100, "Encamp has {houses} houses on the table");
    assert!(bf.lines.iter().any(|l| l.kind == LineKind::River));
    assert!(bf.lines.iter().filter(|l| l.kind == LineKind::Road).count() > 50);
    assert!(bf.crossings.iter().any(|c| c.kind == CrossingKind::Bridge));
    // Everything is cut to the table.
    for a in &bf.areas {
        let b = bbox(a);
        // Clipping leaves float noise of a few nanometres at the edge.
        let (w, d) = (TableSpec::OMOG.width_mm, TableSpec::OMOG.depth_mm);
        assert!(b[0] >= -1e-3 && b[1] >= -1e-3, "{:?} {b:?}", a.kind);
        assert!(b[2] <= w + 1e-3 && b[3] <= d + 1e-3, "{:?} {b:?}", a.kind);
    }
    // Houses near the objective, for the defenders to start in.
    let near = bf.houses_near_objective(inches(12.0));
    assert!(!near.is_empty());
    let d: Vec<f64> = near
        .iter()
        .map(|&i| distance(bf.areas[i].top, bf.objective))
        .collect();
    assert!(d.windows(2).all(|w| w[0] <= w[1]), "nearest first");
}

#[test]
fn the_same_place_always_gives_the_same_table() {
    let m = map("liechtenstein");
    let a = field(&m, "Vaduz", true);
    let b = field(&m, "Vaduz", true);
    assert_eq!(a.areas, b.areas);
    assert_eq!(a.lines, b.lines);
    assert_eq!(a.crossings, b.crossings);
}

#[test]
fn a_house_between_two_figures_blocks_their_sight_unless_one_is_inside() {
    let m = map("andorra");
    let bf = field(&m, "Encamp", false);
    let (i, house) = bf
        .areas
        .iter()
        .enumerate()
        .filter(|(_, a)| a.kind == AreaKind::House)
        .min_by(|x, y| distance(x.1.top, bf.objective).total_cmp(&distance(y.1.top, bf.objective)))
        .unwrap();
    let b = bbox(house);
    let y = house.top[1];
    let west = [b[0] - 2.0, y];
    let east = [b[2] + 2.0, y];
    assert!(in_no_area(&bf, west) && in_no_area(&bf, east));
    assert_eq!(
        bf.sight(west, east),
        Sight::Blocked {
            by: AreaKind::House,
            osm_id: bf.areas[i].osm_id
        }
    );
    // A figure inside the house sees out.
    assert!(bf.sight(house.top, east).is_clear() || bf.areas_at(house.top) != vec![i]);
    assert!(
        bf.areas_at(house.top).contains(&i),
        "the test house is convex enough"
    );
    assert!(bf.sight(house.top, east).is_clear());
    // Inside it, the figure has the house's cover against the shooter outside.
    assert_eq!(bf.cover(house.top, east), Some(Cover::House));
    // Right behind the house (as seen from the west), a figure has cover; in front, none.
    let behind = [b[2] + 5.0, y];
    if in_no_area(&bf, behind) {
        assert_eq!(bf.cover(behind, [b[0] - 200.0, y]), Some(Cover::House));
        assert_eq!(bf.cover(behind, [b[2] + 300.0, y]), None);
    }
}

#[test]
fn woods_hide_figures_outside_them_and_report_how_deep_a_figure_inside_stands() {
    let m = map("liechtenstein");
    let bf = field(&m, "Triesenberg", false);
    let woods: Vec<&Area> = bf
        .areas
        .iter()
        .filter(|a| a.kind == AreaKind::Woods)
        .collect();
    // A wood at least 3" across, with clear ground just outside it east and west.
    let (wood, b) = woods
        .iter()
        .map(|w| (*w, bbox(w)))
        .find(|(w, b)| {
            b[2] - b[0] > inches(3.0)
                && bf
                    .areas_at(w.top)
                    .iter()
                    .any(|&i| bf.areas[i].kind == AreaKind::Woods)
                && in_no_area(&bf, [b[0] - 2.0, w.top[1]])
                && in_no_area(&bf, [b[2] + 2.0, w.top[1]])
                && bf.sight([b[0] - 2.0, w.top[1]], [b[2] + 2.0, w.top[1]])
                    == Sight::Blocked {
                        by: AreaKind::Woods,
                        osm_id: w.osm_id,
                    }
        })
        .expect("Triesenberg has a wood to hide in");
    let west = [b[0] - 2.0, wood.top[1]];
    // From inside the wood the line is clear, and its depth in the wood is measured.
    match bf.sight(wood.top, west) {
        Sight::Clear {
            woods_depth_mm,
            woods_depth_at,
        } => {
            assert!(woods_depth_mm > 0.0);
            assert!(woods_depth_mm <= distance(wood.top, west) + 1e-6);
            // All of it is the first end's wood: the second end stands in the open.
            assert!((woods_depth_at[0] - woods_depth_mm).abs() < 1e-9);
            assert_eq!(woods_depth_at[1], 0.0);
        }
        other => panic!("expected a clear line from inside the wood, got {other:?}"),
    }
    assert_eq!(bf.cover(wood.top, west), Some(Cover::Woods));
}

#[test]
fn rivers_are_crossed_only_at_bridges_and_fords() {
    let m = map("andorra");
    let bf = field(&m, "Encamp", false);
    // Somewhere on the river at least 2" from every crossing and off any road: wading is refused.
    let river = bf.lines.iter().find(|l| l.kind == LineKind::River).unwrap();
    let spot = river
        .line
        .0
        .windows(2)
        .map(|w| {
            let mid = [(w[0].x + w[1].x) / 2.0, (w[0].y + w[1].y) / 2.0];
            let along = omms::tactical::table::compass_bearing([w[0].x, w[0].y], [w[1].x, w[1].y]);
            (mid, along)
        })
        .find(|(mid, _)| {
            bf.crossings
                .iter()
                .all(|c| distance(c.at, *mid) > inches(2.0))
                && !bf.on_road(*mid)
        })
        .expect("a stretch of river away from bridges");
    let (mid, along) = spot;
    let a = step(mid, along + 90.0, 8.0);
    let b = step(mid, along - 90.0, 8.0);
    assert!(matches!(bf.survey(&[a, b]), Err(Impassable::River(_))));

    // Along a road over a bridge, the river is crossed at road pace.
    let bridge = bf
        .crossings
        .iter()
        .find(|c| c.kind == CrossingKind::Bridge)
        .unwrap();
    let road = bf
        .lines
        .iter()
        .filter(|l| l.kind == LineKind::Road)
        .flat_map(|l| l.line.0.windows(2))
        .find(|w| {
            let (p, q) = ([w[0].x, w[0].y], [w[1].x, w[1].y]);
            (distance(p, bridge.at) + distance(bridge.at, q) - distance(p, q)).abs() < 1e-6
        })
        .unwrap();
    let dir =
        omms::tactical::table::compass_bearing([road[0].x, road[0].y], [road[1].x, road[1].y]);
    let from = step(bridge.at, dir + 180.0, 3.0);
    let to = step(bridge.at, dir, 3.0);
    let survey = bf.survey(&[from, to]).unwrap();
    assert!(survey.crossed.iter().any(|(_, c)| *c == Crossed::Bridge));
    assert!(survey.legs.iter().all(|l| l.footing.road));
    assert!((survey.length - 6.0).abs() < 1e-9);
}

#[test]
fn streams_ditches_and_drains_are_forded_anywhere_rivers_only_at_crossings() {
    // RULINGS §9: `waterway=stream|ditch|drain` is forded anywhere; the map's rivers are not.
    let m = map("north-bayreuth");
    let bf = field(&m, "Harsdorf", false);
    let rivers: Vec<&Line> = bf
        .lines
        .iter()
        .filter(|l| l.kind == LineKind::River)
        .collect();
    let (a, b) = bf
        .lines
        .iter()
        .filter(|l| l.kind == LineKind::Stream)
        .flat_map(|l| l.line.0.windows(2))
        .filter_map(|w| {
            let mid = [(w[0].x + w[1].x) / 2.0, (w[0].y + w[1].y) / 2.0];
            let along = omms::tactical::table::compass_bearing([w[0].x, w[0].y], [w[1].x, w[1].y]);
            let (a, b) = (step(mid, along + 90.0, 1.0), step(mid, along - 90.0, 1.0));
            let dry = |p: TablePoint| !bf.area_kinds_at(p).contains(&AreaKind::Water);
            let clear = bf
                .crossings
                .iter()
                .all(|c| distance(c.at, mid) > inches(2.0))
                && !bf.on_road(mid)
                && dry(a)
                && dry(b)
                && bf.spec.contains(a)
                && bf.spec.contains(b)
                && !bf
                    .lines_crossed(a, b)
                    .iter()
                    .any(|(i, _, _)| rivers.iter().any(|r| std::ptr::eq(*r, &bf.lines[*i])));
            clear.then_some((a, b))
        })
        .next()
        .expect("a stretch of stream away from roads on the Harsdorf table");
    let survey = bf.survey(&[a, b]).expect("a stream is forded anywhere");
    assert!(survey.crossed.iter().any(|(_, c)| *c == Crossed::Ford));
}

#[test]
fn walls_are_obstacles_to_cross_and_cover_for_whoever_is_behind_them() {
    let m = map("liechtenstein");
    let bf = field(&m, "Vaduz", false);
    let found = bf
        .lines
        .iter()
        .filter(|l| l.kind == LineKind::Wall(WallKind::Stone))
        .flat_map(|l| l.line.0.windows(2))
        .filter(|w| distance([w[0].x, w[0].y], [w[1].x, w[1].y]) > 20.0)
        .map(|w| {
            let mid = [(w[0].x + w[1].x) / 2.0, (w[0].y + w[1].y) / 2.0];
            let along = omms::tactical::table::compass_bearing([w[0].x, w[0].y], [w[1].x, w[1].y]);
            (mid, along)
        })
        .find(|(mid, along)| {
            let here = step(*mid, along + 90.0, 5.0);
            let there = step(*mid, along - 90.0, 100.0);
            in_no_area(&bf, here)
                && in_no_area(&bf, there)
                && walls_crossed(&bf, here, there) == 1
                && bf.sight(here, there).is_clear()
        })
        .expect("Vaduz has a stone wall in the open");
    let (mid, along) = found;
    let here = step(mid, along + 90.0, 5.0);
    let there = step(mid, along - 90.0, 100.0);
    let survey = bf.survey(&[here, there]).unwrap();
    assert_eq!(survey.crossed.len(), 1);
    assert_eq!(survey.crossed[0].1, Crossed::Wall(WallKind::Stone));
    assert!((survey.crossed[0].0 - 5.0).abs() < 1e-6);
    // Right behind the wall: cover from the far side, none from this side.
    assert_eq!(bf.cover(here, there), Some(Cover::Wall(WallKind::Stone)));
    assert_eq!(bf.cover(here, step(mid, along + 90.0, 100.0)), None);
    // Further back than an inch, the wall no longer counts.
    let back = step(mid, along + 90.0, inches(1.5));
    if in_no_area(&bf, back) {
        assert_eq!(bf.cover(back, there), None);
    }
}

#[test]
fn a_fortified_objective_is_walled_with_a_gate_on_each_side() {
    let m = map("andorra");
    let open = field(&m, "Ordino", false);
    let fort = field(&m, "Ordino", true);
    let walls = |bf: &Battlefield| {
        bf.lines
            .iter()
            .filter(|l| l.kind == LineKind::Wall(WallKind::Stone) && l.osm_id == 0)
            .count()
    };
    assert_eq!(walls(&open), 0);
    assert_eq!(walls(&fort), 8);
    // A defender just inside the east wall has its cover against a shooter outside, unless a
    // real house gives better.
    let o = fort.objective;
    let defender = step(o, 60.0, inches(4.0));
    let shooter = step(o, 60.0, inches(12.0));
    let expected = if open.cover(defender, shooter) == Some(Cover::House) {
        Cover::House
    } else {
        Cover::Wall(WallKind::Stone)
    };
    assert_eq!(fort.cover(defender, shooter), Some(expected));
    // Straight out through the east gate nothing of the fort is crossed; off the gate, a wall is.
    let fort_walls_crossed = |to: TablePoint| {
        fort.lines_crossed(o, to)
            .iter()
            .filter(|(i, _, _)| fort.lines[*i].osm_id == 0)
            .count()
    };
    assert_eq!(fort_walls_crossed(step(o, 90.0, inches(6.0))), 0);
    assert_eq!(fort_walls_crossed(step(o, 60.0, inches(6.0))), 1);
}

#[test]
fn water_and_the_table_edge_stop_a_path() {
    let m = map("andorra");
    let bf = field(&m, "les Escaldes", false);
    let edge = TableSpec::OMOG.width_mm;
    assert!(matches!(
        bf.survey(&[[edge - 5.0, 600.0], [edge + 5.0, 600.0]]),
        Err(Impassable::OffTable(_))
    ));
    let lake = bf
        .areas
        .iter()
        .find(|a| {
            a.kind == AreaKind::Water
                && !bf.on_road(a.top)
                && bf
                    .areas_at(a.top)
                    .iter()
                    .any(|&i| bf.areas[i].kind == AreaKind::Water)
        })
        .expect("water on the Escaldes table");
    let b = bbox(lake);
    let outside = if b[0] > 10.0 {
        [b[0] - 3.0, lake.top[1]]
    } else {
        [b[2] + 3.0, lake.top[1]]
    };
    assert!(TableSpec::OMOG.contains(outside));
    let r = bf.survey(&[outside, lake.top]);
    assert!(
        matches!(r, Err(Impassable::Water(_)) | Err(Impassable::River(_))),
        "got {r:?}"
    );
}

#[test]
fn a_place_without_terrain_is_a_clear_error() {
    let bare = common::map_without_terrain("north-bayreuth");
    let m = GameMap::load(bare.path()).unwrap();
    let id = m.place_by_name("Neudrossenfeld").unwrap();
    let site = BattleSite {
        attacker_from_bearing: 0.0,
        fortified: false,
    };
    let err = Battlefield::build(&m, id, TableSpec::OMOG, site).unwrap_err();
    assert!(err
        .to_string()
        .starts_with("Neudrossenfeld: the map has no tactical terrain"));
}
