//! Scripted input: a list of clicks, keys and waits that drives the real UI, for tests and
//! documentation screenshots, as a person at the screen would.
//!
//! One step a line; `#` starts a comment:
//! - `click X Y` — a click at screen pixels;
//! - `hover X Y` — the pointer moves there without clicking;
//! - `button LABEL` — a click on the button whose label is (or starts with) LABEL;
//! - `map LON LAT` — a click on the map at that longitude and latitude (`hover-map LON LAT`
//!   moves the pointer there);
//! - `unit N` — a click on unit N's coin, wherever its stack is drawn (`hover-unit N` moves the
//!   pointer there without clicking);
//! - `key C` — a typed character, or `key backspace`, `key enter`, `key escape`, `key space`;
//! - `type TEXT` — the characters of TEXT, typed at once;
//! - `wait N` — N frames with no input;
//! - `shot NAME` — write NAME.png into the screenshot folder;
//! - `save FILE` — write the game in progress to FILE;
//! - `bench N` — time N frames and print the median and p99;
//! - `table X Y` — a click on the tactical table, X and Y inches from its south-west corner;
//! - `table-hover X Y` — the pointer moves there on the tactical table;
//! - `wheel N` — N notches of the mouse wheel where the pointer is (positive: away from you);
//! - `centre LON LAT` — the board brings that map point to the middle of the part of the window
//!   its panels leave free, as clicking a log line's place does (a shot then shows what lies
//!   there);
//! - `hover-button LABEL` — the pointer moves over a button without clicking;
//! - `expect-tip TEXT` — the script fails unless the tooltip or hover card shown in the last
//!   frame contains TEXT;
//! - `expect-on-screen` — the script fails if any button of the last frame lies outside the
//!   window;
//! - `expect-button TEXT` — the script fails unless a button (or named region) of the last
//!   frame has TEXT in its label;
//! - `print-button LABEL` — the named button's window rectangle goes to stderr as
//!   `button LABEL x y w h` (a test measures what the UI scale does with it).

use std::collections::VecDeque;
use std::path::Path;
use std::time::Instant;

/// One step of a script.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// A click at screen pixels.
    Click([f32; 2]),
    /// The pointer moves without a click.
    Hover([f32; 2]),
    /// A click on a named button.
    Button(String),
    /// A click on the map at lon, lat.
    Map([f64; 2]),
    /// The pointer over the map at lon, lat.
    HoverMap([f64; 2]),
    /// A click on a unit's coin, by the unit's number.
    Unit(u32),
    /// The pointer over a unit's coin.
    HoverUnit(u32),
    /// A typed character.
    Key(char),
    /// Typed text.
    Type(String),
    /// Idle frames.
    Wait(u32),
    /// A named screenshot.
    Shot(String),
    /// Save the game to a file.
    Save(String),
    /// Time frames.
    Bench(u32),
    /// A click on the tactical table at inches from its south-west corner.
    Table([f64; 2]),
    /// The pointer moves to a point of the tactical table, in inches.
    TableHover([f64; 2]),
    /// Mouse wheel notches.
    Wheel(f32),
    /// The board looks at a map point (lon, lat): it comes to the middle of the free part of
    /// the window, the zoom kept.
    Centre([f64; 2]),
    /// The pointer over a named button.
    HoverButton(String),
    /// The last frame's tooltip must contain this.
    ExpectTip(String),
    /// Every button of the last frame must lie inside the window.
    ExpectOnScreen,
    /// Some button of the last frame must have this in its label.
    ExpectButton(String),
    /// The last frame must have drawn the named button's or field's text whole, not cut with
    /// an ellipsis (with no name: every one's).
    ExpectWhole(Option<String>),
    /// Print the window rectangle of the named button on stderr (`button LABEL x y w h`), for a
    /// test to measure what the player sees, such as what the UI scale does to it.
    PrintButton(String),
}

