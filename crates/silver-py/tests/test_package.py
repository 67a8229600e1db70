"""The installed package's metadata and files: the licence it declares is the workspace's, with
both licence texts shipped; the native module has type stubs matching it."""
import ast
import importlib.metadata
import inspect
import pathlib

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


def _stub():
    import silver
    path = pathlib.Path(silver.__file__).parent / "_silver.pyi"
    assert path.is_file(), "the stub is not installed with the package"
    return ast.parse(path.read_text())


def _public(names):
    return {n for n in names if not n.startswith("_")}


def _stub_parameters(func):
    """A stub function's parameters (without self/cls) and defaults, as `inspect` gives them."""
    args = func.args
    positional = args.posonlyargs + args.args
    defaults = [inspect.Parameter.empty] * (len(positional) - len(args.defaults)) + [
        ast.literal_eval(d) for d in args.defaults]
    params = list(zip([a.arg for a in positional], defaults))
    if params and params[0][0] in ("self", "cls"):
        params = params[1:]
    return params


def _native_parameters(obj):
    params = [(p.name, p.default) for p in inspect.signature(obj).parameters.values()]
    return params[1:] if params and params[0][0] == "self" else params


def test_the_stub_declares_the_native_modules_public_api():
    import silver
    from silver import _silver
    assert (pathlib.Path(silver.__file__).parent / "py.typed").is_file()
    tree = _stub()
    declared = {}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            declared[node.name] = node
        elif isinstance(node, ast.AnnAssign):
            declared[node.target.id] = node
    assert _public(declared) == _public(dir(_silver))
    for name in _public(declared):
        node, native = declared[name], getattr(_silver, name)
        if isinstance(node, ast.FunctionDef):
            assert _stub_parameters(node) == _native_parameters(native), name
        elif isinstance(node, ast.ClassDef):
            methods = {m.name: m for m in node.body if isinstance(m, ast.FunctionDef)}
            assert _public(methods) == _public(vars(native)), name
            assert _stub_parameters(methods["__new__"]) == _native_parameters(native), name
            for method in _public(methods):
                member = inspect.getattr_static(native, method)
                if inspect.isdatadescriptor(member):
                    assert any(isinstance(d, ast.Name) and d.id == "property"
                               for d in methods[method].decorator_list), (name, method)
                else:
                    assert (_stub_parameters(methods[method])
                            == _native_parameters(getattr(native, method))), (name, method)
        else:
            assert isinstance(getattr(_silver, name), (int, tuple)), name
