//! Card sets (R-SET, E-MIX): which character each value is, plus the token, and the set-string
//! grammar that names a set in configs, manifests and on the command line
//! ([`CardSet::parse`], [`CardSet::canonical_name`]).

use super::{character, characters, Ability, Character, Edition, Provenance, Token, Value, VALUES};
use super::{AMULET_CHARACTERS, BULLET_CHARACTERS};

/// A card set (R-SET, E-MIX): which character each value 0–13 is, plus the game's token.
///
/// Stored by value inside the game state (it is small and `Copy`), so a state never refers to
/// anything outside itself. Names of custom characters live with the card-set description
/// (outside the engine); the engine needs only the abilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardSet {
    editions: [Edition; VALUES],
    abilities: [Ability; VALUES],
    token: Token,
}

/// An invalid card set: why a set string ([`CardSet::parse`]), a mix ([`CardSet::mix`]) or a
/// replacement ([`CardSet::with_character`]) was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetError {
    /// The set string is empty.
    #[error("empty card set")]
    Empty,
    /// An empty entry in the per-value list (a trailing or doubled comma).
    #[error("`{0}`: an empty entry in the list (a trailing or doubled comma)")]
    EmptyEntry(String),
    /// The set string's base is not a preset.
    #[error(
        "unknown card set `{0}`; presets: {presets} (or a per-value list such as \
         0:amulet,1:bullet,…)",
        presets = CardSet::PRESETS.join(", ")
    )]
    UnknownPreset(String),
    /// `/token=` names no token.
    #[error("unknown token `{0}`; valid tokens: amulet, bullet, coin, dagger")]
    UnknownToken(String),
    /// A part of the per-value list is not `VALUE:EDITION`.
    #[error("`{part}`: expected VALUE:EDITION, e.g. 5:bullet")]
    NotValueEdition {
        /// The part.
        part: String,
    },
    /// A part's value is not a number 0–13.
    #[error("`{part}`: the value must be 0-13")]
    BadValue {
        /// The part.
        part: String,
    },
    /// A part names no built-in edition.
    #[error("`{part}`: unknown edition `{edition}`; valid editions: amulet, bullet, coin, dagger")]
    UnknownEdition {
        /// The part.
        part: String,
        /// The name given as the edition.
        edition: String,
    },
    /// The per-value list gives a value twice.
    #[error("value {0} is given twice")]
    Twice(Value),
    /// A per-value list without a base leaves out a value.
    #[error(
        "value {0} is missing: a per-value list covers every value 0-13 (or start from a \
         preset: amulet+{0}:bullet)"
    )]
    Missing(Value),
    /// A per-value list without a base names no token.
    #[error("a per-value list must name its token: add /token=amulet (or bullet, coin, dagger)")]
    NoToken,
    /// A mix gives a value a custom character, which only a card-set file can define.
    #[error("value {0}: a custom character needs a definition (a card-set file)")]
    CustomWithoutDefinition(Value),
    /// The edition's character for the value is unknown, so not shipped (EDITIONS.md).
    #[error(
        "value {value}: the {name} edition's character for {value} is unknown (not shipped); \
         known values: {known}",
        name = .edition.name(),
        known = known_values(*.edition)
    )]
    UnknownCharacter {
        /// The edition.
        edition: Edition,
        /// The value.
        value: Value,
    },
}

impl CardSet {
    /// The single-edition Silver (Amulet) set with the Amulet token.
    pub const fn amulet() -> CardSet {
        let mut abilities = [Ability::Wild; VALUES];
        let mut i = 0;
        while i < VALUES {
            abilities[i] = AMULET_CHARACTERS[i].ability;
            i += 1;
        }
        CardSet {
            editions: [Edition::Amulet; VALUES],
            abilities,
            token: Token::Amulet,
        }
    }

    /// The single-edition Silver Bullet set with the Bullet token.
    pub const fn bullet() -> CardSet {
        let mut abilities = [Ability::Wild; VALUES];
        let mut i = 0;
        while i < VALUES {
            abilities[i] = BULLET_CHARACTERS[i].ability;
            i += 1;
        }
        CardSet {
            editions: [Edition::Bullet; VALUES],
            abilities,
            token: Token::Bullet,
        }
    }

    /// A named preset (`amulet`, `bullet`).
    pub fn preset(name: &str) -> Option<CardSet> {
        match name {
            "amulet" => Some(CardSet::amulet()),
            "bullet" => Some(CardSet::bullet()),
            _ => None,
        }
    }

