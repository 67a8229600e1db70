//! Comparing bots through the real binary: head-to-head (`pairs.csv`), ratings
//! (`ratings.csv`, `ratings-pairs.csv`, `--anchor`), the sequential test (`--sprt`, `sprt.csv`) and `silver sprt` from counts.

use crate::common::*;

use std::ffi::OsString;
use std::path::Path;

fn with(mut base: Vec<OsString>, more: Vec<OsString>) -> Vec<OsString> {
    base.extend(more);
    base
}

fn manifest(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&read_text(&dir.join("manifest.json")))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
}

/// The rows of a CSV file (header dropped), split on commas (no quoted fields in these).
fn rows(path: &Path) -> Vec<Vec<String>> {
    read_text(path)
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

fn header(path: &Path) -> String {
    read_text(path).lines().next().unwrap_or("").to_string()
}

/// Every file an SPRT run writes.
const SPRT_FILES: [&str; 9] = [
    "games.csv",
    "rounds.csv",
    "census.csv",
    "cards.csv",
    "summary.csv",
    "pairs.csv",
    "ratings.csv",
    "ratings-pairs.csv",
    "sprt.csv",
];

#[test]
fn pairs_and_ratings_agree_with_the_games() {
    let tmp = TempDir::new("pairs");
    let dir = tmp.join("rr");
    let out = ok(args![
        "tournament",
        "--bots",
        "random,greedy,greedy-mem2",
        "--seating",
        "round-robin",
        "--games",
        "600",
        "--seed",
        "3",
        "--out",
        &dir
    ]);
    assert_mentions(
        &out.stdout,
        &[
            "head to head",
            "ratings (Bradley-Terry",
            "0 = mean of 2 rated bots",
            "rating differences",
        ],
    );
    assert_eq!(
        header(&dir.join("pairs.csv")),
        "set,bot_a,bot_b,blocks,games,comparisons,a_ahead,a_ahead_share,a_ahead_low95,\
         a_ahead_high95,mean_margin,margin_low95,margin_high95"
    );
    // Recount from games.csv: heads-up, the bot ahead is the winner (the tie-break decides).
    let games = rows(&dir.join("games.csv"));
    let mut by_game: std::collections::BTreeMap<u64, Vec<&Vec<String>>> = Default::default();
    for r in &games {
        by_game.entry(r[1].parse().unwrap()).or_default().push(r);
    }
    let pairs = rows(&dir.join("pairs.csv"));
    assert_eq!(pairs.len(), 3);
    for p in &pairs {
        let (a, b) = (&p[1], &p[2]);
        let (mut n, mut ahead, mut margin, mut deals) =
            (0i64, 0i64, 0i64, std::collections::BTreeSet::new());
        for seats in by_game.values() {
            let of = |name: &str| seats.iter().find(|r| r[5] == name);
            if let (Some(x), Some(y)) = (of(a), of(b)) {
                n += 1;
                ahead += (x[8] == "1") as i64;
                margin += y[6].parse::<i64>().unwrap() - x[6].parse::<i64>().unwrap();
                deals.insert(x[2].clone());
            }
        }
        assert_eq!(p[3], deals.len().to_string(), "blocks of {a}-{b}");
        assert_eq!((p[4].clone(), p[5].clone()), (n.to_string(), n.to_string()));
        assert_eq!(p[6], ahead.to_string(), "{a} ahead of {b}");
        let mean: f64 = p[10].parse().unwrap();
        assert!((mean - margin as f64 / n as f64).abs() < 1e-4);
        let (share, lo, hi): (f64, f64, f64) = (
            p[7].parse().unwrap(),
            p[8].parse().unwrap(),
            p[9].parse().unwrap(),
        );
        assert!(lo <= share && share <= hi && hi - lo > 0.0, "{p:?}");
    }
    let ratings = rows(&dir.join("ratings.csv"));
    assert_eq!(
        header(&dir.join("ratings.csv")),
        "set,bot,elo,elo_low95,elo_high95,comparisons,anchor"
    );
    assert_eq!(ratings.len(), 3);
    // random lost every comparison: it has only a bound, and is left out of the mean of the
    // others (0 by definition), which no bot is the anchor of.
    let cols = |i: usize, c: &[usize]| c.iter().map(|&k| ratings[i][k].clone()).collect::<Vec<_>>();
    assert_eq!(cols(0, &[1, 2, 3, 6]), ["random", "", "-inf", "0"]);
    assert_eq!(cols(1, &[1, 6]), ["greedy", "0"]);
    let elo = |i: usize| ratings[i][2].parse::<f64>().unwrap();
    let upper = |i: usize| ratings[i][4].parse::<f64>().unwrap();
    assert!((elo(1) + elo(2)).abs() < 0.011, "{ratings:?}");
    assert!(elo(2) < 0.0 && upper(0) < elo(2), "{ratings:?}");
    // The one difference of two rated bots, as the ratings give it.
    assert_eq!(
        header(&dir.join("ratings-pairs.csv")),
        "set,bot_a,bot_b,elo_diff,diff_low95,diff_high95,los"
    );
    let diffs = rows(&dir.join("ratings-pairs.csv"));
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert_eq!(diffs[0][1..3], ["greedy", "greedy-mem2"]);
    let d: Vec<f64> = diffs[0][3..].iter().map(|x| x.parse().unwrap()).collect();
    assert!((d[0] - (elo(1) - elo(2))).abs() < 0.011, "{diffs:?}");
    assert!(
        d[1] < d[0] && d[0] < d[2] && (0.0..=1.0).contains(&d[3]),
        "{diffs:?}"
    );
    // report prints the same tables.
    let report = ok(args!["report", &dir]);
    assert_mentions(&report.stdout, &["head to head", "ratings (Bradley-Terry"]);
    // A bot without an estimate is never the reference, even when asked for.
    let report = ok(args!["report", &dir, "--anchor", "random"]);
    assert_mentions(
        &report.stdout,
        &[
            "0 = mean of 2 rated bots",
            "(--anchor random: it has no estimate, so 0 is the mean of the rated bots)",
        ],
    );
}

/// The round robin: random won 1 comparison of 2,000, so it has a rating, but a
/// reader asking "is greedy better than greedy-mem2?" needs their difference's interval.
fn round_robin(dir: &Path) -> Vec<OsString> {
    args![
        "tournament",
        "--bots",
        "random,greedy,greedy-mem2",
        "--players",
        "2",
        "--seating",
        "round-robin",
        "--games",
        "3000",
        "--seed",
        "13",
        "--out",
        dir
    ]
}

/// The numbers of the line of the printed ratings (or differences) that starts with `label`
/// (after it).
fn numbers(stdout: &str, label: &str) -> Vec<f64> {
    let line = stdout
        .lines()
        .skip_while(|l| !l.starts_with("ratings ("))
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no line {label:?} in\n{stdout}"));
    line[label.len()..]
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect()
}

#[test]
fn ratings_answer_whether_one_bot_is_better_than_another() {
    let tmp = TempDir::new("ratings-reference");
    let dir = tmp.join("rr");
    let out = ok(round_robin(&dir)).stdout;
    // The reference is the mean of the three (random has an estimate), not random.
    assert_mentions(&out, &["Elo scale, 0 = mean of 3 rated bots;"]);
    assert!(!out.contains("anchor"), "{out}");
    let greedy = numbers(&out, "greedy ");
    let mem2 = numbers(&out, "greedy-mem2 ");
    let random = numbers(&out, "random ");
    assert!(greedy[0] > mem2[0], "{out}");
    assert!((greedy[0] + mem2[0] + random[0]).abs() < 0.2, "{out}");
    // greedy ahead of greedy-mem2 with a difference interval that excludes 0 (their own
    // intervals overlap nothing of it: the difference's comes from the covariance).
    let d = numbers(&out, "greedy - greedy-mem2 ");
    assert_eq!(d.len(), 4, "{out}");
    assert!(d[1] > 0.0 && d[1] < d[0] && d[0] < d[2], "{out}");
    assert!((d[0] - (greedy[0] - mem2[0])).abs() < 0.11, "{out}");
    assert!(d[3] > 99.0, "LOS {out}");
    let files = |d: &Path| {
        (
            read_text(&d.join("ratings.csv")),
            read_text(&d.join("ratings-pairs.csv")),
        )
    };
    // --anchor rates one bot 0 in the printed table: the others' intervals are now their
    // distances from it; the differences and the files do not change.
    let anchored = tmp.join("anchored");
    let by_mem2 = ok(with(
        round_robin(&anchored),
        args!["--anchor", "greedy-mem2"],
    ))
    .stdout;
    assert_mentions(&by_mem2, &["Elo scale, greedy-mem2 = 0;"]);
    let g = numbers(&by_mem2, "greedy ");
    assert!(
        (g[0] - d[0]).abs() < 0.11 && (g[1] - d[1]).abs() < 0.11,
        "{by_mem2}"
    );
    let table = |s: &str| s[s.find("rating differences").unwrap()..].to_string();
    assert_eq!(
        table(&out).lines().take(5).collect::<Vec<_>>(),
        table(&by_mem2).lines().take(5).collect::<Vec<_>>()
    );
    assert_eq!(files(&dir), files(&anchored));
    // So does `report --anchor`.
    let report = ok(args!["report", &dir, "--anchor", "random"]).stdout;
    assert_mentions(&report, &["Elo scale, random = 0;"]);
    // An unknown bot is a one-line error before any game.
    let bad = tmp.join("bad");
    let msg = fails(with(round_robin(&bad), args!["--anchor", "greedy-mem3"]));
    assert_mentions(&msg, &["--anchor greedy-mem3", "not a bot of this run"]);
    assert!(!bad.join("manifest.json").exists(), "{msg}");
    let msg = fails(args!["report", &dir, "--anchor", "nobody"]);
    assert_mentions(&msg, &["--anchor nobody", "not a bot of this run"]);
    // Shards merged print the whole run's ratings, from the bot asked for.
    let shards: Vec<_> = (1..=2)
        .map(|k| {
            let d = tmp.join(&format!("s{k}"));
            ok(with(round_robin(&d), args!["--shard", format!("{k}/2")]));
            d
        })
        .collect();
    let merged = tmp.join("merged");
    let msg = fails(args![
        "merge", "--out", &merged, "--anchor", "nobody", &shards[0], &shards[1]
    ]);
    assert_mentions(&msg, &["--anchor nobody", "not a bot of this run"]);
    assert!(!merged.join("manifest.json").exists(), "{msg}");
    let out = ok(args![
        "merge",
        "--out",
        &merged,
        "--anchor",
        "greedy-mem2",
        &shards[0],
        &shards[1]
    ])
    .stdout;
    // The ratings and their differences (the last line is the run's or the merge's own).
    let ratings = |s: &str| {
        let lines: Vec<&str> = s[s.find("ratings (").unwrap()..].lines().collect();
        lines[..lines.len() - 1].join("\n")
    };
    assert_eq!(ratings(&out), ratings(&by_mem2));
    assert_eq!(files(&merged), files(&dir));
}

#[test]
fn four_players_count_every_seat_pair() {
    let tmp = TempDir::new("pairs4");
    let dir = tmp.join("t");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "4",
        "--games",
        "40",
        "--out",
        &dir
    ]);
    // Lineup greedy, random, greedy, random: 2 × 2 comparisons a game, 2 rotations a block.
    let pairs = rows(&dir.join("pairs.csv"));
    assert_eq!(pairs.len(), 1);
    assert_eq!(
        (
            pairs[0][3].as_str(),
            pairs[0][4].as_str(),
            pairs[0][5].as_str()
        ),
        ("20", "40", "160")
    );
}

