//! Card sets through the real `silver` binary: every set form (preset, mix, per-value list,
//! card-set file), their errors, the `set` column of every CSV, custom character names, the
//! notice for unofficial rules, `replay --set`, merge of a custom set, and `silver cards`
//! (checked against the card registry; its listings in the docs are checked by `docs.rs`).
//! Runs from the workspace root and writes only into fresh temporary directories.

use crate::common::*;

use std::path::Path;

const CSVS: [&str; 5] = [
    "games.csv",
    "rounds.csv",
    "census.csv",
    "cards.csv",
    "summary.csv",
];

/// Splits a CSV line into fields (quoted fields may hold commas).
fn fields(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

/// A small tournament with `--set SET` into `dir`.
fn tournament(set: &str, dir: &Path) -> Out {
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "2",
        "--games",
        "8",
        "--seed",
        "4",
        "--set",
        set,
        "--out",
        dir
    ])
}

/// Asserts that every CSV of `dir` has `set` as its first column and `name` in every row.
fn assert_set_column(dir: &Path, name: &str) {
    for f in CSVS {
        let text = read_text(&dir.join(f));
        let mut lines = text.lines();
        let header = fields(lines.next().unwrap_or_else(|| panic!("{f} is empty")));
        assert_eq!(header[0], "set", "{f}: first column");
        let mut rows = 0;
        for l in lines {
            let r = fields(l);
            assert_eq!(r.len(), header.len(), "{f}: {l}");
            assert_eq!(r[0], name, "{f}: {l}");
            rows += 1;
        }
        assert!(rows > 0, "{f} has no rows");
    }
}

