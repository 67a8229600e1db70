//! A run's record of itself (`manifest.json`): the plan's fingerprint, the shard, the blocks
//! done, the byte length of every per-game file after them, and the statistics so far. It is
//! written atomically at every checkpoint of a run (`crate::run`), after the files are synced,
//! so it always vouches for a prefix of the files, and `--resume`, `merge` and `report` need
//! nothing else.

use crate::error::RunError;
use crate::output::{write_atomic, OutputFile};
use crate::plan::Plan;
use crate::sets::{NamedSet, SetRecord};
use crate::spec::Outputs;
use crate::sprt::SprtRecord;
use crate::stats::Stats;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The manifest format version this build writes. Version 2: every per-game CSV starts with the
/// `set` column and the manifest holds the set's definition. Version 3: the statistics hold the
/// head-to-head sums over blocks (`pairs`). Version 4: the manifest carries its own checksum
/// (`checksum`, see [`seal`]), and a balance sweep's set records its `game-metrics.csv`.
/// Version 5: ratings are measured from the mean of the rated bots and a complete run holds
/// `ratings-pairs.csv`. A run of another version cannot be resumed, merged or verified (its
/// files or statistics differ, and nothing vouches for an older manifest's statistics);
/// `report` reads versions 2 to 4.
pub const MANIFEST_VERSION: u32 = 5;

/// The key of a sealed JSON document's checksum.
const CHECKSUM_KEY: &str = "checksum";

/// The checksum of a JSON document's canonical form (compact, as serde_json writes the parsed
/// value), `checksum` key excluded: `crc32:` and eight hex digits.
fn checksum_of(value: &serde_json::Value) -> String {
    let bytes = serde_json::to_vec(value).expect("a JSON value encodes");
    format!("crc32:{:08x}", crc32fast::hash(&bytes))
}

/// The bytes of `value` as a sealed JSON document: pretty-printed, with a `checksum` over the
/// rest, so that an edited or damaged number is refused when the document is read back
/// ([`unseal`]). The checksum catches edits and damage, not a forger who recomputes it.
pub fn seal<T: Serialize>(value: &T, path: &Path) -> Result<Vec<u8>, RunError> {
    let encode = |source| RunError::Encode {
        path: path.to_path_buf(),
        source,
    };
    let mut v = serde_json::to_value(value).map_err(encode)?;
    let serde_json::Value::Object(map) = &mut v else {
        unreachable!("a sealed document is a JSON object")
    };
    map.remove(CHECKSUM_KEY);
    let sum = checksum_of(&v);
    if let serde_json::Value::Object(map) = &mut v {
        map.insert(CHECKSUM_KEY.into(), sum.into());
    }
    serde_json::to_vec_pretty(&v).map_err(encode)
}

/// Whether a sealed document's checksum is there and matches (`None`), or what is wrong.
/// `required`: a document without a checksum is refused (this build's versions).
fn unseal_problem(v: &mut serde_json::Value, required: bool) -> Option<&'static str> {
    let serde_json::Value::Object(map) = v else {
        return None;
    };
    let found = match map.remove(CHECKSUM_KEY) {
        None if required => return Some("it has no checksum"),
        None => return None,
        Some(serde_json::Value::String(s)) => s,
        Some(_) => return Some("its checksum is not a checksum"),
    };
    (checksum_of(v) != found).then_some("it does not match its checksum")
}

/// Parses a sealed JSON document (see [`seal`]): its checksum must match its content when
/// `required(&value)` says the document's version has one.
pub fn unseal<T: serde::de::DeserializeOwned>(
    text: &str,
    path: &Path,
    required: impl Fn(&serde_json::Value) -> bool,
) -> Result<Result<T, serde_json::Error>, RunError> {
    let mut v: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return Ok(Err(e)),
    };
    let need = required(&v);
    if let Some(problem) = unseal_problem(&mut v, need) {
        return Err(RunError::Edited {
            path: path.to_path_buf(),
            problem,
        });
    }
    Ok(serde_json::from_value(v))
}

/// Whether a manifest of this JSON needs a checksum: version 4 on (and anything that is not
/// an older version).
fn manifest_sealed(v: &serde_json::Value) -> bool {
    v.get("version")
        .and_then(|x| x.as_u64())
        .is_none_or(|x| x >= 4)
}

/// A shard: part `index` (0-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// 0-based index.
    pub index: u32,
    /// Number of shards.
    pub count: u32,
}

