//! The report's plots, drawn with plotters' SVG backend (text as SVG `<text>`, so no font
//! library is needed), each returned as one `<svg>` element to inline in the page.

use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;

/// A plot that could not be drawn (plotters' message).
#[derive(Debug, thiserror::Error)]
#[error("drawing the plot `{id}`: {message}")]
pub struct PlotError {
    /// The plot's id.
    pub id: String,
    /// What went wrong.
    pub message: String,
}

type Result<T> = std::result::Result<T, PlotError>;

pub(crate) const BLUE_: RGBColor = RGBColor(31, 119, 180);
pub(crate) const ORANGE_: RGBColor = RGBColor(255, 127, 14);
pub(crate) const GREY_: RGBColor = RGBColor(120, 120, 120);
pub(crate) const FONT: &str = "sans-serif";

fn err(id: &str) -> impl Fn(String) -> PlotError + '_ {
    move |message| PlotError {
        id: id.to_string(),
        message,
    }
}

/// Runs a drawing into an SVG string; the XML declaration, if any, is dropped (the SVG is
/// inlined in XHTML) and the root gets the plot's id.
pub(crate) fn svg(
    id: &str,
    size: (u32, u32),
    draw: impl FnOnce(
        &DrawingArea<SVGBackend, plotters::coord::Shift>,
    ) -> std::result::Result<(), DrawError>,
) -> Result<String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE).map_err(|e| err(id)(e.to_string()))?;
        draw(&root).map_err(|e| err(id)(e.0))?;
        root.present().map_err(|e| err(id)(e.to_string()))?;
    }
    let start = out.find("<svg").unwrap_or(0);
    let body = &out[start..];
    Ok(body.replacen("<svg ", &format!("<svg id=\"{id}-svg\" role=\"img\" "), 1))
}

/// A drawing's failure, as plotters words it.
#[derive(Debug)]
pub(crate) struct DrawError(String);

pub(crate) fn s<E: std::fmt::Display>(e: E) -> DrawError {
    DrawError(e.to_string())
}

/// One estimate with its interval, labelled.
#[derive(Clone, Debug)]
pub struct Interval {
    /// The label (a bot, a seat, a set).
    pub label: String,
    /// The estimate.
    pub value: f64,
    /// Lower end (NaN: unknown; -inf: open).
    pub low: f64,
    /// Upper end.
    pub high: f64,
    /// Drawn in the second colour (a flagged row).
    pub flagged: bool,
}

/// Estimates with their intervals as dots and whiskers, one row per label; `reference` draws
/// a dashed vertical line (parity, zero).
pub fn dot_whisker(
    id: &str,
    title: &str,
    x_label: &str,
    rows: &[Interval],
    reference: Option<f64>,
) -> Result<String> {
    let n = rows.len().max(1);
    let finite = |x: f64| x.is_finite();
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for r in rows {
        for x in [r.value, r.low, r.high] {
            if finite(x) {
                lo = lo.min(x);
                hi = hi.max(x);
            }
        }
    }
    if let Some(z) = reference {
        lo = lo.min(z);
        hi = hi.max(z);
    }
    if !lo.is_finite() || !hi.is_finite() {
        (lo, hi) = (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.08).max(1e-6);
    let (lo, hi) = (lo - pad, hi + pad);
    let label_width = rows.iter().map(|r| r.label.len()).max().unwrap_or(4) as u32;
    let height = 70 + 26 * n as u32;
    svg(id, (760, height.max(160)), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 16))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size((label_width * 7 + 16).clamp(60, 300))
            .build_cartesian_2d(lo..hi, (0..n).into_segmented())
            .map_err(s)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_desc(x_label)
            .y_labels(n)
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => {
                    rows.get(*i).map(|r| r.label.clone()).unwrap_or_default()
                }
                _ => String::new(),
            })
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()
            .map_err(s)?;
        if let Some(z) = reference {
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(z, SegmentValue::Exact(0)), (z, SegmentValue::Exact(n))],
                    5,
                    4,
                    GREY_.stroke_width(1),
                ))
                .map_err(s)?;
        }
        for (i, r) in rows.iter().enumerate() {
            let colour = if r.flagged { ORANGE_ } else { BLUE_ };
            let y = SegmentValue::CenterOf(i);
            let (a, b) = (
                if r.low.is_finite() {
                    r.low
                } else if r.low < 0.0 {
                    lo
                } else {
                    r.value
                },
                if r.high.is_finite() {
                    r.high
                } else if r.high > 0.0 {
                    hi
                } else {
                    r.value
                },
            );
            if a.is_finite() && b.is_finite() && !r.low.is_nan() {
                chart
                    .draw_series(std::iter::once(PathElement::new(
                        vec![(a, y.clone()), (b, y.clone())],
                        colour.stroke_width(2),
                    )))
                    .map_err(s)?;
            }
            if r.value.is_finite() {
                chart
                    .draw_series(std::iter::once(Circle::new(
                        (r.value, y.clone()),
                        4,
                        colour.filled(),
                    )))
                    .map_err(s)?;
            }
        }
        Ok(())
    })
}

