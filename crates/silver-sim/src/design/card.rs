//! The card's metrics from its arms' [`super::DesignRow`]s: each metric's definition, unit and
//! value with its 95% interval over blocks, and in a sweep the paired difference from the
//! base set.
//!
//! The metrics are declared once, in [`METRICS`]: name, unit, the arm they read, the counts
//! they sum and how they are estimated. [`card_rows`] computes them, [`design_csv`] writes
//! them as `design.csv`, [`card_text`] prints them, and the docs' test checks that
//! `docs/guide/design.md` defines every one.
//!
//! Every metric is a ratio Σy/Σx of per-block sums of one arm's counts (a block is a deal: the
//! games of a deal are consecutive in an arm's game order). A metric whose arm the plan does
//! not have (no ladder pairing, no restricted values) has no row; a metric whose denominator
//! is 0 has the value 0 and no interval.

mod text;

pub use text::card_text;

use super::{ArmData, ArmKind, CardRow, DesignPlan, DesignRow, ReducedRow};
use crate::output::{csv_header, CsvRow};
use silver_rules::{RoundEnd, VALUES};
use silver_stats::design::{
    block_control_estimate, block_ratio_estimate, block_share_estimate, ladder_depth,
    paired_difference, BlockEstimate, Controlled,
};
use silver_stats::Est;

/// Which arm or arms of the card a metric reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// [`ArmKind::SelfPlay`].
    SelfPlay,
    /// [`ArmKind::PointsGame`].
    PointsGame,
    /// The pairing of the ladder's top rung with its bottom rung.
    LadderEnds,
    /// The pairing of the ladder's two top rungs.
    LadderTop,
    /// Every ladder pairing, one key each (`UPPER>LOWER`).
    LadderPairs,
    /// The pairings of adjacent rungs together, bottom first.
    LadderAdjacent,
    /// [`ArmKind::HiddenInformation`].
    HiddenInformation,
    /// [`ArmKind::Memory`].
    Memory,
    /// Every [`ArmKind::Restricted`] arm, one key each (the forbidden value).
    Restricted,
}

/// What one metric has a row for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    /// One row, key empty.
    One,
    /// One row per seat offset from the start player, `0`..`P−1`.
    SeatOffsets,
    /// One row per value, `0`..`13`.
    Values,
    /// One row per way a round ends: [`ROUND_ENDS`].
    RoundEnds,
    /// One row per arm of the source (a pairing's `UPPER>LOWER`, a restricted value).
    PerArm,
}

/// How a metric turns its sums Σy, Σx into its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Estimate {
    /// Σy/Σx ([`block_ratio_estimate`]).
    Ratio,
    /// 100·Σy/Σx, a share ([`block_share_estimate`]).
    Percent,
    /// 100·(Σy/Σx − ½), a finishing share as points above a half.
    PointsOverHalf,
    /// 100·(Σy/Σx − 1/P), a seat's share of wins as points above a fair share.
    PointsOverFair,
    /// [`ladder_depth`] of the adjacent pairings' finishing shares: value = the rungs shown
    /// ahead, low95 = the same, high95 = the rungs not shown behind.
    Depth,
}

/// Where a metric is printed on the card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// Skill gap, ladder depth, the ladder's win-rate matrix.
    Skill,
    /// The upset rate.
    Luck,
    /// Seat advantage per seat.
    Seats,
    /// Length, excitement, round ends, census.
    Shape,
    /// Hidden information and memory.
    Information,
    /// The per-value table.
    PerValue,
}

