//! Routes to the objective over the battlefield's own ground: a distance field on a half-inch
//! grid, found once per battlefield by Dijkstra from the objective, whose steps are the paths
//! the battlefield's [`Battlefield::survey`] allows — round water, over rivers only where the
//! battlefield has a bridge or a ford — priced by the ground they cross (roads quick, swamp
//! slow, a ford or a wall a little dearer). A bot reading it walks round a river to its bridge
//! instead of standing on the bank.

use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::rc::Rc;

use crate::tactical::battlefield::Battlefield;
use crate::tactical::sight::{Crossed, Footing};
use crate::tactical::table::{distance, inches, TablePoint};

/// Grid pitch: half an inch, finer than a figure's base.
const CELL_MM: f64 = 12.7;

/// The distance field of one battlefield.
#[derive(Debug)]
pub struct Routes {
    nx: usize,
    ny: usize,
    /// Cost in table millimetres (weighted by ground) from each cell to the objective;
    /// infinite where the objective cannot be reached.
    cost: Vec<f64>,
    /// A fingerprint of the battlefield the field was made for.
    key: (String, [u64; 2], usize, usize, bool),
}

fn key_of(field: &Battlefield) -> (String, [u64; 2], usize, usize, bool) {
    (
        field.place_name.clone(),
        [field.objective[0].to_bits(), field.objective[1].to_bits()],
        field.areas.len(),
        field.lines.len(),
        field.fortified,
    )
}

fn ground_factor(f: &Footing) -> f64 {
    if f.swamp {
        2.0
    } else if f.road {
        0.7
    } else if f.woods || f.house {
        1.2
    } else {
        1.0
    }
}

thread_local! {
    // Each auto-resolve thread plays many battles on one battlefield: keep the last few fields.
    static CACHE: RefCell<Vec<Rc<Routes>>> = const { RefCell::new(Vec::new()) };
}

impl Routes {
    /// The routes of `field`, made once per thread and battlefield.
    pub fn of(field: &Battlefield) -> Rc<Routes> {
        let key = key_of(field);
        CACHE.with(|c| {
            if let Some(r) = c.borrow().iter().find(|r| r.key == key) {
                return r.clone();
            }
            let r = Rc::new(Routes::build(field));
            let mut c = c.borrow_mut();
            if c.len() >= 4 {
                c.remove(0);
            }
            c.push(r.clone());
            r
        })
    }

    fn centre(&self, x: usize, y: usize) -> TablePoint {
        [(x as f64 + 0.5) * CELL_MM, (y as f64 + 0.5) * CELL_MM]
    }

    fn cell(&self, p: TablePoint) -> Option<(usize, usize)> {
        if !(p[0] >= 0.0 && p[1] >= 0.0) {
            return None;
        }
        let (x, y) = ((p[0] / CELL_MM) as usize, (p[1] / CELL_MM) as usize);
        (x < self.nx && y < self.ny).then_some((x, y))
    }

    /// Build the field: Dijkstra from every cell within an inch of the objective.
    pub fn build(field: &Battlefield) -> Routes {
        let nx = (field.spec.width_mm / CELL_MM).ceil() as usize;
        let ny = (field.spec.depth_mm / CELL_MM).ceil() as usize;
        let mut r = Routes {
            nx,
            ny,
            cost: vec![f64::INFINITY; nx * ny],
            key: key_of(field),
        };
        let mut heap = BinaryHeap::new();
        for y in 0..ny {
            for x in 0..nx {
                let c = r.centre(x, y);
                if distance(c, field.objective) <= inches(1.0)
                    && field.raster.at(c).0 & crate::tactical::raster::WATER == 0
                {
                    r.cost[y * nx + x] = 0.0;
                    heap.push((Reverse(0u64), x, y));
                }
            }
        }
        while let Some((Reverse(d), x, y)) = heap.pop() {
            let d = d as f64 / 1000.0;
            if d > r.cost[y * nx + x] {
                continue;
            }
            let here = r.centre(x, y);
            for (dx, dy) in [
                (-1i64, 0i64),
                (1, 0),
                (0, -1),
                (0, 1),
                (-1, -1),
                (1, 1),
                (-1, 1),
                (1, -1),
            ] {
                let (qx, qy) = (x as i64 + dx, y as i64 + dy);
                if qx < 0 || qy < 0 || qx >= nx as i64 || qy >= ny as i64 {
                    continue;
                }
                let (qx, qy) = (qx as usize, qy as usize);
                let there = r.centre(qx, qy);
                // The step is walked from there to here: the way a piece will go.
                let Ok(s) = field.survey(&[there, here]) else {
                    continue;
                };
                let mut step: f64 = s
                    .legs
                    .iter()
                    .map(|l| l.len * ground_factor(&l.footing))
                    .sum();
                for (_, c) in &s.crossed {
                    step += match c {
                        Crossed::Ford => inches(1.0),
                        Crossed::Wall(_) => inches(0.5),
                        _ => 0.0,
                    };
                }
                let nd = d + step;
                if nd < r.cost[qy * nx + qx] {
                    r.cost[qy * nx + qx] = nd;
                    heap.push((Reverse((nd * 1000.0) as u64), qx, qy));
                }
            }
        }
        r
    }