fn sprt_run(bots: &str, sprt: &str, games: u64) -> Vec<OsString> {
    args![
        "tournament",
        "--bots",
        bots,
        "--players",
        "2",
        "--games",
        games.to_string(),
        "--seed",
        "7",
        "--sprt",
        sprt
    ]
}

#[test]
fn sprt_stops_at_the_same_block_at_any_thread_count() {
    let tmp = TempDir::new("sprt");
    let (one, two) = (tmp.join("one"), tmp.join("two"));
    let run = sprt_run("greedy,random", "elo0=0,elo1=10", 10_000);
    let a = ok(with(run.clone(), args!["--threads", "1", "--out", &one]));
    ok(with(run, args!["--threads", "2", "--out", &two]));
    assert_same_files(&one, &two, &SPRT_FILES);
    assert_mentions(&a.stdout, &["SPRT greedy vs random", "H1 accepted", "LLR"]);
    let sprt = rows(&one.join("sprt.csv"));
    assert_eq!(
        header(&one.join("sprt.csv")),
        "block,games,block_score,llr,lower,upper,decision"
    );
    let last = sprt.last().unwrap();
    assert_eq!(last[6], "H1");
    assert!(sprt[..sprt.len() - 1].iter().all(|r| r[6] == "continue"));
    let llr: f64 = last[3].parse().unwrap();
    assert!(llr >= last[5].parse::<f64>().unwrap());
    // Exactly the games of the blocks up to the decision.
    let blocks = sprt.len() as u64;
    assert_eq!(last[1], (2 * blocks).to_string());
    assert_eq!(rows(&one.join("games.csv")).len() as u64, 2 * 2 * blocks);
    let m = manifest(&one);
    assert_eq!(m["complete"], true);
    assert_eq!(m["blocks_done"].as_u64(), Some(blocks));
    assert_eq!(m["sprt"]["decision"], "H1");
    assert!(blocks < m["blocks_total"].as_u64().unwrap());
    // The report recomputes the same test from the manifest.
    let report = ok(args!["report", &one]);
    assert_mentions(&report.stdout, &["SPRT greedy vs random", "H1 accepted"]);
}