/// One metric of the card: one row of its declaration table.
#[derive(Clone, Copy, Debug)]
pub struct MetricDef {
    /// Name in `design.csv` and the docs.
    pub name: &'static str,
    /// Unit of its value.
    pub unit: &'static str,
    /// The arm or arms it reads.
    pub source: Source,
    /// What it has a row for.
    pub keys: Keys,
    /// How its value is estimated.
    pub estimate: Estimate,
    /// One game's `(y, x)` for the key at this index (seat offset, value or round end; 0
    /// otherwise).
    pub counts: fn(&DesignRow, usize) -> (u64, u64),
    /// One game's control variate for the key, in thousandths of a place, when the metric
    /// has one: chance luck, zero in expectation by construction ([`DesignRow::luck`]; `None`
    /// for a game without it). The variance-reduced estimate is `(Σy − βΣc)/Σx`.
    pub control: Option<fn(&DesignRow, usize) -> Option<i64>>,
    /// Where the card prints it.
    pub section: Section,
    /// Its label on the card.
    pub label: &'static str,
    /// Observational (biased by who holds what), labelled so on the card.
    pub observational: bool,
    /// One-line definition.
    pub definition: &'static str,
}

/// How rounds end, in [`DesignRow::round_end`]'s order: `round_end_share`'s keys are their
/// names.
pub const ROUND_ENDS: [RoundEnd; 4] = [
    RoundEnd::Census,
    RoundEnd::Deck,
    RoundEnd::Villagers,
    RoundEnd::TurnCap,
];

fn pair(r: &DesignRow, _: usize) -> (u64, u64) {
    (r.pair_w.into(), r.pair_n.into())
}

fn pair_luck(r: &DesignRow, _: usize) -> Option<i64> {
    r.luck.map(|l| l.pair)
}

