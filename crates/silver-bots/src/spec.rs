//! Bot specifications as data: a tagged serde enum, loaded from TOML profiles (`bots/*.toml`)
//! or from a compact inline form (`ismcts:iterations=2000,exploration=0.5`).
//!
//! Unknown kinds, unknown keys and out-of-range values are errors that name the valid choices.

use crate::restrict::Forbid;
use crate::{BotSpec, KINDS};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Parameters of a bot program.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExecParams {
    /// The command line (run by `sh -c` from the working directory).
    pub command: String,
    /// The time allowed per decision, in seconds.
    #[serde(default = "exec_timeout")]
    pub timeout_seconds: f64,
    /// What the program's failure in a game means: the run stops (the default), or the game
    /// is forfeited and the run goes on.
    #[serde(default, skip_serializing_if = "OnError::is_stop")]
    pub on_error: OnError,
    /// Options handed to the program in every `game` message (`"options": {...}`), as given.
    #[serde(default, skip_serializing_if = "toml::Table::is_empty")]
    pub options: toml::Table,
}

/// What a bot program's failure in a game means (`on_error` of an exec bot).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OnError {
    /// The run stops with the failure (finished games are kept; `--resume` goes on).
    #[default]
    Stop,
    /// The game is forfeited: the program's seat finishes behind every other seat, the game is
    /// recorded as forfeited, and the program is started afresh for the next game.
    Forfeit,
}

impl OnError {
    fn is_stop(&self) -> bool {
        *self == OnError::Stop
    }
}

/// Only what is set: a plan's fingerprint reads the spec's `Debug` text, so a program's spec
/// without the later keys keeps the fingerprint it had before they existed.
impl fmt::Debug for ExecParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("ExecParams");
        d.field("command", &self.command)
            .field("timeout_seconds", &self.timeout_seconds);
        if self.on_error != OnError::Stop {
            d.field("on_error", &self.on_error);
        }
        if !self.options.is_empty() {
            d.field("options", &self.options);
        }
        d.finish()
    }
}

pub(crate) fn exec_timeout() -> f64 {
    60.0
}

/// Parameters of the random bot.
#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RandomParams {
    /// Values the bot never keeps, takes or uses when another legal action exists
    /// (`crate::restrict`).
    #[serde(default, skip_serializing_if = "Forbid::is_empty")]
    pub forbid: Forbid,
}

/// What a bot remembers of the hidden cards it has seen (RULES.md §6: forgetting is a subset
/// of perfect recall). Face-up cards, the discard pile and the display are never forgotten.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MemorySpec {
    /// Remember at most this many facts about hidden cards (the most recent ones); absent means
    /// unlimited (perfect recall).
    #[serde(default)]
    pub capacity: Option<u16>,
    /// Probability that each remembered fact is forgotten at the start of each of the bot's
    /// turns (0 = never).
    #[serde(default)]
    pub forget_per_turn: f64,
}

impl MemorySpec {
    /// True for perfect recall.
    pub fn is_perfect(&self) -> bool {
        self.capacity.is_none() && self.forget_per_turn == 0.0
    }
}

/// Parameters of the greedy heuristic player.
#[derive(Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GreedyParams {
    /// Call census (village of 4 or fewer) whenever the estimated own sum is at most this.
    pub census_threshold: f64,
    /// Otherwise call when P(lowest) exceeds 10 / (S + 10), S the estimated own sum (the point
    /// where the expected gain S·P equals the expected penalty 10·(1−P)), plus this margin.
    pub census_margin: f64,
    /// Points each opponent is expected to shed in the extra turn after a census.
    pub opponent_improvement: f64,
    /// Expected value of an opponent's face-down card that the opponent has seen and kept
    /// (who looked at which card is public); unseen cards count at the pool mean.
    pub opponent_kept_value: f64,
    /// Minimum expected gain (points) to exchange a drawn card instead of discarding it.
    pub exchange_gain: f64,
    /// Minimum expected gain (points) to take the discard pile's top card instead of drawing.
    pub take_gain: f64,
    /// Use discard abilities (5–12) at all.
    pub use_abilities: bool,
    /// Place the token on a known own card of at most this value (it freezes the card).
    pub token_max_value: u8,
    /// Give the Witch's card to an opponent when it is at least this high.
    pub witch_give_min: u8,
    /// A round this many completed turns long is stuck (typical rounds take 15–30; a deck that
    /// refills, as Bullet's can, and villages kept above the census limit can make one last
    /// forever): the player then counts each card an exchange sheds above the limit of 4 as
    /// 10 points, and calls census whenever it may and P(lowest) is at least ½.
    pub patience: u16,
    /// What the player remembers (default: perfect recall).
    pub memory: MemorySpec,
    /// Values the player never keeps, takes or uses when another legal action exists
    /// (`crate::restrict`).
    #[serde(skip_serializing_if = "Forbid::is_empty")]
    pub forbid: Forbid,
}

