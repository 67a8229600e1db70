use silver_sim::{resolve, ExperimentSpec, ModelSpec, Outputs, Seating};
use std::path::Path;

fn spec(set: &str, token: Option<&str>) -> ExperimentSpec {
    ExperimentSpec {
        name: Some("t".into()),
        players: 2,
        bots: vec!["random".into()],
        seating: Seating::Rotate,
        set: set.into(),
        token: token.map(Into::into),
        model: ModelSpec::default(),
        games: 10,
        seed: 1,
        max_turns_per_round: 400,
        outputs: Outputs::default(),
        balance: None,
        design: None,
        sprt: None,
        variance_reduction: false,
    }
}

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots"))
}

#[test]
fn the_set_is_resolved_and_fingerprinted() {
    let a = resolve(&spec("amulet", None), dir()).unwrap();
    let b = resolve(&spec("bullet", None), dir()).unwrap();
    let bt = resolve(&spec("bullet", Some("amulet")), dir()).unwrap();
    assert_eq!(b.set.name, "bullet");
    assert_eq!(b.set.set, silver_rules::CardSet::bullet());
    assert_eq!(bt.set.name, "bullet/token=amulet");
    let prints = [a.fingerprint(), b.fingerprint(), bt.fingerprint()];
    assert!(prints[0] != prints[1] && prints[1] != prints[2] && prints[0] != prints[2]);
}

#[test]
fn custom_names_change_the_fingerprint() {
    let dir_sets = std::env::temp_dir().join(format!("silver-plan-sets-{}", std::process::id()));
    std::fs::create_dir_all(&dir_sets).unwrap();
    let write = |name: &str, who: &str| {
        let p = dir_sets.join(name);
        std::fs::write(
            &p,
            format!("base = \"amulet\"\n[values]\n8 = {{ name = \"{who}\", kind = \"look-opponent\", count = 2 }}\n"),
        )
        .unwrap();
        p.to_string_lossy().into_owned()
    };
    let (x, y) = (write("x.toml", "Scout"), write("y.toml", "Spy"));
    let px = resolve(&spec(&x, None), dir()).unwrap();
    let py = resolve(&spec(&y, None), dir()).unwrap();
    let _ = std::fs::remove_dir_all(&dir_sets);
    assert_eq!(px.set.name, py.set.name);
    assert_ne!(px.fingerprint(), py.fingerprint());
}

#[test]
fn spec_files_take_set_files_relative_to_themselves() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let d = std::env::temp_dir().join(format!("silver-plan-rel-{}", std::process::id()));
    std::fs::create_dir_all(d.join("sets")).unwrap();
    std::fs::copy(
        root.join("experiments/sets/custom-scout.toml"),
        d.join("sets/scout.toml"),
    )
    .unwrap();
    let exp = d.join("e.toml");
    std::fs::write(
        &exp,
        "players = 2\nbots = [\"random\"]\ngames = 2\nset = \"sets/scout.toml\"\n",
    )
    .unwrap();
    let s = ExperimentSpec::from_file(&exp).unwrap();
    let p = resolve(&s, dir());
    let _ = std::fs::remove_dir_all(&d);
    let p = p.unwrap();
    assert_eq!(p.set.labels[8], "Scout");
    assert_eq!(p.name, "e");
}
