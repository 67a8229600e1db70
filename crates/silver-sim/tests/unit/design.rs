//! The design card's resolution (arms, lineups, games), its per-game rows against a recorded
//! game's event trace, and its runner (determinism, resume, refusals).

use super::balance::bots;
use silver_bots::{Player, Watch};
use silver_rules::{
    Ability, Action, ActionList, CardSource, Event, EventSink, Game, GameEvent, GameModel, Seat,
    ToMove, VALUES,
};
use silver_sim::design::{
    design_row, resolve_design, run_design, ArmKind, DesignError, DesignOptions, DesignPlan,
    DesignRow, DesignSpec, ARMS_DIR, DESIGN_CSV, DESIGN_GAMES_CSV, DESIGN_MANIFEST,
};
use silver_sim::{play, ExecPolicy, ModelSpec, Plan, Rows, RunError, Stats, SweepProgress, Worker};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// A card without restricted arms.
fn spec(players: u8, ladder: &str, games: u64) -> DesignSpec {
    DesignSpec {
        players,
        ladder: ladder.split(',').map(String::from).collect(),
        games,
        search_games: games / 2,
        search_iterations: 10,
        values: Vec::new(),
        ..DesignSpec::default()
    }
}

fn resolve(s: &DesignSpec) -> Result<DesignPlan, DesignError> {
    resolve_design(s, bots(), &mut ExecPolicy::typed(false))
}

#[test]
fn arms_come_in_the_plans_order_with_their_lineups_and_whole_blocks() {
    let dp = resolve(&spec(4, "random,greedy-mem2,greedy", 30)).unwrap();
    let kinds: Vec<ArmKind> = dp.arms.iter().map(|a| a.kind).collect();
    let ladder = |lower, upper| ArmKind::Ladder { lower, upper };
    assert_eq!(
        kinds,
        vec![
            ArmKind::SelfPlay,
            ArmKind::PointsGame,
            ladder(0, 1),
            ladder(1, 2),
            ladder(0, 2),
            ArmKind::HiddenInformation,
            ArmKind::Memory,
        ]
    );
    let names = |i: usize| dp.arms[i].plan.bot_names();
    assert_eq!(names(0), ["greedy"]);
    assert_eq!(dp.arms[0].plan.tables, vec![vec![0, 0, 0, 0]]);
    assert_eq!(dp.arms[0].plan.rotations, 1);
    assert_eq!(dp.arms[0].plan.games, 30);
    assert_eq!(dp.arms[0].plan.model, GameModel::STANDARD);
    // The points game: a quarter of the games (30/4 = 7.5, up to 8).
    assert_eq!(dp.arms[1].plan.model, GameModel::POINTS_100);
    assert_eq!(dp.arms[1].plan.games, 8);
    // A pairing: upper rung first, [0,1,0,1] rotated twice; 30 games are 15 blocks.
    assert_eq!(names(4), ["greedy", "random"]);
    assert_eq!(dp.arms[4].plan.tables, vec![vec![0, 1, 0, 1]]);
    assert_eq!(dp.arms[4].plan.rotations, 2);
    assert_eq!(dp.arms[4].plan.games, 30);
    // Search arms play the search games (15, up to 16 = 8 blocks of 2).
    assert_eq!(
        names(5),
        ["cheating-ismcts:iterations=10", "ismcts:iterations=10"]
    );
    assert_eq!(dp.arms[5].plan.games, 16);
    assert_eq!(names(6), ["greedy", "greedy-mem2"]);
    // Every arm plays the same deals: the same set, seed and players.
    for a in &dp.arms {
        assert_eq!((a.plan.seed, a.plan.players), (1, 4));
        assert_eq!(a.plan.set, dp.set);
    }
    assert_eq!(dp.dir_name(4), "04-ladder-2-over-0");
    assert_eq!(dp.label(4), "ladder greedy vs random");
    assert_eq!(dp.total_games(), 30 + 8 + 30 * 3 + 16 + 30);
}