    /// Names of the presets.
    pub const PRESETS: [&'static str; 2] = ["amulet", "bullet"];

    /// A per-value mix of built-in characters (E-MIX): `editions[v]` is the edition of value
    /// `v`. Every edition must have a known character for its value.
    pub fn mix(editions: [Edition; VALUES], token: Token) -> Result<CardSet, SetError> {
        let mut abilities = [Ability::Plain; VALUES];
        for v in 0..VALUES {
            let e = editions[v];
            if e == Edition::Custom {
                return Err(SetError::CustomWithoutDefinition(v as Value));
            }
            let c = known_character(e, v as Value)?;
            abilities[v] = c.ability;
        }
        Ok(CardSet {
            editions,
            abilities,
            token,
        })
    }

    /// Replaces value `value` with the built-in character of `edition` (E-MIX).
    pub fn with_character(mut self, value: Value, edition: Edition) -> Result<CardSet, SetError> {
        let c = known_character(edition, value)?;
        self.editions[value as usize] = edition;
        self.abilities[value as usize] = c.ability;
        Ok(self)
    }

    /// Replaces value `value` with a custom character's ability (a card-set file).
    pub fn with_custom(mut self, value: Value, ability: Ability) -> CardSet {
        self.editions[value as usize] = Edition::Custom;
        self.abilities[value as usize] = ability;
        self
    }

    /// Replaces the token.
    pub fn with_token(mut self, token: Token) -> CardSet {
        self.token = token;
        self
    }

    /// The ability of a value.
    #[inline]
    pub fn ability(&self, value: Value) -> Ability {
        self.abilities[value as usize]
    }

    /// The edition chosen for a value.
    pub fn edition(&self, value: Value) -> Edition {
        self.editions[value as usize]
    }

    /// The built-in character of a value (`None` for a custom character).
    pub fn character(&self, value: Value) -> Option<&'static Character> {
        character(self.editions[value as usize], value)
    }

    /// Provenance of a value's character.
    pub fn provenance(&self, value: Value) -> Provenance {
        self.character(value)
            .map_or(Provenance::Custom, |c| c.provenance)
    }

    /// The game's token.
    pub fn token(&self) -> Token {
        self.token
    }

    /// True if the set has scoring-time effects (E-SCORING-ORDER: B0, B13, the Bullet token).
    #[inline]
    pub fn has_scoring_effects(&self) -> bool {
        self.token == Token::Bullet || self.abilities.iter().any(|a| a.scoring().is_some())
    }

    /// True if some value of the set has this ability (any parameters).
    pub fn has_kind(&self, kind: &str) -> bool {
        self.abilities.iter().any(|a| a.kind() == kind)
    }

    /// Values whose character is reconstructed or custom (EDITIONS.md provenance), and whether
    /// the token's rule is reconstructed.
    pub fn unofficial(&self) -> (Vec<Value>, bool) {
        let vals = (0..VALUES as Value)
            .filter(|&v| self.provenance(v) != Provenance::Official)
            .collect();
        (vals, self.token.provenance() != Provenance::Official)
    }

    /// A short canonical name: a preset name when the set is one; otherwise the per-value
    /// editions as `amulet+0:bullet,5:coin/token=coin` (values that differ from the base
    /// edition, the most common one). Custom abilities are named by kind and count.
    pub fn canonical_name(&self) -> String {
        for p in CardSet::PRESETS {
            if CardSet::preset(p) == Some(*self) {
                return p.to_string();
            }
        }
        let mut counts = [0usize; 5];
        for e in self.editions {
            counts[e as usize] += 1;
        }
        let base = Edition::BUILT_IN
            .into_iter()
            .max_by_key(|&e| (counts[e as usize], std::cmp::Reverse(e as usize)))
            .unwrap_or(Edition::Amulet);
        let mut parts = Vec::new();
        for v in 0..VALUES {
            let e = self.editions[v];
            if e == Edition::Custom {
                let a = self.abilities[v];
                match a.count() {
                    Some(n) => parts.push(format!("{v}:custom-{}-{n}", a.kind())),
                    None => parts.push(format!("{v}:custom-{}", a.kind())),
                }
            } else if e != base {
                parts.push(format!("{v}:{}", e.name()));
            }
        }
        let mut name = base.name().to_string();
        if !parts.is_empty() {
            name.push('+');
            name.push_str(&parts.join(","));
        }
        if Some(self.token) != base.token() {
            name.push_str("/token=");
            name.push_str(self.token.name());
        }
        name
    }

