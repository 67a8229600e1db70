//! The metrics of a set of a sweep: per-game integer counts (`game-metrics.csv`), and each
//! set's values with their intervals and its paired differences from the base set.

use super::BalancePlan;
use crate::interval::{mean_sd, paired, se, Est};
use crate::output::CsvRow;
use crate::plan::Plan;
use crate::stats::Stats;
use silver_rules::{Edition, Seat, VALUES};
use silver_stats::design::{block_ratio_estimate, block_share_estimate, paired_difference};
use silver_stats::metric::{win_spread, Metric};
use std::fs;
use std::ops::Range;
use std::path::Path;

// Per-game counts

/// One game's integer counts (a row of `game-metrics.csv`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameRow {
    /// Rounds played.
    pub rounds: u32,
    /// Player-rounds (rounds times players).
    pub player_rounds: u32,
    /// Sum of every player's round scores.
    pub score_sum: i64,
    /// Completed turns, summed over rounds.
    pub turns: u32,
    /// Census calls.
    pub census_calls: u32,
    /// Successful census calls.
    pub census_success: u32,
    /// 1 if the start player won.
    pub start_won: u32,
    /// The winner's bot (index into the plan's bots).
    pub winner_bot: u32,
    /// Ability uses per value.
    pub uses: [u32; VALUES],
    /// The game's chance luck as the reduced metrics' controls read it, in a sweep that
    /// measures luck (`variance_reduction`); `None` otherwise.
    pub luck: Option<RowLuck>,
}

/// One game's chance luck ([`silver_rules::Luck`]) as the variance-reduced metrics of
/// `balance.csv` read it, in fixed point; zero in expectation whatever the bots do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RowLuck {
    /// Σ over the seats of their luck in points, tenths of a point
    /// ([`silver_stats::LUCK_POINTS`]; positive: the cards revealed cost the table points it
    /// was not expected to lose): the control of the mean round score.
    pub points: i64,
    /// The start player's luck in places, thousandths of a place
    /// ([`silver_stats::LUCK_PLACES`]; positive: the cards put more seats ahead of it than
    /// expected): the control of the start player's win rate.
    pub start: i64,
}

impl RowLuck {
    /// Game `index` of `plan`'s luck per seat, read as the controls read it.
    pub fn of(
        plan: &Plan,
        index: u64,
        luck: &silver_stats::SeatLuck<{ silver_rules::MAX_PLAYERS }>,
    ) -> RowLuck {
        let n = plan.players as usize;
        // The start player, as the game loop draws it for the game's deal.
        let (first, _) =
            silver_bots::seeds::dealing(plan.seed, plan.slot(index).deal, plan.players);
        RowLuck {
            points: luck.points[..n].iter().sum(),
            start: luck.places[first as usize],
        }
    }
}

impl GameRow {
    /// The counts of one game's statistics.
    pub fn from_stats(s: &Stats) -> GameRow {
        GameRow {
            rounds: s.rounds as u32,
            player_rounds: s.bots.iter().map(|b| b.rounds).sum::<u64>() as u32,
            score_sum: s.bots.iter().map(|b| b.round_score_sum).sum(),
            turns: s.turns as u32,
            census_calls: s.bots.iter().map(|b| b.census_calls).sum::<u64>() as u32,
            census_success: s.bots.iter().map(|b| b.census_success).sum::<u64>() as u32,
            start_won: s.start_player_wins as u32,
            winner_bot: s.bots.iter().position(|b| b.wins > 0).unwrap_or(0) as u32,
            uses: std::array::from_fn(|v| s.cards.get(v).map_or(0, |c| c.ability_used) as u32),
            luck: None,
        }
    }
}

/// The header of `game-metrics.csv`, with the luck columns of a sweep that measures luck.
pub(crate) fn metrics_header(luck: bool) -> String {
    let mut h = String::from(
        "game,rounds,player_rounds,score_sum,turns,census_calls,census_success,start_won,winner_bot",
    );
    for v in 0..VALUES {
        h.push_str(&format!(",use_{v}"));
    }
    if luck {
        h.push_str(",luck_points,luck_start");
    }
    h.push('\n');
    h
}

