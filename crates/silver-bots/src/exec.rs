//! Bots in any language: a program run as a child process that speaks JSON lines on its
//! standard input and output (the protocol is `docs/protocol.md`).
//!
//! The engine writes one JSON object per line: `game` before every game (seat, players, the
//! configuration), `event` for everything the seat observes (redacted, RULES.md §6), and
//! `decide` with the seat's view, the legal actions and a seed; the program answers each
//! `decide` with one line `{"action": INDEX}` (an index into `legal`). A `quit` line ends it.
//!
//! An [`ExecBot`] starts its program at its first message and keeps it until it is dropped:
//! a run keeps one per seat and worker thread for the whole run, so a program is started at
//! most once per seat and worker. Dropping it sends `quit`, gives the program a second to
//! exit, then stops its whole process group (see [`program`]).
//!
//! A program that fails — cannot be started, exits or closes its output, does not read its
//! input or answer within the per-decision limit, answers something that is not one of the
//! legal actions, writes a line nobody asked for or one longer than [`MAX_LINE`] bytes — is
//! stopped at once, and the game unwinds with a [`BotFailure`] as its panic payload (the
//! scheduler reports it as the bot's failure, not the engine's).

mod program;

pub use program::{kill_all as kill_all_programs, MAX_LINE};

use crate::kinds::as_bot;
use crate::{Bot, BotRng, Choice, ExecParams, Kind, OnError, SpecError};
use program::{quote, Program, Trouble};
use rand::Rng;
use serde_json::json;
use silver_rules::{
    AbilityStep, Action, ActionKind, CardId, CardSource, CardView, Config, Game, Observation,
    PlayerView, Seat, Slot, Stage,
};
use std::time::{Duration, Instant};

/// The protocol version this build speaks (sent in every `game` line).
pub const PROTOCOL: u32 = 1;

/// How long a program has to exit after `quit` before its process group is stopped.
const QUIT_GRACE: Duration = Duration::from_secs(1);

/// A program that closed a pipe gets this long to exit (so its message can say whether it did,
/// and how) before its group is stopped.
const EXIT_GRACE: Duration = Duration::from_millis(100);

/// A bot program that failed: the panic payload that ends its game (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("exec bot `{command}` (seat {seat}): {what}")]
pub struct BotFailure {
    /// The program's command line.
    pub command: String,
    /// The seat it played.
    pub seat: Seat,
    /// What happened, with the last lines of its standard error.
    pub what: String,
    /// The game is forfeited rather than the run stopped (the bot's `on_error`): never for a
    /// program that cannot be started at all.
    pub forfeit: bool,
}

/// A bot that is a program (see the module docs).
pub struct ExecBot {
    command: String,
    timeout: Duration,
    on_error: OnError,
    /// The `options` of every `game` message (a JSON object).
    options: serde_json::Value,
    program: Option<Program>,
    seat: Seat,
}

impl ExecBot {
    /// A bot running `command` (as `sh -c 'exec COMMAND'`, from the working directory) once it
    /// plays, allowed `timeout` per decision (writing the decision's message included).
    /// Its failures stop the run and its `game` messages carry no options (see
    /// [`ExecBot::from_params`]).
    pub fn new(command: &str, timeout: Duration) -> ExecBot {
        ExecBot {
            command: command.to_string(),
            timeout,
            on_error: OnError::Stop,
            options: json!({}),
            program: None,
            seat: 0,
        }
    }

    /// The bot a spec describes: its command, limit, `on_error` and `options`.
    pub fn from_params(params: &ExecParams) -> ExecBot {
        let mut bot = ExecBot::new(
            &params.command,
            Duration::from_secs_f64(params.timeout_seconds),
        );
        bot.on_error = params.on_error;
        // A TOML table is always a JSON object (dates become strings).
        bot.options = serde_json::to_value(&params.options).unwrap_or_else(|_| json!({}));
        bot
    }

