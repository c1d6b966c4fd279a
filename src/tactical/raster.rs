//! The ground under every tenth of an inch of the table, rasterised once per battlefield.
//!
//! Surveying a path samples its ground every couple of millimetres; asking the polygons and the
//! road R-tree at each sample made path checks the bulk of an auto-resolved battle's time. A cell
//! is of a kind when its centre is inside the area (or within a road's half-width of a road), so
//! the raster agrees with the exact geometry to within half a cell (0.05″).

use geo::Polygon;

use super::battlefield::{Area, AreaKind, Line, LineKind};
use super::table::{inches, TablePoint, TableSpec};

/// Cell flags.
pub(crate) const ROAD: u8 = 1;
pub(crate) const WOODS: u8 = 2;
pub(crate) const SWAMP: u8 = 4;
pub(crate) const HOUSE: u8 = 8;
pub(crate) const WATER: u8 = 16;

/// Per-cell ground flags and the hill (if any) each cell lies on.
#[derive(Debug, Clone)]
pub(crate) struct Raster {
    nx: usize,
    ny: usize,
    cell: f64,
    flags: Vec<u8>,
    /// Index + 1 into the battlefield's areas of a hill covering the cell; 0 for none.
    hill: Vec<u32>,
}

impl Raster {
    pub(crate) fn build(
        spec: &TableSpec,
        areas: &[Area],
        lines: &[Line],
        road_half_width: f64,
    ) -> Raster {
        let cell = inches(0.1);
        let nx = (spec.width_mm / cell).ceil() as usize;
        let ny = (spec.depth_mm / cell).ceil() as usize;
        let mut r = Raster {
            nx,
            ny,
            cell,
            flags: vec![0; nx * ny],
            hill: vec![0; nx * ny],
        };
        for (i, a) in areas.iter().enumerate() {
            let flag = match a.kind {
                AreaKind::House => HOUSE,
                AreaKind::Woods => WOODS,
                AreaKind::Swamp => SWAMP,
                AreaKind::Water => WATER,
                AreaKind::Hill => 0,
            };
            r.fill_polygon(&a.shape, |f, h| {
                *f |= flag;
                if a.kind == AreaKind::Hill {
                    *h = i as u32 + 1;
                }
            });
        }
        for l in lines.iter().filter(|l| l.kind == LineKind::Road) {
            for w in l.line.0.windows(2) {
                r.stamp_segment([w[0].x, w[0].y], [w[1].x, w[1].y], road_half_width);
            }
        }
        r
    }

    fn index(&self, p: TablePoint) -> Option<usize> {
        if !(p[0] >= 0.0 && p[1] >= 0.0) {
            return None;
        }
        let x = (p[0] / self.cell) as usize;
        let y = (p[1] / self.cell) as usize;
        (x < self.nx && y < self.ny).then(|| y * self.nx + x)
    }

    /// The flags and hill at `p` (nothing off the table).
    pub(crate) fn at(&self, p: TablePoint) -> (u8, Option<usize>) {
        match self.index(p) {
            Some(i) => (
                self.flags[i],
                self.hill[i].checked_sub(1).map(|h| h as usize),
            ),
            None => (0, None),
        }
    }

    fn centre(&self, x: usize, y: usize) -> TablePoint {
        [(x as f64 + 0.5) * self.cell, (y as f64 + 0.5) * self.cell]
    }

