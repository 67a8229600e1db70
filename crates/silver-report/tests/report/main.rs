//! Reports of small seeded runs of every kind (run, merged shards, balance sweep, tournament
//! with an SPRT): produced, well-formed (the page and every SVG in it parse as XML), holding
//! the expected figures, and the same numbers as the run's CSV files; and design cards from
//! hand-written `design.csv` files (`design.rs`), and balance searches from hand-written
//! `search.csv` and `ranking.csv` files (`search.rs`).

mod design;
mod search;

use silver_sim::{
    merge, resolve, resolve_balance, run, run_balance, BalanceOptions, ExperimentSpec, RunOptions,
    Shard, SweepProgress,
};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

struct Tmp(PathBuf);

impl Tmp {
    fn new(name: &str) -> Tmp {
        let p = std::env::temp_dir().join(format!("silver-report-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Tmp(p)
    }
}

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn spec(text: &str) -> ExperimentSpec {
    ExperimentSpec::from_toml(text).unwrap()
}

fn play(spec: &ExperimentSpec, out: &Path, shard: Option<Shard>) {
    let plan = resolve(spec, &Path::new(ROOT).join("bots")).unwrap();
    let opts = RunOptions {
        out: out.to_path_buf(),
        threads: 2,
        shard,
        resume: false,
        force: false,
        command: Some("silver test".into()),
    };
    run(
        &plan,
        &opts,
        &mut |_: u64, _: u64| {},
        &AtomicBool::new(false),
    )
    .unwrap();
}

/// Parses the page as XML; returns the ids of its figures and each table's rows by id.
fn parse(
    html: &str,
) -> (
    Vec<String>,
    std::collections::HashMap<String, Vec<Vec<String>>>,
) {
    let doc = roxmltree::Document::parse_with_options(
        html,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            ..Default::default()
        },
    )
    .unwrap_or_else(|e| panic!("the page is not well-formed XML: {e}"));
    let mut figures = Vec::new();
    let mut tables = std::collections::HashMap::new();
    for n in doc.descendants() {
        match n.tag_name().name() {
            "figure" => {
                let id = n.attribute("id").unwrap().to_string();
                let svg = n
                    .children()
                    .find(|c| c.tag_name().name() == "svg")
                    .unwrap_or_else(|| panic!("figure {id} has no svg"));
                assert_eq!(
                    svg.tag_name().namespace(),
                    Some("http://www.w3.org/2000/svg")
                );
                // The SVG on its own is well-formed too.
                let text = &html[svg.range()];
                roxmltree::Document::parse(text)
                    .unwrap_or_else(|e| panic!("figure {id}: its svg does not parse: {e}"));
                // Axis labels are there: a plot has text.
                assert!(
                    svg.descendants().any(|d| d.tag_name().name() == "text"),
                    "figure {id} has no text"
                );
                figures.push(id);
            }
            "table" => {
                let id = n.attribute("id").unwrap().to_string();
                let rows: Vec<Vec<String>> = n
                    .descendants()
                    .filter(|r| r.tag_name().name() == "tr")
                    .map(|r| {
                        r.children()
                            .filter(|c| c.is_element())
                            .map(|c| c.text().unwrap_or("").to_string())
                            .collect()
                    })
                    .collect();
                tables.insert(id, rows);
            }
            _ => {}
        }
    }
    (figures, tables)
}

fn csv_rows(path: &Path) -> Vec<Vec<String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    r.records()
        .map(|x| x.unwrap().iter().map(str::to_string).collect())
        .collect()
}

fn has(figures: &[String], want: &[&str]) {
    for w in want {
        assert!(figures.iter().any(|f| f == w), "no figure {w}: {figures:?}");
    }
}

/// The page's bot and seat tables hold summary.csv's rows, cell for cell.
fn same_as_summary(tables: &std::collections::HashMap<String, Vec<Vec<String>>>, dir: &Path) {
    let summary = csv_rows(&dir.join("summary.csv"));
    for (kind, id) in [("bot", "bots-table"), ("seat", "seats-table")] {
        let want: Vec<&Vec<String>> = summary.iter().filter(|r| r[1] == kind).collect();
        let page = &tables[id];
        assert_eq!(page.len(), want.len() + 1, "{id}");
        for (row, p) in want.iter().zip(&page[1..]) {
            assert_eq!(*row, p, "{id}");
        }
    }
}

/// A page table equals a CSV file of the run, header and rows.
fn same_as_file(
    tables: &std::collections::HashMap<String, Vec<Vec<String>>>,
    id: &str,
    path: &Path,
) {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    let rows: Vec<Vec<String>> = r
        .records()
        .map(|x| x.unwrap().iter().map(str::to_string).collect())
        .collect();
    let page = &tables[id];
    assert_eq!(page[0], header, "{id}");
    assert_eq!(&page[1..], &rows[..], "{id}");
}

