//! Helpers of the tests that edit a run directory: two shards of one run, copies of a
//! directory, and seeded edits of a manifest's numbers.

use super::*;

use serde_json::Value;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// One step into a JSON document.
#[derive(Clone, Debug)]
pub enum Step {
    Key(String),
    Index(usize),
}

/// The paths of every number in `v`.
pub fn numeric_leaves(v: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match v {
        Value::Number(_) => out.push(path.clone()),
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(Step::Index(i));
                numeric_leaves(x, path, out);
                path.pop();
            }
        }
        Value::Object(m) => {
            for (k, x) in m {
                path.push(Step::Key(k.clone()));
                numeric_leaves(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

pub fn at<'a>(v: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(v, |v, s| match s {
        Step::Key(k) => &mut v[k.as_str()],
        Step::Index(i) => &mut v[*i],
    })
}

pub fn show(path: &[Step]) -> String {
    path.iter()
        .map(|s| match s {
            Step::Key(k) => format!(".{k}"),
            Step::Index(i) => format!("[{i}]"),
        })
        .collect()
}

/// A seeded generator (SplitMix64): the same mutations on every run of the test.
pub struct Seeded(pub u64);

impl Seeded {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// `n` changed by a seeded amount (1 to 9, up or down, never below 0 for a count), always to
/// another value of the same kind.
pub fn mutate(n: &Value, rng: &mut Seeded) -> Value {
    let d = 1 + rng.next() % 9;
    let up = rng.next().is_multiple_of(2);
    if let Some(u) = n.as_u64() {
        let v = if up || u < d { u + d } else { u - d };
        return v.into();
    }
    if let Some(i) = n.as_i64() {
        return if up { i + d as i64 } else { i - d as i64 }.into();
    }
    let f = n.as_f64().unwrap();
    (f + if up { d as f64 } else { -(d as f64) } * 0.5).into()
}

pub fn copy_dir(from: &Path, to: &Path) {
    let _ = std::fs::remove_dir_all(to);
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_file() {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

pub fn shard_args(out: &Path, k: u32) -> Vec<OsString> {
    args![
        "tournament",
        "--bots",
        "greedy,random,greedy-mem2",
        "--players",
        "3",
        "--games",
        "60",
        "--seed",
        "11",
        "--shard",
        format!("{k}/2"),
        "--out",
        out
    ]
}

/// Two complete shards of one run.
pub fn two_shards(tmp: &TempDir) -> [PathBuf; 2] {
    [1, 2].map(|k| {
        let d = tmp.join(&format!("shard{k}"));
        ok(shard_args(&d, k));
        d
    })
}

pub fn with(mut base: Vec<OsString>, more: Vec<OsString>) -> Vec<OsString> {
    base.extend(more);
    base
}
