//! `silver view`: a recorded game stepped through at the terminal table (crate
//! `silver-table`).

use super::{plan_of_run, replay_game};
use anyhow::{bail, Context, Result};
use clap::Args;
use silver_table::session::SavedGame;
use silver_table::timeline::Timeline;
use silver_table::view::{self, Lens};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct ViewArgs {
    /// A run's output directory (with --game), or a saved game or script file (JSON).
    source: PathBuf,
    /// The game of the run to watch.
    #[arg(long)]
    game: Option<u64>,
    /// Watch from this seat's information set (default: everything; switch with 0-3 and o).
    #[arg(long)]
    seat: Option<u8>,
    /// Plain text: the table after each command read from standard input.
    #[arg(long)]
    plain: bool,
    /// Let the exec bots of a run's manifest start their programs again to replay its game;
    /// each command is printed before it starts. Without it they are refused.
    #[arg(long)]
    allow_exec: bool,
}

pub(crate) fn view_cmd(a: &ViewArgs) -> Result<ExitCode> {
    let timeline = if a.source.is_dir() {
        let Some(game) = a.game else {
            bail!("{}: a run directory: give --game N", a.source.display());
        };
        // Replaying the game starts its bots again: programs the manifest names only with
        // --allow-exec.
        let plan = plan_of_run(&a.source, a.allow_exec)?;
        replay_game(
            &plan,
            game,
            std::panic::AssertUnwindSafe(|| Timeline::from_run(&plan, game)),
        )?
        .map_err(anyhow::Error::msg)?
    } else {
        if a.game.is_some() {
            bail!(
                "--game: only for a run directory ({} is a file)",
                a.source.display()
            );
        }
        let text =
            silver_sim::read_text(&a.source).with_context(|| a.source.display().to_string())?;
        match serde_json::from_str::<SavedGame>(&text) {
            Ok(saved) => Timeline::from_script(&saved.script, saved.seats),
            Err(_) => match serde_json::from_str::<silver_rules::Script>(&text) {
                Ok(script) => Timeline::from_script(&script, Vec::new()),
                Err(e) => bail!(
                    "{}: neither a saved game nor a script: {e}",
                    a.source.display()
                ),
            },
        }
        .map_err(|e| anyhow::anyhow!("{}: {e}", a.source.display()))?
    };
    let lens = match a.seat {
        None => Lens::All,
        Some(s) if (s as usize) < timeline.names.len() => Lens::Seat(s),
        Some(s) => bail!("--seat {s}: seats are 0-{}", timeline.names.len() - 1),
    };
    if a.plain {
        let stdin = std::io::stdin();
        let mut out = std::io::stdout().lock();
        view::plain(&timeline, lens, &mut stdin.lock(), &mut out).map_err(anyhow::Error::msg)?;
    } else {
        view::full_screen(&timeline, lens).map_err(anyhow::Error::msg)?;
    }
    Ok(ExitCode::SUCCESS)
}
