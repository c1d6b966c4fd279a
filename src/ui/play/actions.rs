//! The actions the side panel lists: what the player at the screen can do now, and what they
//! cannot, with the engine's reason. Each row is a command the engine is asked about with
//! [`check`]: a refused one stays on the list, disabled, with the refusal as its reason (clubs at
//! a village, spades without the food, a unit that does not stand on a place…).

use super::Play;
use crate::rules::{
    cheapest_set, check, Board, BuildSettlement, BuildShip, BuyAttackDie, Card, CardId, Command,
    Fortify, GrowFood, Location, Phase, PlayRoyal, RaiseUnit, SettlementId, Suit, UnitId, UnitType,
};
use crate::ui::text::{command_label, settlement_name, unit_name};

/// One button of the list.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Action {
    /// What the button says (and what a script names it by).
    pub(super) label: String,
    /// The command, when the engine accepts it now.
    pub(super) cmd: Option<Command>,
    /// Why not, when it does not.
    pub(super) why: Option<String>,
}

/// A line of the list.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Row {
    /// A heading.
    Header(String),
    /// A button.
    Button(Action),
    /// Buttons side by side, after a lead-in (the unit types clubs can raise).
    Choice(String, Vec<(String, Action)>),
    /// A hint.
    Note(String),
}

impl Play {
    /// The cards to spend on a `suit` purpose: the player's chosen cards if they all count
    /// towards it, else the engine's cheapest set, else every card that counts (so the engine
    /// says how far short they fall). `Err` says why there is nothing to offer at all.
    fn pay(&self, suit: Suit) -> Result<Vec<CardId>, String> {
        let state = self.game.state();
        let me = state.actor();
        let counts = |c: &CardId| {
            let card = Card::from_id(*c);
            !card.is_royal() && card.worth_towards(suit).is_some_and(|w| w > 0)
        };
        if !self.cards.is_empty() {
            return if self.cards.iter().all(counts) {
                Ok(self.cards.clone())
            } else {
                Err(format!(
                    "The cards you chose cannot all be spent as {}.",
                    suit.name()
                ))
            };
        }
        if let Some(set) = cheapest_set(state, me, suit) {
            return Ok(set);
        }
        let all: Vec<CardId> = state
            .player(me)
            .hand()
            .iter()
            .copied()
            .filter(counts)
            .collect();
        if all.is_empty() {
            Err(format!("You hold no {} to spend.", suit.name()))
        } else {
            Ok(all)
        }
    }

    /// A row for a command built from cards to `pay` for `suit`, asking the engine about it.
    fn paid(&self, label: String, suit: Suit, make: impl FnOnce(Vec<CardId>) -> Command) -> Action {
        match self.pay(suit) {
            Ok(cards) => {
                let shown = cards_short(&cards);
                let cmd = make(cards);
                self.judged(format!("{label} ({shown})"), cmd)
            }
            Err(why) => Action {
                label,
                cmd: None,
                why: Some(why),
            },
        }
    }

    /// A row for `cmd`: enabled when the engine accepts it, else with its refusal.
    fn judged(&self, label: String, cmd: Command) -> Action {
        match check(self.game.state(), &self.rules_board, &cmd) {
            Ok(()) => Action {
                label,
                cmd: Some(cmd),
                why: None,
            },
            Err(e) => Action {
                label,
                cmd: None,
                why: Some(e.to_string()),
            },
        }
    }

    /// Where settlement actions happen: the settlement picked on the map, else the base, else
    /// the first settlement.
    pub(super) fn context_settlement(&self) -> Option<SettlementId> {
        let state = self.game.state();
        let me = state.actor();
        self.selected_place
            .filter(|s| state.settlement(*s).is_some_and(|x| x.owner() == me))
            .or_else(|| state.player(me).base())
            .or_else(|| state.settlements_of(me).first().copied())
    }