/// A rate by a category (census success by turn or by sum) as a line with its 95% band, and
/// the number of cases as bars beneath. `points`: (x, rate, low, high, count).
pub fn rate_with_counts(
    id: &str,
    title: &str,
    x_label: &str,
    points: &[(f64, f64, f64, f64, u64)],
) -> Result<String> {
    let x0 = points.first().map_or(0.0, |p| p.0) - 0.5;
    let x1 = points.last().map_or(1.0, |p| p.0) + 0.5;
    let max_count = points.iter().map(|p| p.4).max().unwrap_or(1).max(1) as f64;
    svg(id, (760, 460), |root| {
        let (top, bottom) = root.split_vertically(300);
        let mut chart = ChartBuilder::on(&top)
            .caption(title, (FONT, 16))
            .margin(12)
            .x_label_area_size(20)
            .y_label_area_size(60)
            .build_cartesian_2d(x0..x1, 0.0..100.0)
            .map_err(s)?;
        chart
            .configure_mesh()
            .y_desc("success, % (95% interval)")
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()
            .map_err(s)?;
        let band: Vec<(f64, f64)> = points
            .iter()
            .map(|p| (p.0, 100.0 * p.3))
            .chain(points.iter().rev().map(|p| (p.0, 100.0 * p.2)))
            .collect();
        if band.len() >= 3 {
            chart
                .draw_series(std::iter::once(Polygon::new(band, BLUE_.mix(0.2).filled())))
                .map_err(s)?;
        }
        chart
            .draw_series(LineSeries::new(
                points.iter().map(|p| (p.0, 100.0 * p.1)),
                BLUE_.stroke_width(2),
            ))
            .map_err(s)?;
        chart
            .draw_series(
                points
                    .iter()
                    .map(|p| Circle::new((p.0, 100.0 * p.1), 3, BLUE_.filled())),
            )
            .map_err(s)?;
        let mut counts = ChartBuilder::on(&bottom)
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(x0..x1, 0.0..max_count * 1.05)
            .map_err(s)?;
        counts
            .configure_mesh()
            .x_desc(x_label)
            .y_desc("calls")
            .y_labels(4)
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()
            .map_err(s)?;
        counts
            .draw_series(points.iter().map(|p| {
                Rectangle::new(
                    [(p.0 - 0.4, 0.0), (p.0 + 0.4, p.4 as f64)],
                    GREY_.mix(0.6).filled(),
                )
            }))
            .map_err(s)?;
        Ok(())
    })
}

