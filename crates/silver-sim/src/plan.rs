//! Resolution: an [`ExperimentSpec`] (what was typed) becomes a [`Plan`] (what will run):
//! bot names resolved to specs, the lineup of every table, the game configuration, and a
//! fingerprint that shards and resumed runs must share.

use crate::error::{BotError, ManifestPlanError, SpecError};
use crate::permission::ExecPolicy;
use crate::sets::{resolve_set_with_token, NamedSet};
use crate::spec::{ExperimentSpec, ModelSpec, Outputs, Seating};
use crate::sprt::{Decision, SprtRecord, SprtSpec};
use silver_bots::{BotSpec, KINDS};
use silver_rules::{Config, GameModel, Seat};
use std::path::{Path, PathBuf};

/// A resolved bot: its name as typed and its spec.
#[derive(Clone, Debug, PartialEq)]
pub struct BotEntry {
    /// Name as typed (profile name or inline spec); used in every output.
    pub name: String,
    /// The resolved spec.
    pub spec: BotSpec,
}

/// Everything a run needs, resolved and validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Run name.
    pub name: String,
    /// Players per game.
    pub players: u8,
    /// How a game ends.
    pub model: GameModel,
    /// Turn cap per round.
    pub max_turns_per_round: u16,
    /// The card set with its canonical name (written in every output) and its characters'
    /// names; the one copy of the set ([`Plan::config`] builds the engine's configuration).
    pub set: NamedSet,
    /// Distinct bots.
    pub bots: Vec<BotEntry>,
    /// Lineups: for each table, the bot (index into `bots`) of each seat before rotation.
    pub tables: Vec<Vec<usize>>,
    /// Seat rotations per deal: the lineup's period for rotated seating (the player count
    /// unless the lineup repeats, e.g. 2 for A,B,A,B and 1 for a single bot), 1 for fixed.
    pub rotations: u8,
    /// Total games.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Per-game outputs.
    pub outputs: Outputs,
    /// The sequential test of bot 0 (candidate) against bot 1 (baseline), if any.
    pub sprt: Option<SprtSpec>,
    /// Measure every game's chance luck ([`silver_rules::Luck`]) for the variance-reduced
    /// estimates.
    pub luck: bool,
}

impl Plan {
    /// The plan of a run from its manifest (bots, set, seed and the games record), checked
    /// against the manifest's fingerprint; `None` with the reason if the manifest predates the
    /// record or does not describe its run exactly. Its exec bots were read from a file:
    /// before playing its games, let [`Plan::admit`] ask the user's [`ExecPolicy`].
    pub fn from_manifest(m: &crate::Manifest) -> Result<Plan, ManifestPlanError> {
        let g = m.games.as_ref().ok_or(ManifestPlanError::NoGames)?;
        let set = m.set_definition.as_ref().ok_or(ManifestPlanError::NoSet)?;
        let set = NamedSet::from_record(set).map_err(ManifestPlanError::Set)?;
        if m.bots.len() != m.bot_specs.len() {
            return Err(ManifestPlanError::NoBotParameters);
        }
        let plan = Plan {
            name: m.name.clone(),
            players: g.players,
            model: g.model,
            max_turns_per_round: g.max_turns_per_round,
            set,
            bots: m
                .bots
                .iter()
                .zip(&m.bot_specs)
                .map(|(name, spec)| BotEntry {
                    name: name.clone(),
                    spec: spec.clone(),
                })
                .collect(),
            tables: g.tables.clone(),
            rotations: g.rotations,
            games: g.games,
            seed: m.seed.ok_or(ManifestPlanError::NoSeed)?,
            outputs: m.outputs,
            sprt: m.sprt.as_ref().map(|r| r.spec),
            luck: m.luck.is_some(),
        };
        if plan.fingerprint() != m.fingerprint {
            return Err(ManifestPlanError::Fingerprint {
                computed: plan.fingerprint(),
                recorded: m.fingerprint.clone(),
            });
        }
        // Anyone can recompute a fingerprint: the lineups must make games of these bots
        // (`slot` and `bot_at` index with them).
        let lineups_fit = (2..=silver_rules::MAX_PLAYERS).contains(&(plan.players as usize))
            && plan.rotations >= 1
            && !plan.tables.is_empty()
            && plan.tables.iter().all(|t| {
                t.len() == plan.players as usize && t.iter().all(|&b| b < plan.bots.len())
            });
        if !lineups_fit {
            return Err(ManifestPlanError::Lineups {
                players: plan.players,
                bots: plan.bots.len(),
            });
        }
        Ok(plan)
    }

