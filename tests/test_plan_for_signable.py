"""Builds a customer can sign (issue 25): what `rackwright plan-for` writes and what every
template builds checks clean, or with only the warnings its notes name and explain, and is
right-sized: no compute fabric for one server, management switches sized to the ports in
use, storage (and a front-end network where the servers have front-end ports), no network
rack where the switches fit the compute racks.

Each spec runs through planner.design.search and the generator as the CLI does (the best
candidate, written as a plan). The cases carry a currency and a site region so that they can
be run per currency and region once plan-for prices in EUR and builds for EU sites (the
parallel work of this session): add ``(name, "EUR", "eu")`` rows to CASES.
"""

from __future__ import annotations

import copy
import math

import pytest

from planner.catalog import load_catalog
from planner.design import generate as gen
from planner.design.search import parse_plan_for_spec, search
from planner.design.templates import TEMPLATES, build_template
from planner.engine import Engine
from planner.fabric.ports import device_ports

SPECS: dict[str, dict] = {
    "small-inference": {
        "workloads": [{"name": "Serve 8B", "kind": "inference",
                       "spec": {"model": "llama-3.1-8b", "precision": "fp8", "users": 64, "input_tokens": 1024,
                                "output_tokens": 256, "target_tokens_per_s_per_user": 20, "target_ttft_s": 1.0}}],
        "constraints": {"cooling": ["air"], "budget": 400_000}},
    "production-inference": {
        "workloads": [{"name": "Serve 70B", "kind": "inference",
                       "spec": {"model": "llama-3-70b", "users": 4000, "target_tokens_per_s_per_user": 20,
                                "target_ttft_s": 2}}],
        "constraints": {"cooling": ["air"], "max_rack_kw": 40}},
    "enterprise-training": {
        "workloads": [{"name": "Fine-tune 70B", "kind": "finetune",
                       "spec": {"model": "llama-3.1-70b", "method": "full", "tokens": 2e9, "target_days": 2,
                                "zero": 3}}],
        "constraints": {"cooling": ["air"]}},
    "training-1000-gpus": {
        "workloads": [{"name": "Pretrain 70B", "kind": "pretrain",
                       "spec": {"model": "llama-3.1-70b", "tokens": 5.6e12, "target_days": 60}}],
        "constraints": {"cooling": ["air", "dlc"], "gpu_models": ["h100-sxm"]}},
    "lora-under-budget": {
        "workloads": [{"name": "LoRA 70B", "kind": "finetune",
                       "spec": {"model": "llama-3-70b", "method": "lora", "tokens": 2e9, "target_days": 1}}],
        "constraints": {"cooling": ["air"], "budget": 1_500_000}},
    "gb200": {
        "workloads": [{"name": "Serve 405B", "kind": "inference",
                       "spec": {"model": "llama-3.1-405b", "precision": "fp8", "users": 600, "input_tokens": 2048,
                                "output_tokens": 512, "target_tokens_per_s_per_user": 20, "target_ttft_s": 1.0,
                                "tp": 8}}],
        "constraints": {"cooling": ["dlc"], "gpu_models": ["gb200"]}},
}

# (spec, currency, site region): EUR and "eu" rows join when plan-for prices in EUR and
# generates EU power (the lead adds them after merging)
CASES = [(name, "USD", "na") for name in SPECS] + [(name, "EUR", "eu") for name in SPECS]
# a plan in EUR carries the rate of the catalog's USD prices and its date (ECB reference rate of
# 28 Feb 2025, 1 EUR = 1.0411 USD, as examples/plan-for/serve-70b-eur.json cites it)
EUR_RATES = {"exchange_rates": {"USD": round(1 / 1.0411, 6)}, "exchange_rates_date": "2025-02-28"}

# no warning is tolerated as pending any more: every BOM line has a catalog price (estimates and
# placeholders marked as such, docs/catalog.md, Prices), so no plan or template may report
# COST_NO_PRICE or RENT_CAPEX_INCOMPLETE (asserted in _assert_signable)
UNPRICED = {"COST_NO_PRICE", "RENT_CAPEX_INCOMPLETE"}

# a warning a case still gives that is not intended: listed with its reason, and
# asserted to be there (strict: once fixed, the entry has to go)
KNOWN: dict[tuple[str, ...], str] = {}


