//! Integration tests of `silver design`: the real executable, run from the workspace root,
//! writing only into fresh temporary directories. Nothing here asserts on wall-clock time; the
//! interrupt test's poll loop has a generous timeout only as a safety net.

use crate::common::*;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// A small card: 2 players, a ladder of random and greedy, few games, no restricted arms.
fn card(out: &Path, threads: &str) -> Vec<OsString> {
    args![
        "design",
        "--set",
        "amulet",
        "--players",
        "2",
        "--ladder",
        "random,greedy",
        "--games",
        "24",
        "--search-games",
        "4",
        "--search-iterations",
        "20",
        "--values",
        "none",
        "--threads",
        threads,
        "--quiet",
        "--out",
        out
    ]
}

/// Every file under `dir` (the lock file aside), by its path under `dir`, in order.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if !p.ends_with(".silver.lock") {
                out.push(p.strip_prefix(dir).unwrap().to_path_buf());
            }
        }
    }
    out.sort();
    out
}

fn assert_same_trees(a: &Path, b: &Path) {
    let (fa, fb) = (files(a), files(b));
    assert_eq!(fa, fb);
    let names: Vec<String> = fa.iter().map(|p| p.display().to_string()).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    assert_same_files(a, b, &names);
}

#[test]
fn a_small_card_writes_every_arm_and_is_the_same_at_any_thread_count() {
    let tmp = TempDir::new("design-card");
    let (one, two) = (tmp.join("one"), tmp.join("two"));
    let out = ok(card(&one, "1"));
    let last = out.stdout.trim_end().lines().last().unwrap();
    // 24 self-play, 6 points games, 24 ladder, 4 hidden information, 24 memory.
    assert!(last.starts_with("82 games in "), "{last}");
    assert!(
        last.ends_with(&format!("; files in {}", one.display())),
        "{last}"
    );
    let arms = [
        "00-self-play",
        "01-points-game",
        "02-ladder-1-over-0",
        "03-hidden-information",
        "04-memory",
    ];
    for arm in arms {
        let dir = one.join("arms").join(arm);
        for f in [
            "manifest.json",
            "summary.csv",
            "game-metrics.csv",
            "design-games.csv",
        ] {
            assert!(dir.join(f).is_file(), "{arm}/{f}");
        }
    }
    // The printed card, then design.csv: every metric, the ladder's share first.
    assert!(
        out.stdout.starts_with("Design card: amulet, 2 players"),
        "{}",
        out.stdout
    );
    let csv = read_text(&one.join("design.csv"));
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("set,players,metric,key,unit,value,low95,high95,games,blocks")
    );
    assert!(lines
        .next()
        .unwrap()
        .starts_with("amulet,2,skill_gap,,points,"));
    assert!(csv.contains("\namulet,2,ladder_share,greedy>random,%,"));
    assert!(csv.contains("\namulet,2,memory_value,,points,"));
    let games = read_text(&one.join("arms/02-ladder-1-over-0/design-games.csv"));
    assert_eq!(games.lines().count(), 1 + 24);
    assert!(games.starts_with("game,deal,rounds,turns,round_end_0,"));
    let m: serde_json::Value = serde_json::from_str(&read_text(&one.join("design.json"))).unwrap();
    assert_eq!(m["complete"], true, "{m}");
    assert_eq!(m["arms_done"], 5, "{m}");
    assert_eq!(m["arms"][2][0], "02-ladder-1-over-0", "{m}");
    assert_eq!(m["design"][0], csv.len(), "{m}");
    ok(card(&two, "2"));
    assert_same_trees(&one, &two);
}

