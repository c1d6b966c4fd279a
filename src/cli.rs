//! The command-line front-ends of the `omms` binary, side by side: `battle` fights a tactical
//! battle headless or on the table screen, `rules` asks the strategic engine about a scenario,
//! `sim` plays whole games with bots, and
//! `balance` sets the dice beside the table at every settlement of a map.

pub mod balance;
pub mod battle;
pub mod rules;
pub mod sim;