#[test]
fn an_odd_table_alternates_two_lineups_by_deal() {
    let dp = resolve(&spec(3, "random,greedy", 20)).unwrap();
    let pair = &dp.arms[2].plan;
    assert_eq!(pair.tables, vec![vec![0, 1, 0], vec![1, 0, 1]]);
    assert_eq!(pair.rotations, 3);
    // Blocks of 3 rotations × 2 tables: 20 games up to 24.
    assert_eq!(pair.games, 24);
    assert_eq!(dp.arms[0].plan.games, 20);
    // Over the 6 games of two deals each bot holds 9 seats.
    let seats = |bot: usize| {
        (0..6)
            .flat_map(|g| (0..3).map(move |s| (g, s)))
            .filter(|&(g, s)| pair.bot_at(pair.slot(g), s) == bot)
            .count()
    };
    assert_eq!((seats(0), seats(1)), (9, 9));
    assert_eq!(pair.slot(3).table, 1);
}

#[test]
fn restricted_arms_name_the_reference_forbidden_each_value() {
    assert_eq!(
        silver_sim::design::restricted_name("greedy", 7),
        "greedy:forbid=7"
    );
    assert_eq!(
        silver_sim::design::restricted_name("ismcts:iterations=50", 12),
        "ismcts:iterations=50,forbid=12"
    );
    assert_eq!(DesignSpec::default().values.len(), VALUES);
}

#[test]
fn the_default_card_has_every_value_restricted_at_its_table() {
    let dp = resolve(&DesignSpec::default()).unwrap();
    assert_eq!((dp.players, dp.arms.len()), (4, 24));
    let ladder = |lower, upper| ArmKind::Ladder { lower, upper };
    let kinds: Vec<ArmKind> = dp.arms.iter().map(|a| a.kind).collect();
    assert_eq!(
        kinds[..10],
        [
            ArmKind::SelfPlay,
            ArmKind::PointsGame,
            ladder(0, 1),
            ladder(1, 2),
            ladder(2, 3),
            ladder(0, 2),
            ladder(1, 3),
            ladder(0, 3),
            ArmKind::HiddenInformation,
            ArmKind::Memory,
        ]
    );
    for (value, arm) in dp.arms[10..].iter().enumerate() {
        let value = value as u8;
        assert_eq!(arm.kind, ArmKind::Restricted { value });
        assert_eq!(
            arm.plan.bot_names(),
            ["greedy".to_string(), format!("greedy:forbid={value}")]
        );
        assert_eq!(arm.plan.tables, vec![vec![0, 1, 0, 1]]);
        assert_eq!(arm.plan.rotations, 2);
        assert_eq!(arm.plan.games, 2000);
        assert_eq!(
            dp.dir_name(10 + value as usize),
            format!("{}-restricted-{value}", 10 + value)
        );
    }
    assert_eq!(dp.arms.len() - 10, VALUES);
}

#[test]
fn bad_cards_are_one_line_errors() {
    let err = |s: DesignSpec| resolve(&s).unwrap_err().to_string();
    assert_eq!(
        err(spec(2, "greedy", 10)),
        "the ladder needs at least two rungs, weakest first (--ladder random,greedy); it has 1"
    );
    assert_eq!(
        err(spec(2, "greedy,greedy", 10)),
        "the ladder lists greedy twice"
    );
    assert_eq!(
        err(spec(5, "random,greedy", 10)),
        "players = 5: Silver is for 2, 3 or 4 players"
    );
    assert_eq!(
        err(spec(2, "random,greedy", 0)),
        "--games must be at least 1"
    );
    let mut s = spec(2, "random,greedy", 10);
    s.values = vec![14];
    assert_eq!(err(s.clone()), "value 14 is not a card value (0-13)");
    s.values = vec![3, 3];
    assert_eq!(err(s), "value 3 is listed twice");
    let e = err(spec(2, "random,no-such-bot", 10));
    assert!(e.contains("no-such-bot") && !e.contains('\n'), "{e}");
    let mut s = spec(2, "random,greedy", 10);
    s.set = "no-such-set".into();
    assert!(!err(s).contains('\n'));
}

