use silver_rules::{Ability, Provenance, Token};
use silver_sim::testing::{is_set_file, resolve_set_with_token};
use silver_sim::{list_cards, message, resolve_set, NamedSet};

const SETS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../experiments/sets");

/// A card-set file's set, or its one-line message.
fn file(text: &str) -> Result<NamedSet, Message> {
    NamedSet::from_toml(text).map_err(|e| Message(message(&e)))
}

/// An error's one-line message, as the command prints it.
#[derive(Debug)]
struct Message(String);

#[test]
fn control_characters_are_refused_in_sets() {
    for (set, token) in [("bullet\nx", None), ("amulet", Some("coin\r"))] {
        let e = message(&resolve_set_with_token(set, token).unwrap_err());
        assert!(
            e.contains("control characters") && !e.contains(['\n', '\r']),
            "{e}"
        );
    }
    let e = NamedSet::from_toml(
        "base = \"amulet\"\n[values]\n8 = { name = \"Sc\\u0001out\", kind = \"look-opponent\", count = 2 }\n",
    )
    .map_err(|e| message(&e))
    .unwrap_err();
    assert!(e.contains("one-line `name`"), "{e}");
}

#[test]
fn set_strings_resolve() {
    let s = resolve_set("amulet").unwrap();
    assert_eq!(
        (s.name.as_str(), s.labels[8].as_str()),
        ("amulet", "Apprentice Seer")
    );
    assert!(s.notice().is_none());
    let b = resolve_set("bullet").unwrap();
    assert_eq!(b.labels[0], "Hunter");
    let n = b.notice().unwrap();
    assert!(n.starts_with("note: this set uses reconstructed rules for 0 Hunter, 2 Priest"));
    assert!(!n.contains("1 Lycan"), "the Lycan is official: {n}");
    assert!(n.contains("token bullet (reconstructed)"), "{n}");
    let m = resolve_set("amulet+0:bullet,10:coin/token=coin").unwrap();
    assert_eq!(m.name, "amulet+0:bullet,10:coin/token=coin");
    assert_eq!(m.labels[10], "Vampire");
    let e = message(&resolve_set("amulet+5:coin").unwrap_err());
    assert!(e.contains("known values: 2, 4, 8, 10"), "{e}");
}

#[test]
fn token_override_and_conflict() {
    let s = resolve_set_with_token("bullet", Some("amulet")).unwrap();
    assert_eq!(s.name, "bullet/token=amulet");
    let s = resolve_set_with_token("bullet/token=coin", Some("coin")).unwrap();
    assert_eq!(s.name, "bullet/token=coin");
    let e = message(&resolve_set_with_token("bullet/token=coin", Some("dagger")).unwrap_err());
    assert!(e.contains("conflicts") && e.contains("coin"), "{e}");
    let e = message(&resolve_set_with_token("amulet", Some("gold")).unwrap_err());
    assert!(
        e.contains("valid tokens: amulet, bullet, coin, dagger"),
        "{e}"
    );
}

#[test]
fn files_resolve_with_custom_characters() {
    let s = file(
        "base = \"amulet\"\n[values]\n0 = \"bullet\"\n5 = { name = \"Scout\", kind = \"look-opponent\", count = 2 }\n",
    )
    .unwrap();
    assert_eq!(s.name, "amulet+0:bullet,5:custom-look-opponent-2");
    assert_eq!(s.labels[5], "Scout");
    assert_eq!(s.set.ability(5), Ability::LookOpponent { count: 2 });
    assert_eq!(s.provenance(5), Provenance::Custom);
    assert_eq!(NamedSet::from_record(&s.record()).unwrap(), s);
    let n = s.notice().unwrap();
    assert!(
        n.contains("custom characters 5 Scout (look-opponent count 2)"),
        "{n}"
    );
    // Without a count the kind's default applies.
    let d = file("base = \"amulet\"\n[values]\n7 = { name = \"Eye\", kind = \"behold-own\" }\n")
        .unwrap();
    assert_eq!(d.set.ability(7), Ability::BeholdOwn { count: 2 });
    // A full file without base.
    let mut text = String::from("token = \"dagger\"\n[values]\n");
    for v in 0..14 {
        text.push_str(&format!(
            "{v} = \"{}\"\n",
            if v % 2 == 0 { "amulet" } else { "bullet" }
        ));
    }
    let f = file(&text).unwrap();
    assert_eq!(f.set.token(), Token::Dagger);
    assert_eq!(f.labels[1], "Lycan");
}

