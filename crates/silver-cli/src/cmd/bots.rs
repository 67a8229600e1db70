//! `silver bots`: the built-in bot kinds and the profiles of the bots directory.

use anyhow::Result;
use clap::Args;
use silver_sim::ExecPolicy;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct BotsArgs {
    /// Where bot profiles are looked up.
    #[arg(long, default_value = "bots")]
    bots_dir: PathBuf,
    /// Print one bot's resolved parameters (a profile, a kind or an inline spec) as TOML.
    #[arg(long, value_name = "NAME")]
    show: Option<String>,
    /// Print the bot protocol's tables (the view's keys and every action kind, as markdown), as
    /// `docs/protocol.md` holds them.
    #[arg(long, conflicts_with = "show")]
    protocol_tables: bool,
}

pub(crate) fn bots_cmd(a: &BotsArgs) -> Result<ExitCode> {
    if a.protocol_tables {
        out!("{}", silver_bots::protocol_tables())?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(name) = &a.show {
        // Describing a bot starts nothing: any program may be shown.
        let (_, spec) =
            silver_sim::resolve_bot_with(name, &a.bots_dir, &mut ExecPolicy::typed(true))?;
        let base = name.split(':').next().unwrap_or(name).trim();
        let file = a.bots_dir.join(format!("{base}.toml"));
        let source = if file.is_file() {
            format!("profile {}", file.display())
        } else {
            "built-in kind".to_string()
        };
        outln!("# {name}: {source}, resolved")?;
        out!("{}", toml::to_string(&spec)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    outln!("built-in kinds: {}", silver_bots::KINDS.join(", "))?;
    let profiles = silver_sim::list_profiles(&a.bots_dir);
    if profiles.is_empty() {
        outln!("no profiles in {}", a.bots_dir.display())?;
    }
    for p in profiles {
        match silver_sim::resolve_bot_with(&p, &a.bots_dir, &mut ExecPolicy::typed(true)) {
            Ok((_, spec)) if silver_bots::KINDS.contains(&p.as_str()) => outln!(
                "{p:<16} {} (this profile is what `{p}` means here)",
                spec.kind()
            )?,
            Ok((_, spec)) => outln!("{p:<16} {}", spec.kind())?,
            Err(e) => outln!("{p:<16} INVALID: {}", silver_sim::message(&e))?,
        }
    }
    Ok(ExitCode::SUCCESS)
}
