"""The workload search (planner.design.search) and `rackwright plan-for`."""

from __future__ import annotations

import copy
import json
import math
import re
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.design import generate as gen
from planner.design import sizing
from planner.design.search import (
    CONSTRAINT_NAMES,
    PlanForSpecError,
    parse_plan_for_spec,
    plan_for_json_schema,
    search,
)
from planner.engine import levels

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples" / "plan-for").glob("*.json"))

TRAIN = {"workloads": [{"name": "train 8B", "kind": "pretrain",
                        "spec": {"model": "llama-3.1-8b", "tokens": 1e12, "target_days": 30}}],
         "constraints": {"years": 4, "cooling": ["air", "dlc"], "gpu_models": ["h100-sxm", "b200"]}}
SERVE = {"workloads": [{"name": "chat", "kind": "inference",
                        "spec": {"model": "llama-3-70b", "users": 500, "target_tokens_per_s_per_user": 20,
                                 "target_ttft_s": 2}}],
         "constraints": {"cooling": ["air"], "gpu_models": ["h100-sxm"], "max_rack_kw": 15}}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def spec_with(base: dict, **constraints) -> dict:
    d = copy.deepcopy(base)
    d["constraints"].update(constraints)
    return d


# ----------------------------------------------------------------------------- the SPEC


@pytest.mark.parametrize("mutate, path, words", [
    (lambda d: d["workloads"][0]["spec"].update(users=0), "workloads[0].spec.users", "greater than or equal to 1"),
    (lambda d: d["workloads"][0].update(kind="serve"), "workloads[0].kind", "inference"),
    (lambda d: d["workloads"][0]["spec"].update(colour="red"), "workloads[0].spec.colour", "not permitted"),
    (lambda d: d["workloads"][0].pop("spec"), "workloads[0].spec", "missing"),
    (lambda d: d["workloads"][0].update(group="g"), "workloads[0].group", "unknown key"),
    (lambda d: d["workloads"].append(copy.deepcopy(d["workloads"][0])), "workloads[1].name", "earlier workload"),
    (lambda d: d.update(workloads=[]), "workloads", "at least one"),
    (lambda d: d.update(workload=[]), "workload", "did you mean workloads"),
    (lambda d: d["constraints"].update(cooling=["air", "water"]), "constraints.cooling[1]", "'dlc'"),
    (lambda d: d["constraints"].update(cooling=["air", "air"]), "constraints.cooling[1]", "twice"),
    (lambda d: d["constraints"].update(cooling=[]), "constraints.cooling", "at least 1"),
    (lambda d: d["constraints"].update(cooling="air"), "constraints.cooling", "should be a list"),
    (lambda d: d["constraints"].update(max_rack_kws=20), "constraints.max_rack_kws", "did you mean max_rack_kw"),
    (lambda d: d["constraints"].update(budget="lots"), "constraints.budget", "number"),
    (lambda d: d["constraints"].update(budget=-1), "constraints.budget", "greater than 0"),
    (lambda d: d["constraints"].update(max_racks=2.5), "constraints.max_racks", "integer"),
    (lambda d: d["constraints"].update(utilisation=1.5), "constraints.utilisation", "less than or equal to 1"),
    (lambda d: d["constraints"].update(currency="usd"), "constraints.currency", "pattern"),
    (lambda d: d["constraints"].update(vendors=["Dell", ""]), "constraints.vendors[1]", "at least 1"),
])
def test_a_bad_spec_names_the_field_path(mutate, path, words):
    d = copy.deepcopy(SERVE)
    mutate(d)
    with pytest.raises(PlanForSpecError) as e:
        parse_plan_for_spec(d)
    assert e.value.path == path
    assert str(e.value).startswith(f"{path}: ")
    assert words.lower() in str(e.value).lower()


def test_a_good_spec_parses_with_the_plan_workload_and_metadata():
    spec = parse_plan_for_spec(spec_with(SERVE, currency="EUR", pue=1.2, utilisation=0.7,
                                         electricity_price_per_kwh=0.2))
    (w,) = spec.plan_workloads()
    assert (w.name, w.kind, w.spec["users"]) == ("chat", "inference", 500)
    md = spec.metadata()
    assert (md.currency, md.pue, md.utilisation, md.electricity_price_per_kwh) == ("EUR", 1.2, 0.7, 0.2)
    assert spec.constraints.cooling == ("air",)


@pytest.mark.parametrize("mutate, path", [
    (lambda d: d["workloads"][0]["spec"].update(model="llama-9-70b"), "workloads[0].spec.model"),
    (lambda d: d["constraints"].update(gpu_models=["h100-sxm", "h100"]), "constraints.gpu_models[1]"),
    (lambda d: d["constraints"].update(vendors=["Acme"]), "constraints.vendors[0]"),
])
def test_what_only_the_catalog_knows_is_named_too(catalog, mutate, path):
    d = copy.deepcopy(SERVE)
    mutate(d)
    with pytest.raises(PlanForSpecError) as e:
        search(parse_plan_for_spec(d), catalog)
    assert e.value.path == path


