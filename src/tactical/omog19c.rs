//! OMOG 19C (One Man One Gun, 19th century): the first tactical ruleset.
//!
//! [`tables`] holds the ruleset's numbers as pure functions of the table geometry; the rules'
//! reading is in `docs/rules/omog19c.md`.

pub mod tables;
