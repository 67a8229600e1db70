//! `silver play`: a person plays in the terminal against bots, full screen or as plain text.

use crate::error::TableError;
use crate::scene::{self, choice, seat_tag, Scene};
use crate::session::{SavedGame, Session};
use crate::text::{card_name, character_lines, event_line};
use ratatui::crossterm::event::{self, Event as Key, KeyCode, KeyEventKind};
use silver_rules::{Event, GameEvent, Seat};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How the game is shown.
pub struct PlayOptions {
    /// Plain text on standard input and output instead of the full screen.
    pub plain: bool,
    /// Where the game is saved after every decision of the person (and on quitting).
    pub save: Option<PathBuf>,
    /// Pause after each bot decision (full screen only).
    pub delay: Duration,
}

/// The lines of `events` as `seat` observed them (redacted, RULES.md §6).
pub fn observed_lines(events: &[Event], seat: Seat, names: &[String]) -> Vec<String> {
    let tags: Vec<String> = (0..names.len() as Seat)
        .map(|s| format!("{} {}", seat_tag(s), names[s as usize]))
        .collect();
    events
        .iter()
        .filter_map(|e| serde_json::to_value(e.observe(seat)).ok())
        .filter_map(|v| event_line(&v, &tags))
        .collect()
}

/// The reveal of each round that ended among `events`: every village's cards, sums, scores
/// and totals (all public at a round's end, R-END / R-SCORE).
pub fn reveal_lines(
    events: &[Event],
    session_names: &[String],
    set: &silver_rules::CardSet,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut finals: Vec<Vec<String>> = vec![Vec::new(); session_names.len()];
    for e in events {
        match *e {
            GameEvent::FinalCard { owner, value, .. } => {
                if let Some(f) = finals.get_mut(owner as usize) {
                    f.push(card_name(set, value));
                }
            }
            GameEvent::RoundEnded {
                round,
                reason,
                caller,
                sums,
                scores,
                totals,
                ..
            } => {
                lines.push(format!(
                    "round {round} over ({reason:?}){}",
                    caller.map_or(String::new(), |c| format!(
                        ", census called by {}",
                        seat_tag(c)
                    ))
                ));
                for (s, cards) in finals.iter_mut().enumerate() {
                    lines.push(format!(
                        "  {} {:<10} sum {:>3}  score {:>3}  total {:>3}   {}",
                        seat_tag(s as Seat),
                        session_names[s],
                        sums[s],
                        scores[s],
                        totals[s],
                        cards.join(", ")
                    ));
                    cards.clear();
                }
            }
            _ => {}
        }
    }
    lines
}

/// The end of the game: every round's scores, the totals and the winner.
pub fn final_lines(session: &Session) -> Vec<String> {
    let n = session.names.len();
    let mut lines = vec![format!(
        "game over: {} wins",
        session.game().winner().map_or("nobody".into(), |w| format!(
            "{} {}",
            seat_tag(w),
            session.names[w as usize]
        ))
    )];
    let head: Vec<String> = (0..n)
        .map(|s| format!("{:>8}", seat_tag(s as Seat)))
        .collect();
    lines.push(format!("  round {}", head.join("")));
    for (r, (_, scores)) in session.rounds().iter().enumerate() {
        let cells: Vec<String> = scores[..n].iter().map(|x| format!("{x:>8}")).collect();
        lines.push(format!("  {:>5} {}", r + 1, cells.join("")));
    }
    let totals = session.game().totals();
    let cells: Vec<String> = totals[..n].iter().map(|x| format!("{x:>8}")).collect();
    lines.push(format!("  total {}", cells.join("")));
    lines
}

fn person_scene(session: &Session, log: &[String]) -> Scene {
    let view = session.game().view(session.seat);
    let actions: &[silver_rules::Action] = if session.persons_turn() {
        session.legal()
    } else {
        &[]
    };
    let start = log.len().saturating_sub(200);
    let mut s = scene::build(&view, None, &session.names, log[start..].to_vec(), actions);
    s.lens = format!("{} you", seat_tag(session.seat));
    s
}

/// Where the screens start: the events of the current round so far, as the person saw them
/// (a resumed game does not show its earlier rounds again), and how many events that is.
fn history(session: &Session) -> (usize, Vec<String>) {
    let start = session
        .events
        .iter()
        .rposition(|e| matches!(e, GameEvent::RoundStarted { .. }))
        .unwrap_or(0);
    (
        session.events.len(),
        observed_lines(&session.events[start..], session.seat, &session.names),
    )
}

