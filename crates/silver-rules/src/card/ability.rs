//! Ability kinds: what a card value can do ([`Ability`], one closed enum resolved in `rules/`),
//! when it works ([`Trigger`]), and the kind names and `count` parameters of card-set files
//! ([`ABILITY_KINDS`], [`Ability::from_kind`]).
//!
//! Every ability is declared once, as one row of the `abilities!` table below: its variant
//! (with its `count` parameter's range and the built-in value, if it has one), the family that
//! resolves it, its trigger, its kind name, its description and its role marks. The enum,
//! [`ABILITY_KINDS`], [`count_range`], names, parsing, descriptions and the role predicates
//! all come from the table. Behaviour is not in the table: each family resolves its abilities
//! in its own file with a `match` without `_` arm over the family's own enum (generated from
//! the rows), so a new ability fails to compile until its family has decided what it does,
//! and no other family has to list it.
//!
//! # Adding an ability
//!
//! 1. A row in the table, in the place it should take in listings (the table's order is
//!    [`ABILITY_KINDS`]'s, which card-set listings print): the variant and its doc (with the
//!    rule id), `{ count: LO..=HI, default D }` if it has a parameter, then its family, its
//!    [`Trigger`], its kind name, its description (`{count}` for the parameter) and any marks
//!    (`copies`, `set_role(..)`, `up(..)`).
//! 2. Its behaviour, in its family (the compiler points at each `match` that must decide):
//!    * `Chosen` (a discard ability the player targets): its arms in `push_ability_actions`,
//!      `ability_has_target` and `resolve_choice` (`rules/abilities/mod.rs`), calling code in
//!      the family file it belongs to (`looks`, `swaps`, `deck`, `copies`, `tokens`);
//!    * `Helper` (a free action of its owner's turn while face-up): its arm in
//!      `helpers_among` and its free action (`rules/abilities/free.rs`);
//!    * `Scoring` (an effect at scoring): its arm in `score_villages` (`rules/scoring.rs`);
//!    * `InRule` (it changes a rule, without a choice of its own): the rule it changes, where
//!      that rule is (`turn`, `exchange`, `pile`, `deal`), usually through an `UpRole` mark
//!      (one more `UpRole` variant) so the hot paths read a mask.
//! 3. Its tag in the golden digests' event encoding (`tests/engine/common/encode.rs`: the next
//!    free tag; the compiler asks for it).
//! 4. A character that has it (`character.rs`), if an edition prints one, and its scenario
//!    tests from the rulebook's examples.
//!
//! A throwaway `Chosen` kind (a row, its three arms and a function in `deck`) compiles and
//! lists itself (`silver cards`, card-set files) with those sites and no other.

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

