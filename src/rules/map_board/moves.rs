//! Moves (RULINGS §4) and attack reach (§5) on the real map.

use super::coins::{Coin, Piece};
use super::network::{dist, segment_in_disc, Disc, Network, Query, Source};
use super::MapBoard;
use crate::map::{EdgeId, Measure, RoadClass};
use crate::rules::command::Move;
use crate::rules::error::RuleError;
use crate::rules::ids::{MapPoint, PlayerId, SettlementId};
use crate::rules::state::State;
use crate::rules::unit::{Location, Unit, UnitType};

/// Where a unit's move begins: the centre of its circle, and where its road path starts: the
/// points of road it stands on, or the coin it is in (its settlement's, or its own off road).
#[derive(Debug, Clone)]
pub(crate) struct Start {
    pub(crate) centre: [f64; 2],
    pub(crate) coin: Option<Disc>,
    pub(crate) on: Vec<(EdgeId, f64)>,
}

impl Start {
    /// A unit standing on a road at `centre`.
    pub(crate) fn on_road(b: &MapBoard, centre: [f64; 2]) -> Start {
        Start {
            centre,
            coin: None,
            on: b.standing_on(centre),
        }
    }

    /// Where the network search begins.
    pub(crate) fn source(&self) -> Source<'_> {
        match self.coin {
            Some(d) => Source::Disc(d),
            None => Source::On(&self.on),
        }
    }
}

/// A point on a major road near a destination.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Spot {
    pub(crate) edge: EdgeId,
    pub(crate) along: f64,
    pub(crate) pos: [f64; 2],
}

/// What a destination means.
pub(crate) enum Landing {
    /// Into one of the mover's settlements.
    Settlement(SettlementId, Disc),
    /// Onto a road: candidate road points, nearest first.
    Road(Vec<Spot>),
}

/// "850 m" or "1.59 km".
pub(crate) fn metres(m: f64) -> String {
    if m >= 1000.0 {
        format!("{:.2} km", m / 1000.0)
    } else {
        format!("{m:.0} m")
    }
}

fn measure_name(m: Measure) -> &'static str {
    match m {
        Measure::CardLength => "a card's length",
        _ => "a card's breadth",
    }
}

pub(crate) fn refused(msg: String) -> RuleError {
    RuleError::Refused(msg)
}

