//! `docs/cluster.md`'s recipes, run as the page writes them: the Slurm job array with its merge
//! job, the balance search's loop of one job array per stage, on a private single-node Slurm
//! (`common::cluster::Slurm`: slurmctld, slurmd and munge on the loopback interface), the
//! GNU parallel pipeline, and the Kubernetes and AWS Batch container commands (run as those
//! schedulers run them, once per index). The recipes are read from the page's fenced blocks and run in a
//! scratch copy of `bots/` and `experiments/` with `target/release/silver` linked to the
//! executable under test; only the experiment's game count is made small. Every job must
//! succeed and the merged files must be byte-identical to one unsharded run of the same spec.
//! Needs Debian's `slurm-wlm`, `munge` and `parallel`, and root (slurmd); `-- --skip slurm`
//! skips them.

use crate::common::cluster::*;
use crate::common::*;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

const PAGE: &str = "docs/cluster.md";

/// The game count of the scratch copy of `experiments/census-timing.toml`.
const GAMES: u32 = 1600;

/// The census experiment's spec in `root`, with `GAMES` games instead of the page's.
fn shrink_census(root: &Path) {
    let spec = root.join("experiments/census-timing.toml");
    let text = read_text(&spec);
    let line = text
        .lines()
        .find(|l| l.starts_with("games = "))
        .unwrap_or_else(|| panic!("{}: no `games = ` line", spec.display()));
    std::fs::write(&spec, text.replace(line, &format!("games = {GAMES}"))).unwrap();
}

/// Runs a block as a script file `name` in `root`, with the shell its fence names (`sh` or
/// `bash`), and returns what it printed.
fn run_block(cmd: &mut Command, block: &Block, root: &Path, name: &str, args: &[&str]) -> String {
    assert!(
        block.lang == "sh" || block.lang == "bash",
        "a ```{} block is not a shell script",
        block.lang
    );
    std::fs::write(root.join(name), &block.text).unwrap();
    succeed(
        cmd.arg(&block.lang).arg(name).args(args).current_dir(root),
        &format!("{} {name} (from {PAGE})", block.lang),
    )
}

/// `silver ARGS` in `root`, as the recipes' commands run (no scheduler variables).
fn silver_in(root: &Path, args: &[&str]) -> String {
    let mut cmd = Command::new(silver_bin());
    without_scheduler_vars(&mut cmd);
    succeed(
        cmd.args(args).current_dir(root),
        &format!("silver {}", args.join(" ")),
    )
}

/// The merged run `merged` holds the same files as the unsharded run `whole`, every one of them
/// byte-identical but the manifest (which records times).
fn assert_same_run(merged: &Path, whole: &Path) {
    let names = files_under(whole);
    assert_eq!(files_under(merged), names, "{}", merged.display());
    assert!(names.iter().any(|n| n.ends_with(".csv")), "{names:?}");
    let names: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|n| *n != "manifest.json")
        .collect();
    assert_same_files(merged, whole, &names);
}

/// The census experiment run once, unsharded, in `root`, as the recipes' shards run it.
fn census_whole(root: &Path) -> std::path::PathBuf {
    silver_in(
        root,
        &[
            "run",
            "experiments/census-timing.toml",
            "--summary-only",
            "--threads",
            "1",
            "--quiet",
            "--out",
            "whole",
        ],
    );
    root.join("whole")
}

/// The jobs' output files (`slurm-*.out` and the like) in `root`, for a failure's message.
fn job_outputs(root: &Path) -> String {
    let mut names: Vec<_> = std::fs::read_dir(root)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "out"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| format!("--- {} ---\n{}", p.display(), read_text(p)))
        .collect()
}

/// Asserts that `records` are `expected` jobs, every one COMPLETED with exit code 0.
fn assert_all_succeeded(
    slurm: &Slurm,
    root: &Path,
    records: &[BTreeMap<String, String>],
    expected: usize,
) {
    let failed: Vec<String> = records
        .iter()
        .filter(|r| {
            r.get("JobState").map(String::as_str) != Some("COMPLETED")
                || r.get("ExitCode").map(String::as_str) != Some("0:0")
        })
        .map(|r| format!("{r:?}"))
        .collect();
    assert!(
        failed.is_empty() && records.len() == expected,
        "{} of {expected} jobs finished, these did not succeed:\n{}\n{}\n{}",
        records.len(),
        failed.join("\n"),
        job_outputs(root),
        slurm.logs()
    );
}

