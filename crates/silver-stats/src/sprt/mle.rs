//! The constrained maximum-likelihood distribution of block scores under a hypothesis of the
//! normalised Elo model (Van den Bergh's iteration, accelerated), which the LLR compares.

pub(crate) fn mean_var(scores: &[f64], p: &[f64]) -> (f64, f64) {
    let mu: f64 = scores.iter().zip(p).map(|(a, q)| a * q).sum();
    let var: f64 = scores
        .iter()
        .zip(p)
        .map(|(a, q)| q * (a - mu) * (a - mu))
        .sum();
    (mu, var)
}

/// The root of `f(x) = Σ p̂ᵢ φᵢ / (1 + x φᵢ)` on `(−1/max φ, −1/min φ)`, where it falls from
/// +∞ to −∞: Newton's method kept inside a shrinking bracket, to machine precision.
fn theta(probs: &[f64], phi: &[f64], guess: f64) -> f64 {
    let u = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let v = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !(u < 0.0 && v > 0.0) {
        return 0.0;
    }
    let (mut lo, mut hi) = (-1.0 / v, -1.0 / u);
    let f = |x: f64| -> (f64, f64) {
        let mut y = 0.0;
        let mut d = 0.0;
        for (p, f) in probs.iter().zip(phi) {
            let den = 1.0 + x * f;
            y += p * f / den;
            d -= p * f * f / (den * den);
        }
        (y, d)
    };
    // Start from the guess (the previous round's root) when it lies inside the bracket.
    let mut x = if guess > lo && guess < hi {
        guess
    } else {
        lo + (hi - lo) / 2.0
    };
    for _ in 0..200 {
        let (y, d) = f(x);
        if y == 0.0 {
            return x;
        }
        if y > 0.0 {
            lo = x;
        } else {
            hi = x;
        }
        let mut next = x - y / d;
        if !(next > lo && next < hi && next.is_finite()) {
            next = lo + (hi - lo) / 2.0;
        }
        // Converged to a few units in the last place (Newton's step can hover there).
        let tol = 4.0 * f64::EPSILON * (1.0 + x.abs());
        if (next - x).abs() <= tol || hi - lo <= tol {
            return next;
        }
        x = next;
    }
    x
}

/// The maximum-likelihood distribution on `scores` with `(μ − mu_ref)/σ = t` given the
/// empirical distribution `probs`, to machine precision.
///
/// Van den Bergh (section 4.1) iterates `pᵢ = p̂ᵢ/(1 + θφᵢ)` with
/// `φᵢ = aᵢ − mu_ref − t σ (1 + ((aᵢ − μ)/σ)²)/2` at the current `p` (θ making `Σ pᵢ = 1`),
/// from the uniform distribution, as fastchess does. Once `μ = mu_ref + tσ` (true at the fixed
/// point) the map depends on `p` only through `σ`: `σ ↦ G(σ)`, the standard deviation of the
/// `p` it gives. Its fixed-point iteration creeps (the rate is often close to 1), so here it is
/// accelerated by Steffensen's method (Aitken's Δ² on every three iterates), accepted only when
/// the extrapolation moves on in the iteration's own direction and keeps `p` valid, so it
/// reaches the fixed point the plain iteration heads for, to machine precision, in a handful
/// of steps.
pub(crate) fn mle(scores: &[f64], probs: &[f64], mu_ref: f64, t: f64) -> Vec<f64> {
    let n = scores.len();
    let mut p = vec![0.0; n];
    let mut phi = vec![0.0; n];
    let mut th = 0.0;
    // The first step is fastchess's, from the uniform distribution.
    let uniform = vec![1.0 / n as f64; n];
    let (mu0, var0) = mean_var(scores, &uniform);
    let sigma0 = var0.sqrt();
    for i in 0..n {
        let z = (scores[i] - mu0) / sigma0;
        phi[i] = scores[i] - mu_ref - 0.5 * t * sigma0 * (1.0 + z * z);
    }
    th = theta(probs, &phi, th);
    for i in 0..n {
        p[i] = probs[i] / (1.0 + th * phi[i]);
    }
    // G(σ): fills p, returns the new σ (None outside the domain).
    let mut map = |sigma: f64, p: &mut [f64], th: &mut f64| -> Option<f64> {
        if !(sigma > 0.0 && sigma.is_finite()) {
            return None;
        }
        let mu = mu_ref + t * sigma;
        for i in 0..n {
            let z = (scores[i] - mu) / sigma;
            phi[i] = scores[i] - mu_ref - 0.5 * t * sigma * (1.0 + z * z);
        }
        *th = theta(probs, &phi, *th);
        for i in 0..n {
            p[i] = probs[i] / (1.0 + *th * phi[i]);
        }
        let (_, var) = mean_var(scores, p);
        (var > 0.0 && p.iter().all(|&q| q > 0.0 && q.is_finite())).then(|| var.sqrt())
    };
    let mut s0 = mean_var(scores, &p).1.sqrt();
    // Stop at a relative change of 1e-13, or when the steps stop shrinking (the rounding of
    // the inner root sets a floor near 1e-15): the LLR is a maximum over p, so an error ε in
    // p moves it by O(ε²).
    let tol = |s: f64| 1e-13 * s;
    for _ in 0..1000 {
        let Some(s1) = map(s0, &mut p, &mut th) else {
            break;
        };
        if (s1 - s0).abs() <= tol(s1) {
            break;
        }
        let Some(s2) = map(s1, &mut p, &mut th) else {
            break;
        };
        if (s2 - s1).abs() <= tol(s2) || (s2 - s1).abs() >= (s1 - s0).abs() {
            break;
        }
        let d2 = s2 - 2.0 * s1 + s0;
        let aitken = s0 - (s1 - s0) * (s1 - s0) / d2;
        // Accept the extrapolation when it continues the iteration's direction; else go on
        // from s2.
        let forward = (aitken - s2) * (s2 - s1) > 0.0;
        s0 = if d2 != 0.0 && aitken.is_finite() && aitken > 0.0 && forward {
            aitken
        } else {
            s2
        };
    }
    // p is the map's output at the last σ (within rounding of the fixed point).
    p
}
