"""The installed package's metadata and files: the licence it declares is the workspace's, with
both licence texts shipped."""
import importlib.metadata

import pytest

from conftest import ROOT


def _toml(path):
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        tomllib = pytest.importorskip("tomli")
    return tomllib.loads(path.read_text())


def test_the_licence_is_the_workspaces_with_its_texts():
    cargo = _toml(ROOT / "Cargo.toml")["workspace"]["package"]["license"]
    assert cargo == "MIT OR Apache-2.0"
    meta = importlib.metadata.metadata("silver")
    assert meta["License-Expression"] == cargo
    shipped = {f.name: f for f in importlib.metadata.distribution("silver").files
               if "licenses" in f.parts}
    assert set(shipped) == {"LICENSE-MIT", "LICENSE-APACHE"}, shipped
    for name, f in shipped.items():
        assert f.read_text() == (ROOT / name).read_text()
    assert "Permission is hereby granted" in (ROOT / "LICENSE-MIT").read_text()
    assert "Apache License\n" in (ROOT / "LICENSE-APACHE").read_text()

