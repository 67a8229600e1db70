//! What was typed: the arguments several commands share, and how typed bots, seating, model
//! and set become an [`ExperimentSpec`]. Each command's own arguments live with the command
//! (`cmd/*.rs`); the list of commands is `main.rs`'s.

use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use silver_sim::{ExperimentSpec, ModelSpec, Outputs, Seating};
use std::path::{Path, PathBuf};

/// The arguments of every command that runs games (`run`, `tournament`).
#[derive(Args, Clone)]
pub(crate) struct Common {
    /// Card set (overrides the spec's `set` and `token`): a preset (`bullet`), a mix
    /// (`amulet+0:bullet,10:coin/token=coin`) or a card-set file (`experiments/sets/X.toml`).
    #[arg(long)]
    pub(crate) set: Option<String>,
    /// Number of games (overrides the spec).
    #[arg(long)]
    pub(crate) games: Option<u64>,
    /// Master seed (overrides the spec).
    #[arg(long)]
    pub(crate) seed: Option<u64>,
    /// Worker threads (default: one per core). Output does not depend on it.
    #[arg(long, default_value_t = 0)]
    pub(crate) threads: usize,
    /// Output directory (default: results/NAME).
    #[arg(long)]
    pub(crate) out: Option<PathBuf>,
    /// Run only shard K of N (1-based), e.g. 2/3, or `auto` / `auto/N` to take it from a job
    /// array's environment (Slurm, Kubernetes, AWS Batch, GNU parallel); join shards with
    /// `silver merge`.
    #[arg(long)]
    pub(crate) shard: Option<String>,
    /// Continue an interrupted run in the output directory; `--resume=auto`: whatever the
    /// directory needs (start, continue, or nothing if it holds this run finished).
    #[arg(long, num_args = 0..=1, require_equals = true, default_missing_value = "yes", value_name = "auto")]
    pub(crate) resume: Option<Resume>,
    /// Replace a finished run in the output directory (an unfinished run, or files that are
    /// not a run's, are never replaced).
    #[arg(long)]
    pub(crate) force: bool,
    /// Interim standings (head-to-head, ratings, an SPRT's LLR) on stderr every N games
    /// (default: every minute; 0: only when asked); SIGUSR1 asks for them at any time.
    #[arg(long, value_name = "N")]
    pub(crate) standings_every: Option<u64>,
    /// Write only summary.csv (and the manifest), no per-game files.
    #[arg(long)]
    pub(crate) summary_only: bool,
    /// Measure every game's chance luck and print variance-reduced head-to-head estimates
    /// (and, where every block holds one pair of bots, ratings) beside the plain ones
    /// (`luck.csv`, the `_vr` columns of `pairs.csv`, `ratings.csv`, `ratings-pairs.csv`; the
    /// spec's `variance_reduction = true`).
    #[arg(long)]
    pub(crate) variance_reduction: bool,
    /// No header and no progress lines on stderr (errors still are).
    #[arg(long)]
    pub(crate) quiet: bool,
    /// Where bot profiles are looked up.
    #[arg(long, default_value = "bots")]
    pub(crate) bots_dir: PathBuf,
    /// Let exec bots named in files (the spec, a bot profile) start their programs; each
    /// command is printed before it starts. Without it they are refused.
    #[arg(long)]
    pub(crate) allow_exec: bool,
    /// Rate this bot 0 in the printed ratings (default: the mean of the bots with a rating;
    /// the files always use the mean).
    #[arg(long, value_name = "BOT")]
    pub(crate) anchor: Option<String>,
}

/// `--resume` (continue the run in the output directory) or `--resume=auto` (one command for a
/// scheduler that may start a task again: start if the directory is empty or absent, continue if
/// unfinished, exit 0 without playing if it holds this plan's finished run; another plan's run
/// or files that are not a run's are refused either way).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Resume {
    /// Continue the run (it must be there).
    Yes,
    /// Start, continue or confirm finished, whichever the directory needs.
    Auto,
}

impl Resume {
    /// Whether a command with `mode` continues what `out` holds: `--resume` always,
    /// `--resume=auto` when `out` holds anything (what is not this plan's run is then refused
    /// by the same checks as `--resume`'s).
    pub(crate) fn resumes(mode: Option<Resume>, out: &Path) -> bool {
        match mode {
            None => false,
            Some(Resume::Yes) => true,
            Some(Resume::Auto) => std::fs::read_dir(out).is_ok_and(|mut d| d.next().is_some()),
        }
    }

