//! Printing the package's GeoJSON. Written by hand rather than through a DOM so that output is
//! byte-for-byte stable (fixed 7 decimals, one feature per line for readable diffs) and streamed
//! feature by feature, so a big region's output is never held in memory.

use std::fmt::Write;
use std::io;

use geo::orient::{Direction, Orient};
use geo::MultiPolygon;

use super::build::{Built, OutFeature, OutGeom};
use super::pbf::RawData;
use super::tags::PropValue;
use crate::map::OsmType;

fn json_str(s: &str) -> String {
    serde_json::to_string(s).expect("strings always serialise")
}

fn osm_type(t: OsmType) -> &'static str {
    match t {
        OsmType::Node => "node",
        OsmType::Way => "way",
        OsmType::Relation => "relation",
    }
}

fn coord(out: &mut String, p: [f64; 2]) {
    let _ = write!(out, "[{:.7},{:.7}]", p[0], p[1]);
}

fn coords(out: &mut String, pts: impl Iterator<Item = [f64; 2]>) {
    out.push('[');
    for (i, p) in pts.enumerate() {
        if i > 0 {
            out.push(',');
        }
        coord(out, p);
    }
    out.push(']');
}

fn polygon_rings(out: &mut String, poly: &geo::Polygon<f64>) {
    out.push('[');
    coords(out, poly.exterior().0.iter().map(|c| [c.x, c.y]));
    for hole in poly.interiors() {
        out.push(',');
        coords(out, hole.0.iter().map(|c| [c.x, c.y]));
    }
    out.push(']');
}

fn area(out: &mut String, mp: &MultiPolygon<f64>) {
    if mp.0.len() == 1 {
        out.push_str("{\"type\":\"Polygon\",\"coordinates\":");
        polygon_rings(out, &mp.0[0]);
    } else {
        out.push_str("{\"type\":\"MultiPolygon\",\"coordinates\":[");
        for (i, p) in mp.0.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            polygon_rings(out, p);
        }
        out.push(']');
    }
    out.push('}');
}

fn geometry(out: &mut String, g: &OutGeom) {
    match g {
        OutGeom::Point(p) => {
            out.push_str("{\"type\":\"Point\",\"coordinates\":");
            coord(out, *p);
            out.push('}');
        }
        OutGeom::Line(l) => {
            out.push_str("{\"type\":\"LineString\",\"coordinates\":");
            coords(out, l.iter().copied());
            out.push('}');
        }
        OutGeom::Area(mp) => area(out, mp),
    }
}

fn prop(out: &mut String, key: &str, v: &PropValue) {
    let _ = write!(out, ",{}:", json_str(key));
    match v {
        PropValue::Str(s) => out.push_str(&json_str(s)),
        PropValue::Num(n) => {
            let _ = write!(out, "{n}");
        }
        PropValue::Bool(b) => {
            let _ = write!(out, "{b}");
        }
    }
}

fn opt_str(o: &Option<String>) -> String {
    o.as_deref().map(json_str).unwrap_or_else(|| "null".into())
}

fn feature(out: &mut String, f: &OutFeature) {
    out.push_str("{\"type\":\"Feature\",\"geometry\":");
    geometry(out, &f.geom);
    let _ = write!(
        out,
        ",\"properties\":{{\"kind\":{},\"osm_type\":\"{}\",\"osm_id\":{}",
        json_str(f.kind),
        osm_type(f.osm_type),
        f.osm_id
    );
    for (k, v) in &f.props {
        prop(out, k, v);
    }
    out.push_str("}}");
}

/// Streams a FeatureCollection one feature per line, so no more than one feature is ever held
/// as text.
struct Collection<'a> {
    out: &'a mut dyn io::Write,
    buf: String,
    first: bool,
}

impl<'a> Collection<'a> {
    fn start(out: &'a mut dyn io::Write) -> io::Result<Self> {
        out.write_all(b"{\"type\":\"FeatureCollection\",\"features\":[\n")?;
        Ok(Collection {
            out,
            buf: String::new(),
            first: true,
        })
    }

    /// Print one feature into the buffer with `f` and write it out.
    fn push(&mut self, f: impl FnOnce(&mut String)) -> io::Result<()> {
        self.buf.clear();
        if !self.first {
            self.buf.push_str(",\n");
        }
        self.first = false;
        f(&mut self.buf);
        self.out.write_all(self.buf.as_bytes())
    }

    fn finish(self) -> io::Result<()> {
        if !self.first {
            self.out.write_all(b"\n")?;
        }
        self.out.write_all(b"]}\n")
    }
}

/// `map.geojson`: settlements, roads, water, coastline.
pub fn map_geojson(out: &mut dyn io::Write, b: &Built, raw: &RawData) -> io::Result<()> {
    let mut c = Collection::start(out)?;
    for p in &b.places {
        c.push(|s| {
            s.push_str("{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":");
            coord(s, p.lonlat);
            let _ = write!(
                s,
                "}},\"properties\":{{\"kind\":\"settlement\",\"name\":{},\"place\":\"{}\",\"playable\":{},",
                json_str(&p.name),
                p.kind.as_str(),
                p.playable,
            );
            // Only ports say so: a land-locked map's settlements read as before.
            if p.port {
                s.push_str("\"port\":true,");
            }
            let _ = write!(
                s,
                "\"osm_type\":\"{}\",\"osm_id\":{}}}}}",
                osm_type(p.osm_type),
                p.osm_id
            );
        })?;
    }
    for r in &b.roads {
        c.push(|s| {
            s.push_str(
                "{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":",
            );
            coords(s, r.coords.iter().copied());
            let _ = write!(
                s,
                "}},\"properties\":{{\"kind\":\"road\",\"class\":\"{}\",\"highway\":{},\"ref\":{},\"name\":{},\"osm_id\":{}",
                r.class.as_str(),
                json_str(&r.highway),
                opt_str(&r.road_ref),
                opt_str(&r.name),
                r.osm_id
            );
            // Only bridges and tunnels carry a layer: a package without one reads as layer 0.
            if r.layer != 0 {
                let _ = write!(s, ",\"layer\":{}", r.layer);
            }
            s.push_str("}}");
        })?;
    }
    for f in b.features.water.iter().chain(&b.features.coastline) {
        c.push(|s| feature(s, &f.resolve(raw)))?;
    }
    if let Some(sea) = &b.sea {
        // One feature per sea polygon, so a modder can select and edit each in QGIS.
        for poly in &sea.area.orient(Direction::Default).0 {
            c.push(|s| {
                s.push_str("{\"type\":\"Feature\",\"geometry\":");
                area(s, &MultiPolygon(vec![poly.clone()]));
                s.push_str(",\"properties\":{\"kind\":\"sea\"}}");
            })?;
        }
        for r in &sea.rivers {
            c.push(|s| {
                feature(
                    s,
                    &OutFeature {
                        kind: "sea",
                        osm_type: r.osm_type,
                        osm_id: r.osm_id,
                        geom: OutGeom::Area(r.area.orient(Direction::Default)),
                        props: vec![("waterway", PropValue::Str(r.waterway.clone()))],
                    },
                )
            })?;
        }
    }
    c.finish()
}

/// `terrain.geojson`: the tactical layer.
pub fn terrain_geojson(out: &mut dyn io::Write, b: &Built, raw: &RawData) -> io::Result<()> {
    let mut c = Collection::start(out)?;
    for f in &b.features.terrain {
        c.push(|s| feature(s, &f.resolve(raw)))?;
    }
    c.finish()
}