    /// Even–odd scanline fill of the polygon (holes included) at cell centres.
    fn fill_polygon(&mut self, poly: &Polygon<f64>, mut set: impl FnMut(&mut u8, &mut u32)) {
        let rings: Vec<&geo::LineString<f64>> = std::iter::once(poly.exterior())
            .chain(poly.interiors())
            .collect();
        let (mut y0, mut y1) = (f64::INFINITY, f64::NEG_INFINITY);
        for c in poly.exterior().0.iter() {
            y0 = y0.min(c.y);
            y1 = y1.max(c.y);
        }
        if !y0.is_finite() {
            return;
        }
        let row0 = ((y0 / self.cell - 0.5).ceil().max(0.0)) as usize;
        let row1 = ((y1 / self.cell - 0.5).floor()).min(self.ny as f64 - 1.0);
        if row1 < 0.0 {
            return;
        }
        let mut xs: Vec<f64> = Vec::new();
        for row in row0..=row1 as usize {
            let y = (row as f64 + 0.5) * self.cell;
            xs.clear();
            for ring in &rings {
                for w in ring.0.windows(2) {
                    let (a, b) = (w[0], w[1]);
                    if (a.y <= y) != (b.y <= y) {
                        xs.push(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x));
                    }
                }
            }
            xs.sort_by(f64::total_cmp);
            for pair in xs.chunks_exact(2) {
                let c0 = ((pair[0] / self.cell - 0.5).ceil().max(0.0)) as usize;
                let c1 = (pair[1] / self.cell - 0.5).floor();
                if c1 < 0.0 {
                    continue;
                }
                let c1 = (c1 as usize).min(self.nx - 1);
                for col in c0..=c1 {
                    let i = row * self.nx + col;
                    set(&mut self.flags[i], &mut self.hill[i]);
                }
            }
        }
    }

    fn stamp_segment(&mut self, a: TablePoint, b: TablePoint, r: f64) {
        let lo = |v: f64| ((v / self.cell - 0.5).ceil().max(0.0)) as usize;
        let hi =
            |v: f64, n: usize| ((v / self.cell - 0.5).floor().max(-1.0) as i64).min(n as i64 - 1);
        let (x0, x1) = (a[0].min(b[0]) - r, a[0].max(b[0]) + r);
        let (y0, y1) = (a[1].min(b[1]) - r, a[1].max(b[1]) + r);
        let (cx1, cy1) = (hi(x1, self.nx), hi(y1, self.ny));
        if cx1 < 0 || cy1 < 0 {
            return;
        }
        for y in lo(y0)..=cy1 as usize {
            for x in lo(x0)..=cx1 as usize {
                if dist_to_segment(self.centre(x, y), a, b) <= r {
                    self.flags[y * self.nx + x] |= ROAD;
                }
            }
        }
    }
}

/// Distance from `p` to the segment `a`→`b` on the table.
pub(crate) fn dist_to_segment(p: TablePoint, a: TablePoint, b: TablePoint) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    };
    (p[0] - a[0] - t * dx).hypot(p[1] - a[1] - t * dy)
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::LineString;

    #[test]
    fn cells_take_the_ground_under_their_centres() {
        let spec = TableSpec::OMOG;
        let sq = Polygon::new(
            LineString::from(vec![
                (100.0, 100.0),
                (200.0, 100.0),
                (200.0, 200.0),
                (100.0, 200.0),
                (100.0, 100.0),
            ]),
            vec![LineString::from(vec![
                (140.0, 140.0),
                (160.0, 140.0),
                (160.0, 160.0),
                (140.0, 160.0),
                (140.0, 140.0),
            ])],
        );
        let areas = vec![Area {
            kind: AreaKind::Woods,
            shape: sq,
            top: [150.0, 150.0],
            osm_id: 0,
        }];
        let lines = vec![Line {
            kind: LineKind::Road,
            line: LineString::from(vec![(0.0, 500.0), (600.0, 500.0)]),
            osm_id: 0,
        }];
        let r = Raster::build(&spec, &areas, &lines, 6.35);
        assert_eq!(r.at([110.0, 110.0]).0, WOODS);
        assert_eq!(r.at([150.0, 150.0]).0, 0, "the hole is not woods");
        assert_eq!(r.at([99.0, 150.0]).0, 0);
        assert_eq!(r.at([300.0, 505.0]).0, ROAD);
        assert_eq!(r.at([300.0, 510.0]).0, 0);
        assert_eq!(r.at([-1.0, 5.0]).0, 0);
    }
}