/// The `## Slurm` recipe: the job script (one array task per shard) and the submission with its
/// merge-and-verify job, under sbatch's `/bin/sh`. Then a stepped array (`--array=1-7:2`), whose
/// ids give no shard index, is refused by every one of its tasks before it writes anything.
#[test]
fn the_slurm_job_array_and_its_merge_job_make_one_run() {
    let blocks = section_blocks(PAGE, "## Slurm");
    assert_eq!(
        blocks.len(),
        2,
        "{PAGE}: ## Slurm has a job script and its submission"
    );
    let (script, submit) = (&blocks[0], &blocks[1]);
    let tasks: usize = script
        .text
        .lines()
        .find_map(|l| l.strip_prefix("#SBATCH --array=1-"))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{PAGE}: the job script has no #SBATCH --array=1-N"));
    let script_name = submit
        .text
        .split(|c: char| c.is_whitespace() || c == ')')
        .find(|w| w.ends_with(".sbatch"))
        .unwrap_or_else(|| panic!("{PAGE}: the submission names no .sbatch file"));
    let slurm = Slurm::start("slurm-array");
    let root = scratch_root(&slurm.tmp);
    shrink_census(&root);
    std::fs::write(root.join(script_name), &script.text).unwrap();
    run_block(&mut slurm.command("env"), submit, &root, "submit.sh", &[]);
    let records = slurm.wait_for_jobs(Duration::from_secs(180));
    assert_all_succeeded(&slurm, &root, &records, tasks + 1);
    let merged = root.join("results/ct");
    assert_mentions(
        &silver_in(&root, &["verify", "results/ct"]),
        &[&format!("{GAMES} games")],
    );
    assert_same_run(&merged, &census_whole(&root));

    // A stepped array: SLURM_ARRAY_TASK_ID 1, 3, 5, 7 of a count of 4.
    let job = succeed(
        slurm
            .command("sbatch")
            .args([
                "--parsable",
                "--array=1-7:2",
                "--output=step-%a.out",
                "--wrap",
                "target/release/silver run experiments/census-timing.toml --summary-only \
                 --shard auto --threads 1 --out results/step-$SLURM_ARRAY_TASK_ID",
            ])
            .current_dir(&root),
        "sbatch --array=1-7:2",
    );
    let job = job.trim().to_string();
    let records = slurm.wait_for_jobs(Duration::from_secs(120));
    let stepped: Vec<_> = records
        .iter()
        .filter(|r| r.get("ArrayJobId") == Some(&job))
        .collect();
    assert_eq!(stepped.len(), 4, "{records:?}");
    for r in stepped {
        assert_eq!(r["JobState"], "FAILED", "{r:?}\n{}", job_outputs(&root));
        assert_eq!(r["ExitCode"], "2:0", "{r:?}\n{}", job_outputs(&root));
        let out = read_text(&root.join(format!("step-{}.out", r["ArrayTaskId"])));
        assert_eq!(out.lines().count(), 1, "{out}");
        assert_mentions(
            &out,
            &["error:", "not a range of consecutive ids", "--array=1-N"],
        );
    }
    assert!(
        !root.join("results/step-1").exists() && !root.join("results/step-3").exists(),
        "a refused task wrote its directory"
    );
}

/// `## A balance search on Slurm`: the bash loop submitting one job array per stage and a last
/// job writing the outputs, given a tiny spec; the search directory it leaves is the one an
/// unsharded `silver search` of the spec makes, file for file.
#[test]
fn the_balance_search_loop_on_slurm_makes_one_search() {
    let blocks = section_blocks(PAGE, "## A balance search on Slurm");
    assert_eq!(blocks.len(), 1, "{PAGE}: the search on Slurm is one script");
    let script = &blocks[0];
    let tasks: usize = script
        .text
        .lines()
        .find_map(|l| l.strip_prefix("tasks="))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{PAGE}: the search script sets no tasks=N"));
    let slurm = Slurm::start("slurm-search");
    let root = scratch_root(&slurm.tmp);
    std::fs::write(root.join("experiments/search-tiny.toml"), TINY_SEARCH).unwrap();
    let spec = "experiments/search-tiny.toml";
    let schedule = silver_in(&root, &["search", spec, "--dry-run"]);
    let stages = schedule
        .lines()
        .filter(|l| {
            l.split_whitespace()
                .next()
                .is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()))
        })
        .count();
    assert_eq!(stages, 4, "{schedule}");
    run_block(
        &mut slurm.command("env"),
        script,
        &root,
        "submit-search.sh",
        &[spec, "results/search-tiny"],
    );
    let records = slurm.wait_for_jobs(Duration::from_secs(240));
    assert_all_succeeded(&slurm, &root, &records, stages * tasks + 1);
    let searched = root.join("results/search-tiny");
    silver_in(
        &root,
        &["search", spec, "--out", "results/search-tiny", "--verify"],
    );
    silver_in(
        &root,
        &[
            "search",
            spec,
            "--out",
            "whole",
            "--threads",
            "1",
            "--quiet",
        ],
    );
    let whole = root.join("whole");
    for f in ["search.csv", "ranking.csv"] {
        assert!(whole.join(f).is_file(), "{f}");
    }
    let names = files_under(&whole);
    assert_eq!(files_under(&searched), names);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    assert_same_files(&searched, &whole, &names);
}