/// `game-metrics.csv`: one row of counts per game, in game order; with the luck columns
/// (`luck_points`, `luck_start`) when the games carry luck (every game of a sweep that
/// measures it does).
pub fn metrics_csv(rows: &[GameRow]) -> Vec<u8> {
    let luck = rows.first().is_some_and(|r| r.luck.is_some());
    let mut out = metrics_header(luck).into_bytes();
    for (g, r) in rows.iter().enumerate() {
        let mut row = CsvRow::new(&mut out);
        row.count(g as u64)
            .num(r.rounds)
            .num(r.player_rounds)
            .num(r.score_sum)
            .num(r.turns)
            .num(r.census_calls)
            .num(r.census_success)
            .num(r.start_won)
            .num(r.winner_bot);
        for u in r.uses {
            row.num(u);
        }
        if let Some(l) = r.luck.filter(|_| luck) {
            row.num(l.points).num(l.start);
        }
        row.end();
    }
    out
}

/// Reads `game-metrics.csv`; `None` unless it holds exactly `games` rows in order.
pub fn read_metrics(path: &Path, games: u64) -> Option<Vec<GameRow>> {
    parse_metrics(&fs::read_to_string(path).ok()?, games)
}

/// A set's `game-metrics.csv`, checked against what its manifest vouches for: the length and
/// CRC-32 it records, exactly `games` rows in order, and the column sums against the set's
/// integer statistics (an edited row would otherwise reach `balance.csv`'s intervals), and
/// its luck in every row if `luck` (a sweep's set that measures it: its manifest names the
/// model), in none otherwise (a design card's arm keeps its luck in `design-games.csv`).
pub(crate) fn checked_metrics(
    dir: &Path,
    m: &crate::manifest::Manifest,
    luck: bool,
) -> Result<Vec<GameRow>, crate::error::RunError> {
    use crate::error::RunError;
    let name = crate::output::OutputFile::GameMetrics.name();
    let bad = |problem: String| RunError::Inconsistent {
        dir: dir.to_path_buf(),
        problem,
    };
    let (len, crc) = m
        .metrics
        .ok_or_else(|| bad(format!("the set's manifest records no {name}")))?;
    let bytes = crate::output::read_recorded(dir.join(name), len, crc)?;
    let games = m.stats.games;
    let rows = std::str::from_utf8(&bytes)
        .ok()
        .and_then(|t| parse_metrics(t, games))
        .ok_or_else(|| {
            bad(format!(
                "{name} does not hold {games} rows of counts in order"
            ))
        })?;
    let s = &m.stats;
    let sum = |f: &dyn Fn(&GameRow) -> i64| rows.iter().map(f).sum::<i64>();
    let mut checks: Vec<(String, i64, i64)> = vec![
        ("rounds".into(), sum(&|r| r.rounds as i64), s.rounds as i64),
        (
            "player-rounds".into(),
            sum(&|r| r.player_rounds as i64),
            s.bots.iter().map(|b| b.rounds as i64).sum(),
        ),
        (
            "round scores summing to".into(),
            sum(&|r| r.score_sum),
            s.bots.iter().map(|b| b.round_score_sum).sum(),
        ),
        ("turns".into(), sum(&|r| r.turns as i64), s.turns as i64),
        (
            "census calls".into(),
            sum(&|r| r.census_calls as i64),
            s.bots.iter().map(|b| b.census_calls as i64).sum(),
        ),
        (
            "successful census calls".into(),
            sum(&|r| r.census_success as i64),
            s.bots.iter().map(|b| b.census_success as i64).sum(),
        ),
        (
            "start-player wins".into(),
            sum(&|r| r.start_won as i64),
            s.start_player_wins as i64,
        ),
    ];
    for (b, bot) in s.bots.iter().enumerate() {
        checks.push((
            format!("wins of bot {b}"),
            sum(&|r| (r.winner_bot as usize == b) as i64),
            bot.wins as i64,
        ));
    }
    for v in 0..VALUES {
        checks.push((
            format!("uses of value {v}"),
            sum(&|r| r.uses[v] as i64),
            s.cards.get(v).map_or(0, |c| c.ability_used as i64),
        ));
    }
    // Luck in every row when it is expected there, in none otherwise.
    let lucky = rows.iter().filter(|r| r.luck.is_some()).count() as u64;
    let expected = if luck { games } else { 0 };
    if lucky != expected {
        return Err(bad(format!(
            "{name} carries chance luck in {lucky} of {games} rows, but {expected} should"
        )));
    }
    for (what, found, recorded) in checks {
        if found != recorded {
            return Err(bad(format!(
                "{name} gives {what} {found} but the manifest records {recorded}"
            )));
        }
    }
    Ok(rows)
}

