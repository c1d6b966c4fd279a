//! The pieces of an OMOG 19C battle: figures, teams with their heavy weapons, the turn, and
//! deploying the strategic forces onto the battlefield (RULINGS §9).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::tables::{fieldpiece, gatling, Mount, Weapon};
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::force::{Arm, Element, Force, Forces};
use crate::tactical::ruleset::{BattleOutcome, Side};
use crate::tactical::table::{compass_bearing, inches, step, TablePoint};

/// A figure's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FigureId(pub u16);

/// A team's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TeamId(pub u16);

/// What a figure does in its team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A rifleman or trooper.
    Soldier,
    /// A squad's officer: moves on his own.
    Officer,
    /// A trained gun crewman.
    Gunner,
}

/// One toy soldier.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// Its number.
    pub id: FigureId,
    /// Its side.
    pub side: Side,
    /// Its team.
    pub team: TeamId,
    /// What it does.
    pub role: Role,
    /// On foot or mounted.
    pub mount: Mount,
    /// Its small arm.
    pub weapon: Weapon,
    /// Where it stands.
    pub pos: TablePoint,
    /// Still in the fight.
    pub alive: bool,
    /// Moved this turn.
    pub moved: bool,
    /// Fired this turn (small arm or the gun it serves).
    pub fired: bool,
    /// Charged this turn.
    pub charging: bool,
    /// Has used its one charge of the game.
    pub charge_used: bool,
}

/// A team's heavy weapon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum HeavyKind {
    /// A small fieldpiece.
    Fieldpiece,
    /// A Gatling gun.
    Gatling,
}

/// A fieldpiece or Gatling with its ammunition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Heavy {
    /// Which.
    pub kind: HeavyKind,
    /// Where the gun stands (its muzzle).
    pub pos: TablePoint,
    /// Shells left (fieldpiece).
    pub shells: u8,
    /// Canister rounds left (fieldpiece).
    pub canister: u8,
    /// Bursts left (Gatling).
    pub bursts: u8,
    /// The turn in which it was last set up, if it has not moved since.
    pub set_up_in: Option<u32>,
    /// The turn it last fired in.
    pub fired_in: Option<u32>,
}

impl Heavy {
    /// Whether it has been set up in an earlier turn and not moved since.
    pub fn ready(&self, turn: u32) -> bool {
        self.set_up_in.is_some_and(|t| t < turn)
    }
}

/// Three to five men who move together.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Team {
    /// Its number.
    pub id: TeamId,
    /// Its side.
    pub side: Side,
    /// Its squad (two or three teams and an officer).
    pub squad: u16,
    /// Its gun, if it crews one.
    pub heavy: Option<Heavy>,
    /// Deployed in a house at the start (a settlement die).
    pub garrison: bool,
}

/// Where the turn stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "phase", content = "side", rename_all = "lowercase")]
pub enum Phase {
    /// That side is moving.
    Move(Side),
    /// That side is declaring its fire (both fire at once: hits are removed when both are done).
    Fire(Side),
    /// The battle is over.
    Over,
}

/// How long a battle may last before it is decided on losses.
pub const TURN_LIMIT: u32 = 12;
/// Turns the objective must be held to win.
pub const HOLD_TURNS: u32 = 3;
/// Figures this close (centre to centre) are in contact for hand to hand.
pub fn contact() -> f64 {
    inches(1.0)
}
/// A side holds the objective with a figure this close to it and no enemy as close.
pub fn objective_radius() -> f64 {
    inches(3.0)
}

/// The whole battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OmogState {
    /// Every figure, in id order (the dead stay, marked).
    pub figures: Vec<Figure>,
    /// Every team, in id order.
    pub teams: Vec<Team>,
    /// Turn number from 1.
    pub turn: u32,
    /// Who moves first this turn.
    pub first: Side,
    /// The phase.
    pub phase: Phase,
    /// Figures hit this fire phase, removed when both sides have fired.
    pub pending_hits: Vec<FigureId>,
    /// The side holding the objective and for how many turn ends in a row.
    pub holder: Option<(Side, u32)>,
    /// Figures each side has lost: `[attacker, defender]`.
    pub losses: [u32; 2],
    /// The result, once over.
    pub outcome: Option<BattleOutcome>,
    /// The battle's own dice.
    pub rng: ChaCha8Rng,
}

impl OmogState {
    /// A figure by id.
    pub fn figure(&self, id: FigureId) -> Option<&Figure> {
        self.figures.get(id.0 as usize)
    }

