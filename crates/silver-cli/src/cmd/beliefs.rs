//! `silver beliefs`: belief diagnostics of an `ismcts` bot with belief-weighted worlds
//! (`belief.worlds > 0`). The bot plays seat 0 of seeded games against the other seats'
//! bots; after each of its decisions the omniscient lens scores how probable the true hidden
//! cards were under the worlds its search used, against the uniform worlds of its information
//! set ([`silver_bots::IsmctsBot::belief_score`]). Every scored decision is a row of the CSV
//! (`--out`); the summary by turn band goes to standard output, its gains with 95% intervals
//! over games as the units.

use super::{announce, replay_game};
use crate::args::{apply_set, split_bots, tournament_spec, ModelArg, SeatingArg};
use crate::stdout_error;
use anyhow::{bail, Context, Result};
use clap::Args;
use silver_bots::seeds::GameSeeds;
use silver_bots::{BeliefScore, BotSpec, Match, Player, SeatSet};
use silver_rules::Seat;
use silver_sim::{resolve_bot_with, resolve_with, ExecPolicy, Plan};
use silver_stats::interval::{ratio, ratio_deviations, se, Est};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub(crate) struct BeliefsArgs {
    /// The bot at seat 0: an `ismcts` bot with `belief.worlds > 0` (an inline spec such as
    /// `ismcts:belief.worlds=16`, or a profile of the bots directory).
    #[arg(long)]
    bot: String,
    /// The bots of the other seats, comma-separated, taking seats 1, 2, ... in order
    /// (cycling: one bot fills them all).
    #[arg(long, default_value = "greedy")]
    opponents: String,
    /// Players (2-4).
    #[arg(long, default_value_t = 3)]
    players: u8,
    /// Card set (a set string or a card-set file; default amulet).
    #[arg(long)]
    set: Option<String>,
    /// Games, played one after another (game g's round 1 starts at seat g mod players).
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// Master seed of the deals and the bots.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write a row per scored decision to this CSV file (a new file: an existing one is never
    /// replaced). Without it, only the summary is printed.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Where bot profiles are looked up.
    #[arg(long, default_value = "bots")]
    bots_dir: PathBuf,
    /// Let exec bots named in files (a bot profile) start their programs; each command is
    /// printed before it starts. Without it they are refused.
    #[arg(long)]
    allow_exec: bool,
}

/// The CSV's columns.
const HEADER: [&str; 10] = [
    "game",
    "round",
    "turn",
    "cards",
    "known_cards",
    "uniform",
    "belief",
    "known_uniform",
    "known_belief",
    "acceptance",
];

/// Decimals of the CSV's and the summary's floats (fixed, so the output is byte-stable).
const DECIMALS: usize = 6;

/// The summary's turn bands: first turn, last turn (inclusive), label.
const BANDS: [(u16, u16, &str); 4] = [
    (0, 4, "0-4"),
    (5, 9, "5-9"),
    (10, 19, "10-19"),
    (20, u16::MAX, "20+"),
];

/// One scored decision of seat 0.
struct Row {
    game: u64,
    round: u16,
    turn: u16,
    score: BeliefScore,
}

pub(crate) fn beliefs_cmd(a: &BeliefsArgs) -> Result<ExitCode> {
    if !(2..=4).contains(&a.players) {
        bail!("--players {}: 2, 3 or 4", a.players);
    }
    if a.games == 0 {
        bail!("--games 0: at least one game");
    }
    if let Some(out) = &a.out {
        refuse_existing(out)?;
    }
    let (plan, seats) = resolve(a)?;
    let mut rows = Vec::new();
    for g in 0..a.games {
        let game = replay_game(
            &plan,
            g,
            std::panic::AssertUnwindSafe(|| play(&plan, &seats, g)),
        )??;
        rows.extend(game);
    }
    if let Some(out) = &a.out {
        write_csv(out, &rows).with_context(|| format!("--out {}", out.display()))?;
    }
    let opponents = split_bots(&a.opponents)?;
    let seating: Vec<String> = std::iter::once(&plan.bots[0].name)
        .chain(opponents.iter().cycle())
        .take(usize::from(a.players))
        .enumerate()
        .map(|(s, name)| format!("seat {s} {name}"))
        .collect();
    let text = format!(
        "{}\n{} players, set {}, {} games from seed {}\n{}",
        seating.join("  |  "),
        a.players,
        plan.set.name,
        a.games,
        a.seed,
        summary(&rows, a.games)
    );
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        .map_err(stdout_error)?;
    Ok(ExitCode::SUCCESS)
}

/// An existing output file is refused before any game is played (and again when it is
/// written: the file is created only if it is still absent).
fn refuse_existing(out: &Path) -> Result<()> {
    if out.exists() {
        bail!(
            "--out {}: the file exists (choose another name; it is never replaced)",
            out.display()
        );
    }
    Ok(())
}

