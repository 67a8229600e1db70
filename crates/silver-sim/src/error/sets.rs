//! The errors of resolving card sets: set strings, card-set files and recorded definitions.

use std::path::PathBuf;

/// A token name that is not one of the tokens.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown token `{name}`; valid tokens: {}", silver_rules::Token::ALL.map(|t| t.name()).join(", "))]
pub struct UnknownToken {
    /// The name given.
    pub name: String,
}

/// Why a card set (a set string, a card-set file or a run's recorded definition) cannot be
/// resolved.
#[derive(Debug, thiserror::Error)]
pub enum SetFileError {
    /// A set or token argument with a control character (a newline...).
    #[error("set {text:?}: control characters (such as a newline) are not allowed")]
    ControlCharacter {
        /// The argument.
        text: String,
    },
    /// A set string the engine rejects.
    #[error("set \"{text}\"")]
    String {
        /// The set string.
        text: String,
        /// The engine's reason.
        source: silver_rules::SetError,
    },
    /// A set string, parsed without naming it.
    #[error(transparent)]
    Set(#[from] silver_rules::SetError),
    /// A card-set file cannot be read.
    #[error("cannot read card-set file {}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A card-set file's definition is wrong.
    #[error("{}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: SetDefError,
    },
    /// A definition is wrong (text or a recorded definition, without a file).
    #[error(transparent)]
    Definition(#[from] SetDefError),
    /// A token override is not a token.
    #[error("token = \"{text}\"")]
    Token {
        /// The token given.
        text: String,
        /// The cause.
        source: UnknownToken,
    },
    /// A token override contradicts the token the set names itself.
    #[error(
        "token = \"{text}\" conflicts with the token `{named}` that set \"{set}\" names; name \
         the token once"
    )]
    TokenConflict {
        /// The token given.
        text: String,
        /// The token the set names.
        named: String,
        /// The set.
        set: String,
    },
}

/// A problem in a card-set definition, at its line when the definition is a file's text.
#[derive(Debug, thiserror::Error)]
pub enum SetDefError {
    /// At a line of the file.
    #[error("line {line}")]
    AtLine {
        /// 1-based line.
        line: usize,
        /// The problem.
        source: SetDefProblem,
    },
    /// In the definition as a whole.
    #[error(transparent)]
    Whole(#[from] SetDefProblem),
}

impl SetDefError {
    /// The problem, at `line` when it is known.
    pub(crate) fn at(line: Option<usize>, problem: SetDefProblem) -> SetDefError {
        match line {
            Some(line) => SetDefError::AtLine {
                line,
                source: problem,
            },
            None => SetDefError::Whole(problem),
        }
    }
}

/// What is wrong in a card-set definition.
#[derive(Debug, thiserror::Error)]
pub enum SetDefProblem {
    /// Not valid TOML of a card-set file (the TOML parser's message).
    #[error("{0}")]
    Toml(String),
    /// `base` is not a set string.
    #[error("base = \"{text}\"")]
    Base {
        /// The base given.
        text: String,
        /// The engine's reason.
        source: silver_rules::SetError,
    },
    /// `token` is not a token.
    #[error("token = \"{text}\"")]
    Token {
        /// The token given.
        text: String,
        /// The cause.
        source: UnknownToken,
    },
    /// A key of `[values]` that is not a number.
    #[error("`{key}` is not a card value; the keys of [values] are the values 0-13")]
    NotAValue {
        /// The key.
        key: String,
    },
    /// A value above 13.
    #[error("value {value} is outside 0-13")]
    OutOfRange {
        /// The value.
        value: usize,
    },
    /// A value given twice.
    #[error("value {value} is given twice")]
    Twice {
        /// The value.
        value: usize,
    },
    /// A value's edition is not an edition.
    #[error(
        "value {value}: unknown edition `{name}`; valid editions: amulet, bullet, coin, dagger \
         (or a custom character {{ name = \"...\", kind = \"...\" }})"
    )]
    UnknownEdition {
        /// The value.
        value: usize,
        /// The name given.
        name: String,
    },
    /// `custom` given as an edition name.
    #[error(
        "value {value}: a custom character is a table: {{ name = \"...\", kind = \"...\", \
         count = N }}"
    )]
    CustomNotTable {
        /// The value.
        value: usize,
    },
    /// The edition has no character of this value (the engine's message lists those it has).
    #[error(transparent)]
    Edition(silver_rules::SetError),
    /// A custom character without a one-line name.
    #[error(
        "value {value}: a custom character needs a one-line `name`, without control characters"
    )]
    CustomName {
        /// The value.
        value: usize,
    },
    /// A custom character's ability is wrong.
    #[error("value {value} ({name})")]
    CustomAbility {
        /// The value.
        value: usize,
        /// The character's name.
        name: String,
        /// What is wrong with the ability.
        source: CustomAbilityError,
    },
    /// Neither `base` nor `token`.
    #[error(
        "without `base` the file must name its token (token = \"amulet\", bullet, coin or \
         dagger) and give every value 0-13 (or start from a preset: base = \"amulet\")"
    )]
    NoToken,
    /// Values missing without a `base`.
    #[error(
        "{} {} {}: without `base` every value 0-13 must be given under [values] (or start \
         from a preset: base = \"amulet\")",
        if values.len() == 1 { "value" } else { "values" },
        values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "),
        if values.len() == 1 { "is missing" } else { "are missing" }
    )]
    Missing {
        /// The values not given.
        values: Vec<usize>,
    },
    /// The engine rejects the mix.
    #[error(transparent)]
    Mix(silver_rules::SetError),
    /// A recorded definition without 14 values.
    #[error("a set record has {values} values, not {}", silver_rules::VALUES)]
    RecordLength {
        /// Values in the record.
        values: usize,
    },
}

/// What is wrong with a custom character's ability.
#[derive(Debug, thiserror::Error)]
pub enum CustomAbilityError {
    /// Not an ability kind, or a count the kind does not take (the engine's message lists
    /// the kinds).
    #[error(transparent)]
    Kind(silver_rules::AbilityKindError),
    /// A `count` for a kind without one.
    #[error("ability kind `{kind}` has no `count` parameter")]
    NoCount {
        /// The kind.
        kind: String,
    },
    /// A `count` outside the kind's range.
    #[error("ability `{kind}`: count {count} is outside {low}-{high}")]
    CountRange {
        /// The kind.
        kind: String,
        /// The count given.
        count: i64,
        /// Smallest count.
        low: u8,
        /// Largest count.
        high: u8,
    },
}
