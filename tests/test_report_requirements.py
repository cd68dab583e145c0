"""The build plan's Requirements section, the sign-off against it and the internal
checklist (planner.reports.requirements, planner.reports.pdf): each line's result comes
from the engine, a changed plan changes the verdict, internal notes stay out of the
customer's PDF, `rackwright report --internal` writes the checklist alone."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from planner.commands.cli import main as cli_main
from planner.engine import Engine
from planner.files.documents import load_plan
from planner.i18n import format_margin, use_language
from planner.model.plan import Requirements
from planner.reports import ReportOptions, build_plan_pdf
from planner.reports.requirements import requirement_lines

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"
pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")
NOTE = "Bitte bepreisen, bevor der Kunde dies sieht"


@pytest.fixture(scope="module")
def catalog(unpriced_catalog):
    # the shipped catalog with the example's rear door and active copper unpriced
    # (tests/conftest.py): these tests show what an incomplete capex does
    return unpriced_catalog


def asked_plan(**req):
    plan = load_plan(EXAMPLE)
    fields = dict(budget=2_000_000, currency="USD", max_rack_kw=40, cooling=["air", "rdhx"], max_racks=6,
                  floor_m2=100, vendors=["Dell"], gpu_models=["h100-sxm"], years=4,
                  statement="500 employees, chat assistant, answers within 1 s")
    fields.update(req)
    plan.metadata.requirements = Requirements(**fields)
    plan.metadata.internal_notes = NOTE
    return plan


def pages(path: Path) -> list[str]:
    out = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True).stdout
    return [p for p in out.decode("utf-8", "replace").split("\f") if p.strip()]


def test_lines_follow_the_engine(catalog):
    """One line per workload with the engine's verdict and margin, one per stated limit,
    compared with the engine's figures: tightening a limit below the result flips it."""
    plan = asked_plan()
    res = Engine(catalog).compute(plan)
    with use_language("en"):
        lines = requirement_lines(plan, catalog, res)
    assert [x.number for x in lines] == list(range(1, len(lines) + 1))
    wl = [x for x in lines if x.group == "workload"]
    assert [x.key for x in wl] == [w.id for w in plan.workloads]
    for x in wl:
        v = res.workloads[x.key]
        assert x.met == v.met and x.margin == v.margin
    by = {x.key: x for x in lines if x.group == "constraint"}
    assert set(by) == {"budget", "max_rack_kw", "cooling", "max_racks", "floor_m2", "vendors", "gpu_models", "years"}
    top = max(r.max_w for r in res.racks.values()) / 1000
    assert by["max_rack_kw"].met is True and by["max_racks"].met == (res.totals.racks <= 6)
    # the capex is incomplete in the example: the budget cannot be declared met
    assert not res.totals.capex_complete and by["budget"].met is None and "incomplete" in by["budget"].result
    tight = asked_plan(max_rack_kw=round(top * 0.9, 1), max_racks=1, gpu_models=["b200"], budget=1000,
                       cooling=["dlc"], vendors=["Supermicro"], floor_m2=5, years=3)
    res2 = Engine(catalog).compute(tight)
    with use_language("en"):
        by2 = {x.key: x for x in requirement_lines(tight, catalog, res2) if x.group == "constraint"}
    assert all(x.met is False for x in by2.values()), {k: (x.met, x.result) for k, x in by2.items()}
    assert "over the budget" in by2["budget"].note


