//! Resolving a search spec into a [`SearchPlan`]: the space and its candidates, the
//! objectives with their measures, each fidelity's design-card arms (only those the measures
//! read, each covering every deal the schedule gives its fidelity), and the fixed schedule.

use super::objective::{Goal, Objective, Term};
use super::space::{Choice, Space, MAX_CANDIDATES};
use super::spec::{MethodName, ObjectiveSpec, SearchError, SearchFile, TermSpec};
use super::{Fidelity, FidelityKind, Measure, Method, SearchPlan, Stage, StageSets};
use crate::design::card::{metric_arms, scale, Estimate, METRICS};
use crate::design::{resolve_design, DesignPlan, DesignSpec};
use crate::permission::ExecPolicy;
use crate::sets::{is_set_file, resolve_set};
use silver_rules::{Edition, Token, VALUES};
use std::fmt::Write as _;
use std::path::Path;

/// Default deals per set of halving's first stage.
pub const DEFAULT_FIRST_DEALS: u64 = 1;
/// Default deals per set of a uniform screen.
pub const DEFAULT_UNIFORM_DEALS: u64 = 100;
/// Default share kept by a halving stage (one in `keep`).
pub const DEFAULT_KEEP: u64 = 4;
/// Default finalists.
pub const DEFAULT_FINALISTS: u64 = 10;
/// Default fresh deals of certification.
pub const DEFAULT_CERTIFY_DEALS: u64 = 500;
/// Default deals of confirmation.
pub const DEFAULT_CONFIRM_DEALS: u64 = 50;
/// Default reference bot of the screen.
pub const DEFAULT_SCREEN_REFERENCE: &str = "greedy";
/// Default ladder of the screen.
pub const DEFAULT_SCREEN_LADDER: [&str; 2] = ["random", "greedy"];
/// Default reference bot of confirmation.
pub const DEFAULT_CONFIRM_REFERENCE: &str = "ismcts-1k";
/// Default ladder of confirmation.
pub const DEFAULT_CONFIRM_LADDER: [&str; 2] = ["greedy", "ismcts-1k"];

/// The metrics a term may name: every metric of the card but the ladder depth (not a ratio).
pub fn search_metrics() -> impl Iterator<Item = (usize, &'static str)> {
    METRICS
        .iter()
        .enumerate()
        .filter(|(_, d)| d.estimate != Estimate::Depth)
        .map(|(i, d)| (i, d.name))
}