# ----------------------------------------------------------------------------- ranking


def test_ranking_puts_meeting_candidates_first_then_by_tco(catalog):
    res = search(parse_plan_for_spec(TRAIN), catalog)
    c = res.candidates
    assert res.considered == len(c) > 20 and res.meeting > 0
    assert [x.rank for x in c] == list(range(1, len(c) + 1))
    meets = [x.meets for x in c]
    assert meets == sorted(meets, reverse=True)  # every meeting candidate before every other
    ok = [x for x in c if x.meets]
    for a, b in zip(ok, ok[1:]):
        # builds met only within the model's uncertainty after those that clear it, builds that
        # leave storage out after those with it, a complete capex first (an unpriced part makes
        # capex a lower bound), unpriced servers last of those, then TCO
        assert ((a.level == "warn", a.storage_left_out, not a.capex_complete, a.server_unpriced, a.tco)
                <= (b.level == "warn", b.storage_left_out, not b.capex_complete, b.server_unpriced, b.tco))
    for x in c:
        assert x.tco == pytest.approx(x.capex + 4 * x.opex_per_year)
        assert x.meets == (x.workloads_met and not x.violations)


def test_without_years_capex_ranks(catalog):
    d = copy.deepcopy(TRAIN)
    del d["constraints"]["years"]
    res = search(parse_plan_for_spec(d), catalog)
    ok = [x for x in res.candidates if x.meets and not x.server_unpriced]
    assert len(ok) > 3 and all(x.tco is None for x in res.candidates)
    keys = [(x.level == "warn", x.storage_left_out, not x.capex_complete, x.capex) for x in ok]
    assert keys == sorted(keys)
    assert any(x.storage_left_out for x in ok) and not ok[0].storage_left_out


def test_top_and_cancel(catalog):
    spec = parse_plan_for_spec(TRAIN)
    full = search(spec, catalog)
    top = search(spec, catalog, top=3)
    assert [x.to_dict()["capex"] for x in top.candidates] == [x.to_dict()["capex"] for x in full.candidates[:3]]
    assert top.considered == full.considered
    calls = []

    def cancel():
        calls.append(1)
        return len(calls) > 3

    part = search(spec, catalog, cancel=cancel)
    assert part.cancelled and part.considered < full.considered
    seen = []
    search(spec, catalog, progress=lambda f, stage: seen.append((f, stage)))
    fractions = [f for f, _s in seen]
    assert fractions == sorted(fractions) and fractions[0] == 0.0 and fractions[-1] == 1.0
    assert any("DGX" in stage for _f, stage in seen)


# ----------------------------------------------------------------------------- binding constraints


def _one_per_rack_h100(catalog):
    """What the generator fits per rack for an air-cooled XE9680 at 15 kW (checked apart
    from the search)."""
    from planner.design.model import BuildDesign

    fit = gen.rack_fit(BuildDesign(server="dell-poweredge-xe9680", servers=1, cooling="air", max_rack_kw=15,
                                   compute=None), catalog)
    return fit.servers_per_rack


def test_max_racks_binds_with_the_racks_needed_and_the_limit(catalog):
    # DGX H100 only: every candidate then carries storage (servers without storage ports
    # meet with one rack less, and would fit the limit below)
    serve = spec_with(SERVE, vendors=["Nvidia"])
    free = search(parse_plan_for_spec(serve), catalog)
    best = free.best
    assert best.meets and best.binding_constraint == "max_rack_kw"
    assert best.servers_per_rack == _one_per_rack_h100(catalog) == 1
    # one server per rack, storage (every build has it: in a compute rack where it fits, else its
    # own rack), no fabric racks for inference
    assert best.storage and best.racks == best.servers + best.storage_racks and best.network_racks == 0
    limit = best.racks - 1
    res = search(parse_plan_for_spec(spec_with(serve, max_racks=limit)), catalog)
    assert res.meeting == 0 and res.binding_constraint == "max_racks"
    fewest = min(x.racks for x in res.candidates if x.workloads_met)
    assert fewest == best.racks
    assert res.binding.startswith(f"air at 15 kW per rack holds one 8-GPU H100 server per rack: {fewest} racks "
                                  f"needed, the limit is {limit}")