/// Vertical bars, one per label.
pub fn bars(id: &str, title: &str, y_label: &str, items: &[(String, f64)]) -> Result<String> {
    let n = items.len().max(1);
    let max = items.iter().map(|i| i.1).fold(0.0f64, f64::max).max(1e-9);
    let width = (120 + 46 * n as u32).clamp(420, 980);
    svg(id, (width, 360), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 16))
            .margin(12)
            .x_label_area_size(50)
            .y_label_area_size(60)
            .build_cartesian_2d((0..n).into_segmented(), 0.0..max * 1.1)
            .map_err(s)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n)
            .x_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) => items.get(*i).map(|r| r.0.clone()).unwrap_or_default(),
                _ => String::new(),
            })
            .y_desc(y_label)
            .label_style((FONT, 11))
            .axis_desc_style((FONT, 13))
            .draw()
            .map_err(s)?;
        chart
            .draw_series(items.iter().enumerate().map(|(i, it)| {
                Rectangle::new(
                    [
                        (SegmentValue::Exact(i), 0.0),
                        (SegmentValue::Exact(i + 1), it.1),
                    ],
                    BLUE_.mix(0.8).filled(),
                )
            }))
            .map_err(s)?;
        Ok(())
    })
}

/// A histogram of integer values: (value, count).
pub fn histogram(id: &str, title: &str, x_label: &str, counts: &[(u32, u64)]) -> Result<String> {
    let x0 = counts.first().map_or(0, |c| c.0) as f64 - 0.5;
    let x1 = counts.last().map_or(1, |c| c.0) as f64 + 0.5;
    let max = counts.iter().map(|c| c.1).max().unwrap_or(1).max(1) as f64;
    svg(id, (760, 340), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 16))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(x0..x1, 0.0..max * 1.05)
            .map_err(s)?;
        chart
            .configure_mesh()
            .x_desc(x_label)
            .y_desc("rounds")
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()
            .map_err(s)?;
        chart
            .draw_series(counts.iter().map(|&(v, c)| {
                Rectangle::new(
                    [(v as f64 - 0.45, 0.0), (v as f64 + 0.45, c as f64)],
                    BLUE_.mix(0.8).filled(),
                )
            }))
            .map_err(s)?;
        Ok(())
    })
}

/// A share with its interval: (share, low, high).
pub type Share = (f64, f64, f64);

/// The colour of a share (0 to 1) in a square table of shares, centred at one half: white at
/// one half, deeper blue as the row does better, deeper orange as it does worse.
pub(crate) fn share_colour(v: f64) -> RGBColor {
    let t = (v - 0.5).abs().min(0.5) * 2.0;
    let base = if v >= 0.5 { BLUE_ } else { ORANGE_ };
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t) as u8;
    RGBColor(mix(255, base.0), mix(255, base.1), mix(255, base.2))
}

/// A square table of shares as coloured cells (the share of the row ahead of the column, 0 to
/// 1), each with its share and interval written in it.
pub fn heatmap(
    id: &str,
    title: &str,
    names: &[String],
    cells: &[Vec<Option<Share>>],
) -> Result<String> {
    let n = names.len().max(1);
    let side = (90 * n as u32).clamp(240, 900);
    let label_width = names.iter().map(|s| s.len()).max().unwrap_or(4) as u32;
    svg(id, (side + label_width * 7 + 80, side + 110), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 16))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size((label_width * 7 + 16).clamp(60, 300))
            .build_cartesian_2d(0f64..n as f64, 0f64..n as f64)
            .map_err(s)?;
        let label = |v: &f64| {
            let i = v.floor() as usize;
            if (v - (i as f64 + 0.5)).abs() < 1e-6 {
                names.get(i).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        };
        let row_label = |v: &f64| {
            let i = v.floor() as usize;
            if (v - (i as f64 + 0.5)).abs() < 1e-6 && i < n {
                names.get(n - 1 - i).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(2 * n + 1)
            .y_labels(2 * n + 1)
            .x_label_formatter(&label)
            .y_label_formatter(&row_label)
            .x_desc("column")
            .y_desc("row (ahead of column)")
            .label_style((FONT, 11))
            .axis_desc_style((FONT, 12))
            .draw()
            .map_err(s)?;
        for (r, row) in cells.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                let y = (n - 1 - r) as f64;
                let (fill, text) = match cell {
                    None => (RGBColor(240, 240, 240), "-".to_string()),
                    Some((v, lo, hi)) => (
                        share_colour(*v),
                        if lo.is_finite() && hi.is_finite() {
                            format!("{:.1} ({:.0}-{:.0})", 100.0 * v, 100.0 * lo, 100.0 * hi)
                        } else {
                            format!("{:.1}", 100.0 * v)
                        },
                    ),
                };
                chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(c as f64, y), (c as f64 + 1.0, y + 1.0)],
                        fill.filled(),
                    )))
                    .map_err(s)?;
                chart
                    .draw_series(std::iter::once(Text::new(
                        text,
                        (c as f64 + 0.08, y + 0.45),
                        (FONT, 11).into_font().color(&BLACK),
                    )))
                    .map_err(s)?;
            }
        }
        Ok(())
    })
}

