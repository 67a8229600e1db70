//! Card values, characters, abilities and card sets (R-DECK, R-SET, §5, EDITIONS.md).
//!
//! The state only ever stores *values* 0–13. What a value does is decided by the game's
//! [`CardSet`], which maps each value to an [`Ability`] (and remembers the edition it came
//! from); the engine resolves abilities through [`Ability`], a closed enum matched with no `_` arm
//! (`rules/`). The built-in characters of every edition are listed in [`characters`], each with
//! its [`Provenance`] (EDITIONS.md); characters whose text is unknown are not shipped.

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

/// When a character's ability works (RULES.md §5 and EDITIONS.md, "when" column).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Trigger {
    /// While face-up in any village (Amulet 0, 1).
    FaceUpAnyVillage,
    /// While face-up in the owner's village (Amulet 2–4, Bullet 1–4, Coin 2, 4).
    FaceUpOwnVillage,
    /// When discarded straight after being drawn from the deck (or display).
    DiscardedFromDeck,
    /// During a multi-card exchange (Amulet 13).
    InExchange,
    /// At scoring, only if face-up before the reveal (Bullet 0).
    AtScoringIfFaceUp,
    /// At scoring, face-up or not (Bullet 13).
    AtScoring,
    /// Rules of its own (Dagger 4 Zombie, Dagger 5 Approximator).
    Special,
    /// No ability (a plain card).
    Never,
}

impl Trigger {
    /// Short name for listings.
    pub const fn describe(self) -> &'static str {
        match self {
            Trigger::FaceUpAnyVillage => "face-up in any village",
            Trigger::FaceUpOwnVillage => "face-up in your village",
            Trigger::DiscardedFromDeck => "discarded from the deck",
            Trigger::InExchange => "in an exchange",
            Trigger::AtScoringIfFaceUp => "at scoring, if face-up",
            Trigger::AtScoring => "at scoring",
            Trigger::Special => "special",
            Trigger::Never => "none",
        }
    }
}

/// Every ability kind the engine can resolve. One variant per rule; resolved in `rules/`.
/// Some kinds carry parameters: the built-in characters use the values EDITIONS.md gives, a
/// custom character (a card-set file) may choose others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// R-A7 Beholder: look at up to `count` of your own face-down cards (Amulet: 2).
    BeholdOwn {
        /// How many looks (1–5).
        count: u8,
    },
    /// R-A8 Apprentice Seer: look at face-down cards of opponents, one per look (Amulet: 1).
    LookOpponent {
        /// How many looks (1–5), each at a different card.
        count: u8,
    },
    /// R-A9 Seer: look at one face-down card in any village.
    LookAny,
    /// R-A10 Master: take any card of the discard pile and exchange it in.
    MasterTakePile,
    /// R-A11 Witch: look at the deck's top card and exchange it with an opponent's card or your own.
    WitchDeckTop,
    /// R-A12 Robber, D12 Master Thief: swap one of your cards with an opponent's card, then look
    /// at the new one.
    RobberSwap,
    /// R-A13 Doppelganger: wild in a multi-exchange.
    Wild,
    /// B0 Hunter: at scoring, if face-up, its owner removes one card of their village.
    HunterRemove,
    /// B1 Lycan: in a multi-exchange, each face-up Lycan counts one chosen card as 1 higher.
    LycanBump,
    /// B2 Priest: once per turn per face-up Priest, turn one of your face-down cards face-up.
    PriestFlip,
    /// B3: cards you send to the discard pile go face-up to the bottom of the deck instead.
    DiscardToDeckBottom,
    /// B4 Mortician: exchanging out cards with discard abilities lets you use one of them.
    Mortician,
    /// B5 Cow: reverse the order of the deck.
    ReverseDeck,
    /// B6 Instigator: turn any one village card over (face-up ↔ face-down).
    FlipAny,
    /// B7 Insomniac: look at all your own face-down cards.
    LookAllOwn,
    /// B8 Thing: shuffle the face-down cards of one village among its face-down slots.
    ShuffleVillage,
    /// B9 Marksman: use the discard ability of any face-up village card.
    UseFaceUp,
    /// B10 The Count: move the top `count` deck cards face-up onto the discard pile (Bullet: 10).
    DeckToPile {
        /// How many cards (1–31; fewer if the deck is short).
        count: u8,
    },
    /// B11 Troublemaker: swap one card of one village with one card of another village.
    SwapAny,
    /// B12 Gremlin: put the Gremlin face-up into another player's village (additive).
    GremlinJoin,
    /// B13 Copycat: at scoring, counts as the lowest other card in its village (13 if alone).
    CopyLowest,
    /// C2 Curator: once per turn per face-up Curator, rotate one of your cards or discard one
    /// of your rotated cards.
    Curator,
    /// C4: once per turn, use the discard ability of the discard pile's top card.
    UsePileTop,
    /// C8 Assassin: discard `count` of your own cards, nothing replaces them (Coin: 1).
    DiscardOwn {
        /// How many cards (1–5).
        count: u8,
    },
    /// C10 Vampire: use the discard ability of the card that was on top of the pile before it.
    UseUnderneath,
    /// D4 Zombie: never on top of the discard pile; may be handed to the previous player.
    Zombie,
    /// D5 Approximator: drawn and exchanged in, it may replace any two of your cards.
    Approximator,
    /// D11 Reverser: reverse the direction of play.
    ReverseDirection,
    /// No ability (a plain card; for custom characters).
    Plain,
}

