//! Cutting polylines at a bounding box (`--bbox`).

/// Split `line` (lon/lat points) into the pieces inside `bbox` = `[w, s, e, n]`, cutting
/// segments exactly at the edge (Liang–Barsky per segment).
pub fn clip_polyline(line: &[[f64; 2]], bbox: [f64; 4]) -> Vec<Vec<[f64; 2]>> {
    let mut pieces: Vec<Vec<[f64; 2]>> = Vec::new();
    let mut cur: Vec<[f64; 2]> = Vec::new();
    for w in line.windows(2) {
        match clip_segment(w[0], w[1], bbox) {
            Some((a, b)) => {
                if cur.last() != Some(&a) {
                    if cur.len() >= 2 {
                        pieces.push(std::mem::take(&mut cur));
                    }
                    cur.clear();
                    cur.push(a);
                }
                cur.push(b);
                // Leaving the box: close this piece.
                if b != w[1] {
                    if cur.len() >= 2 {
                        pieces.push(std::mem::take(&mut cur));
                    }
                    cur.clear();
                }
            }
            None => {
                if cur.len() >= 2 {
                    pieces.push(std::mem::take(&mut cur));
                }
                cur.clear();
            }
        }
    }
    if cur.len() >= 2 {
        pieces.push(cur);
    }
    pieces.retain(|p| p.windows(2).any(|w| w[0] != w[1]));
    pieces
}

fn clip_segment(a: [f64; 2], b: [f64; 2], bbox: [f64; 4]) -> Option<([f64; 2], [f64; 2])> {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let mut t0: f64 = 0.0;
    let mut t1: f64 = 1.0;
    for (p, q) in [
        (-dx, a[0] - bbox[0]),
        (dx, bbox[2] - a[0]),
        (-dy, a[1] - bbox[1]),
        (dy, bbox[3] - a[1]),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    if t0 > t1 {
        return None;
    }
    let at = |t: f64| {
        if t == 0.0 {
            a
        } else if t == 1.0 {
            b
        } else {
            [a[0] + t * dx, a[1] + t * dy]
        }
    };
    Some((at(t0), at(t1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_line_is_untouched() {
        let l = vec![[0.1, 0.1], [0.5, 0.5], [0.9, 0.2]];
        assert_eq!(clip_polyline(&l, [0.0, 0.0, 1.0, 1.0]), vec![l]);
    }

    #[test]
    fn a_line_leaving_and_reentering_gives_two_pieces_cut_at_the_edge() {
        let l = vec![[0.5, 0.5], [1.5, 0.5], [1.5, 0.8], [0.5, 0.8]];
        let p = clip_polyline(&l, [0.0, 0.0, 1.0, 1.0]);
        assert_eq!(p.len(), 2);
        assert_eq!(p[0], vec![[0.5, 0.5], [1.0, 0.5]]);
        assert_eq!(p[1], vec![[1.0, 0.8], [0.5, 0.8]]);
    }

    #[test]
    fn outside_line_vanishes() {
        assert!(clip_polyline(&[[2.0, 2.0], [3.0, 3.0]], [0.0, 0.0, 1.0, 1.0]).is_empty());
    }
}
