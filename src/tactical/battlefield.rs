//! The battlefield: the real terrain round a contested settlement, cut to a ruleset's table and
//! turned into table terrain (RULINGS §9).
//!
//! Every table length is in millimetres (see [`super::table`]). A battlefield is a pure function of
//! the map, the place, the table and the [`BattleSite`] options, so a battle replays from its seed.

use geo::{BooleanOps, Buffer, Centroid, Coord, LineString, MultiLineString, Polygon, Rect};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{RTree, AABB};
use serde::Serialize;

use super::table::{compass_bearing, Edge, TablePoint, TableSpec};
use crate::map::{GameMap, PlaceId, TerrainKind};

/// What an area of the table is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AreaKind {
    /// A house, from a real building footprint.
    House,
    /// Woods.
    Woods,
    /// Impassable water.
    Water,
    /// Swamp (wetland).
    Swamp,
    /// A hill.
    Hill,
}

/// What a line on the table is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LineKind {
    /// A road, street, track or path.
    Road,
    /// A river or canal (OSM `waterway=river|canal`): crossed only at a ford or a bridge.
    River,
    /// A stream, ditch or drain (OSM `waterway=stream|ditch|drain`): forded anywhere, slowly
    /// (RULINGS §9), and at road pace where a road crosses it.
    Stream,
    /// A wall, fence or hedge.
    Wall(WallKind),
}

/// What a wall line is built of; the rulesets give them different cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WallKind {
    /// A stone or brick wall (OSM `barrier=wall`, and the walls of a fortification): chest-high.
    Stone,
    /// A wooden fence or anything lower: waist-high.
    Fence,
    /// A hedge: chest-high, but soft.
    Hedge,
}

/// Where a river may be crossed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CrossingKind {
    /// A road crosses on a bridge: crossed at road pace.
    Bridge,
    /// A ford: crossed slowly.
    Ford,
}

/// An area feature on the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Area {
    /// What it is.
    pub kind: AreaKind,
    /// Its outline in table millimetres (clipped to the table).
    #[serde(skip)]
    pub shape: Polygon<f64>,
    /// The top of a hill, or the centre of any other area: uphill means towards it.
    pub top: TablePoint,
    /// The OSM way or node it came from (0 for features the game adds).
    pub osm_id: i64,
}

/// A line feature on the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Line {
    /// What it is.
    pub kind: LineKind,
    /// Its course in table millimetres (clipped to the table).
    #[serde(skip)]
    pub line: LineString<f64>,
    /// The OSM way it came from (0 for features the game adds).
    pub osm_id: i64,
}

/// A place where a river may be crossed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Crossing {
    /// Bridge or ford.
    pub kind: CrossingKind,
    /// Where, in table millimetres.
    pub at: TablePoint,
}

/// What the strategic game tells the battlefield about the fight.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BattleSite {
    /// The compass bearing, from the settlement, of the point the attacker's strategic move came
    /// from: the attacker enters from the table edge facing it.
    pub attacker_from_bearing: f64,
    /// Whether the settlement is a fortification: walls go round the objective.
    pub fortified: bool,
}

/// Why a battlefield cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BattlefieldError {
    /// The map package has no terrain layer anywhere near the place.
    #[error(
        "{place}: the map has no tactical terrain within the table; re-import the region so that \
         terrain.geojson covers it (it is kept within 2 km of playable settlements)"
    )]
    NoTerrain {
        /// The place's name.
        place: String,
    },
}

/// Half the width of a road on the table: a figure within it is "on the road".
pub const ROAD_HALF_WIDTH_MM: f64 = 6.35;
/// Ground radius of the hill drawn round a mapped peak.
const PEAK_HILL_RADIUS_M: f64 = 120.0;
/// Ground half-width of the hill drawn along a mapped ridge.
const RIDGE_HALF_WIDTH_M: f64 = 60.0;
/// Half the side of the walled square round a fortified objective, and the gate gap in each
/// side, in table millimetres (about 100 m and 25 m of ground on an OMOG table).
const FORT_HALF_SIDE_MM: f64 = 101.6;
const FORT_GATE_MM: f64 = 25.4;

type AreaEntry = GeomWithData<Rectangle<[f64; 2]>, usize>;
type SegEntry = GeomWithData<rstar::primitives::Line<[f64; 2]>, usize>;

