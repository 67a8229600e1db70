//! The built-in bot kinds: what each kind provides ([`Kind`]), and the macro that turns the one
//! table of kinds (`bot_kinds!` in `lib.rs`) into [`crate::Player`]'s variants and dispatch,
//! [`crate::BotSpec`]'s variants, [`crate::KINDS`], [`crate::BotSpec::kind`] and
//! [`crate::BotSpec::validate`].
//!
//! # Adding a bot kind
//!
//! 1. Write the bot in its own file, say `src/cautious.rs`: the bot type, its parameters (a
//!    serde struct with `deny_unknown_fields`, every field defaulted, so `cautious` alone is a
//!    valid spec), and `impl Kind for CautiousBot`. The compiler asks for every method: how
//!    it is built and validated, and how the game loop resets it, passes it observations and
//!    asks it to decide.
//! 2. Add its row to the `bot_kinds!` table in `lib.rs`, with the `mod` clause that declares
//!    the file: `mod cautious: "cautious" => Cautious(cautious::CautiousParams, cautious::CautiousBot),`.
//!
//! Nothing else: the kind's name is then accepted in specs, profiles and `--bots`, listed by
//! `silver bots` and in error messages, and a test checks that `experiments/README.md` lists
//! it (add it there).

use crate::{BotRng, Choice, SpecError};
use silver_rules::{Action, Config, Game, Observation, PlayerView, Seat};

/// A built-in bot kind: built from its spec's parameters and seated in the game loop, always
/// dispatched statically through [`crate::Player`]. Every method is required, so that a new
/// kind decides, for instance, whether it wants observations.
pub trait Kind: Sized {
    /// Its parameters, as written in a spec.
    type Params;

    /// The bot these (validated) parameters describe.
    fn build(params: &Self::Params) -> Self;

    /// Checks value ranges (serde has already rejected unknown keys).
    fn validate(params: &Self::Params) -> Result<(), SpecError>;

    /// Called before every game with the bot's seat.
    fn reset(&mut self, seat: Seat, config: &Config);

    /// True if [`Kind::observe`] should be called (redacting events has a cost).
    fn wants_observations(&self) -> bool;

    /// Called with everything this bot's seat observes, in order, if it wants observations.
    fn observe(&mut self, observation: &Observation);

    /// True if [`Kind::decision_seen`] should be called (the game loop builds this seat's view
    /// at the other seats' decisions).
    fn wants_decisions(&self) -> bool;

    /// Called before another seat's decision is applied (see [`crate::Bot::decision_seen`]),
    /// if it wants decisions.
    fn decision_seen(&mut self, view: &PlayerView, actor: Seat, action: Action);

    /// The game loop's decision for `seat` in `game` (see [`crate::Player::decide_in`]):
    /// every bot but a research baseline reads only its seat's information set: the view it
    /// builds in `scratch` (`game.view_into(seat, scratch)`), the borrowed view
    /// (`game.view_ref(seat)`, no copy), or none at all if it needs none.
    fn decide_in(
        &mut self,
        game: &Game,
        seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
        scratch: &mut PlayerView,
    ) -> Choice;

    /// Decides from `view` alone; `None` for a kind that needs the true state.
    fn decide_view(
        &mut self,
        view: &PlayerView,
        legal: &[Action],
        rng: &mut BotRng,
    ) -> Option<Action>;

    /// The bot's own estimate of its village sum at its last decision, if it keeps one.
    fn sum_estimate(&self) -> Option<f64>;
}

