//! The design card's metrics against hand-computed small cases: every metric of
//! `design::card::METRICS` on synthetic rows of two players (pairing arms: two games a deal,
//! one comparison a game; self-play arms: one game a deal), `design.csv`'s bytes, the printed
//! card and the paired difference from a base set.

use silver_sim::design::card::{card_rows, card_text, design_csv, METRICS};
use silver_sim::design::{Arm, ArmData, ArmKind, CardRow, DesignPlan, DesignRow, ReducedRow};
use silver_sim::{resolve, resolve_bot, resolve_set, BotEntry, Est, ExperimentSpec, Plan};
use silver_sim::{ModelSpec, Outputs, Seating};
use silver_stats::design::{block_ratio_estimate, block_share_estimate};
use std::path::Path;

const Z: f64 = 1.959_963_984_540_054;

fn bots_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots"))
}

fn entry(name: &str) -> BotEntry {
    BotEntry {
        name: name.to_string(),
        spec: resolve_bot(name, bots_dir()).unwrap(),
    }
}

fn arm_plan(bots: &[&str]) -> Plan {
    let spec = ExperimentSpec {
        name: Some("design".into()),
        players: 2,
        bots: bots.iter().map(|s| s.to_string()).collect(),
        seating: Seating::default(),
        set: "amulet".into(),
        token: None,
        model: ModelSpec::default(),
        games: 6,
        seed: 1,
        max_turns_per_round: 400,
        outputs: Outputs::default(),
        balance: None,
        design: None,
        sprt: None,
        variance_reduction: false,
    };
    resolve(&spec, bots_dir()).unwrap()
}

const LADDER: [&str; 3] = ["random", "greedy-mem2", "greedy"];

/// The card of a two-player Amulet game with a three-rung ladder and the given arms.
fn plan(kinds: &[ArmKind]) -> DesignPlan {
    let arms = kinds
        .iter()
        .map(|&kind| {
            let bots: Vec<&str> = match kind {
                ArmKind::SelfPlay | ArmKind::PointsGame => vec!["greedy"],
                ArmKind::Ladder { lower, upper } => vec![LADDER[upper], LADDER[lower]],
                ArmKind::HiddenInformation => {
                    vec!["cheating-ismcts:iterations=10", "ismcts:iterations=10"]
                }
                ArmKind::Memory => vec!["greedy", "greedy-mem2"],
                ArmKind::Restricted { .. } => vec!["greedy", "random"],
            };
            Arm {
                kind,
                plan: arm_plan(&bots),
            }
        })
        .collect();
    DesignPlan {
        set: resolve_set("amulet").unwrap(),
        players: 2,
        reference: entry("greedy"),
        ladder: LADDER.iter().map(|n| entry(n)).collect(),
        games: 6,
        search_games: 4,
        seed: 1,
        arms,
    }
}

/// A pairing arm: per deal, each game's comparisons won by bot 0 (of one).
fn pairing(kind: ArmKind, deals: &[[u32; 2]]) -> ArmData {
    let mut rows = Vec::new();
    for (deal, games) in deals.iter().enumerate() {
        for &w in games {
            rows.push(DesignRow {
                game: rows.len() as u64,
                deal: deal as u64,
                pair_n: 1,
                pair_w: w,
                ..DesignRow::default()
            });
        }
    }
    ArmData { kind, rows }
}

/// One game a deal, numbered in order.
fn self_play(kind: ArmKind, mut rows: Vec<DesignRow>) -> ArmData {
    for (g, r) in rows.iter_mut().enumerate() {
        r.game = g as u64;
        r.deal = g as u64;
    }
    ArmData { kind, rows }
}

fn with_value_5(mut r: DesignRow, counts: [u32; 5]) -> DesignRow {
    let [drawn, discarded, used, held, wins] = counts;
    r.drawn[5] = drawn;
    r.discarded[5] = discarded;
    r.used_rounds[5] = used;
    r.held_rounds[5] = held;
    r.held_wins[5] = wins;
    r
}

