//! Words for actions, events and cards, shared by the terminal table and the plain text.

use silver_rules::{Action, CardSet, Value};

/// A card value with its character's name in this set: `7 Seer` (custom abilities: the value
/// and the ability kind).
pub fn card_name(set: &CardSet, value: Value) -> String {
    match set.character(value) {
        Some(c) => format!("{value} {}", c.name),
        None => format!("{value} {}", set.ability(value).kind()),
    }
}

/// Keys whose number is a seat.
const SEAT_KEYS: [&str; 12] = [
    "seat",
    "owner",
    "caller",
    "start",
    "to",
    "winner",
    "kamikaze",
    "next_holder",
    "next_start",
    "token_holder",
    "a_owner",
    "b_owner",
];
/// Keys whose value is a card value (null: hidden from the viewer).
const VALUE_KEYS: [&str; 4] = ["value", "incoming", "sum", "values"];
/// Keys of per-seat arrays (four entries; only the players' are shown).
const PER_SEAT: [&str; 4] = ["sums", "scores", "totals", "sizes"];

/// The words of a JSON object's fields but `skip`: `slot 2, seat P1`.
fn fields(
    object: &serde_json::Map<String, serde_json::Value>,
    skip: &[&str],
    seats: &[String],
) -> String {
    let mut parts = Vec::new();
    for (key, value) in object {
        if skip.contains(&key.as_str()) {
            continue;
        }
        parts.push(format!(
            "{} {}",
            key.replace('_', " "),
            word(key, value, seats)
        ));
    }
    parts.join(", ")
}

/// The set bits of a mask, as a list.
fn bits(mask: u64) -> String {
    let v: Vec<String> = (0..64)
        .filter(|i| mask & (1u64 << i) != 0)
        .map(|i: u32| i.to_string())
        .collect();
    format!("[{}]", v.join(" "))
}

/// One field's value in words: seats by name, hidden values as `?`, lists and cards compact.
fn word(key: &str, value: &serde_json::Value, seats: &[String]) -> String {
    use serde_json::Value as J;
    match value {
        J::Null if VALUE_KEYS.contains(&key) => "?".into(),
        J::Null => "none".into(),
        J::Number(n) if SEAT_KEYS.contains(&key) => n
            .as_u64()
            .and_then(|s| seats.get(s as usize))
            .cloned()
            .unwrap_or_else(|| n.to_string()),
        J::Number(n) if key == "slots" => n.as_u64().map_or(n.to_string(), bits),
        J::Number(n) if key == "bounced" => match n.as_u64() {
            Some(0) | None => "none".into(),
            Some(m) => {
                let who: Vec<String> = (0..seats.len())
                    .filter(|s| m & (1 << s) != 0)
                    .map(|s| seats[s].clone())
                    .collect();
                who.join(" ")
            }
        },
        J::Number(n) => n.to_string(),
        J::String(s) => s.clone(),
        J::Bool(b) => if *b { "yes" } else { "no" }.into(),
        J::Array(items) => {
            let shown = if PER_SEAT.contains(&key) {
                &items[..items.len().min(seats.len().max(1))]
            } else {
                &items[..]
            };
            let inner: Vec<String> = shown.iter().map(|v| word("value", v, seats)).collect();
            format!("[{}]", inner.join(" "))
        }
        J::Object(o) => match o.get("value") {
            // A card as events give it: {"value": 7, "seen": ...}.
            Some(v) if o.len() <= 2 => word("value", v, seats),
            _ => format!("{{{}}}", fields(o, &[], seats)),
        },
    }
}

/// An action in words: `exchange: slot 2`, `target: seat P2, slot 0`.
pub fn action_label(action: &Action, seats: &[String]) -> String {
    let seat = |s: u8| {
        seats
            .get(s as usize)
            .cloned()
            .unwrap_or_else(|| format!("P{s}"))
    };
    match *action {
        Action::DrawDeck { extra: 0 } => "draw from the deck".into(),
        Action::DrawDeck { extra } => format!("draw from the deck, {extra} more with Rascals"),
        Action::DrawDisplay { index } => format!("take display card {index}"),
        Action::TakeDiscard => "take the discard pile's top card".into(),
        Action::CallCensus => "call census".into(),
        Action::KeepDrawn { index } => format!("keep drawn card {index}"),
        Action::Discard => "discard it".into(),
        Action::Exchange { slot } => format!("exchange it with own card {slot}"),
        Action::Select { slot } => format!("select own card {slot} (multi-exchange)"),
        Action::ConfirmExchange => "confirm the multi-exchange".into(),
        Action::SkipAbility => "skip the ability".into(),
        Action::Target { seat: s, slot } => format!("target {}'s card {slot}", seat(s)),
        Action::EndTurn => "end the turn".into(),
        Action::OpeningPeek { slot } => format!("peek at own card {slot}"),
        Action::EmpathPeek { slot } => format!("Empath: peek at own card {slot}"),
        _ => {
            let value = serde_json::to_value(action).unwrap_or(serde_json::Value::Null);
            action_words(&value, seats)
        }
    }
}

fn action_words(value: &serde_json::Value, seats: &[String]) -> String {
    match value.as_object() {
        Some(o) => {
            let name = o
                .get("do")
                .and_then(|d| d.as_str())
                .unwrap_or("?")
                .replace('-', " ");
            let rest = fields(o, &["do"], seats);
            if rest.is_empty() {
                name
            } else {
                format!("{name}: {rest}")
            }
        }
        None => value.to_string(),
    }
}

/// An observed event in words (values the viewer did not see are `?`): `P1 greedy: drew —
/// from deck, value ?`. None for what the screen shows otherwise (the revealed cards).
pub fn event_line(event: &serde_json::Value, seats: &[String]) -> Option<String> {
    let o = event.as_object()?;
    let name = o.get("event").and_then(|d| d.as_str()).unwrap_or("?");
    let who = o.get("seat").map(|s| word("seat", s, seats));
    match name {
        "round-started" => {
            let round = o.get("round").map(|r| r.to_string()).unwrap_or_default();
            let start = o
                .get("start")
                .map(|s| word("start", s, seats))
                .unwrap_or_default();
            return Some(format!("— round {round} begins; {start} starts"));
        }
        "final-card" => return None,
        "acted" => {
            let action = o
                .get("action")
                .map(|a| match serde_json::from_value::<Action>(a.clone()) {
                    Ok(action) => action_label(&action, seats),
                    Err(_) => action_words(a, seats),
                })
                .unwrap_or_default();
            return Some(format!("{}: {action}", who.unwrap_or_default()));
        }
        "turn-started" => return Some(format!("turn: {}", who.unwrap_or_default())),
        _ => {}
    }
    let rest = fields(o, &["event", "seat"], seats);
    let name = name.replace('-', " ");
    Some(match (who, rest.is_empty()) {
        (Some(w), true) => format!("{w}: {name}"),
        (Some(w), false) => format!("{w}: {name} — {rest}"),
        (None, true) => name,
        (None, false) => format!("{name}: {rest}"),
    })
}

/// The set's characters and token, one line each (the help screen): `7 Beholder (on discard):
/// look at …`.
pub fn character_lines(set: &CardSet) -> Vec<String> {
    let mut lines: Vec<String> = (0..silver_rules::VALUES as Value)
        .map(|v| {
            let a = set.ability(v);
            format!(
                "{} ({}): {}",
                card_name(set, v),
                a.trigger().describe(),
                a.describe()
            )
        })
        .collect();
    let t = set.token();
    lines.push(format!("token {}: {}", t.name(), t.describe()));
    lines
}
