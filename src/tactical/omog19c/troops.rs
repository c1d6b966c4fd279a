//! Which of OMOG 19C's troop types the strategic game's extra dice bring (the OMOG core's
//! [`reading`](crate::tactical::omog::reading)); the reasons are in docs/rules/omog19c.md.

use crate::tactical::omog::reading::Extras;

/// The irregulars a third and a fourth foot die bring (men armed with what the country has),
/// and a Tank's further armour dice: elite riflemen like its first (issue 15's tuning — as heavy
/// cavalry and cuirassiers they rode into the garrison's rifles; docs/rules/omog19c.md).
pub const EXTRAS: Extras = Extras {
    irregulars: ["shotguns", "bowmen"],
    armour: [("riflemen", true), ("riflemen", true)],
};
