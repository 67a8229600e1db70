//! A sweep's record of itself, `balance.json`: what the sweep writes and resumes from, and
//! what `silver verify` checks a set against.

use crate::error::RunError;
use crate::output::write_atomic;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The `balance.json` format this build writes. Version 2: sealed with a checksum (as a run's
/// manifest is, [`crate::manifest::seal`]) and recording `balance.csv`'s length and CRC-32. A
/// sweep of another version cannot be resumed or verified.
pub const SWEEP_VERSION: u32 = 2;

/// The sweep's record of itself (`balance.json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepManifest {
    /// Format version.
    pub version: u32,
    /// Run name.
    pub name: String,
    /// Sweep fingerprint.
    pub fingerprint: String,
    /// Every set's directory and canonical name, base first.
    pub sets: Vec<(String, String)>,
    /// Sets complete on disk.
    pub sets_done: usize,
    /// True once `balance.csv` is written.
    pub complete: bool,
    /// `balance.csv`'s length and CRC-32, once it is written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub balance: Option<(u64, u32)>,
    /// With design cards: `design.csv`'s length and CRC-32, once it is written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design: Option<(u64, u32)>,
}

impl SweepManifest {
    /// Writes `balance.json`, atomically, sealed with its checksum.
    pub(crate) fn save(&self, path: &Path) -> Result<(), RunError> {
        write_atomic(path, &crate::manifest::seal(self, path)?)
    }
}

/// Reads a sweep's `balance.json` (version 2 on must match its checksum).
pub(crate) fn read_sweep_manifest(path: &Path) -> Result<SweepManifest, RunError> {
    let text = crate::files::read_text(path).map_err(|source| RunError::NotASweep {
        path: path.to_path_buf(),
        source,
    })?;
    let sealed = |v: &serde_json::Value| {
        v.get("version")
            .and_then(|x| x.as_u64())
            .is_none_or(|x| x >= 2)
    };
    crate::manifest::unseal(&text, path, sealed)?.map_err(|source| RunError::BadSweepManifest {
        path: path.to_path_buf(),
        source,
    })
}

impl SweepManifest {
    /// An error unless this build can continue or verify the sweep.
    pub(crate) fn check_version(&self, dir: &Path) -> Result<(), RunError> {
        if self.version == SWEEP_VERSION {
            return Ok(());
        }
        Err(RunError::Version {
            dir: dir.to_path_buf(),
            found: self.version,
            expected: SWEEP_VERSION,
        })
    }
}
