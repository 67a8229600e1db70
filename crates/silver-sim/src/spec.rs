//! Experiment specs (TOML, `experiments/*.toml`): what was typed, before resolution.

use crate::error::SpecError;
pub use crate::output::Outputs;
use serde::{Deserialize, Serialize};
use silver_bots::one_line;
use std::path::Path;

/// How bots are seated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seating {
    /// Duplicate format: every deal is replayed once per seat rotation, so every bot plays every
    /// seat of the same deals (paired comparisons). The default.
    #[default]
    Rotate,
    /// The lineup keeps its seats; each deal is played once.
    Fixed,
    /// Every pair of the listed bots gets its own table (the pair repeated around the table,
    /// rotated as in `rotate`); the games are split evenly between the tables.
    RoundRobin,
    /// The first listed bot is the baseline: every other listed bot gets its own table, where
    /// it takes one seat and the baseline all the others (rotated as in `rotate`); the games
    /// are split evenly between the tables. Each candidate's figures are against the baseline
    /// alone (a budget ladder, a gauntlet).
    Gauntlet,
}

/// How a game ends.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum ModelSpec {
    /// R-GAME-4 (standard: 4 rounds).
    Rounds {
        /// Rounds per game.
        #[serde(default = "four")]
        rounds: u8,
    },
    /// R-GAME-100.
    Points {
        /// Total that ends the game.
        #[serde(default = "hundred")]
        target: i32,
        /// Bounce (exactly the target becomes half of it, once per player).
        #[serde(default = "yes")]
        bounce: bool,
        /// Kamikaze (12, 12, 13, 13).
        #[serde(default = "yes")]
        kamikaze: bool,
        /// Round cap.
        #[serde(default = "max_rounds")]
        max_rounds: u16,
    },
}

fn four() -> u8 {
    4
}
fn hundred() -> i32 {
    100
}
fn yes() -> bool {
    true
}
fn max_rounds() -> u16 {
    silver_rules::DEFAULT_MAX_ROUNDS
}

impl Default for ModelSpec {
    fn default() -> Self {
        ModelSpec::Rounds { rounds: 4 }
    }
}

/// An experiment as written in a TOML file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExperimentSpec {
    /// A name for the run (defaults to the file name).
    #[serde(default)]
    pub name: Option<String>,
    /// Number of players, 2–4.
    pub players: u8,
    /// Bots: profile names from `bots/`, built-in kinds, or inline specs
    /// (`ismcts:iterations=2000`). Seats take them in order, cycling if there are fewer bots
    /// than seats. In a spec file an entry may also be a table, a profile written in place
    /// (`{ exec = "python3 my_bot.py", timeout_seconds = 5 }`, `{ kind = "ismcts",
    /// iterations = 300, name = "ismcts-300" }`): it is kept here as its TOML text.
    #[serde(deserialize_with = "bot_entries")]
    pub bots: Vec<String>,
    /// How bots are seated.
    #[serde(default)]
    pub seating: Seating,
    /// Card set: a set string (`amulet`, `bullet`, `amulet+0:bullet,10:coin/token=coin`, a full
    /// per-value list) or a card-set file (`sets/custom-scout.toml`; relative to the spec's
    /// directory when the spec is read with [`ExperimentSpec::from_file`]).
    #[serde(default = "amulet")]
    pub set: String,
    /// The token, overriding the set's (an error if the set names a different token itself).
    #[serde(default)]
    pub token: Option<String>,
    /// How games end.
    #[serde(default)]
    pub model: ModelSpec,
    /// Number of games (with `rotate` seating, a multiple of the player count is best: each
    /// deal is played once per rotation).
    pub games: u64,
    /// Master seed: every game's randomness derives from it and the game's index.
    #[serde(default = "one")]
    pub seed: u64,
    /// Turn cap per round (termination; see docs/rulings.md).
    #[serde(default = "max_turns")]
    pub max_turns_per_round: u16,
    /// Which per-game files to write.
    #[serde(default)]
    pub outputs: Outputs,
    /// A balance sweep (`[balance]`): the same games with several card sets, compared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub balance: Option<BalanceSpec>,
    /// The design cards of a balance sweep (`[design]`): every set of the sweep also gets its
    /// design card, with this ladder and budget (`[balance] design = true` is the same with
    /// every default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<DesignTable>,
    /// A sequential test of the first bot against the second (`sprt = "elo0=0,elo1=10"`, with
    /// optional `alpha`, `beta` and `vr=on`, the variance-reduced LLR, which implies
    /// `variance_reduction`): the run stops at the first block whose LLR crosses a bound,
    /// `games` being the cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<String>,
    /// Measure each game's chance luck and report variance-reduced head-to-head estimates
    /// beside the plain ones (`luck.csv`, the `_vr` columns of `pairs.csv`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub variance_reduction: bool,
}

fn amulet() -> String {
    "amulet".into()
}
fn one() -> u64 {
    1
}
fn max_turns() -> u16 {
    silver_rules::DEFAULT_MAX_TURNS
}

