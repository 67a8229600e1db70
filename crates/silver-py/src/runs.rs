//! Runs from Python: `silver.tournament` and `silver.experiment`, interruptible.

use crate::{guarded, json, panic_error};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use silver_rules::DEFAULT_MAX_TURNS;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Runs a tournament (as `silver tournament`) into `out` and returns its summary, head-to-head
/// and ratings, each as `{"columns": header, "rows": rows of strings}` in the CSV file's order
/// (the Python wrapper types the columns and makes DataFrames when pandas is installed).
#[pyfunction]
#[pyo3(signature = (bots, out, players=2, games=100, seed=1, set="amulet", seating="rotate", threads=0, bots_dir="bots", allow_exec=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_tournament<'py>(
    py: Python<'py>,
    bots: Vec<String>,
    out: PathBuf,
    players: u8,
    games: u64,
    seed: u64,
    set: &str,
    seating: &str,
    threads: usize,
    bots_dir: &str,
    allow_exec: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let seating = match seating {
        "rotate" | "all-seats" => silver_sim::Seating::Rotate,
        "round-robin" => silver_sim::Seating::RoundRobin,
        "gauntlet" => silver_sim::Seating::Gauntlet,
        "fixed" => silver_sim::Seating::Fixed,
        other => return Err(PyValueError::new_err(format!("seating {other:?}"))),
    };
    let spec = silver_sim::ExperimentSpec {
        name: Some("python".into()),
        players,
        bots,
        seating,
        set: set.to_string(),
        token: None,
        model: silver_sim::ModelSpec::default(),
        games,
        seed,
        max_turns_per_round: DEFAULT_MAX_TURNS,
        outputs: silver_sim::Outputs::default(),
        balance: None,
        design: None,
        sprt: None,
        variance_reduction: false,
    };
    // The names were passed in the call: `exec:COMMAND` is the caller's own, a profile's
    // program needs allow_exec.
    run_spec(
        py,
        &spec,
        out,
        threads,
        bots_dir,
        "python: silver.tournament",
        silver_sim::ExecPolicy::typed(allow_exec),
    )
}

/// Runs the experiment spec file `path` (as `silver run PATH`, balance sweeps excepted) into
/// `out` and returns its tables as `run_tournament` does.
#[pyfunction]
#[pyo3(signature = (path, out, threads=0, bots_dir="bots", allow_exec=false))]
pub(crate) fn run_experiment<'py>(
    py: Python<'py>,
    path: PathBuf,
    out: PathBuf,
    threads: usize,
    bots_dir: &str,
    allow_exec: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let text = std::fs::read_to_string(&path)
        .map_err(|e| PyValueError::new_err(format!("{}: {e}", path.display())))?;
    let spec = silver_sim::ExperimentSpec::from_toml(&text).map_err(|e| {
        PyValueError::new_err(format!("{}: {}", path.display(), silver_sim::message(&e)))
    })?;
    if spec.balance.is_some() {
        return Err(PyValueError::new_err(format!(
            "{}: a balance sweep: run it with `silver run {}`",
            path.display(),
            path.display()
        )));
    }
    let policy = silver_sim::ExecPolicy::file(&path, allow_exec);
    run_spec(
        py,
        &spec,
        out,
        threads,
        bots_dir,
        "python: silver.experiment",
        policy,
    )
}

