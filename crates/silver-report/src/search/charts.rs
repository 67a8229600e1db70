//! A search's two plots: the objective's distribution per stage (one histogram panel per stage
//! on a common axis, feasible and infeasible sets stacked, the base marked) and the Pareto
//! front of two objectives (each set with its intervals on both axes, the front joined and
//! drawn in colour, a hover title per point).

use crate::charts::{s, svg, DrawError, BLUE_, FONT, GREY_, ORANGE_};
use crate::design::charts::{with_hovers, Estimate, Hover};
use crate::PlotError;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

type Result<T> = std::result::Result<T, PlotError>;

/// The bins of a histogram: `n` bins of `width` from `lo`; values above the last bin's end
/// are counted in the last bin (`clipped`: the end, when some were).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Bins {
    /// Start of the first bin.
    pub lo: f64,
    /// Width of every bin.
    pub width: f64,
    /// Number of bins.
    pub n: usize,
    /// The end of the last bin, when values above it were counted in it.
    pub clipped: Option<f64>,
}

impl Bins {
    /// The bin of a finite value (values beyond either end in the end bins).
    pub(crate) fn of(&self, x: f64) -> usize {
        let b = ((x - self.lo) / self.width).floor();
        if b <= 0.0 {
            0
        } else {
            (b as usize).min(self.n - 1)
        }
    }

    /// The end of the axis.
    pub(crate) fn hi(&self) -> f64 {
        self.lo + self.width * self.n as f64
    }
}

/// One stage's panel: its title, each bin's count of feasible and infeasible sets, and the
/// base set's value in the stage.
pub(crate) struct Panel {
    /// Its title.
    pub title: String,
    /// Feasible sets per bin.
    pub feasible: Vec<u64>,
    /// Infeasible sets (a constraint broken) per bin.
    pub infeasible: Vec<u64>,
    /// The base set's value.
    pub base: Option<f64>,
}

/// One histogram panel per stage, top to bottom, on the common axis of `bins`: feasible sets
/// in blue, infeasible ones stacked above in orange, the base set's value as a dashed line.
/// Each panel has its own count scale (a stage keeps a fraction of the sets before it).
pub(crate) fn stage_histograms(
    id: &str,
    title: &str,
    x_label: &str,
    bins: &Bins,
    panels: &[Panel],
) -> Result<String> {
    let n = panels.len().max(1);
    let height = 40 + 130 * n as u32 + 30;
    let (lo, hi) = (bins.lo, bins.hi());
    svg(id, (760, height), |root| {
        let area = root.titled(title, (FONT, 16)).map_err(s)?;
        let areas = area.split_evenly((n, 1));
        for (k, (area, p)) in areas.iter().zip(panels).enumerate() {
            let last = k + 1 == panels.len();
            let max = p
                .feasible
                .iter()
                .zip(&p.infeasible)
                .map(|(a, b)| a + b)
                .max()
                .unwrap_or(0)
                .max(1) as f64;
            let mut chart = ChartBuilder::on(area)
                .caption(&p.title, (FONT, 12))
                .margin_left(12)
                .margin_right(20)
                .margin_top(2)
                .x_label_area_size(if last { 40 } else { 18 })
                .y_label_area_size(60)
                .build_cartesian_2d(lo..hi, 0.0..max * 1.1)
                .map_err(s)?;
            chart
                .configure_mesh()
                .disable_mesh()
                .x_desc(if last { x_label } else { "" })
                .y_desc("sets")
                .y_labels(3)
                // Counts: whole numbers without a decimal point.
                .y_label_formatter(&|v| {
                    if v.fract() == 0.0 {
                        format!("{v:.0}")
                    } else {
                        format!("{v:.1}")
                    }
                })
                .label_style((FONT, 11))
                .axis_desc_style((FONT, 12))
                .draw()
                .map_err(s)?;
            for (b, (&f, &i)) in p.feasible.iter().zip(&p.infeasible).enumerate() {
                let x0 = lo + bins.width * b as f64;
                let x1 = x0 + bins.width;
                for (y0, y1, colour) in
                    [(0.0, f as f64, BLUE_), (f as f64, (f + i) as f64, ORANGE_)]
                {
                    if y1 > y0 {
                        let mut bar =
                            Rectangle::new([(x0, y0), (x1, y1)], colour.mix(0.8).filled());
                        bar.set_margin(0, 0, 1, 1);
                        chart.draw_series(std::iter::once(bar)).map_err(s)?;
                    }
                }
            }
            if let Some(x) = p.base.filter(|x| x.is_finite()) {
                let x = x.clamp(lo, hi);
                chart
                    .draw_series(DashedLineSeries::new(
                        vec![(x, 0.0), (x, max * 1.1)],
                        5,
                        4,
                        BLACK.stroke_width(1),
                    ))
                    .map_err(s)?;
            }
        }
        Ok::<(), DrawError>(())
    })
}

/// One set of the Pareto plot.
pub(crate) struct Point {
    /// The set's name.
    pub label: String,
    /// Written beside the point (its rank), or empty.
    pub tag: String,
    /// The first objective.
    pub x: Estimate,
    /// The second objective.
    pub y: Estimate,
    /// On the first front.
    pub front: bool,
    /// Keeps every constraint of both objectives.
    pub feasible: bool,
    /// The base set.
    pub base: bool,
}