/// Saves atomically (a temporary file renamed over the old one; a target that is not a regular
/// file is refused, not replaced).
fn save(session: &Session, path: &Path) -> Result<(), TableError> {
    let text = serde_json::to_string_pretty(&session.saved())?;
    let tmp = path.with_extension("json.tmp");
    silver_sim::check_replaceable(path)
        .and_then(|()| silver_sim::check_replaceable(&tmp))
        .and_then(|()| std::fs::write(&tmp, text + "\n"))
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|error| TableError::Save {
            path: path.to_path_buf(),
            error,
        })
}

/// Reads a saved game.
pub fn load(path: &Path) -> Result<SavedGame, TableError> {
    let text = silver_sim::read_text(path).map_err(|error| TableError::Read {
        path: path.to_path_buf(),
        error,
    })?;
    serde_json::from_str(&text).map_err(|error| TableError::NotASavedGame {
        path: path.to_path_buf(),
        error,
    })
}

const HELP: &str =
    "type a choice's key (or #N), q to save and quit, ? for this help and the set's characters";

/// Plays the session to its end (true) or until the person quits (false).
pub fn run(session: Session, options: &PlayOptions) -> Result<bool, TableError> {
    if options.plain {
        let stdin = std::io::stdin();
        let mut out = std::io::stdout().lock();
        plain(session, options, &mut stdin.lock(), &mut out)
    } else {
        full_screen(session, options)
    }
}

/// The plain-text game: the table after every step on `out`, choices read from `input`.
pub fn plain<R: BufRead, W: Write>(
    mut session: Session,
    options: &PlayOptions,
    input: &mut R,
    out: &mut W,
) -> Result<bool, TableError> {
    let set = session.game().config().set;
    let (mut shown, mut log) = history(&session);
    let seats: Vec<String> = (0..session.names.len())
        .map(|s| format!("{} {}", seat_tag(s as Seat), session.names[s]))
        .collect();
    writeln!(out, "silver play: {}", seats.join(", "))?;
    for l in &log {
        writeln!(out, "  {l}")?;
    }
    // On resume, what happened before is in the log but not printed again.
    let new_events = |session: &Session,
                      shown: &mut usize,
                      log: &mut Vec<String>,
                      out: &mut W|
     -> Result<(), TableError> {
        let events = &session.events[*shown..];
        let lines = observed_lines(events, session.seat, &session.names);
        for l in &lines {
            writeln!(out, "  {l}")?;
        }
        log.extend(lines);
        for l in reveal_lines(events, &session.names, &set) {
            writeln!(out, "{l}")?;
        }
        *shown = session.events.len();
        Ok(())
    };
    loop {
        while session.step_bot() {}
        new_events(&session, &mut shown, &mut log, out)?;
        if session.to_move().is_none() {
            for l in final_lines(&session) {
                writeln!(out, "{l}")?;
            }
            if let Some(path) = &options.save {
                save(&session, path)?;
                writeln!(out, "saved to {}", path.display())?;
            }
            return Ok(true);
        }
        let mut s = person_scene(&session, &[]);
        s.footer = HELP.into();
        write!(out, "{}", scene::plain(&s))?;
        loop {
            write!(out, "> ")?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                if let Some(path) = &options.save {
                    save(&session, path)?;
                    return Err(TableError::InputEndedSaved(path.clone()));
                }
                return Err(TableError::InputEnded);
            }
            let line = line.trim();
            match line {
                "q" => {
                    return match &options.save {
                        Some(path) => {
                            save(&session, path)?;
                            writeln!(out, "saved to {}", path.display())?;
                            Ok(false)
                        }
                        None => {
                            writeln!(out, "quit (not saved: no --save)")?;
                            Ok(false)
                        }
                    }
                }
                "?" | "" => {
                    writeln!(out, "{HELP}")?;
                    for l in character_lines(&set) {
                        writeln!(out, "  {l}")?;
                    }
                }
                _ => match choice(line, session.legal().len()) {
                    Some(i) => {
                        let a = session.legal()[i];
                        session.apply(a)?;
                        if let Some(path) = &options.save {
                            save(&session, path)?;
                        }
                        break;
                    }
                    None => writeln!(out, "no choice `{line}`: {HELP}")?,
                },
            }
        }
    }
}