#[test]
fn sprt_at_the_games_cap_is_inconclusive() {
    let tmp = TempDir::new("sprt-cap");
    let dir = tmp.join("t");
    let out = ok(with(
        sprt_run("greedy,greedy-mem2", "elo0=-5,elo1=5", 6),
        args!["--out", &dir],
    ));
    assert_mentions(&out.stdout, &["inconclusive"]);
    let sprt = rows(&dir.join("sprt.csv"));
    assert_eq!(sprt.len(), 3);
    assert_eq!(sprt[2][6], "continue");
    assert_eq!(manifest(&dir)["complete"], true);
}

#[test]
fn an_interrupted_sprt_resumes_to_the_same_files() {
    let tmp = TempDir::new("sprt-resume");
    let (dir, reference) = (tmp.join("interrupted"), tmp.join("reference"));
    // Two nearly equal bots: the test runs long (to its cap, most likely).
    let run = sprt_run("greedy,greedy:exchange_gain=0.6", "elo0=-1,elo1=1", 30_000);
    interrupt_after_a_block(
        with(run.clone(), args!["--threads", "1", "--out", &dir]),
        &dir,
    );
    let m = manifest(&dir);
    assert_eq!(m["complete"], false);
    ok(with(
        run.clone(),
        args!["--threads", "2", "--resume", "--out", &dir],
    ));
    ok(with(run, args!["--threads", "2", "--out", &reference]));
    assert_same_files(&dir, &reference, &SPRT_FILES);
}

/// The standings blocks a run printed on stderr: each block's first line and its LLR line.
fn standings(stderr: &str) -> Vec<(String, Option<String>)> {
    let mut found: Vec<(String, Option<String>)> = Vec::new();
    for line in stderr.lines() {
        if line.starts_with("standings after ") {
            found.push((line.to_string(), None));
        } else if line.starts_with("LLR ") {
            if let Some(last) = found.last_mut() {
                last.1.get_or_insert_with(|| line.to_string());
            }
        }
    }
    found
}

/// The process writing the run in `dir` (its lock file: `pid N: COMMAND`).
fn pid_of_run(dir: &Path) -> String {
    let lock = read_text(&dir.join(".silver.lock"));
    lock.strip_prefix("pid ")
        .and_then(|rest| rest.split(':').next())
        .unwrap_or_else(|| panic!("no pid in the lock file: {lock}"))
        .to_string()
}

