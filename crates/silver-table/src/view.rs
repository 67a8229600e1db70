//! `silver view`: step through a recorded game by decision, turn and round, as the omniscient
//! observer or from one seat's information set (switch at any time).

use crate::error::TableError;
use crate::scene::{self, seat_tag, Scene};
use crate::text::action_label;
use crate::timeline::{Ending, Timeline};
use ratatui::crossterm::event::{self, Event as Key, KeyCode, KeyEventKind};
use silver_rules::{Action, Seat};
use std::io::{BufRead, Write};

/// Whose eyes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lens {
    /// Everything (the true state).
    All,
    /// One seat's information set.
    Seat(Seat),
}

/// The screen at position `at` through `lens`.
pub fn scene_at(t: &Timeline, at: usize, lens: Lens) -> Scene {
    let game = &t.states[at];
    let seat = match lens {
        Lens::Seat(s) => s,
        Lens::All => 0,
    };
    let view = game.view(seat);
    let reveal = (lens == Lens::All).then_some(game);
    let tags: Vec<String> = (0..t.names.len() as Seat)
        .map(|s| format!("{} {}", seat_tag(s), t.names[s as usize]))
        .collect();
    let log: Vec<String> = match lens {
        Lens::Seat(s) => crate::play::observed_lines(&t.events[at], s, &t.names),
        Lens::All => t.events[at]
            .iter()
            .filter_map(|e| serde_json::to_value(e).ok())
            .filter_map(|v| crate::text::event_line(&v, &tags))
            .collect(),
    };
    let no_actions: &[Action] = &[];
    let mut s = scene::build(&view, reveal, &t.names, log, no_actions);
    s.status = format!("decision {at}/{}  {}", t.end(), s.status);
    if let Some(step) = t.steps.get(at) {
        // The decision and the bot's estimate are the decider's: other seats see only that
        // it decides (its effects are in the next step's events).
        if lens == Lens::All || lens == Lens::Seat(step.seat) {
            let seats: Vec<String> = (0..t.names.len() as Seat).map(seat_tag).collect();
            let mut line = format!(
                "next: {} chooses {}",
                tags[step.seat as usize],
                action_label(&step.action, &seats)
            );
            if let (Action::CallCensus, Some(e)) = (step.action, step.estimate) {
                line.push_str(&format!(" (its sum estimate {e:.1})"));
            }
            s.pending.push(line);
        } else {
            s.pending
                .push(format!("next: {} decides", tags[step.seat as usize]));
        }
    } else {
        s.pending.push(match t.ending() {
            Ending::Over => "the game is over".into(),
            Ending::RoundEnd(r) => format!("the recording stops here, after round {r}"),
            Ending::MidRound(r) => format!("the recording stops here, in round {r}"),
        });
        let totals = game.totals();
        let cells: Vec<String> = (0..t.names.len())
            .map(|p| format!("{} {}", tags[p], totals[p]))
            .collect();
        s.pending.push(format!("totals: {}", cells.join(", ")));
    }
    s.footer = HELP.into();
    s
}

const HELP: &str = "n/p decision  t/T turn  r/R round  0-3 a seat  o everything  g N go to  q quit";

/// One command: the new position and lens, or None to quit; an unknown command leaves both.
fn command(t: &Timeline, at: usize, lens: Lens, cmd: &str) -> Option<(usize, Lens, String)> {
    let players = t.names.len() as Seat;
    let mut parts = cmd.split_whitespace();
    let word = parts.next().unwrap_or("");
    let ok = |at, lens| Some((at, lens, String::new()));
    match word {
        "q" => None,
        "n" | "" => ok((at + 1).min(t.end()), lens),
        "p" => ok(at.saturating_sub(1), lens),
        "t" => ok(t.next_turn(at), lens),
        "T" => ok(t.prev_turn(at), lens),
        "r" => ok(t.next_round(at), lens),
        "R" => ok(t.prev_round(at), lens),
        "o" => ok(at, Lens::All),
        "g" => match parts.next().and_then(|n| n.parse::<usize>().ok()) {
            Some(n) if n <= t.end() => ok(n, lens),
            _ => Some((at, lens, format!("g N: N is a decision 0-{}", t.end()))),
        },
        w => match w.parse::<Seat>() {
            Ok(s) if s < players => ok(at, Lens::Seat(s)),
            _ => Some((at, lens, format!("unknown command `{cmd}`: {HELP}"))),
        },
    }
}

/// Plain text: the screen after every command read from `input`, until `q` or the input ends.
pub fn plain<R: BufRead, W: Write>(
    t: &Timeline,
    lens: Lens,
    input: &mut R,
    out: &mut W,
) -> Result<(), TableError> {
    let (mut at, mut lens) = (0usize, lens);
    loop {
        write!(out, "{}", scene::plain(&scene_at(t, at, lens)))?;
        write!(out, "> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(());
        }
        match command(t, at, lens, line.trim()) {
            None => return Ok(()),
            Some((a, l, message)) => {
                (at, lens) = (a, l);
                if !message.is_empty() {
                    writeln!(out, "{message}")?;
                }
            }
        }
    }
}

/// The full-screen viewer.
pub fn full_screen(t: &Timeline, lens: Lens) -> Result<(), TableError> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(TableError::NotATerminal);
    }
    let mut terminal = ratatui::try_init().map_err(TableError::Terminal)?;
    let result = (|| -> Result<(), TableError> {
        let (mut at, mut lens) = (0usize, lens);
        let mut message = String::new();
        loop {
            let mut s = scene_at(t, at, lens);
            if !message.is_empty() {
                s.footer = std::mem::take(&mut message);
            }
            terminal.draw(|f| crate::tui::draw(f, &s, 0))?;
            let Key::Key(k) = event::read()? else {
                continue;
            };
            if k.kind != KeyEventKind::Press {
                continue;
            }
            let cmd = match k.code {
                KeyCode::Right | KeyCode::Char(' ') => "n".to_string(),
                KeyCode::Left => "p".into(),
                KeyCode::Down | KeyCode::PageDown => "t".into(),
                KeyCode::Up | KeyCode::PageUp => "T".into(),
                KeyCode::Home => "g 0".into(),
                KeyCode::End => format!("g {}", t.end()),
                KeyCode::Esc => "q".into(),
                KeyCode::Char(c) => c.to_string(),
                _ => continue,
            };
            match command(t, at, lens, &cmd) {
                None => return Ok(()),
                Some((a, l, m)) => {
                    (at, lens, message) = (a, l, m);
                }
            }
        }
    })();
    ratatui::restore();
    drop(terminal);
    result
}
