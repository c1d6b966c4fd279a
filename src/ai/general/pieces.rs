//! Road pieces: where a map's major roads come apart (North Bayreuth's motorway and A road on
//! one piece, its B road on another), Guards and Invaders never leave the piece they stand on,
//! and only Scouts cross the fields between. A settlement on a piece no enemy stands on raises
//! road units that can never reach the war, and it is a refuge no enemy army can reach either:
//! issue 14's three-seat North Bayreuth game held still from turn 58 to 400 with one seat on
//! each piece, three hundred units apiece.
//!
//! Which piece a point lies on is the board's public answer ([`Board::land_group`]).
//!
//! [`Board::land_group`]: crate::rules::Board::land_group

use std::collections::BTreeSet;

use super::Ctx;
use crate::rules::{Location, MapPoint};

/// The road pieces an enemy settlement or an enemy unit on the roads stands on; `None` when
/// every piece counts: with seafaring (Ships join the lands), or on a board that cannot tell.
pub(super) fn enemy_pieces(ctx: &Ctx) -> Option<BTreeSet<u32>> {
    if ctx.state.options().seafaring {
        return None;
    }
    let mut out = BTreeSet::new();
    for at in ctx.enemy_towns() {
        out.insert(ctx.board.land_group(at)?);
    }
    for u in ctx.state.units().filter(|u| u.owner() != ctx.me) {
        // A Scout out in the fields belongs to no piece: it goes where it likes.
        if let (Location::Road(p), true) = (u.at(), u.kind().off_road_move().is_none()) {
            out.insert(ctx.board.land_group(p)?);
        }
    }
    Some(out)
}

/// Whether a road unit at `pos` could ever meet an enemy by road: its piece holds one (always,
/// where the board cannot tell pieces apart).
pub(super) fn joins_enemy(ctx: &Ctx, pos: MapPoint) -> bool {
    match ctx.enemy_pieces() {
        None => true,
        Some(pieces) => ctx
            .board
            .land_group(pos)
            .is_none_or(|g| pieces.contains(&g)),
    }
}

/// Whether a road unit at `a` could ever get to `b`: both on one road piece (or the board
/// cannot tell, or Ships join the lands).
pub(super) fn same_piece(ctx: &Ctx, a: MapPoint, b: MapPoint) -> bool {
    if ctx.state.options().seafaring {
        return true;
    }
    match (ctx.board.land_group(a), ctx.board.land_group(b)) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    }
}