/// Three self-play games (deals 0–2):
///
/// | game | rounds | turns | ends c/d/v/t | calls | won | census turns | winner | leads | decided | player-rounds | value 5: drawn, discarded, used, held, held won |
/// |---|---|---|---|---|---|---|---|---|---|---|---|
/// | 0 | 3 | 30 | 2/1/0/0 | 2 | 1 | 20 | +0 | 1 | 2 | 6 | 4, 1, 2, 3, 2 |
/// | 1 | 2 | 16 | 0/1/0/1 | 0 | 0 | 0 | +1 | 0 | 1 | 4 | 2, 2, 0, 1, 0 |
/// | 2 | 4 | 44 | 3/0/1/0 | 3 | 3 | 27 | +0 | 2 | 3 | 8 | 3, 0, 4, 4, 1 |
fn self_play_rows() -> Vec<DesignRow> {
    let game =
        |rounds, turns, round_end, calls, won, census_turns, winner, leads, decided| DesignRow {
            rounds,
            turns,
            round_end,
            census_calls: calls,
            census_success: won,
            census_turns,
            winner_offset: winner,
            lead_changes: leads,
            decided_round: decided,
            player_rounds: 2 * rounds,
            ..DesignRow::default()
        };
    vec![
        with_value_5(
            game(3, 30, [2, 1, 0, 0], 2, 1, 20, 0, 1, 2),
            [4, 1, 2, 3, 2],
        ),
        with_value_5(game(2, 16, [0, 1, 0, 1], 0, 0, 0, 1, 0, 1), [2, 2, 0, 1, 0]),
        with_value_5(
            game(4, 44, [3, 0, 1, 0], 3, 3, 27, 0, 2, 3),
            [3, 0, 4, 4, 1],
        ),
    ]
}

const L01: ArmKind = ArmKind::Ladder { lower: 0, upper: 1 };
const L12: ArmKind = ArmKind::Ladder { lower: 1, upper: 2 };
const L02: ArmKind = ArmKind::Ladder { lower: 0, upper: 2 };
const R5: ArmKind = ArmKind::Restricted { value: 5 };
const R7: ArmKind = ArmKind::Restricted { value: 7 };
const KINDS: [ArmKind; 9] = [
    ArmKind::SelfPlay,
    ArmKind::PointsGame,
    L01,
    L12,
    L02,
    ArmKind::HiddenInformation,
    ArmKind::Memory,
    R5,
    R7,
];

/// Every arm of the small card, in the plan's order.
fn arms() -> Vec<ArmData> {
    let points = [5, 7, 6].map(|rounds| DesignRow {
        rounds,
        ..DesignRow::default()
    });
    vec![
        self_play(ArmKind::SelfPlay, self_play_rows()),
        self_play(ArmKind::PointsGame, points.to_vec()),
        pairing(L01, &[[1, 1], [1, 0], [1, 1]]),
        pairing(L12, &[[1, 0], [0, 1], [1, 1]]),
        pairing(L02, &[[1, 1], [1, 1], [1, 0]]),
        pairing(ArmKind::HiddenInformation, &[[1, 1], [1, 0], [1, 1]]),
        pairing(ArmKind::Memory, &[[1, 0], [0, 1], [1, 1]]),
        pairing(R5, &[[1, 1], [1, 1], [0, 1]]),
        pairing(R7, &[[1, 0], [0, 0], [0, 1]]),
    ]
}

fn row<'a>(rows: &'a [CardRow], metric: &str, key: &str) -> &'a CardRow {
    rows.iter()
        .find(|r| r.metric == metric && r.key == key)
        .unwrap_or_else(|| panic!("no row {metric} {key}"))
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9 || (a.is_nan() && b.is_nan())
}

