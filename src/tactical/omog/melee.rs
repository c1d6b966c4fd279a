//! Hand to hand, the same in 19C and Musket: who fights whom once the shooting is done, the
//! table of bonuses, and who falls.

use serde::{Deserialize, Serialize};

use super::figure::{Figure, FigureId, Kit};
use super::movement::Mount;
use super::roster::Roster;
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::table::{distance, inches, Facing, TablePoint};

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

/// Who fights whom, by who is outnumbered: the figure with the most enemies in contact fights
/// alone against up to three of them (nearest first), then the next most outnumbered among
/// those left, until only pairs remain, which fight one on one. Each figure fights once. Ties go
/// to the lower figure number. (Pairing in figure order instead let the side with the lower
/// numbers turn every two-to-one and rule of three into single fights.)
pub fn pairings<K: Kit>(roster: &Roster<K>) -> Vec<Fight> {
    let living: Vec<&Figure<K>> = roster.figures().iter().filter(|f| f.alive()).collect();
    // Who touches whom, once.
    let touching: Vec<Vec<usize>> = living
        .iter()
        .map(|me| {
            let mut foes: Vec<usize> = (0..living.len())
                .filter(|&j| {
                    living[j].side() != me.side()
                        && distance(living[j].pos(), me.pos()) <= contact() + 1e-9
                })
                .collect();
            foes.sort_by(|&a, &b| {
                distance(living[a].pos(), me.pos())
                    .total_cmp(&distance(living[b].pos(), me.pos()))
                    .then(living[a].id().cmp(&living[b].id()))
            });
            foes
        })
        .collect();
    let mut taken = vec![false; living.len()];
    let mut out = Vec::new();
    loop {
        let free = |i: usize| -> Vec<usize> {
            touching[i].iter().copied().filter(|&j| !taken[j]).collect()
        };
        let pick = (0..living.len())
            .filter(|&i| !taken[i])
            .map(|i| (free(i).len(), i))
            .filter(|&(n, _)| n > 0)
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let Some((_, i)) = pick else { break };
        let mut foes = free(i);
        foes.truncate(3);
        taken[i] = true;
        for &j in &foes {
            taken[j] = true;
        }
        out.push(Fight {
            lone: living[i].id(),
            opponents: foes.iter().map(|&j| living[j].id()).collect(),
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
    let sheltered = |p| {
        let kinds = field.area_kinds_at(p);
        kinds.contains(&AreaKind::House) || kinds.contains(&AreaKind::Woods)
    };
    if me.mount() == Mount::Foot && me.kit().bayonet() && !sheltered(me.pos()) {
        mods.push(MeleeModifier::Bayonet);
        if me.charging() {
            mods.push(MeleeModifier::BayonetCharge);
        }
    }
    let extra = trait_modifiers(me, foe, sheltered);
    if extra.contains(&MeleeModifier::HeavyCavalryChargingFoot) {
        // Heavy cavalry's +2 replaces a horseman's +1 against foot.
        mods.retain(|m| *m != MeleeModifier::CavalryVsFoot);
    }
    mods.extend(extra);
    mods
}

/// How far apart the three men who repel horses may stand from the man the horse charges.
pub fn repel_reach() -> f64 {
    inches(2.0)
}

/// Half the arc a man repelling horses must have the horseman in: he faces him when the
/// horseman is within 45° of straight ahead (the front quarter, as other rulesets' arcs).
pub const REPEL_HALF_ARC_DEG: f64 = 45.0;

/// Whether the charging horseman `horse` is repelled by `foot`'s comrades: three men on foot,
/// `foot` among them, standing within [`repel_reach`] of him and facing the horseman, at least
/// two of them with bayonets who have not fired this turn (the third may have). A repelled
/// charge loses its charge bonus and the horseman's bonus against foot.
pub fn repelled<K: Kit>(roster: &Roster<K>, horse: &Figure<K>, foot: &Figure<K>) -> bool {
    if horse.mount() != Mount::Horse || !horse.charging() || foot.mount() != Mount::Foot {
        return false;
    }
    let faces =
        |f: &Figure<K>| Facing(f.facing()).within_arc(f.pos(), horse.pos(), REPEL_HALF_ARC_DEG);
    if !faces(foot) {
        return false;
    }
    let ranks: Vec<&Figure<K>> = roster
        .living(foot.side())
        .filter(|f| f.mount() == Mount::Foot && faces(f))
        .filter(|f| distance(f.pos(), foot.pos()) <= repel_reach() + 1e-9)
        .collect();
    let bayonets = ranks
        .iter()
        .filter(|f| f.kit().bayonet() && !f.shot())
        .count();
    ranks.len() >= 3 && bayonets >= 2
}

/// The bonuses that come of who the men are rather than how they stand: heavy cavalry and
/// lancers charging, elite troops, armour, and a poor weapon for hand to hand (the kit says).
fn trait_modifiers<K: Kit>(
    me: &Figure<K>,
    foe: &Figure<K>,
    sheltered: impl Fn(TablePoint) -> bool,
) -> Vec<MeleeModifier> {
    let (mine, theirs) = (me.traits(), foe.traits());
    let mut mods = Vec::new();
    let charging_horse = me.mount() == Mount::Horse && me.charging();
    if charging_horse && mine.heavy && foe.mount() == Mount::Foot {
        mods.push(MeleeModifier::HeavyCavalryChargingFoot);
    }
    let open = !sheltered(me.pos()) && !sheltered(foe.pos());
    if charging_horse && mine.lancer && foe.mount() == Mount::Horse && open {
        mods.push(MeleeModifier::LancerChargingCavalry);
    }
    if charging_horse && mine.heavy && foe.mount() == Mount::Horse && !theirs.heavy {
        mods.push(MeleeModifier::HeavyChargingLight);
    }
    if mine.elite {
        mods.push(MeleeModifier::Elite);
    }
    if me.kit().poor_in_hand_to_hand() {
        mods.push(MeleeModifier::PoorHandWeapon);
    }
    if theirs.armoured {
        mods.push(MeleeModifier::VsArmour);
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
    // A horseman charging into formed bayonets loses his charge and his edge over foot.
    let mods = |a: &Figure<K>, b: &Figure<K>| {
        let mut m = modifiers(field, a, b);
        if repelled(roster, a, b) {
            m.retain(|x| {
                !matches!(
                    x,
                    MeleeModifier::CavalryVsFoot | MeleeModifier::HeavyCavalryChargingFoot
                )
            });
        }
        m
    };
    let lone_total = die() as i8 + total(&mods(me, foes[0]));
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
        let t = die() as i8 + total(&mods(foe, me)) + numbers;
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
