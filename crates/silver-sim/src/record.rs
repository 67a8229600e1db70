//! Playing one planned game and recording it: CSV rows for `games.csv`, `rounds.csv` and
//! `census.csv`, and the integer statistics.

use crate::error::SpecError;
use crate::pairs::GameResult;
use crate::plan::{GameSlot, Plan};
use crate::stats::{f, Stats};
use silver_bots::seeds::GameSeeds;
use silver_bots::{play_game_with, Player, Seats, Watch};
use silver_rules::{
    Action, ActionList, Event, EventSink, Game, GameEvent, PileReason, RoundEnd, Seat, MAX_PLAYERS,
    VALUES,
};

/// CSV headers of the per-game files. Every row starts with the set's canonical name.
pub const GAMES_HEADER: &str = "set,game,deal,rotation,seat,bot,total,rank,won\n";
/// Header of `rounds.csv`.
pub const ROUNDS_HEADER: &str =
    "set,game,round,seat,bot,sum,score,village_size,end_reason,called_census,turns\n";
/// Header of `census.csv`.
pub const CENSUS_HEADER: &str = "set,game,round,turn,deck_left,caller_seat,caller_bot,village_size,true_sum,estimate,lowest_other_sum,success,score\n";

/// Output buffers of a block of games.
#[derive(Default)]
pub struct Rows {
    /// `games.csv` rows.
    pub games: Vec<u8>,
    /// `rounds.csv` rows.
    pub rounds: Vec<u8>,
    /// `census.csv` rows.
    pub census: Vec<u8>,
    /// `sprt.csv` rows (written in block order by the run, not by games).
    pub sprt: Vec<u8>,
}

/// A pending census call in the current round.
#[derive(Clone, Copy, Default)]
struct CensusCall {
    seat: Seat,
    turn: u16,
    deck_left: u8,
    village: u8,
    sum: i32,
    estimate: Option<f64>,
}

/// Records one game's events.
struct Recorder<'a> {
    plan: &'a Plan,
    slot: GameSlot,
    bots: [usize; MAX_PLAYERS],
    stats: &'a mut Stats,
    rows: &'a mut Rows,
    census: Option<CensusCall>,
    pending_estimate: Option<f64>,
    /// Per seat: bit v set if the seat used value v's ability this round.
    used: [u16; MAX_PLAYERS],
}

/// Appends one CSV row field by field (no allocation beyond the buffer's growth).
struct CsvRow<'a> {
    buf: &'a mut Vec<u8>,
    first: bool,
}

impl<'a> CsvRow<'a> {
    fn new(buf: &'a mut Vec<u8>) -> Self {
        CsvRow { buf, first: true }
    }

    fn sep(&mut self) -> &mut Vec<u8> {
        if !self.first {
            self.buf.push(b',');
        }
        self.first = false;
        self.buf
    }

    /// A number.
    fn num(&mut self, x: impl Into<i64>) -> &mut Self {
        use std::io::Write;
        let _ = write!(self.sep(), "{}", x.into());
        self
    }

    /// A text field, quoted when it holds a comma, a quote or a line break (bot and set names
    /// may; a bare carriage return would end the row for a CSV reader).
    fn text(&mut self, t: &str) -> &mut Self {
        let buf = self.sep();
        if t.contains([',', '"', '\n', '\r']) {
            buf.push(b'"');
            for b in t.bytes() {
                if b == b'"' {
                    buf.push(b'"');
                }
                buf.push(b);
            }
            buf.push(b'"');
        } else {
            buf.extend_from_slice(t.as_bytes());
        }
        self
    }

    fn end(&mut self) {
        self.buf.push(b'\n');
    }
}

