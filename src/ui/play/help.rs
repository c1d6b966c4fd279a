//! The rules at a glance, over the game (F1 or `?`): the units, what each suit buys, the
//! Creation Total table, food and upkeep, and the game's measures drawn at the map's zoom.
//! Figures come from the engine (dice, the Creation Total, the measures at the game's scale).

use macroquad::color::{Color, BLACK, WHITE};
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_rectangle, draw_rectangle_lines};

use super::Play;
use crate::map::Measure;
use crate::rules::{creation_total, Points, UnitType, ATTACK_RADIUS};
use crate::ui::hud::distance_text;
use crate::ui::widgets::{Ui, FADED, INK};

const HEAD: u16 = 16;
const BODY: u16 = 13;

impl Play {
    /// The help over the board; true when the player closes it.
    pub(super) fn help(&mut self, ui: &mut Ui) -> bool {
        let [sw, sh] = ui.size();
        let r = [20.0, 20.0, sw - 40.0, sh - 40.0];
        draw_rectangle(r[0], r[1], r[2], r[3], WHITE);
        ui.panel(r);
        ui.title(
            "How to play: the rules at a glance",
            r[0] + 20.0,
            r[1] + 34.0,
            22,
            INK,
        );
        ui.text(
            "F1 or ? opens and closes this; Esc closes it.",
            r[0] + 20.0,
            r[1] + 54.0,
            BODY,
            FADED,
        );
        let col_w = (r[2] - 80.0) / 3.0;
        let top = r[1] + 80.0;
        let xs = [r[0] + 20.0, r[0] + 40.0 + col_w, r[0] + 60.0 + 2.0 * col_w];
        let y = self.units_table(ui, xs[0], top, col_w);
        self.measures(ui, xs[0], y + 12.0, col_w, r[1] + r[3] - 20.0);
        let y = self.ct_table(ui, xs[1], top, col_w);
        food(ui, xs[1], y + 12.0, col_w);
        let y = suits(ui, xs[2], top, col_w, self.game.state().options().tanks);
        keys(ui, xs[2], y + 12.0, col_w);
        let close = ui.button(
            "Close help",
            [r[0] + r[2] - 150.0, r[1] + 14.0, 130.0, 30.0],
            true,
        );
        ui.swallow_click();
        close
    }

    fn units_table(&self, ui: &Ui, x: f32, mut y: f32, w: f32) -> f32 {
        let scale = self.game.state().scale();
        let km = |m: Measure| distance_text(scale.measure_m(m));
        ui.title("Units", x, y, HEAD, INK);
        y += 20.0;
        let cols = [0.0, 0.19, 0.28, 0.41, 0.58, 0.8];
        let heads = ["unit", "coin", "attack", "defence", "road", "off road"];
        for (i, h) in heads.iter().enumerate() {
            let cw = cols.get(i + 1).map_or(w, |n| n * w) - cols[i] * w - 4.0;
            ui.text_fit(h, x + cols[i] * w, y, 12, FADED, cw);
        }
        let mut kinds = vec![UnitType::Scout, UnitType::Guard, UnitType::Invader];
        if self.game.state().options().tanks {
            kinds.push(UnitType::Tank);
        }
        for k in kinds {
            y += 18.0;
            let coin = match k.coin() {
                Measure::Coin5p => "5p",
                Measure::Coin10p => "10p",
                Measure::Coin20p => "20p",
                Measure::CoinPound => "£1",
                _ => "50p",
            };
            let cells = [
                k.name().to_string(),
                coin.to_string(),
                k.attack().0.to_string(),
                k.defence().0.to_string(),
                k.road_move().map_or("—".into(), km),
                k.off_road_move().map_or("—".into(), km),
            ];
            for (i, c) in cells.iter().enumerate() {
                let cw = cols.get(i + 1).map_or(w, |n| n * w) - cols[i] * w - 4.0;
                ui.text_fit(c, x + cols[i] * w, y, BODY, INK, cw);
            }
        }
        y += 8.0;
        for line in [
            format!(
                "Road moves stay inside a card length (Scouts, Tanks) or breadth; {} and {} at this game's scale ({}).",
                km(Measure::CardLength),
                km(Measure::CardBreadth),
                scale
            ),
            format!(
                "Attack: a target within {} ({}) the unit could reach. Each side rolls its dice; the higher best die wins, a tie is a stand-off. At most 4 dice a side.",
                "a card's breadth",
                km(ATTACK_RADIUS)
            ),
            "Defence: +1 die in a settlement, +2 in a fortification.".into(),
            "A unit moves once per turn, along major roads inside its circle, never through an enemy coin. On a motorway it may move twice.".into(),
        ] {
            y = ui.paragraph(&line, x, y + 14.0, BODY, w) - 10.0;
        }
        y + 10.0
    }

    fn ct_table(&self, ui: &Ui, x: f32, mut y: f32, w: f32) -> f32 {
        let state = self.game.state();
        let mine = state.points(state.actor()).0;
        ui.title("Creation Total", x, y, HEAD, INK);
        y = ui.paragraph(
            "Cards of one suit must add up to it to buy anything; it falls as you hold more settlement points (basic 1, fortification 2).",
            x,
            y + 18.0,
            BODY,
            w,
        );
        ui.text("settlement points", x, y + 2.0, 12, FADED);
        ui.text("Creation Total", x + w * 0.55, y + 2.0, 12, FADED);
        // The table as the engine has it: runs of points with the same total.
        let mut runs: Vec<(u32, u32, u32)> = Vec::new();
        for p in 0..=14 {
            let ct = creation_total(Points(p));
            match runs.last_mut() {
                Some(last) if last.2 == ct => last.1 = p,
                _ => runs.push((p, p, ct)),
            }
        }
        for (i, (a, b, ct)) in runs.iter().enumerate() {
            y += 17.0;
            let last = i + 1 == runs.len();
            let range = if last {
                format!("{a} or more")
            } else if a == b {
                a.to_string()
            } else {
                format!("{a}–{b}")
            };
            let here = mine >= *a && (last || mine <= *b);
            if here {
                draw_rectangle(
                    x - 4.0,
                    y - 13.0,
                    w * 0.8,
                    17.0,
                    Color::new(1.0, 0.9, 0.5, 1.0),
                );
            }
            ui.text(&range, x, y, BODY, INK);
            ui.text(&ct.to_string(), x + w * 0.55, y, BODY, INK);
            if here {
                ui.text("← you", x + w * 0.68, y, 12, FADED);
            }
        }
        y + 14.0
    }

