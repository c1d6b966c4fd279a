//! "Since your last turn": when the device comes back to a hot-seat player for a new turn, what
//! the others did that this player could see, as the log's lines and as arrows on the map, with
//! the camera on the player's base. Cards stay hidden: only a card taken from this very player
//! is named, as they would see it leave their hand.

use macroquad::color::{Color, BLACK};
use macroquad::math::vec2;
use macroquad::shapes::{draw_circle_lines, draw_line, draw_rectangle, draw_triangle};

use super::log::Log;
use super::Play;
use crate::rules::{Event, Location, PlayerId, State, Target};
use crate::ui::widgets::{colour_of, Ui, FADED, INK};

/// Lines the panel shows at most; the rest are in the log.
const MAX_LINES: usize = 12;

/// Something to draw on the map.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Mark {
    /// A move, from and to, in its owner's colour.
    Move([f64; 2], [f64; 2], Color),
    /// An attack on a point.
    Attack([f64; 2]),
    /// A siege begun, or a settlement taken.
    Ring([f64; 2]),
}

/// A line of the recap, and where on the map it happened.
type Line = (String, Option<[f64; 2]>);

/// What one player missed.
pub(super) struct Recap {
    seat: PlayerId,
    lines: Vec<Line>,
    more: usize,
    marks: Vec<Mark>,
}

/// For each seat, how many commands' events it had seen when its last turn ended (none yet:
/// everything).
pub(super) fn last_seen(log: &Log, seats: usize) -> Vec<usize> {
    let mut seen = vec![0; seats];
    for (i, r) in log.records.iter().enumerate() {
        for e in &r.events {
            if let Event::TurnEnded { player } = e {
                if let Some(s) = seen.get_mut(player.index()) {
                    *s = i + 1;
                }
            }
        }
    }
    seen
}

fn point(state: &State, at: Location) -> Option<[f64; 2]> {
    match at {
        Location::Road(p) | Location::OffRoad(p) | Location::Sea(p) => Some(p.to_m()),
        Location::Settlement(s) => state.settlement(s).map(|s| s.pos().to_m()),
        Location::Aboard(ship) => state.unit_pos(ship).map(|p| p.to_m()),
    }
}

/// What `seat` could see happen in the commands from `from` on: the log's line for each event
/// (with where it happened), and the marks to draw. A card taken from `seat` itself is named;
/// every other card stays hidden, as the log keeps it.
pub(super) fn missed(
    state: &State,
    log: &Log,
    seat: PlayerId,
    from: usize,
) -> (Vec<Line>, Vec<Mark>) {
    let mut lines = Vec::new();
    let mut marks = Vec::new();
    for rec in log.records.iter().skip(from) {
        for (e, line) in rec.events.iter().zip(&rec.lines) {
            let logged = line.and_then(|i| log.lines.get(i));
            let mut text = logged.map(|l| l.text.clone());
            let at = logged.and_then(|l| l.at);
            match e {
                Event::UnitMoved { unit, from, to } => {
                    let owner = log
                        .owner_of(*unit)
                        .map_or(FADED, |p| colour_of(state.player(p).colour()));
                    if let (Some(a), Some(b)) = (point(state, *from), point(state, *to)) {
                        marks.push(Mark::Move(a, b, owner));
                    }
                }
                Event::AttackDeclared { target, .. } => {
                    let p = match target {
                        Target::Unit(u) => rec_unit_point(state, &rec.events, *u),
                        Target::Settlement(s) => state.settlement(*s).map(|s| s.pos().to_m()),
                    };
                    marks.extend(p.map(Mark::Attack));
                }
                Event::SiegeStarted { settlement, .. }
                | Event::SettlementCaptured { settlement, .. } => {
                    marks.extend(
                        state
                            .settlement(*settlement)
                            .map(|s| Mark::Ring(s.pos().to_m())),
                    );
                }
                Event::CardStolen { from, to, card } if *from == seat => {
                    let (r, s, _) = crate::ui::text::card_face(*card);
                    text = Some(format!("{} took your {r}{s}", state.player(*to).name()));
                }
                _ => {}
            }
            if let Some(t) = text.filter(|t| !t.starts_with('—')) {
                lines.push((t, at));
            }
        }
    }
    (lines, marks)
}

/// Where the recap's list starts from the left, UI units.
const LIST_X: f32 = 20.0;

