//! What a game leaves behind: the [`Recorder`] watches one game and hands each event to the
//! collectors that count it, one per output or statistic family (card balance, rounds,
//! census calls, games), each owning its part of [`Stats`] and its per-game CSV file.
//!
//! The collectors are registered in one place, [`Recorder`]'s fields, and the events are
//! routed in one `match` over every event kind (no catch-all arm), so a new event kind does
//! not compile until it is decided which collectors count it.
//!
//! # Adding a statistic or a per-game output
//!
//! 1. Its numbers: a field of [`Stats`] (or of [`crate::stats::BotStats`],
//!    [`crate::stats::CardStats`]) with its line in `Stats::merge`; a new per-game file is a
//!    row of `output_files!` (`output.rs`), with its header beside the table.
//! 2. Its collector: a struct here with a method per fact it counts (`round_ended`,
//!    `game_over`, ...), writing its rows with [`CsvRow`] into [`Rows::file`].
//! 3. Register it: a field of [`Recorder`], and its calls in [`Recorder`]'s `event` match
//!    (or [`Recorder::game_over`]).
//! 4. Show it: `summary::summaries` for a summary file, the terminal table in `stats.rs`, the
//!    report in silver-report.

use crate::output::{CsvRow, OutputFile, Rows};
use crate::pairs::GameResult;
use crate::plan::{GameSlot, Plan};
use crate::stats::{f, Stats};
use silver_bots::Player;
use silver_rules::{
    Action, CardSource, Event, EventSink, Game, GameEvent, Luck, PileReason, RoundEnd, Seat, Value,
    MAX_PLAYERS, VALUES,
};

/// The game being recorded: what every collector may read.
#[derive(Clone, Copy)]
struct Table<'a> {
    plan: &'a Plan,
    slot: GameSlot,
    /// Per seat: its bot (index into the plan's bots).
    bots: [usize; MAX_PLAYERS],
}

impl Table<'_> {
    fn players(&self) -> usize {
        self.plan.players as usize
    }

    fn bot_name(&self, seat: usize) -> &str {
        &self.plan.bots[self.bots[seat]].name
    }

    /// Appends to `buf` a row's first fields for game `index` and `seat`: set, game, deal,
    /// rotation, seat, bot (`games.csv`, `forfeits.csv`).
    fn seat_row<'b>(&self, buf: &'b mut Vec<u8>, index: u64, seat: usize) -> CsvRow<'b> {
        let mut row = CsvRow::new(buf);
        row.text(&self.plan.set.name)
            .num(index as i64)
            .num(self.slot.deal as i64)
            .num(self.slot.rotation)
            .num(seat as i64)
            .text(self.bot_name(seat));
        row
    }
}

/// A round's end, as the collectors read it (from [`GameEvent::RoundEnded`]).
#[derive(Clone, Copy)]
struct RoundOver {
    round: u16,
    reason: RoundEnd,
    caller: Option<Seat>,
    sums: [i32; MAX_PLAYERS],
    scores: [i32; MAX_PLAYERS],
    sizes: [u8; MAX_PLAYERS],
    turns: u16,
}

/// Records one game: routes its events to the collectors (the registry of collectors).
pub(crate) struct Recorder<'a> {
    table: Table<'a>,
    stats: &'a mut Stats,
    rows: &'a mut Rows,
    cards: CardCounts,
    rounds: RoundCounts,
    census: CensusCalls,
    games: GameCounts,
    /// The game's chance luck, when the plan measures it.
    luck: Option<Luck>,
}

impl<'a> Recorder<'a> {
    /// A recorder of game `slot` of `plan`, seats playing `bots`, adding to `stats` and
    /// `rows`.
    pub(crate) fn new(
        plan: &'a Plan,
        slot: GameSlot,
        bots: [usize; MAX_PLAYERS],
        stats: &'a mut Stats,
        rows: &'a mut Rows,
    ) -> Recorder<'a> {
        Recorder {
            table: Table { plan, slot, bots },
            stats,
            rows,
            cards: CardCounts::default(),
            rounds: RoundCounts,
            census: CensusCalls::default(),
            games: GameCounts { luck: None },
            luck: None,
        }
    }

    /// Measures the game's chance luck, drawing from a stream seeded with `seed`.
    pub(crate) fn measure_luck(&mut self, seed: u64) {
        self.luck = Some(Luck::new(seed));
    }

    /// `action` is about to be applied to `game`.
    #[inline]
    pub(crate) fn applying(&mut self, game: &Game, action: Action) {
        if let Some(l) = &mut self.luck {
            l.applying(game, action);
        }
    }

    /// The action announced by [`Recorder::applying`] has been applied.
    #[inline]
    pub(crate) fn applied(&mut self, game: &Game) {
        if let Some(l) = &mut self.luck {
            l.applied(game);
        }
    }

    /// A player decided `action` (the census collector keeps the caller's own estimate).
    #[inline]
    pub(crate) fn decided(&mut self, action: Action, player: &Player) {
        if action == Action::CallCensus {
            self.census.estimate = player.sum_estimate();
        }
    }

    /// The finished game's chance luck, when the plan measures it (after
    /// [`Recorder::game_over`]).
    pub(crate) fn luck(&self) -> Option<silver_stats::SeatLuck<MAX_PLAYERS>> {
        self.games.luck
    }

    /// The game is over: its per-game counts and rows. `first` started it.
    pub(crate) fn game_over(&mut self, game: &Game, index: u64, first: Seat) {
        let luck = self.luck.as_ref().map(|l| {
            let n = self.table.players();
            silver_stats::SeatLuck::of(&l.points()[..n], &l.places()[..n])
        });
        self.games.luck = luck;
        self.games
            .game_over(&self.table, game, index, first, self.stats, self.rows);
    }
}

