//! Progress and interruption for every long command, in one place: a bar on a terminal
//! (otherwise a line with the rate and time left at each tenth and at least every 10 s; none
//! with `--quiet`), the run's header printed with the
//! first report (so that an error is the only line on stderr), and Ctrl-C: the first asks the
//! run to stop after the blocks in progress (they are saved), a second exits at once.

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use silver_sim::search::SearchProgress;
use silver_sim::{Progress, SweepProgress};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Installs the Ctrl-C handler; the flag it sets is what runs and sweeps check between blocks.
pub(crate) fn interrupt_flag(what_is_kept: &'static str) -> Result<Arc<AtomicBool>> {
    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = interrupted.clone();
    ctrlc::set_handler(move || {
        // A second Ctrl-C while finishing the current blocks exits at once (bot programs run
        // in process groups of their own, which the terminal's Ctrl-C does not reach).
        if flag.swap(true, Ordering::SeqCst) {
            silver_bots::kill_all_programs();
            std::process::exit(130);
        }
        note!("\ninterrupt: {what_is_kept}");
    })
    .context("cannot install the Ctrl-C handler")?;
    Ok(interrupted)
}

/// The worker threads a `--threads` value means (0: one per core).
pub(crate) fn threads(asked: usize) -> usize {
    if asked == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        asked
    }
}

/// A throughput with about three significant digits (slow search runs make < 1 game/s).
pub(crate) fn rate(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

/// Reports progress on stderr.
pub(crate) struct Reporter {
    bar: Option<ProgressBar>,
    header: String,
    header_shown: bool,
    started: Instant,
    last_line: Instant,
    last_pct: u64,
    /// What is running now (a sweep's set), shown with the counts.
    stage: String,
    /// The index of the sweep's set started last (sets run one after another).
    set: Option<usize>,
    /// What a stage is called: a sweep's `set`, a design card's `arm`.
    unit: &'static str,
    /// Games already done when this invocation started (a resumed run), for the rate.
    first_done: Option<u64>,
    /// `--quiet`: no header, no progress.
    quiet: bool,
    /// A run's interim standings, if it shows them.
    standings: Option<Standings>,
}

/// Interim standings of a run (`--standings-every`): the head-to-head, the ratings and an
/// SPRT's test so far, on stderr now and then, and whenever SIGUSR1 asks for them.
pub(crate) struct Standings {
    /// Every this many games (0: only when asked); `None`: every `STANDINGS_EVERY`.
    every: Option<u64>,
    /// The games after which they are next due (with `every`).
    next: Option<u64>,
    last: Instant,
    /// Set by SIGUSR1: show them after the blocks in progress.
    asked: Arc<AtomicBool>,
    show: StandingsText,
}

/// What the standings say, from the statistics so far and an SPRT's test.
pub(crate) type StandingsText =
    Box<dyn Fn(&silver_sim::Stats, Option<&silver_sim::SprtRecord>) -> String>;

/// How often a run shows its standings without `--standings-every`.
const STANDINGS_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

impl Standings {
    /// Standings every `every` games (0: only on SIGUSR1; `None`: every minute), written by
    /// `show`; SIGUSR1 asks for them at any time (on Unix).
    pub(crate) fn new(every: Option<u64>, show: StandingsText) -> Result<Standings> {
        let asked = Arc::new(AtomicBool::new(false));
        #[cfg(unix)]
        signal_hook::flag::register(signal_hook::consts::SIGUSR1, asked.clone())
            .context("cannot install the SIGUSR1 handler")?;
        Ok(Standings {
            every,
            next: None,
            last: Instant::now(),
            asked,
            show,
        })
    }

    /// Whether they are due after `done` games (and what is due next is noted).
    fn due(&mut self, done: u64, quiet: bool) -> bool {
        let asked = self.asked.swap(false, Ordering::SeqCst);
        let timed = match self.every {
            Some(0) => false,
            Some(n) => {
                // The first multiple of `n` above the games a resumed run started from.
                let next = *self.next.get_or_insert((done / n + 1) * n);
                if done >= next {
                    self.next = Some((done / n + 1) * n);
                    true
                } else {
                    false
                }
            }
            None => self.last.elapsed() >= STANDINGS_EVERY,
        };
        asked || (timed && !quiet)
    }
}

impl Reporter {
    /// A reporter that prints `header` with its first report (nothing at all when `quiet`).
    pub(crate) fn new(header: String, quiet: bool) -> Reporter {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let b = ProgressBar::new(0);
            b.set_style(
                ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({per_sec}, eta {eta}) {msg}",
                )
                .expect("valid template"),
            );
            b
        });
        Reporter {
            bar,
            header,
            header_shown: false,
            started: Instant::now(),
            last_line: Instant::now(),
            last_pct: 0,
            stage: String::new(),
            set: None,
            unit: "set",
            first_done: None,
            quiet,
            standings: None,
        }
    }

    /// A reporter that also shows a run's interim standings.
    pub(crate) fn with_standings(mut self, standings: Standings) -> Reporter {
        self.standings = Some(standings);
        self
    }

    fn show_header(&mut self) {
        if !self.header_shown && !self.quiet {
            self.header_shown = true;
            self.line(&self.header.clone());
        }
    }

    /// A line above the bar (or on its own without one).
    fn line(&self, text: &str) {
        if self.quiet {
            return;
        }
        match &self.bar {
            Some(b) => b.println(text),
            None => note!("{text}"),
        }
    }

    /// A reporter whose stages are called `unit` (`arm`) instead of `set`.
    pub(crate) fn stage_unit(mut self, unit: &'static str) -> Reporter {
        self.unit = unit;
        self
    }

    /// The sweep's set that is running (or stopped the sweep): the one started last.
    pub(crate) fn set_index(&self) -> Option<usize> {
        self.set
    }

    /// Clears the bar; call before printing results.
    pub(crate) fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

