//! `silver beliefs`: the belief diagnostics of an `ismcts` bot with belief-weighted worlds, a
//! CSV row per scored decision of seat 0 and a summary by turn band; byte-identical for the
//! same seed, refused in one line for a bot without belief worlds, and never replacing a file.

use crate::common::*;

const BOT: &str = "ismcts:iterations=40,belief.worlds=8";

fn diagnose(out: &std::path::Path) -> Out {
    ok(args![
        "beliefs",
        "--bot",
        BOT,
        "--games",
        "2",
        "--players",
        "3",
        "--seed",
        "4",
        "--out",
        out
    ])
}

/// Two runs of a tiny diagnostic write the same bytes and print the same summary: the
/// documented header, rows with fixed decimals for games 0 and 1, a line per turn band.
#[test]
fn belief_diagnostics_are_a_reproducible_csv() {
    let tmp = TempDir::new("beliefs");
    let (a, b) = (tmp.join("a.csv"), tmp.join("b.csv"));
    let first = diagnose(&a);
    let second = diagnose(&b);
    assert_eq!(read(&a), read(&b), "the two runs' CSVs differ");
    assert_eq!(first.stdout, second.stdout);
    let text = read_text(&a);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("game,round,turn,cards,known_cards,uniform,belief,known_uniform,known_belief,acceptance")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert!(rows.len() > 10, "{} rows", rows.len());
    for r in &rows {
        assert_eq!(r.len(), 10, "{r:?}");
        assert!(r[0] == "0" || r[0] == "1", "{r:?}");
        let cards: u32 = r[3].parse().unwrap();
        let known: u32 = r[4].parse().unwrap();
        assert!(cards > 0 && known <= cards, "{r:?}");
        for x in &r[5..] {
            assert_eq!(x.split('.').nth(1).map(str::len), Some(6), "{r:?}");
            x.parse::<f64>().unwrap();
        }
        let acceptance: f64 = r[9].parse().unwrap();
        assert!((0.0..=1.0).contains(&acceptance), "{r:?}");
    }
    assert!(rows.iter().any(|r| r[0] == "1"), "no row of game 1");
    for band in ["0-4 ", "5-9 ", "10-19 ", "20+ ", "all "] {
        assert!(
            first.stdout.lines().any(|l| l.starts_with(band)),
            "no band {band}:\n{}",
            first.stdout
        );
    }
    assert_mentions(
        &first.stdout,
        &[BOT, "known_uniform", "known_belief", "95% CI"],
    );
}

/// A bot that is not a belief searcher is refused in one line, before any game; so are a bad
/// player count and an unknown opponent.
#[test]
fn beliefs_needs_a_belief_searcher() {
    for bot in ["greedy", "ismcts:iterations=40", "cheating-ismcts"] {
        let e = fails(args!["beliefs", "--bot", bot, "--games", "1"]);
        assert_mentions(
            &e,
            &[
                bot,
                "silver beliefs needs an ismcts bot with belief.worlds > 0",
            ],
        );
    }
    let e = fails(args!["beliefs", "--bot", BOT, "--players", "5"]);
    assert_mentions(&e, &["--players 5"]);
    let e = fails(args!["beliefs", "--bot", BOT, "--opponents", "nosuch"]);
    assert_mentions(&e, &["nosuch"]);
}

/// An existing output file is refused in one line and keeps its bytes.
#[test]
fn beliefs_never_replaces_a_file() {
    let tmp = TempDir::new("beliefs-exists");
    let out = tmp.write("taken.csv", "mine\n");
    let e = fails(args![
        "beliefs", "--bot", BOT, "--games", "1", "--out", &out
    ]);
    assert_mentions(&e, &["--out", "taken.csv", "exists"]);
    assert_eq!(read_text(&out), "mine\n");
}