/// How a metric scales its blocks' ratio.
#[derive(Clone, Copy)]
enum As {
    /// Σy/Σx.
    Ratio,
    /// 100·Σy/Σx, a share.
    Percent,
    /// 100·(Σy/Σx − shift), a share.
    Points(f64),
}

/// The row's value, and its interval as the estimator gives it on the hand-written block
/// sums, scaled as the metric is.
fn check(rows: &[CardRow], metric: &str, key: &str, value: f64, blocks: &[(f64, f64)], how: As) {
    let r = row(rows, metric, key);
    assert!(
        close(r.est.value, value),
        "{metric} {key}: {} vs {value}",
        r.est.value
    );
    let (b, scale, shift) = match how {
        As::Ratio => (block_ratio_estimate(blocks), 1.0, 0.0),
        As::Percent => (block_share_estimate(blocks), 100.0, 0.0),
        As::Points(shift) => (block_share_estimate(blocks), 100.0, shift),
    };
    assert!(
        close(r.est.value, scale * (b.est.value - shift)),
        "{metric} {key} blocks"
    );
    assert!(
        close(r.est.low, scale * (b.est.low - shift)),
        "{metric} {key} low"
    );
    assert!(
        close(r.est.high, scale * (b.est.high - shift)),
        "{metric} {key} high"
    );
}

#[test]
fn ladder_metrics_by_hand() {
    let rows = card_rows(&plan(&KINDS), &arms(), None);
    // greedy-mem2 over random: blocks (2,2), (1,2), (2,2): 5/6 = 83.33%.
    let pairs = [(2.0, 2.0), (1.0, 2.0), (2.0, 2.0)];
    check(
        &rows,
        "ladder_share",
        "greedy-mem2>random",
        500.0 / 6.0,
        &pairs,
        As::Percent,
    );
    // Its interval by hand: deviations (y − 5/6·x)/2 = (1/6, −1/3, 1/6), Σd² = 1/6,
    // se = sqrt((1/6)/6) = 1/6, effective trials p(1−p)/se² = (5/36)/(1/36) = 5; Wilson at
    // p = 5/6, n = 5: centre 1.217479/1.768292 = 0.688506, half 0.285167, low 0.403339.
    // One effective loss (round(5/6)): the high end is the exact Poisson bound's,
    // 1 − (−ln 0.975)/5 = 1 − 0.0253178/5 = 0.9949364, above Wilson's 0.973673.
    let r = row(&rows, "ladder_share", "greedy-mem2>random");
    assert!(
        (r.est.low - 40.3339).abs() < 1e-3 && (r.est.high - 99.49364).abs() < 1e-3,
        "{r:?}"
    );
    assert_eq!((r.games, r.blocks), (6, 3));
    // greedy over greedy-mem2: (1,2), (1,2), (2,2): 4/6.
    let upper = [(1.0, 2.0), (1.0, 2.0), (2.0, 2.0)];
    check(
        &rows,
        "ladder_share",
        "greedy>greedy-mem2",
        400.0 / 6.0,
        &upper,
        As::Percent,
    );
    // greedy over random: (2,2), (2,2), (1,2): 5/6; the skill gap is 100·(5/6 − 1/2).
    let ends = [(2.0, 2.0), (2.0, 2.0), (1.0, 2.0)];
    check(
        &rows,
        "ladder_share",
        "greedy>random",
        500.0 / 6.0,
        &ends,
        As::Percent,
    );
    check(&rows, "skill_gap", "", 100.0 / 3.0, &ends, As::Points(0.5));
    // The upset rate: greedy-mem2 ahead of greedy in 2 of 6 comparisons.
    let upsets = [(1.0, 2.0), (1.0, 2.0), (0.0, 2.0)];
    check(&rows, "upset_rate", "", 100.0 / 3.0, &upsets, As::Percent);
    // Adjacent shares 5/6 [0.40, 0.97] and 4/6: neither shown ahead; both not ruled out.
    let d = row(&rows, "ladder_depth", "");
    assert_eq!((d.est.value, d.est.low, d.est.high), (0.0, 0.0, 2.0));
    assert_eq!((d.unit, d.games, d.blocks), ("rungs", 12, 6));
    // The order: skill gap, the pairings in the plan's order, depth, upset rate.
    let names: Vec<(&str, &str)> = rows[..6]
        .iter()
        .map(|r| (r.metric, r.key.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("skill_gap", ""),
            ("ladder_share", "greedy-mem2>random"),
            ("ladder_share", "greedy>greedy-mem2"),
            ("ladder_share", "greedy>random"),
            ("ladder_depth", ""),
            ("upset_rate", ""),
        ]
    );
}

