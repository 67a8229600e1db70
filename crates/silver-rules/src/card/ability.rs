//! Ability kinds: what a card value can do ([`Ability`], one closed enum resolved in `rules/`),
//! when it works ([`Trigger`]), and the kind names and `count` parameters of card-set files
//! ([`ABILITY_KINDS`], [`Ability::from_kind`]).

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
        match self {
            Ability::UseFaceUp | Ability::UsePileTop | Ability::UseUnderneath => true,
            // No `_` arm: a new ability must say whether it copies.
            Ability::VillagerPair
            | Ability::SquireDisplay
            | Ability::EmpathPeek
            | Ability::Bodyguard
            | Ability::RascalDraw
            | Ability::ExposeOwn
            | Ability::RevealOpponent
            | Ability::BeholdOwn { .. }
            | Ability::LookOpponent { .. }
            | Ability::LookAny
            | Ability::MasterTakePile
            | Ability::WitchDeckTop
            | Ability::RobberSwap
            | Ability::Wild
            | Ability::HunterRemove
            | Ability::LycanBump
            | Ability::PriestFlip
            | Ability::DiscardToDeckBottom
            | Ability::Mortician
            | Ability::ReverseDeck
            | Ability::FlipAny
            | Ability::LookAllOwn
            | Ability::ShuffleVillage
            | Ability::DeckToPile { .. }
            | Ability::SwapAny
            | Ability::GremlinJoin
            | Ability::CopyLowest
            | Ability::Curator
            | Ability::DiscardOwn { .. }
            | Ability::Zombie
            | Ability::Approximator
            | Ability::ReverseDirection
            | Ability::Plain => false,
        }
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
            // No `_` arm: a new ability must say whether it has a parameter.
            Ability::VillagerPair
            | Ability::SquireDisplay
            | Ability::EmpathPeek
            | Ability::Bodyguard
            | Ability::RascalDraw
            | Ability::ExposeOwn
            | Ability::RevealOpponent
            | Ability::LookAny
            | Ability::MasterTakePile
            | Ability::WitchDeckTop
            | Ability::RobberSwap
            | Ability::Wild
            | Ability::HunterRemove
            | Ability::LycanBump
            | Ability::PriestFlip
            | Ability::DiscardToDeckBottom
            | Ability::Mortician
            | Ability::ReverseDeck
            | Ability::FlipAny
            | Ability::LookAllOwn
            | Ability::ShuffleVillage
            | Ability::UseFaceUp
            | Ability::SwapAny
            | Ability::GremlinJoin
            | Ability::CopyLowest
            | Ability::Curator
            | Ability::UsePileTop
            | Ability::UseUnderneath
            | Ability::Zombie
            | Ability::Approximator
            | Ability::ReverseDirection
            | Ability::Plain => None,
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
            // R-A11: one opponent's card (slot and orientation kept), or an exchange into
            // your own village (R-SWAP): never another card of your own one by one.
            Ability::WitchDeckTop => {
                "look at the deck top; exchange it with one opponent's card, or into your village"
                    .into()
            }
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
        // No `_` arm: a new ability must say whether it has a parameter.
        Ability::VillagerPair
        | Ability::SquireDisplay
        | Ability::EmpathPeek
        | Ability::Bodyguard
        | Ability::RascalDraw
        | Ability::ExposeOwn
        | Ability::RevealOpponent
        | Ability::LookAny
        | Ability::MasterTakePile
        | Ability::WitchDeckTop
        | Ability::RobberSwap
        | Ability::Wild
        | Ability::HunterRemove
        | Ability::LycanBump
        | Ability::PriestFlip
        | Ability::DiscardToDeckBottom
        | Ability::Mortician
        | Ability::ReverseDeck
        | Ability::FlipAny
        | Ability::LookAllOwn
        | Ability::ShuffleVillage
        | Ability::UseFaceUp
        | Ability::SwapAny
        | Ability::GremlinJoin
        | Ability::CopyLowest
        | Ability::Curator
        | Ability::UsePileTop
        | Ability::UseUnderneath
        | Ability::Zombie
        | Ability::Approximator
        | Ability::ReverseDirection
        | Ability::Plain => None,
    }
}

impl Ability {
    /// Parses an ability kind name with an optional `count` (the default of the kind if `None`).
    pub fn from_kind(kind: &str, count: Option<u8>) -> Result<Ability, AbilityKindError> {
        let base = ABILITY_KINDS
            .iter()
            .copied()
            .find(|a| a.kind() == kind)
            .ok_or_else(|| AbilityKindError::Unknown(kind.into()))?;
        match (count_range(base), count) {
            (None, Some(_)) => Err(AbilityKindError::NoCount(base.kind())),
            (None, None) | (Some(_), None) => Ok(base),
            (Some((lo, hi)), Some(n)) => {
                if n < lo || n > hi {
                    return Err(AbilityKindError::CountOutOfRange {
                        kind: base.kind(),
                        count: n,
                        lo,
                        hi,
                    });
                }
                Ok(match base {
                    Ability::BeholdOwn { .. } => Ability::BeholdOwn { count: n },
                    Ability::LookOpponent { .. } => Ability::LookOpponent { count: n },
                    Ability::DeckToPile { .. } => Ability::DeckToPile { count: n },
                    Ability::DiscardOwn { .. } => Ability::DiscardOwn { count: n },
                    // Only the kinds with a range reach here (`count_range`, whose match is
                    // exhaustive, says which); a test checks every one of them takes its count.
                    other => other,
                })
            }
        }
    }
}

