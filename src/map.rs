//! The map model: settlement places, the major-road graph in local metres, R-trees over roads and
//! places, land and water, and the tactical terrain layer; plus loading and writing map packages.

mod land;
mod load;
mod model;
pub mod package;
pub mod projection;
pub(crate) mod query;
pub mod scale;
mod sea;

pub use load::{load_meta, LoadError, Problem};
pub use model::{
    EdgeId, GameMap, NodeId, OsmType, Place, PlaceEntry, PlaceId, RoadEdge, RoadGraph, RoadNode,
    SegmentEntry, TerrainFeature, TerrainKind,
};
pub use package::{MapMeta, PlaceKind, RoadClass, FORMAT_VERSION, OLDEST_FORMAT_VERSION};
pub use projection::Projection;
pub use query::RoadPoint;
pub use scale::{Measure, Scale};
pub(crate) use sea::EIGHT_WAYS;