/// Parses `game-metrics.csv` (with or without the luck columns); `None` unless it holds
/// exactly `games` rows in order.
fn parse_metrics(text: &str, games: u64) -> Option<Vec<GameRow>> {
    let (body, luck) = match text.strip_prefix(metrics_header(false).as_str()) {
        Some(body) => (body, false),
        None => (text.strip_prefix(metrics_header(true).as_str())?, true),
    };
    let width = 9 + VALUES + if luck { 2 } else { 0 };
    let mut rows = Vec::new();
    for (g, line) in body.lines().enumerate() {
        let f: Vec<i64> = line
            .split(',')
            .map(|x| x.parse().ok())
            .collect::<Option<_>>()?;
        if f.len() != width || f[0] != g as i64 {
            return None;
        }
        let u = |i: usize| u32::try_from(f[i]).ok();
        let mut uses = [0u32; VALUES];
        for (v, x) in uses.iter_mut().enumerate() {
            *x = u(9 + v)?;
        }
        rows.push(GameRow {
            rounds: u(1)?,
            player_rounds: u(2)?,
            score_sum: f[3],
            turns: u(4)?,
            census_calls: u(5)?,
            census_success: u(6)?,
            start_won: u(7)?,
            winner_bot: u(8)?,
            uses,
            luck: luck.then(|| RowLuck {
                points: f[9 + VALUES],
                start: f[10 + VALUES],
            }),
        });
    }
    (rows.len() as u64 == games).then_some(rows)
}

// ---------------------------------------------------------------------------------------------
// Running

/// A set's statistics and per-game counts.
pub struct SetData {
    /// The set's integer statistics.
    pub stats: Stats,
    /// Its per-game counts, in game order.
    pub rows: Vec<GameRow>,
}

/// One row of `balance.csv`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SetMetrics {
    /// Position in the sweep (0 = the base).
    pub index: usize,
    /// Canonical set name.
    pub set: String,
    /// The token.
    pub token: String,
    /// Swapped value and its edition (sets one value away from the base).
    pub swap: Option<(u8, Edition)>,
    /// Values whose character differs from the base's.
    pub changed: usize,
    /// Values whose character is not official (reconstructed or custom).
    pub unofficial: String,
    /// Games.
    pub games: u64,
    /// Rounds.
    pub rounds: u64,
    /// Census calls.
    pub census_calls: u64,
    /// Successful census calls.
    pub census_successes: u64,
    /// Mean round score per player-round.
    pub mean_round_score: Metric,
    /// Standard deviation of round scores, and its difference from the base.
    pub sd_round_score: (f64, f64),
    /// Mean completed turns per round.
    pub mean_round_turns: Metric,
    /// Standard deviation of round lengths, and its difference from the base.
    pub sd_round_turns: (f64, f64),
    /// Census calls per round.
    pub census_call_rate: Metric,
    /// Successful calls per call.
    pub census_success_rate: Metric,
    /// The start player's win rate.
    pub start_win_rate: Metric,
    /// Largest minus smallest win share among the distinct bots.
    pub win_spread: Metric,
    /// Ability uses per round, per value.
    pub uses: [Metric; VALUES],
    /// In a sweep that measures luck: the variance-reduced metrics, in [`CONTROLLED`]'s
    /// order; empty otherwise.
    pub reduced: Vec<ReducedMetric>,
}

