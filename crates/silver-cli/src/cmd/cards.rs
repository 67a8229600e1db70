//! `silver cards`: the built-in characters, tokens and ability kinds, or one set's characters.

use anyhow::Result;
use clap::Args;
use silver_sim::resolve_set;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct CardsArgs {
    /// List the 14 characters of this set instead (a set string or a card-set file).
    #[arg(long)]
    set: Option<String>,
}

pub(crate) fn cards_cmd(a: &CardsArgs) -> Result<ExitCode> {
    let text = match &a.set {
        Some(s) => resolve_set(s)?.listing(),
        None => silver_sim::list_cards(),
    };
    out!("{text}")?;
    Ok(ExitCode::SUCCESS)
}
