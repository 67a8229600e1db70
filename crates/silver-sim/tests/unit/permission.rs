use silver_bots::BotSpec;
use silver_sim::{ExecPolicy, Program};
use std::path::Path;

#[test]
fn programs_from_files_need_permission() {
    let exec = BotSpec::parse_inline("exec:sh -c 'id'").unwrap();
    let greedy = BotSpec::parse_inline("greedy").unwrap();
    let spec = Path::new("shared.toml");
    // Typed: its own command starts; a profile's needs permission.
    let mut typed = ExecPolicy::typed(false);
    typed.admit("exec:sh -c 'id'", &exec, None).unwrap();
    typed.admit("greedy", &greedy, None).unwrap();
    let e = typed
        .admit("greedy", &exec, Some(Path::new("bots/greedy.toml")))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("bots/greedy.toml")
            && e.contains("`greedy`")
            && e.contains("sh -c 'id'")
            && e.contains("--allow-exec"),
        "{e}"
    );
    assert_eq!(typed.from_files().count(), 0);
    // From a file: refused, unless allowed; then listed with its file.
    let e = ExecPolicy::file(spec, false)
        .admit("greedy-v2", &exec, None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("shared.toml") && e.contains("`greedy-v2`") && e.contains("sh -c 'id'"),
        "{e}"
    );
    let mut allowed = ExecPolicy::file(spec, true);
    allowed.admit("greedy-v2", &exec, None).unwrap();
    allowed.admit("greedy-v2", &exec, None).unwrap();
    allowed.admit("greedy", &greedy, None).unwrap();
    let notices: Vec<String> = allowed.from_files().map(Program::notice).collect();
    assert_eq!(
        notices,
        ["starting program for bot greedy-v2 (from shared.toml): sh -c 'id'"]
    );
    // Control characters, whatever the origin.
    let e = ExecPolicy::typed(true)
        .admit("a\nb", &greedy, None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("control") && !e.contains('\n'), "{e}");
}
