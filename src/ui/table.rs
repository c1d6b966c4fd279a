//! The tactical table seen from above, for every ruleset: the real terrain round a contested
//! settlement, templates, tokens' labels placed clear of each other, and the still `omms battle
//! --png` renders. Each ruleset's view (`table_play`) draws its pieces on it with these functions,
//! live and in the still, so the picture in the docs is the picture a player sees.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use geo::{LineString, Polygon};
use macroquad::color::Color;
use macroquad::models::draw_mesh;
use macroquad::shapes::{
    draw_circle, draw_circle_lines, draw_line, draw_rectangle, draw_rectangle_lines,
};
use macroquad::text::{draw_text_ex, measure_text, TextParams};
use macroquad::texture::get_screen_data;
use macroquad::window::{clear_background, next_frame};

use super::mesh::MeshBuilder;
use super::{style, Fonts};
use crate::tactical::table::inches;
use crate::tactical::{AreaKind, Battlefield, CrossingKind, LineKind, Side, Template, WallKind};

use super::labels::{place, Candidate, Obstacle};

const fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color::from_rgba(r, g, b, 255)
}

/// Open grass.
pub const GRASS: Color = rgb(214, 226, 180);
const WOODS: Color = rgb(120, 165, 96);
const SWAMP: Color = rgb(170, 190, 150);
const HILL: Color = rgb(205, 190, 150);
/// Houses.
pub const HOUSE: Color = rgb(150, 105, 80);
const ROAD: Color = rgb(238, 232, 214);
const ROAD_EDGE: Color = rgb(150, 140, 120);
const RIVER: Color = rgb(92, 160, 210);
const STONE: Color = rgb(90, 90, 96);
const FENCE: Color = rgb(140, 110, 70);
const HEDGE: Color = rgb(60, 110, 60);
/// The attacker's tokens.
pub const ATTACKER: Color = rgb(196, 48, 48);
/// The defender's tokens.
pub const DEFENDER: Color = rgb(40, 90, 190);
const TEMPLATE: Color = Color::new(1.0, 0.55, 0.0, 0.35);

/// Draws a ruleset's pieces (and anything laid with them) on a frame of the table.
pub type DrawPieces = Box<dyn Fn(&Battlefield, &Frame, &Fonts)>;

/// What to draw on a still of the table; the ruleset's view fills it in.
#[derive(Default)]
pub struct TableShot {
    /// The ruleset and its table, e.g. "OMOG 19C · 48″ × 48″ table · 1″ = 25 m".
    pub ruleset_line: String,
    /// A caption under it, e.g. "seed 3 · after 2 turns".
    pub caption: String,
    /// What the tokens' letters mean.
    pub key_line: String,
    /// A scale bar: its length in table mm and its label.
    pub scale_bar: Option<(f64, String)>,
    /// The pieces, if any (none: the empty table).
    pub pieces: Option<DrawPieces>,
}

/// Table mm → screen px.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    /// Screen x of the table's west edge.
    pub x0: f32,
    /// Screen y of the table's north edge.
    pub y0: f32,
    /// Scale.
    pub px_per_mm: f32,
    /// The table's depth (north–south), mm.
    pub depth_mm: f32,
    /// The table's width (west–east), mm.
    pub width_mm: f32,
}

impl Frame {
    /// The table as large as fits in the screen rectangle `[x, y, w, h]`, at its top left.
    pub fn fit(spec: &crate::tactical::TableSpec, r: [f32; 4]) -> Frame {
        let px_per_mm = (r[2] / spec.width_mm as f32).min(r[3] / spec.depth_mm as f32);
        Frame {
            x0: r[0],
            y0: r[1],
            px_per_mm,
            depth_mm: spec.depth_mm as f32,
            width_mm: spec.width_mm as f32,
        }
    }

    /// The table's width on screen.
    pub fn width_px(&self) -> f32 {
        self.width_mm * self.px_per_mm
    }

