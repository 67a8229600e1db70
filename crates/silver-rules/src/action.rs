//! Actions: every decision a player makes, as a small `Copy` value.
//!
//! A turn is a sequence of decisions (draw, then discard or exchange, then the ability's
//! choices…), so each decision point offers few actions and a search can branch on each choice.
//!
//! [`Action`] is declared once, as the table in the `actions!` invocation below: each row is a
//! variant with its JSON name and, for each field, how many values it takes in ids. The table
//! generates the enum, its serde names, the strict parser's field table and constructors
//! (`strict`), the id families and both directions of the id mapping ([`Action::id`],
//! [`Action::from_id`], exhaustive matches on the variants).
//!
//! # Adding an action
//!
//! 1. A row at the end of the table (`NewThing as "new-thing" { slot: Slot < SLOTS }`): the
//!    variant, its doc, its JSON name (kebab-case of the variant; a test checks) and each
//!    field's id count. Rows go at the end: a row's place is its id family, and a row placed
//!    before others moves every later id (saved games, observation tensors, Python ids). A new
//!    field name also needs its key in `strict::RawAction` (the compiler says so).
//! 2. Where it is offered: the legal-action generator of its stage (`rules/`), and
//!    [`MAX_ACTIONS`] if it can raise the largest decision.
//! 3. What it does: its arm in `Game::resolve` (`rules/mod.rs`), or in `resolve_ability`
//!    (`rules/abilities/mod.rs`) for an ability's step.
//! 4. Its tag in the golden digests' event encoding (`tests/engine/common/encode.rs`: the next
//!    free tag; the compiler asks for it), and the new [`ACTION_IDS`] in the test that pins it
//!    (it grows by the family's size).
//!
//! The table-driven tests then cover it: every id round-trips through [`Action::from_id`], and
//! every action through its JSON name and the strict parser.

use crate::config::Seat;
use arrayvec::ArrayVec;

/// Index of a card in a village row (0 = leftmost).
pub type Slot = u8;

/// Slots in a village (at most 52 cards, E-ADDITIVE / E-EMPTY): the ids of a slot field.
const SLOTS: u16 = 52;
/// Seats: the ids of a seat field.
const SEATS: u16 = crate::config::MAX_PLAYERS as u16;

