"""Project files: exact round trips, embedded catalog entries, migrations, bad files."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.catalog import load_catalog
from planner.design.synthetic import DEFAULT_SERVER as SERVER  # the synthetic plans' GPU server
from planner.design.synthetic import synthetic_plan
from planner.files.documents import load_plan, open_document, save_plan
from planner.files.plan_io import (
    PlanFormatError,
    load_plan_json,
    plan_from_dict,
    plan_to_dict,
    plan_to_json,
    save_plan_json,
)
from planner.files.storage import (
    SCHEMA_VERSION,
    Difference,
    catalog_differences,
    merge_catalogs,
    open_rackplan,
    rackplan_bytes,
    save_rackplan,
    unknown_hardware,
)
from planner.files.storage.convert import unmapped_fields
from planner.model.plan import Plan

FIXTURES = Path(__file__).parent / "fixtures" / "rackplan"


@pytest.fixture(scope="module")
def catalog():
    cat = load_catalog()
    assert cat.device("dell-poweredge-xe9680")
    return cat


def dump(plan: Plan) -> dict:
    return plan.model_dump()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --------------------------------------------------------------------------- exact round trips


def test_every_plan_field_has_a_column():
    assert unmapped_fields() == []


@pytest.mark.parametrize("gpus", [8, 256, 1024])
def test_synthetic_plan_file_json_file_is_identical(tmp_path, catalog, gpus):
    plan = synthetic_plan(gpus, catalog)
    a, j, b = tmp_path / "a.rackplan", tmp_path / "a.json", tmp_path / "b.rackplan"
    save_rackplan(plan, a, catalog)
    from_file = load_plan(a)
    save_plan_json(from_file, j)
    from_json = load_plan(j)
    save_rackplan(from_json, b, catalog)
    again = load_plan(b)
    assert dump(from_file) == dump(plan)
    assert dump(again) == dump(plan)
    assert plan_to_json(again) == plan_to_json(plan)


def test_tables_are_queryable_with_plain_sql(tmp_path, catalog):
    plan = synthetic_plan(256, catalog)
    path = tmp_path / "q.rackplan"
    save_rackplan(plan, path, catalog)
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        by_device = dict(con.execute("SELECT device, count(*) FROM placements GROUP BY device"))
        links = con.execute("SELECT count(*) FROM links").fetchone()[0]
        version = con.execute("SELECT value FROM rackwright_meta WHERE key='schema_version'").fetchone()[0]
        gpu_row = con.execute("SELECT data FROM catalog_entries WHERE table_name='gpus'").fetchone()
    finally:
        con.close()
    expected: dict[str, int] = {}
    for rack in plan.racks():
        for p in rack.placements:
            expected[p.device] = expected.get(p.device, 0) + 1
    assert by_device == expected
    assert links == len(plan.links)
    assert version == str(SCHEMA_VERSION)
    assert json.loads(gpu_row[0])["slug"] == catalog.device("dell-poweredge-xe9680").gpu_slug


ID = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_.:-]{0,10}", fullmatch=True)
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
FLOAT = st.floats(allow_nan=False, allow_infinity=False)
COORD = st.floats(-10_000, 10_000)  # the model bounds coordinates (planner.model.plan.Coord)
SLUGS = st.sampled_from(["dell-poweredge-xe9680", "nvidia-quantum-2-qm9700", "no-such-device", "x.y_z+1"])
JSONV = st.recursive(st.none() | st.booleans() | st.integers() | FLOAT | TEXT,
                     lambda c: st.lists(c, max_size=3) | st.dictionaries(TEXT, c, max_size=3), max_leaves=6)


def _opt(s):
    return st.none() | s


@st.composite
def plans(draw):
    n_rooms, n_rows, n_racks, n_pl = (draw(st.integers(0, 2)), draw(st.integers(0, 2)),
                                      draw(st.integers(0, 3)), draw(st.integers(0, 3)))
    n_feeds, n_loops, n_fab, n_grp = (draw(st.integers(0, 2)) for _ in range(4))
    total = n_rooms * (1 + n_rows * (1 + n_racks * (1 + n_pl))) + n_feeds + n_loops + n_fab + n_grp + 8
    ids = iter(draw(st.lists(ID, min_size=total, max_size=total, unique=True)))
    feeds = [{"id": next(ids), "name": draw(TEXT), "side": draw(st.sampled_from("ABC")),
              "voltage_v": draw(st.floats(1, 1000)), "phases": draw(st.sampled_from([1, 3])),
              "breaker_a": draw(st.floats(0.5, 5000)), "power_factor": draw(st.floats(0.01, 1)),
              "continuous_derating": draw(_opt(st.floats(0.01, 1))), "source": draw(TEXT)}
             for _ in range(n_feeds)]
    loops = [{"id": next(ids), "name": draw(TEXT), "cdu": draw(SLUGS), "cdu_count": draw(st.integers(1, 9)),
              "coolant": draw(st.sampled_from(["water", "pg25"])), "supply_temp_c": draw(st.floats(5, 70)),
              "delta_t_k": draw(st.floats(0.1, 40))} for _ in range(n_loops)]

    def cooling():
        return draw(_opt(st.fixed_dictionaries({
            "method": st.sampled_from(["air", "air-containment", "rdhx", "direct-liquid", "immersion"]),
            "unit": _opt(SLUGS), "loop": _opt(st.sampled_from([lp["id"] for lp in loops])) if loops else st.none(),
            "supply_temp_c": _opt(st.floats(-10, 70)), "delta_t_k": _opt(st.floats(0.1, 40))})))

    placements: list[dict] = []
    rooms = []
    for _ in range(n_rooms):
        rows = []
        room_id = next(ids)
        for _ in range(n_rows):
            racks = []
            row_id = next(ids)
            for _ in range(n_racks):
                rack_id = next(ids)
                pls = []
                for _ in range(n_pl):
                    zero_u = draw(st.booleans())
                    p = {"id": next(ids), "device": draw(SLUGS), "name": draw(TEXT),
                         "u": None if zero_u else draw(st.integers(1, 60)), "face": draw(st.sampled_from(["front", "rear"])),
                         "side": draw(st.sampled_from(["left", "right"])) if zero_u else None,
                         "full_depth": draw(_opt(st.booleans())),
                         "feed": draw(st.sampled_from([f["id"] for f in feeds])) if feeds and draw(st.booleans()) else None,
                         "tags": draw(st.lists(TEXT, max_size=2))}
                    pls.append(p)
                placements.extend(pls)
                racks.append({"id": rack_id, "name": draw(TEXT), "rack_type": draw(SLUGS),
                              "position": draw(st.integers(0, 40)), "gap_before_m": draw(st.floats(0, 5)),
                              "placements": pls, "cooling": cooling(), "tags": draw(st.lists(TEXT, max_size=2))})
            rows.append({"id": row_id, "name": draw(TEXT), "x_m": draw(COORD), "y_m": draw(COORD),
                         "orientation_deg": draw(st.sampled_from([0, 90, 180, 270])),
                         "cold_aisle_side": draw(st.sampled_from(["front", "rear"])), "racks": racks,
                         "cooling": cooling()})
        rooms.append({"id": room_id, "name": draw(TEXT), "width_m": draw(st.floats(0.1, 1e4)),
                      "depth_m": draw(st.floats(0.1, 1e4)), "tile_m": draw(st.floats(0.01, 2)),
                      "floor_load_limit_kg_per_m2": draw(st.floats(1, 1e5)), "raised_floor": draw(st.booleans()),
                      "rows": rows})
    pids = [p["id"] for p in placements]
    for p in placements:
        if pids and draw(st.booleans()):
            p["power"] = [{"pdu": draw(st.sampled_from(pids)), "outlet": draw(_opt(st.integers(1, 48)))}
                          for _ in range(draw(st.integers(1, 2)))]
    fabrics = [{"id": next(ids), "name": draw(TEXT),
                "kind": draw(st.sampled_from(["compute", "storage", "frontend", "management", "nvlink"])),
                "technology": draw(st.sampled_from(["infiniband", "ethernet", "nvlink"])),
                "speed_gbps": draw(st.floats(1, 1600)), "oversubscription": draw(st.floats(1, 8)),
                "rail_optimised": draw(st.booleans())} for _ in range(n_fab)]
    links = []
    if pids and fabrics:
        for i in range(draw(st.integers(0, 4))):
            links.append({"id": f"link-{i}", "fabric": draw(st.sampled_from([f["id"] for f in fabrics])),
                          "a": {"placement": draw(st.sampled_from(pids)), "port": draw(TEXT)},
                          "b": {"placement": draw(st.sampled_from(pids)), "port": draw(TEXT)},
                          "cable": draw(_opt(SLUGS)), "length_m": draw(_opt(st.floats(0, 500))), "label": draw(TEXT)})
    groups = [{"id": next(ids), "name": draw(TEXT), "members": draw(st.lists(st.sampled_from(pids), max_size=3))
               if pids else []} for _ in range(n_grp)]
    workloads = [{"id": f"wl-{i}", "name": draw(TEXT),
                  "kind": draw(st.sampled_from(["pretrain", "finetune", "inference", "storage"])),
                  "group": draw(st.sampled_from([g["id"] for g in groups])) if groups and draw(st.booleans()) else None,
                  "spec": draw(st.dictionaries(TEXT, JSONV, max_size=4))} for i in range(draw(st.integers(0, 2)))]
    slugs = st.from_regex(r"[a-z0-9][a-z0-9.-]{0,12}", fullmatch=True)
    overrides = st.dictionaries(slugs, st.fixed_dictionaries({
        "amount": st.floats(0, 1e9), "currency": st.from_regex(r"[A-Z]{3}", fullmatch=True),
        "date": st.sampled_from(["", "2026-11", "2026-11-30"]), "source": TEXT, "note": st.text(max_size=30)}),
        max_size=3)
    logo = json.loads((FIXTURES / "v4" / "pod.json").read_text(encoding="utf-8"))["metadata"]["logo"]
    # growth phases (schema 7): a random phase, or none, on every rack, device, link, feed and
    # loop, and (schema 8) workload
    phases = [{"id": f"gp-{i}", "name": f"{i} {draw(TEXT)}".strip(), "start": draw(st.sampled_from(["", "2027-03"]))}
              for i in range(draw(st.integers(0, 3)))]
    choices = [None, *(ph["id"] for ph in phases)]
    for item in (*placements, *links, *feeds, *loops, *workloads,
                 *(r for room in rooms for row in room["rows"] for r in row["racks"])):
        item["growth_phase"] = draw(st.sampled_from(choices))
    data = {"format": "rackwright-plan", "format_version": 5, "growth_phases": phases,
            "metadata": {"customer": draw(TEXT), "project": draw(TEXT), "author": draw(TEXT), "revision": draw(TEXT),
                         "currency": draw(st.from_regex(r"[A-Z]{3}", fullmatch=True)),
                         "electricity_price_per_kwh": draw(st.floats(0, 10)), "pue": draw(st.floats(1, 5)),
                         "notes": draw(st.text(max_size=50)),
                         "years_of_use": draw(st.floats(0.01, 50)), "support_fraction_per_year": draw(st.floats(0, 1)),
                         "colocation_price_per_kw_month": draw(st.floats(0, 1000)),
                         "cloud_price_per_gpu_hour": draw(st.dictionaries(slugs, st.floats(0.01, 100), max_size=3)),
                         "price_overrides": draw(overrides),
                         **({"logo": logo} if draw(st.booleans()) else {})},
            "site": {"name": draw(TEXT), "rooms": rooms}, "feeds": feeds, "cooling_loops": loops,
            "fabrics": fabrics, "links": links, "groups": groups, "workloads": workloads}
    return Plan.model_validate(data)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(plan=plans())
def test_generated_plans_round_trip(tmp_path_factory, plan):
    d = tmp_path_factory.mktemp("rt")
    save_rackplan(plan, d / "a.rackplan", load_catalog([]))
    from_file = load_plan(d / "a.rackplan")
    save_plan_json(from_file, d / "a.json")
    save_rackplan(load_plan_json(d / "a.json"), d / "b.rackplan", load_catalog([]))
    again = load_plan(d / "b.rackplan")
    # model_dump compares numbers by value (SQL REAL has no -0.0; -0.0 == 0.0 either way)
    assert dump(from_file) == dump(plan)
    assert dump(again) == dump(plan)


def test_nan_is_refused_at_save_and_the_old_file_survives(tmp_path, catalog):
    plan = synthetic_plan(8, catalog)
    path = tmp_path / "p.rackplan"
    save_rackplan(plan, path, catalog)
    before = digest(path)
    plan.site.rooms[0].rows[0].x_m = float("nan")
    with pytest.raises(ValueError, match="x_m"):
        save_rackplan(plan, path, catalog)
    assert digest(path) == before
    assert sorted(os.listdir(tmp_path)) == ["p.rackplan"]


# --------------------------------------------------------------------------- embedded catalog


def _changed(catalog, slug: str, max_w: float):
    """A copy of ``catalog`` whose device ``slug`` has another max power."""
    from planner.catalog import Catalog

    dev = catalog.device(slug)
    power = dev.planning.power.model_copy(update={"max_w": max_w})
    new_dev = dev.model_copy(update={"planning": dev.planning.model_copy(update={"power": power})})
    out = Catalog(layers=list(catalog.layers))
    for t, s, e in catalog.items():
        out.tables[t][s] = new_dev if (t == "device-types" and s == slug) else e
        out.origins[(t, s)] = catalog.origins[(t, s)]
    return out


def test_used_entries_are_embedded_and_usable_as_a_catalog(tmp_path, catalog):
    plan = synthetic_plan(64, catalog)
    path = tmp_path / "e.rackplan"
    save_rackplan(plan, path, catalog)
    opened = open_rackplan(path)
    emb = opened.catalog
    devices = {p.device for r in plan.racks() for p in r.placements}
    assert set(emb.devices) == devices
    assert set(emb.rack_types) == {r.rack_type for r in plan.racks()}
    server = emb.device(SERVER)
    assert server == catalog.device(SERVER)
    assert emb.gpu(server.gpu_slug) == catalog.gpu(server.gpu_slug)
    assert {n.model for n in server.planning.nics} <= set(emb.nics)
    assert emb.layer_of(SERVER) == "plan-file"
    assert catalog_differences(opened.catalog, catalog) == []


def test_differences_are_reported_and_the_caller_chooses(tmp_path, catalog):
    plan = synthetic_plan(32, catalog)
    path = tmp_path / "d.rackplan"
    slug = SERVER
    stored_w = catalog.device(slug).planning.power.max_w
    save_rackplan(plan, path, catalog)
    local = _changed(catalog, slug, stored_w + 1234.0)
    opened = open_rackplan(path)
    diffs = catalog_differences(opened.catalog, local)
    assert diffs == [Difference(slug, "planning.power.max_w", stored_w, stored_w + 1234.0, "device-types")]
    assert merge_catalogs(local, opened.catalog, prefer="file").device(slug).max_power_w == stored_w
    assert merge_catalogs(local, opened.catalog, prefer="local").device(slug).max_power_w == stored_w + 1234.0
    chosen = merge_catalogs(local, opened.catalog, prefer="local", choices={("device-types", slug): "file"})
    assert chosen.device(slug).max_power_w == stored_w
    assert chosen.layer_of(slug) == "plan-file"
    res = opened.resolve(local, prefer="file")
    assert res.differences == diffs and res.unknown == [] and res.catalog.device(slug).max_power_w == stored_w


def test_hardware_missing_locally_keeps_its_place_and_stored_figures(tmp_path, catalog):
    plan = synthetic_plan(32, catalog)
    path = tmp_path / "m.rackplan"
    save_rackplan(plan, path, catalog)
    laptop = load_catalog([])  # another laptop: an empty catalog
    opened = open_rackplan(path)
    res = opened.resolve(laptop)
    assert res.unknown == []
    assert ("device-types", SERVER) in res.missing_locally
    assert res.catalog.device(SERVER).max_power_w == catalog.device(SERVER).max_power_w
    # saving on that laptop (no catalog entry anywhere but the file) keeps the stored entries
    save_plan(opened.plan, path, laptop, embedded=opened.embedded)
    assert set(open_rackplan(path).catalog.devices) == set(opened.catalog.devices)


def test_hardware_in_no_catalog_is_marked_unknown_not_dropped(tmp_path, catalog):
    data = plan_to_dict(synthetic_plan(8, catalog))
    rack = data["site"]["rooms"][0]["rows"][0]["racks"][0]
    rack["placements"][0]["device"] = "acme-gpu-box-9000"
    plan = Plan.model_validate(data)
    path = tmp_path / "u.rackplan"
    info = save_rackplan(plan, path, catalog)
    assert [u.slug for u in info.unknown] == ["acme-gpu-box-9000"]
    opened = open_rackplan(path)
    placement = opened.plan.placement(rack["placements"][0]["id"])
    assert placement.device == "acme-gpu-box-9000"
    assert (placement.u, placement.side) == (rack["placements"][0].get("u"), rack["placements"][0].get("side"))
    unknown = opened.resolve(catalog).unknown
    assert [(u.table, u.slug, u.used_by) for u in unknown] == [
        ("device-types", "acme-gpu-box-9000", (placement.id,))]
    assert unknown_hardware(opened.plan, catalog) == unknown


def test_resave_without_catalog_keeps_entries_the_local_catalog_lacks(tmp_path, catalog, monkeypatch):
    plan = synthetic_plan(8, catalog)
    path = tmp_path / "k.rackplan"
    save_rackplan(plan, path, catalog)
    monkeypatch.setenv("RACKWRIGHT_SHIPPED_CATALOG", str(tmp_path / "no-catalog-here"))
    assert len(load_catalog()) == 0
    save_plan(load_plan(path), path)  # the CLI path: no catalog given
    assert set(open_rackplan(path).catalog.devices) == {p.device for r in plan.racks() for p in r.placements}


def test_stored_entry_this_build_cannot_read_is_kept(tmp_path, catalog):
    plan = synthetic_plan(8, catalog)
    path = tmp_path / "n.rackplan"
    save_rackplan(plan, path, catalog)
    con = sqlite3.connect(path)
    row = con.execute(f"SELECT data FROM catalog_entries WHERE slug='{SERVER}'").fetchone()
    data = json.loads(row[0])
    data["u_height"] = "eight"  # e.g. written by a newer build with another model
    con.execute(f"UPDATE catalog_entries SET data=? WHERE slug='{SERVER}'", (json.dumps(data),))
    con.commit()
    con.close()
    opened = open_rackplan(path)
    assert [(i.slug, i.data["u_height"]) for i in opened.embedded.invalid] == [(SERVER, "eight")]
    assert any(SERVER in n for n in opened.notes)
    out = tmp_path / "n2.rackplan"
    save_rackplan(opened.plan, out, load_catalog([]), embedded=opened.embedded)
    again = open_rackplan(out)
    assert [(i.slug, i.data) for i in again.embedded.invalid] == [(SERVER, data)]


# --------------------------------------------------------------------------- released versions


@pytest.mark.parametrize("version", ["v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"])
def test_released_fixture_opens_to_its_plan(version):
    path = FIXTURES / version / "pod.rackplan"
    before = digest(path)
    opened = open_rackplan(path)
    expected = json.loads((FIXTURES / version / "pod.json").read_text(encoding="utf-8"))
    # the JSON of that release, read by today's model through the plan-format migrations
    # (fields added since take their defaults)
    assert plan_to_dict(opened.plan) == plan_to_dict(plan_from_dict(expected))
    assert opened.schema_version == int(version[1:])
    assert digest(path) == before  # migrating never touches the file
    if version != "v8":  # a file from before schema 8: every workload target of the first phase
        assert opened.notes[-1] == "upgraded from project file schema 7 to 8"
        assert opened.plan.workloads and all(w.growth_phase is None for w in opened.plan.workloads)
    else:
        assert opened.notes == [] and expected["format_version"] == 5
        assert [w.growth_phase for w in opened.plan.workloads] == [None, "ph-prod"]
    if version not in ("v7", "v8"):  # a file from before schema 7: no growth phases
        assert "upgraded from project file schema 6 to 7" in opened.notes
        assert opened.plan.growth_phases == []
        assert all(r.growth_phase is None for r in opened.plan.racks())
    else:
        assert expected["format_version"] == (4 if version == "v7" else 5)
        assert [p.name for p in opened.plan.growth_phases] == ["Pilot Q1", "Produktion Q3", "Expansion 2028"]
        assert opened.plan.growth_phases[1].start == "2027-07-15"
        assert [r.growth_phase for r in opened.plan.racks()][-1] == "ph-exp"
        assert opened.plan.links[-1].growth_phase == "ph-prod" and opened.plan.feeds[-1].growth_phase == "ph-exp"
    if version not in ("v6", "v7", "v8"):  # a file from before schema 6: no energy setting stated
        assert "upgraded from project file schema 5 to 6" in opened.notes
        md = opened.plan.metadata
        assert (md.site_country, md.operation_start, md.heat_customer) == ("", "", "")
        assert (md.grid_co2_g_per_kwh, md.renewable_share, md.heat_reuse_share, md.heat_reuse_mwh_per_year,
                md.wue_l_per_kwh) == (None, None, None, None, None)
    else:
        assert expected["format_version"] == {"v6": 3, "v7": 4}.get(version, 5)
        md = opened.plan.metadata
        assert (md.site_country, md.operation_start, md.heat_customer) == ("DE", "2027-09", "Stadtwerke Nahwärme Süd")
        assert (md.grid_co2_g_per_kwh, md.renewable_share, md.heat_reuse_share, md.heat_reuse_mwh_per_year,
                md.wue_l_per_kwh) == (350.0, 0.8, None, 120.0, 0.25)
    if version not in ("v5", "v6", "v7", "v8"):  # a file from before schema 5: North-American power, nothing stated
        assert "upgraded from project file schema 4 to 5" in opened.notes
        md = opened.plan.metadata
        assert (md.site_region, md.requirements, md.internal_notes) == ("na", None, "")
    else:
        assert expected["format_version"] == {"v7": 4, "v8": 5}.get(version, 3)
        md = opened.plan.metadata
        assert md.site_region == "eu" and md.internal_notes.endswith("✓")
        assert md.requirements is not None and md.requirements.budget == 2500000.0
        assert md.requirements.currency == "EUR" and md.requirements.cooling == ["air", "rdhx"]
    if version not in ("v4", "v5", "v6", "v7", "v8"):  # a file from before schema 4 has no logo
        assert "upgraded from project file schema 3 to 4" in opened.notes
        assert opened.plan.metadata.logo is None
    else:
        logo = opened.plan.metadata.logo
        assert logo is not None and logo.media_type == "image/png" and logo.name == "fixture-logo.png"
        assert logo.image_bytes().startswith(b"\x89PNG")
    if version not in ("v3", "v4", "v5", "v6", "v7", "v8"):
        assert "upgraded from project file schema 2 to 3" in opened.notes
        md = opened.plan.metadata  # a file from before schema 3 means the documented defaults
        assert (md.years_of_use, md.support_fraction_per_year, md.colocation_price_per_kw_month) == (4.0, 0.1, 0.0)
        assert md.cloud_price_per_gpu_hour == {} and md.price_overrides == {}
    else:
        md = opened.plan.metadata
        assert md.years_of_use == 5.0 and md.cloud_price_per_gpu_hour == {"h100-sxm": 2.35}
        assert md.price_overrides["rack-48u-800x1200"].amount == 2100.0
        assert expected["format_version"] == {"v3": 2, "v7": 4, "v8": 5}.get(version, 3)
    if version == "v0":
        assert opened.notes == ["upgraded from project file schema 0 to 1", "upgraded from project file schema 1 to 2",
                                "upgraded from project file schema 2 to 3", "upgraded from project file schema 3 to 4",
                                "upgraded from project file schema 4 to 5",
                                "upgraded from project file schema 5 to 6",
                                "upgraded from project file schema 6 to 7",
                                "upgraded from project file schema 7 to 8"]
        assert opened.plan.rack(expected["site"]["rooms"][0]["rows"][0]["racks"][0]["id"]).tags == [
            "phase-1", "customer cage"]
    else:
        assert opened.catalog.llm("llama-3.1-70b").slug == "llama-3.1-70b"


def test_current_schema_has_a_fixture():
    assert (FIXTURES / f"v{SCHEMA_VERSION}" / "pod.rackplan").is_file()


def test_migrated_plan_saves_as_current_schema(tmp_path):
    opened = open_rackplan(FIXTURES / "v0" / "pod.rackplan")
    out = tmp_path / "up.rackplan"
    save_rackplan(opened.plan, out, load_catalog())
    again = open_rackplan(out)
    assert again.schema_version == SCHEMA_VERSION and again.notes == []
    assert dump(again.plan) == dump(opened.plan)


# --------------------------------------------------------------------------- bad files


def _sqlite_file(path: Path, statements: list[str]) -> None:
    con = sqlite3.connect(path)
    for s in statements:
        con.execute(s)
    con.commit()
    con.close()


def _good_bytes(catalog) -> bytes:
    return rackplan_bytes(synthetic_plan(32, catalog), catalog)


def _edited(catalog, *sql: str) -> bytes:
    con = sqlite3.connect(":memory:")
    con.deserialize(_good_bytes(catalog))
    for s in sql:
        con.execute(s)
    con.commit()
    out = con.serialize()
    con.close()
    return out


BAD_FILES = {
    "empty": (lambda cat: b"", "empty"),
    "random": (lambda cat: os.urandom(5000), "neither"),
    "truncated-header": (lambda cat: _good_bytes(cat)[:60], "truncated"),
    "truncated-half": (lambda cat: (lambda b: b[: len(b) // 2])(_good_bytes(cat)), "truncated"),
    "truncated-odd": (lambda cat: (lambda b: b[: len(b) - 1000])(_good_bytes(cat)), "truncated"),
    "zeroed-pages": (lambda cat: (lambda b: b[:4096] + bytes(len(b) - 4096))(_good_bytes(cat)), "damaged"),
    "newer-schema": (lambda cat: _edited(
        cat, f"UPDATE rackwright_meta SET value='{SCHEMA_VERSION + 1}' WHERE key='schema_version'"),
        f"schema {SCHEMA_VERSION + 1}"),
    "newer-plan-format": (lambda cat: _edited(
        cat, "UPDATE rackwright_meta SET value='9' WHERE key='plan_format_version'"), "plan format 9"),
    "no-version": (lambda cat: _edited(cat, "DELETE FROM rackwright_meta WHERE key='schema_version'"),
                   "schema_version"),
    "missing-table": (lambda cat: _edited(cat, "DROP TABLE links"), "links"),
    "impossible-row": (lambda cat: _edited(cat, "UPDATE placements SET u=NULL, side=NULL WHERE seq=0"),
                       "needs a U position"),
    "dangling-reference": (lambda cat: _edited(cat, "UPDATE links SET fabric_id='nope'"), "unknown fabric"),
    "bad-json-column": (lambda cat: _edited(cat, "UPDATE placements SET tags='{not json'"), "damaged"),
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_bad_file_gives_a_clear_error_and_stays_unchanged(tmp_path, catalog, kind):
    make, expect = BAD_FILES[kind]
    path = tmp_path / f"{kind}.rackplan"
    path.write_bytes(make(catalog))
    before = digest(path)
    with pytest.raises(PlanFormatError) as err:
        load_plan(path)
    message = str(err.value)
    assert str(path) in message
    assert expect in message
    assert digest(path) == before
    assert os.listdir(tmp_path) == [path.name]  # no journal, no -wal/-shm, no temp file


def test_sqlite_file_of_another_application(tmp_path):
    path = tmp_path / "places.sqlite"
    _sqlite_file(path, ["PRAGMA journal_mode=WAL", "CREATE TABLE moz_places (id INTEGER, url TEXT)",
                        "INSERT INTO moz_places VALUES (1, 'x')"])
    for extra in tmp_path.glob("places.sqlite-*"):
        extra.unlink()
    before = digest(path)
    with pytest.raises(PlanFormatError, match="not a Rackwright project file.*moz_places"):
        open_document(path)
    assert digest(path) == before
    assert os.listdir(tmp_path) == [path.name]


def test_a_folder_is_not_a_plan(tmp_path):
    with pytest.raises(PlanFormatError, match="folder"):
        load_plan(tmp_path)


def test_open_document_dispatches_by_content_not_suffix(tmp_path, catalog):
    plan = synthetic_plan(8, catalog)
    save_rackplan(plan, tmp_path / "really-sqlite.json", catalog)
    save_plan_json(plan, tmp_path / "really-json.rackplan")
    a, b = open_document(tmp_path / "really-sqlite.json"), open_document(tmp_path / "really-json.rackplan")
    assert (a.kind, b.kind) == ("rackplan", "json")
    assert dump(a.plan) == dump(b.plan) == dump(plan)
    assert len(a.embedded) > 0 and len(b.embedded) == 0