    /// The table's depth on screen.
    pub fn depth_px(&self) -> f32 {
        self.depth_mm * self.px_per_mm
    }

    /// The table point under a screen pixel.
    pub fn table(&self, s: [f32; 2]) -> [f64; 2] {
        [
            f64::from((s[0] - self.x0) / self.px_per_mm),
            f64::from(self.depth_mm - (s[1] - self.y0) / self.px_per_mm),
        ]
    }

    /// A table point on screen.
    pub fn px(&self, p: [f64; 2]) -> [f32; 2] {
        [
            self.x0 + p[0] as f32 * self.px_per_mm,
            // Table y grows northwards; screen y grows down.
            self.y0 + (self.depth_mm - p[1] as f32) * self.px_per_mm,
        ]
    }
    fn ring(&self, ls: &LineString<f64>) -> LineString<f64> {
        LineString::from(
            ls.0.iter()
                .map(|c| {
                    let p = self.px([c.x, c.y]);
                    (p[0] as f64, p[1] as f64)
                })
                .collect::<Vec<_>>(),
        )
    }
    fn polygon(&self, p: &Polygon<f64>) -> Polygon<f64> {
        Polygon::new(
            self.ring(p.exterior()),
            p.interiors().iter().map(|r| self.ring(r)).collect(),
        )
    }
}

/// Render the table once to `path` (PNG, written atomically) and return.
pub fn render_png(field: Battlefield, shot: TableShot, path: PathBuf) -> Result<(), String> {
    let dir = super::parent_dir(&path);
    if !dir.is_dir() {
        return Err(format!(
            "cannot write {}: folder {} does not exist",
            path.display(),
            dir.display()
        ));
    }
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        return Err(
            "no display to draw the table on (DISPLAY is not set); run under xvfb-run".into(),
        );
    }
    let title = format!("OMMS — battle at {}", field.place_name);
    let outcome: Rc<RefCell<Option<Result<(), String>>>> = Rc::new(RefCell::new(None));
    let slot = Rc::clone(&outcome);
    let conf = super::window_conf(title, true);
    let opened = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
        macroquad::Window::from_config(conf, async move {
            let r = draw_loop(&field, &shot, &path).await;
            *slot.borrow_mut() = Some(r);
        })
    }));
    if opened.is_err() {
        return Err("cannot open a window to draw the table".into());
    }
    let result = outcome.borrow_mut().take();
    result.unwrap_or_else(|| Err("the window closed before the table was drawn".into()))
}

async fn draw_loop(field: &Battlefield, shot: &TableShot, path: &Path) -> Result<(), String> {
    let fonts = Fonts::load()?;
    let [w, h] = super::WINDOW_SIZE;
    let margin = 40.0;
    let side = (h as f32 - 2.0 * margin).min(w as f32 - 360.0);
    let frame = Frame::fit(&field.spec, [margin, margin, side, side]);
    let meshes = terrain_meshes(field, &frame);
    for _ in 0..3 {
        draw(field, shot, &frame, &meshes, &fonts);
        next_frame().await;
    }
    // Time a second's worth of frames, as the board's screenshot mode does.
    let mut times = Vec::with_capacity(60);
    let mut last = std::time::Instant::now();
    for _ in 0..60 {
        draw(field, shot, &frame, &meshes, &fonts);
        next_frame().await;
        let now = std::time::Instant::now();
        times.push((now - last).as_secs_f64() * 1000.0);
        last = now;
    }
    let (median, p99) = super::frame_stats(&mut times);
    eprintln!(
        "table frame_ms median={median:.2} p99={p99:.2} over {} frames",
        times.len()
    );
    draw(field, shot, &frame, &meshes, &fonts);
    let mut image = get_screen_data();
    super::write_png(&mut image, path)
}

