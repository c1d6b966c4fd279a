//! Why an order is refused under the rules every OMOG ruleset shares. A ruleset's own refusal
//! wraps these and adds its own; the message a player reads is the `Display`.

use crate::tactical::sight::Impassable;

/// A refused order, for a reason the OMOG core checks.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// Nothing is played once the battle is decided.
    #[error("The battle is over.")]
    BattleOver,
    /// No figure has that number.
    #[error("There is no figure #{0}.")]
    NoFigure(u16),
    /// The figure is the other side's, or it is not his side's phase.
    #[error("The {0} is not yours to command now.")]
    NotYours(String),
    /// The figure is down.
    #[error("The {0} is out of the fight.")]
    OutOfFight(String),
    /// A move out of the side's move phase.
    #[error("Figures move only in their side's move phase.")]
    NotMovePhase,
    /// The figure has had its order of this move phase.
    #[error("The {0} has moved this turn already.")]
    MovedAlready(String),
    /// The path does not begin at the figure.
    #[error("A move starts where the figure stands.")]
    PathStart,
    /// The last man of a team moves away from his side.
    #[error("The {0} is the last of his team: he may only hold or close on his comrades.")]
    LastOfTeam(String),
    /// A soldier ends too far from his team.
    #[error("The {0} must stay within a HALF move (3″) of his team.")]
    Cohesion(String),
    /// A move would leave a team mate without a comrade within a HALF move.
    #[error("That move would leave the {0} more than a HALF move (3″) from his team.")]
    Strands(String),
    /// Another figure stands within a base's width of the end.
    #[error("No room: the {who} cannot stand within 1″ of the {other}.")]
    NoRoom {
        /// The figure moving.
        who: String,
        /// The figure in the way.
        other: String,
    },
    /// The house is full.
    #[error("That house holds only {holds} figures, and it is full.")]
    HouseFull {
        /// How many its footprint holds.
        holds: usize,
    },
    /// Horses stay out of houses.
    #[error("The {0} cannot ride into a house.")]
    HorseInHouse(String),
    /// One charge a game.
    #[error("The {0} has charged once already.")]
    ChargedOnce(String),
    /// A charge that ends out of contact.
    #[error("A charge must end in contact with an enemy.")]
    ChargeNoContact,
    /// A bayonet charge without a bayonet.
    #[error("Only men with bayonets make a bayonet charge.")]
    NoBayonet,
    /// A cavalry charge from too close.
    #[error("Cavalry charge only at an enemy more than a PART move (4″) away.")]
    CavalryTooClose,
    /// A bayonet charge from too close.
    #[error("A bayonet charge needs at least a SHORT move (2″) to run.")]
    BayonetTooClose,
    /// The path leaves the table, enters water or crosses a river away from a crossing.
    #[error("The {who} cannot go that way: {why}.")]
    Impassable {
        /// The figure.
        who: String,
        /// What is in the way.
        why: Impassable,
    },
    /// The move ends in water.
    #[error("The {0} cannot stand in water.")]
    InWater(String),
    /// The path is longer than the figure's move over that ground.
    #[error("Too far: that path takes {percent:.0}% of the {who}'s move.")]
    TooFar {
        /// The figure.
        who: String,
        /// The share of his move it takes, in percent.
        percent: f64,
    },
    /// Ending a move phase out of one.
    #[error("It is not a move phase.")]
    NotAMovePhase,
    /// Ending a fire phase out of one.
    #[error("It is not a fire phase.")]
    NotAFirePhase,
    /// A shot out of the side's fire phase.
    #[error("Shooting happens in the fire phase.")]
    NotFirePhase,
    /// The figure has had its order of this fire phase.
    #[error("The {0} has fired this turn.")]
    FiredAlready(String),
    /// A man who charged does not shoot that turn.
    #[error("The {0} charged this turn and cannot shoot.")]
    ChargedCannotShoot(String),
    /// Aiming at a friend.
    #[error("That is one of your own.")]
    OwnSide,
    /// Aiming at the dead.
    #[error("The {0} is already down.")]
    AlreadyDown(String),
    /// The target is beyond the weapon's longest band.
    #[error("Out of range: {range_in:.1}″ for a {weapon} that reaches {reach_in:.0}″.")]
    OutOfRange {
        /// The distance, inches.
        range_in: f64,
        /// The weapon's name.
        weapon: &'static str,
        /// Its longest range, inches.
        reach_in: f64,
    },
    /// A house, wood or hill between the two.
    #[error("The {shooter} cannot see the {target}: {what} in the way.")]
    CannotSee {
        /// The shooter.
        shooter: String,
        /// The target.
        target: String,
        /// What blocks the line ("a house").
        what: &'static str,
    },
    /// One of the two is deep inside a wood the other is not in: neither can fire at the other.
    #[error(
        "The {0} is more than 2″ inside the woods: he and anyone outside that wood cannot fire at each other."
    )]
    DeepInWoods(String),
    /// The modifiers leave nothing to roll for.
    #[error("The {shooter} cannot hit the {target} from there: {why}.")]
    CannotHit {
        /// The shooter.
        shooter: String,
        /// The target.
        target: String,
        /// The modifiers, as the player reads them.
        why: String,
    },
    /// Only a man with a horse, ridden or led, mounts or dismounts.
    #[error("The {0} has no horse to mount.")]
    NoHorse(String),
    /// Mounting and dismounting are not done in a swamp, at a ford or over a wall.
    #[error("The {0} cannot mount or dismount in a swamp, while fording or while climbing.")]
    NoMountChangeHere(String),
    /// A climb ends on the roof of a house.
    #[error("The {0} can only climb onto the roof of a house he ends his move in.")]
    ClimbNoHouse(String),
    /// Charges are made on foot or on horseback, not while mounting or climbing.
    #[error("A charge is a plain move: no mounting, dismounting or climbing in it.")]
    ChargeIsPlain,
}
