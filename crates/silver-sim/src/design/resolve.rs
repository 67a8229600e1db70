//! Resolving a design card: what was typed ([`DesignSpec`]) becomes a [`DesignPlan`], every arm
//! an ordinary [`Plan`] resolved as a run's is (the same set, players, model and master seed,
//! so every arm plays the same deals), with the lineups, rotations and game counts the card's
//! metrics assume.

use super::{Arm, ArmKind, DesignPlan};
use crate::error::{BotError, SpecError};
use crate::permission::ExecPolicy;
use crate::plan::{resolve_bot_with, resolve_with, BotEntry, Plan};
use crate::spec::{ExperimentSpec, ModelSpec, Outputs, Seating};
use silver_bots::BotSpec;
use silver_rules::VALUES;
use std::path::Path;

/// The default skill ladder, weakest first.
pub const DEFAULT_LADDER: &str = "random,greedy-mem2,greedy,ismcts:iterations=100";
/// The default reference bot.
pub const DEFAULT_REFERENCE: &str = "greedy";
/// The default games of an arm of fast bots.
pub const DEFAULT_GAMES: u64 = 2000;
/// The default games of an arm with a search (or program) bot.
pub const DEFAULT_SEARCH_GAMES: u64 = 400;
/// The default iterations of the hidden-information arm's two searches.
pub const DEFAULT_SEARCH_ITERATIONS: u32 = 100;

/// A design card as typed (`silver design`'s options).
#[derive(Clone, Debug, PartialEq)]
pub struct DesignSpec {
    /// The card set: a set string or a card-set file.
    pub set: String,
    /// Players per game (2–4).
    pub players: u8,
    /// The skill ladder, weakest first: bot names as `--bots` takes them.
    pub ladder: Vec<String>,
    /// The reference bot (self-play, points game, restricted play).
    pub reference: String,
    /// Games of an arm of fast bots.
    pub games: u64,
    /// Games of an arm with a search kind (`ismcts`, `cheating-ismcts`) or a program.
    pub search_games: u64,
    /// Iterations of the hidden-information arm's searches.
    pub search_iterations: u32,
    /// Master seed of every arm.
    pub seed: u64,
    /// The card's game model (the points-game arm always plays the points game).
    pub model: ModelSpec,
    /// The values that get a restricted-play arm, in order (empty: none).
    pub values: Vec<u8>,
    /// Variance-reduced estimates beside the plain ones: the arms whose metrics have a
    /// control (self-play, the ladder, memory, restricted play) measure each game's chance
    /// luck, except an arm with a bot that reads hidden cards (its luck is no fair control).
    pub variance_reduction: bool,
}

impl Default for DesignSpec {
    fn default() -> Self {
        DesignSpec {
            set: "amulet".into(),
            players: 4,
            ladder: DEFAULT_LADDER.split(',').map(String::from).collect(),
            reference: DEFAULT_REFERENCE.into(),
            games: DEFAULT_GAMES,
            search_games: DEFAULT_SEARCH_GAMES,
            search_iterations: DEFAULT_SEARCH_ITERATIONS,
            seed: 1,
            model: ModelSpec::default(),
            values: (0..VALUES as u8).collect(),
            variance_reduction: false,
        }
    }
}

/// Why a design card cannot be resolved (one line each).
#[derive(Debug, thiserror::Error)]
pub enum DesignError {
    /// An arm's plan does not resolve (the set, the players, the games, a bot).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A bot of the ladder or the reference does not resolve.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// Fewer than two rungs.
    #[error("the ladder needs at least two rungs, weakest first (--ladder random,greedy); it has {rungs}")]
    OneRung {
        /// Rungs given.
        rungs: usize,
    },
    /// A rung listed twice.
    #[error("the ladder lists {name} twice")]
    SameRung {
        /// The rung.
        name: String,
    },
    /// A count that must be positive is 0.
    #[error("{what} must be at least 1")]
    Zero {
        /// Which count.
        what: &'static str,
    },
    /// A restricted value that is not a card value.
    #[error("value {value} is not a card value (0-13)")]
    NoSuchValue {
        /// The value given.
        value: u8,
    },
    /// A restricted value listed twice.
    #[error("value {value} is listed twice")]
    SameValue {
        /// The value.
        value: u8,
    },
}

/// The name of the reference bot forbidden `value`: `REF:forbid=v` (`REF,forbid=v` when the
/// reference already has inline parameters).
pub fn restricted_name(reference: &str, value: u8) -> String {
    let sep = if reference.contains(':') { ',' } else { ':' };
    format!("{reference}{sep}forbid={value}")
}