def test_floor_binds_with_the_racks_the_floor_holds(catalog):
    serve = spec_with(SERVE, vendors=["Nvidia"])
    free = search(parse_plan_for_spec(serve), catalog).best
    ch = sizing.build_choices(free.design, catalog)
    # the floor of one compute rack less beside the storage rack every build has
    other = free.racks - free.compute_racks
    area = sizing.floor_layout(free.compute_racks - 1, other, catalog, ch.rack_type, ch.network_rack_type).area_m2
    res = search(parse_plan_for_spec(spec_with(serve, floor_m2=area)), catalog)
    assert res.meeting == 0 and res.binding_constraint == "floor_m2"
    holds = sizing.racks_on_floor(area, catalog, ch.rack_type, ch.network_rack_type, other)
    assert free.compute_racks - 1 <= holds < free.compute_racks
    assert f"{free.racks} racks needed, the floor holds {holds + other}" in res.binding


def test_budget_binds_with_the_cheapest_capex_and_the_excess(catalog):
    free = search(parse_plan_for_spec(SERVE), catalog)
    cheapest = min(x.capex for x in free.candidates if x.meets)
    budget = round(cheapest * 0.8)
    res = search(parse_plan_for_spec(spec_with(SERVE, budget=budget)), catalog)
    assert res.meeting == 0 and res.binding_constraint == "budget"
    over = cheapest - budget
    assert f"costs {cheapest:,.0f} USD: {over:,.0f} USD ({over / budget * 100:.0f} %) over the budget of " \
           f"{budget:,.0f} USD" in res.binding


def test_a_budget_in_a_currency_without_prices_cannot_be_met(catalog):
    res = search(parse_plan_for_spec(spec_with(SERVE, currency="EUR", budget=10_000_000)), catalog)
    assert res.meeting == 0 and res.binding_constraint == "budget"
    assert "price in EUR" in res.binding and "10,000,000 EUR" in res.binding
    free = search(parse_plan_for_spec(spec_with(SERVE, currency="EUR")), catalog)
    assert free.meeting > 0 and all(not x.capex_complete for x in free.candidates)
    assert all(any("priced in USD" in u for u in x.unpriced) for x in free.candidates)


def test_a_rack_limit_below_one_server_says_so(catalog):
    res = search(parse_plan_for_spec(spec_with(SERVE, max_rack_kw=8)), catalog)
    assert res.candidates == [] and res.binding_constraint == "max_rack_kw"
    got = re.search(r"draws up to ([\d.]+) kW with its optics, more than the 8 kW per rack limit", res.binding)
    assert got and float(got.group(1)) > 8


# ----------------------------------------------------------------------------- figures = the plan's


def _verdicts_of_generated(cand, spec, catalog):
    from planner.engine import Engine

    plan = gen.generate_plan(cand.design, catalog, workloads=spec.plan_workloads(), metadata=spec.metadata())
    return plan, Engine(catalog).compute(plan)


@pytest.mark.parametrize("base, picks", [(TRAIN, (1, 2, 3)), (SERVE, (1, 2, 3))])
def test_a_candidates_bom_is_its_written_plans(catalog, base, picks):
    """The search counts the parts the generator builds: the same BOM lines and quantities
    (switches and storage homed in the compute racks on their cables by rack distance, their
    draw on that rack's PDUs, one management cord per management port), so the estimate is
    the plan's capex."""
    spec = parse_plan_for_spec(base)
    res = search(spec, catalog)
    for k in picks:
        cand = res.candidates[k - 1]
        plan, r = _verdicts_of_generated(cand, spec, catalog)
        written = {(b.table, b.slug): b.quantity for b in r.bom}
        assert {(t, s): q for t, s, q in cand.bom} == written, k
        assert cand.capex == pytest.approx(r.totals.capex, rel=1e-9)
        assert cand.capex_complete and r.totals.capex_complete


@pytest.mark.parametrize("base, picks", [(TRAIN, (1, 2)), (SERVE, (1,))])
def test_a_meeting_candidate_meets_when_its_plan_is_evaluated(catalog, base, picks):
    spec = parse_plan_for_spec(base)
    res = search(spec, catalog)
    for k in picks:
        cand = res.candidates[k - 1]
        assert cand.meets
        plan, r = _verdicts_of_generated(cand, spec, catalog)
        verdicts = {v.name: v for v in r.workloads.values()}
        for w in cand.workloads:
            v = verdicts[w["name"]]
            assert v.met is True and w["met"] is True
            assert v.margin == pytest.approx(w["margin"], abs=1e-3)
            # the wizard's mark is the engine's level (warn: met within the model's uncertainty)
            assert w["level"] == v.level
            for key in ("days", "tokens_per_s_per_user", "ttft_s"):
                if w.get(key) is not None:
                    assert v.figures[key] == pytest.approx(w[key], rel=1e-6)
        assert not [f for f in r.findings if f.severity == "error"]
        # racks, floor and IT power are the plan's; capex its BOM's within 1 %
        assert sum(1 for _ in plan.racks()) == cand.racks
        room = plan.site.rooms[0]
        assert room.width_m * room.depth_m == pytest.approx(cand.floor_m2, rel=1e-6)
        assert r.totals.capex == pytest.approx(cand.capex, rel=0.01)
        assert r.totals.agg.sums["max_w"] / 1000 == pytest.approx(cand.it_kw, rel=0.02)
        assert r.totals.capex_complete == cand.capex_complete
        assert cand.level == levels.worst(v.level for v in r.workloads.values())
        # the generator causes no warnings of its own: no link at two speeds, no device whose
        # draw its own PSUs cannot carry after one fails
        # (the chosen server's own PSU data is the catalog's: it warns in a hand-built plan too)
        # (a storage appliance's 400G port takes a whole 400G cage of the storage fabric beside
        # the servers' 200G NICs on lanes: no link at two speeds there either)
        own = [f"{f.code}: {f.message}" for f in r.findings if f.code in GENERATOR_CODES
               and not (f.code == "PSU_OVERLOAD" and plan.placement(f.id).device == cand.server)]
        assert own == []