/// Declares [`Ability`] from its table (see the module doc), with the family enums (`Chosen`,
/// `Helper`, `Scoring`: one variant per row of that family, in table order) and every
/// per-ability answer that is data: descriptor, family, `count`, [`ABILITY_KINDS`].
macro_rules! abilities {
    // The family enums, collected row by row (`@families [chosen] [helper] [scoring] rows`).
    (@families [$($c:tt)*] [$($h:tt)*] [$($s:tt)*]) => {
        /// The discard abilities a player chooses to use and target, resolved in
        /// `rules/abilities` (one variant per `Chosen` row of the table).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Chosen { $($c)* }

        /// The free actions a face-up card gives its owner's turn, resolved in
        /// `rules/abilities/free.rs` (one variant per `Helper` row of the table).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Helper { $($h)* }

        /// The effects at scoring, resolved in `rules/scoring.rs` (one variant per `Scoring`
        /// row of the table).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum Scoring { $($s)* }
    };
    (@families [$($c:tt)*] [$($h:tt)*] [$($s:tt)*]
        Chosen $name:ident $({ $count:ident })?; $($rest:tt)*) => {
        abilities!(@families [$($c)* $name $({ $count: u8 })?,] [$($h)*] [$($s)*] $($rest)*);
    };
    (@families [$($c:tt)*] [$($h:tt)*] [$($s:tt)*]
        Helper $name:ident $({ $count:ident })?; $($rest:tt)*) => {
        abilities!(@families [$($c)*] [$($h)* $name $({ $count: u8 })?,] [$($s)*] $($rest)*);
    };
    (@families [$($c:tt)*] [$($h:tt)*] [$($s:tt)*]
        Scoring $name:ident $({ $count:ident })?; $($rest:tt)*) => {
        abilities!(@families [$($c)*] [$($h)*] [$($s)* $name $({ $count: u8 })?,] $($rest)*);
    };
    (@families [$($c:tt)*] [$($h:tt)*] [$($s:tt)*]
        InRule $name:ident $({ $count:ident })?; $($rest:tt)*) => {
        abilities!(@families [$($c)*] [$($h)*] [$($s)*] $($rest)*);
    };
    // One ability's family.
    (@family InRule $name:ident $($count:ident)?) => {{
        $( let _ = $count; )?
        Family::InRule
    }};
    (@family $family:ident $name:ident $($count:ident)?) => {
        Family::$family($family::$name $({ $count })?)
    };
    (@count) => { None };
    (@count $count:ident) => { Some($count) };
    (@one $name:ident) => { 1 };
    (
        $(
            $(#[$meta:meta])*
            $name:ident $({ $count:ident: $lo:literal..=$hi:literal, default $default:literal })?
                => $family:ident, $trigger:ident, $kind:literal, $describe:literal
                $(, $mark:ident $(($arg:expr))?)*;
        )+
    ) => {
        /// Every ability kind the engine can resolve. One variant per rule; resolved in `rules/`.
        /// Some kinds carry parameters: the built-in characters use the values EDITIONS.md
        /// gives, a custom character (a card-set file) may choose others.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Ability {
            $(
                $(#[$meta])*
                $name $({
                    #[doc = concat!("The ability's parameter (", $lo, "–", $hi, ").")]
                    $count: u8
                })?,
            )+
        }

        abilities!(@families [] [] [] $( $family $name $({ $count })?; )+);

        /// How many ability kinds there are.
        const KINDS: usize = 0 $( + abilities!(@one $name) )+;

        /// Every ability kind, with the built-in characters' parameter, for listings and
        /// card-set files (`kind` names), in table order.
        pub const ABILITY_KINDS: [Ability; KINDS] = [
            $( Ability::$name $({ $count: $default })?, )+
        ];

        impl Ability {
            /// This ability's row of the table.
            #[inline]
            pub(crate) const fn descriptor(self) -> Descriptor {
                match self {
                    $(
                        Ability::$name { .. } => Descriptor::new(
                            Trigger::$trigger, $kind, $describe
                        ) $( .counted($lo, $hi) )? $( .$mark($($arg)?) )*,
                    )+
                }
            }

            /// The family that resolves this ability.
            #[inline]
            pub(crate) const fn family(self) -> Family {
                match self {
                    $(
                        Ability::$name $({ $count })? => {
                            abilities!(@family $family $name $($count)?)
                        }
                    )+
                }
            }

            /// The ability's `count` parameter, if it has one.
            pub const fn count(self) -> Option<u8> {
                match self {
                    $( Ability::$name $({ $count })? => abilities!(@count $($count)?), )+
                }
            }

            /// The same kind with its parameter (if it has one) set to `n`.
            const fn with_count(self, n: u8) -> Ability {
                match self {
                    $( Ability::$name { .. } => Ability::$name $({ $count: n })?, )+
                }
            }
        }
    };
}

abilities! {
    /// R-A0 Villager: two face-up in villages end the round.
    VillagerPair => InRule, FaceUpAnyVillage, "villager-pair",
        "two face-up in villages end the round", up(UpRole::Villager);
    /// R-A1 Squire: face-up Squires keep a display of deck cards that may be drawn.
    SquireDisplay => InRule, FaceUpAnyVillage, "squire-display",
        "keeps one display card per face-up Squire; draw from it", up(UpRole::Squire);
    /// R-A2 Empath: once per turn per face-up Empath, look at one of your face-down cards.
    EmpathPeek => Helper, FaceUpOwnVillage, "empath-peek",
        "once per turn, look at one of your face-down cards";
    /// R-A3 Bodyguard: protect one card of your village from other players' abilities.
    Bodyguard => Helper, FaceUpOwnVillage, "bodyguard",
        "shielded from other players' abilities, with one card it is placed on";
    /// R-A4 Rascal: draw one extra deck card per face-up Rascal and keep one.
    RascalDraw => InRule, FaceUpOwnVillage, "rascal-draw",
        "draw one extra deck card and keep one", up(UpRole::Rascal);
    /// R-A5 Exposer: turn one of your own face-down cards face-up.
    ExposeOwn => Chosen, DiscardedFromDeck, "expose-own",
        "turn one of your face-down cards face-up";
    /// R-A6 Revealer: turn one face-down card of an opponent face-up.
    RevealOpponent => Chosen, DiscardedFromDeck, "reveal-opponent",
        "turn one opponent face-down card face-up";
    /// R-A7 Beholder: look at up to `count` of your own face-down cards (Amulet: 2).
    BeholdOwn { count: 1..=5, default 2 } => Chosen, DiscardedFromDeck, "behold-own",
        "look at up to {count} of your face-down cards";
    /// R-A8 Apprentice Seer: look at face-down cards of opponents, one per look (Amulet: 1),
    /// each at a different card.
    LookOpponent { count: 1..=5, default 1 } => Chosen, DiscardedFromDeck, "look-opponent",
        "look at {count} opponent face-down card(s), one at a time";
    /// R-A9 Seer: look at one face-down card in any village.
    LookAny => Chosen, DiscardedFromDeck, "look-any",
        "look at one face-down card in any village";
    /// R-A10 Master: take any card of the discard pile and exchange it in.
    MasterTakePile => Chosen, DiscardedFromDeck, "master-take-pile",
        "take any discard-pile card and exchange it in";
    /// R-A11 Witch: look at the deck's top card and exchange it with an opponent's card or your
    /// own.
    // R-A11: one opponent's card (slot and orientation kept), or an exchange into your own
    // village (R-SWAP): never another card of your own one by one.
    WitchDeckTop => Chosen, DiscardedFromDeck, "witch-deck-top",
        "look at the deck top; exchange it with one opponent's card, or into your village";
    /// R-A12 Robber, D12 Master Thief: swap one of your cards with an opponent's card, then look
    /// at the new one.
    RobberSwap => Chosen, DiscardedFromDeck, "robber-swap",
        "swap one of your cards with an opponent's card; look at the new one";
    /// R-A13 Doppelganger: wild in a multi-exchange.
    Wild => InRule, InExchange, "wild",
        "matches anything in a multi-exchange", set_role(SetRole::Wild);
    /// B0 Hunter: at scoring, if face-up, its owner removes one card of their village.
    HunterRemove => Scoring, AtScoringIfFaceUp, "hunter-remove",
        "its owner removes one card of their village";
    /// B1 Lycan: in a multi-exchange, each face-up Lycan counts one chosen card as 1 higher.
    LycanBump => InRule, FaceUpOwnVillage, "lycan-bump",
        "count one card of a multi-exchange as 1 higher", set_role(SetRole::Lycan);
    /// B2 Priest: once per turn per face-up Priest, turn one of your face-down cards face-up.
    PriestFlip => Helper, FaceUpOwnVillage, "priest-flip",
        "once per turn, turn one of your face-down cards face-up";
    /// B3: cards you send to the discard pile go face-up to the bottom of the deck instead.
    DiscardToDeckBottom => InRule, FaceUpOwnVillage, "discard-to-deck-bottom",
        "your discards go face-up to the bottom of the deck", up(UpRole::DeckBottom);
    /// B4 Mortician: exchanging out cards with discard abilities lets you use one of them.
    Mortician => InRule, FaceUpOwnVillage, "mortician",
        "use the ability of a card you exchange out";
    /// B5 Cow: reverse the order of the deck.
    ReverseDeck => Chosen, DiscardedFromDeck, "reverse-deck",
        "reverse the order of the deck";
    /// B6 Instigator: turn any one village card over (face-up ↔ face-down).
    FlipAny => Chosen, DiscardedFromDeck, "flip-any",
        "turn any one village card over";
    /// B7 Insomniac: look at all your own face-down cards.
    LookAllOwn => Chosen, DiscardedFromDeck, "look-all-own",
        "look at all your face-down cards";
    /// B8 Thing: shuffle the face-down cards of one village among its face-down slots.
    ShuffleVillage => Chosen, DiscardedFromDeck, "shuffle-village",
        "shuffle the face-down cards of one village";
    /// B9 Marksman: use the discard ability of any face-up village card.
    UseFaceUp => Chosen, DiscardedFromDeck, "use-face-up",
        "use the discard ability of any face-up village card", copies;
    /// B10 The Count: move the top `count` deck cards face-up onto the discard pile (Bullet:
    /// 10; fewer if the deck is short).
    DeckToPile { count: 1..=31, default 10 } => Chosen, DiscardedFromDeck, "deck-to-pile",
        "move the top {count} deck cards face-up onto the discard pile";
    /// B11 Troublemaker: swap one card of one village with one card of another village.
    SwapAny => Chosen, DiscardedFromDeck, "swap-any",
        "swap two cards of two different villages";
    /// B12 Gremlin: put the Gremlin face-up into another player's village (additive).
    GremlinJoin => Chosen, DiscardedFromDeck, "gremlin-join",
        "joins another player's village face-up";
    /// B13 Copycat: at scoring, counts as the lowest other card in its village (13 if alone).
    CopyLowest => Scoring, AtScoring, "copy-lowest",
        "counts as the lowest other card of its village";
    /// C2 Curator: once per turn per face-up Curator, rotate one of your cards or discard one
    /// of your rotated cards.
    Curator => Helper, FaceUpOwnVillage, "curator",
        "once per turn, rotate a card or discard a rotated card";
    /// C4: once per turn, use the discard ability of the discard pile's top card.
    UsePileTop => Helper, FaceUpOwnVillage, "use-pile-top",
        "once per turn, use the discard ability of the pile's top card", copies;
    /// C8 Assassin: discard `count` of your own cards, nothing replaces them (Coin: 1).
    DiscardOwn { count: 1..=5, default 1 } => Chosen, DiscardedFromDeck, "discard-own",
        "discard {count} of your cards; nothing replaces them";
    /// C10 Vampire: use the discard ability of the card that was on top of the pile before it
    /// (offered as that ability itself when the Vampire is discarded: `rules/abilities/copies`).
    UseUnderneath => InRule, DiscardedFromDeck, "use-underneath",
        "use the discard ability of the card it was discarded onto", copies;
    /// D4 Zombie: never on top of the discard pile; may be handed to the previous player.
    Zombie => InRule, Special, "zombie",
        "never on top of the discard pile; may be handed to the previous player",
        up(UpRole::Zombie);
    /// D5 Approximator: drawn and exchanged in, it may replace any two of your cards.
    Approximator => InRule, Special, "approximator",
        "drawn and exchanged in, replaces any two cards";
    /// D11 Reverser: reverse the direction of play.
    ReverseDirection => Chosen, DiscardedFromDeck, "reverse-direction",
        "reverse the direction of play";
    /// No ability (a plain card; for custom characters).
    Plain => InRule, Never, "plain", "no ability";
}

/// Which family resolves an ability (its row says): the rules `match` on the family's own enum,
/// so each family lists only its own abilities.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// A discard ability the player chooses to use and target (`rules/abilities`).
    Chosen(Chosen),
    /// A free action of its owner's turn while face-up (`rules/abilities/free.rs`).
    Helper(Helper),
    /// An effect at scoring (`rules/scoring.rs`).
    Scoring(Scoring),
    /// Part of the rule it changes (`turn`, `exchange`, `pile`, `deal`), without a choice of
    /// its own: found by its `UpRole` or `SetRole` mark, or by name where its rule is.
    InRule,
}

