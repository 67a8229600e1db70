use silver_sim::testing::num;

#[test]
fn csv_numbers_are_never_negative_zero() {
    assert_eq!(num(-0.0), "0.0000");
    assert_eq!(num(-0.00001), "0.0000");
    assert_eq!(num(1.23456), "1.2346");
}

/// The sweep's design table: the base's own values, each set's differences as value ± the
/// half-width of the paired interval (`*` when it excludes 0), the swapped value's restricted
/// value for a one-swap set, `-` for what a card does not have.
#[test]
fn the_design_table_shows_differences_with_half_widths() {
    use silver_sim::design::CardRow;
    use silver_sim::{design_table, Est, SetMetrics};
    let est = |value: f64, half: f64| Est {
        value,
        low: value - half,
        high: value + half,
    };
    let row = |metric: &'static str, key: &str, e: Est, diff: Option<Est>| CardRow {
        metric,
        key: key.into(),
        unit: "points",
        est: e,
        diff,
        reduced: None,
        games: 8,
        blocks: 4,
    };
    let sets = [
        SetMetrics {
            index: 0,
            set: "amulet".into(),
            ..Default::default()
        },
        SetMetrics {
            index: 1,
            set: "amulet+7:bullet".into(),
            swap: Some((7, silver_rules::Edition::Bullet)),
            ..Default::default()
        },
    ];
    let cards = vec![
        vec![
            row("skill_gap", "", est(31.25, 2.0), None),
            row("seat_advantage", "0", est(2.5, 1.0), None),
            row("lead_changes", "", est(0.955, 0.1), None),
            row("restricted_value", "7", est(5.0, 1.0), None),
        ],
        vec![
            row("skill_gap", "", est(30.0, 2.0), Some(est(-1.25, 0.5))),
            row("seat_advantage", "0", est(2.5, 1.0), Some(est(-0.001, 2.0))),
            row("lead_changes", "", est(0.9, 0.1), Some(est(-0.055, 0.05))),
            row("restricted_value", "7", est(7.5, 1.0), Some(est(2.5, 1.25))),
        ],
    ];
    let text = design_table(&sets, &cards);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    assert_eq!(
        lines[2],
        "set              skill gap         start seat        lead changes      turns/round       swapped value"
    );
    assert_eq!(
        lines[3],
        "amulet             31.25              2.50              0.95           -                 -"
    );
    assert_eq!(
        lines[4],
        "amulet+7:bullet    -1.25 ±0.50*      +0.00 ±2.00       -0.06 ±0.05*    -                 7: +2.50 ±1.25*"
    );
}

/// `balance.csv`'s reduced columns: after every plain column, per reduced metric its value,
/// interval and variance ratio, then its difference's; unknown cells (a base against itself
/// has no ratio) empty; a sweep without luck has none of them.
#[test]
fn reduced_columns_follow_the_plain_ones() {
    use silver_sim::testing::{balance_csv, ReducedMetric};
    use silver_sim::{Est, SetMetrics};
    let est = |value, low, high| Est { value, low, high };
    let row = |index: usize, diff: Est, diff_ratio: f64| SetMetrics {
        index,
        set: format!("s{index}"),
        reduced: vec![ReducedMetric {
            name: "start_win_rate",
            value: est(0.25, 0.2, 0.3),
            ratio: 1.25,
            diff,
            diff_ratio,
        }],
        ..Default::default()
    };
    let zero = est(0.0, 0.0, 0.0);
    let csv = balance_csv(&[
        row(0, zero, f64::NAN),
        row(1, est(-0.0125, -0.05, 0.025), 1.5),
    ]);
    let text = String::from_utf8(csv).unwrap();
    let plain = String::from_utf8(balance_csv(&[SetMetrics::default()])).unwrap();
    let plain_header = plain.lines().next().unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "{plain_header},start_win_rate_vr,start_win_rate_vr_low95,start_win_rate_vr_high95,\
             start_win_rate_variance_ratio,d_start_win_rate_vr,d_start_win_rate_vr_low95,\
             d_start_win_rate_vr_high95,d_start_win_rate_variance_ratio"
        )
    );
    assert!(lines[1].ends_with(",0.2500,0.2000,0.3000,1.2500,0.0000,0.0000,0.0000,"));
    assert!(lines[2].ends_with(",0.2500,0.2000,0.3000,1.2500,-0.0125,-0.0500,0.0250,1.5000"));
    assert!(!plain_header.contains("_vr"));
}
