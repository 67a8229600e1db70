//! `silver report DIR`: a finished run's (or sweep's, design card's or search's) page and tables.

use super::{anchor_index, comparisons};
use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use silver_sim::{read_manifest, summary_table};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Clone, Copy, ValueEnum)]
enum ReportFormat {
    /// The text tables, and the HTML page written to --html.
    Text,
    /// The page's tables as CSV (each after a `# id: title` line).
    Csv,
    /// The page's tables as one JSON object.
    Json,
}

#[derive(Args)]
pub(crate) struct ReportArgs {
    /// The run's (or sweep's, design card's or search's) output directory.
    dir: PathBuf,
    /// Where to write the HTML page (default: DIR/report.html).
    #[arg(long)]
    html: Option<PathBuf>,
    /// What to print.
    #[arg(long, value_enum, default_value = "text")]
    format: ReportFormat,
    /// Width of the turn buckets in the census table (1 or more).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..))]
    turn_bucket: u64,
    /// Rate this bot 0 in the printed ratings (default: the mean of the bots with a rating;
    /// the page and the files always use the mean).
    #[arg(long, value_name = "BOT")]
    anchor: Option<String>,
}

pub(crate) fn report_cmd(a: &ReportArgs) -> Result<ExitCode> {
    let search = a.dir.join("search.json").is_file();
    if a.anchor.is_some() && !a.dir.join("balance.json").is_file() && !search {
        anchor_index(&read_manifest(&a.dir)?.bots, a.anchor.as_deref())?;
    }
    let report = silver_report::build(&a.dir)?;
    match a.format {
        ReportFormat::Csv => {
            out!("{}", report.csv())?;
            return Ok(ExitCode::SUCCESS);
        }
        ReportFormat::Json => {
            outln!("{}", report.json())?;
            return Ok(ExitCode::SUCCESS);
        }
        ReportFormat::Text => {}
    }
    let html = a.html.clone().unwrap_or_else(|| a.dir.join("report.html"));
    // Never a page into a run's directory while another process writes there.
    let page_dir = html
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let _lock = silver_sim::lock_run_dir(page_dir)?;
    let tmp = html.with_extension("html.tmp");
    // The page replaces a regular file only: renaming over a FIFO, a symlink or a device
    // would replace it.
    for p in [&html, &tmp] {
        silver_sim::check_replaceable(p).with_context(|| p.display().to_string())?;
    }
    std::fs::write(&tmp, report.html()).with_context(|| tmp.display().to_string())?;
    std::fs::rename(&tmp, &html).with_context(|| html.display().to_string())?;
    // A sweep's, a design card's or a search's page is the whole report: there is no run to
    // summarise.
    if a.dir.join("balance.json").is_file() || a.dir.join("design.json").is_file() || search {
        outln!("report: {}", html.display())?;
        return Ok(ExitCode::SUCCESS);
    }
    let m = read_manifest(&a.dir)?;
    let set = m.card_set().with_context(|| a.dir.display().to_string())?;
    if !m.complete {
        note!(
            "note: this run is not complete ({} of {} blocks); figures cover the completed games",
            m.blocks_done,
            m.blocks_total
        );
    }
    out!("{}", set.summary_lines())?;
    out!("{}", summary_table(&m.stats, &m.bots))?;
    out!("{}", comparisons(&m.stats, &m.bots, a.anchor.as_deref())?)?;
    if let Some(t) = &m.sprt {
        out!("{}", t.summary(&m.stats.pairs, &m.bots))?;
    }
    outln!("games {}", m.stats.games)?;
    out!(
        "{}",
        silver_sim::census_tables(&m.stats, a.turn_bucket as usize)
    )?;
    outln!("report: {}", html.display())?;
    Ok(ExitCode::SUCCESS)
}
