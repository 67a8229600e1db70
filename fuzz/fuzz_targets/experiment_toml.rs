//! Experiment specs: parse and resolve (bots against a directory with no profiles, so only
//! kinds and inline specs resolve), and a resolved plan fingerprints.
#![no_main]
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(spec) = silver_sim::ExperimentSpec::from_toml(text) else {
        return;
    };
    let bots = Path::new("/nonexistent-silver-fuzz-bots");
    if spec.balance.is_some() {
        let _ = silver_sim::resolve_balance(&spec, bots);
    } else if let Ok(plan) = silver_sim::resolve(&spec, bots) {
        let _ = plan.fingerprint();
        let _ = plan.slot(plan.games - 1);
    }
});