    /// Asks `policy` about every bot of the plan (for a plan rebuilt from a run's manifest,
    /// a [`ExecPolicy::file`] of the manifest: its exec bots were read from it); an error for
    /// the first one refused, or whose program cannot be started (as [`resolve_bot_with`]
    /// checks it). [`Plan::from_manifest`] checks nothing of the kind itself.
    pub fn admit(&self, policy: &mut ExecPolicy) -> Result<(), BotError> {
        for b in &self.bots {
            policy.admit(&b.name, &b.spec, None)?;
            if let BotSpec::Exec(p) = &b.spec {
                check_program(&b.name, &p.command)?;
            }
        }
        Ok(())
    }
}

/// Where game `index` stands in the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSlot {
    /// Game index.
    pub index: u64,
    /// Deal number (rotations of one deal share it).
    pub deal: u64,
    /// Seat rotation.
    pub rotation: u8,
    /// Table.
    pub table: usize,
}

impl Plan {
    /// The engine's configuration of every game.
    pub fn config(&self) -> Config {
        Config {
            players: self.players,
            set: self.set.set,
            model: self.model,
            max_turns_per_round: self.max_turns_per_round,
        }
    }

    /// The state of a new SPRT run of this plan, if it has a test: comparisons of the
    /// candidate with the baseline per block, from the (one) lineup.
    pub fn sprt_record(&self) -> Option<SprtRecord> {
        let spec = self.sprt?;
        let lineup = &self.tables[0];
        let seats = |b: usize| lineup.iter().filter(|&&x| x == b).count() as u32;
        Some(SprtRecord {
            spec,
            games_per_block: self.rotations as u32,
            comparisons: self.rotations as u32 * seats(0) * seats(1),
            llr: 0.0,
            decision: Decision::Continue,
        })
    }

    /// The bots' names, in plan order.
    pub fn bot_names(&self) -> Vec<String> {
        self.bots.iter().map(|b| b.name.clone()).collect()
    }

    /// The position of game `index`.
    pub fn slot(&self, index: u64) -> GameSlot {
        let r = self.rotations as u64;
        let deal = index / r;
        GameSlot {
            index,
            deal,
            rotation: (index % r) as u8,
            table: (deal % self.tables.len() as u64) as usize,
        }
    }

    /// The bot (index into `bots`) playing `seat` in a game.
    pub fn bot_at(&self, slot: GameSlot, seat: Seat) -> usize {
        let lineup = &self.tables[slot.table];
        lineup[(seat as usize + slot.rotation as usize) % lineup.len()]
    }

    /// What the plan decides of the files a run writes beyond its outputs.
    pub(crate) fn gates(&self) -> crate::output::Gates {
        crate::output::Gates {
            sprt: self.sprt.is_some(),
            forfeit: self.forfeits(),
            luck: self.luck,
        }
    }

    /// True if a bot's failure forfeits the game rather than stopping the run.
    pub fn forfeits(&self) -> bool {
        self.bots.iter().any(|b| b.spec.forfeits())
    }

    /// Refuses a bot whose failure forfeits the game: `what` ("a balance sweep", ...) plays
    /// every game out.
    pub(crate) fn refuse_forfeits(&self, what: &'static str) -> Result<(), SpecError> {
        match self.bots.iter().find(|b| b.spec.forfeits()) {
            Some(b) => Err(SpecError::ForfeitHere {
                bot: b.name.clone(),
                what,
            }),
            None => Ok(()),
        }
    }

    /// A fingerprint of everything that determines the outputs (shards and resumed runs must
    /// match it). The set enters through the configuration (every value's ability and the
    /// token), its canonical name, and the names of custom characters.
    pub fn fingerprint(&self) -> String {
        let mut text = format!(
            "{:?}|{:?}|{:?}|{:?}|{}|{}|{}|{:?}",
            self.config(),
            self.set.name,
            self.bots,
            self.tables,
            self.rotations,
            self.games,
            self.seed,
            self.outputs
        );
        // Only sets with custom characters add to the text, so fingerprints of runs of
        // built-in sets are unchanged; so does a test.
        for (v, c) in &self.set.custom {
            text.push_str(&format!("|{v}={}", c.name));
        }
        if let Some(s) = &self.sprt {
            text.push_str(&format!("|sprt={s:?}"));
        }
        if self.luck {
            text.push_str(&format!("|luck={}", silver_rules::Luck::MODEL));
        }
        silver_stats::fnv1a_hex(&text)
    }
}

