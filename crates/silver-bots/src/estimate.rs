//! Estimates from a player's information set: the value of cards it cannot see, village sums
//! and the chance of having the lowest sum (used by the greedy census rule and by ISMCTS's
//! truncated rollouts).

use silver_rules::{Ability, CardView, Seat, Token, Value, ViewRef};

/// The values a viewer cannot place: their mean (needed at every greedy decision, and cheap)
/// and, on demand, their variance (from the whole pool, [`ViewRef::unknown_counts`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Unknowns {
    /// Mean value of an unknown card (6.5 when every card is placed).
    pub mean: f64,
    /// How many cards the viewer cannot place.
    pub count: u32,
}

impl Unknowns {
    /// From a view.
    pub fn of<'a>(view: impl Into<ViewRef<'a>>) -> Unknowns {
        let view = view.into();
        // Integer totals are exact, so the mean is the same as from the pool's counts.
        let (count, sum) = view.unknown_total();
        let mean = if count == 0 {
            6.5
        } else {
            sum as f64 / count as f64
        };
        Unknowns { mean, count }
    }

    /// Variance of an unknown card's value in `view` (the view these are of; 0 when every card
    /// is placed). Counts the pool, so only the census estimates ask for it.
    pub fn var<'a>(&self, view: impl Into<ViewRef<'a>>) -> f64 {
        let pool = view.into().unknown_counts();
        let n: u32 = pool.iter().map(|&c| c as u32).sum();
        if n == 0 {
            return 0.0;
        }
        let mut var = 0.0;
        for (v, &c) in pool.iter().enumerate() {
            let d = v as f64 - self.mean;
            var += c as f64 * (d * d);
        }
        var / n as f64
    }

    /// Expected value of a card as the viewer sees it.
    #[inline]
    pub fn value(&self, c: &CardView) -> f64 {
        match c.value {
            Some(v) => v as f64,
            None => self.mean,
        }
    }
}

/// Estimated sum of a village and its variance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SumEstimate {
    /// Expected sum.
    pub mean: f64,
    /// Variance (from the unknown cards).
    pub var: f64,
    /// Cards whose value the viewer does not know.
    pub unknown: u32,
}

/// The viewer's estimate of `seat`'s village sum, with the scoring-time effects it can see
/// (E-SCORING-ORDER: the Bullet token's card is removed, B0 face-up Hunters remove the highest
/// card, B13 known Copycats count as the lowest other card).
#[inline]
pub fn village_sum<'a>(view: impl Into<ViewRef<'a>>, seat: Seat, u: &Unknowns) -> SumEstimate {
    let view = view.into();
    village_sum_with(view, seat, u, u.var(view))
}

/// The mean of [`village_sum`] alone (no variance to compute).
#[inline]
pub fn village_mean<'a>(view: impl Into<ViewRef<'a>>, seat: Seat, u: &Unknowns) -> f64 {
    let view = view.into();
    let (known, unknown) = view.known_sum(seat);
    known as f64 + unknown as f64 * u.mean - scoring_adjustment(view, seat, u)
}

/// [`village_sum`] with the variance of an unknown card (`u.var(view)`) already computed.
#[inline]
fn village_sum_with(view: ViewRef<'_>, seat: Seat, u: &Unknowns, u_var: f64) -> SumEstimate {
    let (known, unknown) = view.known_sum(seat);
    SumEstimate {
        mean: known as f64 + unknown as f64 * u.mean - scoring_adjustment(view, seat, u),
        var: unknown as f64 * u_var,
        unknown,
    }
}

/// How much the scoring-time effects the viewer can see lower `seat`'s sum (0 in Amulet).
#[inline]
pub fn scoring_adjustment<'a>(view: impl Into<ViewRef<'a>>, seat: Seat, u: &Unknowns) -> f64 {
    let view = view.into();
    // The test inline (no call in a set without scoring effects), the effects out of line.
    if !view.has_scoring_effects() {
        return 0.0;
    }
    scoring_effects(view, seat, u)
}

/// [`scoring_adjustment`] in a set with scoring effects.
#[inline(never)]
fn scoring_effects(view: ViewRef<'_>, seat: Seat, u: &Unknowns) -> f64 {
    let set = view.config().set;
    let bullet = set.token() == Token::Bullet;
    let mut hunters = 0;
    let mut copycats = false;
    let mut token = None;
    for c in view.village(seat) {
        if c.under_token && bullet {
            token = Some(u.value(&c));
        }
        if let Some(v) = c.value {
            match set.ability(v) {
                Ability::HunterRemove if c.face_up => hunters += 1,
                Ability::CopyLowest => copycats = true,
                _ => {}
            }
        }
    }
    if hunters == 0 && !copycats && token.is_none() {
        return 0.0;
    }
    let mut vals = [(0.0f64, false); silver_rules::CARDS];
    let mut n = 0;
    for c in view.village(seat) {
        let copy = c
            .value
            .is_some_and(|v| set.ability(v) == Ability::CopyLowest);
        vals[n] = (u.value(&c), copy);
        n += 1;
    }
    let before: f64 = vals[..n].iter().map(|v| v.0).sum();
    let remove = |vals: &mut [(f64, bool); silver_rules::CARDS], n: &mut usize, i: usize| {
        vals.copy_within(i + 1..*n, i);
        *n -= 1;
    };
    if let Some(t) = token {
        if let Some(i) = vals[..n].iter().position(|v| v.0 == t) {
            remove(&mut vals, &mut n, i);
        }
    }
    for _ in 0..hunters {
        if let Some(i) = (0..n).max_by(|&a, &b| vals[a].0.total_cmp(&vals[b].0)) {
            remove(&mut vals, &mut n, i);
        }
    }
    if copycats {
        for i in 0..n {
            if vals[i].1 {
                let low = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| vals[j].0)
                    .fold(13.0, f64::min);
                vals[i].0 = low;
            }
        }
    }
    let vals = &vals[..n];
    before - vals.iter().map(|v| v.0).sum::<f64>()
}