fn finite_interval(e: &Estimate) -> Option<(f64, f64)> {
    (e.low.is_finite() && e.high.is_finite()).then_some((e.low, e.high))
}

/// The range of some values and intervals, padded (0 to 1 with none).
fn range<'a>(estimates: impl Iterator<Item = &'a Estimate>) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for e in estimates {
        for x in [e.value, e.low, e.high] {
            if x.is_finite() {
                lo = lo.min(x);
                hi = hi.max(x);
            }
        }
    }
    if !lo.is_finite() {
        return (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.08).max(1e-3);
    (lo - pad, hi + pad)
}

/// The sets' two objectives (lower is better on both) as points with their 95% intervals as
/// whiskers; the front's points in blue, joined in order of the first objective; other sets
/// grey; a set that breaks a constraint hollow; the base an orange square. Hovering a point
/// shows its set, both estimates and whether it is on the front.
pub(crate) fn pareto(
    id: &str,
    title: &str,
    labels: (&str, &str),
    points: &[Point],
) -> Result<String> {
    let (x0, x1) = range(points.iter().map(|p| &p.x));
    let (y0, y1) = range(points.iter().map(|p| &p.y));
    let mut hovers: Vec<Hover> = Vec::new();
    let svg = svg(id, (760, 560), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 16))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d(x0..x1, y0..y1)
            .map_err(s)?;
        chart
            .configure_mesh()
            .x_desc(format!("{} (lower is better)", labels.0))
            .y_desc(format!("{} (lower is better)", labels.1))
            .label_style((FONT, 12))
            .axis_desc_style((FONT, 13))
            .draw()
            .map_err(s)?;
        let ok = |p: &&Point| p.x.value.is_finite() && p.y.value.is_finite();
        for p in points.iter().filter(ok) {
            let (x, y) = (p.x.value, p.y.value);
            let colour = if p.front { BLUE_ } else { GREY_ };
            let mut whiskers = Vec::new();
            if let Some((a, b)) = finite_interval(&p.x) {
                whiskers.push(vec![(a, y), (b, y)]);
            }
            if let Some((a, b)) = finite_interval(&p.y) {
                whiskers.push(vec![(x, a), (x, b)]);
            }
            for w in whiskers {
                chart
                    .draw_series(std::iter::once(PathElement::new(
                        w,
                        colour.mix(0.6).stroke_width(1),
                    )))
                    .map_err(s)?;
            }
        }
        let mut front: Vec<(f64, f64)> = points
            .iter()
            .filter(ok)
            .filter(|p| p.front)
            .map(|p| (p.x.value, p.y.value))
            .collect();
        front.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
        if front.len() >= 2 {
            chart
                .draw_series(DashedLineSeries::new(front, 6, 4, BLUE_.stroke_width(2)))
                .map_err(s)?;
        }
        for p in points.iter().filter(ok) {
            let at = (p.x.value, p.y.value);
            let colour = if p.base {
                ORANGE_
            } else if p.front {
                BLUE_
            } else {
                GREY_
            };
            let style = if p.feasible {
                colour.filled()
            } else {
                colour.stroke_width(2)
            };
            if p.base {
                let (px, py) = chart.backend_coord(&at);
                root.draw(&Rectangle::new([(px - 5, py - 5), (px + 5, py + 5)], style))
                    .map_err(s)?;
            } else {
                chart
                    .draw_series(std::iter::once(Circle::new(at, 5, style)))
                    .map_err(s)?;
            }
            let (px, py) = chart.backend_coord(&at);
            if !p.tag.is_empty() {
                root.draw(&Text::new(
                    p.tag.clone(),
                    (px + 8, py - 8),
                    TextStyle::from((FONT, 11).into_font())
                        .color(&BLACK)
                        .pos(Pos::new(HPos::Left, VPos::Center)),
                ))
                .map_err(s)?;
            }
            let est = |e: &Estimate| match finite_interval(e) {
                Some((a, b)) => format!("{:.4} (95% interval {a:.4} to {b:.4})", e.value),
                None => format!("{:.4}", e.value),
            };
            hovers.push((
                px - 7,
                py - 7,
                px + 7,
                py + 7,
                format!(
                    "{}{}: {} {}, {} {}; {}{}",
                    p.label,
                    if p.base { " (base)" } else { "" },
                    labels.0,
                    est(&p.x),
                    labels.1,
                    est(&p.y),
                    if p.front { "on the front" } else { "dominated" },
                    if p.feasible {
                        ""
                    } else {
                        ", breaks a constraint"
                    },
                ),
            ));
        }
        Ok::<(), DrawError>(())
    })?;
    Ok(with_hovers(svg, &hovers))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_fall_in_their_bins_and_the_ends_take_the_rest() {
        let b = Bins {
            lo: 0.0,
            width: 0.5,
            n: 4,
            clipped: Some(2.0),
        };
        assert_eq!(b.hi(), 2.0);
        for (x, want) in [
            (-1.0, 0),
            (0.0, 0),
            (0.49, 0),
            (0.5, 1),
            (1.99, 3),
            (2.0, 3),
            (9.0, 3),
        ] {
            assert_eq!(b.of(x), want, "{x}");
        }
    }
}
