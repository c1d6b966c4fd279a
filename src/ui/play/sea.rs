//! Seafaring on the game screen (RULINGS §10): ports marked with an anchor, Ships as 50p coins
//! with the units aboard on their rim, the selected Ship's reach at sea, and the aims of a Ship's
//! move, a landing and a boarding. Every verdict is the engine's: [`check`] on the command the
//! click would send, the reach from [`MapBoard::sea_reach`](crate::rules::MapBoard::sea_reach),
//! the landing spots from [`Board::candidate_landings`].

use std::collections::BTreeSet;

use macroquad::color::{Color, BLACK, WHITE};
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line, draw_rectangle};

use super::pick::{Aim, Stack, CARGO_PX};
use super::pieces::{map_text, map_text_w, spent, REACH, REACH_EDGE};
use super::Play;
use crate::map::GameMap;
use crate::rules::map_board::SeaReach;
use crate::rules::{
    check, Board, BoardShip, Command, Land, Location, MapPoint, Move, Phase, RuleError, UnitId,
    UnitType,
};
use crate::ui::widgets::{colour_of, Ui};

/// The sea a Ship reaches: a wash of green over the water, lighter than a road's reach.
const SEA_REACH: Color = Color::new(0.30, 0.82, 0.10, 0.30);
/// The anchor of a port.
const ANCHOR: Color = Color::new(0.05, 0.20, 0.45, 1.0);

impl Play {
    /// Whether `u` is a Ship.
    pub(super) fn is_ship(&self, u: UnitId) -> bool {
        self.game
            .state()
            .unit(u)
            .is_some_and(|x| x.kind() == UnitType::Ship)
    }

    /// Forget the selected unit's reach, at sea and ashore.
    pub(super) fn clear_reach(&mut self) {
        self.reach = None;
        self.sea_reach = None;
        self.landings.clear();
    }

    /// The selected unit's reach in the main phase, from the engine: along the roads for a land
    /// unit, over the water for a Ship, and the spots to land on for a unit aboard.
    pub(super) fn refresh_reach(&mut self) {
        self.clear_reach();
        let state = self.game.state();
        let Some(u) = self.selected.filter(|_| state.phase() == Phase::Main) else {
            return;
        };
        let Some(unit) = state.unit(u) else { return };
        match unit.at() {
            Location::Sea(_) => {
                self.sea_reach = self
                    .rules_board
                    .sea_reach(state, u)
                    .ok()
                    .map(|r| SeaWash::of(self.map, r));
            }
            Location::Aboard(_) => {
                self.landings = self.rules_board.candidate_landings(state, u);
            }
            _ => self.reach = self.rules_board.reach(state, u).ok(),
        }
    }

    /// A Ship's move to the point under the pointer, as the engine judges it.
    pub(super) fn ship_aim(&self, ship: UnitId, world: [f64; 2]) -> Aim {
        let cmd = Command::Move(Move {
            unit: ship,
            to: MapPoint::from_m(world),
            via: None,
            off_road: false,
        });
        Aim {
            world,
            snapped: false,
            verdict: check(self.game.state(), &self.rules_board, &cmd).map(|()| cmd),
        }
    }

    /// Going ashore at `to`, as the engine judges it.
    pub(super) fn landing_verdict(&self, unit: UnitId, to: MapPoint) -> Result<Command, RuleError> {
        let cmd = Command::Land(Land { unit, to });
        check(self.game.state(), &self.rules_board, &cmd).map(|()| cmd)
    }

    /// Going aboard the Ship of stack `st`: `None` unless the stack is a Ship's and `unit` a land
    /// unit not already on it (then a click on it selects, as on any stack of one's own).
    pub(super) fn boarding_aim(&self, unit: UnitId, st: &Stack) -> Option<Aim> {
        let state = self.game.state();
        let ship = *st.units.first()?;
        let u = state.unit(unit)?;
        if !self.is_ship(ship)
            || u.kind() == UnitType::Ship
            || matches!(u.at(), Location::Aboard(_))
        {
            return None;
        }
        let cmd = Command::BoardShip(BoardShip { unit, ship });
        Some(Aim {
            world: state.unit_pos(ship)?.to_m(),
            snapped: true,
            verdict: check(state, &self.rules_board, &cmd).map(|()| cmd),
        })
    }

    /// The selected Ship's reach (the engine's, as [`SeaWash`] squares) and its circle; the
    /// spots a unit aboard may land on.
    pub(super) fn draw_sea_reach(&self) {
        let v = self.view.view();
        if let Some(w) = &self.sea_reach {
            for &[x, y, side] in &w.squares {
                let h = side / 2.0;
                // Edges on whole pixels, rounded alike, so neighbouring squares meet exactly:
                // the wash is translucent, and an overlap or a gap would show as a grid.
                let a = v.to_screen([x - h, y + h]).map(f32::round);
                let b = v.to_screen([x + h, y - h]).map(f32::round);
                let (x0, y0) = (a[0].min(b[0]), a[1].min(b[1]));
                let (w, h) = ((b[0] - a[0]).abs(), (b[1] - a[1]).abs());
                if w > 0.0 && h > 0.0 {
                    draw_rectangle(x0, y0, w, h, SEA_REACH);
                }
            }
            let r = &w.reach;
            let c = v.to_screen(r.start);
            draw_circle_lines(c[0], c[1], (r.radius * v.ppm) as f32, 1.5, REACH_EDGE);
        }
        for p in &self.landings {
            let q = self.px(*p);
            draw_circle(q[0], q[1], 5.0, REACH);
            draw_circle_lines(q[0], q[1], 5.5, 1.5, REACH_EDGE);
        }
    }

