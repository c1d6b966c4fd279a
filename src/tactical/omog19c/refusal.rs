//! Why OMOG 19C refuses an order: the OMOG core's reasons and the guns'. The `Display` is the
//! message the player reads.

use crate::tactical::omog;

/// A refused OMOG 19C order.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// A reason every OMOG ruleset shares (moving, cohesion, charges, sight, range).
    #[error(transparent)]
    Omog(#[from] omog::Refusal),
    /// A gun order out of the fire phase.
    #[error("Guns fire in the fire phase.")]
    GunsOutsideFire,
    /// No team has that number.
    #[error("There is no team #{0}.")]
    NoTeam(u16),
    /// The other side's gun, or not this side's phase.
    #[error("That gun is not yours to fire now.")]
    GunNotYours,
    /// The team has no fieldpiece.
    #[error("That team has no fieldpiece.")]
    NoFieldpiece,
    /// The team has no Gatling.
    #[error("That team has no Gatling.")]
    NoGatling,
    /// Once a turn.
    #[error("That gun has fired this turn.")]
    GunFired,
    /// It moved too lately to be set up.
    #[error("The gun must stand a whole turn to be set up before it fires.")]
    NotSetUp,
    /// Too few trained gunners free.
    #[error("The gun needs {0} trained gunners free to fire it.")]
    TooFewGunners(u8),
    /// A crew of two fires every other turn.
    #[error("A two-man crew fires only every other turn.")]
    TwoManCrew,
    /// A gunner who served the gun this turn.
    #[error("Gunners serving the gun this turn cannot shoot.")]
    GunnerServing,
    /// The aiming point is off the table.
    #[error("Aim at a point on the table.")]
    AimOffTable,
    /// The gunner cannot see where he aims.
    #[error("The gunner must see the point he fires at.")]
    GunnerCannotSee,
    /// Under 6″ with no canister left.
    #[error("Under 6″ the gun fires only canister, and none is left.")]
    NoCanister,
    /// Beyond 24″.
    #[error("Beyond the fieldpiece's 24″ range.")]
    BeyondRange,
    /// No shells left.
    #[error("No shells left.")]
    NoShells,
    /// No bursts left.
    #[error("The Gatling has fired all its bursts.")]
    NoBursts,
    /// Aiming at the gun's own muzzle.
    #[error("Aim the Gatling at a point away from its muzzle.")]
    AimAtMuzzle,
    /// A gun crew too small to push it.
    #[error(
        "Fewer than three men cannot move the gun: its crew and any soldier within 2″ of it push."
    )]
    CrewTooSmall,
    /// Fewer than two more pushers still have their move.
    #[error("Three men who have not moved yet this phase must push the gun together.")]
    PushersMoved,
    /// Guns do not cross fords or swamps.
    #[error("A gun cannot be pushed through a ford or a swamp.")]
    GunFordSwamp,
    /// Guns go slowly in woods.
    #[error("A gun is pushed through woods at no more than a SHORT move (2″).")]
    GunWoods,
}