impl Ability {
    /// The trigger class of this ability.
    pub const fn trigger(self) -> Trigger {
        match self {
            Ability::VillagerPair | Ability::SquireDisplay => Trigger::FaceUpAnyVillage,
            Ability::EmpathPeek
            | Ability::Bodyguard
            | Ability::RascalDraw
            | Ability::LycanBump
            | Ability::PriestFlip
            | Ability::DiscardToDeckBottom
            | Ability::Mortician
            | Ability::Curator
            | Ability::UsePileTop => Trigger::FaceUpOwnVillage,
            Ability::ExposeOwn
            | Ability::RevealOpponent
            | Ability::BeholdOwn { .. }
            | Ability::LookOpponent { .. }
            | Ability::LookAny
            | Ability::MasterTakePile
            | Ability::WitchDeckTop
            | Ability::RobberSwap
            | Ability::ReverseDeck
            | Ability::FlipAny
            | Ability::LookAllOwn
            | Ability::ShuffleVillage
            | Ability::UseFaceUp
            | Ability::DeckToPile { .. }
            | Ability::SwapAny
            | Ability::GremlinJoin
            | Ability::DiscardOwn { .. }
            | Ability::UseUnderneath
            | Ability::ReverseDirection => Trigger::DiscardedFromDeck,
            Ability::Wild => Trigger::InExchange,
            Ability::HunterRemove => Trigger::AtScoringIfFaceUp,
            Ability::CopyLowest => Trigger::AtScoring,
            Ability::Zombie | Ability::Approximator => Trigger::Special,
            Ability::Plain => Trigger::Never,
        }
    }

    /// True if discarding this card straight from the deck offers its ability.
    pub const fn is_discard_ability(self) -> bool {
        matches!(self.trigger(), Trigger::DiscardedFromDeck)
    }

    /// True for abilities that use another card's discard ability (B9, C4, C10). They cannot
    /// be copied themselves (docs/rulings.md), so copying always ends.
    pub const fn is_copy(self) -> bool {
        matches!(
            self,
            Ability::UseFaceUp | Ability::UsePileTop | Ability::UseUnderneath
        )
    }

