"""The layers you can see (issue 27): every module of ``planner`` and ``ui`` sits in a layer of
the import contracts, no two modules import each other, nothing reaches a lazily exported name
through its package, and docs/architecture.md names only folders that exist.

The contracts themselves are kept by ``lint-imports`` (``python3 dev.py test``); this file
checks that they cover everything, which ``lint-imports`` does not: a module left out of
every layer is never checked, and it still prints "kept"."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import tomllib
from pathlib import Path

import grimp
import pytest

from tests.source_trees import source_tree

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
# the contract of each root package that must hold every one of its modules
ROOT_CONTRACTS = {"planner": "planner layers", "ui": "ui layers"}


def _contracts() -> list[dict]:
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]


def _layer_entries(contract: dict) -> list[str]:
    return [m.strip() for layer in contract["layers"] for m in layer.split("|")]


def _modules(package: str) -> list[str]:
    """Every module and package of ``package``, from the files on disk (no import needed)."""
    base = ROOT / package
    out = [package]
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if any(not p.isidentifier() for p in parts):
            continue
        out.append(".".join(parts))
    return sorted(set(out))


def modules_in_no_layer(package: str, contracts: list[dict]) -> list[str]:
    """The modules of ``package`` that no layer of its root contract holds (a layer holds a
    module and everything under it). The package itself is the contract's container."""
    name = ROOT_CONTRACTS[package]
    root = [c for c in contracts if c.get("type") == "layers" and c["name"].startswith(name)]
    assert len(root) == 1, f"no single contract named {name!r} in pyproject.toml"
    entries = _layer_entries(root[0])
    return [m for m in _modules(package) if m != package
            and not any(m == e or m.startswith(e + ".") for e in entries)]


@pytest.mark.parametrize("package", sorted(ROOT_CONTRACTS))
def test_every_module_sits_in_a_layer(package):
    assert modules_in_no_layer(package, _contracts()) == []


@pytest.mark.parametrize("package", sorted(ROOT_CONTRACTS))
def test_a_module_taken_out_of_its_layer_is_found(package):
    """The check above can fail: drop any one entry of the root contract and the modules it
    held are reported."""
    contracts = _contracts()
    root = next(c for c in contracts if c.get("type") == "layers" and c["name"].startswith(ROOT_CONTRACTS[package]))
    for i, layer in enumerate(root["layers"]):
        for entry in (m.strip() for m in layer.split("|")):
            if not any(m == entry or m.startswith(entry + ".") for m in _modules(package)):
                pytest.fail(f"layer entry {entry!r} names no module of {package}")
            rest = [m.strip() for m in layer.split("|") if m.strip() != entry]
            broken = dict(root, layers=[*root["layers"][:i], *([" | ".join(rest)] if rest else []),
                                        *root["layers"][i + 1:]])
            missing = modules_in_no_layer(package, [broken if c is root else c for c in contracts])
            assert missing and all(m == entry or m.startswith(entry + ".") for m in missing), entry


def test_every_module_of_a_layer_imports():
    """A layer names modules that exist and import (a typo in a layer would hold nothing)."""
    for package in ROOT_CONTRACTS:
        for m in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
            if not m.name.endswith("__main__"):
                importlib.import_module(m.name)


def _cycles(graph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative). An import
    of a module's own package (its ``__init__``, the package's front door) is not an edge:
    the package importing its submodule and the submodule the package's helpers is how a
    Python package is built."""
    def succ(v):
        return sorted(w for w in graph.find_modules_directly_imported_by(v) if not v.startswith(w + "."))

    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out = []
    counter = 0
    for start in sorted(graph.modules):
        if start in index:
            continue
        work = [(start, iter(succ(start)))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(succ(w))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def test_no_import_cycles():
    """Function-level imports count (grimp reads them): a cycle hidden behind one is still a
    cycle (issue 27: parsecache <-> yamlsafe, naming <-> plan)."""
    graph = grimp.build_graph("planner", "ui", exclude_type_checking_imports=True)
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = grimp.ImportGraph()
    for m in ("p", "p.a", "p.b", "p.c"):
        graph.add_module(m)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.c")
    assert _cycles(graph) == []
    graph.add_import(importer="p.c", imported="p.a")
    graph.add_import(importer="p.a", imported="p")  # a submodule taking its package's helpers
    assert _cycles(graph) == [["p.a", "p.b", "p.c"]]


LAZY = ("planner.fabric", "planner.workloads")


def test_no_name_is_taken_through_a_lazy_package():
    """``from planner.fabric import autowire`` loads ``planner.fabric.autowire`` through the
    package's ``__getattr__``, which the import contracts cannot see: code in planner/ and ui/
    imports such names from the module that defines them."""
    exports = {pkg: importlib.import_module(pkg)._EXPORTS for pkg in LAZY}
    found = []
    for package in ROOT_CONTRACTS:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            tree = source_tree(path)
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module in exports and node.level == 0:
                    found += [f"{rel}:{node.lineno} {a.name}" for a in node.names if a.name in exports[node.module]]
    assert found == []


def test_the_architecture_page_names_only_folders_that_exist():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    diagram = text[text.index("## Layers"):text.index("A lower layer that needs something above")]
    named = set()
    top = None
    for line in diagram.splitlines():
        m = re.search(r"│ (planner|ui)/", line)
        if m:
            top = m[1]
            continue
        for folder in re.findall(r"│\s+([a-z0-9_]+)/", line):
            named.add((top, folder))
    assert len(named) >= 15, named
    missing = [f"{top}/{f}" for top, f in sorted(named)
               if top and not any(p.is_dir() for p in (ROOT / top).rglob(f) if p.name == f)
               and not (ROOT / top / f).is_dir()]
    assert missing == []
    # and every folder of planner/ and ui/ that holds code is on the page
    for top in ROOT_CONTRACTS:
        for d in sorted((ROOT / top).iterdir()):
            if (d / "__init__.py").exists():
                assert (top, d.name) in named, f"{top}/{d.name} is not on docs/architecture.md's diagram"