/// One row of the ability table: everything the engine knows of an ability but its behaviour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Descriptor {
    /// When it works.
    pub(crate) trigger: Trigger,
    /// The kind name in card-set files and listings.
    pub(crate) kind: &'static str,
    /// One-line description for listings; `{count}` stands for the parameter.
    pub(crate) describe: &'static str,
    /// The allowed range of its `count` parameter, if it has one.
    pub(crate) count_range: Option<(u8, u8)>,
    /// Uses another card's discard ability (B9, C4, C10): such abilities cannot be copied
    /// themselves (docs/rulings.md), so copying always ends.
    pub(crate) copies: bool,
    /// How its card counts in a multi-exchange set.
    pub(crate) set_role: SetRole,
    /// The face-up count the rules keep of it, if any ([`UpRole`]).
    pub(crate) up: Option<UpRole>,
}

impl Descriptor {
    /// A row without parameter or marks.
    const fn new(trigger: Trigger, kind: &'static str, describe: &'static str) -> Descriptor {
        Descriptor {
            trigger,
            kind,
            describe,
            count_range: None,
            copies: false,
            set_role: SetRole::Printed,
            up: None,
        }
    }

    /// With a `count` parameter in `lo..=hi`.
    const fn counted(self, lo: u8, hi: u8) -> Descriptor {
        Descriptor {
            count_range: Some((lo, hi)),
            ..self
        }
    }