#[test]
fn interim_standings_show_every_n_games_and_when_asked() {
    let tmp = TempDir::new("standings");
    // Every 1,000 games of 3,000: twice, not at the end (the run prints its tables then), with
    // the SPRT's test as it stood.
    let run = sprt_run("greedy,greedy:exchange_gain=0.6", "elo0=-1,elo1=1", 3_000);
    let out = ok(with(
        run.clone(),
        args![
            "--threads",
            "2",
            "--standings-every",
            "1000",
            "--out",
            &tmp.join("a")
        ],
    ));
    // Shown at the end of the first window of blocks at or past each 1,000 games.
    let shown = standings(&out.stderr);
    let games: Vec<u64> = shown
        .iter()
        .map(|s| {
            s.0.strip_prefix("standings after ")
                .and_then(|r| r.split(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{}", s.0))
        })
        .collect();
    assert_eq!(games.len(), 2, "{}", out.stderr);
    assert!((1000..2000).contains(&games[0]), "{games:?}");
    assert!((2000..3000).contains(&games[1]), "{games:?}");
    assert!(shown.iter().all(|s| s.1.is_some()), "{}", out.stderr);
    assert_mentions(&out.stderr, &["head to head", "ratings", "SPRT greedy vs"]);
    // The LLR shown is sprt.csv's after the same games (blocks of 2 games).
    let sprt = rows(&tmp.join("a").join("sprt.csv"));
    let llr: f64 = sprt[(games[0] / 2 - 1) as usize][3].parse().unwrap();
    let printed = shown[0].1.as_deref().unwrap();
    assert!(
        printed.starts_with(&format!("LLR {llr:.3} ")),
        "{printed} vs {llr}"
    );
    // 0: none; --quiet: none.
    for flags in [args!["--standings-every", "0"], args!["--quiet"]] {
        let dir = tmp.join(&format!("none{}", flags.len()));
        let out = ok(with(with(run.clone(), flags), args!["--out", &dir]));
        assert!(standings(&out.stderr).is_empty(), "{}", out.stderr);
    }
    // SIGUSR1 asks for them at any time, --quiet or not.
    let dir = tmp.join("asked");
    let long = with(
        sprt_run("greedy,greedy:exchange_gain=0.6", "elo0=-1,elo1=1", 400_000),
        args!["--threads", "1", "--quiet", "--out", &dir],
    );
    let done = || {
        std::fs::read_to_string(dir.join("manifest.json"))
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .and_then(|m| m["blocks_done"].as_u64())
            .unwrap_or(0)
    };
    let asked = std::cell::Cell::new(None::<u64>);
    let out = interrupt_once(long, "the standings were asked for", || {
        match asked.get() {
            None if done() > 0 => {
                let pid = pid_of_run(&dir);
                let kill = std::process::Command::new("kill")
                    .args(["-USR1", &pid])
                    .status()
                    .expect("cannot run kill");
                assert!(kill.success());
                asked.set(Some(done()));
                false
            }
            // Two checkpoints later, a window has ended since the signal.
            Some(at) => {
                done() > at + 1 && {
                    std::thread::sleep(std::time::Duration::from_millis(1100));
                    true
                }
            }
            None => false,
        }
    });
    assert!(!standings(&out.stderr).is_empty(), "{}", out.stderr);
}

/// `--sprt ...,vr=on`: the LLR of the variance-reduced block scores. It measures the luck it
/// needs (`luck.csv`, the `_vr` columns), stops at the same block at any thread count,
/// resumes to the same files and `silver verify` recomputes its LLR; a test without it keeps
/// its manifest's bytes (no `vr` key); a bad value, or a bot that reads hidden cards, is a
/// one-line error.
#[test]
fn a_variance_reduced_sprt_is_reproducible_resumes_and_verifies() {
    let tmp = TempDir::new("sprt-vr");
    // greedy is about 150 nElo above greedy-mem2: hypotheses around that keep the test going
    // past the blocks the reduced LLR needs before it applies.
    let run = sprt_run("greedy,greedy-mem2", "elo0=140,elo1=160,vr=on", 1000);
    let (one, two) = (tmp.join("one"), tmp.join("two"));
    let a = ok(with(run.clone(), args!["--threads", "1", "--out", &one]));
    ok(with(run.clone(), args!["--threads", "2", "--out", &two]));
    let files: Vec<&str> = SPRT_FILES.iter().copied().chain(["luck.csv"]).collect();
    assert_same_files(&one, &two, &files);
    assert_mentions(
        &a.stdout,
        &["SPRT greedy vs greedy-mem2", "variance-reduced", "accepted"],
    );
    let m = manifest(&one);
    assert_eq!(m["sprt"]["spec"]["vr"], true);
    assert!(m["luck"].is_string(), "vr=on measures luck");
    let sprt = rows(&one.join("sprt.csv"));
    assert!(sprt.len() > 100, "{} blocks", sprt.len());
    assert_ne!(sprt.last().unwrap()[6], "continue");
    // The same games without vr: the plain LLR, another path after the first 100 blocks.
    let plain = tmp.join("plain");
    ok(with(
        sprt_run("greedy,greedy-mem2", "elo0=140,elo1=160", 1000),
        args!["--variance-reduction", "--out", &plain],
    ));
    let plain_rows = rows(&plain.join("sprt.csv"));
    assert_eq!(sprt[..99], plain_rows[..99]);
    // So verify, passing below, recomputes the reduced LLR (the plain one differs).
    let last = sprt.len() - 1;
    assert!(plain_rows.len() > last);
    assert_ne!(sprt[last][3], plain_rows[last][3]);
    assert!(manifest(&plain)["sprt"]["spec"].get("vr").is_none());
    let resumed = tmp.join("resumed");
    interrupt_after_a_block(
        with(run.clone(), args!["--threads", "1", "--out", &resumed]),
        &resumed,
    );
    ok(with(
        run,
        args!["--threads", "2", "--resume", "--out", &resumed],
    ));
    assert_same_files(&one, &resumed, &files);
    for dir in [&one, &resumed, &plain] {
        ok(args!["verify", dir]);
    }
    for (sprt, words) in [
        (
            "elo0=0,elo1=100,vr=maybe",
            vec!["--sprt", "vr", "maybe", "on or off"],
        ),
        ("elo0=0,elo1=100,vr", vec!["--sprt", "KEY=VALUE"]),
    ] {
        let msg = fails(with(
            sprt_run("greedy,random", sprt, 100),
            args!["--out", tmp.join("bad")],
        ));
        assert_mentions(&msg, &words);
    }
    let msg = fails(with(
        sprt_run("cheating-ismcts,greedy", "elo0=0,elo1=100,vr=on", 100),
        args!["--out", tmp.join("cheat")],
    ));
    assert_mentions(&msg, &["cheating-ismcts", "reads hidden cards", "vr=on"]);
    assert!(!tmp.join("bad").exists() && !tmp.join("cheat").exists());
}

#[test]
fn sprt_input_errors_are_one_line() {
    for (args, words) in [
        (
            sprt_run("greedy,random", "elo0=1,elo1=0", 100),
            vec!["--sprt", "less than"],
        ),
        (
            sprt_run("greedy,random", "elo0=0", 100),
            vec!["--sprt", "required"],
        ),
        (
            sprt_run("greedy,random", "elo0=0,elo1=5,alpha=2", 100),
            vec!["alpha"],
        ),
        (
            sprt_run("greedy", "elo0=0,elo1=5", 100),
            vec!["two different bots"],
        ),
        (
            sprt_run("greedy,random", "elo0=0,elo1=5", 101),
            vec!["multiple of the 2 seat rotations"],
        ),
        (
            with(
                sprt_run("greedy,random", "elo0=0,elo1=5", 100),
                args!["--seating", "round-robin"],
            ),
            vec!["all-seats"],
        ),
        (
            with(
                sprt_run("greedy,random", "elo0=0,elo1=5", 100),
                args!["--shard", "1/2"],
            ),
            vec!["cannot be sharded"],
        ),
    ] {
        let tmp = TempDir::new("sprt-bad");
        let msg = fails(with(args, args!["--out", tmp.join("x")]));
        assert_mentions(&msg, &words);
        assert!(!tmp.join("x").join("manifest.json").exists(), "{msg}");
    }
}

#[test]
fn sprt_from_counts_prints_text_and_json() {
    // fastchess's unit test "normalized pentanomial 1" (LLR 2.25 to two decimals).
    let counts = "365,16618,36229,16974,390";
    let out = ok(args![
        "sprt", "--counts", counts, "--elo0", "0", "--elo1", "2"
    ]);
    assert_mentions(
        &out.stdout,
        &["LLR 2.2504", "(-2.9444, 2.9444)", "continue", "nElo"],
    );
    let json = ok(args![
        "sprt", "--counts", counts, "--elo0=0", "--elo1=2", "--format", "json"
    ]);
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert!(
        (v["llr"].as_f64().unwrap() - 2.250_367_703_546_98).abs() < 1e-9,
        "{v}"
    );
    assert_eq!(v["decision"], "continue");
    assert!(v["lower"].as_f64().unwrap() < 0.0 && v["upper"].as_f64().unwrap() > 0.0);
    // Negative bounds, both ways of writing them.
    let a = ok(args![
        "sprt",
        "--counts",
        "1,2,3,4,5",
        "--elo0=-10",
        "--elo1=0",
        "--format",
        "json"
    ]);
    let b = ok(args![
        "sprt",
        "--counts",
        "1,2,3,4,5",
        "--elo0",
        "-10",
        "--elo1",
        "0",
        "--format",
        "json"
    ]);
    assert_eq!(a.stdout, b.stdout);
    let v: serde_json::Value = serde_json::from_str(a.stdout.trim()).unwrap();
    assert!(
        (v["llr"].as_f64().unwrap() - 0.299_646_911_471_728).abs() < 1e-9,
        "{v}"
    );
    // A decision, and trinomial counts.
    let h1 = ok(args![
        "sprt", "--counts", "0,0,4250", "--elo0", "0", "--elo1", "10"
    ]);
    assert_mentions(&h1.stdout, &["H1 accepted"]);
    let h0 = ok(args![
        "sprt",
        "--counts",
        "1000,0,0,0,1",
        "--elo0",
        "0",
        "--elo1",
        "10",
        "--format",
        "json"
    ]);
    assert!(h0.stdout.contains("\"decision\":\"H0\""), "{}", h0.stdout);
    for (bad, words) in [
        (
            args![
                "sprt",
                "--counts",
                "1,2,x,4,5",
                "--elo0",
                "0",
                "--elo1",
                "5"
            ],
            vec!["`x` is not a count"],
        ),
        (
            args!["sprt", "--counts", "1,2,3,4", "--elo0", "0", "--elo1", "5"],
            vec!["5 pentanomial counts"],
        ),
        (
            args!["sprt", "--counts", "0,0,0", "--elo0", "0", "--elo1", "5"],
            vec!["zero"],
        ),
        (
            args!["sprt", "--counts", "1,2,3", "--elo0", "5", "--elo1", "5"],
            vec!["less than"],
        ),
    ] {
        let msg = fails(bad);
        assert_mentions(&msg, &words);
    }
}

#[test]
fn report_writes_a_page_and_prints_its_tables() {
    let tmp = TempDir::new("report");
    let dir = tmp.join("t");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "3",
        "--games",
        "60",
        "--out",
        &dir
    ]);
    let out = ok(args!["report", &dir]);
    assert_mentions(&out.stdout, &["report: ", "report.html", "head to head"]);
    let html = read_text(&dir.join("report.html"));
    for id in [
        "id=\"win-share\"",
        "id=\"head-to-head\"",
        "id=\"census-by-turn\"",
        "<svg",
    ] {
        assert!(html.contains(id), "{id}");
    }
    let elsewhere = tmp.join("page.html");
    ok(args!["report", &dir, "--html", &elsewhere]);
    assert_eq!(read_text(&elsewhere).len(), html.len());
    let json = ok(args!["report", &dir, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    let summary = read_text(&dir.join("summary.csv"));
    let greedy_rate = summary
        .lines()
        .find(|l| l.contains(",bot,greedy,"))
        .unwrap()
        .split(',')
        .nth(5)
        .unwrap()
        .to_string();
    assert_eq!(v["tables"]["bots-table"]["rows"][0][5], greedy_rate);
    let csv = ok(args!["report", &dir, "--format", "csv"]);
    assert_mentions(
        &csv.stdout,
        &["# bots-table: ", "# pairs-table: ", "# ratings-table: "],
    );
    // A sweep's report.
    let sweep = tmp.join("sweep");
    ok(args![
        "run",
        "experiments/balance-one-swap.toml",
        "--games",
        "8",
        "--out",
        &sweep
    ]);
    let out = ok(args!["report", &sweep]);
    assert_mentions(&out.stdout, &["report: "]);
    assert!(read_text(&sweep.join("report.html")).contains("id=\"forest-mean-round-score\""));
    // A replaced run takes its old report with it.
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "3",
        "--games",
        "60",
        "--out",
        &dir,
        "--force"
    ]);
    assert!(!dir.join("report.html").exists());
}