fn note_lines(out: &Out) -> Vec<&str> {
    out.stdout
        .lines()
        .filter(|l| l.starts_with("note:"))
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Set forms and outputs

#[test]
fn every_set_form_runs_and_names_its_set_in_every_csv() {
    let tmp = TempDir::new("forms");
    let full: Vec<String> = (0..14)
        .map(|v| format!("{v}:{}", if v == 1 { "bullet" } else { "amulet" }))
        .collect();
    let full = format!("{}/token=coin", full.join(","));
    let cases = [
        ("amulet", "amulet"),
        ("bullet", "bullet"),
        (
            "amulet+0:bullet,10:coin/token=coin",
            "amulet+0:bullet,10:coin/token=coin",
        ),
        (full.as_str(), "amulet+1:bullet/token=coin"),
        (
            "experiments/sets/coin-dagger-mix.toml",
            "amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger/token=dagger",
        ),
        (
            "experiments/sets/custom-scout.toml",
            "amulet+8:custom-look-opponent-2",
        ),
    ];
    for (i, (set, name)) in cases.iter().enumerate() {
        let dir = tmp.join(&format!("r{i}"));
        let out = tournament(set, &dir);
        assert!(
            out.stdout.lines().any(|l| l == format!("set {name}")),
            "no `set {name}` line:\n{}",
            out.describe()
        );
        assert_set_column(&dir, name);
        let m: serde_json::Value =
            serde_json::from_str(&read_text(&dir.join("manifest.json"))).unwrap();
        assert_eq!(m["set"], *name);
    }
}

#[test]
fn cards_csv_uses_the_sets_names_editions_and_provenance() {
    let tmp = TempDir::new("cards-csv");
    let dir = tmp.join("scout");
    tournament("experiments/sets/custom-scout.toml", &dir);
    let text = read_text(&dir.join("cards.csv"));
    let rows: Vec<Vec<String>> = text.lines().map(fields).collect();
    assert_eq!(
        rows[0][..5],
        ["set", "value", "character", "edition", "provenance"]
    );
    assert_eq!(rows.len(), 15);
    assert_eq!(rows[1 + 8][1..5], ["8", "Scout", "custom", "custom"]);
    assert_eq!(rows[1 + 7][1..5], ["7", "Beholder", "amulet", "official"]);

    let dir = tmp.join("bullet");
    tournament("bullet", &dir);
    let text = read_text(&dir.join("cards.csv"));
    let rows: Vec<Vec<String>> = text.lines().map(fields).collect();
    assert_eq!(rows[1][1..5], ["0", "Hunter", "bullet", "reconstructed"]);
    assert_eq!(rows[2][1..5], ["1", "Lycan", "bullet", "official"]);
    // EDITIONS.md: the Bullet 3's name is unverified, and the file says so.
    assert_eq!(
        rows[4][1..5],
        [
            "3",
            "Goth Girl (name unverified)",
            "bullet",
            "reconstructed"
        ]
    );
}

#[test]
fn the_notice_appears_only_for_unofficial_rules() {
    let tmp = TempDir::new("notice");
    let amulet = tournament("amulet", &tmp.join("a"));
    assert!(note_lines(&amulet).is_empty(), "{}", amulet.describe());
    // The Lycan is official and the token is the Amulet's: no notice either.
    let lycan = tournament(
        "experiments/sets/bullet-lycan-in-amulet.toml",
        &tmp.join("l"),
    );
    assert!(note_lines(&lycan).is_empty(), "{}", lycan.describe());

    let bullet = tournament("bullet", &tmp.join("b"));
    let notes = note_lines(&bullet);
    assert_eq!(notes.len(), 1, "{}", bullet.describe());
    assert_mentions(
        notes[0],
        &[
            "reconstructed rules for 0 Hunter, 2 Priest",
            "13 Copycat",
            "token bullet (reconstructed)",
            "docs/rulings.md",
        ],
    );
    assert!(!notes[0].contains("Lycan"), "{}", notes[0]);

    let scout = tournament("experiments/sets/custom-scout.toml", &tmp.join("s"));
    let notes = note_lines(&scout);
    assert_eq!(notes.len(), 1, "{}", scout.describe());
    assert_mentions(notes[0], &["custom characters 8 Scout"]);
}

#[test]
fn run_set_overrides_the_spec_and_specs_take_set_files_relative_to_themselves() {
    let tmp = TempDir::new("spec-sets");
    let dir = tmp.join("q");
    ok(args![
        "run",
        "experiments/quickstart.toml",
        "--games",
        "8",
        "--set",
        "bullet",
        "--out",
        &dir
    ]);
    assert_set_column(&dir, "bullet");

    // A spec in another directory names a set file next to it, and overrides its token.
    tmp.write(
        "exp/sets/lycan.toml",
        "base = \"amulet\"\n[values]\n1 = \"bullet\"\n",
    );
    let spec = tmp.write(
        "exp/lycan.toml",
        "players = 2\nbots = [\"greedy\", \"random\"]\ngames = 8\nset = \"sets/lycan.toml\"\ntoken = \"coin\"\n",
    );
    let dir = tmp.join("l");
    let out = ok(args!["run", &spec, "--out", &dir]);
    assert_set_column(&dir, "amulet+1:bullet/token=coin");
    let notes = note_lines(&out);
    assert_eq!(notes.len(), 1, "{}", out.describe());
    assert_mentions(notes[0], &["token coin (reconstructed)"]);
}

#[test]
fn merged_shards_rebuild_a_custom_set() {
    let tmp = TempDir::new("merge");
    let base = args![
        "tournament",
        "--bots",
        "greedy,random",
        "--games",
        "30",
        "--set",
        "experiments/sets/custom-scout.toml"
    ];
    let whole = tmp.join("whole");
    let mut a = base.clone();
    a.extend(args!["--out", &whole]);
    ok(a);
    let mut shards = Vec::new();
    for k in 1..=2 {
        let d = tmp.join(&format!("s{k}"));
        let mut a = base.clone();
        a.extend(args!["--shard", format!("{k}/2"), "--out", &d]);
        ok(a);
        shards.push(d);
    }
    let merged = tmp.join("merged");
    let out = ok(args!["merge", "--out", &merged, &shards[0], &shards[1]]);
    assert_eq!(note_lines(&out).len(), 1, "{}", out.describe());
    for f in CSVS {
        assert_eq!(
            read_text(&whole.join(f)),
            read_text(&merged.join(f)),
            "{f} differs"
        );
    }
    assert!(read_text(&merged.join("cards.csv")).contains(",8,Scout,custom,custom,"));
    let report = ok(args!["report", &merged]);
    assert!(
        report
            .stdout
            .lines()
            .any(|l| l == "set amulet+8:custom-look-opponent-2"),
        "{}",
        report.describe()
    );
    assert_eq!(note_lines(&report).len(), 1, "{}", report.describe());
}

#[test]
fn replay_plays_the_given_set() {
    let tmp = TempDir::new("replay");
    let dir = tmp.join("b");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--seed",
        "9",
        "--games",
        "6",
        "--set",
        "bullet",
        "--out",
        &dir
    ]);
    let out = ok(args![
        "replay",
        "--bots",
        "greedy,random",
        "--seed",
        "9",
        "--set",
        "bullet",
        "--game",
        "5"
    ]);
    let lines: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert_eq!(lines[0]["set"], "bullet", "{}", lines[0]);
    let ended = lines
        .iter()
        .find(|l| l["event"] == "game-ended")
        .expect("a game-ended event");
    let totals: Vec<String> = ended["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.to_string())
        .collect();
    let games = read_text(&dir.join("games.csv"));
    let rows: Vec<Vec<String>> = games
        .lines()
        .skip(1)
        .map(fields)
        .filter(|r| r[1] == "5")
        .collect();
    assert_eq!(rows.len(), 2);
    for r in rows {
        assert_eq!(r[0], "bullet");
        let seat: usize = r[4].parse().unwrap();
        assert_eq!(r[6], totals[seat], "total of seat {seat}");
    }
    // The replay of a spec's game takes --set too.
    let out = ok(args![
        "replay",
        "experiments/quickstart.toml",
        "--set",
        "experiments/sets/custom-scout.toml",
        "--game",
        "0"
    ]);
    assert!(
        out.stdout
            .lines()
            .next()
            .unwrap()
            .contains("\"set\":\"amulet+8:custom-look-opponent-2\""),
        "{}",
        out.describe()
    );
}