impl Default for GreedyParams {
    fn default() -> Self {
        GreedyParams {
            census_threshold: 3.0,
            census_margin: 0.05,
            opponent_improvement: 2.0,
            opponent_kept_value: 3.0,
            exchange_gain: 0.5,
            take_gain: 1.5,
            use_abilities: true,
            token_max_value: 2,
            witch_give_min: 10,
            patience: 100,
            memory: MemorySpec::default(),
            forbid: Forbid::default(),
        }
    }
}

/// Parameters of the ε-greedy player: greedy's action with probability 1 − `epsilon`, else an
/// action drawn uniformly from the legal ones (`crate::RandomBot`'s draw).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EpsilonGreedyParams {
    /// Probability of a uniformly random legal action at each decision (0 = greedy's play).
    pub epsilon: f64,
    /// The greedy player's parameters (its `forbid` restricts the random actions too; memory
    /// must be perfect).
    pub greedy: GreedyParams,
}

impl Default for EpsilonGreedyParams {
    fn default() -> Self {
        EpsilonGreedyParams {
            epsilon: 0.2,
            greedy: GreedyParams::default(),
        }
    }
}

/// What the random part of an ISMCTS iteration plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RolloutPolicy {
    /// Uniform over the legal actions, except at the end of a turn (`Stage::EndOfTurn`), where
    /// it always ends the turn (`Action::EndTurn`) instead of taking optional free actions.
    Random,
    /// The greedy heuristic, with the rollout world's views.
    Greedy,
}

/// How an ISMCTS iteration's outcome becomes a reward in [0, 1].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RewardKind {
    /// `0.5 + (mean of the others' round scores − own round score) / 100`, clamped to [0, 1]:
    /// the own round result measured against the table, so hurting an opponent counts too.
    Margin,
    /// `1 − own round score / 60`, clamped: the own round result alone.
    Own,
}

/// How the tree search is guided before its statistics take over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PriorKind {
    /// Plain UCB1 with availability: every untried action is expanded (uniformly at random)
    /// before any is revisited.
    None,
    /// PUCT with the greedy heuristic as the prior: at every node the prior mixes the action the
    /// greedy player would choose there (weight [`IsmctsParams::prior_share`]) with the uniform
    /// distribution over the legal actions; unvisited actions are valued at their visited
    /// siblings' mean. A budget near zero
    /// plays like greedy; more budget lets the statistics overrule it.
    Greedy,
}

/// Which decisions the search tree holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TreeScope {
    /// Every player's decisions up to the end of the round (single-observer ISMCTS: an
    /// opponent's node is chosen blind to the opponent's own cards, averaged over worlds).
    Round,
    /// The searcher's own decisions of its current turn; everything after (the other players,
    /// later turns) is played by the rollout policy, which knows each player's cards in the
    /// sampled world as that player would.
    Turn,
}

/// Parameters of ISMCTS.
#[derive(Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct IsmctsParams {
    /// Iterations per decision (the budget; deterministic for a given seed).
    pub iterations: u32,
    /// Optional wall-clock budget per decision in milliseconds, on top of `iterations`. Off by
    /// default: a time budget makes results depend on machine load, so runs stop being
    /// reproducible.
    pub time_limit_ms: Option<u64>,
    /// Exploration constant: UCB1's `c` without a prior, PUCT's `c` with one.
    pub exploration: f64,
    /// Which decisions the tree holds (see [`TreeScope`]).
    pub tree: TreeScope,
    /// Search guidance (see [`PriorKind`]).
    pub prior: PriorKind,
    /// With the greedy prior: the weight of the greedy action in the prior (the rest is spread
    /// uniformly over all legal actions, the greedy one included).
    pub prior_share: f64,
    /// Skip searches whose answer is known: the opening peeks (all unknown own cards are alike)
    /// play the leftmost, and the slots of a multi-exchange the search chose are selected and
    /// confirmed as its best line planned, without searching each step again.
    pub shortcuts: bool,
    /// Rollout policy.
    pub rollout: RolloutPolicy,
    /// Complete turns a rollout plays before the round is scored as it stands (0 = no limit
    /// of this kind). Scoring a truncated rollout uses the sampled world's village sums and the
    /// census rule.
    pub rollout_turns: u16,
    /// Laps (one turn of every player) a rollout plays before the round is scored as it stands
    /// (0 = no limit of this kind): the same horizon for any number of players. With both
    /// limits 0 a rollout plays to the round's end.
    pub rollout_laps: u16,
    /// Reward definition.
    pub reward: RewardKind,
    /// What the searching player remembers; worlds are sampled from what it remembers.
    pub memory: MemorySpec,
    /// Opponent model in the sampled worlds: the probability with which each opponent card the
    /// opponent has seen is swapped for a lower unknown card (`PlayerView::sample_world_skewed`;
    /// players keep low cards). 0 = uniform determinization.
    pub kept_low: f64,
    /// Values the searcher never keeps, takes or uses when another legal action exists
    /// (`crate::restrict`): at its decisions, at its own nodes of the tree and in its own
    /// moves of the rollouts.
    #[serde(skip_serializing_if = "Forbid::is_empty")]
    pub forbid: Forbid,
    /// Branch the tree on what the searcher's own actions reveal to it (a drawn card, a looked-at
    /// value): after such an action, each observation has its own node, so results for
    /// different cards are not pooled. Off by default.
    #[serde(skip_serializing_if = "is_false")]
    pub observations: bool,
    /// Belief-weighted worlds (off by default: every world is sampled from the information set
    /// as [`IsmctsParams::kept_low`] says and weighs the same).
    #[serde(skip_serializing_if = "BeliefSpec::is_off")]
    pub belief: BeliefSpec,
    /// `cheating-ismcts` only: what of the true state its worlds show (see [`Sees`]; the
    /// default, every card). Any other value is an error for `ismcts`.
    #[serde(skip_serializing_if = "Sees::is_all")]
    pub sees: Sees,
}

