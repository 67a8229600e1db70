//! Run manifests (`manifest.json`): parse; a manifest that parses saves and reads back the
//! same, its card set and its plan (`silver view DIR --game N`) rebuild or fail cleanly, and
//! `silver verify` of a directory holding it fails or succeeds without a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use silver_sim::{Manifest, ManifestPlanError, Plan};
use std::path::PathBuf;

/// This process's scratch run directory (the manifest is rewritten for every input).
fn scratch() -> &'static PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("silver-fuzz-manifest-{}", std::process::id()));
        std::fs::create_dir_all(&d).expect("a scratch directory");
        d
    })
}

/// The plan of a manifest, its fingerprint made to match (anyone can recompute one): so the
/// plan's own checks are reached, not only the fingerprint's.
fn plan(m: &mut Manifest) -> Result<Plan, ManifestPlanError> {
    match Plan::from_manifest(m) {
        Err(ManifestPlanError::Fingerprint { computed, .. }) => {
            m.fingerprint = computed;
            Plan::from_manifest(m)
        }
        r => r,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(mut m) = serde_json::from_slice::<Manifest>(data) else {
        return;
    };
    // What a run saves reads back the same.
    let text = serde_json::to_string_pretty(&m).expect("a manifest serialises");
    let back: Manifest = serde_json::from_str(&text).expect("a saved manifest reads back");
    assert_eq!(
        serde_json::to_string_pretty(&back).expect("serialises"),
        text,
        "a manifest changes when saved again"
    );
    let _ = m.card_set();
    if let Ok(p) = plan(&mut m) {
        // Every game of the plan has a lineup of the plan's bots.
        let last = p.games.saturating_sub(1);
        for g in [0, last / 2, last] {
            let slot = p.slot(g);
            for s in 0..p.players {
                assert!(p.bot_at(slot, s) < p.bots.len());
            }
        }
    }
    // `silver verify` of a directory holding only this manifest.
    let dir = scratch();
    std::fs::write(dir.join("manifest.json"), data).expect("the manifest is written");
    let _ = silver_sim::verify_dir(dir);
});
