use rand::{Rng, SeedableRng};
use silver_rules::*;
fn main() {
    println!("Game size {}", std::mem::size_of::<Game>());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut acts = ActionList::new();
    let t = std::time::Instant::now();
    let mut decisions = 0u64;
    let mut maxa = 0;
    let games = 20000;
    let mut reasons = std::collections::BTreeMap::new();
    for i in 0..games {
        let players = 2 + (i % 3) as u8;
        let mut g = Game::new(Config::standard(players).unwrap(), 0).unwrap();
        let mut sink = FnSink(|e: &Event| {
            if let GameEvent::RoundEnded { reason, .. } = e {
                *reasons.entry(reason.name()).or_insert(0u64) += 1;
            }
        });
        loop {
            match g.to_move() {
                ToMove::Deal => g.deal_random(&mut rng, &mut sink),
                ToMove::Player(_) => {
                    g.legal_actions(&mut acts);
                    maxa = maxa.max(acts.len());
                    let a = acts[rng.random_range(0..acts.len())];
                    g.apply_unchecked(a, &mut sink);
                    decisions += 1;
                }
                ToMove::Terminal => break,
            }
        }
    }
    let dt = t.elapsed().as_secs_f64();
    println!("{games} games in {dt:.2}s = {:.0} games/s, {:.0} decisions/game, max actions {maxa}, reasons {reasons:?}", games as f64/dt, decisions as f64/games as f64);
}
