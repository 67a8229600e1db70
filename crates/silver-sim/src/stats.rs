//! Statistics that accumulate in integers, merge by addition (blocks, shards, resumed runs),
//! and turn into `summary.csv`, `cards.csv` and the terminal table.

use crate::interval::wilson;
use crate::output::{csv_header, CsvRow};
use crate::pairs::PairTable;
use crate::sets::NamedSet;
use serde::{Deserialize, Serialize};
use silver_rules::VALUES;

/// Per-bot counts (over seat-games: a bot in two seats of one game counts twice).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotStats {
    /// Seat-games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Sum of final totals.
    pub total_sum: i64,
    /// Sum of squared final totals.
    pub total_sq: u64,
    /// Rounds played.
    pub rounds: u64,
    /// Sum of round scores.
    pub round_score_sum: i64,
    /// Sum of squared round scores.
    #[serde(default)]
    pub round_score_sq: u64,
    /// Census calls.
    pub census_calls: u64,
    /// Successful census calls (caller lowest, ties included).
    pub census_success: u64,
    /// Seat-games forfeited (a bot program's failure with `on_error = "forfeit"`): counted
    /// in `games`, never won.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub forfeits: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl BotStats {
    /// Mean final total and its sample standard deviation.
    pub fn total_mean_sd(&self) -> (f64, f64) {
        let mean = ratio(self.total_sum as f64, self.games);
        let var = (ratio(self.total_sq as f64, self.games) - mean * mean).max(0.0);
        let sd = if self.games > 1 {
            (var * self.games as f64 / (self.games - 1) as f64).sqrt()
        } else {
            0.0
        };
        (mean, sd)
    }
}

/// Per-seat counts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStats {
    /// Games.
    pub games: u64,
    /// Wins.
    pub wins: u64,
}

/// Per-value card counts (card-set balance).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardStats {
    /// Drawn from the deck or the display.
    pub drawn: u64,
    /// Discarded straight after being drawn.
    pub discarded: u64,
    /// Its discard ability was used.
    pub ability_used: u64,
    /// Entered a village by an exchange.
    pub exchanged_in: u64,
    /// Left a village by an exchange.
    pub exchanged_out: u64,
    /// In a village when the round ended.
    pub in_village_at_end: u64,
    /// Player-rounds in which the player used this value's ability.
    pub used_rounds: u64,
    /// Sum of those players' round scores.
    pub used_score_sum: i64,
    /// Player-rounds in which the player did not.
    pub unused_rounds: u64,
    /// Sum of those players' round scores.
    pub unused_score_sum: i64,
}

/// Census calls and successes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CensusCell {
    /// Calls.
    pub calls: u64,
    /// Successes.
    pub success: u64,
}

/// Everything a run accumulates.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Rounds played.
    pub rounds: u64,
    /// Completed turns, summed over rounds.
    pub turns: u64,
    /// Squared completed turns of each round, summed over rounds.
    #[serde(default)]
    pub turns_sq: u64,
    /// Games won by the player who started the game (took round 1's first turn).
    #[serde(default)]
    pub start_player_wins: u64,
    /// Rounds by end reason: census, deck, villagers, turn cap.
    pub round_end: [u64; 4],
    /// Per bot (index of the plan's bots).
    pub bots: Vec<BotStats>,
    /// Per seat.
    pub seats: Vec<SeatStats>,
    /// Per value 0–13.
    pub cards: Vec<CardStats>,
    /// Census calls by completed turns in the round before the call.
    pub census_by_turn: Vec<CensusCell>,
    /// Census calls by the caller's true sum.
    pub census_by_sum: Vec<CensusCell>,
    /// Head-to-head sums over blocks (ratings, crosstables and SPRT use them).
    #[serde(default)]
    pub pairs: PairTable,
}

fn add_cells(a: &mut Vec<CensusCell>, b: &[CensusCell]) {
    if a.len() < b.len() {
        a.resize(b.len(), CensusCell::default());
    }
    for (x, y) in a.iter_mut().zip(b) {
        x.calls += y.calls;
        x.success += y.success;
    }
}

impl Stats {
    /// Empty statistics for `bots` bots and `seats` seats.
    pub fn new(bots: usize, seats: usize) -> Stats {
        Stats {
            bots: vec![BotStats::default(); bots],
            seats: vec![SeatStats::default(); seats],
            cards: vec![CardStats::default(); VALUES],
            ..Stats::default()
        }
    }

    /// Records a census call.
    pub fn census(&mut self, turn: u16, sum: i32, success: bool) {
        for (v, k) in [
            (&mut self.census_by_turn, turn as usize),
            (&mut self.census_by_sum, sum.max(0) as usize),
        ] {
            if v.len() <= k {
                v.resize(k + 1, CensusCell::default());
            }
            v[k].calls += 1;
            v[k].success += success as u64;
        }
    }