    /// Stops the program and unwinds with a [`BotFailure`].
    fn fail(&mut self, what: &str) -> ! {
        self.fail_with(Trouble::new(what), "")
    }

    /// [`ExecBot::fail`] for a trouble (`then` is appended to its text): a closed pipe also
    /// says whether the program exited, and how.
    fn fail_with(&mut self, trouble: Trouble, then: &str) -> ! {
        let mut what = trouble.what;
        let mut program = self.program.take();
        if let (true, Some(p)) = (trouble.closed, program.as_mut()) {
            let how = p.exit_within(EXIT_GRACE);
            what = format!(
                "{what} ({})",
                how.as_deref().unwrap_or("it is still running")
            );
        }
        what.push_str(then);
        if let Some(mut p) = program {
            p.stop(Duration::ZERO);
            let tail = p.stderr_tail();
            if !tail.is_empty() {
                what = format!("{what}; its stderr ended: {tail}");
            }
        }
        std::panic::panic_any(BotFailure {
            command: self.command.clone(),
            seat: self.seat,
            what,
            forfeit: self.on_error == OnError::Forfeit,
        })
    }

    fn program(&mut self) -> &mut Program {
        if self.program.is_none() {
            match Program::start(&self.command) {
                Ok(p) => self.program = Some(p),
                // A program that cannot be started would forfeit every game: the run stops.
                Err(e) => {
                    self.on_error = OnError::Stop;
                    self.fail(&format!("cannot start it: {e}"))
                }
            }
        }
        self.program.as_mut().expect("started")
    }

    fn limit(&self) -> String {
        format!(
            "{:.1} s (the per-decision limit)",
            self.timeout.as_secs_f64()
        )
    }

    /// Writes one message by `deadline`.
    fn send(&mut self, message: &serde_json::Value, deadline: Instant) {
        let mut text = message.to_string();
        text.push('\n');
        if let Err(trouble) = self.program().write(text.as_bytes(), deadline) {
            let then = if trouble.closed {
                String::new()
            } else {
                format!(": nothing written to it was read for {}", self.limit())
            };
            self.fail_with(trouble, &then)
        }
    }

    /// Fails unless the program is quiet and alive: between decisions it has nothing to say.
    fn check_quiet(&mut self) {
        if let Err(trouble) = self.program().check_quiet() {
            self.fail_with(trouble, "")
        }
    }

    /// The answer to the decision sent, by `deadline`.
    fn receive(&mut self, deadline: Instant) -> String {
        match self.program().read_line(deadline) {
            Ok(Some(line)) => line,
            Ok(None) => {
                let what = format!("no answer within {}", self.limit());
                self.fail(&what)
            }
            Err(trouble) => self.fail_with(trouble, " instead of answering"),
        }
    }
}

impl Drop for ExecBot {
    fn drop(&mut self) {
        if let Some(mut p) = self.program.take() {
            let deadline = Instant::now() + QUIT_GRACE;
            let _ = p.write(b"{\"type\":\"quit\"}\n", deadline);
            p.stop(deadline.saturating_duration_since(Instant::now()));
        }
    }
}

/// One key of the JSON view: its name, what it means (the protocol page's table is rendered
/// from these, see [`protocol_tables`]) and how it is read from the seat's view.
struct ViewKey {
    key: &'static str,
    meaning: &'static str,
    value: fn(&PlayerView) -> serde_json::Value,
}

/// One key of a village card in the JSON view, as [`ViewKey`].
struct CardKey {
    key: &'static str,
    meaning: &'static str,
    value: fn(&PlayerView, Seat, Slot, &CardView) -> serde_json::Value,
}