#[test]
fn report_draws_a_design_card_and_refuses_a_malformed_one() {
    let tmp = TempDir::new("report-design");
    let dir = tmp.join("card");
    std::fs::create_dir_all(&dir).unwrap();
    let fixture = Path::new(ROOT).join("crates/silver-report/tests/fixtures/design");
    std::fs::copy(fixture.join("design.csv"), dir.join("design.csv")).unwrap();
    seal_card(&dir, &fixture);
    let out = ok(args!["report", &dir]);
    assert_eq!(
        out.stdout,
        format!("report: {}\n", dir.join("report.html").display())
    );
    let html = read_text(&dir.join("report.html"));
    for id in [
        "id=\"design-ladder\"",
        "id=\"design-restricted\"",
        "id=\"design-table\"",
    ] {
        assert!(html.contains(id), "{id}");
    }
    let csv = ok(args!["report", &dir, "--format", "csv"]);
    assert_mentions(&csv.stdout, &["# design-table: ", "skill_gap,,40.4000"]);
    // An edited design.csv: its recorded length and checksum refuse it, in one line.
    let csv = dir.join("design.csv");
    let text = read_text(&csv);
    std::fs::write(&csv, text.replacen("40.4000", "41.4000", 1)).unwrap();
    let msg = fails(args!["report", &dir]);
    assert_mentions(
        &msg,
        &[
            &csv.display().to_string(),
            "checksum",
            "the file was changed",
        ],
    );
    // A malformed line that design.json vouches for: one line naming the file and the line,
    // exit code 2.
    std::fs::write(&csv, text.replacen("40.4000", "forty", 1)).unwrap();
    seal_card(&dir, &fixture);
    let msg = fails(args!["report", &dir]);
    assert_mentions(&msg, &["design.csv: line 2: value `forty` is not a number"]);
}

/// Writes `dir/design.json` for the hand-written card of `fixture` (its arms in `arms.json`):
/// finished, vouching for `dir/design.csv` as it is, sealed as `silver design` seals it. The
/// arms' directories are not part of the fixture, so it records no `design-games.csv`.
fn seal_card(dir: &Path, fixture: &Path) {
    let csv = read(&dir.join("design.csv"));
    let arms: serde_json::Value =
        serde_json::from_str(&read_text(&fixture.join("arms.json"))).unwrap();
    let mut m = serde_json::json!({
        "version": 1,
        "fingerprint": "hand-written",
        "set": "amulet",
        "players": 4,
        "arms_done": arms.as_array().unwrap().len(),
        "arms": arms,
        "design_games": [],
        "complete": true,
        "design": [csv.len(), crc32fast::hash(&csv)],
    });
    reseal(&mut m);
    std::fs::write(
        dir.join("design.json"),
        serde_json::to_string_pretty(&m).unwrap(),
    )
    .unwrap();
}

