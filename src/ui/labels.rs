//! Place names, in screen space beside their coin, placed greedily by importance so that no two
//! overlap and none hides under a panel.
//!
//! Which names appear depends on how big a coin is on screen: towns and cities always, villages
//! and suburbs once coins are a few pixels across, places that cannot be played only when zoomed
//! well in. When names still collide, the less important one is left out.

use macroquad::color::Color;
use macroquad::text::{draw_text_ex, measure_text, Font, TextParams};

use super::board::View;
use super::style;
use super::Fonts;
use crate::map::{GameMap, Measure, PlaceKind};

/// Coin radius in pixels from which playable villages and suburbs are named.
const VILLAGE_NAMES_FROM_PX: f32 = 5.0;
/// Coin radius in pixels from which places that cannot be played are named.
const FAINT_NAMES_FROM_PX: f32 = 8.0;
/// Space between a coin's edge and its name.
const GAP_PX: f32 = 6.0;
/// Empty space kept round every label.
const PAD_PX: f32 = 2.0;

/// A name waiting for a spot, in screen pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Candidate {
    /// Centre of the thing being named.
    pub anchor: [f32; 2],
    /// Distance from the anchor to the nearest edge of the label (coin radius plus a gap).
    pub gap: f32,
    /// Label width and height.
    pub size: [f32; 2],
}

/// A screen area labels keep off (`[x, y, w, h]`), optionally belonging to one candidate (its
/// own coin), which may then sit next to it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Obstacle {
    /// The area.
    pub rect: [f32; 4],
    /// Index of the candidate this obstacle does not block.
    pub owner: Option<usize>,
}

impl Obstacle {
    /// An obstacle for every label.
    pub fn all(rect: [f32; 4]) -> Obstacle {
        Obstacle { rect, owner: None }
    }
}

/// Greedy placement: candidates in order of importance, each tried right, left, above, below
/// and then diagonally round its anchor, taking the first spot that stays on screen and clear
/// of `obstacles` and of labels already placed. Returns each label's top-left corner, or `None`
/// when left out.
pub fn place(
    cands: &[Candidate],
    screen: [f32; 2],
    obstacles: &[Obstacle],
) -> Vec<Option<[f32; 2]>> {
    let mut taken: Vec<[f32; 4]> = Vec::with_capacity(cands.len());
    cands
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let [ax, ay] = c.anchor;
            let [w, h] = c.size;
            let g = c.gap;
            // Diagonal spots touch the circle of radius `gap` at 45°.
            let d = g * std::f32::consts::FRAC_1_SQRT_2;
            let spots = [
                [ax + g, ay - h / 2.0],
                [ax - g - w, ay - h / 2.0],
                [ax - w / 2.0, ay - g - h],
                [ax - w / 2.0, ay + g],
                [ax + d, ay - d - h],
                [ax + d, ay + d],
                [ax - d - w, ay - d - h],
                [ax - d - w, ay + d],
            ];
            let spot = spots.into_iter().find(|&[x, y]| {
                let r = [x - PAD_PX, y - PAD_PX, w + 2.0 * PAD_PX, h + 2.0 * PAD_PX];
                let on_screen = x >= 0.0 && y >= 0.0 && x + w <= screen[0] && y + h <= screen[1];
                on_screen
                    && !taken.iter().any(|t| overlap(r, *t))
                    && !obstacles
                        .iter()
                        .any(|o| o.owner != Some(k) && overlap(r, o.rect))
            });
            if let Some([x, y]) = spot {
                taken.push([x, y, w, h]);
            }
            spot
        })
        .collect()
}

fn overlap(a: [f32; 4], b: [f32; 4]) -> bool {
    a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
}

/// Draws place names; measures each name once, since text widths never change.
pub struct Labeller {
    /// Per place: font size, bold, text width at that size.
    metrics: Vec<(u16, bool, f32)>,
    /// Place indices by importance: playable first, then cities, towns, villages, suburbs.
    order: Vec<usize>,
    coin_r_m: f64,
}

impl Labeller {
    /// Measure every place name of `map`.
    pub fn new(map: &GameMap, fonts: &Fonts) -> Labeller {
        let metrics = map
            .places()
            .iter()
            .map(|p| {
                let (size, bold) = style::label_font(p.kind(), p.playable());
                let font = if bold { &fonts.bold } else { &fonts.regular };
                (
                    size,
                    bold,
                    measure_text(p.name(), Some(font), size, 1.0).width,
                )
            })
            .collect();
        let rank = |k: PlaceKind| PlaceKind::ALL.iter().position(|&x| x == k).unwrap_or(9);
        let mut order: Vec<usize> = (0..map.places().len()).collect();
        order.sort_by_key(|&i| {
            let p = &map.places()[i];
            (!p.playable(), rank(p.kind()), i)
        });
        Labeller {
            metrics,
            order,
            coin_r_m: map.meta().scale.ground_m(Measure::Coin1p.radius_mm()),
        }
    }