/// The table with its terrain.
#[derive(Debug, Clone)]
pub struct Battlefield {
    /// The table's size and ground scale.
    pub spec: TableSpec,
    /// The contested place's name.
    pub place_name: String,
    /// The objective: the settlement's centre.
    pub objective: TablePoint,
    /// The edge the attacker enters from.
    pub attacker_edge: Edge,
    /// Whether walls were added round the objective.
    pub fortified: bool,
    /// Areas, in the order houses, woods, water, swamp, hills, each in map order.
    pub areas: Vec<Area>,
    /// Lines: roads, rivers, walls.
    pub lines: Vec<Line>,
    /// Bridges and fords.
    pub crossings: Vec<Crossing>,
    area_tree: RTree<AreaEntry>,
    /// Each area's bounding box, `[min x, min y, max x, max y]` (`None` for an empty shape):
    /// what the area R-tree holds, for asking about one known area.
    area_boxes: Vec<Option<[f64; 4]>>,
    line_tree: RTree<SegEntry>,
    /// The segments of every line but the roads: all a path can be stopped or slowed by, so
    /// surveying a path does not search the (many) road segments.
    obstacle_tree: RTree<SegEntry>,
    pub(crate) raster: super::raster::Raster,
}

impl Battlefield {
    /// Cut the terrain round `place` to `spec`'s table, centred on the place.
    pub fn build(
        map: &GameMap,
        place: PlaceId,
        spec: TableSpec,
        site: BattleSite,
    ) -> Result<Battlefield, BattlefieldError> {
        let p = map.place(place);
        let centre_m = p.pos();
        let half_m = [spec.ground_width_m() / 2.0, spec.ground_depth_m() / 2.0];
        let to_table = |c: Coord<f64>| Coord {
            x: (c.x - centre_m[0]) / spec.ground_m_per_mm + spec.width_mm / 2.0,
            y: (c.y - centre_m[1]) / spec.ground_m_per_mm + spec.depth_mm / 2.0,
        };
        let table_rect = Rect::new(
            Coord { x: 0.0, y: 0.0 },
            Coord {
                x: spec.width_mm,
                y: spec.depth_mm,
            },
        );
        let table_poly = table_rect.to_polygon();
        let near = |bb: Option<Rect<f64>>| {
            bb.is_some_and(|b| {
                b.max().x >= centre_m[0] - half_m[0]
                    && b.min().x <= centre_m[0] + half_m[0]
                    && b.max().y >= centre_m[1] - half_m[1]
                    && b.min().y <= centre_m[1] + half_m[1]
            })
        };

        let mut areas: Vec<Area> = Vec::new();
        let mut lines: Vec<Line> = Vec::new();
        let mut fords: Vec<TablePoint> = Vec::new();
        for f in map.terrain() {
            use geo::{BoundingRect, MapCoords};
            let geom = f.geometry();
            if !near(geom.bounding_rect()) {
                continue;
            }
            let osm_id = f
                .properties()
                .get("osm_id")
                .and_then(|v| v.as_i64())
                .unwrap_or(0);
            let tag = |k: &str| f.properties().get(k).and_then(|v| v.as_str());
            let area_kind = match f.kind() {
                TerrainKind::Building => Some(AreaKind::House),
                TerrainKind::Wood => Some(AreaKind::Woods),
                TerrainKind::Water => Some(AreaKind::Water),
                TerrainKind::Wetland => Some(AreaKind::Swamp),
                TerrainKind::Hill => Some(AreaKind::Hill),
                _ => None,
            };
            let mut add_area = |kind: AreaKind, poly: Polygon<f64>, top: Option<TablePoint>| {
                for piece in clip_polygon(&poly, &table_poly) {
                    let top = top.unwrap_or_else(|| {
                        piece
                            .centroid()
                            .map(|c| [c.x(), c.y()])
                            .unwrap_or([0.0, 0.0])
                    });
                    areas.push(Area {
                        kind,
                        shape: piece,
                        top,
                        osm_id,
                    });
                }
            };
            match (area_kind, geom) {
                (Some(kind), geo::Geometry::Polygon(poly)) => {
                    add_area(kind, poly.map_coords(to_table), None)
                }
                (Some(kind), geo::Geometry::MultiPolygon(mp)) => {
                    for poly in &mp.0 {
                        add_area(kind, poly.map_coords(to_table), None);
                    }
                }
                (Some(AreaKind::Hill), geo::Geometry::Point(pt)) => {
                    let c = to_table(pt.0);
                    let r = PEAK_HILL_RADIUS_M / spec.ground_m_per_mm;
                    add_area(AreaKind::Hill, circle([c.x, c.y], r), Some([c.x, c.y]));
                }
                (Some(AreaKind::Hill), geo::Geometry::LineString(ls)) => {
                    let ls = ls.map_coords(to_table);
                    let w = RIDGE_HALF_WIDTH_M / spec.ground_m_per_mm;
                    let top = ls.centroid().map(|c| [c.x(), c.y()]);
                    for poly in ls.buffer(w).0 {
                        add_area(AreaKind::Hill, poly, top);
                    }
                }
                (None, geo::Geometry::LineString(ls)) => {
                    let kind = match f.kind() {
                        TerrainKind::Track => LineKind::Road,
                        TerrainKind::River => match tag("waterway") {
                            Some("stream" | "ditch" | "drain") => LineKind::Stream,
                            _ => LineKind::River,
                        },
                        TerrainKind::Wall => LineKind::Wall(match tag("barrier") {
                            Some("wall" | "city_wall" | "retaining_wall") => WallKind::Stone,
                            Some("hedge") => WallKind::Hedge,
                            _ => WallKind::Fence,
                        }),
                        _ => continue,
                    };
                    if kind == LineKind::Road
                        && f.properties().get("ford").and_then(|v| v.as_bool()) == Some(true)
                    {
                        // A road tagged as a ford is itself the crossing.
                        for c in ls.coords() {
                            let t = to_table(*c);
                            fords.push([t.x, t.y]);
                        }
                    }
                    let clipped = table_poly
                        .clip(&MultiLineString::new(vec![ls.map_coords(to_table)]), false);
                    for piece in clipped.0 {
                        if piece.0.len() >= 2 {
                            lines.push(Line {
                                kind,
                                line: piece,
                                osm_id,
                            });
                        }
                    }
                }
                (None, geo::Geometry::Point(pt)) if f.kind() == TerrainKind::Ford => {
                    let t = to_table(pt.0);
                    fords.push([t.x, t.y]);
                }
                _ => {}
            }
        }
        drop_stacked_houses(&mut areas);
        if areas.is_empty() && lines.is_empty() {
            return Err(BattlefieldError::NoTerrain {
                place: p.name().to_string(),
            });
        }
        let objective = spec.centre();
        if site.fortified {
            lines.extend(fort_walls(objective));
        }
        let mut bf = Battlefield::from_parts(
            spec,
            p.name(),
            Edge::from_bearing(site.attacker_from_bearing),
            areas,
            lines,
            &fords,
        );
        bf.fortified = site.fortified;
        Ok(bf)
    }

