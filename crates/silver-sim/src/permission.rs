//! Who may start programs. An `exec` bot runs a command; a command the user typed on the
//! command line (or passed as a string in a call) is the user's own, but one written in a
//! file (an experiment spec, a bot profile, a run's manifest, a saved game) is data from
//! whoever wrote the file, and starts only with the user's explicit permission
//! (`--allow-exec`). Resolution asks an [`ExecPolicy`] about every exec bot, so a refusal
//! comes before any game, output directory or process exists.

use crate::error::BotError;
use silver_bots::BotSpec;
use std::path::{Path, PathBuf};

/// Where the bot names being resolved were written, whether programs named in files may
/// start, and the programs resolution has let through so far.
#[derive(Clone, Debug)]
pub struct ExecPolicy {
    origin: Option<PathBuf>,
    allow: bool,
    programs: Vec<Program>,
}

/// An exec bot resolution let through: its name, its command, and the file the command was
/// written in (none if typed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// The bot's name in every output.
    pub bot: String,
    /// The command line it runs.
    pub command: String,
    /// The file the command was read from (a spec, a profile, a manifest, a saved game).
    pub file: Option<PathBuf>,
}

impl Program {
    /// The line to show before the program starts:
    /// `starting program for bot NAME (from FILE): COMMAND`.
    pub fn notice(&self) -> String {
        match &self.file {
            Some(f) => format!(
                "starting program for bot {} (from {}): {}",
                self.bot,
                f.display(),
                self.command
            ),
            None => format!("starting program for bot {}: {}", self.bot, self.command),
        }
    }
}

impl ExecPolicy {
    /// Bot names typed by the user (a command line, a string passed in a call): their own
    /// `exec:COMMAND` bots start; a profile's command only if `allow`.
    pub fn typed(allow: bool) -> ExecPolicy {
        ExecPolicy {
            origin: None,
            allow,
            programs: Vec::new(),
        }
    }

    /// Bot names read from `file`: no program starts unless `allow`.
    pub fn file(file: &Path, allow: bool) -> ExecPolicy {
        ExecPolicy {
            origin: Some(file.to_path_buf()),
            allow,
            programs: Vec::new(),
        }
    }

    /// The exec bots let through so far, whose commands were read from files (each once):
    /// show their [`Program::notice`] before they start.
    pub fn from_files(&self) -> impl Iterator<Item = &Program> {
        self.programs.iter().filter(|p| p.file.is_some())
    }

    /// Every exec bot let through so far.
    pub fn programs(&self) -> &[Program] {
        &self.programs
    }

    /// Lets bot `name` (its `spec` resolved from an entry of this policy's origin, or from
    /// the profile `profile`) through, or refuses it: an exec bot whose command was read
    /// from a file, without permission. Names and commands with control characters are
    /// refused whatever their origin (they would break every line they are written on).
    pub fn admit(
        &mut self,
        name: &str,
        spec: &BotSpec,
        profile: Option<&Path>,
    ) -> Result<(), BotError> {
        if name.contains(char::is_control) {
            return Err(BotError::ControlCharacter { name: name.into() });
        }
        let BotSpec::Exec(p) = spec else {
            return Ok(());
        };
        if p.command.contains(char::is_control) {
            return Err(BotError::ControlCharacter {
                name: p.command.clone(),
            });
        }
        let file = profile
            .map(Path::to_path_buf)
            .or_else(|| self.origin.clone());
        if let Some(file) = &file {
            if !self.allow {
                return Err(BotError::ExecNotAllowed {
                    file: file.clone(),
                    name: name.into(),
                    command: p.command.clone(),
                });
            }
        }
        let program = Program {
            bot: name.into(),
            command: p.command.clone(),
            file,
        };
        if !self.programs.contains(&program) {
            self.programs.push(program);
        }
        Ok(())
    }
}
