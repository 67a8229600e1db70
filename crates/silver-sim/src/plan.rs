//! Resolution: an [`ExperimentSpec`] (what was typed) becomes a [`Plan`] (what will run):
//! bot names resolved to specs, the lineup of every table, the game configuration, and a
//! fingerprint that shards and resumed runs must share.

use crate::spec::{ExperimentSpec, ModelSpec, Outputs, Seating};
use silver_bots::{BotSpec, KINDS};
use silver_rules::{CardSet, Config, GameModel, Seat};
use std::path::Path;

/// A resolved bot: its name as typed and its spec.
#[derive(Clone, Debug, PartialEq)]
pub struct BotEntry {
    /// Name as typed (profile name or inline spec); used in every output.
    pub name: String,
    /// The resolved spec.
    pub spec: BotSpec,
}

/// Everything a run needs, resolved and validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Run name.
    pub name: String,
    /// Game configuration.
    pub config: Config,
    /// Canonical card-set name (written in outputs).
    pub set_name: String,
    /// Distinct bots.
    pub bots: Vec<BotEntry>,
    /// Lineups: for each table, the bot (index into `bots`) of each seat before rotation.
    pub tables: Vec<Vec<usize>>,
    /// Seat rotations per deal: the lineup's period for rotated seating (the player count
    /// unless the lineup repeats, e.g. 2 for A,B,A,B and 1 for a single bot), 1 for fixed.
    pub rotations: u8,
    /// Total games.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Per-game outputs.
    pub outputs: Outputs,
}

/// Where game `index` stands in the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSlot {
    /// Game index.
    pub index: u64,
    /// Deal number (rotations of one deal share it).
    pub deal: u64,
    /// Seat rotation.
    pub rotation: u8,
    /// Table.
    pub table: usize,
}

impl Plan {
    /// The position of game `index`.
    pub fn slot(&self, index: u64) -> GameSlot {
        let r = self.rotations as u64;
        let deal = index / r;
        GameSlot {
            index,
            deal,
            rotation: (index % r) as u8,
            table: (deal % self.tables.len() as u64) as usize,
        }
    }

    /// The bot (index into `bots`) playing `seat` in a game.
    pub fn bot_at(&self, slot: GameSlot, seat: Seat) -> usize {
        let lineup = &self.tables[slot.table];
        lineup[(seat as usize + slot.rotation as usize) % lineup.len()]
    }

    /// A fingerprint of everything that determines the outputs (shards and resumed runs must
    /// match it).
    pub fn fingerprint(&self) -> String {
        let text = format!(
            "{:?}|{:?}|{:?}|{:?}|{}|{}|{}|{:?}",
            self.config,
            self.set_name,
            self.bots,
            self.tables,
            self.rotations,
            self.games,
            self.seed,
            self.outputs
        );
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{h:016x}")
    }
}

/// Resolves a bot name: a built-in kind (`greedy`, `ismcts:iterations=500`), or a profile of
/// `bots_dir` (`greedy-mem2`, `ismcts-1k:exploration=0.5`).
pub fn resolve_bot(name: &str, bots_dir: &Path) -> Result<BotSpec, String> {
    let name = name.trim();
    let (base, overrides) = name.split_once(':').unwrap_or((name, ""));
    if KINDS.contains(&base) {
        return BotSpec::parse_inline(name).map_err(|e| format!("bot `{name}`: {e}"));
    }
    let file = bots_dir.join(format!("{base}.toml"));
    if base.is_empty() || base.contains(['/', '\\', '.']) || !file.is_file() {
        let profiles = list_profiles(bots_dir);
        return Err(format!(
            "unknown bot `{base}`; built-in kinds: {}; profiles in {}: {}",
            KINDS.join(", "),
            bots_dir.display(),
            if profiles.is_empty() {
                "(none)".to_string()
            } else {
                profiles.join(", ")
            }
        ));
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    BotSpec::from_toml_with_overrides(&text, overrides)
        .map_err(|e| format!("{}: {e}", file.display()))
}

/// The profile names in a directory (sorted).
pub fn list_profiles(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let p = e.path();
            (p.extension().is_some_and(|x| x == "toml"))
                .then(|| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
                .flatten()
        })
        .collect();
    v.sort();
    v
}

