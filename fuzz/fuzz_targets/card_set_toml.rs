//! Card-set files (`experiments/sets/*.toml`): parse, and a set that parses survives its own
//! record (what a manifest stores).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(set) = silver_sim::NamedSet::from_toml(text) {
        let back = silver_sim::NamedSet::from_record(&set.record()).expect("a record rebuilds");
        assert_eq!(back.set, set.set);
        assert_eq!(back.name, set.name);
        let _ = set.listing();
    }
});
