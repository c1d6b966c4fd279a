//! The loaded map: settlements, the road graph and water in local metres, plus the terrain layer.
//!
//! Fields are private; the loader (`load.rs`) is the only code that builds a [`GameMap`], and
//! spatial indexes are rebuilt on load rather than stored.

use geo::{LineString, Polygon};
use rstar::primitives::GeomWithData;
use rstar::RTree;

use super::package::{MapMeta, PlaceKind, RoadClass};
use super::projection::Projection;

/// Index of a settlement place in [`GameMap::settlements`].
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct PlaceId(pub u32);

/// Index of a road graph node.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct NodeId(pub u32);

/// Index of a road graph edge.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct EdgeId(pub u32);

/// The OSM element type an id refers to.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum OsmType {
    /// An OSM node.
    Node,
    /// An OSM way.
    Way,
    /// An OSM relation.
    Relation,
}

/// A settlement place from the map (not a built settlement: that is game state).
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub(crate) id: PlaceId,
    pub(crate) name: String,
    pub(crate) kind: PlaceKind,
    pub(crate) playable: bool,
    pub(crate) port: bool,
    pub(crate) osm_type: OsmType,
    pub(crate) osm_id: i64,
    pub(crate) pos: [f64; 2],
    pub(crate) lonlat: [f64; 2],
}

impl Place {
    /// Its index.
    pub fn id(&self) -> PlaceId {
        self.id
    }
    /// Its name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// City, town, village or suburb.
    pub fn kind(&self) -> PlaceKind {
        self.kind
    }
    /// Whether it lies within a 1p coin's radius of a major road at the package's scale.
    pub fn playable(&self) -> bool {
        self.playable
    }
    /// Whether ships may put in here (`"port": true` in the package, format 2).
    pub fn port(&self) -> bool {
        self.port
    }
    /// OSM element type and id it came from.
    pub fn osm(&self) -> (OsmType, i64) {
        (self.osm_type, self.osm_id)
    }
    /// Position in local metres.
    pub fn pos(&self) -> [f64; 2] {
        self.pos
    }
    /// Position in degrees.
    pub fn lonlat(&self) -> [f64; 2] {
        self.lonlat
    }
}

/// A junction or end of the road graph.
#[derive(Debug, Clone, PartialEq)]
pub struct RoadNode {
    pub(crate) pos: [f64; 2],
    pub(crate) edges: Vec<EdgeId>,
}

impl RoadNode {
    /// Position in local metres.
    pub fn pos(&self) -> [f64; 2] {
        self.pos
    }
    /// Edges meeting here.
    pub fn edges(&self) -> &[EdgeId] {
        &self.edges
    }
}

/// A stretch of major road between two nodes, as a polyline in local metres.
#[derive(Debug, Clone, PartialEq)]
pub struct RoadEdge {
    pub(crate) id: EdgeId,
    pub(crate) from: NodeId,
    pub(crate) to: NodeId,
    pub(crate) class: RoadClass,
    pub(crate) highway: String,
    pub(crate) road_ref: Option<String>,
    pub(crate) name: Option<String>,
    pub(crate) osm_id: i64,
    pub(crate) points: Vec<[f64; 2]>,
}

impl RoadEdge {
    /// Its index.
    pub fn id(&self) -> EdgeId {
        self.id
    }
    /// Node at `points()[0]`.
    pub fn from(&self) -> NodeId {
        self.from
    }
    /// Node at the last point.
    pub fn to(&self) -> NodeId {
        self.to
    }
    /// M, A or B.
    pub fn class(&self) -> RoadClass {
        self.class
    }
    /// The OSM `highway=*` value (e.g. `primary_link`).
    pub fn highway(&self) -> &str {
        &self.highway
    }
    /// Road number, e.g. `CG-2`.
    pub fn road_ref(&self) -> Option<&str> {
        self.road_ref.as_deref()
    }
    /// Street name.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
    /// OSM way id.
    pub fn osm_id(&self) -> i64 {
        self.osm_id
    }
    /// Polyline in local metres, at least two points.
    pub fn points(&self) -> &[[f64; 2]] {
        &self.points
    }
    /// Length in metres.
    pub fn length_m(&self) -> f64 {
        self.points
            .windows(2)
            .map(|w| ((w[1][0] - w[0][0]).powi(2) + (w[1][1] - w[0][1]).powi(2)).sqrt())
            .sum()
    }
}

/// The major-road network.
#[derive(Debug, Clone, Default)]
pub struct RoadGraph {
    pub(crate) nodes: Vec<RoadNode>,
    pub(crate) edges: Vec<RoadEdge>,
}

impl RoadGraph {
    /// All nodes, indexed by [`NodeId`].
    pub fn nodes(&self) -> &[RoadNode] {
        &self.nodes
    }
    /// All edges, indexed by [`EdgeId`].
    pub fn edges(&self) -> &[RoadEdge] {
        &self.edges
    }
    /// One node.
    pub fn node(&self, id: NodeId) -> &RoadNode {
        &self.nodes[id.0 as usize]
    }
    /// One edge.
    pub fn edge(&self, id: EdgeId) -> &RoadEdge {
        &self.edges[id.0 as usize]
    }
}

/// Kind of a tactical terrain feature (RULINGS §9).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum TerrainKind {
    /// A building footprint.
    Building,
    /// Wood or forest.
    Wood,
    /// Lake, pond, reservoir or river area: impassable.
    Water,
    /// River, stream or canal centre line.
    River,
    /// Wall, fence or hedge line.
    Wall,
    /// Wetland: swamp on the table.
    Wetland,
    /// Peak (point), ridge (line) or hill area.
    Hill,
    /// Any road, street, track or path, for tactical movement.
    Track,
    /// A ford point.
    Ford,
}

