//! Card sets as an input of experiments and the `silver` command: a set string
//! (`amulet`, `amulet+0:bullet,10:coin/token=coin`, a full per-value list) or a TOML card-set
//! file, resolved into a [`NamedSet`]: the engine's [`CardSet`], its canonical name, the name
//! of each value's character (custom characters included) and the custom definitions.
//!
//! A card-set file (`experiments/sets/*.toml`):
//!
//! ```toml
//! base = "amulet"            # optional: a preset or set string to start from
//! token = "coin"             # required without base; overrides the base's token otherwise
//! [values]
//! 0 = "bullet"               # a built-in character: the edition for this value
//! 5 = { name = "Scout", kind = "look-opponent", count = 2 }   # a custom character
//! ```
//!
//! Every key is checked: a typo is an error naming the valid keys.

use crate::error::{CustomAbilityError, SetDefError, SetDefProblem, SetFileError, UnknownToken};
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
use silver_bots::one_line;
use silver_rules::{
    characters, count_range, Ability, CardSet, Edition, Provenance, Token, Value, ABILITY_KINDS,
    VALUES,
};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

/// A custom character of a card-set file: a name and an ability kind with its parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomCharacter {
    /// Name shown in listings and outputs.
    pub name: String,
    /// What the card does.
    pub ability: Ability,
}

/// A resolved card set: what the engine plays and what outputs call it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedSet {
    /// The engine's card set (abilities per value and the token).
    pub set: CardSet,
    /// Canonical name ([`CardSet::canonical_name`]), written in every output.
    pub name: String,
    /// The character name of each value (a custom character's own name).
    pub labels: [String; VALUES],
    /// The custom characters, by value (ascending).
    pub custom: Vec<(Value, CustomCharacter)>,
}

/// One value of a card-set file: a built-in character (its edition) or a custom character.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ValueDef {
    /// The edition whose character this value is (`"bullet"`).
    Edition(String),
    /// A custom character.
    Custom(CustomDef),
}

/// A custom character as written: `{ name = "Scout", kind = "look-opponent", count = 2 }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomDef {
    /// Name shown in listings and outputs (required).
    pub name: String,
    /// Ability kind (`silver cards` lists them).
    pub kind: String,
    /// The kind's `count` parameter, if it has one (default: the kind's default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<i64>,
}

