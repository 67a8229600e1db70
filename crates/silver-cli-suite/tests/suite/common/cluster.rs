//! Helpers of the tests of `docs/cluster.md`'s recipes: the fenced blocks under a heading of the
//! page, a scratch copy of the repository's inputs to run them in, and a private single-node
//! Slurm (slurmctld and slurmd on the loopback interface, munge with a key of its own, every
//! file in a temporary directory) that stops with everything it started when dropped.

use super::*;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One fenced code block of a page: its language (```sh → `sh`) and its text.
pub struct Block {
    pub lang: String,
    pub text: String,
}

/// The fenced blocks of the section of `page` (relative to the workspace root) headed exactly
/// `heading` (`## Slurm`), up to the next heading of the same or a higher level.
pub fn section_blocks(page: &str, heading: &str) -> Vec<Block> {
    let text = read_text(&Path::new(ROOT).join(page));
    let level = heading.chars().take_while(|&c| c == '#').count();
    let mut lines = text.lines();
    assert!(
        lines.any(|l| l == heading),
        "{page} has no heading {heading:?}"
    );
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for line in lines {
        if let Some(block) = open.as_mut() {
            if line.trim_end() == "```" {
                blocks.extend(open.take());
            } else {
                block.text.push_str(line);
                block.text.push('\n');
            }
        } else if let Some(lang) = line.strip_prefix("```") {
            open = Some(Block {
                lang: lang.trim().to_string(),
                text: String::new(),
            });
        } else if line.starts_with('#') {
            let hashes = line.chars().take_while(|&c| c == '#').count();
            if hashes <= level && line[hashes..].starts_with(' ') {
                break;
            }
        }
    }
    assert!(
        open.is_none(),
        "{page}: a block under {heading:?} is not closed"
    );
    blocks
}

/// An executable, from `PATH` or the system directories (`/usr/sbin` is not on every user's
/// `PATH`); a missing one fails the test in one line naming the package that has it.
pub fn program(name: &str, package: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs = std::env::split_paths(&path)
        .chain(["/usr/local/sbin", "/usr/sbin", "/sbin"].map(PathBuf::from));
    for dir in dirs {
        let p = dir.join(name);
        if p.is_file() {
            return p;
        }
    }
    panic!(
        "{name} not found: install Debian's {package} package (apt-get install {package}), or \
         skip these tests with -- --skip slurm"
    );
}

/// The environment variables a scheduler or its clients read: none of the caller's may leak
/// into the tests' commands (a developer running the suite inside a Slurm allocation has them).
fn scheduler_var(name: &str) -> bool {
    [
        "SLURM_", "SBATCH_", "SALLOC_", "SRUN_", "SQUEUE_", "SINFO_", "PARALLEL",
    ]
    .iter()
    .any(|p| name.starts_with(p))
        || ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"].contains(&name)
}

/// `cmd` without any scheduler variable of the test's own environment.
pub fn without_scheduler_vars(cmd: &mut Command) -> &mut Command {
    for (name, _) in std::env::vars_os() {
        if name.to_str().is_some_and(scheduler_var) {
            cmd.env_remove(name);
        }
    }
    cmd
}

/// A scratch stand-in for the repository root, where the recipes run as written: copies of
/// `bots/` and `experiments/`, and `target/release/silver` linked to the executable under test.
pub fn scratch_root(tmp: &TempDir) -> PathBuf {
    let root = tmp.join("repo");
    for dir in ["bots", "experiments"] {
        copy_tree(&Path::new(ROOT).join(dir), &root.join(dir));
    }
    let bin = root.join("target/release/silver");
    std::fs::create_dir_all(bin.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(silver_bin(), &bin).unwrap();
    root
}

/// Runs `cmd` to its end; panics with its output unless it succeeded.
pub fn succeed(cmd: &mut Command, what: &str) -> String {
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{text}",
        out.status
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every file under `dir` but hidden ones (a run's lock), by its path under `dir`, in order.
pub fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = e.unwrap().path();
            if p.file_name().unwrap().to_string_lossy().starts_with('.') {
                continue;
            }
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// Two distinct ports of the loopback interface that nothing listens on (now): both are held
/// until both are chosen.
fn free_ports() -> (u16, u16) {
    let bind = || std::net::TcpListener::bind("127.0.0.1:0").expect("a free port on 127.0.0.1");
    let (a, b) = (bind(), bind());
    let port = |l: &std::net::TcpListener| l.local_addr().expect("a bound address").port();
    (port(&a), port(&b))
}

/// A private single-node Slurm cluster: munged, slurmctld and slurmd, each in a process group of
/// its own, configured by a `slurm.conf` in a temporary directory (state, spool, logs, the munge
/// socket and key), listening on free ports of 127.0.0.1 only. The client commands reach it
/// through `SLURM_CONF` (see `command`). Every finished job is recorded in `jobcomp.txt`.
/// Dropping it cancels its jobs, kills whatever they left running and stops the daemons, also
/// when the test panicked.
pub struct Slurm {
    pub tmp: TempDir,
    pub conf: PathBuf,
    daemons: Vec<(&'static str, Child)>,
}

/// The node's name in `slurm.conf`.
const NODE: &str = "silvertest";

impl Slurm {
    pub fn start(test: &str) -> Slurm {
        let ctld = program("slurmctld", "slurm-wlm");
        let slurmd = program("slurmd", "slurm-wlm");
        let munged = program("munged", "munge");
        for client in ["sbatch", "squeue", "sinfo", "scancel"] {
            program(client, "slurm-client");
        }
        let uid = succeed(Command::new("id").arg("-u"), "id -u");
        assert_eq!(
            uid.trim(),
            "0",
            "the Slurm tests start slurmd, which needs root: run them as root, or skip them with \
             -- --skip slurm"
        );
        let user = succeed(Command::new("id").arg("-un"), "id -un");
        let tmp = TempDir::new(test);
        let dir = tmp.0.clone();
        let mut slurm = Slurm {
            conf: dir.join("slurm.conf"),
            tmp,
            daemons: Vec::new(),
        };
        // munge: a key of its own (munged wants it private), its socket in a directory others
        // may enter.
        let munge = dir.join("munge");
        std::fs::create_dir_all(&munge).unwrap();
        let key = munge.join("munge.key");
        let mut bytes = vec![0u8; 1024];
        {
            use std::io::Read;
            std::fs::File::open("/dev/urandom")
                .and_then(|mut f| f.read_exact(&mut bytes))
                .expect("random bytes for the munge key");
        }
        {
            use std::os::unix::fs::OpenOptionsExt;
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .mode(0o600)
                .open(&key)
                .unwrap();
            f.write_all(&bytes).unwrap();
        }
        let socket = munge.join("munge.socket");
        let mut cmd = Command::new(munged);
        cmd.arg("--foreground")
            .arg("--force")
            .arg(format!("--socket={}", socket.display()))
            .arg(format!("--key-file={}", key.display()))
            .arg(format!("--pid-file={}", munge.join("munged.pid").display()))
            .arg(format!("--log-file={}", munge.join("munged.log").display()))
            .arg(format!(
                "--seed-file={}",
                munge.join("munged.seed").display()
            ));
        slurm.spawn("munged", cmd);
        slurm.wait_for("munged's socket", |_| socket.exists());
        for sub in ["state", "spool"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        let (ctld_port, slurmd_port) = free_ports();
        let d = |name: &str| dir.join(name).display().to_string();
        let conf = format!(
            "ClusterName=silvertest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort={ctld_port}
SlurmdPort={slurmd_port}
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
SlurmUser={user}
SlurmdUser={user}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={socket}
StateSaveLocation={state}
SlurmdSpoolDir={spool}
SlurmctldPidFile={ctld_pid}
SlurmdPidFile={slurmd_pid}
SlurmctldLogFile={ctld_log}
SlurmdLogFile={slurmd_log}
JobCompType=jobcomp/filetxt
JobCompLoc={jobcomp}
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
ProctrackType=proctrack/pgid
TaskPlugin=task/none
MpiDefault=none
MailProg=/bin/true
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
DependencyParameters=kill_invalid_depend
SlurmdParameters=config_overrides
ReturnToService=2
NodeName={NODE} NodeHostname=localhost NodeAddr=127.0.0.1 CPUs=64 State=UNKNOWN
PartitionName=test Nodes={NODE} Default=YES MaxTime=INFINITE State=UP
",
            user = user.trim(),
            socket = socket.display(),
            state = d("state"),
            spool = d("spool"),
            ctld_pid = d("slurmctld.pid"),
            slurmd_pid = d("slurmd.pid"),
            ctld_log = d("slurmctld.log"),
            slurmd_log = d("slurmd.log"),
            jobcomp = d("jobcomp.txt"),
        );
        std::fs::write(&slurm.conf, conf).unwrap();
        let mut cmd = Command::new(ctld);
        cmd.arg("-D").arg("-f").arg(&slurm.conf);
        slurm.spawn("slurmctld", cmd);
        let mut cmd = Command::new(slurmd);
        cmd.arg("-D").arg("-N").arg(NODE).arg("-f").arg(&slurm.conf);
        slurm.spawn("slurmd", cmd);
        slurm.wait_for("the node to be idle", |slurm| {
            slurm
                .command("sinfo")
                .args(["-h", "-o", "%t"])
                .output()
                .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "idle")
        });
        slurm
    }

    /// Starts a daemon in a process group of its own, its output into `NAME.out`.
    fn spawn(&mut self, name: &'static str, mut cmd: Command) {
        use std::os::unix::process::CommandExt;
        let log = self.tmp.join(&format!("{name}.out"));
        let out = std::fs::File::create(&log).unwrap();
        let child = without_scheduler_vars(&mut cmd)
            .env("SLURM_CONF", &self.conf)
            .stdin(Stdio::null())
            .stdout(out.try_clone().unwrap())
            .stderr(out)
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {name}: {e}"));
        self.daemons.push((name, child));
    }

    /// Polls `ready` for up to 30 s; panics with the daemons' logs if it never is, or if a
    /// daemon ended.
    fn wait_for(&mut self, what: &str, ready: impl Fn(&Slurm) -> bool) {
        let start = Instant::now();
        while !ready(self) {
            let ended = self
                .daemons
                .iter_mut()
                .find_map(|(name, child)| Some((*name, child.try_wait().ok()??)));
            if let Some((name, status)) = ended {
                panic!("{name} ended ({status}):\n{}", self.logs());
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "Slurm: not {what} within 30 s:\n{}",
                self.logs()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// A client command (`sbatch`, `squeue`, `sh` running a recipe) for this cluster: its
    /// `SLURM_CONF`, and no scheduler variable of the test's own environment.
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut cmd = Command::new(program);
        without_scheduler_vars(&mut cmd).env("SLURM_CONF", &self.conf);
        cmd
    }

    /// The ids of the jobs still queued or running.
    fn queued(&self) -> Vec<String> {
        let out = self
            .command("squeue")
            .args(["-h", "-o", "%i %T %r"])
            .output()
            .expect("squeue runs");
        assert!(out.status.success(), "squeue failed:\n{}", self.logs());
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// Waits until no job is queued or running (at most `limit`), then returns every finished
    /// job's record (`jobcomp.txt`: one line of `Key=Value` fields per job or array task).
    pub fn wait_for_jobs(&self, limit: Duration) -> Vec<BTreeMap<String, String>> {
        let start = Instant::now();
        loop {
            let queued = self.queued();
            if queued.is_empty() {
                break;
            }
            assert!(
                start.elapsed() < limit,
                "jobs still queued after {limit:?}:\n{}\n{}",
                queued.join("\n"),
                self.logs()
            );
            std::thread::sleep(Duration::from_millis(250));
        }
        let text = std::fs::read_to_string(self.tmp.join("jobcomp.txt")).unwrap_or_default();
        text.lines()
            .map(|line| {
                line.split_whitespace()
                    .filter_map(|f| f.split_once('='))
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect()
            })
            .collect()
    }

    /// The tails of the daemons' logs, for a failure's message.
    pub fn logs(&self) -> String {
        let mut out = String::new();
        for name in [
            "munged.out",
            "slurmctld.log",
            "slurmctld.out",
            "slurmd.log",
            "slurmd.out",
        ] {
            let text = std::fs::read_to_string(self.tmp.join(name)).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            out.push_str(&format!("--- {name} ---\n"));
            for line in &lines[lines.len().saturating_sub(15)..] {
                out.push_str(line);
                out.push('\n');
            }
        }
        out
    }
}

impl Drop for Slurm {
    fn drop(&mut self) {
        // Cancel what is left, give it a moment to end, then kill any process still running
        // with this cluster's SLURM_CONF (a job's script and what it started: slurmstepd puts
        // them in a session of their own, out of the daemons' process groups).
        if self.daemons.len() == 3 {
            let ids: Vec<String> = self
                .command("squeue")
                .args(["-h", "-o", "%A"])
                .output()
                .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
                .unwrap_or_default()
                .split_whitespace()
                .map(str::to_string)
                .collect();
            if !ids.is_empty() {
                let _ = self.command("scancel").args(&ids).output();
                let start = Instant::now();
                while start.elapsed() < Duration::from_secs(10)
                    && self
                        .command("squeue")
                        .args(["-h", "-o", "%A"])
                        .output()
                        .is_ok_and(|o| o.status.success() && !o.stdout.is_empty())
                {
                    std::thread::sleep(Duration::from_millis(200));
                }
            }
        }
        let marker = format!("SLURM_CONF={}", self.conf.display()).into_bytes();
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|p| p.parse::<u32>().ok())
            else {
                continue;
            };
            if pid == std::process::id() {
                continue;
            }
            let environ = std::fs::read(entry.path().join("environ")).unwrap_or_default();
            if environ.split(|&b| b == 0).any(|v| v == marker.as_slice())
                && !self.daemons.iter().any(|(_, c)| c.id() == pid)
            {
                let _ = Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .stderr(Stdio::null())
                    .status();
            }
        }
        for (_, child) in self.daemons.iter_mut().rev() {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .stderr(Stdio::null())
                .status();
            let _ = child.wait();
        }
    }
}
