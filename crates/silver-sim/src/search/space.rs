//! The space of card sets a search explores: for each value that may change, the characters
//! it may take (editions' characters, custom characters), and optionally the token; a set is
//! a mixed-radix index over those choices, choice 0 of every dimension being the base's, so
//! index 0 is the base set.
//!
//! A dimension with a single choice (a value no other allowed edition has a character for,
//! the token when only the base's is allowed) is left out: it never changes.

use super::spec::SearchError;
use crate::sets::{CustomCharacter, NamedSet};
use silver_rules::{character, Ability, Edition, Token, VALUES};

/// One character a value may take in the space.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    /// The value's character in a built-in edition.
    Edition(Edition),
    /// A custom character: an ability kind and its count (as a card-set file writes them).
    Custom {
        /// The ability kind (`discard-own`).
        kind: String,
        /// Its count, for a kind that takes one.
        count: Option<u8>,
    },
    /// The base set's own character for the value, when it is none of the above (a custom
    /// character of the base).
    Base,
}

impl Choice {
    /// The name of a custom choice's character (and of its label in outputs):
    /// `custom-KIND` or `custom-KIND-COUNT`, as the canonical set name writes it.
    pub fn custom_name(kind: &str, count: Option<u8>) -> String {
        match count {
            Some(n) => format!("custom-{kind}-{n}"),
            None => format!("custom-{kind}"),
        }
    }
}

/// What one dimension of the space chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DimKind {
    /// A value's character.
    Value(u8),
    /// The token.
    Token,
}

/// One dimension: its options, the base's first.
#[derive(Clone, Debug, PartialEq)]
pub struct Dim {
    /// What it chooses.
    pub kind: DimKind,
    /// A value's choices (empty for the token).
    pub choices: Vec<Choice>,
    /// The token's choices (empty for a value).
    pub tokens: Vec<Token>,
}

impl Dim {
    /// Number of choices (the dimension's radix).
    pub fn radix(&self) -> u64 {
        match self.kind {
            DimKind::Value(_) => self.choices.len() as u64,
            DimKind::Token => self.tokens.len() as u64,
        }
    }
}

/// The space: the base and the dimensions that may change (values in order, then the token).
/// Index `i` takes, in dimension `k`, choice `(i / Π_{j<k} radix_j) mod radix_k`.
#[derive(Clone, Debug, PartialEq)]
pub struct Space {
    /// The base set (index 0).
    pub base: NamedSet,
    /// The dimensions, values ascending then the token.
    pub dims: Vec<Dim>,
    /// Number of sets (the product of the dimensions' sizes).
    pub size: u64,
}

/// The most sets a space may hold (its indices are enumerated).
pub const MAX_SPACE: u64 = 1 << 40;

/// The most candidates a search may list (each is a row of its first stage).
pub const MAX_CANDIDATES: u64 = 20_000_000;

impl Space {
    /// The space around `base`: each of `values` may take the character of every edition of
    /// `editions` that has one for it (in [`Edition::BUILT_IN`]'s order), then the `custom`
    /// choices given for it (in order); the token any of `tokens` (in [`Token::ALL`]'s order).
    /// The base's own choice is always choice 0; a choice whose ability is that of an earlier
    /// choice (the same character, or another edition's that plays the same) is left out.
    pub fn new(
        base: NamedSet,
        values: &[u8],
        editions: &[Edition],
        tokens: &[Token],
        custom: &[(u8, Choice)],
    ) -> Result<Space, SearchError> {
        if let Some(&e) = editions.iter().find(|e| **e == Edition::Custom) {
            return Err(SearchError::UnknownEdition {
                name: e.name().into(),
            });
        }
        let mut values: Vec<u8> = values.to_vec();
        if let Some(&value) = values
            .iter()
            .chain(custom.iter().map(|(v, _)| v))
            .find(|v| usize::from(**v) >= VALUES)
        {
            return Err(SearchError::UnknownValue { value });
        }
        if let Some((value, _)) = custom.iter().find(|(v, _)| !values.contains(v)) {
            return Err(SearchError::CustomValue { value: *value });
        }
        values.sort_unstable();
        values.dedup();
        let mut dims = Vec::new();
        for &v in &values {
            let base_choice = match base.set.edition(v) {
                Edition::Custom => Choice::Base,
                e => Choice::Edition(e),
            };
            let mut choices = vec![base_choice];
            // The abilities chosen so far: a character that plays as one of them (Dagger's
            // Master Thief as Amulet's Robber) would only repeat its sets' games.
            let mut abilities = vec![base.set.ability(v)];
            for e in Edition::BUILT_IN {
                let c = Choice::Edition(e);
                let Some(ch) = character(e, v).filter(|_| editions.contains(&e)) else {
                    continue;
                };
                if !choices.contains(&c) && !abilities.contains(&ch.ability) {
                    choices.push(c);
                    abilities.push(ch.ability);
                }
            }
            for (cv, c) in custom {
                if *cv != v {
                    continue;
                }
                let Choice::Custom { kind, count } = c else {
                    if !choices.contains(c) {
                        choices.push(c.clone());
                    }
                    continue;
                };
                let ability =
                    Ability::from_kind(kind, *count).map_err(|source| SearchError::Custom {
                        value: v,
                        kind: kind.clone(),
                        source,
                    })?;
                if !abilities.contains(&ability) && !choices.contains(c) {
                    choices.push(c.clone());
                    abilities.push(ability);
                }
            }
            if choices.len() > 1 {
                dims.push(Dim {
                    kind: DimKind::Value(v),
                    choices,
                    tokens: Vec::new(),
                });
            }
        }
        let mut toks = vec![base.set.token()];
        toks.extend(
            Token::ALL
                .into_iter()
                .filter(|t| tokens.contains(t) && *t != base.set.token()),
        );
        if toks.len() > 1 {
            dims.push(Dim {
                kind: DimKind::Token,
                choices: Vec::new(),
                tokens: toks,
            });
        }
        let mut size: u64 = 1;
        for d in &dims {
            size = size
                .checked_mul(d.radix())
                .filter(|s| *s <= MAX_SPACE)
                .ok_or(SearchError::SpaceTooLarge { max: MAX_SPACE })?;
        }
        Ok(Space { base, dims, size })
    }