/// Resolves a bot name typed by the caller (as [`resolve_bot_with`] with
/// [`ExecPolicy::typed`] without permission: `exec:COMMAND` is allowed, a profile's program is
/// not).
pub fn resolve_bot(name: &str, bots_dir: &Path) -> Result<BotSpec, BotError> {
    resolve_bot_with(name, bots_dir, &mut ExecPolicy::typed(false)).map(|(_, spec)| spec)
}

/// Resolves a bot entry into its name in every output and its spec: a profile of `bots_dir`
/// (`greedy-mem2`, `ismcts-1k:exploration=0.5`), a built-in kind (`greedy`,
/// `ismcts:iterations=500`) or a table (`{ exec = "python3 bot.py", name = "mine" }`). A
/// profile named like a kind (`bots/greedy.toml`) is read, so the shipped `greedy.toml` and
/// `random.toml` mean what they say, but it must be of that kind: it never replaces the kind
/// with another one. An exec bot must pass `policy` (see [`ExecPolicy`]).
pub fn resolve_bot_with(
    entry: &str,
    bots_dir: &Path,
    policy: &mut ExecPolicy,
) -> Result<(String, BotSpec), BotError> {
    let entry = entry.trim();
    // A name is written on one line of every output (and errors quote it).
    if entry.contains(char::is_control) {
        return Err(BotError::ControlCharacter { name: entry.into() });
    }
    let (name, spec, profile) = if entry.starts_with('{') {
        let (name, spec) = resolve_table(entry)?;
        (name, spec, None)
    } else {
        let (spec, profile) = resolve_name(entry, bots_dir)?;
        (entry.to_string(), spec, profile)
    };
    policy.admit(&name, &spec, profile.as_deref())?;
    if let BotSpec::Exec(p) = &spec {
        check_program(&name, &p.command)?;
    }
    Ok((name, spec))
}

/// Resolves a bot name (not a table): its spec, and the profile it was read from, if any.
fn resolve_name(name: &str, bots_dir: &Path) -> Result<(BotSpec, Option<PathBuf>), BotError> {
    let (base, overrides) = name.split_once(':').unwrap_or((name, ""));
    let file = bots_dir.join(format!("{base}.toml"));
    let profile = !base.is_empty() && !base.contains(['/', '\\', '.']) && file.is_file();
    if !profile && KINDS.contains(&base) {
        let spec = BotSpec::parse_inline(name).map_err(|source| BotError::Inline {
            name: name.into(),
            source,
        })?;
        return Ok((spec, None));
    }
    if !profile {
        return Err(BotError::Unknown {
            name: base.into(),
            dir: bots_dir.to_path_buf(),
            profiles: list_profiles(bots_dir),
        });
    }
    let text = match crate::files::read_text(&file) {
        Ok(text) => text,
        Err(source) => return Err(BotError::Read { path: file, source }),
    };
    let spec = match BotSpec::from_toml_with_overrides(&text, overrides) {
        Ok(spec) => spec,
        Err(source) => return Err(BotError::Profile { path: file, source }),
    };
    // `bots/greedy.toml` of kind exec would run a program wherever `greedy` is typed.
    if KINDS.contains(&base) && spec.kind() != base {
        return Err(BotError::Shadow {
            path: file,
            name: base.into(),
            kind: spec.kind().into(),
        });
    }
    Ok((spec, Some(file)))
}