@pytest.fixture(scope="module")
def catalog():
    cat = load_catalog()
    assert not cat.errors, cat.errors
    return cat


def _spec(name: str, currency: str, region: str) -> dict:
    d = copy.deepcopy(SPECS[name])
    d["constraints"]["currency"] = currency
    d["constraints"]["region"] = region
    if currency == "EUR":
        d["constraints"].update(EUR_RATES)
    return d


@pytest.fixture(scope="module")
def written(catalog):
    """Each case's best candidate, written as the CLI writes it, with the engine's result."""
    out = {}
    for name, currency, region in CASES:
        spec = parse_plan_for_spec(_spec(name, currency, region))
        res = search(spec, catalog)
        cand = res.best
        assert cand is not None and cand.meets, (name, res.binding)
        plan = gen.generate_plan(cand.design, catalog, workloads=spec.plan_workloads(), metadata=spec.metadata())
        out[(name, currency, region)] = (plan, Engine(catalog).compute(plan), cand)
    return out


@pytest.fixture(scope="module")
def templates(catalog):
    return {name: (plan := build_template(name, catalog), Engine(catalog).compute(plan)) for name in TEMPLATES}


def _ports(catalog, slug: str, role: str) -> int:
    dp = device_ports(catalog, slug)
    return len(dp.role(role)) if dp is not None else 0


def _gpu_server(catalog, plan) -> tuple[str, int]:
    slugs = {p.device for p, _ in plan.index.iter_placements() if catalog.device(p.device).gpu_count}
    assert len(slugs) == 1, slugs
    slug = slugs.pop()
    return slug, sum(1 for p, _ in plan.index.iter_placements() if p.device == slug)


def _assert_signable(catalog, plan, res, named: str, known: frozenset[str] = frozenset(),
                     storage_left_out: str = "") -> None:
    """The issue's assertions on one plan; ``named``: the text that names its intended
    warnings; ``known``: codes KNOWN for it; ``storage_left_out``: why it has no storage."""
    errors = [f"{f.code}: {f.message}" for f in res.findings if f.severity == "error"]
    assert errors == []
    codes = {f.code for f in res.findings if f.severity == "warning"}
    assert known <= codes, f"fixed, remove from KNOWN: {sorted(known - codes)}"
    # every warning is one the plan's notes (or the template's text) name and explain
    assert not codes & UNPRICED, [f"{f.code}: {f.message}" for f in res.findings if f.code in UNPRICED]
    assert res.totals.capex_complete
    unnamed = sorted({c for c in codes if c not in named and c not in known})
    assert unnamed == [], [f"{f.code}: {f.message}" for f in res.findings if f.code in unnamed][:5]
    server, n = _gpu_server(catalog, plan)
    nvl72 = server == gen.NVL_TRAY
    kinds = {f.kind for f in plan.fabrics}
    # no compute fabric for one server
    if n == 1:
        assert "compute" not in kinds
    # storage: an appliance on a storage fabric wherever the servers have storage ports (a GB200
    # serving build leaves it out and says why in its notes)
    storage = [p for p, _ in plan.index.iter_placements() if catalog.device(p.device).kind == "storage"]
    if _ports(catalog, server, "storage"):
        if storage:
            assert "storage" in kinds
        else:  # only an NVL72 serving build, whose feeds carry no storage optics (the search says so)
            assert nvl72 and "storage" in storage_left_out, storage_left_out
    # a front-end network for several servers with front-end ports (one server's two ports go
    # to the customer's own network: a switch for them would be padding)
    if _ports(catalog, server, "frontend") and n > 1:
        assert "frontend" in kinds
    # management switches sized to the ports in use (generate.mgmt_switch_count, per row)
    mgmt_slug = {p.device for p, _ in plan.index.iter_placements()
                 if (sw := gen._switch_spec(catalog.device(p.device))) is not None and sw.fabric == "management"}
    assert len(mgmt_slug) == 1
    mgmt = mgmt_slug.pop()
    per_row = [sum(gen.mgmt_ports(catalog, p.device) for rk in row.racks for p in rk.placements)
               for row in plan.site.rooms[0].rows]
    n_mgmt = sum(1 for p, _ in plan.index.iter_placements() if p.device == mgmt)
    assert n_mgmt == gen.mgmt_switch_count(catalog, mgmt, per_row), (n_mgmt, per_row)
    wired = {e.placement for lk in plan.links if lk.fabric.startswith("fab-mgmt") for e in (lk.a, lk.b)}
    assert {p.id for p, _ in plan.index.iter_placements() if gen.mgmt_ports(catalog, p.device)} <= wired
    # network racks only where the switches do not fit the compute racks: a build of two
    # racks or fewer of 8-GPU servers has none
    racks = list(plan.racks())
    compute = [r for r in racks if "gpu" in r.tags]
    network = [r for r in racks if "network" in r.tags]
    if len(compute) <= 2 and not nvl72:
        assert network == [], [r.name for r in network]
    # every link at one speed on both ends
    assert not [f for f in res.findings if f.code in ("FABRIC_SPEED_MISMATCH", "FABRIC_SLOW_LINK")]