    /// A battlefield from features already in table millimetres, with the objective at the
    /// table's centre: for hand-made scenario tables and tests. Bridges are found where roads
    /// cross rivers; `fords` are mapped ford points.
    pub fn from_parts(
        spec: TableSpec,
        place_name: &str,
        attacker_edge: Edge,
        mut areas: Vec<Area>,
        mut lines: Vec<Line>,
        fords: &[TablePoint],
    ) -> Battlefield {
        areas.sort_by_key(|a| a.kind);
        lines.sort_by_key(|l| l.kind);
        let crossings = find_crossings(&lines, fords);
        let area_boxes: Vec<Option<[f64; 4]>> = areas
            .iter()
            .map(|a| {
                use geo::BoundingRect;
                let b = a.shape.bounding_rect()?;
                Some([b.min().x, b.min().y, b.max().x, b.max().y])
            })
            .collect();
        let area_tree = RTree::bulk_load(
            area_boxes
                .iter()
                .enumerate()
                .filter_map(|(i, b)| {
                    let b = (*b)?;
                    Some(GeomWithData::new(
                        Rectangle::from_corners([b[0], b[1]], [b[2], b[3]]),
                        i,
                    ))
                })
                .collect(),
        );
        let segments = |roads: bool| {
            RTree::bulk_load(
                lines
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| roads || l.kind != LineKind::Road)
                    .flat_map(|(i, l)| {
                        l.line.0.windows(2).map(move |w| {
                            GeomWithData::new(
                                rstar::primitives::Line::new([w[0].x, w[0].y], [w[1].x, w[1].y]),
                                i,
                            )
                        })
                    })
                    .collect(),
            )
        };
        let (line_tree, obstacle_tree) = (segments(true), segments(false));
        let raster = super::raster::Raster::build(&spec, &areas, &lines, ROAD_HALF_WIDTH_MM);
        Battlefield {
            raster,
            spec,
            place_name: place_name.to_string(),
            objective: spec.centre(),
            attacker_edge,
            fortified: false,
            areas,
            lines,
            crossings,
            area_tree,
            area_boxes,
            line_tree,
            obstacle_tree,
        }
    }

    /// Wall in the objective as a fortification's square (RULINGS §9: fortification dice add
    /// walls round the objective): stone walls with a gate in each side, and the ground inside
    /// them a walled courtyard. For hand-made tables; [`Battlefield::build`] does it for a
    /// fortified settlement.
    pub fn fortify(self) -> Battlefield {
        let fords: Vec<TablePoint> = self
            .crossings
            .iter()
            .filter(|c| c.kind == CrossingKind::Ford)
            .map(|c| c.at)
            .collect();
        let mut lines = self.lines;
        lines.extend(fort_walls(self.objective));
        let mut bf = Battlefield::from_parts(
            self.spec,
            &self.place_name,
            self.attacker_edge,
            self.areas,
            lines,
            &fords,
        );
        bf.fortified = true;
        bf
    }

    /// Whether `p` lies inside the walls of a fortified objective: a walled courtyard.
    pub fn in_courtyard(&self, p: TablePoint) -> bool {
        self.fortified
            && (p[0] - self.objective[0]).abs() < FORT_HALF_SIDE_MM
            && (p[1] - self.objective[1]).abs() < FORT_HALF_SIDE_MM
    }

    /// Indices of the areas whose outline contains `p` (edge included).
    pub fn areas_at(&self, p: TablePoint) -> Vec<usize> {
        use geo::Intersects;
        let pt = geo::Point::new(p[0], p[1]);
        let mut found: Vec<usize> = self
            .area_tree
            .locate_all_at_point(&p)
            .map(|e| e.data)
            .filter(|&i| self.areas[i].shape.intersects(&pt))
            .collect();
        found.sort_unstable();
        found
    }

    /// [`Battlefield::areas_at`] for one kind of area: the others' outlines are not tested.
    pub fn areas_of_kind_at(&self, p: TablePoint, kind: AreaKind) -> Vec<usize> {
        use geo::Intersects;
        let pt = geo::Point::new(p[0], p[1]);
        let mut found: Vec<usize> = self
            .area_tree
            .locate_all_at_point(&p)
            .map(|e| e.data)
            .filter(|&i| self.areas[i].kind == kind && self.areas[i].shape.intersects(&pt))
            .collect();
        found.sort_unstable();
        found
    }

    /// Whether area `i`'s outline contains `p` (edge included): one area's answer of
    /// [`Battlefield::areas_at`], without searching the others.
    pub fn area_holds(&self, i: usize, p: TablePoint) -> bool {
        use geo::Intersects;
        self.area_boxes
            .get(i)
            .copied()
            .flatten()
            .is_some_and(|b| p[0] >= b[0] && p[0] <= b[2] && p[1] >= b[1] && p[1] <= b[3])
            && self.areas[i].shape.intersects(&geo::Point::new(p[0], p[1]))
    }

    /// The kinds of area at `p`.
    pub fn area_kinds_at(&self, p: TablePoint) -> Vec<AreaKind> {
        let mut kinds: Vec<AreaKind> = self
            .areas_at(p)
            .into_iter()
            .map(|i| self.areas[i].kind)
            .collect();
        kinds.dedup();
        kinds
    }

    /// Whether `p` is on a road (within [`ROAD_HALF_WIDTH_MM`] of a road line).
    pub fn on_road(&self, p: TablePoint) -> bool {
        self.lines_near(p, ROAD_HALF_WIDTH_MM)
            .any(|i| self.lines[i].kind == LineKind::Road)
    }

    /// Indices of lines with a segment within `r` of `p`.
    pub fn lines_near(&self, p: TablePoint, r: f64) -> impl Iterator<Item = usize> + '_ {
        self.line_tree
            .locate_within_distance(p, r * r)
            .map(|e| e.data)
    }

    /// Indices of lines crossed by the segment `a`→`b`, with the crossing point and how far
    /// along from `a` it lies, nearest first.
    pub fn lines_crossed(&self, a: TablePoint, b: TablePoint) -> Vec<(usize, TablePoint, f64)> {
        crossed_in(&self.line_tree, a, b)
    }

    /// [`Battlefield::lines_crossed`] for every line but the roads: the walls, fences, hedges,
    /// rivers and streams in the way.
    pub fn obstacles_crossed(&self, a: TablePoint, b: TablePoint) -> Vec<(usize, TablePoint, f64)> {
        crossed_in(&self.obstacle_tree, a, b)
    }

    /// Indices of areas whose bounding box meets the segment `a`→`b`'s.
    pub(crate) fn areas_near_segment(&self, a: TablePoint, b: TablePoint) -> Vec<usize> {
        let env = AABB::from_corners(
            [a[0].min(b[0]), a[1].min(b[1])],
            [a[0].max(b[0]), a[1].max(b[1])],
        );
        let mut v: Vec<usize> = self
            .area_tree
            .locate_in_envelope_intersecting(&env)
            .map(|e| e.data)
            .collect();
        v.sort_unstable();
        v
    }

    /// The crossing (bridge or ford) within `r` of `p`, if any.
    pub fn crossing_near(&self, p: TablePoint, r: f64) -> Option<Crossing> {
        self.crossings
            .iter()
            .filter(|c| super::table::distance(c.at, p) <= r)
            .min_by(|x, y| {
                super::table::distance(x.at, p).total_cmp(&super::table::distance(y.at, p))
            })
            .copied()
    }

    /// The houses whose centre lies within `r` of the objective, nearest first: where the
    /// defenders' settlement dice deploy.
    pub fn houses_near_objective(&self, r: f64) -> Vec<usize> {
        let mut v: Vec<(usize, f64)> = self
            .areas
            .iter()
            .enumerate()
            .filter(|(_, a)| a.kind == AreaKind::House)
            .map(|(i, a)| (i, super::table::distance(a.top, self.objective)))
            .filter(|(_, d)| *d <= r)
            .collect();
        v.sort_by(|x, y| x.1.total_cmp(&y.1).then(x.0.cmp(&y.0)));
        v.into_iter().map(|(i, _)| i).collect()
    }

    /// Compass bearing from the objective to the middle of the attacker's edge.
    pub fn attacker_bearing(&self) -> f64 {
        let s = &self.spec;
        let mid = match self.attacker_edge {
            Edge::North => [s.width_mm / 2.0, s.depth_mm],
            Edge::East => [s.width_mm, s.depth_mm / 2.0],
            Edge::South => [s.width_mm / 2.0, 0.0],
            Edge::West => [0.0, s.depth_mm / 2.0],
        };
        compass_bearing(self.objective, mid)
    }
}

