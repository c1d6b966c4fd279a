//! What an OMOG 19C player asks for: the OMOG core's orders of the move and fire phases (see
//! [`omog_commands!`](crate::omog_commands)) and the orders of a gun's team.

use super::state::TeamId;
use crate::tactical::table::TablePoint;

crate::omog_commands! {
    /// What a player asks for.
    pub enum OmogCommand {
        /// Fire a team's fieldpiece: a shell at a point 6″–24″ away, or canister towards a
        /// point under 6″ away.
        FireGun {
            /// The team serving it.
            team: TeamId,
            /// The aiming point.
            at: TablePoint,
        },
        /// Fire a burst from a team's Gatling towards a point.
        FireGatling {
            /// The team serving it.
            team: TeamId,
            /// The aiming point.
            at: TablePoint,
        },
    }
}
