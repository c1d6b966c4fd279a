//! Which OSM tags the importer keeps, and what each tagged element becomes.
//!
//! Only a short list of keys is kept in memory: on a country extract most of the memory of an
//! import is tags nobody reads.

use std::collections::BTreeMap;

use crate::map::{PlaceKind, RoadClass, TerrainKind};

/// Keys read anywhere in the importer.
const KEPT_KEYS: [&str; 19] = [
    "highway", "name", "ref", "place", "building", "landuse", "natural", "waterway", "barrier",
    "bridge", "ford", "ele", "type", "water", "tunnel", "area", "layer", "boat", "route",
];

/// A small tag list with only the keys the importer reads, packed into one allocation: a country
/// extract keeps millions of these, and a `Vec` of string pairs costs three allocations per tag.
///
/// Layout: for each kept key, in [`KEPT_KEYS`] order, its index (one byte), the value's length
/// (four bytes, little-endian) and the value's bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tags(Box<[u8]>);

impl Tags {
    /// Keep the interesting pairs of an element's tags.
    pub fn from_iter<'a>(it: impl Iterator<Item = (&'a str, &'a str)>) -> Self {
        let mut kept: Vec<(usize, &str)> = it
            .filter_map(|(k, v)| KEPT_KEYS.iter().position(|&kk| kk == k).map(|i| (i, v)))
            .collect();
        if kept.is_empty() {
            return Tags::default();
        }
        // Stable, so a key repeated in a (malformed) element keeps its first value first.
        kept.sort_by_key(|&(i, _)| i);
        let mut buf = Vec::with_capacity(kept.iter().map(|(_, v)| 5 + v.len()).sum());
        for (i, v) in kept {
            // A PBF blob is at most 32 MiB, so no string in it comes near 4 GiB.
            let len = u32::try_from(v.len()).expect("PBF strings are shorter than 4 GiB");
            buf.push(i as u8);
            buf.extend_from_slice(&len.to_le_bytes());
            buf.extend_from_slice(v.as_bytes());
        }
        Tags(buf.into_boxed_slice())
    }

    /// The value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<&str> {
        let want = KEPT_KEYS.iter().position(|&k| k == key)?;
        let mut rest = &self.0[..];
        while let [i, l0, l1, l2, l3, tail @ ..] = rest {
            let len = u32::from_le_bytes([*l0, *l1, *l2, *l3]) as usize;
            let (value, next) = tail.split_at(len);
            if usize::from(*i) == want {
                return std::str::from_utf8(value).ok();
            }
            rest = next;
        }
        None
    }

    fn is(&self, key: &str, value: &str) -> bool {
        self.get(key) == Some(value)
    }

    fn truthy(&self, key: &str) -> bool {
        matches!(self.get(key), Some(v) if v != "no" && v != "false" && v != "0")
    }

    /// True when no kept key is present.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The settlement kind of a `place=*` element, if the game uses it and it has a name.
pub fn place_kind(tags: &Tags) -> Option<PlaceKind> {
    let kind = PlaceKind::parse(tags.get("place")?)?;
    tags.get("name").filter(|n| !n.trim().is_empty())?;
    Some(kind)
}

/// Road class by the (modder-editable) `highway=*` mapping. A ferry route is never a road
/// (RULINGS §10), even where a mapper also gave it a `highway` tag: the crossing is the sea's.
pub fn road_class(tags: &Tags, classes: &BTreeMap<String, RoadClass>) -> Option<RoadClass> {
    if tags.is("route", "ferry") {
        return None;
    }
    classes.get(tags.get("highway")?).copied()
}

/// The layer a road lies on: its `layer` tag, else 1 on a bridge and −1 in a tunnel, else 0.
/// Roads passing through one shared node meet only on the same layer, unless one ends there.
pub fn road_layer(tags: &Tags) -> i32 {
    if let Some(l) = tags.get("layer").and_then(|v| v.trim().parse::<i32>().ok()) {
        return l;
    }
    if tags.truthy("bridge") {
        1
    } else if tags.truthy("tunnel") && !tags.is("tunnel", "building_passage") {
        -1
    } else {
        0
    }
}