/// A bot written as a TOML table (a spec's `bots = [{ exec = "python3 my_bot.py" }]`): a
/// profile in place, with `exec = COMMAND` short for `kind = "exec"`, `command = COMMAND`,
/// and an optional `name` for the outputs. Returns the name (the given one, else
/// `exec:COMMAND` or the table's text) and the spec.
fn resolve_table(text: &str) -> Result<(String, BotSpec), BotError> {
    let inline = |source| BotError::Inline {
        name: text.into(),
        source,
    };
    let doc: toml::Table = format!("bot = {text}")
        .parse()
        .map_err(|e: toml::de::Error| inline(silver_bots::SpecError::Toml(e.message().into())))?;
    let Some(toml::Value::Table(mut table)) = doc.get("bot").cloned() else {
        return Err(inline(silver_bots::SpecError::Toml(
            "a bot table must be a table".into(),
        )));
    };
    let name = match table.remove("name") {
        None => None,
        Some(toml::Value::String(n)) if !n.trim().is_empty() => Some(n.trim().to_string()),
        Some(_) => {
            return Err(inline(silver_bots::SpecError::Toml(
                "`name` must be a non-empty string".into(),
            )))
        }
    };
    if let Some(command) = table.remove("exec") {
        if table.contains_key("command")
            || table
                .get("kind")
                .is_some_and(|k| k.as_str() != Some("exec"))
        {
            return Err(inline(silver_bots::SpecError::Toml(
                "`exec` is the command of an exec bot: give no other `kind` or `command`".into(),
            )));
        }
        table.insert("kind".into(), toml::Value::String("exec".into()));
        table.insert("command".into(), command);
    }
    let doc =
        toml::to_string(&table).map_err(|e| inline(silver_bots::SpecError::Toml(e.to_string())))?;
    let spec = BotSpec::from_toml_with_overrides(&doc, "").map_err(inline)?;
    let name = match (&spec, name) {
        (_, Some(n)) => n,
        (BotSpec::Exec(p), None) => format!("exec:{}", p.command),
        (_, None) => text.to_string(),
    };
    Ok((name, spec))
}

/// An error unless the program of an `exec` bot's command can be started: a path to an
/// executable file, or the name of one on `PATH` (as the shell looks it up), so a typo or a
/// missing permission is a one-line error naming the bot before any game starts.
fn check_program(name: &str, command: &str) -> Result<(), BotError> {
    let program = command.split_whitespace().next().unwrap_or("");
    if program.contains('/') {
        let path = Path::new(program);
        return if !path.is_file() {
            Err(BotError::NoProgram {
                name: name.into(),
                program: program.into(),
            })
        } else if !executable(path) {
            Err(BotError::NotExecutable {
                name: name.into(),
                program: program.into(),
            })
        } else {
            Ok(())
        };
    }
    let found = std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|d| {
            let p = d.join(program);
            p.is_file() && executable(&p)
        })
    });
    if found {
        Ok(())
    } else {
        Err(BotError::NoProgram {
            name: name.into(),
            program: program.into(),
        })
    }
}

/// Whether a file has an execute permission bit (any: who may run it is the system's call).
#[cfg(unix)]
fn executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o111 != 0)
}

/// Elsewhere any file may be started.
#[cfg(not(unix))]
fn executable(_: &Path) -> bool {
    true
}

/// The profile names in a directory (sorted).
pub fn list_profiles(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let p = e.path();
            (p.extension().is_some_and(|x| x == "toml"))
                .then(|| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
                .flatten()
        })
        .collect();
    v.sort();
    v
}

/// The smallest p such that rotating the lineup by p seats gives the same lineup.
fn period(lineup: &[usize]) -> usize {
    let n = lineup.len();
    (1..=n)
        .find(|&p| n.is_multiple_of(p) && (0..n).all(|s| lineup[s] == lineup[(s + p) % n]))
        .unwrap_or(n)
}

pub use crate::limits::MAX_GAMES;

/// Resolves and validates a spec whose bots the caller typed (as [`resolve_with`] with
/// [`ExecPolicy::typed`] without permission). A spec read from a file takes
/// [`ExecPolicy::file`].
pub fn resolve(spec: &ExperimentSpec, bots_dir: &Path) -> Result<Plan, SpecError> {
    resolve_with(spec, bots_dir, &mut ExecPolicy::typed(false))
}