impl Recorder<'_> {
    /// The events of a round's start and end and of a census call (out of line: a few a
    /// round, and inlined they made every event's path save more registers).
    #[cold]
    #[inline(never)]
    fn round_event(&mut self, e: &Event) {
        let (stats, table) = (&mut *self.stats, &self.table);
        match *e {
            GameEvent::RoundStarted { .. } => {
                self.cards.round_started();
                self.census.round_started();
            }
            GameEvent::CensusCalled {
                seat,
                turn,
                deck_left,
                village,
                sum,
            } => self.census.called(CensusCall {
                seat,
                turn,
                deck_left,
                village,
                sum: sum.omniscient() as i32,
                estimate: None,
            }),
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
                let end = RoundOver {
                    round,
                    reason,
                    caller,
                    sums,
                    scores,
                    sizes,
                    turns,
                };
                self.rounds.round_ended(table, &end, stats, self.rows);
                self.cards.round_ended(table, &end, stats);
                self.census.round_ended(table, &end, stats, self.rows);
            }
            // `Recorder::event` sends only the three above.
            _ => {}
        }
    }
}

impl EventSink for Recorder<'_> {
    #[inline(always)]
    fn event(&mut self, e: &Event) {
        let stats = &mut *self.stats;
        match *e {
            GameEvent::RoundStarted { .. }
            | GameEvent::CensusCalled { .. }
            | GameEvent::RoundEnded { .. } => self.round_event(e),
            GameEvent::Drew { from, value, .. } => self.cards.drew(stats, from, value.omniscient()),
            GameEvent::Discarded { value, .. } => stats.cards[value as usize].discarded += 1,
            GameEvent::AbilityUsed { seat, value, .. } => {
                self.cards.ability_used(stats, seat, value)
            }
            GameEvent::Exchanged { incoming, .. } => {
                stats.cards[incoming.omniscient() as usize].exchanged_in += 1
            }
            GameEvent::ToPile { value, reason } => match reason {
                PileReason::ExchangedOut => stats.cards[value as usize].exchanged_out += 1,
                PileReason::Deal
                | PileReason::DiscardDrawn
                | PileReason::WitchReplaced
                | PileReason::DiscardedOwn
                | PileReason::FromDeck
                | PileReason::ZombieStayed => {}
            },
            GameEvent::FinalCard { value, .. } => {
                stats.cards[value as usize].in_village_at_end += 1
            }
            // Counted by no collector: turns, peeks and looks, card moves that are not draws,
            // discards or exchanges (an ability's swaps, flips, guards and token moves), the
            // display, and the game's end (`Recorder::game_over` has the final game).
            GameEvent::TurnStarted { .. }
            | GameEvent::Acted { .. }
            | GameEvent::Peeked { .. }
            | GameEvent::ReturnedToDeck { .. }
            | GameEvent::AbilityNoTarget { .. }
            | GameEvent::Shown { .. }
            | GameEvent::PenaltyCard { .. }
            | GameEvent::Flipped { .. }
            | GameEvent::WitchReplaced { .. }
            | GameEvent::Swapped { .. }
            | GameEvent::DisplayFilled { .. }
            | GameEvent::TurnedDown { .. }
            | GameEvent::ToDeckBottom { .. }
            | GameEvent::DeckReversed { .. }
            | GameEvent::Shuffled { .. }
            | GameEvent::SwappedAny { .. }
            | GameEvent::Joined { .. }
            | GameEvent::ZombieGiven { .. }
            | GameEvent::Added { .. }
            | GameEvent::Rotated { .. }
            | GameEvent::DirectionReversed { .. }
            | GameEvent::TurnSkipped { .. }
            | GameEvent::ScoringRemoved { .. }
            | GameEvent::Copied { .. }
            | GameEvent::GuardPlaced { .. }
            | GameEvent::GuardLifted { .. }
            | GameEvent::TokenPlaced { .. }
            | GameEvent::GameEnded { .. } => {}
        }
    }
}

