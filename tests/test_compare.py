"""Comparing builds (issue 32): `rackwright compare` on the two reference designs nearest each
other lists exactly their differences, counted by hand from the template definitions; the
figures are the engine's; a variant saved from a plan is matched by id; bad input is one
line and exit 2.

The nearest pair: over all 21 pairs of the seven templates, inference-small-enterprise and
inference-production differ in the fewest lines of the comparison (5 device models, links
and feeds: 7 lines; the next pairs have 8), and they are the two inference builds on
Dell's R760 family, air-cooled in one rack.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections import Counter

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main
from planner.design.compare import CompareError, compare_builds
from planner.design.templates import TEMPLATES, build_template
from planner.engine import Engine
from planner.files.plan_io import save_plan_json
from tests.conftest import UNPRICED_SERVERS

A_NAME, B_NAME = "inference-small-enterprise", "inference-production"

# Hand-counted from the template definitions (planner/design/templates.py) and the generator's rules:
# A: BuildDesign(server="dell-poweredge-r760-l40s", servers=1, compute=None): the one server, the rack's
#    management switch (every generated rack has one: nvidia-sn2201), and one 16 A PDU per power side
#    (2N, sides A and B: its 1.45 kW fits an AP8881 easily).
A_DEVICES = {"dell-poweredge-r760-l40s": 1, "nvidia-sn2201": 1, "apc-ap8881": 2}
# B: BuildDesign(server="dell-poweredge-r760xa-l40s-100gbe", servers=8, frontend=100GbE, compute=None):
#    eight servers, one front-end leaf (16 ports of 100GbE: one Spectrum-3 SN4700 has 32 ports),
#    the management switch, and two 32 A PDUs per side: one side alone carries 8 x 2,400 W plus the
#    switches after the other fails, more than 90 % of one AP8888's phase (7.4 kW at 230 V), so two.
B_DEVICES = {"dell-poweredge-r760xa-l40s-100gbe": 8, "nvidia-sn4700": 1, "nvidia-sn2201": 1, "apc-ap8888": 4}
# the models whose count differs (the management switch is in both, once): slug -> (A, B)
MODEL_DELTAS = {"apc-ap8881": (2, 0), "apc-ap8888": (0, 4), "dell-poweredge-r760-l40s": (1, 0),
                "dell-poweredge-r760xa-l40s-100gbe": (0, 8), "nvidia-sn4700": (0, 1)}
# links: A has the server's management cable (1); B has 8 management cables, 8 x 2 front-end
# cables (two 100GbE ports per server) and the leaf's management cable: 8 + 16 + 1 = 25.
# feeds: one per PDU (A: 2, B: 4). Racks: one each. Cooling loops: none (air).
COUNTS = {"racks": (1, 1), "links": (1, 25), "feeds": (2, 4), "loops": (0, 0)}


@pytest.fixture(autouse=True)
def _unpriced_for_the_commands(unpriced_servers, monkeypatch):
    monkeypatch.setenv("RACKWRIGHT_USER_CATALOG", str(unpriced_servers))


@pytest.fixture(scope="module")
def catalog(unpriced_servers):
    from planner.catalog import Layer, shipped_catalog_dir

    cat = load_catalog([Layer("shipped", shipped_catalog_dir()), Layer("user", unpriced_servers)])
    assert not cat.errors, cat.errors
    assert all(cat.device(s).price is None for s in UNPRICED_SERVERS)
    return cat


@pytest.fixture(scope="module")
def pair(catalog):
    out = []
    for name in (A_NAME, B_NAME):
        plan = build_template(name, catalog, region="eu")
        out.append((name, plan, Engine(catalog).compute(plan)))
    return out


def test_the_templates_hold_the_hand_counted_devices(pair):
    # the hand count checked against the plans themselves (not through the comparison)
    for (_n, plan, _r), want in zip(pair, (A_DEVICES, B_DEVICES), strict=True):
        assert Counter(p.device for rack in plan.racks() for p in rack.placements) == want


def test_compare_lists_exactly_the_differences_of_the_nearest_templates(pair, catalog):
    c = compare_builds(pair, catalog)
    assert [o.label for o in c.options] == ["A", "B"]
    assert c.options[0].devices == A_DEVICES and c.options[1].devices == B_DEVICES
    (d,) = c.differences
    assert {m.slug: (m.a, m.b) for m in d.devices} == MODEL_DELTAS
    assert {m.slug: m.delta for m in d.devices} == {"apc-ap8881": -2, "apc-ap8888": 4, "dell-poweredge-r760-l40s": -1,
                                                    "dell-poweredge-r760xa-l40s-100gbe": 8, "nvidia-sn4700": 1}
    assert {e.kind: (e.a, e.b) for e in d.entities} == COUNTS
    assert [e.kind for e in d.entities if not e.same] == ["links", "feeds"]
    assert d.lines == 7
    # by id (the repository's report): ids are the generator's sequence, so A's entities are B's
    # first ones; count what B adds and which shared ids differ, straight from the plans
    (_a, pa, _ra), (_b, pb, _rb) = pair
    for kind, attr in (("links", "links"), ("feeds", "feeds")):
        ea = {x.id: x for x in getattr(pa, attr)}
        eb = {x.id: x for x in getattr(pb, attr)}
        e = next(x for x in d.entities if x.kind == kind)
        assert e.added == len(eb.keys() - ea.keys()) == COUNTS[kind][1] - COUNTS[kind][0]
        assert e.removed == len(ea.keys() - eb.keys()) == 0
        assert e.changed == sum(1 for k in ea.keys() & eb.keys() if ea[k] != eb[k]) > 0


def test_every_figure_is_the_engines(pair, catalog):
    c = compare_builds(pair, catalog)
    for o, (_n, _plan, r) in zip(c.options, pair, strict=True):
        t = r.totals
        assert (o.gpus, o.racks, o.capex, o.capex_complete, o.opex_per_year) == (
            t.gpus, t.racks, t.capex, t.capex_complete, t.opex_per_year)
        assert o.it_max_w == t.agg.sums["max_w"] and o.facility_typical_w == t.facility_typical_w
        rvo = t.rent_vs_own
        assert rvo is not None and o.own_per_year == rvo.own_cost_per_year
        # TCO: the engine's cumulative cost of owning at the end of the years of use
        assert o.tco == rvo.cumulative(round(rvo.own_only.years * 12))[0][-1]
        assert o.tco == pytest.approx(t.capex + (rvo.own_only.energy_per_year + rvo.own_only.support_per_year
                                                 + rvo.own_only.colocation_per_year) * rvo.own_only.years)
        assert o.findings == r.counts()
        assert [(w.id, w.met, w.margin, w.bottleneck) for w in o.workloads] == [
            (v.id, v.met, v.margin, v.bottleneck) for v in r.workloads.values()]


def test_rows_mark_the_incomplete_capex_and_what_differs(pair, catalog):
    c = compare_builds(pair, catalog)
    assert not c.options[0].capex_complete  # the R760's price is left out (UNPRICED_SERVERS)
    rows = {r.label: r for r in c.rows() if not r.heading}
    capex = rows["Capex"]
    assert all("INCOMPLETE" in cell for cell in capex.cells) and capex.warn == (True, True)
    assert rows["Racks"].cells[1] == "1, same" and not rows["Racks"].differs
    assert rows["Links (cables)"].cells[1] == "25: 24 added, 0 removed, 1 changed" and rows["Links (cables)"].differs
    assert rows["Dell PowerEdge R760xa 100GbE (4x L40S)"].cells == ("0", "8 (+8)")
    assert rows["Errors"].cells == ("0", "0")


def test_a_variant_is_matched_by_id(pair, catalog):
    _n, plan, _r = pair[1]
    variant = plan.snapshot()
    rack = next(iter(variant.racks()))
    gone = next(p for p in rack.placements if p.device == "nvidia-sn4700")
    rack.placements.remove(gone)
    variant.links = [ln for ln in variant.links if gone.id not in (ln.a.placement, ln.b.placement)]
    variant.reindex()
    cut = len(plan.links) - len(variant.links)
    assert cut == 17  # the leaf's 16 front-end cables and its management cable
    c = compare_builds([(B_NAME, plan, Engine(catalog).compute(plan)), ("variant", variant,
                                                                          Engine(catalog).compute(variant))], catalog)
    (d,) = c.differences
    assert {m.slug: m.delta for m in d.devices} == {"nvidia-sn4700": -1}
    links = next(e for e in d.entities if e.kind == "links")
    assert (links.added, links.removed, links.changed) == (0, cut, 0)
    assert all(e.same for e in d.entities if e.kind != "links")
    assert d.removed == {"links": cut, "placements": 1, "power_connections": 1}  # the switch with its cords


def test_two_to_four_options(pair, catalog):
    with pytest.raises(CompareError):
        compare_builds(pair[:1], catalog)
    with pytest.raises(CompareError):
        compare_builds(pair * 3, catalog)
    c = compare_builds(pair * 2, catalog)
    assert [o.label for o in c.options] == ["A", "B", "C", "D"] and len(c.differences) == 3
    assert c.differences[1].lines == 0  # C is A again


@pytest.fixture(scope="module")
def files(pair, tmp_path_factory):
    d = tmp_path_factory.mktemp("compare")
    out = []
    for name, plan, _r in pair:
        path = d / f"{name}.json"
        save_plan_json(plan, path)
        out.append(str(path))
    return out


def test_cli_json(files, capsys):
    assert main(["compare", *files, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["files"] == files
    (d,) = doc["differences"]
    assert {m["model"]: (m["a"], m["b"]) for m in d["devices"]} == MODEL_DELTAS
    assert {k: (d[k]["a"], d[k]["b"]) for k in COUNTS} == COUNTS
    assert [o["capex_complete"] for o in doc["options"]] == [False, False]


def test_cli_text_in_both_languages(files, capsys):
    assert main(["compare", *files, "--lang", "en"]) == 0
    en = capsys.readouterr().out
    assert "Capex" in en and "INCOMPLETE" in en and "25: 24 added, 0 removed, 1 changed" in en
    assert main(["compare", *files, "--lang", "de"]) == 0
    de = capsys.readouterr().out
    assert "Investitionskosten" in de and "UNVOLLSTÄNDIG" in de
    assert "25: 24 hinzugefügt, 0 entfernt, 1" in de  # the cell wraps at 38 characters
    # the workloads' verdicts too (a Message from the engine's names: translated where shown)
    assert "erfüllt, Spielraum" in de and "met, " not in de


@pytest.mark.parametrize("argv, says", [
    (["compare", "only-one.json"], "2 to 4 plans"),
    (["compare", "missing-a.json", "missing-b.json"], "missing-a.json"),
])
def test_cli_bad_input_is_one_line_exit_2(argv, says, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_cli_five_plans_refused(files, capsys):
    assert main(["compare", *files, *files, files[0]]) == 2
    assert "2 to 4 plans" in capsys.readouterr().err


def test_templates_listed_are_the_ones_compared():
    assert {A_NAME, B_NAME} <= set(TEMPLATES)


# -- the build plan's comparison page ----------------------------------------------------------

HAVE_PDFTOTEXT = shutil.which("pdftotext") is not None


def _pages(path) -> list[str]:
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True).stdout
    return out.decode("utf-8").split("\f")[:-1]


@pytest.mark.skipif(not HAVE_PDFTOTEXT and not os.environ.get("CI"), reason="pdftotext (poppler-utils) not installed")
@pytest.mark.parametrize("lang, title, capex, links", [
    ("en", "Options compared", "INCOMPLETE", "25: 24 added, 0 removed, 1 changed"),
    ("de", "Optionen im Vergleich", "UNVOLLSTÄNDIG", "25: 24 hinzugefügt, 0 entfernt, 1 geändert"),
])
def test_report_compare_page_in_both_languages(files, tmp_path, capsys, lang, title, capex, links):
    out = tmp_path / f"plan-{lang}.pdf"
    assert main(["report", files[0], "-o", str(out), "--lang", lang, "--compare", files[1]]) == 0
    said = capsys.readouterr().out
    assert "requirements, compare, floor" in said  # the sections as the report lists them
    pages = _pages(out)
    page = next(p for p in pages if re.search(rf"^\s*{title}\s*$", p, re.M))
    assert capex in page and links in page
    # the page comes after the cover and before the floor plan, and the contents list it
    at = pages.index(page)
    floor = "Floor plan" if lang == "en" else "Raumplan"
    assert any(floor in p for p in pages[at + 1:]) and title in "".join(pages[:at])


def test_report_compare_bad_input(files, tmp_path, capsys):
    out = tmp_path / "x.pdf"
    assert main(["report", files[0], "-o", str(out), "--compare", *files, *files]) == 2
    err = capsys.readouterr().err
    assert "--compare takes 1 to 3 plans" in err and len(err.strip().splitlines()) == 1
    assert main(["report", files[0], "-o", str(out), "--compare", str(tmp_path / "nope.json")]) == 2
    assert "nope.json" in capsys.readouterr().err
    assert not out.exists()


def test_non_llm_workloads_have_their_figures(pair, catalog):
    """Issue 32 walk-through: the comparison page's "figures" line of a vision, recommendation
    or analytics target read "–" though the engine had sized it (samples/s, minutes, the CPU
    build that is enough)."""
    from planner.model.plan import Workload

    builds = []
    for name, plan, _r in pair:
        p = plan.model_copy(deep=True)
        p.workloads = [*p.workloads,
                       Workload(id="wl-vis", name="Vision ResNet-50", kind="vision",
                                spec={"model": "resnet-50", "mode": "infer", "target_samples_per_s": 500}),
                       Workload(id="wl-xgb", name="XGBoost churn", kind="analytics",
                                spec={"rows": 1e6, "target_minutes": 10})]
        builds.append((name, p, Engine(catalog).compute(p)))
    rows = compare_builds(builds, catalog).rows()
    labels = [r.label for r in rows]
    vis = rows[labels.index("Vision ResNet-50") + 2]
    xgb = rows[labels.index("XGBoost churn") + 2]
    assert vis.label.strip() == xgb.label.strip() == "figures"
    for i, (_n, _p, r) in enumerate(builds):
        fv, fx = r.workloads["wl-vis"].figures, r.workloads["wl-xgb"].figures
        assert f"{fv['samples_per_s']:,.0f} samples/s" in vis.cells[i]
        assert f"{fx['minutes']:,.1f} min of training" in xgb.cells[i]
        assert fv["cpu_enough"] and f"CPU servers enough: {fv['cpu_servers']}" in vis.cells[i]
    from planner.i18n import use_language

    with use_language("de"):
        rows = compare_builds(builds, catalog).rows()
    labels = [r.label for r in rows]
    assert "Samples/s" in rows[labels.index("Vision ResNet-50") + 2].cells[0]
    assert "min Training" in rows[labels.index("XGBoost churn") + 2].cells[0]
    assert "CPU-Server reichen: " in rows[labels.index("XGBoost churn") + 2].cells[0]