impl MapBoard<'_> {
    pub(crate) fn start_of(&self, state: &State, unit: &Unit) -> Result<Start, RuleError> {
        let pos = state
            .unit_pos(unit.id())
            .ok_or(RuleError::NoSuchUnit(unit.id()))?
            .to_m();
        let r = match unit.at() {
            Location::Road(_) => return Ok(Start::on_road(self, pos)),
            Location::Settlement(s) => state
                .settlement(s)
                .map_or(self.snap_m(), |s| self.coin_r(s.coin())),
            Location::OffRoad(_) | Location::Sea(_) => self.coin_r(unit.kind().coin()),
            Location::Aboard(_) => self.coin_r(crate::map::Measure::Coin50p),
        };
        Ok(Start {
            centre: pos,
            coin: Some(Disc { c: pos, r }),
            on: Vec::new(),
        })
    }

    /// Enemy coins that can stop a mover starting at `from`: all but those already covering it.
    pub(crate) fn blockers(&self, state: &State, me: PlayerId, from: [f64; 2]) -> Vec<Coin> {
        let mut coins = self.enemy_coins(state, me);
        coins.retain(|c| !c.disc.contains(from));
        coins
    }

    /// Road points within the snapping distance of `to`, nearest first.
    pub(crate) fn road_spots(&self, to: [f64; 2], motorway_only: bool) -> Vec<Spot> {
        let snap = self.snap_m();
        let mut spots: Vec<(f64, Spot)> = Vec::new();
        for (edge_id, seg) in self.map.segments_in_disc(to, snap) {
            let edge = self.map.roads().edge(edge_id);
            if motorway_only && edge.class() != RoadClass::M {
                continue;
            }
            let pts = edge.points();
            let (a, b) = (pts[seg as usize], pts[seg as usize + 1]);
            let (_, pos) = super::network::closest_on_segment(to, a, b);
            let along = self.offsets_of(edge_id)[seg as usize] + dist(a, pos);
            spots.push((
                dist(to, pos),
                Spot {
                    edge: edge_id,
                    along,
                    pos,
                },
            ));
        }
        spots.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.edge.cmp(&b.1.edge)));
        spots.into_iter().map(|(_, s)| s).collect()
    }

    /// What ending at `to` would mean for `me`'s unit, or why it cannot end there.
    pub(crate) fn landing(
        &self,
        state: &State,
        me: PlayerId,
        to: [f64; 2],
        motorway_only: bool,
    ) -> Result<Landing, RuleError> {
        if !motorway_only {
            let own = state
                .settlements()
                .filter(|s| s.owner() == me)
                .map(|s| (dist(s.pos().to_m(), to), s))
                .filter(|(d, s)| *d <= self.coin_r(s.coin()))
                .min_by(|a, b| a.0.total_cmp(&b.0));
            if let Some((_, s)) = own {
                let disc = Disc {
                    c: s.pos().to_m(),
                    r: self.coin_r(s.coin()),
                };
                return Ok(Landing::Settlement(s.id(), disc));
            }
        }
        if let Some(c) = self
            .enemy_coins(state, me)
            .iter()
            .find(|c| c.disc.contains(to))
        {
            return Err(refused(format!(
                "Blocked by {}: its coin covers that point.",
                self.label(state, c.piece)
            )));
        }
        let spots = self.road_spots(to, motorway_only);
        if spots.is_empty() {
            return Err(if motorway_only {
                refused("That point is not on the motorway.".into())
            } else {
                RuleError::BadLanding
            });
        }
        Ok(Landing::Road(spots))
    }

    /// Where a landing ends if `net` reaches it inside the circle: a settlement, or the road
    /// spot the unit is set down on.
    fn reached(
        &self,
        net: &Network,
        landing: &Landing,
        circle: &Disc,
    ) -> Option<(Location, Option<Spot>)> {
        match landing {
            Landing::Settlement(s, disc) => (circle.contains(disc.c)
                && self.reaches_disc(net, disc))
            .then_some((Location::Settlement(*s), None)),
            Landing::Road(spots) => spots.iter().find_map(|s| {
                if !circle.contains(s.pos) {
                    return None;
                }
                let (lo, hi) = net.reachable_around(s.edge, s.along)?;
                let spot = self.set_down(*s, lo, hi, circle);
                Some((Location::Road(MapPoint::from_m(spot.pos)), Some(spot)))
            }),
        }
    }

    /// One leg along roads from `start` inside a circle of `radius`, to a landing: where it
    /// ends, and the road spot it ends on (none in a settlement).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn road_leg(
        &self,
        state: &State,
        kind: UnitType,
        measure: Measure,
        start: &Start,
        coins: &[Coin],
        landing: &Landing,
        motorway_only: bool,
    ) -> Result<(Location, Option<Spot>), RuleError> {
        let radius = self.m(measure);
        let circle = Disc {
            c: start.centre,
            r: radius,
        };
        let discs: Vec<Disc> = coins.iter().map(|c| c.disc).collect();
        let q = Query {
            circle,
            blockers: &discs,
            source: start.source(),
            motorway_only,
        };
        let net = self.net(&q);
        if let Some(end) = self.reached(&net, landing, &circle) {
            return Ok(end);
        }
        let goal = match landing {
            Landing::Settlement(_, d) => d.c,
            Landing::Road(spots) => spots[0].pos,
        };
        let away = dist(start.centre, goal);
        if away > radius {
            return Err(refused(format!(
                "Out of reach: that is {} away, and a {kind} moves at most {} ({}) along roads.",
                metres(away),
                measure_name(measure),
                metres(radius)
            )));
        }
        if !net.spans.iter().any(|s| s.reachable) && coins.iter().all(|c| !c.disc.contains(goal)) {
            let free = self.net(&Query { blockers: &[], ..q });
            if !free.spans.iter().any(|s| s.reachable) {
                return Err(refused(format!(
                    "Your {kind} is not on {}.",
                    if motorway_only {
                        "the motorway"
                    } else {
                        "a major road"
                    }
                )));
            }
        }
        let culprits = self.culprits(&net, &q, |n| self.reached(n, landing, &circle).is_some());
        if culprits.is_empty() {
            return Err(refused(format!(
                "No {} leads there without leaving the {kind}'s circle ({} round its start).",
                if motorway_only {
                    "motorway"
                } else {
                    "major road"
                },
                metres(radius)
            )));
        }
        let pieces: Vec<Piece> = culprits.iter().map(|&i| coins[i].piece).collect();
        Err(refused(format!(
            "Blocked by {}.",
            self.labels(state, &pieces)
        )))
    }

    /// The blockers to name when `net` misses its goal: the coins that together close every
    /// way there, each of them needed (with one left out, the others no longer close it), the
    /// nearest kept where there is a choice; empty when the roads do not lead there even without
    /// blockers.
    pub(crate) fn culprits(
        &self,
        net: &Network,
        q: &Query,
        ok: impl Fn(&Network) -> bool,
    ) -> Vec<usize> {
        let free = self.net(&Query {
            blockers: &[],
            ..*q
        });
        if !ok(&free) {
            return Vec::new();
        }
        // The coins bounding the reachable roads close the way between them: the reachable
        // part is the same with every other coin gone.
        let mut cut = net.blockers_touched();
        if cut.is_empty() {
            cut = net.blockers_met();
        }
        cut.sort_by(|&a, &b| {
            dist(q.blockers[a].c, q.circle.c)
                .total_cmp(&dist(q.blockers[b].c, q.circle.c))
                .then(a.cmp(&b))
        });
        let blocks = |set: &[usize]| {
            let discs: Vec<Disc> = set.iter().map(|&i| q.blockers[i]).collect();
            !ok(&self.net(&Query {
                blockers: &discs,
                ..*q
            }))
        };
        // Drop, farthest first, every coin the others close the way without.
        for k in (0..cut.len()).rev() {
            let mut rest = cut.clone();
            rest.remove(k);
            if !rest.is_empty() && blocks(&rest) {
                cut = rest;
            }
        }
        cut
    }

    /// A straight move over land (Scouts and Tanks).
    fn off_road(&self, state: &State, unit: &Unit, to: [f64; 2]) -> Result<Location, RuleError> {
        let kind = unit.kind();
        let Some(measure) = kind.off_road_move() else {
            return Err(refused(format!(
                "A {kind} can't leave the roads: only Scouts and Tanks move off road."
            )));
        };
        let radius = self.m(measure);
        let from = self.start_of(state, unit)?.centre;
        let away = dist(from, to);
        if away > radius {
            return Err(refused(format!(
                "Out of reach: that is {} away, and a {kind} moves at most {} ({}) off road.",
                metres(away),
                measure_name(measure),
                metres(radius)
            )));
        }
        if !self.map.is_land(to) {
            return Err(refused(format!(
                "That point is water: a {kind} off road must end on land."
            )));
        }
        if self.map.segment_crosses_water(from, to) {
            return Err(refused(format!(
                "The straight line there crosses water, which a {kind} cannot cross."
            )));
        }
        self.straight_clear(state, unit.owner(), from, to, &[])?;
        match self.landing(state, unit.owner(), to, false) {
            Ok(Landing::Settlement(s, _)) => Ok(Location::Settlement(s)),
            Ok(Landing::Road(spots)) => {
                let spot = self.set_down_on_edge(spots[0]);
                Ok(Location::Road(MapPoint::from_m(spot.pos)))
            }
            Err(RuleError::BadLanding) => Ok(Location::OffRoad(MapPoint::from_m(to))),
            Err(e) => Err(e),
        }
    }

    /// The straight line `from`→`to` enters no enemy coin except those in `except`.
    pub(crate) fn straight_clear(
        &self,
        state: &State,
        me: PlayerId,
        from: [f64; 2],
        to: [f64; 2],
        except: &[Piece],
    ) -> Result<(), RuleError> {
        let mut hit: Vec<(f64, Piece)> = self
            .blockers(state, me, from)
            .into_iter()
            .filter(|c| !except.contains(&c.piece))
            .filter(|c| segment_in_disc(from, to, &c.disc).is_some())
            .map(|c| (dist(from, c.disc.c), c.piece))
            .collect();
        hit.sort_by(|a, b| a.0.total_cmp(&b.0));
        match hit.first() {
            Some((_, piece)) => Err(refused(format!(
                "Blocked by {}.",
                self.label(state, *piece)
            ))),
            None => Ok(()),
        }
    }

    /// A motorway double move through `via`.
    fn double(
        &self,
        state: &State,
        unit: &Unit,
        via: [f64; 2],
        to: [f64; 2],
    ) -> Result<Location, RuleError> {
        let kind = unit.kind();
        let measure = kind.road_move().ok_or_else(|| no_roads(kind))?;
        let start = self.start_of(state, unit)?;
        if !self.on_motorway(unit) {
            return Err(refused(format!(
                "Only a unit that starts on a motorway may move twice; your {kind} is not on one."
            )));
        }
        let me = unit.owner();
        let coins = self.blockers(state, me, start.centre);
        let first = self
            .landing(state, me, via, true)
            .map_err(|e| leg("first", e))?;
        let (Location::Road(mid), _) = self
            .road_leg(state, kind, measure, &start, &coins, &first, true)
            .map_err(|e| leg("first", e))?
        else {
            return Err(refused("The first leg must end on the motorway.".into()));
        };
        // The second leg starts where the first one set the unit down, as a move of its own
        // would.
        let second_start = Start::on_road(self, mid.to_m());
        let second = self
            .landing(state, me, to, true)
            .map_err(|e| leg("second", e))?;
        self.road_leg(state, kind, measure, &second_start, &coins, &second, true)
            .map(|(at, _)| at)
            .map_err(|e| leg("second", e))
    }
}

