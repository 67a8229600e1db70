//! `silver merge --out DIR SHARD...`: the directories of a sharded run joined into one.

use super::{anchor_index, comparisons};
use anyhow::Result;
use clap::Args;
use silver_sim::{merge, read_manifest, summary_table};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct MergeArgs {
    /// Output directory for the merged files.
    #[arg(long)]
    out: PathBuf,
    /// Replace a finished run in the output directory.
    #[arg(long)]
    force: bool,
    /// Rate this bot 0 in the printed ratings (default: the mean of the bots with a rating;
    /// the files always use the mean).
    #[arg(long, value_name = "BOT")]
    anchor: Option<String>,
    /// The shard directories.
    #[arg(required = true)]
    shards: Vec<PathBuf>,
}

pub(crate) fn merge_cmd(a: &MergeArgs) -> Result<ExitCode> {
    for d in &a.shards {
        let m = read_manifest(d)?;
        anchor_index(&m.bots, a.anchor.as_deref())?;
    }
    let m = merge(&a.out, &a.shards, a.force)?;
    let set = m.card_set()?;
    out!("{}", set.summary_lines())?;
    out!("{}", summary_table(&m.stats, &m.bots))?;
    out!("{}", comparisons(&m.stats, &m.bots, a.anchor.as_deref())?)?;
    outln!(
        "merged {} shards ({} games) into {}",
        a.shards.len(),
        m.stats.games,
        a.out.display()
    )?;
    Ok(ExitCode::SUCCESS)
}
