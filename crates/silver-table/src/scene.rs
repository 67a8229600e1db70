//! What a screen shows, built from one seat's information set (or, for the omniscient
//! observer of a recorded game, from the whole state), then drawn by the terminal table or
//! printed as plain text.
//!
//! A seat's scene is built from its [`PlayerView`] alone, whose hidden values the engine has
//! already erased, so a screen cannot show what the seat does not know (RULES.md §6).

use crate::text::{action_label, card_name};
use silver_rules::{Action, Game, PlayerView, Seat, Stage, Value};

/// One card in a village as the screen shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardCell {
    /// The value, if the lens knows it.
    pub value: Option<Value>,
    /// `7 Seer`, or `?`.
    pub text: String,
    /// Face-up (public).
    pub face_up: bool,
    /// Under the token (R-AMULET).
    pub token: bool,
    /// Guarded by a Bodyguard (R-A3).
    pub guarded: bool,
    /// Rotated (C2).
    pub rotated: bool,
    /// Chosen in the pending multi-exchange (R-SWAP-MULTI).
    pub selected: bool,
    /// The seats that know its value (public: who looked is seen).
    pub known_by: Vec<Seat>,
}

/// One seat's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VillageRow {
    /// The seat.
    pub seat: Seat,
    /// Its label: `P1 greedy`, `P0 you`.
    pub label: String,
    /// Its cards, slot 0 first.
    pub cards: Vec<CardCell>,
    /// Its total so far.
    pub total: i32,
    /// The sum of the values the lens knows, and how many it does not.
    pub known: (u32, u32),
    /// It is this seat's turn.
    pub to_move: bool,
}

impl VillageRow {
    /// The row's header: `▶ P1 greedy  total 12  known sum 9 + 2 unknown` (`marker` before
    /// the seat to move).
    pub fn header(&self, marker: &str) -> String {
        let (sum, unknown) = self.known;
        format!(
            "{} {}  total {}  known sum {}{}",
            if self.to_move { marker } else { " " },
            self.label,
            self.total,
            sum,
            if unknown > 0 {
                format!(" + {unknown} unknown")
            } else {
                String::new()
            }
        )
    }
}

/// Everything one screen shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    /// Whose eyes: `P0 you`, `everything (omniscient)`.
    pub lens: String,
    /// Round, turn, whose turn, what the game waits for.
    pub status: String,
    /// The villages, in seat order.
    pub villages: Vec<VillageRow>,
    /// Deck, discard pile, display, token, direction.
    pub table: Vec<String>,
    /// The card being held and what the decision is about.
    pub pending: Vec<String>,
    /// Recent events, as the lens saw them (oldest first).
    pub log: Vec<String>,
    /// The choices on offer: key and words.
    pub actions: Vec<(String, String)>,
    /// A line of help or a message.
    pub footer: String,
}

/// The keys of choices, in order (`q` quits, `?` is help, `<` `>` page).
pub const KEYS: &str = "123456789abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The key of choice `i`: one of [`KEYS`], then `#N` (N = i + 1) past them.
pub fn key(i: usize) -> String {
    KEYS.chars()
        .nth(i)
        .map_or_else(|| format!("#{}", i + 1), |c| c.to_string())
}

/// The choice a key (or `#N`) names, if any of `n` choices.
pub fn choice(input: &str, n: usize) -> Option<usize> {
    let input = input.trim();
    let i = match input.strip_prefix('#') {
        Some(num) => num.parse::<usize>().ok()?.checked_sub(1)?,
        None => {
            let mut chars = input.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            KEYS.chars().position(|k| k == c)?
        }
    };
    (i < n).then_some(i)
}

/// A short seat label: `P2`.
pub fn seat_tag(seat: Seat) -> String {
    format!("P{seat}")
}