pub(crate) fn no_roads(kind: UnitType) -> RuleError {
    refused(format!("A {kind} can't move on roads."))
}

fn leg(which: &str, e: RuleError) -> RuleError {
    let text = match e {
        RuleError::BadLanding => "That point is not on the motorway.".to_string(),
        e => e.to_string(),
    };
    refused(format!("The {which} leg of the motorway move: {text}"))
}

/// [`Board::check_move`](crate::rules::Board::check_move) for the map.
pub(crate) fn check(b: &MapBoard, state: &State, mv: &Move) -> Result<Location, RuleError> {
    let unit = state.unit(mv.unit).ok_or(RuleError::NoSuchUnit(mv.unit))?;
    let to = mv.to.to_m();
    if mv.off_road {
        if mv.via.is_some() {
            return Err(refused(
                "An off-road move is one straight line: it has no second leg.".into(),
            ));
        }
        return b.off_road(state, unit, to);
    }
    if let Some(via) = mv.via {
        return b.double(state, unit, via.to_m(), to);
    }
    let kind = unit.kind();
    let measure = kind.road_move().ok_or_else(|| no_roads(kind))?;
    let start = b.start_of(state, unit)?;
    let landing = b.landing(state, unit.owner(), to, false)?;
    let coins = b.blockers(state, unit.owner(), start.centre);
    b.road_leg(state, kind, measure, &start, &coins, &landing, false)
        .map(|(at, _)| at)
}