/// Read a script file.
pub fn parse(path: &Path) -> Result<Vec<Step>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the script {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let nums =
            || -> Option<Vec<f64>> { rest.split_whitespace().map(|x| x.parse().ok()).collect() };
        let bad = || format!("{}:{}: cannot read {line:?}", path.display(), n + 1);
        out.push(match cmd {
            "click" => match nums().as_deref() {
                Some([x, y]) => Step::Click([*x as f32, *y as f32]),
                _ => return Err(bad()),
            },
            "hover" => match nums().as_deref() {
                Some([x, y]) => Step::Hover([*x as f32, *y as f32]),
                _ => return Err(bad()),
            },
            "map" => match nums().as_deref() {
                Some([x, y]) => Step::Map([*x, *y]),
                _ => return Err(bad()),
            },
            "hover-map" => match nums().as_deref() {
                Some([x, y]) => Step::HoverMap([*x, *y]),
                _ => return Err(bad()),
            },
            "centre" => match nums().as_deref() {
                Some([x, y]) => Step::Centre([*x, *y]),
                _ => return Err(bad()),
            },
            "table" => match nums().as_deref() {
                Some([x, y]) => Step::Table([*x, *y]),
                _ => return Err(bad()),
            },
            "table-hover" => match nums().as_deref() {
                Some([x, y]) => Step::TableHover([*x, *y]),
                _ => return Err(bad()),
            },
            "button" if !rest.is_empty() => Step::Button(rest.to_string()),
            "hover-button" if !rest.is_empty() => Step::HoverButton(rest.to_string()),
            "expect-tip" if !rest.is_empty() => Step::ExpectTip(rest.to_string()),
            "expect-on-screen" => Step::ExpectOnScreen,
            "expect-button" if !rest.is_empty() => Step::ExpectButton(rest.to_string()),
            "expect-whole" => Step::ExpectWhole((!rest.is_empty()).then(|| rest.to_string())),
            "print-button" if !rest.is_empty() => Step::PrintButton(rest.to_string()),
            "unit" => Step::Unit(rest.parse().map_err(|_| bad())?),
            "hover-unit" => Step::HoverUnit(rest.parse().map_err(|_| bad())?),
            "key" => Step::Key(match rest {
                "backspace" => '\u{8}',
                "enter" => '\n',
                "escape" => '\u{1b}',
                "space" => ' ',
                _ if rest.chars().count() == 1 => rest.chars().next().ok_or_else(bad)?,
                _ => return Err(bad()),
            }),
            "type" if !rest.is_empty() => Step::Type(rest.to_string()),
            "wait" => Step::Wait(rest.parse().map_err(|_| bad())?),
            "bench" => Step::Bench(rest.parse().map_err(|_| bad())?),
            "wheel" => Step::Wheel(rest.parse().map_err(|_| bad())?),
            "shot" if !rest.is_empty() => Step::Shot(rest.to_string()),
            "save" if !rest.is_empty() => Step::Save(rest.to_string()),
            _ => return Err(bad()),
        });
    }
    Ok(out)
}

/// What a script asks of this frame.
#[derive(Debug, Clone, PartialEq)]
pub enum Frame {
    /// The input is filled in (or the script is idling): draw the frame.
    Input,
    /// A step only the screen on show can carry out (`map`, `unit`, `table`, `table-hover`,
    /// `save`, `shot`): the screen does it and then draws the frame.
    Own(Step),
    /// The script has run out.
    End,
}

/// Plays a script one frame at a time, as a person at the screen would: the steps every screen
/// understands (clicks, hovers, named buttons, keys, waits, frame timing) are turned into that
/// frame's input here; the rest go back to the screen as [`Frame::Own`].
pub struct Player {
    steps: VecDeque<Step>,
    idle: u32,
    bench: Option<(u32, Vec<f64>, Instant)>,
    mouse: [f32; 2],
    /// Printed before the frame times, so two loops' reports tell apart.
    label: &'static str,
}

impl Player {
    /// A player for `steps`; `label` prefixes the `bench` report (e.g. `frame_ms`).
    pub fn new(steps: Vec<Step>, label: &'static str) -> Player {
        Player {
            steps: steps.into(),
            idle: 0,
            bench: None,
            mouse: [0.0, 0.0],
            label,
        }
    }

    /// Let at least `frames` frames pass before the next step (a new screen draws its buttons
    /// first).
    pub fn hold(&mut self, frames: u32) {
        self.idle = self.idle.max(frames);
    }

    /// Fill `input` for this frame from the script; `buttons` are the labels and rectangles the
    /// previous frame drew. A `button` step naming none of them is an error.
    pub fn frame(
        &mut self,
        input: &mut super::widgets::Input,
        buttons: &[(String, [f32; 4])],
    ) -> Result<Frame, String> {
        input.dt = 1.0 / 60.0;
        input.mouse = self.mouse;
        if self.idle > 0 {
            self.idle -= 1;
            return Ok(Frame::Input);
        }
        if let Some((n, times, last)) = &mut self.bench {
            let now = Instant::now();
            times.push((now - *last).as_secs_f64() * 1000.0);
            *last = now;
            *n -= 1;
            if *n == 0 {
                let (median, p99) = super::frame_stats(times);
                eprintln!(
                    "{} median={median:.2} p99={p99:.2} over {} frames",
                    self.label,
                    times.len()
                );
                self.bench = None;
            }
            return Ok(Frame::Input);
        }
        let Some(step) = self.steps.pop_front() else {
            return Ok(Frame::End);
        };
        match step {
            Step::Click(p) => self.click(input, p),
            Step::Hover(p) => self.hover(input, p),
            Step::Button(label) => {
                let r = find_button(buttons, &label)?;
                self.click(input, [r[0] + r[2] / 2.0, r[1] + r[3] / 2.0]);
            }
            Step::HoverButton(label) => {
                let r = find_button(buttons, &label)?;
                self.hover(input, [r[0] + r[2] / 2.0, r[1] + r[3] / 2.0]);
            }
            Step::ExpectButton(text) => {
                if !buttons.iter().any(|(l, _)| l.contains(&text)) {
                    let all: Vec<&str> = buttons.iter().map(|b| b.0.as_str()).collect();
                    return Err(format!(
                        "script: no button with {text:?} on screen; there are {all:?}"
                    ));
                }
            }
            Step::PrintButton(label) => {
                let r = find_button(buttons, &label)?;
                eprintln!("button {label} {} {} {} {}", r[0], r[1], r[2], r[3]);
            }
            Step::ExpectOnScreen => {
                let (w, h) = (
                    macroquad::window::screen_width(),
                    macroquad::window::screen_height(),
                );
                if let Some((l, r)) = buttons.iter().find(|(_, r)| {
                    r[0] < -0.5 || r[1] < -0.5 || r[0] + r[2] > w + 0.5 || r[1] + r[3] > h + 0.5
                }) {
                    return Err(format!(
                        "script: button {l:?} at {r:?} is outside the {w}×{h} window"
                    ));
                }
            }
            Step::Key(c) => input.chars.push(c),
            Step::Type(text) => input.chars.extend(text.chars()),
            Step::Wait(n) => self.idle = n,
            Step::Bench(n) => self.bench = Some((n.max(1), Vec::new(), Instant::now())),
            Step::Wheel(n) => input.wheel = n,
            own => return Ok(Frame::Own(own)),
        }
        Ok(Frame::Input)
    }

