//! `silver run SPEC`: an experiment spec's run (or, with a `[balance]` table, its sweep).

use super::{balance, load_spec, resolve_file};
use crate::args::{apply_common, Common};
use crate::execute::execute;
use anyhow::{bail, Context, Result};
use clap::Args;
use silver_sim::resolve_set;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct RunArgs {
    /// The experiment spec.
    experiment: PathBuf,
    #[command(flatten)]
    common: Common,
}

pub(crate) fn run_cmd(a: &RunArgs) -> Result<ExitCode> {
    let mut spec = load_spec(&a.experiment)?;
    // A bad `--set` is the command line's error, not the file's.
    if let Some(s) = &a.common.set {
        resolve_set(s).context("--set")?;
    }
    if let (Some(_), Some(base)) = (
        &a.common.set,
        spec.balance.as_ref().and_then(|b| b.base.as_ref()),
    ) {
        bail!(
            "--set: {} names its own [balance] base ({base}), which --set would not change; edit base in the spec",
            a.experiment.display()
        );
    }
    apply_common(&mut spec, &a.common);
    if spec.balance.is_some() {
        return balance::run(spec, &a.experiment, &a.common);
    }
    // Errors in the spec's values (players, bots, set...) name the file.
    let plan = resolve_file(
        &spec,
        &a.experiment,
        &a.common.bots_dir,
        a.common.allow_exec,
    )?;
    let out = PathBuf::from("results").join(&plan.name);
    execute(plan, &a.common, out)
}
