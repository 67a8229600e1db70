//! The design card's two plots: the ladder's win-rate matrix and the restricted-play values as
//! sorted bars. Both are drawn with plotters like the report's other plots; each cell or bar
//! then gets an invisible rectangle with a `<title>` over it, so a browser shows its estimate
//! and interval on hover (plotters writes no `<title>`, so the rectangles are placed from the
//! chart's own pixel coordinates after drawing).

use crate::charts::{s, share_colour, svg, DrawError, BLUE_, FONT, GREY_, ORANGE_};
use crate::page::esc;
use crate::PlotError;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

type Result<T> = std::result::Result<T, PlotError>;

/// An estimate in percent or points with its 95% interval (NaN ends: unknown).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Estimate {
    /// The estimate.
    pub value: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Estimate {
    fn interval(&self) -> Option<(f64, f64)> {
        (self.low.is_finite() && self.high.is_finite()).then_some((self.low, self.high))
    }
}

/// A rectangle in the picture's pixels (left, top, right, bottom) and the text shown on hover.
pub(crate) type Hover = (i32, i32, i32, i32, String);

/// The SVG with a transparent, titled rectangle over each hover area, drawn last so it is on
/// top. A transparent fill still catches the pointer (`fill="none"` would not).
pub(crate) fn with_hovers(svg: String, hovers: &[Hover]) -> String {
    let Some(end) = svg.rfind("</svg>") else {
        return svg;
    };
    let mut g = String::from("<g class=\"hover\">\n");
    for (x0, y0, x1, y1, title) in hovers {
        let (x, y) = (x0.min(x1), y0.min(y1));
        let (w, h) = ((x1 - x0).abs(), (y1 - y0).abs());
        g.push_str(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"#000\" fill-opacity=\"0\"><title>{}</title></rect>\n",
            esc(title)
        ));
    }
    g.push_str("</g>\n");
    let mut out = svg;
    out.insert_str(end, &g);
    out
}

