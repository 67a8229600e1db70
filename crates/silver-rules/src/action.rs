//! Actions: every decision a player makes, as a small `Copy` value.
//!
//! A turn is a sequence of decisions (draw, then discard or exchange, then the ability's
//! choices…), so each decision point offers few actions and a search can branch on each choice.

use crate::config::Seat;
use arrayvec::ArrayVec;

/// Index of a card in a village row (0 = leftmost).
pub type Slot = u8;

/// One decision.
///
/// In JSON (scripts, traces) an action is an object tagged by `do`, with exactly the fields of
/// its variant: `{"do": "select", "slot": 2}`, `{"do": "discard"}`. Any other key is an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "do", rename_all = "kebab-case", try_from = "strict::RawAction")
)]
pub enum Action {
    /// R-PEEK0: look at one of your own cards at the start of the round (twice).
    OpeningPeek {
        /// Own slot.
        slot: Slot,
    },
    /// R-DRAW (R-A4): take the deck's top card, plus `extra` more with face-up Rascals.
    DrawDeck {
        /// Extra cards drawn, at most one per face-up Rascal (R-A4).
        extra: u8,
    },
    /// R-A1: take display card `index` instead of drawing from the deck.
    DrawDisplay {
        /// Index into the display.
        index: u8,
    },
    /// R-TAKE: take the top card of the discard pile (must be exchanged in).
    TakeDiscard,
    /// R-CENSUS: call census (the whole turn).
    CallCensus,
    /// R-A4: keep drawn card `index` (in draw order); the others go back on the deck.
    KeepDrawn {
        /// Index in draw order.
        index: u8,
    },
    /// R-DRAW: discard the drawn card face-up.
    Discard,
    /// R-SWAP-ONE: exchange the held card with one village card.
    Exchange {
        /// Own slot.
        slot: Slot,
    },
    /// R-SWAP-MULTI: add a slot to a multi-exchange (slots are chosen in increasing order).
    Select {
        /// Own slot.
        slot: Slot,
    },
    /// R-SWAP-MULTI: reveal the 2+ selected cards and resolve the exchange.
    ConfirmExchange,
    /// Decline an optional ability (R-DRAW: "you may then use that ability").
    SkipAbility,
    /// Choose a card in a village as an ability's target (R-A5–R-A9, R-A11, R-A12).
    Target {
        /// Village owner.
        seat: Seat,
        /// Slot in that village.
        slot: Slot,
    },
    /// R-A7: stop after looking at one card.
    StopLooking,
    /// R-A10: take discard-pile card `index` (0 = bottom).
    PickDiscard {
        /// Index into the discard pile, bottom first.
        index: u8,
    },
    /// R-A11: look at the deck's top card (starts the Witch).
    WitchLook,
    /// R-A11: exchange the deck's top card into your own village by R-SWAP.
    WitchExchangeOwn,
    /// R-A11: leave the deck's top card where it is.
    WitchLeave,
    /// R-A12: give this card of yours in place of the one taken.
    Give {
        /// Own slot.
        slot: Slot,
    },
    /// R-A2: look at one of your own face-down cards (once per turn per face-up Empath).
    EmpathPeek {
        /// Own slot.
        slot: Slot,
    },
    /// R-A3: place (or move) the Bodyguard in slot `guard` onto the card in slot `target`.
    GuardPlace {
        /// Slot of a face-up Bodyguard.
        guard: Slot,
        /// Slot of the card to protect.
        target: Slot,
    },
    /// R-A3: lift the Bodyguard in slot `guard` off its card.
    GuardLift {
        /// Slot of a placed Bodyguard.
        guard: Slot,
    },
    /// R-AMULET: put the token on one of your cards.
    PlaceToken {
        /// Own slot.
        slot: Slot,
    },
    /// End your turn (offered only when an optional free action is still possible).
    EndTurn,
    /// Use a discard ability that needs no target (B5, B7, B10, D11).
    UseAbility,
    /// Choose a village as an ability's target (B8 Thing, B12 Gremlin).
    ChooseVillage {
        /// Village owner.
        seat: Seat,
    },
    /// B2: turn one of your face-down cards face-up (once per turn per face-up Priest).
    Flip {
        /// Own slot.
        slot: Slot,
    },
    /// C2: rotate one of your cards 90° (once per turn per face-up Curator, with discard).
    Rotate {
        /// Own slot.
        slot: Slot,
    },
    /// C2: discard one of your rotated cards; nothing replaces it.
    DiscardRotated {
        /// Own slot.
        slot: Slot,
    },
    /// C4: use the discard ability of the discard pile's top card (once per turn).
    UsePileTop,
    /// D4: spend the whole turn handing a face-up Zombie of yours to the previous player.
    GiveZombie {
        /// Own slot of the face-up Zombie.
        slot: Slot,
    },
    /// D4: a held card that must enter the village while no card can leave it is added at the
    /// right end, face-down if it came from the deck (or a Witch), face-up if taken from the
    /// discard pile, the display (R-A1) or by a Master.
    AddToVillage,
    /// E-COIN: turn one card in any village over (token power).
    TokenFlip {
        /// Village owner.
        seat: Seat,
        /// Slot.
        slot: Slot,
    },
    /// E-DAGGER: reverse the direction of play (token power).
    TokenReverse,
    /// D5: with exactly two cards selected, use the drawn Approximator's power: it replaces
    /// them, matching or not (shown to everybody).
    Approximate,
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