#[test]
fn ladder_depth_counts_rungs_shown_ahead() {
    // Ten deals. Rung 1 over rung 0 in every comparison: no spread, ten blocks as ten trials,
    // Wilson's 10 of 10 = [0.7225, 1]: ahead. Rung 2 over rung 1 in half of every deal:
    // Wilson's 5 of 10 = [0.237, 0.763]: level. Depth 1, not ruled out 2.
    let kinds = [L01, L12, L02];
    let arms = vec![
        pairing(L01, &[[1, 1]; 10]),
        pairing(L12, &[[1, 0]; 10]),
        pairing(L02, &[[1, 1]; 10]),
    ];
    let rows = card_rows(&plan(&kinds), &arms, None);
    let d = row(&rows, "ladder_depth", "");
    assert_eq!((d.est.value, d.est.low, d.est.high), (1.0, 1.0, 2.0));
    // Without the pairing of rungs 1 and 2, only the bottom pairing counts.
    let rows = card_rows(
        &plan(&[L01, L02]),
        &[arms[0].clone(), arms[2].clone()],
        None,
    );
    let d = row(&rows, "ladder_depth", "");
    assert_eq!((d.est.value, d.est.high, d.games), (1.0, 1.0, 20));
    assert!(rows.iter().all(|r| r.metric != "upset_rate"));
}