/// A metric of `balance.csv` with a control: one game's numerator and denominator (the
/// plain metric's ratio Σy/Σx) and its control, chance luck in its natural unit.
pub struct ControlledMetric {
    /// The plain metric's column name.
    pub name: &'static str,
    /// One game's numerator.
    pub y: fn(&GameRow) -> f64,
    /// One game's denominator.
    pub x: fn(&GameRow) -> f64,
    /// One game's control, zero in expectation.
    pub c: fn(&RowLuck) -> f64,
}

/// The metrics of `balance.csv` that get a variance-reduced estimate, in its order, each with
/// the luck that moves it directly: the mean round score with the table's luck in points (Σ
/// over the seats of what the revealed cards added to their totals beyond expectation), and
/// the start player's win rate with the start player's luck in places. The others have none:
/// the round length, the census call and success rates and the ability uses have no luck of
/// their own (the table's luck in points, tried as the control of the round length and the
/// census rates, narrowed none of them by more than 4% in variance, median 0–2%; the census
/// caller's own luck is not kept per round); the sum of the seats' luck in places is 0 by construction; the standard
/// deviations and the win spread are not ratios of sums.
pub const CONTROLLED: [ControlledMetric; 2] = [
    ControlledMetric {
        name: "mean_round_score",
        y: |g| g.score_sum as f64,
        x: |g| g.player_rounds as f64,
        c: |l| l.points as f64 / silver_stats::LUCK_POINTS,
    },
    ControlledMetric {
        name: "start_win_rate",
        y: |g| g.start_won as f64,
        x: |_| 1.0,
        c: |l| l.start as f64 / silver_stats::LUCK_PLACES,
    },
];

/// A variance-reduced metric of one set ([`silver_stats::design::block_control_estimate`]
/// over blocks, a deal with its seat rotations), and its paired difference from the base's.
/// Unknown values are NaN (empty cells): no spread left in the blocks, or no luck in the
/// base's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReducedMetric {
    /// The plain metric's column name.
    pub name: &'static str,
    /// The reduced value with its 95% interval over blocks.
    pub value: Est,
    /// The plain estimate's variance over the reduced one's, from the same blocks.
    pub ratio: f64,
    /// This set's reduced value minus the base's, with the paired interval over the same
    /// blocks.
    pub diff: Est,
    /// The plain paired difference's interval width over the reduced one's, squared
    /// ([`silver_stats::design::width_ratio`]).
    pub diff_ratio: f64,
}

/// The games of each block of a sweep's `games` games in order: a deal with its seat
/// rotations (consecutive games, [`Plan::slot`]), the unit of every interval of
/// `balance.csv`.
pub(crate) fn blocks(plan: &Plan, games: usize) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    let mut deal = None;
    for g in 0..games {
        let d = plan.slot(g as u64).deal;
        match out.last_mut() {
            Some(b) if deal == Some(d) => b.end = g + 1,
            _ => out.push(g..g + 1),
        }
        deal = Some(d);
    }
    out
}

/// Each block's `(Σy, Σx)` of a plain ratio metric (a deal with its seat rotations a block).
pub fn plain_blocks(
    plan: &Plan,
    rows: &[GameRow],
    y: &dyn Fn(&GameRow) -> f64,
    x: &dyn Fn(&GameRow) -> f64,
) -> Vec<(f64, f64)> {
    blocks(plan, rows.len())
        .into_iter()
        .map(|b| {
            rows[b]
                .iter()
                .fold((0.0, 0.0), |(sy, sx), r| (sy + y(r), sx + x(r)))
        })
        .collect()
}

