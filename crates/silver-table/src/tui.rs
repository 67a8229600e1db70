//! The full-screen table (ratatui; crossterm through ratatui's re-export): a [`Scene`] drawn
//! as the villages, the shared cards, the events and the choices.

use crate::scene::{cell_text, knowers, Scene};
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

/// How a card looks: face-up cards in cyan, known face-down cards in green, unknown ones dim;
/// a selected card reversed.
fn card_style(c: &crate::scene::CardCell) -> Style {
    let mut style = if c.face_up {
        Style::default().fg(Color::Cyan)
    } else if c.value.is_some() {
        Style::default().fg(Color::Green)
    } else {
        Style::default().fg(Color::DarkGray)
    };
    if c.selected {
        style = style.add_modifier(Modifier::REVERSED);
    }
    style
}

/// A village's lines: its header, then its cards, wrapped at whole cards to `width`.
fn village_lines(v: &crate::scene::VillageRow, width: usize) -> Vec<Line<'static>> {
    let head = v.header("▶");
    let head_style = if v.to_move {
        Style::default().add_modifier(Modifier::BOLD)
    } else {
        Style::default()
    };
    let mut lines = vec![Line::from(Span::styled(head, head_style))];
    let mut spans: Vec<Span> = vec![Span::raw("   ")];
    let mut used = 3;
    for (i, c) in v.cards.iter().enumerate() {
        let cell = format!("{i}:{}", cell_text(c));
        let who = knowers(c);
        let len = cell.chars().count() + if who.is_empty() { 0 } else { who.len() + 1 } + 2;
        if used + len > width && used > 3 {
            lines.push(Line::from(std::mem::take(&mut spans)));
            spans.push(Span::raw("   "));
            used = 3;
        }
        spans.push(Span::raw(format!("{i}:")));
        spans.push(Span::styled(cell_text(c), card_style(c)));
        if !who.is_empty() {
            spans.push(Span::styled(
                format!(" {who}"),
                Style::default().fg(Color::Yellow),
            ));
        }
        spans.push(Span::raw("  "));
        used += len;
    }
    lines.push(Line::from(spans));
    lines
}

/// Draws `scene`; `choice` is the highlighted choice (arrow keys).
pub fn draw(frame: &mut Frame, scene: &Scene, choice: usize) {
    let area = frame.area();
    let inner = area.width.saturating_sub(2) as usize;
    let lines: Vec<Line> = scene
        .villages
        .iter()
        .flat_map(|v| village_lines(v, inner))
        .collect();
    let rows = Layout::default()
        .direction(Direction::Vertical)
        .constraints([
            Constraint::Length(1),
            Constraint::Length(lines.len() as u16 + 2),
            Constraint::Length(
                scene
                    .table
                    .iter()
                    .chain(&scene.pending)
                    .map(|l| l.chars().count().div_ceil(inner.max(1)).max(1))
                    .sum::<usize>() as u16
                    + 2,
            ),
            Constraint::Min(6),
            Constraint::Length(1),
        ])
        .split(area);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(
                scene.status.clone(),
                Style::default().add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!("   seen by {}", scene.lens)),
        ])),
        rows[0],
    );
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" villages ")),
        rows[1],
    );
    let table: Vec<Line> = scene
        .table
        .iter()
        .map(|l| Line::raw(l.clone()))
        .chain(
            scene
                .pending
                .iter()
                .map(|l| Line::styled(l.clone(), Style::default().fg(Color::Magenta))),
        )
        .collect();
    frame.render_widget(
        Paragraph::new(table)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(" table ")),
        rows[2],
    );
    let bottom = Layout::default()
        .direction(Direction::Horizontal)
        .constraints([Constraint::Percentage(55), Constraint::Percentage(45)])
        .split(rows[3]);
    draw_log(frame, scene, bottom[0]);
    draw_choices(frame, scene, choice, bottom[1]);
    frame.render_widget(
        Paragraph::new(Span::styled(
            scene.footer.clone(),
            Style::default().fg(Color::DarkGray),
        )),
        rows[4],
    );
}

fn draw_log(frame: &mut Frame, scene: &Scene, area: Rect) {
    // Long lines wrap; the newest lines stay in sight.
    let width = area.width.saturating_sub(2).max(1) as usize;
    let height = area.height.saturating_sub(2) as usize;
    let rows = |l: &String| l.chars().count().div_ceil(width).max(1);
    let mut start = scene.log.len();
    let mut used = 0;
    while start > 0 && used + rows(&scene.log[start - 1]) <= height {
        used += rows(&scene.log[start - 1]);
        start -= 1;
    }
    let lines: Vec<Line> = scene.log[start..]
        .iter()
        .map(|l| Line::raw(l.clone()))
        .collect();
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::default().borders(Borders::ALL).title(" events ")),
        area,
    );
}

fn draw_choices(frame: &mut Frame, scene: &Scene, choice: usize, area: Rect) {
    let height = area.height.saturating_sub(2) as usize;
    let first = choice.checked_div(height).map_or(0, |page| page * height);
    let lines: Vec<Line> = scene
        .actions
        .iter()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(i, (k, a))| {
            let text = format!("{k:>3}) {a}");
            if i == choice {
                Line::styled(text, Style::default().add_modifier(Modifier::REVERSED))
            } else {
                Line::raw(text)
            }
        })
        .collect();
    let title = if scene.actions.len() > height && height > 0 {
        format!(
            " choose ({}–{} of {}) ",
            first + 1,
            (first + height).min(scene.actions.len()),
            scene.actions.len()
        )
    } else {
        " choose ".to_string()
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        area,
    );
}

/// The screen of `scene` as text, drawn on a test backend of `width` × `height` (snapshots).
pub fn render_to_string(scene: &Scene, choice: usize, width: u16, height: u16) -> String {
    let backend = ratatui::backend::TestBackend::new(width, height);
    let mut terminal = match ratatui::Terminal::new(backend) {
        Ok(t) => t,
        Err(e) => return format!("cannot draw: {e}"),
    };
    if let Err(e) = terminal.draw(|f| draw(f, scene, choice)) {
        return format!("cannot draw: {e}");
    }
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        let mut line = String::new();
        for x in 0..buffer.area.width {
            line.push_str(buffer[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
