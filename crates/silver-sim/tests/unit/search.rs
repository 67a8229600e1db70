//! The search's space of card sets: its size, its indices' sets and changes, its candidates.

use silver_rules::{Edition, Token, VALUES};
use silver_sim::search::space::{Choice, DimKind, Space};
use silver_sim::search::spec::SearchError;
use silver_sim::NamedSet;

fn all_values() -> Vec<u8> {
    (0..VALUES as u8).collect()
}

fn amulet_space() -> Space {
    Space::new(
        NamedSet::amulet(),
        &all_values(),
        &Edition::BUILT_IN,
        &[Token::Amulet],
        &[],
    )
    .unwrap()
}

#[test]
fn the_default_space_over_amulet_holds_248832_sets() {
    let s = amulet_space();
    // Coin has 2, 4, 8, 10; Dagger 4, 5, 11, 12: 2^7 · 3^6 · 4 = 373,248 mixes of editions,
    // but Dagger's 12 (Master Thief) plays as Amulet's (Robber), so value 12 has two distinct
    // choices: 2^8 · 3^5 · 4.
    assert_eq!(s.size, 248_832);
    assert_eq!(s.dims.len(), 14);
    let radix: Vec<u64> = s.dims.iter().map(|d| d.radix()).collect();
    assert_eq!(radix, [2, 2, 3, 2, 4, 3, 2, 2, 3, 2, 3, 3, 2, 2]);
    assert_eq!(
        s.dims[12].choices,
        [
            Choice::Edition(Edition::Amulet),
            Choice::Edition(Edition::Bullet)
        ]
    );
    // Over a Dagger 12, Amulet's Robber is the repeat left out.
    let dagger = NamedSet::parse("amulet+12:dagger").unwrap();
    let d = Space::new(dagger, &[12], &Edition::BUILT_IN, &[Token::Amulet], &[]).unwrap();
    assert_eq!(
        d.dims[0].choices,
        [
            Choice::Edition(Edition::Dagger),
            Choice::Edition(Edition::Bullet)
        ]
    );
    // A custom character that plays as a listed one is left out too.
    let robber = Choice::Custom {
        kind: "robber-swap".into(),
        count: None,
    };
    let c = Space::new(
        NamedSet::amulet(),
        &[12],
        &[Edition::Amulet],
        &[Token::Amulet],
        &[(12, robber)],
    )
    .unwrap();
    assert!(c.dims.is_empty());
    // The token may not change by default: no token dimension.
    assert!(s.dims.iter().all(|d| d.kind != DimKind::Token));
    // Every token: four times as many.
    let t = Space::new(
        NamedSet::amulet(),
        &all_values(),
        &Edition::BUILT_IN,
        &Token::ALL,
        &[],
    )
    .unwrap();
    assert_eq!(t.size, 4 * 248_832);
}

#[test]
fn index_zero_is_the_base_and_indices_are_mixed_radix() {
    let s = amulet_space();
    let base = s.set(0).unwrap();
    assert_eq!(base, NamedSet::amulet());
    assert_eq!(s.changes(0), 0);
    // Index 1: value 0 takes its second choice (Bullet).
    let one = s.set(1).unwrap();
    assert_eq!(one.name, "amulet+0:bullet");
    assert_eq!(s.changes(1), 1);
    // Index 2 · 2 = 4: value 2 (the third dimension, weight 4) takes Bullet; 8 its Coin.
    assert_eq!(s.set(4).unwrap().name, "amulet+2:bullet");
    assert_eq!(s.set(8).unwrap().name, "amulet+2:coin");
    assert_eq!(s.set(9).unwrap().name, "amulet+0:bullet,2:coin");
    assert_eq!(s.changes(9), 2);
    // The last index changes every value: its most common edition names it.
    let last = s.set(s.size - 1).unwrap();
    assert_eq!(s.changes(s.size - 1), 14);
    assert!(last.name.starts_with("bullet+"), "{}", last.name);
    assert!(matches!(
        s.set(s.size),
        Err(SearchError::IndexOutOfRange { .. })
    ));
}

#[test]
fn sets_round_trip_through_their_names_and_labels() {
    let s = amulet_space();
    for index in [1u64, 7, 100, 4_567, 99_999, 248_831] {
        let set = s.set(index).unwrap();
        // The canonical name parses back to the same set.
        let again = NamedSet::parse(&set.name).unwrap();
        assert_eq!(again, set, "index {index}");
        // Changes count the values whose edition differs from Amulet.
        let differ = (0..VALUES as u8)
            .filter(|&v| set.set.edition(v) != Edition::Amulet)
            .count() as u32;
        assert_eq!(s.changes(index), differ, "index {index}");
    }
    // Distinct indices, distinct sets.
    let names: std::collections::BTreeSet<String> =
        (0..2_000).map(|i| s.set(i).unwrap().name).collect();
    assert_eq!(names.len(), 2_000);
}