#[test]
fn a_run_report_has_every_section_and_summary_numbers() {
    let tmp = Tmp::new("run");
    let dir = tmp.0.join("quick");
    play(
        &spec("name = \"q\"\nplayers = 4\nbots = [\"greedy\", \"greedy-mem2\", \"random\", \"greedy\"]\ngames = 400\nseed = 3\n"),
        &dir,
        None,
    );
    let report = silver_report::build(&dir).unwrap();
    let html = report.html();
    let (figures, tables) = parse(&html);
    has(
        &figures,
        &[
            "win-share",
            "mean-total",
            "head-to-head",
            "ratings",
            "seat-advantage",
            "census-by-turn",
            "census-by-sum",
            "calibration-0",
            "ability-uses",
            "end-reasons",
            "round-lengths",
        ],
    );
    same_as_summary(&tables, &dir);
    // Pairs, ratings and cards as their CSV files.
    same_as_file(&tables, "pairs-table", &dir.join("pairs.csv"));
    same_as_file(&tables, "ratings-table", &dir.join("ratings.csv"));
    same_as_file(
        &tables,
        "ratings-pairs-table",
        &dir.join("ratings-pairs.csv"),
    );
    same_as_file(&tables, "cards-table", &dir.join("cards.csv"));
    // The page is self-contained: no script, no external reference.
    for bad in ["<script", "src=\"http", "href=\"http", "@import"] {
        assert!(!html.contains(bad), "{bad}");
    }
    // CSV and JSON carry the same tables.
    let json = report.json();
    assert_eq!(
        json["tables"]["bots-table"]["rows"][0][5],
        serde_json::Value::String(tables["bots-table"][1][5].clone())
    );
    assert!(report.csv().contains("# bots-table: "));
}

#[test]
fn a_merged_run_reports_like_one_run() {
    let tmp = Tmp::new("merged");
    let s = spec("name = \"m\"\nplayers = 3\nbots = [\"greedy\", \"random\", \"greedy-mem2\"]\ngames = 300\nseed = 5\n");
    let shards: Vec<PathBuf> = (0..2)
        .map(|i| {
            let d = tmp.0.join(format!("s{i}"));
            play(&s, &d, Some(Shard { index: i, count: 2 }));
            d
        })
        .collect();
    let merged = tmp.0.join("merged");
    merge(&merged, &shards, false).unwrap();
    let whole = tmp.0.join("whole");
    play(&s, &whole, None);
    let (a, b) = (
        silver_report::build(&merged).unwrap(),
        silver_report::build(&whole).unwrap(),
    );
    let (fa, ta) = parse(&a.html());
    let (fb, tb) = parse(&b.html());
    assert_eq!(fa, fb);
    for id in [
        "bots-table",
        "pairs-table",
        "ratings-table",
        "ratings-pairs-table",
        "seats-table",
        "cards-table",
    ] {
        assert_eq!(ta[id], tb[id], "{id}");
    }
    same_as_summary(&ta, &merged);
    assert!(ta["run"]
        .iter()
        .any(|r| r.len() == 2 && r[1] == "merged run"));
}

#[test]
fn a_sweep_report_has_forest_plots_and_balance_numbers() {
    struct Quiet;
    impl SweepProgress for Quiet {
        fn set_started(&mut self, _: usize, _: usize, _: &str, _: bool) {}
        fn update(&mut self, _: u64, _: u64) {}
    }
    let tmp = Tmp::new("sweep");
    let dir = tmp.0.join("b");
    let s = spec("name = \"b\"\nplayers = 3\nbots = [\"greedy\", \"random\"]\ngames = 60\nseed = 2\n[balance]\nsets = [\"amulet+3:bullet\", \"amulet+5:bullet\", \"amulet+10:coin\"]\n");
    let bp = resolve_balance(&s, &Path::new(ROOT).join("bots")).unwrap();
    run_balance(
        &bp,
        &BalanceOptions {
            out: dir.clone(),
            threads: 2,
            resume: false,
            force: false,
        },
        &mut Quiet,
        &AtomicBool::new(false),
    )
    .unwrap();
    let report = silver_report::build(&dir).unwrap();
    let (figures, tables) = parse(&report.html());
    has(
        &figures,
        &["forest-mean-round-score", "forest-census-success-rate"],
    );
    let balance = csv_rows(&dir.join("balance.csv"));
    let page = &tables["balance-table"];
    assert_eq!(page.len(), balance.len() + 1);
    for (i, row) in balance.iter().enumerate() {
        assert_eq!(&page[i + 1], row);
    }
    // With a design.csv beside balance.csv, the design card follows the sweep's own sections.
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/design/design.csv"),
        dir.join("design.csv"),
    )
    .unwrap();
    let with_card = silver_report::build(&dir).unwrap();
    let ids: Vec<&str> = with_card.sections.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["about", "balance", "balance-all", "design"]);
    assert_eq!(with_card.sections[..3], report.sections[..]);
    let html = with_card.html();
    let (figures, _) = parse(&html);
    has(&figures, &["design-ladder", "design-restricted"]);
    // The base set's run names the values.
    let (titles, _) = design::svg_texts(&html, "design-restricted");
    assert!(
        titles[0].starts_with("8 Apprentice Seer: 6.20 points"),
        "{titles:?}"
    );
}

#[test]
fn a_tournament_with_an_sprt_reports_its_test() {
    let tmp = Tmp::new("sprt");
    let dir = tmp.0.join("t");
    play(
        &spec("name = \"t\"\nplayers = 2\nbots = [\"greedy\", \"random\"]\ngames = 2000\nseed = 7\nsprt = \"elo0=0,elo1=10\"\n"),
        &dir,
        None,
    );
    let (figures, tables) = parse(&silver_report::build(&dir).unwrap().html());
    has(&figures, &["sprt-llr", "head-to-head", "ratings"]);
    let t = &tables["sprt-table"];
    assert!(
        t.iter()
            .any(|r| r.len() == 2 && r[0] == "decision" && r[1] == "H1"),
        "{t:?}"
    );
    same_as_summary(&tables, &dir);
}