/// What the worlds of the cheating search (`cheating-ismcts`) show of the true state. The
/// two oracles deal the cards nobody knows again for every iteration
/// ([`silver_rules::Omniscient::unseen_reshuffled`]): no decision can tell anyone about them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sees {
    /// Every card: each iteration searches the true state.
    #[default]
    All,
    /// The opponents' villages and every card some player knows: the cards nobody knows in
    /// the deck, set aside and in the searcher's own village are dealt again. A perfect belief
    /// about the opponents' whole villages (even their cards nobody has seen).
    Hands,
    /// Every card some player knows: all the cards nobody knows are dealt again. The most a
    /// perfect belief about the opponents' knowledge could give a determinizing search.
    Known,
}

impl Sees {
    /// True for the default (the true state).
    pub fn is_all(&self) -> bool {
        *self == Sees::All
    }
}

/// Belief-weighted determinization (see the ISMCTS module docs): worlds drawn in proportion to
/// the likelihood of the opponents' decisions of the round under a softmax over the greedy
/// player's action scores, by Metropolis–Hastings chains over the worlds of the information
/// set.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BeliefSpec {
    /// Markov chains of worlds, each iteration advancing the next in turn (0 = off).
    pub worlds: u32,
    /// How many of the opponents' latest decisions of the round are the evidence.
    pub window: u32,
    /// Steps each chain takes when a decision starts.
    pub burn_in: u32,
    /// Steps a chain takes before each iteration searches its world.
    pub steps: u32,
    /// Softmax temperature over the greedy scores, in points: lower trusts the model more.
    pub temperature: f64,
    /// Share of the modelled decision that is uniform over the legal actions (an opponent
    /// unlike the model does not make a world impossible).
    pub floor: f64,
}

/// For `skip_serializing_if` and the `Debug` of optional flags.
fn is_false(b: &bool) -> bool {
    !*b
}

impl Default for BeliefSpec {
    fn default() -> Self {
        BeliefSpec {
            worlds: 0,
            window: 100,
            burn_in: 20,
            steps: 1,
            temperature: 1.0,
            floor: 0.05,
        }
    }
}

impl BeliefSpec {
    /// True when worlds are not weighted (the plain search).
    pub fn is_off(&self) -> bool {
        self.worlds == 0
    }

    fn validate(&self) -> Result<(), SpecError> {
        check(
            self.worlds <= 100_000,
            "belief.worlds",
            self.worlds,
            "0-100,000",
        )?;
        check(
            (1..=1_000).contains(&self.window),
            "belief.window",
            self.window,
            "1-1,000",
        )?;
        check(
            self.burn_in <= 100_000,
            "belief.burn_in",
            self.burn_in,
            "0-100,000",
        )?;
        check(self.steps <= 1_000, "belief.steps", self.steps, "0-1,000")?;
        check(
            self.temperature.is_finite() && self.temperature > 0.0,
            "belief.temperature",
            self.temperature,
            "a positive number",
        )?;
        check(
            self.floor > 0.0 && self.floor <= 1.0,
            "belief.floor",
            self.floor,
            "in (0, 1]",
        )
    }
}