/// Every metric of the card, in `design.csv`'s order.
pub const METRICS: [MetricDef; 19] = [
    MetricDef {
        name: "skill_gap",
        unit: "points",
        source: Source::LadderEnds,
        keys: Keys::One,
        estimate: Estimate::PointsOverHalf,
        counts: pair,
        control: Some(pair_luck),
        section: Section::Skill,
        label: "skill gap",
        observational: false,
        definition: "100·(finishing share of the top rung over the bottom rung − ½)",
    },
    MetricDef {
        name: "ladder_share",
        unit: "%",
        source: Source::LadderPairs,
        keys: Keys::PerArm,
        estimate: Estimate::Percent,
        counts: pair,
        control: Some(pair_luck),
        section: Section::Skill,
        label: "ladder share",
        observational: false,
        definition: "100 · finishing share of the upper rung over the lower",
    },
    MetricDef {
        name: "ladder_depth",
        unit: "rungs",
        source: Source::LadderAdjacent,
        keys: Keys::One,
        estimate: Estimate::Depth,
        counts: pair,
        control: None,
        section: Section::Skill,
        label: "ladder depth",
        observational: false,
        definition: "consecutive rungs from the bottom whose share over the rung below is \
                     significantly above ½ (high95: not significantly below)",
    },
    MetricDef {
        name: "upset_rate",
        unit: "%",
        source: Source::LadderTop,
        keys: Keys::One,
        estimate: Estimate::Percent,
        counts: |r, _| (r.pair_n.saturating_sub(r.pair_w).into(), r.pair_n.into()),
        control: Some(pair_luck),
        section: Section::Luck,
        label: "upset rate",
        observational: false,
        definition: "100 · share of comparisons the lower of the two top rungs finished ahead",
    },
    MetricDef {
        name: "seat_advantage",
        unit: "points",
        source: Source::SelfPlay,
        keys: Keys::SeatOffsets,
        estimate: Estimate::PointsOverFair,
        counts: |r, k| ((usize::from(r.winner_offset) == k).into(), 1),
        control: Some(|r, k| r.luck.map(|l| l.seats[k])),
        section: Section::Seats,
        label: "seat advantage",
        observational: false,
        definition: "100·(share of games won by the seat at that offset from the start \
                     player − 1/P)",
    },
    MetricDef {
        name: "lead_changes",
        unit: "per game",
        source: Source::SelfPlay,
        keys: Keys::One,
        estimate: Estimate::Ratio,
        counts: |r, _| (r.lead_changes.into(), 1),
        control: None,
        section: Section::Shape,
        label: "lead changes",
        observational: false,
        definition: "Σ lead changes between rounds / Σ games",
    },
    MetricDef {
        name: "decided_round",
        unit: "round",
        source: Source::SelfPlay,
        keys: Keys::One,
        estimate: Estimate::Ratio,
        counts: |r, _| (r.decided_round.into(), 1),
        control: None,
        section: Section::Shape,
        label: "decided round",
        observational: false,
        definition: "Σ decided round / Σ games: the mean round from which the winner led for good",
    },
    MetricDef {
        name: "rounds_per_points_game",
        unit: "rounds",
        source: Source::PointsGame,
        keys: Keys::One,
        estimate: Estimate::Ratio,
        counts: |r, _| (r.rounds.into(), 1),
        control: None,
        section: Section::Shape,
        label: "rounds per points game",
        observational: false,
        definition: "Σ rounds / Σ games of the points game",
    },
    MetricDef {
        name: "turns_per_round",
        unit: "turns",
        source: Source::SelfPlay,
        keys: Keys::One,
        estimate: Estimate::Ratio,
        counts: |r, _| (r.turns.into(), r.rounds.into()),
        control: None,
        section: Section::Shape,
        label: "turns per round",
        observational: false,
        definition: "Σ completed turns / Σ rounds",
    },
    MetricDef {
        name: "round_end_share",
        unit: "%",
        source: Source::SelfPlay,
        keys: Keys::RoundEnds,
        estimate: Estimate::Percent,
        counts: |r, k| (r.round_end[k].into(), r.rounds.into()),
        control: None,
        section: Section::Shape,
        label: "rounds ended by",
        observational: false,
        definition: "100 · Σ rounds ended so / Σ rounds",
    },
    MetricDef {
        name: "census_calls_per_round",
        unit: "calls",
        source: Source::SelfPlay,
        keys: Keys::One,
        estimate: Estimate::Ratio,
        counts: |r, _| (r.census_calls.into(), r.rounds.into()),
        control: None,
        section: Section::Shape,
        label: "census calls per round",
        observational: false,
        definition: "Σ census calls / Σ rounds",
    },
    MetricDef {
        name: "census_success_rate",
        unit: "%",
        source: Source::SelfPlay,
        keys: Keys::One,
        estimate: Estimate::Percent,
        counts: |r, _| (r.census_success.into(), r.census_calls.into()),
        control: None,
        section: Section::Shape,
        label: "census success rate",
        observational: false,
        definition: "100 · Σ successful census calls / Σ census calls",
    },
    MetricDef {
        name: "census_turn",
        unit: "turns",
        source: Source::SelfPlay,
        keys: Keys::One,
        estimate: Estimate::Ratio,
        counts: |r, _| (r.census_turns.into(), r.census_calls.into()),
        control: None,
        section: Section::Shape,
        label: "census turn",
        observational: false,
        definition: "Σ completed turns in the round before each census call / Σ census calls",
    },
    MetricDef {
        name: "hidden_information_value",
        unit: "points",
        source: Source::HiddenInformation,
        keys: Keys::One,
        estimate: Estimate::PointsOverHalf,
        counts: pair,
        control: Some(pair_luck),
        section: Section::Information,
        label: "hidden information value",
        observational: false,
        definition: "100·(finishing share of the cheating search over the honest one − ½)",
    },
    MetricDef {
        name: "memory_value",
        unit: "points",
        source: Source::Memory,
        keys: Keys::One,
        estimate: Estimate::PointsOverHalf,
        counts: pair,
        control: Some(pair_luck),
        section: Section::Information,
        label: "memory value",
        observational: false,
        definition: "100·(finishing share of full memory over two remembered facts − ½)",
    },
    MetricDef {
        name: "restricted_value",
        unit: "points",
        source: Source::Restricted,
        keys: Keys::PerArm,
        estimate: Estimate::PointsOverHalf,
        counts: pair,
        control: Some(pair_luck),
        section: Section::PerValue,
        label: "restricted value",
        observational: false,
        definition: "100·(finishing share of the reference bot over itself forbidden the \
                     value − ½): what the value is worth to its holder",
    },
    MetricDef {
        name: "keep_rate",
        unit: "%",
        source: Source::SelfPlay,
        keys: Keys::Values,
        estimate: Estimate::Percent,
        counts: |r, v| {
            let drawn = u64::from(r.drawn[v]);
            (drawn.saturating_sub(r.discarded[v].into()), drawn)
        },
        control: None,
        section: Section::PerValue,
        label: "keep",
        observational: true,
        definition: "100 · (drawn − discarded) / drawn",
    },
    MetricDef {
        name: "use_rate",
        unit: "%",
        source: Source::SelfPlay,
        keys: Keys::Values,
        estimate: Estimate::Percent,
        counts: |r, v| (r.used_rounds[v].into(), r.player_rounds.into()),
        control: None,
        section: Section::PerValue,
        label: "use",
        observational: true,
        definition: "100 · player-rounds using the value's ability / player-rounds",
    },
    MetricDef {
        name: "win_with_rate",
        unit: "%",
        source: Source::SelfPlay,
        keys: Keys::Values,
        estimate: Estimate::Percent,
        counts: |r, v| (r.held_wins[v].into(), r.held_rounds[v].into()),
        control: None,
        section: Section::PerValue,
        label: "win with",
        observational: true,
        definition: "100 · player-rounds won holding the value / player-rounds holding it",
    },
];