    /// Marked as using another card's discard ability.
    const fn copies(self) -> Descriptor {
        Descriptor {
            copies: true,
            ..self
        }
    }

    /// Marked with how its card counts in a multi-exchange set.
    const fn set_role(self, set_role: SetRole) -> Descriptor {
        Descriptor { set_role, ..self }
    }

    /// Marked with the face-up count the rules keep of it.
    const fn up(self, up: UpRole) -> Descriptor {
        Descriptor {
            up: Some(up),
            ..self
        }
    }
}

impl Ability {
    /// The trigger class of this ability.
    pub const fn trigger(self) -> Trigger {
        self.descriptor().trigger
    }

    /// True if discarding this card straight from the deck offers its ability.
    pub const fn is_discard_ability(self) -> bool {
        matches!(self.trigger(), Trigger::DiscardedFromDeck)
    }

    /// True for abilities that use another card's discard ability (B9, C4, C10). They cannot
    /// be copied themselves (docs/rulings.md), so copying always ends.
    pub const fn is_copy(self) -> bool {
        self.descriptor().copies
    }

    /// The ability-kind name used in card-set files and listings.
    pub const fn kind(self) -> &'static str {
        self.descriptor().kind
    }

    /// One-line description for listings.
    pub fn describe(self) -> String {
        let text = self.descriptor().describe;
        match self.count() {
            Some(n) => text.replace("{count}", &n.to_string()),
            None => text.into(),
        }
    }

    /// How this ability's card counts in a multi-exchange set.
    pub(crate) const fn set_role(self) -> SetRole {
        self.descriptor().set_role
    }

    /// True for the abilities a face-up card gives its owner as free actions of the owner's
    /// turn (R-A2 Empath, R-A3 Bodyguard, B2 Priest, C2 Curator, C4): the `Helper` family,
    /// which `own_helpers` counts.
    pub(crate) const fn is_turn_helper(self) -> bool {
        self.helper().is_some()
    }

    /// The chosen discard ability this is, if it is one.
    #[inline]
    pub(crate) const fn chosen(self) -> Option<Chosen> {
        match self.family() {
            Family::Chosen(c) => Some(c),
            Family::Helper(_) | Family::Scoring(_) | Family::InRule => None,
        }
    }

    /// The free action of its owner's turn this gives, if it gives one.
    #[inline]
    pub(crate) const fn helper(self) -> Option<Helper> {
        match self.family() {
            Family::Helper(h) => Some(h),
            Family::Chosen(_) | Family::Scoring(_) | Family::InRule => None,
        }
    }

    /// The effect at scoring this has, if it has one.
    #[inline]
    pub(crate) const fn scoring(self) -> Option<Scoring> {
        match self.family() {
            Family::Scoring(s) => Some(s),
            Family::Chosen(_) | Family::Helper(_) | Family::InRule => None,
        }
    }
}

