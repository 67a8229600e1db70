//! Bots in any language: a program run as a child process that speaks JSON lines on its
//! standard input and output (the protocol is `docs/protocol.md`). One process per seat and
//! worker thread, started at its first game and kept for the whole run.
//!
//! The engine writes one JSON object per line: `game` before every game (seat, players, the
//! configuration), `event` for everything the seat observes (redacted, RULES.md §6), and
//! `decide` with the seat's view, the legal actions and a seed; the program answers each
//! `decide` with one line `{"action": INDEX}` (an index into `legal`). A `quit` line ends it.
//! An answer that is not one of the legal actions, a program that exits or is not found, stops
//! the game with a message naming the program and what it said.

use crate::{Bot, BotRng};
use rand::Rng;
use silver_rules::{
    AbilityStep, Action, CardId, CardSource, Config, Observation, PlayerView, Seat, Stage,
};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The protocol version this build speaks (sent in every `game` line).
pub const PROTOCOL: u32 = 1;

/// The lines of its standard error a failing program's message quotes.
const STDERR_TAIL: usize = 5;

/// A running bot program: its input, its output lines (read by a thread, so an answer can be
/// waited for with a time limit), and the tail of its standard error (passed on as it comes).
struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<std::io::Result<String>>,
    stderr: Arc<Mutex<VecDeque<String>>>,
}

/// A bot that is a program (see the module docs).
pub struct ExecBot {
    command: String,
    timeout: Duration,
    running: Option<Running>,
    seat: Seat,
}

impl ExecBot {
    /// A bot running `command` (through `sh -c`, from the working directory) once it plays,
    /// allowed `timeout` per decision.
    pub fn new(command: &str, timeout: Duration) -> ExecBot {
        ExecBot {
            command: command.to_string(),
            timeout,
            running: None,
            seat: 0,
        }
    }

    fn fail(&self, what: &str) -> ! {
        // The program's last lines of stderr come through another pipe and thread: give them
        // a moment to arrive (a failure happens once).
        if self.running.is_some() {
            std::thread::sleep(Duration::from_millis(200));
        }
        let tail: Vec<String> = self
            .running
            .as_ref()
            .map(|r| {
                r.stderr
                    .lock()
                    .map(|t| t.iter().cloned().collect())
                    .unwrap_or_default()
            })
            .unwrap_or_default();
        let tail = if tail.is_empty() {
            String::new()
        } else {
            format!("; its stderr ended: {}", tail.join(" | "))
        };
        panic!(
            "exec bot `{}` (seat {}): {what}{tail}",
            self.command, self.seat
        )
    }

    fn process(&mut self) -> &mut Running {
        if self.running.is_none() {
            let mut child = Command::new("sh")
                .arg("-c")
                .arg(&self.command)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap_or_else(|e| self.fail(&format!("cannot start it: {e}")));
            let stdin = child.stdin.take().expect("piped stdin");
            let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
            let (send, lines) = std::sync::mpsc::channel();
            std::thread::spawn(move || {
                for line in stdout.lines() {
                    if send.send(line).is_err() {
                        break;
                    }
                }
            });
            let stderr = Arc::new(Mutex::new(VecDeque::new()));
            let tail = stderr.clone();
            let err = BufReader::new(child.stderr.take().expect("piped stderr"));
            std::thread::spawn(move || {
                for line in err.lines().map_while(Result::ok) {
                    // A failing stderr must not end the reader (nor the bot).
                    let _ = writeln!(std::io::stderr(), "{line}");
                    if let Ok(mut t) = tail.lock() {
                        if t.len() == STDERR_TAIL {
                            t.pop_front();
                        }
                        t.push_back(line);
                    }
                }
            });
            self.running = Some(Running {
                child,
                stdin,
                lines,
                stderr,
            });
        }
        self.running.as_mut().expect("started")
    }

    fn send(&mut self, message: &serde_json::Value) {
        let mut text = message.to_string();
        text.push('\n');
        let r = self.process();
        let res = r
            .stdin
            .write_all(text.as_bytes())
            .and_then(|()| r.stdin.flush());
        if let Err(e) = res {
            self.fail(&format!("cannot write to it (has it exited?): {e}"));
        }
    }

    fn receive(&mut self) -> String {
        let timeout = self.timeout;
        let got = self.process().lines.recv_timeout(timeout);
        match got {
            Ok(Ok(line)) => line,
            Ok(Err(e)) => self.fail(&format!("cannot read its answer: {e}")),
            Err(RecvTimeoutError::Disconnected) => {
                self.fail("it closed its output (exited?) instead of answering")
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Some(r) = self.running.as_mut() {
                    let _ = r.child.kill();
                }
                self.fail(&format!(
                    "no answer within {:.1} s (the per-decision limit)",
                    timeout.as_secs_f64()
                ))
            }
        }
    }
}

impl Drop for ExecBot {
    fn drop(&mut self) {
        if let Some(mut r) = self.running.take() {
            let _ = r.stdin.write_all(b"{\"type\":\"quit\"}\n");
            let _ = r.stdin.flush();
            drop(r.stdin);
            // A program that does not leave within a second of `quit` is stopped.
            for _ in 0..100 {
                if matches!(r.child.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
    }
}

/// The seat's view as JSON: what it knows and may see, nothing else.
pub fn view_json(view: &PlayerView) -> serde_json::Value {
    let me = view.viewer();
    let villages: Vec<serde_json::Value> = (0..view.players())
        .map(|s| {
            let cards: Vec<serde_json::Value> = view
                .village(s)
                .map(|c| {
                    serde_json::json!({
                        "value": c.value,
                        "face_up": c.face_up,
                        "under_token": c.under_token,
                        "guarded": c.guarded,
                        "known_by": c.known_by,
                    })
                })
                .collect();
            serde_json::Value::Array(cards)
        })
        .collect();
    let holding = view
        .holding()
        .map(|(_, v)| serde_json::json!({ "value": v }));
    serde_json::json!({
        "seat": me,
        "players": view.players(),
        "round": view.round(),
        "turn": view.turn_number(),
        "turn_player": view.turn_player(),
        "start_player": view.start_player(),
        "stage": stage_name(view.stage()),
        "step": step_json(view),
        "token_holder": view.token_holder(),
        "token_used": view.token_used(),
        "census_caller": view.census_caller(),
        "totals": &view.totals()[..view.players() as usize],
        "villages": villages,
        "holding": holding,
        "deck_left": view.deck_len(),
        "discard_pile": view.discard_pile().collect::<Vec<_>>(),
        "display": view.display().collect::<Vec<_>>(),
        "unknown_counts": view.unknown_counts(),
    })
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
        });
        self.send(&message);
    }

    fn wants_observations(&self) -> bool {
        true
    }

    fn observe(&mut self, observation: &Observation) {
        let message = serde_json::json!({ "type": "event", "event": observation });
        self.send(&message);
    }

    fn decide(&mut self, view: &PlayerView, legal: &[Action], rng: &mut BotRng) -> Action {
        let seed: u64 = rng.random();
        let message = serde_json::json!({
            "type": "decide",
            "seed": seed,
            "view": view_json(view),
            "legal": legal,
            "code": view.code(),
        });
        self.send(&message);
        let line = self.receive();
        let answer: serde_json::Value = serde_json::from_str(line.trim()).unwrap_or_else(|e| {
            self.fail(&format!("its answer `{}` is not JSON: {e}", line.trim()))
        });
        let index = answer
            .get("action")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or_else(|| {
                self.fail(&format!(
                    "its answer `{}` is not {{\"action\": INDEX}}",
                    line.trim()
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
