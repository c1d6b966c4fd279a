//! Why The Dice Flew refuses a command. The `Display` is the message the player reads.

/// A refused command.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// The battle is over.
    #[error("The battle is over.")]
    Over,
    /// Not this command's moment.
    #[error("Not now: {0}.")]
    NotNow(&'static str),
    /// No such unit or battalion, or not the actor's.
    #[error("That is not one of your units or battalions.")]
    NotYours,
    /// The order names a feature the battlefield does not have.
    #[error("There is no such terrain feature on this battlefield.")]
    NoFeature,
    /// A shaken battalion may not attack.
    #[error("The battalion is shaken: it may not be ordered to attack.")]
    Shaken,
    /// One order change a turn.
    #[error("That battalion has already tried to change its order this turn.")]
    AlreadyTried,
    /// Order changes come before any movement.
    #[error("Orders are changed at the start of the turn, before anything moves.")]
    AfterMoving,
    /// The unit moved already.
    #[error("The {0} has already moved this turn.")]
    Moved(String),
    /// Pinned units neither move nor shoot.
    #[error("The {0} is pinned: it may not move or shoot until it rallies.")]
    Pinned(String),
    /// The path cannot be taken.
    #[error("The {0} cannot go that way: {1}.")]
    Impassable(String, String),
    /// The move is longer than the unit's allowance over that ground.
    #[error("That is {used:.0}% of the {unit}'s move over that ground.")]
    TooFar {
        /// Which unit.
        unit: String,
        /// The share of its move it would use, in percent.
        used: f64,
    },
    /// Units never overlap.
    #[error("The {0} would stand on another unit.")]
    Overlap(String),
    /// What the battalion's order forbids.
    #[error("The battalion's order forbids it: {0}.")]
    Order(&'static str),
    /// The shooter may not fire now.
    #[error("The {0} may not fire: {1}.")]
    CannotFire(String, &'static str),
    /// The shot is allowed, but the company's weapons would roll no dice against that target
    /// at that range: the engine never offers or takes a shot of nothing.
    #[error("The {0} has no shot: its weapons would roll no dice against that target.")]
    NoDice(String),
    /// A battery fires (or is called) once a turn.
    #[error("The {0} has already fired this turn.")]
    BatteryUsed(String),
    /// The observer may not call fire on that target.
    #[error("The forward observer cannot call fire there: {0}.")]
    CannotCall(&'static str),
    /// A patrol cannot be sent or taken back.
    #[error("Patrol: {0}.")]
    Patrol(&'static str),
    /// An attack order's battalion must advance with at least half its companies.
    #[error("Under its attack order, half of the battalion's companies must advance on {0} or be fighting.")]
    AttackLags(String),
    /// The unit may not bombard (the reason follows its name).
    #[error("The {0} cannot bombard: {1}.")]
    CannotBombard(String, &'static str),
    /// A telephone line cannot be laid.
    #[error("No telephone line: {0}.")]
    Line(&'static str),
    /// A company cannot be equipped so (the reason follows its name).
    #[error("The {0} cannot be equipped so: {1}.")]
    Equip(String, String),
    /// A fire plan's line cannot be changed so.
    #[error("The fire plan: {0}.")]
    Plan(&'static str),
}
