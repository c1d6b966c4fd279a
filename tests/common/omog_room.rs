//! OMOG's room rule (RULINGS §9) as a test reads it, shared by the 19C and invariant tests.

use omms::tactical::table::{distance, inches};
use omms::tactical::Battlefield;

/// OMOG room (RULINGS §9), the same in 19C and Musket: living figures a base (1″) apart, no
/// horse in a house, no house over its room.
pub fn omog_room<K: omms::tactical::omog::figure::Kit>(
    f: &Battlefield,
    figures: &[omms::tactical::omog::Figure<K>],
    why: &str,
) {
    use omms::tactical::omog::movement::Mount;
    use omms::tactical::omog::room;
    let living: Vec<_> = figures.iter().filter(|x| x.alive()).collect();
    for (i, a) in living.iter().enumerate() {
        for b in &living[i + 1..] {
            assert!(
                distance(a.pos(), b.pos()) >= inches(1.0) - 1e-6,
                "{why}: {} and {} stand closer than a base",
                a.name(),
                b.name()
            );
        }
        let houses = room::houses_at(f, a.pos());
        assert!(
            a.mount() == Mount::Foot || houses.is_empty(),
            "{why}: {} rode into a house",
            a.name()
        );
        for h in houses {
            let inside = living
                .iter()
                .filter(|o| room::houses_at(f, o.pos()).contains(&h))
                .count();
            assert!(
                inside <= room::house_capacity(f, h),
                "{why}: house {h} holds {inside}"
            );
        }
    }
}
