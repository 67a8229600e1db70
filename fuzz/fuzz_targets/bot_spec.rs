//! Bot specs: inline (`ismcts:iterations=500,exploration=0.5`) and TOML profiles with inline
//! overrides (the input's first line is the overrides, the rest the profile).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(spec) = silver_bots::BotSpec::parse_inline(text) {
        let _ = silver_bots::Player::from_spec(&spec);
    }
    let (overrides, profile) = text.split_once('\n').unwrap_or(("", text));
    if let Ok(spec) = silver_bots::BotSpec::from_toml_with_overrides(profile, overrides) {
        let _ = silver_bots::Player::from_spec(&spec);
    }
});
