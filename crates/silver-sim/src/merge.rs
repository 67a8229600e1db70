//! Merging the directories of a sharded run (`--shard K/N`) into the files one run writes.

use crate::error::RunError;
use crate::manifest::{read_manifest, Manifest, Shard};
use crate::output::{check_foreign, create_dir, io, lock, FileRecord, OutputFile};
use crate::run::finish;
use crate::stats::Stats;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
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
    let first = shards[0].0.clone();
    create_dir(out)?;
    let _lock = lock(out)?;
    match read_manifest(out) {
        // A merge (or run) of this plan stopped before it recorded anything: take it back.
        Ok(old)
            if !old.complete
                && old.blocks_done == 0
                && (force || old.fingerprint == first.fingerprint) => {}
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
        // An edited or damaged manifest: whose run it was, and how far, is unknown.
        Err(e @ RunError::Edited { .. }) => return Err(e),
        Err(_) => check_foreign(out, &[OutputFile::Manifest.name()])?,
    }
    let mut manifest = Manifest {
        shard: None,
        first_game: shards[0].0.first_game,
        end_game: shards[shards.len() - 1].0.end_game,
        block_games: 0,
        blocks_done: 0,
        blocks_total: 0,
        files: Vec::new(),
        stats: Stats::new(first.bots.len(), first.stats.seats.len()),
        complete: false,
        // The shards' speeds are not one run's.
        speed: None,
        ..first.clone()
    };
    // The manifest first (nothing done, no files): a merge stopped while it writes leaves a
    // directory that is recognisably ours, and merging again takes it back.
    manifest.save(out)?;
    let mut records = Vec::new();
    for file in OutputFile::PER_GAME {
        let name = file.name();
        if first.files.iter().any(|(n, _, _)| n == name) {
            records.push(merge_file(out, file, &shards)?);
        }
    }
    for (m, _) in &shards {
        manifest.stats.merge(&m.stats);
    }
    manifest.files = records;
    finish(out, &mut manifest)?;
    Ok(manifest)
}

/// Writes one per-game file of the merged run: the header, then every shard's rows in shard
/// order, streamed through a bounded buffer (a merge holds no file in memory), each shard's
/// bytes checked again against the length and CRC-32 its manifest records as they are copied.
/// The file is written beside its name and renamed over it once whole and synced.
fn merge_file(
    out: &Path,
    file: OutputFile,
    shards: &[(Manifest, &PathBuf)],
) -> Result<FileRecord, RunError> {
    let (name, header) = (file.name(), file.header().expect("a per-game file"));
    let path = out.join(name);
    let tmp = path.with_extension("tmp");
    let target = File::create(&tmp).map_err(io(&tmp))?;
    let mut w = Counted {
        inner: BufWriter::with_capacity(1 << 20, target),
        crc: crc32fast::Hasher::new(),
        len: 0,
    };
    w.write_all(header.as_bytes()).map_err(io(&tmp))?;
    let mut buf = vec![0u8; 1 << 20];
    for (m, dir) in shards {
        let p = dir.join(name);
        let (_, len, crc) =
            m.files
                .iter()
                .find(|(n, _, _)| n == name)
                .ok_or_else(|| RunError::Inconsistent {
                    dir: (*dir).clone(),
                    problem: format!("the manifest does not list {name}"),
                })?;
        let mut src = File::open(&p).map_err(io(&p))?.take(*len);
        let mut shard_crc = crc32fast::Hasher::new();
        let mut at = 0u64;
        loop {
            let n = src.read(&mut buf).map_err(io(&p))?;
            if n == 0 {
                break;
            }
            let chunk = &buf[..n];
            shard_crc.update(chunk);
            // The shard's header is checked, not copied.
            let skip = (header.len() as u64).saturating_sub(at).min(n as u64) as usize;
            if skip > 0 && header.as_bytes()[at as usize..at as usize + skip] != chunk[..skip] {
                return Err(RunError::Header { path: p });
            }
            w.write_all(&chunk[skip..]).map_err(io(&tmp))?;
            at += n as u64;
        }
        if at != *len {
            return Err(RunError::Truncated {
                path: p,
                found: at,
                recorded: *len,
            });
        }
        if shard_crc.finalize() != *crc {
            return Err(RunError::Checksum { path: p, len: *len });
        }
    }
    let Counted { inner, crc, len } = w;
    let target = inner.into_inner().map_err(|e| io(&tmp)(e.into_error()))?;
    target.sync_all().map_err(io(&tmp))?;
    drop(target);
    std::fs::rename(&tmp, &path).map_err(io(&path))?;
    if let Ok(d) = File::open(out) {
        let _ = d.sync_all();
    }
    Ok((name.to_string(), len, crc.finalize()))
}

/// A writer that keeps the length and CRC-32 of what passed through it.
struct Counted<W> {
    inner: W,
    crc: crc32fast::Hasher,
    len: u64,
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(bytes)?;
        self.crc.update(&bytes[..n]);
        self.len += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}
