//! The seats: who plays (a human or the AI at a level), under what name and colour, in turn
//! order, and how many seats the chosen map has room for.

use macroquad::color::{Color, BLACK, WHITE};
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};

use super::Setup;
use crate::ai::Level;
use crate::map::Scale;
use crate::rules::{seat_capacity, MapBoard, SeatCapacity};
use crate::ui::play::Seat;
use crate::ui::widgets::{Ui, FADED, INK, PALETTE};

/// Seat settings on the setup screen.
#[derive(Clone)]
pub struct SeatChoice {
    /// Human or AI.
    pub seat: Seat,
    /// Name.
    pub name: String,
    /// Index into [`PALETTE`].
    pub colour: usize,
}

/// The seats, in turn order, below the map cards: colour, name, human or AI and its level,
/// remove, and Add seat; the map's room for seats beside the title, up to `right`.
pub(super) fn seat_rows(ui: &mut Ui, s: &mut Setup, right: f32) {
    let mut y = SEATS_Y;
    let typed = type_name(ui, s);
    ui.title("Seats (turn order)", 40.0, y, 20, INK);
    // Beside the title, not under the rows: six seats fill the column down to the Back button.
    let room_x = 40.0 + ui.width_bold("Seats (turn order)", 20) + 16.0;
    let room_line = room_line(s);
    ui.text_fit(&room_line, room_x, y, 15, FADED, right - room_x);
    y += 14.0;
    let mut remove = None;
    for i in 0..s.seats.len() {
        let seat = s.seats[i].clone();
        draw_rectangle(40.0, y + 4.0, 26.0, 26.0, PALETTE[seat.colour].1);
        if ui.button(&format!("Colour {}", i + 1), [72.0, y, 96.0, 34.0], true) {
            s.seats[i].colour = (seat.colour + 1) % PALETTE.len();
            // A typed name stays; a colour's name follows the colour.
            if seat.name == colour_name(seat.colour) {
                s.seats[i].name = colour_name(s.seats[i].colour);
            }
        }
        name_field(ui, s, i, name_rect(i), typed);
        let kind = match seat.seat {
            Seat::Human => "Human",
            Seat::Ai(_) => "AI",
        };
        if ui.button(
            &format!("seat {} {}", i + 1, kind),
            [330.0, y, 130.0, 34.0],
            true,
        ) {
            s.seats[i].seat = match seat.seat {
                Seat::Human => Seat::Ai(Level::Normal),
                Seat::Ai(_) => Seat::Human,
            };
        }
        if let Seat::Ai(level) = seat.seat {
            // Easy → normal → hard → easy.
            if level_button(ui, i, level, [466.0, y, 90.0, 34.0]) {
                let next = Level::ALL
                    .iter()
                    .position(|l| *l == level)
                    .map_or(Level::Normal, |k| Level::ALL[(k + 1) % Level::ALL.len()]);
                s.seats[i].seat = Seat::Ai(next);
            }
        }
        if s.seats.len() > 2
            && ui.button(&format!("remove {}", i + 1), [562.0, y, 92.0, 34.0], true)
        {
            remove = Some(i);
        }
        y += SEAT_PITCH;
    }
    if let Some(i) = remove {
        s.seats.remove(i);
        s.editing = None;
    }
    if s.seats.len() < 6 && ui.button("Add seat", [40.0, y, 160.0, 34.0], true) {
        let used: Vec<usize> = s.seats.iter().map(|x| x.colour).collect();
        let c = (0..PALETTE.len()).find(|c| !used.contains(c)).unwrap_or(0);
        s.seats.push(SeatChoice {
            seat: Seat::Ai(Level::Normal),
            name: colour_name(c),
            colour: c,
        });
    }
    // A click anywhere but the name being typed ends the typing.
    if ui.input.clicked && s.editing.is_some() && !clicked_name(ui, s) {
        s.editing = None;
    }
}

/// How many seats the chosen map holds at the chosen scale: the engine's own count, worked
/// out once per map and scale.
fn room(s: &mut Setup) -> Result<SeatCapacity, String> {
    let key = (s.map, s.scale);
    if let Some((m, sc, r)) = &s.room {
        if (*m, *sc) == key {
            return r.clone();
        }
    }
    let r = s
        .maps
        .get(s.map)
        .ok_or_else(|| "no map".to_string())
        .and_then(|m| {
            let map = crate::ui::map_cache::game_map(&m.dir)?;
            let scale = s.scale.map_or(m.scale, Scale);
            Ok(seat_capacity(&MapBoard::new(map, scale), scale))
        });
    s.room = Some((key.0, key.1, r.clone()));
    r
}

