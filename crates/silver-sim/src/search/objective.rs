//! Objectives: declarative targets over the design card's metrics, each term a penalty of one
//! metric's value (lower is better), weighted and summed; constraint terms rank every set that
//! breaks them after every set that keeps them.

/// What a term asks of its metric's value `m`; its penalty is 0 when met.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Goal {
    /// |m − t|.
    Target(f64),
    /// max(0, x − m).
    AtLeast(f64),
    /// max(0, m − y).
    AtMost(f64),
    /// max(0, a − m, m − b).
    Within(f64, f64),
    /// m.
    Minimize,
    /// −m.
    Maximize,
}

/// One term of an objective.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// The metric's name (`seat_advantage`).
    pub metric: &'static str,
    /// The key asked for, or every key of the metric (penalties summed) when `None`.
    pub key: Option<String>,
    /// The player count asked for, or every player count of the search when `None`.
    pub players: Option<u8>,
    /// What it asks.
    pub goal: Goal,
    /// Weight of its penalty in the objective (default 1).
    pub weight: f64,
    /// A constraint: not summed into the objective; a set with a positive penalty ranks after
    /// every set without.
    pub constraint: bool,
    /// The measures it reads (indices into every fidelity's [`super::Fidelity::measures`]).
    pub measures: Vec<usize>,
}

/// One objective: a name and its terms (lower is better).
#[derive(Clone, Debug, PartialEq)]
pub struct Objective {
    /// Its name in files (`objective_NAME` columns).
    pub name: String,
    /// Its terms.
    pub terms: Vec<Term>,
    /// Added per value (or token) changed from the base (a tie-break toward fewer changes that
    /// may also be a cost; default 0: changes only break ties).
    pub change_weight: f64,
}