    /// Every row of the action list for the player at the screen.
    pub(super) fn action_rows(&self) -> Vec<Row> {
        let state = self.game.state();
        let mut rows = Vec::new();
        let turn = matches!(state.phase(), Phase::Main | Phase::Attack);
        if state.phase() == Phase::Setup && state.pending().is_empty() {
            rows.push(Row::Note(
                "Click a place ringed in green to put your base there; hover any place to hear why it can or cannot be.".into(),
            ));
            return rows;
        }
        if !state.pending().is_empty() || !turn {
            // A decision, the draw, or setup: the engine's own short list.
            for cmd in &self.legal {
                if matches!(cmd, Command::EndTurn(_) | Command::EndMain(_)) {
                    continue;
                }
                if let Some(label) = command_label(state, cmd) {
                    rows.push(Row::Button(Action {
                        label,
                        cmd: Some(cmd.clone()),
                        why: None,
                    }));
                }
            }
            return rows;
        }
        match self.selected {
            Some(u) => self.unit_rows(u, &mut rows),
            None if state.phase() == Phase::Main => rows.push(Row::Note(
                "Click one of your units, then where it should go: the pointer snaps to the nearest road or settlement it may end on.".into(),
            )),
            None => {}
        }
        if state.phase() == Phase::Main {
            if let Some(s) = self.context_settlement() {
                self.settlement_rows(s, &mut rows);
            }
            self.hand_rows(&mut rows);
        } else if self.selected.is_none() {
            rows.push(Row::Note(
                "Click one of your units to see its attack radius (red) and what it may attack."
                    .into(),
            ));
            let attacks: Vec<&Command> = self
                .legal
                .iter()
                .filter(|c| matches!(c, Command::Attack(_)))
                .collect();
            if !attacks.is_empty() {
                rows.push(Row::Header("Attacks the engine allows".into()));
            }
            for cmd in attacks {
                if let Some(label) = command_label(state, cmd) {
                    rows.push(Row::Button(Action {
                        label,
                        cmd: Some(cmd.clone()),
                        why: None,
                    }));
                }
            }
        }
        rows
    }

    fn unit_rows(&self, u: UnitId, rows: &mut Vec<Row>) {
        let state = self.game.state();
        let Some(unit) = state.unit(u) else { return };
        rows.push(Row::Header(unit_name(state, u)));
        if state.phase() == Phase::Main && self.reach.is_some() {
            let double = self
                .reach
                .as_ref()
                .is_some_and(|r| r.stretches.iter().any(|s| s.double_move));
            rows.push(Row::Note(
                if double {
                    "Green: where one move ends; purple: only a motorway double move."
                } else {
                    "Green: the roads where its move may end."
                }
                .into(),
            ));
        }
        if state.phase() == Phase::Main {
            match unit.at() {
                Location::Sea(_) if self.sea_reach.is_some() => rows.push(Row::Note(
                    "Green: the water its move may end on (a card's length empty, a card's breadth loaded). Click there to sail.".into(),
                )),
                Location::Aboard(_) => rows.push(Row::Note(
                    "Aboard: green dots are places to land (a major road or your settlement within a card's breadth). Click one to go ashore.".into(),
                )),
                Location::Settlement(s) if self.rules_board.is_port(state, s) => {
                    rows.push(Row::Note(
                        "In a port: click one of your Ships in harbour here to go aboard.".into(),
                    ))
                }
                _ => {}
            }
        }
        let stack = state.stack_of(u);
        if stack.len() > 1 {
            let picks = stack
                .iter()
                .map(|&other| {
                    let kind = state.unit(other).map_or("unit", |x| x.kind().name());
                    (
                        format!("{kind} {}", other.0),
                        Action {
                            label: format!("Select {kind} {}", other.0),
                            cmd: None,
                            why: (other == u).then(|| "Selected".to_string()),
                        },
                    )
                })
                .collect();
            rows.push(Row::Choice("In this stack:".into(), picks));
        }
        let afloat = matches!(unit.at(), Location::Sea(_) | Location::Aboard(_));
        if state.phase() == Phase::Main && !matches!(unit.at(), Location::Settlement(_)) && !afloat
        {
            rows.push(Row::Button(self.paid(
                "Settle here with spades".into(),
                Suit::Spades,
                |cards| Command::BuildSettlement(BuildSettlement { cards, unit: u }),
            )));
        }
        rows.push(Row::Button(self.paid(
            format!("+1 attack die for {} {}", unit.kind().name(), u.0),
            Suit::Diamonds,
            |cards| Command::BuyAttackDie(BuyAttackDie { cards, unit: u }),
        )));
        if state.phase() == Phase::Attack {
            for cmd in &self.legal {
                if let Command::Attack(a) = cmd {
                    if a.unit == u {
                        let label = command_label(state, cmd).unwrap_or_default();
                        rows.push(Row::Button(Action {
                            label,
                            cmd: Some(cmd.clone()),
                            why: None,
                        }));
                    }
                }
            }
        }
    }

