//! The runner's tests: a tiny search (values 2 and 4 over Amulet, 2 players) played at 1 and 2
//! threads, as shards, stopped and resumed, and its chunks checked against the design card's
//! own rows.

use super::objective::SetSums;
use super::store::{chunk_name, RANKING_CSV, STAGES_DIR};
use super::*;
use crate::design::card::METRICS;
use crate::design::{design_row, ArmKind};
use crate::manifest::Shard;
use crate::permission::ExecPolicy;
use silver_rules::Edition;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// A fresh directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!("silver-search-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The tiny search's spec: values 2 (3 editions) and 4 (4 editions) over Amulet: 12 sets; 2
/// players; halving from 1 deal keeping one in 2 down to 2 finalists, certified on 4 deals.
pub(crate) const TINY: &str = r#"
name = "tiny"

[search]
base = "amulet"
players = 2
seed = 5
values = [2, 4]
method = "halving"

[search.screen]
deals = 1
keep = 2
finalists = 2

[search.certify]
deals = 4

[[search.objective]]
name = "even"
terms = [
  { metric = "seat_advantage", target = 0.0 },
  { metric = "turns_per_round", within = [8.0, 14.0], weight = 2.0 },
  { metric = "skill_gap", at_least = 0.0, constraint = true },
]
"#;

/// The tiny search, resolved.
pub(crate) fn tiny_plan() -> SearchPlan {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let file = spec::SearchFile::from_toml(TINY).unwrap();
    let plan = resolve::resolve_search(
        &file,
        "tiny",
        root,
        &root.join("bots"),
        &mut ExecPolicy::typed(false),
    )
    .unwrap();
    assert_eq!(plan.candidates.len(), 12);
    plan
}

/// The fields of a CSV row (names with commas are quoted).
fn fields(line: &str) -> Vec<String> {
    let (mut out, mut cur, mut quoted) = (Vec::new(), String::new(), false);
    for ch in line.chars() {
        match ch {
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(std::mem::take(&mut cur)),
            c => cur.push(c),
        }
    }
    out.push(cur);
    out
}

/// Records what a search reports.
#[derive(Default)]
pub(crate) struct Lines(pub(crate) Vec<String>);

impl SearchProgress for Lines {
    fn stage_started(&mut self, _: usize, _: usize, _: &str, _: u64, _: u64) {}
    fn update(&mut self, _: u64, _: u64) {}
    fn stage_done(&mut self, line: &str) {
        self.0.push(line.to_string());
    }
}

fn run(
    plan: &SearchPlan,
    out: &Path,
    opts: SearchOptions,
) -> Result<SearchOutcome, SearchRunError> {
    run_search(
        plan,
        out,
        &opts,
        &mut Lines::default(),
        &AtomicBool::new(false),
    )
}

fn opts(threads: usize) -> SearchOptions {
    SearchOptions {
        threads,
        ..SearchOptions::default()
    }
}