    /// The measures as they are on the map now: the card and the coins at the board's zoom
    /// (reduced, and said so, when they would not fit).
    fn measures(&self, ui: &Ui, x: f32, y: f32, w: f32, bottom: f32) {
        ui.title("The measures on this map", x, y, HEAD, INK);
        let scale = self.game.state().scale();
        // Map metres to UI units at the board's zoom.
        let per_m = (self.view.view().ppm as f32) / ui.scale();
        let card = [
            scale.measure_m(Measure::CardBreadth) as f32 * per_m,
            scale.measure_m(Measure::CardLength) as f32 * per_m,
        ];
        let room = (bottom - y - 50.0).max(40.0);
        let k = (room / card[1]).min((w * 0.4) / card[0]).min(1.0);
        let top = y + 14.0;
        draw_rectangle(
            x,
            top,
            card[0] * k,
            card[1] * k,
            Color::new(0.98, 0.98, 1.0, 1.0),
        );
        draw_rectangle_lines(x, top, card[0] * k, card[1] * k, 1.5, BLACK);
        let note = if k < 0.999 {
            format!(
                "The card and the coins at {:.0}% of the map's zoom.",
                k * 100.0
            )
        } else {
            "The card and the coins as the map shows them now.".into()
        };
        let mut cy = top;
        let cx = x + card[0] * k + 16.0;
        for (m, what) in [
            (Measure::Coin1p, "1p settlement"),
            (Measure::Coin2p, "2p fortification"),
            (Measure::Coin5p, "5p Scout"),
            (Measure::Coin10p, "10p Guard"),
            (Measure::Coin20p, "20p Invader"),
        ] {
            let rr = (scale.ground_m(m.radius_mm()) as f32 * per_m * k).max(1.5);
            let row = (2.0 * rr).max(16.0);
            let c = [cx + 14.0, cy + row / 2.0];
            draw_circle(c[0], c[1], rr, Color::new(0.95, 0.85, 0.3, 1.0));
            draw_circle_lines(c[0], c[1], rr, 1.0, BLACK);
            ui.text_fit(
                &format!("{what} Ø {}", distance_text(scale.ground_m(m.mm()))),
                cx + 14.0 + rr.max(8.0) + 8.0,
                c[1] + 4.0,
                12,
                INK,
                w - (cx - x) - 30.0,
            );
            cy += row + 4.0;
        }
        let below = (top + card[1] * k).max(cy) + 16.0;
        ui.paragraph_in(&note, x, below, 12, w, FADED);
    }
}

/// A titled section of paragraphs; returns where the next may start.
fn section(ui: &Ui, title: &str, lines: &[&str], x: f32, y: f32, w: f32) -> f32 {
    ui.title(title, x, y, HEAD, INK);
    let mut y = y + 4.0;
    for line in lines {
        y = ui.paragraph(line, x, y + 14.0, BODY, w) - 10.0;
    }
    y + 10.0
}

fn food(ui: &Ui, x: f32, y: f32, w: f32) {
    section(
        ui,
        "Food and upkeep",
        &[
            "Every basic settlement needs 1 food, every fortification 2. You may build only if your food covers the upkeep after the build.",
            "Hearts reaching the Creation Total buy 1 food. Everyone starts with 3.",
            "Food is never lost with a settlement, except when your base falls: then you keep only what your remaining settlements need.",
        ],
        x,
        y,
        w,
    );
}

fn suits(ui: &Ui, x: f32, y: f32, w: f32, tanks: bool) -> f32 {
    let mut lines = vec![
        "♣ Clubs: a Scout, Guard or Invader in one of your towns or cities (not a village).",
        "♠ Spades: a settlement on the place your unit stands on (a 10p coin's width from others), or a fortification of a settlement your unit is in.",
        "♥ Hearts: one food.",
        "♦ Diamonds: one more attack die for a unit this turn (up to 4). A diamond counts half towards the other suits; a diamond with a heart, club or spade of 10 or less draws two cards.",
        "J, Q, K: a Scout, Guard or Invader in any of your settlements.",
    ];
    if tanks {
        lines.push("A (tanks): a Tank in your base.");
    }
    lines.push("A turn: roll and draw; play cards, build, trade and move; then attack.");
    lines.push("A settlement whose every road out is closed by enemy coins is under siege: each whole round it loses a unit.");
    section(ui, "What the cards buy", &lines, x, y, w)
}

fn keys(ui: &Ui, x: f32, y: f32, w: f32) {
    section(
        ui,
        "Keys and mouse",
        &[
        "Click a unit, then a point: the pointer snaps to the nearest road or settlement; green means the move is legal.",
        "Click a stack again for its next unit. Hover anything for its card.",
        "N: next unit that can act · U undoes a move · E ends the phase · S saves.",
        "F speeds up the AI · Esc deselects.",
        "Drag to pan · wheel or +/− to zoom · arrows · Home: whole map.",
        ],
        x,
        y,
        w,
    );
}
