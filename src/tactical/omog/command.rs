//! The orders every OMOG ruleset shares, declared once: [`omog_commands!`](crate::omog_commands)
//! writes a ruleset's command enum with them and adds the ruleset's own orders (19C's guns).
//!
//! A macro rather than a shared enum wrapped in each ruleset's: commands are saved in battle
//! logs as flat JSON objects tagged `"command"`, and every caller matches
//! `OmogCommand::Move { .. }`, so each ruleset keeps one flat enum of its own.

/// Declare an OMOG ruleset's command enum: the shared orders (`Move`, `Remount`, `Climb`,
/// `Face`, `Hold`, `EndMove`, `Shoot`, `EndFire`) followed by the variants given, serialised
/// tagged `"command"` in snake case, with [`move_orders_into!`](crate::move_orders_into).
///
/// ```
/// omms::omog_commands! {
///     /// What a player of a ruleset without guns asks for.
///     pub enum PlainCommand {}
/// }
/// let c = PlainCommand::EndMove;
/// assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"command":"end_move"}"#);
/// ```
#[macro_export]
macro_rules! omog_commands {
    ($(#[$meta:meta])* pub enum $name:ident { $($own:tt)* }) => {
        $crate::omog_tagged_enum! { "command", [$(#[$meta])*] $name {
            /// Move one figure along a path (its first point is where it stands). `charge`
            /// declares a cavalry or bayonet charge into contact with an enemy.
            Move {
                /// The figure.
                figure: $crate::tactical::omog::FigureId,
                /// The path, starting at the figure.
                path: Vec<$crate::tactical::table::TablePoint>,
                /// Whether it charges.
                #[serde(default)]
                charge: bool,
            },
            /// Move one figure along a path, then mount (a man on foot who has a horse) or
            /// dismount (a horseman): a HALF move on top of the path. Not in a swamp, at a ford
            /// or over a wall.
            Remount {
                /// The figure.
                figure: $crate::tactical::omog::FigureId,
                /// The path, starting at the figure (two equal points to stay where he is).
                path: Vec<$crate::tactical::table::TablePoint>,
            },
            /// Move one figure along a path into a house and up onto its roof, a high place:
            /// climbing, so a SHORT move at most. Any move from a roof climbs down the same way.
            Climb {
                /// The figure.
                figure: $crate::tactical::omog::FigureId,
                /// The path, starting at the figure, ending in a house.
                path: Vec<$crate::tactical::table::TablePoint>,
            },
            /// Turn a figure in place to face a point: his order of the move phase (he does not
            /// change his place). Three men facing a charging horseman can repel him.
            Face {
                /// The figure.
                figure: $crate::tactical::omog::FigureId,
                /// The point he turns to face.
                toward: $crate::tactical::table::TablePoint,
            },
            /// Let a figure stand this phase: it neither moves (move phase) nor shoots (fire
            /// phase).
            Hold {
                /// The figure.
                figure: $crate::tactical::omog::FigureId,
            },
            /// End this side's move.
            EndMove,
            /// Shoot a small arm at an enemy figure.
            Shoot {
                /// The shooter.
                figure: $crate::tactical::omog::FigureId,
                /// The target.
                target: $crate::tactical::omog::FigureId,
            },
            /// End this side's fire.
            EndFire,
            $($own)*
        }}
        $crate::move_orders_into!($name);
    };
}

/// An enum of an OMOG ruleset's orders or events: plain data, serialised as flat JSON objects
/// tagged `$tag` in snake case (the shape saves and battle logs keep).
#[doc(hidden)]
#[macro_export]
macro_rules! omog_tagged_enum {
    ($tag:tt, [$($attr:tt)*] $name:ident { $($variants:tt)* }) => {
        $($attr)*
        #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(tag = $tag, rename_all = "snake_case")]
        pub enum $name {
            $($variants)*
        }
    };
}