/// Whether the element is open water for the land test (RULINGS §3).
pub fn is_water_area(tags: &Tags) -> bool {
    tags.is("natural", "water")
        || tags.is("waterway", "riverbank")
        || tags.is("landuse", "reservoir")
}

/// Whether an element names an island or islet (used to name the islands of the sea).
pub fn is_island(tags: &Tags) -> bool {
    matches!(tags.get("place"), Some("island" | "islet"))
}

/// Whether a way is a coastline.
pub fn is_coastline(tags: &Tags) -> bool {
    tags.is("natural", "coastline")
}

/// The tactical terrain kind of an area (closed way or multipolygon), if any.
pub fn terrain_area(tags: &Tags) -> Option<TerrainKind> {
    if tags.truthy("building") {
        Some(TerrainKind::Building)
    } else if tags.is("landuse", "forest") || tags.is("natural", "wood") {
        Some(TerrainKind::Wood)
    } else if is_water_area(tags) {
        Some(TerrainKind::Water)
    } else if tags.is("natural", "wetland") {
        Some(TerrainKind::Wetland)
    } else if tags.is("natural", "hill") {
        Some(TerrainKind::Hill)
    } else {
        None
    }
}

/// Line kinds of the terrain layer: rivers, walls, ridges and every road or track.
pub fn terrain_line(tags: &Tags) -> Option<TerrainKind> {
    if let Some(w) = tags.get("waterway") {
        if matches!(
            w,
            "river" | "stream" | "canal" | "brook" | "drain" | "ditch"
        ) {
            return Some(TerrainKind::River);
        }
    }
    if let Some(b) = tags.get("barrier") {
        if matches!(
            b,
            "wall" | "fence" | "hedge" | "city_wall" | "retaining_wall" | "hedge_bank"
        ) {
            return Some(TerrainKind::Wall);
        }
    }
    if matches!(tags.get("natural"), Some("ridge" | "arete")) {
        return Some(TerrainKind::Hill);
    }
    if tags.get("highway").is_some() && !tags.is("area", "yes") && !tags.is("route", "ferry") {
        return Some(TerrainKind::Track);
    }
    None
}

/// Point kinds of the terrain layer: peaks and fords.
pub fn terrain_point(tags: &Tags) -> Option<TerrainKind> {
    if matches!(tags.get("natural"), Some("peak" | "hill")) {
        Some(TerrainKind::Hill)
    } else if tags.truthy("ford") {
        Some(TerrainKind::Ford)
    } else {
        None
    }
}

/// Properties a terrain feature carries besides `kind` (see docs/map-package.md).
pub fn terrain_properties(kind: TerrainKind, tags: &Tags) -> Vec<(&'static str, PropValue)> {
    let s = |k: &'static str| tags.get(k).map(|v| (k, PropValue::Str(v.to_string())));
    let mut out = Vec::new();
    match kind {
        TerrainKind::Building => out.extend(s("building")),
        TerrainKind::River => out.extend(s("waterway")),
        TerrainKind::Wall => out.extend(s("barrier")),
        TerrainKind::Hill => {
            out.extend(s("natural"));
            if let Some(e) = tags.get("ele").and_then(parse_ele) {
                out.push(("ele", PropValue::Num(e)));
            }
            out.extend(s("name"));
        }
        TerrainKind::Track => {
            out.extend(s("highway"));
            out.push(("bridge", PropValue::Bool(tags.truthy("bridge"))));
            out.push(("ford", PropValue::Bool(tags.truthy("ford"))));
            out.extend(s("name"));
        }
        TerrainKind::Wood | TerrainKind::Water | TerrainKind::Wetland | TerrainKind::Ford => {}
    }
    out
}