/// The segments in `tree` crossed by `a`→`b`: each line's index, the crossing point and how far
/// along from `a` it lies, nearest first.
fn crossed_in(
    tree: &RTree<SegEntry>,
    a: TablePoint,
    b: TablePoint,
) -> Vec<(usize, TablePoint, f64)> {
    let env = AABB::from_corners(
        [a[0].min(b[0]), a[1].min(b[1])],
        [a[0].max(b[0]), a[1].max(b[1])],
    );
    let mut hits: Vec<(usize, TablePoint, f64)> = tree
        .locate_in_envelope_intersecting(&env)
        .filter_map(|e| {
            let l = e.geom();
            let x = segment_intersection(a, b, l.from, l.to)?;
            Some((e.data, x, super::table::distance(a, x)))
        })
        .collect();
    hits.sort_by(|x, y| x.2.total_cmp(&y.2).then(x.0.cmp(&y.0)));
    hits.dedup_by(|x, y| x.0 == y.0 && (x.2 - y.2).abs() < 1e-6);
    hits
}

/// Leave out a house whose centre lies inside a larger house already on the table: it is the
/// same building mapped twice, or a part drawn over its whole, and adds nothing to the ground.
/// A stack of thousands of copies would otherwise make every ground query on the table walk
/// them all (8,000 stacked footprints took minutes). Larger houses are kept first; the houses
/// left keep their map order.
fn drop_stacked_houses(areas: &mut Vec<Area>) {
    use geo::{Area as _, BoundingRect, Contains, Point};
    let size: Vec<f64> = areas.iter().map(|a| a.shape.unsigned_area()).collect();
    let mut order: Vec<usize> = (0..areas.len())
        .filter(|&i| areas[i].kind == AreaKind::House)
        .collect();
    order.sort_by(|&a, &b| size[b].total_cmp(&size[a]).then(a.cmp(&b)));
    let mut kept: RTree<GeomWithData<Rectangle<[f64; 2]>, usize>> = RTree::new();
    let mut stacked = vec![false; areas.len()];
    for i in order {
        let c = areas[i].top;
        let inside = kept
            .locate_in_envelope_intersecting(&AABB::from_point(c))
            .any(|e| areas[e.data].shape.contains(&Point::from(c)));
        if inside {
            stacked[i] = true;
        } else if let Some(b) = areas[i].shape.bounding_rect() {
            let r = Rectangle::from_corners([b.min().x, b.min().y], [b.max().x, b.max().y]);
            kept.insert(GeomWithData::new(r, i));
        }
    }
    let mut i = 0;
    areas.retain(|_| {
        i += 1;
        !stacked[i - 1]
    });
}