/// `## GNU parallel`: the pipeline, under `/bin/sh`, merges and verifies its shards into the
/// files of one run.
#[test]
fn the_gnu_parallel_recipe_makes_one_run() {
    program("parallel", "parallel");
    let blocks = section_blocks(PAGE, "## GNU parallel");
    assert_eq!(blocks.len(), 1, "{PAGE}: ## GNU parallel is one pipeline");
    let tmp = TempDir::new("parallel-recipe");
    let root = scratch_root(&tmp);
    shrink_census(&root);
    let mut cmd = Command::new("env");
    without_scheduler_vars(&mut cmd);
    run_block(&mut cmd, &blocks[0], &root, "parallel.sh", &[]);
    assert_same_run(&root.join("results/ct"), &census_whole(&root));
}

/// A Kubernetes container's argument list: its `command: [...]` (JSON) and its `args:`, one
/// folded scalar (`- >-`, its lines joined by spaces).
fn kubernetes_argv(yaml: &str) -> Vec<String> {
    let mut lines = yaml.lines();
    let command = lines
        .by_ref()
        .find_map(|l| l.trim().strip_prefix("command:"))
        .unwrap_or_else(|| panic!("{PAGE}: the Job has no `command:`"));
    let mut argv: Vec<String> = serde_json::from_str(command.trim())
        .unwrap_or_else(|e| panic!("{PAGE}: `command: {command}`: {e}"));
    assert!(
        lines.next().is_some_and(|l| l.trim() == "args:"),
        "{PAGE}: `args:` must follow `command:`"
    );
    let start = lines.next().unwrap_or("");
    assert_eq!(start.trim(), "- >-", "{PAGE}: `args:` is one folded scalar");
    let indent = |l: &str| l.len() - l.trim_start().len();
    let folded: Vec<&str> = lines
        .take_while(|l| indent(l) > indent(start))
        .map(str::trim)
        .collect();
    argv.push(folded.join(" "));
    argv
}

/// `## Kubernetes Indexed Job` and `## AWS Batch`: each container command run as the scheduler
/// runs it — an argument list with no shell of its own — once per index with that scheduler's
/// index variable (0–7), `silver` on `PATH`, from the repository root; then the page's merge
/// and verify under `/bin/sh`. The volume's mount path is a scratch directory. The merged files
/// are byte-identical to one unsharded run.
#[test]
fn the_kubernetes_and_aws_batch_commands_make_one_run() {
    let tmp = TempDir::new("k8s-aws-recipes");
    let root = scratch_root(&tmp);
    shrink_census(&root);
    let bin = root.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    std::os::unix::fs::symlink(silver_bin(), bin.join("silver")).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let whole = census_whole(&root);
    type Argv = fn(&str) -> Vec<String>;
    let recipes: [(&str, &str, &str, Argv); 2] = [
        (
            "## Kubernetes Indexed Job",
            "JOB_COMPLETION_INDEX",
            "/results",
            kubernetes_argv,
        ),
        (
            "## AWS Batch",
            "AWS_BATCH_JOB_ARRAY_INDEX",
            "/mnt/results",
            |json| {
                serde_json::from_str(json)
                    .unwrap_or_else(|e| panic!("{PAGE}: the Batch command is not a JSON list: {e}"))
            },
        ),
    ];
    for (heading, var, mount, argv_of) in recipes {
        let blocks = section_blocks(PAGE, heading);
        assert_eq!(
            blocks.len(),
            2,
            "{PAGE}: {heading} is a command and a merge"
        );
        let volume = tmp.join(&var.to_lowercase());
        let mounted = |text: &str| text.replace(mount, &volume.display().to_string());
        let argv: Vec<String> = argv_of(&blocks[0].text)
            .iter()
            .map(|a| mounted(a))
            .collect();
        for index in 0..8 {
            let mut cmd = Command::new(&argv[0]);
            without_scheduler_vars(&mut cmd);
            succeed(
                cmd.args(&argv[1..])
                    .env(var, index.to_string())
                    .env("PATH", &path)
                    .current_dir(&root),
                &format!("{heading} task {index}: {argv:?}"),
            );
        }
        let mut merge = Command::new("sh");
        without_scheduler_vars(&mut merge);
        succeed(
            merge
                .arg("-c")
                .arg(mounted(&blocks[1].text))
                .env("PATH", &path)
                .current_dir(&root),
            &format!("{heading}: the merge"),
        );
        assert_same_run(&volume.join("ct"), &whole);
    }
}