/// Resolves a search spec: everything is checked before anything runs. `name` is the
/// search's name, `spec_dir` the directory card-set files are relative to.
pub fn resolve_search(
    file: &SearchFile,
    name: &str,
    spec_dir: &Path,
    bots_dir: &Path,
    policy: &mut ExecPolicy,
) -> Result<SearchPlan, SearchError> {
    let s = &file.search;
    let players = s.players.clone();
    let bad_players = players.is_empty()
        || players.iter().any(|p| !(2..=4).contains(p))
        || (1..players.len()).any(|i| players[..i].contains(&players[i]));
    if bad_players {
        return Err(SearchError::Players { players });
    }
    // The base.
    let base_text = match s.base.as_deref().map(str::trim) {
        Some(b) if is_set_file(b) && Path::new(b).is_relative() => {
            spec_dir.join(b).to_string_lossy().into_owned()
        }
        Some(b) => b.to_string(),
        None => "amulet".to_string(),
    };
    let base = resolve_set(&base_text).map_err(|source| SearchError::Base {
        text: s.base.clone().unwrap_or_else(|| "amulet".into()),
        source: Box::new(source),
    })?;
    // The space.
    let values: Vec<u8> = s
        .values
        .clone()
        .unwrap_or_else(|| (0..VALUES as u8).collect());
    let editions = match &s.editions {
        None => Edition::BUILT_IN.to_vec(),
        Some(list) => list
            .iter()
            .map(|n| {
                Edition::from_name(n.trim())
                    .filter(|e| *e != Edition::Custom)
                    .ok_or_else(|| SearchError::UnknownEdition { name: n.clone() })
            })
            .collect::<Result<_, _>>()?,
    };
    let tokens = match &s.tokens {
        None => vec![base.set.token()],
        Some(list) => list
            .iter()
            .map(|n| {
                Token::from_name(n.trim())
                    .ok_or_else(|| SearchError::UnknownToken { name: n.clone() })
            })
            .collect::<Result<_, _>>()?,
    };
    let mut custom = Vec::new();
    for c in &s.custom {
        let counts: Vec<Option<u8>> = match &c.counts {
            None => vec![None],
            Some(list) => list.iter().map(|n| Some(*n)).collect(),
        };
        for count in counts {
            custom.push((
                c.value,
                Choice::Custom {
                    kind: c.kind.trim().to_string(),
                    count,
                },
            ));
        }
    }
    let space = Space::new(base.clone(), &values, &editions, &tokens, &custom)?;
    let count = space.count(s.max_changes);
    if count > MAX_CANDIDATES {
        return Err(SearchError::TooManyCandidates {
            count,
            max: MAX_CANDIDATES,
        });
    }
    if count <= 1 {
        return Err(SearchError::EmptySpace {
            max_changes: s.max_changes,
        });
    }
    let candidates = space.candidates(s.max_changes);
    // The method and the deal counts.
    let finalists = s.screen.finalists.unwrap_or(DEFAULT_FINALISTS);
    if finalists == 0 {
        return Err(SearchError::Finalists);
    }
    let method = match s.method {
        MethodName::Halving => {
            let keep = s.screen.keep.unwrap_or(DEFAULT_KEEP);
            if keep < 2 {
                return Err(SearchError::Keep { keep });
            }
            Method::Halving {
                first_deals: s.screen.deals.unwrap_or(DEFAULT_FIRST_DEALS),
                keep,
            }
        }
        MethodName::Uniform => Method::Uniform {
            deals: s.screen.deals.unwrap_or(DEFAULT_UNIFORM_DEALS),
        },
    };
    let certify_deals = s.certify.deals.unwrap_or(DEFAULT_CERTIFY_DEALS);
    let confirm_deals = s
        .confirm
        .as_ref()
        .map(|c| c.deals.unwrap_or(DEFAULT_CONFIRM_DEALS));
    for (what, n) in [
        ("screen.deals", s.screen.deals),
        ("certify.deals", Some(certify_deals)),
        ("confirm.deals", confirm_deals),
    ] {
        if n == Some(0) {
            return Err(SearchError::Deals { what });
        }
    }
    // The objectives (their measures come with the screen's plans).
    let mut objectives = objectives_of(&s.objectives, &players)?;
    let restricted = restricted_values(&objectives);
    // The schedule.
    let finalists = finalists.min(candidates.len() as u64 - 1);
    let mut stages = schedule(method, candidates.len() as u64, finalists)?;
    let screen_end = stages.last().map_or(0, |st| st.deals.end);
    let certify_end = screen_end
        .checked_add(certify_deals)
        .ok_or(SearchError::Overflow)?;
    stages.push(Stage {
        number: stages.len() + 1,
        fidelity: 1,
        sets: StageSets::Best(finalists),
        deals: screen_end..certify_end,
        set_count: finalists + 1,
        games: 0,
    });
    if let Some(deals) = confirm_deals {
        stages.push(Stage {
            number: stages.len() + 1,
            fidelity: 2,
            sets: StageSets::Best(finalists),
            // Fresh deals: the finalists were chosen on the screen's, whose greedy games
            // share their luck with any other bots' games of the same deals.
            deals: certify_end
                ..certify_end
                    .checked_add(deals)
                    .ok_or(SearchError::Overflow)?,
            set_count: finalists + 1,
            games: 0,
        });
    }
    // The fidelities.
    let screen_bots = (
        s.screen
            .reference
            .clone()
            .unwrap_or_else(|| DEFAULT_SCREEN_REFERENCE.into()),
        s.screen
            .ladder
            .clone()
            .unwrap_or_else(|| DEFAULT_SCREEN_LADDER.map(String::from).to_vec()),
    );
    let mut kinds = vec![
        (FidelityKind::Screen, screen_bots.clone(), screen_end),
        (FidelityKind::Certify, screen_bots, certify_end),
    ];
    if let (Some(c), Some(deals)) = (&s.confirm, confirm_deals) {
        let bots = (
            c.reference
                .clone()
                .unwrap_or_else(|| DEFAULT_CONFIRM_REFERENCE.into()),
            c.ladder
                .clone()
                .unwrap_or_else(|| DEFAULT_CONFIRM_LADDER.map(String::from).to_vec()),
        );
        kinds.push((
            FidelityKind::Confirm,
            bots,
            certify_end
                .checked_add(deals)
                .ok_or(SearchError::Overflow)?,
        ));
    }
    let mut full: Vec<(FidelityKind, Vec<DesignPlan>, u64)> = Vec::new();
    for (kind, (reference, ladder), deals_end) in kinds {
        let mut plans = Vec::new();
        for &p in &players {
            let ds = DesignSpec {
                set: base_text.clone(),
                players: p,
                ladder: ladder.clone(),
                reference: reference.clone(),
                seed: s.seed,
                model: s.model,
                values: restricted.clone(),
                ..DesignSpec::default()
            };
            let dp =
                resolve_design(&ds, bots_dir, policy).map_err(|source| SearchError::Design {
                    fidelity: kind.name(),
                    players: p,
                    source: Box::new(source),
                })?;
            plans.push(dp.with_set(&base));
        }
        full.push((kind, plans, deals_end));
    }
    // The measures, from the screen's plans.
    let measures = measures_of(&mut objectives, &full[0].1, &players)?;
    let mut fidelities = Vec::new();
    for (kind, plans, deals_end) in full {
        fidelities.push(fidelity(kind, plans, deals_end, &measures, &objectives)?);
    }
    for st in &mut stages {
        let per_set: u64 = fidelities[st.fidelity]
            .plans
            .iter()
            .flat_map(|dp| &dp.arms)
            .map(|a| u64::from(a.plan.rotations) * (st.deals.end - st.deals.start))
            .sum();
        st.games = per_set
            .checked_mul(st.set_count)
            .ok_or(SearchError::Overflow)?;
    }
    let plan = SearchPlan {
        name: name.to_string(),
        base,
        space,
        candidates,
        objectives,
        method,
        fidelities,
        stages,
        finalists: finalists as usize,
        seed: s.seed,
    };
    let games = plan.total_games();
    if let Some(max) = s.max_games {
        if games > max {
            return Err(SearchError::OverBudget { games, max });
        }
    }
    Ok(plan)
}