/// A `--shard` argument that is not `K/N` with `1 <= K <= N`, or an `auto` the environment
/// cannot complete.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--shard {text}: {problem}")]
pub struct ShardError {
    /// What was typed.
    pub text: String,
    /// What is wrong with it.
    pub problem: String,
}

impl std::str::FromStr for Shard {
    type Err = ShardError;

    /// Parses `K/N` (1-based K, as typed on the command line).
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let err = |problem: &str| ShardError {
            text: s.to_string(),
            problem: problem.to_string(),
        };
        let (k, n) = s.split_once('/').ok_or(err("expected K/N, e.g. 2/3"))?;
        let k: u32 = k.trim().parse().map_err(|_| err("K is not a number"))?;
        let n: u32 = n.trim().parse().map_err(|_| err("N is not a number"))?;
        if n == 0 || k == 0 || k > n {
            return Err(err("need 1 <= K <= N"));
        }
        Ok(Shard {
            index: k - 1,
            count: n,
        })
    }
}

impl Shard {
    /// Parses a `--shard` argument: `K/N` (1-based K), or `auto` / `auto/N`, which takes the
    /// index (and, from Slurm, the count) from a job array's environment, read through `env`:
    ///
    /// * Slurm: `SLURM_ARRAY_TASK_ID`, less `SLURM_ARRAY_TASK_MIN` (default 0), of
    ///   `SLURM_ARRAY_TASK_COUNT` tasks (or `SLURM_ARRAY_TASK_MAX − MIN + 1`); an array whose
    ///   ids are not consecutive (a `SLURM_ARRAY_TASK_STEP` other than 1, or a count other
    ///   than `MAX − MIN + 1`: `--array=1-7:2`, `--array=1,3,5`) is refused;
    /// * Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX` (0-based), count from `auto/N`;
    /// * AWS Batch array jobs: `AWS_BATCH_JOB_ARRAY_INDEX` (0-based), count from `auto/N`;
    /// * GNU parallel: `PARALLEL_SEQ` (1-based job number), count from `auto/N`.
    ///
    /// A count given as `auto/N` must agree with Slurm's. The first of these variables that is
    /// set is used.
    pub fn parse_with_env(
        text: &str,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Shard, ShardError> {
        let t = text.trim();
        let Some(rest) = t.strip_prefix("auto") else {
            return t.parse();
        };
        let err = |problem: String| ShardError {
            text: text.to_string(),
            problem,
        };
        let given: Option<u32> = match rest.strip_prefix('/') {
            None if rest.is_empty() => None,
            None => return Err(err("expected auto or auto/N".into())),
            Some(n) => Some(
                n.trim()
                    .parse()
                    .ok()
                    .filter(|&n: &u32| n > 0)
                    .ok_or_else(|| err("N is not a positive number".into()))?,
            ),
        };
        let num = |name: &str| -> Result<Option<u64>, ShardError> {
            match env(name) {
                None => Ok(None),
                Some(v) => v
                    .trim()
                    .parse()
                    .map(Some)
                    .map_err(|_| err(format!("{name}={v} is not a number"))),
            }
        };
        let (index, count, source): (u64, Option<u64>, &str) = if let Some(id) =
            num("SLURM_ARRAY_TASK_ID")?
        {
            let min = num("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
            let (given_count, max) = (num("SLURM_ARRAY_TASK_COUNT")?, num("SLURM_ARRAY_TASK_MAX")?);
            // A stepped or listed array (--array=1-7:2, --array=1,3,5) has gaps between
            // its ids: no id maps to a shard index, so every task refuses rather than some
            // playing the wrong shard.
            let step = num("SLURM_ARRAY_TASK_STEP")?.unwrap_or(1);
            let gaps = match (given_count, max) {
                (Some(c), Some(max)) => max < min || c != max - min + 1,
                _ => false,
            };
            if step != 1 || gaps {
                return Err(err(format!(
                    "the Slurm job array is not a range of consecutive ids \
                         (SLURM_ARRAY_TASK_MIN={min}, SLURM_ARRAY_TASK_MAX={}, \
                         SLURM_ARRAY_TASK_STEP={step}): submit it as --array=1-N, or give \
                         --shard K/N",
                    max.map_or("unset".to_string(), |m| m.to_string())
                )));
            }
            let count = match (given_count, max) {
                (Some(c), _) => Some(c),
                (None, Some(max)) if max >= min => Some(max - min + 1),
                _ => None,
            };
            if id < min {
                return Err(err(format!(
                    "SLURM_ARRAY_TASK_ID={id} is below SLURM_ARRAY_TASK_MIN={min}"
                )));
            }
            (id - min, count, "SLURM_ARRAY_TASK_ID")
        } else if let Some(i) = num("JOB_COMPLETION_INDEX")? {
            (i, None, "JOB_COMPLETION_INDEX")
        } else if let Some(i) = num("AWS_BATCH_JOB_ARRAY_INDEX")? {
            (i, None, "AWS_BATCH_JOB_ARRAY_INDEX")
        } else if let Some(seq) = num("PARALLEL_SEQ")? {
            if seq == 0 {
                return Err(err(
                    "PARALLEL_SEQ=0: GNU parallel numbers jobs from 1".into()
                ));
            }
            (seq - 1, None, "PARALLEL_SEQ")
        } else {
            return Err(err(
                "no job-array index in the environment (SLURM_ARRAY_TASK_ID, \
                     JOB_COMPLETION_INDEX, AWS_BATCH_JOB_ARRAY_INDEX or PARALLEL_SEQ)"
                    .into(),
            ));
        };
        let count = match (count, given) {
            (Some(c), Some(g)) if c != g as u64 => {
                return Err(err(format!(
                    "the job array has {c} tasks but auto/{g} says {g}"
                )))
            }
            (Some(c), _) => c,
            (None, Some(g)) => g as u64,
            (None, None) => {
                return Err(err(format!(
                    "{source} gives the index but not the number of shards: use --shard auto/N"
                )))
            }
        };
        if count == 0 || count > u32::MAX as u64 || index >= count {
            return Err(err(format!(
                "{source} gives index {index} (0-based), outside {count} shards"
            )));
        }
        Ok(Shard {
            index: index as u32,
            count: count as u32,
        })
    }
}

/// The on-disk record of a run's progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// Format version.
    pub version: u32,
    /// Run name.
    pub name: String,
    /// Plan fingerprint.
    pub fingerprint: String,
    /// The shard, if any.
    pub shard: Option<Shard>,
    /// First game of this run.
    pub first_game: u64,
    /// One past the last game of this run.
    pub end_game: u64,
    /// Games per block (of deals times rotations).
    pub block_games: u64,
    /// Blocks completed.
    pub blocks_done: u64,
    /// Blocks in this run.
    pub blocks_total: u64,
    /// Each per-game file's name, byte length after the completed blocks, and the CRC-32 of
    /// those bytes (0 in manifests of version 2, which recorded no checksums).
    #[serde(deserialize_with = "files_any_version")]
    pub files: Vec<(String, u64, u32)>,
    /// Statistics of the completed blocks.
    pub stats: Stats,
    /// Bot names, in plan order.
    pub bots: Vec<String>,
    /// Canonical card-set name.
    pub set: String,
    /// The set's full definition (custom characters included), to rebuild it for `merge`
    /// and `report`. Absent in manifests of older runs (then `set` is parsed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_definition: Option<SetRecord>,
    /// Which per-game files the run writes.
    pub outputs: Outputs,
    /// True once every block is done (or an SPRT stopped) and the summary is written.
    pub complete: bool,
    /// An SPRT run's test and its state after the completed blocks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<SprtRecord>,
    /// The chance-luck model of a run that measures luck ([`silver_rules::Luck::MODEL`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<String>,
    /// The master seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The command line that started the run (for reports; a merged run keeps its first
    /// shard's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// Every bot's resolved parameters, in plan order (for reports).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bot_specs: Vec<silver_bots::BotSpec>,
    /// The speed of the invocation that finished the run (for reports; the only field that
    /// differs between two runs of the same plan).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<Speed>,
    /// A balance sweep's set: its `game-metrics.csv`'s length and CRC-32 (the per-game counts
    /// behind `balance.csv`'s intervals).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metrics: Option<(u64, u32)>,
    /// How the run's games are set up, so any game can be played again from the run's
    /// directory alone (`silver view DIR --game N`; [`crate::Plan::from_manifest`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<GamesRecord>,
}

/// The part of a plan that, with the manifest's bots, set and seed, makes its games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GamesRecord {
    /// Players per game.
    pub players: u8,
    /// How a game ends.
    pub model: silver_rules::GameModel,
    /// Turn cap per round.
    pub max_turns_per_round: u16,
    /// The lineups (bot indices per seat, before rotation).
    pub tables: Vec<Vec<usize>>,
    /// Seat rotations per deal.
    pub rotations: u8,
    /// Games in the plan.
    pub games: u64,
}

