//! The `silver` binary checked against the engine's own answers: `silver cards` lists the
//! card registry, a game played as plain text ends with the scores the engine gives its saved
//! script, and every number of a manifest is refused by the library's `--resume`, `merge` and
//! `verify` as by the command line. The black-box suite (package `silver-cli-suite`) links no
//! engine crate, so only these checks rebuild when the engine changes; they share its harness.

#[macro_use]
#[path = "../../silver-cli-suite/tests/suite/common/mod.rs"]
mod common;

use common::shards::*;
use common::*;

use serde_json::Value;
use silver_rules::{characters, Token, ABILITY_KINDS};
use silver_sim::{merge, read_manifest, verify_dir, Plan, RunError, RunOptions};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

// `silver cards`

/// The sections of a listing, split at blank lines.
fn sections(text: &str) -> Vec<Vec<&str>> {
    text.split("\n\n").map(|s| s.lines().collect()).collect()
}

#[test]
fn cards_lists_the_registry() {
    let out = ok(args!["cards"]);
    let s = sections(&out.stdout);
    assert_eq!(s.len(), 3, "{}", out.describe());

    // Characters: title, header, then one row per registry character in registry order.
    assert_eq!(s[0][0], "built-in characters");
    assert_eq!(
        cells(s[0][1]),
        [
            "edition",
            "value",
            "name",
            "provenance",
            "rule",
            "trigger",
            "ability"
        ]
    );
    let rows: Vec<Vec<String>> = s[0][2..].iter().map(|l| cells(l)).collect();
    let expected: Vec<Vec<String>> = characters()
        .map(|c| {
            vec![
                c.edition.name().to_string(),
                c.value.to_string(),
                c.name.to_string(),
                c.provenance.name().to_string(),
                c.rule.to_string(),
                c.ability.trigger().describe().to_string(),
                c.ability.describe(),
            ]
        })
        .collect();
    assert_eq!(rows, expected);

    // Tokens.
    assert_eq!(s[1][0], "tokens");
    let rows: Vec<Vec<String>> = s[1][2..].iter().map(|l| cells(l)).collect();
    let expected: Vec<Vec<String>> = Token::ALL
        .iter()
        .map(|t| {
            vec![
                t.name().to_string(),
                t.provenance().name().to_string(),
                t.describe().to_string(),
            ]
        })
        .collect();
    assert_eq!(rows, expected);

    // Ability kinds: every kind once, in order, with its trigger and count range.
    assert!(s[2][0].starts_with("ability kinds"), "{}", s[2][0]);
    let rows: Vec<Vec<String>> = s[2][2..].iter().map(|l| cells(l)).collect();
    assert_eq!(rows.len(), ABILITY_KINDS.len());
    for (r, a) in rows.iter().zip(ABILITY_KINDS) {
        assert_eq!(r[0], a.kind());
        assert_eq!(r[1], a.trigger().describe());
        match silver_rules::count_range(a) {
            Some((lo, hi)) => {
                assert_eq!(r[2], format!("{lo}-{hi}, default {}", a.count().unwrap()))
            }
            None => assert_eq!(r[2], "-"),
        }
        assert_eq!(r[3], a.describe());
    }
}

// `silver play`

/// The totals of a saved game's script, played by the engine.
fn engine_totals(saved: &std::path::Path, players: usize) -> (Vec<i32>, Option<u8>) {
    let v: serde_json::Value = serde_json::from_str(&read_text(saved)).expect("JSON");
    let script: silver_rules::Script =
        serde_json::from_value(v["script"].clone()).expect("a script");
    let game = script.play(&mut ()).expect("the script plays");
    assert!(game.is_over(), "the saved game is finished");
    (game.totals()[..players].to_vec(), game.winner())
}

