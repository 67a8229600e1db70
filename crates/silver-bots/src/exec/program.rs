//! A bot program as a child process, with every wait bounded.
//!
//! The program is started as `sh -c 'exec COMMAND'` (sh parses the command line, then becomes
//! the program: nothing stands between it and its pipes) in a process group of its own, so
//! that stopping it stops whatever it started too. Its three pipes are non-blocking and served
//! on the caller's thread with `poll`: no helper threads, writes and reads both under a
//! deadline, output held only up to one line of [`MAX_LINE`] bytes, standard error passed on a
//! line at a time (each cut at [`STDERR_LINE`] bytes). A program that has to go is sent
//! SIGTERM, then SIGKILL, as a whole group, before its leader is reaped (a zombie leader keeps
//! the group's number reserved, so the signal cannot reach anyone else).

use rustix::event::{poll, PollFd, PollFlags, Timespec};
use rustix::io::Errno;
use rustix::process::{kill_process_group, waitid, Pid, Signal, WaitId, WaitIdOptions};
use std::collections::VecDeque;
use std::io::{ErrorKind, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The longest line a program may write to its standard output (an answer is a few bytes).
pub const MAX_LINE: usize = 1 << 20;

/// Standard-error lines are passed on up to this many bytes (the rest of a line is dropped).
pub const STDERR_LINE: usize = 4096;

/// The lines of its standard error a failing program's message quotes.
const STDERR_TAIL: usize = 5;

/// Quoted output (an unexpected line, a stderr line in a message) is cut at this many bytes.
const QUOTE: usize = 200;

/// Output is read this much at a time.
const CHUNK: usize = 64 * 1024;

/// After SIGTERM, how long the group's leader has before SIGKILL.
const TERM_GRACE: Duration = Duration::from_millis(200);

/// After the program is stopped, how long the rest of its standard error may take to arrive.
const STDERR_LINGER: Duration = Duration::from_millis(200);

/// The process groups of every running program, so that an exit that skips destructors (a
/// second Ctrl-C) can still stop them ([`kill_all`]).
static LIVE: Mutex<Vec<Pid>> = Mutex::new(Vec::new());

fn live() -> std::sync::MutexGuard<'static, Vec<Pid>> {
    LIVE.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Kills every running bot program's process group at once (SIGKILL): for a process that is
/// about to exit without running destructors.
pub fn kill_all() {
    for &pid in live().iter() {
        let _ = kill_process_group(pid, Signal::KILL);
    }
}

/// Why talking to the program went wrong.
#[derive(Debug)]
pub struct Trouble {
    /// What happened, as a sentence about the program ("it ...").
    pub what: String,
    /// A pipe was closed: the program may have exited.
    pub closed: bool,
}

impl Trouble {
    pub fn new(what: impl Into<String>) -> Trouble {
        Trouble {
            what: what.into(),
            closed: false,
        }
    }

    fn closed(what: impl Into<String>) -> Trouble {
        Trouble {
            what: what.into(),
            closed: true,
        }
    }
}

/// The program's standard error: passed on line by line, its last lines kept.
struct Stderr {
    pipe: ChildStderr,
    open: bool,
    line: Vec<u8>,
    cut: bool,
    tail: VecDeque<String>,
}

impl Stderr {
    /// Reads what is there now (without waiting) and passes on each finished line.
    fn drain(&mut self) {
        let mut buf = [0u8; 4096];
        while self.open {
            match self.pipe.read(&mut buf) {
                Ok(0) => {
                    self.open = false;
                    if !self.line.is_empty() {
                        self.finish_line();
                    }
                }
                Ok(n) => {
                    for &b in &buf[..n] {
                        if b == b'\n' {
                            self.finish_line();
                        } else if self.line.len() < STDERR_LINE {
                            self.line.push(b);
                        } else {
                            self.cut = true;
                        }
                    }
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) if e.kind() == ErrorKind::WouldBlock => return,
                Err(_) => self.open = false,
            }
        }
    }

    fn finish_line(&mut self) {
        let mut text = String::from_utf8_lossy(&self.line).into_owned();
        if self.cut {
            text.push_str(" [cut]");
        }
        // Passed on as it comes; a standard error that cannot be written to (closed, full)
        // must not fail the game.
        let _ = writeln!(std::io::stderr(), "{text}");
        if self.tail.len() == STDERR_TAIL {
            self.tail.pop_front();
        }
        self.tail.push_back(quote(&text));
        self.line.clear();
        self.cut = false;
    }
}

/// `text` cut to [`QUOTE`] bytes (at a character boundary).
pub fn quote(text: &str) -> String {
    if text.len() <= QUOTE {
        return text.to_string();
    }
    let mut end = QUOTE;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &text[..end], text.len())
}

