//! A game between a person and bots, one decision at a time, that can be saved as a script
//! (the engine's [`Script`]: deals and actions) and resumed.
//!
//! Seeded: the first player and every round's card order come from the seed's deal stream 0,
//! the bot in seat `s` draws from the seed's bot stream of game 0 and seat `s`, so a seed and
//! the person's choices make the same game again. Rounds are dealt from their card order
//! ([`Game::deal`]), as a script deals them, so a saved game replays exactly. The bots decide
//! from their views, as always.

use rand::Rng;
use rand_chacha::ChaCha8Rng;
use silver_bots::{BotRng, BotSpec, Player};
use silver_rules::{
    Action, ActionList, Config, DealOrder, DealSpec, Event, Game, GameEvent, Script, Seat, ToMove,
    Value, CARDS, MAX_PLAYERS,
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
    #[error("{0:?} is not legal here")]
    Illegal(Action),
}

/// A person's game against bots.
pub struct Session {
    /// The game.
    pub game: Game,
    /// The person's seat.
    pub seat: Seat,
    /// Per seat: `you` or the bot's name.
    pub names: Vec<String>,
    /// Every event so far (omniscient).
    pub events: Vec<Event>,
    seed: u64,
    players: Vec<Option<Player>>,
    bot_rngs: [BotRng; MAX_PLAYERS],
    deal_rng: ChaCha8Rng,
    first_player: Seat,
    deals: Vec<[Value; CARDS]>,
    actions: Vec<Action>,
    legal: ActionList,
}

impl Session {
    /// A new game: `bots[s]` plays seat `s` (none for the person's seat). An invalid
    /// configuration, a seat that is not one of its seats or a bot list of the wrong length
    /// is an error.
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
        let mut deal_rng = silver_sim::deal_rng(seed, 0);
        let first_player = deal_rng.random_range(0..config.players);
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
        for (s, p) in players.iter_mut().enumerate() {
            if let Some(p) = p {
                p.reset(s as Seat, &config);
            }
        }
        let game =
            Game::new(config, first_player).map_err(|e| SessionError::Setup(e.to_string()))?;
        let mut session = Session {
            game,
            seat,
            names,
            events: Vec::new(),
            seed,
            players,
            bot_rngs: std::array::from_fn(|s| silver_sim::bot_rng(seed, 0, s as Seat)),
            deal_rng,
            first_player,
            deals: Vec::new(),
            actions: Vec::new(),
            legal: ActionList::new(),
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
            let ToMove::Player(p) = s.game.to_move() else {
                return Err(SessionError::Saved(format!(
                    "action {i} comes after the game is over"
                )));
            };
            if p != s.seat {
                let chose = s.bot_choice();
                if chose != action {
                    return Err(SessionError::Saved(format!(
                        "at action {i} the bot in seat {p} now plays {chose:?}, not the saved {action:?} (another build's bots?)"
                    )));
                }
            }
            s.apply(action)
                .map_err(|e| SessionError::Saved(format!("action {i}: {e}")))?;
        }
        let deals: Vec<Vec<Value>> = s.deals.iter().map(|d| d.to_vec()).collect();
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

    fn deal_if_due(&mut self) {
        while self.game.to_move() == ToMove::Deal {
            let order = DealOrder::shuffled(&mut self.deal_rng);
            self.deals.push(*order.values());
            let start = self.events.len();
            self.game.deal(&order, &mut self.events);
            self.notify(start);
        }
        self.legal.clear();
        if let ToMove::Player(_) = self.game.to_move() {
            self.game.legal_actions(&mut self.legal);
        }
    }

    /// Passes new events to the bots that want observations (programs).
    fn notify(&mut self, start: usize) {
        for (s, p) in self.players.iter_mut().enumerate() {
            if let Some(p) = p.as_mut().filter(|p| p.wants_observations()) {
                for e in &self.events[start..] {
                    p.observe(&e.observe(s as Seat));
                }
            }
        }
    }

    /// Who must decide, if anyone.
    pub fn to_move(&self) -> Option<Seat> {
        match self.game.to_move() {
            ToMove::Player(s) => Some(s),
            _ => None,
        }
    }

    /// The legal actions now.
    pub fn legal(&self) -> &[Action] {
        &self.legal
    }

    /// True while it is the person's decision.
    pub fn persons_turn(&self) -> bool {
        self.to_move() == Some(self.seat)
    }

    fn bot_choice(&mut self) -> Action {
        let Some(p) = self.to_move() else {
            return Action::EndTurn;
        };
        if self.legal.len() == 1 {
            return self.legal[0];
        }
        match self.players[p as usize].as_mut() {
            Some(player) => {
                player.decide(&self.game, p, &self.legal, &mut self.bot_rngs[p as usize])
            }
            None => self.legal[0],
        }
    }

    /// Plays one bot decision (the bot to move decides from its view). Returns false if it
    /// is the person's turn or the game is over.
    pub fn step_bot(&mut self) -> bool {
        match self.to_move() {
            Some(p) if p != self.seat => {
                let a = self.bot_choice();
                self.apply(a).is_ok()
            }
            _ => false,
        }
    }

    /// Applies a legal action for the seat to move.
    pub fn apply(&mut self, action: Action) -> Result<(), SessionError> {
        if !self.legal.contains(&action) {
            return Err(SessionError::Illegal(action));
        }
        let start = self.events.len();
        self.game.apply_unchecked(action, &mut self.events);
        self.actions.push(action);
        self.notify(start);
        self.deal_if_due();
        Ok(())
    }

    /// The game so far as a saved game.
    pub fn saved(&self) -> SavedGame {
        let cfg = self.game.config();
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
                    .deals
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