    use super::Action;

    /// Every key any action may have.
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct RawAction {
        #[serde(rename = "do")]
        kind: String,
        slot: Option<u8>,
        extra: Option<u8>,
        index: Option<u8>,
        seat: Option<u8>,
        guard: Option<u8>,
        target: Option<u8>,
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

    impl TryFrom<RawAction> for Action {
        type Error = RawActionError;

        fn try_from(r: RawAction) -> Result<Action, RawActionError> {
            let present = [
                ("slot", r.slot.is_some()),
                ("extra", r.extra.is_some()),
                ("index", r.index.is_some()),
                ("seat", r.seat.is_some()),
                ("guard", r.guard.is_some()),
                ("target", r.target.is_some()),
            ];
            let fields: &[&str] = match r.kind.as_str() {
                "opening-peek" | "exchange" | "select" | "give" | "empath-peek" | "place-token"
                | "flip" | "rotate" | "discard-rotated" | "give-zombie" => &["slot"],
                "choose-village" => &["seat"],
                "token-flip" => &["seat", "slot"],
                "draw-deck" => &["extra"],
                "draw-display" | "keep-drawn" | "pick-discard" => &["index"],
                "target" => &["seat", "slot"],
                "guard-place" => &["guard", "target"],
                "guard-lift" => &["guard"],
                "take-discard" | "call-census" | "discard" | "confirm-exchange"
                | "skip-ability" | "stop-looking" | "witch-look" | "witch-exchange-own"
                | "witch-leave" | "end-turn" | "use-ability" | "use-pile-top"
                | "add-to-village" | "token-reverse" | "approximate" => &[],
                other => return Err(RawActionError::Unknown(other.into())),
            };
            for (name, is) in present {
                if is && !fields.contains(&name) {
                    return Err(RawActionError::UnexpectedField {
                        kind: r.kind,
                        field: name,
                    });
                }
                if !is && fields.contains(&name) {
                    return Err(RawActionError::MissingField {
                        kind: r.kind,
                        field: name,
                    });
                }
            }
            let (slot, index) = (r.slot.unwrap_or(0), r.index.unwrap_or(0));
            Ok(match r.kind.as_str() {
                "opening-peek" => Action::OpeningPeek { slot },
                "exchange" => Action::Exchange { slot },
                "select" => Action::Select { slot },
                "give" => Action::Give { slot },
                "empath-peek" => Action::EmpathPeek { slot },
                "place-token" => Action::PlaceToken { slot },
                "flip" => Action::Flip { slot },
                "rotate" => Action::Rotate { slot },
                "discard-rotated" => Action::DiscardRotated { slot },
                "give-zombie" => Action::GiveZombie { slot },
                "choose-village" => Action::ChooseVillage {
                    seat: r.seat.unwrap_or(0),
                },
                "token-flip" => Action::TokenFlip {
                    seat: r.seat.unwrap_or(0),
                    slot,
                },
                "use-ability" => Action::UseAbility,
                "use-pile-top" => Action::UsePileTop,
                "add-to-village" => Action::AddToVillage,
                "token-reverse" => Action::TokenReverse,
                "approximate" => Action::Approximate,
                "draw-deck" => Action::DrawDeck {
                    extra: r.extra.unwrap_or(0),
                },
                "draw-display" => Action::DrawDisplay { index },
                "keep-drawn" => Action::KeepDrawn { index },
                "pick-discard" => Action::PickDiscard { index },
                "target" => Action::Target {
                    seat: r.seat.unwrap_or(0),
                    slot,
                },
                "guard-place" => Action::GuardPlace {
                    guard: r.guard.unwrap_or(0),
                    target: r.target.unwrap_or(0),
                },
                "guard-lift" => Action::GuardLift {
                    guard: r.guard.unwrap_or(0),
                },
                "take-discard" => Action::TakeDiscard,
                "call-census" => Action::CallCensus,
                "discard" => Action::Discard,
                "confirm-exchange" => Action::ConfirmExchange,
                "skip-ability" => Action::SkipAbility,
                "stop-looking" => Action::StopLooking,
                "witch-look" => Action::WitchLook,
                "witch-exchange-own" => Action::WitchExchangeOwn,
                "witch-leave" => Action::WitchLeave,
                "end-turn" => Action::EndTurn,
                other => return Err(RawActionError::Unknown(other.into())),
            })
        }
    }
}

/// Action ids: every action a game can offer as one integer in `0..ACTION_IDS`, the same
/// integer in every state (a fixed action space for learning code, OpenSpiel and PettingZoo).
///
/// Ids are laid out family by family in the order of [`Action`]'s variants; a family with a
/// slot takes 52 ids (a village holds at most 52 cards), a seat 4, a seat and slot 4 × 52,
/// a Bodyguard and its target 52 × 52. [`Action::id`] and [`Action::from_id`] are inverse.
pub const ACTION_IDS: usize = id::BASE[id::FAMILIES] as usize;

mod id {
    /// Slots in a village (at most 52 cards, E-ADDITIVE / E-EMPTY).
    pub const SLOTS: u16 = 52;
    /// Seats.
    pub const SEATS: u16 = crate::config::MAX_PLAYERS as u16;
    /// Ids per family, in the order of `Action`'s variants.
    pub const SIZE: [u16; 34] = [
        SLOTS,         // OpeningPeek
        5,             // DrawDeck { extra: 0..=4 }
        4,             // DrawDisplay
        1,             // TakeDiscard
        1,             // CallCensus
        5,             // KeepDrawn
        1,             // Discard
        SLOTS,         // Exchange
        SLOTS,         // Select
        1,             // ConfirmExchange
        1,             // SkipAbility
        SEATS * SLOTS, // Target
        1,             // StopLooking
        SLOTS,         // PickDiscard (the pile holds at most 52 cards)
        1,             // WitchLook
        1,             // WitchExchangeOwn
        1,             // WitchLeave
        SLOTS,         // Give
        SLOTS,         // EmpathPeek
        SLOTS * SLOTS, // GuardPlace
        SLOTS,         // GuardLift
        SLOTS,         // PlaceToken
        1,             // EndTurn
        1,             // UseAbility
        SEATS,         // ChooseVillage
        SLOTS,         // Flip
        SLOTS,         // Rotate
        SLOTS,         // DiscardRotated
        1,             // UsePileTop
        SLOTS,         // GiveZombie
        1,             // AddToVillage
        SEATS * SLOTS, // TokenFlip
        1,             // TokenReverse
        1,             // Approximate
    ];
    pub const FAMILIES: usize = SIZE.len();
    /// First id of each family (and the total at the end).
    pub const BASE: [u16; FAMILIES + 1] = {
        let mut base = [0u16; FAMILIES + 1];
        let mut i = 0;
        while i < FAMILIES {
            base[i + 1] = base[i] + SIZE[i];
            i += 1;
        }
        base
    };
}

impl Action {
    /// This action's id in `0..ACTION_IDS` (see [`ACTION_IDS`]), or `None` for an action no
    /// game can offer (a slot beyond 51, a seat beyond 3, more than 4 extra draws…).
    pub fn id(self) -> Option<u16> {
        use Action::*;
        let s = id::SLOTS;
        let (family, offset, bound) = match self {
            OpeningPeek { slot } => (0, slot as u16, s),
            DrawDeck { extra } => (1, extra as u16, 5),
            DrawDisplay { index } => (2, index as u16, 4),
            TakeDiscard => (3, 0, 1),
            CallCensus => (4, 0, 1),
            KeepDrawn { index } => (5, index as u16, 5),
            Discard => (6, 0, 1),
            Exchange { slot } => (7, slot as u16, s),
            Select { slot } => (8, slot as u16, s),
            ConfirmExchange => (9, 0, 1),
            SkipAbility => (10, 0, 1),
            Target { seat, slot } if (seat as u16) < id::SEATS && (slot as u16) < s => {
                (11, seat as u16 * s + slot as u16, id::SEATS * s)
            }
            Target { .. } => return None,
            StopLooking => (12, 0, 1),
            PickDiscard { index } => (13, index as u16, s),
            WitchLook => (14, 0, 1),
            WitchExchangeOwn => (15, 0, 1),
            WitchLeave => (16, 0, 1),
            Give { slot } => (17, slot as u16, s),
            EmpathPeek { slot } => (18, slot as u16, s),
            GuardPlace { guard, target } if (guard as u16) < s && (target as u16) < s => {
                (19, guard as u16 * s + target as u16, s * s)
            }
            GuardPlace { .. } => return None,
            GuardLift { guard } => (20, guard as u16, s),
            PlaceToken { slot } => (21, slot as u16, s),
            EndTurn => (22, 0, 1),
            UseAbility => (23, 0, 1),
            ChooseVillage { seat } => (24, seat as u16, id::SEATS),
            Flip { slot } => (25, slot as u16, s),
            Rotate { slot } => (26, slot as u16, s),
            DiscardRotated { slot } => (27, slot as u16, s),
            UsePileTop => (28, 0, 1),
            GiveZombie { slot } => (29, slot as u16, s),
            AddToVillage => (30, 0, 1),
            TokenFlip { seat, slot } if (seat as u16) < id::SEATS && (slot as u16) < s => {
                (31, seat as u16 * s + slot as u16, id::SEATS * s)
            }
            TokenFlip { .. } => return None,
            TokenReverse => (32, 0, 1),
            Approximate => (33, 0, 1),
        };
        (offset < bound).then_some(id::BASE[family] + offset)
    }