/// Each block's `(Σy, Σx, Σc)` of a controlled metric (a deal with its seat rotations a
/// block); `None` unless every game carries luck.
pub fn control_blocks(
    plan: &Plan,
    rows: &[GameRow],
    m: &ControlledMetric,
) -> Option<Vec<(f64, f64, f64)>> {
    blocks(plan, rows.len())
        .into_iter()
        .map(|b| {
            rows[b].iter().try_fold((0.0, 0.0, 0.0), |(sy, sx, sc), r| {
                let l = r.luck?;
                Some((sy + (m.y)(r), sx + (m.x)(r), sc + (m.c)(&l)))
            })
        })
        .collect()
}

/// A set's reduced metric from its blocks and the base's (the same deals in the same order):
/// the value, its variance ratio, and the paired difference with its own ratio against the
/// plain paired difference over the same blocks.
pub fn reduced_metric(
    name: &'static str,
    set: &[(f64, f64, f64)],
    base: &[(f64, f64, f64)],
) -> ReducedMetric {
    use silver_stats::design::{
        block_control_estimate, block_ratio_estimate, paired_difference, width_ratio,
    };
    let unknown = Est {
        value: f64::NAN,
        low: f64::NAN,
        high: f64::NAN,
    };
    let (a, b) = (block_control_estimate(set), block_control_estimate(base));
    let plain = |blocks: &[(f64, f64, f64)]| {
        block_ratio_estimate(&blocks.iter().map(|&(y, x, _)| (y, x)).collect::<Vec<_>>())
    };
    let (diff, diff_ratio) = match (&a, &b) {
        (Some(a), Some(b)) => {
            let d = paired_difference(&a.estimate, &b.estimate);
            (
                d,
                width_ratio(paired_difference(&plain(set), &plain(base)), d),
            )
        }
        _ => (unknown, f64::NAN),
    };
    ReducedMetric {
        name,
        value: a.as_ref().map_or(unknown, |a| a.estimate.est),
        ratio: a.as_ref().map_or(f64::NAN, |a| a.ratio),
        diff,
        diff_ratio,
    }
}

/// Every reduced metric of a set against the base ([`CONTROLLED`]'s order); empty unless
/// every game of both carries luck.
fn reduced_metrics(plan: &Plan, s: &SetData, b: &SetData) -> Vec<ReducedMetric> {
    CONTROLLED
        .iter()
        .map_while(|m| {
            let set = control_blocks(plan, &s.rows, m)?;
            let base = control_blocks(plan, &b.rows, m)?;
            Some(reduced_metric(m.name, &set, &base))
        })
        .collect()
}

/// Seats bot `b` takes in game `g` (from the plan's seating).
fn seats_of(plan: &Plan, g: u64, b: usize) -> u32 {
    let slot = plan.slot(g);
    (0..plan.players)
        .filter(|&s| plan.bot_at(slot, s as Seat) == b)
        .count() as u32
}

/// Win spread (largest minus smallest win share among the bots) and its deviations per block
/// (a deal with its seat rotations a block).
fn spread(data: &SetData, plan: &Plan) -> (f64, Vec<f64>) {
    let bots: Vec<(u64, u64)> = data.stats.bots.iter().map(|b| (b.wins, b.games)).collect();
    let blocks = blocks(plan, data.rows.len());
    // Bot b's share: y = its wins, x = its seat-games, block by block.
    win_spread(&bots, blocks.len(), |b, k| {
        blocks[k].clone().fold((0.0, 0.0), |(y, x), g| {
            let won = (data.rows[g].winner_bot as usize == b) as u32;
            (y + won as f64, x + seats_of(plan, g as u64, b) as f64)
        })
    })
}

