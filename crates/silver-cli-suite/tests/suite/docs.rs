//! The docs stay true: over the README and every page under `docs/` (the rules specification
//! under `docs/rules/` excepted, which is not ours to edit), every block introduced by
//! `<!-- output of: silver ARGS -->` is exactly what the command prints, every `silver`
//! command in a `sh` block names a real subcommand with real flags, and every link (to a file,
//! and to an `#anchor` in it) resolves. Blocks marked `<!-- slow output of: silver ARGS -->`
//! take minutes: `scripts/check-docs.sh` runs and compares them, and this suite checks that they
//! are well formed. Generated markdown (tables a page renders) lies between
//! `<!-- markdown output of: silver ARGS -->` and `<!-- end of output -->` and must be exactly
//! what the command prints; `SILVER_UPDATE_DOCS=1` makes the test write it there instead.
//! Every code fence is closed by a bare ```` ``` ```` line.

use crate::common::*;

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

const MARKER: &str = "<!-- output of: silver ";
const SLOW_MARKER: &str = "<!-- slow output of: silver ";
const MARKDOWN_MARKER: &str = "<!-- markdown output of: silver ";
const MARKDOWN_END: &str = "<!-- end of output -->";

/// Every page whose output blocks and commands are checked: the README and the book, relative
/// to the workspace root, in a fixed order.
fn pages() -> Vec<String> {
    let root = Path::new(ROOT);
    let mut pages = vec!["README.md".to_string()];
    let mut stack = vec![PathBuf::from("docs")];
    let mut found = Vec::new();
    while let Some(dir) = stack.pop() {
        if dir == Path::new("docs/rules") {
            continue;
        }
        let entries =
            std::fs::read_dir(root.join(&dir)).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let name = entry.unwrap().file_name().into_string().unwrap();
            let path = dir.join(&name);
            if root.join(&path).is_dir() {
                stack.push(path);
            } else if name.ends_with(".md") {
                found.push(path.to_str().unwrap().to_string());
            }
        }
    }
    found.sort();
    pages.extend(found);
    pages
}

/// Every markdown file whose links are checked: the pages, and the other docs of the repository.
fn linking_files() -> Vec<String> {
    let mut files = pages();
    for other in [
        "CHANGELOG.md",
        "experiments/README.md",
        "fuzz/README.md",
        "crates/silver-rules/tests/scripts/README.md",
        "benches/results/README.md",
    ] {
        files.push(other.to_string());
    }
    let results = Path::new(ROOT).join("benches/results");
    let mut dated: Vec<String> = std::fs::read_dir(&results)
        .unwrap_or_else(|e| panic!("{}: {e}", results.display()))
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".md") && n != "README.md")
        .map(|n| format!("benches/results/{n}"))
        .collect();
    dated.sort();
    files.extend(dated);
    files
}

/// The lines of a page outside fenced code blocks, with their line numbers (1-based).
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut in_fence = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if !in_fence {
            out.push((i + 1, line));
        }
    }
    out
}

/// A block introduced by a marker: the command (without `silver`) and the block's text (without
/// an optional first line `$ silver ARGS`).
struct OutputBlock {
    command: String,
    text: String,
    line: usize,
}

/// The blocks of `text` introduced by `marker` (each the next ```text fence after it).
fn output_blocks(page: &str, text: &str, marker: &str) -> Vec<OutputBlock> {
    let mut blocks = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(marker) {
        let line = text.len() - rest.len() + i;
        let line = text[..line].lines().count() + 1;
        rest = &rest[i + marker.len()..];
        let end = rest
            .find(" -->")
            .unwrap_or_else(|| panic!("{page}:{line}: marker not closed"));
        let command = rest[..end].to_string();
        assert!(
            rest[end..].starts_with(" -->\n```text\n"),
            "{page}:{line}: the marker for `silver {command}` must be followed by a ```text block"
        );
        let fence = end + " -->\n```text\n".len();
        let close = rest[fence..]
            .find("\n```\n")
            .unwrap_or_else(|| panic!("{page}:{line}: block not closed"))
            + fence
            + 1;
        let block = &rest[fence..close];
        let block = block
            .strip_prefix(&format!("$ silver {command}\n"))
            .unwrap_or(block);
        blocks.push(OutputBlock {
            command,
            text: block.to_string(),
            line,
        });
        rest = &rest[close..];
    }
    blocks
}

