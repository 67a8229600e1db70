//! Merging the directories of a sharded run (`--shard K/N`) into the files one run writes.

use crate::error::RunError;
use crate::manifest::{read_manifest, Manifest, Shard};
use crate::output::{check_foreign, create_dir, io, lock, write_atomic, OutputFile};
use crate::run::finish;
use crate::stats::Stats;
use std::fs;
use std::path::{Path, PathBuf};

/// Merges complete shard directories (each run with `--shard K/N` of the same plan) into `out`,
/// giving the same files a single run writes. Everything needed is in the shards' manifests.
/// `force` replaces a finished run in `out`.
pub fn merge(out: &Path, inputs: &[PathBuf], force: bool) -> Result<Manifest, RunError> {
    if inputs.is_empty() {
        return Err(RunError::NoShards);
    }
    let mut shards: Vec<(Manifest, &PathBuf)> = Vec::new();
    for dir in inputs {
        let m = read_manifest(dir)?;
        m.check_version(dir)?;
        if let Some((first, fdir)) = shards.first() {
            if m.fingerprint != first.fingerprint {
                return Err(RunError::DifferentRuns {
                    first: ((*fdir).clone(), first.fingerprint.clone()),
                    other: (dir.clone(), m.fingerprint),
                });
            }
        }
        if !m.complete {
            return Err(RunError::ShardIncomplete { dir: dir.clone() });
        }
        if m.shard.is_none() {
            return Err(RunError::NotAShard { dir: dir.clone() });
        }
        shards.push((m, dir));
    }
    let count = shards[0].0.shard.map_or(0, |s| s.count);
    shards.sort_by_key(|(m, _)| m.shard.map(|s| (s.count, s.index)));
    let indices: Vec<Option<Shard>> = shards.iter().map(|(m, _)| m.shard).collect();
    let expected: Vec<Option<Shard>> = (0..count)
        .map(|index| Some(Shard { index, count }))
        .collect();
    if indices != expected {
        let got: Vec<String> = indices
            .iter()
            .map(|s| s.map_or("none".into(), |s| format!("{}/{}", s.index + 1, s.count)))
            .collect();
        return Err(RunError::ShardSet {
            count,
            got: got.join(", "),
        });
    }
    // Every shard must hold exactly what its manifest vouches for.
    for (m, dir) in &shards {
        crate::verify::check(
            dir,
            m,
            crate::verify::Depth {
                exact: true,
                deep: true,
            },
        )?;
    }
    create_dir(out)?;
    let _lock = lock(out)?;
    match read_manifest(out) {
        Ok(old) if !old.complete => {
            return Err(RunError::Unfinished {
                dir: out.to_path_buf(),
                done: old.blocks_done,
                total: old.blocks_total,
            })
        }
        Ok(_) if !force => {
            return Err(RunError::Finished {
                dir: out.to_path_buf(),
            })
        }
        Ok(_) => {}
        Err(_) => check_foreign(out, &[OutputFile::Manifest.name()])?,
    }
    let first = shards[0].0.clone();
    let mut records = Vec::new();
    for file in OutputFile::PER_GAME {
        let (name, header) = (file.name(), file.header().expect("a per-game file"));
        if !first.files.iter().any(|(n, _, _)| n == name) {
            continue;
        }
        let mut bytes = header.as_bytes().to_vec();
        for (_, dir) in &shards {
            let p = dir.join(name);
            let text = fs::read(&p).map_err(io(&p))?;
            if !text.starts_with(header.as_bytes()) {
                return Err(RunError::Header { path: p });
            }
            bytes.extend_from_slice(&text[header.len()..]);
        }
        write_atomic(&out.join(name), &bytes)?;
        records.push((
            name.to_string(),
            bytes.len() as u64,
            crc32fast::hash(&bytes),
        ));
    }
    let mut stats = Stats::new(first.bots.len(), first.stats.seats.len());
    for (m, _) in &shards {
        stats.merge(&m.stats);
    }
    let mut manifest = Manifest {
        shard: None,
        first_game: shards[0].0.first_game,
        end_game: shards[shards.len() - 1].0.end_game,
        block_games: 0,
        blocks_done: 0,
        blocks_total: 0,
        files: records,
        stats,
        complete: false,
        // The shards' speeds are not one run's.
        speed: None,
        ..first
    };
    finish(out, &mut manifest)?;
    Ok(manifest)
}