// ---------------------------------------------------------------------------------------------
// Errors: exit code 2, one line, no panic

#[test]
fn bad_set_strings_are_one_line_errors() {
    let tmp = TempDir::new("bad-strings");
    let cases: &[(&str, &[&str])] = &[
        ("amulet+3:bulet", &["unknown edition `bulet`", "dagger"]),
        ("amulet+5:coin", &["value 5", "known values: 2, 4, 8, 10"]),
        ("amulet+14:bullet", &["0-13"]),
        ("amulet+3:bullet,3:amulet", &["value 3", "twice"]),
        ("0:amulet/token=amulet", &["value 1 is missing"]),
        ("amulet/token=gold", &["unknown token `gold`", "coin"]),
        ("silver", &["unknown card set `silver`", "amulet, bullet"]),
    ];
    for (set, words) in cases {
        let msg = fails(args![
            "tournament",
            "--bots",
            "random",
            "--games",
            "2",
            "--set",
            set,
            "--out",
            tmp.join("out")
        ]);
        assert_mentions(&msg, words);
        let msg = fails(args!["cards", "--set", set]);
        assert_mentions(&msg, words);
        let msg = fails(args![
            "replay", "--bots", "random", "--set", set, "--game", "0"
        ]);
        assert_mentions(&msg, words);
    }
    let msg = fails(args![
        "run",
        "experiments/quickstart.toml",
        "--set",
        "bulet",
        "--out",
        tmp.join("out")
    ]);
    assert_mentions(&msg, &["--set", "unknown card set `bulet`"]);
    assert!(!tmp.join("out").exists());
}

#[test]
fn bad_set_files_are_one_line_errors() {
    let tmp = TempDir::new("bad-files");
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "typo.toml",
            "bsae = \"amulet\"\n",
            &["typo.toml", "line 1", "bsae", "`base`, `token`, `values`"],
        ),
        (
            "edition.toml",
            "base = \"amulet\"\n[values]\n0 = \"bulet\"\n",
            &["edition.toml", "line 3", "unknown edition `bulet`"],
        ),
        (
            "character.toml",
            "base = \"amulet\"\n[values]\n6 = \"dagger\"\n",
            &["value 6", "known values: 4, 5, 11, 12"],
        ),
        (
            "range.toml",
            "base = \"amulet\"\n[values]\n14 = \"bullet\"\n",
            &["value 14", "0-13"],
        ),
        (
            "twice.toml",
            "base = \"amulet\"\n[values]\n3 = \"bullet\"\n03 = \"bullet\"\n",
            &["value 3", "twice"],
        ),
        (
            "missing.toml",
            "token = \"amulet\"\n[values]\n0 = \"bullet\"\n1 = \"bullet\"\n",
            &["values 2, 3", "missing", "base"],
        ),
        (
            "token.toml",
            "base = \"bullet\"\ntoken = \"silver\"\n",
            &["unknown token `silver`", "dagger"],
        ),
        (
            "kind.toml",
            "base = \"amulet\"\n[values]\n8 = { name = \"Scout\", kind = \"peek\" }\n",
            &["line 3", "unknown ability kind `peek`", "look-opponent", "plain"],
        ),
        (
            "count.toml",
            "base = \"amulet\"\n[values]\n8 = { name = \"Scout\", kind = \"look-opponent\", count = 0 }\n",
            &["count 0", "1-5"],
        ),
        (
            "noname.toml",
            "base = \"amulet\"\n[values]\n8 = { kind = \"look-opponent\" }\n",
            &["missing field `name`"],
        ),
        (
            "key.toml",
            "base = \"amulet\"\n[values]\n8 = { name = \"S\", knd = \"look-any\" }\n",
            &["knd", "`name`, `kind`, `count`"],
        ),
    ];
    for (file, text, words) in cases {
        let p = tmp.write(file, text);
        let msg = fails(args!["cards", "--set", &p]);
        assert_mentions(&msg, words);
        let msg = fails(args![
            "tournament",
            "--bots",
            "random",
            "--games",
            "2",
            "--set",
            &p,
            "--out",
            tmp.join("out")
        ]);
        assert_mentions(&msg, words);
    }
    let msg = fails(args!["cards", "--set", tmp.join("nope.toml")]);
    assert_mentions(&msg, &["cannot read card-set file", "nope.toml"]);
}

