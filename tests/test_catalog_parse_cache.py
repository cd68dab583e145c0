"""The parsed-catalog cache (planner.catalog.parsecache): a catalog read back from it is the
catalog parsed from YAML (entries, origins with their lines, errors); a changed file is parsed
again; a broken or foreign cache is ignored; what JSON cannot give back exactly is never
cached; and a start with a warm cache does not import PyYAML at all."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from planner.catalog import Layer, load_catalog, shipped_catalog_dir
from planner.catalog.parsecache import CACHE_FILE, ParseCache
from planner.catalog.yamlsafe import read_yaml_file

ROOT = Path(__file__).resolve().parent.parent


def _snapshot(cat):
    return ({k: {s: e.model_dump(mode="json") for s, e in t.items()} for k, t in cat.tables.items()},
            {k: (o.layer, o.file, o.line) for k, o in cat.origins.items()},
            [str(e) for e in cat.errors])


def _layers(user: Path) -> list[Layer]:
    return [Layer("shipped", shipped_catalog_dir()), Layer("user", user)]


@pytest.fixture
def user(tmp_path):
    """A user layer with one good table, one with an error on line 6 and one with a date."""
    comp = tmp_path / "user" / "components"
    comp.mkdir(parents=True)
    text = (shipped_catalog_dir() / "components" / "gpus.yaml").read_text()
    start, end = text.index("  - slug: h200"), text.index("  - slug: a100-80gb")
    (comp / "mine.yaml").write_text("table: gpus\nentries:\n" + text[start:end].replace("slug: h200", "slug: h200x"))
    (comp / "bad.yaml").write_text("table: nics\nentries:\n  - slug: bad-nic\n    name: Bad\n"
                                   "    vendor: X\n    speed_gbps: -5\n")
    (comp / "dated.yaml").write_text("table: nics\nnotes: 2024-05-01\nentries: []\n")  # a YAML date
    return tmp_path / "user"


def test_a_catalog_from_the_cache_is_the_catalog_from_yaml(user, tmp_path, monkeypatch):
    monkeypatch.setenv("RACKWRIGHT_CACHE", "off")
    parsed = _snapshot(load_catalog(_layers(user)))
    assert any("bad.yaml:6" in e for e in parsed[2])  # the error names its line
    monkeypatch.setenv("RACKWRIGHT_CACHE", str(tmp_path / "cache"))
    first = load_catalog(_layers(user))  # parses, fills the cache
    assert (tmp_path / "cache" / CACHE_FILE).is_file()
    import planner.catalog.yamlsafe as ys

    calls = []
    real = ys.parse_yaml_text
    monkeypatch.setattr(ys, "parse_yaml_text", lambda text: calls.append(1) or real(text))
    again = load_catalog(_layers(user))
    # read back: only the file whose YAML holds a date (not cached) was parsed again
    assert len(calls) == 1
    assert _snapshot(first) == _snapshot(again) == parsed


def test_a_changed_file_is_parsed_again(user, tmp_path, monkeypatch):
    monkeypatch.setenv("RACKWRIGHT_CACHE", str(tmp_path / "cache"))
    assert load_catalog(_layers(user)).gpu("h200x").memory_gb == 141
    mine = user / "components" / "mine.yaml"
    mine.write_text(mine.read_text().replace("memory_gb: 141", "memory_gb: 150"))
    assert load_catalog(_layers(user)).gpu("h200x").memory_gb == 150


@pytest.mark.parametrize("content", [b"", b"{not json", b'{"format": "other", "version": 1, "files": {}}',
                                     b'{"format": "rackwright-catalog-parse", "version": 1, "files": {"x": 1}}',
                                     b"[1, 2]"])
def test_a_broken_or_foreign_cache_is_ignored_and_replaced(user, tmp_path, monkeypatch, content):
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / CACHE_FILE).write_bytes(content)
    monkeypatch.setenv("RACKWRIGHT_CACHE", "off")
    want = _snapshot(load_catalog(_layers(user)))
    monkeypatch.setenv("RACKWRIGHT_CACHE", str(cache))
    assert _snapshot(load_catalog(_layers(user))) == want
    assert json.loads((cache / CACHE_FILE).read_bytes())["format"] == "rackwright-catalog-parse"


def test_a_tampered_entry_for_the_same_bytes_is_what_gets_validated(tmp_path):
    # the cache is trusted like the catalog folder itself (same user), but what it gives back
    # still goes through the catalog's models: a hash hit returns the cached data and lines
    f = tmp_path / "t.yaml"
    f.write_text("a: 1\nb: [x, y]\n")
    pc = ParseCache(tmp_path / "c")
    data, lines = read_yaml_file(f, pc)
    assert data == {"a": 1, "b": ["x", "y"]} and lines.line_for(("b", 1)) == 2
    pc.save()
    again = ParseCache(tmp_path / "c")
    got = again.get(ParseCache.key(f.read_bytes()))
    assert got is not None and got[0] == data and got[1].lines == lines.lines


def test_nothing_json_cannot_give_back_is_cached(tmp_path):
    pc = ParseCache(tmp_path / "c")
    for text in ("d: 2024-05-01\n", "s: !!set {a, b}\n", "k:\n  1: one\n", "t: 2024-05-01T10:00:00Z\n"):
        f = tmp_path / "x.yaml"
        f.write_text(text)
        read_yaml_file(f, pc)
        assert pc.get(ParseCache.key(f.read_bytes())) is None, text


def test_a_warm_start_does_not_import_pyyaml(tmp_path):
    env_cache = tmp_path / "cache"
    code = ("import sys; from planner.catalog import load_catalog; c = load_catalog(); "
            "print(len(c), 'yaml' in sys.modules)")
    import os

    env = {**os.environ, "RACKWRIGHT_CACHE": str(env_cache)}
    cold = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    warm = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert cold.returncode == 0 and warm.returncode == 0, cold.stderr + warm.stderr
    n_cold, yaml_cold = cold.stdout.split()
    n_warm, yaml_warm = warm.stdout.split()
    assert n_cold == n_warm and int(n_cold) > 50
    assert (yaml_cold, yaml_warm) == ("True", "False")


def test_an_unwritable_cache_folder_is_skipped(user, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("RACKWRIGHT_CACHE", str(blocker / "cache"))
    cat = load_catalog(_layers(user))
    assert cat.gpu("h200x") is not None
    shutil.rmtree(user)