/// Declares [`Action`] from its table (see the module doc) and generates from each row: the
/// serde name, the id family (`Family`, one per row in table order), the id mapping and the
/// strict parser. A field is `name: Type < IDS`: the field takes the values `0..IDS` in ids;
/// a family's ids are the mixed-radix numbers of its fields, the first field most significant.
macro_rules! actions {
    (
        $(#[$meta:meta])*
        pub enum Action {
            $(
                $(#[doc = $vdoc:literal])*
                $variant:ident as $name:literal $({
                    $( $(#[doc = $fdoc:literal])* $field:ident: $ty:ident < $ids:expr ),+ $(,)?
                })?
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        pub enum Action {
            $(
                $(#[doc = $vdoc])*
                #[cfg_attr(feature = "serde", serde(rename = $name))]
                $variant $({ $( $(#[doc = $fdoc])* $field: $ty ),+ })?,
            )+
        }

        /// An id family: one per [`Action`] variant, in table order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Family {
            $( $variant, )+
        }

        impl Family {
            /// Every family, in id order.
            const ALL: &'static [Family] = &[$( Family::$variant ),+];

            /// How many ids the family takes: the product of its fields' id counts.
            const fn size(self) -> u16 {
                match self {
                    $( Family::$variant => 1 $( $( * $ids )+ )?, )+
                }
            }

            /// The action's name in JSON (`do`).
            const fn name(self) -> &'static str {
                match self {
                    $( Family::$variant => $name, )+
                }
            }

            /// The action's fields in JSON, in declaration order.
            const fn fields(self) -> &'static [&'static str] {
                match self {
                    $( Family::$variant => &[$( $( stringify!($field) ),+ )?], )+
                }
            }

            /// The variant's doc comment, one source line per line.
            const fn doc(self) -> &'static str {
                match self {
                    $( Family::$variant => concat!($( $vdoc, "\n" ),*), )+
                }
            }

            /// Each field's doc comment, in declaration order.
            const fn field_docs(self) -> &'static [&'static str] {
                match self {
                    $( Family::$variant => &[$( $( concat!($( $fdoc, "\n" ),*) ),+ )?], )+
                }
            }
        }

        impl Action {
            /// The id family of this action.
            const fn family(self) -> Family {
                match self {
                    $( Action::$variant { .. } => Family::$variant, )+
                }
            }

            /// This action's id in `0..ACTION_IDS` (see [`ACTION_IDS`]), or `None` for an
            /// action no game can offer (a slot beyond 51, a seat beyond 3, more than 4 extra
            /// draws…).
            pub fn id(self) -> Option<u16> {
                let offset = match self {
                    $(
                        Action::$variant $({ $( $field ),+ })? => {
                            #[allow(unused_mut)]
                            let mut offset: u16 = 0;
                            $( $(
                                if $field as u16 >= $ids {
                                    return None;
                                }
                                offset = offset * $ids + $field as u16;
                            )+ )?
                            offset
                        }
                    )+
                };
                Some(BASE[self.family() as usize] + offset)
            }

            /// The action with id `id`, or `None` if `id >= ACTION_IDS`.
            pub fn from_id(id: u16) -> Option<Action> {
                let f = (0..FAMILIES).find(|&f| id < BASE[f + 1])?;
                let family = Family::ALL[f];
                let offset = id - BASE[f];
                // The place value of the field being read: the ids of the fields after it.
                let mut place = family.size();
                Some(match family {
                    $(
                        Family::$variant => Action::$variant $({ $(
                            $field: {
                                place /= $ids;
                                (offset / place % $ids) as $ty
                            }
                        ),+ })?,
                    )+
                })
            }
        }

        #[cfg(feature = "serde")]
        impl TryFrom<strict::RawAction> for Action {
            type Error = strict::RawActionError;

            fn try_from(r: strict::RawAction) -> Result<Action, strict::RawActionError> {
                let family = r.family()?;
                Ok(match family {
                    $(
                        Family::$variant => Action::$variant $({ $(
                            $field: r.$field.unwrap_or(0)
                        ),+ })?,
                    )+
                })
            }
        }
    };
}

actions! {
    /// One decision.
    ///
    /// In JSON (scripts, traces) an action is an object tagged by `do`, with exactly the fields
    /// of its variant: `{"do": "select", "slot": 2}`, `{"do": "discard"}`. Any other key is an
    /// error.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(tag = "do", try_from = "strict::RawAction"))]
    pub enum Action {
        /// R-PEEK0: look at one of your own cards at the start of the round (twice).
        OpeningPeek as "opening-peek" {
            /// Own slot.
            slot: Slot < SLOTS,
        },
        /// R-DRAW (R-A4): take the deck's top card, plus `extra` more with face-up Rascals.
        DrawDeck as "draw-deck" {
            /// Extra cards drawn, at most one per face-up Rascal (R-A4).
            extra: u8 < 5, // 0–4: one per face-up Rascal (4 at most)
        },
        /// R-A1: take display card `index` instead of drawing from the deck.
        DrawDisplay as "draw-display" {
            /// Index into the display.
            index: u8 < 4, // one card per face-up Squire (4 at most)
        },
        /// R-TAKE: take the top card of the discard pile (must be exchanged in).
        TakeDiscard as "take-discard",
        /// R-CENSUS: call census (the whole turn).
        CallCensus as "call-census",
        /// R-A4: keep drawn card `index` (in draw order); the others go back on the deck.
        KeepDrawn as "keep-drawn" {
            /// Index in draw order.
            index: u8 < 5, // the deck card and one per face-up Rascal
        },
        /// R-DRAW: discard the drawn card face-up.
        Discard as "discard",
        /// R-SWAP-ONE: exchange the held card with one village card.
        Exchange as "exchange" {
            /// Own slot.
            slot: Slot < SLOTS,
        },
        /// R-SWAP-MULTI: add a slot to a multi-exchange (slots are chosen in increasing order).
        Select as "select" {
            /// Own slot.
            slot: Slot < SLOTS,
        },
        /// R-SWAP-MULTI: reveal the 2+ selected cards and resolve the exchange.
        ConfirmExchange as "confirm-exchange",
        /// Decline an optional ability (R-DRAW: "you may then use that ability").
        SkipAbility as "skip-ability",
        /// Choose a card in a village as an ability's target (R-A5–R-A9, R-A11, R-A12).
        Target as "target" {
            /// Village owner.
            seat: Seat < SEATS,
            /// Slot in that village.
            slot: Slot < SLOTS,
        },
        /// R-A7: stop after looking at one card.
        StopLooking as "stop-looking",
        /// R-A10: take discard-pile card `index` (0 = bottom).
        PickDiscard as "pick-discard" {
            /// Index into the discard pile, bottom first.
            index: u8 < SLOTS, // the pile holds at most 52 cards
        },
        /// R-A11: look at the deck's top card (starts the Witch).
        WitchLook as "witch-look",
        /// R-A11: exchange the deck's top card into your own village by R-SWAP.
        WitchExchangeOwn as "witch-exchange-own",
        /// R-A11: leave the deck's top card where it is.
        WitchLeave as "witch-leave",
        /// R-A12: give this card of yours in place of the one taken.
        Give as "give" {
            /// Own slot.
            slot: Slot < SLOTS,
        },
        /// R-A2: look at one of your own face-down cards (once per turn per face-up Empath).
        EmpathPeek as "empath-peek" {
            /// Own slot.
            slot: Slot < SLOTS,
        },
        /// R-A3: place (or move) the Bodyguard in slot `guard` onto the card in slot `target`.
        GuardPlace as "guard-place" {
            /// Slot of a face-up Bodyguard.
            guard: Slot < SLOTS,
            /// Slot of the card to protect.
            target: Slot < SLOTS,
        },
        /// R-A3: lift the Bodyguard in slot `guard` off its card.
        GuardLift as "guard-lift" {
            /// Slot of a placed Bodyguard.
            guard: Slot < SLOTS,
        },
        /// R-AMULET: put the token on one of your cards.
        PlaceToken as "place-token" {
            /// Own slot.
            slot: Slot < SLOTS,
        },
        /// End your turn (offered only when an optional free action is still possible).
        EndTurn as "end-turn",
        /// Use a discard ability that needs no target (B5, B7, B10, D11).
        UseAbility as "use-ability",
        /// Choose a village as an ability's target (B8 Thing, B12 Gremlin).
        ChooseVillage as "choose-village" {
            /// Village owner.
            seat: Seat < SEATS,
        },
        /// B2: turn one of your face-down cards face-up (once per turn per face-up Priest).
        Flip as "flip" {
            /// Own slot.
            slot: Slot < SLOTS,
        },
        /// C2: rotate one of your cards 90° (once per turn per face-up Curator, with discard).
        Rotate as "rotate" {
            /// Own slot.
            slot: Slot < SLOTS,
        },
        /// C2: discard one of your rotated cards; nothing replaces it.
        DiscardRotated as "discard-rotated" {
            /// Own slot.
            slot: Slot < SLOTS,
        },
        /// C4: use the discard ability of the discard pile's top card (once per turn).
        UsePileTop as "use-pile-top",
        /// D4: spend the whole turn handing a face-up Zombie of yours to the previous player.
        GiveZombie as "give-zombie" {
            /// Own slot of the face-up Zombie.
            slot: Slot < SLOTS,
        },
        /// D4: a held card that must enter the village while no card can leave it is added at the
        /// right end, face-down if it came from the deck (or a Witch), face-up if taken from the
        /// discard pile, the display (R-A1) or by a Master.
        AddToVillage as "add-to-village",
        /// E-COIN: turn one card in any village over (token power).
        TokenFlip as "token-flip" {
            /// Village owner.
            seat: Seat < SEATS,
            /// Slot.
            slot: Slot < SLOTS,
        },
        /// E-DAGGER: reverse the direction of play (token power).
        TokenReverse as "token-reverse",
        /// D5: with exactly two cards selected, use the drawn Approximator's power: it replaces
        /// them, matching or not (shown to everybody).
        Approximate as "approximate",
    }
}

impl Action {
    /// The action's name in JSON (the `do` key): `"select"`, `"discard"`.
    pub const fn name(self) -> &'static str {
        self.family().name()
    }
}

/// One kind of [`Action`] as the JSON protocols see it: its `do` name, its fields and what it
/// means, read from the declaration table (so a listing of them cannot drift from the engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionKind {
    family: Family,
}

impl ActionKind {
    /// Every kind, in the table's order (the order of the action ids).
    pub fn all() -> impl Iterator<Item = ActionKind> {
        Family::ALL.iter().map(|&family| ActionKind { family })
    }

    /// The name in JSON (the `do` key).
    pub const fn name(self) -> &'static str {
        self.family.name()
    }

    /// The fields in JSON besides `do`, in declaration order, each with its meaning (its doc
    /// comment on one line).
    pub fn fields(self) -> impl Iterator<Item = (&'static str, String)> {
        let docs = self.family.field_docs();
        self.family
            .fields()
            .iter()
            .zip(docs)
            .map(|(&name, doc)| (name, one_line(doc)))
    }

    /// What the action does (its doc comment on one line).
    pub fn meaning(self) -> String {
        one_line(self.family.doc())
    }

    /// How many distinct ids the kind takes (see [`ACTION_IDS`]).
    pub const fn ids(self) -> u16 {
        self.family.size()
    }
}

/// A doc comment's lines joined into one line.
fn one_line(doc: &str) -> String {
    doc.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

const _: () = assert!(std::mem::size_of::<Action>() <= 4);

/// Capacity of an [`ActionList`]: the most legal actions any decision point can offer.
///
/// The largest decision is holding a drawn card with every free action available. A village
/// holds at most 52 cards (with additive cards and empty villages, E-ADDITIVE, E-EMPTY), so a
/// per-slot action contributes at most 52. Holding: Discard 1, Exchange 52, Select 51,
/// EmpathPeek 52, GuardPlace 4 Bodyguards × 51 targets = 204, GuardLift 4, Flip 52, Rotate 52,
/// DiscardRotated 52, one token action per village card 52 (E-COIN: all villages together
/// hold at most 52), AddToVillage 1: 573 in all. The turn-start decision has the same free
/// actions plus at most 5 draws, 4 display draws, take, census and 4 Zombie hand-offs (483),
/// and ability targets are bounded by the 52 cards plus the 4 villages. 640 covers them all.
pub const MAX_ACTIONS: usize = 640;

/// A fixed-capacity list of legal actions (no heap).
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

#[cfg(feature = "serde")]
mod strict {
    //! Strict parsing: serde ignores unknown keys on the field-less variants of an internally
    //! tagged enum, so actions are read through this form, which rejects every key the variant
    //! does not have.

    use super::Family;

    /// Every key any action may have.
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct RawAction {
        #[serde(rename = "do")]
        kind: String,
        pub(super) slot: Option<u8>,
        pub(super) extra: Option<u8>,
        pub(super) index: Option<u8>,
        pub(super) seat: Option<u8>,
        pub(super) guard: Option<u8>,
        pub(super) target: Option<u8>,
    }

    /// Why an object is not an action (serde reports it by this message).
    #[derive(Debug, thiserror::Error)]
    pub enum RawActionError {
        /// No action has this name.
        #[error("unknown action `{0}`")]
        Unknown(String),
        /// The action has no such field.
        #[error("action `{kind}` has no field `{field}`")]
        UnexpectedField {
            /// The action's name.
            kind: String,
            /// The field.
            field: &'static str,
        },
        /// The action needs this field.
        #[error("action `{kind}` needs the field `{field}`")]
        MissingField {
            /// The action's name.
            kind: String,
            /// The field.
            field: &'static str,
        },
    }

    impl RawAction {
        /// The family named by `do`, once the keys present are exactly its fields.
        pub(super) fn family(&self) -> Result<Family, RawActionError> {
            let family = Family::ALL
                .iter()
                .copied()
                .find(|f| f.name() == self.kind)
                .ok_or_else(|| RawActionError::Unknown(self.kind.clone()))?;
            let fields = family.fields();
            let present = [
                ("slot", self.slot.is_some()),
                ("extra", self.extra.is_some()),
                ("index", self.index.is_some()),
                ("seat", self.seat.is_some()),
                ("guard", self.guard.is_some()),
                ("target", self.target.is_some()),
            ];
            for (name, is) in present {
                if is && !fields.contains(&name) {
                    return Err(RawActionError::UnexpectedField {
                        kind: self.kind.clone(),
                        field: name,
                    });
                }
                if !is && fields.contains(&name) {
                    return Err(RawActionError::MissingField {
                        kind: self.kind.clone(),
                        field: name,
                    });
                }
            }
            Ok(family)
        }
    }
}

/// Action ids: every action a game can offer as one integer in `0..ACTION_IDS`, the same
/// integer in every state (a fixed action space for learning code, OpenSpiel and PettingZoo).
///
/// Ids are laid out family by family in the order of [`Action`]'s variants; a family with a
/// slot takes 52 ids (a village holds at most 52 cards), a seat 4, a seat and slot 4 × 52,
/// a Bodyguard and its target 52 × 52. [`Action::id`] and [`Action::from_id`] are inverse.
pub const ACTION_IDS: usize = BASE[FAMILIES] as usize;

/// How many id families there are (one per variant).
const FAMILIES: usize = Family::ALL.len();

/// First id of each family (and the total at the end).
const BASE: [u16; FAMILIES + 1] = {
    let mut base = [0u16; FAMILIES + 1];
    let mut i = 0;
    while i < FAMILIES {
        base[i + 1] = base[i] + Family::ALL[i].size();
        i += 1;
    }
    base
};

#[cfg(test)]
mod id_tests {
    use super::*;

    #[test]
    fn every_id_names_one_action_and_back() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..ACTION_IDS as u16 {
            let a = Action::from_id(i).expect("an id below ACTION_IDS");
            assert_eq!(a.id(), Some(i), "{a:?}");
            assert!(seen.insert(a));
        }
        assert_eq!(Action::from_id(ACTION_IDS as u16), None);
        // A changed layout changes every stored id: bump this only on purpose.
        assert_eq!(ACTION_IDS, 3777);
    }

    /// Driven by the table: every id of every family names an action of that family and
    /// back, and that action's JSON carries the family's name and exactly its fields, and
    /// parses back to it; dropping any field, or adding one of another family, is an error.
    #[cfg(feature = "serde")]
    #[test]
    fn every_action_round_trips_through_its_id_and_its_json() {
        const KEYS: [&str; 6] = ["slot", "extra", "index", "seat", "guard", "target"];
        for (f, &family) in Family::ALL.iter().enumerate() {
            for id in BASE[f]..BASE[f + 1] {
                let a = Action::from_id(id).expect("an id below ACTION_IDS");
                assert_eq!((a.family(), a.id()), (family, Some(id)), "{a:?}");
                let json = serde_json::to_value(a).unwrap();
                let obj = json.as_object().unwrap();
                assert_eq!(obj["do"], a.name(), "{a:?}");
                let mut keys: Vec<&str> = obj.keys().map(|k| k.as_str()).collect();
                keys.retain(|&k| k != "do");
                let mut fields = family.fields().to_vec();
                fields.sort_unstable();
                keys.sort_unstable();
                assert_eq!(keys, fields, "{a:?}");
                assert_eq!(serde_json::from_value::<Action>(json.clone()).unwrap(), a);
                for field in family.fields() {
                    let mut less = obj.clone();
                    less.remove(*field);
                    let e = serde_json::from_value::<Action>(less.into()).unwrap_err();
                    assert!(e.to_string().contains("needs the field"), "{a:?}: {e}");
                }
                for key in KEYS.iter().filter(|k| !family.fields().contains(k)) {
                    let mut more = obj.clone();
                    more.insert(key.to_string(), 0.into());
                    let e = serde_json::from_value::<Action>(more.into()).unwrap_err();
                    assert!(e.to_string().contains("has no field"), "{a:?}: {e}");
                }
            }
        }
    }

    /// Names are the kebab-case of the variants (the convention of every name so far).
    #[test]
    fn action_names_are_the_kebab_case_of_their_variants() {
        for &family in Family::ALL {
            let mut kebab = String::new();
            for (i, ch) in format!("{family:?}").chars().enumerate() {
                if ch.is_ascii_uppercase() && i > 0 {
                    kebab.push('-');
                }
                kebab.push(ch.to_ascii_lowercase());
            }
            assert_eq!(family.name(), kebab);
        }
    }

    /// The public listing of kinds is the table: every action belongs to exactly one kind (by
    /// name, and by id range), and every kind and field says what it means.
    #[test]
    fn action_kinds_list_every_action_with_its_meaning() {
        let kinds: Vec<ActionKind> = ActionKind::all().collect();
        assert_eq!(kinds.len(), FAMILIES);
        let total: usize = kinds.iter().map(|k| k.ids() as usize).sum();
        assert_eq!(total, ACTION_IDS);
        for i in 0..ACTION_IDS as u16 {
            let a = Action::from_id(i).expect("an id below ACTION_IDS");
            let named: Vec<_> = kinds.iter().filter(|k| k.name() == a.name()).collect();
            assert_eq!(named.len(), 1, "{a:?}");
        }
        for k in kinds {
            let meaning = k.meaning();
            assert!(!meaning.is_empty() && !meaning.contains('\n'), "{k:?}");
            assert!(
                meaning.ends_with('.') || meaning.ends_with(')'),
                "{k:?}: {meaning}"
            );
            for (field, doc) in k.fields() {
                assert!(!doc.is_empty(), "{} {field}", k.name());
            }
            assert_eq!(k.fields().count(), k.family.fields().len(), "{k:?}");
        }
        assert_eq!(
            ActionKind::all()
                .find(|k| k.name() == "guard-place")
                .map(|k| k.fields().map(|(f, _)| f).collect::<Vec<_>>()),
            Some(vec!["guard", "target"])
        );
    }

    #[test]
    fn actions_no_game_offers_have_no_id() {
        for a in [
            Action::Exchange { slot: 52 },
            Action::DrawDeck { extra: 5 },
            Action::Target { seat: 4, slot: 0 },
            Action::Target { seat: 0, slot: 52 },
            Action::GuardPlace {
                guard: 0,
                target: 52,
            },
            Action::TokenFlip { seat: 9, slot: 1 },
            Action::ChooseVillage { seat: 4 },
        ] {
            assert_eq!(a.id(), None, "{a:?}");
        }
    }
}