#[test]
fn self_play_metrics_by_hand() {
    let rows = card_rows(&plan(&KINDS), &arms(), None);
    let per_game = |y: [f64; 3]| y.map(|y| (y, 1.0));
    // Seat +0 won games 0 and 2: 100·(2/3 − 1/2); seat +1 won game 1: 100·(1/3 − 1/2).
    check(
        &rows,
        "seat_advantage",
        "0",
        100.0 / 6.0,
        &per_game([1.0, 0.0, 1.0]),
        As::Points(0.5),
    );
    check(
        &rows,
        "seat_advantage",
        "1",
        -100.0 / 6.0,
        &per_game([0.0, 1.0, 0.0]),
        As::Points(0.5),
    );
    // Lead changes 1, 0, 2: mean 1; deviations (0, −1, 1), se = sqrt(2/6); a ratio of
    // counts, so the interval is on the log scale: 1·exp(±1.96·0.57735/1).
    let r = row(&rows, "lead_changes", "");
    let spread = (Z * (1.0f64 / 3.0).sqrt()).exp();
    assert!(
        close(r.est.value, 1.0)
            && close(r.est.low, 1.0 / spread)
            && close(r.est.high, 1.0 * spread)
    );
    assert_eq!((r.unit, r.games, r.blocks), ("per game", 3, 3));
    // Decided rounds 2, 1, 3: mean 2.
    check(
        &rows,
        "decided_round",
        "",
        2.0,
        &per_game([2.0, 1.0, 3.0]),
        As::Ratio,
    );
    // Points game: rounds 5, 7, 6: 6 rounds a game.
    check(
        &rows,
        "rounds_per_points_game",
        "",
        6.0,
        &per_game([5.0, 7.0, 6.0]),
        As::Ratio,
    );
    // Turns 30 + 16 + 44 = 90 over 9 rounds.
    let turns = [(30.0, 3.0), (16.0, 2.0), (44.0, 4.0)];
    check(&rows, "turns_per_round", "", 10.0, &turns, As::Ratio);
    // Round ends over 9 rounds: census 5, deck 2, villagers 1, turn cap 1.
    let ends = [
        ("census", 5.0, [2.0, 0.0, 3.0]),
        ("deck", 2.0, [1.0, 1.0, 0.0]),
        ("villagers", 1.0, [0.0, 0.0, 1.0]),
        ("turn-cap", 1.0, [0.0, 1.0, 0.0]),
    ];
    for (key, n, y) in ends {
        let blocks = [(y[0], 3.0), (y[1], 2.0), (y[2], 4.0)];
        check(
            &rows,
            "round_end_share",
            key,
            100.0 * n / 9.0,
            &blocks,
            As::Percent,
        );
    }
    // Census: 5 calls in 9 rounds, 4 successes, 47 turns before the calls.
    let calls = [(2.0, 3.0), (0.0, 2.0), (3.0, 4.0)];
    check(
        &rows,
        "census_calls_per_round",
        "",
        5.0 / 9.0,
        &calls,
        As::Ratio,
    );
    let success = [(1.0, 2.0), (0.0, 0.0), (3.0, 3.0)];
    check(
        &rows,
        "census_success_rate",
        "",
        80.0,
        &success,
        As::Percent,
    );
    let when = [(20.0, 2.0), (0.0, 0.0), (27.0, 3.0)];
    check(&rows, "census_turn", "", 9.4, &when, As::Ratio);
    // Value 5: kept (3 + 0 + 3) of 9 drawn; used in 6 of 18 player-rounds; won 3 of the 8
    // rounds held.
    check(
        &rows,
        "keep_rate",
        "5",
        600.0 / 9.0,
        &[(3.0, 4.0), (0.0, 2.0), (3.0, 3.0)],
        As::Percent,
    );
    check(
        &rows,
        "use_rate",
        "5",
        100.0 / 3.0,
        &[(2.0, 6.0), (0.0, 4.0), (4.0, 8.0)],
        As::Percent,
    );
    check(
        &rows,
        "win_with_rate",
        "5",
        37.5,
        &[(2.0, 3.0), (0.0, 1.0), (1.0, 4.0)],
        As::Percent,
    );
    // A value never drawn: 0 and no interval; one row per value.
    let never = row(&rows, "keep_rate", "0");
    assert!(never.est.value == 0.0 && never.est.low.is_nan() && never.est.high.is_nan());
    assert_eq!(rows.iter().filter(|r| r.metric == "use_rate").count(), 14);
}

#[test]
fn pairing_values_by_hand() {
    let rows = card_rows(&plan(&KINDS), &arms(), None);
    // Cheating over honest: (2,2), (1,2), (2,2): 100·(5/6 − 1/2).
    let hidden = [(2.0, 2.0), (1.0, 2.0), (2.0, 2.0)];
    check(
        &rows,
        "hidden_information_value",
        "",
        100.0 / 3.0,
        &hidden,
        As::Points(0.5),
    );
    // Full memory over two facts: (1,2), (1,2), (2,2): 100·(4/6 − 1/2).
    let memory = [(1.0, 2.0), (1.0, 2.0), (2.0, 2.0)];
    check(
        &rows,
        "memory_value",
        "",
        100.0 / 6.0,
        &memory,
        As::Points(0.5),
    );
    // Forbidden 5: the reference ahead in 5 of 6; forbidden 7: in 2 of 6.
    let r5 = [(2.0, 2.0), (2.0, 2.0), (1.0, 2.0)];
    check(
        &rows,
        "restricted_value",
        "5",
        100.0 / 3.0,
        &r5,
        As::Points(0.5),
    );
    let r7 = [(1.0, 2.0), (0.0, 2.0), (1.0, 2.0)];
    check(
        &rows,
        "restricted_value",
        "7",
        -100.0 / 6.0,
        &r7,
        As::Points(0.5),
    );
    let keys: Vec<&str> = rows
        .iter()
        .filter(|r| r.metric == "restricted_value")
        .map(|r| r.key.as_str())
        .collect();
    assert_eq!(keys, ["5", "7"]);
    // Every metric of the table has a row here, in the table's order.
    let mut order: Vec<&str> = rows.iter().map(|r| r.metric).collect();
    order.dedup();
    let table: Vec<&str> = METRICS.iter().map(|m| m.name).collect();
    assert_eq!(order, table);
    assert_eq!(rows.len(), 65);
}