/// The view's keys, in the order the protocol page lists them: the encoder is this table.
const VIEW_KEYS: &[ViewKey] = &[
    ViewKey {
        key: "seat",
        meaning: "this seat (seats are numbered from 0)",
        value: |v| json!(v.viewer()),
    },
    ViewKey {
        key: "players",
        meaning: "how many play",
        value: |v| json!(v.players()),
    },
    ViewKey {
        key: "round",
        meaning: "the round, from 1",
        value: |v| json!(v.round()),
    },
    ViewKey {
        key: "turn",
        meaning: "the turns completed in this round",
        value: |v| json!(v.turn_number()),
    },
    ViewKey {
        key: "turn_player",
        meaning: "whose turn it is",
        value: |v| json!(v.turn_player()),
    },
    ViewKey {
        key: "start_player",
        meaning: "who started this round",
        value: |v| json!(v.start_player()),
    },
    ViewKey {
        key: "stage",
        meaning: "what the game waits for: `Turn`, `Holding`, `Selecting`, `KeepDrawn`, \
            `Ability`, `OpeningPeek`, … (the legal actions say the rest)",
        value: |v| json!(stage_name(v.stage())),
    },
    ViewKey {
        key: "step",
        meaning: "the details of the pending decision, as far as the seat may know them: \
            `OpeningPeek` `{seat, left}`; `KeepDrawn` `{drawn: [values]}` (draw order, the \
            `index` of `keep-drawn`); `Holding` `{from}` (`deck`, `display`, `discard`, \
            `master`, `witch`); `Selecting` `{from, selected: [slots]}`; `Ability` `{step, \
            ability_of, copied, card_value, …}` with `step` one of `choose`, `more-looks` \
            (`looked: [[seat, slot]…]`, `left`), `give` (`taken_from: [seat, slot]`), \
            `witch-looked`, `swap-with` (`first: [seat, slot]`), `more-discards` (`left`), \
            `mortician` (`cards`: the values that may be used); `{}` otherwise",
        value: step_json,
    },
    ViewKey {
        key: "token_holder",
        meaning: "who holds the token this round (R-TOKEN-WIN), or null",
        value: |v| json!(v.token_holder()),
    },
    ViewKey {
        key: "token_used",
        meaning: "whether the token's power was used this round (R-AMULET, E-TOKEN)",
        value: |v| json!(v.token_used()),
    },
    ViewKey {
        key: "census_caller",
        meaning: "who called census this round (R-CENSUS), or null",
        value: |v| json!(v.census_caller()),
    },
    ViewKey {
        key: "counter_clockwise",
        meaning: "the direction of play (E-DIRECTION): false, the seat after `s` is \
            `(s + 1) % players`; true, `(s - 1) % players` (a Reverser or the Dagger token \
            turned it; every round starts with false)",
        value: |v| json!(v.table().counter_clockwise()),
    },
    ViewKey {
        key: "totals",
        meaning: "per seat, the game's points so far (R-SCORE)",
        value: |v| json!(&v.totals()[..v.players() as usize]),
    },
    ViewKey {
        key: "villages",
        meaning: "per seat, its cards in slot order (left to right), each an object with the \
            keys below",
        value: |v| {
            let villages: Vec<serde_json::Value> = (0..v.players())
                .map(|s| {
                    let cards: Vec<serde_json::Value> = v
                        .village(s)
                        .enumerate()
                        .map(|(i, c)| {
                            let card: serde_json::Map<String, serde_json::Value> = CARD_KEYS
                                .iter()
                                .map(|k| (k.key.to_string(), (k.value)(v, s, i as Slot, &c)))
                                .collect();
                            serde_json::Value::Object(card)
                        })
                        .collect();
                    serde_json::Value::Array(cards)
                })
                .collect();
            serde_json::Value::Array(villages)
        },
    },
    ViewKey {
        key: "holding",
        meaning: "the card the seat holds, `{\"value\": V}` (V null if the seat does not know \
            it), or null",
        value: |v| json!(v.holding().map(|(_, value)| json!({ "value": value }))),
    },
    ViewKey {
        key: "deck_left",
        meaning: "how many cards are left in the deck",
        value: |v| json!(v.deck_len()),
    },
    ViewKey {
        key: "discard_pile",
        meaning: "the discard pile's values, bottom to top",
        value: |v| json!(v.discard_pile().collect::<Vec<_>>()),
    },
    ViewKey {
        key: "display",
        meaning: "the display's values (R-A1), in `draw-display` index order",
        value: |v| json!(v.display().collect::<Vec<_>>()),
    },
    ViewKey {
        key: "unknown_counts",
        meaning: "per value 0–13, how many cards of it this seat has not located",
        value: |v| json!(v.unknown_counts()),
    },
];