/// Text centred on its position.
fn centred(size: u32, colour: &'static RGBColor) -> TextStyle<'static> {
    TextStyle::from((FONT, size).into_font())
        .color(colour)
        .pos(Pos::new(HPos::Center, VPos::Center))
}

/// A square matrix of finishing shares in percent: `cells[r][c]` is the share of comparisons
/// in which rung `r` finished ahead of rung `c` (None: no cell, the diagonal). Each cell is
/// coloured on a scale centred at 50 (blue: the row ahead more often) and shows the share with
/// its interval beneath in small text; hovering shows both with the rungs' names.
pub(crate) fn win_matrix(
    id: &str,
    title: &str,
    names: &[String],
    cells: &[Vec<Option<Estimate>>],
) -> Result<String> {
    let n = names.len().max(1);
    let cell = 120u32;
    let label_width = names.iter().map(|s| s.len()).max().unwrap_or(4) as u32;
    let y_area = (label_width * 7 + 16).clamp(60, 300);
    let mut hovers = Vec::new();
    let svg = svg(
        id,
        (cell * n as u32 + y_area + 40, cell * n as u32 + 120),
        |root| {
            let mut chart = ChartBuilder::on(root)
                .caption(title, (FONT, 16))
                .margin(12)
                .x_label_area_size(50)
                .y_label_area_size(y_area)
                .build_cartesian_2d(0f64..n as f64, 0f64..n as f64)
                .map_err(s)?;
            // Row 0 at the top: the y axis counts rows from the bottom.
            let at_centre = |v: &f64, flip: bool| {
                let i = v.floor() as usize;
                if (v - (i as f64 + 0.5)).abs() < 1e-6 && i < n {
                    let i = if flip { n - 1 - i } else { i };
                    names.get(i).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            };
            chart
                .configure_mesh()
                .disable_mesh()
                .x_labels(2 * n + 1)
                .y_labels(2 * n + 1)
                .x_label_formatter(&|v| at_centre(v, false))
                .y_label_formatter(&|v| at_centre(v, true))
                .x_desc("column (finished behind)")
                .y_desc("row (finished ahead)")
                .label_style((FONT, 11))
                .axis_desc_style((FONT, 12))
                .draw()
                .map_err(s)?;
            for (r, row) in cells.iter().enumerate().take(n) {
                for (c, est) in row.iter().enumerate().take(n) {
                    let (x, y) = (c as f64, (n - 1 - r) as f64);
                    let fill = est
                        .as_ref()
                        .map_or(RGBColor(240, 240, 240), |e| share_colour(e.value / 100.0));
                    chart
                        .draw_series(std::iter::once(Rectangle::new(
                            [(x, y), (x + 1.0, y + 1.0)],
                            fill.filled(),
                        )))
                        .map_err(s)?;
                    let Some(e) = est else {
                        continue;
                    };
                    // White text on the deeper half of the scale, dark text on the paler.
                    let (ink, small) = if (e.value - 50.0).abs() > 25.0 {
                        (&WHITE, &WHITE)
                    } else {
                        (&BLACK, &GREY_)
                    };
                    chart
                        .draw_series(std::iter::once(Text::new(
                            format!("{:.1}", e.value),
                            (x + 0.5, y + 0.6),
                            centred(14, ink),
                        )))
                        .map_err(s)?;
                    let interval = e.interval();
                    if let Some((lo, hi)) = interval {
                        chart
                            .draw_series(std::iter::once(Text::new(
                                format!("{lo:.1} to {hi:.1}"),
                                (x + 0.5, y + 0.3),
                                centred(10, small),
                            )))
                            .map_err(s)?;
                    }
                    let (x0, y0) = chart.backend_coord(&(x, y + 1.0));
                    let (x1, y1) = chart.backend_coord(&(x + 1.0, y));
                    let (row_name, col_name) = (
                        names.get(r).map_or("", String::as_str),
                        names.get(c).map_or("", String::as_str),
                    );
                    hovers.push((
                        x0,
                        y0,
                        x1,
                        y1,
                        match interval {
                            Some((lo, hi)) => format!(
                                "{row_name} ahead of {col_name}: {:.1}% (95% interval {lo:.1} to {hi:.1})",
                                e.value
                            ),
                            None => format!("{row_name} ahead of {col_name}: {:.1}%", e.value),
                        },
                    ));
                }
            }
            Ok::<(), DrawError>(())
        },
    )?;
    Ok(with_hovers(svg, &hovers))
}

/// Horizontal bars from zero to each estimate, in the given order (top first), with the
/// interval as a whisker and a solid zero line; hovering a bar shows its estimate and
/// interval. Negative estimates are drawn in the second colour.
pub(crate) fn bars_with_whiskers(
    id: &str,
    title: &str,
    x_label: &str,
    unit: &str,
    rows: &[(String, Estimate)],
) -> Result<String> {
    let n = rows.len().max(1);
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for (_, e) in rows {
        for x in [e.value, e.low, e.high] {
            if x.is_finite() {
                lo = lo.min(x);
                hi = hi.max(x);
            }
        }
    }
    let pad = ((hi - lo) * 0.08).max(0.5);
    let (lo, hi) = (lo - pad, hi + pad);
    let label_width = rows.iter().map(|r| r.0.len()).max().unwrap_or(4) as u32;
    let mut hovers = Vec::new();
    let svg = svg(id, (760, (70 + 26 * n as u32).max(160)), |root| {
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
                // Row 0 at the top.
                SegmentValue::CenterOf(i) if *i < n => {
                    rows.get(n - 1 - i).map(|r| r.0.clone()).unwrap_or_default()
                }
                _ => String::new(),
            })
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()
            .map_err(s)?;
        for (k, (label, e)) in rows.iter().enumerate() {
            let i = n - 1 - k;
            let colour = if e.value < 0.0 { ORANGE_ } else { BLUE_ };
            if e.value.is_finite() {
                let mut bar = Rectangle::new(
                    [
                        (0.0, SegmentValue::Exact(i)),
                        (e.value, SegmentValue::Exact(i + 1)),
                    ],
                    colour.mix(0.7).filled(),
                );
                // A gap between neighbouring bars.
                bar.set_margin(4, 4, 0, 0);
                chart.draw_series(std::iter::once(bar)).map_err(s)?;
            }
            let interval = e.interval();
            if let Some((a, b)) = interval {
                let y = SegmentValue::CenterOf(i);
                chart
                    .draw_series(std::iter::once(PathElement::new(
                        vec![(a, y.clone()), (b, y)],
                        BLACK.stroke_width(1),
                    )))
                    .map_err(s)?;
                // The whisker's end ticks, a third of the row high.
                for x in [a, b] {
                    let (px, py) = chart.backend_coord(&(x, SegmentValue::CenterOf(i)));
                    root.draw(&PathElement::new(
                        vec![(px, py - 5), (px, py + 5)],
                        BLACK.stroke_width(1),
                    ))
                    .map_err(s)?;
                }
            }
            let (x0, y0) = chart.backend_coord(&(lo, SegmentValue::Exact(i + 1)));
            let (x1, y1) = chart.backend_coord(&(hi, SegmentValue::Exact(i)));
            hovers.push((
                x0,
                y0,
                x1,
                y1,
                match interval {
                    Some((a, b)) => format!(
                        "{label}: {:.2} {unit} (95% interval {a:.2} to {b:.2})",
                        e.value
                    ),
                    None => format!("{label}: {:.2} {unit}", e.value),
                },
            ));
        }
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(0.0, SegmentValue::Exact(0)), (0.0, SegmentValue::Exact(n))],
                GREY_.stroke_width(1),
            )))
            .map_err(s)?;
        Ok::<(), DrawError>(())
    })?;
    Ok(with_hovers(svg, &hovers))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_matrix_colour_is_centred_at_one_half() {
        assert_eq!(share_colour(0.5), RGBColor(255, 255, 255));
        assert_eq!(share_colour(1.0), BLUE_);
        assert_eq!(share_colour(0.0), ORANGE_);
        // Halfway to each end: halfway from white to the end's colour (truncated).
        assert_eq!(share_colour(0.75), RGBColor(143, 187, 217));
        assert_eq!(share_colour(0.25), RGBColor(255, 191, 134));
    }

    #[test]
    fn hover_rectangles_go_last_with_their_titles_escaped() {
        let svg = "<svg id=\"x\"><rect/></svg>\n".to_string();
        let out = with_hovers(svg, &[(10, 40, 30, 20, "a>b & c".into())]);
        assert_eq!(
            out,
            "<svg id=\"x\"><rect/><g class=\"hover\">\n<rect x=\"10\" y=\"20\" width=\"20\" height=\"20\" fill=\"#000\" fill-opacity=\"0\"><title>a&gt;b &amp; c</title></rect>\n</g>\n</svg>\n"
        );
    }
}