/// A running program (stopped when dropped, if not before).
pub struct Program {
    child: Child,
    stopped: bool,
    pid: Pid,
    stdin: Option<ChildStdin>,
    stdout: ChildStdout,
    /// Output read but not yet taken (at most [`MAX_LINE`] + 1 bytes).
    out: Vec<u8>,
    out_open: bool,
    stderr: Stderr,
}

/// Which pipe a wait is for.
#[derive(Clone, Copy)]
enum Pipe {
    In,
    Out,
}

impl Program {
    /// Starts `command` (see the module docs).
    pub fn start(command: &str) -> std::io::Result<Program> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let pid = Pid::from_child(&child);
        live().push(pid);
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let mut program = Program {
            child,
            stopped: false,
            pid,
            stdin: Some(stdin),
            stdout,
            out: Vec::new(),
            out_open: true,
            stderr: Stderr {
                pipe: stderr,
                open: true,
                line: Vec::new(),
                cut: false,
                tail: VecDeque::new(),
            },
        };
        let nonblocking = (|| {
            rustix::io::ioctl_fionbio(program.stdin.as_ref().expect("open"), true)?;
            rustix::io::ioctl_fionbio(&program.stdout, true)?;
            rustix::io::ioctl_fionbio(&program.stderr.pipe, true)
        })();
        if let Err(e) = nonblocking {
            program.stop(Duration::ZERO);
            return Err(e.into());
        }
        Ok(program)
    }

    /// The last lines of its standard error, joined (empty if none).
    pub fn stderr_tail(&self) -> String {
        self.stderr
            .tail
            .iter()
            .cloned()
            .collect::<Vec<_>>()
            .join(" | ")
    }

    /// Writes all of `bytes` by `deadline`.
    pub fn write(&mut self, bytes: &[u8], deadline: Instant) -> Result<(), Trouble> {
        let mut rest = bytes;
        while !rest.is_empty() {
            let Some(stdin) = self.stdin.as_mut() else {
                return Err(Trouble::closed("its input is closed"));
            };
            match stdin.write(rest) {
                Ok(0) => return Err(Trouble::closed("it does not take input")),
                Ok(n) => rest = &rest[n..],
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    if !self.ready(Pipe::In, deadline)? {
                        return Err(Trouble::new("it stopped reading its input"));
                    }
                }
                Err(e) if e.kind() == ErrorKind::BrokenPipe => {
                    return Err(Trouble::closed("it closed its input"))
                }
                Err(e) => return Err(Trouble::new(format!("cannot write to it: {e}"))),
            }
        }
        Ok(())
    }

    /// The next line of output that is not blank, waiting for it until `deadline` (`Ok(None)`
    /// when the deadline passes first).
    pub fn read_line(&mut self, deadline: Instant) -> Result<Option<String>, Trouble> {
        loop {
            if let Some(line) = self.take_line() {
                return Ok(Some(line));
            }
            self.check_open()?;
            if !self.fill()? && !self.ready(Pipe::Out, deadline)? {
                return Ok(None);
            }
        }
    }

    /// An error if the program has written a line nobody asked for (or closed its output):
    /// what is there now is read, nothing is waited for.
    pub fn check_quiet(&mut self) -> Result<(), Trouble> {
        self.fill()?;
        if let Some(line) = self.take_line() {
            return Err(Trouble::new(format!(
                "it wrote `{}` before it was asked",
                quote(&line)
            )));
        }
        self.check_open()
    }

    fn check_open(&self) -> Result<(), Trouble> {
        if self.out.len() > MAX_LINE {
            Err(Trouble::new(format!(
                "it wrote a line longer than {MAX_LINE} bytes (the limit)"
            )))
        } else if !self.out_open {
            Err(Trouble::closed("it closed its output"))
        } else {
            Ok(())
        }
    }

    /// Reads one chunk of output if there is one (without waiting; never beyond one line over
    /// the limit). True if anything changed.
    fn fill(&mut self) -> Result<bool, Trouble> {
        if !self.out_open || self.out.len() > MAX_LINE {
            return Ok(false);
        }
        let room = (MAX_LINE + 1 - self.out.len()).min(CHUNK);
        let start = self.out.len();
        self.out.resize(start + room, 0);
        let res = loop {
            match self.stdout.read(&mut self.out[start..]) {
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                res => break res,
            }
        };
        match res {
            Ok(n) => {
                self.out.truncate(start + n);
                if n == 0 {
                    self.out_open = false;
                }
                Ok(true)
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                self.out.truncate(start);
                Ok(false)
            }
            Err(e) => {
                self.out.truncate(start);
                Err(Trouble::new(format!("cannot read its output: {e}")))
            }
        }
    }

    /// The first finished line of the output read so far that is not blank.
    fn take_line(&mut self) -> Option<String> {
        while let Some(end) = self.out.iter().position(|&b| b == b'\n') {
            let line = String::from_utf8_lossy(&self.out[..end]).trim().to_string();
            self.out.drain(..=end);
            if !line.is_empty() {
                return Some(line);
            }
        }
        None
    }

    /// Waits until the pipe is ready (true) or `deadline` passes (false), passing on the
    /// program's standard error meanwhile.
    fn ready(&mut self, pipe: Pipe, deadline: Instant) -> Result<bool, Trouble> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(false);
            }
            let timeout = Timespec::try_from(left).unwrap_or(Timespec {
                tv_sec: i64::MAX,
                tv_nsec: 0,
            });
            let (mine, err) = {
                let main = match pipe {
                    Pipe::In => match self.stdin.as_ref() {
                        Some(stdin) => PollFd::new(stdin, PollFlags::OUT),
                        None => return Err(Trouble::closed("its input is closed")),
                    },
                    Pipe::Out => PollFd::new(&self.stdout, PollFlags::IN),
                };
                let mut fds = [main, PollFd::new(&self.stderr.pipe, PollFlags::IN)];
                let n = if self.stderr.open { 2 } else { 1 };
                match poll(&mut fds[..n], Some(&timeout)) {
                    Ok(_) => {}
                    Err(Errno::INTR) => continue,
                    Err(e) => return Err(Trouble::new(format!("cannot wait for it: {e}"))),
                }
                (fds[0].revents(), fds[1].revents())
            };
            if any(err) {
                self.stderr.drain();
            }
            if any(mine) {
                return Ok(true);
            }
        }
    }

    /// How the group's leader ended, if it has (without reaping it).
    fn ended(&self) -> Option<String> {
        let opts = WaitIdOptions::EXITED | WaitIdOptions::NOWAIT | WaitIdOptions::NOHANG;
        match waitid(WaitId::Pid(self.pid), opts) {
            Ok(Some(s)) => Some(match (s.exit_status(), s.terminating_signal()) {
                (Some(code), _) if s.exited() => format!("it exited with status {code}"),
                (_, Some(sig)) => format!("it was ended by signal {sig}"),
                _ => "it ended".into(),
            }),
            _ => None,
        }
    }

    /// How the group's leader ended, waiting up to `within` for it to end (None: it runs
    /// on), passing on its standard error meanwhile.
    pub fn exit_within(&mut self, within: Duration) -> Option<String> {
        let until = Instant::now() + within;
        loop {
            if let Some(how) = self.ended() {
                return Some(how);
            }
            if Instant::now() >= until {
                return None;
            }
            self.stderr.drain();
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Stops the program: its input is closed, its leader given `grace` to exit by itself,
    /// then the whole group is sent SIGTERM and, a moment later, SIGKILL; the leader is
    /// reaped and the rest of its standard error passed on.
    pub fn stop(&mut self, grace: Duration) {
        if self.stopped {
            return;
        }
        self.stopped = true;
        self.stdin = None;
        let ended = self.exit_within(grace);
        // Whatever else is in the group goes too, even when the leader left by itself.
        let _ = kill_process_group(self.pid, Signal::TERM);
        if ended.is_none() {
            self.exit_within(TERM_GRACE);
        }
        let _ = kill_process_group(self.pid, Signal::KILL);
        let _ = self.child.wait();
        live().retain(|&p| p != self.pid);
        // Killed helpers close their copies of the pipe: the rest of stderr arrives (unless
        // something outside the group holds it).
        let until = Instant::now() + STDERR_LINGER;
        while self.stderr.open && Instant::now() < until {
            self.stderr.drain();
            if self.stderr.open {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.stop(Duration::ZERO);
    }
}

/// True if `poll` reported anything for the descriptor (readiness, hang-up or error: the
/// next read or write says which).
fn any(flags: PollFlags) -> bool {
    !flags.is_empty()
}
