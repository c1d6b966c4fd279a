//! The move-phase orders both OMOG views give alike besides a plain move: charge, mount or
//! dismount, climb onto a roof, and face (to repel horses). A button picks the order the next
//! click gives; the click becomes the OMOG core's [`MoveOrder`], which each ruleset turns into
//! its own command, and the hover shows the engine's own verdict on exactly that command.

use super::super::widgets::Ui;
use super::view::{Grid, Hover, Tone};
use crate::tactical::omog::orders::{How, MoveOrder};
use crate::tactical::omog::{FigureId, Mount};
use crate::tactical::table::{distance, TablePoint, MM_PER_INCH};

/// What the next click on the table does with the picked man in his move phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum Mode {
    /// Go there.
    #[default]
    Move,
    /// Charge into contact.
    Charge,
    /// Go there and mount (a man with a horse) or dismount (a horseman).
    Remount,
    /// Go into the house there and up onto its roof.
    Climb,
    /// Turn to face the point.
    Face,
}

impl Mode {
    /// The order a click at `to` gives the man standing at `from`.
    pub(super) fn order(self, figure: FigureId, from: TablePoint, to: TablePoint) -> MoveOrder {
        let how = match self {
            Mode::Face => return MoveOrder::Face { figure, toward: to },
            Mode::Move => How::Walk,
            Mode::Charge => How::Charge,
            Mode::Remount => How::Remount,
            Mode::Climb => How::Climb,
        };
        MoveOrder::Go {
            figure,
            path: vec![from, to],
            how,
        }
    }

    /// Whether the mode is one of the orders besides moving and charging, which a click gives
    /// wherever it lands (a click on the picked man himself gives it where he stands).
    pub(super) fn special(self) -> bool {
        matches!(self, Mode::Remount | Mode::Climb | Mode::Face)
    }

    /// What to click next, for the panel's hint.
    pub(super) fn hint(self) -> &'static str {
        match self {
            Mode::Move => "Click where he should go.",
            Mode::Charge => "Click the enemy he should charge.",
            Mode::Remount => {
                "Click where he should go and mount or dismount there, or the man himself to do \
                 it where he stands."
            }
            Mode::Climb => {
                "Click a house to go in and up onto its roof, or the man himself if he is in one."
            }
            Mode::Face => "Click the point he should turn to face.",
        }
    }

    /// What the order is called, for a man on `mount`.
    pub(super) fn verb(self, mount: Mount) -> &'static str {
        match (self, mount) {
            (Mode::Move, _) => "move",
            (Mode::Charge, _) => "charge",
            (Mode::Remount, Mount::Horse) => "dismount",
            (Mode::Remount, Mount::Foot) => "mount",
            (Mode::Climb, _) => "climb onto the roof",
            (Mode::Face, _) => "face",
        }
    }
}

/// The buttons that pick the next click's order (Charge, Mount or Dismount, Climb, Face); each
/// pressed again goes back to a plain move. `enabled` when the human's own man is picked in his
/// move phase; `horse` is the picked man's mount when he has a horse.
pub(super) fn mode_buttons(
    mode: &mut Mode,
    ui: &mut Ui,
    grid: &mut Grid,
    enabled: bool,
    horse: Option<Mount>,
) {
    let remount = match horse {
        Some(Mount::Horse) => "Dismount",
        _ => "Mount",
    };
    let buttons = [
        (Mode::Charge, "Charge", "then an enemy: charge into contact"),
        (
            Mode::Remount,
            remount,
            "then a point: go there and change mount",
        ),
        (
            Mode::Climb,
            "Climb",
            "then a house: go in and onto its roof",
        ),
        (Mode::Face, "Face", "then a point: turn to face it"),
    ];
    for (m, name, tip) in buttons {
        let on = *mode == m;
        let label = if on {
            format!("{name}: on")
        } else {
            name.to_string()
        };
        let ok = enabled && (m != Mode::Remount || horse.is_some());
        if ui.button_named(name, &label, grid.cell(), ok, Some(tip)) {
            *mode = if on { Mode::Move } else { m };
        }
    }
}

/// The hover over `to` for a man at `from` given `mode`'s order: what it is, then the
/// engine's verdict — the share of his move it uses, or why not.
pub(super) fn order_hover(
    who: String,
    mode: Mode,
    mount: Mount,
    from: TablePoint,
    to: TablePoint,
    verdict: Result<Option<f64>, String>,
) -> Hover {
    let mut h = Hover::lines(vec![format!("{who}: {}", mode.verb(mount))]);
    let ok = verdict.is_ok();
    h.lines.push(match verdict {
        Ok(Some(used)) => (
            format!(
                "{} using {:.0}% of his move",
                inch(distance(from, to)),
                used * 100.0
            ),
            Tone::Good,
        ),
        Ok(None) => ("his order of this move".into(), Tone::Good),
        Err(e) => (e, Tone::Bad),
    });
    h.path = Some((from, to, ok));
    h
}

/// The order the engine just carried out, when it was a move along a path: who, the path and
/// how. Its events say only where the man ended up, so the log reads the rest off the order.
pub(super) type Told<'a> = Option<(FigureId, &'a [TablePoint], How)>;

/// What the order being told did with `figure`: how he went and how far along its path (mm).
/// `None` when it was another man's order (a crewman going along with the gun he helps push).
pub(super) fn went(told: Told, figure: FigureId) -> Option<(How, f64)> {
    let (who, path, how) = told?;
    let mm = path.windows(2).map(|w| distance(w[0], w[1])).sum();
    (who == figure).then_some((how, mm))
}

/// Whether a distance reads as standing still (it would show as 0.0″).
pub(super) fn in_place(mm: f64) -> bool {
    mm < 0.05 * MM_PER_INCH
}

/// Inches, to one decimal, with the inch mark.
pub(super) fn inch(mm: f64) -> String {
    format!("{:.1}″", mm / MM_PER_INCH)
}
