//! A balance search's page from small hand-written directories (`search.json`, `search.csv`,
//! `ranking.csv` as the search writes them): one objective (stages, distributions, ranking,
//! finalists, no Pareto front) and two objectives (the front of the last stage); and the
//! one-line errors of missing, short and malformed files.

use super::design::svg_texts;
use super::{parse, Tmp};
use std::path::{Path, PathBuf};

const MEASURES: &str = "seat_advantage[0]@4,seat_advantage[0]@4_low95,seat_advantage[0]@4_high95,turns_per_round@4,turns_per_round@4_low95,turns_per_round@4_high95";

/// One objective `even`: six sets screened on one deal (no intervals), three (the base among
/// them) on four deals, two finalists and the base certified.
fn one_objective_search() -> String {
    format!(
        "stage,fidelity,set,index,changes,deals,games,even,even_low95,even_high95,even_violation,{MEASURES}
1,screen,amulet,0,0,1,4,3.0000,,,0.0000,1.0000,,,31.0000,,
1,screen,amulet+2:coin,1,1,1,4,5.0000,,,0.0000,2.0000,,,30.0000,,
1,screen,amulet+4:dagger,2,1,1,4,1.0000,,,0.0000,0.5000,,,32.0000,,
1,screen,\"amulet+2:coin,4:dagger\",5,2,1,4,0.5000,,,0.0000,0.2500,,,33.0000,,
1,screen,amulet+5:dagger,6,1,1,4,0.1000,,,4.0000,1.5000,,,40.0000,,
1,screen,amulet+8:bullet,9,1,1,4,8.0000,,,0.0000,4.0000,,,29.0000,,
2,screen,amulet,0,0,4,16,2.5000,1.0000,4.0000,0.0000,1.2500,0.2000,2.3000,31.1000,30.0000,32.2000
2,screen,amulet+4:dagger,2,1,4,16,1.5000,0.5000,2.5000,0.0000,0.7500,0.1000,1.4000,31.9000,31.0000,32.8000
2,screen,\"amulet+2:coin,4:dagger\",5,2,4,16,1.2500,0.2500,2.2500,0.0000,0.6000,0.0000,1.2000,32.5000,31.5000,33.5000
3,certify,amulet,0,0,500,2000,2.0000,1.7000,2.3000,0.0000,1.0000,0.8000,1.2000,31.2000,31.0000,31.4000
3,certify,amulet+4:dagger,2,1,500,2000,1.2000,0.9000,1.5000,0.0000,0.6000,0.4000,0.8000,31.8000,31.6000,32.0000
3,certify,\"amulet+2:coin,4:dagger\",5,2,500,2000,1.4000,1.1000,1.7000,0.0000,0.7000,0.5000,0.9000,32.4000,32.2000,32.6000
"
    )
}

fn one_objective_ranking() -> String {
    format!(
        "rank,front,set,index,changes,fidelity,deals,games,even,even_low95,even_high95,even_d_best,even_d_best_low95,even_d_best_high95,even_d_base,even_d_base_low95,even_d_base_high95,even_violation,{MEASURES}
1,1,amulet+4:dagger,2,1,certify,500,2000,1.2000,0.9000,1.5000,0.0000,,,-0.8000,-1.1000,-0.5000,0.0000,0.6000,0.4000,0.8000,31.8000,31.6000,32.0000
2,1,\"amulet+2:coin,4:dagger\",5,2,certify,500,2000,1.4000,1.1000,1.7000,0.2000,-0.1000,0.5000,-0.6000,-0.9000,-0.3000,0.0000,0.7000,0.5000,0.9000,32.4000,32.2000,32.6000
3,1,amulet,0,0,certify,500,2000,2.0000,1.7000,2.3000,0.8000,0.5000,1.1000,0.0000,,,0.0000,1.0000,0.8000,1.2000,31.2000,31.0000,31.4000
"
    )
}

/// As the search writes it: its version, name, fingerprint and schedule (the stages).
const JSON: &str = r#"{"version": 1, "name": "even-test", "fingerprint": "abc123", "notes": "a\nb", "stages": [
  {"number": 1, "fidelity": "screen", "sets": 6, "first_deal": 0, "end_deal": 1, "games": 24},
  {"number": 2, "fidelity": "screen", "sets": 3, "first_deal": 1, "end_deal": 4, "games": 36},
  {"number": 3, "fidelity": "certify", "sets": 3, "first_deal": 4, "end_deal": 504, "games": 6000}
]}"#;

