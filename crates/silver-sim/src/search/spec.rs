//! Search specs as typed (the `[search]` table of a spec file) and their resolution into a
//! [`super::SearchPlan`] ([`resolve_search`], in [`super::resolve`]).
//!
//! ```toml
//! name = "even-and-skilful"          # optional; default: the file name
//!
//! [search]
//! base = "amulet"                    # set string or card-set file; default amulet
//! players = 4                        # or [3, 4]
//! values = [2, 4, 8]                 # values that may change; default: all 14
//! editions = ["amulet", "bullet"]    # default: all four
//! tokens = ["amulet", "coin"]        # default: only the base's
//! max_changes = 3                    # optional
//! custom = [{ value = 8, kind = "discard-own", counts = [1, 2, 3] }]
//! method = "halving"                 # or "uniform"
//! max_games = 50_000_000             # optional budget
//!
//! [search.screen]
//! deals = 1
//! keep = 4
//! finalists = 10
//!
//! [search.certify]
//! deals = 500
//!
//! [[search.objective]]
//! name = "even"
//! terms = [{ metric = "seat_advantage", target = 0.0 }]
//! ```

use crate::design::DesignError;
use crate::error::SetFileError;
use crate::spec::ModelSpec;
use serde::Deserialize;
use silver_bots::one_line;
use std::path::{Path, PathBuf};

pub use super::resolve::resolve_search;

/// A search spec file: an optional name and the `[search]` table.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchFile {
    /// The search's name (default: the file name without `.toml`).
    #[serde(default)]
    pub name: Option<String>,
    /// The search.
    pub search: SearchSpec,
}

/// The `[search]` table.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchSpec {
    /// The base set: a set string or a card-set file (relative to the spec's directory);
    /// default `amulet`.
    #[serde(default)]
    pub base: Option<String>,
    /// Player counts (`players = 4` or `players = [3, 4]`); default 4.
    #[serde(default = "four", deserialize_with = "player_counts")]
    pub players: Vec<u8>,
    /// Master seed (default 1).
    #[serde(default = "one")]
    pub seed: u64,
    /// Values that may change (default: all 14).
    #[serde(default)]
    pub values: Option<Vec<u8>>,
    /// Editions a value may take its character from (default: all four).
    #[serde(default)]
    pub editions: Option<Vec<String>>,
    /// Tokens the search may choose (default: only the base's).
    #[serde(default)]
    pub tokens: Option<Vec<String>>,
    /// At most this many dimensions differ from the base.
    #[serde(default)]
    pub max_changes: Option<u32>,
    /// Extra custom-character choices.
    #[serde(default)]
    pub custom: Vec<CustomSpec>,
    /// How the games are spent (default halving).
    #[serde(default)]
    pub method: MethodName,
    /// The schedule's games must not exceed this.
    #[serde(default)]
    pub max_games: Option<u64>,
    /// The game model of every arm (as experiments' `model`).
    #[serde(default)]
    pub model: ModelSpec,
    /// The screen (the halving stages).
    #[serde(default)]
    pub screen: ScreenSpec,
    /// Certification of the finalists on fresh deals.
    #[serde(default)]
    pub certify: CertifySpec,
    /// Optional confirmation of the finalists with slower bots.
    #[serde(default)]
    pub confirm: Option<ConfirmSpec>,
    /// The objectives (`[[search.objective]]`).
    #[serde(default, rename = "objective")]
    pub objectives: Vec<ObjectiveSpec>,
}

fn four() -> Vec<u8> {
    vec![4]
}

fn one() -> u64 {
    1
}

/// Reads `players`: one count or a list of counts.
fn player_counts<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    let bad = || serde::de::Error::custom("players: give a player count (4) or a list ([3, 4])");
    let count = |v: &toml::Value| {
        v.as_integer()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(bad)
    };
    match toml::Value::deserialize(d)? {
        toml::Value::Array(list) => list.iter().map(count).collect(),
        v => Ok(vec![count(&v)?]),
    }
}

/// `custom = [{ value = 8, kind = "discard-own", counts = [1, 2, 3] }]`: a value may take a
/// custom character of this kind, once per count (the kind's default count without `counts`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomSpec {
    /// The value.
    pub value: u8,
    /// The ability kind (`silver cards` lists them).
    pub kind: String,
    /// The counts it may take.
    #[serde(default)]
    pub counts: Option<Vec<u8>>,
}

/// `method`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MethodName {
    /// Successive halving.
    #[default]
    Halving,
    /// One screening stage.
    Uniform,
}

/// `[search.screen]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScreenSpec {
    /// Reference bot (default greedy).
    #[serde(default)]
    pub reference: Option<String>,
    /// Ladder, weakest first (default random, greedy).
    #[serde(default)]
    pub ladder: Option<Vec<String>>,
    /// Stage 1's deals per set (uniform: the one stage's; default 1, uniform 100).
    #[serde(default)]
    pub deals: Option<u64>,
    /// One set in `keep` survives a halving stage (default 4).
    #[serde(default)]
    pub keep: Option<u64>,
    /// Sets certified (default 10).
    #[serde(default)]
    pub finalists: Option<u64>,
}

