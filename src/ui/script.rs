//! Scripted input: a list of clicks, keys and waits that drives the real UI, for tests and
//! documentation screenshots, as a person at the screen would.
//!
//! One step a line; `#` starts a comment:
//! - `click X Y` — a click at screen pixels;
//! - `hover X Y` — the pointer moves there without clicking;
//! - `button LABEL` — a click on the button whose label is (or starts with) LABEL;
//! - `map LON LAT` — a click on the map at that longitude and latitude;
//! - `key C` — a typed character, or `key backspace`, `key enter`, `key escape`, `key space`;
//! - `type TEXT` — the characters of TEXT, typed at once;
//! - `wait N` — N frames with no input;
//! - `shot NAME` — write NAME.png into the screenshot folder;
//! - `save FILE` — write the game in progress to FILE;
//! - `bench N` — time N frames and print the median and p99;
//! - `table X Y` — a click on the tactical table, X and Y inches from its south-west corner;
//! - `table-hover X Y` — the pointer moves there on the tactical table.

use std::path::Path;

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
            "table" => match nums().as_deref() {
                Some([x, y]) => Step::Table([*x, *y]),
                _ => return Err(bad()),
            },
            "table-hover" => match nums().as_deref() {
                Some([x, y]) => Step::TableHover([*x, *y]),
                _ => return Err(bad()),
            },
            "button" if !rest.is_empty() => Step::Button(rest.to_string()),
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
            "shot" if !rest.is_empty() => Step::Shot(rest.to_string()),
            "save" if !rest.is_empty() => Step::Save(rest.to_string()),
            _ => return Err(bad()),
        });
    }
    Ok(out)
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
            "# menu\nbutton New game\nclick 10 20\nhover 1 2\nmap 1.5 42.5  # Andorra\nkey f\nkey backspace\ntype Ann Lee\nwait 3\nshot a\nsave g.json\nbench 5\ntable 24 3.5\ntable-hover 1 2\n",
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