GENERATOR_CODES = {"FABRIC_SPEED_MISMATCH", "PSU_OVERLOAD", "FABRIC_UNKNOWN_PORT", "FABRIC_SLOW_LINK"}


def test_an_incomplete_capex_ranks_after_every_complete_one(catalog):
    """A capex that leaves unpriced parts out is a lower bound: such a build never ranks
    above a build of the same standing whose capex is complete, however cheap it looks."""
    res = search(parse_plan_for_spec(TRAIN), catalog)
    shown = False
    for meets in (True, False):
        for left_out, warn in ((False, False), (False, True), (True, False), (True, True)):
            group = [x for x in res.candidates if x.meets is meets and x.workloads_met
                     and x.storage_left_out is left_out and (x.level == "warn") is warn]
            complete = [x for x in group if x.capex_complete]
            incomplete = [x for x in group if not x.capex_complete]
            if complete and incomplete:
                assert max(x.rank for x in complete) < min(x.rank for x in incomplete)
                # one that looks cheaper only because a part has no price
                shown = shown or min(x.cost for x in incomplete) < max(x.cost for x in complete)
    assert shown


def test_fewer_gpus_than_the_search_found_do_not_meet(catalog):
    """The count is the fewest that meets: one server fewer misses (the workload code says)."""
    from planner.workloads.arch import ModelArch
    from planner.workloads.cluster import cluster_from_counts
    from planner.workloads.evaluate import evaluate_inference

    spec = parse_plan_for_spec(SERVE)
    best = search(spec, catalog).best
    w = spec.workloads[0]
    model = ModelArch.from_llm(catalog.llm(w.parsed.model))
    fewer = cluster_from_counts(catalog, {best.server: best.servers - 1}, {}, spec.metadata())
    same = cluster_from_counts(catalog, {best.server: best.servers}, {}, spec.metadata())
    assert evaluate_inference(w.parsed, model, same, need=False)[0] is True
    assert evaluate_inference(w.parsed, model, fewer, need=False)[0] is False


def test_choices_and_switch_estimate_are_the_generators(catalog):
    spec = parse_plan_for_spec(TRAIN)
    res = search(spec, catalog)
    seen = 0
    memo: dict = {}
    for cand in res.candidates[:40] + res.candidates[-20:]:
        ch = sizing.build_choices(cand.design, catalog)
        assert sizing.build_choices(cand.design, catalog, memo) == ch == gen.choices(cand.design, catalog)
        mine = sizing.fabric_switches(cand.design, catalog, ch, cand.servers, {})
        sfab = gen._storage_fabric(cand.design, catalog) if cand.design.storage else None
        theirs = []
        for fc, sw, role in ((cand.design.compute, ch.compute_switch, "compute"),
                             (sfab, ch.storage_switch, "storage")):
            if fc is not None and sw is not None:
                theirs.append((sw, gen._estimate_switches(catalog, cand.design, sw, role, cand.servers, fc)))
        assert mine == theirs
        seen += bool(theirs)
    assert seen


# ----------------------------------------------------------------------------- JSON Schema


