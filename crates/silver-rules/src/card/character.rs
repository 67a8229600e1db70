//! The character registry: the built-in characters of every edition ([`characters`],
//! [`character`]), each with its [`Provenance`] (EDITIONS.md), the [`Edition`]s themselves and
//! their [`Token`]s (E-TOKEN). Characters whose text is unknown are not shipped.

use super::{Ability, Value, VALUES};

/// The edition a character comes from (R-SET, EDITIONS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Edition {
    /// Silver (the Amulet edition), fully specified in RULES.md §5.
    Amulet,
    /// Silver Bullet (EDITIONS.md: reconstructed, the Lycan official).
    Bullet,
    /// Silver Coin (EDITIONS.md: values 2, 4, 8, 10 known).
    Coin,
    /// Silver Dagger (EDITIONS.md: values 4, 5, 11, 12 known).
    Dagger,
    /// A character defined by the user in a card-set file (an ability kind with parameters).
    Custom,
}

impl Edition {
    /// Every edition with built-in characters, in listing order.
    pub const BUILT_IN: [Edition; 4] = [
        Edition::Amulet,
        Edition::Bullet,
        Edition::Coin,
        Edition::Dagger,
    ];

    /// Lower-case name as used in configs.
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Amulet => "amulet",
            Edition::Bullet => "bullet",
            Edition::Coin => "coin",
            Edition::Dagger => "dagger",
            Edition::Custom => "custom",
        }
    }

    /// Parses a lower-case edition name.
    pub fn from_name(name: &str) -> Option<Edition> {
        match name {
            "amulet" => Some(Edition::Amulet),
            "bullet" => Some(Edition::Bullet),
            "coin" => Some(Edition::Coin),
            "dagger" => Some(Edition::Dagger),
            "custom" => Some(Edition::Custom),
            _ => None,
        }
    }

    /// The edition's own token (EDITIONS.md E-TOKEN); `None` for custom characters.
    pub const fn token(self) -> Option<Token> {
        match self {
            Edition::Amulet => Some(Token::Amulet),
            Edition::Bullet => Some(Token::Bullet),
            Edition::Coin => Some(Token::Coin),
            Edition::Dagger => Some(Token::Dagger),
            Edition::Custom => None,
        }
    }
}

/// Where a character's definition comes from (EDITIONS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Provenance {
    /// Confirmed by the publisher or two independent sources.
    Official,
    /// One source or the designer's gist, with documented chosen details.
    Reconstructed,
    /// Defined by the user (a custom character in a card-set file).
    Custom,
}

impl Provenance {
    /// Lower-case name for listings.
    pub const fn name(self) -> &'static str {
        match self {
            Provenance::Official => "official",
            Provenance::Reconstructed => "reconstructed",
            Provenance::Custom => "custom",
        }
    }
}

/// A built-in character: what one value of one edition is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Character {
    /// Edition the character belongs to.
    pub edition: Edition,
    /// Card value 0–13.
    pub value: Value,
    /// English name.
    pub name: &'static str,
    /// What the card does.
    pub ability: Ability,
    /// Where the definition comes from.
    pub provenance: Provenance,
    /// The rule id (RULES.md R-A…, EDITIONS.md B…/C…/D…).
    pub rule: &'static str,
}

const fn ch(
    edition: Edition,
    value: Value,
    name: &'static str,
    ability: Ability,
    provenance: Provenance,
    rule: &'static str,
) -> Character {
    Character {
        edition,
        value,
        name,
        ability,
        provenance,
        rule,
    }
}

use Provenance::{Official as O, Reconstructed as R};

/// The Amulet edition's 14 characters (RULES.md §5), indexed by value.
pub const AMULET_CHARACTERS: [Character; VALUES] = {
    const A: Edition = Edition::Amulet;
    [
        ch(A, 0, "Villager", Ability::VillagerPair, O, "R-A0"),
        ch(A, 1, "Squire", Ability::SquireDisplay, O, "R-A1"),
        ch(A, 2, "Empath", Ability::EmpathPeek, O, "R-A2"),
        ch(A, 3, "Bodyguard", Ability::Bodyguard, O, "R-A3"),
        ch(A, 4, "Rascal", Ability::RascalDraw, O, "R-A4"),
        ch(A, 5, "Exposer", Ability::ExposeOwn, O, "R-A5"),
        ch(A, 6, "Revealer", Ability::RevealOpponent, O, "R-A6"),
        ch(A, 7, "Beholder", Ability::BeholdOwn { count: 2 }, O, "R-A7"),
        ch(
            A,
            8,
            "Apprentice Seer",
            Ability::LookOpponent { count: 1 },
            O,
            "R-A8",
        ),
        ch(A, 9, "Seer", Ability::LookAny, O, "R-A9"),
        ch(A, 10, "Master", Ability::MasterTakePile, O, "R-A10"),
        ch(A, 11, "Witch", Ability::WitchDeckTop, O, "R-A11"),
        ch(A, 12, "Robber", Ability::RobberSwap, O, "R-A12"),
        ch(A, 13, "Doppelganger", Ability::Wild, O, "R-A13"),
    ]
};

