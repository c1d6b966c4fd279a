//! One toy soldier: who he is, what he carries, where he stands and what he has done this turn.
//!
//! The fields are private: a ruleset's `apply` changes them through the mutators, which only the
//! tactical engines see; everyone else reads them through the getters.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::movement::Mount;
use crate::tactical::ruleset::Side;
use crate::tactical::table::TablePoint;

/// A figure's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FigureId(pub u16);

/// A team's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TeamId(pub u16);

/// A squad's number within its side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SquadId(pub u16);

/// What a figure does in its team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A rifleman, musketeer or trooper.
    Soldier,
    /// A squad's officer: moves on his own.
    Officer,
    /// A trained gun crewman.
    Gunner,
}

/// What the hand-to-hand table asks about a man besides his arm.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Traits {
    /// Elite troops (+1 hand to hand).
    #[serde(default)]
    pub elite: bool,
    /// In armour, a cuirassier (his opponents −1).
    #[serde(default)]
    pub armoured: bool,
    /// Heavy cavalry (+2 charging foot, +1 charging light cavalry).
    #[serde(default)]
    pub heavy: bool,
    /// A lancer (+1 charging cavalry in the open).
    #[serde(default)]
    pub lancer: bool,
}

/// A ruleset's small arm: what the shared rules need to know of it.
pub trait Kit:
    Copy + PartialEq + Eq + std::fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Whether it takes a bayonet (+1 hand to hand outside houses and woods).
    fn bayonet(self) -> bool;
    /// Whether the man fights hand to hand at a disadvantage with it (OMOG Musket: tomahawk,
    /// knife, club, and every rifleman −1). None in OMOG 19C.
    fn poor_in_hand_to_hand(self) -> bool {
        false
    }
    /// Its greatest range, table mm.
    fn max_range(self) -> f64;
    /// What a soldier with it is called, on foot or mounted ("rifleman", "trooper").
    fn soldier(self, mount: Mount) -> &'static str;
}

/// One toy soldier, carrying `K`, his ruleset's arm.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Figure<K> {
    id: FigureId,
    side: Side,
    team: TeamId,
    role: Role,
    mount: Mount,
    kit: K,
    #[serde(default)]
    traits: Traits,
    pos: TablePoint,
    /// Compass degrees he looks towards.
    facing: f64,
    alive: bool,
    /// Has had his order of the move phase (moved or held).
    moved: bool,
    /// Has changed his place this turn (a trooper who held still has not ridden).
    #[serde(default)]
    travelled: bool,
    /// Has had his order of the fire phase (shot, served a gun or held).
    fired: bool,
    charging: bool,
    charge_used: bool,
    /// Has a horse, ridden or led: a trooper who dismounted may mount again.
    #[serde(default)]
    horse: bool,
    /// Stands on the roof of the house he is in (a high place), not inside it.
    #[serde(default)]
    on_roof: bool,
    /// Has fired a small arm this turn (a man who held his fire has not).
    #[serde(default)]
    shot: bool,
}