/// A bot in another language over the JSON-lines protocol (docs/protocol.md).
/// A 3-player tournament of `bot` against greedy: `games` games on `threads` threads into `out`.
fn against_greedy(bot: &str, games: u32, out: &Path, threads: &str) -> Out {
    ok(args![
        "tournament",
        "--bots",
        format!("{bot},greedy"),
        "--players",
        "3",
        "--games",
        games.to_string(),
        "--threads",
        threads,
        "--out",
        out
    ])
}

#[test]
fn exec_bots_play_reproducibly_and_fail_clearly() {
    let tmp = TempDir::new("exec");
    let bot = "exec:python3 bots/examples/random_bot.py";
    let run = |out: &Path, threads: &str| against_greedy(bot, 12, out, threads);
    let (a, b) = (tmp.join("a"), tmp.join("b"));
    let out = run(&a, "1");
    assert_mentions(&out.stdout, &[bot, "greedy"]);
    run(&b, "2");
    assert_same_files(
        &a,
        &b,
        &["games.csv", "rounds.csv", "census.csv", "summary.csv"],
    );
    assert_eq!(rows(&a.join("games.csv")).len(), 12 * 3);

    // It sees only its information set: every value in its view is one it may know.
    let spy = tmp.write(
        "spy.py",
        "import json,sys\nfor line in sys.stdin:\n    m=json.loads(line)\n    if m['type']=='decide':\n        v=m['view']\n        me=v['seat']\n        for s,village in enumerate(v['villages']):\n            for c in village:\n                if c['value'] is not None and not c['face_up']:\n                    assert c['known_by'] & (1<<me), (s,c)\n        print(json.dumps({'action':0}),flush=True)\n    elif m['type']=='quit':\n        break\n",
    );
    ok(args![
        "tournament",
        "--bots",
        format!("exec:python3 {}", spy.display()),
        "--games",
        "4",
        "--out",
        tmp.join("spy")
    ]);

    // An answer that is not a legal action stops the run with the program and the reason.
    let liar = tmp.write(
        "liar.py",
        "import json,sys\nfor line in sys.stdin:\n    if json.loads(line)['type']=='decide':\n        print('thinking hard', file=sys.stderr, flush=True)\n        print(json.dumps({'action':999}),flush=True)\n",
    );
    let out = crate::common::run(args![
        "tournament",
        "--bots",
        format!("exec:python3 {}", liar.display()),
        "--games",
        "2",
        "--out",
        tmp.join("liar")
    ]);
    assert_eq!(out.code, Some(3), "{}", out.describe());
    assert_mentions(
        &out.stderr,
        &[
            "exec bot",
            "liar.py",
            "chose action 999",
            "stderr ended: thinking hard",
            "--resume",
        ],
    );
    // The program's fault: replaying the engine would not help.
    assert!(!out.stderr.contains("silver replay"), "{}", out.describe());
    // Nothing within the per-decision limit (a profile's `timeout_seconds`).
    let sleepy = tmp.write(
        "sleepy.py",
        "import json,sys,time\nfor line in sys.stdin:\n    if json.loads(line)['type']=='decide':\n        time.sleep(30)\n",
    );
    let bots = tmp.join("bots");
    std::fs::create_dir_all(&bots).unwrap();
    std::fs::write(
        bots.join("sleepy.toml"),
        format!(
            "kind = \"exec\"\ncommand = \"python3 {}\"\ntimeout_seconds = 0.5\n",
            sleepy.display()
        ),
    )
    .unwrap();
    let out = crate::common::run(args![
        "tournament",
        "--bots",
        "sleepy,greedy",
        "--games",
        "2",
        "--bots-dir",
        &bots,
        "--out",
        tmp.join("sleepy"),
        "--allow-exec"
    ]);
    assert_eq!(out.code, Some(3), "{}", out.describe());
    assert_mentions(
        &out.stderr,
        &["exec bot", "sleepy.py", "no answer within 0.5 s"],
    );
    let quitter = tmp.write("quitter.py", "import sys\nsys.stdin.readline()\n");
    let out = crate::common::run(args![
        "tournament",
        "--bots",
        format!("exec:python3 {}", quitter.display()),
        "--games",
        "2",
        "--out",
        tmp.join("quitter")
    ]);
    assert_eq!(out.code, Some(3), "{}", out.describe());
    assert_mentions(&out.stderr, &["exec bot", "quitter.py"]);
    // A program that is not there is bad input.
    let msg = fails(args![
        "tournament",
        "--bots",
        "exec:no-such-program-here x",
        "--out",
        tmp.join("x")
    ]);
    assert_mentions(&msg, &["no program `no-such-program-here`"]);
    let msg = fails(args![
        "tournament",
        "--bots",
        "exec:",
        "--out",
        tmp.join("x")
    ]);
    assert_mentions(&msg, &["exec needs a command"]);
}