    /// The ability-kind name used in card-set files and listings.
    pub const fn kind(self) -> &'static str {
        match self {
            Ability::VillagerPair => "villager-pair",
            Ability::SquireDisplay => "squire-display",
            Ability::EmpathPeek => "empath-peek",
            Ability::Bodyguard => "bodyguard",
            Ability::RascalDraw => "rascal-draw",
            Ability::ExposeOwn => "expose-own",
            Ability::RevealOpponent => "reveal-opponent",
            Ability::BeholdOwn { .. } => "behold-own",
            Ability::LookOpponent { .. } => "look-opponent",
            Ability::LookAny => "look-any",
            Ability::MasterTakePile => "master-take-pile",
            Ability::WitchDeckTop => "witch-deck-top",
            Ability::RobberSwap => "robber-swap",
            Ability::Wild => "wild",
            Ability::HunterRemove => "hunter-remove",
            Ability::LycanBump => "lycan-bump",
            Ability::PriestFlip => "priest-flip",
            Ability::DiscardToDeckBottom => "discard-to-deck-bottom",
            Ability::Mortician => "mortician",
            Ability::ReverseDeck => "reverse-deck",
            Ability::FlipAny => "flip-any",
            Ability::LookAllOwn => "look-all-own",
            Ability::ShuffleVillage => "shuffle-village",
            Ability::UseFaceUp => "use-face-up",
            Ability::DeckToPile { .. } => "deck-to-pile",
            Ability::SwapAny => "swap-any",
            Ability::GremlinJoin => "gremlin-join",
            Ability::CopyLowest => "copy-lowest",
            Ability::Curator => "curator",
            Ability::UsePileTop => "use-pile-top",
            Ability::DiscardOwn { .. } => "discard-own",
            Ability::UseUnderneath => "use-underneath",
            Ability::Zombie => "zombie",
            Ability::Approximator => "approximator",
            Ability::ReverseDirection => "reverse-direction",
            Ability::Plain => "plain",
        }
    }

    /// The ability's `count` parameter, if it has one.
    pub const fn count(self) -> Option<u8> {
        match self {
            Ability::BeholdOwn { count }
            | Ability::LookOpponent { count }
            | Ability::DeckToPile { count }
            | Ability::DiscardOwn { count } => Some(count),
            _ => None,
        }
    }

    /// One-line description for listings.
    pub fn describe(self) -> String {
        match self {
            Ability::VillagerPair => "two face-up in villages end the round".into(),
            Ability::SquireDisplay => {
                "keeps one display card per face-up Squire; draw from it".into()
            }
            Ability::EmpathPeek => "once per turn, look at one of your face-down cards".into(),
            Ability::Bodyguard => {
                "shielded from other players' abilities, with one card it is placed on".into()
            }
            Ability::RascalDraw => "draw one extra deck card and keep one".into(),
            Ability::ExposeOwn => "turn one of your face-down cards face-up".into(),
            Ability::RevealOpponent => "turn one opponent face-down card face-up".into(),
            Ability::BeholdOwn { count } => {
                format!("look at up to {count} of your face-down cards")
            }
            Ability::LookOpponent { count } => {
                format!("look at {count} opponent face-down card(s), one at a time")
            }
            Ability::LookAny => "look at one face-down card in any village".into(),
            Ability::MasterTakePile => "take any discard-pile card and exchange it in".into(),
            Ability::WitchDeckTop => "look at the deck top; exchange it with any card".into(),
            Ability::RobberSwap => {
                "swap one of your cards with an opponent's card; look at the new one".into()
            }
            Ability::Wild => "matches anything in a multi-exchange".into(),
            Ability::HunterRemove => "its owner removes one card of their village".into(),
            Ability::LycanBump => "count one card of a multi-exchange as 1 higher".into(),
            Ability::PriestFlip => "once per turn, turn one of your face-down cards face-up".into(),
            Ability::DiscardToDeckBottom => {
                "your discards go face-up to the bottom of the deck".into()
            }
            Ability::Mortician => "use the ability of a card you exchange out".into(),
            Ability::ReverseDeck => "reverse the order of the deck".into(),
            Ability::FlipAny => "turn any one village card over".into(),
            Ability::LookAllOwn => "look at all your face-down cards".into(),
            Ability::ShuffleVillage => "shuffle the face-down cards of one village".into(),
            Ability::UseFaceUp => "use the discard ability of any face-up village card".into(),
            Ability::DeckToPile { count } => {
                format!("move the top {count} deck cards face-up onto the discard pile")
            }
            Ability::SwapAny => "swap two cards of two different villages".into(),
            Ability::GremlinJoin => "joins another player's village face-up".into(),
            Ability::CopyLowest => "counts as the lowest other card of its village".into(),
            Ability::Curator => "once per turn, rotate a card or discard a rotated card".into(),
            Ability::UsePileTop => {
                "once per turn, use the discard ability of the pile's top card".into()
            }
            Ability::DiscardOwn { count } => {
                format!("discard {count} of your cards; nothing replaces them")
            }
            Ability::UseUnderneath => {
                "use the discard ability of the card it was discarded onto".into()
            }
            Ability::Zombie => {
                "never on top of the discard pile; may be handed to the previous player".into()
            }
            Ability::Approximator => "drawn and exchanged in, replaces any two cards".into(),
            Ability::ReverseDirection => "reverse the direction of play".into(),
            Ability::Plain => "no ability".into(),
        }
    }
}

