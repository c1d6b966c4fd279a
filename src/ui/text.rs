//! Words for what the engine reports: event log lines and action button labels. Presentation
//! only: what is legal and what happened always comes from the engine.

use crate::rules::{Card, CardId, Command, Event, Outcome, Rank, State, Suit, Target, UnitId};

/// A card as printed on its face: rank and suit symbol.
pub fn card_face(id: CardId) -> (String, &'static str, bool) {
    match Card::from_id(id) {
        Card::Suited { rank, suit } => {
            let r = match rank {
                Rank::Ace => "A".to_string(),
                Rank::Number(n) => n.to_string(),
                Rank::Jack => "J".into(),
                Rank::Queen => "Q".into(),
                Rank::King => "K".into(),
            };
            let (sym, red) = suit_symbol(suit);
            (r, sym, red)
        }
        Card::Joker => ("Jk".into(), "★", false),
    }
}

/// A suit's symbol and whether it is printed red.
pub fn suit_symbol(suit: Suit) -> (&'static str, bool) {
    match suit {
        Suit::Clubs => ("♣", false),
        Suit::Diamonds => ("♦", true),
        Suit::Hearts => ("♥", true),
        Suit::Spades => ("♠", false),
    }
}

/// "6 6 2": a roll as the dice show it.
fn dice(roll: &[u8]) -> String {
    roll.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

fn short(id: CardId) -> String {
    let (r, s, _) = card_face(id);
    format!("{r}{s}")
}

fn cards(ids: &[CardId]) -> String {
    ids.iter().map(|c| short(*c)).collect::<Vec<_>>().join(" ")
}

/// "Guard 3 (Orange)".
pub fn unit_name(state: &State, id: UnitId) -> String {
    match state.unit(id) {
        Some(u) => format!(
            "{} {} ({})",
            u.kind().name(),
            id.0,
            state.player(u.owner()).name()
        ),
        None => format!("unit {}", id.0),
    }
}

/// A settlement's name, as on the map.
pub fn settlement_name(state: &State, id: crate::rules::SettlementId) -> String {
    state
        .settlement(id)
        .map_or_else(|| format!("settlement {}", id.0), |s| s.name().to_string())
}

/// What an attack is aimed at, in words.
pub fn target_name(state: &State, t: Target) -> String {
    match t {
        Target::Unit(u) => unit_name(state, u),
        Target::Settlement(s) => settlement_name(state, s),
    }
}

/// A button label for a command; `None` for commands chosen on the map or on their own screen.
pub fn command_label(state: &State, cmd: &Command) -> Option<String> {
    Some(match cmd {
        Command::Draw(_) => "Roll the die and draw".into(),
        Command::PlayRoyal(c) => format!(
            "Play {}: unit at {}",
            short(c.card),
            settlement_name(state, c.settlement)
        ),
        Command::PlayTank(c) => format!("Play {}: Tank in base", short(c.card)),
        Command::RaiseUnit(c) => format!(
            "Clubs {}: {} at {}",
            cards(&c.cards),
            c.kind.name(),
            settlement_name(state, c.settlement)
        ),
        Command::BuildSettlement(c) => format!(
            "Spades {}: settle with {}",
            cards(&c.cards),
            unit_name(state, c.unit)
        ),
        Command::Fortify(c) => format!(
            "Spades {}: fortify {}",
            cards(&c.cards),
            settlement_name(state, c.settlement)
        ),
        Command::GrowFood(c) => format!("Hearts {}: one food", cards(&c.cards)),
        Command::SwapDiamond(c) => {
            format!("Swap {} + {}: draw two", short(c.diamond), short(c.other))
        }
        Command::BuyAttackDie(c) => format!(
            "Diamonds {}: +1 die for {}",
            cards(&c.cards),
            unit_name(state, c.unit)
        ),
        Command::RespondTrade(c) => if c.accept {
            "Accept the trade"
        } else {
            "Decline the trade"
        }
        .into(),
        Command::EndMain(_) => "End main phase: attacks".into(),
        Command::Attack(c) => format!(
            "Attack {} with {}",
            target_name(state, c.target),
            unit_name(state, c.unit)
        ),
        Command::EndTurn(_) => "End turn".into(),
        Command::ChooseDefender(c) => format!("Defend with {}", unit_name(state, c.unit)),
        Command::ChooseSiegeCasualty(c) => format!("Siege takes {}", unit_name(state, c.unit)),
        Command::ChooseBase(c) => format!("New base: {}", settlement_name(state, c.settlement)),
        Command::AnswerBattle(c) => if c.accept {
            "Accept the battle"
        } else {
            "Refuse: roll the dice"
        }
        .into(),
        Command::FinishBattle(_) => "Let the AI fight the battle".into(),
        Command::BuildShip(c) => format!(
            "Spades {}: Ship at {}",
            cards(&c.cards),
            settlement_name(state, c.port)
        ),
        Command::BoardShip(c) => format!(
            "{} boards {}",
            unit_name(state, c.unit),
            unit_name(state, c.ship)
        ),
        Command::PlaceBase(_) | Command::Move(_) | Command::ProposeTrade(_) | Command::Land(_) => {
            return None
        }
    })
}

/// A log line for an event, or `None` for bookkeeping nobody needs to read. Read against the
/// state after the event; `before` names the units as they were before it, so a destroyed unit
/// is still named.
pub fn event_line(
    state: &State,
    before: &std::collections::BTreeMap<UnitId, String>,
    e: &Event,
) -> Option<String> {
    let unit_name = |_: &State, id: UnitId| {
        before
            .get(&id)
            .cloned()
            .unwrap_or_else(|| unit_name(state, id))
    };
    let who = |p: crate::rules::PlayerId| state.player(p).name().to_string();
    Some(match e {
        Event::BasePlaced { player, name, .. } => {
            format!("{} places their base at {name}", who(*player))
        }
        Event::TurnStarted { player, .. } => format!("— {}'s turn —", who(*player)),
        Event::DrawRolled { player, value } => format!("{} rolls {value}", who(*player)),
        Event::CardsDrawn { player, cards } => format!(
            "{} draws {}",
            who(*player),
            crate::ui::widgets::count(cards.len(), "card", "cards")
        ),
        Event::UnitPlaced { unit, .. } => format!("{} appears", unit_name(state, *unit)),
        Event::UnitMoved { unit, .. } => format!("{} moves", unit_name(state, *unit)),
        Event::UnitDestroyed { unit, .. } => format!("{} is destroyed", unit_name(state, *unit)),
        Event::SettlementBuilt { player, name, .. } => format!("{} settles {name}", who(*player)),
        Event::Fortified { settlement } => {
            format!("{} is fortified", settlement_name(state, *settlement))
        }
        Event::FoodGained { player, amount } => format!("{} gains {} food", who(*player), amount.0),
        Event::FoodDiscarded { player, amount } => {
            format!("{} gives up {} food", who(*player), amount.0)
        }
        Event::CardStolen { .. } => "A card is stolen".into(),
        Event::AttackDieBought { unit } => {
            format!("{} buys an attack die", unit_name(state, *unit))
        }
        Event::AttackDeclared { unit, target } => format!(
            "{} attacks {}",
            unit_name(state, *unit),
            match target {
                Target::Unit(u) => unit_name(state, *u),
                t => target_name(state, *t),
            }
        ),
        Event::BattleAnswered { player, accept } => format!(
            "{} {} the table battle",
            state.name_of(*player),
            if *accept { "accepts" } else { "refuses" }
        ),
        Event::BattleFought {
            request,
            mode,
            outcome,
            ..
        } => format!(
            "{} battle {}: {}",
            request.ruleset,
            match mode {
                crate::rules::BattleMode::Table => "on the table",
                crate::rules::BattleMode::Auto => "auto-resolved",
            },
            match outcome {
                Outcome::AttackerWins => "the attacker wins",
                Outcome::DefenderWins => "the defender wins",
                Outcome::StandOff => "stand-off",
            }
        ),
        Event::CombatRolled {
            attack,
            defence,
            outcome,
            ..
        } => format!(
            "Dice {} against {}: {}",
            dice(attack),
            dice(defence),
            match outcome {
                Outcome::AttackerWins => "the attacker wins",
                Outcome::DefenderWins => "the defender wins",
                Outcome::StandOff => "stand-off",
            }
        ),
        Event::SettlementCaptured {
            settlement,
            from,
            to,
            ..
        } => format!(
            "{} captures {} from {}",
            who(*to),
            settlement_name(state, *settlement),
            who(*from)
        ),
        Event::SiegeStarted { settlement, .. } => {
            format!("{} is under siege", settlement_name(state, *settlement))
        }
        Event::SiegeEnded { settlement } => format!(
            "The siege of {} is lifted",
            settlement_name(state, *settlement)
        ),
        Event::SiegeRolled {
            settlement,
            besieger,
            besieger_roll,
            besieged_roll,
            chooser,
        } => format!(
            "Siege of {}: {} rolls {besieger_roll}, the besieged {besieged_roll}; {} wins the roll",
            settlement_name(state, *settlement),
            who(*besieger),
            who(*chooser)
        ),
        Event::TradeProposed { from, with, .. } => {
            format!("{} offers {} a trade", who(*from), who(*with))
        }
        // Which cards changed hands stays between the two players.
        Event::TradeAccepted { from, with, .. } => {
            format!("{} accepts {}'s trade", who(*with), who(*from))
        }
        Event::TradeDeclined { from, with } => {
            format!("{} refuses {}'s trade", who(*with), who(*from))
        }
        Event::PlayerOut { player, .. } => format!("{} is out of the game", who(*player)),
        Event::Won { player } => format!("{} wins!", who(*player)),
        _ => return None,
    })
}