#[test]
fn bad_sets_in_a_spec_name_the_spec() {
    let tmp = TempDir::new("bad-spec");
    let head = "players = 2\nbots = [\"greedy\", \"random\"]\ngames = 4\n";
    let cases: &[(&str, &[&str])] = &[
        ("set = \"bulet\"\n", &["unknown card set `bulet`"]),
        (
            "set = \"nope.toml\"\n",
            &["cannot read card-set file", "nope.toml"],
        ),
        (
            "set = \"bullet\"\ntoken = \"gold\"\n",
            &["unknown token `gold`"],
        ),
        (
            "set = \"bullet/token=coin\"\ntoken = \"dagger\"\n",
            &["conflicts", "coin", "dagger", "once"],
        ),
        ("sett = \"bullet\"\n", &["sett", "line 4", "`set`"]),
    ];
    for (i, (tail, words)) in cases.iter().enumerate() {
        let spec = tmp.write(&format!("spec{i}.toml"), &format!("{head}{tail}"));
        let msg = fails(args!["run", &spec, "--out", tmp.join("out")]);
        assert_mentions(&msg, &[&format!("spec{i}.toml")]);
        assert_mentions(&msg, words);
    }
}

// ---------------------------------------------------------------------------------------------
// `silver cards`

#[test]
fn cards_lists_one_set() {
    let out = ok(args![
        "cards",
        "--set",
        "experiments/sets/custom-scout.toml"
    ]);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines[0], "set amulet+8:custom-look-opponent-2");
    let rows: Vec<Vec<String>> = lines[2..16].iter().map(|l| cells(l)).collect();
    for (v, r) in rows.iter().enumerate() {
        assert_eq!(r[0], v.to_string());
    }
    assert_eq!(
        rows[8][1..5],
        ["Scout", "custom", "custom", "look-opponent count 2"]
    );
    assert_eq!(rows[9][1..5], ["Seer", "amulet", "official", "R-A9"]);
    assert_eq!(
        lines[16],
        "token amulet (official): freeze one card of your village until scoring"
    );
    assert_eq!(lines.iter().filter(|l| l.starts_with("note:")).count(), 1);

    let out = ok(args!["cards", "--set", "amulet"]);
    assert!(!out.stdout.contains("note:"), "{}", out.describe());
    let out = ok(args!["cards", "--set", "bullet"]);
    assert!(out.stdout.contains("    0  Hunter"), "{}", out.describe());
    assert!(
        out.stdout.contains("    3  Goth Girl (name unverified)"),
        "{}",
        out.describe()
    );
    assert_eq!(
        out.stdout
            .lines()
            .filter(|l| l.starts_with("note:"))
            .count(),
        1
    );
}

/// Runs of an older manifest version (1: before the `set` column; 2: before the head-to-head
/// sums; 3: before the manifest's checksum; 4: before ratings from the mean) are neither resumed
/// nor merged: their files or statistics differ, or nothing vouches for them.
#[test]
fn runs_of_an_older_manifest_version_are_refused() {
    let tmp = TempDir::new("old-version");
    let dir = tmp.join("old");
    tournament("amulet", &dir);
    let m = dir.join("manifest.json");
    let text = read_text(&m);
    assert!(text.contains("\"version\": 5"), "{text}");
    // As an older build wrote it: no checksum.
    edit_json(&m, false, |m| {
        m["version"] = 1.into();
        m["complete"] = false.into();
        m.as_object_mut().unwrap().remove("checksum");
    });
    let msg = fails(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "2",
        "--games",
        "8",
        "--seed",
        "4",
        "--set",
        "amulet",
        "--resume",
        "--out",
        &dir
    ]);
    assert_mentions(
        &msg,
        &["another version", "manifest version 1", "new --out"],
    );
}