/// `[search.certify]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CertifySpec {
    /// Fresh deals per finalist (default 500).
    #[serde(default)]
    pub deals: Option<u64>,
}

/// `[search.confirm]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfirmSpec {
    /// Reference bot (default `ismcts-1k`).
    #[serde(default)]
    pub reference: Option<String>,
    /// Ladder, weakest first (default greedy, ismcts-1k).
    #[serde(default)]
    pub ladder: Option<Vec<String>>,
    /// Deals per finalist (default 50).
    #[serde(default)]
    pub deals: Option<u64>,
}

/// `[[search.objective]]`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectiveSpec {
    /// Name (`[a-z0-9_-]+`, unique).
    pub name: String,
    /// Added per changed dimension (default 0).
    #[serde(default)]
    pub change_weight: Option<f64>,
    /// The terms.
    #[serde(default)]
    pub terms: Vec<TermSpec>,
}

/// One term: a metric, optionally a key and a player count, exactly one goal.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TermSpec {
    /// The metric (a `design.csv` metric name).
    pub metric: String,
    /// One key of it (default: every key, penalties summed).
    #[serde(default)]
    pub key: Option<String>,
    /// One player count of the search (default: every one).
    #[serde(default)]
    pub players: Option<u8>,
    /// Goal: as close to this as possible.
    #[serde(default)]
    pub target: Option<f64>,
    /// Goal: at least this.
    #[serde(default)]
    pub at_least: Option<f64>,
    /// Goal: at most this.
    #[serde(default)]
    pub at_most: Option<f64>,
    /// Goal: within `[a, b]`.
    #[serde(default)]
    pub within: Option<[f64; 2]>,
    /// Goal: as low as possible.
    #[serde(default)]
    pub minimize: Option<bool>,
    /// Goal: as high as possible.
    #[serde(default)]
    pub maximize: Option<bool>,
    /// Weight (default 1).
    #[serde(default)]
    pub weight: Option<f64>,
    /// A constraint (default false).
    #[serde(default)]
    pub constraint: Option<bool>,
}