/// Card balance (`cards.csv`): per value, how cards move and what using its ability is worth.
#[derive(Default)]
struct CardCounts {
    /// Per seat: bit v set if the seat used value v's ability this round.
    used: [u16; MAX_PLAYERS],
}

impl CardCounts {
    fn round_started(&mut self) {
        self.used = [0; MAX_PLAYERS];
    }

    fn drew(&mut self, stats: &mut Stats, from: CardSource, value: Value) {
        if matches!(from, CardSource::Deck | CardSource::Display) {
            stats.cards[value as usize].drawn += 1;
        }
    }

    fn ability_used(&mut self, stats: &mut Stats, seat: Seat, value: Value) {
        stats.cards[value as usize].ability_used += 1;
        self.used[seat as usize] |= 1 << value;
    }

    /// Each player's round score, by whether it used each discard ability this round.
    fn round_ended(&mut self, table: &Table, end: &RoundOver, stats: &mut Stats) {
        let set = &table.plan.set.set;
        for s in 0..table.players() {
            let score = end.scores[s] as i64;
            for v in 0..VALUES {
                if !set.ability(v as u8).is_discard_ability() {
                    continue;
                }
                let c = &mut stats.cards[v];
                if self.used[s] & (1 << v) != 0 {
                    c.used_rounds += 1;
                    c.used_score_sum += score;
                } else {
                    c.unused_rounds += 1;
                    c.unused_score_sum += score;
                }
            }
        }
    }
}

/// Rounds (`rounds.csv`, round counts and scores per bot).
struct RoundCounts;

impl RoundCounts {
    fn round_ended(&mut self, table: &Table, end: &RoundOver, stats: &mut Stats, rows: &mut Rows) {
        let n = table.players();
        stats.rounds += 1;
        stats.turns += end.turns as u64;
        stats.turns_sq += end.turns as u64 * end.turns as u64;
        stats.round_end[match end.reason {
            RoundEnd::Census => 0,
            RoundEnd::Deck => 1,
            RoundEnd::Villagers => 2,
            RoundEnd::TurnCap => 3,
        }] += 1;
        for s in 0..n {
            let b = &mut stats.bots[table.bots[s]];
            let score = end.scores[s] as i64;
            b.rounds += 1;
            b.round_score_sum += score;
            b.round_score_sq += (score * score) as u64;
        }
        if table.plan.outputs.rounds {
            let out = rows.file(OutputFile::Rounds);
            for s in 0..n {
                CsvRow::new(out)
                    .text(&table.plan.set.name)
                    .num(table.slot.index as i64)
                    .num(end.round)
                    .num(s as i64)
                    .text(table.bot_name(s))
                    .num(end.sums[s])
                    .num(end.scores[s])
                    .num(end.sizes[s])
                    .text(end.reason.name())
                    .num(end.caller == Some(s as Seat))
                    .num(end.turns)
                    .end();
            }
        }
    }
}

/// A census call of the current round, until the round's end scores it.
#[derive(Clone, Copy, Default)]
struct CensusCall {
    seat: Seat,
    turn: u16,
    deck_left: u8,
    village: u8,
    sum: i32,
    estimate: Option<f64>,
}

/// Census calls (`census.csv`, census counts per bot, by turn and by sum).
#[derive(Default)]
struct CensusCalls {
    call: Option<CensusCall>,
    /// The estimate of the player who decided to call, until the call's event.
    estimate: Option<f64>,
}

impl CensusCalls {
    fn round_started(&mut self) {
        self.call = None;
    }

    fn called(&mut self, call: CensusCall) {
        self.call = Some(CensusCall {
            estimate: self.estimate.take(),
            ..call
        });
    }