    fn settlement_rows(&self, s: SettlementId, rows: &mut Vec<Row>) {
        let state = self.game.state();
        let me = state.actor();
        let name = settlement_name(state, s);
        let kind = state.settlement(s).map_or("", |x| x.kind().as_str());
        rows.push(Row::Header(format!("At {name} ({kind})")));
        let mut ranks = Vec::new();
        for &card in state.player(me).hand() {
            let c = Card::from_id(card);
            if !c.is_royal() || ranks.contains(&c.rank()) {
                continue;
            }
            ranks.push(c.rank());
            let cmd = Command::PlayRoyal(PlayRoyal {
                card,
                settlement: s,
            });
            let label = command_label(state, &cmd).unwrap_or_default();
            rows.push(Row::Button(self.judged(label, cmd)));
        }
        let lead = match self.pay(Suit::Clubs) {
            Ok(cards) => format!("Clubs {} → a unit:", cards_short(&cards)),
            Err(_) => "Clubs → a unit:".into(),
        };
        let kinds = UnitType::RAISED_BY_CLUBS
            .iter()
            .map(|&kind| {
                let a = self.paid(
                    format!("Clubs: {} at {name}", kind.name()),
                    Suit::Clubs,
                    |cards| {
                        Command::RaiseUnit(RaiseUnit {
                            cards,
                            kind,
                            settlement: s,
                        })
                    },
                );
                (kind.name().to_string(), a)
            })
            .collect();
        rows.push(Row::Choice(lead, kinds));
        rows.push(Row::Button(self.paid(
            format!("Fortify {name} with spades"),
            Suit::Spades,
            |cards| {
                Command::Fortify(Fortify {
                    cards,
                    settlement: s,
                })
            },
        )));
        if state.options().seafaring {
            rows.push(Row::Button(self.paid(
                format!("Build a Ship at {name} with spades"),
                Suit::Spades,
                |cards| Command::BuildShip(BuildShip { cards, port: s }),
            )));
        }
        if state.settlements_of(me).len() > 1 {
            rows.push(Row::Note(
                "Click another of your settlements on the map to act there.".into(),
            ));
        }
    }

    fn hand_rows(&self, rows: &mut Vec<Row>) {
        let state = self.game.state();
        rows.push(Row::Header("From your hand".into()));
        rows.push(Row::Button(self.paid(
            "One food with hearts".into(),
            Suit::Hearts,
            |cards| Command::GrowFood(GrowFood { cards }),
        )));
        for cmd in &self.legal {
            if matches!(cmd, Command::SwapDiamond(_) | Command::PlayTank(_)) {
                if let Some(label) = command_label(state, cmd) {
                    rows.push(Row::Button(Action {
                        label,
                        cmd: Some(cmd.clone()),
                        why: None,
                    }));
                }
            }
        }
    }
}

/// "6♣ 2♣ 7♣".
fn cards_short(cards: &[CardId]) -> String {
    cards
        .iter()
        .map(|c| {
            let (r, s, _) = crate::ui::text::card_face(*c);
            format!("{r}{s}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}
