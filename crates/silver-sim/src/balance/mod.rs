//! Balance sweeps: the same games played with several card sets, compared with a base set.
//!
//! A spec with a `[balance]` table names a base set and either a sweep (`one-swap`: every set
//! one value away from the base) or an explicit list. Every set plays the same games with
//! common random numbers: game `i` of every set has the same deal seed, first player, seating
//! and bot seeds as game `i` of the base (all derive from the master seed and the game index,
//! [`crate::seeds`]), and is played by the one game loop ([`crate::record::play`]). Only the
//! card set differs, so the differences between sets are paired, game by game, and their
//! intervals are computed from the per-game differences.
//!
//! * this module resolves a sweep: the base plan and the list of sets ([`BalancePlan`]);
//! * [`sweep`] runs it, set by set, through the block scheduler: each finished set leaves a
//!   run directory `OUT/sets/NN-NAME/` (`manifest.json` in the format of a normal run,
//!   `summary.csv`, `cards.csv`, the enabled per-game files, and `game-metrics.csv`: one row
//!   of integer counts per game, which the paired intervals need). `--resume` skips the sets
//!   whose directory is complete; an interrupted set is replayed from its start;
//! * [`metrics`] computes each set's metrics and paired differences from the base;
//! * [`report`] writes `OUT/balance.csv` and the terminal table.

pub(crate) mod metrics;
pub(crate) mod record;
pub(crate) mod report;
pub(crate) mod sweep;

use crate::error::SpecError;
use crate::permission::ExecPolicy;
use crate::plan::{resolve_with, Plan};
use crate::sets::{resolve_set, NamedSet};
use crate::spec::{ExperimentSpec, SWEEPS};
use silver_rules::{character, CardSet, Edition, VALUES};
use std::path::Path;

/// Every set that differs from `base` in exactly one value, taking that value from another
/// edition whose character for it is known (official or reconstructed); the token and the
/// other values (custom characters included) stay the base's. In value order, then edition
/// order.
pub fn one_swap(base: &NamedSet) -> Result<Vec<NamedSet>, silver_rules::SetError> {
    let mut out = Vec::new();
    for v in 0..VALUES as u8 {
        for e in Edition::BUILT_IN {
            if e == base.set.edition(v) || character(e, v).is_none() {
                continue;
            }
            let set = base.set.with_character(v, e)?;
            let mut labels = base.labels.clone();
            labels[v as usize] = character(e, v).map_or_else(String::new, |c| c.name.into());
            out.push(NamedSet {
                set,
                name: set.canonical_name(),
                labels,
                custom: base
                    .custom
                    .iter()
                    .filter(|(cv, _)| *cv != v)
                    .cloned()
                    .collect(),
            });
        }
    }
    Ok(out)
}

/// One set of a sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSet {
    /// The set.
    pub set: NamedSet,
    /// Its canonical name.
    pub name: String,
    /// The value it takes from another edition, when it differs from the base in exactly one
    /// value (and not in the token).
    pub swap: Option<(u8, Edition)>,
    /// Number of values whose character differs from the base's.
    pub changed: usize,
}

impl SweepSet {
    fn new(named: NamedSet, base: &CardSet) -> SweepSet {
        let set = named.set;
        let diff: Vec<u8> = (0..VALUES as u8)
            .filter(|&v| base.edition(v) != set.edition(v) || base.ability(v) != set.ability(v))
            .collect();
        let swap = (diff.len() == 1 && base.token() == set.token())
            .then(|| (diff[0], set.edition(diff[0])));
        SweepSet {
            name: named.name.clone(),
            set: named,
            swap,
            changed: diff.len(),
        }
    }
}

/// A resolved balance sweep.
#[derive(Clone, Debug)]
pub struct BalancePlan {
    /// The base set's plan: bots, seating, games, seed and outputs shared by every set.
    pub base: Plan,
    /// The sets, base first.
    pub sets: Vec<SweepSet>,
}

impl BalancePlan {
    /// The plan of set `i`: the base plan with that set.
    pub fn plan(&self, i: usize) -> Plan {
        let mut p = self.base.clone();
        p.set = self.sets[i].set.clone();
        p
    }