/// Why a search spec cannot be read or resolved (one line each, before anything runs).
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// The spec file cannot be read.
    #[error("cannot read search spec {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// Not a valid search spec.
    #[error("{}: line {line}: {message}", path.display())]
    Toml {
        /// The file.
        path: PathBuf,
        /// 1-based line (0 when unknown).
        line: usize,
        /// The parser's message.
        message: String,
    },
    /// The base set does not resolve.
    #[error("search base {text:?}")]
    Base {
        /// As given.
        text: String,
        /// Why.
        source: Box<SetFileError>,
    },
    /// A player count outside 2–4, twice, or none.
    #[error("players = {players:?}: give player counts 2, 3 or 4, each once")]
    Players {
        /// As given.
        players: Vec<u8>,
    },
    /// An edition that is not a built-in one.
    #[error("unknown edition {name:?} in editions; valid: amulet, bullet, coin, dagger")]
    UnknownEdition {
        /// As given.
        name: String,
    },
    /// A token that does not exist.
    #[error("unknown token {name:?} in tokens; valid: amulet, bullet, coin, dagger")]
    UnknownToken {
        /// As given.
        name: String,
    },
    /// A value that is not a card value.
    #[error("value {value} is not a card value (0-13)")]
    UnknownValue {
        /// As given.
        value: u8,
    },
    /// A custom choice for a value that may not change.
    #[error("custom choice for value {value}, which is not among the values that may change")]
    CustomValue {
        /// The value.
        value: u8,
    },
    /// A custom choice whose kind or count does not resolve.
    #[error("custom choice for value {value}: kind {kind:?}")]
    Custom {
        /// The value.
        value: u8,
        /// The kind.
        kind: String,
        /// Why.
        source: silver_rules::AbilityKindError,
    },
    /// A set of the space the engine rejects.
    #[error("value {value} of a set of the space")]
    Set {
        /// The value.
        value: u8,
        /// Why.
        source: silver_rules::SetError,
    },
    /// An index past the space.
    #[error("set index {index} is outside the space (it holds {size} sets)")]
    IndexOutOfRange {
        /// The index.
        index: u64,
        /// The space's size.
        size: u64,
    },
    /// The space's size overflows the limit.
    #[error(
        "the space holds more than {max} sets: allow fewer values, editions or custom choices"
    )]
    SpaceTooLarge {
        /// The limit.
        max: u64,
    },
    /// More candidates than a search lists.
    #[error("the search has {count} candidate sets, over the limit of {max}: lower max_changes or allow fewer choices")]
    TooManyCandidates {
        /// Candidates.
        count: u64,
        /// The limit.
        max: u64,
    },
    /// Nothing to search.
    #[error("the space holds only the base set{}: allow more values, editions or tokens", if *max_changes == Some(0) { " (max_changes = 0)" } else { "" })]
    EmptySpace {
        /// The limit given.
        max_changes: Option<u32>,
    },
    /// No `[[search.objective]]`.
    #[error("the search has no objective: add a [[search.objective]] with terms")]
    NoObjective,
    /// An objective name that is not `[a-z0-9_-]+`.
    #[error("objective name {name:?}: use lower-case letters, digits, _ and - only")]
    ObjectiveName {
        /// As given.
        name: String,
    },
    /// Two objectives of one name.
    #[error("two objectives are named {name:?}")]
    SameObjective {
        /// The name.
        name: String,
    },
    /// An objective without terms.
    #[error("objective {objective:?} has no terms: give at least one, e.g. {{ metric = \"seat_advantage\", target = 0.0 }}")]
    NoTerms {
        /// The objective.
        objective: String,
    },
    /// A metric a search cannot use.
    #[error("objective {objective:?}: unknown metric {metric:?}; valid: {valid}")]
    UnknownMetric {
        /// The objective.
        objective: String,
        /// As given.
        metric: String,
        /// The metrics allowed.
        valid: String,
    },
    /// A key the metric does not have.
    #[error("objective {objective:?}, metric {metric}: unknown key {key:?}; valid: {valid}")]
    UnknownKey {
        /// The objective.
        objective: String,
        /// The metric.
        metric: String,
        /// As given.
        key: String,
        /// Its keys.
        valid: String,
    },
    /// A term with no goal, or several.
    #[error("objective {objective:?}, metric {metric}: give exactly one of target, at_least, at_most, within, minimize = true, maximize = true ({given} given)")]
    Goals {
        /// The objective.
        objective: String,
        /// The metric.
        metric: String,
        /// Goals given.
        given: usize,
    },
    /// `within = [a, b]` with a > b.
    #[error("objective {objective:?}, metric {metric}: within = [{low}, {high}] has its low end above its high end")]
    Within {
        /// The objective.
        objective: String,
        /// The metric.
        metric: String,
        /// a.
        low: f64,
        /// b.
        high: f64,
    },
    /// A number that is not finite, or a negative weight.
    #[error("objective {objective:?}: {what} = {value} must be a finite number{}", if *what == "target" || *what == "at_least" || *what == "at_most" || *what == "within" { "" } else { " at least 0" })]
    Number {
        /// The objective.
        objective: String,
        /// The key.
        what: &'static str,
        /// As given.
        value: f64,
    },
    /// A term's player count the search does not play.
    #[error("objective {objective:?}, metric {metric}: players = {players} is not among the search's players {search:?}")]
    TermPlayers {
        /// The objective.
        objective: String,
        /// The metric.
        metric: String,
        /// As given.
        players: u8,
        /// The search's.
        search: Vec<u8>,
    },
    /// `finalists = 0`.
    #[error("screen.finalists must be at least 1")]
    Finalists,
    /// `keep < 2`.
    #[error("screen.keep = {keep}: a halving stage must keep one set in 2 or more")]
    Keep {
        /// As given.
        keep: u64,
    },
    /// `deals = 0`.
    #[error("{what} must be at least 1")]
    Deals {
        /// Which key.
        what: &'static str,
    },
    /// A fidelity's design card does not resolve (a bot, the ladder).
    #[error("search {fidelity} fidelity, {players} players")]
    Design {
        /// `screen`, `certify` or `confirm`.
        fidelity: &'static str,
        /// Players.
        players: u8,
        /// Why.
        source: Box<DesignError>,
    },
    /// The schedule overflows a count.
    #[error("the schedule's deals or games overflow: lower screen.deals, keep or the space")]
    Overflow,
    /// The schedule is over the budget.
    #[error("the schedule plays {games} games, over max_games = {max}")]
    OverBudget {
        /// Games of the schedule.
        games: u64,
        /// The budget.
        max: u64,
    },
    /// The confirm fidelity lacks a metric row a term reads at the screen.
    #[error("objective {objective:?}, metric {metric}{}: the confirm fidelity's ladder has no such pairing (its ladder must hold the screen's pairings the terms name)", if key.is_empty() { String::new() } else { format!(" key {key:?}") })]
    ConfirmLacks {
        /// The objective.
        objective: String,
        /// The metric.
        metric: String,
        /// The key.
        key: String,
    },
}

impl SearchFile {
    /// Reads a search spec file; its name defaults to the file name without `.toml`. Also
    /// returns the spec's directory (card-set files are relative to it).
    pub fn from_file(path: &Path) -> Result<(SearchFile, PathBuf), SearchError> {
        let text = crate::files::read_text(path).map_err(|source| SearchError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let mut file =
            SearchFile::from_toml(&text).map_err(|(line, message)| SearchError::Toml {
                path: path.to_path_buf(),
                line,
                message,
            })?;
        if file.name.is_none() {
            file.name = path.file_stem().map(|s| s.to_string_lossy().into_owned());
        }
        let dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
        Ok((file, dir))
    }

    /// Parses TOML text; an error is its 1-based line (0 when unknown) and message.
    pub fn from_toml(text: &str) -> Result<SearchFile, (usize, String)> {
        toml::from_str(text).map_err(|e: toml::de::Error| {
            let line = e
                .span()
                .map_or(0, |span| text[..span.start].matches('\n').count() + 1);
            (line, one_line(e.message()))
        })
    }
}
