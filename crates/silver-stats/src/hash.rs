//! The one FNV-1a of the experiments' fingerprints (the engine's view codes keep their own,
//! seeded differently, so the rules crate depends on nothing here).

/// FNV-1a (64-bit) of a text, as 16 hex digits: the fingerprints of plans and sweeps.
pub fn fnv1a_hex(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}
