//! Trading: the current player drafts a swap with another seat on a screen of their own; the
//! seat it is offered to answers on theirs. Hands stay hidden throughout: the game's pass screen
//! stands between the two (see `Play::frame`), and an AI seat answers through its bot.
//!
//! The proposer cannot see the other hand, so what they ask for is a card *face* (rank and suit).
//! Several packs are in play, so the engine wants the very card: a face the other seat holds is
//! sent as one of their copies, and a face they lack as a copy they do not hold, which the
//! engine refuses with its own words, as a person across the table would say "I haven't got it".

use macroquad::color::{Color, BLACK, WHITE};
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};
use macroquad::window::clear_background;

use super::Play;
use crate::rules::{
    Card, CardId, Command, Pending, Phase, PlayerId, ProposeTrade, RespondTrade, State, Suit,
};
use crate::ui::text::{card_face, suit_symbol};
use crate::ui::widgets::{colour_of, Ui, FADED, INK, REFUSED};

/// Paper behind the private screens, as on the menus.
const BACKDROP: Color = Color::new(0.93, 0.91, 0.85, 1.0);
/// The border of a chosen card.
const CHOSEN: Color = Color::new(0.1, 0.3, 0.9, 1.0);
/// Cards in one pack's four suits, jokers left out: they are never in play.
const FACES: u16 = 52;

/// A trade being drafted by the player whose turn it is.
#[derive(Debug, Default)]
pub(super) struct Draft {
    with: Option<PlayerId>,
    give: Vec<CardId>,
    /// Faces asked for, each as its first pack's card.
    ask: Vec<CardId>,
}

/// Whether the player to act may offer a trade now: their own main phase, nothing pending.
fn may_propose(state: &State) -> bool {
    state.phase() == Phase::Main
        && state.pending().is_empty()
        && state
            .active_players()
            .iter()
            .any(|p| *p != state.current_player())
}

impl Play {
    /// Height of the side panel's trade button, when it is offered.
    pub(super) fn trade_height(&self) -> f32 {
        if may_propose(self.game.state()) {
            30.0
        } else {
            0.0
        }
    }

    /// The side panel's way into the trade screen; returns the y below it.
    pub(super) fn trade_button(&mut self, ui: &mut Ui, x: f32, y: f32, w: f32) -> f32 {
        let state = self.game.state();
        if !may_propose(state) {
            return y;
        }
        if ui.button("Propose a trade…", [x, y, w, 26.0], true) {
            let me = state.current_player();
            let players = state.players().len();
            // The next seat round the table that is still playing.
            let with = (1..players)
                .map(|k| PlayerId(((me.index() + k) % players) as u8))
                .find(|p| !state.player(*p).is_out());
            self.trade = Some(Draft {
                with,
                ..Draft::default()
            });
            self.message = None;
        }
        y + 30.0
    }

    /// The trade screens, when one is due: the answer of a trade offered to the player at the
    /// screen, or the draft the current player is writing. True when one took the frame.
    pub(super) fn trade_screen(&mut self, ui: &mut Ui) -> bool {
        let state = self.game.state();
        let me = state.actor();
        if let Some(Pending::Trade {
            from,
            with,
            give,
            take,
        }) = state.pending().first().cloned()
        {
            if with == me {
                self.answer_screen(ui, from, &give, &take);
                return true;
            }
        }
        if self.trade.is_some() && may_propose(state) && me == state.current_player() {
            self.propose_screen(ui);
            return true;
        }
        self.trade = None;
        false
    }

