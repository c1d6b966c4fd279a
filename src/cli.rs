//! The command-line front-ends of the `omms` binary, side by side: `battle` fights a tactical
//! battle headless or on the table screen, `rules` asks the strategic engine about a scenario,
//! and `sim` plays whole games with bots.

pub mod battle;
pub mod rules;
pub mod sim;
