//! Ships on the real map (RULINGS §10): ports and harbours, building sites, moves at sea, boarding,
//! landing, fights between Ships, and where a beaten Ship goes home.

use super::coins::{Coin, Piece};
use super::moves::{metres, refused};
use super::network::{dist, Disc};
use super::sea_reach::SeaReach;
use super::MapBoard;
use crate::map::Measure;
use crate::rules::check::{landing_destination, move_destination};
use crate::rules::command::{Land, Move};
use crate::rules::error::RuleError;
use crate::rules::ids::{MapPoint, PlayerId, SettlementId, UnitId};
use crate::rules::state::State;
use crate::rules::unit::{Location, Unit, UnitType, ATTACK_RADIUS, HARBOUR_REACH};
use std::sync::Arc;

/// The most road points [`MapBoard::landing_candidates`] spreads over the shore in reach.
const LANDING_SPREAD: usize = 32;

/// "A Guard", "An Invader": the kind with its article, to start a refusal.
fn a_unit(kind: UnitType) -> String {
    let name = kind.to_string();
    let article = if name.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "An"
    } else {
        "A"
    };
    format!("{article} {name}")
}

fn measure_name(m: Measure) -> &'static str {
    match m {
        Measure::CardLength => "a card's length",
        _ => "a card's breadth",
    }
}

