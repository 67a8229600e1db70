//! The fixed-shape observation tensor of one seat's information set, and the action mask.
//!
//! Built from a [`PlayerView`] only (values the seat does not know are erased before this code
//! sees them), so the tensor cannot hold a hidden value. Seats are **relative**: village `k`
//! is the seat `k` places after the viewer in seat order (village 0 is the viewer's own), and
//! every per-seat feature (turn player, token holder, census caller, totals, who knows a card)
//! uses the same order. The layout, `float32`, [`SIZE`] values:
//!
//! * villages: `4 × 52 × 25` (seat, slot, feature); a slot past the village's end is all zero.
//!   Features: 0 present; 1–14 the value one-hot (0–13), if the viewer knows it; 15 value
//!   unknown; 16 face-up; 17 under the token; 18 guarded (R-A3); 19 rotated (C2); 20–23 known
//!   by relative seat 0–3; 24 selected in the viewer's pending multi-exchange (R-SWAP-MULTI).
//! * then [`GLOBAL`] values, in this order: players one-hot (2, 3, 4) 3; stage one-hot 9
//!   (deal, opening peek, turn, keep drawn, holding, selecting, ability, end of turn, game
//!   over); the held card 16 (present, value one-hot 14, unknown); the cards drawn with
//!   Rascals (R-A4) 5 × 16, in draw order; the pending ability 16 (present, the value whose
//!   ability it is one-hot 14, used through another card); the discard pile 29 (count per
//!   value 14, top value one-hot 14, size); the display's count per value 14; cards left in the
//!   deck 1; per value, cards the viewer has not located 14; round 1; completed turns this
//!   round 1; turn player 4, start player 4, token holder 4 (relative one-hot; all zero if
//!   none); token used 1; census caller 4; counter-clockwise 1; totals 4 (relative, points).
//!
//! Counts and points are raw numbers, not scaled.

use silver_rules::{Action, PlayerView, Seat, Stage, Value, ACTION_IDS, VALUES};

/// Villages (seats) in the tensor.
pub const VILLAGES: usize = 4;
/// Slots per village (a village holds at most 52 cards).
pub const SLOTS: usize = 52;
/// Features per card.
pub const CARD: usize = 25;
/// Values after the villages.
pub const GLOBAL: usize =
    3 + 9 + 16 + 5 * 16 + 16 + 29 + 14 + 1 + 14 + 2 + 4 + 4 + 4 + 1 + 4 + 1 + 4;
/// The tensor's length.
pub const SIZE: usize = VILLAGES * SLOTS * CARD + GLOBAL;

/// A value one-hot plus "unknown" (15 entries), or nothing for `None` with `present` false.
fn card_value(out: &mut [f32], value: Option<Value>) {
    match value {
        Some(v) => out[v as usize] = 1.0,
        None => out[VALUES] = 1.0,
    }
}

