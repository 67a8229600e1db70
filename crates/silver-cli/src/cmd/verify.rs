//! `silver verify DIR`: a run, merged run, sweep or design card checked against its manifest.

use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct VerifyArgs {
    /// The run's (or sweep's, or design card's) output directory.
    dir: PathBuf,
}

pub(crate) fn verify_cmd(a: &VerifyArgs) -> Result<ExitCode> {
    let v = silver_sim::verify_dir(&a.dir)?;
    let what = match v.arms {
        Some(arms) => format!("design card of {arms} arms"),
        None if v.runs.len() == 1 => "run".to_string(),
        None => format!("sweep of {} sets", v.runs.len()),
    };
    let unfinished = match (v.unfinished, v.arms) {
        (0, _) => String::new(),
        (n, Some(arms)) => format!(
            " ({} of {arms} arms done, checked as far as it got)",
            arms - n
        ),
        (n, None) => format!(" ({n} unfinished, checked as far as it got)"),
    };
    outln!(
        "{}: {what} verified{unfinished}: {} games, {} files match the manifest",
        a.dir.display(),
        v.games,
        v.files
    )?;
    Ok(ExitCode::SUCCESS)
}