def _validate(doc, schema, root=None, path="$"):
    """The JSON Schema keywords docs/plan-for.schema.json uses (draft 2020-12 subset)."""
    root = root or schema
    if "$ref" in schema:
        name = schema["$ref"].split("/")[-1]
        return _validate(doc, root["$defs"][name], root, path)
    errs = []
    types = {"object": dict, "array": list, "string": str, "integer": int, "number": (int, float),
             "boolean": bool, "null": type(None)}
    if "anyOf" in schema:
        if all(_validate(doc, s, root, path) for s in schema["anyOf"]):
            errs.append(f"{path}: matches none of anyOf")
        return errs
    t = schema.get("type")
    if t is not None:
        ok = isinstance(doc, types[t]) and not (t in ("integer", "number") and isinstance(doc, bool))
        if not ok:
            return [f"{path}: not {t}"]
    if "enum" in schema and doc not in schema["enum"]:
        errs.append(f"{path}: not in enum")
    if "const" in schema and doc != schema["const"]:
        errs.append(f"{path}: not const")
    if isinstance(doc, (int, float)) and not isinstance(doc, bool):
        if "minimum" in schema and doc < schema["minimum"]:
            errs.append(f"{path}: below minimum")
        if "maximum" in schema and doc > schema["maximum"]:
            errs.append(f"{path}: above maximum")
        if "exclusiveMinimum" in schema and doc <= schema["exclusiveMinimum"]:
            errs.append(f"{path}: not above exclusiveMinimum")
    if isinstance(doc, str):
        if len(doc) < schema.get("minLength", 0):
            errs.append(f"{path}: too short")
        if "pattern" in schema and not re.search(schema["pattern"], doc):
            errs.append(f"{path}: pattern")
    if isinstance(doc, list):
        if len(doc) < schema.get("minItems", 0):
            errs.append(f"{path}: too few items")
        for i, x in enumerate(doc):
            if "items" in schema:
                errs += _validate(x, schema["items"], root, f"{path}[{i}]")
    if isinstance(doc, dict):
        props = schema.get("properties", {})
        for k in schema.get("required", []):
            if k not in doc:
                errs.append(f"{path}.{k}: required")
        for k, v in doc.items():
            if k in props:
                errs += _validate(v, props[k], root, f"{path}.{k}")
            elif schema.get("additionalProperties") is False:
                errs.append(f"{path}.{k}: not allowed")
    for sub in schema.get("allOf", []):
        if "if" in sub:
            if not _validate(doc, sub["if"], root, path):
                errs += _validate(doc, sub["then"], root, path)
        else:
            errs += _validate(doc, sub, root, path)
    return errs


def test_the_schema_file_is_the_parsers():
    got = json.loads((ROOT / "docs" / "plan-for.schema.json").read_text(encoding="utf-8"))
    assert got == plan_for_json_schema(), "regenerate: rackwright schema --plan-for > docs/plan-for.schema.json"
    assert tuple(got["$defs"]["Constraints"]["properties"]) == CONSTRAINT_NAMES


def test_the_examples_validate_and_bad_ones_do_not():
    schema = plan_for_json_schema()
    assert len(EXAMPLES) >= 2
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLES]
    md = (ROOT / "docs" / "plan-for.md").read_text(encoding="utf-8")
    docs += [json.loads(block) for block in re.findall(r"```json\n(.*?)```", md, re.S)]
    for d in docs:
        assert _validate(d, schema) == []
        parse_plan_for_spec(d)
    bad = copy.deepcopy(docs[0])
    bad["constraints"]["cooling"] = ["water"]
    assert _validate(bad, schema)
    bad = copy.deepcopy(docs[0])
    bad["workloads"][0]["spec"]["tokens"] = -1
    assert _validate(bad, schema)
    bad = copy.deepcopy(docs[0])
    bad["constraints"]["floor"] = 3
    assert _validate(bad, schema)


# ----------------------------------------------------------------------------- the CLI


def run_cli(capsys, *argv):
    from planner.commands.cli import main

    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_cli_table_json_and_plan(tmp_path, capsys):
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(SERVE), encoding="utf-8")
    rc, out, _err = run_cli(capsys, "plan-for", str(spec), "--top", "3")
    assert rc == 0 and "meet every target" in out and "Nvidia DGX H100" in out
    rc, out, _err = run_cli(capsys, "plan-for", str(spec), "--json", "--top", "2")
    d = json.loads(out)
    assert rc == 0 and len(d["candidates"]) == 2
    keys = {"gpu", "server", "gpus", "servers", "racks", "it_kw", "capex", "opex_per_year", "tco", "meets",
            "margin", "bottleneck", "binding_constraint"}
    assert keys <= set(d["candidates"][0])
    ro = d["candidates"][0]["rent_vs_own"]
    assert ro["cloud_cost_per_year"] > 0
    rc, out, _err = run_cli(capsys, "plan-for", str(spec), "--top", "1")
    assert f"renting the GPUs costs {ro['cloud_cost_per_year']:,.0f} USD/year" in out
    assert f"owning {ro['own_cost_per_year']:,.0f} USD/year" in out
    plan = tmp_path / "out.json"
    rc, out, _err = run_cli(capsys, "plan-for", str(spec), "-o", str(plan))
    assert rc == 0 and plan.exists()
    from planner.files.documents import load_plan

    p = load_plan(plan)
    assert [w.name for w in p.workloads] == ["chat"] and p.metadata.currency == "USD"
    rc, _out, err = run_cli(capsys, "plan-for", str(spec), "-o", str(plan))  # exists, no --force
    assert rc == 2 and "already exists" in err
    rc, _out, err = run_cli(capsys, "plan-for", str(spec), "-o", str(plan), "--force", "--pick", "999")
    assert rc == 2 and "--pick 999" in err


