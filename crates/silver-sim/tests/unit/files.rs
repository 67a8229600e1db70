use silver_sim::{check_replaceable, read_text, MAX_TEXT_FILE};
use std::fs::{self, File};
use std::path::Path;

#[test]
fn only_regular_files_of_bounded_size_are_read() {
    let dir = std::env::temp_dir().join(format!("silver-sim-files-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let small = dir.join("small.toml");
    fs::write(&small, "games = 1\n").unwrap();
    assert_eq!(read_text(&small).unwrap(), "games = 1\n");
    let big = dir.join("big.toml");
    let f = File::create(&big).unwrap();
    f.set_len(MAX_TEXT_FILE + 1).unwrap();
    let e = read_text(&big).unwrap_err();
    assert!(e.to_string().contains("longer than 16 MiB"), "{e}");
    let e = read_text(&dir).unwrap_err();
    assert!(e.to_string().contains("a directory"), "{e}");
    #[cfg(unix)]
    {
        let e = read_text(Path::new("/dev/zero")).unwrap_err();
        assert!(e.to_string().contains("a device"), "{e}");
        assert!(check_replaceable(Path::new("/dev/null")).is_err());
        let link = dir.join("link");
        std::os::unix::fs::symlink(&small, &link).unwrap();
        // Read through, never replaced.
        assert_eq!(read_text(&link).unwrap(), "games = 1\n");
        let e = check_replaceable(&link).unwrap_err();
        assert!(e.to_string().contains("a symlink"), "{e}");
    }
    assert!(check_replaceable(&small).is_ok());
    assert!(check_replaceable(&dir.join("absent")).is_ok());
    assert!(check_replaceable(&dir).is_err());
    fs::remove_dir_all(&dir).unwrap();
}
