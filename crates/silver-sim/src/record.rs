//! Playing one planned game and recording it (the collectors of `collect.rs`: CSV rows for
//! `games.csv`, `rounds.csv` and `census.csv`, and the integer statistics).

use crate::collect::Recorder;
use crate::error::SpecError;
use crate::output::Rows;
use crate::plan::Plan;
use crate::stats::Stats;
use silver_bots::seeds::GameSeeds;
use silver_bots::{play_game_with, BotFailure, Player, Seats, Watch};
use silver_rules::{Action, ActionList, Event, EventSink, Game, Seat, MAX_PLAYERS};

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

    /// Seats `player` as bot `bot` (an index into the plan's bots) in `seat`, instead of the
    /// player its spec describes: a game loop's test with a bot of its own.
    pub fn set_player(&mut self, seat: Seat, bot: usize, player: Player) {
        self.players[seat as usize * self.bots + bot] = Some(player);
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
        self.0.decided(action, player);
        self.1.decided(seat, action, player);
    }

    #[inline]
    fn applying(&mut self, game: &Game, action: Action) {
        self.0.applying(game, action);
        self.1.applying(game, action);
    }

    #[inline]
    fn applied(&mut self, game: &Game) {
        self.0.applied(game);
        self.1.applied(game);
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
    play_measured(plan, index, worker, stats, rows, sink).0
}

/// [`play`], also returning the game's chance luck per seat when the plan measures it
/// (`plan.luck`), as its statistics and `luck.csv` count it.
pub fn play_measured<S: Watch>(
    plan: &Plan,
    index: u64,
    worker: &mut Worker,
    stats: &mut Stats,
    rows: &mut Rows,
    sink: &mut S,
) -> (Game, Option<silver_stats::SeatLuck<MAX_PLAYERS>>) {
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
    let mut rec = Recorder::new(plan, slot, bots, stats, rows);
    if plan.luck {
        rec.measure_luck(silver_bots::seeds::luck_seed(plan.seed, index));
    }
    let game = play_game_with(
        plan.config(),
        first,
        &mut pool,
        &mut deal_rng,
        &mut bot_rngs,
        &mut Both(&mut rec, sink),
        &mut worker.actions,
    );
    rec.game_over(&game, index, first);
    let luck = rec.luck();
    (game, luck)
}

/// Plays game `index` of a run's `plan` as [`play`] does, except that when a bot program
/// whose failure forfeits the game (`on_error = "forfeit"`) fails, what the game had counted
/// and written is taken back and the game is recorded as forfeited instead
/// ([`crate::collect::forfeited`]); the program is started afresh at its next game. Any other
/// failure unwinds as it was raised.
pub(crate) fn play_or_forfeit(
    plan: &Plan,
    index: u64,
    worker: &mut Worker,
    stats: &mut Stats,
    rows: &mut Rows,
) {
    if !plan.forfeits() {
        play(plan, index, worker, stats, rows, &mut ());
        return;
    }
    // Only a plan with such a bot pays for the copy (its games talk to a program).
    let (before, lens) = (stats.clone(), rows.lens());
    let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        play(plan, index, worker, stats, rows, &mut ());
    }));
    let Err(payload) = played else {
        return;
    };
    let failure = match payload.downcast::<BotFailure>() {
        Ok(failure) if failure.forfeit => failure,
        Ok(failure) => std::panic::resume_unwind(failure),
        Err(payload) => std::panic::resume_unwind(payload),
    };
    *stats = before;
    rows.truncate(lens);
    let slot = plan.slot(index);
    let mut bots = [0usize; MAX_PLAYERS];
    for (s, b) in bots.iter_mut().enumerate().take(plan.players as usize) {
        *b = plan.bot_at(slot, s as Seat);
    }
    let (first, _) = silver_bots::seeds::dealing(plan.seed, slot.deal, plan.players);
    crate::collect::forfeited(
        plan,
        slot,
        bots,
        index,
        first,
        failure.seat,
        &failure.what,
        stats,
        rows,
    );
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