/// The comparison row of set `i` against the base.
pub(crate) fn set_metrics(
    bp: &BalancePlan,
    i: usize,
    plan: &Plan,
    s: &SetData,
    b: &SetData,
) -> SetMetrics {
    let st = &s.stats;
    let player_rounds: u64 = st.bots.iter().map(|x| x.rounds).sum();
    let score_sum: i64 = st.bots.iter().map(|x| x.round_score_sum).sum();
    let score_sq: u64 = st.bots.iter().map(|x| x.round_score_sq).sum();
    let calls: u64 = st.bots.iter().map(|x| x.census_calls).sum();
    let success: u64 = st.bots.iter().map(|x| x.census_success).sum();
    // A ratio metric Σy/Σx over blocks (a share when `share`), with its interval and the
    // paired difference from the base's on the same blocks.
    let metric = |share: bool, y: &dyn Fn(&GameRow) -> f64, x: &dyn Fn(&GameRow) -> f64| {
        let est = |rows: &[GameRow]| {
            let yx = plain_blocks(plan, rows, y, x);
            if share {
                block_share_estimate(&yx)
            } else {
                block_ratio_estimate(&yx)
            }
        };
        let (a, base) = (est(&s.rows), est(&b.rows));
        Metric {
            value: a.est,
            diff: paired_difference(&a, &base),
        }
    };
    let (_, score_sd) = mean_sd(score_sum as f64, score_sq as f64, player_rounds);
    let (_, turns_sd) = mean_sd(st.turns as f64, st.turns_sq as f64, st.rounds);
    let base_sd = {
        let bs = &b.stats;
        let n: u64 = bs.bots.iter().map(|x| x.rounds).sum();
        let sum: i64 = bs.bots.iter().map(|x| x.round_score_sum).sum();
        let sq: u64 = bs.bots.iter().map(|x| x.round_score_sq).sum();
        (
            mean_sd(sum as f64, sq as f64, n).1,
            mean_sd(bs.turns as f64, bs.turns_sq as f64, bs.rounds).1,
        )
    };
    let score = |g: &GameRow| g.score_sum as f64;
    let prounds = |g: &GameRow| g.player_rounds as f64;
    let turns = |g: &GameRow| g.turns as f64;
    let rounds = |g: &GameRow| g.rounds as f64;
    let calls_f = |g: &GameRow| g.census_calls as f64;
    let success_f = |g: &GameRow| g.census_success as f64;
    let start_f = |g: &GameRow| g.start_won as f64;
    let one = |_: &GameRow| 1.0;
    let mean_round_score = metric(false, &score, &prounds);
    let mean_round_turns = metric(false, &turns, &rounds);
    let census_call_rate = metric(false, &calls_f, &rounds);
    let census_success_rate = metric(true, &success_f, &calls_f);
    let start_win_rate = metric(true, &start_f, &one);
    let (sp, sp_dev) = spread(s, plan);
    let (bsp, bsp_dev) = spread(b, plan);
    let sp_est = Est::normal(sp, se(sp_dev.iter().copied()));
    let win_spread = Metric {
        value: Est {
            value: sp,
            low: sp_est.low.clamp(0.0, 1.0),
            high: sp_est.high.clamp(0.0, 1.0),
        },
        diff: paired(sp, bsp, &sp_dev, &bsp_dev),
    };
    let uses: [Metric; VALUES] = std::array::from_fn(|v| {
        let y = move |g: &GameRow| g.uses[v] as f64;
        metric(false, &y, &rounds)
    });
    let sweep = &bp.sets[i];
    let (unofficial, token_unofficial) = sweep.set.set.unofficial();
    let mut unofficial: Vec<String> = unofficial.iter().map(|v| v.to_string()).collect();
    if token_unofficial {
        unofficial.push("token".into());
    }
    SetMetrics {
        index: i,
        set: sweep.name.clone(),
        token: sweep.set.set.token().name().to_string(),
        swap: sweep.swap,
        changed: sweep.changed,
        unofficial: unofficial.join(" "),
        games: st.games,
        rounds: st.rounds,
        census_calls: calls,
        census_successes: success,
        mean_round_score,
        sd_round_score: (score_sd, score_sd - base_sd.0),
        mean_round_turns,
        sd_round_turns: (turns_sd, turns_sd - base_sd.1),
        census_call_rate,
        census_success_rate,
        start_win_rate,
        win_spread,
        uses,
        reduced: reduced_metrics(plan, s, b),
    }
}