/// The terrain in screen pixels for one frame of the table: hills, swamps, woods, water,
/// rivers, roads, houses and walls, in painting order.
pub fn terrain_meshes(field: &Battlefield, f: &Frame) -> Vec<super::mesh::Chunk> {
    let mut m = MeshBuilder::default();
    let order = [
        AreaKind::Hill,
        AreaKind::Swamp,
        AreaKind::Woods,
        AreaKind::Water,
    ];
    for kind in order {
        let color = match kind {
            AreaKind::Hill => HILL,
            AreaKind::Swamp => SWAMP,
            AreaKind::Woods => WOODS,
            _ => style::WATER,
        };
        for a in field.areas.iter().filter(|a| a.kind == kind) {
            m.polygon(&f.polygon(&a.shape), color);
        }
    }
    let road_half =
        (crate::tactical::battlefield::ROAD_HALF_WIDTH_MM as f32 * f.px_per_mm).max(1.5);
    let pts =
        |ls: &LineString<f64>| -> Vec<[f32; 2]> { ls.0.iter().map(|c| f.px([c.x, c.y])).collect() };
    for l in field
        .lines
        .iter()
        .filter(|l| matches!(l.kind, LineKind::River | LineKind::Stream))
    {
        m.polyline(&pts(&l.line), 2.0, RIVER, 6);
    }
    for l in field.lines.iter().filter(|l| l.kind == LineKind::Road) {
        m.polyline(&pts(&l.line), road_half + 0.8, ROAD_EDGE, 6);
    }
    for l in field.lines.iter().filter(|l| l.kind == LineKind::Road) {
        m.polyline(&pts(&l.line), road_half, ROAD, 6);
    }
    for a in field.areas.iter().filter(|a| a.kind == AreaKind::House) {
        m.polygon(&f.polygon(&a.shape), HOUSE);
    }
    for l in &field.lines {
        if let LineKind::Wall(k) = l.kind {
            let c = match k {
                WallKind::Stone => STONE,
                WallKind::Fence => FENCE,
                WallKind::Hedge => HEDGE,
            };
            m.polyline(&pts(&l.line), 1.4, c, 4);
        }
    }
    m.finish()
}

/// Text with its baseline at `y`.
pub fn text(fonts: &Fonts, s: &str, x: f32, y: f32, size: u16, bold: bool, color: Color) {
    draw_text_ex(
        s,
        x,
        y,
        TextParams {
            font: Some(if bold { &fonts.bold } else { &fonts.regular }),
            font_size: size,
            color,
            ..Default::default()
        },
    );
}

/// Bold text centred on `p`: the letter on a token, in every ruleset's view.
pub fn centred(fonts: &Fonts, s: &str, p: [f32; 2], size: u16, ink: Color) {
    let d = measure_text(s, Some(&fonts.bold), size, 1.0);
    text(
        fonts,
        s,
        p[0] - d.width / 2.0,
        p[1] + d.height / 2.0,
        size,
        true,
        ink,
    );
}

/// A side's token colour.
pub fn side_colour(side: Side) -> Color {
    match side {
        Side::Attacker => ATTACKER,
        Side::Defender => DEFENDER,
    }
}

/// A token's radius in pixels at this frame's scale: a figure's base, and never so small that
/// its letter cannot be read.
pub fn token_radius(f: &Frame) -> f32 {
    (inches(0.45) as f32 * f.px_per_mm).max(9.5)
}

/// The table itself: grass, terrain, crossings and the objective's cross (its ring, if the
/// ruleset has one, is the view's).
pub fn draw_table(field: &Battlefield, f: &Frame, meshes: &[super::mesh::Chunk]) {
    draw_rectangle(
        f.x0,
        f.y0,
        field.spec.width_mm as f32 * f.px_per_mm,
        field.spec.depth_mm as f32 * f.px_per_mm,
        GRASS,
    );
    for c in meshes {
        draw_mesh(&c.mesh);
    }
    for c in &field.crossings {
        let p = f.px(c.at);
        match c.kind {
            CrossingKind::Bridge => draw_circle_lines(p[0], p[1], 4.0, 1.5, style::INK),
            CrossingKind::Ford => draw_circle(p[0], p[1], 3.0, RIVER),
        }
    }
    let o = f.px(field.objective);
    draw_line(o[0] - 6.0, o[1], o[0] + 6.0, o[1], 2.0, style::INK);
    draw_line(o[0], o[1] - 6.0, o[0], o[1] + 6.0, 2.0, style::INK);
}