fn clip_polygon(poly: &Polygon<f64>, table: &Polygon<f64>) -> Vec<Polygon<f64>> {
    use geo::{BoundingRect, Contains};
    let Some(b) = poly.bounding_rect() else {
        return Vec::new();
    };
    if table.contains(&b) {
        return vec![poly.clone()];
    }
    poly.intersection(table).0
}

fn circle(c: TablePoint, r: f64) -> Polygon<f64> {
    let pts: Vec<Coord<f64>> = (0..=32)
        .map(|i| {
            let a = i as f64 * std::f64::consts::TAU / 32.0;
            Coord {
                x: c[0] + r * a.cos(),
                y: c[1] + r * a.sin(),
            }
        })
        .collect();
    Polygon::new(LineString::new(pts), vec![])
}

/// A stone-walled square round the objective with a gate in the middle of each side.
fn fort_walls(o: TablePoint) -> Vec<Line> {
    let h = FORT_HALF_SIDE_MM;
    let g = FORT_GATE_MM / 2.0;
    let corners = [
        [o[0] - h, o[1] - h],
        [o[0] + h, o[1] - h],
        [o[0] + h, o[1] + h],
        [o[0] - h, o[1] + h],
    ];
    let mut out = Vec::new();
    for k in 0..4 {
        let a = corners[k];
        let b = corners[(k + 1) % 4];
        let mid = [(a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0];
        let dir = [(b[0] - a[0]) / (2.0 * h), (b[1] - a[1]) / (2.0 * h)];
        let gate_a = [mid[0] - dir[0] * g, mid[1] - dir[1] * g];
        let gate_b = [mid[0] + dir[0] * g, mid[1] + dir[1] * g];
        for (p, q) in [(a, gate_a), (gate_b, b)] {
            out.push(Line {
                kind: LineKind::Wall(WallKind::Stone),
                line: LineString::from(vec![(p[0], p[1]), (q[0], q[1])]),
                osm_id: 0,
            });
        }
    }
    out
}

/// Where roads cross rivers or streams there are bridges; mapped fords on or next to a river are
/// fords.
fn find_crossings(lines: &[Line], fords: &[TablePoint]) -> Vec<Crossing> {
    let rivers: Vec<&Line> = lines
        .iter()
        .filter(|l| matches!(l.kind, LineKind::River | LineKind::Stream))
        .collect();
    let mut out = Vec::new();
    for road in lines.iter().filter(|l| l.kind == LineKind::Road) {
        for rw in road.line.0.windows(2) {
            for river in &rivers {
                for vw in river.line.0.windows(2) {
                    if let Some(x) = segment_intersection(
                        [rw[0].x, rw[0].y],
                        [rw[1].x, rw[1].y],
                        [vw[0].x, vw[0].y],
                        [vw[1].x, vw[1].y],
                    ) {
                        let near_ford = fords
                            .iter()
                            .any(|f| super::table::distance(*f, x) <= ROAD_HALF_WIDTH_MM * 2.0);
                        out.push(Crossing {
                            kind: if near_ford {
                                CrossingKind::Ford
                            } else {
                                CrossingKind::Bridge
                            },
                            at: x,
                        });
                    }
                }
            }
        }
    }
    // A ford mapped as a point on a river with no road over it.
    for f in fords {
        if !out
            .iter()
            .any(|c| super::table::distance(c.at, *f) <= ROAD_HALF_WIDTH_MM * 2.0)
        {
            out.push(Crossing {
                kind: CrossingKind::Ford,
                at: *f,
            });
        }
    }
    out.sort_by(|a, b| {
        a.at[0]
            .total_cmp(&b.at[0])
            .then(a.at[1].total_cmp(&b.at[1]))
    });
    out.dedup_by(|a, b| super::table::distance(a.at, b.at) < 1.0);
    out
}

/// The point where segments `a`→`b` and `c`→`d` cross, if they do (touching counts).
pub(crate) fn segment_intersection(
    a: TablePoint,
    b: TablePoint,
    c: TablePoint,
    d: TablePoint,
) -> Option<TablePoint> {
    let r = [b[0] - a[0], b[1] - a[1]];
    let s = [d[0] - c[0], d[1] - c[1]];
    let denom = r[0] * s[1] - r[1] * s[0];
    if denom.abs() < 1e-12 {
        return None;
    }
    let q = [c[0] - a[0], c[1] - a[1]];
    let t = (q[0] * s[1] - q[1] * s[0]) / denom;
    let u = (q[0] * r[1] - q[1] * r[0]) / denom;
    let eps = 1e-9;
    ((-eps..=1.0 + eps).contains(&t) && (-eps..=1.0 + eps).contains(&u))
        .then(|| [a[0] + t * r[0], a[1] + t * r[1]])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacked_houses_become_one_and_neighbours_stay() {
        let house = |x: f64, w: f64, id: i64| {
            let shape = Rect::new(Coord { x, y: 0.0 }, Coord { x: x + w, y: w }).to_polygon();
            Area {
                kind: AreaKind::House,
                top: [x + w / 2.0, w / 2.0],
                shape,
                osm_id: id,
            }
        };
        // A thousand copies of one footprint, a small part inside a big house (listed first),
        // and two neighbours that only touch.
        let mut areas: Vec<Area> = (0..1000).map(|_| house(0.0, 10.0, 1)).collect();
        areas.insert(0, house(102.0, 2.0, 2));
        areas.push(house(100.0, 20.0, 3));
        areas.push(house(200.0, 10.0, 4));
        areas.push(house(210.0, 10.0, 5));
        drop_stacked_houses(&mut areas);
        let ids: Vec<i64> = areas.iter().map(|a| a.osm_id).collect();
        assert_eq!(ids, [1, 3, 4, 5]);
    }

    #[test]
    fn segments_cross_where_they_should() {
        let x = segment_intersection([0.0, 0.0], [2.0, 2.0], [0.0, 2.0], [2.0, 0.0]).unwrap();
        assert!((x[0] - 1.0).abs() < 1e-12 && (x[1] - 1.0).abs() < 1e-12);
        assert!(segment_intersection([0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]).is_none());
        assert!(segment_intersection([0.0, 0.0], [1.0, 1.0], [2.0, 0.0], [3.0, 5.0]).is_none());
    }

    #[test]
    fn fort_walls_leave_a_gate_in_each_side() {
        let walls = fort_walls([500.0, 500.0]);
        assert_eq!(walls.len(), 8);
        // Straight out from the objective to the south passes through the gate.
        let crossed = walls.iter().any(|w| {
            w.line.0.windows(2).any(|s| {
                segment_intersection(
                    [500.0, 500.0],
                    [500.0, 300.0],
                    [s[0].x, s[0].y],
                    [s[1].x, s[1].y],
                )
                .is_some()
            })
        });
        assert!(!crossed);
        // Diagonally out, a wall is in the way.
        let crossed = walls.iter().any(|w| {
            w.line.0.windows(2).any(|s| {
                segment_intersection(
                    [500.0, 500.0],
                    [700.0, 650.0],
                    [s[0].x, s[0].y],
                    [s[1].x, s[1].y],
                )
                .is_some()
            })
        });
        assert!(crossed);
    }
}