#[test]
fn absent_arms_leave_their_metrics_out() {
    let rows = card_rows(&plan(&[ArmKind::SelfPlay]), &arms()[..1], None);
    assert!(rows.iter().all(|r| !r.metric.starts_with("ladder")
        && r.metric != "skill_gap"
        && r.metric != "restricted_value"
        && r.metric != "rounds_per_points_game"));
    assert!(rows.iter().any(|r| r.metric == "census_turn"));
}

#[test]
fn a_sweep_row_differs_from_the_base_on_the_same_deals() {
    let mut base = arms();
    // The base set's memory arm: (0,2), (1,2), (1,2): 2/6.
    base[6] = pairing(ArmKind::Memory, &[[0, 0], [1, 0], [0, 1]]);
    // Its ladder: rung 1 behind rung 0 in every deal, so its depth is 0 (this set's too).
    base[2] = pairing(L01, &[[0, 0], [0, 0], [0, 0]]);
    let rows = card_rows(&plan(&KINDS), &arms(), Some(&base));
    assert!(rows.iter().all(|r| r.diff.is_some()));
    // 4/6 − 2/6 = 1/3. Deviations: this (−1/6, −1/6, 1/3), base (−1/3, 1/6, 1/6);
    // differences (1/6, −1/3, 1/6), Σd² = 1/6, se = sqrt((1/6)/6) = 1/6.
    let d = row(&rows, "memory_value", "").diff.unwrap();
    let (value, half) = (100.0 / 3.0, 100.0 * Z / 6.0);
    assert!(
        close(d.value, value) && close(d.low, value - half) && close(d.high, value + half),
        "{d:?}"
    );
    // The same arms: no difference.
    let same = row(&rows, "seat_advantage", "0").diff.unwrap();
    assert!(close(same.value, 0.0) && close(same.low, 0.0) && close(same.high, 0.0));
    // A depth's difference is a difference of counts, without interval.
    let depth = row(&rows, "ladder_depth", "").diff.unwrap();
    assert!(depth.value == 0.0 && depth.low.is_nan());
}

