//! Reading and replacing the files a user names, in one place: text inputs (specs, card sets,
//! profiles, manifests, saved games, scripts) are read only from regular files and only up to
//! [`MAX_TEXT_FILE`] bytes (`silver run /dev/zero` must not read until memory runs out), and a
//! file replaced by an atomic rename must be a regular file or absent (renaming over a FIFO, a
//! symlink or a device would replace it with a regular file).

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::Path;

/// The largest text input read (16 MiB): far above any spec, set, profile, saved game or
/// manifest the tool writes.
pub const MAX_TEXT_FILE: u64 = 16 << 20;

/// What a path is, for messages: `a directory`, `a FIFO`, `a symlink`, ...
fn kind(t: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
    }
    if t.is_symlink() {
        "a symlink"
    } else if t.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// The whole text of the regular file at `path` (symlinks followed), refused (an
/// [`io::ErrorKind::InvalidInput`] error) if it is anything else or longer than
/// [`MAX_TEXT_FILE`] bytes.
pub fn read_text(path: &Path) -> io::Result<String> {
    // Checked before opening: opening a FIFO would wait for a writer.
    let t = fs::metadata(path)?.file_type();
    if !t.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}, not a regular file", kind(t)),
        ));
    }
    let file = File::open(path)?;
    let mut text = String::new();
    file.take(MAX_TEXT_FILE + 1).read_to_string(&mut text)?;
    if text.len() as u64 > MAX_TEXT_FILE {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("longer than {} MiB", MAX_TEXT_FILE >> 20),
        ));
    }
    Ok(text)
}

/// Refuses (an [`io::ErrorKind::InvalidInput`] error) to replace `path` unless it is absent or
/// a regular file itself (not a symlink to one): checked before anything is written.
pub fn check_replaceable(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
        Ok(m) if m.file_type().is_file() => Ok(()),
        Ok(m) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}, not a regular file: not replaced", kind(m.file_type())),
        )),
    }
}
