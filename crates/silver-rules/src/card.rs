//! Card values, characters, abilities and card sets (R-DECK, R-SET, §5).
//!
//! The state only ever stores *values* 0–13. What a value does is decided by the game's
//! [`CardSet`], which maps each value to a [`Character`]; the engine resolves abilities through
//! [`Ability`], a closed enum matched in one place (`rules.rs`). Later editions add variants.

/// A card value, 0–13 (R-DECK).
pub type Value = u8;

/// Number of distinct values (0–13).
pub const VALUES: usize = 14;

/// Number of cards in a deck (R-DECK).
pub const CARDS: usize = 52;

/// How many cards of each value a deck holds (R-DECK): two 0s, four each of 1–12, two 13s.
pub const VALUE_COUNTS: [u8; VALUES] = [2, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2];

/// Sum of all card values in a deck (R-DECK).
pub const DECK_SUM: u32 = 338;

/// The edition a character comes from (R-SET).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Edition {
    /// Silver (the Amulet edition), fully specified in RULES.md §5.
    Amulet,
}

impl Edition {
    /// Lower-case name as used in configs.
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Amulet => "amulet",
        }
    }
}

/// When a character's ability works (RULES.md §5, "when" column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Trigger {
    /// While face-up in any village (Amulet 0, 1).
    FaceUpAnyVillage,
    /// While face-up in the owner's village (Amulet 2–4).
    FaceUpOwnVillage,
    /// When discarded straight after being drawn from the deck (or display) (Amulet 5–12).
    DiscardedFromDeck,
    /// During a multi-card exchange (Amulet 13).
    InExchange,
}

/// Every ability kind the engine can resolve. One variant per rule; resolved in `rules.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Ability {
    /// R-A0 Villager: two face-up in villages end the round.
    VillagerPair,
    /// R-A1 Squire: face-up Squires keep a display of deck cards that may be drawn.
    SquireDisplay,
    /// R-A2 Empath: once per turn per face-up Empath, look at one of your face-down cards.
    EmpathPeek,
    /// R-A3 Bodyguard: protect one card of your village from other players' abilities.
    Bodyguard,
    /// R-A4 Rascal: draw one extra deck card per face-up Rascal and keep one.
    RascalDraw,
    /// R-A5 Exposer: turn one of your own face-down cards face-up.
    ExposeOwn,
    /// R-A6 Revealer: turn one face-down card of an opponent face-up.
    RevealOpponent,
    /// R-A7 Beholder: look at up to two of your own face-down cards.
    BeholdOwnTwo,
    /// R-A8 Apprentice Seer: look at one face-down card of an opponent.
    LookOpponent,
    /// R-A9 Seer: look at one face-down card in any village.
    LookAny,
    /// R-A10 Master: take any card of the discard pile and exchange it in.
    MasterTakePile,
    /// R-A11 Witch: look at the deck's top card and exchange it with an opponent's card or your own.
    WitchDeckTop,
    /// R-A12 Robber: swap one of your cards with an opponent's card, then look at the new one.
    RobberSwap,
    /// R-A13 Doppelganger: wild in a multi-exchange.
    Wild,
}

impl Ability {
    /// The trigger class of this ability.
    pub const fn trigger(self) -> Trigger {
        match self {
            Ability::VillagerPair | Ability::SquireDisplay => Trigger::FaceUpAnyVillage,
            Ability::EmpathPeek | Ability::Bodyguard | Ability::RascalDraw => {
                Trigger::FaceUpOwnVillage
            }
            Ability::ExposeOwn
            | Ability::RevealOpponent
            | Ability::BeholdOwnTwo
            | Ability::LookOpponent
            | Ability::LookAny
            | Ability::MasterTakePile
            | Ability::WitchDeckTop
            | Ability::RobberSwap => Trigger::DiscardedFromDeck,
            Ability::Wild => Trigger::InExchange,
        }
    }

    /// True if discarding this card straight from the deck offers its ability.
    pub const fn is_discard_ability(self) -> bool {
        matches!(self.trigger(), Trigger::DiscardedFromDeck)
    }