/// A program with `on_error = "forfeit"` that crashes in some games: each such game is recorded
/// as forfeited (the other seat wins it, heads-up), the program is started afresh, the run
/// finishes — byte-identical at one and two threads and as merged shards — and `silver
/// verify` vouches for it. The program reads its `options` from the `game` message. In a
/// balance sweep the same bot is refused.
#[test]
fn exec_bot_on_error_forfeit_forfeits_the_game_and_the_run_goes_on() {
    let tmp = TempDir::new("forfeit");
    let crashy = tmp.write(
        "crashy.py",
        "import json,random,sys\nopts={}\nfirst=True\nfor line in sys.stdin:\n    m=json.loads(line)\n    if m['type']=='game':\n        opts=m['options']\n        first=True\n    elif m['type']=='decide':\n        if first and m['seed']%opts['crash_mod']==0:\n            print('crashing on purpose',file=sys.stderr,flush=True)\n            sys.exit(1)\n        first=False\n        rng=random.Random(m['seed'])\n        print(json.dumps({'action':rng.randrange(len(m['legal']))}),flush=True)\n    elif m['type']=='quit':\n        break\n",
    );
    let bot = format!(
        "{{ exec = \"python3 {}\", on_error = \"forfeit\", options = {{ crash_mod = 5 }} }}",
        crashy.display()
    );
    let spec = tmp.write(
        "forfeit.toml",
        &format!("players = 2\ngames = 24\nseed = 3\nbots = [{bot}, \"greedy\"]\n"),
    );
    let run = |out: &Path, extra: &[&str]| {
        let mut a = args!["run", &spec, "--allow-exec", "--out", out];
        a.extend(extra.iter().map(OsString::from));
        ok(a)
    };
    let (a, b) = (tmp.join("a"), tmp.join("b"));
    let out = run(&a, &["--threads", "1"]);
    assert_mentions(&out.stdout, &["games forfeited by a failing bot program"]);
    run(&b, &["--threads", "2"]);
    let files = [
        "games.csv",
        "rounds.csv",
        "forfeits.csv",
        "summary.csv",
        "pairs.csv",
    ];
    assert_same_files(&a, &b, &files);
    let lines = |f: &str| -> Vec<String> {
        read_text(&a.join(f))
            .lines()
            .skip(1)
            .map(String::from)
            .collect()
    };
    let forfeits = lines("forfeits.csv");
    assert!(
        !forfeits.is_empty() && forfeits.len() < 24,
        "{} forfeits in 24 games",
        forfeits.len()
    );
    // Every forfeited game: the program's seat last with nothing won, the greedy seat the
    // winner; its other games played out.
    let games = lines("games.csv");
    assert_eq!(games.len(), 24 * 2);
    for f in &forfeits {
        assert!(f.contains("crashing on purpose"), "{f}");
        let game = f.split(',').nth(1).unwrap();
        let rows: Vec<&String> = games
            .iter()
            .filter(|g| g.split(',').nth(1) == Some(game))
            .collect();
        assert_eq!(rows.len(), 2, "{rows:?}");
        for r in rows {
            let won = r.ends_with(",1");
            assert_eq!(won, r.contains(",greedy,"), "{r}");
        }
    }
    ok(args!["verify", &a]);
    // Shards merged equal the whole run.
    let shards: Vec<_> = (1..=2)
        .map(|k| {
            let dir = tmp.join(&format!("s{k}"));
            run(&dir, &["--shard", &format!("{k}/2")]);
            dir
        })
        .collect();
    let merged = tmp.join("merged");
    ok(args!["merge", "--out", &merged, &shards[0], &shards[1]]);
    assert_same_files(&a, &merged, &files);
    ok(args!["verify", &merged]);

    // A balance sweep plays every game out: refused.
    let sweep = tmp.write(
        "sweep.toml",
        &format!(
            "players = 2\ngames = 4\nbots = [{bot}, \"greedy\"]\n[balance]\nsweep = \"one-swap\"\n"
        ),
    );
    assert_mentions(
        &fails(args![
            "run",
            &sweep,
            "--allow-exec",
            "--out",
            tmp.join("sweep")
        ]),
        &["on_error = \"forfeit\"", "balance sweep"],
    );
}

/// `bots/examples/census_shy.c`, a bot in C written from docs/protocol.md alone (no JSON
/// library: it reads `type`, `seed` and the `do` names of `legal`), compiled with the system's
/// C compiler, plays 3-player games byte-identically at one and two threads, never calls
/// census when anything else is legal, and `silver verify` vouches for the run.
#[test]
fn a_bot_in_c_from_the_protocol_page_plays_reproducibly() {
    let tmp = TempDir::new("c-bot");
    let exe = tmp.join("census_shy");
    let cc = std::process::Command::new("cc")
        .args(["-O2", "-Wall", "-Werror", "-o"])
        .arg(&exe)
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../bots/examples/census_shy.c"))
        .output()
        .expect("cc (the C compiler Rust links with)");
    assert!(
        cc.status.success(),
        "{}",
        String::from_utf8_lossy(&cc.stderr)
    );
    let bot = format!("exec:{}", exe.display());
    let run = |out: &Path, threads: &str| against_greedy(&bot, 30, out, threads);
    let (a, b) = (tmp.join("a"), tmp.join("b"));
    run(&a, "1");
    run(&b, "2");
    assert_same_files(
        &a,
        &b,
        &["games.csv", "rounds.csv", "census.csv", "summary.csv"],
    );
    // Its census calls: only where it had no other choice (none is offered alone).
    let census = read_text(&a.join("census.csv"));
    assert!(
        census.lines().skip(1).all(|l| !l.contains(&bot)),
        "{census}"
    );
    ok(args!["verify", &a]);
}

