//! What a hover card says about a stack, a settlement or a place, and the odds of an attack.
//! Presentation only: every number is the engine's (dice, odds, ownership, who moved).

use crate::map::{PlaceId, PlaceKind};
use crate::rules::{
    defence_bonus, defence_dice, odds, strongest, Dice, MapBoard, Phase, SettlementId, State,
    Target, UnitId,
};
use crate::ui::widgets::count;

/// One line per unit of a stack: type and number, owner, dice, and what it has done this turn.
pub(super) fn stack_card(state: &State, board: &MapBoard, units: &[UnitId]) -> Vec<String> {
    let mut lines = Vec::new();
    if units.len() > 1 {
        lines.push(format!("A stack of {} units:", units.len()));
    }
    for &id in units {
        let Some(u) = state.unit(id) else { continue };
        let bonus = defence_bonus(state, board, id).0;
        let bought = match u.bonus_dice().0 {
            0 => String::new(),
            n => format!(" (+{n} bought)"),
        };
        let done = if u.owner() != state.current_player() {
            String::new()
        } else if state.phase() == Phase::Attack || u.attacked() {
            if u.attacked() {
                " · has attacked".into()
            } else {
                " · may attack".into()
            }
        } else if u.moved() {
            " · has moved".into()
        } else {
            " · not moved yet".into()
        };
        lines.push(format!(
            "{} {} ({}) · attack {}{bought} · defence {}{}{done}",
            u.kind().name(),
            id.0,
            state.player(u.owner()).name(),
            count(usize::from(u.attack_dice().0), "die", "dice"),
            count(usize::from(defence_dice(state, board, id).0), "die", "dice"),
            if bonus > 0 {
                format!(" (+{bonus} here)")
            } else {
                String::new()
            }
        ));
    }
    lines
}

/// "Scout 3", "Guard 4": units as the panel and the log name them.
pub(super) fn unit_names(state: &State, units: &[UnitId]) -> Vec<String> {
    units
        .iter()
        .filter_map(|u| {
            state
                .unit(*u)
                .map(|x| format!("{} {}", x.kind().name(), u.0))
        })
        .collect()
}

/// Who may raise units in a settlement of this kind.
fn raising(kind: PlaceKind) -> &'static str {
    match kind {
        PlaceKind::City | PlaceKind::Town => {
            "Its owner may raise units here with royal cards or clubs."
        }
        PlaceKind::Village | PlaceKind::Suburb => {
            "Its owner may raise units here with royal cards (clubs need a town or city)."
        }
    }
}

/// A settlement: name and kind, owner, coin, defence, garrison, siege, and who may raise units.
pub(super) fn settlement_card(
    state: &State,
    id: SettlementId,
    round_of: &dyn Fn(u32) -> u32,
) -> Vec<String> {
    let Some(s) = state.settlement(id) else {
        return Vec::new();
    };
    let owner = state.player(s.owner());
    let mut lines = vec![format!(
        "{} ({}) · {}'s {}{}",
        s.name(),
        s.kind().as_str(),
        owner.name(),
        if s.is_fort() {
            "fortification (2p coin, +2 defence dice)"
        } else {
            "settlement (1p coin, +1 defence die)"
        },
        if owner.base() == Some(id) {
            ", their base"
        } else {
            ""
        }
    )];
    let garrison = state.defenders(id);
    lines.push(if garrison.is_empty() {
        "No garrison: any enemy unit in reach captures it.".into()
    } else {
        format!("Garrison: {}", unit_names(state, &garrison).join(", "))
    });
    if let Some(clock) = state.sieges().get(&id) {
        lines.push(format!(
            "Under siege since round {}: every road out is closed.",
            round_of(clock.since_turn())
        ));
    }
    lines.push(raising(s.kind()).into());
    lines
}

/// A playable place with nobody's settlement on it.
pub(super) fn place_card(board: &MapBoard, place: PlaceId) -> Vec<String> {
    let p = board.map().place(place);
    vec![
        format!("{} ({}) · no settlement yet", p.name(), p.kind().as_str()),
        "A unit of yours standing on it can settle it with spades (and the food for it).".into(),
    ]
}

/// The exact odds of `unit` attacking `target` now, and with one more resource die.
pub(super) fn attack_odds(state: &State, board: &MapBoard, unit: UnitId, target: Target) -> String {
    let Some(u) = state.unit(unit) else {
        return String::new();
    };
    let defenders = match target {
        Target::Unit(t) => state.stack_of(t),
        Target::Settlement(s) => state.defenders(s),
    };
    let Some(d) = strongest(state, board, &defenders)
        .first()
        .map(|d| defence_dice(state, board, *d))
    else {
        return "Nobody defends it: attacking captures it.".into();
    };
    let a = u.attack_dice();
    let o = odds(a, d);
    let bought = match u.bonus_dice().0 {
        0 => String::new(),
        n => format!(" (with {n} bought)"),
    };
    let mut t = format!(
        "{} against {}{bought}: win {:.0}% · lose {:.0}% · stand-off {:.0}%",
        count(usize::from(a.0), "die", "dice"),
        count(usize::from(d.0), "die", "dice"),
        100.0 * o.p_attacker(),
        100.0 * o.p_defender(),
        100.0 * o.p_standoff()
    );
    if a.0 < 4 {
        let o2 = odds(a.plus_capped(Dice(1)), d);
        t.push_str(&format!(
            " · buy +1 die ♦: win {:.0}%",
            100.0 * o2.p_attacker()
        ));
    }
    t
}

/// Whether an attack's odds are bad enough to ask first: losing is likelier than winning.
pub(super) fn bad_odds(
    state: &State,
    board: &MapBoard,
    unit: UnitId,
    target: Target,
) -> Option<String> {
    let u = state.unit(unit)?;
    let defenders = match target {
        Target::Unit(t) => state.stack_of(t),
        Target::Settlement(s) => state.defenders(s),
    };
    let d = defence_dice(state, board, *strongest(state, board, &defenders).first()?);
    let o = odds(u.attack_dice(), d);
    (o.p_defender() > o.p_attacker()).then(|| {
        format!(
            "Win {:.0}% · lose {:.0}% · stand-off {:.0}%: your {} is likelier lost than the target.",
            100.0 * o.p_attacker(),
            100.0 * o.p_defender(),
            100.0 * o.p_standoff(),
            u.kind().name()
        )
    })
}