/// A run's last line (`N games in 1.21 s: 16486 games/s on 2 threads; files in DIR`) with the
/// machine's part (time, rate, threads) left out; every other line as it is.
fn without_timing(text: &str) -> String {
    text.lines()
        .map(|line| {
            let start = line.find(" games in ");
            let end = line.find(" threads; ");
            match (start, end) {
                (Some(s), Some(e)) if s < e => format!(
                    "{} games in … threads; {}",
                    &line[..s],
                    &line[e + " threads; ".len()..]
                ),
                _ => line.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `silver COMMAND` (its words split at spaces) run in `dir`.
fn run_in(command: &str, dir: &Path) -> Out {
    let args: Vec<OsString> = command.split_whitespace().map(OsString::from).collect();
    Out::new(
        args.clone(),
        silver(&args).current_dir(dir).output().unwrap(),
    )
}
/// Every block introduced by `<!-- output of: silver ARGS -->` on every page is what
/// `silver ARGS` prints, run in a scratch copy of `bots/` and `experiments/` (so a run writes
/// its `results/` there, as the reader's would be written in the repository).
#[test]
fn output_blocks_match_the_command() {
    let root = Path::new(ROOT);
    let mut checked = Vec::new();
    for page in pages() {
        let text = read_text(&root.join(&page));
        for block in output_blocks(&page, &text, MARKER) {
            let tmp = TempDir::new("docs-output");
            copy_tree(&root.join("bots"), &tmp.join("bots"));
            copy_tree(&root.join("experiments"), &tmp.join("experiments"));
            let out = run_in(&block.command, &tmp.0);
            assert_eq!(
                out.code,
                Some(0),
                "{page}:{}\n{}",
                block.line,
                out.describe()
            );
            assert_eq!(
                without_timing(&block.text),
                without_timing(&out.stdout),
                "{page}:{}: the block for `silver {}` differs from the command's output",
                block.line,
                block.command
            );
            checked.push(block.command);
        }
    }
    for expected in [
        "run experiments/quickstart.toml",
        "cards",
        "bots",
        "run experiments/balance-one-swap.toml --games 200",
    ] {
        assert!(
            checked.iter().any(|c| c == expected),
            "no checked block for `silver {expected}`: {checked:?}"
        );
    }
}

/// A generated markdown block: the command (without `silver`), where its text starts and ends
/// in the page (bytes), and its line.
struct MarkdownBlock {
    command: String,
    start: usize,
    end: usize,
    line: usize,
}

/// The blocks of `text` between `<!-- markdown output of: silver ARGS -->` and
/// `<!-- end of output -->` (each marker on a line of its own).
fn markdown_blocks(page: &str, text: &str) -> Vec<MarkdownBlock> {
    let mut blocks = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find(MARKDOWN_MARKER) {
        let at = from + i;
        let line = text[..at].lines().count() + 1;
        let close = text[at..]
            .find(" -->\n")
            .unwrap_or_else(|| panic!("{page}:{line}: marker not closed"))
            + at;
        let command = text[at + MARKDOWN_MARKER.len()..close].to_string();
        let start = close + " -->\n".len();
        // From the marker's own newline, so an empty block is found too.
        let end = text[start - 1..]
            .find(&format!("\n{MARKDOWN_END}\n"))
            .unwrap_or_else(|| panic!("{page}:{line}: no `{MARKDOWN_END}` line after the marker"))
            + start;
        blocks.push(MarkdownBlock {
            command,
            start,
            end,
            line,
        });
        from = end + MARKDOWN_END.len();
    }
    blocks
}

/// Every generated markdown block is what its command prints now (with
/// `SILVER_UPDATE_DOCS=1`, the page is rewritten with it), so a table of the code's own
/// registries (the bot protocol's view keys and action kinds) cannot drift from the code.
#[test]
fn markdown_output_blocks_match_the_command() {
    let root = Path::new(ROOT);
    let update = std::env::var_os("SILVER_UPDATE_DOCS").is_some_and(|v| v == "1");
    let mut checked = Vec::new();
    for page in pages() {
        let path = root.join(&page);
        let text = read_text(&path);
        let mut updated = text.clone();
        // Back to front, so an earlier block's place survives a later one's rewrite.
        for block in markdown_blocks(&page, &text).into_iter().rev() {
            let out = run_in(&block.command, root);
            assert_eq!(
                out.code,
                Some(0),
                "{page}:{}\n{}",
                block.line,
                out.describe()
            );
            if update {
                updated.replace_range(block.start..block.end, &out.stdout);
            } else {
                assert_eq!(
                    &text[block.start..block.end],
                    out.stdout,
                    "{page}:{}: the markdown for `silver {}` differs from the command's output \
                     (SILVER_UPDATE_DOCS=1 rewrites it)",
                    block.line,
                    block.command
                );
            }
            checked.push(block.command);
        }
        if updated != text {
            std::fs::write(&path, updated).unwrap_or_else(|e| panic!("{page}: {e}"));
        }
    }
    assert!(
        checked.iter().any(|c| c == "bots --protocol-tables"),
        "no generated block for `silver bots --protocol-tables`: {checked:?}"
    );
}

#[test]
fn markdown_blocks_are_found_between_their_markers() {
    let text = "a\n<!-- markdown output of: silver bots --x -->\n| t |\n|---|\n\
                <!-- end of output -->\nb\n";
    let blocks = markdown_blocks("page", text);
    assert_eq!(blocks.len(), 1);
    assert_eq!(blocks[0].command, "bots --x");
    assert_eq!(&text[blocks[0].start..blocks[0].end], "| t |\n|---|\n");
    assert_eq!(blocks[0].line, 2);
    let empty = "<!-- markdown output of: silver bots -->\n<!-- end of output -->\n";
    let blocks = markdown_blocks("page", empty);
    assert_eq!((blocks.len(), blocks[0].start, blocks[0].end), (1, 41, 41));
}

/// Every code fence is closed, by a line that is exactly ```` ``` ```` (indented as its
/// opening): a fence closed by ```` ```text ```` or left open swallows the rest of the page.
#[test]
fn code_fences_are_closed() {
    let root = Path::new(ROOT);
    for page in linking_files() {
        let text = read_text(&root.join(&page));
        let mut open: Option<(usize, String)> = None;
        for (i, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            if !trimmed.starts_with("```") {
                continue;
            }
            let indent = line[..line.len() - trimmed.len()].to_string();
            match &open {
                None => open = Some((i + 1, indent)),
                Some((at, opened)) => {
                    assert!(
                        trimmed.trim_end() == "```" && &indent == opened,
                        "{page}:{}: the fence opened on line {at} must be closed by a bare \
                         ``` indented as it was",
                        i + 1
                    );
                    open = None;
                }
            }
        }
        if let Some((at, _)) = open {
            panic!("{page}:{at}: this code fence is never closed");
        }
    }
}

/// Blocks too slow for the tests are well formed, so `scripts/check-docs.sh` can run them.
#[test]
fn slow_output_blocks_are_well_formed() {
    let root = Path::new(ROOT);
    assert!(root.join("scripts/check-docs.sh").is_file());
    let mut slow = 0;
    for page in pages() {
        let text = read_text(&root.join(&page));
        for block in output_blocks(&page, &text, SLOW_MARKER) {
            assert!(
                !block.text.trim().is_empty(),
                "{page}:{}: empty block",
                block.line
            );
            slow += 1;
        }
    }
    assert!(
        slow > 0,
        "no slow blocks: is the marker still spelled as the script reads it?"
    );
}

/// The `silver` commands of the docs: every line of a `sh` block that starts with `silver `, and
/// every inline code span that does (`` `silver report DIR --format csv` ``), with its line.
fn commands(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut in_fence = false;
    let mut in_sh = false;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            in_sh = !in_fence && trimmed == "```sh";
            in_fence = !in_fence;
            continue;
        }
        if in_sh {
            if let Some(command) = trimmed.strip_prefix("silver ") {
                found.push((i + 1, command.to_string()));
            }
        } else if !in_fence {
            // Code spans: the odd pieces between backticks.
            for span in line.split('`').skip(1).step_by(2) {
                if let Some(command) = span.strip_prefix("silver ") {
                    found.push((i + 1, command.to_string()));
                }
            }
        }
    }
    found
}

/// The `silver` commands of every page (`sh` blocks and code spans) name a real subcommand,
/// and every `--flag` they use is one the subcommand's `--help` lists.
#[test]
fn commands_in_the_docs_use_real_flags() {
    let root = Path::new(ROOT);
    let mut help: BTreeMap<String, String> = BTreeMap::new();
    let mut checked = 0;
    for page in pages() {
        let text = read_text(&root.join(&page));
        for (line, command) in commands(&text) {
            let words: Vec<&str> = command.split_whitespace().collect();
            let sub = words[0];
            // Placeholders (`silver … | head`) and the binary's own flags name no subcommand.
            if !sub.chars().all(|c| c.is_ascii_lowercase()) {
                continue;
            }
            let usage = help.entry(sub.to_string()).or_insert_with(|| {
                let out = run(args![sub, "--help"]);
                assert_eq!(
                    out.code,
                    Some(0),
                    "{page}:{line}: `silver {sub}` is not a command\n{}",
                    out.describe()
                );
                out.stdout
            });
            for word in &words[1..] {
                if let Some(flag) = word.strip_prefix("--") {
                    let flag: String = flag
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                        .collect();
                    assert!(
                        usage.contains(&format!("--{flag}")),
                        "{page}:{line}: `silver {sub}` has no flag --{flag}"
                    );
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 30, "only {checked} commands found");
}

/// The anchors of a markdown file's headings, as GitHub makes them: lower case, punctuation
/// dropped, spaces as hyphens, a repeated heading numbered (`-1`, `-2`, …).
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let Some(title) = line.strip_prefix('#') else {
            continue;
        };
        let title = title.trim_start_matches('#');
        if !title.starts_with(' ') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let n = seen.entry(slug.clone()).or_insert(0);
        out.insert(if *n == 0 { slug } else { format!("{slug}-{n}") });
        *n += 1;
    }
    out
}

/// Every link of the README, the book and the other docs goes to a file in the repository (the
/// rules specification included), and every `#anchor` to a heading of its page, so a fresh
/// clone holds what they cite.
#[test]
fn the_docs_link_only_to_files_and_anchors_that_exist() {
    let root = Path::new(ROOT);
    let mut links = 0;
    for doc in linking_files() {
        let text = read_text(&root.join(&doc));
        let dir = root.join(&doc).parent().unwrap().to_path_buf();
        for (line, prose) in prose_lines(&text) {
            let mut rest = prose;
            while let Some(i) = rest.find("](") {
                rest = &rest[i + 2..];
                let end = rest
                    .find(')')
                    .unwrap_or_else(|| panic!("{doc}:{line}: link not closed"));
                let target = &rest[..end];
                rest = &rest[end..];
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (file, anchor) = match target.split_once('#') {
                    Some((f, a)) => (f, Some(a)),
                    None => (target, None),
                };
                let path = if file.is_empty() {
                    root.join(&doc)
                } else {
                    dir.join(file)
                };
                assert!(
                    path.exists(),
                    "{doc}:{line} links to {file}, which is missing"
                );
                if let Some(anchor) = anchor {
                    assert!(
                        file.is_empty() || file.ends_with(".md"),
                        "{doc}:{line}: an anchor into {file}, which is not markdown"
                    );
                    let headings = anchors(&read_text(&path));
                    assert!(
                        headings.contains(anchor),
                        "{doc}:{line} links to {target}, which has no heading #{anchor} \
                         (it has: {headings:?})"
                    );
                }
                links += 1;
            }
        }
    }
    assert!(links > 50, "only {links} links found");
    for cited in [
        "docs/rules/RULES.md",
        "docs/rules/EDITIONS.md",
        "docs/rulings.md",
    ] {
        assert!(root.join(cited).is_file(), "{cited}");
    }
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    let text = "# Comparing bots: head-to-head, ratings and the SPRT\n\
                ```sh\n# not a heading\n```\n\
                ### `manifest.json`\n## Notes\n## Notes\n";
    let a = anchors(text);
    for expected in [
        "comparing-bots-head-to-head-ratings-and-the-sprt",
        "manifestjson",
        "notes",
        "notes-1",
    ] {
        assert!(a.contains(expected), "{expected}: {a:?}");
    }
    assert!(!a.contains("not-a-heading"), "{a:?}");
}

/// `scripts/pgo-build.sh` (docs/dev/benchmarking.md) refuses a profile it does not build with
/// one line and exit code 2, before building anything. The build itself takes minutes and
/// rustup's `llvm-tools`, so it is not run here: its figures are in a dated results file.
#[test]
fn the_pgo_build_script_refuses_an_unknown_profile() {
    let out = std::process::Command::new("sh")
        .arg(Path::new(ROOT).join("scripts/pgo-build.sh"))
        .arg("debug")
        .output()
        .expect("sh runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err,
        "error: profile must be release or release-lto, not 'debug'\n"
    );
    assert!(out.stdout.is_empty());
}