def test_cli_exit_1_when_nothing_meets_and_nothing_written(tmp_path, capsys):
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(spec_with(SERVE, max_racks=1)), encoding="utf-8")
    out_plan = tmp_path / "p.json"
    rc, out, err = run_cli(capsys, "plan-for", str(spec), "-o", str(out_plan))
    assert rc == 1 and "Nothing meets: air at 15 kW per rack" in out and "nothing written" in err
    assert not out_plan.exists() and list(tmp_path.iterdir()) == [spec]
    # --pick writes it anyway, says why it does not meet, and still exits 1
    rc, out, err = run_cli(capsys, "plan-for", str(spec), "-o", str(out_plan), "--pick", "1")
    assert rc == 1 and out_plan.exists() and "candidate 1 does not meet" in err and "racks needed" in err


def test_the_written_plan_has_no_error_findings(tmp_path, capsys, catalog):
    from planner.commands.plan_for import plan_errors
    from planner.files.documents import load_plan

    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(TRAIN), encoding="utf-8")
    plan = tmp_path / "train.rackplan"
    rc, out, err = run_cli(capsys, "plan-for", str(spec), "-o", str(plan), "--top", "1")
    assert rc == 0, err
    p = load_plan(plan)
    assert plan_errors(p, catalog) == []
    assert {w.kind for w in p.workloads} == {"pretrain"} and p.metadata.utilisation == 1.0


@pytest.mark.parametrize("text, words", [
    ('{"workloads": [{"name": "a", "kind": "inference", "spec": {"model": "llama-3-70b", "users": 0}}]}',
     "workloads[0].spec.users: "),
    ('{"workloads": [], }', "line 1 column"),
    ('{"workloads": [{"name": "a", "kind": "inference", "spec": {"model": "llama-3-70b", "users": 5}}],'
     ' "constraints": {"cooling": ["air", "fan"]}}', "constraints.cooling[1]: "),
    ('{"workloads": [{"name": "a", "kind": "inference", "spec": {"model": "llama-3-70b", "users": NaN}}]}',
     "NaN"),
])
def test_cli_bad_spec_exit_2_one_line(tmp_path, capsys, text, words):
    spec = tmp_path / "spec.json"
    spec.write_text(text, encoding="utf-8")
    plan = tmp_path / "p.rackplan"
    rc, out, err = run_cli(capsys, "plan-for", str(spec), "-o", str(plan))
    assert rc == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and str(spec) in err
    assert not plan.exists()


def test_floor_layout_grows_with_racks(catalog):
    rt, nrt = "rack-48u-800x1200", "rack-48u-800x1200"
    areas = [sizing.floor_layout(n, 2, catalog, rt, nrt).area_m2 for n in range(1, 60)]
    assert areas == sorted(areas) and math.isfinite(areas[-1])
    for floor in (20.0, 75.0, 300.0):
        n = sizing.racks_on_floor(floor, catalog, rt, nrt, 2)
        assert sizing.floor_layout(n, 2, catalog, rt, nrt).area_m2 <= floor
        assert sizing.floor_layout(n + 1, 2, catalog, rt, nrt).area_m2 > floor


# ----------------------------------------------------------------------------- currency, options, exact capex

EUR = {"currency": "EUR", "exchange_rates": {"USD": 0.92}, "exchange_rates_date": "2026-11-30"}


def test_a_eur_spec_with_a_rate_prices_every_candidate_in_eur(catalog):
    """The catalog prices in USD: with a USD rate every build that is complete in USD is complete
    in EUR, at the rate; the cloud price converts too. Without a rate none is (the engine's rule)."""
    usd = search(parse_plan_for_spec(SERVE), catalog)
    eur = search(parse_plan_for_spec(spec_with(SERVE, **EUR)), catalog)
    def key(x):  # a build: server, count, cooling, and its fabric and storage options
        return (x.server, x.servers, x.cooling, repr(x.design.compute), repr(x.design.storage))

    by_key = {key(x): x for x in usd.candidates}
    assert len(by_key) == len(usd.candidates)
    assert eur.considered == usd.considered
    for x in eur.candidates:
        u = by_key[key(x)]
        assert x.currency == "EUR" and x.capex_complete == u.capex_complete
        assert x.capex == pytest.approx(u.capex * 0.92, rel=1e-9)
        if u.rent_vs_own:
            assert x.rent_vs_own["cloud_cost_per_year"] == pytest.approx(u.rent_vs_own["cloud_cost_per_year"] * 0.92)
    assert any(x.capex_complete for x in eur.candidates)
    # a budget in EUR between the EUR and the USD figure of the cheapest: met in EUR
    # the cheapest complete build that has its storage (a build without ranks after: docs/plan-for.md)
    cheapest = min(x.capex for x in usd.candidates if x.meets and x.capex_complete and not x.storage_left_out)
    budget = round(cheapest * 0.96)
    got = search(parse_plan_for_spec(spec_with(SERVE, budget=budget, **EUR)), catalog)
    assert got.meeting > 0 and got.best.capex <= budget and got.best.capex_complete


