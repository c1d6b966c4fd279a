//! Which of OMOG Musket's troop types the strategic game's extra dice bring (the OMOG core's
//! [`reading`](crate::tactical::omog::reading)); the reasons are in docs/rules/omog_musket.md.

use crate::tactical::omog::reading::Extras;

/// What a third and a fourth foot die bring (a war party, then backwoods riflemen), and a
/// Tank's further armour dice: heavy cavalry, then elite cuirassiers.
pub const EXTRAS: Extras = Extras {
    irregulars: ["warriors", "riflemen"],
    armour: [("heavy-cavalry", false), ("cuirassiers", true)],
};
