//! Putting both forces on the table (RULINGS §9), the same for every OMOG ruleset: the attacker
//! in a line of teams [`ENTRY_INCHES`] from the objective on its side (each team in the nearest
//! cover within [`ENTRY_COVER_INCHES`]), the defender's settlement dice in the houses nearest
//! the objective (or round it when there are too few), its unit's dice round the objective on
//! the attacker's side, and an officer for each squad. The ruleset says what men each element
//! brings (the core's [`reading::men`](super::reading::men)). The figures behind each number are in
//! docs/rules/omog19c.md ("Forces and deployment").

use super::figure::{Figure, FigureId, Kit, Role, SquadId, TeamId, Traits};
use super::movement::Mount;
use super::room;
use super::roster::{squad_sizes, Roster, Team};
use crate::tactical::battlefield::{AreaKind, Battlefield};
use crate::tactical::ruleset::Side;
use crate::tactical::table::{compass_bearing, distance, inches, step, TablePoint};

/// One man of an element as the ruleset reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Member<K> {
    /// What he does.
    pub role: Role,
    /// On foot or mounted.
    pub mount: Mount,
    /// His arm.
    pub kit: K,
    /// His qualities.
    pub traits: Traits,
}

/// One element of a force as a team.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamPlan<K> {
    /// Its men.
    pub members: Vec<Member<K>>,
    /// Whether it starts in a house at the objective.
    pub garrison: bool,
}

/// Where a team was put: the point its men stand round and the way they face (a ruleset puts a
/// team's gun 1″ ahead of it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    /// The team.
    pub team: TeamId,
    /// Its centre.
    pub centre: TablePoint,
    /// The compass bearing it faces.
    pub facing: f64,
}

/// How far from the objective the attacker's line starts, in inches (issue 15's tuning, see
/// docs/rules/omog19c.md): inside a rifle's medium range, so the attack is fought out in the
/// turns the battle has rather than spent walking through three turns of long-range fire.
pub const ENTRY_INCHES: f64 = 12.0;
/// An attacking team takes the nearest house or woods within this many inches of its place in
/// the line: an attacker chooses where he forms up.
pub const ENTRY_COVER_INCHES: f64 = 4.0;

struct Deployer<'a, K> {
    field: &'a Battlefield,
    roster: Roster<K>,
    placed: Vec<Placed>,
}

impl<K: Kit> Deployer<'_, K> {
    /// Whether house `h` has room for one more figure.
    fn has_room(&self, h: usize) -> bool {
        self.roster
            .figures()
            .iter()
            .filter(|o| room::houses_at(self.field, o.pos()).contains(&h))
            .count()
            < room::house_capacity(self.field, h)
    }

    /// The nearest place to `want` where a figure has room to stand (RULINGS §9): on the
    /// table, out of water, a base from everyone placed, horses out of houses, and a house only
    /// while it has room. With `house`, a place inside that house first, then in the houses
    /// nearest it: a garrison fills a row of small houses rather than crowding one.
    fn spot(&self, want: TablePoint, house: Option<usize>, mount: Mount) -> TablePoint {
        let ok = |q: TablePoint| {
            self.field.spec.contains(q)
                && !self.field.area_kinds_at(q).contains(&AreaKind::Water)
                && room::clear_of(&self.roster, q, None)
                && room::houses_at(self.field, q)
                    .into_iter()
                    .all(|h| mount == Mount::Foot && self.has_room(h))
        };
        let rings = |centre: TablePoint| {
            std::iter::once(centre).chain((1..=60).flat_map(move |ring| {
                (0..16).map(move |k| step(centre, k as f64 * 22.5, ring as f64 * inches(0.5)))
            }))
        };
        if let Some(first) = house.filter(|_| mount == Mount::Foot) {
            let home = self.field.areas[first].top;
            let mut houses = self.field.houses_near_objective(inches(12.0));
            houses.sort_by(|&a, &b| {
                let d = |h: usize| distance(self.field.areas[h].top, home);
                d(a).total_cmp(&d(b)).then(a.cmp(&b))
            });
            houses.retain(|&h| h != first);
            houses.insert(0, first);
            for h in houses {
                if let Some(q) = inside(self.field, h).into_iter().find(|q| ok(*q)) {
                    return q;
                }
            }
        }
        rings(want).find(|q| ok(*q)).unwrap_or(want)
    }

    #[allow(clippy::too_many_arguments)]
    fn team(
        &mut self,
        side: Side,
        squad: SquadId,
        garrison: bool,
        house: Option<usize>,
        plan: &TeamPlan<K>,
        centre: TablePoint,
        facing: f64,
    ) {
        let id = TeamId(self.roster.teams().len() as u16);
        let n = plan.members.len();
        for (k, m) in plan.members.iter().enumerate() {
            // A loose line abreast, an inch apart, square to the facing; a garrison fills its
            // house as far as the house has room.
            let offset = (k as f64 - (n as f64 - 1.0) / 2.0) * inches(1.0);
            let pos = self.spot(step(centre, facing + 90.0, offset), house, m.mount);
            let fid = FigureId(self.roster.figures().len() as u16);
            self.roster.push_figure(Figure::new(
                fid, side, id, m.role, m.mount, m.kit, m.traits, pos, facing,
            ));
        }
        self.roster.push_team(Team::new(id, side, squad, garrison));
        self.placed.push(Placed {
            team: id,
            centre,
            facing,
        });
    }
}