    /// The ground-weighted distance from `p` to the objective (infinite if it cannot be
    /// reached), read at the nearest reachable cell within half an inch.
    pub fn dist(&self, p: TablePoint) -> f64 {
        let Some((x, y)) = self.cell(p) else {
            return f64::INFINITY;
        };
        let mut best = f64::INFINITY;
        for (dx, dy) in [(0i64, 0i64), (-1, 0), (1, 0), (0, -1), (0, 1)] {
            let (qx, qy) = (x as i64 + dx, y as i64 + dy);
            if qx < 0 || qy < 0 || qx >= self.nx as i64 || qy >= self.ny as i64 {
                continue;
            }
            let c = self.cost[qy as usize * self.nx + qx as usize];
            let extra = if dx == 0 && dy == 0 { 0.0 } else { CELL_MM };
            best = best.min(c + extra);
        }
        best
    }

    /// Whether the objective can be reached from `p`.
    pub fn reaches(&self, p: TablePoint) -> bool {
        self.dist(p).is_finite()
    }

    /// The point `reach` along the best route from `p` towards the objective (the objective
    /// itself if it is nearer), or `None` if there is no route.
    pub fn waypoint(&self, p: TablePoint, reach: f64) -> Option<TablePoint> {
        let (mut x, mut y) = self.cell(p)?;
        if !self.cost[y * self.nx + x].is_finite() {
            // Standing on an unreachable cell (a house wall, a bank): start from the best
            // neighbour.
            let (nx, ny) = self.best_neighbour(x, y)?;
            x = nx;
            y = ny;
        }
        let mut walked = 0.0;
        let mut at = self.centre(x, y);
        while walked < reach && self.cost[y * self.nx + x] > 0.0 {
            let Some((nx, ny)) = self.best_neighbour(x, y) else {
                break;
            };
            if self.cost[ny * self.nx + nx] >= self.cost[y * self.nx + x] {
                break;
            }
            let next = self.centre(nx, ny);
            walked += distance(at, next);
            at = next;
            x = nx;
            y = ny;
        }
        Some(at)
    }

    fn best_neighbour(&self, x: usize, y: usize) -> Option<(usize, usize)> {
        let mut best: Option<(f64, usize, usize)> = None;
        for dy in -1i64..=1 {
            for dx in -1i64..=1 {
                let (qx, qy) = (x as i64 + dx, y as i64 + dy);
                if (dx, dy) == (0, 0)
                    || qx < 0
                    || qy < 0
                    || qx >= self.nx as i64
                    || qy >= self.ny as i64
                {
                    continue;
                }
                let c = self.cost[qy as usize * self.nx + qx as usize];
                if c.is_finite() && best.is_none_or(|b| c < b.0) {
                    best = Some((c, qx as usize, qy as usize));
                }
            }
        }
        best.map(|b| (b.1, b.2))
    }
}

impl Routes {
    /// The share (0–1) of dry ground within `depth` of the attacker's edge — where the attacker
    /// deploys — from which the objective can be reached: 0 is a battlefield the attacker
    /// cannot win (RULINGS §9 calls that a bug).
    pub fn attacker_reach(&self, field: &Battlefield, depth: f64) -> f64 {
        let (mut dry, mut reach) = (0usize, 0usize);
        for y in 0..self.ny {
            for x in 0..self.nx {
                let c = self.centre(x, y);
                if !field.attacker_edge.zone_contains(&field.spec, c, depth)
                    || field.raster.at(c).0 & crate::tactical::raster::WATER != 0
                {
                    continue;
                }
                dry += 1;
                reach += usize::from(self.cost[y * self.nx + x].is_finite());
            }
        }
        reach as f64 / dry.max(1) as f64
    }
}