/// The allowed range of an ability's `count` parameter.
pub const fn count_range(kind: Ability) -> Option<(u8, u8)> {
    kind.descriptor().count_range
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
                Ok(base.with_count(n))
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

/// Abilities whose face-up cards the rules count often (`Game::roles_up`): a mark of the
/// ability's row in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UpRole {
    /// R-A0: two face-up Villagers end the round (checked after every action).
    Villager,
    /// R-A1: the display holds as many cards as there are face-up Squires.
    Squire,
    /// R-A4: a face-up Rascal lets its owner draw one more card.
    Rascal,
    /// B3: a face-up Goth Girl sends its owner's discards under the deck.
    DeckBottom,
    /// D4: a face-up Zombie may be handed on.
    Zombie,
}

impl UpRole {
    pub(crate) const COUNT: usize = 5;
    pub(crate) const ALL: [UpRole; UpRole::COUNT] = [
        UpRole::Villager,
        UpRole::Squire,
        UpRole::Rascal,
        UpRole::DeckBottom,
        UpRole::Zombie,
    ];
}

/// How a card counts in a multi-exchange set (R-SWAP-MULTI): a mark of each ability's
/// row in the table (`Printed` unless the row says otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetRole {
    /// Matches any value (R-A13, the Doppelganger).
    Wild,
    /// B1: the Lycan, which a face-up copy bumps.
    Lycan,
    /// Counts at its printed value.
    Printed,
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