@pytest.mark.parametrize("case", CASES, ids=lambda c: "-".join(c))
def test_plan_for_writes_a_signable_plan(catalog, written, case):
    plan, res, cand = written[case]
    # an entry (name, code) holds for every currency and region, (name, code, region) for one region
    known = frozenset(k[1] for k in KNOWN if k[0] == case[0] and (len(k) < 3 or k[2] == case[2]))
    _assert_signable(catalog, plan, res, plan.metadata.notes, known, " ".join(str(n) for n in cand.notes))
    # the candidate's figures are its plan's (the search counts what the generator builds)
    assert res.totals.agg.ints["gpu_count"] == cand.gpus
    assert len(list(plan.racks())) == cand.racks
    assert res.totals.capex == pytest.approx(cand.capex, rel=0.01)
    # in the plan's currency, with the region's power
    name, currency, region = case
    assert plan.metadata.currency == currency == res.totals.currency and plan.metadata.site_region == region
    pdus = {catalog.device(p.device).planning.pdu.site_region for p, _ in plan.index.iter_placements()
            if catalog.device(p.device).kind == "pdu"}
    assert pdus == {region}, (case, pdus)
    assert plan.metadata.requirements is not None and plan.metadata.requirements.currency == currency


def test_the_training_run_has_a_thousand_gpus_and_the_small_builds_one_server(written):
    by_name = {k[0]: v for k, v in written.items()}
    assert 1000 <= by_name["training-1000-gpus"][2].gpus <= 1500
    for name in ("small-inference", "enterprise-training", "lora-under-budget"):
        plan, _res, cand = by_name[name]
        assert cand.servers == 1 and cand.racks == 1, (name, cand.servers, cand.racks)
        assert {f.kind for f in plan.fabrics} <= {"storage", "frontend", "management"}
    # the budget holds with the build's complete price
    plan, res, cand = by_name["small-inference"]
    assert cand.capex <= 400_000


@pytest.mark.parametrize("name", list(TEMPLATES))
def test_every_template_is_signable(catalog, templates, name):
    plan, res = templates[name]
    info = TEMPLATES[name].info
    intended = info.intended_for(plan.metadata.site_region)
    _assert_signable(catalog, plan, res, intended,
                     storage_left_out="storage" if name == "gb200-nvl72" else "")
    # what the template names is in the plan's notes, so the build plan prints it
    if intended:
        assert plan.metadata.notes.endswith(intended)


def test_intended_warnings_are_named_only_when_they_occur(templates):
    """A template names no warning its plan does not give (a stale text would mislead)."""
    import re

    for name, (plan, res) in templates.items():
        named = set(re.findall(r"\b[A-Z]+_[A-Z_]+\b", TEMPLATES[name].info.intended_for(plan.metadata.site_region)))
        given = {f.code for f in res.findings if f.severity == "warning"}
        assert named <= given, (name, named - given)


def test_one_server_gets_no_compute_fabric(catalog):
    from planner.design.model import BuildDesign

    design = BuildDesign(server="nvidia-dgx-h100", servers=1, cooling="air")
    plan = gen.generate_plan(design, catalog)
    assert {f.kind for f in plan.fabrics} == {"management"}
    assert math.isclose(gen.rack_fit(gen.effective_design(design, catalog), catalog).server_kw,
                        (catalog.device("nvidia-dgx-h100").max_power_w or 0) / 1000, rel_tol=0.05)