/// A village card's keys, in the order the protocol page lists them.
const CARD_KEYS: &[CardKey] = &[
    CardKey {
        key: "value",
        meaning: "the value, or null if this seat does not know it",
        value: |_, _, _, c| json!(c.value),
    },
    CardKey {
        key: "face_up",
        meaning: "whether it lies face-up",
        value: |_, _, _, c| json!(c.face_up),
    },
    CardKey {
        key: "under_token",
        meaning: "whether the token lies on it (R-AMULET)",
        value: |_, _, _, c| json!(c.under_token),
    },
    CardKey {
        key: "guarded",
        meaning: "whether other players' abilities cannot touch it: a face-up Bodyguard, \
            placed or not, or the card one is placed on (R-A3)",
        value: |_, _, _, c| json!(c.guarded),
    },
    CardKey {
        key: "guarding",
        meaning: "for a Bodyguard placed on a card, the slot of that card in the same village \
            (R-A3); null otherwise",
        value: |v, s, i, _| json!(v.table().guarding(s, i)),
    },
    CardKey {
        key: "rotated",
        meaning: "whether it is rotated (C2: the Curator rotates a card, and may later discard \
            a rotated one)",
        value: |v, s, i, _| json!(v.table().is_rotated(s, i)),
    },
    CardKey {
        key: "known_by",
        meaning: "bit mask of the seats that know the value (bit `s` for seat `s`: who looked \
            is public)",
        value: |_, _, _, c| json!(c.known_by),
    },
];

/// The seat's view as JSON: what it knows and may see, nothing else (the keys of the
/// protocol's view table, `silver bots --protocol-tables`).
pub fn view_json(view: &PlayerView) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = VIEW_KEYS
        .iter()
        .map(|k| (k.key.to_string(), (k.value)(view)))
        .collect();
    serde_json::Value::Object(map)
}

/// The protocol page's generated tables (markdown): the view's keys, a village card's keys
/// and every action kind with its JSON fields and meaning, from the encoder's and the
/// engine's own tables. `silver bots --protocol-tables` prints it; the docs tests check that
/// `docs/protocol.md` holds it.
pub fn protocol_tables() -> String {
    let cell = |s: &str| s.replace('|', "\\|");
    let mut out = String::from("The view's keys:\n\n| key | meaning |\n|---|---|\n");
    for k in VIEW_KEYS {
        out.push_str(&format!("| `{}` | {} |\n", k.key, cell(k.meaning)));
    }
    out.push_str("\nThe keys of each card in `villages`:\n\n| key | meaning |\n|---|---|\n");
    for k in CARD_KEYS {
        out.push_str(&format!("| `{}` | {} |\n", k.key, cell(k.meaning)));
    }
    let kinds: Vec<ActionKind> = ActionKind::all().collect();
    out.push_str(&format!(
        "\nThe {} kinds of action, by `do` (fields are numbers; a slot counts from 0 at the \
         left of its village):\n\n| `do` | fields | meaning |\n|---|---|---|\n",
        kinds.len()
    ));
    for kind in kinds {
        let fields: Vec<String> = kind
            .fields()
            .map(|(name, doc)| format!("`{name}`: {}", lower_first(doc.trim_end_matches('.'))))
            .collect();
        let fields = if fields.is_empty() {
            "—".to_string()
        } else {
            fields.join("; ")
        };
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            kind.name(),
            cell(&fields),
            cell(&kind.meaning())
        ));
    }
    out
}