    /// The action with id `id`, or `None` if `id >= ACTION_IDS`.
    pub fn from_id(id: u16) -> Option<Action> {
        use Action::*;
        let family = (0..id::FAMILIES).find(|&f| id < id::BASE[f + 1])?;
        let o = id - id::BASE[family];
        let s = id::SLOTS;
        let slot = (o % s) as u8;
        let major = (o / s) as u8;
        let small = o as u8;
        Some(match family {
            0 => OpeningPeek { slot },
            1 => DrawDeck { extra: small },
            2 => DrawDisplay { index: small },
            3 => TakeDiscard,
            4 => CallCensus,
            5 => KeepDrawn { index: small },
            6 => Discard,
            7 => Exchange { slot },
            8 => Select { slot },
            9 => ConfirmExchange,
            10 => SkipAbility,
            11 => Target { seat: major, slot },
            12 => StopLooking,
            13 => PickDiscard { index: slot },
            14 => WitchLook,
            15 => WitchExchangeOwn,
            16 => WitchLeave,
            17 => Give { slot },
            18 => EmpathPeek { slot },
            19 => GuardPlace {
                guard: major,
                target: slot,
            },
            20 => GuardLift { guard: slot },
            21 => PlaceToken { slot },
            22 => EndTurn,
            23 => UseAbility,
            24 => ChooseVillage { seat: small },
            25 => Flip { slot },
            26 => Rotate { slot },
            27 => DiscardRotated { slot },
            28 => UsePileTop,
            29 => GiveZombie { slot },
            30 => AddToVillage,
            31 => TokenFlip { seat: major, slot },
            32 => TokenReverse,
            _ => Approximate,
        })
    }
}

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
