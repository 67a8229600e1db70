//! The registry of bot kinds and the documents that list them.

use silver_bots::{BotSpec, KINDS};

/// `experiments/README.md` lists the built-in kinds (in its `bots` row) exactly as the
/// registry declares them, in order.
#[test]
fn the_experiments_readme_lists_every_kind() {
    let readme = include_str!("../../../../experiments/README.md");
    let list = readme
        .split_once("built-in kinds (")
        .and_then(|(_, rest)| rest.split_once(')'))
        .map(|(list, _)| list)
        .expect("experiments/README.md lists the built-in kinds");
    let listed: Vec<&str> = list
        .split(',')
        .map(|k| k.trim().trim_matches('`'))
        .collect();
    assert_eq!(
        listed, KINDS,
        "experiments/README.md's list of built-in kinds"
    );
}

/// Every kind's name is its spec's `kind` (a kind with no required parameter parses alone).
#[test]
fn every_kind_names_itself() {
    for kind in KINDS {
        let inline = if kind == "exec" { "exec:true" } else { kind };
        let spec = BotSpec::parse_inline(inline).unwrap();
        assert_eq!(spec.kind(), kind);
        let toml = toml::to_string(&spec).unwrap();
        assert!(toml.contains(&format!("kind = \"{kind}\"")), "{toml}");
    }
}
