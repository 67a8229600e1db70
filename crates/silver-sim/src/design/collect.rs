//! One game's [`DesignRow`]: a watcher of the game's events (handed to the one game loop as
//! [`crate::record::play`]'s sink) that counts what the card's metrics are made of, and the
//! arm's `design-games.csv` (one row per game, in game order).

use super::DesignRow;
use crate::output::CsvRow;
use crate::plan::Plan;
use silver_bots::{Player, Watch};
use silver_rules::{
    Ability, Action, CardSet, CardSource, Event, EventSink, Game, GameEvent, GameModel, RoundEnd,
    Seat, MAX_PLAYERS, VALUES,
};

/// Counts one game of a plan into a [`DesignRow`].
pub(crate) struct DesignCollector {
    row: DesignRow,
    players: usize,
    points: bool,
    /// Per seat: its bot (index into the plan's bots).
    bots: [usize; MAX_PLAYERS],
    /// The seat that took round 1's first turn.
    start: Option<Seat>,
    /// The completed turns before the current round's census call, if one was made.
    call_turn: Option<u16>,
    /// Per seat, this round: bit v if the seat used v's ability.
    used: [u16; MAX_PLAYERS],
    /// Per seat, this round: bit v if a card of value v was in the village at scoring.
    held: [u16; MAX_PLAYERS],
    /// The leader after each round.
    leaders: Vec<u8>,
    /// The game's card set (which values a face-up ability's action uses).
    set: CardSet,
}

impl DesignCollector {
    /// A collector of game `index` of `plan`.
    pub(crate) fn new(plan: &Plan, index: u64) -> DesignCollector {
        let slot = plan.slot(index);
        let mut bots = [0; MAX_PLAYERS];
        for (s, b) in bots.iter_mut().enumerate().take(plan.players as usize) {
            *b = plan.bot_at(slot, s as Seat);
        }
        DesignCollector {
            row: DesignRow {
                game: index,
                deal: slot.deal,
                ..DesignRow::default()
            },
            players: plan.players as usize,
            points: matches!(plan.model, GameModel::Points { .. }),
            bots,
            start: None,
            call_turn: None,
            used: [0; MAX_PLAYERS],
            held: [0; MAX_PLAYERS],
            leaders: Vec::new(),
            set: plan.set.set,
        }
    }

    /// The values whose ability is `ability` in this game's set (a bit per value).
    fn values_with(&self, ability: Ability) -> u16 {
        (0..VALUES as u8)
            .filter(|&v| self.set.ability(v) == ability)
            .fold(0, |m, v| m | 1 << v)
    }

    /// The row of the finished `game`, with its chance luck when the arm measures it
    /// ([`crate::record::play_measured`]).
    pub(crate) fn finish(
        mut self,
        game: &Game,
        luck: Option<silver_stats::SeatLuck<MAX_PLAYERS>>,
    ) -> DesignRow {
        let n = self.players;
        let r = &mut self.row;
        r.lead_changes = silver_stats::design::lead_changes(&self.leaders);
        r.decided_round = silver_stats::design::decided_round(&self.leaders);
        // A finished game has a winner and a start player: the game loop returns only
        // finished games, and every game starts with round 1.
        let winner = game.winner().expect("game over") as usize;
        let start = self.start.expect("round 1 started") as usize;
        r.winner_offset = ((winner + n - start) % n) as u8;
        let order = game.finishing_order();
        let mut place = [0usize; MAX_PLAYERS];
        for (k, &s) in order[..n].iter().enumerate() {
            place[s as usize] = k;
        }
        for a in (0..n).filter(|&s| self.bots[s] == 0) {
            for b in (0..n).filter(|&s| self.bots[s] == 1) {
                r.pair_n += 1;
                r.pair_w += (place[a] < place[b]) as u32;
            }
        }
        r.luck = luck.map(|l| {
            let mut d = super::DesignLuck {
                seats: std::array::from_fn(|k| if k < n { l.places[(start + k) % n] } else { 0 }),
                pair: 0,
            };
            for a in (0..n).filter(|&s| self.bots[s] == 0) {
                for b in (0..n).filter(|&s| self.bots[s] == 1) {
                    d.pair += l.places[b] - l.places[a];
                }
            }
            d
        });
        self.row
    }