    /// Click at screen pixels `p` this frame (for steps the screen placed itself).
    pub fn click(&mut self, input: &mut super::widgets::Input, p: [f32; 2]) {
        self.hover(input, p);
        input.clicked = true;
    }

    /// Move the pointer to `p` this frame.
    pub fn hover(&mut self, input: &mut super::widgets::Input, p: [f32; 2]) {
        self.mouse = p;
        input.mouse = p;
    }
}

/// A script's `expect-whole`: `cut` are the names whose text the last frame had to cut.
pub fn expect_whole(want: Option<&str>, cut: &[String]) -> Result<(), String> {
    let bad: Vec<&String> = cut
        .iter()
        .filter(|c| want.is_none_or(|w| c.as_str() == w))
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(format!("script: text cut to fit on screen: {bad:?}"))
    }
}

/// The rectangle of the button whose label is (or else starts with) `label`.
fn find_button(buttons: &[(String, [f32; 4])], label: &str) -> Result<[f32; 4], String> {
    buttons
        .iter()
        .find(|(l, _)| l == label)
        .or_else(|| buttons.iter().find(|(l, _)| l.starts_with(label)))
        .map(|b| b.1)
        .ok_or_else(|| {
            let all: Vec<&str> = buttons.iter().map(|b| b.0.as_str()).collect();
            format!("script: no button {label:?} on screen; there are {all:?}")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_read_every_step_and_name_the_bad_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.txt");
        std::fs::write(
            &path,
            "# menu\nbutton New game\nclick 10 20\nhover 1 2\nmap 1.5 42.5  # Andorra\nkey f\nkey backspace\ntype Ann Lee\nwait 3\nshot a\nsave g.json\nbench 5\ntable 24 3.5\ntable-hover 1 2\nwheel -2\nunit 3\nhover-unit 4\nhover-map 1 2\ncentre 14.3 36.0\nhover-button End turn\nexpect-tip Legal: click\nexpect-on-screen\nexpect-button recap\nexpect-whole seed\nexpect-whole\nprint-button Zoom +\n",
        )
        .unwrap();
        assert_eq!(
            parse(&path).unwrap(),
            vec![
                Step::Button("New game".into()),
                Step::Click([10.0, 20.0]),
                Step::Hover([1.0, 2.0]),
                Step::Map([1.5, 42.5]),
                Step::Key('f'),
                Step::Key('\u{8}'),
                Step::Type("Ann Lee".into()),
                Step::Wait(3),
                Step::Shot("a".into()),
                Step::Save("g.json".into()),
                Step::Bench(5),
                Step::Table([24.0, 3.5]),
                Step::TableHover([1.0, 2.0]),
                Step::Wheel(-2.0),
                Step::Unit(3),
                Step::HoverUnit(4),
                Step::HoverMap([1.0, 2.0]),
                Step::Centre([14.3, 36.0]),
                Step::HoverButton("End turn".into()),
                Step::ExpectTip("Legal: click".into()),
                Step::ExpectOnScreen,
                Step::ExpectButton("recap".into()),
                Step::ExpectWhole(Some("seed".into())),
                Step::ExpectWhole(None),
                Step::PrintButton("Zoom +".into()),
            ]
        );
        std::fs::write(&path, "wait 1\nkey tab\n").unwrap();
        let err = parse(&path).unwrap_err();
        assert!(err.ends_with(":2: cannot read \"key tab\""), "{err}");
        std::fs::write(&path, "wait 1\nclick 10\n").unwrap();
        let err = parse(&path).unwrap_err();
        assert!(err.ends_with(":2: cannot read \"click 10\""), "{err}");
    }
}
