//! [`ViewRef`], the borrowed information set, answers exactly as the [`PlayerView`] of the same
//! viewer: at every decision of random games over several sets (B8 floating knowledge
//! included), for every seat, read from the game ([`Game::view_ref`]) and from the view's own
//! copy ([`PlayerView::by_ref`]), and from views with forgotten facts.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_rules::*;

/// Every accessor of `r` against the same of `v`.
fn assert_same(r: ViewRef<'_>, v: &PlayerView, at: &str) {
    assert_eq!(r.viewer(), v.viewer(), "{at}");
    assert_eq!(r.config(), v.config(), "{at}");
    assert_eq!(r.has_scoring_effects(), v.has_scoring_effects(), "{at}");
    assert_eq!(r.players(), v.players(), "{at}");
    assert_eq!(r.stage(), v.stage(), "{at}");
    for c in 0..CARDS as CardId {
        assert_eq!(r.value_of(c), v.value_of(c), "{at}: card {c}");
    }
    for s in 0..v.players() {
        assert_eq!(r.village_len(s), v.village_len(s), "{at}");
        assert_eq!(r.known_sum(s), v.known_sum(s), "{at}: seat {s}");
        assert!(r.village(s).eq(v.village(s)), "{at}: seat {s}");
    }
    assert_eq!(r.turn_number(), v.turn_number(), "{at}");
    assert_eq!(r.deck_len(), v.deck_len(), "{at}");
    for i in 0..=v.deck_len() {
        assert_eq!(r.deck_card(i), v.deck_card(i), "{at}: deck {i}");
    }
    assert!(r.discard_pile().eq(v.discard_pile()), "{at}");
    for i in 0..=v.discard_pile().count() {
        assert_eq!(r.discard_card(i), v.discard_pile().nth(i), "{at}: pile {i}");
    }
    assert_eq!(r.discard_top(), v.discard_top(), "{at}");
    assert!(r.display().eq(v.display()), "{at}");
    assert_eq!(r.unknown_counts(), v.unknown_counts(), "{at}");
    assert_eq!(r.unknown_total(), v.unknown_total(), "{at}");
    assert_eq!(r.to_view(), *v, "{at}");
}

fn sets() -> Vec<CardSet> {
    vec![
        CardSet::amulet(),
        CardSet::bullet(),
        CardSet::bullet().with_token(Token::Coin),
        CardSet::parse("amulet+2:coin,4:dagger,5:dagger,8:coin,10:coin,11:dagger,12:dagger")
            .unwrap()
            .with_token(Token::Dagger),
    ]
}

#[test]
fn view_ref_answers_as_the_view() {
    let mut checked = 0;
    let mut actions = ActionList::new();
    for (k, set) in sets().into_iter().enumerate() {
        for seed in 0..12u64 {
            let players = 2 + (seed % 3) as u8;
            let mut cfg = Config::standard(players).unwrap();
            cfg.set = set;
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 31 + k as u64);
            let mut g = Game::new(cfg, (seed % players as u64) as Seat).unwrap();
            while !g.is_over() {
                if g.to_move() == ToMove::Deal {
                    g.deal_random(&mut rng, &mut ());
                    continue;
                }
                for s in 0..players {
                    let view = g.view(s);
                    let at = format!("set {k} seed {seed} seat {s} at {:?}", g.stage());
                    assert_same(g.view_ref(s), &view, &at);
                    assert_same(view.by_ref(), &view, &at);
                    let forgotten = view.forget(CardMask(rng.random::<u64>()));
                    assert_same(forgotten.by_ref(), &forgotten, &at);
                    checked += 1;
                }
                g.legal_actions(&mut actions);
                let a = actions[rng.random_range(0..actions.len())];
                g.apply_unchecked(a, &mut ());
            }
        }
    }
    assert!(checked > 10_000, "{checked} views checked");
}