/// The plan of the games (seat 0's bot, the set and the configuration) and every seat's spec,
/// seat 0's checked to be a belief searcher.
fn resolve(a: &BeliefsArgs) -> Result<(Plan, Vec<BotSpec>)> {
    if split_bots(&a.bot)?.len() != 1 {
        bail!("--bot {}: one bot (the others are --opponents)", a.bot);
    }
    let mut spec = tournament_spec(
        &a.bot,
        a.players,
        SeatingArg::Fixed,
        ModelArg::Rounds,
        "beliefs",
    )?;
    apply_set(&mut spec, &a.set);
    spec.games = a.games;
    spec.seed = a.seed;
    let mut policy = ExecPolicy::typed(a.allow_exec);
    let plan = resolve_with(&spec, &a.bots_dir, &mut policy)?;
    let searcher = &plan.bots[0];
    if !matches!(&searcher.spec, BotSpec::Ismcts(p) if p.belief.worlds > 0) {
        bail!(
            "--bot {}: silver beliefs needs an ismcts bot with belief.worlds > 0",
            searcher.name
        );
    }
    let names = split_bots(&a.opponents)?;
    let others = usize::from(a.players - 1);
    if names.len() > others {
        bail!(
            "--opponents {}: {} bots for {others} other seats",
            a.opponents,
            names.len()
        );
    }
    let mut seats = vec![searcher.spec.clone()];
    for name in names.iter().cycle().take(others) {
        let (_, spec) = resolve_bot_with(name, &a.bots_dir, &mut policy)
            .map_err(|e| anyhow::anyhow!(silver_sim::message(&e)))?;
        seats.push(spec);
    }
    announce(&policy);
    Ok((plan, seats))
}

/// Plays game `g` (its deal and the bots' streams from the master seed and `g`, round 1
/// started by seat `g mod players`): seat 0's scored decisions.
fn play(plan: &Plan, specs: &[BotSpec], g: u64) -> Result<Vec<Row>> {
    let seeds = GameSeeds::new(plan.seed, g, g, plan.players);
    let mut seats: Vec<Player> = specs.iter().map(Player::from_spec).collect();
    let first = (g % u64::from(plan.players)) as Seat;
    let mut m = Match::new(plan.config(), first, &mut seats, seeds.deals, seeds.bots)?;
    let mut rows = Vec::new();
    while m.step_until(SeatSet::only(0), &mut ()).is_some() {
        let truth = *m.game();
        let view = truth.view(0);
        m.play_turn(&mut ())?;
        let Player::Ismcts(bot) = &m.players()[0] else {
            bail!("seat 0 is not the ismcts bot");
        };
        if let Some(score) = bot.belief_score(&view, &truth) {
            rows.push(Row {
                game: g,
                round: truth.round(),
                turn: truth.turn_number(),
                score,
            });
        }
    }
    Ok(rows)
}

/// Writes the rows to `out`, a new file.
fn write_csv(out: &Path, rows: &[Row]) -> Result<()> {
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(out)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => {
                anyhow::anyhow!("the file exists (choose another name; it is never replaced)")
            }
            _ => anyhow::Error::new(e),
        })?;
    let mut w = csv::Writer::from_writer(file);
    w.write_record(HEADER)?;
    let f = |x: f64| format!("{x:.DECIMALS$}");
    for r in rows {
        let s = &r.score;
        w.write_record([
            r.game.to_string(),
            r.round.to_string(),
            r.turn.to_string(),
            s.cards.to_string(),
            s.known_cards.to_string(),
            f(s.uniform),
            f(s.belief),
            f(s.known_uniform),
            f(s.known_belief),
            f(s.acceptance),
        ])?;
    }
    w.flush()?;
    Ok(())
}

