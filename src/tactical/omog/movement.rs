//! OMOG's measuring stick and what it costs to go over the ground: the same in OMOG 19C and
//! OMOG Musket. Decisions where the text is unclear are in `docs/rules/omog19c.md`.

use serde::{Deserialize, Serialize};

use crate::tactical::sight::{Crossed, Footing, PathSurvey};
use crate::tactical::table::inches;

/// The four move lengths of OMOG's measuring stick, in table mm.
pub mod stick {
    use crate::tactical::table::inches;
    /// FULL move: 6″.
    pub fn full() -> f64 {
        inches(6.0)
    }
    /// PART move: 4″.
    pub fn part() -> f64 {
        inches(4.0)
    }
    /// HALF move: 3″.
    pub fn half() -> f64 {
        inches(3.0)
    }
    /// SHORT move: 2″.
    pub fn short() -> f64 {
        inches(2.0)
    }
}

/// On foot or mounted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mount {
    /// A man on foot.
    Foot,
    /// A horseman.
    Horse,
}

impl Mount {
    /// What mounting or dismounting makes of him: a man on foot mounts, a horseman dismounts.
    pub fn changed(self) -> Mount {
        match self {
            Mount::Foot => Mount::Horse,
            Mount::Horse => Mount::Foot,
        }
    }
}

/// How far a figure may go in one move over ground of this footing alone.
///
/// Roads (even through woods or swamp), towns and walled courtyards give the full pace; off
/// road is slower, uphill slower still, and swamp is slowest. Woods off road count as rough
/// going, between off road and swamp (engine ruling: the text says woods are slower but gives no
/// number; see the docs).
pub fn allowance(mount: Mount, f: &Footing) -> f64 {
    use stick::*;
    let paved = f.road || f.house || f.courtyard;
    let foot = if paved {
        if f.uphill {
            part()
        } else {
            full()
        }
    } else if f.swamp {
        short()
    } else if f.uphill || f.woods {
        half()
    } else {
        part()
    };
    match mount {
        Mount::Foot => foot,
        // A horse does twice a man's pace on roads and in towns, one step of the stick faster
        // off them, and a HALF move where a man manages a SHORT one.
        Mount::Horse => {
            if paved {
                2.0 * foot
            } else if f.swamp {
                half()
            } else if f.uphill || f.woods {
                part()
            } else {
                full()
            }
        }
    }
}

/// The most a figure may move in a turn in which it fords a river or climbs a wall (the SHORT
/// move of a man, the HALF move of a horse).
pub fn obstacle_allowance(mount: Mount) -> f64 {
    match mount {
        Mount::Foot => stick::short(),
        Mount::Horse => stick::half(),
    }
}

/// Whether a surveyed path fords water or climbs a wall.
pub fn crosses_obstacle(survey: &PathSurvey) -> bool {
    survey
        .crossed
        .iter()
        .any(|(_, c)| matches!(c, Crossed::Ford | Crossed::Wall(_)))
}

/// How much of one move a surveyed path uses, as a fraction: each stretch costs its length over
/// the allowance for its ground, so a path part on road and part off road is pro-rated. A path
/// that fords or climbs is also capped at [`obstacle_allowance`] in total. A move is legal when
/// the fraction is at most 1.
pub fn move_fraction(mount: Mount, survey: &PathSurvey) -> f64 {
    let pro_rata: f64 = survey
        .legs
        .iter()
        .map(|l| l.len / allowance(mount, &l.footing))
        .sum();
    if crosses_obstacle(survey) {
        pro_rata.max(survey.length / obstacle_allowance(mount))
    } else {
        pro_rata
    }
}

/// A cavalry charge must start more than a PART move from its target; a bayonet charge at least
/// a SHORT move.
pub fn charge_distance_ok(mount: Mount, distance: f64) -> bool {
    match mount {
        Mount::Horse => distance > stick::part() + 1e-9,
        Mount::Foot => distance >= stick::short() - 1e-9,
    }
}