/// Writes `view`'s tensor into `out` (length [`SIZE`]), overwriting all of it.
pub fn encode(view: &PlayerView, out: &mut [f32]) {
    assert_eq!(out.len(), SIZE);
    out.fill(0.0);
    let me = view.viewer();
    let n = view.players();
    let rel = |s: Seat| ((s + n - me) % n) as usize;
    let selected = match view.stage() {
        Stage::Selecting { chosen, .. } if view.turn_player() == me => chosen,
        _ => 0,
    };
    for s in 0..n {
        let base = rel(s) * SLOTS * CARD;
        for (i, c) in view.village(s).enumerate().take(SLOTS) {
            let f = &mut out[base + i * CARD..base + (i + 1) * CARD];
            f[0] = 1.0;
            card_value(&mut f[1..16], c.value);
            f[16] = c.face_up as u8 as f32;
            f[17] = c.under_token as u8 as f32;
            f[18] = c.guarded as u8 as f32;
            f[19] = view.table().is_rotated(s, i as u8) as u8 as f32;
            for k in 0..n {
                if c.known_by & (1 << k) != 0 {
                    f[20 + rel(k)] = 1.0;
                }
            }
            f[24] = (s == me && selected & (1u64 << i) != 0) as u8 as f32;
        }
    }
    let mut g = VILLAGES * SLOTS * CARD;
    let mut put = |len: usize| {
        let at = g;
        g += len;
        at
    };
    let players = put(3);
    out[players + n as usize - 2] = 1.0;
    let stage = put(9);
    let (index, drawn, ability) = match view.stage() {
        Stage::Deal => (0, None, None),
        Stage::OpeningPeek { .. } => (1, None, None),
        Stage::Turn => (2, None, None),
        Stage::KeepDrawn { cards, n } => (3, Some((cards, n)), None),
        Stage::Holding { .. } => (4, None, None),
        Stage::Selecting { .. } => (5, None, None),
        Stage::Ability { src, copied, .. } => (6, None, Some((src, copied))),
        Stage::EndOfTurn => (7, None, None),
        Stage::GameOver => (8, None, None),
    };
    out[stage + index] = 1.0;
    let held = put(16);
    if let Some((_, v)) = view.holding() {
        out[held] = 1.0;
        card_value(&mut out[held + 1..held + 16], v);
    }
    let draws = put(5 * 16);
    if let Some((cards, k)) = drawn {
        for (i, &c) in cards[..k as usize].iter().enumerate() {
            let at = draws + i * 16;
            out[at] = 1.0;
            card_value(&mut out[at + 1..at + 16], view.value_of(c));
        }
    }
    let pending = put(16);
    if let Some((src, copied)) = ability {
        out[pending] = 1.0;
        out[pending + 1 + src as usize] = 1.0;
        out[pending + 15] = copied as u8 as f32;
    }
    let pile = put(29);
    let mut size = 0;
    for v in view.discard_pile() {
        out[pile + v as usize] += 1.0;
        size += 1;
    }
    if let Some(v) = view.discard_top() {
        out[pile + VALUES + v as usize] = 1.0;
    }
    out[pile + 28] = size as f32;
    let display = put(14);
    for v in view.display() {
        out[display + v as usize] += 1.0;
    }
    let deck = put(1);
    out[deck] = view.deck_len() as f32;
    let unknown = put(14);
    for (v, &k) in view.unknown_counts().iter().enumerate() {
        out[unknown + v] = k as f32;
    }
    let round = put(2);
    out[round] = view.round() as f32;
    out[round + 1] = view.turn_number() as f32;
    let turn = put(4);
    out[turn + rel(view.turn_player())] = 1.0;
    let start = put(4);
    out[start + rel(view.start_player())] = 1.0;
    let holder = put(4);
    if let Some(h) = view.token_holder() {
        out[holder + rel(h)] = 1.0;
    }
    let used = put(1);
    out[used] = view.token_used() as u8 as f32;
    let caller = put(4);
    if let Some(c) = view.census_caller() {
        out[caller + rel(c)] = 1.0;
    }
    let ccw = put(1);
    out[ccw] = view.table().counter_clockwise() as u8 as f32;
    let totals = put(4);
    let t = view.totals();
    for s in 0..n {
        out[totals + rel(s)] = t[s as usize] as f32;
    }
    debug_assert_eq!(put(0), SIZE);
}

/// Writes the action mask of `legal` into `out` (length [`ACTION_IDS`]): 1 for a legal id.
pub fn mask(legal: &[Action], out: &mut [u8]) {
    assert_eq!(out.len(), ACTION_IDS);
    out.fill(0);
    for a in legal {
        if let Some(id) = a.id() {
            out[id as usize] = 1;
        }
    }
}

/// The legal actions' ids, ascending (as OpenSpiel wants them).
pub fn ids(legal: &[Action]) -> Vec<u16> {
    let mut ids: Vec<u16> = legal.iter().filter_map(|a| a.id()).collect();
    ids.sort_unstable();
    ids
}