/// Whether a bot makes an arm slow (it plays the search games): a search kind or a program.
fn slow(spec: &BotSpec) -> bool {
    match spec {
        BotSpec::Ismcts(_) | BotSpec::CheatingIsmcts(_) | BotSpec::Exec(_) => true,
        BotSpec::Random(_) | BotSpec::Greedy(_) | BotSpec::EpsilonGreedy(_) => false,
    }
}

/// The lineups of an arm of `bots` distinct bots at `players` seats, and their rotations: one
/// bot in every seat (1 rotation); two bots alternating, `[0,1,0,1]` rotated (2 rotations) at
/// an even table, and at an odd one two tables alternating by deal, `[0,1,0]` and `[1,0,1]`,
/// each rotated (as many rotations as players), so each bot holds as many seats as the other
/// over a block.
fn lineups(bots: usize, players: usize) -> (Vec<Vec<usize>>, u8) {
    if bots == 1 {
        return (vec![vec![0; players]], 1);
    }
    let table = |first: usize| (0..players).map(|s| (s + first) % 2).collect::<Vec<_>>();
    if players.is_multiple_of(2) {
        (vec![table(0)], 2)
    } else {
        (vec![table(0), table(1)], players as u8)
    }
}

/// Resolves a design card whose bots the caller typed: every exec bot must pass `policy`.
pub fn resolve_design(
    spec: &DesignSpec,
    bots_dir: &Path,
    policy: &mut ExecPolicy,
) -> Result<DesignPlan, DesignError> {
    if !(2..=silver_rules::MAX_PLAYERS as u8).contains(&spec.players) {
        return Err(SpecError::Players(spec.players).into());
    }
    for (what, n) in [
        ("--games", spec.games),
        ("--search-games", spec.search_games),
        ("--search-iterations", spec.search_iterations as u64),
    ] {
        if n == 0 {
            return Err(DesignError::Zero { what });
        }
    }
    if spec.ladder.len() < 2 {
        return Err(DesignError::OneRung {
            rungs: spec.ladder.len(),
        });
    }
    for (i, v) in spec.values.iter().enumerate() {
        if *v as usize >= VALUES {
            return Err(DesignError::NoSuchValue { value: *v });
        }
        if spec.values[..i].contains(v) {
            return Err(DesignError::SameValue { value: *v });
        }
    }
    let mut entry = |name: &str| -> Result<BotEntry, BotError> {
        let (name, spec) = resolve_bot_with(name, bots_dir, policy)?;
        Ok(BotEntry { name, spec })
    };
    let reference = entry(&spec.reference)?;
    let mut ladder: Vec<BotEntry> = Vec::with_capacity(spec.ladder.len());
    for rung in &spec.ladder {
        let e = entry(rung)?;
        if ladder.iter().any(|r| r.name == e.name) {
            return Err(DesignError::SameRung { name: e.name });
        }
        ladder.push(e);
    }
    // Every arm's games are played out (its metrics count every round).
    if let Some(b) = ladder
        .iter()
        .chain([&reference])
        .find(|b| b.spec.forfeits())
    {
        return Err(SpecError::ForfeitHere {
            bot: b.name.clone(),
            what: "a design card",
        }
        .into());
    }
    let n = spec.ladder.len();
    let mut kinds = vec![ArmKind::SelfPlay, ArmKind::PointsGame];
    for gap in 1..n {
        for lower in 0..n - gap {
            kinds.push(ArmKind::Ladder {
                lower,
                upper: lower + gap,
            });
        }
    }
    kinds.push(ArmKind::HiddenInformation);
    kinds.push(ArmKind::Memory);
    kinds.extend(
        spec.values
            .iter()
            .map(|&value| ArmKind::Restricted { value }),
    );
    let iterations = spec.search_iterations;
    let mut arms = Vec::with_capacity(kinds.len());
    for kind in kinds {
        let bots: Vec<String> = match kind {
            ArmKind::SelfPlay | ArmKind::PointsGame => vec![reference.name.clone()],
            ArmKind::Ladder { lower, upper } => {
                vec![ladder[upper].name.clone(), ladder[lower].name.clone()]
            }
            ArmKind::HiddenInformation => vec![
                format!("cheating-ismcts:iterations={iterations}"),
                format!("ismcts:iterations={iterations}"),
            ],
            ArmKind::Memory => vec!["greedy".into(), "greedy-mem2".into()],
            ArmKind::Restricted { value } => {
                vec![
                    reference.name.clone(),
                    restricted_name(&reference.name, value),
                ]
            }
        };
        arms.push(Arm {
            kind,
            plan: arm_plan(spec, kind, bots, bots_dir, policy)?,
        });
    }
    let set = arms[0].plan.set.clone();
    Ok(DesignPlan {
        set,
        players: spec.players,
        reference,
        ladder,
        games: spec.games,
        search_games: spec.search_games,
        seed: spec.seed,
        arms,
    })
}