impl Default for IsmctsParams {
    fn default() -> Self {
        IsmctsParams {
            iterations: 1000,
            time_limit_ms: None,
            exploration: 0.3,
            tree: TreeScope::Turn,
            prior: PriorKind::Greedy,
            prior_share: 0.5,
            shortcuts: true,
            rollout: RolloutPolicy::Greedy,
            rollout_turns: 0,
            rollout_laps: 1,
            reward: RewardKind::Margin,
            memory: MemorySpec::default(),
            kept_low: 1.0,
            forbid: Forbid::default(),
            observations: false,
            belief: BeliefSpec::default(),
            sees: Sees::All,
        }
    }
}

/// `Debug` as `derive(Debug)` writes it, without `forbid` when it is empty: a run's
/// fingerprint is the `Debug` text of its plan, so the runs of bots without the parameter keep
/// the fingerprints they had before it existed (their manifests stay byte-identical, and their
/// shards and resumes still match). The pattern names every field: a new field fails to
/// compile until it is listed.
macro_rules! debug_without_empty_forbid {
    ($ty:ident { $($field:ident),* $(,)? } $(, $opt:ident if !$off:path)*) => {
        impl fmt::Debug for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let $ty { $($field,)* forbid $(, $opt)* } = self;
                let mut d = f.debug_struct(stringify!($ty));
                $(d.field(stringify!($field), $field);)*
                if !forbid.is_empty() {
                    d.field("forbid", forbid);
                }
                $(if !$off($opt) {
                    d.field(stringify!($opt), $opt);
                })*
                d.finish()
            }
        }
    };
}

debug_without_empty_forbid!(RandomParams {});
debug_without_empty_forbid!(GreedyParams {
    census_threshold,
    census_margin,
    opponent_improvement,
    opponent_kept_value,
    exchange_gain,
    take_gain,
    use_abilities,
    token_max_value,
    witch_give_min,
    patience,
    memory,
});
debug_without_empty_forbid!(IsmctsParams {
    iterations,
    time_limit_ms,
    exploration,
    tree,
    prior,
    prior_share,
    shortcuts,
    rollout,
    rollout_turns,
    rollout_laps,
    reward,
    memory,
    kept_low,
}, observations if !is_false, belief if !BeliefSpec::is_off, sees if !Sees::is_all);

/// An invalid bot specification.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SpecError {
    /// Not valid TOML, or a key or value serde rejects (the TOML parser's message).
    #[error("{0}")]
    Toml(String),
    /// No `kind` key.
    #[error("missing `kind`; valid kinds: {}", KINDS.join(", "))]
    MissingKind,
    /// A kind that is not a bot kind.
    #[error("unknown bot kind `{kind}`; valid kinds: {}", KINDS.join(", "))]
    UnknownKind {
        /// The kind given.
        kind: String,
    },
    /// A parameter outside its range.
    #[error("{key} = {value} must be {requirement}")]
    OutOfRange {
        /// The parameter.
        key: &'static str,
        /// The value given.
        value: String,
        /// What it must be.
        requirement: &'static str,
    },
    /// Memory settings for the bot that sees the true state.
    #[error("cheating-ismcts sees the true state; it takes no memory settings")]
    CheatingWithMemory,
    /// `sees` for a searcher that decides from its own view.
    #[error("sees = \"{0}\" is for cheating-ismcts only; an ismcts searcher sees its own view")]
    SeesForHonest(&'static str),
    /// Belief-weighted worlds for a forgetful searcher (the weights replay decisions it saw).
    #[error(
        "belief.worlds needs perfect memory: the weights replay every decision seen this round"
    )]
    BeliefWithMemory,
    /// Memory settings for the ε-greedy player (its random actions would not be remembered).
    #[error("epsilon-greedy plays greedy with perfect memory; it takes no greedy.memory settings")]
    EpsilonWithMemory,
    /// `exec` without a command.
    #[error("exec needs a command: exec:python3 my_bot.py")]
    NoCommand,
    /// An override that is not `key=value`.
    #[error("`{0}` is not of the form key=value")]
    NotAnOverride(String),
    /// The same key overridden twice.
    #[error("`{0}` is given twice")]
    DuplicateKey(String),
    /// An override key with an empty part.
    #[error("`{0}` is not a valid key")]
    BadKey(String),
    /// An override reaching into a value that is not a table.
    #[error("`{0}` is not a table")]
    NotATable(String),
    /// A control character (a newline, a tab...) in a command or an override: it would cut
    /// or hide the rest of the line wherever the text is written.
    #[error("{0:?}: control characters (such as a newline) are not allowed")]
    ControlCharacter(String),
}

/// An error if `text` holds a control character.
pub(crate) fn plain(text: &str) -> Result<(), SpecError> {
    if text.contains(char::is_control) {
        Err(SpecError::ControlCharacter(text.into()))
    } else {
        Ok(())
    }
}

