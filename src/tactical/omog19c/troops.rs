//! Which of OMOG 19C's troop types the strategic game's extra dice bring (the OMOG core's
//! [`reading`](crate::tactical::omog::reading)); the reasons are in docs/rules/omog19c.md.

/// The irregulars a third and a fourth foot die bring: men armed with what the country has.
pub const IRREGULARS: [&str; 2] = ["shotguns", "bowmen"];
