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
//! * [`report`] writes `OUT/balance.csv` and the terminal table;
//! * with design cards on (`[design]`, or `design = true` in `[balance]`), [`cards`] plays every
//!   set's design card after its run, into `OUT/cards/NN-NAME/`, every card on the same deals
//!   (the same seed), and writes `OUT/design.csv`: every set's card with its paired
//!   differences from the base's, base first.

pub(crate) mod cards;
pub(crate) mod metrics;
pub(crate) mod record;
pub(crate) mod report;
pub(crate) mod sweep;

use crate::design::{resolve_design, ArmKind, DesignPlan, DesignSpec};
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
    /// The base set's design card, when every set gets one (each set's is this card with its
    /// set, [`BalancePlan::card`]).
    pub design: Option<DesignPlan>,
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

    /// The design card of set `i`, when the sweep has design cards: the base's card with that
    /// set.
    pub fn card(&self, i: usize) -> Option<DesignPlan> {
        self.design.as_ref().map(|d| d.with_set(&self.sets[i].set))
    }

    /// Games per set.
    pub fn games(&self) -> u64 {
        self.base.games
    }

    /// Games of one set's design card (0 without design cards).
    pub fn card_games(&self) -> u64 {
        self.design.as_ref().map_or(0, DesignPlan::total_games)
    }

    /// Games per set with its design card's.
    pub fn games_per_set(&self) -> u64 {
        self.games() + self.card_games()
    }

    /// Games of the whole sweep, the design cards' included.
    pub fn total_games(&self) -> u64 {
        self.games_per_set() * self.sets.len() as u64
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
        if let Some(d) = &self.design {
            // Every set's card is the base's with its set: the base's stands for them all.
            text.push_str("|design=");
            text.push_str(&d.fingerprint());
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
    base_plan.refuse_forfeits("a balance sweep")?;
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
    let design = match design_spec(spec, base_text)? {
        Some((ds, hidden_information)) => {
            let dp = resolve_design(&ds, bots_dir, policy).map_err(|source| SpecError::Design {
                source: Box::new(source),
            })?;
            let mut dp = dp.with_set(&base);
            if !hidden_information {
                dp.arms.retain(|a| a.kind != ArmKind::HiddenInformation);
            }
            for arm in &mut dp.arms {
                arm.plan.max_turns_per_round = spec.max_turns_per_round;
            }
            Some(dp)
        }
        None => None,
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
        design,
    })
}

/// The design card every set of the sweep gets, as typed: the `[design]` table (or `design =
/// true`: every default) with the spec's players, seed and model, and whether it plays the
/// hidden-information arm; `None` without design cards.
fn design_spec(spec: &ExperimentSpec, base: &str) -> Result<Option<(DesignSpec, bool)>, SpecError> {
    let short = spec.balance.as_ref().and_then(|b| b.design);
    let table = match (&spec.design, short) {
        (Some(_), Some(_)) => return Err(SpecError::DesignTwice),
        (Some(t), None) => t.clone(),
        (None, Some(true)) => Default::default(),
        (None, Some(false) | None) => return Ok(None),
    };
    let d = DesignSpec::default();
    let ds = DesignSpec {
        set: base.into(),
        players: spec.players,
        ladder: table.ladder.unwrap_or(d.ladder),
        reference: table.reference.unwrap_or(d.reference),
        games: table.games.unwrap_or(d.games),
        search_games: table.search_games.unwrap_or(d.search_games),
        search_iterations: table.search_iterations.unwrap_or(d.search_iterations),
        seed: spec.seed,
        model: spec.model,
        values: table.values.unwrap_or(d.values),
        variance_reduction: spec.variance_reduction,
    };
    for (what, n) in [
        ("games", ds.games),
        ("search_games", ds.search_games),
        ("search_iterations", u64::from(ds.search_iterations)),
    ] {
        if n == 0 {
            return Err(SpecError::DesignZero { what });
        }
    }
    if ds.ladder.len() < 2 {
        return Err(SpecError::DesignLadder {
            rungs: ds.ladder.len(),
        });
    }
    Ok(Some((ds, table.hidden_information.unwrap_or(true))))
}