/// How wide the recap's list is, UI units.
fn list_width(ui: &Ui) -> f32 {
    (ui.size()[0] - super::PANEL_W - 40.0).min(480.0)
}

impl Play {
    /// Open the recap for `seat` if its turn is starting and others have played since its last.
    pub(super) fn start_recap(&mut self, ui: &Ui, seat: PlayerId) {
        let state = self.game.state();
        if self.human_count() < 2
            || state.current_player() != seat
            || state.phase() != crate::rules::Phase::Draw
        {
            return;
        }
        let from = self.seen.get(seat.index()).copied().unwrap_or(0);
        let (mut lines, marks) = missed(state, &self.log, seat, from);
        if lines.is_empty() {
            return;
        }
        let more = lines.len().saturating_sub(MAX_LINES);
        // The newest matter most when there is too much to show.
        let lines = lines.split_off(more);
        // The base and all that happened, in the part of the map the recap's list leaves free.
        let mut points: Vec<[f64; 2]> = marks
            .iter()
            .flat_map(|m| match m {
                Mark::Move(a, b, _) => vec![*a, *b],
                Mark::Attack(p) | Mark::Ring(p) => vec![*p],
            })
            .collect();
        if let Some(base) = state.player(seat).base().and_then(|b| state.settlement(b)) {
            points.push(base.pos().to_m());
        }
        self.view
            .frame_points(&points, (LIST_X + list_width(ui) + 10.0) * ui.scale());
        self.recap = Some(Recap {
            seat,
            lines,
            more,
            marks,
        });
    }

    /// The recap's list, at the bottom left of the map, until the player has read it.
    pub(super) fn recap_panel(&mut self, ui: &mut Ui) {
        let Some(recap) = &self.recap else { return };
        let sh = ui.size()[1];
        let w = list_width(ui);
        let h = 58.0 + recap.lines.len() as f32 * 16.0 + if recap.more > 0 { 16.0 } else { 0.0 };
        let (x, y) = (LIST_X, (sh - 90.0 - h).max(super::HAND_H + 10.0));
        draw_rectangle(x, y, w, h, Color::new(1.0, 1.0, 1.0, 0.96));
        ui.panel([x, y, w, h]);
        let name = self.game.state().player(recap.seat).name().to_string();
        ui.title(
            &format!("Since your last turn, {name}"),
            x + 12.0,
            y + 22.0,
            15,
            INK,
        );
        let mut ly = y + 42.0;
        if recap.more > 0 {
            ui.text(
                &format!("… and {} earlier (see the log)", recap.more),
                x + 12.0,
                ly,
                12,
                FADED,
            );
            ly += 16.0;
        }
        let mut look = None;
        for (l, at) in &recap.lines {
            let cut = ui.text_fit(l, x + 12.0, ly, 13, INK, w - 24.0);
            // Each line is named for scripts, and shows where it happened when clicked.
            let r = [x + 8.0, ly - 12.0, w - 16.0, 16.0];
            if ui.hit(&format!("recap {l}"), r) {
                look = *at;
            }
            let tip = match (cut, at.is_some()) {
                (_, true) => format!("{l}\n(click to see where)"),
                _ => l.clone(),
            };
            ui.tip_over(r, &tip);
            ly += 16.0;
        }
        if let Some(p) = look {
            self.view.centre_on(p);
        }
        if ui.button("Got it", [x + w - 100.0, y + 8.0, 88.0, 24.0], true) {
            self.recap = None;
        }
    }

    /// The recap's moves as arrows, attacks as red crosses, sieges and captures as rings.
    pub(super) fn recap_arrows(&self, _ui: &Ui) {
        let Some(recap) = &self.recap else { return };
        let v = self.view.view();
        let red = Color::new(0.85, 0.05, 0.05, 0.95);
        for m in &recap.marks {
            match m {
                Mark::Move(a, b, c) => {
                    let (a, b) = (v.to_screen(*a), v.to_screen(*b));
                    arrow(a, b, BLACK, 6.0);
                    arrow(a, b, *c, 3.5);
                }
                Mark::Attack(p) => {
                    let p = v.to_screen(*p);
                    let k = 9.0;
                    draw_line(p[0] - k, p[1] - k, p[0] + k, p[1] + k, 4.0, red);
                    draw_line(p[0] - k, p[1] + k, p[0] + k, p[1] - k, 4.0, red);
                }
                Mark::Ring(p) => {
                    let p = v.to_screen(*p);
                    draw_circle_lines(p[0], p[1], 18.0, 3.0, red);
                }
            }
        }
    }
}