#[test]
fn file_errors_are_clear() {
    let cases: &[(&str, &[&str])] = &[
        ("bsae = \"amulet\"\n", &["line 1", "bsae", "base", "token", "values"]),
        ("base = \"silver\"\n", &["base", "unknown card set", "presets"]),
        ("base = \"amulet\"\n[values]\n0 = \"bulet\"\n", &["line 3", "value 0", "unknown edition", "dagger"]),
        ("base = \"amulet\"\n[values]\n5 = \"coin\"\n", &["line 3", "value 5", "coin", "known values: 2, 4, 8, 10"]),
        ("base = \"amulet\"\n[values]\n14 = \"bullet\"\n", &["line 3", "value 14", "0-13"]),
        ("base = \"amulet\"\n[values]\nx = \"bullet\"\n", &["`x`", "0-13"]),
        ("base = \"amulet\"\n[values]\n3 = \"bullet\"\n03 = \"amulet\"\n", &["value 3", "twice"]),
        ("base = \"amulet\"\n[values]\n3 = \"bullet\"\n3 = \"coin\"\n", &["line 4", "duplicate"]),
        ("token = \"amulet\"\n[values]\n0 = \"bullet\"\n", &["values 1, 2,", "are missing", "base"]),
        ("[values]\n", &["token", "every value", "base"]),
        ("base = \"amulet\"\ntoken = \"gold\"\n", &["gold", "valid tokens"]),
        ("base = \"amulet\"\n[values]\n5 = { name = \"S\", kind = \"peek\" }\n", &["line 3", "unknown ability kind `peek`", "look-opponent", "behold-own"]),
        ("base = \"amulet\"\n[values]\n5 = { name = \"S\", kind = \"look-opponent\", count = 9 }\n", &["count 9", "1-5"]),
        ("base = \"amulet\"\n[values]\n5 = { name = \"S\", kind = \"look-opponent\", count = -1 }\n", &["count -1", "1-5"]),
        ("base = \"amulet\"\n[values]\n5 = { name = \"S\", kind = \"look-any\", count = 2 }\n", &["look-any", "no `count`"]),
        ("base = \"amulet\"\n[values]\n5 = { kind = \"look-any\" }\n", &["line 3", "missing field `name`"]),
        ("base = \"amulet\"\n[values]\n5 = { name = \"S\", kind = \"look-any\", cont = 2 }\n", &["cont", "name", "kind", "count"]),
        ("base = \"amulet\"\n[values]\n5 = { name = \" \", kind = \"look-any\" }\n", &["name"]),
        ("base = \"amulet\"\n[values]\n5 = 3\n", &["line 3", "edition name"]),
        ("base = \"amulet\"\n[values]\n5 = \"custom\"\n", &["custom character is a table"]),
    ];
    for (text, words) in cases {
        let Message(e) = file(text).unwrap_err();
        assert!(!e.contains('\n'), "multi-line error: {e}");
        for w in *words {
            assert!(e.contains(w), "{text:?}: error does not mention {w:?}: {e}");
        }
    }
}

#[test]
fn shipped_set_files_resolve() {
    let mut names = Vec::new();
    for e in std::fs::read_dir(SETS).unwrap() {
        let p = e.unwrap().path();
        if is_set_file(&p.to_string_lossy()) {
            let s = resolve_set(&p.to_string_lossy()).unwrap_or_else(|e| panic!("{e}"));
            names.push((p.file_name().unwrap().to_string_lossy().into_owned(), s));
        }
    }
    names.sort_by(|a, b| a.0.cmp(&b.0));
    let get = |n: &str| &names.iter().find(|(f, _)| f == n).unwrap().1;
    assert_eq!(get("bullet-lycan-in-amulet.toml").name, "amulet+1:bullet");
    assert_eq!(
        get("coin-dagger-mix.toml").name,
        "amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger/token=dagger"
    );
    let scout = get("custom-scout.toml");
    assert_eq!(scout.name, "amulet+8:custom-look-opponent-2");
    assert_eq!(scout.labels[8], "Scout");
    // The Lycan is official: the first file needs no notice.
    assert!(get("bullet-lycan-in-amulet.toml").notice().is_none());
}

#[test]
fn listing_is_aligned() {
    let l = list_cards();
    assert!(l.lines().all(|x| x == x.trim_end()));
    assert!(l.contains("Apprentice Seer"));
    let s = resolve_set("bullet").unwrap().listing();
    assert!(s.starts_with("set bullet\n"), "{s}");
    assert_eq!(s.lines().filter(|l| l.starts_with("token ")).count(), 1);
}
