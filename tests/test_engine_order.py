"""Results list racks, PDUs, feeds, loops, rooms and fabrics in plan order, whatever the
process's hash seed and whatever edits came before (incremental updates refill them from
sets, whose order varies with PYTHONHASHSEED)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = r"""
import json, sys
from planner.catalog import load_catalog
from planner.files.documents import load_plan
from planner.model.edits import MovePlacement, SetProperty
from planner.engine import Engine

cat = load_catalog()
plan = load_plan(sys.argv[1])
eng = Engine(cat)
full = eng.compute(plan)
out = {"full": {k: list(getattr(full, k)) for k in ("racks", "pdus", "feeds", "loops", "rooms", "fabrics")}}
# an edit touching several racks, PDUs and feeds, computed incrementally
gpu = next(p for r in plan.racks() for p in r.placements if p.id == "gpu-1")
rack = next(r for r in plan.racks() if any(p.id == "gpu-1" for p in r.placements))
other = next(r for r in plan.racks() if r.id != rack.id)
change = MovePlacement("gpu-1", other.id, 30).apply(plan)
upd = eng.update(plan, change)
out["update"] = {k: list(getattr(upd, k)) for k in ("racks", "pdus", "feeds", "loops", "rooms", "fabrics")}
out["findings"] = [(f.code, f.kind, f.id) for f in upd.findings]
print(json.dumps(out))
"""


def _run(seed: str) -> dict:
    env = dict(os.environ, PYTHONHASHSEED=seed)
    p = subprocess.run([sys.executable, "-c", SCRIPT, str(ROOT / "examples" / "xe9680-h100-pod.json")],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_results_follow_plan_order_across_hash_seeds():
    a, b, c = _run("1"), _run("2"), _run("3")
    assert a == b == c
    from planner.files.documents import load_plan

    plan = load_plan(ROOT / "examples" / "xe9680-h100-pod.json")
    racks = [r.id for r in plan.racks()]
    assert a["full"]["racks"] == racks
    assert a["update"]["racks"] == racks  # an incremental update does not reorder them
    assert a["full"]["feeds"] == [f.id for f in plan.feeds] == a["update"]["feeds"]
    assert a["update"]["pdus"] == a["full"]["pdus"]