impl EventSink for Recorder<'_> {
    fn event(&mut self, e: &Event) {
        let set = &self.plan.set.set;
        match *e {
            GameEvent::RoundStarted { .. } => {
                self.used = [0; MAX_PLAYERS];
                self.census = None;
            }
            GameEvent::Drew { from, value, .. } => {
                if matches!(
                    from,
                    silver_rules::CardSource::Deck | silver_rules::CardSource::Display
                ) {
                    self.stats.cards[value.omniscient() as usize].drawn += 1;
                }
            }
            GameEvent::Discarded { value, .. } => self.stats.cards[value as usize].discarded += 1,
            GameEvent::AbilityUsed { seat, value, .. } => {
                self.stats.cards[value as usize].ability_used += 1;
                self.used[seat as usize] |= 1 << value;
            }
            GameEvent::Exchanged { incoming, .. } => {
                self.stats.cards[incoming.omniscient() as usize].exchanged_in += 1
            }
            GameEvent::ToPile {
                value,
                reason: PileReason::ExchangedOut,
            } => self.stats.cards[value as usize].exchanged_out += 1,
            GameEvent::FinalCard { value, .. } => {
                self.stats.cards[value as usize].in_village_at_end += 1
            }
            GameEvent::CensusCalled {
                seat,
                turn,
                deck_left,
                village,
                sum,
            } => {
                self.census = Some(CensusCall {
                    seat,
                    turn,
                    deck_left,
                    village,
                    sum: sum.omniscient() as i32,
                    estimate: self.pending_estimate.take(),
                });
            }
            GameEvent::RoundEnded {
                round,
                reason,
                caller,
                sums,
                scores,
                sizes,
                turns,
                ..
            } => {
                let n = self.plan.players as usize;
                self.stats.rounds += 1;
                self.stats.turns += turns as u64;
                self.stats.turns_sq += turns as u64 * turns as u64;
                self.stats.round_end[match reason {
                    RoundEnd::Census => 0,
                    RoundEnd::Deck => 1,
                    RoundEnd::Villagers => 2,
                    RoundEnd::TurnCap => 3,
                }] += 1;
                for s in 0..n {
                    let b = &mut self.stats.bots[self.bots[s]];
                    b.rounds += 1;
                    b.round_score_sum += scores[s] as i64;
                    b.round_score_sq += (scores[s] as i64 * scores[s] as i64) as u64;
                    for v in 0..VALUES {
                        if !set.ability(v as u8).is_discard_ability() {
                            continue;
                        }
                        let c = &mut self.stats.cards[v];
                        if self.used[s] & (1 << v) != 0 {
                            c.used_rounds += 1;
                            c.used_score_sum += scores[s] as i64;
                        } else {
                            c.unused_rounds += 1;
                            c.unused_score_sum += scores[s] as i64;
                        }
                    }
                }
                if self.plan.outputs.rounds {
                    for s in 0..n {
                        let name = self.plan.bots[self.bots[s]].name.as_str();
                        CsvRow::new(&mut self.rows.rounds)
                            .text(&self.plan.set.name)
                            .num(self.slot.index as i64)
                            .num(round)
                            .num(s as i64)
                            .text(name)
                            .num(sums[s])
                            .num(scores[s])
                            .num(sizes[s])
                            .text(reason.name())
                            .num(caller == Some(s as Seat))
                            .num(turns)
                            .end();
                    }
                }
                if let (Some(c), Some(caller)) = (self.census.take(), caller) {
                    debug_assert_eq!(c.seat, caller);
                    let s = caller as usize;
                    let success = scores[s] == 0 && (0..n).all(|o| sums[s] <= sums[o]);
                    let b = &mut self.stats.bots[self.bots[s]];
                    b.census_calls += 1;
                    b.census_success += success as u64;
                    self.stats.census(c.turn, sums[s], success);
                    if self.plan.outputs.census {
                        let lowest_other = (0..n)
                            .filter(|&o| o != s)
                            .map(|o| sums[o])
                            .min()
                            .unwrap_or(0);
                        let estimate = c.estimate.map(f).unwrap_or_default();
                        let name = self.plan.bots[self.bots[s]].name.as_str();
                        CsvRow::new(&mut self.rows.census)
                            .text(&self.plan.set.name)
                            .num(self.slot.index as i64)
                            .num(round)
                            .num(c.turn)
                            .num(c.deck_left)
                            .num(s as i64)
                            .text(name)
                            .num(c.village)
                            .num(c.sum)
                            .text(&estimate)
                            .num(lowest_other)
                            .num(success)
                            .num(scores[s])
                            .end();
                    }
                }
            }
            _ => {}
        }
    }
}

/// Per-worker reusable state: one player per (seat, bot) pair, built on first use.
pub struct Worker {
    players: Vec<Option<Player>>,
    bots: usize,
    actions: ActionList,
}

impl Worker {
    /// A worker for a plan.
    pub fn new(plan: &Plan) -> Worker {
        Worker {
            players: (0..MAX_PLAYERS * plan.bots.len()).map(|_| None).collect(),
            bots: plan.bots.len(),
            actions: ActionList::new(),
        }
    }
}

/// The players of one game's seats, in the worker's pool of (seat, bot) players.
struct Pool<'a> {
    players: &'a mut [Option<Player>],
    /// Per seat: its player's index in `players`.
    index: [usize; MAX_PLAYERS],
}

