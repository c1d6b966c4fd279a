//! GeoJSON geometries read straight from JSON values and checked before anything is built from
//! them: `geojson`/`geo` conversions can panic on empty or short coordinate arrays (STYLE.md).

use serde_json::Value;

/// Lon/lat positions of one geometry, already checked for shape, range and closure.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Geom {
    Point([f64; 2]),
    LineString(Vec<[f64; 2]>),
    Polygon(Vec<Vec<[f64; 2]>>),
    MultiPolygon(Vec<Vec<Vec<[f64; 2]>>>),
    /// A valid GeoJSON type the package format never uses (its name, for the message).
    Unsupported(String),
}

impl Geom {
    /// GeoJSON type name.
    pub(super) fn type_name(&self) -> &str {
        match self {
            Geom::Point(_) => "Point",
            Geom::LineString(_) => "LineString",
            Geom::Polygon(_) => "Polygon",
            Geom::MultiPolygon(_) => "MultiPolygon",
            Geom::Unsupported(t) => t,
        }
    }
}

/// Lon/lat quantised to the package precision (1e-7°): the key under which road vertices join.
pub(super) fn quantise(p: [f64; 2]) -> [i64; 2] {
    [(p[0] * 1e7).round() as i64, (p[1] * 1e7).round() as i64]
}

/// A short description of a JSON value's type for messages ("a string", "null", …).
pub(super) fn describe(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("the boolean {b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) => format!("the string {s:?}"),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// Parse and check a GeoJSON geometry object. The error names the offending coordinate, e.g.
/// `coordinates[0][3]: latitude 95 is outside -90..90`.
pub(super) fn parse(v: &Value) -> Result<Geom, String> {
    let obj = v
        .as_object()
        .ok_or_else(|| format!("expected a geometry object, found {}", describe(v)))?;
    let ty = match obj.get("type") {
        Some(Value::String(t)) => t.as_str(),
        Some(other) => {
            return Err(format!(
                "\"type\" must be a string, found {}",
                describe(other)
            ))
        }
        None => return Err("the geometry has no \"type\"".into()),
    };
    if !matches!(ty, "Point" | "LineString" | "Polygon" | "MultiPolygon") {
        return Ok(Geom::Unsupported(ty.to_string()));
    }
    let coords = obj
        .get("coordinates")
        .ok_or_else(|| format!("the {ty} has no \"coordinates\""))?;
    let path = String::from("coordinates");
    Ok(match ty {
        "Point" => Geom::Point(position(coords, &path)?),
        "LineString" => Geom::LineString(line(coords, &path)?),
        "Polygon" => Geom::Polygon(polygon(coords, &path)?),
        _ => {
            let polys = array(coords, &path)?;
            if polys.is_empty() {
                return Err("a MultiPolygon needs at least one polygon".into());
            }
            let mut out = Vec::with_capacity(polys.len());
            for (i, p) in polys.iter().enumerate() {
                out.push(polygon(p, &format!("{path}[{i}]"))?);
            }
            Geom::MultiPolygon(out)
        }
    })
}

fn array<'a>(v: &'a Value, path: &str) -> Result<&'a Vec<Value>, String> {
    v.as_array()
        .ok_or_else(|| format!("{path}: expected an array, found {}", describe(v)))
}

fn position(v: &Value, path: &str) -> Result<[f64; 2], String> {
    let a = array(v, path)?;
    if a.len() < 2 {
        return Err(format!(
            "{path}: a position needs longitude and latitude, found {} number(s)",
            a.len()
        ));
    }
    let mut out = [0.0; 2];
    for (i, (name, limit)) in [("longitude", 180.0), ("latitude", 90.0)]
        .iter()
        .enumerate()
    {
        let x = a[i]
            .as_f64()
            .ok_or_else(|| format!("{path}: {name} must be a number, found {}", describe(&a[i])))?;
        if !x.is_finite() || x.abs() > *limit {
            return Err(format!("{path}: {name} {x} is outside -{limit}..{limit}"));
        }
        out[i] = x;
    }
    Ok(out)
}

fn positions(v: &Value, path: &str) -> Result<Vec<[f64; 2]>, String> {
    let a = array(v, path)?;
    let mut out = Vec::with_capacity(a.len());
    for (i, p) in a.iter().enumerate() {
        out.push(position(p, &format!("{path}[{i}]"))?);
    }
    Ok(out)
}

fn line(v: &Value, path: &str) -> Result<Vec<[f64; 2]>, String> {
    let pts = positions(v, path)?;
    if pts.len() < 2 {
        return Err(format!(
            "{path}: a LineString needs at least 2 points, found {}",
            pts.len()
        ));
    }
    let first = quantise(pts[0]);
    if pts.iter().all(|p| quantise(*p) == first) {
        return Err(format!(
            "{path}: all {} points of the LineString coincide",
            pts.len()
        ));
    }
    Ok(pts)
}