impl<'de> Deserialize<'de> for ValueDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ValueDef, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ValueDef;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(
                    "an edition name (\"bullet\") or a custom character \
                     { name = \"...\", kind = \"...\", count = N }",
                )
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<ValueDef, E> {
                Ok(ValueDef::Edition(s.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<ValueDef, A::Error> {
                CustomDef::deserialize(de::value::MapAccessDeserializer::new(m))
                    .map(ValueDef::Custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// A card-set file as written (before validation).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetFile {
    #[serde(default)]
    base: Option<String>,
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    values: BTreeMap<String, toml::Spanned<ValueDef>>,
}

/// The full definition of a set (every value and the token), as stored in a run's manifest so
/// that `merge` and `report` can rebuild it, custom characters included.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetRecord {
    /// Token name.
    pub token: String,
    /// The 14 values in order.
    pub values: Vec<ValueDef>,
}

fn parse_token(t: &str) -> Result<Token, UnknownToken> {
    Token::from_name(t.trim()).ok_or_else(|| UnknownToken {
        name: t.trim().to_string(),
    })
}

/// The ability of a custom definition, with clear errors (kinds listed, count ranges).
fn custom_ability(kind: &str, count: Option<i64>) -> Result<Ability, CustomAbilityError> {
    let from_kind = |count| Ability::from_kind(kind, count).map_err(CustomAbilityError::Kind);
    let base = from_kind(None)?;
    match count {
        None => Ok(base),
        Some(n) => {
            let Some((low, high)) = count_range(base) else {
                return Err(CustomAbilityError::NoCount { kind: kind.into() });
            };
            let n = u8::try_from(n).map_err(|_| CustomAbilityError::CountRange {
                kind: kind.into(),
                count: n,
                low,
                high,
            })?;
            from_kind(Some(n))
        }
    }
}

/// The name of a value's character (a custom value without a name is called by its kind).
fn label_of(set: &CardSet, v: Value) -> String {
    match set.character(v) {
        Some(c) => c.name.to_string(),
        None => format!("custom {}", set.ability(v).kind()),
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

impl NamedSet {
    /// A set of built-in characters (custom values, if any, are named by their kind).
    pub fn from_set(set: CardSet) -> NamedSet {
        NamedSet {
            set,
            name: set.canonical_name(),
            labels: std::array::from_fn(|v| label_of(&set, v as Value)),
            custom: Vec::new(),
        }
    }

    /// The Amulet preset.
    pub fn amulet() -> NamedSet {
        NamedSet::from_set(CardSet::amulet())
    }

    /// Replaces the token (and updates the canonical name).
    pub fn with_token(mut self, token: Token) -> NamedSet {
        self.set = self.set.with_token(token);
        self.name = self.set.canonical_name();
        self
    }

    /// Parses a set string (as [`CardSet::parse`] accepts).
    pub fn parse(text: &str) -> Result<NamedSet, SetFileError> {
        Ok(NamedSet::from_set(CardSet::parse(text)?))
    }

    /// Parses the text of a card-set file. Errors carry the line where one is known.
    pub fn from_toml(text: &str) -> Result<NamedSet, SetDefError> {
        Self::from_toml_explicit(text).map(|(s, _)| s)
    }

    /// As [`NamedSet::from_toml`], and whether the file names its token (`token` or a `base`
    /// with `/token=`).
    fn from_toml_explicit(text: &str) -> Result<(NamedSet, bool), SetDefError> {
        let file: SetFile = toml::from_str(text).map_err(|e: toml::de::Error| {
            SetDefError::at(
                e.span().map(|span| line_of(text, span.start)),
                SetDefProblem::Toml(one_line(e.message())),
            )
        })?;
        let values = file
            .values
            .iter()
            .map(|(k, v)| (k.clone(), Some(line_of(text, v.span().start)), v.get_ref()))
            .collect::<Vec<_>>();
        let explicit =
            file.token.is_some() || file.base.as_deref().is_some_and(|b| b.contains("/token="));
        let set = build(file.base.as_deref(), file.token.as_deref(), &values)?;
        Ok((set, explicit))
    }

    /// The full definition (every value, the token), for a run's manifest.
    pub fn record(&self) -> SetRecord {
        SetRecord {
            token: self.set.token().name().to_string(),
            values: (0..VALUES as Value)
                .map(|v| match self.custom.iter().find(|(cv, _)| *cv == v) {
                    Some((_, c)) => ValueDef::Custom(CustomDef {
                        name: c.name.clone(),
                        kind: c.ability.kind().to_string(),
                        count: c.ability.count().map(i64::from),
                    }),
                    None => ValueDef::Edition(self.set.edition(v).name().to_string()),
                })
                .collect(),
        }
    }

    /// Rebuilds a set from its recorded definition (a manifest's `set_definition`).
    pub fn from_record(r: &SetRecord) -> Result<NamedSet, SetFileError> {
        if r.values.len() != VALUES {
            return Err(SetDefError::from(SetDefProblem::RecordLength {
                values: r.values.len(),
            })
            .into());
        }
        let values: Vec<(String, Option<usize>, &ValueDef)> = r
            .values
            .iter()
            .enumerate()
            .map(|(v, d)| (v.to_string(), None, d))
            .collect();
        Ok(build(None, Some(&r.token), &values)?)
    }

    /// Provenance of a value's character.
    pub fn provenance(&self, v: Value) -> Provenance {
        self.set.provenance(v)
    }

    /// The one-line notice for sets with characters or a token that are not official, e.g.
    /// `note: this set uses reconstructed rules for 0 Hunter, 5 Cow; token bullet
    /// (reconstructed) — see docs/rulings.md`. `None` for an all-official set.
    pub fn notice(&self) -> Option<String> {
        let (values, token) = self.set.unofficial();
        let mut parts = Vec::new();
        let named = |p: Provenance| -> Vec<String> {
            values
                .iter()
                .filter(|&&v| self.provenance(v) == p)
                .map(|&v| format!("{v} {}", self.labels[v as usize]))
                .collect()
        };
        let rec = named(Provenance::Reconstructed);
        if !rec.is_empty() {
            parts.push(format!("reconstructed rules for {}", rec.join(", ")));
        }
        let custom: Vec<String> = self
            .custom
            .iter()
            .map(|(v, c)| format!("{v} {} ({})", c.name, kind_spec(c.ability)))
            .collect();
        if !custom.is_empty() {
            parts.push(format!("custom characters {}", custom.join(", ")));
        }
        if token {
            let t = self.set.token();
            parts.push(format!("token {} ({})", t.name(), t.provenance().name()));
        }
        if parts.is_empty() {
            return None;
        }
        Some(format!(
            "note: this set uses {} — see docs/rulings.md",
            parts.join("; ")
        ))
    }

    /// The lines a run summary starts with: `set NAME`, then the notice if there is one.
    pub fn summary_lines(&self) -> String {
        let mut s = format!("set {}\n", self.name);
        if let Some(n) = self.notice() {
            s.push_str(&n);
            s.push('\n');
        }
        s
    }

    /// The `silver cards --set SET` listing: the 14 characters, the token, the notice.
    pub fn listing(&self) -> String {
        let mut rows = vec![row([
            "value",
            "name",
            "edition",
            "provenance",
            "rule",
            "trigger",
            "ability",
        ])];
        for v in 0..VALUES as Value {
            let a = self.set.ability(v);
            rows.push(vec![
                v.to_string(),
                self.labels[v as usize].clone(),
                self.set.edition(v).name().to_string(),
                self.provenance(v).name().to_string(),
                self.set
                    .character(v)
                    .map_or_else(|| kind_spec(a), |c| c.rule.to_string()),
                a.trigger().describe().to_string(),
                a.describe(),
            ]);
        }
        let t = self.set.token();
        let mut out = format!("set {}\n", self.name);
        out.push_str(&table(&rows, &[0]));
        let _ = writeln!(
            out,
            "token {} ({}): {}",
            t.name(),
            t.provenance().name(),
            t.describe()
        );
        if let Some(n) = self.notice() {
            out.push_str(&n);
            out.push('\n');
        }
        out
    }
}

/// `look-opponent count 2` for a custom character's ability.
fn kind_spec(a: Ability) -> String {
    match a.count() {
        Some(n) => format!("{} count {n}", a.kind()),
        None => a.kind().to_string(),
    }
}

/// Builds a set from a base (a preset or set string), a token and per-value definitions
/// (`(key, line, definition)`): the one path for card-set files and manifest records.
fn build(
    base: Option<&str>,
    token: Option<&str>,
    values: &[(String, Option<usize>, &ValueDef)],
) -> Result<NamedSet, SetDefError> {
    let at = SetDefError::at;
    let base_set = match base {
        Some(b) => Some(CardSet::parse(b).map_err(|source| SetDefProblem::Base {
            text: b.into(),
            source,
        })?),
        None => None,
    };
    let token = match token {
        Some(t) => Some(parse_token(t).map_err(|source| SetDefProblem::Token {
            text: t.into(),
            source,
        })?),
        None => None,
    };
    let mut editions = [Edition::Amulet; VALUES];
    if let Some(b) = &base_set {
        for (v, e) in editions.iter_mut().enumerate() {
            *e = b.edition(v as Value);
        }
    }
    let mut given = [false; VALUES];
    let mut custom: Vec<(Value, CustomCharacter)> = Vec::new();
    for (key, line, def) in values {
        let line = *line;
        let v: usize = key
            .trim()
            .parse()
            .map_err(|_| at(line, SetDefProblem::NotAValue { key: key.clone() }))?;
        if v >= VALUES {
            return Err(at(line, SetDefProblem::OutOfRange { value: v }));
        }
        if given[v] {
            return Err(at(line, SetDefProblem::Twice { value: v }));
        }
        given[v] = true;
        match def {
            ValueDef::Edition(e) => {
                let ed = Edition::from_name(e.trim()).ok_or_else(|| {
                    at(
                        line,
                        SetDefProblem::UnknownEdition {
                            value: v,
                            name: e.clone(),
                        },
                    )
                })?;
                if ed == Edition::Custom {
                    return Err(at(line, SetDefProblem::CustomNotTable { value: v }));
                }
                // The engine's own message (it lists the edition's known values).
                if let Err(e) = CardSet::amulet().with_character(v as Value, ed) {
                    return Err(at(line, SetDefProblem::Edition(e)));
                }
                editions[v] = ed;
            }
            ValueDef::Custom(c) => {
                let name = c.name.trim();
                if name.is_empty() || name.contains(char::is_control) {
                    return Err(at(line, SetDefProblem::CustomName { value: v }));
                }
                let ability = custom_ability(c.kind.trim(), c.count).map_err(|source| {
                    at(
                        line,
                        SetDefProblem::CustomAbility {
                            value: v,
                            name: name.into(),
                            source,
                        },
                    )
                })?;
                custom.push((
                    v as Value,
                    CustomCharacter {
                        name: name.to_string(),
                        ability,
                    },
                ));
            }
        }
    }
    let token = match (token, &base_set) {
        (Some(t), _) => t,
        (None, Some(b)) => b.token(),
        (None, None) => return Err(SetDefProblem::NoToken.into()),
    };
    if base_set.is_none() {
        let missing: Vec<usize> = (0..VALUES).filter(|&v| !given[v]).collect();
        if !missing.is_empty() {
            return Err(SetDefProblem::Missing { values: missing }.into());
        }
    }
    // Custom values take a built-in placeholder for the mix, then their own ability.
    for (v, _) in &custom {
        editions[*v as usize] = Edition::Amulet;
    }
    let mut set = CardSet::mix(editions, token).map_err(SetDefProblem::Mix)?;
    custom.sort_by_key(|(v, _)| *v);
    for (v, c) in &custom {
        set = set.with_custom(*v, c.ability);
    }
    let mut named = NamedSet::from_set(set);
    for (v, c) in &custom {
        named.labels[*v as usize] = c.name.clone();
    }
    named.custom = custom;
    Ok(named)
}

/// True if a set argument names a card-set file rather than a set string.
pub fn is_set_file(arg: &str) -> bool {
    arg.trim().ends_with(".toml")
}

/// Resolves a set argument: a set string, or a card-set file (a path ending in `.toml`,
/// relative to the working directory; experiment specs make theirs relative to the spec, see
/// [`crate::spec::ExperimentSpec::from_file`]). Errors are one line naming the set or file.
pub fn resolve_set(arg: &str) -> Result<NamedSet, SetFileError> {
    resolve_explicit(arg).map(|(s, _)| s)
}

/// As [`resolve_set`], and whether the set names its token itself.
fn resolve_explicit(arg: &str) -> Result<(NamedSet, bool), SetFileError> {
    let arg = arg.trim();
    // Set names are written on one line of every output and error.
    if arg.contains(char::is_control) {
        return Err(SetFileError::ControlCharacter { text: arg.into() });
    }
    if is_set_file(arg) {
        let path = PathBuf::from(arg);
        let text = match crate::files::read_text(&path) {
            Ok(text) => text,
            Err(source) => return Err(SetFileError::Read { path, source }),
        };
        NamedSet::from_toml_explicit(&text).map_err(|source| SetFileError::File { path, source })
    } else {
        let s = CardSet::parse(arg).map_err(|source| SetFileError::String {
            text: arg.into(),
            source,
        })?;
        Ok((NamedSet::from_set(s), arg.contains("/token=")))
    }
}

/// Resolves a set argument with an optional token override (an experiment's `token` key). The
/// override replaces the set's token, unless the set names a different token itself (a
/// `/token=` suffix or a file's `token` key): that conflict is an error.
pub fn resolve_set_with_token(arg: &str, token: Option<&str>) -> Result<NamedSet, SetFileError> {
    let (set, explicit) = resolve_explicit(arg)?;
    let Some(t) = token else {
        return Ok(set);
    };
    if t.contains(char::is_control) {
        return Err(SetFileError::ControlCharacter { text: t.into() });
    }
    let tok = parse_token(t).map_err(|source| SetFileError::Token {
        text: t.into(),
        source,
    })?;
    if explicit && tok != set.set.token() {
        return Err(SetFileError::TokenConflict {
            text: t.into(),
            named: set.set.token().name().into(),
            set: arg.trim().into(),
        });
    }
    Ok(set.with_token(tok))
}

fn row<const N: usize>(cells: [&str; N]) -> Vec<String> {
    cells.iter().map(|s| s.to_string()).collect()
}

/// An aligned plain-text table: columns separated by two spaces, `right` columns
/// right-aligned, no trailing spaces.
fn table(rows: &[Vec<String>], right: &[usize]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in rows {
        let mut line = String::new();
        for (c, cell) in r.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            let pad = widths[c] - cell.chars().count();
            if right.contains(&c) {
                line.push_str(&" ".repeat(pad));
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&" ".repeat(pad));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The `silver cards` listing: every built-in character, the tokens, and the ability kinds a
/// custom character may use. Deterministic (registry order).
pub fn list_cards() -> String {
    let mut out = String::from("built-in characters\n");
    let mut rows = vec![row([
        "edition",
        "value",
        "name",
        "provenance",
        "rule",
        "trigger",
        "ability",
    ])];
    for c in characters() {
        rows.push(vec![
            c.edition.name().to_string(),
            c.value.to_string(),
            c.name.to_string(),
            c.provenance.name().to_string(),
            c.rule.to_string(),
            c.ability.trigger().describe().to_string(),
            c.ability.describe(),
        ]);
    }
    out.push_str(&table(&rows, &[1]));
    out.push_str("\ntokens\n");
    let mut rows = vec![row(["token", "provenance", "description"])];
    for t in Token::ALL {
        rows.push(vec![
            t.name().to_string(),
            t.provenance().name().to_string(),
            t.describe().to_string(),
        ]);
    }
    out.push_str(&table(&rows, &[]));
    out.push_str(
        "\nability kinds for custom characters ([values] N = { name = \"...\", kind = \"...\", \
         count = N } in a card-set file)\n",
    );
    let mut rows = vec![row(["kind", "trigger", "count", "description"])];
    for a in ABILITY_KINDS {
        let param = match (count_range(a), a.count()) {
            (Some((lo, hi)), Some(d)) => format!("{lo}-{hi}, default {d}"),
            _ => "-".to_string(),
        };
        rows.push(vec![
            a.kind().to_string(),
            a.trigger().describe().to_string(),
            param,
            a.describe(),
        ]);
    }
    out.push_str(&table(&rows, &[]));
    out
}