/// Every file under `dir` (lock files aside) with its bytes, by path.
fn tree(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if !p.ends_with(".silver.lock") {
                out.push((
                    p.strip_prefix(dir).unwrap().to_path_buf(),
                    std::fs::read(&p).unwrap(),
                ));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn a_search_is_the_same_at_one_and_two_threads() {
    let plan = tiny_plan();
    let t = Scratch::new("threads");
    let (a, b) = (t.path().join("a"), t.path().join("b"));
    let one = run(&plan, &a, opts(1)).unwrap();
    run(&plan, &b, opts(2)).unwrap();
    assert_eq!(tree(&a), tree(&b));
    // 12 sets screened, then the best 6 and 3 with the base, then the best 2 (the finalists)
    // and the base certified.
    let csv = std::fs::read_to_string(a.join("search.csv")).unwrap();
    for (stage, best) in [(1, 12), (2, 6), (3, 3), (4, 2)] {
        let rows: Vec<&str> = csv
            .lines()
            .filter(|l| l.starts_with(&format!("{stage},")))
            .collect();
        let base = rows.iter().any(|l| fields(l)[3] == "0");
        assert!(base, "stage {stage} plays the base");
        assert_eq!(rows.len(), if stage == 1 { 12 } else { best + 1 });
    }
    assert!(csv.starts_with(
        "stage,fidelity,set,index,changes,deals,games,even,even_low95,even_high95,\
         even_violation,seat_advantage[0]@2,seat_advantage[0]@2_low95"
    ));
    let ranking = one.ranking.unwrap();
    assert_eq!(
        ranking.rows.len(),
        csv.lines().filter(|l| l.starts_with("4,")).count()
    );
    assert!(ranking.rows.iter().any(|r| r.index == 0));
    assert!(ranking.rows.iter().all(|r| r.deals == 4 && r.games == 12));
    let rows = ranking.rows.len();
    let best = &ranking.rows[0];
    assert_eq!(best.objectives[0].d_best.value, 0.0);
    let ranking_csv = std::fs::read_to_string(a.join("ranking.csv")).unwrap();
    assert_eq!(ranking_csv.lines().count(), rows + 1);
    assert!(ranking_csv.starts_with("rank,front,set,index,changes,fidelity,deals,games,even,"));
}

#[test]
fn three_shards_of_stage_one_then_a_resume_equal_one_run() {
    let plan = tiny_plan();
    let t = Scratch::new("shards");
    let (a, b) = (t.path().join("a"), t.path().join("b"));
    run(&plan, &a, opts(2)).unwrap();
    for k in 0..3 {
        let o = SearchOptions {
            stage: Some(1),
            shard: Some(Shard { index: k, count: 3 }),
            ..opts(1)
        };
        run(&plan, &b, o).unwrap();
    }
    // Three shards at once into a fresh directory.
    let c = t.path().join("c");
    std::thread::scope(|scope| {
        for k in 0..3 {
            let (plan, c) = (&plan, &c);
            scope.spawn(move || {
                let o = SearchOptions {
                    stage: Some(1),
                    shard: Some(Shard { index: k, count: 3 }),
                    ..opts(1)
                };
                run(plan, c, o).unwrap();
            });
        }
    });
    run(
        &plan,
        &c,
        SearchOptions {
            resume: true,
            ..opts(1)
        },
    )
    .unwrap();
    assert_eq!(tree(&a), tree(&c));
    // Stage 2 cannot start before stage 1 is whole; here it is.
    let o = SearchOptions {
        resume: true,
        ..opts(2)
    };
    run(&plan, &b, o).unwrap();
    assert_eq!(tree(&a), tree(&b));
}

#[test]
fn a_stopped_search_resumes_to_the_same_files() {
    let plan = tiny_plan();
    let t = Scratch::new("resume");
    let (a, b) = (t.path().join("a"), t.path().join("b"));
    run(&plan, &a, opts(1)).unwrap();
    // Stopped after stage 2, then resumed.
    for s in 1..=2 {
        let o = SearchOptions {
            stage: Some(s),
            ..opts(2)
        };
        run(&plan, &b, o).unwrap();
    }
    let o = SearchOptions {
        resume: true,
        ..opts(2)
    };
    run(&plan, &b, o.clone()).unwrap();
    assert_eq!(tree(&a), tree(&b));
    // A chunk lost (or damaged) is played again.
    let stage1 = b.join(STAGES_DIR).join("01-screen");
    std::fs::remove_file(stage1.join(chunk_name(0))).unwrap();
    let stage4 = b.join(STAGES_DIR).join("04-certify").join(chunk_name(0));
    std::fs::write(&stage4, "set,deal\n").unwrap();
    let again = run(&plan, &b, o).unwrap();
    assert_eq!(again.chunks_played, 2);
    assert_eq!(tree(&a), tree(&b));
}

#[test]
fn verify_recomputes_the_outputs_from_the_chunks_and_writes_nothing() {
    let plan = tiny_plan();
    let t = Scratch::new("verify");
    let a = t.path().join("a");
    let verify = SearchOptions {
        verify: true,
        ..opts(2)
    };
    let msg = |r: Result<SearchOutcome, SearchRunError>| crate::error::message(&r.unwrap_err());
    // Nothing there: an error, and nothing made.
    assert!(msg(run(&plan, &a, verify.clone())).contains("is this a search's output directory?"));
    assert!(!a.exists());
    // Stopped after stage 1: the chunks of stage 2 are missing, and nothing is created.
    let o = SearchOptions {
        stage: Some(1),
        ..opts(2)
    };
    run(&plan, &a, o).unwrap();
    let before = tree(&a);
    let m = msg(run(&plan, &a, verify.clone()));
    assert!(
        m.starts_with("stage 2 (stages/02-screen): 7 of its 7 chunks are missing or damaged"),
        "{m}"
    );
    assert_eq!(tree(&a), before);
    assert!(!a.join(STAGES_DIR).join("02-screen").exists());
    // Finished: verified, and nothing written.
    run(
        &plan,
        &a,
        SearchOptions {
            resume: true,
            ..opts(1)
        },
    )
    .unwrap();
    let done = tree(&a);
    let v = run(&plan, &a, verify.clone()).unwrap();
    assert_eq!(v.games_played, 0);
    assert_eq!(v.chunks_resumed, 12 + 7 + 4 + 3);
    assert_eq!(tree(&a), done);
    // A value of ranking.csv edited: found.
    let path = a.join(RANKING_CSV);
    let text = std::fs::read_to_string(&path).unwrap();
    let edited = text.replacen(",certify,4,", ",certify,5,", 1);
    assert_ne!(edited, text);
    std::fs::write(&path, edited).unwrap();
    assert!(msg(run(&plan, &a, verify.clone())).ends_with(
        "ranking.csv differs from the one the search's chunks make (it was edited, or written \
         from other chunks)"
    ));
    std::fs::write(&path, &text).unwrap();
    // A chunk's sums edited (the outputs no longer follow from them), then a chunk cut short.
    let chunk = a.join(STAGES_DIR).join("04-certify").join(chunk_name(1));
    let body = std::fs::read_to_string(&chunk).unwrap();
    let line = body.lines().nth(1).unwrap();
    let mut fields: Vec<u64> = line.split(',').map(|x| x.parse().unwrap()).collect();
    let last = fields.len() - 1;
    fields[last] += 1;
    let changed = fields
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    std::fs::write(&chunk, body.replacen(line, &changed, 1)).unwrap();
    assert!(msg(run(&plan, &a, verify.clone()))
        .contains("differs from the one the search's chunks make"));
    std::fs::write(&chunk, &body[..body.len() / 2]).unwrap();
    assert!(msg(run(&plan, &a, verify.clone()))
        .starts_with("stage 4 (stages/04-certify): 1 of its 3 chunks are missing or damaged"));
    // Other flags are refused.
    let o = SearchOptions {
        resume: true,
        ..verify
    };
    assert!(msg(run(&plan, &a, o)).starts_with("--verify plays and writes nothing"));
}

#[test]
fn a_chunk_row_sums_the_design_cards_rows_of_its_games() {
    let plan = tiny_plan();
    let t = Scratch::new("sums");
    let o = SearchOptions {
        stage: Some(1),
        ..opts(1)
    };
    let mut lines = Lines::default();
    run_search(&plan, t.path(), &o, &mut lines, &AtomicBool::new(false)).unwrap();
    // One line for the stage played, none for the others.
    assert_eq!(lines.0.len(), 1);
    assert!(
        lines.0[0].starts_with("stage 1/4 screen: 12 sets x 1 deal, 36 games; best so far "),
        "{:?}",
        lines.0
    );
    let text = std::fs::read_to_string(
        t.path()
            .join(STAGES_DIR)
            .join("01-screen")
            .join(chunk_name(7)),
    )
    .unwrap();
    let fid = &plan.fidelities[0];
    // Set 7 on deal 0: value 2 from Bullet, value 4 from Coin.
    let row: Vec<u64> = text
        .lines()
        .find(|l| l.starts_with("7,0,"))
        .unwrap()
        .split(',')
        .map(|x| x.parse().unwrap())
        .collect();
    let set = plan.space.set(7).unwrap();
    assert_eq!(set.set.edition(2), Edition::Bullet);
    assert_eq!(set.set.edition(4), Edition::Coin);
    let dp = fid.plans[0].with_set(&set);
    let mut want = vec![0u64; 2 * fid.measures.len()];
    for (m, ms) in fid.measures.iter().enumerate() {
        for &a in &ms.arms {
            let p = &dp.arms[a].plan;
            // Deal 0: its seat rotations' games.
            for g in 0..p.rotations as u64 {
                let r = design_row(p, g).unwrap();
                assert_eq!(r.deal, 0);
                let (y, x) = (METRICS[ms.metric].counts)(&r, ms.key_index);
                want[2 * m] += y;
                want[2 * m + 1] += x;
            }
        }
    }
    assert_eq!(&row[2..], &want[..]);
    // Every measure counted something.
    assert!(want.iter().skip(1).step_by(2).all(|&x| x > 0), "{want:?}");
    let mut s = SetSums::new(fid.measures.len());
    s.push_deal(0, &want);
    assert_eq!(s.blocks(), 1);
}

#[test]
fn directories_and_flags_are_checked_before_anything_runs() {
    let plan = tiny_plan();
    let t = Scratch::new("flags");
    let a = t.path().join("a");
    let msg = |r: Result<SearchOutcome, SearchRunError>| crate::error::message(&r.unwrap_err());
    let o = SearchOptions {
        shard: Some(Shard { index: 0, count: 2 }),
        ..opts(1)
    };
    assert!(msg(run(&plan, &a, o)).starts_with("--shard needs --stage"));
    let o = SearchOptions {
        stage: Some(5),
        ..opts(1)
    };
    assert_eq!(
        msg(run(&plan, &a, o)),
        "--stage 5: the search has stages 1 to 4 (see --dry-run)"
    );
    assert!(!a.exists());
    let o = SearchOptions {
        stage: Some(2),
        ..opts(1)
    };
    let e = msg(run(&plan, &t.path().join("early"), o));
    assert!(
        e.starts_with(
            "stage 1 (stages/01-screen) is not complete: 12 of its 12 chunks are missing"
        ),
        "{e}"
    );
    let o = SearchOptions {
        resume: true,
        ..opts(1)
    };
    assert!(msg(run(&plan, &t.path().join("new"), o)).starts_with("cannot read"));
    assert!(!t.path().join("new").exists());
    run(&plan, &a, opts(1)).unwrap();
    let e = msg(run(&plan, &a, opts(1)));
    assert!(
        e.ends_with(
            "holds this search already; continue it with --resume, or start again with --force"
        ),
        "{e}"
    );
    let mut other = plan.clone();
    other.seed = 6;
    let e = msg(run(
        &other,
        &a,
        SearchOptions {
            resume: true,
            ..opts(1)
        },
    ));
    assert!(e.contains("the search there has a different plan"), "{e}");
    // --force replaces it.
    run(
        &other,
        &a,
        SearchOptions {
            force: true,
            ..opts(1)
        },
    )
    .unwrap();
    let foreign = t.path().join("foreign");
    std::fs::create_dir(&foreign).unwrap();
    std::fs::write(foreign.join("notes.txt"), "mine").unwrap();
    assert!(run(&plan, &foreign, opts(1)).is_err());
    assert_eq!(
        std::fs::read_to_string(foreign.join("notes.txt")).unwrap(),
        "mine"
    );
}

#[test]
fn a_failing_bot_stops_the_search_with_its_set_and_game() {
    let mut plan = tiny_plan();
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let spec = crate::plan::resolve_bot("exec:false", &root.join("bots")).unwrap();
    for f in &mut plan.fidelities {
        for arm in &mut f.plans[0].arms {
            if matches!(arm.kind, ArmKind::Ladder { .. }) {
                arm.plan.bots[0].spec = spec.clone();
            }
        }
    }
    let t = Scratch::new("bot");
    let e = run(&plan, t.path(), opts(2)).unwrap_err();
    assert!(
        matches!(
            e,
            SearchRunError::Run(crate::error::RunError::BotFailed { .. })
        ),
        "{e:?}"
    );
    let msg = crate::error::message(&e);
    assert!(msg.starts_with("set amulet"), "{msg}");
    assert!(msg.contains("(arm 01-ladder-1-over-0), game 0:"), "{msg}");
    assert_eq!(msg.lines().count(), 1);
}

#[test]
fn a_confirmation_plays_the_certified_sets_and_ranks_them() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let text = format!(
        "{TINY}\n[search.confirm]\nreference = \"ismcts:iterations=20\"\nladder = [\"random\", \"ismcts:iterations=20\"]\ndeals = 2\n"
    );
    let file = spec::SearchFile::from_toml(&text).unwrap();
    let plan = resolve::resolve_search(
        &file,
        "tiny",
        root,
        &root.join("bots"),
        &mut ExecPolicy::typed(false),
    )
    .unwrap();
    let t = Scratch::new("confirm");
    let (a, b) = (t.path().join("a"), t.path().join("b"));
    let outcome = run(&plan, &a, opts(2)).unwrap();
    run(&plan, &b, opts(1)).unwrap();
    assert_eq!(tree(&a), tree(&b));
    let ranking = outcome.ranking.unwrap();
    assert_eq!(ranking.fidelity, FidelityKind::Confirm);
    let csv = std::fs::read_to_string(a.join("search.csv")).unwrap();
    let sets = |stage: &str| -> Vec<String> {
        csv.lines()
            .filter(|l| l.starts_with(stage))
            .map(|l| fields(l)[3].clone())
            .collect()
    };
    // The certified sets, confirmed on their own deals.
    assert_eq!(sets("4,certify,"), sets("5,confirm,"));
    assert_eq!(sets("5,confirm,").len(), ranking.rows.len());
    assert!(ranking.rows.iter().all(|r| r.deals == 2));
    assert!(a
        .join(STAGES_DIR)
        .join("05-confirm")
        .join(chunk_name(0))
        .is_file());
}