    /// A team by id.
    pub fn team(&self, id: TeamId) -> Option<&Team> {
        self.teams.get(id.0 as usize)
    }

    /// Living figures of a side.
    pub fn living(&self, side: Side) -> impl Iterator<Item = &Figure> + '_ {
        self.figures
            .iter()
            .filter(move |f| f.alive && f.side == side)
    }

    /// Living members of a team.
    pub fn team_members(&self, team: TeamId) -> impl Iterator<Item = &Figure> + '_ {
        self.figures
            .iter()
            .filter(move |f| f.alive && f.team == team)
    }

    /// Index into `losses`.
    pub(crate) fn side_index(side: Side) -> usize {
        match side {
            Side::Attacker => 0,
            Side::Defender => 1,
        }
    }
}

/// How a man of an element of `arm` rides and what he carries. Troopers ride with carbines;
/// everyone else marches with the rifle (armour is read as riflemen, a gun's and a rapid-fire
/// weapon's crews are set apart in [`elements`]).
fn element_kind(arm: Arm) -> (Mount, Weapon) {
    match arm {
        Arm::Horse => (Mount::Horse, Weapon::Carbine),
        Arm::Foot | Arm::Guns | Arm::MachineGun | Arm::Armour => (Mount::Foot, Weapon::Rifle),
    }
}

struct Deployer<'a> {
    field: &'a Battlefield,
    figures: Vec<Figure>,
    teams: Vec<Team>,
}

impl Deployer<'_> {
    /// The nearest point to `p` (searching outwards in half-inch rings) that is on the table and
    /// not in water, a swamp being fine.
    fn dry(&self, p: TablePoint) -> TablePoint {
        let ok = |q: TablePoint| {
            self.field.spec.contains(q) && !self.field.area_kinds_at(q).contains(&AreaKind::Water)
        };
        if ok(p) {
            return p;
        }
        for ring in 1..=40 {
            for k in 0..16 {
                let q = step(p, k as f64 * 22.5, ring as f64 * inches(0.5));
                if ok(q) {
                    return q;
                }
            }
        }
        p
    }

    #[allow(clippy::too_many_arguments)]
    fn team(
        &mut self,
        side: Side,
        squad: u16,
        garrison: bool,
        members: &[Member],
        centre: TablePoint,
        facing: f64,
        heavy: Option<HeavyKind>,
    ) {
        let id = TeamId(self.teams.len() as u16);
        let centre = self.dry(centre);
        for (k, (role, mount, weapon)) in members.iter().enumerate() {
            // A loose line abreast, an inch apart, square to the facing.
            let offset = (k as f64 - (members.len() as f64 - 1.0) / 2.0) * inches(1.0);
            let pos = if garrison {
                centre
            } else {
                self.dry(step(centre, facing + 90.0, offset))
            };
            self.figures.push(Figure {
                id: FigureId(self.figures.len() as u16),
                side,
                team: id,
                role: *role,
                mount: *mount,
                weapon: *weapon,
                pos,
                alive: true,
                moved: false,
                fired: false,
                charging: false,
                charge_used: false,
            });
        }
        self.teams.push(Team {
            id,
            side,
            squad,
            garrison,
            heavy: heavy.map(|kind| Heavy {
                kind,
                pos: step(centre, facing, inches(1.0)),
                shells: if kind == HeavyKind::Fieldpiece {
                    fieldpiece::SHELLS
                } else {
                    0
                },
                canister: if kind == HeavyKind::Fieldpiece {
                    fieldpiece::CANISTER
                } else {
                    0
                },
                bursts: if kind == HeavyKind::Gatling {
                    gatling::BURSTS
                } else {
                    0
                },
                // Guns are deployed ready to fire.
                set_up_in: Some(0),
                fired_in: None,
            }),
        });
    }
}

/// One man of an element: his role, mount and arm.
type Member = (Role, Mount, Weapon);
/// One element of a force: its men, its gun, and whether it garrisons a house.
type TeamKit = (Vec<Member>, Option<HeavyKind>, bool);