    fn propose_screen(&mut self, ui: &mut Ui) {
        clear_background(BACKDROP);
        let state = self.game.state();
        let me = state.actor();
        let refused = self.message().map(str::to_string);
        let [sw, sh] = ui.size();
        let Some(draft) = &mut self.trade else {
            return;
        };
        ui.title("Propose a trade", 40.0, 46.0, 30, INK);
        ui.text(
            &format!(
                "Only {} should see this screen: it shows your hand.",
                state.player(me).name()
            ),
            40.0,
            70.0,
            16,
            FADED,
        );

        ui.title("Trade with", 40.0, 104.0, 18, INK);
        let mut x = 40.0;
        for p in state.active_players().into_iter().filter(|p| *p != me) {
            let player = state.player(p);
            let r = [x, 114.0, 250.0, 34.0];
            let label = format!("with {} ({} cards)", player.name(), player.hand().len());
            if ui.button(&label, r, true) {
                draft.with = Some(p);
            }
            let swatch = [r[0] + r[2] - 26.0, r[1] + 9.0, 16.0, 16.0];
            draw_rectangle(
                swatch[0],
                swatch[1],
                swatch[2],
                swatch[3],
                colour_of(player.colour()),
            );
            if draft.with == Some(p) {
                draw_rectangle_lines(r[0] - 3.0, r[1] - 3.0, r[2] + 6.0, r[3] + 6.0, 3.0, BLACK);
            }
            x += 270.0;
        }
        let with_name = draft.with.map_or_else(
            || "the other player".to_string(),
            |p| state.player(p).name().into(),
        );

        ui.title("You give: click cards in your hand", 40.0, 180.0, 18, INK);
        let hand = state.player(me).hand();
        // A big hand overlaps like a fan rather than running off the screen.
        let pitch = ((sw - 126.0) / hand.len().saturating_sub(1).max(1) as f32).clamp(20.0, 50.0);
        for (i, &c) in hand.iter().enumerate() {
            let chosen = draft.give.contains(&c);
            let r = [40.0 + i as f32 * pitch, 192.0, 46.0, 64.0];
            card(ui, c, r, chosen);
            let hit = if i + 1 < hand.len() {
                [r[0], r[1], pitch.min(r[2]), r[3]]
            } else {
                r
            };
            if ui.hit(&format!("give {}", i + 1), hit) {
                toggle(&mut draft.give, c);
            }
        }
        if hand.is_empty() {
            ui.text("Your hand is empty.", 40.0, 226.0, 16, FADED);
        }

        ui.title(
            &format!("You ask for: click the cards you want from {with_name}"),
            40.0,
            288.0,
            18,
            INK,
        );
        ui.text(
            "You cannot see their hand: if they do not hold a card, the trade is refused.",
            40.0,
            306.0,
            14,
            FADED,
        );
        for f in 0..FACES {
            let id = CardId(f);
            let (row, col) = (f / 13, f % 13);
            let r = [
                40.0 + f32::from(col) * 46.0,
                316.0 + f32::from(row) * 52.0,
                42.0,
                48.0,
            ];
            card(ui, id, r, draft.ask.contains(&id));
            let (rank, sym, _) = card_face(id);
            if ui.hit(&format!("ask {rank}{sym}"), r) {
                toggle(&mut draft.ask, id);
            }
        }

        let list = |ids: &[CardId]| {
            if ids.is_empty() {
                "nothing".to_string()
            } else {
                ids.iter()
                    .map(|c| {
                        let (r, s, _) = card_face(*c);
                        format!("{r}{s}")
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        ui.text(
            &format!(
                "You give {} and ask {with_name} for {}.",
                list(&draft.give),
                list(&draft.ask)
            ),
            40.0,
            544.0,
            17,
            INK,
        );
        if let Some(m) = &refused {
            ui.text_fit(
                &format!("Refused: {m}"),
                40.0,
                566.0,
                16,
                REFUSED,
                sw - 80.0,
            );
        }
        let by = (sh - 50.0).max(576.0);
        let offer = ui.button("Offer the trade", [40.0, by, 220.0, 38.0], true);
        let cancel = ui.button("Cancel", [280.0, by, 160.0, 38.0], true);
        if cancel {
            self.trade = None;
            self.message = None;
            return;
        }
        let Some(with) = draft.with.filter(|_| offer) else {
            return;
        };
        let cmd = Command::ProposeTrade(ProposeTrade {
            with,
            give: draft.give.clone(),
            take: resolve(state.player(with).hand(), &draft.ask),
        });
        self.submit(cmd);
        if self.message().is_none() {
            self.trade = None;
        }
    }

    fn answer_screen(&mut self, ui: &mut Ui, from: PlayerId, give: &[CardId], take: &[CardId]) {
        clear_background(BACKDROP);
        let state = self.game.state();
        let me = state.actor();
        let from_name = state.player(from).name().to_string();
        let refused = self.message().map(str::to_string);
        let [sw, sh] = ui.size();
        ui.title(
            &format!("{from_name} offers you a trade"),
            40.0,
            46.0,
            30,
            INK,
        );
        ui.text(
            &format!(
                "Only {} should see this screen: it shows your hand.",
                state.player(me).name()
            ),
            40.0,
            70.0,
            16,
            FADED,
        );
        let row = |ui: &mut Ui, title: &str, y: f32, cards: &[CardId]| {
            ui.title(title, 40.0, y, 18, INK);
            let pitch =
                ((sw - 126.0) / cards.len().saturating_sub(1).max(1) as f32).clamp(20.0, 50.0);
            for (i, &c) in cards.iter().enumerate() {
                card(
                    ui,
                    c,
                    [40.0 + i as f32 * pitch, y + 12.0, 46.0, 64.0],
                    false,
                );
            }
            if cards.is_empty() {
                ui.text("nothing", 40.0, y + 40.0, 16, FADED);
            }
        };
        row(ui, "You get", 106.0, give);
        row(ui, "You give", 204.0, take);
        let hand = state.player(me).hand();
        let mut after: Vec<CardId> = hand.iter().filter(|c| !take.contains(c)).copied().collect();
        after.extend(give.iter().copied());
        row(ui, "Your hand now", 302.0, hand);
        row(ui, "Your hand after the trade", 400.0, &after);
        let ct = state.creation_total(me);
        ui.paragraph(
            &format!(
                "After the trade your cards add up to {} against your Creation Total of {ct} \
                 (a diamond counts half in the other suits).",
                suit_totals(&after)
            ),
            40.0,
            506.0,
            16,
            sw - 80.0,
        );
        if let Some(m) = &refused {
            ui.text_fit(
                &format!("Refused: {m}"),
                40.0,
                556.0,
                16,
                REFUSED,
                sw - 80.0,
            );
        }
        let by = (sh - 50.0).max(570.0);
        if ui.button("Accept the trade", [40.0, by, 220.0, 38.0], true) {
            self.submit(Command::RespondTrade(RespondTrade { accept: true }));
        } else if ui.button("Refuse the trade", [280.0, by, 220.0, 38.0], true) {
            self.submit(Command::RespondTrade(RespondTrade { accept: false }));
        }
    }
}

/// What a hand is worth towards each suit's purchases, diamonds counting half elsewhere.
fn suit_totals(cards: &[CardId]) -> String {
    Suit::ALL
        .iter()
        .map(|&suit| {
            let worth: u32 = cards
                .iter()
                .filter_map(|c| Card::from_id(*c).worth_towards(suit))
                .sum();
            format!("{} {worth}", suit_symbol(suit).0)
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

fn toggle(list: &mut Vec<CardId>, c: CardId) {
    if let Some(i) = list.iter().position(|x| *x == c) {
        list.remove(i);
    } else {
        list.push(c);
    }
}

/// The cards to ask for: for each face, a copy the other hand holds if it holds one, else the
/// face's own id (which it then does not hold, and the engine says so).
fn resolve(their_hand: &[CardId], faces: &[CardId]) -> Vec<CardId> {
    let mut out: Vec<CardId> = Vec::new();
    for &face in faces {
        let want = Card::from_id(face);
        let held = their_hand
            .iter()
            .find(|c| Card::from_id(**c) == want && !out.contains(c));
        out.push(held.copied().unwrap_or(face));
    }
    out
}

/// A card drawn face up in `r`, raised and ringed when chosen.
fn card(ui: &Ui, id: CardId, r: [f32; 4], chosen: bool) {
    let y = if chosen { r[1] - 4.0 } else { r[1] };
    draw_rectangle(r[0], y, r[2], r[3], WHITE);
    draw_rectangle_lines(
        r[0],
        y,
        r[2],
        r[3],
        if chosen { 3.0 } else { 1.0 },
        if chosen { CHOSEN } else { BLACK },
    );
    let (rank, sym, red) = card_face(id);
    let ink = if red {
        Color::new(0.8, 0.0, 0.0, 1.0)
    } else {
        BLACK
    };
    let big = r[3] >= 60.0;
    ui.title(
        &rank,
        r[0] + 5.0,
        y + if big { 22.0 } else { 19.0 },
        if big { 18 } else { 15 },
        ink,
    );
    ui.text(
        sym,
        r[0] + r[2] / 2.0 - if big { 5.0 } else { 4.0 },
        y + r[3] - 10.0,
        if big { 26 } else { 22 },
        ink,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_face_asked_for_is_the_copy_they_hold_or_one_they_do_not() {
        // Pack 0 is ids 0–53, pack 1 ids 54–107: id 54 + 6 is pack 1's 7 of clubs.
        let seven_clubs = CardId(6);
        let their_hand = [CardId(54 + 6), CardId(20)];
        assert_eq!(resolve(&their_hand, &[seven_clubs]), [CardId(60)]);
        let missing = CardId(12); // the King of clubs, not held
        assert_eq!(resolve(&their_hand, &[missing]), [missing]);
        assert!(!their_hand.contains(&missing));
    }
}