fn search_dir(tmp: &Tmp, name: &str, files: [(&str, &str); 3]) -> PathBuf {
    let dir = tmp.0.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

fn row(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

#[test]
fn a_search_with_one_objective_has_its_stages_ranking_and_finalists() {
    let tmp = Tmp::new("search-one");
    let dir = search_dir(
        &tmp,
        "s",
        [
            ("search.json", JSON),
            ("search.csv", &one_objective_search()),
            ("ranking.csv", &one_objective_ranking()),
        ],
    );
    let report = silver_report::build(&dir).unwrap();
    let html = report.html();
    assert_eq!(html, silver_report::build(&dir).unwrap().html());
    assert_eq!(report.title, "Silver balance search: even-test");
    let (figures, tables) = parse(&html);
    // One objective: no Pareto front.
    assert_eq!(
        figures,
        [
            "search-dist-even",
            "search-d-best-even",
            "search-d-base-even"
        ]
    );
    assert!(!html.contains("id=\"pareto\""));
    let run = &tables["run"];
    for want in [
        ["kind", "balance search"],
        ["name", "even-test"],
        ["fingerprint", "abc123"],
        ["version", "1"],
        ["notes", "a"],
        ["notes", "b"],
        ["objectives", "even"],
        ["measures", "seat_advantage[0]@4, turns_per_round@4"],
        ["stages in search.csv", "3"],
        ["rows of search.csv", "12"],
        ["ranked (ranking.csv)", "2 finalists and the base"],
    ] {
        assert!(run.contains(&row(&want)), "{want:?}: {run:?}");
    }
    // The schedule search.json records, as a table.
    assert_eq!(
        tables["search-json-stages"],
        [
            row(&[
                "number",
                "fidelity",
                "sets",
                "first_deal",
                "end_deal",
                "games"
            ]),
            row(&["1", "screen", "6", "0", "1", "24"]),
            row(&["2", "screen", "3", "1", "4", "36"]),
            row(&["3", "certify", "3", "4", "504", "6000"]),
        ]
    );
    // Stages: the best by its point estimate (an infeasible set is never the best while a
    // feasible one is there), and the sets keeping the constraints.
    assert_eq!(
        tables["search-stages"],
        [
            row(&[
                "stage",
                "fidelity",
                "sets",
                "deals per set",
                "games per set",
                "best by even",
                "even",
                "sets keeping even's constraints"
            ]),
            row(&[
                "1",
                "screen",
                "6",
                "1",
                "4",
                "amulet+2:coin,4:dagger",
                "0.5000",
                "5"
            ]),
            row(&[
                "2",
                "screen",
                "3",
                "4",
                "16",
                "amulet+2:coin,4:dagger",
                "1.2500 [0.2500, 2.2500]",
                "3"
            ]),
            row(&[
                "3",
                "certify",
                "3",
                "500",
                "2000",
                "amulet+4:dagger",
                "1.2000 [0.9000, 1.5000]",
                "3"
            ]),
        ]
    );
    let (_, texts) = svg_texts(&html, "search-dist-even");
    for want in [
        "stage 1 (screen): 6 sets",
        "stage 2 (screen): 3 sets",
        "stage 3 (certify): 3 sets",
        "even by stage",
    ] {
        assert!(texts.iter().any(|t| t == want), "{want}: {texts:?}");
    }
    // The ranking, best first, the paired intervals as written (empty: the best against
    // itself, the base against itself).
    let ranking = &tables["search-ranking"];
    assert_eq!(ranking.len(), 4);
    assert_eq!(
        ranking[0][..10],
        row(&[
            "rank",
            "front",
            "set",
            "changes",
            "fidelity",
            "deals",
            "games",
            "even",
            "even 95% interval",
            "even minus the best"
        ])
    );
    assert_eq!(
        ranking[1],
        row(&[
            "1",
            "1",
            "amulet+4:dagger",
            "1",
            "certify",
            "500",
            "2000",
            "1.2000",
            "[0.9000, 1.5000]",
            "0.0000",
            "",
            "-0.8000",
            "[-1.1000, -0.5000]",
            "0.0000"
        ])
    );
    assert_eq!(ranking[2][2], "amulet+2:coin,4:dagger");
    assert_eq!(ranking[2][10], "[-0.1000, 0.5000]");
    assert_eq!(ranking[3][2], "amulet (base)");
    assert_eq!(ranking[3][12], "");
    // The forest plots label every ranked set, best at the top (drawn last from the bottom).
    let (_, texts) = svg_texts(&html, "search-d-base-even");
    for want in [
        "#1 amulet+4:dagger",
        "#2 amulet+2:coin,4:dagger",
        "#3 amulet (base)",
    ] {
        assert!(texts.iter().any(|t| t == want), "{want}: {texts:?}");
    }
    // The finalists side by side: columns in rank order, rows the objective and the measures.
    let f = &tables["search-finalists"];
    assert_eq!(
        f[0],
        row(&[
            "measure",
            "#1 amulet+4:dagger",
            "#2 amulet+2:coin,4:dagger",
            "#3 amulet (base)"
        ])
    );
    assert_eq!(
        f[1..],
        [
            row(&[
                "objective even",
                "1.2000 [0.9000, 1.5000]",
                "1.4000 [1.1000, 1.7000]",
                "2.0000 [1.7000, 2.3000]"
            ]),
            row(&["even violation", "0.0000", "0.0000", "0.0000"]),
            row(&[
                "seat_advantage[0]@4",
                "0.6000 [0.4000, 0.8000]",
                "0.7000 [0.5000, 0.9000]",
                "1.0000 [0.8000, 1.2000]"
            ]),
            row(&[
                "turns_per_round@4",
                "31.8000 [31.6000, 32.0000]",
                "32.4000 [32.2000, 32.6000]",
                "31.2000 [31.0000, 31.4000]"
            ]),
        ]
    );
    // ranking.csv itself, cell for cell, for machines (`--format csv`).
    let csv = report.csv();
    assert!(csv.contains("# ranking-csv: ranking.csv\n"));
    assert!(csv.contains("1,1,amulet+4:dagger,2,1,certify,500,2000,1.2000,"));
}

/// Two objectives `even` and `short` over a certify stage of four sets: B and C trade one
/// objective for the other, the base is worse than C on both, D is best on `short` but breaks
/// `even`'s constraint (so every set keeping it is better on `even`).
fn two_objectives() -> (String, String) {
    let head = "even,even_low95,even_high95,even_violation,short,short_low95,short_high95,short_violation,turns_per_round@4,turns_per_round@4_low95,turns_per_round@4_high95";
    let search = format!(
        "stage,fidelity,set,index,changes,deals,games,{head}
1,screen,amulet,0,0,1,4,2.5000,,,0.0000,3.5000,,,0.0000,31.0000,,
1,screen,amulet+2:bullet,3,1,1,4,1.0000,,,0.0000,5.0000,,,0.0000,28.0000,,
1,screen,amulet+4:coin,7,1,1,4,2.0000,,,0.0000,2.0000,,,0.0000,30.0000,,
1,screen,amulet+5:dagger,9,1,1,4,0.7000,,,1.0000,0.5000,,,0.0000,35.0000,,
1,screen,amulet+8:coin,11,1,1,4,9.0000,,,0.0000,9.0000,,,0.0000,36.0000,,
2,certify,amulet,0,0,100,400,2.0000,1.8000,2.2000,0.0000,3.0000,2.7000,3.3000,0.0000,31.0000,30.8000,31.2000
2,certify,amulet+2:bullet,3,1,100,400,1.0000,0.8000,1.2000,0.0000,4.0000,3.6000,4.4000,0.0000,28.0000,27.8000,28.2000
2,certify,amulet+4:coin,7,1,100,400,1.5000,1.3000,1.7000,0.0000,2.0000,1.8000,2.2000,0.0000,30.0000,29.8000,30.2000
2,certify,amulet+5:dagger,9,1,100,400,0.5000,0.3000,0.7000,2.0000,1.0000,0.8000,1.2000,0.0000,35.0000,34.8000,35.2000
"
    );
    let d = |x: &str| format!("{x},{x}_low95,{x}_high95");
    let rhead = format!(
        "even,even_low95,even_high95,{},{},even_violation,short,short_low95,short_high95,{},{},short_violation,turns_per_round@4,turns_per_round@4_low95,turns_per_round@4_high95",
        d("even_d_best"),
        d("even_d_base"),
        d("short_d_best"),
        d("short_d_base")
    );
    let ranking = format!(
        "rank,front,set,index,changes,fidelity,deals,games,{rhead}
1,1,amulet+2:bullet,3,1,certify,100,400,1.0000,0.8000,1.2000,0.0000,,,-1.0000,-1.3000,-0.7000,0.0000,4.0000,3.6000,4.4000,0.0000,,,1.0000,0.5000,1.5000,0.0000,28.0000,27.8000,28.2000
2,1,amulet+4:coin,7,1,certify,100,400,1.5000,1.3000,1.7000,0.5000,0.2000,0.8000,-0.5000,-0.8000,-0.2000,0.0000,2.0000,1.8000,2.2000,-2.0000,-2.5000,-1.5000,-1.0000,-1.4000,-0.6000,0.0000,30.0000,29.8000,30.2000
3,1,amulet+5:dagger,9,1,certify,100,400,0.5000,0.3000,0.7000,-0.5000,-0.8000,-0.2000,-1.5000,-1.8000,-1.2000,2.0000,1.0000,0.8000,1.2000,-3.0000,-3.5000,-2.5000,-2.0000,-2.4000,-1.6000,0.0000,35.0000,34.8000,35.2000
4,2,amulet,0,0,certify,100,400,2.0000,1.8000,2.2000,1.0000,0.7000,1.3000,0.0000,,,0.0000,3.0000,2.7000,3.3000,-1.0000,-1.5000,-0.5000,0.0000,,,0.0000,31.0000,30.8000,31.2000
"
    );
    (search, ranking)
}

#[test]
fn a_search_with_two_objectives_has_the_pareto_front_of_its_last_stage() {
    let tmp = Tmp::new("search-two");
    let (search, ranking) = two_objectives();
    let dir = search_dir(
        &tmp,
        "s2",
        [
            ("search.json", r#"{"name": "two"}"#),
            ("search.csv", &search),
            ("ranking.csv", &ranking),
        ],
    );
    let html = silver_report::build(&dir).unwrap().html();
    let (figures, tables) = parse(&html);
    assert_eq!(
        figures,
        [
            "search-dist-even",
            "search-dist-short",
            "search-d-best-even",
            "search-d-base-even",
            "search-d-best-short",
            "search-d-base-short",
            "search-pareto"
        ]
    );
    // The front: the last stage's sets (not the screen's: amulet+8:coin is not there), the
    // base dominated by amulet+4:coin, the set breaking a constraint on it by being best on
    // `short`.
    assert_eq!(
        tables["search-front"],
        [
            row(&["set", "even", "even violation", "short", "short violation"]),
            row(&[
                "amulet+2:bullet",
                "1.0000 [0.8000, 1.2000]",
                "0.0000",
                "4.0000 [3.6000, 4.4000]",
                "0.0000"
            ]),
            row(&[
                "amulet+4:coin",
                "1.5000 [1.3000, 1.7000]",
                "0.0000",
                "2.0000 [1.8000, 2.2000]",
                "0.0000"
            ]),
            row(&[
                "amulet+5:dagger",
                "0.5000 [0.3000, 0.7000]",
                "2.0000",
                "1.0000 [0.8000, 1.2000]",
                "0.0000"
            ]),
        ]
    );
    let (titles, texts) = svg_texts(&html, "search-pareto");
    assert_eq!(
        titles,
        [
            "amulet (base): even 2.0000 (95% interval 1.8000 to 2.2000), short 3.0000 (95% interval 2.7000 to 3.3000); dominated",
            "amulet+2:bullet: even 1.0000 (95% interval 0.8000 to 1.2000), short 4.0000 (95% interval 3.6000 to 4.4000); on the front",
            "amulet+4:coin: even 1.5000 (95% interval 1.3000 to 1.7000), short 2.0000 (95% interval 1.8000 to 2.2000); on the front",
            "amulet+5:dagger: even 0.5000 (95% interval 0.3000 to 0.7000), short 1.0000 (95% interval 0.8000 to 1.2000); on the front, breaks a constraint",
        ]
    );
    // Each point carries its rank.
    for want in ["#1", "#2", "#3", "#4", "Pareto front: even and short"] {
        assert!(texts.iter().any(|t| t == want), "{want}: {texts:?}");
    }
    // The ranking's fronts as written.
    let fronts: Vec<&str> = tables["search-ranking"][1..]
        .iter()
        .map(|r| r[1].as_str())
        .collect();
    assert_eq!(fronts, ["1", "1", "1", "2"]);
}

/// The whole error message, as the command prints it (each cause after a colon).
fn message(e: &silver_report::ReportError) -> String {
    let mut out = e.to_string();
    let mut cause = std::error::Error::source(e);
    while let Some(c) = cause {
        out.push_str(&format!(": {c}"));
        cause = c.source();
    }
    out
}

fn error_of(tmp: &Tmp, name: &str, files: [(&str, &str); 3]) -> String {
    let dir = search_dir(tmp, name, files);
    for (file, text) in files {
        if text == "<none>" {
            std::fs::remove_file(dir.join(file)).unwrap();
        }
    }
    let e = silver_report::build(&dir).err().map(|e| message(&e));
    let e = e.unwrap_or_else(|| panic!("{name}: a page"));
    assert!(!e.contains('\n'), "{name}: not one line: {e}");
    e
}

#[test]
fn missing_short_and_malformed_files_are_one_line_errors() {
    let tmp = Tmp::new("search-errors");
    let (search, ranking) = (one_objective_search(), one_objective_ranking());
    let at = |p: &Path| p.display().to_string();
    // A file cut short in its last row (two fields gone).
    let cut = format!("{}\n", ranking.strip_suffix(",31.0000,31.4000\n").unwrap());
    let bad_number = search.replacen("3.0000", "abc", 1);
    let no_violation = search.replace("even_violation", "even_vio");
    let no_d_best = ranking.replace("even_d_best,", "even_dbest,");
    let two = two_objectives().1;
    for (name, files, want) in [
        (
            "missing",
            [
                ("search.json", JSON),
                ("search.csv", &search),
                ("ranking.csv", "<none>"),
            ],
            "ranking.csv: missing: the search has not written its outputs",
        ),
        (
            "empty",
            [
                ("search.json", JSON),
                ("search.csv", ""),
                ("ranking.csv", &ranking),
            ],
            "search.csv: line 1: empty file, no header",
        ),
        (
            "header-only",
            [
                ("search.json", JSON),
                ("search.csv", &search),
                ("ranking.csv", ranking.lines().next().unwrap()),
            ],
            "ranking.csv: line 2: no rows",
        ),
        (
            "cut",
            [
                ("search.json", JSON),
                ("search.csv", &search),
                ("ranking.csv", &cut),
            ],
            "found record with 22 fields, but the previous record has 24 fields",
        ),
        (
            "bad-number",
            [
                ("search.json", JSON),
                ("search.csv", &bad_number),
                ("ranking.csv", &ranking),
            ],
            "search.csv: line 2: even `abc` is not a number",
        ),
        (
            "no-violation",
            [
                ("search.json", JSON),
                ("search.csv", &no_violation),
                ("ranking.csv", &ranking),
            ],
            "search.csv: line 1: no objective's columns",
        ),
        (
            "no-d-best",
            [
                ("search.json", JSON),
                ("search.csv", &search),
                ("ranking.csv", &no_d_best),
            ],
            "ranking.csv: line 1: no `even_d_best` column",
        ),
        (
            "other-objectives",
            [
                ("search.json", JSON),
                ("search.csv", &search),
                ("ranking.csv", &two),
            ],
            "ranking.csv: its objectives (even, short) are not search.csv's (even)",
        ),
        (
            "bad-json",
            [
                ("search.json", "{\"name\": "),
                ("search.csv", &search),
                ("ranking.csv", &ranking),
            ],
            "search.json: EOF while parsing",
        ),
    ] {
        let e = error_of(&tmp, name, files);
        assert!(e.contains(want), "{name}: {e}");
        assert!(e.starts_with(&at(&tmp.0)), "{name}: names no file: {e}");
    }
}
