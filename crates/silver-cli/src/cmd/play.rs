//! `silver play`: a game against the bots at the terminal table (crate `silver-table`).

use super::announce;
use crate::args::{apply_set, split_bots, tournament_spec, ModelArg, SeatingArg};
use anyhow::{bail, Context, Result};
use clap::Args;
use silver_bots::BotSpec;
use silver_sim::{resolve_bot_with, resolve_with, ExecPolicy};
use silver_table::play::{self, PlayOptions};
use silver_table::session::Session;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args)]
pub(crate) struct PlayArgs {
    /// The bots at the table, comma-separated, taking the other seats in order (cycling):
    /// profile names, kinds or inline specs.
    #[arg(long, default_value = "greedy")]
    bots: String,
    /// Players at the table (2-4).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// Your seat (0 = the first).
    #[arg(long, default_value_t = 0)]
    seat: u8,
    /// Card set (a set string or a card-set file).
    #[arg(long)]
    set: Option<String>,
    /// Game length.
    #[arg(long, value_enum, default_value = "rounds")]
    model: ModelArg,
    /// Seed of the deals and the bots (default: a new one, printed at the end).
    #[arg(long)]
    seed: Option<u64>,
    /// Plain text on standard input and output instead of the full-screen table.
    #[arg(long)]
    plain: bool,
    /// Save the game to this file after each of your decisions (a new file; see --resume).
    #[arg(long)]
    save: Option<PathBuf>,
    /// Resume a saved game (saved back to the same file unless --save says otherwise).
    #[arg(long, conflicts_with_all = ["bots", "players", "seat", "set", "model", "seed"])]
    resume: Option<PathBuf>,
    /// Milliseconds to pause after each bot decision (full screen).
    #[arg(long, default_value_t = 600)]
    delay: u64,
    /// Where bot profiles are looked up.
    #[arg(long, default_value = "bots")]
    bots_dir: PathBuf,
    /// Let exec bots named in files (a bot profile, the saved game of --resume) start their
    /// programs; each command is printed before it starts. Without it they are refused.
    #[arg(long)]
    allow_exec: bool,
}

/// The bots of the seats other than `seat`, resolved (None for the person's seat), each exec
/// bot asked of `policy`.
fn seat_bots(
    names: &[String],
    players: u8,
    seat: u8,
    bots_dir: &Path,
    policy: &mut ExecPolicy,
) -> Result<Vec<Option<(String, BotSpec)>>> {
    let mut others = names.iter().cycle();
    (0..players)
        .map(|s| {
            if s == seat {
                return Ok(None);
            }
            let name = others.next().context("--bots: no bot given")?;
            let bot = resolve_bot_with(name, bots_dir, policy)
                .map_err(|e| anyhow::anyhow!(silver_sim::message(&e)))?;
            Ok(Some(bot))
        })
        .collect()
}

pub(crate) fn play_cmd(a: &PlayArgs) -> Result<ExitCode> {
    let (session, save) = match &a.resume {
        Some(path) => {
            let saved = play::load(path).map_err(anyhow::Error::msg)?;
            if saved.silver_play != 1 {
                bail!(
                    "{}: saved by another version (format {})",
                    path.display(),
                    saved.silver_play
                );
            }
            let players = saved.script.players;
            if saved.seats.len() != players as usize || saved.seat >= players {
                bail!(
                    "{}: its seats do not match its {players} players",
                    path.display()
                );
            }
            let names: Vec<String> = saved
                .seats
                .iter()
                .enumerate()
                .filter(|&(s, _)| s != saved.seat as usize)
                .map(|(_, n)| n.clone())
                .collect();
            // The seats' names are the file's: a program among them starts only with
            // --allow-exec, and before any bot is started to replay the game.
            let mut policy = ExecPolicy::file(path, a.allow_exec);
            let bots = seat_bots(&names, players, saved.seat, &a.bots_dir, &mut policy)?;
            announce(&policy);
            let session = Session::resume(&saved, bots)
                .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
            (session, a.save.clone().or_else(|| Some(path.clone())))
        }
        None => {
            if !(2..=4).contains(&a.players) {
                bail!("--players {}: 2, 3 or 4", a.players);
            }
            if a.seat >= a.players {
                bail!("--seat {}: seats are 0-{}", a.seat, a.players - 1);
            }
            if let Some(path) = &a.save {
                if path.exists() {
                    bail!(
                        "--save {}: the file exists (resume it with --resume, or choose another name)",
                        path.display()
                    );
                }
            }
            let mut spec = tournament_spec(&a.bots, a.players, SeatingArg::Fixed, a.model, "play")?;
            apply_set(&mut spec, &a.set);
            spec.bots.truncate(1);
            let mut policy = ExecPolicy::typed(a.allow_exec);
            let plan = resolve_with(&spec, &a.bots_dir, &mut policy)?;
            let names = split_bots(&a.bots)?;
            if names.len() > a.players as usize - 1 {
                bail!(
                    "--bots {}: {} bots for {} other seats",
                    a.bots,
                    names.len(),
                    a.players - 1
                );
            }
            let bots = seat_bots(&names, a.players, a.seat, &a.bots_dir, &mut policy)?;
            announce(&policy);
            let seed = a.seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_007)
            });
            let session = Session::new(plan.config(), a.seat, bots, seed)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            (session, a.save.clone())
        }
    };
    let seed = session.saved().seed;
    let options = PlayOptions {
        plain: a.plain,
        save,
        delay: Duration::from_millis(a.delay),
    };
    let finished = play::run(session, &options).map_err(anyhow::Error::msg)?;
    if !a.plain {
        match (&options.save, finished) {
            (Some(path), false) => outln!(
                "saved to {}: `silver play --resume {}` continues it",
                path.display(),
                path.display()
            )?,
            (None, false) => outln!("quit; not saved (no --save)")?,
            (_, true) => outln!("seed {seed}: `silver play --seed {seed}` deals this game again")?,
        }
    }
    Ok(ExitCode::SUCCESS)
}
