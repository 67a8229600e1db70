//! Resolution: an [`ExperimentSpec`] (what was typed) becomes a [`Plan`] (what will run):
//! bot names resolved to specs, the lineup of every table, the game configuration, and a
//! fingerprint that shards and resumed runs must share.

use crate::error::{BotError, SetFileError, SpecError};
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
}

/// Why a run's manifest gives no plan to replay its games ([`Plan::from_manifest`]).
#[derive(Debug, thiserror::Error)]
pub enum ManifestPlanError {
    /// No games record (an older build's manifest).
    #[error("the run's manifest does not record its games (written by an older build)")]
    NoGames,
    /// No card set definition.
    #[error("the run's manifest does not record its card set")]
    NoSet,
    /// A card set definition that is not a set.
    #[error("the run's card set: {0}")]
    Set(SetFileError),
    /// Bots without their parameters.
    #[error("the run's manifest does not record its bots' parameters")]
    NoBotSpecs,
    /// No master seed.
    #[error("the run's manifest does not record its seed")]
    NoSeed,
    /// A plan whose fingerprint is not the recorded one.
    #[error("the run's manifest does not describe its games exactly (fingerprint {plan} is not the run's {recorded})")]
    Fingerprint {
        /// The plan's fingerprint.
        plan: String,
        /// The manifest's.
        recorded: String,
    },
    /// Lineups that are not games of the run's bots.
    #[error("the run's manifest records lineups that are not games of its {players} players and {bots} bots")]
    Lineups {
        /// Players per game.
        players: u8,
        /// Bots of the run.
        bots: usize,
    },
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
            return Err(ManifestPlanError::NoBotSpecs);
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
        };
        if plan.fingerprint() != m.fingerprint {
            return Err(ManifestPlanError::Fingerprint {
                plan: plan.fingerprint(),
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
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{h:016x}")
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
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(players: u8, bots: &[&str], seating: Seating) -> ExperimentSpec {
        ExperimentSpec {
            name: Some("t".into()),
            players,
            bots: bots.iter().map(|s| s.to_string()).collect(),
            seating,
            set: "amulet".into(),
            token: None,
            model: ModelSpec::default(),
            games: 100,
            seed: 1,
            max_turns_per_round: 400,
            outputs: Outputs::default(),
            balance: None,
            sprt: None,
        }
    }

    fn dir() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots"))
    }

    /// A run's manifest holds enough to rebuild its plan exactly (`silver view DIR`), for
    /// every seating, a points game, a custom set and an SPRT run.
    #[test]
    fn plans_come_back_from_their_manifests() {
        let texts = [
            "players = 3\ngames = 30\nseed = 4\nbots = [\"greedy\", \"random\"]\n",
            "players = 2\ngames = 12\nseating = \"round-robin\"\nbots = [\"greedy\", \"random\", \"ismcts:iterations=20\"]\n[model]\nkind = \"points\"\n",
            "players = 4\ngames = 8\nseating = \"fixed\"\nset = \"bullet\"\nbots = [{ kind = \"greedy\", name = \"g\" }]\n",
            "players = 2\ngames = 100\nbots = [\"greedy\", \"random\"]\nsprt = \"elo0=0,elo1=50\"\n",
        ];
        for text in texts {
            let spec = ExperimentSpec::from_toml(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            let plan = resolve(&spec, dir()).unwrap();
            let blocks = crate::blocks::Blocks::new(&plan, 0, plan.games);
            let m = crate::manifest::Manifest::new(&plan, None, &blocks);
            let json = serde_json::to_string(&m).unwrap();
            let back: crate::Manifest = serde_json::from_str(&json).unwrap();
            assert_eq!(
                Plan::from_manifest(&back).ok().as_ref(),
                Some(&plan),
                "{text}"
            );
        }
        let plan = resolve(&ExperimentSpec::from_toml(texts[0]).unwrap(), dir()).unwrap();
        let blocks = crate::blocks::Blocks::new(&plan, 0, plan.games);
        let mut m = crate::manifest::Manifest::new(&plan, None, &blocks);
        m.games.as_mut().unwrap().rotations = 1;
        let e = Plan::from_manifest(&m).unwrap_err();
        assert!(e.to_string().contains("fingerprint"), "{e}");
        m.games = None;
        let e = Plan::from_manifest(&m).unwrap_err();
        assert!(e.to_string().contains("older build"), "{e}");
    }

    /// A spec's `bots` may hold tables: profiles in place, `exec = …` for programs.
    #[test]
    fn bot_tables_in_a_spec_are_profiles_in_place() {
        let text = r#"
            players = 3
            games = 6
            bots = [{ exec = "python3 bots/examples/random_bot.py", timeout_seconds = 5 },
                    { kind = "ismcts", iterations = 30, name = "ismcts-30" }, "greedy"]
        "#;
        let plan = resolve(&ExperimentSpec::from_toml(text).unwrap(), dir()).unwrap();
        let names: Vec<&str> = plan.bots.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "exec:python3 bots/examples/random_bot.py",
                "ismcts-30",
                "greedy"
            ]
        );
        match &plan.bots[0].spec {
            BotSpec::Exec(p) => assert_eq!(p.timeout_seconds, 5.0),
            other => panic!("{other:?}"),
        }
        match &plan.bots[1].spec {
            BotSpec::Ismcts(p) => assert_eq!(p.iterations, 30),
            other => panic!("{other:?}"),
        }
        let error = |bots: &str| {
            let text = format!("players = 2\ngames = 2\nbots = {bots}\n");
            match ExperimentSpec::from_toml(&text) {
                Err(e) => crate::error::message(&e),
                Ok(spec) => crate::error::message(&resolve(&spec, dir()).unwrap_err()),
            }
        };
        let e = error("[3, \"greedy\"]");
        assert!(e.contains("neither a name"), "{e}");
        let e = error("[{ exec = \"no-such-program-x\" }]");
        assert!(e.contains("no program `no-such-program-x`"), "{e}");
        let e = error("[{ kind = \"greedy\", name = \"a\" }, { kind = \"random\", name = \"a\" }]");
        assert!(e.contains("two different bots are named `a`"), "{e}");
        let e = error("[{ kind = \"greedy\", flavour = 1 }]");
        assert!(e.contains("flavour"), "{e}");
        let e = error("[{ exec = \"python3 x.py\", kind = \"greedy\" }]");
        assert!(e.contains("no other `kind`"), "{e}");
        assert!(!e.contains('\n'), "{e}");
    }

    #[test]
    fn rotations_are_the_lineup_period() {
        let p = resolve(&spec(4, &["greedy"], Seating::Rotate), dir()).unwrap();
        assert_eq!((p.rotations, p.tables.clone()), (1, vec![vec![0, 0, 0, 0]]));
        let p = resolve(&spec(4, &["greedy", "random"], Seating::Rotate), dir()).unwrap();
        assert_eq!((p.rotations, p.tables.clone()), (2, vec![vec![0, 1, 0, 1]]));
        let p = resolve(&spec(3, &["greedy", "random"], Seating::Rotate), dir()).unwrap();
        assert_eq!((p.rotations, p.tables.clone()), (3, vec![vec![0, 1, 0]]));
        let p = resolve(&spec(4, &["greedy", "random"], Seating::Fixed), dir()).unwrap();
        assert_eq!(p.rotations, 1);
    }

    #[test]
    fn seats_rotate_over_the_same_deal() {
        let p = resolve(&spec(2, &["greedy", "random"], Seating::Rotate), dir()).unwrap();
        let (a, b) = (p.slot(6), p.slot(7));
        assert_eq!((a.deal, b.deal), (3, 3));
        assert_eq!((p.bot_at(a, 0), p.bot_at(a, 1)), (0, 1));
        assert_eq!((p.bot_at(b, 0), p.bot_at(b, 1)), (1, 0));
    }

    #[test]
    fn gauntlet_seats_each_candidate_once_among_the_baseline() {
        let p = resolve(
            &spec(4, &["greedy", "random", "greedy-mem2"], Seating::Gauntlet),
            dir(),
        )
        .unwrap();
        assert_eq!(p.tables, vec![vec![1, 0, 0, 0], vec![2, 0, 0, 0]]);
        assert_eq!(p.rotations, 4);
        // Deal 0 is table 0, rotated through the four seats; deal 1 is table 1.
        let seats_of = |g: u64, b: usize| {
            (0..4)
                .filter(|&s| p.bot_at(p.slot(g), s) == b)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            (0..4).map(|g| seats_of(g, 1)).collect::<Vec<_>>(),
            [[0], [3], [2], [1]]
        );
        assert_eq!(seats_of(4, 2), [0]);
        let e = resolve(&spec(2, &["greedy"], Seating::Gauntlet), dir()).unwrap_err();
        assert_eq!(e.to_string(), "gauntlet seating needs at least 2 bots");
    }

    #[test]
    fn round_robin_pairs_every_two_bots() {
        let p = resolve(
            &spec(2, &["random", "greedy", "greedy-mem2"], Seating::RoundRobin),
            dir(),
        )
        .unwrap();
        assert_eq!(p.tables, vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(p.slot(0).table, 0);
        assert_eq!(p.slot(2).table, 1);
        assert_eq!(p.slot(4).table, 2);
    }

    #[test]
    fn resolution_errors_are_clear() {
        let e = crate::error::message(
            &resolve(&spec(5, &["greedy"], Seating::Rotate), dir()).unwrap_err(),
        );
        assert!(e.contains("2, 3 or 4 players"), "{e}");
        let e = crate::error::message(
            &resolve(&spec(2, &["gredy"], Seating::Rotate), dir()).unwrap_err(),
        );
        assert!(
            e.contains("unknown bot `gredy`") && e.contains("greedy-mem2"),
            "{e}"
        );
        let e = crate::error::message(
            &resolve(&spec(2, &["a", "b", "c"], Seating::Rotate), dir()).unwrap_err(),
        );
        assert!(
            e.contains("unknown bot") || e.contains("3 bots listed"),
            "{e}"
        );
        let e = crate::error::message(
            &resolve(
                &spec(2, &["greedy", "random", "greedy-mem2"], Seating::Rotate),
                dir(),
            )
            .unwrap_err(),
        );
        assert!(e.contains("3 bots listed for 2 seats"), "{e}");
        let mut s = spec(2, &["greedy"], Seating::Rotate);
        s.set = "bulet".into();
        let e = crate::error::message(&resolve(&s, dir()).unwrap_err());
        assert!(
            e.contains("unknown card set `bulet`") && e.contains("presets"),
            "{e}"
        );
        s.set = "bullet".into();
        s.token = Some("gold".into());
        let e = crate::error::message(&resolve(&s, dir()).unwrap_err());
        assert!(e.contains("valid tokens"), "{e}");
    }

    #[test]
    fn a_profile_named_like_a_kind_is_read() {
        let d = std::env::temp_dir().join(format!("silver-plan-kind-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(
            d.join("greedy.toml"),
            "kind = \"greedy\"\ncensus_threshold = 9.0\n",
        )
        .unwrap();
        let got = resolve_bot("greedy:take_gain=2", &d);
        std::fs::write(
            d.join("greedy.toml"),
            "kind = \"greedy\"\ncensus_treshold = 9.0\n",
        )
        .unwrap();
        let broken = resolve_bot("greedy", &d);
        let _ = std::fs::remove_dir_all(&d);
        match got.unwrap() {
            BotSpec::Greedy(g) => assert_eq!((g.census_threshold, g.take_gain), (9.0, 2.0)),
            other => panic!("{other:?}"),
        }
        let e = crate::error::message(&broken.unwrap_err());
        assert!(
            e.contains("greedy.toml") && e.contains("census_treshold"),
            "{e}"
        );
        // Without such a profile, the kind's defaults.
        let empty = std::env::temp_dir().join("silver-plan-no-profiles-here");
        assert_eq!(
            resolve_bot("greedy", &empty).unwrap(),
            BotSpec::parse_inline("greedy").unwrap()
        );
    }

    /// A spec read from a file starts no program without permission, whether its command is
    /// inline or hidden behind a table's name; with permission, resolution lists it with its
    /// file.
    #[test]
    fn programs_in_a_spec_file_need_permission() {
        let file = Path::new("shared.toml");
        for (bots, name) in [
            (
                r#"["exec:sh -c 'touch pwned'", "greedy"]"#,
                "exec:sh -c 'touch pwned'",
            ),
            (
                r#"[{ exec = "sh -c 'touch pwned'", name = "greedy-v2" }, "greedy"]"#,
                "greedy-v2",
            ),
        ] {
            let spec =
                ExperimentSpec::from_toml(&format!("players = 2\ngames = 2\nbots = {bots}\n"))
                    .unwrap();
            let e = crate::error::message(
                &resolve_with(&spec, dir(), &mut ExecPolicy::file(file, false)).unwrap_err(),
            );
            assert!(
                e.contains("shared.toml")
                    && e.contains(&format!("`{name}`"))
                    && e.contains("sh -c 'touch pwned'")
                    && e.contains("--allow-exec"),
                "{e}"
            );
            let mut allowed = ExecPolicy::file(file, true);
            let plan = resolve_with(&spec, dir(), &mut allowed).unwrap();
            assert_eq!(plan.bots[0].name, name);
            let notices: Vec<String> = allowed.from_files().map(|p| p.notice()).collect();
            assert_eq!(
                notices,
                [format!(
                    "starting program for bot {name} (from shared.toml): sh -c 'touch pwned'"
                )]
            );
            // The same entries typed by the caller are the caller's own.
            resolve(&spec, dir()).unwrap();
        }
    }

    /// A profile named like a built-in kind is of that kind: `bots/greedy.toml` of kind exec
    /// would run a program wherever `greedy` is typed.
    #[test]
    fn a_profile_never_replaces_a_kind_with_another() {
        let d = std::env::temp_dir().join(format!("silver-plan-shadow-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(
            d.join("greedy.toml"),
            "kind = \"exec\"\ncommand = \"sh -c 'touch pwned'\"\n",
        )
        .unwrap();
        std::fs::write(d.join("random.toml"), "kind = \"greedy\"\n").unwrap();
        std::fs::write(
            d.join("mine.toml"),
            "kind = \"exec\"\ncommand = \"sh -c 'touch pwned'\"\n",
        )
        .unwrap();
        let greedy = resolve_bot_with("greedy", &d, &mut ExecPolicy::typed(true));
        let random = resolve_bot("random", &d);
        let mine = resolve_bot("mine", &d);
        let mine_allowed = resolve_bot_with("mine", &d, &mut ExecPolicy::typed(true));
        let _ = std::fs::remove_dir_all(&d);
        let e = crate::error::message(&greedy.unwrap_err());
        assert!(
            e.contains("greedy.toml") && e.contains("must be of kind `greedy`, not `exec`"),
            "{e}"
        );
        let e = crate::error::message(&random.unwrap_err());
        assert!(
            e.contains("random.toml") && e.contains("not `greedy`"),
            "{e}"
        );
        // Another profile may be a program, with permission: it is read from a file.
        let e = crate::error::message(&mine.unwrap_err());
        assert!(e.contains("mine.toml") && e.contains("--allow-exec"), "{e}");
        assert!(matches!(mine_allowed.unwrap().1, BotSpec::Exec(_)));
    }

    /// A newline in a bot's name made a run unverifiable and unmergeable; in a value it hid
    /// the rest of the line. Names and values are refused with a control character.
    #[test]
    fn control_characters_are_refused_in_names_and_values() {
        let error = |text: &str| match ExperimentSpec::from_toml(text) {
            Err(e) => crate::error::message(&e),
            Ok(spec) => crate::error::message(&resolve(&spec, dir()).unwrap_err()),
        };
        for text in [
            "players = 2\ngames = 2\nbots = [{ kind = \"greedy\", name = \"a\\nb\" }]\n",
            "players = 2\ngames = 2\nbots = [{ kind = \"greedy\", name = \"a\\tb\" }]\n",
            "players = 2\ngames = 2\nbots = [\"greedy:take_gain=1\\ncensus_threshold=9\"]\n",
            "players = 2\ngames = 2\nbots = [\"exec:python3 x.py\\nid\"]\n",
            "players = 2\ngames = 2\nbots = [{ exec = \"python3 x.py\\nid\", name = \"p\" }]\n",
            "name = \"run\\nx\"\nplayers = 2\ngames = 2\nbots = [\"greedy\"]\n",
        ] {
            let e = error(text);
            assert!(
                e.contains("control characters") && !e.contains('\n'),
                "{text}: {e}"
            );
        }
    }

    #[test]
    fn profile_overrides_apply() {
        let p = resolve(
            &spec(2, &["ismcts-1k:iterations=7", "greedy"], Seating::Rotate),
            dir(),
        )
        .unwrap();
        match &p.bots[0].spec {
            BotSpec::Ismcts(i) => assert_eq!(i.iterations, 7),
            other => panic!("{other:?}"),
        }
        assert_eq!(p.bots[0].name, "ismcts-1k:iterations=7");
    }

    #[test]
    fn every_shipped_profile_loads() {
        // greedy.toml and random.toml are read, and are exactly their kinds' defaults.
        assert_eq!(
            resolve_bot("greedy", dir()).unwrap(),
            BotSpec::parse_inline("greedy").unwrap()
        );
        assert_eq!(
            resolve_bot("random", dir()).unwrap(),
            BotSpec::parse_inline("random").unwrap()
        );
        // ismcts-1k is exactly the kind's defaults; ismcts-classic the former default search.
        match resolve_bot("ismcts-1k", dir()).unwrap() {
            BotSpec::Ismcts(p) => assert_eq!(p, silver_bots::IsmctsParams::default()),
            other => panic!("{other:?}"),
        }
        match resolve_bot("ismcts-classic", dir()).unwrap() {
            BotSpec::Ismcts(p) => {
                assert_eq!(p.tree, silver_bots::TreeScope::Round);
                assert_eq!(p.prior, silver_bots::PriorKind::None);
                assert_eq!(
                    (p.shortcuts, p.rollout_laps, p.rollout_turns),
                    (false, 0, 0)
                );
            }
            other => panic!("{other:?}"),
        }
        let names = list_profiles(dir());
        assert_eq!(
            names,
            [
                "greedy",
                "greedy-mem2",
                "ismcts-10k",
                "ismcts-1k",
                "ismcts-classic",
                "random"
            ]
        );
        for n in names {
            resolve_bot(&n, dir()).unwrap_or_else(|e| panic!("{n}: {e}"));
        }
    }

    #[test]
    fn every_shipped_experiment_resolves() {
        let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../experiments"));
        let mut n = 0;
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "toml") {
                let spec = ExperimentSpec::from_file(&p).unwrap_or_else(|e| panic!("{e}"));
                resolve(
                    &spec,
                    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots")),
                )
                .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                n += 1;
            }
        }
        assert_eq!(n, 6);
    }
}

#[cfg(test)]
mod set_tests {
    use super::*;

    fn spec(set: &str, token: Option<&str>) -> ExperimentSpec {
        ExperimentSpec {
            name: Some("t".into()),
            players: 2,
            bots: vec!["random".into()],
            seating: Seating::Rotate,
            set: set.into(),
            token: token.map(Into::into),
            model: ModelSpec::default(),
            games: 10,
            seed: 1,
            max_turns_per_round: 400,
            outputs: Outputs::default(),
            balance: None,
            sprt: None,
        }
    }

    fn dir() -> &'static Path {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../bots"))
    }

    #[test]
    fn the_set_is_resolved_and_fingerprinted() {
        let a = resolve(&spec("amulet", None), dir()).unwrap();
        let b = resolve(&spec("bullet", None), dir()).unwrap();
        let bt = resolve(&spec("bullet", Some("amulet")), dir()).unwrap();
        assert_eq!(b.set.name, "bullet");
        assert_eq!(b.set.set, silver_rules::CardSet::bullet());
        assert_eq!(bt.set.name, "bullet/token=amulet");
        let prints = [a.fingerprint(), b.fingerprint(), bt.fingerprint()];
        assert!(prints[0] != prints[1] && prints[1] != prints[2] && prints[0] != prints[2]);
    }

    #[test]
    fn custom_names_change_the_fingerprint() {
        let dir_sets =
            std::env::temp_dir().join(format!("silver-plan-sets-{}", std::process::id()));
        std::fs::create_dir_all(&dir_sets).unwrap();
        let write = |name: &str, who: &str| {
            let p = dir_sets.join(name);
            std::fs::write(
                &p,
                format!("base = \"amulet\"\n[values]\n8 = {{ name = \"{who}\", kind = \"look-opponent\", count = 2 }}\n"),
            )
            .unwrap();
            p.to_string_lossy().into_owned()
        };
        let (x, y) = (write("x.toml", "Scout"), write("y.toml", "Spy"));
        let px = resolve(&spec(&x, None), dir()).unwrap();
        let py = resolve(&spec(&y, None), dir()).unwrap();
        let _ = std::fs::remove_dir_all(&dir_sets);
        assert_eq!(px.set.name, py.set.name);
        assert_ne!(px.fingerprint(), py.fingerprint());
    }

    #[test]
    fn spec_files_take_set_files_relative_to_themselves() {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        let d = std::env::temp_dir().join(format!("silver-plan-rel-{}", std::process::id()));
        std::fs::create_dir_all(d.join("sets")).unwrap();
        std::fs::copy(
            root.join("experiments/sets/custom-scout.toml"),
            d.join("sets/scout.toml"),
        )
        .unwrap();
        let exp = d.join("e.toml");
        std::fs::write(
            &exp,
            "players = 2\nbots = [\"random\"]\ngames = 2\nset = \"sets/scout.toml\"\n",
        )
        .unwrap();
        let s = ExperimentSpec::from_file(&exp).unwrap();
        let p = resolve(&s, dir());
        let _ = std::fs::remove_dir_all(&d);
        let p = p.unwrap();
        assert_eq!(p.set.labels[8], "Scout");
        assert_eq!(p.name, "e");
    }
}
