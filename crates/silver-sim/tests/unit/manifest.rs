use serde::{Deserialize, Serialize};
use silver_sim::testing::{seal, unseal};
use silver_sim::Shard;
use std::path::Path;

fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
    move |k| {
        vars.iter()
            .find(|(n, _)| *n == k)
            .map(|(_, v)| v.to_string())
    }
}

#[test]
fn auto_shards_come_from_job_arrays() {
    let s = |t: &str, vars: &[(&str, &str)]| Shard::parse_with_env(t, env(vars));
    let shard = |index, count| Ok(Shard { index, count });
    // Slurm: --array=1-4 gives ids 1..4, min 1, count 4.
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "3"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
    ];
    assert_eq!(s("auto", &slurm), shard(2, 4));
    assert_eq!(s("auto/4", &slurm), shard(2, 4));
    assert!(s("auto/5", &slurm)
        .unwrap_err()
        .to_string()
        .contains("4 tasks"));
    let max = [("SLURM_ARRAY_TASK_ID", "0"), ("SLURM_ARRAY_TASK_MAX", "7")];
    assert_eq!(s("auto", &max), shard(0, 8));
    // What Slurm sets for --array=1-7:2 (ids 1, 3, 5, 7) and --array=1,2,5: no task of either
    // is given a shard, not even those whose id would fit.
    let stepped = |id| {
        [
            ("SLURM_ARRAY_TASK_ID", id),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "7"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_STEP", "2"),
        ]
    };
    let listed = |id| {
        [
            ("SLURM_ARRAY_TASK_ID", id),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_STEP", "1"),
        ]
    };
    for vars in [
        stepped("1"),
        stepped("3"),
        stepped("7"),
        listed("1"),
        listed("2"),
    ] {
        for t in ["auto", "auto/4", "auto/3"] {
            let e = s(t, &vars).unwrap_err().to_string();
            assert!(e.contains("not a range of consecutive ids"), "{t}: {e}");
        }
    }
    let step_only = [("SLURM_ARRAY_TASK_ID", "1"), ("SLURM_ARRAY_TASK_STEP", "2")];
    assert!(s("auto/4", &step_only).is_err());
    let contiguous = [
        ("SLURM_ARRAY_TASK_ID", "5"),
        ("SLURM_ARRAY_TASK_MIN", "5"),
        ("SLURM_ARRAY_TASK_MAX", "8"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
        ("SLURM_ARRAY_TASK_STEP", "1"),
    ];
    assert_eq!(s("auto", &contiguous), shard(0, 4));
    assert_eq!(s("auto/3", &[("JOB_COMPLETION_INDEX", "2")]), shard(2, 3));
    assert_eq!(
        s("auto/3", &[("AWS_BATCH_JOB_ARRAY_INDEX", "0")]),
        shard(0, 3)
    );
    assert_eq!(s("auto/3", &[("PARALLEL_SEQ", "3")]), shard(2, 3));
    for (t, vars, words) in [
        ("auto", &[("JOB_COMPLETION_INDEX", "1")][..], "auto/N"),
        (
            "auto/3",
            &[("JOB_COMPLETION_INDEX", "3")][..],
            "outside 3 shards",
        ),
        ("auto/3", &[][..], "no job-array index"),
        ("auto/x", &[("PARALLEL_SEQ", "1")][..], "positive number"),
        ("auto/2", &[("PARALLEL_SEQ", "0")][..], "from 1"),
        (
            "auto/2",
            &[("JOB_COMPLETION_INDEX", "a")][..],
            "not a number",
        ),
        ("automatic", &[][..], "auto or auto/N"),
    ] {
        let e = s(t, vars).unwrap_err().to_string();
        assert!(e.contains(words) && e.starts_with("--shard "), "{t}: {e}");
    }
    assert_eq!(s("2/3", &[]), shard(1, 3));
}

#[test]
fn a_sealed_document_refuses_any_changed_number() {
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Doc {
        version: u32,
        n: Vec<u64>,
        x: f64,
    }
    let path = Path::new("doc.json");
    let doc = Doc {
        version: 4,
        n: vec![1, 22, 333],
        x: 0.125,
    };
    let text = String::from_utf8(seal(&doc, path).unwrap()).unwrap();
    let always = |_: &serde_json::Value| true;
    let back: Doc = unseal(&text, path, always).unwrap().unwrap();
    assert_eq!(back, doc);
    for (from, to) in [
        ("22", "23"),
        ("0.125", "0.126"),
        ("333", "33"),
        ("\"version\": 4", "\"version\": 5"),
    ] {
        let edited = text.replacen(from, to, 1);
        assert_ne!(edited, text);
        let e = unseal::<Doc>(&edited, path, always)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("does not match its checksum") && e.contains("doc.json"),
            "{e}"
        );
    }
    // Without a checksum: refused where one is required, read where it is not (older
    // versions, for `report`).
    let bare = serde_json::to_string(&doc).unwrap();
    let e = unseal::<Doc>(&bare, path, always).unwrap_err().to_string();
    assert!(e.contains("has no checksum"), "{e}");
    let back: Doc = unseal(&bare, path, |_| false).unwrap().unwrap();
    assert_eq!(back, doc);
    // Reformatting is not an edit.
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let compact = serde_json::to_string(&v).unwrap();
    assert!(unseal::<Doc>(&compact, path, always).unwrap().is_ok());
}