/// Resolves and validates a spec; every exec bot must pass `policy`, which lists those it let
/// through.
pub fn resolve_with(
    spec: &ExperimentSpec,
    bots_dir: &Path,
    policy: &mut ExecPolicy,
) -> Result<Plan, SpecError> {
    if !(2..=4).contains(&spec.players) {
        return Err(SpecError::Players(spec.players));
    }
    let set = resolve_set_with_token(&spec.set, spec.token.as_deref())?;
    if spec.games == 0 {
        return Err(SpecError::NoGames);
    }
    if spec.games > MAX_GAMES {
        return Err(SpecError::TooManyGames { games: spec.games });
    }
    if spec.bots.is_empty() {
        return Err(SpecError::NoBots);
    }
    let model = match spec.model {
        ModelSpec::Rounds { rounds } => GameModel::Rounds { rounds },
        ModelSpec::Points {
            target,
            bounce,
            kamikaze,
            max_rounds,
        } => GameModel::Points {
            target,
            bounce,
            kamikaze,
            max_rounds,
        },
    };
    let config = Config {
        players: spec.players,
        set: set.set,
        model,
        max_turns_per_round: spec.max_turns_per_round,
    };
    config.validate()?;
    let mut bots: Vec<BotEntry> = Vec::new();
    let mut index_of = |entry: &str, bots: &mut Vec<BotEntry>| -> Result<usize, BotError> {
        let (name, spec) = resolve_bot_with(entry, bots_dir, policy)?;
        if let Some(i) = bots.iter().position(|b| b.name == name) {
            if bots[i].spec != spec {
                return Err(BotError::SameName { name });
            }
            return Ok(i);
        }
        bots.push(BotEntry { name, spec });
        Ok(bots.len() - 1)
    };
    let n = spec.players as usize;
    let listed: Vec<usize> = spec
        .bots
        .iter()
        .map(|b| index_of(b, &mut bots))
        .collect::<Result<_, _>>()?;
    if listed.len() > n && !matches!(spec.seating, Seating::RoundRobin | Seating::Gauntlet) {
        return Err(SpecError::TooManyBots {
            listed: listed.len(),
            seats: n,
        });
    }
    let tables: Vec<Vec<usize>> = match spec.seating {
        Seating::Rotate | Seating::Fixed => {
            vec![(0..n).map(|s| listed[s % listed.len()]).collect()]
        }
        Seating::RoundRobin => {
            if listed.len() < 2 {
                return Err(SpecError::NeedsTwoBots {
                    seating: "round-robin",
                });
            }
            let mut t = Vec::new();
            for i in 0..listed.len() {
                for j in i + 1..listed.len() {
                    t.push(
                        (0..n)
                            .map(|s| if s % 2 == 0 { listed[i] } else { listed[j] })
                            .collect(),
                    );
                }
            }
            t
        }
        Seating::Gauntlet => {
            if listed.len() < 2 {
                return Err(SpecError::NeedsTwoBots {
                    seating: "gauntlet",
                });
            }
            listed[1..]
                .iter()
                .map(|&c| (0..n).map(|s| if s == 0 { c } else { listed[0] }).collect())
                .collect()
        }
    };
    // Rotating a lineup by its period gives the same seating again, so the distinct rotations
    // are its period: 1 for a single bot, 2 for A,B,A,B, the player count otherwise.
    let rotations = match spec.seating {
        Seating::Fixed => 1,
        Seating::Rotate | Seating::RoundRobin | Seating::Gauntlet => period(&tables[0]) as u8,
    };
    let name = spec.name.clone().unwrap_or_else(|| "experiment".into());
    // The name is a directory under results/: one plain path component.
    if name.trim().is_empty()
        || name == "."
        || name == ".."
        || name.contains(['/', '\\'])
        || name.contains(char::is_control)
    {
        return Err(SpecError::BadName { name });
    }
    let sprt = match &spec.sprt {
        None => None,
        Some(text) => {
            let s: SprtSpec = text.parse().map_err(SpecError::Sprt)?;
            if spec.seating != Seating::Rotate || bots.len() < 2 {
                return Err(SpecError::SprtLineup);
            }
            if !spec.games.is_multiple_of(rotations as u64) {
                return Err(SpecError::SprtGames {
                    games: spec.games,
                    rotations,
                });
            }
            Some(s)
        }
    };
    // A variance-reduced test (`vr=on`) measures the luck it needs: it implies
    // `variance_reduction`, with the same refusals.
    let luck = spec.variance_reduction || sprt.is_some_and(|s| s.vr);
    if luck {
        if let Some(b) = bots.iter().find(|b| b.spec.sees_hidden()) {
            return Err(SpecError::LuckWithHiddenValues {
                bot: b.name.clone(),
            });
        }
        // A forfeited game has no luck to pair with its comparisons.
        if let Some(b) = bots.iter().find(|b| b.spec.forfeits()) {
            return Err(SpecError::ForfeitHere {
                bot: b.name.clone(),
                what: "variance reduction",
            });
        }
    }
    Ok(Plan {
        name,
        players: config.players,
        model: config.model,
        max_turns_per_round: config.max_turns_per_round,
        set,
        bots,
        tables,
        rotations,
        games: spec.games,
        seed: spec.seed,
        outputs: spec.outputs,
        sprt,
        luck,
    })
}
