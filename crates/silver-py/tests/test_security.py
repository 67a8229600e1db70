"""Programs named in files start only with `allow_exec=True`: a profile of `bots_dir` named
like a built-in kind never replaces it, and a spec's or a profile's exec bots are refused
without permission, as `--allow-exec` on the command line."""
import pytest

import silver
from conftest import ROOT


def test_a_profile_named_greedy_never_runs_a_program(tmp_path):
    pwned = tmp_path / "pwned"
    bots = tmp_path / "bots"
    bots.mkdir()
    (bots / "greedy.toml").write_text(f'kind = "exec"\ncommand = "touch {pwned}"\n')
    (bots / "random.toml").write_text('kind = "random"\n')
    for allow in (False, True):
        with pytest.raises(ValueError, match=r"greedy\.toml.*must be of kind `greedy`"):
            silver.tournament(["greedy", "random"], games=2, out=tmp_path / "t",
                              bots_dir=str(bots), allow_exec=allow)
    with pytest.raises(ValueError, match=r"greedy\.toml"):
        silver.Bot("greedy", bots_dir=str(bots))
    assert not pwned.exists()
    assert not (tmp_path / "t").exists()


def test_programs_from_files_need_allow_exec(tmp_path, capsys):
    pwned = tmp_path / "pwned"
    spec = tmp_path / "shared.toml"
    spec.write_text('players = 2\ngames = 2\n'
                    f'bots = [{{ exec = "touch {pwned}", name = "greedy-v2" }}, "greedy"]\n')
    with pytest.raises(ValueError, match=r"shared\.toml.*`greedy-v2`.*touch .*allow_exec=True"):
        silver.experiment(spec, out=tmp_path / "e")
    assert not pwned.exists() and not (tmp_path / "e").exists()
    # A profile that is a program: refused, then allowed and announced.
    bots = tmp_path / "bots"
    bots.mkdir()
    command = f"python3 {ROOT / 'bots' / 'examples' / 'random_bot.py'}"
    (bots / "mine.toml").write_text(f'kind = "exec"\ncommand = "{command}"\n')
    with pytest.raises(ValueError, match=r"mine\.toml.*`mine`"):
        silver.tournament(["mine", "greedy"], games=2, out=tmp_path / "p", bots_dir=str(bots))
    tables = silver.tournament(["mine", "greedy"], games=2, out=tmp_path / "p",
                               bots_dir=str(bots), allow_exec=True, threads=1)
    assert "summary" in tables
    err = capsys.readouterr().err
    assert f"starting program for bot mine (from {bots / 'mine.toml'}): {command}" in err
    # Typed in the call, a program is the caller's own.
    silver.tournament([f"exec:{command}", "greedy"], games=2, out=tmp_path / "typed", threads=1)
    assert "starting program" not in capsys.readouterr().err