/// Resolves and runs a spec into `out` (its exec bots asked of `policy`; the programs read
/// from files announced on `sys.stderr` before they start), and reads its tables back.
#[allow(clippy::too_many_arguments)]
fn run_spec<'py>(
    py: Python<'py>,
    spec: &silver_sim::ExperimentSpec,
    out: PathBuf,
    threads: usize,
    bots_dir: &str,
    command: &str,
    mut policy: silver_sim::ExecPolicy,
) -> PyResult<Bound<'py, PyAny>> {
    if threads > silver_sim::limits::MAX_THREADS {
        return Err(PyValueError::new_err(format!(
            "threads {threads}: at most {}",
            silver_sim::limits::MAX_THREADS
        )));
    }
    let plan = guarded(|| {
        silver_sim::resolve_with(spec, &PathBuf::from(bots_dir), &mut policy)
            .map_err(|e| PyValueError::new_err(silver_sim::message(&e)))
    })?;
    let stderr = py.import("sys")?.getattr("stderr")?;
    for p in policy.from_files() {
        stderr.call_method1("write", (format!("{}\n", p.notice()),))?;
    }
    let opts = silver_sim::RunOptions {
        out: out.clone(),
        threads,
        shard: None,
        resume: false,
        force: false,
        command: Some(command.into()),
    };
    run_interruptibly(py, &plan, &opts)?;
    // Per table, its header and rows as the CSV file holds them, in its column order (the
    // Python wrapper gives the columns their types).
    let mut tables = serde_json::Map::new();
    for name in ["summary", "pairs", "ratings"] {
        let path = out.join(format!("{name}.csv"));
        if !path.is_file() {
            continue;
        }
        let (header, rows) = csv_reader(&path)?;
        tables.insert(
            name.to_string(),
            serde_json::json!({ "columns": header, "rows": rows }),
        );
    }
    json(py, &serde_json::Value::Object(tables))
}

/// How often a run started from Python looks for a signal (Ctrl-C, a Jupyter interrupt).
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// Runs `plan` on a thread of its own while this one, with the GIL released between looks,
/// watches for signals: on one (KeyboardInterrupt) the run stops between windows as `silver`
/// does on Ctrl-C, completed games saved and `--resume` able to continue, and the signal's
/// exception is raised once it has stopped.
fn run_interruptibly(
    py: Python<'_>,
    plan: &silver_sim::Plan,
    opts: &silver_sim::RunOptions,
) -> PyResult<()> {
    let interrupted = AtomicBool::new(false);
    let (done, finished) = std::sync::mpsc::channel();
    // (In a mutex only to be shared with the GIL-free waits: one thread receives.)
    let finished = Mutex::new(finished);
    let wait = |timeout: Option<Duration>| {
        let finished = finished.lock().unwrap_or_else(|e| e.into_inner());
        match timeout {
            Some(t) => finished.recv_timeout(t),
            None => finished
                .recv()
                .map_err(|_| std::sync::mpsc::RecvTimeoutError::Disconnected),
        }
    };
    std::thread::scope(|scope| {
        let interrupted = &interrupted;
        scope.spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(|| {
                silver_sim::run(plan, opts, &mut |_: u64, _: u64| {}, interrupted)
            }));
            // The receiver waits for this message: it cannot be gone.
            let _ = done.send(result);
        });
        let mut signal = None;
        let result = loop {
            match py.allow_threads(|| wait(Some(SIGNAL_CHECK))) {
                Ok(result) => break Some(result),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        interrupted.store(true, Ordering::SeqCst);
                        signal = Some(e);
                        break py.allow_threads(|| wait(None).ok());
                    }
                }
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break None,
            }
        };
        if let Some(e) = signal {
            return Err(e);
        }
        match result {
            Some(Ok(Ok(_))) => Ok(()),
            Some(Ok(Err(e))) => Err(PyRuntimeError::new_err(silver_sim::message(&e))),
            Some(Err(panic)) => Err(panic_error(&*panic)),
            None => Err(PyRuntimeError::new_err(
                "the run's thread ended without a result",
            )),
        }
    })
}

/// A CSV file's header and rows.
fn csv_reader(path: &std::path::Path) -> PyResult<(Vec<String>, Vec<Vec<String>>)> {
    let err = |e: csv::Error| PyRuntimeError::new_err(format!("{}: {e}", path.display()));
    let mut r = csv::Reader::from_path(path).map_err(err)?;
    let header = r
        .headers()
        .map_err(err)?
        .iter()
        .map(str::to_string)
        .collect();
    let rows = r
        .records()
        .map(|rec| rec.map(|rec| rec.iter().map(str::to_string).collect()))
        .collect::<Result<_, _>>()
        .map_err(err)?;
    Ok((header, rows))
}