#[test]
fn a_finished_card_is_refused_replaced_with_force_and_not_resumed() {
    let tmp = TempDir::new("design-force");
    let dir = tmp.join("card");
    ok(card(&dir, "2"));
    let msg = fails(card(&dir, "2"));
    assert_mentions(&msg, &["holds a finished run", "--force"]);
    let mut resume = card(&dir, "2");
    resume.push("--resume".into());
    let msg = fails(resume);
    assert_mentions(&msg, &["already complete"]);
    let before = read(&dir.join("design.json"));
    // --resume=auto: a finished card is left as it is, exit 0.
    let mut auto = card(&dir, "2");
    auto.push("--resume=auto".into());
    let out = ok(auto);
    assert_mentions(&out.stderr, &["finished", "nothing to play"]);
    assert_eq!(read(&dir.join("design.json")), before);
    let mut force = card(&dir, "1");
    force.push("--force".into());
    ok(force);
    assert_eq!(read(&dir.join("design.json")), before);
    // Foreign files are never replaced.
    let foreign = tmp.join("foreign");
    std::fs::create_dir_all(&foreign).unwrap();
    std::fs::write(foreign.join("notes.txt"), "mine").unwrap();
    let mut force = card(&foreign, "1");
    force.push("--force".into());
    let msg = fails(force);
    assert_mentions(&msg, &["notes.txt", "not a run's"]);
}

#[test]
fn an_interrupted_card_resumes_to_the_same_files() {
    let tmp = TempDir::new("design-resume");
    let (dir, reference) = (tmp.join("interrupted"), tmp.join("reference"));
    let mut long = card(&dir, "1");
    for (flag, value) in [("--games", "400"), ("--search-games", "40")] {
        let i = long.iter().position(|a| a == flag).unwrap();
        long[i + 1] = value.into();
    }
    let first = dir.join("arms/00-self-play/manifest.json");
    let out = interrupt_once(long.clone(), "its first arm was on disk", || first.exists());
    let last = out.stderr.trim_end().lines().last().unwrap_or("");
    assert_mentions(last, &["interrupted", "--resume"]);
    let m: serde_json::Value = serde_json::from_str(&read_text(&dir.join("design.json"))).unwrap();
    assert_eq!(m["complete"], false, "{m}");
    assert!(!dir.join("design.csv").exists());
    let msg = fails(long.clone());
    assert_mentions(&msg, &["unfinished design card", "--resume"]);
    // --resume=auto continues it (as --resume would).
    let mut resume = long.clone();
    resume.push("--resume=auto".into());
    let i = resume.iter().position(|a| a == "--threads").unwrap();
    resume[i + 1] = "2".into();
    ok(resume);
    let mut again = long;
    let i = again
        .iter()
        .position(|a| a == &OsString::from(&dir))
        .unwrap();
    again[i] = reference.clone().into();
    ok(again);
    assert_same_trees(&dir, &reference);
}

#[test]
fn bad_cards_fail_in_one_line() {
    let tmp = TempDir::new("design-errors");
    let out = tmp.join("out");
    let with = |flag: &str, value: &str| {
        let mut a = card(&out, "1");
        let i = a.iter().position(|x| x == flag).unwrap();
        a[i + 1] = value.into();
        a
    };
    assert_mentions(&fails(with("--ladder", "greedy")), &["at least two rungs"]);
    assert_mentions(&fails(with("--ladder", "random,nobody")), &["nobody"]);
    assert_mentions(&fails(with("--ladder", "random,,greedy")), &["empty entry"]);
    assert_mentions(&fails(with("--players", "5")), &["2, 3 or 4 players"]);
    assert_mentions(
        &fails(with("--games", "0")),
        &["--games must be at least 1"],
    );
    assert_mentions(&fails(with("--values", "15")), &["not a card value"]);
    assert_mentions(&fails(with("--values", "x")), &["not a card value"]);
    assert_mentions(
        &fails(with("--set", "nothing-like-a-set")),
        &["nothing-like-a-set"],
    );
    assert_mentions(&fails(with("--threads", "100000")), &["threads"]);
    assert!(!out.join("design.json").exists());
}

