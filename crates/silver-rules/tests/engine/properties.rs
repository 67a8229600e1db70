//! Property tests over random legal play (RULES.md §1–§6).
//!
//! * R-DECK conservation: after every action all 52 cards are accounted for exactly once and the
//!   state's invariants hold (`Omniscient::check_invariants`).
//! * Every game terminates; a non-terminal state always has a legal action; every legal action
//!   applies without error; an action outside the legal list is rejected and changes nothing.
//! * R-SCORE: round scores equal the village sums plus the census adjustment, and totals add up.
//!
//! 100,800 games over 2, 3 and 4 players, the standard and the points game.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use silver_rules::*;

/// Checks R-SCORE on a `RoundEnded` event against the revealed `FinalCard`s.
struct ScoreChecker {
    /// A turn (or a round's opening peeks) started: the per-turn decision count restarts.
    new_turn: bool,
    players: usize,
    finals: [i32; MAX_PLAYERS],
    totals: [i32; MAX_PLAYERS],
    points: bool,
    rounds: u64,
}

impl EventSink for ScoreChecker {
    fn event(&mut self, e: &Event) {
        match *e {
            GameEvent::TurnStarted { .. } => self.new_turn = true,
            GameEvent::RoundStarted { .. } => {
                self.new_turn = true;
                self.finals = [0; MAX_PLAYERS];
            }
            GameEvent::FinalCard { owner, value, .. } => {
                self.finals[owner as usize] += value as i32
            }
            GameEvent::RoundEnded {
                sums,
                scores,
                totals,
                caller,
                kamikaze,
                bounced,
                ..
            } => {
                self.rounds += 1;
                assert_eq!(sums[..self.players], self.finals[..self.players], "sums");
                let min = *sums[..self.players].iter().min().unwrap();
                for s in 0..self.players {
                    let expected = if kamikaze.is_some() {
                        if kamikaze == Some(s as Seat) {
                            0
                        } else {
                            50
                        }
                    } else if caller == Some(s as Seat) {
                        if sums[s] == min {
                            0
                        } else {
                            sums[s] + 10
                        }
                    } else {
                        sums[s]
                    };
                    assert_eq!(scores[s], expected, "R-SCORE seat {s}");
                    self.totals[s] += scores[s];
                    if bounced & (1 << s) != 0 {
                        assert!(self.points);
                        assert_eq!(self.totals[s], 100);
                        self.totals[s] = 50;
                    }
                    assert_eq!(totals[s], self.totals[s], "totals seat {s}");
                }
            }
            _ => {}
        }
    }
}

