//! Integration tests of design cards in a balance sweep (`[design]`, or `design = true` in
//! `[balance]`): every set's card in `cards/NN-NAME/`, the sweep's `design.csv` with the paired
//! differences from the base's card, resume, threads, and the spec's errors.

use crate::common::*;

use std::path::{Path, PathBuf};

/// A small design sweep: 2 players, the base and one swap, a two-rung ladder, two restricted
/// values; `games` per arm.
fn small_sweep(tmp: &TempDir, name: &str, games: u64, sets: &str) -> PathBuf {
    spec_file(
        tmp,
        name,
        &format!(
            "name = \"design-sweep\"\nplayers = 2\nbots = [\"greedy\", \"random\"]\ngames = 8\n\
             seed = 3\n[balance]\nsets = [{sets}]\n[design]\nladder = [\"random\", \"greedy\"]\n\
             games = {games}\nsearch_games = 4\nsearch_iterations = 10\nvalues = [7, 12]\n\
             [outputs]\ngames = false\nrounds = false\ncensus = false\ncards = false\n"
        ),
    )
}

/// The cells of a CSV line (`design.csv` quotes no cell: names and keys hold no comma).
fn csv_cells(line: &str) -> Vec<String> {
    line.split(',').map(String::from).collect()
}

/// `design.csv`'s rows as cells, without the header (which is checked).
fn design_rows(path: &Path, diff: bool) -> Vec<Vec<String>> {
    let text = read_text(path);
    let mut lines = text.lines();
    let mut header = "set,players,metric,key,unit,value,low95,high95,games,blocks".to_string();
    if diff {
        header.push_str(",d_value,d_low95,d_high95");
    }
    assert_eq!(lines.next(), Some(header.as_str()), "{}", path.display());
    lines.map(csv_cells).collect()
}

fn num(cell: &str) -> f64 {
    cell.parse()
        .unwrap_or_else(|_| panic!("`{cell}` is not a number"))
}

/// One column of an arm's `design-games.csv`, per game.
fn games_column(arm: &Path, column: &str) -> Vec<f64> {
    let text = read_text(&arm.join("design-games.csv"));
    let mut lines = text.lines();
    let header = csv_cells(lines.next().expect("a header"));
    let i = header.iter().position(|h| h == column).expect("the column");
    lines.map(|l| num(&csv_cells(l)[i])).collect()
}

/// Every file of a finished design sweep that must not depend on threads or resume.
fn sweep_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = vec![
        PathBuf::from("design.csv"),
        PathBuf::from("balance.csv"),
        PathBuf::from("balance.json"),
    ];
    for card in ["00-amulet", "01-amulet+7-bullet"] {
        let card = Path::new("cards").join(card);
        files.push(card.join("design.csv"));
        files.push(card.join("design.json"));
        let arms = dir.join(&card).join("arms");
        let mut names: Vec<String> = std::fs::read_dir(&arms)
            .unwrap_or_else(|e| panic!("{}: {e}", arms.display()))
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names.len(), 7, "{names:?}");
        for arm in names {
            files.push(card.join("arms").join(arm).join("design-games.csv"));
        }
    }
    files
}

fn assert_same_sweeps(a: &Path, b: &Path) {
    for f in sweep_files(a) {
        assert_eq!(
            read(&a.join(&f)),
            read(&b.join(&f)),
            "{} differs",
            f.display()
        );
    }
}