/// Every event of a game, and each decision with the number of events before it.
#[derive(Default)]
struct Trace {
    events: Vec<Event>,
    decisions: Vec<(usize, Seat, Action)>,
}

impl EventSink for Trace {
    fn event(&mut self, e: &Event) {
        self.events.push(*e);
    }
}

impl Watch for Trace {
    fn decided(&mut self, seat: Seat, action: Action, _: &Player) {
        self.decisions.push((self.events.len(), seat, action));
    }
}

/// The design row of a game computed from its event trace and decisions, independently of the
/// collector.
fn row_from_trace(plan: &Plan, index: u64, trace: &Trace, order: &[u8]) -> DesignRow {
    let events = &trace.events[..];
    let n = plan.players as usize;
    let slot = plan.slot(index);
    let mut r = DesignRow {
        game: index,
        deal: slot.deal,
        ..DesignRow::default()
    };
    // Who took round 1's first turn.
    let start = events
        .iter()
        .find_map(|e| match e {
            GameEvent::TurnStarted { seat, .. } => Some(*seat as usize),
            _ => None,
        })
        .unwrap();
    let mut used = vec![[false; VALUES]; n];
    let mut held = vec![[false; VALUES]; n];
    let mut call_turn = None;
    let set = plan.set.set;
    let mut decisions = trace.decisions.iter().peekable();
    for (i, e) in events.iter().enumerate() {
        // The decisions made before this event: a face-up ability's own action uses it.
        while let Some((_, seat, action)) = decisions.next_if(|d| d.0 <= i) {
            let ability = match action {
                Action::DrawDisplay { .. } => Some(Ability::SquireDisplay),
                Action::DrawDeck { extra } if *extra > 0 => Some(Ability::RascalDraw),
                Action::EmpathPeek { .. } => Some(Ability::EmpathPeek),
                Action::GuardPlace { .. } | Action::GuardLift { .. } => Some(Ability::Bodyguard),
                Action::Flip { .. } => Some(Ability::PriestFlip),
                Action::Rotate { .. } | Action::DiscardRotated { .. } => Some(Ability::Curator),
                Action::GiveZombie { .. } => Some(Ability::Zombie),
                _ => None,
            };
            for v in (0..VALUES).filter(|&v| Some(set.ability(v as u8)) == ability) {
                used[*seat as usize][v] = true;
            }
        }
        match e {
            GameEvent::RoundStarted { .. } => {
                used = vec![[false; VALUES]; n];
                held = vec![[false; VALUES]; n];
            }
            GameEvent::Drew {
                from: CardSource::Deck | CardSource::Display,
                value,
                ..
            } => r.drawn[value.omniscient() as usize] += 1,
            GameEvent::Discarded { value, .. } => r.discarded[*value as usize] += 1,
            GameEvent::AbilityUsed { seat, value, .. } => {
                used[*seat as usize][*value as usize] = true
            }
            GameEvent::FinalCard { owner, value, .. } => {
                held[*owner as usize][*value as usize] = true
            }
            GameEvent::CensusCalled { turn, .. } => call_turn = Some(*turn),
            GameEvent::RoundEnded {
                reason,
                caller,
                sums,
                scores,
                turns,
                ..
            } => {
                r.rounds += 1;
                r.player_rounds += n as u32;
                r.turns += *turns as u32;
                r.round_end[*reason as usize] += 1;
                if let Some(c) = caller {
                    let c = *c as usize;
                    r.census_calls += 1;
                    r.census_turns += call_turn.take().unwrap() as u32;
                    let lowest = (0..n).map(|s| sums[s]).min().unwrap();
                    r.census_success += (scores[c] == 0 && sums[c] == lowest) as u32;
                }
                let best = (0..n).map(|s| scores[s]).min().unwrap();
                for s in 0..n {
                    for v in 0..VALUES {
                        r.used_rounds[v] += used[s][v] as u32;
                        if held[s][v] {
                            r.held_rounds[v] += 1;
                            r.held_wins[v] += (scores[s] == best) as u32;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let winner = order[0] as usize;
    r.winner_offset = ((winner + n - start) % n) as u8;
    for a in 0..n {
        for b in 0..n {
            if plan.bot_at(slot, a as u8) == 0 && plan.bot_at(slot, b as u8) == 1 {
                r.pair_n += 1;
                let pos = |s: usize| order.iter().position(|&x| x as usize == s).unwrap();
                r.pair_w += (pos(a) < pos(b)) as u32;
            }
        }
    }
    r
}

/// The leader after round `r` of game `index`: the winner of the same game cut to `r` rounds
/// (random players: the first rounds are the same games, checked on the traces).
fn leader_after(plan: &Plan, index: u64, rounds: u8, full: &[Event]) -> u8 {
    let mut short = plan.clone();
    short.model = GameModel::Rounds { rounds };
    let mut events: Vec<Event> = Vec::new();
    let mut stats = Stats::new(short.bots.len(), short.players as usize);
    let game = play(
        &short,
        index,
        &mut Worker::new(&short),
        &mut stats,
        &mut Rows::default(),
        &mut events,
    );
    let end = events
        .iter()
        .position(|e| matches!(e, GameEvent::GameEnded { .. }))
        .unwrap();
    assert_eq!(events[..end], full[..end], "round {rounds} of game {index}");
    game.finishing_order()[0]
}

#[test]
fn a_games_row_is_what_its_event_trace_says() {
    for (players, model) in [
        (3, ModelSpec::Rounds { rounds: 4 }),
        (2, ModelSpec::Rounds { rounds: 4 }),
    ] {
        let mut s = spec(players, "random,greedy", 12);
        s.model = model;
        let dp = resolve(&s).unwrap();
        // The ladder arm: bot 0 greedy, bot 1 random; the leaders checked with random only.
        let plan = &dp.arms[2].plan;
        // Uses of the Squire's, Empath's, Bodyguard's and Rascal's face-up abilities.
        let mut face_up_uses = 0;
        for index in 0..plan.games {
            let mut trace = Trace::default();
            let mut stats = Stats::new(plan.bots.len(), plan.players as usize);
            let game = play(
                plan,
                index,
                &mut Worker::new(plan),
                &mut stats,
                &mut Rows::default(),
                &mut trace,
            );
            let order = game.finishing_order();
            let mut expected = row_from_trace(plan, index, &trace, &order[..players as usize]);
            let got = design_row(plan, index).unwrap();
            expected.lead_changes = got.lead_changes;
            expected.decided_round = got.decided_round;
            assert_eq!(got, expected, "game {index}");
            face_up_uses += (1..=4).map(|v| got.used_rounds[v]).sum::<u32>();
            assert!(got.pair_n > 0 && got.pair_w <= got.pair_n);
            // The per-value counts agree with the run's card statistics.
            for v in 0..VALUES {
                assert_eq!(got.drawn[v] as u64, stats.cards[v].drawn);
                assert_eq!(got.discarded[v] as u64, stats.cards[v].discarded);
            }
        }
        assert!(
            face_up_uses > 0,
            "no face-up ability used in {players}-player games"
        );
        // Leaders after each round, against the game cut short, on the self-play arm of
        // random players.
        let mut s2 = s.clone();
        s2.reference = "random".into();
        let dp = resolve(&s2).unwrap();
        let plan = &dp.arms[0].plan;
        for index in 0..6 {
            let events = silver_sim::replay(plan, index).unwrap();
            let leaders: Vec<u8> = (1..=4)
                .map(|r| leader_after(plan, index, r, &events))
                .collect();
            let got = design_row(plan, index).unwrap();
            let changes = leaders.windows(2).filter(|w| w[0] != w[1]).count() as u32;
            let held = leaders
                .iter()
                .rev()
                .take_while(|&&l| l == leaders[3])
                .count() as u32;
            assert_eq!(got.lead_changes, changes, "game {index}: {leaders:?}");
            assert_eq!(got.decided_round, 4 - held + 1, "game {index}: {leaders:?}");
        }
    }
}

struct Quiet;
impl SweepProgress for Quiet {
    fn set_started(&mut self, _: usize, _: usize, _: &str, _: bool) {}
    fn update(&mut self, _: u64, _: u64) {}
}

/// Sets the interrupt flag when arm `at` starts.
struct StopAt<'a>(usize, &'a AtomicBool);
impl SweepProgress for StopAt<'_> {
    fn set_started(&mut self, i: usize, _: usize, _: &str, _: bool) {
        if i == self.0 {
            self.1.store(true, Ordering::SeqCst);
        }
    }
    fn update(&mut self, _: u64, _: u64) {}
}

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("silver-design-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    d
}

/// Every file under `dir` but the lock, with its bytes, in path order.
pub(crate) fn tree(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if !p.ends_with(".silver.lock") {
                let name = p.strip_prefix(dir).unwrap().display().to_string();
                out.push((name, fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn a_card_is_the_same_at_any_thread_count_and_after_a_resume() {
    let dp = resolve(&spec(2, "random,greedy", 8)).unwrap();
    let opts = |out: &Path, threads| DesignOptions {
        out: out.to_path_buf(),
        threads,
        resume: false,
        force: false,
    };
    let (one, two, resumed) = (temp("t1"), temp("t2"), temp("resumed"));
    let a = run_design(&dp, &opts(&one, 1), &mut Quiet, &AtomicBool::new(false)).unwrap();
    assert_eq!(a.arms.len(), dp.arms.len());
    assert_eq!(a.games_played, dp.total_games());
    for (arm, data) in dp.arms.iter().zip(&a.arms) {
        assert_eq!(arm.kind, data.kind);
        assert_eq!(data.rows.len() as u64, arm.plan.games);
        assert!(data
            .rows
            .iter()
            .enumerate()
            .all(|(g, r)| r.game == g as u64));
    }
    // design.csv is the card's rows, vouched for by design.json.
    let csv = silver_sim::design::card::design_csv(&dp.set.name, 2, &a.rows);
    assert_eq!(fs::read(one.join(DESIGN_CSV)).unwrap(), csv);
    let m = silver_sim::design::read_design_manifest(&one.join(DESIGN_MANIFEST)).unwrap();
    assert_eq!(m.design, Some((csv.len() as u64, crc32fast::hash(&csv))));
    assert!(m.complete && m.arms_done == dp.arms.len());
    run_design(&dp, &opts(&two, 2), &mut Quiet, &AtomicBool::new(false)).unwrap();
    assert_eq!(tree(&one), tree(&two));
    assert!(one
        .join(ARMS_DIR)
        .join(dp.dir_name(3))
        .join(DESIGN_GAMES_CSV)
        .is_file());
    // Interrupted as arm 3 starts, then resumed: the same files.
    let flag = AtomicBool::new(false);
    let stopped = run_design(&dp, &opts(&resumed, 2), &mut StopAt(3, &flag), &flag);
    assert!(
        matches!(stopped, Err(RunError::Interrupted { .. })),
        "{stopped:?}"
    );
    // A new card there is refused; --resume continues it, replaying only arm 3 on.
    let again = run_design(&dp, &opts(&resumed, 2), &mut Quiet, &AtomicBool::new(false));
    assert!(
        matches!(again, Err(RunError::DesignUnfinished { done: 3, .. })),
        "{again:?}"
    );
    let resume = DesignOptions {
        resume: true,
        ..opts(&resumed, 1)
    };
    let r = run_design(&dp, &resume, &mut Quiet, &AtomicBool::new(false)).unwrap();
    assert_eq!((r.arms_resumed, r.arms_played), (3, dp.arms.len() - 3));
    assert_eq!(tree(&one), tree(&resumed));
    assert_eq!(r.arms, a.arms);
    // Finished: refused again, replaced with --force, not resumable.
    let e = run_design(&dp, &opts(&one, 1), &mut Quiet, &AtomicBool::new(false));
    assert!(matches!(e, Err(RunError::Finished { .. })), "{e:?}");
    let e = run_design(&dp, &resume, &mut Quiet, &AtomicBool::new(false));
    assert!(matches!(e, Err(RunError::AlreadyComplete { .. })), "{e:?}");
    let force = DesignOptions {
        force: true,
        ..opts(&one, 2)
    };
    run_design(&dp, &force, &mut Quiet, &AtomicBool::new(false)).unwrap();
    assert_eq!(tree(&one), tree(&two));
    for d in [one, two, resumed] {
        let _ = fs::remove_dir_all(d);
    }
}

#[test]
fn a_card_refuses_foreign_directories_other_cards_and_edited_arms() {
    let dp = resolve(&spec(2, "random,greedy", 4)).unwrap();
    let dir = temp("refuse");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("notes.txt"), "mine").unwrap();
    let opts = DesignOptions {
        out: dir.clone(),
        threads: 1,
        resume: false,
        force: true,
    };
    let e = run_design(&dp, &opts, &mut Quiet, &AtomicBool::new(false));
    assert!(matches!(e, Err(RunError::Foreign { .. })), "{e:?}");
    fs::remove_file(dir.join("notes.txt")).unwrap();
    // Resuming a directory without a card.
    let empty = temp("empty");
    fs::create_dir_all(&empty).unwrap();
    let nothing = DesignOptions {
        out: empty.clone(),
        resume: true,
        ..opts.clone()
    };
    let e = run_design(&dp, &nothing, &mut Quiet, &AtomicBool::new(false));
    assert!(matches!(e, Err(RunError::NotADesign { .. })), "{e:?}");
    let _ = fs::remove_dir_all(&empty);
    let resume = DesignOptions {
        resume: true,
        force: false,
        ..opts.clone()
    };
    // Stopped as arm 2 starts; resumed with other options: refused.
    let flag = AtomicBool::new(false);
    let stopped = run_design(&dp, &opts, &mut StopAt(2, &flag), &flag);
    assert!(
        matches!(stopped, Err(RunError::Interrupted { .. })),
        "{stopped:?}"
    );
    let other = resolve(&spec(2, "random,greedy", 6)).unwrap();
    let e = run_design(&other, &resume, &mut Quiet, &AtomicBool::new(false));
    assert!(
        matches!(e, Err(RunError::DesignPlanMismatch { .. })),
        "{e:?}"
    );
    // An edited design-games.csv of a finished arm is refused, not folded into the card.
    let file = dir
        .join(ARMS_DIR)
        .join(dp.dir_name(1))
        .join(DESIGN_GAMES_CSV);
    let mut text = fs::read_to_string(&file).unwrap();
    text = text.replacen("\n0,", "\n0,1", 1);
    fs::write(&file, text).unwrap();
    let e = run_design(&dp, &resume, &mut Quiet, &AtomicBool::new(false));
    assert!(matches!(e, Err(RunError::Truncated { .. })), "{e:?}");
    assert!(dir.join(DESIGN_MANIFEST).is_file());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn design_games_csv_reads_back_only_what_it_wrote() {
    use silver_sim::testing::{design_games_csv, parse_design_games};
    let dp = resolve(&spec(2, "random,greedy", 4)).unwrap();
    let rows: Vec<DesignRow> = (0..4)
        .map(|g| design_row(&dp.arms[2].plan, g).unwrap())
        .collect();
    let csv = String::from_utf8(design_games_csv(&rows)).unwrap();
    assert!(csv.starts_with("game,deal,rounds,turns,round_end_0,"));
    assert!(csv
        .lines()
        .next()
        .unwrap()
        .ends_with(",held_wins_12,held_wins_13"));
    assert_eq!(parse_design_games(&csv, 4).unwrap(), rows);
    assert_eq!(parse_design_games(&csv, 5), None);
    assert_eq!(
        parse_design_games(&csv.replacen("\n1,", "\n01,", 1), 4),
        None
    );
    assert_eq!(
        parse_design_games(&csv.replacen("\n0,", "\n1,", 1), 4),
        None
    );
}

/// Plays game `index` of a restricted arm again from its recorded decisions (the same deals,
/// from the plan's seed) and checks each decision of the restricted bot (plan bot 1, forbidden
/// `value`): when a legal action involved no forbidden value, it chose one. Returns the
/// decisions where the restriction mattered (both kinds of action were legal).
fn restricted_decisions(plan: &Plan, index: u64, value: u8) -> u64 {
    let rec = silver_sim::record_game(plan, index).unwrap();
    let slot = plan.slot(index);
    let (first, mut deals) = silver_bots::seeds::dealing(plan.seed, slot.deal, plan.players);
    assert_eq!(first, rec.first_player);
    let mut game = Game::new(rec.config, first).unwrap();
    let (mut legal, mut events) = (ActionList::new(), Vec::<Event>::new());
    let mut decisions = rec.decisions.iter();
    let mut mattered = 0;
    loop {
        match game.to_move() {
            ToMove::Deal => game.deal_random(&mut deals, &mut events),
            ToMove::Player(seat) => {
                let d = decisions.next().expect("a recorded decision");
                assert_eq!(d.seat, seat);
                game.legal_actions(&mut legal);
                assert!(legal.contains(&d.action));
                if plan.bot_at(slot, seat) == 1 {
                    let view = game.view(seat);
                    let forbidden = |a: Action| view.restricted_values(a).contains(value);
                    let allowed = legal.iter().filter(|&&a| !forbidden(a)).count();
                    assert!(
                        allowed == 0 || !forbidden(d.action),
                        "game {index}: seat {seat} forbidden {value} chose {:?} among {legal:?}",
                        d.action
                    );
                    mattered += u64::from(allowed > 0 && allowed < legal.len());
                }
                game.apply(d.action, &mut events).unwrap();
            }
            ToMove::Terminal => break,
        }
    }
    assert!(
        decisions.next().is_none(),
        "game {index}: decisions left over"
    );
    // The replay is the recorded game.
    assert_eq!(events, rec.events, "game {index}");
    mattered
}

#[test]
fn a_cards_restricted_arms_never_keep_take_or_use_the_value_when_they_need_not() {
    let mut s = spec(2, "random,greedy", 24);
    s.values = vec![2, 7];
    let dp = resolve(&s).unwrap();
    let dir = temp("restricted");
    let opts = DesignOptions {
        out: dir.clone(),
        threads: 2,
        resume: false,
        force: false,
    };
    let card = run_design(&dp, &opts, &mut Quiet, &AtomicBool::new(false)).unwrap();
    let restricted: Vec<(usize, u8)> = dp
        .arms
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match a.kind {
            ArmKind::Restricted { value } => Some((i, value)),
            _ => None,
        })
        .collect();
    assert_eq!(restricted, [(5, 2), (6, 7)]);
    for (i, value) in restricted {
        let plan = &dp.arms[i].plan;
        assert_eq!(
            plan.bot_names(),
            ["greedy".to_string(), format!("greedy:forbid={value}")]
        );
        assert_eq!(card.arms[i].rows.len() as u64, plan.games);
        let mattered: u64 = (0..plan.games)
            .map(|g| restricted_decisions(plan, g, value))
            .sum();
        // The property is not vacuous: the restriction decided something in these games.
        assert!(mattered > 0, "value {value}: no decision where it mattered");
    }
    // The card verifies, restricted arms included.
    let v = silver_sim::verify_dir(&dir).unwrap();
    assert_eq!((v.arms, v.unfinished, v.runs.len()), (Some(7), 0, 7));
    assert_eq!(v.games, dp.total_games());
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_variance_reduced_card_is_reproducible_verified_and_keeps_the_plain_values() {
    let typed = DesignSpec {
        values: vec![0],
        variance_reduction: true,
        ..spec(4, "random,greedy", 16)
    };
    let dp = resolve(&typed).unwrap();
    let plain = resolve(&DesignSpec {
        variance_reduction: false,
        ..typed.clone()
    })
    .unwrap();
    assert_ne!(dp.fingerprint(), plain.fingerprint());
    // Luck in the arms whose metrics have a control; not in the points game (none) nor with
    // the cheating search (its decisions read hidden cards).
    for arm in &dp.arms {
        let expected = !matches!(arm.kind, ArmKind::PointsGame | ArmKind::HiddenInformation);
        assert_eq!(arm.plan.luck, expected, "{:?}", arm.kind);
    }
    let opts = |out: &Path, threads| DesignOptions {
        out: out.to_path_buf(),
        threads,
        resume: false,
        force: false,
    };
    let (one, two, resumed, bare) = (temp("vr1"), temp("vr2"), temp("vr-resumed"), temp("vr0"));
    let a = run_design(&dp, &opts(&one, 1), &mut Quiet, &AtomicBool::new(false)).unwrap();
    run_design(&dp, &opts(&two, 2), &mut Quiet, &AtomicBool::new(false)).unwrap();
    assert_eq!(tree(&one), tree(&two));
    let flag = AtomicBool::new(false);
    let stopped = run_design(&dp, &opts(&resumed, 2), &mut StopAt(3, &flag), &flag);
    assert!(matches!(stopped, Err(RunError::Interrupted { .. })));
    let resume = DesignOptions {
        resume: true,
        ..opts(&resumed, 1)
    };
    run_design(&dp, &resume, &mut Quiet, &AtomicBool::new(false)).unwrap();
    assert_eq!(tree(&one), tree(&resumed));
    silver_sim::verify_dir(&one).unwrap();
    // Every game of a measuring arm carries its luck; the others none.
    for (arm, data) in dp.arms.iter().zip(&a.arms) {
        assert!(data.rows.iter().all(|r| r.luck.is_some() == arm.plan.luck));
    }
    // The plain values are the plain card's, byte for byte: the reduced ones sit beside them.
    let b = run_design(&plain, &opts(&bare, 1), &mut Quiet, &AtomicBool::new(false)).unwrap();
    for (r, p) in a.rows.iter().zip(&b.rows) {
        assert_eq!(
            (r.metric, &r.key, r.est, r.diff),
            (p.metric, &p.key, p.est, p.diff)
        );
        assert!(p.reduced.is_none());
    }
    let reduced = |metric: &'static str| a.rows.iter().filter(move |r| r.metric == metric);
    assert!(reduced("seat_advantage").all(|r| r.reduced.is_some()));
    assert!(reduced("memory_value").all(|r| r.reduced.is_some()));
    for none in [
        "turns_per_round",
        "hidden_information_value",
        "rounds_per_points_game",
    ] {
        assert!(reduced(none).all(|r| r.reduced.is_none()), "{none}");
    }
    let csv = fs::read_to_string(one.join(DESIGN_CSV)).unwrap();
    assert!(csv
        .lines()
        .next()
        .unwrap()
        .ends_with(",blocks,value_vr,low95_vr,high95_vr,variance_ratio"));
    assert!(!fs::read_to_string(bare.join(DESIGN_CSV))
        .unwrap()
        .contains("_vr"));
    let games = fs::read_to_string(
        one.join(ARMS_DIR)
            .join(dp.dir_name(0))
            .join(DESIGN_GAMES_CSV),
    )
    .unwrap();
    assert!(games
        .lines()
        .next()
        .unwrap()
        .ends_with(",luck_2,luck_3,pair_luck"));
    for d in [one, two, resumed, bare] {
        let _ = fs::remove_dir_all(d);
    }
}