    /// What `--resume=auto` does with a directory that holds this plan's finished run:
    /// nothing is played, a note says so, exit 0.
    pub(crate) fn nothing_to_play(dir: &Path) -> std::process::ExitCode {
        note!(
            "{} holds this run, finished: nothing to play (--resume=auto)",
            dir.display()
        );
        std::process::ExitCode::SUCCESS
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum SeatingArg {
    /// Every deal once per seat rotation (duplicate format).
    AllSeats,
    /// Every pair of bots at its own table, all seats.
    RoundRobin,
    /// The first bot against each of the others: one seat each, the first bot in the rest.
    Gauntlet,
    /// Bots keep their seats.
    Fixed,
}

#[derive(Clone, Copy, ValueEnum)]
pub(crate) enum ModelArg {
    /// The standard 4-round game.
    Rounds,
    /// The points game to 100 (bounce, kamikaze).
    Points,
}

/// Splits `a,b:x=1,y=2,c` into bots: a segment with `=` but no `:` continues the previous
/// bot's inline overrides, and so does a bare number (a list's next value: `b:forbid=7,12`).
pub(crate) fn split_bots(s: &str) -> Result<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for part in s.split(',').map(str::trim) {
        if part.is_empty() {
            bail!("--bots {s}: an empty entry (a trailing or doubled comma)");
        }
        let number = part
            .trim_end_matches(']')
            .bytes()
            .all(|b| b.is_ascii_digit());
        match out.last_mut() {
            Some(prev)
                if (part.contains('=') || number) && !part.contains(':') && prev.contains(':') =>
            {
                prev.push(',');
                prev.push_str(part);
            }
            _ => out.push(part.to_string()),
        }
    }
    Ok(out)
}

fn seating(s: SeatingArg) -> Seating {
    match s {
        SeatingArg::AllSeats => Seating::Rotate,
        SeatingArg::RoundRobin => Seating::RoundRobin,
        SeatingArg::Gauntlet => Seating::Gauntlet,
        SeatingArg::Fixed => Seating::Fixed,
    }
}

/// `--set` replaces the spec's set and token (a set string names its own token).
pub(crate) fn apply_set(spec: &mut ExperimentSpec, set: &Option<String>) {
    if let Some(s) = set {
        spec.set = s.clone();
        spec.token = None;
    }
}

/// The common arguments that override a spec's values.
pub(crate) fn apply_common(spec: &mut ExperimentSpec, c: &Common) {
    apply_set(spec, &c.set);
    if let Some(g) = c.games {
        spec.games = g;
    }
    if let Some(s) = c.seed {
        spec.seed = s;
    }
    if c.summary_only {
        spec.outputs = Outputs::NONE;
    }
    if c.variance_reduction {
        spec.variance_reduction = true;
    }
}

/// The spec of typed bots (`tournament`, `play`, `replay --bots`): 1,000 games of the
/// `amulet` set from seed 1 unless the caller overrides them.
pub(crate) fn tournament_spec(
    bots: &str,
    players: u8,
    seat: SeatingArg,
    model: ModelArg,
    name: &str,
) -> Result<ExperimentSpec> {
    Ok(ExperimentSpec {
        name: Some(name.to_string()),
        players,
        bots: split_bots(bots)?,
        seating: seating(seat),
        set: "amulet".into(),
        token: None,
        model: match model {
            ModelArg::Rounds => ModelSpec::Rounds { rounds: 4 },
            ModelArg::Points => ModelSpec::Points {
                target: 100,
                bounce: true,
                kamikaze: true,
                max_rounds: silver_rules::DEFAULT_MAX_ROUNDS,
            },
        },
        games: 1000,
        seed: 1,
        max_turns_per_round: silver_rules::DEFAULT_MAX_TURNS,
        outputs: Outputs::default(),
        balance: None,
        design: None,
        sprt: None,
        variance_reduction: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_split_keeps_inline_overrides() {
        assert_eq!(
            split_bots("greedy,ismcts:iterations=1000,exploration=0.5,random").unwrap(),
            vec!["greedy", "ismcts:iterations=1000,exploration=0.5", "random"]
        );
        assert_eq!(split_bots("a, b").unwrap(), vec!["a", "b"]);
        assert_eq!(
            split_bots("greedy,greedy:forbid=7,12,ismcts:forbid=[3, 4],random").unwrap(),
            vec![
                "greedy",
                "greedy:forbid=7,12",
                "ismcts:forbid=[3,4]",
                "random"
            ]
        );
        for bad in ["greedy,,random", "greedy,", ",greedy", ""] {
            let e = split_bots(bad).unwrap_err().to_string();
            assert!(e.contains("empty entry"), "{bad}: {e}");
        }
    }
}