/// Replaces the first `from` in a file with `to` (which must change it).
fn edit_file(path: &Path, from: &str, to: &str) {
    let text = read_text(path);
    assert!(text.contains(from), "{}: no {from:?}", path.display());
    let edited = text.replacen(from, to, 1);
    std::fs::write(path, edited).unwrap();
}

#[test]
fn verify_checks_a_card_and_refuses_each_edit_in_one_line() {
    let tmp = TempDir::new("design-verify");
    let good = tmp.join("card");
    let mut args = card(&good, "2");
    let i = args.iter().position(|a| a == "--values").unwrap();
    args[i + 1] = "7".into();
    ok(args);
    // 24 self-play, 6 points games, 24 ladder, 4 hidden information, 24 memory, 24 restricted;
    // design.json, design.csv, and every arm's files but its manifest: 3 of a self-play arm
    // (summary.csv, game-metrics.csv, design-games.csv), 6 of a pairing (and pairs.csv,
    // ratings.csv, ratings-pairs.csv).
    assert_eq!(
        ok(args!["verify", &good]).stdout,
        format!(
            "{}: design card of 6 arms verified: 106 games, 32 files match the manifest\n",
            good.display()
        )
    );
    let copy = |name: &str| {
        let dir = tmp.join(name);
        copy_tree(&good, &dir);
        dir
    };
    // Each damaged card is refused with one line naming what differs.
    let dir = copy("csv");
    edit_file(&dir.join("design.csv"), ",skill_gap,", ",skill_gap,x");
    assert_mentions(&fails(args!["verify", &dir]), &["design.csv"]);
    // design.csv edited and design.json resealed to vouch for it: the arms' rows refuse it.
    let dir = copy("csv-resealed");
    let csv = dir.join("design.csv");
    edit_file(&csv, ",skill_gap,,points,", ",skill_gap,,points,1");
    let bytes = read(&csv);
    edit_json(&dir.join("design.json"), true, |m| {
        m["design"] = serde_json::json!([bytes.len(), crc32fast::hash(&bytes)]);
    });
    assert_mentions(
        &fails(args!["verify", &dir]),
        &["design.csv differs from the card its arms' games make"],
    );
    let dir = copy("games");
    let games = dir.join("arms/04-memory/design-games.csv");
    edit_file(&games, "\n1,0,", "\n1,1,");
    assert_mentions(
        &fails(args!["verify", &dir]),
        &["04-memory/design-games.csv", "changed"],
    );
    let dir = copy("summary");
    edit_file(
        &dir.join("arms/02-ladder-1-over-0/summary.csv"),
        ",bot,",
        ",Bot,",
    );
    assert_mentions(
        &fails(args!["verify", &dir]),
        &["02-ladder-1-over-0", "summary.csv differs"],
    );
    let dir = copy("missing");
    std::fs::remove_dir_all(dir.join("arms/05-restricted-7")).unwrap();
    assert_mentions(
        &fails(args!["verify", &dir]),
        &["arm directory", "05-restricted-7", "missing"],
    );
    let dir = copy("unsealed");
    edit_json(&dir.join("design.json"), false, |m| m["players"] = 3.into());
    assert_mentions(&fails(args!["verify", &dir]), &["design.json"]);
    let dir = copy("version");
    edit_json(&dir.join("design.json"), true, |m| m["version"] = 99.into());
    assert_mentions(&fails(args!["verify", &dir]), &["99"]);
    // design.json resealed with another arm's description, or another card's fingerprint:
    // the arms' own plans refuse it.
    let dir = copy("label");
    edit_json(&dir.join("design.json"), true, |m| {
        m["arms"][2][1] = "ladder random vs greedy".into()
    });
    assert_mentions(
        &fails(args!["verify", &dir]),
        &["records arm 2 as 02-ladder-1-over-0 (ladder random vs greedy)"],
    );
    let dir = copy("fingerprint");
    edit_json(&dir.join("design.json"), true, |m| {
        m["fingerprint"] = "0123456789abcdef".into()
    });
    assert_mentions(
        &fails(args!["verify", &dir]),
        &["records the card 0123456789abcdef"],
    );
    // A card stopped after two arms: checked as far as it got.
    let dir = copy("unfinished");
    std::fs::remove_file(dir.join("design.csv")).unwrap();
    edit_json(&dir.join("design.json"), true, |m| {
        let m = m.as_object_mut().unwrap();
        m.remove("design");
        m.insert("complete".into(), false.into());
        m.insert("arms_done".into(), 2.into());
        let done = m["design_games"].as_array().unwrap()[..2].to_vec();
        m.insert("design_games".into(), done.into());
    });
    assert_eq!(
        ok(args!["verify", &dir]).stdout,
        format!(
            "{}: design card of 6 arms verified (2 of 6 arms done, checked as far as it got): \
             30 games, 7 files match the manifest\n",
            dir.display()
        )
    );
}