/// What each element of a force is: a fieldpiece with its crew of four, a Gatling with two
/// gunners and two riflemen, or four men of the element's kind.
fn elements(force: &Force) -> Vec<TeamKit> {
    let rifleman = (Role::Soldier, Mount::Foot, Weapon::Rifle);
    let gunner = (Role::Gunner, Mount::Foot, Weapon::Pistol);
    force
        .elements
        .iter()
        .map(|e: &Element| {
            let (mount, weapon) = element_kind(e.arm);
            let soldier = (Role::Soldier, mount, weapon);
            match e.arm {
                Arm::Guns => (vec![gunner; 4], Some(HeavyKind::Fieldpiece), e.garrison),
                Arm::MachineGun => (
                    vec![gunner, gunner, rifleman, rifleman],
                    Some(HeavyKind::Gatling),
                    e.garrison,
                ),
                _ => (vec![soldier; 4], None, e.garrison),
            }
        })
        .collect()
}

/// Deploy both forces: the attacker in a line of teams 3″ in from its edge, the defender's
/// settlement dice in the houses nearest the objective (or at the objective when there are too
/// few), its unit's dice round the objective on the attacker's side. Each squad of up to three
/// teams gets an officer with a pistol.
pub fn deploy(field: &Battlefield, forces: &Forces, seed: u64) -> OmogState {
    let mut d = Deployer {
        field,
        figures: Vec::new(),
        teams: Vec::new(),
    };
    let spec = field.spec;
    let towards_objective = |p: TablePoint| compass_bearing(p, field.objective);
    // Attacker.
    let edge_bearing = field.attacker_bearing();
    let edge_mid = step(
        field.objective,
        edge_bearing,
        spec.width_mm.min(spec.depth_mm) / 2.0 - inches(3.0),
    );
    let atk = elements(&forces.attacker);
    let n = atk.len();
    for (k, (members, heavy, _)) in atk.into_iter().enumerate() {
        let along = (k as f64 - (n as f64 - 1.0) / 2.0) * inches(6.0);
        let centre = step(edge_mid, edge_bearing + 90.0, along);
        let facing = towards_objective(centre);
        d.team(
            Side::Attacker,
            (k / 3) as u16,
            false,
            &members,
            centre,
            facing,
            heavy,
        );
    }
    let atk_squads = n.div_ceil(3);
    // Defender.
    let houses = field.houses_near_objective(inches(12.0));
    let def = elements(&forces.defender);
    let mut house_iter = houses.iter();
    let mut field_k = 0usize;
    let nd = def.len();
    for (k, (members, heavy, garrison)) in def.into_iter().enumerate() {
        let (centre, in_house) = match (garrison, house_iter.next()) {
            (true, Some(&h)) => (field.areas[h].top, true),
            _ => {
                // In a ring 2″ out from the objective, on the side the attack comes from.
                let b = edge_bearing + (field_k as f64 - 1.0) * 40.0;
                field_k += 1;
                (step(field.objective, b, inches(2.0)), false)
            }
        };
        let facing = edge_bearing;
        d.team(
            Side::Defender,
            (k / 3) as u16,
            in_house,
            &members,
            centre,
            facing,
            heavy,
        );
    }
    let def_squads = nd.div_ceil(3);
    // Officers: one per squad, beside its first team.
    for (side, squads) in [(Side::Attacker, atk_squads), (Side::Defender, def_squads)] {
        for squad in 0..squads as u16 {
            let Some(team) = d
                .teams
                .iter()
                .find(|t| t.side == side && t.squad == squad)
                .map(|t| t.id)
            else {
                continue;
            };
            let anchor = d
                .figures
                .iter()
                .find(|f| f.team == team)
                .map(|f| f.pos)
                .unwrap_or(field.objective);
            // An officer rides when his squad's first team does.
            let mount = d
                .figures
                .iter()
                .find(|f| f.team == team && f.role == Role::Soldier)
                .map_or(Mount::Foot, |f| f.mount);
            let pos = d.dry(step(anchor, towards_objective(anchor) + 180.0, inches(1.0)));
            d.figures.push(Figure {
                id: FigureId(d.figures.len() as u16),
                side,
                team,
                role: Role::Officer,
                mount,
                weapon: Weapon::Pistol,
                pos,
                alive: true,
                moved: false,
                fired: false,
                charging: false,
                charge_used: false,
            });
        }
    }
    let first = Side::Attacker;
    OmogState {
        figures: d.figures,
        teams: d.teams,
        turn: 1,
        first,
        phase: Phase::Move(first),
        pending_hits: Vec::new(),
        holder: None,
        losses: [0, 0],
        outcome: None,
        rng: ChaCha8Rng::seed_from_u64(seed),
    }
}
