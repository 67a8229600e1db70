//! A run's record of itself (`manifest.json`): the plan's fingerprint, the shard, the blocks
//! done, the byte length of every per-game file after them, and the statistics so far. It is
//! written atomically after every window of blocks, so it always vouches for a prefix of the
//! files, and `--resume`, `merge` and `report` need nothing else.

use crate::error::RunError;
use crate::output::{write_json, OutputFile};
use crate::plan::Plan;
use crate::sets::{NamedSet, SetRecord};
use crate::spec::Outputs;
use crate::sprt::SprtRecord;
use crate::stats::Stats;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The manifest format version this build writes. Version 2: every per-game CSV starts with the
/// `set` column and the manifest holds the set's definition. Version 3: the statistics hold the
/// head-to-head sums over blocks (`pairs`). A run of another version cannot be resumed or
/// merged (its files or statistics differ); `report` reads version 2 without head-to-head.
pub const MANIFEST_VERSION: u32 = 3;

/// A shard: part `index` (0-based) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// 0-based index.
    pub index: u32,
    /// Number of shards.
    pub count: u32,
}

/// A `--shard` argument that is not `K/N` with `1 <= K <= N`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--shard {text}: {problem}")]
pub struct ShardError {
    /// What was typed.
    pub text: String,
    /// What is wrong with it.
    pub problem: &'static str,
}

impl std::str::FromStr for Shard {
    type Err = ShardError;

    /// Parses `K/N` (1-based K, as typed on the command line).
    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let err = |problem| ShardError {
            text: s.to_string(),
            problem,
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
}

impl Manifest {
    /// The manifest of a new run of `plan` (games `first..end`, in blocks of `block_games`),
    /// with nothing done yet.
    pub(crate) fn new(
        plan: &Plan,
        shard: Option<Shard>,
        blocks: &crate::blocks::Blocks,
    ) -> Manifest {
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

    /// Writes the manifest into `dir`, atomically.
    pub(crate) fn save(&self, dir: &Path) -> Result<(), RunError> {
        write_json(&dir.join(OutputFile::Manifest.name()), self)
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

/// Reads a run's manifest from its directory.
pub fn read_manifest(dir: &Path) -> Result<Manifest, RunError> {
    let path = dir.join(OutputFile::Manifest.name());
    let text = std::fs::read_to_string(&path).map_err(|source| RunError::NotARun {
        path: path.clone(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| RunError::BadManifest { path, source })
}
