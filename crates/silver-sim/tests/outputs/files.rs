//! The files of a run directory.

use silver_sim::read_prefix;
use std::fs;

#[test]
fn rows_are_counted_outside_quoted_fields() {
    let dir = std::env::temp_dir().join(format!("silver-prefix-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let p = dir.join("games.csv");
    let text = "set,bot\namulet,\"a\nb, \"\"c\"\"\"\namulet,\"x\"\n";
    fs::write(&p, text).unwrap();
    let prefix = read_prefix(&p, text.len() as u64).unwrap();
    assert_eq!(prefix.lines, 3);
    assert_eq!(prefix.crc, crc32fast::hash(text.as_bytes()));
    let _ = fs::remove_dir_all(&dir);
}