    /// One-line description for listings.
    pub const fn describe(self) -> &'static str {
        match self {
            Ability::VillagerPair => "two face-up in villages end the round",
            Ability::SquireDisplay => "keeps one display card per face-up Squire; draw from it",
            Ability::EmpathPeek => "once per turn, look at one of your face-down cards",
            Ability::Bodyguard => "protect one of your cards from other players' abilities",
            Ability::RascalDraw => "draw one extra deck card and keep one",
            Ability::ExposeOwn => "turn one of your face-down cards face-up",
            Ability::RevealOpponent => "turn one opponent face-down card face-up",
            Ability::BeholdOwnTwo => "look at up to two of your face-down cards",
            Ability::LookOpponent => "look at one opponent face-down card",
            Ability::LookAny => "look at one face-down card in any village",
            Ability::MasterTakePile => "take any discard-pile card and exchange it in",
            Ability::WitchDeckTop => "look at the deck top; exchange it with any card",
            Ability::RobberSwap => "swap one of your cards with an opponent's card",
            Ability::Wild => "matches anything in a multi-exchange",
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
}

/// A character: what one value of one edition is.
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
}

/// The Amulet edition's 14 characters (RULES.md §5), indexed by value.
pub const AMULET_CHARACTERS: [Character; VALUES] = {
    const fn c(value: Value, name: &'static str, ability: Ability) -> Character {
        Character {
            edition: Edition::Amulet,
            value,
            name,
            ability,
            provenance: Provenance::Official,
        }
    }
    [
        c(0, "Villager", Ability::VillagerPair),
        c(1, "Squire", Ability::SquireDisplay),
        c(2, "Empath", Ability::EmpathPeek),
        c(3, "Bodyguard", Ability::Bodyguard),
        c(4, "Rascal", Ability::RascalDraw),
        c(5, "Exposer", Ability::ExposeOwn),
        c(6, "Revealer", Ability::RevealOpponent),
        c(7, "Beholder", Ability::BeholdOwnTwo),
        c(8, "Apprentice Seer", Ability::LookOpponent),
        c(9, "Seer", Ability::LookAny),
        c(10, "Master", Ability::MasterTakePile),
        c(11, "Witch", Ability::WitchDeckTop),
        c(12, "Robber", Ability::RobberSwap),
        c(13, "Doppelganger", Ability::Wild),
    ]
};

/// Every built-in character, for listings and lookups.
pub fn characters() -> impl Iterator<Item = &'static Character> {
    AMULET_CHARACTERS.iter()
}

/// The edition token used in a game (R-SET, R-AMULET).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Token {
    /// R-AMULET: freeze one card of the holder's village until scoring.
    Amulet,
}

/// A card set (R-SET): which character each value 0–13 is, plus the game's token.
///
/// Stored by value inside the game state (it is small and `Copy`), so a state never refers to
/// anything outside itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardSet {
    editions: [Edition; VALUES],
    abilities: [Ability; VALUES],
    token: Token,
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

    /// The ability of a value.
    #[inline]
    pub fn ability(&self, value: Value) -> Ability {
        self.abilities[value as usize]
    }

    /// The edition chosen for a value.
    pub fn edition(&self, value: Value) -> Edition {
        self.editions[value as usize]
    }

    /// The character of a value.
    pub fn character(&self, value: Value) -> &'static Character {
        match self.editions[value as usize] {
            Edition::Amulet => &AMULET_CHARACTERS[value as usize],
        }
    }

    /// The game's token.
    pub fn token(&self) -> Token {
        self.token
    }

    /// A short canonical name: the edition when all values share one, else a per-value list.
    pub fn canonical_name(&self) -> String {
        let first = self.editions[0];
        if self.editions.iter().all(|&e| e == first) {
            first.name().to_string()
        } else {
            let parts: Vec<String> = (0..VALUES)
                .map(|v| format!("{v}:{}", self.editions[v].name()))
                .collect();
            parts.join(",")
        }
    }
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
    fn r_deck_counts_and_sum() {
        let n: u32 = VALUE_COUNTS.iter().map(|&c| c as u32).sum();
        assert_eq!(n, CARDS as u32);
        let s: u32 = VALUE_COUNTS
            .iter()
            .enumerate()
            .map(|(v, &c)| v as u32 * c as u32)
            .sum();
        assert_eq!(s, DECK_SUM);
    }

    #[test]
    fn r_set_amulet_characters_in_value_order() {
        let set = CardSet::amulet();
        for v in 0..VALUES as u8 {
            assert_eq!(set.character(v).value, v);
            assert_eq!(set.ability(v), AMULET_CHARACTERS[v as usize].ability);
        }
        assert!(set.ability(5).is_discard_ability());
        assert!(set.ability(12).is_discard_ability());
        assert!(!set.ability(4).is_discard_ability());
        assert!(!set.ability(13).is_discard_ability());
        assert_eq!(set.canonical_name(), "amulet");
    }
}