fn polygon(v: &Value, path: &str) -> Result<Vec<Vec<[f64; 2]>>, String> {
    let rings = array(v, path)?;
    if rings.is_empty() {
        return Err(format!("{path}: a polygon needs at least one ring"));
    }
    let mut out = Vec::with_capacity(rings.len());
    for (i, r) in rings.iter().enumerate() {
        let rp = format!("{path}[{i}]");
        let pts = positions(r, &rp)?;
        if pts.len() < 4 {
            return Err(format!(
                "{rp}: a polygon ring needs at least 4 points (first repeated last), found {}",
                pts.len()
            ));
        }
        let keys: Vec<[i64; 2]> = pts.iter().map(|p| quantise(*p)).collect();
        if keys[0] != keys[keys.len() - 1] {
            return Err(format!(
                "{rp}: the ring is not closed (its last point differs from its first)"
            ));
        }
        if twice_area(&keys) == 0 {
            return Err(format!(
                "{rp}: the ring is degenerate (it encloses no area)"
            ));
        }
        out.push(pts);
    }
    Ok(out)
}

/// Twice the signed area of a closed ring in quantised units, exact: a zero means every point
/// lies on one line, which no float tolerance could decide reliably.
fn twice_area(ring: &[[i64; 2]]) -> i128 {
    ring.windows(2)
        .map(|w| {
            i128::from(w[0][0]) * i128::from(w[1][1]) - i128::from(w[1][0]) * i128::from(w[0][1])
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn accepts_the_four_package_types() {
        let p = parse(&json!({"type": "Point", "coordinates": [1.5, 42.5, 1000.0]})).unwrap();
        assert_eq!(p, Geom::Point([1.5, 42.5]));
        let l = parse(&json!({"type": "LineString", "coordinates": [[0, 0], [1, 1]]})).unwrap();
        assert_eq!(l, Geom::LineString(vec![[0.0, 0.0], [1.0, 1.0]]));
        let ring = json!([[0, 0], [1, 0], [1, 1], [0, 0]]);
        let poly = parse(&json!({"type": "Polygon", "coordinates": [ring]})).unwrap();
        assert!(matches!(poly, Geom::Polygon(ref r) if r.len() == 1 && r[0].len() == 4));
        let mp = parse(&json!({"type": "MultiPolygon", "coordinates": [[ring]]})).unwrap();
        assert!(matches!(mp, Geom::MultiPolygon(ref p) if p.len() == 1));
        let other = parse(&json!({"type": "MultiLineString", "coordinates": []})).unwrap();
        assert_eq!(other.type_name(), "MultiLineString");
    }

    #[test]
    fn rejects_bad_coordinates_with_their_path() {
        let cases = [
            (
                json!({"type": "Point", "coordinates": []}),
                "found 0 number",
            ),
            (
                json!({"type": "Point", "coordinates": [1]}),
                "found 1 number",
            ),
            (
                json!({"type": "Point", "coordinates": ["a", 1]}),
                "longitude must be a number",
            ),
            (
                json!({"type": "Point", "coordinates": [1, 95]}),
                "latitude 95 is outside",
            ),
            (json!({"type": "Point"}), "no \"coordinates\""),
            (
                json!({"type": "LineString", "coordinates": []}),
                "at least 2 points, found 0",
            ),
            (
                json!({"type": "LineString", "coordinates": [[1, 1]]}),
                "found 1",
            ),
            (
                json!({"type": "LineString", "coordinates": [[1, 1], [1, 1]]}),
                "coincide",
            ),
            (
                json!({"type": "LineString", "coordinates": [[1, 1], [200, 1]]}),
                "coordinates[1]: longitude 200",
            ),
            (
                json!({"type": "Polygon", "coordinates": []}),
                "at least one ring",
            ),
            (
                json!({"type": "Polygon", "coordinates": [[]]}),
                "at least 4 points",
            ),
            (
                json!({"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}),
                "not closed",
            ),
            (
                json!({"type": "Polygon", "coordinates": [[[0, 0], [1, 1], [2, 2], [0, 0]]]}),
                "degenerate",
            ),
            (
                json!({"type": "MultiPolygon", "coordinates": []}),
                "at least one polygon",
            ),
            (
                json!({"type": "MultiPolygon", "coordinates": [[[[0, 0]]]]}),
                "coordinates[0][0]",
            ),
            (json!([1, 2]), "expected a geometry object"),
            (json!({"coordinates": [1, 2]}), "no \"type\""),
        ];
        for (v, want) in cases {
            let err = parse(&v).expect_err(&v.to_string());
            assert!(err.contains(want), "{v}: {err:?} lacks {want:?}");
        }
    }
}