#[test]
fn a_variance_reduced_card_prints_and_writes_the_reduced_values_and_verifies_its_luck() {
    let tmp = TempDir::new("design-vr");
    let (one, two) = (tmp.join("one"), tmp.join("two"));
    let with_vr = |out: &Path, threads: &str| {
        let mut args = card(out, threads);
        args.push("--variance-reduction".into());
        args
    };
    let out = ok(with_vr(&one, "1"));
    assert!(
        out.stdout
            .contains("reduced: the same with each game's chance luck"),
        "{}",
        out.stdout
    );
    // Memory (greedy against greedy-mem2) has spread; the upset rate of greedy over random
    // has none (no reduced value where every block is 0).
    let memory = out
        .stdout
        .lines()
        .find(|l| l.contains("memory value"))
        .unwrap();
    assert!(
        memory.contains(" reduced ") && memory.contains("(×"),
        "{memory}"
    );
    let upset = out
        .stdout
        .lines()
        .find(|l| l.contains("upset rate"))
        .unwrap();
    assert!(!upset.contains("reduced"), "{upset}");
    let csv = read_text(&one.join("design.csv"));
    assert!(csv.starts_with(
        "set,players,metric,key,unit,value,low95,high95,games,blocks,value_vr,low95_vr,\
         high95_vr,variance_ratio\n"
    ));
    // Luck in the ladder's and memory's games and self-play's, not the points game's nor
    // the cheating search's.
    for (arm, luck) in [
        ("00-self-play", true),
        ("01-points-game", false),
        ("02-ladder-1-over-0", true),
        ("03-hidden-information", false),
        ("04-memory", true),
    ] {
        let games = read_text(&one.join("arms").join(arm).join("design-games.csv"));
        assert_eq!(
            games.lines().next().unwrap().ends_with(",pair_luck"),
            luck,
            "{arm}"
        );
    }
    ok(with_vr(&two, "2"));
    assert_same_trees(&one, &two);
    assert!(ok(args!["verify", &one]).stdout.contains("verified"));
    // A ladder game's pair luck edited and design.json resealed to vouch for the file: the
    // arm's statistics refuse it.
    let games = one.join("arms/02-ladder-1-over-0/design-games.csv");
    let text = read_text(&games);
    let line = text.lines().nth(1).unwrap();
    let (head, luck) = line.rsplit_once(',').unwrap();
    let edited = format!("{head},{}", luck.parse::<i64>().unwrap() + 1);
    std::fs::write(&games, text.replacen(line, &edited, 1)).unwrap();
    let bytes = read(&games);
    edit_json(&one.join("design.json"), true, |m| {
        m["design_games"][2] = serde_json::json!([bytes.len(), crc32fast::hash(&bytes)]);
    });
    assert_mentions(
        &fails(args!["verify", &one]),
        &["design-games.csv does not hold the arm's"],
    );
}