impl Seats for Pool<'_> {
    #[inline]
    fn player(&mut self, seat: Seat) -> Option<&mut Player> {
        self.players[self.index[seat as usize]].as_mut()
    }
}

/// The recorder and the caller's sink, watching one game.
struct Both<'a, 'b, S>(&'a mut Recorder<'b>, &'a mut S);

impl<S: EventSink> EventSink for Both<'_, '_, S> {
    #[inline]
    fn event(&mut self, e: &Event) {
        self.0.event(e);
        self.1.event(e);
    }
}

impl<S: Watch> Watch for Both<'_, '_, S> {
    #[inline]
    fn decided(&mut self, seat: Seat, action: Action, player: &Player) {
        // census.csv: the caller's own estimate of its sum at the call.
        if action == Action::CallCensus {
            self.0.pending_estimate = player.sum_estimate();
        }
        self.1.decided(seat, action, player);
    }
}

/// Plays game `index` of `plan` (seeded by the master seed and the index only), appending its
/// rows and statistics. `sink` also receives every event (e.g. a replay trace) and decision.
pub fn play<S: Watch>(
    plan: &Plan,
    index: u64,
    worker: &mut Worker,
    stats: &mut Stats,
    rows: &mut Rows,
    sink: &mut S,
) -> Game {
    let slot = plan.slot(index);
    let n = plan.players as usize;
    let mut bots = [0usize; MAX_PLAYERS];
    for (s, b) in bots.iter_mut().enumerate().take(n) {
        *b = plan.bot_at(slot, s as Seat);
    }
    let GameSeeds {
        first_player: first,
        deals: mut deal_rng,
        bots: mut bot_rngs,
    } = GameSeeds::new(plan.seed, slot.deal, index, plan.players);
    let mut pool = Pool {
        players: &mut worker.players,
        index: [0; MAX_PLAYERS],
    };
    for (s, &b) in bots.iter().enumerate().take(n) {
        let k = s * worker.bots + b;
        pool.players[k].get_or_insert_with(|| Player::from_spec(&plan.bots[b].spec));
        pool.index[s] = k;
    }
    let mut rec = Recorder {
        plan,
        slot,
        bots,
        stats,
        rows,
        census: None,
        pending_estimate: None,
        used: [0; MAX_PLAYERS],
    };
    let game = play_game_with(
        plan.config(),
        first,
        &mut pool,
        &mut deal_rng,
        &mut bot_rngs,
        &mut Both(&mut rec, sink),
        &mut worker.actions,
    );
    // Per-game rows and statistics.
    let totals = game.totals();
    let winner = game.winner().expect("game over") as usize;
    rec.stats.games += 1;
    rec.stats.start_player_wins += (winner == first as usize) as u64;
    rec.stats
        .pairs
        .record(slot.deal, &GameResult::new(&game, bots, n));
    for s in 0..n {
        let t = totals[s];
        let b = &mut rec.stats.bots[bots[s]];
        b.games += 1;
        b.wins += (s == winner) as u64;
        b.total_sum += t as i64;
        b.total_sq += (t as i64 * t as i64) as u64;
        let st = &mut rec.stats.seats[s];
        st.games += 1;
        st.wins += (s == winner) as u64;
        if plan.outputs.games {
            let rank = 1 + (0..n).filter(|&o| totals[o] < t).count();
            CsvRow::new(&mut rec.rows.games)
                .text(&plan.set.name)
                .num(index as i64)
                .num(slot.deal as i64)
                .num(slot.rotation)
                .num(s as i64)
                .text(&plan.bots[bots[s]].name)
                .num(t)
                .num(rank as i64)
                .num(s == winner)
                .end();
        }
    }
    game
}

/// Re-plays game `index` of `plan` and returns every event, in order (omniscient trace).
pub fn replay(plan: &Plan, index: u64) -> Result<Vec<Event>, SpecError> {
    if index >= plan.games {
        return Err(SpecError::NoSuchGame {
            index,
            games: plan.games,
        });
    }
    let mut events: Vec<Event> = Vec::new();
    let mut worker = Worker::new(plan);
    let mut stats = Stats::new(plan.bots.len(), plan.players as usize);
    let mut rows = Rows::default();
    play(plan, index, &mut worker, &mut stats, &mut rows, &mut events);
    Ok(events)
}

/// One decision of a recorded game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameDecision {
    /// Who decided.
    pub seat: Seat,
    /// What (forced single actions included).
    pub action: Action,
    /// The bot's own estimate of its village sum at that decision, if it keeps one.
    pub estimate: Option<f64>,
}