#[test]
fn design_sweep_writes_every_cards_block_with_paired_differences() {
    let tmp = TempDir::new("design-sweep");
    let spec = small_sweep(&tmp, "s.toml", 40, "\"amulet+7:bullet\"");
    let (one, two) = (tmp.join("one"), tmp.join("two"));
    let out = ok(args!["run", &spec, "--threads", "1", "--out", &one]);
    ok(args!["run", &spec, "--threads", "2", "--out", &two]);
    assert_same_sweeps(&one, &two);

    // The printed design table: a row per set, the swapped value's restricted value.
    assert_mentions(
        &out.stdout,
        &["design cards: set minus base amulet", "swapped value"],
    );
    let row = out
        .stdout
        .lines()
        .find(|l| l.starts_with("amulet+7:bullet ") && l.contains("7: "))
        .unwrap_or_else(|| panic!("no design row of the swap\n{}", out.describe()));
    assert!(row.len() <= 120, "{row}");
    // The final line counts the cards' games: 8 per set and 40 per fast arm, 10 of the
    // points game, 4 of the hidden-information arm, per card.
    let card_games = 40 + 10 + 40 + 4 + 40 + 2 * 40;
    assert_mentions(
        &out.stdout,
        &[&format!("{} games in", 2 * (8 + card_games))],
    );

    // Base first, then the set, with the same metrics and keys in the same order; the
    // base's difference cells empty, the set's value cells each card's own.
    let rows = design_rows(&one.join("design.csv"), true);
    let (base, set): (Vec<_>, Vec<_>) = rows.iter().partition(|r| r[0] == "amulet");
    assert_eq!(base.len(), set.len());
    assert_eq!(
        rows[..base.len()],
        base.iter().map(|r| (*r).clone()).collect::<Vec<_>>()[..]
    );
    for (card, block) in [("00-amulet", &base), ("01-amulet+7-bullet", &set)] {
        let own = design_rows(&one.join("cards").join(card).join("design.csv"), false);
        assert_eq!(own.len(), block.len(), "{card}");
        for (o, r) in own.iter().zip(block.iter()) {
            assert_eq!(o[..], r[..10], "{card}");
        }
    }
    for (b, s) in base.iter().zip(&set) {
        assert_eq!(b[2..5], s[2..5]);
        assert_eq!(b[10..], ["", "", ""], "the base's own row {b:?}");
        // Where both values are known, d_value is their difference (4 decimals each).
        if !b[5].is_empty() && !s[5].is_empty() && !s[10].is_empty() {
            let d = num(&s[5]) - num(&b[5]);
            assert!((num(&s[10]) - d).abs() <= 2e-4, "{s:?} against {b:?}");
        }
    }
    assert!(set
        .iter()
        .any(|s| s[2] == "restricted_value" && s[3] == "7"));

    // The hand check of one paired interval: lead changes per game in self-play (a block is
    // one game at 2 players in self-play), from the two cards' per-game rows.
    let arm = |card: &str| one.join("cards").join(card).join("arms/00-self-play");
    let a = games_column(&arm("01-amulet+7-bullet"), "lead_changes");
    let b = games_column(&arm("00-amulet"), "lead_changes");
    assert_eq!(a.len(), 40);
    let d: Vec<f64> = a.iter().zip(&b).map(|(x, y)| x - y).collect();
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    let se = (d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n * (n - 1.0))).sqrt();
    let lc = set.iter().find(|s| s[2] == "lead_changes").unwrap();
    assert!((num(&lc[10]) - mean).abs() <= 1e-4, "{lc:?}: {mean}");
    if se > 0.0 {
        assert!(
            (num(&lc[11]) - (mean - 1.959964 * se)).abs() <= 1e-4,
            "{lc:?}"
        );
        assert!(
            (num(&lc[12]) - (mean + 1.959964 * se)).abs() <= 1e-4,
            "{lc:?}"
        );
    } else {
        assert_eq!([num(&lc[11]), num(&lc[12])], [mean, mean], "{lc:?}");
    }

    // balance.json records design.csv before it is complete.
    let m: serde_json::Value = serde_json::from_str(&read_text(&one.join("balance.json"))).unwrap();
    let csv = read(&one.join("design.csv"));
    assert_eq!(m["design"][0], csv.len() as u64, "{m}");
    assert_eq!(m["complete"], true);

    // The report reads the sweep's design.csv: a card section per set.
    let report = ok(args!["report", &one]);
    assert!(one.join("report.html").is_file(), "{}", report.describe());

    // --force replaces the cards too; a sweep without cards leaves none behind.
    ok(args!["run", &spec, "--force", "--out", &one]);
    assert_same_sweeps(&one, &two);
    let plain = spec_file(
        &tmp,
        "plain.toml",
        "players = 2\nbots = [\"greedy\", \"random\"]\ngames = 8\nseed = 3\n[balance]\n\
         sets = [\"amulet+7:bullet\"]\n",
    );
    ok(args!["run", &plain, "--force", "--out", &one]);
    assert!(!one.join("cards").exists() && !one.join("design.csv").exists());
}

#[test]
fn an_interrupted_design_sweep_resumes_to_the_same_files() {
    let tmp = TempDir::new("design-resume");
    let spec = small_sweep(&tmp, "s.toml", 1500, "\"amulet+7:bullet\"");
    let (dir, reference) = (tmp.join("interrupted"), tmp.join("reference"));
    // Interrupted in the second set's card, once an arm of it is done: the base's card is
    // finished (skipped on resume, checked), the set's continued.
    let card = dir.join("cards/01-amulet+7-bullet/design.json");
    let out = interrupt_once(
        args!["run", &spec, "--threads", "1", "--out", &dir],
        "the second card had an arm on disk",
        || {
            std::fs::read_to_string(&card).is_ok_and(|t| {
                serde_json::from_str::<serde_json::Value>(&t)
                    .is_ok_and(|m| m["arms_done"].as_u64().unwrap_or(0) >= 1)
            })
        },
    );
    let last = out.stderr.trim_end().lines().last().unwrap_or("");
    assert_mentions(last, &["interrupted after 1 of 2 sets", "--resume"]);
    assert!(!dir.join("design.csv").exists());
    let resumed = ok(args![
        "run",
        &spec,
        "--threads",
        "2",
        "--resume",
        "--out",
        &dir
    ]);
    assert_mentions(
        &resumed.stderr,
        &[
            "amulet card: complete on disk, not replayed",
            "amulet+7:bullet card: arm 1/7 self-play greedy: complete on disk, not replayed",
        ],
    );
    ok(args!["run", &spec, "--threads", "2", "--out", &reference]);
    assert_same_sweeps(&dir, &reference);

    // A finished card edited on disk is refused, never folded into design.csv.
    let edited = dir.join("cards/00-amulet/design.csv");
    let mut text = read_text(&edited);
    text.push('\n');
    std::fs::write(&edited, text).unwrap();
    edit_json(&dir.join("balance.json"), true, |m| {
        m["complete"] = false.into();
        m["sets_done"] = 1.into();
    });
    let msg = fails(args!["run", &spec, "--resume", "--quiet", "--out", &dir]);
    assert_mentions(&msg, &["00-amulet/design.csv", "cut short or replaced"]);
}