/// Where a unit attacked in this record stood: its position now, or (destroyed) where it moved
/// to last in the same record.
fn rec_unit_point(state: &State, events: &[Event], u: crate::rules::UnitId) -> Option<[f64; 2]> {
    state.unit_pos(u).map(|p| p.to_m()).or_else(|| {
        events.iter().rev().find_map(|e| match e {
            Event::UnitMoved { unit, to, .. } if *unit == u => point(state, *to),
            _ => None,
        })
    })
}

/// A line from `a` to `b` with a head at `b`.
fn arrow(a: [f32; 2], b: [f32; 2], c: Color, w: f32) {
    let d = [b[0] - a[0], b[1] - a[1]];
    let len = d[0].hypot(d[1]);
    if len < 1.0 {
        return;
    }
    let u = [d[0] / len, d[1] / len];
    let head = (4.0 * w).min(len * 0.6);
    let base = [b[0] - u[0] * head, b[1] - u[1] * head];
    draw_line(a[0], a[1], base[0], base[1], w, c);
    let n = [-u[1] * head * 0.55, u[0] * head * 0.55];
    draw_triangle(
        vec2(b[0], b[1]),
        vec2(base[0] + n[0], base[1] + n[1]),
        vec2(base[0] - n[0], base[1] - n[1]),
        c,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::GameMap;
    use crate::rules::map_board::scenario_file;
    use crate::rules::{CardId, UnitId};
    use std::collections::BTreeMap;

    #[test]
    fn a_player_hears_of_moves_and_of_their_own_stolen_card_but_not_of_others_cards() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let map = GameMap::load(&root.join("maps/andorra")).unwrap();
        let sc = scenario_file::parse(
            &map,
            r#"{"players": [{"name": "Red"}, {"name": "Blue"}, {"name": "Green"}],
                "settlements": [{"id": "b", "owner": "Blue", "place": "Encamp", "fort": true, "base": true}],
                "units": [{"id": "s", "owner": "Blue", "type": "scout", "at": [1.5836606, 42.5359699]}]}"#,
        )
        .unwrap();
        let state = sc.state;
        let scout = sc.units["s"];
        let (red, blue, green) = (PlayerId(0), PlayerId(1), PlayerId(2));
        let to = state.unit_pos(scout).unwrap();
        let mut log = Log::default();
        let names: BTreeMap<UnitId, String> = BTreeMap::new();
        log.record(
            &state,
            &map,
            &names,
            blue,
            &[Event::UnitPlaced {
                unit: scout,
                owner: blue,
                kind: crate::rules::UnitType::Scout,
                at: Location::Road(to),
                source: crate::rules::Recruit::Royal,
            }],
        );
        let seen = log.records.len();
        log.record(
            &state,
            &map,
            &names,
            blue,
            &[
                Event::UnitMoved {
                    unit: scout,
                    from: Location::Road(crate::rules::MapPoint::from_m([
                        to.to_m()[0] - 900.0,
                        to.to_m()[1],
                    ])),
                    to: Location::Road(to),
                },
                Event::CardsDrawn {
                    player: blue,
                    cards: vec![CardId(3), CardId(4)],
                },
                Event::CardStolen {
                    from: red,
                    to: blue,
                    card: CardId(6),
                },
            ],
        );
        let (lines, marks) = missed(&state, &log, red, seen);
        let text: Vec<&str> = lines.iter().map(|l| l.0.as_str()).collect();
        assert!(
            text[0].contains("Scout") && text[0].contains("moves 900 m"),
            "{text:?}"
        );
        assert!(lines[0].1.is_some(), "a move says where it went");
        assert_eq!(text[1], "Blue draws 2 cards");
        assert_eq!(text[2], "Blue took your 7♣");
        assert!(matches!(marks[0], Mark::Move(..)));
        let (others, _) = missed(&state, &log, green, seen);
        assert_eq!(
            others[2].0, "A card is stolen",
            "Green never sees whose card"
        );
        assert!(others.iter().all(|l| !l.0.contains('♣')));
    }
}