/// Plays one random game with every check; returns the number of decisions.
fn checked_game(cfg: Config, seed: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let first = rng.random_range(0..cfg.players);
    let mut game = Game::new(cfg, first).unwrap();
    let mut checker = ScoreChecker {
        new_turn: false,
        players: cfg.players as usize,
        finals: [0; MAX_PLAYERS],
        totals: [0; MAX_PLAYERS],
        points: matches!(cfg.model, GameModel::Points { .. }),
        rounds: 0,
    };
    let mut actions = ActionList::new();
    let mut decisions = 0u64;
    let mut turn_decisions = 0u64;
    // Termination: rounds are capped by max_turns_per_round and games by their model; every
    // turn has a bounded number of decisions (the engine's bounds, which Python's OpenSpiel
    // game reports as its `max_game_length`).
    let bound = cfg.max_decisions();
    loop {
        match game.to_move() {
            ToMove::Deal => game.deal_random(&mut rng, &mut checker),
            ToMove::Player(p) => {
                game.legal_actions(&mut actions);
                assert!(!actions.is_empty(), "no legal action at {:?}", game.stage());
                assert!(actions.len() <= MAX_ACTIONS);
                assert_eq!(p, game.to_move_player());
                // An action outside the list is rejected and changes nothing (one probe per step).
                let probe = Action::Select { slot: 60 };
                if !actions.contains(&probe) {
                    let before = game;
                    assert!(game.apply(probe, &mut ()).is_err());
                    assert!(game == before);
                }
                let a = actions[rng.random_range(0..actions.len())];
                if std::mem::take(&mut checker.new_turn) {
                    turn_decisions = 0;
                }
                game.apply(a, &mut checker)
                    .unwrap_or_else(|e| panic!("legal action failed: {e}"));
                decisions += 1;
                turn_decisions += 1;
                assert!(turn_decisions <= MAX_DECISIONS_PER_TURN, "turn too long");
                assert!(decisions <= bound, "game does not terminate");
            }
            ToMove::Terminal => break,
        }
        if let Err(e) = game.omniscient().check_invariants() {
            panic!("invariant broken (seed {seed}): {e}\n{game:?}");
        }
    }
    assert!(game.winner().is_some());
    let totals = game.totals();
    let w = game.winner().unwrap() as usize;
    assert!(totals[..cfg.players as usize]
        .iter()
        .all(|&t| totals[w] <= t));
    // R-GAME-4 / R-GAME-100: the finishing order starts with the winner, holds every seat once
    // and never ranks a higher total ahead of a lower one.
    let n = cfg.players as usize;
    let order = game.finishing_order();
    assert_eq!(order[0] as usize, w);
    let mut seen = order[..n].to_vec();
    seen.sort_unstable();
    assert_eq!(seen, (0..n as Seat).collect::<Vec<_>>());
    assert!(order[..n]
        .windows(2)
        .all(|p| totals[p[0] as usize] <= totals[p[1] as usize]));
    decisions
}

trait ToMovePlayer {
    fn to_move_player(&self) -> Seat;
}
impl ToMovePlayer for Game {
    fn to_move_player(&self) -> Seat {
        match self.to_move() {
            ToMove::Player(p) => p,
            _ => unreachable!(),
        }
    }
}

fn config(players: u8, points: bool) -> Config {
    let mut c = Config::standard(players).unwrap();
    if points {
        c.model = GameModel::POINTS_100;
    }
    c
}

fn run_many(players: u8, points: bool, games: u64, salt: u64) {
    let cfg = config(players, points);
    let mut decisions = 0;
    for i in 0..games {
        decisions += checked_game(cfg, salt * 1_000_000 + i);
    }
    assert!(decisions > games * 50, "suspiciously short games");
}

#[test]
fn random_play_2_players_standard() {
    run_many(2, false, 30_000, 2);
}

#[test]
fn random_play_3_players_standard() {
    run_many(3, false, 30_000, 3);
}

#[test]
fn random_play_4_players_standard() {
    run_many(4, false, 30_000, 4);
}

#[test]
fn random_play_points_game_all_player_counts() {
    for players in 2..=4 {
        run_many(players, true, 3_600, 10 + players as u64);
    }
}

/// A tight turn cap still ends every round (termination), recorded as `TurnCap`.
#[test]
fn turn_cap_ends_rounds() {
    let mut cfg = config(3, false);
    cfg.max_turns_per_round = 3;
    let mut capped = 0;
    for seed in 0..200 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Game::new(cfg, 0).unwrap();
        let mut actions = ActionList::new();
        let mut sink = FnSink(|e: &Event| {
            if let GameEvent::RoundEnded { reason, turns, .. } = e {
                assert!(*turns <= 3);
                if *reason == RoundEnd::TurnCap {
                    capped += 1;
                }
            }
        });
        loop {
            match g.to_move() {
                ToMove::Deal => g.deal_random(&mut rng, &mut sink),
                ToMove::Player(_) => {
                    g.legal_actions(&mut actions);
                    let a = actions[rng.random_range(0..actions.len())];
                    g.apply(a, &mut sink).unwrap();
                }
                ToMove::Terminal => break,
            }
        }
    }
    assert!(capped > 400, "only {capped} capped rounds");
}