@pytest.mark.parametrize("mutate, path, words", [
    (lambda c: c.update(exchange_rates={"usd": 0.9}), "constraints.exchange_rates", "pattern"),
    (lambda c: c.update(exchange_rates={"USD": 0}), "constraints.exchange_rates.USD", "greater than 0"),
    (lambda c: c.update(currency="EUR", exchange_rates={"EUR": 1.0}), "constraints.exchange_rates.EUR", "rate is 1"),
    (lambda c: c.update(exchange_rates_date="2026-02-30"), "constraints.exchange_rates_date", "not a date"),
    (lambda c: c.update(exchange_rates_date="30.11.2026"), "constraints.exchange_rates_date", "pattern"),
])
def test_a_bad_exchange_rate_names_its_field(mutate, path, words):
    d = copy.deepcopy(SERVE)
    mutate(d["constraints"])
    with pytest.raises(PlanForSpecError) as e:
        parse_plan_for_spec(d)
    assert e.value.path.startswith(path) and words in str(e.value)


def test_the_plan_metadata_carries_currency_rates_and_the_requirements():
    spec = parse_plan_for_spec(spec_with(TRAIN, budget=2_000_000, max_rack_kw=40, max_racks=12,
                                         electricity_price_per_kwh=0.21, **EUR))
    md = spec.metadata()
    assert (md.currency, md.exchange_rates, md.exchange_rates_date) == ("EUR", {"USD": 0.92}, "2026-11-30")
    assert md.electricity_price_per_kwh == 0.21 and md.years_of_use == 4
    r = md.requirements
    assert (r.budget, r.currency, r.max_rack_kw, r.max_racks, r.cooling, r.gpu_models, r.years) == (
        2_000_000, "EUR", 40, 12, ["air", "dlc"], ["h100-sxm", "b200"], 4)


def test_cost_per_token_is_in_the_plan_currency_at_its_electricity_price(catalog):
    """EUR at 0.92 per USD and 0.23 EUR/kWh is the USD figure at 0.25 USD/kWh, times 0.92."""
    usd = search(parse_plan_for_spec(spec_with(SERVE, electricity_price_per_kwh=0.25)), catalog)
    eur = search(parse_plan_for_spec(spec_with(SERVE, electricity_price_per_kwh=0.23, **EUR)), catalog)
    by_key = {(x.server, x.servers, x.cooling): x for x in usd.candidates}
    checked = 0
    for x in eur.candidates:
        w, u = x.workloads[0], by_key[(x.server, x.servers, x.cooling)].workloads[0]
        if u.get("cost_per_million_tokens") is None:
            continue
        assert w["currency"] == "EUR" and u["currency"] == "USD"
        assert w["cost_per_million_tokens"] == pytest.approx(u["cost_per_million_tokens"] * 0.92, rel=1e-9)
        assert w["cost_complete"] == u["cost_complete"]
        checked += 1
    assert checked > 10
    # the electricity price counts: a dearer one, a dearer token
    dear = search(parse_plan_for_spec(spec_with(SERVE, electricity_price_per_kwh=0.5, **EUR)), catalog)
    a, b = eur.candidates[0].workloads[0], next(
        x for x in dear.candidates if x.server == eur.candidates[0].server
        and x.servers == eur.candidates[0].servers).workloads[0]
    assert b["cost_per_million_tokens"] > a["cost_per_million_tokens"]


def test_options_are_distinct_per_gpu_cooling_and_margin_step(catalog):
    from planner.design.search import MARGIN_STEPS, MARGIN_TOLERANCE, select_options

    res = search(parse_plan_for_spec({**TRAIN, "constraints": {"years": 4}}), catalog)
    opts = select_options(res.candidates)
    assert 1 < len(opts) < len(res.candidates) and len({id(o) for o in opts}) == len(opts)
    meeting = [c for c in res.candidates if c.meets]
    for key in {(c.gpu, c.cooling) for c in meeting}:
        group = [c for c in meeting if (c.gpu, c.cooling) == key]  # in ranking order
        mine = [o for o in opts if (o.gpu, o.cooling) == key]
        assert group[0] in mine  # the best-ranked that meets, per GPU model and cooling
        for step in MARGIN_STEPS[1:]:
            best = next((c for c in group if c.margin >= step - MARGIN_TOLERANCE), None)
            assert best is None or best in mine
        assert len(mine) <= len(MARGIN_STEPS)
    assert all(o.meets for o in opts)
    # the margin steps are there: some option quotes about +25 % and some about +50 % more
    assert any(o.margin >= 0.2 for o in opts) and any(o.margin >= 0.45 for o in opts)


