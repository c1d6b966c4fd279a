//! `omms battle --play`: the table screen in a window of its own, without the strategic game,
//! driven by the mouse or by a script (the same steps as the main UI's, plus `table X Y`).

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use macroquad::input::{
    is_key_pressed, is_mouse_button_pressed, mouse_position, KeyCode, MouseButton,
};
use macroquad::texture::get_screen_data;
use macroquad::time::get_frame_time;
use macroquad::window::next_frame;

use super::super::script::{Frame, Player, Step};
use super::super::settings::Settings;
use super::super::widgets::{Input, Ui};
use super::super::{parent_dir, window_conf, write_png, Fonts};
use super::{TableDone, TableScreen};
use crate::tactical::ruleset::{BattleOutcome, Summary};
use crate::tactical::BattleLog;

/// How the window was left.
#[derive(Debug, Clone)]
pub struct Finished {
    /// The result, if the battle ended and the player clicked Done.
    pub done: Option<TableDone>,
    /// How it ended, if it did.
    pub outcome: Option<BattleOutcome>,
    /// Turns and losses as it stood.
    pub summary: Summary,
    /// Every command executed.
    pub log: BattleLog,
}

/// Play `play` in a window until the player clicks Done on the result, closes the window, or
/// the script runs out. `Ok(None)` when the window was closed before the battle ended.
pub fn run(
    mut play: Box<dyn TableScreen>,
    script: Option<Vec<Step>>,
    shots: PathBuf,
) -> Result<Option<Finished>, String> {
    if !shots.is_dir() {
        return Err(format!(
            "cannot write screenshots into {}: no such folder",
            shots.display()
        ));
    }
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        return Err(
            "no display to open the table's window on (DISPLAY is not set); run under xvfb-run"
                .into(),
        );
    }
    play.set_done_label("Done");
    let title = format!("OMMS — battle at {}", play.field().place_name);
    let outcome: Rc<RefCell<Option<Result<Finished, String>>>> = Rc::new(RefCell::new(None));
    let slot = Rc::clone(&outcome);
    // The battle as it ended, kept in case the window is closed without clicking Done.
    let ended: Rc<RefCell<Option<Finished>>> = Rc::new(RefCell::new(None));
    let ended_slot = Rc::clone(&ended);
    let conf = window_conf(title, script.is_some());
    let opened = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
        macroquad::Window::from_config(conf, async move {
            let r = play_loop(play, script, &shots, &ended_slot).await;
            *slot.borrow_mut() = Some(r);
        })
    }));
    if opened.is_err() {
        return Err("cannot open a window to play the battle in".into());
    }
    let result = outcome.borrow_mut().take();
    // Closing the window ends the loop without a result: the battle was left, over or not.
    match result {
        Some(r) => r.map(Some),
        None => Ok(ended.borrow_mut().take()),
    }
}

async fn play_loop(
    mut play: Box<dyn TableScreen>,
    script: Option<Vec<Step>>,
    shots: &Path,
    ended: &RefCell<Option<Finished>>,
) -> Result<Finished, String> {
    let fonts = Fonts::load()?;
    // The UI scale the game's Settings chose (kept beside the default saves folder).
    let settings = Settings::load(Path::new("saves"));
    let mut script = script.map(|steps| {
        let mut p = Player::new(steps, "table frame_ms");
        // Table points asked for in inches wait for the first frame's layout.
        p.hold(1);
        p
    });
    let mut last_buttons: Vec<(String, [f32; 4])> = Vec::new();
    let mut last_cut: Vec<String> = Vec::new();
    // The button tooltip of the last frame, for a script's `expect-tip` (else the table's hover).
    let mut last_tip: Option<String> = None;
    let finished = |play: &dyn TableScreen, done| Finished {
        done,
        outcome: play.outcome(),
        summary: play.summary(),
        log: play.log(),
    };
    loop {
        let mut input = Input::default();
        let mut shot = None;
        if let Some(player) = &mut script {
            let at_table = |p: [f64; 2]| {
                play.screen_point(p)
                    .ok_or_else(|| "script: the table is not drawn yet".to_string())
            };
            match player.frame(&mut input, &last_buttons)? {
                Frame::Input => {}
                Frame::End => return Ok(finished(&*play, None)),
                Frame::Own(Step::Table(p)) => player.click(&mut input, at_table(p)?),
                Frame::Own(Step::TableHover(p)) => player.hover(&mut input, at_table(p)?),
                Frame::Own(Step::Map(_) | Step::Centre(_)) => {
                    return Err(
                        "script: `map` and `centre` need the strategic board on screen".into(),
                    )
                }
                Frame::Own(Step::Shot(name)) => shot = Some(name),
                Frame::Own(Step::Save(file)) => save(&*play, Path::new(&file))?,
                Frame::Own(Step::ExpectWhole(want)) => {
                    super::super::script::expect_whole(want.as_deref(), &last_cut)?
                }
                Frame::Own(Step::ExpectTip(want)) => {
                    let tip = last_tip.clone().or_else(|| play.tip());
                    if !tip.as_deref().is_some_and(|t| t.contains(&want)) {
                        return Err(format!(
                            "script: expected a hover box with {want:?}, the table shows {tip:?}"
                        ));
                    }
                }
                Frame::Own(other) => {
                    return Err(format!("script: {other:?} is not understood here"))
                }
            }
        } else {
            let (x, y) = mouse_position();
            input.mouse = [x, y];
            input.clicked = is_mouse_button_pressed(MouseButton::Left);
            input.dt = get_frame_time();
            let keys = [
                (KeyCode::F, 'f'),
                (KeyCode::E, 'e'),
                (KeyCode::Equal, '+'),
                (KeyCode::KpAdd, '+'),
                (KeyCode::Minus, '-'),
                (KeyCode::KpSubtract, '-'),
                (KeyCode::Key0, '0'),
            ];
            for (key, c) in keys {
                if is_key_pressed(key) {
                    input.chars.push(c);
                }
            }
        }
        let mut ui = Ui::new(&fonts, &input);
        ui.set_scale(settings.effective_scale([
            macroquad::window::screen_width(),
            macroquad::window::screen_height(),
        ]));
        let done = play.frame(&mut ui);
        // A button's tooltip (a refusal's reason, say) shows as in the game's window.
        last_tip = ui.tip_text().map(str::to_string);
        ui.draw_tip();
        ui.camera_off();
        last_buttons = std::mem::take(&mut ui.buttons);
        last_cut = std::mem::take(&mut ui.cut);
        if let Some(name) = shot {
            let mut image = get_screen_data();
            write_png(&mut image, &shots.join(format!("{name}.png")))?;
        }
        if let Some(done) = done {
            return Ok(finished(&*play, Some(done)));
        }
        if play.outcome().is_some() && ended.borrow().is_none() {
            *ended.borrow_mut() = Some(finished(&*play, None));
        }
        next_frame().await;
    }
}

/// The battle so far as JSON: the commands that replay it, and the position they lead to.
fn save(play: &dyn TableScreen, path: &Path) -> Result<(), String> {
    let json = play.position_json();
    let dir = parent_dir(path);
    if !dir.is_dir() {
        return Err(format!("cannot save to {}: no such folder", path.display()));
    }
    crate::sim::write_atomically(path, json.to_string().as_bytes()).map_err(|e| e.to_string())
}