/// Why [`Ability::from_kind`] rejected a kind name or its `count`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AbilityKindError {
    /// No ability kind has this name.
    #[error("unknown ability kind `{0}`; valid kinds: {kinds}", kinds = kind_names())]
    Unknown(String),
    /// The kind has no `count` parameter.
    #[error("ability kind `{0}` has no `count` parameter")]
    NoCount(&'static str),
    /// The `count` is outside the kind's range ([`count_range`]).
    #[error("ability `{kind}`: count {count} is outside {lo}-{hi}")]
    CountOutOfRange {
        /// The kind.
        kind: &'static str,
        /// The count given.
        count: u8,
        /// The least count allowed.
        lo: u8,
        /// The greatest count allowed.
        hi: u8,
    },
}

/// Every kind name, in [`ABILITY_KINDS`] order, for [`AbilityKindError::Unknown`].
fn kind_names() -> String {
    let names: Vec<&str> = ABILITY_KINDS.iter().map(|a| a.kind()).collect();
    names.join(", ")
}

#[cfg(feature = "serde")]
impl serde::Serialize for Ability {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.kind())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_with_a_count_range_takes_its_count() {
        for a in ABILITY_KINDS {
            match count_range(a) {
                Some((lo, hi)) => {
                    for n in [lo, hi] {
                        let b = Ability::from_kind(a.kind(), Some(n)).unwrap();
                        assert_eq!((b.kind(), b.count()), (a.kind(), Some(n)), "{}", a.kind());
                    }
                }
                None => assert_eq!(a.count(), None, "{}", a.kind()),
            }
        }
    }

    /// The listing says what the rules say (a rules audit found "any card" for R-A11).
    #[test]
    fn the_witch_is_described_as_r_a11_says() {
        assert_eq!(
            Ability::WitchDeckTop.describe(),
            "look at the deck top; exchange it with one opponent's card, or into your village"
        );
    }

    #[test]
    fn ability_kinds_parse_back() {
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

/// How a card counts in a multi-exchange set (R-SWAP-MULTI): the one place every ability is
/// classified for it (no `_` arm: a new ability must say here how it matches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetRole {
    /// Matches any value (R-A13, the Doppelganger).
    Wild,
    /// B1: the Lycan, which a face-up copy bumps.
    Lycan,
    /// Counts at its printed value.
    Printed,
}

impl Ability {
    /// How this ability's card counts in a multi-exchange set.
    pub(crate) const fn set_role(self) -> SetRole {
        match self {
            Ability::Wild => SetRole::Wild,
            Ability::LycanBump => SetRole::Lycan,
            Ability::VillagerPair
            | Ability::SquireDisplay
            | Ability::EmpathPeek
            | Ability::Bodyguard
            | Ability::RascalDraw
            | Ability::ExposeOwn
            | Ability::RevealOpponent
            | Ability::BeholdOwn { .. }
            | Ability::LookOpponent { .. }
            | Ability::LookAny
            | Ability::MasterTakePile
            | Ability::WitchDeckTop
            | Ability::RobberSwap
            | Ability::HunterRemove
            | Ability::PriestFlip
            | Ability::DiscardToDeckBottom
            | Ability::Mortician
            | Ability::ReverseDeck
            | Ability::FlipAny
            | Ability::LookAllOwn
            | Ability::ShuffleVillage
            | Ability::UseFaceUp
            | Ability::DeckToPile { .. }
            | Ability::SwapAny
            | Ability::GremlinJoin
            | Ability::CopyLowest
            | Ability::Curator
            | Ability::UsePileTop
            | Ability::DiscardOwn { .. }
            | Ability::UseUnderneath
            | Ability::Zombie
            | Ability::Approximator
            | Ability::ReverseDirection
            | Ability::Plain => SetRole::Printed,
        }
    }
}

impl Ability {
    /// True for the abilities a face-up card gives its owner as free actions of the owner's
    /// turn (R-A2 Empath, R-A3 Bodyguard, B2 Priest, C2 Curator, C4): the abilities
    /// `own_helpers` counts. No `_` arm: a new ability must say here whether it is one.
    pub(crate) const fn is_turn_helper(self) -> bool {
        match self {
            Ability::EmpathPeek
            | Ability::Bodyguard
            | Ability::PriestFlip
            | Ability::Curator
            | Ability::UsePileTop => true,
            Ability::VillagerPair
            | Ability::SquireDisplay
            | Ability::RascalDraw
            | Ability::ExposeOwn
            | Ability::RevealOpponent
            | Ability::BeholdOwn { .. }
            | Ability::LookOpponent { .. }
            | Ability::LookAny
            | Ability::MasterTakePile
            | Ability::WitchDeckTop
            | Ability::RobberSwap
            | Ability::Wild
            | Ability::HunterRemove
            | Ability::LycanBump
            | Ability::DiscardToDeckBottom
            | Ability::Mortician
            | Ability::ReverseDeck
            | Ability::FlipAny
            | Ability::LookAllOwn
            | Ability::ShuffleVillage
            | Ability::UseFaceUp
            | Ability::DeckToPile { .. }
            | Ability::SwapAny
            | Ability::GremlinJoin
            | Ability::CopyLowest
            | Ability::DiscardOwn { .. }
            | Ability::UseUnderneath
            | Ability::Zombie
            | Ability::Approximator
            | Ability::ReverseDirection
            | Ability::Plain => false,
        }
    }
}