/// The screen's stages: halving's (or uniform's one), without their games. Halving counts
/// the sets other than the base: `m_1 = n1 − 1`, and while `⌈m_s / keep⌉ > finalists`, stage
/// `s + 1` plays the best `m_{s+1} = ⌈m_s / keep⌉` and the base on deals `D_s..D_s·keep`;
/// the best `finalists` of the last stage go to certification.
fn schedule(method: Method, n1: u64, finalists: u64) -> Result<Vec<Stage>, SearchError> {
    let stage = |number, sets, deals, set_count| Stage {
        number,
        fidelity: 0,
        sets,
        deals,
        set_count,
        games: 0,
    };
    match method {
        Method::Uniform { deals } => Ok(vec![stage(1, StageSets::All, 0..deals, n1)]),
        Method::Halving { first_deals, keep } => {
            let mut stages = vec![stage(1, StageSets::All, 0..first_deals, n1)];
            // Sets other than the base: the base plays every stage besides them.
            let (mut n, mut d) = (n1 - 1, first_deals);
            while n > finalists {
                let next_n = finalists.max(n.div_ceil(keep));
                if next_n == finalists {
                    // The finalists go to certification: screening them again would only
                    // repeat what certification measures on fresh deals.
                    break;
                }
                let next_d = d.checked_mul(keep).ok_or(SearchError::Overflow)?;
                let number = stages.len() + 1;
                stages.push(stage(
                    number,
                    StageSets::Best(next_n),
                    d..next_d,
                    next_n + 1,
                ));
                (n, d) = (next_n, next_d);
            }
            Ok(stages)
        }
    }
}