/// One row a metric has: its key, the key's index for [`MetricDef::counts`] and the arms it
/// reads (one, or the adjacent pairings of a ladder depth).
struct Target<'a> {
    key: String,
    index: usize,
    arms: Vec<&'a ArmData>,
}

/// The rows `def` has in a card of `plan` whose arms are `arms`.
fn targets<'a>(def: &MetricDef, plan: &DesignPlan, arms: &'a [ArmData]) -> Vec<Target<'a>> {
    let kinds: Vec<ArmKind> = arms.iter().map(|a| a.kind).collect();
    metric_rows(def, plan, &kinds)
        .into_iter()
        .map(|(key, index, at)| Target {
            key,
            index,
            arms: at.into_iter().map(|i| &arms[i]).collect(),
        })
        .collect()
}

/// The rows `def` has in a card of `plan`, read from the plan's own arms: each row's key, the
/// key's index for [`MetricDef::counts`] and the arms it sums (indices into `plan.arms`), in
/// the order `design.csv` writes them. The one statement of which arms and keys a metric
/// reads: the card's rows and a search's measures both come from it.
pub(crate) fn metric_arms(def: &MetricDef, plan: &DesignPlan) -> Vec<(String, usize, Vec<usize>)> {
    let kinds: Vec<ArmKind> = plan.arms.iter().map(|a| a.kind).collect();
    metric_rows(def, plan, &kinds)
}

