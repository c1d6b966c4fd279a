//! The events every OMOG ruleset shares, declared once: [`omog_events!`](crate::omog_events)
//! writes a ruleset's event enum with them, adds the ruleset's own (its move, its shots, 19C's
//! guns, Musket's loading), and ties the turn's events to the core's [`TurnEvent`].
//!
//! A macro for the same reason as [`omog_commands!`](crate::omog_commands): events are flat JSON
//! objects tagged `"event"`, matched by name all over the engine and the table screen.
//!
//! [`TurnEvent`]: super::TurnEvent

/// Declare an OMOG ruleset's event enum: the variants given, then the shared ones (mounting,
/// climbing, facing, holding, the turn and its phases, hits, men down, hand to hand, the
/// objective, the end), serialised tagged `"event"` in snake case. It also writes `as_turn`,
/// `From<TurnEvent>` and `melee_dice`, the dice of the shared events (hand to hand); the
/// ruleset counts its own in its `dice`.
#[macro_export]
macro_rules! omog_events {
    ($(#[$meta:meta])* pub enum $name:ident { $($own:tt)* }) => {
        $crate::omog_tagged_enum! { "event", [$(#[$meta])*] $name {
            $($own)*
            /// A figure mounted or dismounted where he stands.
            Remounted {
                /// Who.
                figure: $crate::tactical::omog::FigureId,
                /// On foot or mounted now.
                mount: $crate::tactical::omog::Mount,
            },
            /// A figure climbed onto the roof of the house he stands in.
            Climbed {
                /// Who.
                figure: $crate::tactical::omog::FigureId,
            },
            /// A figure turned in place (his move order).
            Faced {
                /// Who.
                figure: $crate::tactical::omog::FigureId,
                /// The compass bearing he faces now.
                bearing: f64,
            },
            /// A figure stood for the phase: he neither moves (move phase) nor shoots (fire
            /// phase).
            Held {
                /// Who.
                figure: $crate::tactical::omog::FigureId,
            },
            /// A phase began.
            PhaseBegan {
                /// Turn number.
                turn: u32,
                /// The phase.
                phase: $crate::tactical::omog::Phase,
            },
            /// A new turn began: every figure may act again.
            TurnBegan {
                /// Turn number.
                turn: u32,
                /// The side moving first.
                first: $crate::tactical::ruleset::Side,
            },
            /// A figure was hit and will fall when both sides have fired.
            Hit {
                /// Who.
                figure: $crate::tactical::omog::FigureId,
            },
            /// A figure is out of the fight.
            Down {
                /// Who.
                figure: $crate::tactical::omog::FigureId,
            },
            /// A hand-to-hand fight between `lone` and the enemies in contact with him.
            Melee {
                /// The figure fighting alone.
                lone: $crate::tactical::omog::FigureId,
                /// His total.
                lone_total: i8,
                /// Each opponent and his total (`None` for the third of three, who needs no
                /// roll).
                opponents: Vec<($crate::tactical::omog::FigureId, Option<i8>)>,
                /// Who fell.
                fallen: Vec<$crate::tactical::omog::FigureId>,
            },
            /// A side held the objective at the end of a turn.
            ObjectiveHeld {
                /// Who.
                side: $crate::tactical::ruleset::Side,
                /// Turn ends in a row.
                turns: u32,
            },
            /// Nobody held the objective at the end of a turn.
            ObjectiveOpen,
            /// The battle is over.
            BattleOver {
                /// How it ended.
                outcome: $crate::tactical::ruleset::BattleOutcome,
            },
        }}

        impl $name {
            /// Dice a shared event carries: one for the lone man of a hand-to-hand fight and
            /// one for each opponent who rolls.
            pub fn melee_dice(&self) -> u64 {
                match self {
                    $name::Melee { opponents, .. } => {
                        1 + opponents.iter().filter(|(_, t)| t.is_some()).count() as u64
                    }
                    _ => 0,
                }
            }

            /// The OMOG core's turn event this is, if it is one.
            pub fn as_turn(&self) -> Option<$crate::tactical::omog::TurnEvent> {
                use $crate::tactical::omog::TurnEvent;
                Some(match *self {
                    $name::PhaseBegan { turn, phase } => TurnEvent::PhaseBegan { turn, phase },
                    $name::TurnBegan { turn, first } => TurnEvent::TurnBegan { turn, first },
                    $name::ObjectiveHeld { side, turns } => {
                        TurnEvent::ObjectiveHeld { side, turns }
                    }
                    $name::ObjectiveOpen => TurnEvent::ObjectiveOpen,
                    $name::BattleOver { outcome } => TurnEvent::BattleOver { outcome },
                    _ => return None,
                })
            }
        }

        impl From<$crate::tactical::omog::TurnEvent> for $name {
            fn from(e: $crate::tactical::omog::TurnEvent) -> $name {
                use $crate::tactical::omog::TurnEvent;
                match e {
                    TurnEvent::PhaseBegan { turn, phase } => $name::PhaseBegan { turn, phase },
                    TurnEvent::TurnBegan { turn, first } => $name::TurnBegan { turn, first },
                    TurnEvent::ObjectiveHeld { side, turns } => {
                        $name::ObjectiveHeld { side, turns }
                    }
                    TurnEvent::ObjectiveOpen => $name::ObjectiveOpen,
                    TurnEvent::BattleOver { outcome } => $name::BattleOver { outcome },
                }
            }
        }
    };
}