fn objective_name_ok(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
}

/// The objectives as typed, checked; their terms' measures are filled by [`measures_of`].
fn objectives_of(specs: &[ObjectiveSpec], players: &[u8]) -> Result<Vec<Objective>, SearchError> {
    if specs.is_empty() {
        return Err(SearchError::NoObjective);
    }
    let mut out: Vec<Objective> = Vec::new();
    for o in specs {
        if !objective_name_ok(&o.name) {
            return Err(SearchError::ObjectiveName {
                name: o.name.clone(),
            });
        }
        if out.iter().any(|p| p.name == o.name) {
            return Err(SearchError::SameObjective {
                name: o.name.clone(),
            });
        }
        let number = |what: &'static str, value: f64, nonnegative: bool| {
            if value.is_finite() && (!nonnegative || value >= 0.0) {
                Ok(value)
            } else {
                Err(SearchError::Number {
                    objective: o.name.clone(),
                    what,
                    value,
                })
            }
        };
        let change_weight = number("change_weight", o.change_weight.unwrap_or(0.0), true)?;
        if o.terms.is_empty() {
            return Err(SearchError::NoTerms {
                objective: o.name.clone(),
            });
        }
        let mut terms = Vec::new();
        for t in &o.terms {
            terms.push(term_of(&o.name, t, players, &number)?);
        }
        out.push(Objective {
            name: o.name.clone(),
            terms,
            change_weight,
        });
    }
    Ok(out)
}