/// An error unless `ok`: `key = value` must be `requirement`.
pub(crate) fn check(
    ok: bool,
    key: &'static str,
    value: impl fmt::Display,
    requirement: &'static str,
) -> Result<(), SpecError> {
    if ok {
        Ok(())
    } else {
        Err(SpecError::OutOfRange {
            key,
            value: value.to_string(),
            requirement,
        })
    }
}

/// The TOML parser's message.
fn toml_error(e: toml::de::Error) -> SpecError {
    SpecError::Toml(one_line(e.message()))
}

/// A profile's error with the line of `text` it is about, when it names a field there.
fn in_text(e: SpecError, text: &str) -> SpecError {
    match e {
        SpecError::Toml(m) if !m.starts_with("line ") => {
            let key = m
                .split('`')
                .nth(1)
                .filter(|_| m.starts_with("unknown field"));
            let line = key.and_then(|key| {
                text.lines().position(|l| {
                    let l = l.trim_start();
                    l.strip_prefix(key)
                        .is_some_and(|rest| rest.trim_start().starts_with('='))
                })
            });
            SpecError::Toml(match line {
                Some(i) => format!("line {}: {m}", i + 1),
                None => m,
            })
        }
        other => other,
    }
}

/// The TOML parser's message with the line of `text` its span starts on.
fn toml_error_in(text: &str) -> impl Fn(toml::de::Error) -> SpecError + '_ {
    move |e| {
        let message = one_line(e.message());
        SpecError::Toml(match e.span() {
            Some(span) => format!(
                "line {}: {message}",
                text[..span.start.min(text.len())].matches('\n').count() + 1
            ),
            None => message,
        })
    }
}

impl MemorySpec {
    pub(crate) fn validate(&self) -> Result<(), SpecError> {
        check(
            (0.0..=1.0).contains(&self.forget_per_turn),
            "memory.forget_per_turn",
            self.forget_per_turn,
            "between 0 and 1",
        )
    }
}

impl GreedyParams {
    pub(crate) fn validate(&self) -> Result<(), SpecError> {
        for (k, v) in [
            ("census_threshold", self.census_threshold),
            ("census_margin", self.census_margin),
            ("opponent_improvement", self.opponent_improvement),
            ("opponent_kept_value", self.opponent_kept_value),
            ("exchange_gain", self.exchange_gain),
            ("take_gain", self.take_gain),
        ] {
            check(v.is_finite(), k, v, "a finite number")?;
        }
        check(
            self.token_max_value <= 13,
            "token_max_value",
            self.token_max_value,
            "0-13",
        )?;
        check(
            self.witch_give_min <= 14,
            "witch_give_min",
            self.witch_give_min,
            "0-14",
        )?;
        self.memory.validate()
    }
}

impl EpsilonGreedyParams {
    pub(crate) fn validate(&self) -> Result<(), SpecError> {
        check(
            (0.0..=1.0).contains(&self.epsilon),
            "epsilon",
            self.epsilon,
            "between 0 and 1",
        )?;
        if !self.greedy.memory.is_perfect() {
            return Err(SpecError::EpsilonWithMemory);
        }
        self.greedy.validate()
    }
}

impl ExecParams {
    pub(crate) fn validate(&self) -> Result<(), SpecError> {
        if self.command.trim().is_empty() {
            return Err(SpecError::NoCommand);
        }
        plain(&self.command)?;
        check(
            self.timeout_seconds > 0.0 && self.timeout_seconds <= 86_400.0,
            "timeout_seconds",
            self.timeout_seconds,
            "between 0 and 86400",
        )
    }
}

impl IsmctsParams {
    pub(crate) fn validate(&self) -> Result<(), SpecError> {
        check(
            (1..=10_000_000).contains(&self.iterations),
            "iterations",
            self.iterations,
            "1-10,000,000",
        )?;
        check(
            self.exploration.is_finite() && self.exploration >= 0.0,
            "exploration",
            self.exploration,
            "a non-negative number",
        )?;
        check(
            self.prior_share > 0.0 && self.prior_share <= 1.0,
            "prior_share",
            self.prior_share,
            "in (0, 1]",
        )?;
        check(
            (0.0..=1.0).contains(&self.kept_low),
            "kept_low",
            self.kept_low,
            "between 0 and 1",
        )?;
        check(
            self.time_limit_ms != Some(0),
            "time_limit_ms",
            0,
            "at least 1 (or absent)",
        )?;
        self.belief.validate()?;
        if !self.belief.is_off() && !self.memory.is_perfect() {
            return Err(SpecError::BeliefWithMemory);
        }
        self.memory.validate()
    }
}