/// Every ability kind, with its parameter, for listings and card-set files (`kind` names).
pub const ABILITY_KINDS: [Ability; 36] = [
    Ability::VillagerPair,
    Ability::SquireDisplay,
    Ability::EmpathPeek,
    Ability::Bodyguard,
    Ability::RascalDraw,
    Ability::ExposeOwn,
    Ability::RevealOpponent,
    Ability::BeholdOwn { count: 2 },
    Ability::LookOpponent { count: 1 },
    Ability::LookAny,
    Ability::MasterTakePile,
    Ability::WitchDeckTop,
    Ability::RobberSwap,
    Ability::Wild,
    Ability::HunterRemove,
    Ability::LycanBump,
    Ability::PriestFlip,
    Ability::DiscardToDeckBottom,
    Ability::Mortician,
    Ability::ReverseDeck,
    Ability::FlipAny,
    Ability::LookAllOwn,
    Ability::ShuffleVillage,
    Ability::UseFaceUp,
    Ability::DeckToPile { count: 10 },
    Ability::SwapAny,
    Ability::GremlinJoin,
    Ability::CopyLowest,
    Ability::Curator,
    Ability::UsePileTop,
    Ability::DiscardOwn { count: 1 },
    Ability::UseUnderneath,
    Ability::Zombie,
    Ability::Approximator,
    Ability::ReverseDirection,
    Ability::Plain,
];

/// The allowed range of an ability's `count` parameter.
pub const fn count_range(kind: Ability) -> Option<(u8, u8)> {
    match kind {
        Ability::BeholdOwn { .. } | Ability::LookOpponent { .. } | Ability::DiscardOwn { .. } => {
            Some((1, 5))
        }
        Ability::DeckToPile { .. } => Some((1, 31)),
        _ => None,
    }
}