impl<K: Kit> Figure<K> {
    /// A fresh figure, alive, facing `facing`, nothing done yet.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: FigureId,
        side: Side,
        team: TeamId,
        role: Role,
        mount: Mount,
        kit: K,
        traits: Traits,
        pos: TablePoint,
        facing: f64,
    ) -> Figure<K> {
        Figure {
            id,
            side,
            team,
            role,
            mount,
            kit,
            traits,
            pos,
            facing,
            alive: true,
            moved: false,
            travelled: false,
            fired: false,
            charging: false,
            charge_used: false,
            horse: mount == Mount::Horse,
            on_roof: false,
            shot: false,
        }
    }

    /// His number.
    pub fn id(&self) -> FigureId {
        self.id
    }
    /// His side.
    pub fn side(&self) -> Side {
        self.side
    }
    /// His team.
    pub fn team(&self) -> TeamId {
        self.team
    }
    /// What he does in it.
    pub fn role(&self) -> Role {
        self.role
    }
    /// On foot or mounted.
    pub fn mount(&self) -> Mount {
        self.mount
    }
    /// His arm.
    pub fn kit(&self) -> K {
        self.kit
    }
    /// Elite, armour, heavy cavalry, lance.
    pub fn traits(&self) -> Traits {
        self.traits
    }
    /// Where he stands.
    pub fn pos(&self) -> TablePoint {
        self.pos
    }
    /// The compass bearing he faces.
    pub fn facing(&self) -> f64 {
        self.facing
    }
    /// Still in the fight.
    pub fn alive(&self) -> bool {
        self.alive
    }
    /// Has had his order this move phase.
    pub fn moved(&self) -> bool {
        self.moved
    }
    /// Has changed his place this turn.
    pub fn travelled(&self) -> bool {
        self.travelled
    }
    /// Has had his order this fire phase.
    pub fn fired(&self) -> bool {
        self.fired
    }
    /// Charged this turn.
    pub fn charging(&self) -> bool {
        self.charging
    }
    /// Has used his one charge of the game.
    pub fn charge_used(&self) -> bool {
        self.charge_used
    }

    /// Has a horse, ridden or led: may mount (or dismount).
    pub fn has_horse(&self) -> bool {
        self.horse || self.mount == Mount::Horse
    }
    /// Stands on a roof: a high place, with none of the house's cover.
    pub fn on_roof(&self) -> bool {
        self.on_roof
    }
    /// Has fired a small arm this turn.
    pub fn shot(&self) -> bool {
        self.shot
    }

    /// How messages name him: side, kind and number ("attacking rifleman #3").
    pub fn name(&self) -> String {
        let side = match self.side {
            Side::Attacker => "attacking",
            Side::Defender => "defending",
        };
        let what = match self.role {
            Role::Officer => "officer",
            Role::Gunner => "gunner",
            Role::Soldier => self.kit.soldier(self.mount),
        };
        format!("{side} {what} #{}", self.id.0)
    }

    /// Go to `p`: he has travelled this turn if it is not where he stood.
    pub(in crate::tactical) fn set_pos(&mut self, p: TablePoint) {
        if p != self.pos {
            self.travelled = true;
        }
        self.pos = p;
    }
    pub(in crate::tactical) fn set_facing(&mut self, bearing: f64) {
        self.facing = bearing;
    }
    pub(in crate::tactical) fn set_moved(&mut self) {
        self.moved = true;
    }
    pub(in crate::tactical) fn set_fired(&mut self) {
        self.fired = true;
    }
    pub(in crate::tactical) fn set_shot(&mut self) {
        self.fired = true;
        self.shot = true;
    }
    pub(in crate::tactical) fn set_mount(&mut self, m: Mount) {
        if m == Mount::Horse {
            self.horse = true;
        }
        self.mount = m;
    }
    pub(in crate::tactical) fn set_roof(&mut self, up: bool) {
        self.on_roof = up;
    }
    pub(in crate::tactical) fn set_charging(&mut self) {
        self.charging = true;
        self.charge_used = true;
    }
    pub(in crate::tactical) fn fall(&mut self) {
        self.alive = false;
    }
    /// A new turn: nothing done yet.
    pub(in crate::tactical) fn new_turn(&mut self) {
        self.moved = false;
        self.travelled = false;
        self.fired = false;
        self.shot = false;
        self.charging = false;
    }
    /// Change the figure wholesale: for building test positions and previews only.
    pub(in crate::tactical) fn edit(&mut self) -> FigureEdit<'_, K> {
        FigureEdit(self)
    }
}

/// Direct access to a figure's fields, for position builders and previews that are not played.
pub struct FigureEdit<'a, K>(&'a mut Figure<K>);

impl<K: Kit> FigureEdit<'_, K> {
    /// Mount or dismount him.
    pub fn mount(self, m: Mount) -> Self {
        self.0.set_mount(m);
        self
    }
    /// Give him a horse to mount (a dismounted trooper) or take it away.
    pub fn horse(self, has: bool) -> Self {
        self.0.horse = has;
        self
    }
    /// Put him on the roof of the house he stands in, or down from it.
    pub fn roof(self, up: bool) -> Self {
        self.0.on_roof = up;
        self
    }
    /// Give him traits.
    pub fn traits(self, t: Traits) -> Self {
        self.0.traits = t;
        self
    }
    /// Mark what he has done this turn: had his move order (and travelled with it) and his
    /// fire order.
    pub fn done(self, moved: bool, fired: bool) -> Self {
        self.0.moved = moved;
        self.0.travelled = moved;
        self.0.fired = fired;
        self
    }
    /// Mark his charge as spent.
    pub fn charge_used(self, used: bool) -> Self {
        self.0.charge_used = used;
        self
    }
    /// Turn him.
    pub fn facing(self, bearing: f64) -> Self {
        self.0.facing = bearing;
        self
    }
}