    fn round_ended(&mut self, table: &Table, end: &RoundOver, stats: &mut Stats, rows: &mut Rows) {
        let (Some(c), Some(caller)) = (self.call.take(), end.caller) else {
            return;
        };
        debug_assert_eq!(c.seat, caller);
        let n = table.players();
        let s = caller as usize;
        let (sums, scores) = (&end.sums, &end.scores);
        let success = scores[s] == 0 && (0..n).all(|o| sums[s] <= sums[o]);
        let b = &mut stats.bots[table.bots[s]];
        b.census_calls += 1;
        b.census_success += success as u64;
        stats.census(c.turn, sums[s], success);
        if table.plan.outputs.census {
            let lowest_other = (0..n)
                .filter(|&o| o != s)
                .map(|o| sums[o])
                .min()
                .unwrap_or(0);
            let estimate = c.estimate.map(f).unwrap_or_default();
            CsvRow::new(rows.file(OutputFile::Census))
                .text(&table.plan.set.name)
                .num(table.slot.index as i64)
                .num(end.round)
                .num(c.turn)
                .num(c.deck_left)
                .num(s as i64)
                .text(table.bot_name(s))
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

/// Records game `index` (`slot` of `plan`, seats playing `bots`) as forfeited by seat
/// `forfeiter`, whose program failed with `error`: nothing of its play is counted (the caller
/// has taken it back), only its result — the forfeiting seat finishes behind every other seat;
/// in a two-player game the other seat wins, in a larger one nobody does and the other seats
/// are not compared with each other; every total is 0 — in `games.csv`, `forfeits.csv` and the
/// statistics. `first` started it.
#[allow(clippy::too_many_arguments)]
pub(crate) fn forfeited(
    plan: &Plan,
    slot: GameSlot,
    bots: [usize; MAX_PLAYERS],
    index: u64,
    first: Seat,
    forfeiter: Seat,
    error: &str,
    stats: &mut Stats,
    rows: &mut Rows,
) {
    let table = Table { plan, slot, bots };
    let (n, lost) = (table.players(), forfeiter as usize);
    let winner = (n == 2).then_some(1 - lost);
    stats.games += 1;
    stats.start_player_wins += (winner == Some(first as usize)) as u64;
    stats
        .pairs
        .record(slot.deal, &GameResult::forfeited(n, bots, lost));
    for s in 0..n {
        let won = winner == Some(s);
        let b = &mut stats.bots[bots[s]];
        b.games += 1;
        b.wins += won as u64;
        b.forfeits += (s == lost) as u64;
        let st = &mut stats.seats[s];
        st.games += 1;
        st.wins += won as u64;
        if plan.outputs.games {
            table
                .seat_row(rows.file(OutputFile::Games), index, s)
                .num(0)
                .num(if s == lost { n as i64 } else { 1 })
                .num(won)
                .end();
        }
    }
    table
        .seat_row(rows.file(OutputFile::Forfeits), index, lost)
        // One line per row (the program's stderr may have several).
        .text(&error.replace(['\n', '\r'], " "))
        .end();
}

/// A fixed-point integer as a decimal with `digits` decimals (`-123`, 1 → `-12.3`).
fn fixed(x: i64, digits: u32) -> String {
    let scale = 10i64.pow(digits);
    let sign = if x < 0 { "-" } else { "" };
    let a = x.unsigned_abs();
    format!(
        "{sign}{}.{:0width$}",
        a / scale as u64,
        a % scale as u64,
        width = digits as usize
    )
}

/// Games (`games.csv`, wins and totals per bot and seat, start-player wins, head-to-head, and
/// `luck.csv`).
struct GameCounts {
    /// The game's chance luck, when the plan measures it.
    luck: Option<silver_stats::SeatLuck<MAX_PLAYERS>>,
}

impl GameCounts {
    fn game_over(
        &mut self,
        table: &Table,
        game: &Game,
        index: u64,
        first: Seat,
        stats: &mut Stats,
        rows: &mut Rows,
    ) {
        let (n, bots, plan) = (table.players(), table.bots, table.plan);
        let totals = game.totals();
        // A finished game has a winner: the game loop returns only finished games.
        let winner = game.winner().expect("game over") as usize;
        stats.games += 1;
        stats.start_player_wins += (winner == first as usize) as u64;
        let mut result = GameResult::from_order(n, bots, totals, &game.finishing_order());
        result.luck = self.luck;
        stats.pairs.record(table.slot.deal, &result);
        if let Some(l) = self.luck.as_ref().filter(|_| plan.outputs.games) {
            for s in 0..n {
                table
                    .seat_row(rows.file(OutputFile::Luck), index, s)
                    .text(&fixed(l.points[s], 1))
                    .text(&fixed(l.places[s], 3))
                    .end();
            }
        }
        for s in 0..n {
            let t = totals[s];
            let b = &mut stats.bots[bots[s]];
            b.games += 1;
            b.wins += (s == winner) as u64;
            b.total_sum += t as i64;
            b.total_sq += (t as i64 * t as i64) as u64;
            let st = &mut stats.seats[s];
            st.games += 1;
            st.wins += (s == winner) as u64;
            if plan.outputs.games {
                let rank = 1 + (0..n).filter(|&o| totals[o] < t).count();
                table
                    .seat_row(rows.file(OutputFile::Games), index, s)
                    .num(t)
                    .num(rank as i64)
                    .num(s == winner)
                    .end();
            }
        }
    }
}