#[test]
fn a_whole_game_played_as_plain_text_ends_with_the_engines_scores() {
    let tmp = TempDir::new("play-plain");
    let save = tmp.join("game.json");
    let out = with_input(
        args![
            "play",
            "--plain",
            "--players",
            "3",
            "--bots",
            "greedy,ismcts:iterations=30",
            "--seed",
            "9",
            "--save",
            &save
        ],
        &choices(4000),
    );
    assert_eq!(out.code, Some(0), "{}", out.describe());
    assert!(out.stdout.contains("game over: "), "{}", out.describe());
    assert!(out.stdout.contains("no choice `Z`"));
    let (totals, winner) = engine_totals(&save, 3);
    assert_eq!(final_totals(&out.stdout), totals);
    let w = winner.expect("a winner");
    assert!(
        out.stdout.contains(&format!("game over: P{w} ")),
        "{}",
        out.describe()
    );
    // Four rounds, each revealed with its scores.
    for r in 1..=4 {
        assert!(out.stdout.contains(&format!("round {r} over")), "round {r}");
    }
}

// A run directory edited

/// What `--resume`, `merge` and `verify` make of a shard directory, in-process.
struct Targets {
    other: PathBuf,
    plan: Plan,
    scratch: PathBuf,
}

impl Targets {
    fn verify(&self, dir: &Path) -> Result<(), RunError> {
        verify_dir(dir).map(|_| ())
    }

    fn merge(&self, dir: &Path) -> Result<(), RunError> {
        let out = self.scratch.join("merged");
        let _ = std::fs::remove_dir_all(&out);
        let r = merge(&out, &[self.other.clone(), dir.to_path_buf()], false);
        if r.is_err() {
            assert!(!out.join("games.csv").exists(), "merged rows anyway");
        }
        r.map(|_| ())
    }

    /// Resumes `dir` (whose manifest says unfinished) as the shard it is.
    fn resume(&self, dir: &Path) -> Result<(), RunError> {
        let before = read(&dir.join("games.csv"));
        let opts = RunOptions {
            out: dir.to_path_buf(),
            threads: 1,
            shard: Some("2/2".parse().unwrap()),
            resume: true,
            force: false,
            command: None,
        };
        let r = silver_sim::run(&self.plan, &opts, &mut |_, _| {}, &AtomicBool::new(false));
        if r.is_err() {
            assert_eq!(read(&dir.join("games.csv")), before, "files touched");
        }
        r.map(|_| ())
    }
}

/// Every number of a manifest, changed one at a time by a seeded amount, is refused by
/// `--resume`, `merge` and `verify` (in-process for all of them, and through the command line
/// for a sample): the manifest's checksum no longer matches.
#[test]
fn every_number_of_a_manifest_is_refused_by_resume_merge_and_verify() {
    let tmp = TempDir::new("tamper-every");
    let [s1, s2] = two_shards(&tmp);
    let m = read_manifest(&s2).unwrap();
    let t = Targets {
        other: s1.clone(),
        plan: Plan::from_manifest(&m).unwrap(),
        scratch: tmp.join("scratch"),
    };
    std::fs::create_dir_all(&t.scratch).unwrap();
    // The directory to resume: shard 2 marked unfinished (sealed again: the edit is ours).
    let open = tmp.join("open");
    copy_dir(&s2, &open);
    edit_json(&open.join("manifest.json"), true, |m| {
        m["complete"] = false.into()
    });
    let open_manifest: Value =
        serde_json::from_str(&read_text(&open.join("manifest.json"))).unwrap();
    // Unedited, each target accepts its directory.
    let work = tmp.join("work");
    copy_dir(&s2, &work);
    t.verify(&work).unwrap();
    t.merge(&work).unwrap();
    copy_dir(&open, &work);
    t.resume(&work).unwrap();

    let original: Value = serde_json::from_str(&read_text(&s2.join("manifest.json"))).unwrap();
    let mut leaves = Vec::new();
    numeric_leaves(&original, &mut Vec::new(), &mut leaves);
    assert!(leaves.len() > 200, "only {} numbers", leaves.len());
    let mut rng = Seeded(28);
    for (i, path) in leaves.iter().enumerate() {
        let new = mutate(at(&mut original.clone(), path), &mut rng);
        let edit = |base: &Path, manifest: &Value| {
            copy_dir(base, &work);
            let mut m = manifest.clone();
            *at(&mut m, path) = new.clone();
            std::fs::write(
                work.join("manifest.json"),
                serde_json::to_string_pretty(&m).unwrap(),
            )
            .unwrap();
        };
        let what = format!("{} = {new}", show(path));
        edit(&s2, &original);
        let err = t
            .verify(&work)
            .expect_err(&format!("verify accepted {what}"))
            .to_string();
        assert!(err.contains("edited or damaged"), "{what}: {err}");
        t.merge(&work).expect_err(&format!("merge accepted {what}"));
        edit(&open, &open_manifest);
        t.resume(&work)
            .expect_err(&format!("--resume accepted {what}"));
        // A sample through the command line: one line, exit 2, the file named.
        if i % 40 == 0 {
            edit(&s2, &original);
            for msg in [
                fails(args!["verify", &work]),
                fails(args!["merge", "--out", tmp.join("cli-merged"), &s1, &work]),
            ] {
                assert_mentions(&msg, &["manifest.json", "edited or damaged"]);
            }
            assert!(!tmp.join("cli-merged").join("games.csv").exists());
            edit(&open, &open_manifest);
            let msg = fails(with(shard_args(&work, 2), args!["--resume"]));
            assert_mentions(&msg, &["manifest.json", "edited or damaged"]);
        }
    }
}

