//! A game between a person and bots, one decision at a time, that can be saved as a script
//! (the engine's [`Script`]: deals and actions) and resumed.
//!
//! Seeded as game 0 (deal 0) of the seed ([`silver_bots::seeds`]): the first player and every
//! round's card order come from the seed's deal stream 0, the bot in seat `s` draws from the
//! seed's bot stream of game 0 and seat `s`, so a seed and the person's choices make the same
//! game again. Rounds are dealt from their card order ([`Game::deal`]), as a script deals
//! them, so a saved game replays exactly. The game is a [`Match`] that stops at every seat:
//! the bots decide from their views, checked and observed as in runs.

use rand_chacha::ChaCha8Rng;
use silver_bots::seeds::GameSeeds;
use silver_bots::{BotSpec, Dealer, Match, MatchError, Player, SeatSet};
use silver_rules::{
    Action, Config, DealOrder, DealSpec, Event, EventSink, Game, GameEvent, Script, Seat, Value,
    CARDS, MAX_PLAYERS,
};

/// What a saved game file holds: how the game was set up, and the game so far as a script.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// Format version (1).
    pub silver_play: u32,
    /// The seed the deals and bots draw from.
    pub seed: u64,
    /// The person's seat.
    pub seat: Seat,
    /// Per seat, the bot's name (the person's seat: `you`).
    pub seats: Vec<String>,
    /// The game so far: deals and every action (bots' and the person's).
    pub script: Script,
}

/// Why a session cannot start or go on.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// A saved game that does not fit.
    #[error("{0}")]
    Saved(String),
    /// A game that cannot be set up.
    #[error("{0}")]
    Setup(String),
    /// An action that is not legal.
    #[error(transparent)]
    Illegal(#[from] MatchError),
}

/// Deals as a script does: each round's card order drawn from the deal stream
/// ([`DealOrder::shuffled`], then [`Game::deal`]), and kept for the saved game.
struct ScriptDealer {
    rng: ChaCha8Rng,
    orders: Vec<[Value; CARDS]>,
}

impl Dealer for ScriptDealer {
    fn deal<S: EventSink>(&mut self, game: &mut Game, sink: &mut S) {
        let order = DealOrder::shuffled(&mut self.rng);
        self.orders.push(*order.values());
        game.deal(&order, sink);
    }
}

/// A person's game against bots.
pub struct Session {
    /// The person's seat.
    pub seat: Seat,
    /// Per seat: `you` or the bot's name.
    pub names: Vec<String>,
    /// Every event so far (omniscient).
    pub events: Vec<Event>,
    seed: u64,
    first_player: Seat,
    /// The game, the bots (none in the person's seat) and the deals so far.
    m: Match<Vec<Option<Player>>, ScriptDealer>,
    actions: Vec<Action>,
}

impl Session {
    /// A new game: `bots[s]` plays seat `s` (none for the person's seat). An invalid
    /// configuration, a seat that is not one of its seats, a bot list of the wrong length or
    /// another seat without a bot is an error.
    pub fn new(
        config: Config,
        seat: Seat,
        bots: Vec<Option<(String, BotSpec)>>,
        seed: u64,
    ) -> Result<Session, SessionError> {
        config
            .validate()
            .map_err(|e| SessionError::Setup(e.to_string()))?;
        if seat >= config.players || bots.len() != config.players as usize {
            return Err(SessionError::Setup(format!(
                "seat {seat} and {} bots for {} players",
                bots.len(),
                config.players
            )));
        }
        if let Some(s) = (0..config.players).find(|&s| s != seat && bots[s as usize].is_none()) {
            return Err(SessionError::Setup(format!("seat {s} has no bot")));
        }
        let seeds = GameSeeds::new(seed, 0, 0, config.players);
        let mut names = Vec::new();
        let mut players = Vec::new();
        for b in bots {
            match b {
                Some((name, spec)) => {
                    names.push(name);
                    players.push(Some(Player::from_spec(&spec)));
                }
                None => {
                    names.push("you".to_string());
                    players.push(None);
                }
            }
        }
        let dealer = ScriptDealer {
            rng: seeds.deals,
            orders: Vec::new(),
        };
        let m = Match::new(config, seeds.first_player, players, dealer, seeds.bots)
            .map_err(|e| SessionError::Setup(e.to_string()))?;
        let mut session = Session {
            seat,
            names,
            events: Vec::new(),
            seed,
            first_player: seeds.first_player,
            m,
            actions: Vec::new(),
        };
        session.deal_if_due();
        Ok(session)
    }