/// The summary by turn band (and over all turns): scored decisions; of those, the decisions
/// with a card some opponent knew, the mean `known_uniform` and `known_belief` over them, and
/// the mean gain `known_belief − known_uniform` per such decision with its 95% interval, a
/// ratio of per-game sums (games are the units, `games` of them, those without such a decision
/// in the band included) with the normal interval of its linearised deviations.
fn summary(rows: &[Row], games: u64) -> String {
    let mut out = format!(
        "{:<6}  {:>9}  {:>6}  {:>13}  {:>12}  {:>9}  {:>21}  {:>10}\n",
        "turns",
        "decisions",
        "known",
        "known_uniform",
        "known_belief",
        "gain",
        "95% CI (games)",
        "acceptance"
    );
    let all = (0, u16::MAX, "all");
    for (low, high, label) in BANDS.into_iter().chain([all]) {
        let band: Vec<&Row> = rows
            .iter()
            .filter(|r| (low..=high).contains(&r.turn))
            .collect();
        let known: Vec<&BeliefScore> = band
            .iter()
            .map(|r| &r.score)
            .filter(|s| s.known_cards > 0)
            .collect();
        let k = known.len() as f64;
        let mean = |x: fn(&BeliefScore) -> f64| ratio(known.iter().map(|s| x(s)).sum(), k);
        // Per game: the sum of the gains and the number of decisions.
        let mut yx = vec![(0.0, 0.0); usize::try_from(games).unwrap_or(usize::MAX)];
        for r in band.iter().filter(|r| r.score.known_cards > 0) {
            if let Some(b) = usize::try_from(r.game).ok().and_then(|g| yx.get_mut(g)) {
                b.0 += r.score.known_belief - r.score.known_uniform;
                b.1 += 1.0;
            }
        }
        let acceptance = ratio(
            band.iter().map(|r| r.score.acceptance).sum(),
            band.len() as f64,
        );
        let (gain, interval) = if known.is_empty() {
            ("-".to_string(), "-".to_string())
        } else {
            let gain = gain_estimate(&yx);
            let interval = if gain.low.is_finite() {
                format!("{:.4} to {:.4}", gain.low, gain.high)
            } else {
                "(no interval)".to_string()
            };
            (format!("{:.4}", gain.value), interval)
        };
        let (known_uniform, known_belief) = if known.is_empty() {
            ("-".to_string(), "-".to_string())
        } else {
            (
                format!("{:.4}", mean(|s| s.known_uniform)),
                format!("{:.4}", mean(|s| s.known_belief)),
            )
        };
        let acceptance = if band.is_empty() {
            "-".to_string()
        } else {
            format!("{acceptance:.3}")
        };
        out.push_str(&format!(
            "{label:<6}  {:>9}  {:>6}  {known_uniform:>13}  {known_belief:>12}  {gain:>9}  {interval:>21}  {acceptance:>10}\n",
            band.len(),
            known.len(),
        ));
    }
    out.push_str(
        "log-probability per unseen card some opponent knew (nats; 0 is certainty): uniform \
         worlds vs the search's; gain = belief - uniform per decision\n",
    );
    out
}

/// The ratio Σy/Σx over games (`yx[g]`: game g's sum of gains and number of decisions) with
/// the normal 95% interval of its linearised deviations (unknown with fewer than two games).
fn gain_estimate(yx: &[(f64, f64)]) -> Est {
    let (sy, sx) = yx.iter().fold((0.0, 0.0), |(a, b), &(y, x)| (a + y, b + x));
    let value = ratio(sy, sx);
    if yx.len() < 2 || sx == 0.0 {
        return Est {
            value,
            low: f64::NAN,
            high: f64::NAN,
        };
    }
    Est::normal(value, se(ratio_deviations(yx).into_iter()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(game: u64, turn: u16, known_uniform: f64, known_belief: f64) -> Row {
        Row {
            game,
            round: 1,
            turn,
            score: BeliefScore {
                cards: 10,
                known_cards: 2,
                uniform: -2.0,
                belief: -1.9,
                known_uniform,
                known_belief,
                acceptance: 0.5,
            },
        }
    }

    /// The gain is a ratio over games (a game with more decisions weighs more), its interval
    /// the normal one of the games' linearised deviations.
    #[test]
    fn gain_is_a_ratio_over_games() {
        let e = gain_estimate(&[(0.3, 1.0), (0.2, 2.0), (0.0, 0.0), (0.5, 1.0)]);
        assert!((e.value - 0.25).abs() < 1e-12);
        // Deviations (y − 0.25x)/1: 0.05, −0.3, 0, 0.25; se = sqrt(Σz²/(n(n−1))).
        let se = ((0.05f64.powi(2) + 0.09 + 0.0625) / 12.0).sqrt();
        assert!((e.high - e.value - silver_stats::interval::Z * se).abs() < 1e-12);
        assert!(gain_estimate(&[(0.3, 1.0)]).low.is_nan());
    }

    #[test]
    fn summary_has_a_line_per_band() {
        let rows = [
            row(0, 1, -2.0, -1.5),
            row(1, 12, -2.0, -1.0),
            row(1, 3, -3.0, -3.0),
        ];
        let s = summary(&rows, 2);
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines.len(), 7, "{s}");
        assert!(
            lines[1].starts_with("0-4") && lines[1].contains("0.2500"),
            "{s}"
        );
        assert!(
            lines[2].starts_with("5-9") && lines[2].contains(" - "),
            "{s}"
        );
        assert!(
            lines[5].starts_with("all") && lines[5].contains("0.5000"),
            "{s}"
        );
    }
}