    /// The choice of every dimension for `index` (dimension order).
    pub fn digits(&self, index: u64) -> Vec<u64> {
        let mut rest = index;
        self.dims
            .iter()
            .map(|d| {
                let r = d.radix();
                let c = rest % r;
                rest /= r;
                c
            })
            .collect()
    }

    /// The set at `index`: the base with each dimension's choice; its canonical name, labels
    /// and custom characters as [`crate::balance::one_swap`] and card-set files make them.
    pub fn set(&self, index: u64) -> Result<NamedSet, SearchError> {
        if index >= self.size {
            return Err(SearchError::IndexOutOfRange {
                index,
                size: self.size,
            });
        }
        let mut set = self.base.set;
        let mut labels = self.base.labels.clone();
        let mut custom = self.base.custom.clone();
        for (d, c) in self.dims.iter().zip(self.digits(index)) {
            if c == 0 {
                continue;
            }
            let c = c as usize;
            let v = match d.kind {
                DimKind::Token => {
                    set = set.with_token(d.tokens[c]);
                    continue;
                }
                DimKind::Value(v) => v,
            };
            match &d.choices[c] {
                Choice::Base => continue,
                Choice::Edition(e) => {
                    set = set
                        .with_character(v, *e)
                        .map_err(|source| SearchError::Set { value: v, source })?;
                    labels[v as usize] =
                        character(*e, v).map_or_else(String::new, |ch| ch.name.into());
                    custom.retain(|(cv, _)| *cv != v);
                }
                Choice::Custom { kind, count } => {
                    let ability =
                        Ability::from_kind(kind, *count).map_err(|source| SearchError::Custom {
                            value: v,
                            kind: kind.clone(),
                            source,
                        })?;
                    set = set.with_custom(v, ability);
                    let name = Choice::custom_name(kind, *count);
                    labels[v as usize] = name.clone();
                    custom.retain(|(cv, _)| *cv != v);
                    custom.push((v, CustomCharacter { name, ability }));
                    custom.sort_by_key(|(cv, _)| *cv);
                }
            }
        }
        Ok(NamedSet {
            set,
            name: set.canonical_name(),
            labels,
            custom,
        })
    }

    /// Dimensions in which the set at `index` differs from the base.
    pub fn changes(&self, index: u64) -> u32 {
        self.digits(index).iter().filter(|&&c| c != 0).count() as u32
    }

    /// How many indices are within `max_changes` of the base (every index without a limit).
    pub fn count(&self, max_changes: Option<u32>) -> u64 {
        let Some(k) = max_changes else {
            return self.size;
        };
        // ways[j]: sets of the dimensions so far with exactly j changes.
        let k = k as usize;
        let mut ways = vec![0u64; k + 1];
        ways[0] = 1;
        for d in &self.dims {
            let other = d.radix() - 1;
            for j in (1..=k).rev() {
                ways[j] = ways[j].saturating_add(ways[j - 1].saturating_mul(other));
            }
        }
        ways.iter().fold(0u64, |a, w| a.saturating_add(*w))
    }

    /// The indices within `max_changes` of the base (every index without a limit), ascending.
    pub fn candidates(&self, max_changes: Option<u32>) -> Vec<u64> {
        let Some(k) = max_changes else {
            return (0..self.size).collect();
        };
        let mut weights = Vec::with_capacity(self.dims.len());
        let mut w = 1u64;
        for d in &self.dims {
            weights.push(w);
            w = w.saturating_mul(d.radix());
        }
        let mut out = Vec::new();
        self.walk(self.dims.len(), 0, k, &weights, &mut out);
        out
    }

    /// Appends, ascending, every index whose dimensions below `upto` use at most `budget`
    /// changes, the dimensions from `upto` on fixed as in `prefix`: the most significant
    /// dimension first, choice 0 first, so the indices come in order.
    fn walk(&self, upto: usize, prefix: u64, budget: u32, weights: &[u64], out: &mut Vec<u64>) {
        if upto == 0 {
            out.push(prefix);
            return;
        }
        let k = upto - 1;
        self.walk(k, prefix, budget, weights, out);
        if budget > 0 {
            for c in 1..self.dims[k].radix() {
                self.walk(k, prefix + c * weights[k], budget - 1, weights, out);
            }
        }
    }
}