impl ExperimentSpec {
    /// Reads a spec file: the name defaults to the file name, and a relative card-set file in
    /// `set` is taken relative to the spec's directory. Errors name the file.
    pub fn from_file(path: &Path) -> Result<ExperimentSpec, SpecError> {
        let text = crate::files::read_text(path).map_err(|source| SpecError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let mut spec = ExperimentSpec::from_toml(&text).map_err(|e| SpecError::File {
            path: path.to_path_buf(),
            source: Box::new(e),
        })?;
        if spec.name.is_none() {
            spec.name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        }
        // Card-set files named in the spec are relative to the spec's directory.
        let dir = path.parent().unwrap_or(Path::new(""));
        let relocate = |s: &mut String| {
            if crate::sets::is_set_file(s) {
                let set = Path::new(s.trim());
                if set.is_relative() {
                    *s = dir.join(set).to_string_lossy().into_owned();
                }
            }
        };
        relocate(&mut spec.set);
        if let Some(b) = spec.balance.as_mut() {
            if let Some(base) = b.base.as_mut() {
                relocate(base);
            }
            for s in b.sets.iter_mut().flatten() {
                relocate(s);
            }
        }
        Ok(spec)
    }

    /// Parses TOML text; errors name the key.
    pub fn from_toml(text: &str) -> Result<ExperimentSpec, SpecError> {
        let spec: ExperimentSpec = toml::from_str(text).map_err(|e: toml::de::Error| {
            let message = one_line(e.message());
            match e.span() {
                Some(span) => SpecError::TomlAt {
                    // 1-based line of the span's start (`lines()` would miss the line the
                    // span starts, when it starts a line, as a key does).
                    line: text[..span.start].matches('\n').count() + 1,
                    message,
                },
                None => SpecError::Toml { message },
            }
        })?;
        if spec.design.is_some() && spec.balance.is_none() {
            return Err(SpecError::DesignWithoutBalance);
        }
        Ok(spec)
    }
}

/// The `[balance]` table of an experiment spec.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BalanceSpec {
    /// The reference set (any set string); defaults to the spec's `set`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    /// A generated neighbourhood of the base: `one-swap`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sweep: Option<String>,
    /// An explicit list of sets (the base is always run first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sets: Option<Vec<String>>,
    /// `design = true`: every set also gets its design card, with every default (the short
    /// form of an empty `[design]` table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<bool>,
}

/// The `[design]` table of an experiment spec: the ladder and budget of the design card every
/// set of a balance sweep gets. A key left out takes `silver design`'s default; the spec's
/// `players`, `seed`, `model` and `max_turns_per_round` apply to the cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesignTable {
    /// The skill ladder, weakest first (bot names, as `bots` takes them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ladder: Option<Vec<String>>,
    /// The reference bot (self-play, points game, restricted play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// Games of an arm of fast bots.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<u64>,
    /// Games of an arm with a search bot or a program.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search_games: Option<u64>,
    /// Iterations of the hidden-information arm's searches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search_iterations: Option<u32>,
    /// Whether the card plays the hidden-information arm (the cheating search against the
    /// honest one at `search_iterations`; default true): `false` keeps a card without a search
    /// rung at greedy fidelity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden_information: Option<bool>,
    /// The values that get a restricted-play arm: `"all"`, `"none"` or a list of values
    /// 0–13 (read as the list they stand for).
    #[serde(
        default,
        deserialize_with = "design_values",
        skip_serializing_if = "Option::is_none"
    )]
    pub values: Option<Vec<u8>>,
}

/// Reads `[design] values`: `"all"`, `"none"` or a list of card values.
fn design_values<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Vec<u8>>, D::Error> {
    let bad = |what: &str| {
        serde::de::Error::custom(format!(
            "values: {what}; give \"all\", \"none\" or a list of card values 0-13 ([0, 7, 12])"
        ))
    };
    match toml::Value::deserialize(d)? {
        toml::Value::String(s) if s == "all" => Ok(Some((0..silver_rules::VALUES as u8).collect())),
        toml::Value::String(s) if s == "none" => Ok(Some(Vec::new())),
        toml::Value::Array(list) => list
            .iter()
            .map(|v| match v.as_integer() {
                Some(i) if (0..silver_rules::VALUES as i64).contains(&i) => Ok(i as u8),
                _ => Err(bad(&format!("`{v}` is not a card value"))),
            })
            .collect::<Result<Vec<u8>, _>>()
            .map(Some),
        other => Err(bad(&format!("`{other}` is neither a word nor a list"))),
    }
}

/// The sweep kinds `sweep = "..."` accepts.
pub const SWEEPS: [&str; 1] = ["one-swap"];

/// Reads `bots`: each entry a name, or a table kept as its inline TOML text (see
/// [`ExperimentSpec::bots`]).
fn bot_entries<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let entries: Vec<toml::Value> = serde::Deserialize::deserialize(d)?;
    entries
        .into_iter()
        .map(|e| match e {
            toml::Value::String(name) => Ok(name),
            toml::Value::Table(table) => Ok(toml::Value::Table(table).to_string()),
            other => Err(serde::de::Error::custom(format!(
                "bots: `{other}` is neither a name (\"greedy\") nor a table \
                 ({{ exec = \"python3 my_bot.py\" }})"
            ))),
        })
        .collect()
}
