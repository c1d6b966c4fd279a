//! Every relative link in README.md and docs/ leads somewhere: the file exists, and a `#fragment`
//! into a Markdown file names one of its headings as GitHub renders the anchor. The README now
//! keeps its history in docs/bots.md, docs/fair-fights.md and docs/performance.md and links to
//! their sections by anchor, so a renamed heading or a moved picture would otherwise go unseen.

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The anchor GitHub gives a heading: lower case, punctuation dropped (letters, digits, `_`,
/// `-` and spaces kept), spaces made hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Lines outside fenced code blocks.
fn prose(text: &str) -> Vec<&str> {
    let mut fenced = false;
    text.lines()
        .filter(|l| {
            if l.trim_start().starts_with("```") {
                fenced = !fenced;
                return false;
            }
            !fenced
        })
        .collect()
}

/// Every heading's anchor, with GitHub's `-1`, `-2` … for repeats.
fn anchors(text: &str) -> HashSet<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut out = HashSet::new();
    for line in prose(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes == 0 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = slug(&line[hashes..]);
        let n = seen.iter().filter(|s| **s == base).count();
        out.insert(if n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        seen.push(base);
    }
    out
}

/// The targets of `[text](target)` and `![alt](target)` on a line, outside inline code.
fn targets(line: &str) -> Vec<String> {
    let mut plain = String::new();
    for (i, part) in line.split('`').enumerate() {
        // Even parts are outside backticks; code spans become a space so no link is made across them.
        plain.push_str(if i % 2 == 0 { part } else { " " });
    }
    let mut out = Vec::new();
    let mut rest = plain.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        let target = after[..end].split_whitespace().next().unwrap_or("");
        if !target.is_empty() {
            out.push(target.to_string());
        }
        rest = &after[end..];
    }
    out
}

fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).expect("docs/ is readable") {
            let path = entry.expect("a docs/ entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Every broken relative link in `file`, as "file: target (why)".
fn broken_links(file: &Path, root: &Path) -> Vec<String> {
    let text = fs::read_to_string(file).expect("a Markdown file is readable");
    let shown = file
        .strip_prefix(root)
        .unwrap_or(file)
        .display()
        .to_string();
    let mut bad = Vec::new();
    for line in prose(&text) {
        for target in targets(line) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, fragment) = target.split_once('#').unwrap_or((&target, ""));
            let dest = if path.is_empty() {
                file.to_path_buf()
            } else {
                file.parent().expect("a file has a folder").join(path)
            };
            if !dest.exists() {
                bad.push(format!("{shown}: {target} (no such file)"));
                continue;
            }
            let is_md = dest.extension().is_some_and(|e| e == "md");
            if !fragment.is_empty() && is_md {
                let theirs = anchors(&fs::read_to_string(&dest).expect("linked file is readable"));
                if !theirs.contains(fragment) {
                    bad.push(format!("{shown}: {target} (no such heading)"));
                }
            }
        }
    }
    bad
}

#[test]
fn every_relative_link_in_the_readme_and_docs_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = markdown_files(root);
    assert!(
        files.iter().any(|f| f.ends_with("docs/bots.md")),
        "docs/bots.md is among the files checked"
    );
    let bad: Vec<String> = files.iter().flat_map(|f| broken_links(f, root)).collect();
    assert!(bad.is_empty(), "broken links:\n{}", bad.join("\n"));
}

#[test]
fn a_missing_picture_or_heading_is_caught() {
    let dir = std::env::temp_dir().join(format!("omms-docs-links-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("other.md"),
        "# Speed of the bots (h/x, 2026-11-24 (7))\n",
    )
    .unwrap();
    let page = dir.join("page.md");
    fs::write(
        &page,
        "[ok](other.md#speed-of-the-bots-hx-2026-11-24-7) ![gone](nope.png) \
         [moved](other.md#speed) `[code](nowhere.md)`\n```\n[fenced](nowhere.md)\n```\n",
    )
    .unwrap();
    let bad = broken_links(&page, &dir);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        bad,
        vec![
            "page.md: nope.png (no such file)".to_string(),
            "page.md: other.md#speed (no such heading)".to_string(),
        ]
    );
}