/// The squad of each of `teams` teams in order: squads of two or three teams (one only for a
/// side of one team), as [`squad_sizes`] splits them.
pub fn squads_of(teams: usize) -> Vec<SquadId> {
    squad_sizes(teams)
        .into_iter()
        .enumerate()
        .flat_map(|(k, n)| std::iter::repeat_n(SquadId(k as u16), n))
        .collect()
}

/// Deploy both sides' teams (`[attacker, defender]`) in squads of two or three teams; every
/// squad gets an officer carrying `officer_kit`, mounted when his squad's first team rides.
pub fn deploy<K: Kit>(
    field: &Battlefield,
    plans: [&[TeamPlan<K>]; 2],
    officer_kit: K,
) -> (Roster<K>, Vec<Placed>) {
    let mut d = Deployer {
        field,
        roster: Roster::new(Vec::new(), Vec::new()),
        placed: Vec::new(),
    };
    let spec = field.spec;
    let towards_objective = |p: TablePoint| compass_bearing(p, field.objective);
    // Attacker.
    let edge_bearing = field.attacker_bearing();
    let edge_mid = step(
        field.objective,
        edge_bearing,
        (spec.width_mm.min(spec.depth_mm) / 2.0 - inches(3.0)).min(inches(ENTRY_INCHES)),
    );
    let atk = plans[0];
    let n = atk.len();
    let atk_squads = squads_of(n);
    for (k, plan) in atk.iter().enumerate() {
        let along = (k as f64 - (n as f64 - 1.0) / 2.0) * inches(6.0);
        let centre = step(edge_mid, edge_bearing + 90.0, along);
        let centre = cover_near(field, centre, inches(ENTRY_COVER_INCHES)).unwrap_or(centre);
        let facing = towards_objective(centre);
        d.team(
            Side::Attacker,
            atk_squads[k],
            false,
            None,
            plan,
            centre,
            facing,
        );
    }
    // Defender.
    let houses = field.houses_near_objective(inches(12.0));
    let mut field_k = 0usize;
    let def = plans[1];
    let def_squads = squads_of(def.len());
    for (k, plan) in def.iter().enumerate() {
        // Only a garrison takes a house: a unit's dice come first in a force, and when they took
        // one each the settlement's garrison stood in the third or fourth nearest house, or out
        // in the open where there were no more.
        // Each garrison makes its home in the nearest house that still has room: houses round a
        // square are often a figure wide, and a fort's Gatling crew fills the first two, so the
        // next garrison started from a full house and drifted to the houses beside it, out past
        // the fourth nearest.
        let house = if plan.garrison {
            houses.iter().find(|&&h| d.has_room(h))
        } else {
            None
        };
        let (centre, house) = match house {
            Some(&h) => (field.areas[h].top, Some(h)),
            None => {
                // In a ring 2″ out from the objective, on the side the attack comes from.
                let b = edge_bearing + (field_k as f64 - 1.0) * 40.0;
                field_k += 1;
                (step(field.objective, b, inches(2.0)), None)
            }
        };
        d.team(
            Side::Defender,
            def_squads[k],
            house.is_some(),
            house,
            plan,
            centre,
            edge_bearing,
        );
    }
    // Officers: one per squad, beside its first team.
    for (side, teams) in [(Side::Attacker, atk.len()), (Side::Defender, def.len())] {
        for squad in 0..squad_sizes(teams).len() as u16 {
            let Some(team) = d
                .roster
                .teams()
                .iter()
                .find(|t| t.side() == side && t.squad() == SquadId(squad))
                .map(|t| t.id())
            else {
                continue;
            };
            let anchor = d
                .roster
                .figures()
                .iter()
                .find(|f| f.team() == team)
                .map(|f| f.pos())
                .unwrap_or(field.objective);
            // An officer rides when his squad's first team does.
            let mount = d
                .roster
                .figures()
                .iter()
                .find(|f| f.team() == team && f.role() == Role::Soldier)
                .map_or(Mount::Foot, |f| f.mount());
            // The officer of a garrison stands in with it, in the nearest house with room.
            let garrison = d
                .roster
                .team(team)
                .is_some_and(|t| t.garrison())
                .then(|| room::houses_at(field, anchor).first().copied())
                .flatten();
            let pos = d.spot(
                step(anchor, towards_objective(anchor) + 180.0, inches(1.0)),
                garrison,
                mount,
            );
            let fid = FigureId(d.roster.figures().len() as u16);
            let facing = towards_objective(pos);
            d.roster.push_figure(Figure::new(
                fid,
                side,
                team,
                Role::Officer,
                mount,
                officer_kit,
                Traits::default(),
                pos,
                facing,
            ));
        }
    }
    (d.roster, d.placed)
}