/// Behind the checksum, the statistics the per-game files hold are recounted from them: a
/// manifest edited and sealed again (as a tool that rewrote it would) is still refused by
/// `verify` and `merge` wherever it changes a recountable number.
#[test]
fn recountable_statistics_are_recounted_from_the_files() {
    let tmp = TempDir::new("tamper-recount");
    let [s1, s2] = two_shards(&tmp);
    let original: Value = serde_json::from_str(&read_text(&s2.join("manifest.json"))).unwrap();
    let mut leaves = Vec::new();
    numeric_leaves(
        &original["stats"],
        &mut vec![Step::Key("stats".into())],
        &mut leaves,
    );
    // Recounted: everything but the start player's wins, the card counts and the
    // head-to-head sums that need who finished ahead among tied totals (these rest on the
    // checksum alone; see docs/guide/reports-and-files.md).
    let key = |p: &[Step], i: usize| match p.get(i) {
        Some(Step::Key(k)) => k.clone(),
        _ => String::new(),
    };
    let recounted = |p: &[Step]| match key(p, 1).as_str() {
        "start_player_wins" | "cards" => false,
        "pairs" => {
            key(p, 2) == "blocks"
                || (key(p, 2) == "pairs"
                    && matches!(
                        key(p, 4).as_str(),
                        "a" | "b" | "blocks" | "games" | "n" | "m" | "nn" | "mm" | "nm"
                    ))
        }
        _ => true,
    };
    let leaves: Vec<_> = leaves.into_iter().filter(|p| recounted(p)).collect();
    assert!(
        leaves.len() > 60,
        "only {} recountable numbers",
        leaves.len()
    );
    let work = tmp.join("work");
    let mut rng = Seeded(29);
    for path in &leaves {
        copy_dir(&s2, &work);
        let mut what = String::new();
        edit_json(&work.join("manifest.json"), true, |m| {
            let new = mutate(at(m, path), &mut rng);
            what = format!("{} = {new}", show(path));
            *at(m, path) = new;
        });
        let err = verify_dir(&work)
            .expect_err(&format!("verify accepted {what}"))
            .to_string();
        assert!(!err.contains("edited or damaged"), "{what}: {err}");
        merge(&tmp.join("merged"), &[s1.clone(), work.clone()], false)
            .expect_err(&format!("merge accepted {what}"));
    }
}