    /// Parses a set string: a preset (`amulet`, `bullet`), a preset with replacements
    /// (`amulet+0:bullet,5:coin`), or a full per-value list (`0:amulet,1:bullet,…,13:amulet`,
    /// every value exactly once), each optionally followed by `/token=NAME`. The token defaults
    /// to the base preset's token; a full list without a base must name its token. This is
    /// also the syntax [`CardSet::canonical_name`] writes (for sets without custom characters).
    pub fn parse(text: &str) -> Result<CardSet, SetError> {
        let text = text.trim();
        let (body, token) = match text.split_once("/token=") {
            Some((b, t)) => {
                let t = t.trim();
                let tok = Token::from_name(t).ok_or_else(|| SetError::UnknownToken(t.into()))?;
                (b.trim(), Some(tok))
            }
            None => (text, None),
        };
        if body.is_empty() {
            return Err(SetError::Empty);
        }
        let (base, list) = if body.contains(':') {
            match body.split_once('+') {
                Some((b, rest)) => (Some(b.trim()), rest),
                None => (None, body),
            }
        } else {
            (Some(body), "")
        };
        let mut editions = [Edition::Amulet; VALUES];
        let mut given = [false; VALUES];
        let mut base_token = None;
        if let Some(b) = base {
            let set = CardSet::preset(b).ok_or_else(|| SetError::UnknownPreset(b.into()))?;
            editions = set.editions;
            base_token = Some(set.token);
        }
        let mut replaced = [false; VALUES];
        let parts = list
            .split(',')
            .map(str::trim)
            .filter(|_| !list.trim().is_empty());
        for part in parts {
            // `amulet+0:bullet,` or `0:amulet,,1:bullet`: a slip, not a set.
            if part.is_empty() {
                return Err(SetError::EmptyEntry(text.trim().into()));
            }
            let (v, e) = part
                .split_once(':')
                .ok_or_else(|| SetError::NotValueEdition { part: part.into() })?;
            let v: usize = v
                .trim()
                .parse()
                .ok()
                .filter(|&v: &usize| v < VALUES)
                .ok_or_else(|| SetError::BadValue { part: part.into() })?;
            let e = e.trim();
            let ed = Edition::from_name(e)
                .filter(|&e| e != Edition::Custom)
                .ok_or_else(|| SetError::UnknownEdition {
                    part: part.into(),
                    edition: e.into(),
                })?;
            if replaced[v] {
                return Err(SetError::Twice(v as Value));
            }
            replaced[v] = true;
            given[v] = true;
            editions[v] = ed;
        }
        if base.is_none() {
            if let Some(missing) = (0..VALUES).find(|&v| !given[v]) {
                return Err(SetError::Missing(missing as Value));
            }
        }
        let token = match (token, base_token) {
            (Some(t), _) => t,
            (None, Some(t)) => t,
            (None, None) => return Err(SetError::NoToken),
        };
        CardSet::mix(editions, token)
    }
}

/// The built-in character of `edition` for `value`, or the error naming the known values.
fn known_character(edition: Edition, value: Value) -> Result<&'static Character, SetError> {
    character(edition, value).ok_or(SetError::UnknownCharacter { edition, value })
}

/// The values of `e` with a built-in character, for [`SetError::UnknownCharacter`].
fn known_values(e: Edition) -> String {
    let v: Vec<String> = characters()
        .filter(|c| c.edition == e)
        .map(|c| c.value.to_string())
        .collect();
    v.join(", ")
}

impl Default for CardSet {
    fn default() -> Self {
        CardSet::amulet()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_set_amulet_characters_in_value_order() {
        let set = CardSet::amulet();
        for v in 0..VALUES as u8 {
            assert_eq!(set.character(v).unwrap().value, v);
            assert_eq!(set.ability(v), AMULET_CHARACTERS[v as usize].ability);
        }
        assert!(set.ability(5).is_discard_ability());
        assert!(set.ability(12).is_discard_ability());
        assert!(!set.ability(4).is_discard_ability());
        assert!(!set.ability(13).is_discard_ability());
        assert_eq!(set.canonical_name(), "amulet");
    }

    #[test]
    fn e_mix_parse_and_canonical_name_round_trip() {
        let s = CardSet::parse("amulet+0:bullet,5:coin").unwrap_err();
        assert_eq!(
            s,
            SetError::UnknownCharacter {
                edition: Edition::Coin,
                value: 5
            }
        );
        assert!(s.to_string().contains("unknown"), "{s}");
        let s = CardSet::parse("amulet+0:bullet,10:coin").unwrap();
        assert_eq!(s.ability(0), Ability::HunterRemove);
        assert_eq!(s.ability(10), Ability::UseUnderneath);
        assert_eq!(s.token(), Token::Amulet);
        let name = s.canonical_name();
        assert_eq!(name, "amulet+0:bullet,10:coin");
        assert_eq!(CardSet::parse(&name).unwrap(), s);
        assert_eq!(CardSet::parse("bullet").unwrap(), CardSet::bullet());
        assert_eq!(CardSet::bullet().canonical_name(), "bullet");
        let t = CardSet::parse("bullet/token=dagger").unwrap();
        assert_eq!(t.canonical_name(), "bullet/token=dagger");
        let full: Vec<String> = (0..14)
            .map(|v| format!("{v}:{}", if v % 2 == 0 { "amulet" } else { "bullet" }))
            .collect();
        let f = CardSet::parse(&format!("{}/token=coin", full.join(","))).unwrap();
        assert_eq!(CardSet::parse(&f.canonical_name()).unwrap(), f);
        assert!(CardSet::parse(&full.join(",")).is_err(), "token required");
        assert!(CardSet::parse("0:amulet")
            .unwrap_err()
            .to_string()
            .contains("missing"));
        assert!(CardSet::parse("amulet+3:bulet")
            .unwrap_err()
            .to_string()
            .contains("edition"));
        assert!(CardSet::parse("amulet+14:bullet")
            .unwrap_err()
            .to_string()
            .contains("0-13"));
        assert!(CardSet::parse("amulet+3:bullet,3:amulet")
            .unwrap_err()
            .to_string()
            .contains("twice"));
        assert!(CardSet::parse("amulet/token=gold")
            .unwrap_err()
            .to_string()
            .contains("token"));
        assert!(CardSet::parse("silver")
            .unwrap_err()
            .to_string()
            .contains("presets"));
    }
}