    /// Ends a scheduler block (whole deals): its last deal's comparisons join the sums.
    pub(crate) fn end_block(&mut self) {
        self.pairs.close();
    }

    /// Adds another run's statistics (same plan).
    pub fn merge(&mut self, o: &Stats) {
        self.games += o.games;
        self.rounds += o.rounds;
        self.turns += o.turns;
        self.turns_sq += o.turns_sq;
        self.start_player_wins += o.start_player_wins;
        for i in 0..4 {
            self.round_end[i] += o.round_end[i];
        }
        if self.bots.len() < o.bots.len() {
            self.bots.resize(o.bots.len(), BotStats::default());
        }
        for (a, b) in self.bots.iter_mut().zip(&o.bots) {
            a.games += b.games;
            a.wins += b.wins;
            a.total_sum += b.total_sum;
            a.total_sq += b.total_sq;
            a.rounds += b.rounds;
            a.round_score_sum += b.round_score_sum;
            a.round_score_sq += b.round_score_sq;
            a.forfeits += b.forfeits;
            a.census_calls += b.census_calls;
            a.census_success += b.census_success;
        }
        if self.seats.len() < o.seats.len() {
            self.seats.resize(o.seats.len(), SeatStats::default());
        }
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.games += b.games;
            a.wins += b.wins;
        }
        if self.cards.len() < o.cards.len() {
            self.cards.resize(o.cards.len(), CardStats::default());
        }
        for (a, b) in self.cards.iter_mut().zip(&o.cards) {
            a.drawn += b.drawn;
            a.discarded += b.discarded;
            a.ability_used += b.ability_used;
            a.exchanged_in += b.exchanged_in;
            a.exchanged_out += b.exchanged_out;
            a.in_village_at_end += b.in_village_at_end;
            a.used_rounds += b.used_rounds;
            a.used_score_sum += b.used_score_sum;
            a.unused_rounds += b.unused_rounds;
            a.unused_score_sum += b.unused_score_sum;
        }
        add_cells(&mut self.census_by_turn, &o.census_by_turn);
        add_cells(&mut self.census_by_sum, &o.census_by_sum);
        self.pairs.merge(&o.pairs);
    }
}

/// [`silver_stats::ratio`] over a count.
fn ratio(a: f64, b: u64) -> f64 {
    silver_stats::ratio(a, b as f64)
}

/// Formats a float for CSV with fixed precision (deterministic output; [`CsvRow::float`]
/// writes the same).
pub fn f(x: f64) -> String {
    format!("{x:.4}")
}

/// `summary.csv`: one row per bot, then one per seat.
pub fn summary_csv(stats: &Stats, bot_names: &[String], set: &str) -> Vec<u8> {
    let mut out = csv_header(&[
        "set",
        "kind",
        "name",
        "games",
        "wins",
        "win_rate",
        "win_rate_low95",
        "win_rate_high95",
        "mean_total",
        "sd_total",
        "mean_round_score",
        "census_calls",
        "census_success_rate",
    ]);
    for (i, b) in stats.bots.iter().enumerate() {
        let (lo, hi) = wilson(b.wins, b.games);
        let (mean, sd) = b.total_mean_sd();
        CsvRow::new(&mut out)
            .text(set)
            .text("bot")
            .text(bot_names.get(i).map_or("", String::as_str))
            .count(b.games)
            .count(b.wins)
            .float(ratio(b.wins as f64, b.games))
            .float(lo)
            .float(hi)
            .float(mean)
            .float(sd)
            .float(ratio(b.round_score_sum as f64, b.rounds))
            .count(b.census_calls)
            .float(ratio(b.census_success as f64, b.census_calls))
            .end();
    }
    for (s, st) in stats.seats.iter().enumerate() {
        let (lo, hi) = wilson(st.wins, st.games);
        CsvRow::new(&mut out)
            .text(set)
            .text("seat")
            .count(s as u64)
            .count(st.games)
            .count(st.wins)
            .float(ratio(st.wins as f64, st.games))
            .float(lo)
            .float(hi)
            .empty()
            .empty()
            .empty()
            .empty()
            .empty()
            .end();
    }
    out
}

/// `cards.csv`: per value and character (the set's own names, custom characters included).
pub fn cards_csv(stats: &Stats, set: &NamedSet) -> Vec<u8> {
    let mut out = csv_header(&[
        "set",
        "value",
        "character",
        "edition",
        "provenance",
        "drawn",
        "discarded",
        "ability_used",
        "exchanged_in",
        "exchanged_out",
        "in_village_at_end",
        "rounds_used",
        "mean_round_score_used",
        "rounds_not_used",
        "mean_round_score_not_used",
    ]);
    for (v, c) in stats.cards.iter().enumerate().take(VALUES) {
        CsvRow::new(&mut out)
            .text(&set.name)
            .count(v as u64)
            .text(&set.labels[v])
            .text(set.set.edition(v as u8).name())
            .text(set.provenance(v as u8).name())
            .count(c.drawn)
            .count(c.discarded)
            .count(c.ability_used)
            .count(c.exchanged_in)
            .count(c.exchanged_out)
            .count(c.in_village_at_end)
            .count(c.used_rounds)
            .float(ratio(c.used_score_sum as f64, c.used_rounds))
            .count(c.unused_rounds)
            .float(ratio(c.unused_score_sum as f64, c.unused_rounds))
            .end();
    }
    out
}