/// How fast an invocation played.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Speed {
    /// Games it played (a resumed run's earlier games not counted).
    pub games: u64,
    /// Its wall time in seconds.
    pub seconds: f64,
    /// Worker threads.
    pub threads: usize,
}

impl Manifest {
    /// What the run's plan decided of the files it writes beyond its outputs.
    pub(crate) fn gates(&self) -> crate::output::Gates {
        crate::output::Gates {
            sprt: self.sprt.is_some(),
            forfeit: self.bot_specs.iter().any(silver_bots::BotSpec::forfeits),
            luck: self.luck.is_some(),
        }
    }

    /// The manifest of a new run of `plan` (games `first..end`, in blocks of `block_games`),
    /// with nothing done yet.
    pub fn new(plan: &Plan, shard: Option<Shard>, blocks: &crate::blocks::Blocks) -> Manifest {
        Manifest {
            version: MANIFEST_VERSION,
            name: plan.name.clone(),
            fingerprint: plan.fingerprint(),
            shard,
            first_game: blocks.first,
            end_game: blocks.end,
            block_games: blocks.size,
            blocks_done: 0,
            blocks_total: blocks.count,
            files: Vec::new(),
            stats: Stats::new(plan.bots.len(), plan.players as usize),
            bots: plan.bot_names(),
            set: plan.set.name.clone(),
            set_definition: Some(plan.set.record()),
            outputs: plan.outputs,
            complete: false,
            sprt: plan.sprt_record(),
            luck: plan.luck.then(|| silver_rules::Luck::MODEL.to_string()),
            seed: Some(plan.seed),
            command: None,
            bot_specs: plan.bots.iter().map(|b| b.spec.clone()).collect(),
            speed: None,
            metrics: None,
            games: Some(GamesRecord {
                players: plan.players,
                model: plan.model,
                max_turns_per_round: plan.max_turns_per_round,
                tables: plan.tables.clone(),
                rotations: plan.rotations,
                games: plan.games,
            }),
        }
    }