    /// Place and draw the names that fit, avoiding `obstacles` (screen rectangles).
    pub fn draw(&self, map: &GameMap, view: &View, fonts: &Fonts, obstacles: &[[f32; 4]]) {
        let coin_px = (self.coin_r_m * view.ppm) as f32;
        let mut picked = Vec::new();
        let mut cands = Vec::new();
        let mut blockers: Vec<Obstacle> = obstacles.iter().map(|&r| Obstacle::all(r)).collect();
        for &i in &self.order {
            let p = &map.places()[i];
            let shown = if !p.playable() {
                coin_px >= FAINT_NAMES_FROM_PX
            } else {
                matches!(p.kind(), PlaceKind::City | PlaceKind::Town)
                    || coin_px >= VILLAGE_NAMES_FROM_PX
            };
            let a = view.to_screen(p.pos());
            let (size, _, width) = self.metrics[i];
            let inside = a[0] > -width - coin_px
                && a[1] > -coin_px - 40.0
                && a[0] < view.size[0] + width + coin_px
                && a[1] < view.size[1] + coin_px + 40.0;
            if !inside {
                continue;
            }
            let owner = shown.then_some(cands.len());
            if p.playable() && coin_px >= 4.0 {
                // Names keep off every coin but their own.
                let rect = [a[0] - coin_px, a[1] - coin_px, 2.0 * coin_px, 2.0 * coin_px];
                blockers.push(Obstacle { rect, owner });
            }
            if !shown {
                continue;
            }
            let radius = if p.playable() {
                coin_px
            } else {
                style::FAINT_DOT_PX
            };
            picked.push(i);
            cands.push(Candidate {
                anchor: a,
                gap: radius + GAP_PX,
                size: [width, f32::from(size) * 1.15],
            });
        }
        let spots = place(&cands, view.size, &blockers);
        for bold in [false, true] {
            let font = if bold { &fonts.bold } else { &fonts.regular };
            for halo in [true, false] {
                for (k, &i) in picked.iter().enumerate() {
                    let (size, b, _) = self.metrics[i];
                    let Some([x, y]) = spots[k] else { continue };
                    if b != bold {
                        continue;
                    }
                    let p = &map.places()[i];
                    let color = if p.playable() {
                        style::INK
                    } else {
                        style::FAINT
                    };
                    let baseline = y + f32::from(size) * 0.9;
                    if halo {
                        draw_halo(p.name(), x, baseline, font, size);
                    } else {
                        text(p.name(), x, baseline, font, size, color);
                    }
                }
            }
        }
    }
}

/// Draw `s` with its baseline at `y`.
pub fn text(s: &str, x: f32, y: f32, font: &Font, size: u16, color: Color) {
    // Whole pixels: glyphs drawn between pixels come out blurred.
    draw_text_ex(
        s,
        x.round(),
        y.round(),
        TextParams {
            font: Some(font),
            font_size: size,
            color,
            ..Default::default()
        },
    );
}

/// A pale outline round the letters, so names stay legible over roads and water.
pub fn draw_halo(s: &str, x: f32, y: f32, font: &Font, size: u16) {
    const D: f32 = 1.0;
    for (dx, dy) in [
        (-D, 0.0),
        (D, 0.0),
        (0.0, -D),
        (0.0, D),
        (-D, -D),
        (D, D),
        (-D, D),
        (D, -D),
    ] {
        text(s, x + dx, y + dy, font, size, style::HALO);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(x: f32, y: f32) -> Candidate {
        Candidate {
            anchor: [x, y],
            gap: 10.0,
            size: [40.0, 12.0],
        }
    }

    #[test]
    fn first_choice_is_right_of_the_anchor() {
        let spots = place(&[cand(100.0, 100.0)], [800.0, 600.0], &[]);
        assert_eq!(spots, vec![Some([110.0, 94.0])]);
    }

    #[test]
    fn a_crowded_label_moves_round_then_gives_way() {
        let cs = [
            cand(100.0, 100.0),
            cand(101.0, 100.0),
            cand(100.0, 101.0),
            cand(101.0, 101.0),
            cand(100.0, 100.5),
        ];
        let spots = place(&cs, [800.0, 600.0], &[]);
        assert_eq!(spots[0], Some([110.0, 94.0]));
        assert_eq!(spots[1], Some([51.0, 94.0]));
        assert!(spots[2].is_some() && spots[3].is_some());
        assert_eq!(spots[4], None, "all four spots are taken");
        let rects: Vec<[f32; 4]> = spots
            .iter()
            .flatten()
            .map(|p| [p[0], p[1], 40.0, 12.0])
            .collect();
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                assert!(!overlap(*a, *b));
            }
        }
    }

    #[test]
    fn labels_keep_off_panels_and_the_screen_edge() {
        let panel = Obstacle::all([0.0, 0.0, 300.0, 200.0]);
        let spots = place(
            &[cand(150.0, 195.0), cand(790.0, 300.0)],
            [800.0, 600.0],
            &[panel],
        );
        assert_eq!(spots[0], Some([130.0, 205.0]), "pushed below the panel");
        assert_eq!(
            spots[1],
            Some([740.0, 294.0]),
            "flipped to the left at the edge"
        );
    }

    #[test]
    fn diagonal_spots_are_tried_when_the_sides_are_taken() {
        let blocks = [
            [412.0, 296.0, 10.0, 8.0],
            [360.0, 296.0, 10.0, 8.0],
            [395.0, 280.0, 10.0, 8.0],
            [395.0, 312.0, 10.0, 6.0],
        ];
        let obstacles: Vec<Obstacle> = blocks.into_iter().map(Obstacle::all).collect();
        let [x, y] = place(&[cand(400.0, 300.0)], [800.0, 600.0], &obstacles)[0].unwrap();
        let d = 10.0 * std::f32::consts::FRAC_1_SQRT_2;
        assert!(
            (x - (400.0 + d)).abs() < 1e-4 && (y - (300.0 - d - 12.0)).abs() < 1e-4,
            "upper right"
        );
    }

    #[test]
    fn own_coin_is_not_an_obstacle_but_others_are() {
        let own = Obstacle {
            rect: [90.0, 90.0, 20.0, 20.0],
            owner: Some(0),
        };
        let other = Obstacle {
            rect: [104.0, 80.0, 60.0, 40.0],
            owner: Some(1),
        };
        let spots = place(&[cand(100.0, 100.0)], [800.0, 600.0], &[own, other]);
        assert_eq!(spots, vec![Some([50.0, 94.0])]);
    }
}
