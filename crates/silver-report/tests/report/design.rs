//! The design card's page from a hand-written card (`tests/fixtures/design`: a `design.csv`
//! in the card's format for Amulet at 4 players with the default ladder, and the arms its
//! `design.json` lists, which each test seals with the table's length and CRC-32 as `silver
//! design` does): the ladder's matrix cells, the restricted-play bars in their sorted order,
//! the tables, the value names from an arm's manifest, a sweep's differences, and the
//! one-line errors of malformed files.

use super::{parse, play, spec, Tmp};
use silver_sim::design::{DesignManifest, DESIGN_VERSION};
use std::path::{Path, PathBuf};

fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/design")
}

/// Writes `dir/design.json`: the fixture's finished card, sealed as `silver design` seals it,
/// vouching for `dir/design.csv` as it is. The arms' directories are not part of the fixture
/// (the page reads none but, for the values' names, an arm's manifest when one is there), so
/// the manifest records no `design-games.csv` for them.
fn seal_card(dir: &Path) {
    let csv = std::fs::read(dir.join("design.csv")).unwrap();
    let arms: Vec<(String, String)> =
        serde_json::from_str(&std::fs::read_to_string(fixture().join("arms.json")).unwrap())
            .unwrap();
    let m = DesignManifest {
        version: DESIGN_VERSION,
        fingerprint: "hand-written".into(),
        set: "amulet".into(),
        players: 4,
        arms_done: arms.len(),
        arms,
        design_games: Vec::new(),
        complete: true,
        design: Some((csv.len() as u64, crc32fast::hash(&csv))),
    };
    let path = dir.join("design.json");
    std::fs::write(&path, silver_sim::testing::seal(&m, &path).unwrap()).unwrap();
}

/// A copy of the fixture in `tmp`, its `design.csv` replaced by `csv` when given, with its
/// sealed `design.json`.
fn card_dir(tmp: &Tmp, name: &str, csv: Option<&str>) -> PathBuf {
    let dir = tmp.0.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(fixture().join("design.csv"), dir.join("design.csv")).unwrap();
    if let Some(text) = csv {
        std::fs::write(dir.join("design.csv"), text).unwrap();
    }
    seal_card(&dir);
    dir
}

fn fixture_csv() -> String {
    std::fs::read_to_string(fixture().join("design.csv")).unwrap()
}