    /// Resumes a saved game: replays its script, asking the bots again at their decisions so
    /// they continue exactly as they would have (an error if they now decide differently, as
    /// with another build's bots).
    pub fn resume(
        saved: &SavedGame,
        bots: Vec<Option<(String, BotSpec)>>,
    ) -> Result<Session, SessionError> {
        let config = saved
            .script
            .config()
            .map_err(|e| SessionError::Saved(e.to_string()))?;
        let mut s = Session::new(config, saved.seat, bots, saved.seed)
            .map_err(|e| SessionError::Saved(e.to_string()))?;
        if s.first_player != saved.script.first_player {
            return Err(SessionError::Saved(
                "its first player is not the seed's: was it saved by another build?".into(),
            ));
        }
        for (i, &action) in saved.script.actions.iter().enumerate() {
            let Some(p) = s.to_move() else {
                return Err(SessionError::Saved(format!(
                    "action {i} comes after the game is over"
                )));
            };
            if p != s.seat {
                // The bot decides again (and its action is played if it is the saved one).
                let chose = s.bot_turn();
                if chose != action {
                    return Err(SessionError::Saved(format!(
                        "at action {i} the bot in seat {p} now plays {chose:?}, not the saved {action:?} (another build's bots?)"
                    )));
                }
            } else {
                s.apply(action)
                    .map_err(|e| SessionError::Saved(format!("action {i}: {e}")))?;
            }
        }
        let deals: Vec<Vec<Value>> = s.m.dealer().orders.iter().map(|d| d.to_vec()).collect();
        let saved_deals: Vec<Vec<Value>> = saved
            .script
            .deals
            .iter()
            .map(|d| d.order().map(|o| o.values().to_vec()).unwrap_or_default())
            .collect();
        if deals != saved_deals {
            return Err(SessionError::Saved(
                "its deals are not the seed's: was it saved by another build?".into(),
            ));
        }
        Ok(s)
    }

    /// Deals the rounds that are due, up to the next decision (whoever takes it).
    fn deal_if_due(&mut self) {
        self.m.step_until(SeatSet::ALL, &mut self.events);
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.m.game()
    }

    /// Who must decide, if anyone.
    pub fn to_move(&self) -> Option<Seat> {
        self.m.to_move()
    }

    /// The legal actions now.
    pub fn legal(&self) -> &[Action] {
        self.m.legal()
    }

    /// True while it is the person's decision.
    pub fn persons_turn(&self) -> bool {
        self.to_move() == Some(self.seat)
    }

    /// The bot to move decides (a forced decision without asking it), its action is played
    /// and returned. Only at a bot's decision: every seat but the person's has one. Panics if
    /// the bot chooses an illegal action (a bug of the bot, as in runs).
    fn bot_turn(&mut self) -> Action {
        let a = match self.m.play_turn(&mut self.events) {
            Ok(a) => a,
            Err(e) => panic!("{e}"),
        };
        self.actions.push(a);
        self.deal_if_due();
        a
    }

    /// Plays one bot decision (the bot to move decides from its view). Returns false if it
    /// is the person's turn or the game is over.
    pub fn step_bot(&mut self) -> bool {
        match self.to_move() {
            Some(p) if p != self.seat => {
                self.bot_turn();
                true
            }
            _ => false,
        }
    }

    /// Applies a legal action for the seat to move.
    pub fn apply(&mut self, action: Action) -> Result<(), SessionError> {
        self.m.apply(action, &mut self.events)?;
        self.actions.push(action);
        self.deal_if_due();
        Ok(())
    }

    /// The game so far as a saved game.
    pub fn saved(&self) -> SavedGame {
        let cfg = self.game().config();
        SavedGame {
            silver_play: 1,
            seed: self.seed,
            seat: self.seat,
            seats: self.names.clone(),
            script: Script {
                players: cfg.players,
                set: Some(cfg.set.canonical_name()),
                first_player: self.first_player,
                model: cfg.model,
                max_turns_per_round: cfg.max_turns_per_round,
                deals: self
                    .m
                    .dealer()
                    .orders
                    .iter()
                    .map(|d| DealSpec::Full(d.to_vec()))
                    .collect(),
                actions: self.actions.clone(),
            },
        }
    }

    /// The rounds' results so far: per round, the sums and scores (from the events).
    pub fn rounds(&self) -> Vec<([i32; MAX_PLAYERS], [i32; MAX_PLAYERS])> {
        round_results(&self.events)
    }
}

/// Per finished round: the sums and scores (R-SCORE), from a game's events.
pub fn round_results(events: &[Event]) -> Vec<([i32; MAX_PLAYERS], [i32; MAX_PLAYERS])> {
    events
        .iter()
        .filter_map(|e| match e {
            GameEvent::RoundEnded { sums, scores, .. } => Some((*sums, *scores)),
            _ => None,
        })
        .collect()
}