/// Waits up to `d` for a key; true if it was `q`.
fn wait_key(d: Duration) -> Result<Option<KeyCode>, TableError> {
    let end = Instant::now() + d;
    loop {
        let left = end.saturating_duration_since(Instant::now());
        if !event::poll(left)? {
            return Ok(None);
        }
        if let Key::Key(k) = event::read()? {
            if k.kind == KeyEventKind::Press {
                return Ok(Some(k.code));
            }
        }
        if left.is_zero() {
            return Ok(None);
        }
    }
}

fn full_screen(mut session: Session, options: &PlayOptions) -> Result<bool, TableError> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(TableError::NotATerminal);
    }
    let mut terminal = ratatui::try_init().map_err(TableError::Terminal)?;
    let result = (|| -> Result<bool, TableError> {
        let set = session.game().config().set;
        let (mut shown, mut log) = history(&session);
        let mut pick = 0usize;
        let mut message = String::new();
        let mut last_reveal: Vec<String> = Vec::new();
        loop {
            let events = &session.events[shown..];
            log.extend(observed_lines(events, session.seat, &session.names));
            let reveal = reveal_lines(events, &session.names, &set);
            shown = session.events.len();
            if !reveal.is_empty() {
                let mut s = person_scene(&session, &log);
                s.actions.clear();
                last_reveal.clone_from(&reveal);
                s.pending = reveal;
                s.footer = "the round is over: press any key".into();
                terminal.draw(|f| crate::tui::draw(f, &s, 0))?;
                if wait_key(Duration::from_secs(3600))? == Some(KeyCode::Char('q')) {
                    return quit(&session, options);
                }
                continue;
            }
            if session.to_move().is_none() {
                let mut s = person_scene(&session, &log);
                s.pending = last_reveal.clone();
                s.pending.extend(final_lines(&session));
                s.footer = "game over: q quits".into();
                terminal.draw(|f| crate::tui::draw(f, &s, 0))?;
                if let Some(path) = &options.save {
                    save(&session, path)?;
                }
                while wait_key(Duration::from_secs(3600))? != Some(KeyCode::Char('q')) {}
                return Ok(true);
            }
            if !session.persons_turn() {
                let mut s = person_scene(&session, &log);
                s.footer = "the bots are playing (q saves and quits)".into();
                terminal.draw(|f| crate::tui::draw(f, &s, 0))?;
                if wait_key(options.delay)? == Some(KeyCode::Char('q')) {
                    return quit(&session, options);
                }
                session.step_bot();
                continue;
            }
            let n = session.legal().len();
            pick = pick.min(n.saturating_sub(1));
            let mut s = person_scene(&session, &log);
            s.footer = if message.is_empty() {
                "keys choose (↑↓ and Enter too); ? the set's characters; q saves and quits".into()
            } else {
                std::mem::take(&mut message)
            };
            terminal.draw(|f| crate::tui::draw(f, &s, pick))?;
            let Some(code) = wait_key(Duration::from_secs(3600))? else {
                continue;
            };
            let chosen = match code {
                KeyCode::Char('q') => return quit(&session, options),
                KeyCode::Char('?') => {
                    let mut h = person_scene(&session, &log);
                    h.pending = character_lines(&set);
                    h.footer = "the set's characters: press any key".into();
                    terminal.draw(|f| crate::tui::draw(f, &h, pick))?;
                    wait_key(Duration::from_secs(3600))?;
                    None
                }
                KeyCode::Up => {
                    pick = pick.saturating_sub(1);
                    None
                }
                KeyCode::Down => {
                    pick = (pick + 1).min(n - 1);
                    None
                }
                KeyCode::Enter => Some(pick),
                KeyCode::Char(c) => {
                    let i = choice(&c.to_string(), n);
                    if i.is_none() {
                        message = format!("no choice `{c}`");
                    }
                    i
                }
                _ => None,
            };
            if let Some(i) = chosen {
                let a = session.legal()[i];
                session.apply(a)?;
                pick = 0;
                if let Some(path) = &options.save {
                    save(&session, path)?;
                }
            }
        }
    })();
    ratatui::restore();
    drop(terminal);
    result
}

fn quit(session: &Session, options: &PlayOptions) -> Result<bool, TableError> {
    if let Some(path) = &options.save {
        save(session, path)?;
    }
    Ok(false)
}