/// The `<title>` (hover) texts and the `<text>` texts of a figure's SVG, in document order.
pub(crate) fn svg_texts(html: &str, figure: &str) -> (Vec<String>, Vec<String>) {
    let doc = roxmltree::Document::parse_with_options(
        html,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap();
    let fig = doc
        .descendants()
        .find(|n| n.tag_name().name() == "figure" && n.attribute("id") == Some(figure))
        .unwrap_or_else(|| panic!("no figure {figure}"));
    let of = |tag: &str| -> Vec<String> {
        fig.descendants()
            .filter(|n| n.tag_name().name() == tag)
            .map(|n| n.text().unwrap_or("").trim().to_string())
            .collect()
    };
    (of("title"), of("text"))
}

#[test]
fn a_design_card_has_the_ladder_matrix_the_sorted_restricted_bars_and_the_table() {
    let tmp = Tmp::new("design-page");
    let dir = card_dir(&tmp, "card", None);
    let report = silver_report::build(&dir).unwrap();
    let html = report.html();
    // Deterministic: the same page twice.
    assert_eq!(html, silver_report::build(&dir).unwrap().html());
    let (figures, tables) = parse(&html);
    assert_eq!(figures, ["design-ladder", "design-restricted"]);
    assert!(tables["run"].contains(&vec!["kind".into(), "design card".into()]));
    assert!(tables["run"].contains(&vec!["complete".into(), "yes".into()]));
    assert!(tables["run"].contains(&vec![
        "arm 07-ladder-3-over-0".into(),
        "ladder ismcts:iterations=100 vs random".into()
    ]));
    assert_eq!(tables["run"].len(), 1 + 4 + 24);

    // The matrix: rows and columns in ladder order, every off-diagonal cell, the lower rung's
    // share being 100 minus the upper's with the interval mirrored (100 - 92.4 = 7.6).
    let (titles, texts) = svg_texts(&html, "design-ladder");
    let rungs = ["random", "greedy-mem2", "greedy", "ismcts:iterations=100"];
    let share = [
        [None, Some(8.8), Some(6.9), Some(9.6)],
        [Some(91.2), None, Some(41.7), Some(44.8)],
        [Some(93.1), Some(58.3), None, Some(52.4)],
        [Some(90.4), Some(55.2), Some(47.6), None],
    ];
    let mut want = Vec::new();
    for (r, row) in share.iter().enumerate() {
        for (c, v) in row.iter().enumerate() {
            if let Some(v) = v {
                want.push(format!("{} ahead of {}: {v:.1}%", rungs[r], rungs[c]));
            }
        }
    }
    let got: Vec<&str> = titles
        .iter()
        .map(|t| t.split(" (95% interval").next().unwrap())
        .collect();
    assert_eq!(got, want);
    assert!(titles.contains(&"random ahead of greedy-mem2: 8.8% (95% interval 7.6 to 10.1)".into()));
    assert!(
        titles.contains(&"greedy-mem2 ahead of random: 91.2% (95% interval 89.9 to 92.4)".into())
    );
    // Each cell writes its share and, in small text, its interval.
    for t in [
        "91.2",
        "89.9 to 92.4",
        "8.8",
        "7.6 to 10.1",
        "47.6",
        "43.0 to 52.2",
    ] {
        assert!(texts.iter().any(|x| x == t), "no cell text {t}: {texts:?}");
    }
    for r in rungs {
        assert!(texts.iter().any(|x| x == r), "no rung label {r}");
    }

    // The bars: largest first, equal values (1.1 for 3 and 7) by card value; no arm
    // manifest here, so the labels are the values.
    let (titles, _) = svg_texts(&html, "design-restricted");
    let order: Vec<&str> = titles
        .iter()
        .map(|t| t.split(':').next().unwrap())
        .collect();
    assert_eq!(
        order,
        ["8", "11", "4", "6", "10", "1", "12", "3", "7", "0", "5", "9", "2", "13"]
    );
    assert_eq!(titles[0], "8: 6.20 points (95% interval 4.30 to 8.10)");
    assert_eq!(titles[13], "13: -1.40 points (95% interval -3.30 to 0.50)");

    // The other metrics, in the file's order, observational rates labelled; the figures'
    // numbers in a table of their own.
    let t = &tables["design-table"];
    assert_eq!(
        t[0],
        [
            "metric",
            "key",
            "value",
            "95% interval",
            "unit",
            "note",
            "games",
            "blocks"
        ]
    );
    assert_eq!(t.len(), 1 + 82 - 6 - 14);
    assert_eq!(
        t[1],
        [
            "skill_gap",
            "",
            "40.4000",
            "[38.1000, 42.3000]",
            "points",
            "",
            "400",
            "200"
        ]
    );
    let row = |metric: &str, key: &str| {
        t.iter()
            .find(|r| r[0] == metric && r[1] == key)
            .unwrap_or_else(|| panic!("no row {metric} {key}"))
            .clone()
    };
    assert_eq!(row("keep_rate", "7")[5], "observational");
    assert_eq!(row("win_with_rate", "13")[5], "observational");
    assert!(!t
        .iter()
        .any(|r| r[0] == "restricted_value" || r[0] == "ladder_share"));
    assert_eq!(row("memory_value", "")[5], "");
    // A metric with no denominator: value 0, no interval.
    assert_eq!(row("use_rate", "0")[2..4], ["0.0000", ""]);
    let figures_table = &tables["design-figures-table"];
    assert_eq!(figures_table.len(), 1 + 6 + 14);
    assert_eq!(
        figures_table[1][..4],
        [
            "ladder_share",
            "greedy-mem2>random",
            "91.2000",
            "[89.9000, 92.4000]"
        ]
    );
    assert!(report.csv().contains("# design-table: "));
}

#[test]
fn the_bars_name_each_value_by_the_set_of_an_arm_manifest() {
    let tmp = Tmp::new("design-labels");
    let dir = card_dir(&tmp, "card", None);
    let arm = dir.join("arms/00-self-play");
    play(
        &spec("name = \"s\"\nplayers = 4\nbots = [\"greedy\"]\ngames = 4\nseed = 1\n"),
        &arm,
        None,
    );
    let set = silver_sim::read_manifest(&arm).unwrap().card_set().unwrap();
    assert_eq!(set.name, "amulet");
    let (titles, texts) = svg_texts(
        &silver_report::build(&dir).unwrap().html(),
        "design-restricted",
    );
    let eight = format!("8 {}", set.labels[8]);
    assert!(
        titles[0].starts_with(&format!("{eight}: 6.20 points")),
        "{titles:?}"
    );
    assert!(texts.contains(&eight), "{texts:?}");
}

#[test]
fn a_sweeps_card_has_a_section_per_set_with_the_difference_from_the_base() {
    let tmp = Tmp::new("design-sweep");
    let mut text = String::new();
    for (i, line) in fixture_csv().lines().enumerate() {
        if i == 0 {
            text.push_str(&format!("{line},d_value,d_low95,d_high95\n"));
        } else {
            text.push_str(&format!("{line},,,\n"));
        }
    }
    for line in fixture_csv().lines().skip(1) {
        let line = line.replacen("amulet,4,", "\"amulet+3:bullet,5:coin\",4,", 1);
        text.push_str(&format!("{line},-1.2500,-2.5000,0.0000\n"));
    }
    let dir = card_dir(&tmp, "sweep", Some(&text));
    let html = silver_report::build(&dir).unwrap().html();
    let (figures, tables) = parse(&html);
    assert_eq!(
        figures,
        [
            "design-ladder-0",
            "design-restricted-0",
            "design-ladder-1",
            "design-restricted-1",
            "design-restricted-diff-1"
        ]
    );
    let (_, texts) = svg_texts(&html, "design-restricted-diff-1");
    assert!(
        texts.iter().any(|t| t == "difference (points)"),
        "{texts:?}"
    );
    let t = &tables["design-table-1"];
    assert_eq!(
        t[0][6..8],
        ["difference from base", "difference 95% interval"]
    );
    assert_eq!(t[1][6..8], ["-1.2500", "[-2.5000, 0.0000]"]);
    assert_eq!(tables["design-table-0"][1][6..8], ["", ""]);
    assert!(tables["run"].contains(&vec![
        "set".into(),
        "amulet+3:bullet,5:coin (4 players)".into()
    ]));
}

#[test]
fn a_variance_reduced_card_shows_the_reduced_values_beside_the_plain_ones() {
    let tmp = Tmp::new("design-vr");
    let vr = |sweep: bool| {
        let mut text = String::new();
        for (i, line) in fixture_csv().lines().enumerate() {
            let (d, rd) = if sweep { (",,,", ",,,,") } else { ("", "") };
            if i == 0 {
                let (d, rd) = if sweep {
                    (
                        ",d_value,d_low95,d_high95",
                        ",d_value_vr,d_low95_vr,d_high95_vr,d_variance_ratio",
                    )
                } else {
                    ("", "")
                };
                text.push_str(&format!(
                    "{line}{d},value_vr,low95_vr,high95_vr,variance_ratio{rd}\n"
                ));
            } else if line.contains(",upset_rate,") {
                text.push_str(&format!("{line}{d},18.1000,17.3000,19.0000,1.2100{rd}\n"));
            } else {
                text.push_str(&format!("{line}{d},,,,{rd}\n"));
            }
        }
        text
    };
    let dir = card_dir(&tmp, "card", Some(&vr(false)));
    let (_, tables) = parse(&silver_report::build(&dir).unwrap().html());
    let t = &tables["design-table"];
    assert_eq!(
        t[0][6..9],
        ["reduced", "reduced 95% interval", "variance ratio"]
    );
    let upset = t.iter().find(|r| r[0] == "upset_rate").unwrap();
    assert_eq!(upset[6..9], ["18.1000", "[17.3000, 19.0000]", "1.2100"]);
    let plain = t.iter().find(|r| r[0] == "turns_per_round").unwrap();
    assert_eq!(plain[6..9], ["", "", ""]);
    // A sweep's: the difference columns first, then the reduced ones with their difference.
    let dir = card_dir(&tmp, "sweep", Some(&vr(true)));
    let (_, tables) = parse(&silver_report::build(&dir).unwrap().html());
    assert_eq!(
        tables["design-table"][0][6..13],
        [
            "difference from base",
            "difference 95% interval",
            "reduced",
            "reduced 95% interval",
            "variance ratio",
            "reduced difference",
            "its 95% interval"
        ]
    );
    // A reduced interval upside down, a reduced value that is no number: one-line errors.
    for (bad, want) in [
        (
            ",18.1000,19.0000,17.3000,1.2100",
            "low95_vr 19.0000 is above high95_vr",
        ),
        (",x,17.3000,19.0000,1.2100", "value_vr `x`"),
    ] {
        let text = vr(false).replacen(",18.1000,17.3000,19.0000,1.2100", bad, 1);
        let dir = card_dir(&tmp, &format!("bad{}", want.len()), Some(&text));
        let e = silver_report::build(&dir).unwrap_err().to_string();
        assert!(e.contains(want) && !e.contains('\n'), "{e}");
    }
}

#[test]
fn a_malformed_design_csv_is_a_one_line_error_naming_the_file_and_line() {
    let tmp = Tmp::new("design-bad");
    let good = fixture_csv();
    let lines: Vec<&str> = good.lines().collect();
    let with = |line: usize, new: &str| -> String {
        let mut v = lines.clone();
        v[line - 1] = new;
        v.join("\n") + "\n"
    };
    let without = |line: usize| -> String {
        let mut v = lines.clone();
        v.remove(line - 1);
        v.join("\n") + "\n"
    };
    let restricted = lines
        .iter()
        .position(|l| l.contains(",restricted_value,0,"))
        .unwrap()
        + 1;
    let cases: Vec<(String, &str)> = vec![
        ("".into(), "line 1: empty file"),
        (lines[0].to_string() + "\n", "line 2: no rows"),
        (with(1, "set,players,metric,key,value"), "line 1: the header"),
        (with(2, "amulet,4,skill_gap,,points,40.4,38.1,42.3,400"), "line 2: 9 fields"),
        (with(2, "amulet,4,skill_gap,,points,x,38.1,42.3,400,200"), "line 2: value `x`"),
        (with(2, "amulet,4,skill_gap,,points,NaN,38.1,42.3,400,200"), "line 2: value `NaN`"),
        (with(2, "amulet,4,skill_gap,,points,40.4,42.3,38.1,400,200"), "line 2: low95 42.3 is above"),
        (with(2, "amulet,4,skill_gap,,points,40.4,,42.3,400,200"), "line 2: low95 and high95"),
        (with(2, "amulet,4,skill_gap,,points,40.4,38.1,42.3,400,800"), "line 2: 800 blocks but 400 games"),
        (with(2, "amulet,4,skill_gap,,points,40.4,38.1,42.3,-4,2"), "line 2: games `-4`"),
        (with(2, "amulet,one,skill_gap,,points,40.4,38.1,42.3,400,200"), "line 2: players `one`"),
        (with(2, "amulet,4,Skill Gap,,points,40.4,38.1,42.3,400,200"), "line 2: metric `Skill Gap`"),
        (with(3, "amulet,4,ladder_share,greedy-mem2 random,%,91.2,89.9,92.4,2000,1000"), "line 3: ladder_share key"),
        (with(restricted, "amulet,4,restricted_value,14,points,0.8,-1.1,2.7,2000,1000"), "restricted_value key `14` is not a card value"),
        (with(10, "amulet,4,seat_advantage,4,points,3.1,1.2,5.0,2000,2000"), "line 10: seat_advantage key `4`"),
        (with(3, lines[1]), "line 3: a second row for skill_gap"),
        (without(3), "ladder_share rows are not every pairing"),
        (with(5, "amulet,4,ladder_share,ismcts:iterations=100>x,%,47.6,43.0,52.2,400,200"), "line 5: ladder_share `ismcts:iterations=100>x` does not continue the ladder after `greedy`"),
        (with(4, "amulet,4,ladder_share,greedy-mem2>greedy,%,58.3,56.1,60.4,2000,1000"), "line 4: ladder_share `greedy-mem2>greedy` does not continue"),
        (with(7, "amulet,4,ladder_share,random>greedy-mem2,%,8.8,7.6,10.1,2000,1000"), "line 7: ladder_share `random>greedy-mem2` is not a pairing"),
        (with(3, "amulet,3,skill_gap,,points,40.4,38.1,42.3,400,200"), "line 4: set amulet with 4 players again"),
        (with(2, "amulet,4,skill_gap,\"a,b"), "design.csv: "),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let dir = card_dir(&tmp, &format!("c{i}"), Some(text));
        let e = silver_report::build(&dir).unwrap_err().to_string();
        let file = dir.join("design.csv").display().to_string();
        assert!(
            e.starts_with(&format!("{file}: ")) && e.contains(want) && !e.contains('\n'),
            "case {i}: want `{want}`, got `{e}`"
        );
    }
    // A finished card's directory without its table, and an unfinished card.
    let dir = card_dir(&tmp, "no-csv", None);
    std::fs::remove_file(dir.join("design.csv")).unwrap();
    let e = silver_report::build(&dir).unwrap_err();
    assert!(e.to_string().ends_with("design.csv"), "{e}");
    let dir = card_dir(&tmp, "unfinished", None);
    let path = dir.join("design.json");
    let mut m = silver_sim::design::read_design_manifest(&path).unwrap();
    (m.arms_done, m.complete, m.design) = (20, false, None);
    std::fs::write(&path, silver_sim::testing::seal(&m, &path).unwrap()).unwrap();
    let e = silver_report::build(&dir).unwrap_err().to_string();
    assert!(e.contains("unfinished design card (20 of 24 arms)"), "{e}");
    // A manifest that is not JSON, and one edited by hand (its checksum no longer matches).
    let dir = card_dir(&tmp, "bad-json", None);
    std::fs::write(dir.join("design.json"), "{").unwrap();
    let e = silver_report::build(&dir).unwrap_err().to_string();
    assert!(
        e.starts_with(&dir.join("design.json").display().to_string()),
        "{e}"
    );
    let dir = card_dir(&tmp, "edited-json", None);
    let path = dir.join("design.json");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replacen("\"players\": 4", "\"players\": 3", 1)).unwrap();
    let e = silver_report::build(&dir).unwrap_err().to_string();
    assert!(
        e.starts_with(&path.display().to_string()) && e.contains("checksum"),
        "{e}"
    );
}

#[test]
fn an_edited_design_csv_is_refused_by_its_recorded_length_and_checksum() {
    let tmp = Tmp::new("design-edited");
    // The same length, one digit changed: the checksum refuses it.
    let dir = card_dir(&tmp, "digit", None);
    let csv = dir.join("design.csv");
    let text = std::fs::read_to_string(&csv).unwrap();
    std::fs::write(&csv, text.replacen("40.4000", "41.4000", 1)).unwrap();
    let e = silver_report::build(&dir).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "{}: its first {} bytes do not match the checksum the manifest records: the file was changed",
            csv.display(),
            text.len()
        )
    );
    // A row removed: the length refuses it.
    let dir = card_dir(&tmp, "row", None);
    let csv = dir.join("design.csv");
    let cut: String = text.lines().take(5).map(|l| format!("{l}\n")).collect();
    std::fs::write(&csv, &cut).unwrap();
    let e = silver_report::build(&dir).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("{}: {} bytes", csv.display(), cut.len())) && !e.contains('\n'),
        "{e}"
    );
}