/// [`metric_arms`] over arms of the given kinds (indices into `kinds`): the first arm of a
/// kind is the one read.
fn metric_rows(
    def: &MetricDef,
    plan: &DesignPlan,
    kinds: &[ArmKind],
) -> Vec<(String, usize, Vec<usize>)> {
    let arm = |kind: ArmKind| kinds.iter().position(|k| *k == kind);
    let top = plan.ladder.len().checked_sub(1).filter(|&t| t > 0);
    let name = |i: usize| plan.ladder.get(i).map_or("?", |b| b.name.as_str());
    let ladder = |lower, upper| ArmKind::Ladder { lower, upper };
    let single = |kind: Option<ArmKind>| -> Vec<(String, Vec<usize>)> {
        kind.and_then(arm)
            .map(|a| (String::new(), vec![a]))
            .into_iter()
            .collect()
    };
    // (key of the arm, the arms) before the metric's own keys.
    let sources: Vec<(String, Vec<usize>)> = match def.source {
        Source::SelfPlay => single(Some(ArmKind::SelfPlay)),
        Source::PointsGame => single(Some(ArmKind::PointsGame)),
        Source::LadderEnds => single(top.map(|t| ladder(0, t))),
        Source::LadderTop => single(top.map(|t| ladder(t - 1, t))),
        Source::LadderPairs => kinds
            .iter()
            .enumerate()
            .filter_map(|(i, k)| match *k {
                ArmKind::Ladder { lower, upper } => {
                    Some((format!("{}>{}", name(upper), name(lower)), vec![i]))
                }
                _ => None,
            })
            .collect(),
        // Bottom first, up to the first pairing the card does not play.
        Source::LadderAdjacent => {
            let adjacent: Vec<usize> = (1..plan.ladder.len())
                .map_while(|u| arm(ladder(u - 1, u)))
                .collect();
            if adjacent.is_empty() {
                Vec::new()
            } else {
                vec![(String::new(), adjacent)]
            }
        }
        Source::HiddenInformation => single(Some(ArmKind::HiddenInformation)),
        Source::Memory => single(Some(ArmKind::Memory)),
        Source::Restricted => kinds
            .iter()
            .enumerate()
            .filter_map(|(i, k)| match *k {
                ArmKind::Restricted { value } => Some((value.to_string(), vec![i])),
                _ => None,
            })
            .collect(),
    };
    let mut out = Vec::new();
    for (arm_key, arms) in sources {
        let keys: Vec<(String, usize)> = match def.keys {
            Keys::One => vec![(String::new(), 0)],
            Keys::PerArm => vec![(arm_key, 0)],
            Keys::SeatOffsets => (0..usize::from(plan.players))
                .map(|k| (k.to_string(), k))
                .collect(),
            Keys::Values => (0..VALUES).map(|v| (v.to_string(), v)).collect(),
            Keys::RoundEnds => ROUND_ENDS
                .iter()
                .enumerate()
                .map(|(k, end)| (end.name().to_string(), k))
                .collect(),
        };
        for (key, index) in keys {
            out.push((key, index, arms.clone()));
        }
    }
    out
}

/// Each block's `(Σy, Σx)` of one arm: the games of a deal are consecutive in game order.
fn block_sums(rows: &[DesignRow], def: &MetricDef, index: usize) -> Vec<(f64, f64)> {
    rows.chunk_by(|a, b| a.deal == b.deal)
        .map(|block| {
            let (y, x) = block.iter().fold((0u64, 0u64), |(y, x), r| {
                let (dy, dx) = (def.counts)(r, index);
                (y + dy, x + dx)
            });
            (y as f64, x as f64)
        })
        .collect()
}

/// Each block's `(Σy, Σx, Σc)` of one arm with the metric's control, in places; `None`
/// unless every game carries luck.
fn control_sums(rows: &[DesignRow], def: &MetricDef, index: usize) -> Option<Vec<(f64, f64, f64)>> {
    let control = def.control?;
    rows.chunk_by(|a, b| a.deal == b.deal)
        .map(|block| {
            let (mut y, mut x, mut c) = (0u64, 0u64, 0i64);
            for r in block {
                let (dy, dx) = (def.counts)(r, index);
                y += dy;
                x += dx;
                c += control(r, index)?;
            }
            Some((y as f64, x as f64, c as f64 / silver_stats::LUCK_PLACES))
        })
        .collect()
}

/// The variance-reduced estimate of a metric's row before its scale, if it has one (a
/// control, luck in every game of its one arm, Σx > 0).
fn measure_reduced(def: &MetricDef, target: &Target) -> Option<Controlled> {
    if target.arms.len() != 1 {
        return None;
    }
    block_control_estimate(&control_sums(&target.arms[0].rows, def, target.index)?)
}

/// A metric's value before its scale, and what a paired difference needs.
enum Measured {
    /// A ratio or share over blocks, with Σx > 0.
    Blocks(BlockEstimate),
    /// A ratio or share whose denominator is 0: value 0, no interval.
    Nothing,
    /// A ladder depth: (shown, not ruled out).
    Depth(usize, usize),
}

fn measure(def: &MetricDef, target: &Target) -> Measured {
    let sums = |rows: &[DesignRow]| block_sums(rows, def, target.index);
    let share = |rows: &[DesignRow]| block_share_estimate(&sums(rows));
    if let Estimate::Depth = def.estimate {
        let shares: Vec<Est> = target.arms.iter().map(|a| share(&a.rows).est).collect();
        let (low, high) = ladder_depth(&shares);
        return Measured::Depth(low, high);
    }
    let yx = sums(target.arms.first().map_or(&[][..], |a| &a.rows[..]));
    if yx.iter().all(|&(_, x)| x == 0.0) {
        return Measured::Nothing;
    }
    Measured::Blocks(match def.estimate {
        Estimate::Ratio => block_ratio_estimate(&yx),
        _ => block_share_estimate(&yx),
    })
}

