//! The forces a battle is fought with, in tactical terms (RULINGS §9).
//!
//! Every die a side would have rolled in the strategic combat becomes one [`Element`]. The
//! strategic game says what kind of troops each die is ([`Arm`], [`Quality`], whether it starts
//! in a building); each ruleset reads those words in its own period (a [`Arm::Guns`] die is a
//! fieldpiece in OMOG 19C, a battery in "6+", a field gun in The Dice Flew). A force written by
//! hand (`omms battle`) may instead name a ruleset's own troop type, which the ruleset checks.

use serde::{Deserialize, Serialize};

/// The kind of troops a die brings, in words every ruleset understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    /// Men on foot with the period's shoulder arm.
    Foot,
    /// Mounted men (or, in a motorised period, fast light vehicles).
    Horse,
    /// A field gun and its crew.
    Guns,
    /// A rapid-fire weapon and its crew (a Gatling, a machine gun).
    MachineGun,
    /// Armoured troops (in a motorised period, tanks).
    Armour,
}

impl Arm {
    /// Every arm, in the order force strings and menus list them.
    pub const ALL: [Arm; 5] = [
        Arm::Foot,
        Arm::Horse,
        Arm::Guns,
        Arm::MachineGun,
        Arm::Armour,
    ];

    /// Its name in force strings.
    pub fn name(self) -> &'static str {
        match self {
            Arm::Foot => "foot",
            Arm::Horse => "horse",
            Arm::Guns => "guns",
            Arm::MachineGun => "mg",
            Arm::Armour => "armour",
        }
    }
}

/// How well trained an element is.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Quality {
    /// Militia or conscripts.
    Green,
    /// Ordinary troops.
    #[default]
    Regular,
    /// Veterans, guards, elite.
    Elite,
}

/// One die's worth of troops.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Element {
    /// What kind of troops.
    pub arm: Arm,
    /// Their training.
    #[serde(default, skip_serializing_if = "is_regular")]
    pub quality: Quality,
    /// Starts in a building at the objective (a settlement's die).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub garrison: bool,
    /// A troop type of the ruleset's own (its [`TroopType::name`]), overriding how the ruleset
    /// would read `arm`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub troop: Option<String>,
}

fn is_regular(q: &Quality) -> bool {
    *q == Quality::Regular
}

impl Element {
    /// Regular troops of `arm`, in the field.
    pub fn new(arm: Arm) -> Element {
        Element {
            arm,
            quality: Quality::Regular,
            garrison: false,
            troop: None,
        }
    }

    /// The same, starting in a building.
    pub fn in_garrison(self) -> Element {
        Element {
            garrison: true,
            ..self
        }
    }
}

/// One side's elements.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Force {
    /// One per die.
    pub elements: Vec<Element>,
}

impl Force {
    /// Elements in it.
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    /// Whether it has none.
    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }

    /// Elements that start in buildings.
    pub fn garrison(&self) -> impl Iterator<Item = &Element> {
        self.elements.iter().filter(|e| e.garrison)
    }

    /// Elements that start in the field.
    pub fn field(&self) -> impl Iterator<Item = &Element> {
        self.elements.iter().filter(|e| !e.garrison)
    }

    /// The force as it attacks: when it attacks a fortification's walls with no guns of its
    /// own, a siege gun joins it — an element of guns of the ruleset's `troop` (e.g. an
    /// off-table battery). A ruleset that answers walls so says why in its doc (issue 15: two
    /// companies of foot could not touch the men behind them).
    pub fn against_walls(&self, fortified: bool, troop: &str) -> Force {
        let mut f = self.clone();
        if fortified && !self.elements.iter().any(|e| e.arm == Arm::Guns) {
            f.elements.push(Element {
                troop: Some(troop.to_string()),
                ..Element::new(Arm::Guns)
            });
        }
        f
    }
}