impl BotSpec {
    /// True for a bot program whose failure forfeits the game (`on_error = "forfeit"`)
    /// rather than stopping the run.
    pub fn forfeits(&self) -> bool {
        matches!(self, BotSpec::Exec(p) if p.on_error == OnError::Forfeit)
    }

    /// True for a bot whose decisions read hidden values (the cheating search): the chance
    /// luck's premise, that no decision depends on a card nobody has seen, fails with it.
    pub fn sees_hidden(&self) -> bool {
        self.kind() == "cheating-ismcts"
    }

    /// Parses a TOML profile (e.g. a file of `bots/`), then validates it.
    pub fn from_toml(text: &str) -> Result<BotSpec, SpecError> {
        let table: toml::Table = text.parse().map_err(toml_error_in(text))?;
        BotSpec::from_table(table).map_err(|e| in_text(e, text))
    }

    /// Parses a TOML profile and applies `key=value` overrides (dotted keys reach sub-tables,
    /// e.g. `memory.capacity=2`) before validating.
    pub fn from_toml_with_overrides(text: &str, overrides: &str) -> Result<BotSpec, SpecError> {
        let mut table: toml::Table = text.parse().map_err(toml_error_in(text))?;
        apply_overrides(&mut table, overrides)?;
        BotSpec::from_table(table).map_err(|e| in_text(e, text))
    }

    /// Parses the inline form `KIND[:key=value,...]`, e.g. `ismcts:iterations=2000` or
    /// `greedy:memory.capacity=2,census_threshold=5`.
    pub fn parse_inline(s: &str) -> Result<BotSpec, SpecError> {
        let (kind, rest) = s.split_once(':').unwrap_or((s, ""));
        let kind = kind.trim();
        // `exec:COMMAND`: the rest is a command line, not key=value pairs.
        if kind == "exec" {
            let spec = BotSpec::Exec(ExecParams {
                command: rest.trim().to_string(),
                timeout_seconds: exec_timeout(),
                on_error: OnError::Stop,
                options: toml::Table::new(),
            });
            spec.validate()?;
            return Ok(spec);
        }
        if !KINDS.contains(&kind) {
            return Err(SpecError::UnknownKind { kind: kind.into() });
        }
        let mut table = toml::Table::new();
        table.insert("kind".into(), toml::Value::String(kind.into()));
        apply_overrides(&mut table, rest)?;
        BotSpec::from_table(table)
    }

    fn from_table(table: toml::Table) -> Result<BotSpec, SpecError> {
        match table.get("kind") {
            None => return Err(SpecError::MissingKind),
            Some(toml::Value::String(k)) if !KINDS.contains(&k.as_str()) => {
                return Err(SpecError::UnknownKind { kind: k.clone() })
            }
            _ => {}
        }
        let spec: BotSpec = table.try_into().map_err(toml_error)?;
        spec.validate()?;
        Ok(spec)
    }
}

/// Applies `a=1,b.c=x` to a TOML table; values are TOML literals where they parse as such
/// (numbers, booleans), else strings.
fn apply_overrides(table: &mut toml::Table, overrides: &str) -> Result<(), SpecError> {
    // A value `1\nx = 2` would parse as TOML of two keys, and the second be dropped unseen.
    plain(overrides)?;
    // `key=value` pairs; a list key's value runs on over the pieces without `=` after it
    // (`forbid=7,12`).
    let mut pairs: Vec<(&str, String)> = Vec::new();
    for piece in overrides
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        match (piece.split_once('='), pairs.last_mut()) {
            (Some((key, value)), _) => pairs.push((key.trim(), value.trim().to_string())),
            (None, Some((key, value))) if is_list_key(key) => {
                value.push(',');
                value.push_str(piece);
            }
            (None, _) => return Err(SpecError::NotAnOverride(piece.into())),
        }
    }
    let mut seen: Vec<&str> = Vec::new();
    for (key, value) in pairs {
        // `take_gain=1,take_gain=2`: which one was meant?
        if seen.contains(&key) {
            return Err(SpecError::DuplicateKey(key.into()));
        }
        seen.push(key);
        let value = if is_list_key(key) && !value.starts_with('[') {
            format!("[{value}]")
        } else {
            value
        };
        let parsed: toml::Value = match format!("v = {value}").parse::<toml::Table>() {
            Ok(mut t) => t.remove("v").expect("parsed key"),
            Err(_) => toml::Value::String(value.to_string()),
        };
        let mut parts: Vec<&str> = key.split('.').collect();
        let last = parts.pop().expect("split yields one part");
        if last.is_empty() || parts.iter().any(|p| p.is_empty()) {
            return Err(SpecError::BadKey(key.into()));
        }
        let mut t = &mut *table;
        for p in parts {
            let entry = t
                .entry(p.to_string())
                .or_insert_with(|| toml::Value::Table(toml::Table::new()));
            t = match entry {
                toml::Value::Table(inner) => inner,
                _ => return Err(SpecError::NotATable(p.into())),
            };
        }
        t.insert(last.to_string(), parsed);
    }
    Ok(())
}