    /// The directory of set `i` under `OUT/sets/`: its index and its name, with characters
    /// that are awkward in file names replaced.
    pub fn dir_name(&self, i: usize) -> String {
        let width = (self.sets.len().saturating_sub(1)).to_string().len().max(2);
        let mut name: String = self.sets[i]
            .name
            .chars()
            .map(|c| match c {
                'a'..='z' | 'A'..='Z' | '0'..='9' | '-' | '+' | '=' => c,
                ':' => '-',
                _ => '_',
            })
            .collect();
        name.truncate(60);
        format!("{i:0width$}-{name}")
    }

    /// Games per set.
    pub fn games(&self) -> u64 {
        self.base.games
    }

    /// Games of the whole sweep.
    pub fn total_games(&self) -> u64 {
        self.base.games * self.sets.len() as u64
    }

    /// A fingerprint of the whole sweep (a resumed sweep must match it).
    pub fn fingerprint(&self) -> String {
        let mut text = String::from("balance-1");
        for i in 0..self.sets.len() {
            text.push('|');
            text.push_str(&self.dir_name(i));
            text.push('=');
            text.push_str(&self.plan(i).fingerprint());
        }
        silver_stats::fnv1a_hex(&text)
    }
}

/// Resolves a spec with a `[balance]` table whose bots the caller typed (as
/// [`resolve_balance_with`] with [`ExecPolicy::typed`] without permission).
pub fn resolve_balance(spec: &ExperimentSpec, bots_dir: &Path) -> Result<BalancePlan, SpecError> {
    resolve_balance_with(spec, bots_dir, &mut ExecPolicy::typed(false))
}

/// Resolves a spec with a `[balance]` table: the base plan (as for a normal run, its exec
/// bots asked of `policy`) and the list of sets, base first.
pub fn resolve_balance_with(
    spec: &ExperimentSpec,
    bots_dir: &Path,
    policy: &mut ExecPolicy,
) -> Result<BalancePlan, SpecError> {
    let b = spec.balance.as_ref().ok_or(SpecError::NoBalance)?;
    if spec.sprt.is_some() {
        return Err(SpecError::SprtBalance);
    }
    let base_plan = resolve_with(spec, bots_dir, policy)?;
    let base_text = b.base.as_deref().unwrap_or(&spec.set);
    let base = resolve_set(base_text).map_err(|source| SpecError::BalanceBase {
        text: base_text.into(),
        source: Box::new(source),
    })?;
    let others: Vec<NamedSet> = match (&b.sweep, &b.sets) {
        (Some(_), Some(_)) => return Err(SpecError::SweepAndSets),
        (None, None) => return Err(SpecError::NoSweep { valid: &SWEEPS }),
        (Some(kind), None) => match kind.as_str() {
            "one-swap" => one_swap(&base).map_err(|source| SpecError::Sweep { source })?,
            other => {
                return Err(SpecError::UnknownSweep {
                    kind: other.into(),
                    valid: &SWEEPS,
                })
            }
        },
        (None, Some(list)) => {
            if list.is_empty() {
                return Err(SpecError::EmptySets);
            }
            let mut sets: Vec<(NamedSet, &str)> = Vec::new();
            for text in list {
                let set = resolve_set(text).map_err(|source| SpecError::ListedSet {
                    text: text.clone(),
                    source: Box::new(source),
                })?;
                if let Some((_, first)) = sets.iter().find(|(s, _)| *s == set) {
                    return Err(SpecError::SameSet {
                        first: first.to_string(),
                        second: text.clone(),
                        name: set.name,
                    });
                }
                sets.push((set, text));
            }
            sets.into_iter().map(|(s, _)| s).collect()
        }
    };
    let mut base_plan = base_plan;
    base_plan.set = base.clone();
    let sets = std::iter::once(base.clone())
        .chain(others)
        .map(|s| SweepSet::new(s, &base.set))
        .collect();
    Ok(BalancePlan {
        base: base_plan,
        sets,
    })
}