/// The plain-text summary table printed at the end of a run.
pub fn summary_table(stats: &Stats, bot_names: &[String]) -> String {
    let mut out = String::new();
    let width = bot_names.iter().map(|n| n.len()).max().unwrap_or(4).max(4);
    out.push_str(&format!(
        "{:<width$}  {:>9}  {:>7}  {:>17}  {:>14}  {:>13}\n",
        "bot", "games", "win %", "95% CI", "total (sd)", "census ok %"
    ));
    for (i, b) in stats.bots.iter().enumerate() {
        let (lo, hi) = wilson(b.wins, b.games);
        let (mean, sd) = b.total_mean_sd();
        out.push_str(&format!(
            "{:<width$}  {:>9}  {:>7.2}  {:>7.2} - {:>7.2}  {:>6.1} ({:>5.1})  {:>6.1} of {:<5}\n",
            bot_names.get(i).map(String::as_str).unwrap_or("?"),
            b.games,
            100.0 * ratio(b.wins as f64, b.games),
            100.0 * lo,
            100.0 * hi,
            mean,
            sd,
            100.0 * ratio(b.census_success as f64, b.census_calls),
            b.census_calls,
        ));
    }
    let seats: Vec<String> = stats
        .seats
        .iter()
        .enumerate()
        .map(|(s, st)| format!("{s}: {:.1}%", 100.0 * ratio(st.wins as f64, st.games)))
        .collect();
    out.push_str(&format!("seat win rates  {}\n", seats.join("  ")));
    let r = stats.rounds.max(1) as f64;
    out.push_str(&format!(
        "rounds {}  ({:.1} turns each; ended by census {:.1}%, deck {:.1}%, villagers {:.1}%, turn cap {:.2}%)\n",
        stats.rounds,
        stats.turns as f64 / r,
        100.0 * stats.round_end[0] as f64 / r,
        100.0 * stats.round_end[1] as f64 / r,
        100.0 * stats.round_end[2] as f64 / r,
        100.0 * stats.round_end[3] as f64 / r,
    ));
    // Capped rounds score as they stand: a statistic over them is not the game's.
    if stats.round_end[3] * 1000 > stats.rounds {
        out.push_str(&format!(
            "warning: {:.2}% of rounds hit the turn cap (more than 0.1%): they end unplayed and bias every statistic; see docs/rulings.md on the cap\n",
            100.0 * stats.round_end[3] as f64 / r
        ));
    }
    out
}

/// Census success by completed turns before the call (in buckets of `turn_bucket`) and by the
/// caller's true sum: the census-timing tables.
pub fn census_tables(stats: &Stats, turn_bucket: usize) -> String {
    let mut out = String::new();
    let row = |out: &mut String, label: String, c: CensusCell| {
        let (lo, hi) = wilson(c.success, c.calls);
        out.push_str(&format!(
            "{:>9}  {:>9}  {:>9}  {:>7.1}  {:>6.1} - {:>5.1}\n",
            label,
            c.calls,
            c.success,
            100.0 * ratio(c.success as f64, c.calls),
            100.0 * lo,
            100.0 * hi
        ));
    };
    out.push_str("census success by turn of the call (completed turns in the round before it)\n");
    out.push_str(&format!(
        "{:>9}  {:>9}  {:>9}  {:>7}  {:>14}\n",
        "turns", "calls", "successes", "rate %", "95% CI"
    ));
    let b = turn_bucket.max(1);
    for (i, chunk) in stats.census_by_turn.chunks(b).enumerate() {
        let c = chunk.iter().fold(CensusCell::default(), |a, x| CensusCell {
            calls: a.calls + x.calls,
            success: a.success + x.success,
        });
        if c.calls > 0 {
            let label = if b == 1 {
                format!("{}", i)
            } else {
                format!("{}-{}", i * b, i * b + b - 1)
            };
            row(&mut out, label, c);
        }
    }
    out.push_str("census success by the caller's true sum\n");
    out.push_str(&format!(
        "{:>9}  {:>9}  {:>9}  {:>7}  {:>14}\n",
        "sum", "calls", "successes", "rate %", "95% CI"
    ));
    for (sum, &c) in stats.census_by_sum.iter().enumerate() {
        if c.calls > 0 {
            row(&mut out, sum.to_string(), c);
        }
    }
    out
}