/// Game `index` of a plan, decision by decision (for viewers: `silver view`).
#[derive(Clone, Debug)]
pub struct Recorded {
    /// The game's configuration.
    pub config: silver_rules::Config,
    /// Who started round 1.
    pub first_player: Seat,
    /// The bot in each seat (its name).
    pub seats: Vec<String>,
    /// Every decision in order.
    pub decisions: Vec<GameDecision>,
    /// Every event (omniscient), in order.
    pub events: Vec<Event>,
}

struct Recording {
    decisions: Vec<GameDecision>,
    events: Vec<Event>,
}

impl EventSink for Recording {
    fn event(&mut self, e: &Event) {
        self.events.push(*e);
    }
}

impl Watch for Recording {
    fn decided(&mut self, seat: Seat, action: Action, player: &Player) {
        self.decisions.push(GameDecision {
            seat,
            action,
            estimate: player.sum_estimate(),
        });
    }
}

/// Re-plays game `index` of `plan` and returns its decisions and events.
pub fn record_game(plan: &Plan, index: u64) -> Result<Recorded, SpecError> {
    if index >= plan.games {
        return Err(SpecError::NoSuchGame {
            index,
            games: plan.games,
        });
    }
    let mut rec = Recording {
        decisions: Vec::new(),
        events: Vec::new(),
    };
    let mut worker = Worker::new(plan);
    let mut stats = Stats::new(plan.bots.len(), plan.players as usize);
    let mut rows = Rows::default();
    play(plan, index, &mut worker, &mut stats, &mut rows, &mut rec);
    let slot = plan.slot(index);
    let (first_player, _) = silver_bots::seeds::dealing(plan.seed, slot.deal, plan.players);
    Ok(Recorded {
        config: plan.config(),
        first_player,
        seats: (0..plan.players)
            .map(|s| plan.bots[plan.bot_at(slot, s)].name.clone())
            .collect(),
        decisions: rec.decisions,
        events: rec.events,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{ExperimentSpec, ModelSpec, Outputs, Seating};
    use silver_bots::{Bot, BotRng, RandomBot};
    use silver_rules::{Config, Observation, PlayerView};
    use std::path::Path;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    /// An external bot that plays at random and counts what it observes.
    struct Counting {
        seen: Arc<AtomicUsize>,
        seat: Seat,
        mine: Arc<AtomicUsize>,
    }

    impl Bot for Counting {
        fn reset(&mut self, seat: Seat, _config: &Config) {
            self.seat = seat;
        }
        fn wants_observations(&self) -> bool {
            true
        }
        fn observe(&mut self, observation: &Observation) {
            self.seen.fetch_add(1, Ordering::Relaxed);
            // Its own draws are shown to it: the observation carries the value.
            if let silver_rules::GameEvent::Drew { seat, value, .. } = observation {
                if *seat == self.seat && value.is_some() {
                    self.mine.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        fn decide(&mut self, view: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action {
            RandomBot.decide(view, legal, rng)
        }
    }

    /// Every event is observed, redacted, by an external bot that asks for observations, in a
    /// simulator game (the one game loop, `silver_bots::play_game_with`).
    #[test]
    fn an_external_bot_that_wants_observations_gets_every_event() {
        let spec = ExperimentSpec {
            name: Some("t".into()),
            players: 3,
            bots: vec!["random".into()],
            seating: Seating::Rotate,
            set: "amulet".into(),
            token: None,
            model: ModelSpec::default(),
            games: 4,
            seed: 1,
            max_turns_per_round: 400,
            outputs: Outputs::default(),
            balance: None,
            sprt: None,
        };
        let bots_dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots"));
        let plan = crate::plan::resolve(&spec, bots_dir).unwrap();
        let mut worker = Worker::new(&plan);
        let (seen, mine) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        // Seat 1's player (bot 0) is the external bot.
        worker.players[worker.bots] = Some(Player::External(Box::new(Counting {
            seen: seen.clone(),
            seat: 0,
            mine: mine.clone(),
        })));
        let mut stats = Stats::new(plan.bots.len(), 3);
        let mut rows = Rows::default();
        let mut events: Vec<Event> = Vec::new();
        play(&plan, 0, &mut worker, &mut stats, &mut rows, &mut events);
        assert!(events.len() > 100);
        assert_eq!(seen.load(Ordering::Relaxed), events.len());
        let own_draws = events
            .iter()
            .filter(|e| matches!(e, GameEvent::Drew { seat: 1, .. }))
            .count();
        assert!(own_draws > 0);
        assert_eq!(mine.load(Ordering::Relaxed), own_draws);
    }
}