fn term_of(
    objective: &str,
    t: &TermSpec,
    players: &[u8],
    number: &dyn Fn(&'static str, f64, bool) -> Result<f64, SearchError>,
) -> Result<Term, SearchError> {
    let metric = search_metrics()
        .find(|(_, n)| *n == t.metric.trim())
        .map(|(_, n)| n)
        .ok_or_else(|| SearchError::UnknownMetric {
            objective: objective.into(),
            metric: t.metric.clone(),
            valid: search_metrics()
                .map(|(_, n)| n)
                .collect::<Vec<_>>()
                .join(", "),
        })?;
    let mut goals = Vec::new();
    if let Some(x) = t.target {
        goals.push(Goal::Target(number("target", x, false)?));
    }
    if let Some(x) = t.at_least {
        goals.push(Goal::AtLeast(number("at_least", x, false)?));
    }
    if let Some(x) = t.at_most {
        goals.push(Goal::AtMost(number("at_most", x, false)?));
    }
    if let Some([a, b]) = t.within {
        let (a, b) = (number("within", a, false)?, number("within", b, false)?);
        if a > b {
            return Err(SearchError::Within {
                objective: objective.into(),
                metric: metric.into(),
                low: a,
                high: b,
            });
        }
        goals.push(Goal::Within(a, b));
    }
    if t.minimize == Some(true) {
        goals.push(Goal::Minimize);
    }
    if t.maximize == Some(true) {
        goals.push(Goal::Maximize);
    }
    if goals.len() != 1 {
        return Err(SearchError::Goals {
            objective: objective.into(),
            metric: metric.into(),
            given: goals.len(),
        });
    }
    if let Some(p) = t.players {
        if !players.contains(&p) {
            return Err(SearchError::TermPlayers {
                objective: objective.into(),
                metric: metric.into(),
                players: p,
                search: players.to_vec(),
            });
        }
    }
    if metric == "restricted_value" {
        if let Some(k) = &t.key {
            let ok = k
                .trim()
                .parse::<u8>()
                .is_ok_and(|v| usize::from(v) < VALUES);
            if !ok {
                return Err(SearchError::UnknownKey {
                    objective: objective.into(),
                    metric: metric.into(),
                    key: k.clone(),
                    valid: "a card value 0-13".into(),
                });
            }
        }
    }
    Ok(Term {
        metric,
        key: t.key.as_ref().map(|k| k.trim().to_string()),
        players: t.players,
        goal: goals[0],
        weight: number("weight", t.weight.unwrap_or(1.0), true)?,
        constraint: t.constraint.unwrap_or(false),
        measures: Vec::new(),
    })
}

/// The values whose restricted-play arm a term reads, ascending.
fn restricted_values(objectives: &[Objective]) -> Vec<u8> {
    let mut values = Vec::new();
    for t in objectives.iter().flat_map(|o| &o.terms) {
        if t.metric != "restricted_value" {
            continue;
        }
        match t.key.as_deref().and_then(|k| k.parse::<u8>().ok()) {
            Some(v) => values.push(v),
            None => values.extend(0..VALUES as u8),
        }
    }
    values.sort_unstable();
    values.dedup();
    values
}

fn metric_index(name: &str) -> usize {
    METRICS.iter().position(|d| d.name == name).unwrap_or(0)
}

/// Every term's measures (objectives' terms in order, each term's player counts, keys in the
/// metric's order; each measure once), read from the screen's full plans.
fn measures_of(
    objectives: &mut [Objective],
    plans: &[DesignPlan],
    players: &[u8],
) -> Result<Vec<Measure>, SearchError> {
    let mut measures: Vec<Measure> = Vec::new();
    for o in objectives.iter_mut() {
        for t in &mut o.terms {
            let counts: Vec<u8> = t.players.map_or_else(|| players.to_vec(), |p| vec![p]);
            for p in counts {
                let plan = players.iter().position(|q| *q == p).unwrap_or(0);
                let mi = metric_index(t.metric);
                let def = &METRICS[mi];
                let rows = metric_arms(def, &plans[plan]);
                let chosen: Vec<_> = match &t.key {
                    None => rows.iter().collect(),
                    Some(k) => rows.iter().filter(|(key, _, _)| key == k).collect(),
                };
                if chosen.is_empty() {
                    return Err(SearchError::UnknownKey {
                        objective: o.name.clone(),
                        metric: t.metric.into(),
                        key: t.key.clone().unwrap_or_default(),
                        valid: rows
                            .iter()
                            .map(|(k, _, _)| k.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                    });
                }
                let (sc, shift) = scale(def, p);
                for (key, key_index, arms) in chosen {
                    let m = Measure {
                        plan,
                        players: p,
                        metric: mi,
                        key: key.clone(),
                        key_index: *key_index,
                        arms: arms.clone(),
                        scale: sc,
                        shift,
                    };
                    let at = match measures.iter().position(|x| same_quantity(x, &m)) {
                        Some(i) => i,
                        None => {
                            measures.push(m);
                            measures.len() - 1
                        }
                    };
                    if !t.measures.contains(&at) {
                        t.measures.push(at);
                    }
                }
            }
        }
    }
    Ok(measures)
}

fn same_quantity(a: &Measure, b: &Measure) -> bool {
    a.plan == b.plan && a.metric == b.metric && a.key == b.key
}

/// One fidelity: its full plans cut to the arms `measures` read (their arm indices remapped),
/// every arm covering deals `0..deals_end`.
fn fidelity(
    kind: FidelityKind,
    mut plans: Vec<DesignPlan>,
    deals_end: u64,
    screen: &[Measure],
    objectives: &[Objective],
) -> Result<Fidelity, SearchError> {
    let mut measures = Vec::with_capacity(screen.len());
    for (mi, m) in screen.iter().enumerate() {
        let rows = metric_arms(&METRICS[m.metric], &plans[m.plan]);
        let Some((_, _, arms)) = rows.into_iter().find(|(k, _, _)| *k == m.key) else {
            let o = objectives
                .iter()
                .find(|o| o.terms.iter().any(|t| t.measures.contains(&mi)));
            return Err(SearchError::ConfirmLacks {
                objective: o.map(|o| o.name.clone()).unwrap_or_default(),
                metric: METRICS[m.metric].name.into(),
                key: m.key.clone(),
            });
        };
        measures.push(Measure { arms, ..m.clone() });
    }
    for (pi, dp) in plans.iter_mut().enumerate() {
        let mut kept: Vec<usize> = measures
            .iter()
            .filter(|m| m.plan == pi)
            .flat_map(|m| m.arms.iter().copied())
            .collect();
        kept.sort_unstable();
        kept.dedup();
        for m in measures.iter_mut().filter(|m| m.plan == pi) {
            for a in &mut m.arms {
                *a = kept.iter().position(|k| k == a).unwrap_or(0);
            }
        }
        let arms = std::mem::take(&mut dp.arms);
        dp.arms = kept.iter().map(|&i| arms[i].clone()).collect();
        for arm in &mut dp.arms {
            let games = deals_end
                .checked_mul(u64::from(arm.plan.rotations))
                .filter(|g| *g <= crate::limits::MAX_GAMES)
                .ok_or(SearchError::Overflow)?;
            arm.plan.games = games;
        }
    }
    Ok(Fidelity {
        kind,
        plans,
        measures,
    })
}

/// `1,234,567`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl SearchPlan {
    /// A fingerprint of everything that determines the search's outputs: every fidelity's
    /// design plans, the measures, the objectives, the candidates and the space, the stages
    /// and the seed.
    pub fn fingerprint(&self) -> String {
        let mut text = String::from("search-1");
        for f in &self.fidelities {
            let _ = write!(text, "|{}", f.kind.name());
            for dp in &f.plans {
                let _ = write!(text, "|{}", dp.fingerprint());
            }
            let _ = write!(text, "|{:?}", f.measures);
        }
        let _ = write!(
            text,
            "|{:?}|{}|{:?}|{:?}|{:?}|{}|{}",
            self.objectives,
            self.candidates.len(),
            self.space,
            self.method,
            self.stages,
            self.finalists,
            self.seed
        );
        silver_stats::fnv1a_hex(&text)
    }

    /// Games of the whole schedule.
    pub fn total_games(&self) -> u64 {
        self.stages
            .iter()
            .fold(0u64, |a, s| a.saturating_add(s.games))
    }

    /// The schedule as an aligned table: stage, fidelity, sets, deals per set (and which),
    /// games; then the total.
    pub fn schedule_text(&self) -> String {
        let mut rows = vec![[
            "stage".to_string(),
            "fidelity".into(),
            "sets".into(),
            "deals".into(),
            "deal numbers".into(),
            "games".into(),
        ]];
        for s in &self.stages {
            rows.push([
                s.number.to_string(),
                self.fidelities[s.fidelity].kind.name().into(),
                grouped(s.set_count),
                grouped(s.deals.end - s.deals.start),
                format!("{}-{}", s.deals.start, s.deals.end.saturating_sub(1)),
                grouped(s.games),
            ]);
        }
        rows.push([
            "total".into(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            grouped(self.total_games()),
        ]);
        let widths: Vec<usize> = (0..6)
            .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
            .collect();
        let mut out = String::new();
        for r in &rows {
            let mut line = String::new();
            for (c, cell) in r.iter().enumerate() {
                if c > 0 {
                    line.push_str("  ");
                }
                let pad = " ".repeat(widths[c] - cell.chars().count());
                if c == 1 || c == 4 {
                    line.push_str(cell);
                    line.push_str(&pad);
                } else {
                    line.push_str(&pad);
                    line.push_str(cell);
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}