    /// An error unless this build can continue or merge the run (same manifest version).
    pub(crate) fn check_version(&self, dir: &Path) -> Result<(), RunError> {
        if self.version == MANIFEST_VERSION {
            return Ok(());
        }
        Err(RunError::Version {
            dir: dir.to_path_buf(),
            found: self.version,
            expected: MANIFEST_VERSION,
        })
    }

    /// Writes the manifest into `dir`, atomically, sealed with its checksum.
    pub(crate) fn save(&self, dir: &Path) -> Result<(), RunError> {
        let path = dir.join(OutputFile::Manifest.name());
        write_atomic(&path, &seal(self, &path)?)
    }

    /// The card set of the run, rebuilt from the manifest.
    pub fn card_set(&self) -> Result<NamedSet, RunError> {
        let set = match &self.set_definition {
            Some(r) => NamedSet::from_record(r),
            None => NamedSet::parse(&self.set),
        }
        .map_err(|source| RunError::ManifestSet { source })?;
        if set.name != self.set {
            return Err(RunError::SetMismatch {
                name: self.set.clone(),
                definition: set.name,
            });
        }
        Ok(set)
    }
}

/// Reads `files` as this version writes it, or as version 2 did (name and length only), so
/// `report` still reads older runs (which cannot be resumed or merged).
fn files_any_version<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<(String, u64, u32)>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Record {
        Now(String, u64, u32),
        Before(String, u64),
    }
    let v: Vec<Record> = Vec::deserialize(d)?;
    Ok(v.into_iter()
        .map(|r| match r {
            Record::Now(n, l, c) => (n, l, c),
            Record::Before(n, l) => (n, l, 0),
        })
        .collect())
}

/// Reads a run's manifest from its directory. A manifest of version 4 on must match its
/// checksum (an edited or damaged one is refused); older ones have none, and only `report`
/// reads them (`--resume`, `merge` and `verify` refuse them).
pub fn read_manifest(dir: &Path) -> Result<Manifest, RunError> {
    let path = dir.join(OutputFile::Manifest.name());
    let text = crate::files::read_text(&path).map_err(|source| RunError::NotARun {
        path: path.clone(),
        source,
    })?;
    unseal(&text, &path, manifest_sealed)?.map_err(|source| RunError::BadManifest { path, source })
}
