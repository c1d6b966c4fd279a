//! The game's whole story: every command's events, the lines the log shows (naming where moves
//! went), and the rounds. Rebuilt from the command log when a game is loaded (by
//! [`LogWatch`](super::LogWatch), following the replay that proves the save), so a loaded game's
//! log is as whole as a played one and the save needs nothing more than the engine's log.

use std::collections::BTreeMap;

use crate::map::{GameMap, RoadClass};
use crate::rules::{Event, Location, MapPoint, PlayerId, State, UnitId};
use crate::ui::text::{event_line, settlement_name, unit_name};

/// One line of the log.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Line {
    /// The round it happened in (0 during setup).
    pub(super) round: u32,
    /// What happened.
    pub(super) text: String,
    /// Where on the map, for a click on the line to look there.
    pub(super) at: Option<[f64; 2]>,
}

/// One accepted command: who gave it and what happened.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Record {
    /// The player who gave it.
    pub(super) actor: PlayerId,
    /// Its events.
    pub(super) events: Vec<Event>,
    /// The log line each event gave, if any.
    pub(super) lines: Vec<Option<usize>>,
}

/// The story so far.
#[derive(Debug, Clone, Default)]
pub(super) struct Log {
    /// Lines, oldest first.
    pub(super) lines: Vec<Line>,
    /// Every command's events, in order.
    pub(super) records: Vec<Record>,
    /// Turn number → round, for every turn begun so far.
    rounds: Vec<(u32, u32)>,
    last_player: Option<PlayerId>,
    /// Lines scrolled back from the newest.
    pub(super) scroll: usize,
}

/// Eight compass points, clockwise from north.
fn compass(d: [f64; 2]) -> &'static str {
    const POINTS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
    let a = d[0].atan2(d[1]).to_degrees().rem_euclid(360.0);
    POINTS[((a + 22.5) / 45.0) as usize % 8]
}

/// "the A road 1.2 km NE of Encamp": a point described by the nearest place.
pub(super) fn where_is(map: &GameMap, p: [f64; 2], off_road: bool) -> String {
    let what = if off_road {
        "open ground".to_string()
    } else {
        match map
            .nearest_road_point(p)
            .map(|r| map.roads().edge(r.edge).class())
        {
            Some(RoadClass::M) => "the motorway".into(),
            Some(RoadClass::A) => "the A road".into(),
            Some(RoadClass::B) => "the B road".into(),
            None => "the road".into(),
        }
    };
    let nearest = map.places().iter().min_by(|a, b| {
        let da = (a.pos()[0] - p[0]).hypot(a.pos()[1] - p[1]);
        let db = (b.pos()[0] - p[0]).hypot(b.pos()[1] - p[1]);
        da.total_cmp(&db)
    });
    let Some(place) = nearest else {
        return what;
    };
    let d = [p[0] - place.pos()[0], p[1] - place.pos()[1]];
    let m = d[0].hypot(d[1]);
    if m < 250.0 {
        format!("{what} at {}", place.name())
    } else {
        format!(
            "{what} {} {} of {}",
            crate::ui::hud::distance_text(m),
            compass(d),
            place.name()
        )
    }
}

/// The map point of a location now (settlements do not move).
fn location_point(state: &State, at: Location) -> Option<[f64; 2]> {
    match at {
        Location::Road(p) | Location::OffRoad(p) | Location::Sea(p) => Some(p.to_m()),
        Location::Settlement(s) => state.settlement(s).map(|s| s.pos().to_m()),
        Location::Aboard(ship) => state.unit_pos(ship).map(|p| p.to_m()),
    }
}

impl Log {
    /// The round a turn belongs to (0 before the first turn).
    pub(super) fn round_of(&self, turn: u32) -> u32 {
        self.rounds
            .iter()
            .rev()
            .find(|(t, _)| *t <= turn)
            .map_or(0, |(_, r)| *r)
    }

    /// The round in progress.
    pub(super) fn round(&self) -> u32 {
        self.rounds.last().map_or(0, |r| r.1)
    }

    /// Start counting rounds in a game whose beginning is unknown (a position set up from a
    /// scenario): its turn number, shared out among its players, says which round it is.
    pub(super) fn assume_round(&mut self, state: &State) {
        if self.rounds.is_empty() && state.turn() > 0 {
            let seats = state.players().len().max(1) as u32;
            let round = (state.turn() - 1) / seats + 1;
            self.rounds.push((state.turn(), round));
            self.last_player = Some(state.current_player());
        }
    }

