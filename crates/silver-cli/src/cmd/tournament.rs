//! `silver tournament --bots A,B`: bots against each other without a spec file.

use super::resolve_typed;
use crate::args::{apply_common, tournament_spec, Common, ModelArg, SeatingArg};
use crate::execute::execute;
use anyhow::Result;
use clap::Args;
use silver_sim::Plan;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct TournamentArgs {
    /// Bots, comma-separated: profile names, kinds, or inline specs
    /// (`greedy,ismcts:iterations=1000,exploration=0.5`).
    #[arg(long)]
    bots: String,
    /// Players per game (2-4).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// How bots are seated.
    #[arg(long, value_enum, default_value = "all-seats")]
    seating: SeatingArg,
    /// Game model.
    #[arg(long, value_enum, default_value = "rounds")]
    model: ModelArg,
    /// Run name (the output directory defaults to results/NAME; without a name, to a
    /// directory named after the bots, players, set and seed).
    #[arg(long)]
    name: Option<String>,
    /// Test the first bot against the second and stop as soon as the test decides:
    /// `elo0=0,elo1=10[,alpha=0.05,beta=0.05][,vr=on]` (nElo bounds; --games is the cap;
    /// `vr=on`: the LLR of the variance-reduced block scores, implies --variance-reduction).
    #[arg(long, value_name = "elo0=E0,elo1=E1[,alpha=A,beta=B,vr=on]")]
    sprt: Option<String>,
    #[command(flatten)]
    common: Common,
}

pub(crate) fn tournament_cmd(a: &TournamentArgs) -> Result<ExitCode> {
    let name = a.name.as_deref().unwrap_or("tournament");
    let mut spec = tournament_spec(&a.bots, a.players, a.seating, a.model, name)?;
    spec.sprt = a.sprt.clone();
    apply_common(&mut spec, &a.common);
    let plan = resolve_typed(&spec, &a.common.bots_dir, a.common.allow_exec)?;
    let out = match &a.name {
        Some(n) => PathBuf::from("results").join(n),
        None => PathBuf::from("results").join(tournament_dir(&plan)),
    };
    execute(plan, &a.common, out)
}

/// The default output directory of a tournament without `--name`: named after its bots,
/// players, set and seed, so different tournaments do not overwrite each other (characters
/// other than letters, digits, `.`, `_` and `-` become `_`; a long name is cut and given the
/// plan's fingerprint).
fn tournament_dir(plan: &Plan) -> String {
    let clean = |t: &str| -> String {
        t.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || "._-".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    let bots: Vec<String> = plan.bot_names().iter().map(|b| clean(b)).collect();
    let tail = format!("{}p-{}-s{}", plan.players, clean(&plan.set.name), plan.seed);
    let name = format!("{}-{tail}", bots.join("-vs-"));
    if name.len() <= 100 {
        return name;
    }
    let head: String = bots.join("-vs-").chars().take(60).collect();
    format!("{head}-{tail}-{}", &plan.fingerprint()[..8])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn tournaments_without_a_name_get_their_own_directory() {
        let plan = |bots: &str, players: u8, seed: u64| {
            let mut spec =
                tournament_spec(bots, players, SeatingArg::AllSeats, ModelArg::Rounds, "t")
                    .unwrap();
            spec.seed = seed;
            silver_sim::resolve(
                &spec,
                Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots")),
            )
            .unwrap()
        };
        assert_eq!(
            tournament_dir(&plan("greedy,random", 2, 1)),
            "greedy-vs-random-2p-amulet-s1"
        );
        assert_eq!(
            tournament_dir(&plan("ismcts:iterations=100,greedy", 3, 9)),
            "ismcts_iterations_100-vs-greedy-3p-amulet-s9"
        );
        assert_ne!(
            tournament_dir(&plan("greedy,random", 2, 1)),
            tournament_dir(&plan("greedy,random", 2, 2))
        );
        let long = plan(
            "ismcts:iterations=100,exploration=0.4,ismcts:iterations=200,exploration=0.4,greedy",
            3,
            1,
        );
        let d = tournament_dir(&long);
        assert!(
            d.len() <= 100 && d.ends_with(&long.fingerprint()[..8]),
            "{d}"
        );
    }
}