/// `scale · (e − shift)` at every end (unknown ends stay unknown).
fn scaled(e: Est, scale: f64, shift: f64) -> Est {
    Est {
        value: scale * (e.value - shift),
        low: scale * (e.low - shift),
        high: scale * (e.high - shift),
    }
}

/// A metric's (scale, shift) from its estimate kind: its value is `scale · (Σy/Σx − shift)`.
pub(crate) fn scale(def: &MetricDef, players: u8) -> (f64, f64) {
    match def.estimate {
        Estimate::Ratio | Estimate::Depth => (1.0, 0.0),
        Estimate::Percent => (100.0, 0.0),
        Estimate::PointsOverHalf => (100.0, 0.5),
        Estimate::PointsOverFair => (100.0, 1.0 / f64::from(players.max(1))),
    }
}

fn unknown(value: f64) -> Est {
    Est {
        value,
        low: f64::NAN,
        high: f64::NAN,
    }
}

/// Every metric of a card, in [`METRICS`]' order and each metric's keys in order, from its
/// arms (`arms[i]` played `plan.arms[i]`). With `base` (the base set's arms of a sweep, on the
/// same deals), every row also gets this set minus the base, paired over blocks by position;
/// a ladder depth's difference is a difference of counts, without interval, and a difference
/// with a side whose denominator is 0 is unknown.
pub fn card_rows(plan: &DesignPlan, arms: &[ArmData], base: Option<&[ArmData]>) -> Vec<CardRow> {
    let mut rows = Vec::new();
    for def in &METRICS {
        let (scale, shift) = scale(def, plan.players);
        let base_targets = base.map(|b| targets(def, plan, b)).unwrap_or_default();
        for target in targets(def, plan, arms) {
            let measured = measure(def, &target);
            let base_measured = base_targets
                .iter()
                .find(|t| t.key == target.key)
                .map(|t| measure(def, t));
            let (est, diff) = match (&measured, &base_measured) {
                (Measured::Blocks(this), Some(Measured::Blocks(base))) => (
                    scaled(this.est, scale, shift),
                    Some(scaled(paired_difference(this, base), scale, 0.0)),
                ),
                (Measured::Blocks(this), _) => (scaled(this.est, scale, shift), None),
                (Measured::Nothing, _) => (unknown(0.0), None),
                (&Measured::Depth(low, high), base) => {
                    let diff = match base {
                        Some(Measured::Depth(b, _)) => Some(unknown(low as f64 - *b as f64)),
                        _ => None,
                    };
                    let est = Est {
                        value: low as f64,
                        low: low as f64,
                        high: high as f64,
                    };
                    (est, diff)
                }
            };
            // A sweep's row always has its difference cells, empty when unknown.
            let diff = diff.or(base.map(|_| unknown(f64::NAN)));
            let base_reduced = base_targets
                .iter()
                .find(|t| t.key == target.key)
                .and_then(|t| measure_reduced(def, t));
            let reduced = measure_reduced(def, &target).map(|r| ReducedRow {
                est: scaled(r.estimate.est, scale, shift),
                ratio: r.ratio,
                diff: base.map(|_| match &base_reduced {
                    Some(b) => {
                        let d = scaled(paired_difference(&r.estimate, &b.estimate), scale, 0.0);
                        let plain = diff.unwrap_or(unknown(f64::NAN));
                        (d, silver_stats::design::width_ratio(plain, d))
                    }
                    None => (unknown(f64::NAN), f64::NAN),
                }),
            });
            let games = target.arms.iter().map(|a| a.rows.len() as u64).sum();
            let blocks = target
                .arms
                .iter()
                .map(|a| a.rows.chunk_by(|x, y| x.deal == y.deal).count() as u64)
                .sum();
            rows.push(CardRow {
                metric: def.name,
                key: target.key,
                unit: def.unit,
                est,
                diff,
                reduced,
                games,
                blocks,
            });
        }
    }
    rows
}