def test_filter_and_sort(catalog):
    from planner.design.search import filter_candidates, sort_candidates

    res = search(parse_plan_for_spec(SERVE), catalog)
    cands = res.candidates
    only = filter_candidates(cands, gpu="h100-sxm", cooling="air", meets_only=True)
    assert only and all(c.gpu == "h100-sxm" and c.cooling == "air" and c.meets for c in only)
    for key, get in (("capex", lambda c: c.capex), ("it_kw", lambda c: c.it_kw), ("racks", lambda c: c.racks)):
        got = sort_candidates(cands, key)
        if key == "capex":
            complete = [c for c in got if c.capex_complete]
            assert got[:len(complete)] == complete
            got = complete
        assert [get(c) for c in got] == sorted(get(c) for c in got)
    m = [c.margin for c in sort_candidates(cands, "margin") if c.margin is not None]
    assert m == sorted(m, reverse=True)
    with pytest.raises(ValueError):
        sort_candidates(cands, "colour")


@pytest.mark.parametrize("base, extra", [(TRAIN, EUR), (SERVE, {}), (SERVE, EUR)])
def test_the_options_capex_is_the_written_plans_to_the_cent(tmp_path, capsys, base, extra):
    """plan-for's options are priced from the plans they write: `rackwright check --json` of the
    written plan says the same capex, to the cent (the search's own estimate differed by up to 8 %:
    cable media by real lengths, management cords)."""
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps(spec_with(base, **extra)), encoding="utf-8")
    rc, out, _err = run_cli(capsys, "plan-for", str(spec), "--json")
    d = json.loads(out)
    assert rc == 0 and d["options"] and all(o["capex_exact"] for o in d["options"])
    best = d["options"][0]
    plan = tmp_path / "p.rackplan"
    rc, _out, err = run_cli(capsys, "plan-for", str(spec), "-o", str(plan))
    assert rc == 0, err
    rc, out, _err = run_cli(capsys, "check", str(plan), "--json")
    t = json.loads(out)["totals"]
    assert round(t["capex"], 2) == best["capex"] and t["capex_complete"] == best["capex_complete"]
    from planner.files.documents import load_plan

    md = load_plan(plan).metadata
    assert md.currency == best["currency"] == extra.get("currency", "USD")
    assert md.exchange_rates == extra.get("exchange_rates", {})
    assert md.requirements is not None and md.requirements.currency == md.currency
    if not best["capex_complete"]:  # what is left to price is for the planner, not the customer's notes
        assert "Price these" in md.internal_notes and "Price these" not in md.notes


def test_the_budget_sentence_names_the_capex_of_the_plan_the_options_write(catalog):
    """Over budget: the sentence names the cheapest build's capex as its plan prices it (the
    options'), not the search's estimate."""
    from planner.design.search import options

    spec = parse_plan_for_spec(SERVE)
    opts = options(search(spec, catalog), spec, catalog)
    cheapest = min(o.capex for o in opts if o.workloads_met)
    tight = parse_plan_for_spec(spec_with(SERVE, budget=round(cheapest * 0.9)))
    res = search(tight, catalog)
    options(res, tight, catalog)
    assert res.meeting == 0 and res.binding_constraint == "budget"
    assert f"costs {cheapest:,.0f} USD" in res.binding


def test_what_the_catalog_lacked_goes_to_the_internal_notes_not_the_customers(tmp_path):
    """A catalog without an immersion tank: the generator says so, for the planner only (the
    notes print on the customer's cover)."""
    import shutil

    import yaml

    from planner.catalog import shipped_catalog_dir

    root = tmp_path / "catalogs"
    shutil.copytree(shipped_catalog_dir(), root)
    f = root / "components" / "cooling.yaml"
    data = yaml.safe_load(f.read_text(encoding="utf-8"))
    data["entries"] = [e for e in data["entries"] if not str(e.get("kind", "")).startswith("immersion")]
    f.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    cat = load_catalog([root])
    spec = parse_plan_for_spec(spec_with(SERVE, cooling=["immersion"]))
    cand = search(spec, cat).candidates[0]
    plan = gen.generate_plan(cand.design, cat, workloads=spec.plan_workloads(),
                             metadata=spec.metadata(internal_notes="asked by the lead"))
    md = plan.metadata
    assert "no immersion unit in the catalog" in md.internal_notes and md.internal_notes.startswith("asked by")
    assert "no immersion unit" not in md.notes and md.notes.startswith("Generated by Rackwright")