#[test]
fn design_spec_errors_are_one_line_with_exit_code_2() {
    let tmp = TempDir::new("design-errors");
    let head = "players = 2\nbots = [\"greedy\"]\ngames = 4\n";
    let sweep = "[balance]\nsets = [\"bullet\"]\n";
    let cases: Vec<(String, &[&str])> = vec![
        (
            "[design]\ngames = 10\n".into(),
            &["[design] belongs to a balance sweep", "[balance]"],
        ),
        (
            format!("{sweep}[design]\nladder = [\"random\"]\n"),
            &["[design] ladder", "two rungs", "it has 1"],
        ),
        (
            format!("{sweep}[design]\ngames = 0\n"),
            &["[design] games must be at least 1"],
        ),
        (
            format!("{sweep}[design]\nvalues = [3, 14]\n"),
            &["values", "`14` is not a card value", "line 7"],
        ),
        (
            format!("{sweep}[design]\nvalues = \"some\"\n"),
            &["values", "\"all\", \"none\""],
        ),
        (
            format!("{sweep}[design]\nladdr = [\"random\", \"greedy\"]\n"),
            &["unknown field", "laddr", "ladder"],
        ),
        (
            format!("{sweep}design = true\n[design]\ngames = 10\n"),
            &["[balance] design and a [design] table"],
        ),
        (
            format!("{sweep}[design]\nladder = [\"random\", \"greedyy\"]\n"),
            &["[design]", "greedyy"],
        ),
        (
            format!("{sweep}[design]\nvalues = [7, 7]\n"),
            &["[design]", "value 7 is listed twice"],
        ),
        (format!("{sweep}design = \"yes\"\n"), &["design", "line 6"]),
    ];
    for (i, (body, words)) in cases.iter().enumerate() {
        let name = format!("bad{i}.toml");
        let spec = spec_file(&tmp, &name, &format!("{head}{body}"));
        let msg = fails(args!["run", &spec, "--out", tmp.join("out")]);
        assert_mentions(&msg, &[name.as_str()]);
        assert_mentions(&msg, words);
        assert!(!tmp.join("out").exists(), "an invalid spec created output");
    }
}

/// `silver verify` checks a design sweep's cards and its `design.csv` (recomputed from the
/// cards' rows with the base's pairing), and refuses an edit of either in one line.
#[test]
fn verify_checks_a_design_sweeps_cards_and_design_csv() {
    let tmp = TempDir::new("design-sweep-verify");
    let spec = small_sweep(&tmp, "s.toml", 24, "\"amulet+7:bullet\"");
    let good = tmp.join("good");
    ok(args!["run", &spec, "--out", &good]);
    let out = ok(args!["verify", &good]);
    assert!(out.stdout.contains("verified"), "{}", out.describe());

    // design.csv with one digit changed.
    let dir = tmp.join("edited-design");
    copy_tree(&good, &dir);
    let path = dir.join("design.csv");
    let text = read_text(&path);
    let (head, tail) = text.split_at(text.len() / 2);
    let i = tail.find(|c: char| c.is_ascii_digit()).expect("a digit");
    let d = tail.as_bytes()[i];
    let swapped = if d == b'9' { '8' } else { (d + 1) as char };
    let edited = format!("{head}{}{swapped}{}", &tail[..i], &tail[i + 1..]);
    std::fs::write(&path, edited).unwrap();
    assert_mentions(&fails(args!["verify", &dir]), &["design.csv"]);

    // A card's design-games.csv of the swapped set, truncated.
    let dir = tmp.join("edited-card");
    copy_tree(&good, &dir);
    let arms = dir.join("cards").join("01-amulet+7-bullet").join("arms");
    let mut names: Vec<_> = std::fs::read_dir(&arms)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    let games = names[0].join("design-games.csv");
    let text = read_text(&games);
    std::fs::write(&games, &text[..text.len() - 2]).unwrap();
    assert_mentions(&fails(args!["verify", &dir]), &["design-games.csv"]);

    // A card missing.
    let dir = tmp.join("no-card");
    copy_tree(&good, &dir);
    std::fs::remove_dir_all(dir.join("cards").join("01-amulet+7-bullet")).unwrap();
    assert_mentions(&fails(args!["verify", &dir]), &["design card", "missing"]);
}