/// The header of `design.csv`, with the difference columns of a sweep and the
/// variance-reduced columns of a card that measures luck.
fn design_header(diff: bool, reduced: bool) -> Vec<u8> {
    let mut names = vec![
        "set", "players", "metric", "key", "unit", "value", "low95", "high95", "games", "blocks",
    ];
    if diff {
        names.extend(["d_value", "d_low95", "d_high95"]);
    }
    if reduced {
        names.extend(REDUCED_COLUMNS);
        if diff {
            names.extend(REDUCED_DIFF_COLUMNS);
        }
    }
    csv_header(&names)
}

/// The variance-reduced columns of `design.csv`.
pub const REDUCED_COLUMNS: [&str; 4] = ["value_vr", "low95_vr", "high95_vr", "variance_ratio"];
/// The variance-reduced difference columns of a sweep's `design.csv`.
pub const REDUCED_DIFF_COLUMNS: [&str; 4] = [
    "d_value_vr",
    "d_low95_vr",
    "d_high95_vr",
    "d_variance_ratio",
];

/// A float cell: empty when unknown, and no negative zero.
fn float_cell(row: &mut CsvRow, x: f64) {
    if x.is_finite() {
        row.float(if (x * 1e4).round() == 0.0 { 0.0 } else { x });
    } else {
        row.empty();
    }
}

/// `design.csv`: one row per metric and key in `rows`' order; the `d_` columns when any row
/// has a difference from the base set.
pub fn design_csv(set: &str, players: u8, rows: &[CardRow]) -> Vec<u8> {
    let diff = rows.iter().any(|r| r.diff.is_some());
    let reduced = rows.iter().any(|r| r.reduced.is_some());
    let mut out = design_header(diff, reduced);
    design_lines(&mut out, set, players, rows, diff, reduced);
    out
}

/// A sweep's `design.csv`: every set's card in order, base first, under one header with the
/// `d_` columns (a row without a difference, as every base row, has them empty).
pub fn sweep_design_csv<'a>(
    players: u8,
    cards: impl IntoIterator<Item = (&'a str, &'a [CardRow])>,
) -> Vec<u8> {
    let cards: Vec<(&str, &[CardRow])> = cards.into_iter().collect();
    let reduced = cards
        .iter()
        .any(|(_, rows)| rows.iter().any(|r| r.reduced.is_some()));
    let mut out = design_header(true, reduced);
    for (set, rows) in cards {
        design_lines(&mut out, set, players, rows, true, reduced);
    }
    out
}

/// The rows of one card in `design.csv`, with or without the `d_` columns.
fn design_lines(
    out: &mut Vec<u8>,
    set: &str,
    players: u8,
    rows: &[CardRow],
    diff: bool,
    reduced: bool,
) {
    for r in rows {
        let mut row = CsvRow::new(out);
        row.text(set)
            .num(players)
            .text(r.metric)
            .text(&r.key)
            .text(r.unit);
        for x in [r.est.value, r.est.low, r.est.high] {
            float_cell(&mut row, x);
        }
        row.count(r.games).count(r.blocks);
        if diff {
            let d = r.diff.unwrap_or(unknown(f64::NAN));
            for x in [d.value, d.low, d.high] {
                float_cell(&mut row, x);
            }
        }
        if reduced {
            let none = unknown(f64::NAN);
            let r = r.reduced;
            let (e, ratio) = r.map_or((none, f64::NAN), |r| (r.est, r.ratio));
            for x in [e.value, e.low, e.high, ratio] {
                float_cell(&mut row, x);
            }
            if diff {
                let (d, ratio) = r.and_then(|r| r.diff).unwrap_or((none, f64::NAN));
                for x in [d.value, d.low, d.high, ratio] {
                    float_cell(&mut row, x);
                }
            }
        }
        row.end();
    }
}