impl Ability {
    /// Parses an ability kind name with an optional `count` (the default of the kind if `None`).
    pub fn from_kind(kind: &str, count: Option<u8>) -> Result<Ability, String> {
        let base = ABILITY_KINDS
            .iter()
            .copied()
            .find(|a| a.kind() == kind)
            .ok_or_else(|| {
                let names: Vec<&str> = ABILITY_KINDS.iter().map(|a| a.kind()).collect();
                format!(
                    "unknown ability kind `{kind}`; valid kinds: {}",
                    names.join(", ")
                )
            })?;
        match (count_range(base), count) {
            (None, Some(_)) => Err(format!("ability kind `{kind}` has no `count` parameter")),
            (None, None) | (Some(_), None) => Ok(base),
            (Some((lo, hi)), Some(n)) => {
                if n < lo || n > hi {
                    return Err(format!("ability `{kind}`: count {n} is outside {lo}-{hi}"));
                }
                Ok(match base {
                    Ability::BeholdOwn { .. } => Ability::BeholdOwn { count: n },
                    Ability::LookOpponent { .. } => Ability::LookOpponent { count: n },
                    Ability::DeckToPile { .. } => Ability::DeckToPile { count: n },
                    Ability::DiscardOwn { .. } => Ability::DiscardOwn { count: n },
                    other => other,
                })
            }
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Ability {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.kind())
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

/// An invalid card set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetError(pub String);

impl std::fmt::Display for SetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetError {}

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
                return Err(SetError(format!(
                    "value {v}: a custom character needs a definition (a card-set file)"
                )));
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
        self.token == Token::Bullet
            || self
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::HunterRemove | Ability::CopyLowest))
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
                let tok = Token::from_name(t).ok_or_else(|| {
                    SetError(format!(
                        "unknown token `{t}`; valid tokens: amulet, bullet, coin, dagger"
                    ))
                })?;
                (b.trim(), Some(tok))
            }
            None => (text, None),
        };
        if body.is_empty() {
            return Err(SetError("empty card set".into()));
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
            let set = CardSet::preset(b).ok_or_else(|| {
                SetError(format!(
                    "unknown card set `{b}`; presets: {} (or a per-value list such as \
                     0:amulet,1:bullet,…)",
                    CardSet::PRESETS.join(", ")
                ))
            })?;
            editions = set.editions;
            base_token = Some(set.token);
        }
        let mut replaced = [false; VALUES];
        for part in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (v, e) = part.split_once(':').ok_or_else(|| {
                SetError(format!("`{part}`: expected VALUE:EDITION, e.g. 5:bullet"))
            })?;
            let v: usize = v
                .trim()
                .parse()
                .ok()
                .filter(|&v: &usize| v < VALUES)
                .ok_or_else(|| SetError(format!("`{part}`: the value must be 0-13")))?;
            let e = e.trim();
            let ed = Edition::from_name(e)
                .filter(|&e| e != Edition::Custom)
                .ok_or_else(|| {
                    SetError(format!(
                        "`{part}`: unknown edition `{e}`; valid editions: amulet, bullet, coin, \
                         dagger"
                    ))
                })?;
            if replaced[v] {
                return Err(SetError(format!("value {v} is given twice")));
            }
            replaced[v] = true;
            given[v] = true;
            editions[v] = ed;
        }
        if base.is_none() {
            if let Some(missing) = (0..VALUES).find(|&v| !given[v]) {
                return Err(SetError(format!(
                    "value {missing} is missing: a per-value list covers every value 0-13 \
                     (or start from a preset: amulet+{missing}:bullet)"
                )));
            }
        }
        let token =
            match (token, base_token) {
                (Some(t), _) => t,
                (None, Some(t)) => t,
                (None, None) => return Err(SetError(
                    "a per-value list must name its token: add /token=amulet (or bullet, coin, \
                     dagger)"
                        .into(),
                )),
            };
        CardSet::mix(editions, token)
    }
}

/// The built-in character of `edition` for `value`, or the error naming the known values.
fn known_character(edition: Edition, value: Value) -> Result<&'static Character, SetError> {
    character(edition, value).ok_or_else(|| {
        SetError(format!(
            "value {value}: the {} edition's character for {value} is unknown (not shipped); \
             known values: {}",
            edition.name(),
            known_values(edition)
        ))
    })
}

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
        assert!(s.0.contains("unknown"), "{s}");
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
            .0
            .contains("missing"));
        assert!(CardSet::parse("amulet+3:bulet")
            .unwrap_err()
            .0
            .contains("edition"));
        assert!(CardSet::parse("amulet+14:bullet")
            .unwrap_err()
            .0
            .contains("0-13"));
        assert!(CardSet::parse("amulet+3:bullet,3:amulet")
            .unwrap_err()
            .0
            .contains("twice"));
        assert!(CardSet::parse("amulet/token=gold")
            .unwrap_err()
            .0
            .contains("token"));
        assert!(CardSet::parse("silver").unwrap_err().0.contains("presets"));
    }

    #[test]
    fn registry_has_every_edition_character_once() {
        let mut seen = std::collections::HashSet::new();
        for c in characters() {
            assert!(seen.insert((c.edition, c.value)), "{c:?} twice");
            assert!(c.value < VALUES as u8);
        }
        assert_eq!(seen.len(), 14 + 14 + 4 + 4);
        for a in ABILITY_KINDS {
            assert_eq!(Ability::from_kind(a.kind(), None).unwrap(), a);
        }
        assert_eq!(
            Ability::from_kind("look-opponent", Some(2)).unwrap(),
            Ability::LookOpponent { count: 2 }
        );
        assert!(Ability::from_kind("look-opponent", Some(9)).is_err());
        assert!(Ability::from_kind("seer", None).is_err());
        assert!(Ability::from_kind("look-any", Some(2)).is_err());
    }
}