/// How many seats the chosen map holds, in words.
fn room_line(s: &mut Setup) -> String {
    match room(s) {
        Ok(r) if r.safe == r.spaced => format!("This map has room for {} seats.", r.safe),
        Ok(r) => format!(
            "This map has room for {} seats with safe bases, {} without.",
            r.safe, r.spaced
        ),
        Err(e) => format!("Cannot read this map: {e}"),
    }
}

/// A seat's name before anyone types one: its colour's.
fn colour_name(colour: usize) -> String {
    let name = PALETTE[colour].0;
    format!("{}{}", name[..1].to_uppercase(), &name[1..])
}

/// Longest seat name typed: enough for a name, short enough for the side panel.
const MAX_NAME: usize = 18;

/// Keys typed this frame into the seat name being edited; true if any arrived.
fn type_name(ui: &Ui, s: &mut Setup) -> bool {
    let Some((i, fresh)) = &mut s.editing else {
        return false;
    };
    let Some(seat) = s.seats.get_mut(*i) else {
        s.editing = None;
        return false;
    };
    let mut done = false;
    for &c in &ui.input.chars {
        match c {
            '\u{8}' => {
                if *fresh {
                    seat.name.clear();
                } else {
                    seat.name.pop();
                }
            }
            '\n' | '\r' | '\u{1b}' => done = true,
            c if !c.is_control() => {
                if *fresh {
                    seat.name.clear();
                }
                if seat.name.chars().count() < MAX_NAME {
                    seat.name.push(c);
                }
            }
            _ => continue,
        }
        *fresh = false;
    }
    if done {
        s.editing = None;
    }
    if !ui.input.chars.is_empty() {
        // Whatever was refused, the players are now changing it.
        s.error = None;
    }
    !ui.input.chars.is_empty()
}

/// Where the seat rows begin, and their pitch.
const SEATS_Y: f32 = 318.0;
const SEAT_PITCH: f32 = 37.0;

/// Where seat `i`'s name field is drawn, for the click that ends typing.
fn name_rect(i: usize) -> [f32; 4] {
    [174.0, SEATS_Y + 14.0 + i as f32 * SEAT_PITCH, 150.0, 34.0]
}

fn clicked_name(ui: &Ui, s: &Setup) -> bool {
    s.editing
        .is_some_and(|(i, _)| crate::ui::widgets::inside(ui.mouse(), name_rect(i)))
}

/// A seat's name: click to type a new one (the first key replaces a colour's name).
fn name_field(ui: &mut Ui, s: &mut Setup, i: usize, r: [f32; 4], typed: bool) {
    debug_assert_eq!(r, name_rect(i), "name_rect must follow the seat rows");
    let editing = s.editing.map(|e| e.0) == Some(i);
    if ui.hit(&format!("name {}", i + 1), r) && !editing {
        let seat = &s.seats[i];
        s.editing = Some((i, seat.name == colour_name(seat.colour)));
    }
    let editing = s.editing.map(|e| e.0) == Some(i);
    let fresh = s.editing.is_some_and(|e| e.0 == i && e.1);
    draw_rectangle(r[0], r[1], r[2], r[3], WHITE);
    draw_rectangle_lines(
        r[0],
        r[1],
        r[2],
        r[3],
        if editing { 2.5 } else { 1.0 },
        if editing { BLACK } else { FADED },
    );
    let name = &s.seats[i].name;
    if fresh {
        // The whole name is selected: typing replaces it.
        let w = ui.width(name, 17);
        draw_rectangle(r[0] + 6.0, r[1] + 7.0, w + 4.0, 21.0, SELECTED);
    }
    ui.text_fit(name, r[0] + 8.0, r[1] + 23.0, 17, INK, r[2] - 16.0);
    if editing && !fresh {
        // A steady caret while typing, blinking otherwise.
        let on = typed || (macroquad::time::get_time() * 2.0) as i64 % 2 == 0;
        let x = r[0] + 9.0 + ui.width(name, 17).min(r[2] - 18.0);
        if on {
            draw_rectangle(x, r[1] + 8.0, 1.5, 20.0, INK);
        }
    }
}

/// Behind selected text.
const SELECTED: Color = Color::new(0.70, 0.80, 0.97, 1.0);

/// A seat's AI level: a button-like field labelled `level N` for scripts, showing the level.
fn level_button(ui: &mut Ui, i: usize, level: Level, r: [f32; 4]) -> bool {
    let clicked = ui.hit(&format!("level {}", i + 1), r);
    draw_rectangle(r[0], r[1], r[2], r[3], LEVEL_BACK);
    draw_rectangle_lines(r[0], r[1], r[2], r[3], 1.5, FADED);
    ui.text(level.name(), r[0] + 10.0, r[1] + r[3] / 2.0 + 6.0, 17, INK);
    clicked
}

/// Behind an AI level.
const LEVEL_BACK: Color = Color::new(0.86, 0.90, 0.97, 1.0);
