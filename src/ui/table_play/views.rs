//! The table screen's face to the rest of the game, whatever the ruleset: the strategic game,
//! `omms battle --play` and `--png` open a battle by its ruleset id and talk to it through
//! [`TableScreen`]. Each ruleset's view registers here with one line in [`VIEWS`].

use std::path::PathBuf;

use macroquad::color::Color;

use super::super::table::{self as tdraw, TableShot};
use super::super::widgets::Ui;
use super::host;
use super::view::RulesetView;
use super::TableDone;
use crate::tactical::registry::RulesetId;
use crate::tactical::ruleset::{BattleOutcome, Summary};
use crate::tactical::{BattleLog, Battlefield, Forces};

/// A battle on the table screen, seen without its ruleset's types.
pub trait TableScreen {
    /// One frame: draw, take this frame's input. Returns once the battle is over and the player
    /// has clicked the result's button.
    fn frame(&mut self, ui: &mut Ui) -> Option<TableDone>;
    /// Every command executed so far, as the strategic game and saves keep them.
    fn log(&self) -> BattleLog;
    /// Play a saved battle's commands from deployment; a refused command stops the replay and
    /// says which.
    fn resume(&mut self, log: &BattleLog) -> Result<(), String>;
    /// How it ended, once over.
    fn outcome(&self) -> Option<BattleOutcome>;
    /// Turns and losses so far.
    fn summary(&self) -> Summary;
    /// The battlefield.
    fn field(&self) -> &Battlefield;
    /// The position as JSON, for a script's `save` step.
    fn position_json(&self) -> serde_json::Value;
    /// The label of the button that leaves the result.
    fn set_done_label(&mut self, label: &str);
    /// The sides' colours, `[attacker, defender]`.
    fn set_colours(&mut self, colours: [Color; 2]);
    /// Where a table point given in inches from the south-west corner is on screen, as last
    /// drawn (for scripted clicks).
    fn screen_point(&self, inches_xy: [f64; 2]) -> Option<[f32; 2]>;
    /// The hover box the last frame showed, its lines joined (for a script's `expect-tip`).
    fn tip(&self) -> Option<String>;
}

/// Opens a battle on screen: the battlefield, both forces, the seed, which sides are human and
/// the sides' names (`[attacker, defender]`).
type Open = fn(Battlefield, Forces, u64, [bool; 2], [String; 2]) -> Box<dyn TableScreen>;

/// A still of the table for `--png`: the forces after the bots have played that many turns
/// (none: the empty table).
type Still = fn(&Battlefield, &Forces, u64, Option<u32>) -> TableShot;

/// A ruleset's view.
struct View {
    /// The id of the view's ruleset.
    id: fn() -> &'static str,
    open: Open,
    still: Still,
}

/// Every ruleset's view: adding a ruleset to the table screen is its view's folder and a line
/// here.
static VIEWS: &[View] = &[
    View::of::<super::omog19c::Omog19cView>(),
    View::of::<super::omog_musket::OmogMusketView>(),
    View::of::<super::six_plus::SixPlusView>(),
    View::of::<super::dice_flew::DiceFlewView>(),
];

impl View {
    const fn of<V: RulesetView>() -> View {
        View {
            id: rules_id::<V>,
            open: host::open::<V>,
            still: host::still::<V>,
        }
    }
}

fn rules_id<V: RulesetView>() -> &'static str {
    crate::tactical::Ruleset::id(&V::Rules::default())
}

fn view(id: RulesetId) -> Result<&'static View, String> {
    VIEWS
        .iter()
        .find(|v| (v.id)() == id.as_str())
        .ok_or_else(|| format!("the table screen has no view for {id} battles"))
}

/// Open a battle under `ruleset` on the table screen.
pub fn open(
    ruleset: RulesetId,
    field: Battlefield,
    forces: Forces,
    seed: u64,
    human: [bool; 2],
    names: [String; 2],
) -> Result<Box<dyn TableScreen>, String> {
    Ok((view(ruleset)?.open)(field, forces, seed, human, names))
}

/// Render a still of a battle under `ruleset` to `path` (see [`Still`]).
pub fn render_png(
    ruleset: RulesetId,
    field: Battlefield,
    forces: &Forces,
    seed: u64,
    after_turns: Option<u32>,
    path: PathBuf,
) -> Result<(), String> {
    let shot = (view(ruleset)?.still)(&field, forces, seed, after_turns);
    tdraw::render_png(field, shot, path)
}

#[cfg(test)]
mod tests {
    use super::VIEWS;
    use crate::tactical::registry::BUILTIN;

    #[test]
    fn every_built_in_ruleset_has_one_view_on_the_table_screen() {
        for r in BUILTIN {
            let n = VIEWS.iter().filter(|v| (v.id)() == r.id()).count();
            assert_eq!(n, 1, "{} has {n} views", r.id());
        }
        assert_eq!(VIEWS.len(), BUILTIN.len());
    }
}