/// The plan of one arm: `bots` (bot 0 first) at the card's table, its lineups, and its games
/// rounded up to whole blocks.
fn arm_plan(
    spec: &DesignSpec,
    kind: ArmKind,
    bots: Vec<String>,
    bots_dir: &Path,
    policy: &mut ExecPolicy,
) -> Result<Plan, DesignError> {
    let model = match kind {
        ArmKind::PointsGame => ModelSpec::Points {
            target: 100,
            bounce: true,
            kamikaze: true,
            max_rounds: silver_rules::DEFAULT_MAX_ROUNDS,
        },
        _ => spec.model,
    };
    let typed = ExperimentSpec {
        name: Some("design".into()),
        players: spec.players,
        bots,
        seating: Seating::Rotate,
        set: spec.set.clone(),
        token: None,
        model,
        games: spec.games,
        seed: spec.seed,
        max_turns_per_round: silver_rules::DEFAULT_MAX_TURNS,
        outputs: Outputs::NONE,
        balance: None,
        design: None,
        sprt: None,
        variance_reduction: false,
    };
    let mut plan = resolve_with(&typed, bots_dir, policy)?;
    let (tables, rotations) = lineups(plan.bots.len(), spec.players as usize);
    let unit = rotations as u64 * tables.len() as u64;
    let asked = if plan.bots.iter().any(|b| slow(&b.spec)) {
        spec.search_games
    } else if kind == ArmKind::PointsGame {
        spec.games.div_ceil(4)
    } else {
        spec.games
    };
    let games = asked.div_ceil(unit) * unit;
    if games > crate::limits::MAX_GAMES {
        return Err(SpecError::TooManyGames { games }.into());
    }
    plan.luck = spec.variance_reduction
        && !matches!(kind, ArmKind::PointsGame | ArmKind::HiddenInformation)
        && !plan.bots.iter().any(|b| b.spec.sees_hidden());
    plan.games = games;
    plan.tables = tables;
    plan.rotations = rotations;
    Ok(plan)
}

impl DesignPlan {
    /// The directory of arm `i` under `OUT/arms/`: its index and its kind.
    pub fn dir_name(&self, i: usize) -> String {
        let width = (self.arms.len().saturating_sub(1)).to_string().len().max(2);
        let kind = match self.arms[i].kind {
            ArmKind::SelfPlay => "self-play".to_string(),
            ArmKind::PointsGame => "points-game".to_string(),
            ArmKind::Ladder { lower, upper } => format!("ladder-{upper}-over-{lower}"),
            ArmKind::HiddenInformation => "hidden-information".to_string(),
            ArmKind::Memory => "memory".to_string(),
            ArmKind::Restricted { value } => format!("restricted-{value}"),
        };
        format!("{i:0width$}-{kind}")
    }

    /// What arm `i` plays, for people: its kind and its bots (`ladder greedy vs random`).
    pub fn label(&self, i: usize) -> String {
        let arm = &self.arms[i];
        let kind = match arm.kind {
            ArmKind::SelfPlay => "self-play",
            ArmKind::PointsGame => "points game",
            ArmKind::Ladder { .. } => "ladder",
            ArmKind::HiddenInformation => "hidden information",
            ArmKind::Memory => "memory",
            ArmKind::Restricted { .. } => "restricted",
        };
        format!("{kind} {}", arm.plan.bot_names().join(" vs "))
    }

    /// The same card for another set (a sweep's set): every arm's plan with that set, so
    /// every arm plays the same deals as this card's.
    pub fn with_set(&self, set: &crate::sets::NamedSet) -> DesignPlan {
        let mut dp = self.clone();
        dp.set = set.clone();
        for arm in &mut dp.arms {
            arm.plan.set = set.clone();
        }
        dp
    }

    /// Games of the whole card.
    pub fn total_games(&self) -> u64 {
        self.arms.iter().map(|a| a.plan.games).sum()
    }

    /// A fingerprint of the whole card (a resumed card must match it): every arm's directory
    /// and plan.
    pub fn fingerprint(&self) -> String {
        let mut text = String::from("design-1");
        for (i, arm) in self.arms.iter().enumerate() {
            text.push('|');
            text.push_str(&self.dir_name(i));
            text.push('=');
            text.push_str(&arm.plan.fingerprint());
        }
        silver_stats::fnv1a_hex(&text)
    }
}