    /// Take in one command's events, read against the state after them; `names` are the units'
    /// names before it, so a destroyed unit is still named.
    pub(super) fn record(
        &mut self,
        state: &State,
        map: &GameMap,
        names: &BTreeMap<UnitId, String>,
        actor: PlayerId,
        events: &[Event],
    ) {
        let mut lines = Vec::with_capacity(events.len());
        for e in events {
            if let Event::TurnStarted { player, turn } = e {
                // A round begins when the turn comes back round the table.
                let wrapped = self.last_player.is_none_or(|last| *player <= last);
                let round = self.round() + u32::from(wrapped);
                self.rounds.push((*turn, round));
                self.last_player = Some(*player);
            }
            let round = self.round();
            let line = match e {
                Event::TurnStarted { player, .. } => Some(Line {
                    round,
                    text: format!(
                        "— Round {round} · {}'s turn —",
                        state.player(*player).name()
                    ),
                    at: None,
                }),
                Event::UnitMoved { unit, from, to } => {
                    let name = names
                        .get(unit)
                        .cloned()
                        .unwrap_or_else(|| unit_name(state, *unit));
                    let (a, b) = (location_point(state, *from), location_point(state, *to));
                    let far = match (a, b) {
                        (Some(a), Some(b)) => {
                            format!(
                                " {}",
                                crate::ui::hud::distance_text((b[0] - a[0]).hypot(b[1] - a[1]))
                            )
                        }
                        _ => String::new(),
                    };
                    let dest = match to {
                        Location::Settlement(s) => format!("into {}", settlement_name(state, *s)),
                        Location::Road(p) => format!("to {}", where_is(map, p.to_m(), false)),
                        Location::OffRoad(p) => format!("to {}", where_is(map, p.to_m(), true)),
                        Location::Sea(p) => format!("at sea off {}", where_is(map, p.to_m(), true)),
                        Location::Aboard(ship) => format!("aboard {}", unit_name(state, *ship)),
                    };
                    Some(Line {
                        round,
                        text: format!("{name} moves{far} {dest}"),
                        at: b,
                    })
                }
                other => event_line(state, names, other).map(|text| Line {
                    round,
                    text,
                    at: event_point(state, other),
                }),
            };
            lines.push(line.as_ref().map(|_| self.lines.len()));
            if let Some(l) = line {
                self.lines.push(l);
                if self.scroll > 0 {
                    // Someone reading back keeps their place.
                    self.scroll += 1;
                }
            }
        }
        self.records.push(Record {
            actor,
            events: events.to_vec(),
            lines,
        });
    }

    /// Who owned a unit, even one since destroyed (from when it was placed).
    pub(super) fn owner_of(&self, unit: UnitId) -> Option<PlayerId> {
        self.records
            .iter()
            .flat_map(|r| &r.events)
            .find_map(|e| match e {
                Event::UnitPlaced { unit: u, owner, .. } if *u == unit => Some(*owner),
                _ => None,
            })
    }

    /// A line of the screen's own (a save written, a failure), in the round in progress.
    pub(super) fn note(&mut self, text: String) {
        self.lines.push(Line {
            round: self.round(),
            text,
            at: None,
        });
    }

    /// Forget everything after `lines` lines and `records` commands (an undo).
    pub(super) fn truncate(&mut self, lines: usize, records: usize) {
        self.lines.truncate(lines);
        self.records.truncate(records);
        self.scroll = self.scroll.min(self.lines.len());
    }
}

/// Every unit's name now.
pub(super) fn unit_names(state: &State) -> BTreeMap<UnitId, String> {
    state
        .units()
        .map(|u| (u.id(), unit_name(state, u.id())))
        .collect()
}

/// Where an event happened, when it happened somewhere.
fn event_point(state: &State, e: &Event) -> Option<[f64; 2]> {
    let unit = |u: &UnitId| state.unit_pos(*u).map(MapPoint::to_m);
    let settlement = |s: &crate::rules::SettlementId| state.settlement(*s).map(|s| s.pos().to_m());
    match e {
        Event::BasePlaced { pos, .. } | Event::SettlementBuilt { pos, .. } => Some(pos.to_m()),
        Event::UnitPlaced { unit: u, .. } => unit(u),
        Event::AttackDeclared { target, .. } => match target {
            crate::rules::Target::Unit(u) => unit(u),
            crate::rules::Target::Settlement(s) => settlement(s),
        },
        Event::Fortified { settlement: s }
        | Event::SiegeStarted { settlement: s, .. }
        | Event::SiegeEnded { settlement: s }
        | Event::SiegeRolled { settlement: s, .. }
        | Event::SettlementCaptured { settlement: s, .. } => settlement(s),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compass_points_follow_north_up_metres() {
        assert_eq!(compass([0.0, 5.0]), "N");
        assert_eq!(compass([5.0, 5.0]), "NE");
        assert_eq!(compass([5.0, 0.0]), "E");
        assert_eq!(compass([-1.0, -1.0]), "SW");
        assert_eq!(compass([-5.0, 0.2]), "W");
    }

    #[test]
    fn rounds_count_turns_round_the_table_even_when_a_seat_drops_out() {
        let mut log = Log::default();
        let setup = crate::rules::testkit::setup(&["A", "B", "C"]);
        let state = State::new(&setup, 1).unwrap();
        let map =
            GameMap::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/andorra"))
                .unwrap();
        let turn = |log: &mut Log, p: u8, t: u32| {
            log.record(
                &state,
                &map,
                &BTreeMap::new(),
                PlayerId(p),
                &[Event::TurnStarted {
                    player: PlayerId(p),
                    turn: t,
                }],
            );
        };
        for (t, p) in [(1, 0), (2, 1), (3, 2), (4, 0), (5, 2), (6, 0)] {
            turn(&mut log, p, t);
        }
        assert_eq!(log.round_of(1), 1);
        assert_eq!(log.round_of(3), 1);
        assert_eq!(log.round_of(4), 2);
        assert_eq!(log.round_of(5), 2, "B is out: C's turn is still round 2");
        assert_eq!(log.round(), 3);
        assert_eq!(log.lines[3].text, "— Round 2 · A's turn —");
    }
}
