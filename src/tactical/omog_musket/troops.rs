//! Which of OMOG Musket's troop types the strategic game's extra dice bring (the OMOG core's
//! [`reading`](crate::tactical::omog::reading)); the reasons are in docs/rules/omog_musket.md.

/// What a third and a fourth foot die bring: a war party, then backwoods riflemen.
pub const IRREGULARS: [&str; 2] = ["warriors", "riflemen"];