/// `--variance-reduction`: the chance luck of every game in `luck.csv`, the variance-reduced
/// head-to-head beside the plain one (printed and in `pairs.csv`), byte-identical at any
/// thread count, shard split and resume; `silver verify` recounts the luck's sums (and
/// refuses a manifest whose luck sums are not `luck.csv`'s); a bot that reads hidden cards is
/// refused. A run without the switch writes neither the file nor the columns.
#[test]
fn variance_reduction_is_reproducible_verified_and_refused_where_unfair() {
    let tmp = TempDir::new("vr");
    let run = |extra: Vec<OsString>| -> Vec<OsString> {
        with(
            args![
                "tournament",
                "--bots",
                "greedy,greedy-mem2",
                "--players",
                "2",
                "--games",
                "1200",
                "--seed",
                "5",
                "--variance-reduction"
            ],
            extra,
        )
    };
    const FILES: [&str; 6] = [
        "games.csv",
        "luck.csv",
        "pairs.csv",
        "summary.csv",
        "ratings.csv",
        "ratings-pairs.csv",
    ];
    let one = tmp.join("one");
    let printed = ok(run(args!["--threads", "1", "--out", &one]));
    assert_mentions(
        &printed.stdout,
        &[
            "variance-reduced head to head",
            "ratio",
            "variance-reduced ratings",
        ],
    );
    let two = tmp.join("two");
    ok(run(args!["--threads", "2", "--out", &two]));
    assert_same_files(&one, &two, &FILES);
    let shards: Vec<_> = ["s1", "s2", "s3"].map(|k| tmp.join(k)).to_vec();
    for (k, dir) in shards.iter().enumerate() {
        ok(run(args!["--shard", format!("{}/3", k + 1), "--out", dir]));
    }
    let merged = tmp.join("merged");
    ok(args![
        "merge", &shards[0], &shards[1], &shards[2], "--out", &merged
    ]);
    assert_same_files(&one, &merged, &FILES);
    let resumed = tmp.join("resumed");
    interrupt_after_a_block(run(args!["--threads", "1", "--out", &resumed]), &resumed);
    ok(run(args!["--threads", "2", "--resume", "--out", &resumed]));
    assert_same_files(&one, &resumed, &FILES);
    for dir in [&one, &merged, &resumed] {
        ok(args!["verify", dir]);
    }
    let luck = read_text(&one.join("luck.csv"));
    assert!(luck.starts_with("set,game,deal,rotation,seat,bot,luck_points,luck_places\n"));
    assert_eq!(luck.lines().count(), 1 + 2 * 1200);
    let pairs = read_text(&one.join("pairs.csv"));
    assert!(pairs.lines().next().unwrap().ends_with(
        "a_ahead_share_vr,a_ahead_vr_low95,a_ahead_vr_high95,a_ahead_variance_ratio,mean_margin_vr,margin_vr_low95,margin_vr_high95,margin_variance_ratio"
    ));
    // Heads-up, one pair a block: the variance-reduced ratings beside the plain ones.
    let header = |f: &str| read_text(&one.join(f)).lines().next().unwrap().to_string();
    assert!(header("ratings.csv")
        .ends_with(",anchor,elo_vr,elo_vr_low95,elo_vr_high95,elo_variance_ratio"));
    assert!(header("ratings-pairs.csv")
        .ends_with(",los,elo_diff_vr,diff_vr_low95,diff_vr_high95,los_vr,variance_ratio"));
    // verify recomputes them: an edited variance ratio is caught.
    let edited = tmp.join("edited-ratings");
    copy_tree(&one, &edited);
    let path = edited.join("ratings-pairs.csv");
    let text = read_text(&path);
    let (head, last) = text.trim_end().rsplit_once(',').unwrap();
    std::fs::write(&path, format!("{head},{}9\n", last)).unwrap();
    let out = fails(args!["verify", &edited]);
    assert_mentions(&out, &["ratings-pairs.csv"]);
    // Three bots at a table: the pairs share blocks, so no variance-reduced ratings (the
    // head-to-head's are still there).
    let four = tmp.join("four");
    let printed = ok(args![
        "tournament",
        "--bots",
        "greedy,greedy-mem2,random",
        "--players",
        "4",
        "--games",
        "40",
        "--variance-reduction",
        "--out",
        &four
    ]);
    assert!(!printed.stdout.contains("variance-reduced ratings"));
    assert!(read_text(&four.join("pairs.csv")).contains("_vr"));
    for f in ["ratings.csv", "ratings-pairs.csv"] {
        assert!(!read_text(&four.join(f)).contains("_vr"), "{f}");
    }
    // The luck in the manifest is what luck.csv adds up to.
    let edited = tmp.join("edited");
    copy_tree(&one, &edited);
    edit_manifest(&edited, |m| {
        let p = &mut m["stats"]["pairs"]["pairs"][0]["luck"]["p"];
        *p = (p.as_i64().unwrap() + 10).into();
    });
    let out = fails(args!["verify", &edited]);
    assert_mentions(&out, &["luck in points"]);
    // Without the switch: no luck.csv, no variance-reduced columns.
    let plain = tmp.join("plain");
    ok(args![
        "tournament",
        "--bots",
        "greedy,greedy-mem2",
        "--games",
        "40",
        "--out",
        &plain
    ]);
    assert!(!plain.join("luck.csv").exists());
    for f in ["pairs.csv", "ratings.csv", "ratings-pairs.csv"] {
        assert!(!read_text(&plain.join(f)).contains("_vr"), "{f}");
    }
    let refused = fails(args![
        "tournament",
        "--bots",
        "cheating-ismcts,greedy",
        "--games",
        "4",
        "--variance-reduction",
        "--out",
        tmp.join("cheat")
    ]);
    assert_mentions(&refused, &["cheating-ismcts", "reads hidden cards"]);
}

/// `experiments/paired-seat-games.py` on two 4-player gauntlets of the same deals: the shares
/// and the paired difference it prints are recounted here from the two `games.csv` (per deal,
/// the searcher's seat-games won over its seatings; the difference's interval over deals), and
/// runs that did not play the same games are refused.
#[test]
fn paired_seat_games_script_recounts_the_runs() {
    let tmp = TempDir::new("paired-seat-games");
    let run = |bot: &str, seed: &str, name: &str| {
        let dir = tmp.join(name);
        ok(args![
            "tournament",
            "--bots",
            &format!("greedy,{bot}"),
            "--players",
            "4",
            "--seating",
            "gauntlet",
            "--games",
            "80",
            "--seed",
            seed,
            "--out",
            &dir
        ]);
        dir
    };
    let (a, b, c) = (
        run("random", "4", "a"),
        run("greedy-mem2", "4", "b"),
        run("random", "5", "c"),
    );
    let script = Path::new(ROOT).join("experiments/paired-seat-games.py");
    let out = std::process::Command::new("python3")
        .arg(&script)
        .arg(format!("{}:{}", a.display(), b.display()))
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // Per deal: the share of the non-greedy seat's games won.
    let per_deal = |dir: &Path| {
        let mut won: std::collections::BTreeMap<u64, (f64, f64)> = Default::default();
        for r in rows(&dir.join("games.csv")) {
            if r[5] != "greedy" {
                let e = won.entry(r[2].parse().unwrap()).or_default();
                e.0 += r[8].parse::<f64>().unwrap();
                e.1 += 1.0;
            }
        }
        won.into_iter()
            .map(|(d, (w, n))| (d, w / n))
            .collect::<Vec<_>>()
    };
    let (pa, pb) = (per_deal(&a), per_deal(&b));
    assert_eq!(pa.len(), 20, "80 games are 20 deals of 4 seatings");
    let mean = |xs: &[f64]| xs.iter().sum::<f64>() / xs.len() as f64;
    let diffs: Vec<f64> = pa.iter().zip(&pb).map(|(x, y)| y.1 - x.1).collect();
    let m = mean(&diffs);
    let sd = (diffs.iter().map(|d| (d - m).powi(2)).sum::<f64>() / (diffs.len() - 1) as f64).sqrt();
    let se = sd / (diffs.len() as f64).sqrt();
    let share = |p: &[(u64, f64)]| mean(&p.iter().map(|x| x.1).collect::<Vec<_>>());
    let expect = [
        format!("{}: {:.2}% ", a.display(), 100.0 * share(&pa)),
        format!("{}: {:.2}% ", b.display(), 100.0 * share(&pb)),
        format!(
            "difference: {:+.2} ({:+.2} to {:+.2}) points over 20 deals",
            100.0 * m,
            100.0 * (m - 1.96 * se),
            100.0 * (m + 1.96 * se)
        ),
    ];
    for e in &expect {
        assert!(text.contains(e.as_str()), "expected {e:?} in:\n{text}");
    }
    // Different deals: refused with one line.
    let out = std::process::Command::new("python3")
        .arg(&script)
        .arg(format!("{}:{}", a.display(), c.display()))
        .output()
        .expect("python3 runs");
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("did not play the same deals and games"),
        "{err}"
    );
}