def test_requirements_section_and_sign_off_in_german(tmp_path, catalog):
    """In German: the section "Anforderungen" right after the cover and contents, the
    request as stated, each line with its result and margin; the approvals sign against
    the numbered lines; the internal notes are nowhere in the customer's PDF."""
    plan = asked_plan()
    res = Engine(catalog).compute(plan)
    out = tmp_path / "de.pdf"
    build_plan_pdf(plan, catalog, res, out, ReportOptions(lang="de", date="2026-11-28"))
    pp = pages(out)
    text = "\n".join(pp)
    assert NOTE not in text and "bevor der Kunde" not in text
    cover = pp[0]
    with use_language("de"):
        n = len(requirement_lines(plan, catalog, res))
    assert "Mit der Unterschrift wird bestätigt" in cover and f"A1 bis A{n}" in cover
    assert "Anforderungen" in cover
    req = next(i for i, p in enumerate(pp) if p.lstrip().splitlines()[1:] and "Die Anfrage im Wortlaut" in p)
    assert req <= 2  # cover, contents, then the requirements
    page = pp[req]
    assert "500 employees, chat assistant" in page
    for w in plan.workloads:
        v = res.workloads[w.id]
        assert format_margin(v.margin, "de") in page
    assert "Budget" in page and "Leistung je Rack" in page and "nicht bestimmt" in page


def test_sign_off_names_the_lines_not_met(tmp_path, catalog):
    plan = asked_plan(max_racks=1)
    res = Engine(catalog).compute(plan)
    with use_language("en"):
        lines = requirement_lines(plan, catalog, res)
    racks = next(x for x in lines if x.key == "max_racks")
    assert racks.met is False
    out = tmp_path / "en.pdf"
    build_plan_pdf(plan, catalog, res, out, ReportOptions(lang="en"))
    cover = " ".join(pages(out)[0].split())
    assert f"except R{racks.number} (not met)" in cover


def test_no_requirements_recorded(tmp_path, catalog):
    plan = load_plan(EXAMPLE)
    plan.workloads = []
    res = Engine(catalog).compute(plan)
    out = tmp_path / "none.pdf"
    build_plan_pdf(plan, catalog, res, out, ReportOptions(lang="en"))
    text = " ".join("\n".join(pages(out)).split())
    assert "This plan records no requirements" in text
    assert "No statement of the request is recorded" in text


def test_cli_internal_checklist_alone_and_appended(tmp_path, catalog):
    plan = asked_plan()
    src = tmp_path / "plan.json"
    src.write_text(plan.model_dump_json(), encoding="utf-8")
    ck = tmp_path / "checklist.pdf"
    assert cli_main(["report", str(src), "--internal", "-o", str(ck), "--lang", "de", "-q"]) == 0
    pp = pages(ck)
    text = "\n".join(pp)
    assert "Interne Checkliste" in pp[0] and NOTE in text and "Preise einholen" in text
    assert "Anforderungen" not in pp[0].splitlines()[0] and "FREIGABEN" not in text.upper().split("INTERNE")[0]
    cust = tmp_path / "customer.pdf"
    assert cli_main(["report", str(src), "-o", str(cust), "-q"]) == 0
    assert NOTE not in "\n".join(pages(cust))
    both = tmp_path / "both.pdf"
    assert cli_main(["report", str(src), "-o", str(both), "--with-checklist", "-q", "--lang", "en"]) == 0
    assert NOTE in pages(both)[-1]
    assert cli_main(["report", str(src), "--internal", "--sections", "bom", "-o", str(ck)]) == 2


def test_hostile_statement_and_a_refused_spec_still_print(tmp_path, catalog):
    """Markup in the customer's words prints as text; a workload whose spec the engine
    refuses is listed as stated with the engine's reason and 'not determined'."""
    from planner.model.plan import Workload

    plan = asked_plan(statement="<b>500</b> & <font size=40>users</font> \u201cfast\u201d\n" * 40)
    plan.workloads.append(Workload(id="wl-bad", name="Broken <i>spec</i>", kind="inference",
                                   spec={"model": "llama-3.1-70b", "users": "many", "input_tokens": -3}))
    res = Engine(catalog).compute(plan)
    with use_language("en"):
        lines = requirement_lines(plan, catalog, res)
    bad = next(x for x in lines if x.key == "wl-bad")
    assert bad.met is None and "many" in bad.asked and bad.result != "\u2013"
    out = tmp_path / "hostile.pdf"
    build_plan_pdf(plan, catalog, res, out, ReportOptions(lang="en", sections=("cover", "requirements")))
    text = "\n".join(pages(out))
    assert "<b>500</b> & <font size=40>users</font>" in text and "Broken <i>spec</i>" in text