/// A trajectory (an SPRT's LLR after each block) with horizontal bounds.
pub fn trajectory(
    id: &str,
    title: &str,
    x_label: &str,
    y_label: &str,
    points: &[(f64, f64)],
    bounds: &[(f64, &str)],
) -> Result<String> {
    let x1 = points.last().map_or(1.0, |p| p.0).max(1.0);
    let mut lo = bounds.iter().map(|b| b.0).fold(0.0f64, f64::min);
    let mut hi = bounds.iter().map(|b| b.0).fold(0.0f64, f64::max);
    for p in points {
        lo = lo.min(p.1);
        hi = hi.max(p.1);
    }
    let pad = (hi - lo) * 0.08 + 1e-6;
    svg(id, (760, 360), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 16))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0..x1, (lo - pad)..(hi + pad))
            .map_err(s)?;
        chart
            .configure_mesh()
            .x_desc(x_label)
            .y_desc(y_label)
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()
            .map_err(s)?;
        for (b, name) in bounds {
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(0.0, *b), (x1, *b)],
                    6,
                    4,
                    GREY_.stroke_width(1),
                ))
                .map_err(s)?;
            chart
                .draw_series(std::iter::once(Text::new(
                    name.to_string(),
                    (x1 * 0.01, *b),
                    (FONT, 11).into_font().color(&GREY_),
                )))
                .map_err(s)?;
        }
        chart
            .draw_series(LineSeries::new(
                points.iter().copied(),
                BLUE_.stroke_width(2),
            ))
            .map_err(s)?;
        Ok(())
    })
}

/// Mean estimate against the true value, with the identity line (calibration):
/// `points`: (true value, mean estimate, cases).
pub fn calibration(id: &str, title: &str, points: &[(f64, f64, u64)]) -> Result<String> {
    let hi = points
        .iter()
        .flat_map(|p| [p.0, p.1])
        .fold(1.0f64, f64::max)
        + 1.0;
    svg(id, (560, 480), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 16))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5..hi, -0.5..hi)
            .map_err(s)?;
        chart
            .configure_mesh()
            .x_desc("true sum at the call")
            .y_desc("mean estimate")
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()
            .map_err(s)?;
        chart
            .draw_series(DashedLineSeries::new(
                vec![(0.0, 0.0), (hi, hi)],
                5,
                4,
                GREY_.stroke_width(1),
            ))
            .map_err(s)?;
        let max = points.iter().map(|p| p.2).max().unwrap_or(1).max(1) as f64;
        chart
            .draw_series(points.iter().map(|p| {
                let r = 2.0 + 6.0 * (p.2 as f64 / max).sqrt();
                Circle::new((p.0, p.1), r as i32, BLUE_.mix(0.7).filled())
            }))
            .map_err(s)?;
        Ok(())
    })
}