/// Places to stand inside house `h`: its top, then a quarter-inch grid over its footprint,
/// nearest the top first (a small house may have room for one man only away from its top).
fn inside(field: &Battlefield, h: usize) -> Vec<TablePoint> {
    use geo::{BoundingRect, Intersects};
    let area = &field.areas[h];
    let top = area.top;
    let mut v = vec![top];
    if let Some(b) = area.shape.bounding_rect() {
        let pitch = inches(0.25);
        let (nx, ny) = (
            ((b.width() / pitch) as usize).min(80),
            ((b.height() / pitch) as usize).min(80),
        );
        for i in 0..=nx {
            for j in 0..=ny {
                let q = [b.min().x + i as f64 * pitch, b.min().y + j as f64 * pitch];
                if area.shape.intersects(&geo::Point::from(q)) {
                    v.push(q);
                }
            }
        }
    }
    v.retain(|q| area.shape.intersects(&geo::Point::from(*q)));
    v.sort_by(|a, b| distance(*a, top).total_cmp(&distance(*b, top)));
    v
}

/// The nearest point in a house or woods within `r` of `p` (half-inch grid), if any.
fn cover_near(field: &Battlefield, p: TablePoint, r: f64) -> Option<TablePoint> {
    use crate::tactical::raster::{HOUSE, WOODS};
    if r <= 0.0 {
        return None;
    }
    let mut best: Option<(f64, TablePoint)> = None;
    let pitch = inches(0.5);
    let n = (r / pitch) as i64;
    for i in -n..=n {
        for j in -n..=n {
            let q = [p[0] + i as f64 * pitch, p[1] + j as f64 * pitch];
            let d = distance(p, q);
            if d > r || !field.spec.contains(q) {
                continue;
            }
            if field.raster.at(q).0 & (HOUSE | WOODS) != 0 && best.is_none_or(|b| d < b.0) {
                best = Some((d, q));
            }
        }
    }
    best.map(|b| b.1)
}