impl Progress for Reporter {
    fn update(&mut self, done: u64, total: u64) {
        if self.quiet {
            return;
        }
        self.show_header();
        let first = *self.first_done.get_or_insert(done);
        if let Some(b) = &self.bar {
            b.set_length(total);
            b.set_position(done);
            return;
        }
        let pct = (done * 100).checked_div(total).unwrap_or(100);
        if done == total || pct >= self.last_pct + 10 || self.last_line.elapsed().as_secs() >= 10 {
            let stage = if self.stage.is_empty() {
                String::new()
            } else {
                format!("{}: ", self.stage)
            };
            let secs = self.started.elapsed().as_secs_f64();
            // The rate of this invocation (a resumed run's earlier games excluded) and the
            // time left at that rate.
            let per_sec = (done - first.min(done)) as f64 / secs.max(1e-9);
            let eta = if done >= total {
                String::new()
            } else if per_sec > 0.0 {
                format!(", eta {:.0}s", (total - done) as f64 / per_sec)
            } else {
                ", eta unknown".into()
            };
            note!(
                "progress: {stage}{done}/{total} games ({pct}%), {secs:.0}s, {} games/s{eta}",
                rate(per_sec)
            );
            self.last_line = Instant::now();
            self.last_pct = pct;
        }
    }

    /// The standings after `done` of `total` games, if due.
    fn standings(
        &mut self,
        done: u64,
        total: u64,
        stats: &silver_sim::Stats,
        sprt: Option<&silver_sim::SprtRecord>,
    ) {
        let quiet = self.quiet;
        let Some(s) = self.standings.as_mut() else {
            return;
        };
        if !s.due(done, quiet) {
            return;
        }
        s.last = Instant::now();
        let text = (s.show)(stats, sprt);
        if text.is_empty() {
            return;
        }
        let pct = (done * 100).checked_div(total).unwrap_or(100);
        let text = format!(
            "standings after {done} of {total} games ({pct}%):\n{}",
            text.trim_end()
        );
        match &self.bar {
            Some(b) => b.println(text),
            None => note!("{text}"),
        }
    }
}

impl SweepProgress for Reporter {
    fn set_started(&mut self, index: usize, count: usize, name: &str, resumed: bool) {
        self.show_header();
        self.set = Some(index);
        self.stage = format!("{} {}/{count} {name}", self.unit, index + 1);
        if let Some(b) = &self.bar {
            b.set_message(self.stage.clone());
        }
        if resumed {
            self.line(&format!("{}: complete on disk, not replayed", self.stage));
        } else if self.bar.is_none() && !self.quiet {
            note!("{}", self.stage);
        }
    }

    fn update(&mut self, done: u64, total: u64) {
        Progress::update(self, done, total);
    }
}

impl SearchProgress for Reporter {
    fn stage_started(&mut self, number: usize, stages: usize, kind: &str, games: u64, done: u64) {
        self.show_header();
        self.stage = format!("stage {number}/{stages} {kind}");
        // Each stage's games are counted on their own: its rate and time left.
        self.started = Instant::now();
        self.first_done = None;
        self.last_pct = 0;
        if let Some(b) = &self.bar {
            b.set_message(self.stage.clone());
            b.reset();
        }
        Progress::update(self, done, games);
    }

    fn update(&mut self, done: u64, total: u64) {
        Progress::update(self, done, total);
    }

    fn stage_done(&mut self, line: &str) {
        self.show_header();
        self.line(line);
    }
}