/// `text` with its first letter in lower case (a field's doc as a table cell).
fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Where a card id lies in the villages, as `[seat, slot]` (null elsewhere).
fn place(view: &PlayerView, card: CardId) -> serde_json::Value {
    for s in 0..view.players() {
        if let Some(i) = view.village(s).position(|c| c.id == card) {
            return serde_json::json!([s, i]);
        }
    }
    serde_json::Value::Null
}

/// The slots whose bits are set in `bits`.
fn slots(bits: u64) -> Vec<u32> {
    (0..64).filter(|i| bits & (1u64 << i) != 0).collect()
}

/// The details of the pending decision that the stage's name does not tell (card positions
/// and values as the viewer knows them; nothing hidden).
fn step_json(view: &PlayerView) -> serde_json::Value {
    use serde_json::json;
    let source = |from: CardSource| format!("{from:?}").to_lowercase();
    match view.stage() {
        Stage::OpeningPeek { seat, left } => json!({ "seat": seat, "left": left }),
        Stage::KeepDrawn { cards, n } => json!({
            "drawn": cards[..n as usize].iter().map(|&c| view.value_of(c)).collect::<Vec<_>>(),
        }),
        Stage::Holding { from, .. } => json!({ "from": source(from) }),
        Stage::Selecting { from, chosen, .. } => {
            json!({ "from": source(from), "selected": slots(chosen) })
        }
        Stage::Ability {
            card,
            src,
            copied,
            step,
        } => {
            let mut detail = match step {
                AbilityStep::Choose => json!({ "step": "choose" }),
                AbilityStep::MoreLooks { looked, left } => json!({
                    "step": "more-looks",
                    "looked": slots(looked).into_iter().map(|c| place(view, c as CardId)).collect::<Vec<_>>(),
                    "left": left,
                }),
                AbilityStep::Give { owner, slot } => {
                    json!({ "step": "give", "taken_from": [owner, slot] })
                }
                AbilityStep::WitchLooked => json!({ "step": "witch-looked" }),
                AbilityStep::SwapWith { owner, slot } => {
                    json!({ "step": "swap-with", "first": [owner, slot] })
                }
                AbilityStep::MoreDiscards { left } => {
                    json!({ "step": "more-discards", "left": left })
                }
                AbilityStep::Mortician { cards } => json!({
                    "step": "mortician",
                    "cards": slots(cards).into_iter().map(|c| view.value_of(c as CardId)).collect::<Vec<_>>(),
                }),
            };
            detail["ability_of"] = json!(src);
            detail["copied"] = json!(copied);
            detail["card_value"] = json!(view.value_of(card));
            detail
        }
        Stage::Deal | Stage::Turn | Stage::EndOfTurn | Stage::GameOver => json!({}),
    }
}

/// The stage's name (its variant), for bots that dispatch on it.
fn stage_name(stage: Stage) -> String {
    let text = format!("{stage:?}");
    text.split([' ', '{', '(']).next().unwrap_or("").to_string()
}

impl Kind for ExecBot {
    type Params = ExecParams;

    fn build(params: &ExecParams) -> ExecBot {
        ExecBot::from_params(params)
    }

    fn validate(params: &ExecParams) -> Result<(), SpecError> {
        params.validate()
    }

    fn decide_in(
        &mut self,
        game: &Game,
        seat: Seat,
        legal: &[Action],
        rng: &mut BotRng,
        scratch: &mut PlayerView,
    ) -> Choice {
        game.view_into(seat, scratch);
        Choice::Action(Bot::decide(self, scratch, legal, rng))
    }

    as_bot!();
}

impl Bot for ExecBot {
    fn reset(&mut self, seat: Seat, config: &Config) {
        self.seat = seat;
        let message = serde_json::json!({
            "type": "game",
            "protocol": PROTOCOL,
            "seat": seat,
            "players": config.players,
            "set": config.set.canonical_name(),
            "model": config.model,
            "max_turns_per_round": config.max_turns_per_round,
            "options": self.options,
        });
        self.send(&message, Instant::now() + self.timeout);
    }