    /// The end of a round: its counts, and who leads (R-GAME-4 / R-GAME-100 tie-breaks, as
    /// `Game::finishing_order` applies them at the game's end, on the totals so far: by total,
    /// lowest first; in the points game then by this round's score; then from the holder of
    /// the token, else the next round's start player, in seat order).
    #[allow(clippy::too_many_arguments)]
    fn round_ended(
        &mut self,
        reason: RoundEnd,
        caller: Option<Seat>,
        sums: &[i32; MAX_PLAYERS],
        scores: &[i32; MAX_PLAYERS],
        totals: &[i32; MAX_PLAYERS],
        turns: u16,
        from: Seat,
    ) {
        let n = self.players;
        let r = &mut self.row;
        r.rounds += 1;
        r.player_rounds += n as u32;
        r.turns += turns as u32;
        r.round_end[match reason {
            RoundEnd::Census => 0,
            RoundEnd::Deck => 1,
            RoundEnd::Villagers => 2,
            RoundEnd::TurnCap => 3,
        }] += 1;
        if let (Some(c), Some(turn)) = (caller, self.call_turn.take()) {
            let c = c as usize;
            r.census_calls += 1;
            r.census_turns += turn as u32;
            // As the census statistics count it: the caller scores 0 with the lowest sum.
            r.census_success += (scores[c] == 0 && (0..n).all(|o| sums[c] <= sums[o])) as u32;
        }
        let lowest = scores[..n].iter().copied().min().unwrap_or(0);
        for s in 0..n {
            for v in 0..VALUES {
                if self.used[s] & (1 << v) != 0 {
                    r.used_rounds[v] += 1;
                }
                if self.held[s] & (1 << v) != 0 {
                    r.held_rounds[v] += 1;
                    r.held_wins[v] += (scores[s] == lowest) as u32;
                }
            }
        }
        let from = from as usize;
        let key = |s: usize| {
            (
                totals[s],
                if self.points { scores[s] } else { 0 },
                (s + n - from) % n,
            )
        };
        // At least two players sit at every table.
        let leader = (0..n).min_by_key(|&s| key(s)).expect("players");
        self.leaders.push(leader as u8);
    }
}