/// Builds the scene of `view` (the lens's information set). With `reveal`, the lens is the
/// omniscient observer: values come from the true state.
pub fn build(
    view: &PlayerView,
    reveal: Option<&Game>,
    names: &[String],
    log: Vec<String>,
    actions: &[Action],
) -> Scene {
    let set = view.config().set;
    let players = view.players();
    let value_of = |seat: Seat, slot: u8| match reveal {
        Some(g) => Some(g.omniscient().value_at(seat, slot)),
        None => view.value_at(seat, slot),
    };
    let selected = match view.stage() {
        Stage::Selecting { chosen, .. } => chosen,
        _ => 0,
    };
    let to_move = match view.to_move() {
        silver_rules::ToMove::Player(s) => Some(s),
        _ => None,
    };
    let villages = (0..players)
        .map(|s| {
            let cards: Vec<CardCell> = view
                .village(s)
                .enumerate()
                .map(|(i, c)| {
                    let value = value_of(s, i as u8);
                    CardCell {
                        value,
                        text: value.map_or("?".into(), |v| card_name(&set, v)),
                        face_up: c.face_up,
                        token: c.under_token,
                        guarded: c.guarded,
                        rotated: view.table().is_rotated(s, i as u8),
                        selected: Some(s) == to_move && selected & (1u64 << i) != 0,
                        known_by: (0..players)
                            .filter(|k| c.known_by & (1 << k) != 0)
                            .collect(),
                    }
                })
                .collect();
            let known = cards
                .iter()
                .fold((0u32, 0u32), |(sum, unknown), c| match c.value {
                    Some(v) => (sum + v as u32, unknown),
                    None => (sum, unknown + 1),
                });
            VillageRow {
                seat: s,
                label: format!(
                    "{} {}",
                    seat_tag(s),
                    names.get(s as usize).map_or("", |n| n)
                ),
                cards,
                total: view.totals()[s as usize],
                known,
                to_move: Some(s) == to_move,
            }
        })
        .collect();
    let stage = format!("{:?}", view.stage());
    let stage = stage
        .split([' ', '{', '('])
        .next()
        .unwrap_or("")
        .to_string();
    let status = match to_move {
        Some(s) => format!(
            "round {}  turn {}  {} to move  ({})",
            view.round(),
            view.turn_number() + 1,
            seat_tag(s),
            stage
        ),
        None if view.stage() == Stage::GameOver => format!("round {}  game over", view.round()),
        None => format!("round {}  dealing", view.round()),
    };
    let pile: Vec<String> = view.discard_pile().map(|v| v.to_string()).collect();
    let mut table = vec![
        format!("deck {} cards", view.deck_len()),
        match view.discard_top() {
            Some(v) => format!(
                "discard pile {} cards, top {}  (bottom→top: {})",
                pile.len(),
                card_name(&set, v),
                pile.join(" ")
            ),
            None => "discard pile empty".into(),
        },
    ];
    let display: Vec<String> = view.display().map(|v| card_name(&set, v)).collect();
    if !display.is_empty() {
        table.push(format!("display: {}", display.join(", ")));
    }
    table.push(match view.token_holder() {
        Some(h) => format!(
            "token ({:?}) held by {}{}",
            set.token(),
            seat_tag(h),
            if view.token_used() { ", used" } else { "" }
        ),
        None => format!("token ({:?}) not held", set.token()),
    });
    if view.table().counter_clockwise() {
        table.push("play runs counter-clockwise".into());
    }
    if let Some(c) = view.census_caller() {
        table.push(format!("census called by {}", seat_tag(c)));
    }
    let mut pending = Vec::new();
    if let Some((card, v)) = view.holding() {
        let v = match reveal {
            Some(g) => Some(g.omniscient().value(card)),
            None => v,
        };
        pending.push(format!(
            "holding: {}",
            v.map_or("? (hidden)".into(), |v| card_name(&set, v))
        ));
    }
    match view.stage() {
        Stage::KeepDrawn { cards, n } => {
            let drawn: Vec<String> = cards[..n as usize]
                .iter()
                .map(|&c| {
                    let v = match reveal {
                        Some(g) => Some(g.omniscient().value(c)),
                        None => view.value_of(c),
                    };
                    v.map_or("?".into(), |v| card_name(&set, v))
                })
                .collect();
            pending.push(format!("drawn: {}", drawn.join(", ")));
        }
        Stage::Ability { src, copied, .. } => pending.push(format!(
            "ability of {}{}",
            card_name(&set, src),
            if copied { " (copied)" } else { "" }
        )),
        Stage::OpeningPeek { seat, left } => pending.push(format!(
            "{} peeks at {left} more of their cards",
            seat_tag(seat)
        )),
        _ => {}
    }
    let seats: Vec<String> = (0..players).map(seat_tag).collect();
    let actions = actions
        .iter()
        .enumerate()
        .map(|(i, a)| (key(i), action_label(a, &seats)))
        .collect();
    Scene {
        lens: match reveal {
            Some(_) => "everything (omniscient)".into(),
            None => format!(
                "{} {}",
                seat_tag(view.viewer()),
                names.get(view.viewer() as usize).map_or("", |n| n)
            ),
        },
        status,
        villages,
        table,
        pending,
        log,
        actions,
        footer: String::new(),
    }
}

/// The cell of one card in text: `[?]` face-down unknown, `[7 Seer]` face-down known,
/// `(7 Seer)` face-up; marks after it: `*` token, `+` guarded, `~` rotated, `^` selected.
pub fn cell_text(c: &CardCell) -> String {
    let mut s = if c.face_up {
        format!("({})", c.text)
    } else {
        format!("[{}]", c.text)
    };
    for (on, mark) in [
        (c.token, '*'),
        (c.guarded, '+'),
        (c.rotated, '~'),
        (c.selected, '^'),
    ] {
        if on {
            s.push(mark);
        }
    }
    s
}

/// Who knows a card: `knows P0 P2`, or nothing when nobody does.
pub fn knowers(c: &CardCell) -> String {
    if c.known_by.is_empty() || c.face_up {
        String::new()
    } else {
        let tags: Vec<String> = c.known_by.iter().map(|&s| seat_tag(s)).collect();
        tags.join(" ")
    }
}

/// The scene as plain text (for `--plain`, logs, screen readers and tests).
pub fn plain(scene: &Scene) -> String {
    let mut out = String::new();
    out.push_str(&format!("== {} | seen by {}\n", scene.status, scene.lens));
    for v in &scene.villages {
        out.push_str(&v.header(">"));
        out.push('\n');
        let cells: Vec<String> = v
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let who = knowers(c);
                if who.is_empty() {
                    format!("{i}:{}", cell_text(c))
                } else {
                    format!("{i}:{} ({who})", cell_text(c))
                }
            })
            .collect();
        out.push_str(&format!("    {}\n", cells.join("  ")));
    }
    for line in &scene.table {
        out.push_str(&format!("  {line}\n"));
    }
    for line in &scene.pending {
        out.push_str(&format!("  {line}\n"));
    }
    if !scene.log.is_empty() {
        out.push_str("-- events\n");
        for line in &scene.log {
            out.push_str(&format!("  {line}\n"));
        }
    }
    if !scene.actions.is_empty() {
        out.push_str("-- choose\n");
        for (k, a) in &scene.actions {
            out.push_str(&format!("  {k}) {a}\n"));
        }
    }
    if !scene.footer.is_empty() {
        out.push_str(&format!("{}\n", scene.footer));
    }
    out
}