/// A heavy weapon's template where it lies, filled translucent with its outline.
pub fn draw_template(f: &Frame, t: &Template, fill: Color, edge: Color) {
    let outline: Vec<[f32; 2]> = t.outline().iter().map(|p| f.px(*p)).collect();
    let mut m = MeshBuilder::default();
    let poly = Polygon::new(
        LineString::from(
            outline
                .iter()
                .map(|p| (p[0] as f64, p[1] as f64))
                .collect::<Vec<_>>(),
        ),
        vec![],
    );
    m.polygon(&poly, fill);
    m.polyline(&outline, 1.2, edge, 4);
    for c in m.finish() {
        draw_mesh(&c.mesh);
    }
}

/// The fill and edge a laid template is drawn with.
pub const TEMPLATE_COLOURS: (Color, Color) = (TEMPLATE, rgb(200, 90, 0));

/// Whether white text would be hard to read on this colour (a yellow seat, say).
pub fn is_light(c: Color) -> bool {
    0.299 * c.r + 0.587 * c.g + 0.114 * c.b > 0.6
}

/// Ink that reads on a fill: black on light colours, white on dark ones.
pub fn ink_on(fill: Color) -> Color {
    if is_light(fill) {
        style::INK
    } else {
        rgb(255, 255, 255)
    }
}

/// Labels beside tokens (a stack's count, the roll a shot needs), placed once the pieces are
/// drawn: each beside its token, clear of every token and of the labels placed before it.
#[derive(Default)]
pub struct Badges {
    tokens: Vec<[f32; 4]>,
    labels: Vec<Badge>,
}

struct Badge {
    anchor: [f32; 2],
    gap: f32,
    text: String,
    fill: Color,
    ink: Color,
}

/// Badge text size and padding.
const BADGE_SIZE: u16 = 12;
const BADGE_PAD: f32 = 3.0;

impl Badges {
    /// A round token of radius `r` at `c` on screen: labels keep off it.
    pub fn token(&mut self, c: [f32; 2], r: f32) {
        // The square inside the disc, a little larger: a diagonal label may touch the disc's
        // rim but not cover its letter.
        let h = r * 0.8;
        self.tokens.push([c[0] - h, c[1] - h, 2.0 * h, 2.0 * h]);
    }

    /// Any other obstacle, `[x, y, w, h]` on screen.
    pub fn block(&mut self, r: [f32; 4]) {
        self.tokens.push(r);
    }

    /// A label for the token of radius `r` at `c`, in `ink` on `fill`. Labels asked for first
    /// get the best spots.
    pub fn label(&mut self, c: [f32; 2], r: f32, text: impl Into<String>, fill: Color, ink: Color) {
        self.labels.push(Badge {
            anchor: c,
            gap: r + 2.0,
            text: text.into(),
            fill,
            ink,
        });
    }