#[test]
fn design_csv_bytes() {
    let rows = vec![
        CardRow {
            metric: "skill_gap",
            key: String::new(),
            unit: "points",
            est: Est {
                value: 100.0 / 3.0,
                low: 10.5,
                high: 49.25,
            },
            diff: None,
            reduced: None,
            games: 6,
            blocks: 3,
        },
        CardRow {
            metric: "ladder_share",
            key: "greedy>random,x".into(),
            unit: "%",
            est: Est {
                value: 0.0,
                low: f64::NAN,
                high: f64::NAN,
            },
            diff: None,
            reduced: None,
            games: 6,
            blocks: 3,
        },
    ];
    let csv = String::from_utf8(design_csv("amulet", 2, &rows)).unwrap();
    assert_eq!(
        csv,
        "set,players,metric,key,unit,value,low95,high95,games,blocks\n\
         amulet,2,skill_gap,,points,33.3333,10.5000,49.2500,6,3\n\
         amulet,2,ladder_share,\"greedy>random,x\",%,0.0000,,,6,3\n"
    );
    // A sweep's row: the difference columns, empty where unknown.
    let mut swept = rows.clone();
    swept[0].diff = Some(Est {
        value: -0.00001,
        low: -2.0,
        high: f64::NAN,
    });
    let csv = String::from_utf8(design_csv("amulet", 2, &swept)).unwrap();
    assert_eq!(
        csv,
        "set,players,metric,key,unit,value,low95,high95,games,blocks,d_value,d_low95,d_high95\n\
         amulet,2,skill_gap,,points,33.3333,10.5000,49.2500,6,3,0.0000,-2.0000,\n\
         amulet,2,ladder_share,\"greedy>random,x\",%,0.0000,,,6,3,,,\n"
    );
    // A variance-reduced card: four more columns, and three more in a sweep; empty in a row
    // without a control.
    let mut reduced = rows.clone();
    reduced[0].reduced = Some(ReducedRow {
        est: Est {
            value: 30.0,
            low: 20.0,
            high: 40.0,
        },
        ratio: 1.5,
        diff: None,
    });
    let csv = String::from_utf8(design_csv("amulet", 2, &reduced)).unwrap();
    assert_eq!(
        csv,
        "set,players,metric,key,unit,value,low95,high95,games,blocks,value_vr,low95_vr,high95_vr,variance_ratio\n\
         amulet,2,skill_gap,,points,33.3333,10.5000,49.2500,6,3,30.0000,20.0000,40.0000,1.5000\n\
         amulet,2,ladder_share,\"greedy>random,x\",%,0.0000,,,6,3,,,,\n"
    );
    swept[0].reduced = reduced[0].reduced.map(|r| ReducedRow {
        diff: Some((
            Est {
                value: -1.0,
                low: -3.0,
                high: 1.0,
            },
            2.25,
        )),
        ..r
    });
    let csv = String::from_utf8(design_csv("amulet", 2, &swept)).unwrap();
    assert_eq!(
        csv.lines().next().unwrap(),
        "set,players,metric,key,unit,value,low95,high95,games,blocks,d_value,d_low95,d_high95,\
         value_vr,low95_vr,high95_vr,variance_ratio,d_value_vr,d_low95_vr,d_high95_vr,d_variance_ratio"
    );
    assert!(csv.contains("\namulet,2,skill_gap,,points,33.3333,10.5000,49.2500,6,3,0.0000,-2.0000,,30.0000,20.0000,40.0000,1.5000,-1.0000,-3.0000,1.0000,2.2500\n"));
}

#[test]
fn the_printed_card() {
    let p = plan(&KINDS);
    let text = card_text(&p, &card_rows(&p, &arms(), None));
    let expected = include_str!("design_card.txt");
    assert_eq!(text, expected, "\n{text}");
}

#[test]
fn a_sweep_card_shows_the_differences() {
    // This set's self-play, memory and two restricted arms; the base differs in memory (2/6
    // against 4/6) and in value 5 (4/6 against 5/6); the self-play and value 7 are the same.
    let kinds = [ArmKind::SelfPlay, ArmKind::Memory, R5, R7];
    let p = plan(&kinds);
    let all = arms();
    let this = vec![
        all[0].clone(),
        all[6].clone(),
        all[7].clone(),
        all[8].clone(),
    ];
    let mut base = this.clone();
    base[1] = pairing(ArmKind::Memory, &[[0, 0], [1, 0], [0, 1]]);
    base[2] = pairing(R5, &[[1, 0], [1, 1], [0, 1]]);
    let text = card_text(&p, &card_rows(&p, &this, Some(&base)));
    assert_eq!(text, include_str!("design_card_sweep.txt"), "\n{text}");
}

/// The guide defines every metric of the table, in its order, with the table's unit and
/// definition (so neither can change alone).
#[test]
fn the_guide_defines_every_metric() {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/guide/design.md"
    ))
    .unwrap();
    let sections: Vec<(&str, &str)> = page
        .split("\n### ")
        .skip(1)
        .filter_map(|s| {
            let (heading, body) = s.split_once('\n')?;
            Some((heading.trim_matches('`'), body.split("\n## ").next()?))
        })
        .collect();
    let names: Vec<&str> = sections.iter().map(|(h, _)| *h).collect();
    let table: Vec<&str> = METRICS.iter().map(|m| m.name).collect();
    assert_eq!(names, table, "the guide's metrics and the table's");
    for (m, (_, body)) in METRICS.iter().zip(&sections) {
        let unit = format!(
            "Unit: {}{}",
            m.unit,
            if m.observational {
                ", observational."
            } else {
                "."
            }
        );
        assert!(body.contains(&unit), "{}: no {unit:?}", m.name);
        assert!(
            body.contains(m.definition),
            "{}: the definition {:?}",
            m.name,
            m.definition
        );
    }
}