impl EventSink for DesignCollector {
    fn event(&mut self, e: &Event) {
        match *e {
            GameEvent::RoundStarted { round, start, .. } => {
                if round == 1 {
                    self.start = Some(start);
                }
                self.used = [0; MAX_PLAYERS];
                self.held = [0; MAX_PLAYERS];
                self.call_turn = None;
            }
            GameEvent::Drew { from, value, .. } => {
                if matches!(from, CardSource::Deck | CardSource::Display) {
                    self.row.drawn[value.omniscient() as usize] += 1;
                }
            }
            GameEvent::Discarded { value, .. } => self.row.discarded[value as usize] += 1,
            GameEvent::AbilityUsed { seat, value, .. } => self.used[seat as usize] |= 1 << value,
            GameEvent::FinalCard { owner, value, .. } => self.held[owner as usize] |= 1 << value,
            GameEvent::CensusCalled { turn, .. } => self.call_turn = Some(turn),
            GameEvent::RoundEnded {
                reason,
                caller,
                sums,
                scores,
                totals,
                turns,
                next_start,
                next_holder,
                ..
            } => self.round_ended(
                reason,
                caller,
                &sums,
                &scores,
                &totals,
                turns,
                next_holder.unwrap_or(next_start),
            ),
            // The rest changes none of the card's counts.
            GameEvent::ToPile { .. }
            | GameEvent::TurnStarted { .. }
            | GameEvent::Acted { .. }
            | GameEvent::Peeked { .. }
            | GameEvent::ReturnedToDeck { .. }
            | GameEvent::AbilityNoTarget { .. }
            | GameEvent::Exchanged { .. }
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

/// The face-up ability an action uses, for the abilities that are used by an action of their
/// own rather than announced by a [`GameEvent::AbilityUsed`] (the discard abilities, Coin 4 and
/// the abilities that use another card's are announced): the Squire's display draw, the
/// Rascal's extra draw, the Empath's peek, the Bodyguard's placing or lifting, the Priest's
/// flip, the Curator's rotation or discard and the Zombie's hand-over.
fn face_up_ability(action: Action) -> Option<Ability> {
    match action {
        Action::DrawDisplay { .. } => Some(Ability::SquireDisplay),
        Action::DrawDeck { extra } => (extra > 0).then_some(Ability::RascalDraw),
        Action::EmpathPeek { .. } => Some(Ability::EmpathPeek),
        Action::GuardPlace { .. } | Action::GuardLift { .. } => Some(Ability::Bodyguard),
        Action::Flip { .. } => Some(Ability::PriestFlip),
        Action::Rotate { .. } | Action::DiscardRotated { .. } => Some(Ability::Curator),
        Action::GiveZombie { .. } => Some(Ability::Zombie),
        Action::OpeningPeek { .. }
        | Action::TakeDiscard
        | Action::CallCensus
        | Action::KeepDrawn { .. }
        | Action::Discard
        | Action::Exchange { .. }
        | Action::Select { .. }
        | Action::ConfirmExchange
        | Action::SkipAbility
        | Action::Target { .. }
        | Action::StopLooking
        | Action::PickDiscard { .. }
        | Action::WitchLook
        | Action::WitchExchangeOwn
        | Action::WitchLeave
        | Action::Give { .. }
        | Action::PlaceToken { .. }
        | Action::EndTurn
        | Action::UseAbility
        | Action::ChooseVillage { .. }
        | Action::UsePileTop
        | Action::AddToVillage
        | Action::TokenFlip { .. }
        | Action::TokenReverse
        | Action::Approximate => None,
    }
}

impl Watch for DesignCollector {
    fn decided(&mut self, seat: Seat, action: Action, _: &Player) {
        if let Some(ability) = face_up_ability(action) {
            self.used[seat as usize] |= self.values_with(ability);
        }
    }
}

/// The per-value columns of `design-games.csv`, in order.
const PER_VALUE: [&str; 5] = [
    "drawn",
    "discarded",
    "used_rounds",
    "held_rounds",
    "held_wins",
];

/// The header of `design-games.csv`: [`DesignRow`]'s fields in declaration order, arrays
/// expanded (`round_end_0..3`, `drawn_0..drawn_13`, ...).
pub(crate) fn design_games_header() -> String {
    let mut h = String::from("game,deal,rounds,turns");
    for k in 0..4 {
        h.push_str(&format!(",round_end_{k}"));
    }
    h.push_str(
        ",census_calls,census_success,census_turns,winner_offset,lead_changes,decided_round,\
         pair_n,pair_w,player_rounds",
    );
    for name in PER_VALUE {
        for v in 0..VALUES {
            h.push_str(&format!(",{name}_{v}"));
        }
    }
    h.push('\n');
    h
}

/// A row's numbers in the file's column order.
fn columns(r: &DesignRow) -> Vec<u64> {
    let mut c = vec![r.game, r.deal, r.rounds as u64, r.turns as u64];
    c.extend(r.round_end.iter().map(|&x| x as u64));
    c.extend(
        [
            r.census_calls,
            r.census_success,
            r.census_turns,
            r.winner_offset as u32,
            r.lead_changes,
            r.decided_round,
            r.pair_n,
            r.pair_w,
            r.player_rounds,
        ]
        .map(u64::from),
    );
    for a in [
        &r.drawn,
        &r.discarded,
        &r.used_rounds,
        &r.held_rounds,
        &r.held_wins,
    ] {
        c.extend(a.iter().map(|&x| x as u64));
    }
    c
}

/// The luck columns of `design-games.csv` in an arm that measures it: the seats' luck by
/// offset, then the head-to-head control.
fn luck_header() -> String {
    let mut h: String = (0..MAX_PLAYERS).map(|k| format!(",luck_{k}")).collect();
    h.push_str(",pair_luck");
    h
}

/// `design-games.csv`: the header and one row per game, in game order; with the luck columns
/// when the rows carry luck (every row of an arm that measures it does).
pub fn design_games_csv(rows: &[DesignRow]) -> Vec<u8> {
    let luck = rows.first().is_some_and(|r| r.luck.is_some());
    let mut header = design_games_header();
    if luck {
        header.insert_str(header.len() - 1, &luck_header());
    }
    let mut out = header.into_bytes();
    for r in rows {
        let mut row = CsvRow::new(&mut out);
        for x in columns(r) {
            row.count(x);
        }
        if let Some(l) = r.luck.filter(|_| luck) {
            for x in l.seats {
                row.num(x);
            }
            row.num(l.pair);
        }
        row.end();
    }
    out
}

/// Parses `design-games.csv`; `None` unless it is exactly what [`design_games_csv`] writes
/// for `games` rows numbered `0..games` in order.
pub fn parse_design_games(text: &str, games: u64) -> Option<Vec<DesignRow>> {
    let plain = design_games_header();
    let mut lucky = plain.clone();
    lucky.insert_str(plain.len() - 1, &luck_header());
    let (body, luck) = match text.strip_prefix(lucky.as_str()) {
        Some(body) => (body, true),
        None => (text.strip_prefix(plain.as_str())?, false),
    };
    let mut rows = Vec::with_capacity(games as usize);
    for line in body.lines() {
        let mut fields: Vec<&str> = line.split(',').collect();
        let luck = if luck {
            let at = fields.len().checked_sub(MAX_PLAYERS + 1)?;
            let l: Vec<i64> = fields
                .split_off(at)
                .iter()
                .map(|x| x.parse().ok())
                .collect::<Option<_>>()?;
            Some(super::DesignLuck {
                seats: std::array::from_fn(|k| l[k]),
                pair: l[MAX_PLAYERS],
            })
        } else {
            None
        };
        let c: Vec<u64> = fields
            .iter()
            .map(|x| x.parse().ok())
            .collect::<Option<_>>()?;
        let small = |i: usize| u32::try_from(c[i]).ok();
        let array = |at: usize| -> Option<[u32; VALUES]> {
            let mut a = [0; VALUES];
            for (v, x) in a.iter_mut().enumerate() {
                *x = small(at + v)?;
            }
            Some(a)
        };
        if c.len() != 17 + PER_VALUE.len() * VALUES {
            return None;
        }
        let v0 = 17;
        let r = DesignRow {
            game: c[0],
            deal: c[1],
            rounds: small(2)?,
            turns: small(3)?,
            round_end: [small(4)?, small(5)?, small(6)?, small(7)?],
            census_calls: small(8)?,
            census_success: small(9)?,
            census_turns: small(10)?,
            winner_offset: u8::try_from(c[11]).ok()?,
            lead_changes: small(12)?,
            decided_round: small(13)?,
            pair_n: small(14)?,
            pair_w: small(15)?,
            player_rounds: small(16)?,
            drawn: array(v0)?,
            discarded: array(v0 + VALUES)?,
            used_rounds: array(v0 + 2 * VALUES)?,
            held_rounds: array(v0 + 3 * VALUES)?,
            held_wins: array(v0 + 4 * VALUES)?,
            luck,
        };
        if r.game != rows.len() as u64 {
            return None;
        }
        rows.push(r);
    }
    // Written back, the rows give the same bytes (no leading zeros, signs or spaces).
    (rows.len() as u64 == games && design_games_csv(&rows) == text.as_bytes()).then_some(rows)
}

/// Plays game `index` of `plan` again and returns its [`DesignRow`] (as an arm's
/// `design-games.csv` holds it).
pub fn design_row(plan: &Plan, index: u64) -> Result<DesignRow, crate::error::SpecError> {
    if index >= plan.games {
        return Err(crate::error::SpecError::NoSuchGame {
            index,
            games: plan.games,
        });
    }
    let mut worker = crate::record::Worker::new(plan);
    let mut stats = crate::stats::Stats::new(plan.bots.len(), plan.players as usize);
    let mut rows = crate::output::Rows::default();
    let mut c = DesignCollector::new(plan, index);
    let (game, luck) =
        crate::record::play_measured(plan, index, &mut worker, &mut stats, &mut rows, &mut c);
    Ok(c.finish(&game, luck))
}
