//! The local metric projection every map uses in memory.
//!
//! Packages store WGS84 lon/lat (so QGIS and geojson.io open them); the game measures in metres.
//! A sinusoidal projection centred on the map keeps north-south and east-west distances exact and
//! distorts only by shear far from the central meridian (about 1% at 250 km from it), which is
//! far below what a card laid on a paper map would notice.

use serde::{Deserialize, Serialize};

/// Mean Earth radius in metres (IUGG).
pub const EARTH_RADIUS_M: f64 = 6_371_008.8;

/// Lon/lat ⇄ local metres around a fixed origin.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Projection {
    /// Origin longitude in degrees.
    pub lon0: f64,
    /// Origin latitude in degrees.
    pub lat0: f64,
}

impl Projection {
    /// A projection centred on `(lon0, lat0)`.
    pub fn new(lon0: f64, lat0: f64) -> Self {
        Self { lon0, lat0 }
    }

    /// Centred on the middle of a `[west, south, east, north]` box.
    pub fn for_bbox(bbox: [f64; 4]) -> Self {
        Self::new((bbox[0] + bbox[2]) / 2.0, (bbox[1] + bbox[3]) / 2.0)
    }

    /// Degrees lon/lat → metres east/north of the origin.
    pub fn to_xy(&self, lon: f64, lat: f64) -> [f64; 2] {
        let x = (lon - self.lon0).to_radians() * lat.to_radians().cos() * EARTH_RADIUS_M;
        let y = (lat - self.lat0).to_radians() * EARTH_RADIUS_M;
        [x, y]
    }

    /// Metres east/north of the origin → degrees lon/lat.
    pub fn to_lonlat(&self, xy: [f64; 2]) -> [f64; 2] {
        let lat = self.lat0 + (xy[1] / EARTH_RADIUS_M).to_degrees();
        let c = lat.to_radians().cos().max(1e-12);
        let lon = self.lon0 + (xy[0] / (EARTH_RADIUS_M * c)).to_degrees();
        [lon, lat]
    }
}

/// Great-circle distance in metres between two lon/lat points (haversine).
pub fn haversine_m(a: [f64; 2], b: [f64; 2]) -> f64 {
    let (la1, la2) = (a[1].to_radians(), b[1].to_radians());
    let dla = la2 - la1;
    let dlo = (b[0] - a[0]).to_radians();
    let h = (dla / 2.0).sin().powi(2) + la1.cos() * la2.cos() * (dlo / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_M * h.sqrt().asin()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_matches_great_circle_distance() {
        let p = Projection::new(1.52, 42.54);
        let a = [1.50, 42.50];
        let b = [1.60, 42.58];
        let (xa, xb) = (p.to_xy(a[0], a[1]), p.to_xy(b[0], b[1]));
        let back = p.to_lonlat(xa);
        assert!((back[0] - a[0]).abs() < 1e-9 && (back[1] - a[1]).abs() < 1e-9);
        let planar = ((xa[0] - xb[0]).powi(2) + (xa[1] - xb[1]).powi(2)).sqrt();
        let sphere = haversine_m(a, b);
        assert!(
            (planar - sphere).abs() / sphere < 0.002,
            "{planar} vs {sphere}"
        );
    }
}