/// The smallest p such that rotating the lineup by p seats gives the same lineup.
fn period(lineup: &[usize]) -> usize {
    let n = lineup.len();
    (1..=n)
        .find(|&p| n % p == 0 && (0..n).all(|s| lineup[s] == lineup[(s + p) % n]))
        .unwrap_or(n)
}

/// Resolves and validates a spec.
pub fn resolve(spec: &ExperimentSpec, bots_dir: &Path) -> Result<Plan, String> {
    if !(2..=4).contains(&spec.players) {
        return Err(format!(
            "players = {}: Silver is for 2, 3 or 4 players",
            spec.players
        ));
    }
    if spec.set != "amulet" {
        return Err(format!(
            "set = \"{}\": unknown card set; valid sets: amulet",
            spec.set
        ));
    }
    if spec.token != "amulet" {
        return Err(format!(
            "token = \"{}\": unknown token; valid tokens: amulet",
            spec.token
        ));
    }
    if spec.games == 0 {
        return Err("games must be at least 1".into());
    }
    if spec.bots.is_empty() {
        return Err("bots: list at least one bot".into());
    }
    let model = match spec.model {
        ModelSpec::Rounds { rounds } => GameModel::Rounds { rounds },
        ModelSpec::Points {
            target,
            bounce,
            kamikaze,
            max_rounds,
        } => GameModel::Points {
            target,
            bounce,
            kamikaze,
            max_rounds,
        },
    };
    let config = Config {
        players: spec.players,
        set: CardSet::amulet(),
        model,
        max_turns_per_round: spec.max_turns_per_round,
    };
    config.validate().map_err(|e| e.to_string())?;
    let mut bots: Vec<BotEntry> = Vec::new();
    let index_of = |name: &str, bots: &mut Vec<BotEntry>| -> Result<usize, String> {
        if let Some(i) = bots.iter().position(|b| b.name == name) {
            return Ok(i);
        }
        let spec = resolve_bot(name, bots_dir)?;
        bots.push(BotEntry {
            name: name.trim().to_string(),
            spec,
        });
        Ok(bots.len() - 1)
    };
    let n = spec.players as usize;
    let listed: Vec<usize> = spec
        .bots
        .iter()
        .map(|b| index_of(b, &mut bots))
        .collect::<Result<_, _>>()?;
    if listed.len() > n && spec.seating != Seating::RoundRobin {
        return Err(format!(
            "{} bots listed for {} seats (use seating = \"round-robin\" to pair them up)",
            listed.len(),
            n
        ));
    }
    let tables: Vec<Vec<usize>> = match spec.seating {
        Seating::Rotate | Seating::Fixed => {
            vec![(0..n).map(|s| listed[s % listed.len()]).collect()]
        }
        Seating::RoundRobin => {
            if listed.len() < 2 {
                return Err("round-robin seating needs at least 2 bots".into());
            }
            let mut t = Vec::new();
            for i in 0..listed.len() {
                for j in i + 1..listed.len() {
                    t.push(
                        (0..n)
                            .map(|s| if s % 2 == 0 { listed[i] } else { listed[j] })
                            .collect(),
                    );
                }
            }
            t
        }
    };
    // Rotating a lineup by its period gives the same seating again, so the distinct rotations
    // are its period: 1 for a single bot, 2 for A,B,A,B, the player count otherwise.
    let rotations = match spec.seating {
        Seating::Fixed => 1,
        Seating::Rotate | Seating::RoundRobin => period(&tables[0]) as u8,
    };
    Ok(Plan {
        name: spec.name.clone().unwrap_or_else(|| "experiment".into()),
        config,
        set_name: config.set.canonical_name(),
        bots,
        tables,
        rotations,
        games: spec.games,
        seed: spec.seed,
        outputs: spec.outputs,
    })
}