/// Generates everything a bot kind's name and types determine from one table (see the module
/// docs). Each row: optional doc comments for the spec's variant, an optional `mod FILE:` that
/// declares the kind's module, the name in specs, and `Variant(ParamsType, BotType)`.
macro_rules! bot_kinds {
    ($(
        $(#[doc = $doc:literal])*
        $(mod $module:ident:)? $name:literal => $variant:ident($params:ty, $bot:ty),
    )*) => {
        $($(mod $module;)?)*

        /// The built-in bot kinds, as written in specs.
        pub const KINDS: [&str; [$($name),*].len()] = [$($name),*];

        /// A bot, as data.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(tag = "kind")]
        pub enum BotSpec {
            $(
                #[doc = concat!("The `", $name, "` kind.")]
                $(#[doc = $doc])*
                #[serde(rename = $name)]
                $variant($params),
            )*
        }

        impl BotSpec {
            /// Checks value ranges (serde has already rejected unknown kinds and keys).
            pub fn validate(&self) -> Result<(), SpecError> {
                match self {
                    $(BotSpec::$variant(p) => <$bot as Kind>::validate(p),)*
                }
            }

            /// The kind's name.
            pub fn kind(&self) -> &'static str {
                match self {
                    $(BotSpec::$variant(_) => $name,)*
                }
            }
        }

        /// A seat's player: a built-in bot (static dispatch: the game loop calls
        /// [`Player::decide_in`] for every decision), or any other bot. Players live for a
        /// whole run, so the variants' sizes do not matter.
        #[allow(clippy::large_enum_variant)]
        pub enum Player {
            $(
                #[doc = concat!("The `", $name, "` kind.")]
                $variant($bot),
            )*
            /// Any other bot.
            External(Box<dyn Bot + Send>),
        }

        impl Player {
            /// Builds the player a spec describes.
            pub fn from_spec(spec: &BotSpec) -> Player {
                match spec {
                    $(BotSpec::$variant(p) => Player::$variant(<$bot as Kind>::build(p)),)*
                }
            }

            /// Called before every game.
            pub fn reset(&mut self, seat: Seat, config: &Config) {
                match self {
                    $(Player::$variant(b) => Kind::reset(b, seat, config),)*
                    Player::External(b) => b.reset(seat, config),
                }
            }

            /// True if the player wants observations.
            pub fn wants_observations(&self) -> bool {
                match self {
                    $(Player::$variant(b) => Kind::wants_observations(b),)*
                    Player::External(b) => b.wants_observations(),
                }
            }

            /// Passes an observation on.
            pub fn observe(&mut self, observation: &Observation) {
                match self {
                    $(Player::$variant(b) => Kind::observe(b, observation),)*
                    Player::External(b) => b.observe(observation),
                }
            }

            /// True if the player wants to see the other seats' decisions with its view.
            pub fn wants_decisions(&self) -> bool {
                match self {
                    $(Player::$variant(b) => Kind::wants_decisions(b),)*
                    Player::External(b) => b.wants_decisions(),
                }
            }

            /// Passes another seat's decision on, with this player's view.
            pub fn decision_seen(&mut self, view: &PlayerView, actor: Seat, action: Action) {
                match self {
                    $(Player::$variant(b) => Kind::decision_seen(b, view, actor, action),)*
                    Player::External(b) => b.decision_seen(view, actor, action),
                }
            }

            /// [`Player::decide`] with the view built in `scratch` (one copy of the game
            /// rather than the two a returned view costs): the game loop's form. `scratch` may
            /// hold any view; it may be overwritten with `game.view(seat)`. A player answers
            /// with a position in `legal` ([`Choice::Index`]: legal by construction, so the
            /// game loop need not look the action up) or with an action the caller checks.
            /// Inlined into the game loop (out of line, the dispatch cost a call per decision).
            #[inline(always)]
            pub fn decide_in(
                &mut self,
                game: &Game,
                seat: Seat,
                legal: &[Action],
                rng: &mut BotRng,
                scratch: &mut PlayerView,
            ) -> Choice {
                match self {
                    $(Player::$variant(b) => Kind::decide_in(b, game, seat, legal, rng, scratch),)*
                    Player::External(b) => {
                        game.view_into(seat, scratch);
                        Choice::Action(b.decide(scratch, legal, rng))
                    }
                }
            }

            /// Decides from `view` alone: `None` for a player that needs the true state (the
            /// cheating baseline).
            pub fn decide_view(
                &mut self,
                view: &PlayerView,
                legal: &[Action],
                rng: &mut BotRng,
            ) -> Option<Action> {
                match self {
                    $(Player::$variant(b) => Kind::decide_view(b, view, legal, rng),)*
                    Player::External(b) => Some(b.decide(view, legal, rng)),
                }
            }

            /// The player's own estimate of its sum at its last decision.
            pub fn sum_estimate(&self) -> Option<f64> {
                match self {
                    $(Player::$variant(b) => Kind::sum_estimate(b),)*
                    Player::External(b) => b.sum_estimate(),
                }
            }
        }
    };
}

pub(crate) use bot_kinds;

/// Inside `impl Kind for B` where `B: Bot`: the methods that answer as the bot's [`crate::Bot`]
/// impl does (reset, observations, deciding from a view, the sum estimate), so that such a
/// kind writes only `build`, `validate` and `decide_in`.
macro_rules! as_bot {
    () => {
        fn reset(&mut self, seat: silver_rules::Seat, config: &silver_rules::Config) {
            crate::Bot::reset(self, seat, config)
        }

        fn wants_observations(&self) -> bool {
            crate::Bot::wants_observations(self)
        }

        fn observe(&mut self, observation: &silver_rules::Observation) {
            crate::Bot::observe(self, observation)
        }

        fn wants_decisions(&self) -> bool {
            crate::Bot::wants_decisions(self)
        }

        fn decision_seen(
            &mut self,
            view: &silver_rules::PlayerView,
            actor: silver_rules::Seat,
            action: silver_rules::Action,
        ) {
            crate::Bot::decision_seen(self, view, actor, action)
        }

        fn decide_view(
            &mut self,
            view: &silver_rules::PlayerView,
            legal: &[silver_rules::Action],
            rng: &mut crate::BotRng,
        ) -> Option<silver_rules::Action> {
            Some(crate::Bot::decide(self, view, legal, rng))
        }

        fn sum_estimate(&self) -> Option<f64> {
            crate::Bot::sum_estimate(self)
        }
    };
}

pub(crate) use as_bot;