/// A metric with no denominator is 0 without interval, a points metric included (not −50),
/// and its difference from a base is unknown.
#[test]
fn zero_denominators_are_zero_without_interval() {
    let r9 = ArmKind::Restricted { value: 9 };
    let kinds = [ArmKind::SelfPlay, r9];
    let empty = vec![
        self_play(ArmKind::SelfPlay, Vec::new()),
        pairing(r9, &[[0, 0], [0, 0]]).with_no_comparisons(),
    ];
    let rows = card_rows(&plan(&kinds), &empty, None);
    for (metric, key) in [
        ("restricted_value", "9"),
        ("seat_advantage", "1"),
        ("lead_changes", ""),
    ] {
        let r = row(&rows, metric, key);
        assert!(
            r.est.value == 0.0 && r.est.low.is_nan() && r.est.high.is_nan(),
            "{r:?}"
        );
    }
    assert_eq!(row(&rows, "restricted_value", "9").games, 4);
    let full = vec![
        self_play(ArmKind::SelfPlay, self_play_rows()),
        pairing(r9, &[[1, 1], [0, 1]]),
    ];
    let rows = card_rows(&plan(&kinds), &full, Some(&empty));
    let r = row(&rows, "restricted_value", "9");
    assert!(
        close(r.est.value, 25.0) && r.diff.unwrap().value.is_nan(),
        "{r:?}"
    );
    let csv = String::from_utf8(design_csv("amulet", 2, &rows)).unwrap();
    // This set's 3 of 4 comparisons: 25 points; the difference cells empty.
    let line = csv
        .lines()
        .find(|l| l.contains("restricted_value"))
        .unwrap();
    assert!(
        line.starts_with("amulet,2,restricted_value,9,points,25.0000,")
            && line.ends_with(",4,2,,,"),
        "{line}"
    );
}

trait NoComparisons {
    fn with_no_comparisons(self) -> Self;
}

impl NoComparisons for ArmData {
    fn with_no_comparisons(mut self) -> Self {
        for r in &mut self.rows {
            r.pair_n = 0;
        }
        self
    }
}

/// With three players a seat's fair share is 1/3: winners at offsets 0, 0, 2 give
/// 100·(2/3 − 1/3), 100·(0 − 1/3) and 100·(1/3 − 1/3), one row per offset.
#[test]
fn seat_advantage_of_three_players() {
    let mut p = plan(&[ArmKind::SelfPlay]);
    p.players = 3;
    let games = [0, 0, 2].map(|w| DesignRow {
        winner_offset: w,
        ..DesignRow::default()
    });
    let rows = card_rows(&p, &[self_play(ArmKind::SelfPlay, games.to_vec())], None);
    let per_game = |y: [f64; 3]| y.map(|y| (y, 1.0));
    let third = 1.0 / 3.0;
    let seats = [
        ("0", 100.0 / 3.0, [1.0, 1.0, 0.0]),
        ("1", -100.0 / 3.0, [0.0, 0.0, 0.0]),
        ("2", 0.0, [0.0, 0.0, 1.0]),
    ];
    for (key, value, y) in seats {
        check(
            &rows,
            "seat_advantage",
            key,
            value,
            &per_game(y),
            As::Points(third),
        );
    }
    assert_eq!(
        rows.iter().filter(|r| r.metric == "seat_advantage").count(),
        3
    );
}
