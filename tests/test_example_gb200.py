"""The GB200 NVL72 example (examples/gb200-nvl72.json): current with its generator,
every slug in the shipped catalog, the NVLink domains wired complete, and
`rackwright check` passes with the serving target met inside the NVLink domain."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.commands import cli
from planner.files.documents import load_plan

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "gb200-nvl72.json"


@pytest.fixture(scope="module")
def shipped():
    from planner.catalog import shipped_catalog_dir

    return load_catalog([shipped_catalog_dir()])


def test_gb200_example_is_what_the_generator_builds():
    r = subprocess.run([sys.executable, str(ROOT / "examples" / "make_gb200_example.py"), "--check"],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr


def test_gb200_example_slugs_exist_and_layout(shipped):
    plan = load_plan(EXAMPLE)
    missing = [p.device for p, _ in plan.index.iter_placements() if shipped.get("device-types", p.device) is None]
    missing += [r.rack_type for r in plan.racks() if shipped.get("rack-types", r.rack_type) is None]
    missing += [lk.cable for lk in plan.links if lk.cable and shipped.get("cables", lk.cable) is None]
    missing += [lp.cdu for lp in plan.cooling_loops if shipped.get("cooling", lp.cdu) is None]
    assert missing == []
    trays = [p for p, _ in plan.index.iter_placements() if p.device == "nvidia-gb200-nvl72-compute-tray"]
    assert len(trays) == 36 and sum(shipped.device(p.device).gpu_count for p in trays) == 144
    nvl = [f for f in plan.fabrics if f.kind == "nvlink"]
    assert len(nvl) == 2
    per_fabric = {f.id: sum(1 for lk in plan.links if lk.fabric == f.id) for f in nvl}
    assert set(per_fabric.values()) == {72 * 18}
    assert all(lk.cable == "nvlink-spine-cartridge" and lk.length_m <= 2.0
               for lk in plan.links if lk.fabric in per_fabric)
    assert {f.side for f in plan.feeds} == {"A", "B"}
    assert {r.cooling.method for r in plan.racks() if r.rack_type == "nvidia-gb200-nvl72-rack"} == {"direct-liquid"}


def test_gb200_example_check_passes_with_nvlink_domains(capsys):
    code = cli.main(["check", str(EXAMPLE), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0, [f for f in doc["findings"] if f["severity"] == "error"]
    nvl = [f for f in doc["fabrics"] if f["kind"] == "nvlink"]
    assert [f["nvlink"]["domain_gpus"] for f in nvl] == [72, 72]
    assert all(f["nvlink"]["complete"] and f["nvlink"]["switch_trays"] == 9 for f in nvl)
    assert all(f["per_gpu_gbps"] == 18 * 400 for f in nvl)
    w = doc["workloads"][0]
    assert w["met"] is True and w["tp"] == 8 and w["tp_in_nvlink_domain"] is True
    assert not any(f["code"].startswith("NVLINK_") for f in doc["findings"])
    doms = doc["nvlink_domains"]
    assert [(d["domain"], d["domain_gpus"], d["per_gpu_gb_per_s"]) for d in doms] == [("multi-node", 72, 1800.0)] * 2


@pytest.mark.parametrize("name", ["gb200-nvl72.json", "xe9680-h100-pod.json"])
def test_an_examples_warnings_are_named_in_its_notes_and_the_readme(shipped, name):
    """Every warning `rackwright check` gives an example is one its notes (printed on the build
    plan's cover) and README's example paragraph name; none of them is an unpriced line."""
    import re

    from planner.engine import Engine

    plan = load_plan(ROOT / "examples" / name)
    res = Engine(shipped).compute(plan)
    given = {f.code for f in res.findings if f.severity == "warning"}
    assert not given & {"COST_NO_PRICE", "RENT_CAPEX_INCOMPLETE"} and res.totals.capex_complete
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    para = readme[readme.index("The example, `examples/xe9680-h100-pod.json`"):readme.index("## Working in the app")]
    named = set(re.findall(r"\b[A-Z]+_[A-Z_]+\b", plan.metadata.notes))
    assert given == named, (name, given, named)
    assert named <= set(re.findall(r"\b[A-Z]+_[A-Z_]+\b", para)), name