/// `ele=*` as metres: OSM often writes "2942", "2942 m" or "2,942".
fn parse_ele(v: &str) -> Option<f64> {
    let t: String = v
        .trim()
        .trim_end_matches('m')
        .trim()
        .chars()
        .map(|c| if c == ',' { '.' } else { c })
        .collect();
    t.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// A GeoJSON property value the writer knows how to print.
#[derive(Debug, Clone, PartialEq)]
pub enum PropValue {
    /// A string.
    Str(String),
    /// A number.
    Num(f64),
    /// A boolean.
    Bool(bool),
}

/// Whether a way is worth keeping at all in the first pass.
pub fn way_is_interesting(tags: &Tags, classes: &BTreeMap<String, RoadClass>) -> bool {
    road_class(tags, classes).is_some()
        || place_kind(tags).is_some()
        || is_coastline(tags)
        || terrain_area(tags).is_some()
        || terrain_line(tags).is_some()
}

/// Whether a relation is an area the importer assembles (multipolygon or a place boundary).
pub fn relation_is_interesting(tags: &Tags) -> bool {
    match tags.get("type") {
        Some("multipolygon") => {
            place_kind(tags).is_some() || terrain_area(tags).is_some() || is_island(tags)
        }
        Some("boundary") => place_kind(tags).is_some(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::package::default_road_classes;

    fn t(pairs: &[(&str, &str)]) -> Tags {
        Tags::from_iter(pairs.iter().copied())
    }

    #[test]
    fn roads_follow_the_mapping_and_white_roads_are_dropped() {
        let c = default_road_classes();
        assert_eq!(
            road_class(&t(&[("highway", "motorway_link")]), &c),
            Some(RoadClass::M)
        );
        assert_eq!(
            road_class(&t(&[("highway", "trunk")]), &c),
            Some(RoadClass::A)
        );
        assert_eq!(
            road_class(&t(&[("highway", "secondary")]), &c),
            Some(RoadClass::B)
        );
        assert_eq!(road_class(&t(&[("highway", "tertiary")]), &c), None);
        let mut modded = c.clone();
        modded.insert("tertiary".into(), RoadClass::B);
        assert_eq!(
            road_class(&t(&[("highway", "tertiary")]), &modded),
            Some(RoadClass::B)
        );
    }

    #[test]
    fn road_layers_come_from_the_tag_else_from_bridge_and_tunnel() {
        assert_eq!(road_layer(&t(&[("highway", "primary")])), 0);
        assert_eq!(road_layer(&t(&[("bridge", "yes")])), 1);
        assert_eq!(road_layer(&t(&[("bridge", "viaduct"), ("layer", "2")])), 2);
        assert_eq!(road_layer(&t(&[("tunnel", "yes")])), -1);
        assert_eq!(road_layer(&t(&[("tunnel", "building_passage")])), 0);
        assert_eq!(road_layer(&t(&[("bridge", "no"), ("layer", "x")])), 0);
    }

    #[test]
    fn places_need_a_game_kind_and_a_name() {
        assert_eq!(
            place_kind(&t(&[("place", "town"), ("name", "Encamp")])),
            Some(PlaceKind::Town)
        );
        assert_eq!(place_kind(&t(&[("place", "hamlet"), ("name", "X")])), None);
        assert_eq!(place_kind(&t(&[("place", "village")])), None);
        assert_eq!(place_kind(&t(&[("place", "village"), ("name", " ")])), None);
    }

    #[test]
    fn terrain_kinds() {
        assert_eq!(
            terrain_area(&t(&[("building", "yes")])),
            Some(TerrainKind::Building)
        );
        assert_eq!(terrain_area(&t(&[("building", "no")])), None);
        assert_eq!(
            terrain_area(&t(&[("landuse", "forest")])),
            Some(TerrainKind::Wood)
        );
        assert_eq!(
            terrain_area(&t(&[("waterway", "riverbank")])),
            Some(TerrainKind::Water)
        );
        assert_eq!(
            terrain_line(&t(&[("barrier", "hedge")])),
            Some(TerrainKind::Wall)
        );
        assert_eq!(
            terrain_line(&t(&[("waterway", "stream")])),
            Some(TerrainKind::River)
        );
        assert_eq!(
            terrain_line(&t(&[("highway", "track")])),
            Some(TerrainKind::Track)
        );
        assert_eq!(
            terrain_point(&t(&[("natural", "peak")])),
            Some(TerrainKind::Hill)
        );
        assert_eq!(
            terrain_point(&t(&[("ford", "yes")])),
            Some(TerrainKind::Ford)
        );
        assert_eq!(parse_ele("2,942 m"), Some(2.942));
        assert_eq!(parse_ele("2942"), Some(2942.0));
    }
}