impl MapBoard<'_> {
    /// Whether the map has ports at all: a game with seafaring needs at least one.
    pub fn has_ports(&self) -> bool {
        self.map.has_sea() && !self.map.ports().is_empty()
    }

    /// Whether `s` is a port in this game: seafaring is on and its place is a port of the map.
    pub fn port(&self, state: &State, s: SettlementId) -> bool {
        state.options().seafaring
            && state
                .settlement(s)
                .and_then(|s| self.map.places().get(s.place().0 as usize))
                .is_some_and(|p| p.port())
    }

    /// Ground metres within which a Ship is in harbour at a port.
    pub fn harbour_m(&self) -> f64 {
        self.m(HARBOUR_REACH)
    }

    /// The owner's ports a Ship lies in harbour at, nearest first.
    pub fn harbours_of(&self, state: &State, ship: UnitId) -> Vec<SettlementId> {
        let Some(u) = state.unit(ship) else {
            return Vec::new();
        };
        let Location::Sea(p) = u.at() else {
            return Vec::new();
        };
        let mut near: Vec<(f64, SettlementId)> = state
            .settlements()
            .filter(|s| s.owner() == u.owner() && self.port(state, s.id()))
            .map(|s| (dist(s.pos().to_m(), p.to_m()), s.id()))
            .filter(|(d, _)| *d <= self.harbour_m())
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        near.into_iter().map(|(_, s)| s).collect()
    }

    /// The sea point where a Ship built at port `s` is put.
    pub fn harbour_point(&self, state: &State, s: SettlementId) -> Result<MapPoint, RuleError> {
        let set = state.settlement(s).ok_or(RuleError::NoSuchSettlement(s))?;
        if !self.port(state, s) {
            return Err(refused(format!("{} is not a port.", set.name())));
        }
        let centre = set.pos().to_m();
        // §10 puts a new Ship on the nearest *sea* point, not up a river.
        let at = self
            .map
            .nearest_sea(centre)
            .filter(|q| dist(*q, centre) <= self.harbour_m())
            .ok_or_else(|| {
                refused(format!(
                    "{} has no sea within a 50p coin's width ({}): it is no port at this scale.",
                    set.name(),
                    metres(self.harbour_m())
                ))
            })?;
        Ok(MapPoint::from_m(at))
    }

    /// Enemy Ships' coins that can stop a Ship of `me`'s starting at `from`.
    fn sea_blockers(&self, state: &State, me: PlayerId, from: [f64; 2]) -> Vec<Coin> {
        self.blockers(state, me, from)
            .into_iter()
            .filter(|c| match c.piece {
                Piece::Unit(u) => state.unit(u).is_some_and(|u| u.kind() == UnitType::Ship),
                Piece::Settlement(_) => false,
            })
            .collect()
    }

    /// Where a Ship's move may take it now (its radius: card length empty, breadth loaded).
    pub fn sea_reach(&self, state: &State, ship: UnitId) -> Result<SeaReach, RuleError> {
        let u = state.unit(ship).ok_or(RuleError::NoSuchUnit(ship))?;
        let (start, measure) = self.ship_start(state, u)?;
        Ok(SeaReach::clone(&self.reach_from(
            state,
            u.owner(),
            start,
            self.m(measure),
            &[],
        )))
    }

    fn reach_from(
        &self,
        state: &State,
        me: PlayerId,
        start: [f64; 2],
        radius: f64,
        except: &[Piece],
    ) -> Arc<SeaReach> {
        let discs = self
            .sea_blockers(state, me, start)
            .into_iter()
            .filter(|c| !except.contains(&c.piece))
            .map(|c| c.disc)
            .collect();
        self.sea_grid(start, radius, discs)
    }

    /// [`SeaReach::compute`], remembered like the road reaches (`memo.rs`): a Ship's candidate
    /// moves and the check of each ask for the same grid round the same start.
    fn sea_grid(&self, start: [f64; 2], radius: f64, discs: Vec<Disc>) -> Arc<SeaReach> {
        let mut key = vec![start[0].to_bits(), start[1].to_bits(), radius.to_bits()];
        for d in &discs {
            key.extend([d.c[0].to_bits(), d.c[1].to_bits(), d.r.to_bits()]);
        }
        self.seas.get_or(key, || {
            Arc::new(SeaReach::compute(self.map, start, radius, discs))
        })
    }

    fn ship_start(&self, state: &State, u: &Unit) -> Result<([f64; 2], Measure), RuleError> {
        let Location::Sea(p) = u.at() else {
            return Err(refused(format!("{} does not sail.", a_unit(u.kind()))));
        };
        let carrying = !state.cargo(u.id()).is_empty();
        let measure = u
            .kind()
            .sea_move(carrying)
            .ok_or_else(|| refused(format!("{} does not sail.", a_unit(u.kind()))))?;
        Ok((p.to_m(), measure))
    }

    /// A Ship's move (RULINGS §10).
    pub(crate) fn sea_move(
        &self,
        state: &State,
        u: &Unit,
        mv: &Move,
    ) -> Result<Location, RuleError> {
        if mv.via.is_some() || mv.off_road {
            return Err(refused("A Ship makes one move over water.".into()));
        }
        let (start, measure) = self.ship_start(state, u)?;
        let to = mv.to.to_m();
        let radius = self.m(measure);
        let away = dist(start, to);
        if away > radius {
            let load = if measure == Measure::CardLength {
                "empty"
            } else {
                "loaded"
            };
            return Err(refused(format!(
                "That is {} away: a Ship moves {} ({}) when {load}.",
                metres(away),
                measure_name(measure),
                metres(radius)
            )));
        }
        if !self.map.is_water(to) {
            return Err(refused(
                "Ships stay on the water: that point is neither sea nor a navigable river.".into(),
            ));
        }
        let coins = self.sea_blockers(state, u.owner(), start);
        if let Some(c) = coins.iter().find(|c| c.disc.contains(to)) {
            return Err(refused(format!(
                "Blocked by {}: its coin covers that point.",
                self.label(state, c.piece)
            )));
        }
        if self
            .reach_from(state, u.owner(), start, radius, &[])
            .reaches(self.map, to)
        {
            return Ok(Location::Sea(MapPoint::from_m(to)));
        }
        let open = self.sea_grid(start, radius, Vec::new());
        if open.reaches(self.map, to) && !coins.is_empty() {
            let pieces: Vec<Piece> = coins.iter().map(|c| c.piece).collect();
            return Err(refused(format!(
                "Blocked by {}: no way over water to there.",
                self.labels(state, &pieces)
            )));
        }
        Err(refused(format!(
            "No way over water leads there within the Ship's circle ({}).",
            metres(radius)
        )))
    }

    /// A Ship attacking a Ship: within a card's breadth, over water, past no other enemy Ship.
    pub(crate) fn ship_attack_reach(
        &self,
        state: &State,
        attacker: &Unit,
        target: UnitId,
    ) -> Result<(), RuleError> {
        let Location::Sea(from) = attacker.at() else {
            return Err(refused("Only a Ship at sea attacks Ships.".into()));
        };
        let to = state
            .unit_pos(target)
            .ok_or(RuleError::NoSuchUnit(target))?
            .to_m();
        let name = self.label(state, Piece::Unit(target));
        let radius = self.m(ATTACK_RADIUS);
        let away = dist(from.to_m(), to);
        if away > radius {
            return Err(refused(format!(
                "{name} is {} away: Ships attack only within a card's breadth ({}).",
                metres(away),
                metres(radius)
            )));
        }
        // The target's coin is the destination (RULINGS §5); an enemy Ship's coin that covers
        // its centre lies at the destination, not on the way. (Counted as blocking, two Ships
        // lying a few hundred metres apart, coins overlapping, could never be attacked: Malta
        // games stood undecided for a hundred turns with a beaten player's last Ships so.)
        let mut stack: Vec<Piece> = state
            .stack_of(target)
            .into_iter()
            .map(Piece::Unit)
            .collect();
        stack.extend(
            self.sea_blockers(state, attacker.owner(), from.to_m())
                .into_iter()
                .filter(|c| c.disc.contains(to))
                .map(|c| c.piece),
        );
        let reach = self.reach_from(state, attacker.owner(), from.to_m(), radius, &stack);
        if reach.reaches(self.map, to) {
            Ok(())
        } else {
            Err(refused(format!(
                "No way over water to {name} within a card's breadth, or other Ships are in the way."
            )))
        }
    }

    /// The map's part of boarding (see [`Board::check_boarding`](crate::rules::Board)).
    pub(crate) fn boarding(
        &self,
        state: &State,
        unit: UnitId,
        ship: UnitId,
    ) -> Result<(), RuleError> {
        let u = state.unit(unit).ok_or(RuleError::NoSuchUnit(unit))?;
        let Location::Settlement(s) = u.at() else {
            return Err(refused(
                "Units board in harbour, from the port they stand in.".into(),
            ));
        };
        let set = state.settlement(s).ok_or(RuleError::NoSuchSettlement(s))?;
        if !self.port(state, s) {
            return Err(refused(format!("{} is not a port.", set.name())));
        }
        let at = state.unit_pos(ship).ok_or(RuleError::NoSuchUnit(ship))?;
        let away = at.distance_m(set.pos());
        if away > self.harbour_m() {
            return Err(refused(format!(
                "That Ship is not in harbour at {}: it lies {} off, and must be within a 50p \
                 coin's width ({}).",
                set.name(),
                metres(away),
                metres(self.harbour_m())
            )));
        }
        Ok(())
    }

    /// The map's part of landing (see [`Board::check_landing`](crate::rules::Board)).
    pub(crate) fn landing_ashore(
        &self,
        state: &State,
        unit: UnitId,
        to: MapPoint,
    ) -> Result<Location, RuleError> {
        let u = state.unit(unit).ok_or(RuleError::NoSuchUnit(unit))?;
        let Location::Aboard(ship) = u.at() else {
            return Err(refused(format!("Your {} is not aboard a Ship.", u.kind())));
        };
        let from = state
            .unit_pos(ship)
            .ok_or(RuleError::NoSuchUnit(ship))?
            .to_m();
        let p = to.to_m();
        let breadth = self.m(Measure::CardBreadth);
        let away = dist(from, p);
        if away > breadth {
            return Err(refused(format!(
                "That is {} from the Ship: units land within a card's breadth ({}).",
                metres(away),
                metres(breadth)
            )));
        }
        let me = u.owner();
        let own = state
            .settlements()
            .filter(|s| s.owner() == me)
            .map(|s| (dist(s.pos().to_m(), p), s))
            .filter(|(d, s)| *d <= self.coin_r(s.coin()))
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.id().cmp(&b.1.id())));
        let at = if let Some((_, s)) = own {
            Location::Settlement(s.id())
        } else if let Some(c) = self
            .enemy_coins(state, me)
            .iter()
            .find(|c| c.disc.contains(p))
        {
            return Err(refused(format!(
                "Blocked by {}: its coin covers that point.",
                self.label(state, c.piece)
            )));
        } else if let Some(spot) = self.road_spots(p, false).first() {
            Location::Road(MapPoint::from_m(spot.pos))
        } else if u.kind().off_road_move().is_some() && self.map.is_land(p) {
            Location::OffRoad(to)
        } else if u.kind().off_road_move().is_some() {
            return Err(refused("That point is not on land.".into()));
        } else {
            return Err(refused(format!(
                "{} lands on a major road or in one of your settlements.",
                a_unit(u.kind())
            )));
        };
        let end = match at {
            Location::Settlement(s) => state.settlement(s).map_or(p, |s| s.pos().to_m()),
            Location::Road(q) | Location::OffRoad(q) => q.to_m(),
            _ => p,
        };
        let except: Vec<Piece> = match at {
            Location::Settlement(s) => vec![Piece::Settlement(s)],
            _ => Vec::new(),
        };
        self.straight_clear(state, me, from, end, &except)?;
        Ok(at)
    }

    /// The harbour point of the owner's port nearest a beaten Ship, if it has any port.
    pub(crate) fn home_port(&self, state: &State, ship: UnitId) -> Option<MapPoint> {
        let u = state.unit(ship)?;
        let from = state.unit_pos(ship)?;
        let mut ports: Vec<(f64, SettlementId)> = state
            .settlements()
            .filter(|s| s.owner() == u.owner() && self.port(state, s.id()))
            .map(|s| (s.pos().distance_m(from), s.id()))
            .collect();
        ports.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        ports
            .into_iter()
            .find_map(|(_, s)| self.harbour_point(state, s).ok())
    }

    /// Places to go ashore: the owner's settlements and the road points nearest every place
    /// within a card's breadth of the Ship, the road point nearest the Ship itself, and a spread
    /// of points along the major roads within that breadth ([`MapBoard::road_spread`]).
    /// Without the spread the few points offered could all lie under one enemy coin: on Malta a
    /// wave of eight loaded Ships lay off a fortified village for sixty turns, every landing
    /// the list offered covered by the fortification, while the road ran on to open shore.
    pub(crate) fn landing_candidates(&self, state: &State, unit: UnitId) -> Vec<MapPoint> {
        let Some((Location::Aboard(ship), owner)) = state.unit(unit).map(|u| (u.at(), u.owner()))
        else {
            return Vec::new();
        };
        let Some(from) = state.unit_pos(ship).map(|p| p.to_m()) else {
            return Vec::new();
        };
        let breadth = self.m(Measure::CardBreadth);
        let mut ideas: Vec<[f64; 2]> = Vec::new();
        ideas.extend(self.map.nearest_road_point(from).map(|rp| rp.pos));
        for place in self.map.places_within(from, breadth) {
            let pos = self.map.place(place).pos();
            ideas.push(pos);
            ideas.extend(self.map.nearest_road_point(pos).map(|rp| rp.pos));
        }
        ideas.extend(self.road_spread(from, breadth));
        let mut out: Vec<MapPoint> = Vec::new();
        for p in ideas {
            let p = MapPoint::from_m(p);
            let land = Land { unit, to: p };
            // The engine's whole check of a landing (moved already, aboard, phase), not only
            // the map's part: the list offers what the rules accept.
            if !out.contains(&p) && landing_destination(state, self, owner, &land).is_ok() {
                out.push(p);
            }
        }
        out
    }

    /// Points on the major roads within `r` of `from`: along each segment's stretch inside the
    /// disc, its point nearest `from` and others a tenth of `r` apart either side; kept nearest
    /// first, none within a tenth of `r` of one kept before, at most [`LANDING_SPREAD`].
    fn road_spread(&self, from: [f64; 2], r: f64) -> Vec<[f64; 2]> {
        let gap = r / 10.0;
        let mut pts: Vec<(f64, [f64; 2])> = Vec::new();
        for (edge, seg) in self.map.segments_in_disc(from, r) {
            let line = self.map.roads().edge(edge).points();
            let (a, b) = (line[seg as usize], line[seg as usize + 1]);
            let (d, near) = super::network::closest_on_segment(from, a, b);
            let len = dist(a, b);
            if d > r || len <= 0.0 {
                continue;
            }
            let dir = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
            let at = dist(a, near);
            // Half the chord the disc cuts from the segment's line.
            let half = (r * r - d * d).max(0.0).sqrt();
            let steps = (half / gap).floor() as i32;
            for k in -steps..=steps {
                let t = at + f64::from(k) * gap;
                if (0.0..=len).contains(&t) {
                    let p = [a[0] + dir[0] * t, a[1] + dir[1] * t];
                    pts.push((dist(from, p), p));
                }
            }
        }
        pts.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1[0].total_cmp(&b.1[0])));
        let mut kept: Vec<[f64; 2]> = Vec::new();
        for (_, p) in pts {
            if kept.len() >= LANDING_SPREAD {
                break;
            }
            if kept.iter().all(|q| dist(*q, p) >= gap) {
                kept.push(p);
            }
        }
        kept
    }

    /// A spread of a Ship's legal moves: the farthest water in sixteen directions, and the water
    /// nearest every port within reach (where landings and boardings happen).
    pub(crate) fn ship_candidates(&self, state: &State, ship: UnitId) -> Vec<Move> {
        let (Some(owner), Ok(reach)) = (
            state.unit(ship).map(|u| u.owner()),
            self.sea_reach(state, ship),
        ) else {
            return Vec::new();
        };
        let pts = reach.points();
        if pts.is_empty() {
            return Vec::new();
        }
        let mut ideas: Vec<[f64; 2]> = Vec::new();
        for k in 0..16 {
            let a = k as f64 * std::f64::consts::PI / 8.0;
            let dir = [a.cos(), a.sin()];
            let best = pts.iter().max_by(|p, q| {
                let f = |p: &[f64; 2]| {
                    (p[0] - reach.start[0]) * dir[0] + (p[1] - reach.start[1]) * dir[1]
                };
                f(p).total_cmp(&f(q))
            });
            ideas.extend(best.copied());
        }
        let near = reach.radius + self.harbour_m();
        for place in self.map.places_within(reach.start, near) {
            let pos = self.map.place(place).pos();
            if !self.map.place(place).port() {
                continue;
            }
            let best = pts
                .iter()
                .min_by(|p, q| dist(**p, pos).total_cmp(&dist(**q, pos)));
            ideas.extend(best.copied());
        }
        let mut out: Vec<Move> = Vec::new();
        for p in ideas {
            let mv = Move {
                unit: ship,
                to: MapPoint::from_m(p),
                via: None,
                off_road: false,
            };
            if !out.contains(&mv) && move_destination(state, self, owner, &mv).is_ok() {
                out.push(mv);
            }
        }
        out
    }
}

/// The connected part of the road network each road node belongs to, named by its lowest node
/// index (so the answer does not depend on the order edges are visited).
pub(super) fn road_groups(map: &crate::map::GameMap) -> Vec<u32> {
    let roads = map.roads();
    let mut parent: Vec<u32> = (0..roads.nodes().len() as u32).collect();
    fn root(parent: &mut [u32], mut i: u32) -> u32 {
        while parent[i as usize] != i {
            let up = parent[parent[i as usize] as usize];
            parent[i as usize] = up;
            i = up;
        }
        i
    }
    for e in roads.edges() {
        let (a, b) = (root(&mut parent, e.from().0), root(&mut parent, e.to().0));
        // The lower index becomes the root, so every group is named by its lowest node.
        let (lo, hi) = (a.min(b), a.max(b));
        parent[hi as usize] = lo;
    }
    (0..parent.len() as u32)
        .map(|i| root(&mut parent, i))
        .collect()
}