    fn wants_observations(&self) -> bool {
        true
    }

    fn observe(&mut self, observation: &Observation) {
        let message = serde_json::json!({ "type": "event", "event": observation });
        self.send(&message, Instant::now() + self.timeout);
    }

    fn decide(&mut self, view: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action {
        // The limit covers writing the decision as well as waiting for its answer.
        let deadline = Instant::now() + self.timeout;
        let seed: u64 = rng.random();
        let message = serde_json::json!({
            "type": "decide",
            "seed": seed,
            "view": view_json(view),
            "legal": legal,
            "code": view.code(),
        });
        self.check_quiet();
        self.send(&message, deadline);
        let line = self.receive(deadline);
        let answer: serde_json::Value = serde_json::from_str(line.trim()).unwrap_or_else(|e| {
            self.fail(&format!("its answer `{}` is not JSON: {e}", quote(&line)))
        });
        let index = answer
            .get("action")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or_else(|| {
                self.fail(&format!(
                    "its answer `{}` is not {{\"action\": INDEX}}",
                    quote(&line)
                ))
            });
        let action = legal.get(index as usize).copied().unwrap_or_else(|| {
            self.fail(&format!(
                "it chose action {index} of {} legal ones",
                legal.len()
            ))
        });
        action
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_states::for_each_decision;
    use silver_rules::{CardSet, Token};

    /// In seeded games of a set with the Curator (C2), the Reverser (D11), Bodyguards and the
    /// Dagger token, every view's JSON shows each card's rotation and Bodyguard placement and
    /// the direction of play as the engine's table has them, and the games reach rotated
    /// cards, placed Bodyguards and counter-clockwise play (so the check is not vacuous).
    #[test]
    fn the_view_shows_rotations_bodyguards_and_the_direction_of_play() {
        let set = CardSet::parse("amulet+2:coin,11:dagger")
            .expect("a valid mix")
            .with_token(Token::Dagger);
        let (mut rotated, mut guarding, mut reversed) = (0, 0, 0);
        for_each_decision(
            100,
            7,
            |_| set,
            |game, seat| {
                let view = game.view(seat);
                let json = view_json(&view);
                let table = view.table();
                let ccw = table.counter_clockwise();
                assert_eq!(json["counter_clockwise"], ccw);
                reversed += ccw as u32;
                for s in 0..view.players() {
                    for i in 0..view.village_len(s) {
                        let card = &json["villages"][s as usize][i];
                        let slot = i as Slot;
                        assert_eq!(card["rotated"], table.is_rotated(s, slot));
                        assert_eq!(card["guarding"], json!(table.guarding(s, slot)));
                        rotated += table.is_rotated(s, slot) as u32;
                        guarding += table.guarding(s, slot).is_some() as u32;
                    }
                }
                let keys: Vec<&str> = json
                    .as_object()
                    .expect("an object")
                    .keys()
                    .map(String::as_str)
                    .collect();
                assert_eq!(keys.len(), VIEW_KEYS.len());
            },
        );
        assert!(
            rotated > 0 && guarding > 0 && reversed > 0,
            "{rotated} {guarding} {reversed}"
        );
    }

    /// Every key of the view and of a card is documented once, and the tables list every
    /// action kind.
    #[test]
    fn the_protocol_tables_list_every_key_and_action_kind() {
        let tables = protocol_tables();
        let mut keys: Vec<&str> = VIEW_KEYS.iter().map(|k| k.key).collect();
        keys.extend(CARD_KEYS.iter().map(|k| k.key));
        for key in &keys {
            assert!(tables.contains(&format!("| `{key}` |")), "{key}");
        }
        let distinct: std::collections::BTreeSet<_> = VIEW_KEYS.iter().map(|k| k.key).collect();
        assert_eq!(distinct.len(), VIEW_KEYS.len());
        for kind in ActionKind::all() {
            assert!(
                tables.contains(&format!("| `{}` |", kind.name())),
                "{}",
                kind.name()
            );
        }
    }
}
