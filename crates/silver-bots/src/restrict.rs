//! Restricted bots: the `forbid` parameter of every built-in kind but `exec`
//! (`greedy:forbid=7`, `ismcts-1k:forbid=7,12`, `forbid = [7, 12]` in a profile).
//!
//! A restricted bot never keeps, takes or uses a forbidden value when another legal action
//! exists: before it decides, the legal list is reduced to the actions that involve no
//! forbidden value ([`silver_rules::PlayerView::restricted_values`], whose table says what each
//! action involves); when every legal action involves one, it decides among all of them as
//! usual. A bot without `forbid` skips all of this (one test of an empty set per decision), so
//! its decisions and their cost are unchanged.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use silver_rules::{Action, ActionList, Value, ValueSet, MAX_ACTIONS, VALUES};

/// The values a bot is forbidden (the `forbid` parameter): a [`ValueSet`] read from a list of
/// distinct values 0–13. Written as the list in increasing order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forbid(pub ValueSet);

impl Forbid {
    /// True if nothing is forbidden (the parameter is then left out of written specs).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Forbid {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter())
    }
}

impl<'de> Deserialize<'de> for Forbid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Forbid, D::Error> {
        let list = Vec::<i64>::deserialize(d)?;
        let mut set = ValueSet::EMPTY;
        for v in list {
            if !(0..VALUES as i64).contains(&v) {
                return Err(serde::de::Error::custom(format_args!(
                    "forbid: {v} is not a card value (0-13)"
                )));
            }
            if set.contains(v as Value) {
                return Err(serde::de::Error::custom(format_args!(
                    "forbid: {v} is listed twice"
                )));
            }
            set.insert(v as Value);
        }
        Ok(Forbid(set))
    }
}

/// True if `action` involves no forbidden value.
#[inline]
fn allowed(forbid: ValueSet, values: ValueSet) -> bool {
    !forbid.intersects(values)
}

/// The position in `legal` of the `k`-th action (0-based) that involves no value of
/// `forbid`, counting by `values`; `None` if there are `k` or fewer.
pub(crate) fn nth_allowed(
    forbid: ValueSet,
    legal: &[Action],
    k: usize,
    values: impl Fn(Action) -> ValueSet,
) -> Option<usize> {
    legal
        .iter()
        .enumerate()
        .filter(|&(_, &a)| allowed(forbid, values(a)))
        .nth(k)
        .map(|(i, _)| i)
}

/// How many actions of `legal` involve no value of `forbid`.
pub(crate) fn count_allowed(
    forbid: ValueSet,
    legal: &[Action],
    values: impl Fn(Action) -> ValueSet,
) -> usize {
    legal
        .iter()
        .filter(|&&a| allowed(forbid, values(a)))
        .count()
}

/// Removes from `list` the actions that involve a value of `forbid`, unless that would leave
/// nothing (then `list` is unchanged). For a search's own buffers.
pub(crate) fn retain_allowed(
    forbid: ValueSet,
    list: &mut ActionList,
    values: impl Fn(Action) -> ValueSet,
) {
    if list.iter().any(|&a| allowed(forbid, values(a))) {
        list.retain(|a| allowed(forbid, values(*a)));
    }
}

/// A restricted bot's reduced legal list, kept between decisions (no allocation per decision).
#[derive(Clone, Debug)]
pub(crate) struct Restriction {
    forbid: ValueSet,
    /// The legal actions that involve no forbidden value, in the legal list's order.
    allowed: ActionList,
    /// For each of them, its position in the legal list.
    from: [u16; MAX_ACTIONS],
    /// False when the last reduction returned the legal list itself.
    reduced: bool,
}

impl Restriction {
    /// The restriction of `forbid`, or `None` if nothing is forbidden (the bot then pays
    /// nothing).
    pub(crate) fn of(forbid: Forbid) -> Option<Box<Restriction>> {
        (!forbid.is_empty()).then(|| {
            Box::new(Restriction {
                forbid: forbid.0,
                allowed: ActionList::new(),
                from: [0; MAX_ACTIONS],
                reduced: false,
            })
        })
    }

    /// The list to decide from: the actions of `legal` that involve no forbidden value (by
    /// `values`), or `legal` itself if none does not.
    pub(crate) fn reduce<'a>(
        &'a mut self,
        legal: &'a [Action],
        values: impl Fn(Action) -> ValueSet,
    ) -> &'a [Action] {
        self.allowed.clear();
        for (i, &a) in legal.iter().enumerate() {
            if allowed(self.forbid, values(a)) {
                self.from[self.allowed.len()] = i as u16;
                self.allowed.push(a);
            }
        }
        self.reduced = !self.allowed.is_empty() && self.allowed.len() < legal.len();
        if self.reduced {
            &self.allowed
        } else {
            legal
        }
    }

    /// The position in the legal list of position `i` of the list [`Restriction::reduce`]
    /// last returned.
    pub(crate) fn position(&self, i: usize) -> usize {
        if self.reduced {
            self.from[i] as usize
        } else {
            i
        }
    }
}
