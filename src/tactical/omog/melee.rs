//! Hand to hand, the same in 19C and Musket: who fights whom once the shooting is done, the
//! table of bonuses, and who falls.

use serde::{Deserialize, Serialize};

use super::figure::{Figure, FigureId, Kit};
use super::movement::Mount;
use super::roster::Roster;
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::table::{distance, inches};

/// Figures this close (centre to centre) are in contact for hand to hand.
pub fn contact() -> f64 {
    inches(1.0)
}

/// A hand-to-hand bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeleeModifier {
    /// A horseman fighting a man on foot.
    CavalryVsFoot,
    /// Heavy cavalry charging men on foot (replaces the +1 above).
    HeavyCavalryChargingFoot,
    /// A lancer charging cavalry in the open.
    LancerChargingCavalry,
    /// Heavy cavalry charging light cavalry.
    HeavyChargingLight,
    /// A man with a bayonet (not in houses or woods).
    Bayonet,
    /// A bayonet charge, on top of the bayonet.
    BayonetCharge,
    /// Elite troops.
    Elite,
    /// Tomahawk, knife, club, or a rifleman without a bayonet (OMOG Musket).
    PoorHandWeapon,
    /// One of two fighting one.
    TwoToOne,
    /// Fighting a man in armour (a cuirassier).
    VsArmour,
    /// First of three fighting one.
    FirstOfThree,
    /// Second of three fighting one.
    SecondOfThree,
}

impl MeleeModifier {
    /// Its effect on the die.
    pub fn value(self) -> i8 {
        match self {
            MeleeModifier::CavalryVsFoot => 1,
            MeleeModifier::HeavyCavalryChargingFoot => 2,
            MeleeModifier::LancerChargingCavalry => 1,
            MeleeModifier::HeavyChargingLight => 1,
            MeleeModifier::Bayonet => 1,
            MeleeModifier::BayonetCharge => 1,
            MeleeModifier::Elite => 1,
            MeleeModifier::PoorHandWeapon => -1,
            MeleeModifier::TwoToOne => 1,
            MeleeModifier::VsArmour => -1,
            MeleeModifier::FirstOfThree => 1,
            MeleeModifier::SecondOfThree => 2,
        }
    }

    /// The bonus for the `k`-th (from 0) of `n` men fighting one, if any.
    pub fn for_numbers(n: usize, k: usize) -> Option<MeleeModifier> {
        match (n, k) {
            (2, _) => Some(MeleeModifier::TwoToOne),
            (3, 0) => Some(MeleeModifier::FirstOfThree),
            (3, 1) => Some(MeleeModifier::SecondOfThree),
            _ => None,
        }
    }
}

/// One fight: a man alone against one to three enemies in contact with him, in the order they
/// roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fight {
    /// The man fighting alone.
    pub lone: FigureId,
    /// His opponents, nearest first.
    pub opponents: Vec<FigureId>,
}

/// Who fights whom: every figure in contact with enemies fights once, the lone man of each fight
/// against up to three opponents, in figure order.
pub fn pairings<K: Kit>(roster: &Roster<K>) -> Vec<Fight> {
    let mut fought: Vec<FigureId> = Vec::new();
    let mut out = Vec::new();
    for me in roster.figures().iter().filter(|f| f.alive()) {
        if fought.contains(&me.id()) {
            continue;
        }
        let mut foes: Vec<&Figure<K>> = roster
            .living(me.side().other())
            .filter(|e| {
                !fought.contains(&e.id()) && distance(e.pos(), me.pos()) <= contact() + 1e-9
            })
            .collect();
        if foes.is_empty() {
            continue;
        }
        foes.sort_by(|a, b| {
            distance(a.pos(), me.pos())
                .total_cmp(&distance(b.pos(), me.pos()))
                .then(a.id().cmp(&b.id()))
        });
        foes.truncate(3);
        fought.push(me.id());
        fought.extend(foes.iter().map(|f| f.id()));
        out.push(Fight {
            lone: me.id(),
            opponents: foes.iter().map(|f| f.id()).collect(),
        });
    }
    out
}

/// The bonuses `me` fights `foe` with, numbers aside.
pub fn modifiers<K: Kit>(
    field: &Battlefield,
    me: &Figure<K>,
    foe: &Figure<K>,
) -> Vec<MeleeModifier> {
    let mut mods = Vec::new();
    if me.mount() == Mount::Horse && foe.mount() == Mount::Foot {
        mods.push(MeleeModifier::CavalryVsFoot);
    }
    let kinds = field.area_kinds_at(me.pos());
    let sheltered = kinds.contains(&AreaKind::House) || kinds.contains(&AreaKind::Woods);
    if me.mount() == Mount::Foot && me.kit().bayonet() && !sheltered {
        mods.push(MeleeModifier::Bayonet);
        if me.charging() {
            mods.push(MeleeModifier::BayonetCharge);
        }
    }
    mods
}

/// A fight fought: totals and who fell.
#[derive(Debug, Clone, PartialEq)]
pub struct Bout {
    /// The lone man's total.
    pub lone_total: i8,
    /// Each opponent and his total (`None` for the third of three, who needs no roll, and for
    /// opponents who never rolled because the lone man had already fallen).
    pub opponents: Vec<(FigureId, Option<i8>)>,
    /// Who fell.
    pub fallen: Vec<FigureId>,
}

impl Bout {
    /// Dice the fight took.
    pub fn dice(&self) -> u64 {
        1 + self.opponents.iter().filter(|(_, t)| t.is_some()).count() as u64
    }
}

/// Fight `fight` with `die` rolling each man's die in turn: the lone man first, then each
/// opponent until the lone man falls; the third of three removes him if he still stands.
pub fn fight<K: Kit>(
    field: &Battlefield,
    roster: &Roster<K>,
    fight: &Fight,
    mut die: impl FnMut() -> u8,
) -> Bout {
    let total = |m: &[MeleeModifier]| m.iter().map(|x| x.value()).sum::<i8>();
    let me = roster.figure(fight.lone).expect("a fighter");
    let foes: Vec<&Figure<K>> = fight
        .opponents
        .iter()
        .filter_map(|id| roster.figure(*id))
        .collect();
    let lone_total = die() as i8 + total(&modifiers(field, me, foes[0]));
    let mut opponents = Vec::new();
    let mut fallen = Vec::new();
    let n = foes.len();
    for (k, foe) in foes.iter().enumerate() {
        if n == 3 && k == 2 {
            // The rule of three: the third removes him if he still stands.
            opponents.push((foe.id(), None));
            fallen.push(me.id());
            break;
        }
        let numbers = MeleeModifier::for_numbers(n, k).map_or(0, |m| m.value());
        let t = die() as i8 + total(&modifiers(field, foe, me)) + numbers;
        opponents.push((foe.id(), Some(t)));
        if t > lone_total {
            fallen.push(me.id());
            break;
        } else if t < lone_total {
            fallen.push(foe.id());
        }
    }
    Bout {
        lone_total,
        opponents,
        fallen,
    }
}