#[test]
fn one_change_gives_the_base_and_the_one_swap_sets() {
    let s = amulet_space();
    let c = s.candidates(Some(1));
    // Σ (radix − 1) = 8·1 + 5·2 + 1·3 = 21 one-swap sets, and the base.
    assert_eq!(c.len(), 22);
    assert_eq!(s.count(Some(1)), 22);
    assert!(c.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(c[0], 0);
    let ours: Vec<NamedSet> = c[1..].iter().map(|&i| s.set(i).unwrap()).collect();
    // The sweep's one-swap sets but Dagger's 12, which plays as the base.
    let mut swaps = silver_sim::testing::one_swap(&NamedSet::amulet()).unwrap();
    assert_eq!(swaps.len(), 22);
    swaps.retain(|x| x.name != "amulet+12:dagger");
    assert_eq!(swaps.len(), 21);
    let mut a: Vec<&str> = ours.iter().map(|x| x.name.as_str()).collect();
    let mut b: Vec<&str> = swaps.iter().map(|x| x.name.as_str()).collect();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b);
    // The same sets, labels included.
    for set in &ours {
        assert!(swaps.contains(set), "{}", set.name);
    }
}

#[test]
fn candidates_with_a_limit_are_those_within_it_ascending() {
    let s = amulet_space();
    for k in [0u32, 2, 3] {
        let c = s.candidates(Some(k));
        let brute: Vec<u64> = (0..s.size).filter(|&i| s.changes(i) <= k).collect();
        assert_eq!(c, brute, "max_changes {k}");
        assert_eq!(s.count(Some(k)), brute.len() as u64);
    }
    assert_eq!(s.candidates(None).len() as u64, s.size);
    assert_eq!(s.count(None), s.size);
}

#[test]
fn restricted_values_editions_and_custom_choices() {
    // Values 2 and 4, Amulet and Coin only: 2 · 2 sets.
    let s = Space::new(
        NamedSet::amulet(),
        &[4, 2],
        &[Edition::Amulet, Edition::Coin],
        &[Token::Amulet, Token::Coin],
        &[(
            4,
            Choice::Custom {
                kind: "discard-own".into(),
                count: Some(2),
            },
        )],
    )
    .unwrap();
    // Value 2: amulet, coin; value 4: amulet, coin, custom; token: amulet, coin.
    assert_eq!(s.size, 2 * 3 * 2);
    assert_eq!(s.dims[0].kind, DimKind::Value(2));
    let custom = s.set(2 * 2).unwrap();
    assert_eq!(custom.name, "amulet+4:custom-discard-own-2");
    assert_eq!(custom.labels[4], "custom-discard-own-2");
    assert_eq!(custom.custom.len(), 1);
    let tok = s.set(6).unwrap();
    assert_eq!(tok.name, "amulet/token=coin");
    // A base with a custom character: choice 0 keeps it, the editions replace it.
    let base = NamedSet::from_toml(
        "base = \"amulet\"\n[values]\n3 = { name = \"Scout\", kind = \"look-opponent\", count = 2 }\n",
    )
    .unwrap();
    let s = Space::new(
        base.clone(),
        &[3],
        &Edition::BUILT_IN,
        &[Token::Amulet],
        &[],
    )
    .unwrap();
    assert_eq!(s.size, 3);
    assert_eq!(s.dims[0].choices[0], Choice::Base);
    assert_eq!(s.set(0).unwrap(), base);
    let amulet3 = s.set(1).unwrap();
    assert_eq!(amulet3, NamedSet::amulet());
    assert!(amulet3.custom.is_empty());
}

#[test]
fn space_errors() {
    let base = NamedSet::amulet();
    let e = Space::new(base.clone(), &[14], &Edition::BUILT_IN, &[], &[]).unwrap_err();
    assert_eq!(e.to_string(), "value 14 is not a card value (0-13)");
    let e = Space::new(base.clone(), &[1], &[Edition::Custom], &[], &[]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown edition \"custom\" in editions; valid: amulet, bullet, coin, dagger"
    );
    let custom = |kind: &str, count| {
        vec![(
            1u8,
            Choice::Custom {
                kind: kind.into(),
                count,
            },
        )]
    };
    let e = Space::new(
        base.clone(),
        &[2],
        &Edition::BUILT_IN,
        &[],
        &custom("discard-own", None),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "custom choice for value 1, which is not among the values that may change"
    );
    let e = Space::new(
        base.clone(),
        &[1],
        &Edition::BUILT_IN,
        &[],
        &custom("no-such-kind", None),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "custom choice for value 1: kind \"no-such-kind\""
    );
    let source = std::error::Error::source(&e).unwrap().to_string();
    assert!(
        source.starts_with("unknown ability kind `no-such-kind`"),
        "{source}"
    );
    let s = amulet_space();
    assert_eq!(
        s.set(248_832).unwrap_err().to_string(),
        "set index 248832 is outside the space (it holds 248832 sets)"
    );
}

#[test]
fn a_space_built_by_hand_with_an_unknown_character_is_an_error_not_a_panic() {
    // Coin has no character for value 1: `Space::new` never offers it, a hand-built space
    // does, and its set is refused with the engine's reason.
    let s = Space {
        base: NamedSet::amulet(),
        dims: vec![silver_sim::search::space::Dim {
            kind: DimKind::Value(1),
            choices: vec![
                Choice::Edition(Edition::Amulet),
                Choice::Edition(Edition::Coin),
            ],
            tokens: Vec::new(),
        }],
        size: 2,
    };
    let e = s.set(1).unwrap_err();
    assert_eq!(e.to_string(), "value 1 of a set of the space");
    assert!(std::error::Error::source(&e).is_some());
}