impl TerrainKind {
    /// Parse the `kind` property.
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "building" => TerrainKind::Building,
            "wood" => TerrainKind::Wood,
            "water" => TerrainKind::Water,
            "river" => TerrainKind::River,
            "wall" => TerrainKind::Wall,
            "wetland" => TerrainKind::Wetland,
            "hill" => TerrainKind::Hill,
            "track" => TerrainKind::Track,
            "ford" => TerrainKind::Ford,
            _ => return None,
        })
    }
    /// The `kind` property value.
    pub fn as_str(self) -> &'static str {
        match self {
            TerrainKind::Building => "building",
            TerrainKind::Wood => "wood",
            TerrainKind::Water => "water",
            TerrainKind::River => "river",
            TerrainKind::Wall => "wall",
            TerrainKind::Wetland => "wetland",
            TerrainKind::Hill => "hill",
            TerrainKind::Track => "track",
            TerrainKind::Ford => "ford",
        }
    }
}

/// One feature of the tactical terrain layer, in local metres.
#[derive(Debug, Clone, PartialEq)]
pub struct TerrainFeature {
    pub(crate) kind: TerrainKind,
    pub(crate) geometry: geo::Geometry<f64>,
    pub(crate) properties: serde_json::Map<String, serde_json::Value>,
}

impl TerrainFeature {
    /// What it is.
    pub fn kind(&self) -> TerrainKind {
        self.kind
    }
    /// Its shape in local metres.
    pub fn geometry(&self) -> &geo::Geometry<f64> {
        &self.geometry
    }
    /// All its GeoJSON properties (e.g. `highway`, `bridge`, `ele`).
    pub fn properties(&self) -> &serde_json::Map<String, serde_json::Value> {
        &self.properties
    }
}

/// A road segment in the R-tree: endpoints in metres, tagged with its edge and segment index.
pub type SegmentEntry = GeomWithData<rstar::primitives::Line<[f64; 2]>, (EdgeId, u32)>;
/// A place in the R-tree.
pub type PlaceEntry = GeomWithData<[f64; 2], PlaceId>;

/// A water polygon's bounding box in the R-tree, tagged with its index in [`GameMap::water`].
pub(crate) type WaterEntry = GeomWithData<rstar::primitives::Rectangle<[f64; 2]>, usize>;
/// A coastline segment in the R-tree, tagged with (line index, segment index).
pub(crate) type CoastEntry = GeomWithData<rstar::primitives::Line<[f64; 2]>, (usize, u32)>;

/// A whole loaded map package.
pub struct GameMap {
    pub(crate) meta: MapMeta,
    pub(crate) projection: Projection,
    pub(crate) places: Vec<Place>,
    pub(crate) roads: RoadGraph,
    /// Everything that is not land: inland water and the sea areas alike.
    pub(crate) water: Vec<Polygon<f64>>,
    /// How many of `water` (the first ones) are inland water; the sea areas follow.
    pub(crate) lakes: usize,
    /// The sea areas alone (package format 2).
    pub(crate) sea: Vec<Polygon<f64>>,
    /// The sea and the navigable rivers, indexed for the seafaring queries.
    pub(crate) ship_water: super::sea::ShipWater,
    pub(crate) coastline: Vec<LineString<f64>>,
    pub(crate) terrain: Vec<TerrainFeature>,
    pub(crate) segment_tree: RTree<SegmentEntry>,
    pub(crate) place_tree: RTree<PlaceEntry>,
    /// Bounding boxes of `water`, tagged with the polygon's index.
    pub(crate) water_tree: RTree<WaterEntry>,
    /// Every coastline segment, tagged with (line index, segment index).
    pub(crate) coast_tree: RTree<CoastEntry>,
}

impl GameMap {
    /// Metadata from `map.toml`.
    pub fn meta(&self) -> &MapMeta {
        &self.meta
    }
    /// The projection between degrees and the local metres used everywhere else.
    pub fn projection(&self) -> &Projection {
        &self.projection
    }
    /// Settlement places (playable or not), indexed by [`PlaceId`].
    pub fn places(&self) -> &[Place] {
        &self.places
    }
    /// One place.
    pub fn place(&self, id: PlaceId) -> &Place {
        &self.places[id.0 as usize]
    }
    /// The major-road graph.
    pub fn roads(&self) -> &RoadGraph {
        &self.roads
    }
    /// Water areas (lakes, river areas, and the sea areas of [`GameMap::sea`]) in metres:
    /// everything that is not land.
    pub fn water(&self) -> &[Polygon<f64>] {
        &self.water
    }
    /// The sea areas alone, in metres (package format 2; none in a format-1 package).
    pub fn sea(&self) -> &[Polygon<f64>] {
        &self.sea
    }
    /// Coastlines in metres, land on the left as OSM draws them.
    pub fn coastline(&self) -> &[LineString<f64>] {
        &self.coastline
    }
    /// The tactical terrain layer.
    pub fn terrain(&self) -> &[TerrainFeature] {
        &self.terrain
    }
    /// R-tree over every road segment.
    pub fn segment_tree(&self) -> &RTree<SegmentEntry> {
        &self.segment_tree
    }
    /// R-tree over every place.
    pub fn place_tree(&self) -> &RTree<PlaceEntry> {
        &self.place_tree
    }
}
