//! Running a resolved plan (`run` and `tournament`): the header and progress, the tables at
//! the end, and what an interruption or a failed game prints.

use crate::args::{Common, Resume};
use crate::cmd::comparisons;
use crate::progress;
use anyhow::Result;
use silver_sim::{run, summary_table, Plan, RunError, RunOptions, Shard};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Runs a resolved plan (resolved once, by the caller, which knows how to name its errors)
/// into `--out`, or `default_out`.
pub(crate) fn execute(plan: Plan, common: &Common, default_out: PathBuf) -> Result<ExitCode> {
    // A misspelt --anchor is an error before the games, not after them.
    let names = plan.bot_names();
    crate::cmd::anchor_index(&names, common.anchor.as_deref())?;
    let shard = common
        .shard
        .as_deref()
        .map(|t| Shard::parse_with_env(t, |k| std::env::var(k).ok()))
        .transpose()?;
    let out = common.out.clone().unwrap_or(default_out);
    let opts = RunOptions {
        out: out.clone(),
        threads: common.threads,
        shard,
        resume: Resume::resumes(common.resume, &out),
        force: common.force,
        command: Some(shell_words()),
    };
    let interrupted = progress::interrupt_flag("finishing the blocks in progress, then saving...")?;
    let threads = progress::threads(common.threads);
    let mut reporter = progress::Reporter::new(
        format!(
            "{}: {} games, {} players, set {}, seed {}, {} threads -> {}",
            plan.name,
            plan.games,
            plan.players,
            plan.set.name,
            plan.seed,
            threads,
            out.display()
        ),
        common.quiet,
    )
    .with_standings(progress::Standings::new(
        common.standings_every,
        standings_text(names.clone(), common.anchor.clone()),
    )?);
    let result = run(&plan, &opts, &mut reporter, &interrupted);
    reporter.finish();
    match result {
        Ok(outcome) => {
            out!("{}", plan.set.summary_lines())?;
            out!("{}", summary_table(&outcome.stats, &names))?;
            out!(
                "{}",
                comparisons(&outcome.stats, &names, common.anchor.as_deref())?
            )?;
            if let Some(t) = &outcome.sprt {
                out!("{}", t.summary(&outcome.stats.pairs, &names))?;
            }
            let forfeits: Vec<String> = (outcome.stats.bots.iter().zip(&names))
                .filter(|(b, _)| b.forfeits > 0)
                .map(|(b, name)| format!("{name} {}", b.forfeits))
                .collect();
            if !forfeits.is_empty() {
                outln!(
                    "games forfeited by a failing bot program: {} (each in {})",
                    forfeits.join(", "),
                    out.join("forfeits.csv").display()
                )?;
            }
            outln!(
                "{} games in {:.2} s: {} games/s on {} threads; files in {}",
                outcome.games_played,
                outcome.seconds,
                progress::rate(outcome.games_played as f64 / outcome.seconds.max(1e-9)),
                threads,
                out.display()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(RunError::AlreadyComplete { dir }) if common.resume == Some(Resume::Auto) => {
            Ok(Resume::nothing_to_play(&dir))
        }
        Err(RunError::Interrupted { done, total }) => {
            note!(
                "interrupted after {done} of {total} games; the completed games are in {}. Continue with the same command and --resume",
                out.display()
            );
            Ok(ExitCode::from(130))
        }
        Err(RunError::Panic(p)) => {
            note!(
                "error: {p}\nreplay it with: {}",
                replay_command(&out, p.game, &plan)
            );
            Ok(ExitCode::from(3))
        }
        // The program's fault: no replay command.
        Err(e @ RunError::BotFailed { .. }) => {
            eprintln!("error: {e}");
            Ok(ExitCode::from(3))
        }
        Err(e) => Err(e.into()),
    }
}

/// The interim standings of a run of `names`: the head-to-head and ratings tables and an SPRT's
/// test, as the run prints them at its end (nothing for a run of one bot).
fn standings_text(names: Vec<String>, anchor: Option<String>) -> progress::StandingsText {
    Box::new(move |stats, sprt| {
        let mut text = comparisons(stats, &names, anchor.as_deref()).unwrap_or_default();
        if let Some(t) = sprt {
            text.push_str(&t.summary(&stats.pairs, &names));
        }
        text
    })
}

/// The command that replays game `game` of the run in `dir`: everything it needs (bots,
/// model, set, games, seed, players) is read from the run's manifest, written before its first
/// game. Programs among the bots start again only with `--allow-exec` (the manifest is a file).
pub(crate) fn replay_command(dir: &Path, game: u64, plan: &Plan) -> String {
    format!(
        "silver replay {}{} --game {game}",
        shell_word(&dir.display().to_string()),
        if has_programs(plan) {
            " --allow-exec"
        } else {
            ""
        }
    )
}

/// Whether any bot of `plan` is a program (its replay from a file needs `--allow-exec`).
pub(crate) fn has_programs(plan: &Plan) -> bool {
    plan.bots
        .iter()
        .any(|b| matches!(b.spec, silver_bots::BotSpec::Exec(_)))
}

/// A word as a shell reads it back: quoted where a shell would need it.
pub(crate) fn shell_word(a: &str) -> String {
    if a.is_empty() || a.contains(|c: char| c.is_whitespace() || "'\"$&|;<>()*?!`\\".contains(c)) {
        format!("'{}'", a.replace('\'', "'\\''"))
    } else {
        a.to_string()
    }
}

/// This invocation's command line, quoted where a shell would need it (recorded in the
/// manifest for reports).
fn shell_words() -> String {
    std::env::args()
        .enumerate()
        .map(|(i, a)| {
            if i == 0 {
                "silver".to_string()
            } else {
                shell_word(&a)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{tournament_spec, ModelArg, SeatingArg};

    /// The replay command names the run's directory, whose manifest records the whole plan:
    /// nothing of the command line (`--model`, `--set`, `--games`) can be dropped from it.
    #[test]
    fn the_replay_command_names_the_run_directory() {
        let bots = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots"));
        let spec = tournament_spec(
            "greedy,random",
            2,
            SeatingArg::AllSeats,
            ModelArg::Points,
            "t",
        )
        .unwrap();
        let plan = silver_sim::resolve(&spec, bots).unwrap();
        assert_eq!(
            replay_command(Path::new("results/t"), 7, &plan),
            "silver replay results/t --game 7"
        );
        assert_eq!(
            replay_command(Path::new("my runs/it's"), 0, &plan),
            "silver replay 'my runs/it'\\''s' --game 0"
        );
        let spec = tournament_spec(
            "exec:true,random",
            2,
            SeatingArg::AllSeats,
            ModelArg::Rounds,
            "t",
        )
        .unwrap();
        let plan = silver_sim::resolve(&spec, bots).unwrap();
        assert_eq!(
            replay_command(Path::new("r"), 3, &plan),
            "silver replay r --allow-exec --game 3"
        );
    }
}