/// The Silver Bullet edition's 14 characters (EDITIONS.md), indexed by value.
pub const BULLET_CHARACTERS: [Character; VALUES] = {
    const B: Edition = Edition::Bullet;
    [
        ch(B, 0, "Hunter", Ability::HunterRemove, R, "B0"),
        ch(B, 1, "Lycan", Ability::LycanBump, O, "B1"),
        ch(B, 2, "Priest", Ability::PriestFlip, R, "B2"),
        ch(
            B,
            3,
            "Goth Girl (name unverified)",
            Ability::DiscardToDeckBottom,
            R,
            "B3",
        ),
        ch(B, 4, "Mortician", Ability::Mortician, R, "B4"),
        ch(B, 5, "Cow", Ability::ReverseDeck, R, "B5"),
        ch(B, 6, "Instigator", Ability::FlipAny, R, "B6"),
        ch(B, 7, "Insomniac", Ability::LookAllOwn, R, "B7"),
        ch(B, 8, "Thing", Ability::ShuffleVillage, R, "B8"),
        ch(B, 9, "Marksman", Ability::UseFaceUp, R, "B9"),
        ch(
            B,
            10,
            "The Count",
            Ability::DeckToPile { count: 10 },
            R,
            "B10",
        ),
        ch(B, 11, "Troublemaker", Ability::SwapAny, R, "B11"),
        ch(B, 12, "Gremlin", Ability::GremlinJoin, R, "B12"),
        ch(B, 13, "Copycat", Ability::CopyLowest, R, "B13"),
    ]
};

/// The known Silver Coin characters (EDITIONS.md); the other values are unknown, not shipped.
pub const COIN_CHARACTERS: [Character; 4] = {
    const C: Edition = Edition::Coin;
    [
        ch(C, 2, "Curator", Ability::Curator, O, "C2"),
        ch(C, 4, "Coin 4", Ability::UsePileTop, R, "C4"),
        ch(C, 8, "Assassin", Ability::DiscardOwn { count: 1 }, R, "C8"),
        ch(C, 10, "Vampire", Ability::UseUnderneath, R, "C10"),
    ]
};

/// The known Silver Dagger characters (EDITIONS.md); the other values are unknown, not shipped.
pub const DAGGER_CHARACTERS: [Character; 4] = {
    const D: Edition = Edition::Dagger;
    [
        ch(D, 4, "Zombie", Ability::Zombie, O, "D4"),
        ch(D, 5, "Approximator", Ability::Approximator, R, "D5"),
        ch(D, 11, "Reverser", Ability::ReverseDirection, O, "D11"),
        ch(D, 12, "Master Thief", Ability::RobberSwap, R, "D12"),
    ]
};

/// Every built-in character, edition by edition, in value order.
pub fn characters() -> impl Iterator<Item = &'static Character> {
    AMULET_CHARACTERS
        .iter()
        .chain(BULLET_CHARACTERS.iter())
        .chain(COIN_CHARACTERS.iter())
        .chain(DAGGER_CHARACTERS.iter())
}

/// The built-in character of `edition` for `value`, if the edition's text is known.
pub fn character(edition: Edition, value: Value) -> Option<&'static Character> {
    characters().find(|c| c.edition == edition && c.value == value)
}

/// The edition token used in a game (R-AMULET, EDITIONS.md E-TOKEN).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Token {
    /// R-AMULET: freeze one card of the holder's village until scoring (official).
    Amulet,
    /// E-BULLET: freeze one card of the holder's village; at scoring it is removed.
    Bullet,
    /// E-COIN: turn one card in any village over.
    Coin,
    /// E-DAGGER: reverse the direction of play (2 players: skip the opponent's next turn).
    Dagger,
}

impl Token {
    /// Every token.
    pub const ALL: [Token; 4] = [Token::Amulet, Token::Bullet, Token::Coin, Token::Dagger];

    /// Lower-case name.
    pub const fn name(self) -> &'static str {
        match self {
            Token::Amulet => "amulet",
            Token::Bullet => "bullet",
            Token::Coin => "coin",
            Token::Dagger => "dagger",
        }
    }

    /// Parses a lower-case token name.
    pub fn from_name(name: &str) -> Option<Token> {
        Token::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Provenance of the token's rule (EDITIONS.md).
    pub const fn provenance(self) -> Provenance {
        match self {
            Token::Amulet => Provenance::Official,
            _ => Provenance::Reconstructed,
        }
    }

    /// One-line description.
    pub const fn describe(self) -> &'static str {
        match self {
            Token::Amulet => "freeze one card of your village until scoring",
            Token::Bullet => "freeze one card of your village; at scoring it is removed",
            Token::Coin => "turn one card in any village over",
            Token::Dagger => "reverse the direction of play (2 players: skip the next turn)",
        }
    }

    /// True for tokens placed on a card of the holder's village (frozen until scoring).
    pub const fn freezes(self) -> bool {
        matches!(self, Token::Amulet | Token::Bullet)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_has_every_edition_character_once() {
        let mut seen = std::collections::HashSet::new();
        for c in characters() {
            assert!(seen.insert((c.edition, c.value)), "{c:?} twice");
            assert!(c.value < VALUES as u8);
        }
        assert_eq!(seen.len(), 14 + 14 + 4 + 4);
    }
}