    /// Draw the labels inside `area` (`[x, y, w, h]` on screen). One with no clear spot is
    /// drawn to the right of its token all the same: a count must not vanish.
    pub fn draw(&self, fonts: &Fonts, area: [f32; 4]) {
        let size = |b: &Badge| {
            let w = measure_text(&b.text, Some(&fonts.bold), BADGE_SIZE, 1.0).width;
            [w + 2.0 * BADGE_PAD, f32::from(BADGE_SIZE) + 4.0]
        };
        let cands: Vec<Candidate> = self
            .labels
            .iter()
            .map(|b| Candidate {
                anchor: [b.anchor[0] - area[0], b.anchor[1] - area[1]],
                gap: b.gap,
                size: size(b),
            })
            .collect();
        let obstacles: Vec<Obstacle> = self
            .tokens
            .iter()
            .map(|r| Obstacle::all([r[0] - area[0], r[1] - area[1], r[2], r[3]]))
            .collect();
        let spots = place(&cands, [area[2], area[3]], &obstacles);
        for ((b, c), spot) in self.labels.iter().zip(&cands).zip(spots) {
            let [w, h] = c.size;
            let [x, y] = match spot {
                Some([x, y]) => [x + area[0], y + area[1]],
                None => [b.anchor[0] + b.gap, b.anchor[1] - h / 2.0],
            };
            draw_rectangle(x, y, w, h, b.fill);
            draw_rectangle_lines(x, y, w, h, 1.0, b.ink);
            text(
                fonts,
                &b.text,
                x + BADGE_PAD,
                y + h - 4.0,
                BADGE_SIZE,
                true,
                b.ink,
            );
        }
    }
}

fn draw(
    field: &Battlefield,
    shot: &TableShot,
    f: &Frame,
    meshes: &[super::mesh::Chunk],
    fonts: &Fonts,
) {
    clear_background(style::LAND);
    let side = field.spec.width_mm as f32 * f.px_per_mm;
    draw_table(field, f, meshes);
    if let Some(draw_pieces) = &shot.pieces {
        draw_pieces(field, f, fonts);
    }
    // Panel.
    let px = f.x0 + side + 24.0;
    let mut y = f.y0 + 20.0;
    text(
        fonts,
        &format!("Battle at {}", field.place_name),
        px,
        y,
        24,
        true,
        style::INK,
    );
    y += 28.0;
    text(fonts, &shot.ruleset_line, px, y, 15, false, style::INK);
    y += 22.0;
    if !shot.caption.is_empty() {
        text(fonts, &shot.caption, px, y, 15, false, style::INK);
        y += 22.0;
    }
    let edge = format!("Attacker enters from the {:?} edge", field.attacker_edge).to_lowercase();
    text(fonts, &capitalise(&edge), px, y, 15, false, style::INK);
    y += 30.0;
    let legend: [(Color, &str); 9] = [
        (HOUSE, "house"),
        (WOODS, "woods"),
        (style::WATER, "water (impassable)"),
        (RIVER, "river: cross at bridges ○ and fords ●"),
        (ROAD, "road or track"),
        (STONE, "stone wall"),
        (FENCE, "fence"),
        (HILL, "hill"),
        (SWAMP, "swamp"),
    ];
    for (c, label) in legend {
        draw_rectangle(px, y - 11.0, 18.0, 12.0, style::INK);
        draw_rectangle(px + 1.0, y - 10.0, 16.0, 10.0, c);
        text(fonts, label, px + 26.0, y, 14, false, style::INK);
        y += 20.0;
    }
    y += 8.0;
    for (c, label) in [(ATTACKER, "attacker"), (DEFENDER, "defender")] {
        draw_circle(px + 9.0, y - 5.0, 7.0, c);
        text(fonts, label, px + 26.0, y, 14, false, style::INK);
        y += 20.0;
    }
    for line in shot.key_line.lines() {
        text(fonts, line, px, y, 13, false, style::INK);
        y += 18.0;
    }
    if let Some((mm, label)) = &shot.scale_bar {
        let bar = *mm as f32 * f.px_per_mm;
        let by = f.y0 + field.spec.depth_mm as f32 * f.px_per_mm - 10.0;
        draw_rectangle(px, by - 6.0, bar, 6.0, style::INK);
        text(fonts, label, px, by - 12.0, 13, false, style::INK);
    }
    let attribution = "© OpenStreetMap contributors (ODbL)";
    let dims = measure_text(attribution, Some(&fonts.regular), 13, 1.0);
    text(
        fonts,
        attribution,
        super::WINDOW_SIZE[0] as f32 - dims.width - 12.0,
        super::WINDOW_SIZE[1] as f32 - 12.0,
        13,
        false,
        style::INK,
    );
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