/// True for a parameter whose value is a list (written `forbid=7,12` or `greedy.forbid=7,12`
/// inline).
fn is_list_key(key: &str) -> bool {
    key == "forbid" || key.ends_with(".forbid")
}

/// A parser's multi-line message (TOML's names the line and quotes it) as one line: its
/// non-empty lines, trimmed, joined with `: `. Every error this project prints is one line.
pub fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(": ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exec_profiles_take_on_error_and_options_and_keep_old_fingerprints() {
        let s = BotSpec::from_toml(
            "kind = \"exec\"\ncommand = \"./bot\"\non_error = \"forfeit\"\n[options]\ndepth = 3\n",
        )
        .unwrap();
        assert!(s.forfeits());
        match &s {
            BotSpec::Exec(p) => {
                assert_eq!(p.on_error, OnError::Forfeit);
                assert_eq!(p.options.get("depth").and_then(|v| v.as_integer()), Some(3));
            }
            other => panic!("{other:?}"),
        }
        // Without the keys: stop, no options, and the `Debug` text (a plan's fingerprint
        // reads it) of a spec written before they existed.
        let plain = BotSpec::from_toml("kind = \"exec\"\ncommand = \"./bot\"\n").unwrap();
        assert!(!plain.forfeits());
        assert_eq!(
            format!("{plain:?}"),
            "Exec(ExecParams { command: \"./bot\", timeout_seconds: 60.0 })"
        );
        assert!(format!("{s:?}").contains("on_error: Forfeit"));
        let e = BotSpec::from_toml("kind = \"exec\"\ncommand = \"./bot\"\non_error = \"retry\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("retry") && e.contains("forfeit"), "{e}");
    }

    #[test]
    fn inline_forms_parse() {
        assert_eq!(
            BotSpec::parse_inline("random").unwrap(),
            BotSpec::Random(RandomParams::default())
        );
        let s = BotSpec::parse_inline("ismcts:iterations=2000,exploration=0.5").unwrap();
        match s {
            BotSpec::Ismcts(p) => {
                assert_eq!(p.iterations, 2000);
                assert_eq!(p.exploration, 0.5);
            }
            other => panic!("{other:?}"),
        }
        let s = BotSpec::parse_inline("greedy:memory.capacity=2").unwrap();
        match s {
            BotSpec::Greedy(p) => assert_eq!(p.memory.capacity, Some(2)),
            other => panic!("{other:?}"),
        }
        let s = BotSpec::parse_inline("ismcts:rollout=greedy,memory.forget_per_turn=0.1").unwrap();
        match s {
            BotSpec::Ismcts(p) => {
                assert_eq!(p.rollout, RolloutPolicy::Greedy);
                assert_eq!(p.memory.forget_per_turn, 0.1);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn errors_name_the_choices() {
        let e = BotSpec::parse_inline("gredy").unwrap_err().to_string();
        assert!(e.contains("unknown bot kind `gredy`"), "{e}");
        assert!(
            e.contains("random, greedy, epsilon-greedy, ismcts, cheating-ismcts"),
            "{e}"
        );
        let e = BotSpec::parse_inline("ismcts:iters=5")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown field `iters`"), "{e}");
        assert!(e.contains("iterations"), "{e}");
        let e = BotSpec::parse_inline("ismcts:iterations=0")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "iterations = 0 must be 1-10,000,000");
        let e = BotSpec::parse_inline("greedy:memory.forget_per_turn=2")
            .unwrap_err()
            .to_string();
        assert!(e.contains("between 0 and 1"), "{e}");
        let e = BotSpec::parse_inline("greedy:memory.capasity=2")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown field `capasity`"), "{e}");
        let e = BotSpec::parse_inline("ismcts:rollout=smart")
            .unwrap_err()
            .to_string();
        assert!(e.contains("random") && e.contains("greedy"), "{e}");
        let e = BotSpec::parse_inline("cheating-ismcts:memory.capacity=1")
            .unwrap_err()
            .to_string();
        assert!(e.contains("no memory"), "{e}");
        let e = BotSpec::from_toml("iterations = 5")
            .unwrap_err()
            .to_string();
        assert!(e.contains("missing `kind`"), "{e}");
        let e = BotSpec::parse_inline("greedy:census_threshold")
            .unwrap_err()
            .to_string();
        assert!(e.contains("key=value"), "{e}");
    }

    #[test]
    fn toml_profile_with_overrides() {
        let text = "kind = \"ismcts\"\niterations = 1000\n[memory]\ncapacity = 4\n";
        let s = BotSpec::from_toml_with_overrides(text, "iterations=50,memory.capacity=2").unwrap();
        match s {
            BotSpec::Ismcts(p) => {
                assert_eq!(p.iterations, 50);
                assert_eq!(p.memory.capacity, Some(2));
            }
            other => panic!("{other:?}"),
        }
    }

    /// Run fingerprints are the `Debug` text of the plan: without `forbid` it is the text
    /// `derive(Debug)` wrote before the parameter existed.
    #[test]
    fn debug_text_leaves_out_an_empty_forbid() {
        assert_eq!(format!("{:?}", RandomParams::default()), "RandomParams");
        assert_eq!(
            format!("{:?}", GreedyParams::default()),
            "GreedyParams { census_threshold: 3.0, census_margin: 0.05, \
             opponent_improvement: 2.0, opponent_kept_value: 3.0, exchange_gain: 0.5, \
             take_gain: 1.5, use_abilities: true, token_max_value: 2, witch_give_min: 10, \
             patience: 100, memory: MemorySpec { capacity: None, forget_per_turn: 0.0 } }"
        );
        let text = format!("{:?}", IsmctsParams::default());
        assert!(
            text.starts_with("IsmctsParams { iterations: 1000, time_limit_ms: None,")
                && text.ends_with("kept_low: 1.0 }"),
            "{text}"
        );
        let restricted = BotSpec::parse_inline("ismcts:forbid=7").unwrap();
        assert!(
            format!("{restricted:?}").ends_with("kept_low: 1.0, forbid: Forbid(ValueSet(128)) })"),
            "{restricted:?}"
        );
    }

    /// `sees`: the cheating search's worlds; the default is left out of the `Debug` text and
    /// the serialized spec (runs of the plain cheating search keep their fingerprints), and an
    /// honest searcher refuses any other value.
    #[test]
    fn sees_is_for_the_cheating_search_only() {
        match BotSpec::parse_inline("cheating-ismcts:sees=hands").unwrap() {
            BotSpec::CheatingIsmcts(p) => {
                assert_eq!(p.sees, Sees::Hands);
                assert!(
                    format!("{p:?}").ends_with("kept_low: 1.0, sees: Hands }"),
                    "{p:?}"
                );
            }
            other => panic!("{other:?}"),
        }
        match BotSpec::parse_inline("cheating-ismcts:sees=all").unwrap() {
            BotSpec::CheatingIsmcts(p) => {
                assert_eq!(p, IsmctsParams::default());
                assert!(!format!("{p:?}").contains("sees"));
                assert!(!toml::to_string(&p).unwrap().contains("sees"));
            }
            other => panic!("{other:?}"),
        }
        let e = BotSpec::parse_inline("ismcts:sees=hands")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "sees = \"hands\" is for cheating-ismcts only; an ismcts searcher sees its own view"
        );
        assert!(BotSpec::parse_inline("ismcts:sees=all").is_ok());
        match BotSpec::parse_inline("cheating-ismcts:sees=known").unwrap() {
            BotSpec::CheatingIsmcts(p) => assert_eq!(p.sees, Sees::Known),
            other => panic!("{other:?}"),
        }
        let e = BotSpec::parse_inline("ismcts:sees=known")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("sees = \"known\" is for cheating-ismcts only"),
            "{e}"
        );
        let e = BotSpec::parse_inline("cheating-ismcts:sees=deck")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("all") && e.contains("hands") && e.contains("known") && !e.contains('\n'),
            "{e}"
        );
    }

    /// A newline in an inline value made the rest of the line a second TOML key, dropped
    /// unseen (`greedy:take_gain=1\ncensus_threshold=9` was plain greedy with take_gain 1);
    /// control characters are refused in every value and command.
    #[test]
    fn control_characters_are_refused() {
        for text in [
            "greedy:take_gain=1\ncensus_threshold=9",
            "greedy:take_gain=\"a\rb\"",
            "ismcts:iterations=5\t",
            "exec:python3 bot.py\ntouch x",
        ] {
            let e = BotSpec::parse_inline(text).unwrap_err().to_string();
            assert!(
                e.contains("control characters") && !e.contains('\n'),
                "{text:?}: {e}"
            );
        }
        let e = BotSpec::from_toml_with_overrides("kind = \"greedy\"\n", "take_gain=1\nx=2")
            .unwrap_err()
            .to_string();
        assert!(e.contains("control characters"), "{e}");
        let e = BotSpec::from_toml("kind = \"exec\"\ncommand = \"sh x.sh\\nid\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("control characters") && !e.contains('\n'), "{e}");
    }
}
