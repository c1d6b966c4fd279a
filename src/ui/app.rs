//! The screen loop: real or scripted input in, one screen drawn per frame.

use macroquad::input::{
    get_char_pressed, is_key_pressed, is_mouse_button_pressed, mouse_position, mouse_wheel,
    KeyCode, MouseButton,
};
use macroquad::texture::get_screen_data;
use macroquad::time::get_frame_time;
use macroquad::window::next_frame;

use super::screens::{self, Screen};
use super::script::{Frame, Player, Step};
use super::settings::Settings;
use super::widgets::{Input, Ui};
use super::{write_png, AppStart, Fonts};
use crate::map::GameMap;

/// Run the menus and games until Quit, the window closing, or the script's end.
pub async fn run(_map: GameMap, start: AppStart) -> Result<(), String> {
    let fonts = Fonts::load()?;
    let places = start.places;
    let scripted = start.script.is_some();
    let mut script = start.script.map(|steps| Player::new(steps, "frame_ms"));
    let mut screen = Screen::Menu;
    let mut settings = Settings::load(&places.saves);
    let mut last_buttons: Vec<(String, [f32; 4])> = Vec::new();
    let mut last_cut: Vec<String> = Vec::new();
    // The tooltip or hover card of the last frame, for a script's `expect-tip`.
    let mut last_tip: Option<String> = None;
    // The game last on screen, so a script can save it even from the victory screen.
    let mut last_game: Option<(crate::rules::Game, Vec<super::play::Seat>)> = None;
    loop {
        let scale = settings.effective_scale([
            macroquad::window::screen_width(),
            macroquad::window::screen_height(),
        ]);
        let mut input = Input::default();
        let mut shot = None;
        if let Some(player) = &mut script {
            if matches!(&screen, Screen::Setup(s) if s.loading()) {
                // Hold the script until the map thumbnails are drawn, so shots show them.
                input.dt = 1.0 / 60.0;
            } else {
                match player.frame(&mut input, &last_buttons)? {
                    Frame::Input => {}
                    Frame::End => return Ok(()),
                    Frame::Own(Step::Shot(name)) => shot = Some(name),
                    Frame::Own(step @ (Step::Map([lon, lat]) | Step::HoverMap([lon, lat]))) => {
                        let Screen::Play(p) = &screen else {
                            return Err("script: `map` needs a game on screen".into());
                        };
                        let xy = p.map().projection().to_xy(lon, lat);
                        let at = p.view().view().to_screen(xy);
                        if matches!(step, Step::Map(_)) {
                            player.click(&mut input, at);
                        } else {
                            player.hover(&mut input, at);
                        }
                    }
                    Frame::Own(Step::Centre([lon, lat])) => {
                        let Screen::Play(p) = &mut screen else {
                            return Err("script: `centre` needs a game on screen".into());
                        };
                        p.look_at(lon, lat);
                    }
                    Frame::Own(step @ (Step::Unit(n) | Step::HoverUnit(n))) => {
                        let point = match &screen {
                            Screen::Play(p) => p.unit_point(crate::rules::UnitId(n)),
                            _ => None,
                        };
                        let Some(point) = point else {
                            return Err(format!("script: unit {n} is not on the map"));
                        };
                        if matches!(step, Step::Unit(_)) {
                            player.click(&mut input, point);
                        } else {
                            player.hover(&mut input, point);
                        }
                    }
                    Frame::Own(Step::ExpectTip(want)) => {
                        if !last_tip.as_deref().is_some_and(|t| t.contains(&want)) {
                            return Err(format!(
                                "script: expected a tooltip with {want:?}, the screen shows {last_tip:?}"
                            ));
                        }
                    }
                    Frame::Own(Step::ExpectWhole(want)) => {
                        super::script::expect_whole(want.as_deref(), &last_cut)?
                    }
                    Frame::Own(Step::Save(file)) => {
                        // The game on screen saves as its Save button would (with a table
                        // battle in progress); after it, the last game seen.
                        let text = match (&screen, &last_game) {
                            (Screen::Play(p), _) => p.save_json(),
                            (_, Some((game, seats))) => super::play::save_json(game, seats),
                            _ => {
                                return Err("script: `save` needs a game to have been played".into())
                            }
                        };
                        crate::sim::write_atomically(std::path::Path::new(&file), text.as_bytes())
                            .map_err(|e| e.to_string())?;
                    }
                    Frame::Own(step @ (Step::Table(at) | Step::TableHover(at))) => {
                        let point = match &screen {
                            Screen::Play(p) => p.table_point(at),
                            _ => None,
                        };
                        let Some(point) = point else {
                            return Err(
                                "script: `table` steps need the tactical table on screen".into()
                            );
                        };
                        if matches!(step, Step::Table(_)) {
                            player.click(&mut input, point);
                        } else {
                            player.hover(&mut input, point);
                        }
                    }
                    Frame::Own(other) => {
                        return Err(format!("script: {other:?} is not understood here"))
                    }
                }
            }
        } else {
            let (x, y) = mouse_position();
            input.mouse = [x, y];
            input.clicked = is_mouse_button_pressed(MouseButton::Left);
            input.dt = get_frame_time();
            let wheel = mouse_wheel().1;
            if wheel != 0.0 {
                // Wheel units differ between platforms; only the direction is trusted.
                input.wheel = wheel.signum();
            }
            // While the Save dialog takes a name, every typed character is the name's; the board's
            // keys and the game screen's shortcuts wait.
            let typing = matches!(&screen, Screen::Play(p) if p.wants_text());
            if let (Screen::Play(p), false) = (&mut screen, typing) {
                // The board takes `+`, `-` and `0` (and the wheel over the map); the rest of what
                // is typed is the game screen's.
                input.chars = p.pan_zoom(input.dt, scale);
                for (key, c) in [(KeyCode::F1, '?'), (KeyCode::Escape, '\u{1b}')] {
                    if is_key_pressed(key) {
                        input.chars.push(c);
                    }
                }
            } else {
                while let Some(c) = get_char_pressed() {
                    if !c.is_control() {
                        input.chars.push(c);
                    }
                }
                // Editing keys arrive as the control characters scripts use for them.
                for (key, c) in [
                    (KeyCode::Backspace, '\u{8}'),
                    (KeyCode::Enter, '\n'),
                    (KeyCode::KpEnter, '\n'),
                    (KeyCode::Escape, '\u{1b}'),
                ] {
                    if is_key_pressed(key) {
                        input.chars.push(c);
                    }
                }
            }
        }
        let mut ui = Ui::new(&fonts, &input);
        ui.set_scale(scale);
        let before = settings.clone();
        let next = match &mut screen {
            Screen::Menu => screens::menu(&mut ui, &places),
            Screen::Settings => screens::settings(&mut ui, &mut settings),
            Screen::Setup(s) => match screens::setup(&mut ui, s, &fonts, &places) {
                Ok(next) => next,
                Err(e) if scripted => return Err(e),
                Err(e) => Some(Screen::Load(Box::new(screens::LoadList::failed(e)))),
            },
            Screen::Load(list) => screens::load(&mut ui, list, &fonts, &places),
            Screen::Rules => screens::rules(&mut ui),
            Screen::Play(p) => screens::play(&mut ui, p, &mut settings),
            Screen::Won(summary) => screens::won(&mut ui, summary),
            Screen::Quit => return Ok(()),
        };
        last_tip = ui.tip_text().map(str::to_string);
        ui.draw_tip();
        ui.camera_off();
        last_buttons = std::mem::take(&mut ui.buttons);
        last_cut = std::mem::take(&mut ui.cut);
        if settings != before {
            if let Err(e) = settings.save(&places.saves) {
                eprintln!("warning: cannot keep the settings: {e}");
            }
        }
        if let Screen::Play(p) = &screen {
            let known = last_game.as_ref().map(|g| g.0.commands().len());
            if scripted && known != Some(p.game().commands().len()) {
                last_game = Some((p.game().clone(), p.seats().to_vec()));
            }
        }
        if let Some(name) = shot {
            let mut image = get_screen_data();
            write_png(&mut image, &start.shots.join(format!("{name}.png")))?;
        }
        if let Some(n) = next {
            screen = n;
            // A script's next step must see the new screen's buttons, drawn next frame.
            if let Some(player) = &mut script {
                player.hold(1);
            }
        }
        next_frame().await;
    }
}