    /// An anchor beside every port of the map, whether or not the game is played with Ships:
    /// the ports are part of the map (a modder marks them), and a player choosing the option, or
    /// a modder checking a package, needs to see where they are.
    pub(super) fn draw_ports(&self) {
        let r = self.coin_px(crate::map::Measure::Coin1p).max(8.0);
        for place in self.map.ports() {
            let p = self.view.view().to_screen(self.map.place(place).pos());
            anchor([p[0] - r - 8.0, p[1] + r + 4.0], 7.0);
        }
    }

    /// A Ship's stack: the 50p coin with an anchor, and a small lettered coin per unit aboard.
    pub(super) fn draw_ship_stack(&self, ui: &Ui, st: &Stack) {
        let state = self.game.state();
        let ship = st.units[0];
        let base = colour_of(state.player(st.owner).colour());
        let p = st.at;
        let active = self.can_act(ship);
        draw_circle(p[0], p[1], st.r, if active { base } else { spent(base) });
        let ring = if self.selected == Some(ship) {
            4.0
        } else {
            1.8
        };
        draw_circle_lines(p[0], p[1], st.r, ring, BLACK);
        anchor([p[0], p[1] + 1.0], (st.r * 0.55).min(10.0));
        for (u, c) in &st.cargo {
            let Some(x) = state.unit(*u) else { continue };
            let fill = if self.can_act(*u) { base } else { spent(base) };
            draw_circle(c[0], c[1], CARGO_PX, fill);
            let w = if self.selected == Some(*u) { 3.0 } else { 1.2 };
            draw_circle_lines(c[0], c[1], CARGO_PX, w, BLACK);
            let letter = &x.kind().name()[..1];
            let lw = map_text_w(ui, letter, 11, true);
            map_text(ui, letter, c[0] - lw / 2.0, c[1] + 4.0, 11, true, BLACK);
        }
    }
}

/// Sub-squares along a side of an engine grid cell where the reach meets the shore, the circle
/// or an enemy coin.
const FINE: i64 = 5;

/// A Ship's reach at sea as squares to paint: the engine's grid cells whose neighbours are all
/// reached, whole; along the reach's edge (reached cells with an unreached neighbour, and those
/// neighbours), sub-squares a fifth of a cell wide, each painted when the engine's own
/// [`SeaReach::reaches`] says the Ship may end there. So the wash follows the coast and the
/// circle closely instead of in cell-sized steps, and every painted point is one the move check
/// accepts: this is the same reach, sampled finer, never a second computation of it.
pub(super) struct SeaWash {
    /// The engine's reach.
    pub(super) reach: SeaReach,
    /// `[x, y, side]` in metres: square centres and sides.
    squares: Vec<[f64; 3]>,
}

impl SeaWash {
    fn of(map: &GameMap, reach: SeaReach) -> SeaWash {
        let cell = reach.cell;
        let o = [reach.start[0] - reach.radius, reach.start[1] - reach.radius];
        let key = |p: [f64; 2]| {
            (
                ((p[0] - o[0]) / cell - 0.5).round() as i64,
                ((p[1] - o[1]) / cell - 0.5).round() as i64,
            )
        };
        let at =
            |i: i64, j: i64, f: f64| [o[0] + (i as f64 + f) * cell, o[1] + (j as f64 + f) * cell];
        let reached: BTreeSet<(i64, i64)> = reach.points().into_iter().map(key).collect();
        let around = |(i, j): (i64, i64)| {
            (-1..=1).flat_map(move |dj| (-1..=1).map(move |di| (i + di, j + dj)))
        };
        let mut squares = Vec::new();
        let mut edge = BTreeSet::new();
        let mut whole = BTreeSet::new();
        for &c in &reached {
            if around(c).all(|n| reached.contains(&n)) {
                let p = at(c.0, c.1, 0.5);
                squares.push([p[0], p[1], cell]);
                whole.insert(c);
            } else {
                edge.extend(around(c));
            }
        }
        let fine = cell / FINE as f64;
        // A whole cell next to the edge is painted once: the wash is translucent.
        for (i, j) in edge.difference(&whole).copied() {
            for sj in 0..FINE {
                for si in 0..FINE {
                    let p = [
                        o[0] + i as f64 * cell + (si as f64 + 0.5) * fine,
                        o[1] + j as f64 * cell + (sj as f64 + 0.5) * fine,
                    ];
                    if reach.reaches(map, p) {
                        squares.push([p[0], p[1], fine]);
                    }
                }
            }
        }
        SeaWash { reach, squares }
    }
}

/// An anchor `h` pixels from its middle to its crown, on a white halo so it reads on water and
/// on land alike.
fn anchor(c: [f32; 2], h: f32) {
    for (col, w) in [(WHITE, 4.0), (ANCHOR, 1.8)] {
        let (x, y) = (c[0], c[1]);
        // Shank, stock, and the two arms of the crown.
        draw_line(x, y - h * 0.75, x, y + h, w, col);
        draw_line(
            x - h * 0.45,
            y - h * 0.35,
            x + h * 0.45,
            y - h * 0.35,
            w,
            col,
        );
        draw_line(x, y + h, x - h * 0.75, y + h * 0.35, w, col);
        draw_line(x, y + h, x + h * 0.75, y + h * 0.35, w, col);
        draw_circle_lines(x, y - h * 0.95, h * 0.22, w * 0.7, col);
    }
}