/// Both sides.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Forces {
    /// The attacker.
    pub attacker: Force,
    /// The defender.
    pub defender: Force,
    /// The optional rules both fight under (see [`super::options`]); none said: the ruleset's
    /// defaults.
    #[serde(default, skip_serializing_if = "super::options::RuleOptions::is_empty")]
    pub options: super::options::RuleOptions,
}

/// A troop type a ruleset offers beyond its reading of the arms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TroopType {
    /// Its name in force strings (lowercase, hyphenated).
    pub name: &'static str,
    /// The arm it belongs to.
    pub arm: Arm,
    /// One line for players.
    pub about: &'static str,
}

/// Parse a hand-written force: comma-separated elements `[N*]TYPE[/elite|/green][@house]`,
/// where TYPE is an arm (`foot`, `horse`, `guns`, `mg`, `armour`) or one of `troops`' names;
/// e.g. `2*foot,horse/elite` or `foot@house,mg@house`.
pub fn parse_elements(s: &str, troops: &[TroopType]) -> Result<Force, String> {
    let bad = |why: String| {
        let names: Vec<&str> = Arm::ALL
            .iter()
            .map(|a| a.name())
            .chain(troops.iter().map(|t| t.name))
            .collect();
        format!(
            "{s:?}: {why}; expected [N*]TYPE[/elite|/green][@house],… with TYPE one of {}",
            names.join(", ")
        )
    };
    let mut elements = Vec::new();
    for part in s.split(',').map(str::trim) {
        let (count, rest) = match part.split_once('*') {
            Some((n, rest)) => (
                n.trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|n| (1..=8).contains(n))
                    .ok_or_else(|| bad(format!("{n:?} is not a count from 1 to 8")))?,
                rest,
            ),
            None => (1, part),
        };
        let (rest, garrison) = match rest.strip_suffix("@house") {
            Some(r) => (r, true),
            None => (rest, false),
        };
        let (name, quality) = match rest.split_once('/') {
            Some((n, "elite")) => (n, Quality::Elite),
            Some((n, "green")) => (n, Quality::Green),
            Some((_, q)) => return Err(bad(format!("unknown quality {q:?}"))),
            None => (rest, Quality::Regular),
        };
        let name = name.trim().to_ascii_lowercase();
        let (arm, troop) = match Arm::ALL.iter().find(|a| a.name() == name) {
            Some(a) => (*a, None),
            None => match troops.iter().find(|t| t.name == name) {
                Some(t) => (t.arm, Some(t.name.to_string())),
                None => return Err(bad(format!("unknown troop type {name:?}"))),
            },
        };
        for _ in 0..count {
            elements.push(Element {
                arm,
                quality,
                garrison,
                troop: troop.clone(),
            });
        }
    }
    if elements.is_empty() || elements.len() > 8 {
        return Err(bad(format!("{} elements (1 to 8 allowed)", elements.len())));
    }
    Ok(Force { elements })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LANCERS: TroopType = TroopType {
        name: "lancers",
        arm: Arm::Horse,
        about: "",
    };

    #[test]
    fn force_strings_name_arms_counts_qualities_and_troop_types() {
        let f = parse_elements("2*foot, horse/elite, lancers@house", &[LANCERS]).unwrap();
        assert_eq!(f.len(), 4);
        assert_eq!(f.elements[0], Element::new(Arm::Foot));
        assert_eq!(f.elements[2].quality, Quality::Elite);
        assert_eq!(f.elements[3].troop.as_deref(), Some("lancers"));
        assert!(f.elements[3].garrison);
        assert_eq!(f.elements[3].arm, Arm::Horse);
    }

    #[test]
    fn bad_force_strings_name_what_is_wrong() {
        let e = parse_elements("dragons", &[LANCERS]).unwrap_err();
        assert!(
            e.contains("unknown troop type") && e.contains("lancers"),
            "{e}"
        );
        assert!(parse_elements("9*foot", &[]).unwrap_err().contains("count"));
        assert!(parse_elements("foot/tired", &[]).is_err());
        assert!(parse_elements("5*foot,4*foot", &[]).is_err());
    }
}
