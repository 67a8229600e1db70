//! `silver verify DIR`: a run, merged run or sweep checked against its manifest.

use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct VerifyArgs {
    /// The run's (or sweep's) output directory.
    dir: PathBuf,
}

pub(crate) fn verify_cmd(a: &VerifyArgs) -> Result<ExitCode> {
    let v = silver_sim::verify_dir(&a.dir)?;
    let what = if v.runs.len() == 1 {
        "run".to_string()
    } else {
        format!("sweep of {} sets", v.runs.len())
    };
    let unfinished = match v.unfinished {
        0 => String::new(),
        n => format!(" ({n} unfinished, checked as far as it got)"),
    };
    outln!(
        "{}: {what} verified{unfinished}: {} games, {} files match the manifest",
        a.dir.display(),
        v.games,
        v.files
    )?;
    Ok(ExitCode::SUCCESS)
}