/// The viewer's estimate of an opponent's village sum, where the opponent's face-down cards
/// that the opponent has seen (public: every look is seen being made) but the viewer has not
/// count at `kept` (or the pool mean if lower): a player who looked at a card and kept it
/// probably found it low.
pub fn opponent_sum<'a>(
    view: impl Into<ViewRef<'a>>,
    seat: Seat,
    u: &Unknowns,
    kept: f64,
) -> SumEstimate {
    let view = view.into();
    opponent_sum_with(view, seat, u, kept, u.var(view))
}

/// [`opponent_sum`] with `u.var(view)` already computed.
fn opponent_sum_with(
    view: ViewRef<'_>,
    seat: Seat,
    u: &Unknowns,
    kept: f64,
    u_var: f64,
) -> SumEstimate {
    let kept = kept.min(u.mean);
    let mut mean = 0.0;
    let mut var = 0.0;
    let mut unknown = 0;
    for c in view.village(seat) {
        match c.value {
            Some(v) => mean += v as f64,
            None => {
                unknown += 1;
                if c.known_by & (1 << seat) != 0 {
                    mean += kept;
                    var += u_var / 2.0;
                } else {
                    mean += u.mean;
                    var += u_var;
                }
            }
        }
    }
    SumEstimate { mean, var, unknown }
}

/// Standard normal CDF (Abramowitz–Stegun 26.2.17, error < 7.5e-8).
pub fn normal_cdf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.231_641_9 * x.abs());
    let d = 0.398_942_280_401_432_7 * (-x * x / 2.0).exp();
    let p = d
        * t
        * (0.319_381_530
            + t * (-0.356_563_782
                + t * (1.781_477_937 + t * (-1.821_255_978 + t * 1.330_274_429))));
    if x >= 0.0 {
        1.0 - p
    } else {
        p
    }
}

/// Probability that `me`'s sum is the lowest (ties count as lowest, R-SCORE), treating each
/// sum as an independent normal variable; `improvement` is subtracted from each opponent's
/// expected sum (what they may still shed), and `kept` is the value of a card an opponent has
/// seen and kept (see [`opponent_sum`]).
pub fn p_lowest<'a>(
    view: impl Into<ViewRef<'a>>,
    me: Seat,
    u: &Unknowns,
    improvement: f64,
    kept: f64,
) -> f64 {
    p_lowest_while(view, me, u, improvement, kept, |_| true)
}

/// [`p_lowest`], stopping as soon as `go` is false for the product so far (which is then
/// returned). The product only falls as opponents are multiplied in, so for a test that fails
/// for every value below one that fails it, the answer is the same as with the whole product,
/// and a caller that only asks such a test skips the opponents left.
pub fn p_lowest_while<'a>(
    view: impl Into<ViewRef<'a>>,
    me: Seat,
    u: &Unknowns,
    improvement: f64,
    kept: f64,
    go: impl Fn(f64) -> bool,
) -> f64 {
    let view = view.into();
    // The variance once (every estimate needs it).
    let u_var = u.var(view);
    let mine = village_sum_with(view, me, u, u_var);
    let mut p = 1.0;
    for s in 0..view.players() {
        if s == me {
            continue;
        }
        let o = opponent_sum_with(view, s, u, kept, u_var);
        let diff = (o.mean - improvement) - mine.mean; // > 0 is good for me
        let sd = (o.var + mine.var).sqrt().max(0.5);
        // P(mine <= other) with a continuity correction for integer sums.
        p *= normal_cdf((diff + 0.5) / sd);
        if !go(p) {
            break;
        }
    }
    p
}

/// Value of a card from 0 to 13, or the mean for unknown.
pub fn known_or(v: Option<Value>, mean: f64) -> f64 {
    v.map_or(mean, |v| v as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_states::for_each_decision;
    use silver_rules::CardSet;

    /// `p_lowest_while` gives the same answer as the whole product to every test that fails
    /// for all chances below one that fails it (here `p > t`, and the greedy census test's
    /// `p > t || (stuck && p >= 0.5)`), and the whole product when never stopped.
    #[test]
    fn stopping_early_keeps_the_answer() {
        let mut stopped = 0;
        for_each_decision(
            60,
            3,
            |_| CardSet::amulet(),
            |g, p| {
                let view = g.view(p);
                let u = Unknowns::of(&view);
                let whole = p_lowest(&view, p, &u, 1.0, 3.0);
                let never = p_lowest_while(&view, p, &u, 1.0, 3.0, |_| true);
                assert_eq!(whole.to_bits(), never.to_bits());
                for t in [0.05, 0.2, 0.45, 0.7, 0.95] {
                    for stuck in [false, true] {
                        let test = |q: f64| q > t || (stuck && q >= 0.5);
                        let q = p_lowest_while(&view, p, &u, 1.0, 3.0, test);
                        assert_eq!(test(q), test(whole));
                        assert!(q >= whole);
                        stopped += usize::from(q != whole);
                    }
                }
            },
        );
        assert!(stopped > 1_000, "{stopped} early stops");
    }
}
