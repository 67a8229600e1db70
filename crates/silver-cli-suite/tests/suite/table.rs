//! `silver play` and `silver view` through the binary, in plain-text mode: a whole game typed
//! on standard input ends with the engine's scores, a saved game resumes where it stopped and
//! ends as the uninterrupted game does, and the viewer steps through a run's game to the
//! totals the run recorded.

use crate::common::*;

#[test]
fn a_saved_game_resumes_and_ends_as_the_uninterrupted_game() {
    let tmp = TempDir::new("play-resume");
    let whole = tmp.join("whole.json");
    let input = choices(4000);
    let full = with_input(
        args![
            "play", "--plain", "--bots", "greedy", "--seed", "21", "--set", "bullet", "--save",
            &whole
        ],
        &input,
    );
    assert_eq!(full.code, Some(0), "{}", full.describe());
    // The same game, stopped when the input runs out after 60 lines, then resumed with the
    // rest of the same input.
    let part = tmp.join("part.json");
    let (head, tail): (Vec<&str>, Vec<&str>) = {
        let lines: Vec<&str> = input.lines().collect();
        (lines[..60].to_vec(), lines[60..].to_vec())
    };
    let first = with_input(
        args![
            "play", "--plain", "--bots", "greedy", "--seed", "21", "--set", "bullet", "--save",
            &part
        ],
        &(head.join("\n") + "\n"),
    );
    assert_eq!(first.code, Some(2), "{}", first.describe());
    assert_mentions(
        &error_line(&first),
        &["input ended", "saved to", "--resume"],
    );
    let second = with_input(
        args!["play", "--plain", "--resume", &part],
        &(tail.join("\n") + "\n"),
    );
    assert_eq!(second.code, Some(0), "{}", second.describe());
    assert_eq!(final_totals(&second.stdout), final_totals(&full.stdout));
    assert_eq!(read_text(&part), read_text(&whole));
    // A saved game is never overwritten by a new one; resuming takes the game's own setup.
    let e = fails(args!["play", "--plain", "--save", &part]);
    assert_mentions(&e, &["exists", "--resume"]);
    let e = fails(args![
        "play",
        "--plain",
        "--resume",
        &part,
        "--players",
        "3"
    ]);
    assert!(e.contains("--players"), "{e}");
    let bad = tmp.write("bad.json", "{\"silver_play\": 1}");
    let e = fails(args!["play", "--plain", "--resume", &bad]);
    assert_mentions(&e, &["not a saved game"]);
    // The full screen needs a terminal; without one, a one-line error, not a panic.
    let e = fails(args!["play", "--seed", "1"]);
    assert_mentions(&e, &["not a terminal", "--plain"]);
    let e = fails(args!["view", &whole]);
    assert_mentions(&e, &["not a terminal", "--plain"]);
    let e = fails(args!["play", "--plain", "--seat", "2"]);
    assert_mentions(&e, &["--seat 2", "0-1"]);
    let e = fails(args![
        "play",
        "--plain",
        "--bots",
        "greedy,random",
        "--players",
        "2"
    ]);
    assert_mentions(&e, &["2 bots for 1 other seats"]);
}

#[test]
fn the_viewer_steps_through_a_runs_game_to_its_recorded_totals() {
    let tmp = TempDir::new("view");
    let dir = tmp.join("run");
    ok(args![
        "tournament",
        "--bots",
        "greedy,random",
        "--players",
        "3",
        "--games",
        "6",
        "--seed",
        "4",
        "--out",
        &dir,
        "--quiet"
    ]);
    // Round by round to the end, from seat 1's eyes, then everything.
    let out = with_input(
        args!["view", &dir, "--game", "4", "--plain", "--seat", "1"],
        "t\nT\nn\np\nr\nr\nr\nr\nr\no\nq\n",
    );
    assert_eq!(out.code, Some(0), "{}", out.describe());
    assert!(out.stdout.contains("seen by P1"), "{}", out.describe());
    assert!(out.stdout.contains("seen by everything"));
    let last = out.stdout.rsplit("== ").next().unwrap_or("");
    let totals_line = last
        .lines()
        .find(|l| l.contains("totals: "))
        .unwrap_or_else(|| panic!("no totals at the end:\n{last}"));
    let games = read_text(&dir.join("games.csv"));
    for row in games.lines().skip(1) {
        let f: Vec<&str> = row.split(',').collect();
        if f[1] == "4" {
            let tag = format!("P{} {} {}", f[4], f[5], f[6]);
            assert!(totals_line.contains(&tag), "{tag} not in {totals_line}");
        }
    }
    // A seat's eyes never see the next decision of another seat.
    assert!(out.stdout.contains("decides"));
    // A saved game and a script are files the viewer reads too; bad sources are one line.
    let save = tmp.join("g.json");
    let played = with_input(
        args!["play", "--plain", "--seed", "2", "--save", &save],
        &choices(3000),
    );
    assert_eq!(played.code, Some(0), "{}", played.describe());
    let v = with_input(args!["view", &save, "--plain"], "r\nq\n");
    assert_eq!(v.code, Some(0), "{}", v.describe());
    assert!(v.stdout.contains("P0 you"));
    let e = fails(args!["view", &dir, "--plain"]);
    assert_mentions(&e, &["--game"]);
    let e = fails(args!["view", &dir, "--game", "6", "--plain"]);
    assert!(e.contains("6"), "{e}");
    let junk = tmp.write("junk.json", "[1, 2]");
    let e = fails(args!["view", &junk, "--plain"]);
    assert_mentions(&e, &["neither a saved game nor a script"]);
}