/// Team cohesion: every man within half a move (a HALF move, 3″) of the nearest team mate.
pub fn cohesion_distance() -> f64 {
    stick::half()
}

/// Mounting or dismounting takes a HALF move and cannot be done in swamp, while fording or
/// while climbing.
pub fn mount_change_allowed(f: &Footing, crossing: bool) -> bool {
    !f.swamp && !crossing
}

/// The share of a move mounting or dismounting takes: a HALF move of the FULL move.
pub fn mount_change_fraction() -> f64 {
    stick::half() / stick::full()
}

/// How deep in a wood a figure can still be hit by direct fire from outside it, and the
/// distance a mortar needs from the house, hill or wood a target hides behind.
pub fn woods_sight_depth() -> f64 {
    inches(2.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactical::sight::Leg;
    use crate::tactical::WallKind;

    fn footing(road: bool, woods: bool, swamp: bool, uphill: bool) -> Footing {
        Footing {
            road,
            woods,
            swamp,
            uphill,
            ..Footing::default()
        }
    }

    fn mm_to_in(x: f64) -> f64 {
        (x / inches(1.0) * 1e9).round() / 1e9
    }

    #[test]
    fn men_on_foot_move_6_4_3_2_inches_by_ground() {
        let a = |f: Footing| mm_to_in(allowance(Mount::Foot, &f));
        assert_eq!(a(footing(true, false, false, false)), 6.0);
        assert_eq!(a(footing(false, false, false, false)), 4.0);
        assert_eq!(a(footing(true, false, false, true)), 4.0);
        assert_eq!(a(footing(false, false, false, true)), 3.0);
        assert_eq!(a(footing(false, false, true, false)), 2.0);
        // A road through woods or swamp keeps the full pace.
        assert_eq!(a(footing(true, true, false, false)), 6.0);
        assert_eq!(a(footing(true, false, true, false)), 6.0);
        // Engine ruling: woods off road are a HALF move.
        assert_eq!(a(footing(false, true, false, false)), 3.0);
    }

    #[test]
    fn horses_move_12_6_8_4_3_inches_by_ground() {
        let a = |f: Footing| mm_to_in(allowance(Mount::Horse, &f));
        assert_eq!(a(footing(true, false, false, false)), 12.0);
        assert_eq!(a(footing(false, false, false, false)), 6.0);
        assert_eq!(a(footing(true, false, false, true)), 8.0);
        assert_eq!(a(footing(false, false, false, true)), 4.0);
        assert_eq!(a(footing(false, false, true, false)), 3.0);
        assert_eq!(a(footing(true, true, true, false)), 12.0);
    }

    #[test]
    fn a_mixed_path_is_pro_rated_and_an_obstacle_caps_the_move() {
        let survey = PathSurvey {
            legs: vec![
                Leg {
                    len: inches(3.0),
                    footing: footing(true, false, false, false),
                },
                Leg {
                    len: inches(2.0),
                    footing: footing(false, false, false, false),
                },
            ],
            crossed: vec![],
            length: inches(5.0),
        };
        // Half a road move plus half an off-road move: exactly one move.
        assert!((move_fraction(Mount::Foot, &survey) - 1.0).abs() < 1e-9);
        let mut over_wall = survey.clone();
        over_wall
            .crossed
            .push((inches(1.0), Crossed::Wall(WallKind::Stone)));
        // Climbing caps the whole move at 2″: 5″ is two and a half moves.
        assert!((move_fraction(Mount::Foot, &over_wall) - 2.5).abs() < 1e-9);
        let mut bridge = survey;
        bridge.crossed.push((inches(1.0), Crossed::Bridge));
        assert!((move_fraction(Mount::Foot, &bridge) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn charges_need_room_to_run() {
        assert!(!charge_distance_ok(Mount::Horse, inches(4.0)));
        assert!(charge_distance_ok(Mount::Horse, inches(4.1)));
        assert!(!charge_distance_ok(Mount::Foot, inches(1.9)));
        assert!(charge_distance_ok(Mount::Foot, inches(2.0)));
    }
}
