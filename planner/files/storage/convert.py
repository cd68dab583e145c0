"""Exact conversion between the plan model (:mod:`planner.model.plan`) and table rows.

``plan_to_rows`` gives ``{table name: [row dict, ...]}`` ready for bulk Core
``insert()``; ``rows_to_plan`` builds the plan back and validates it with the
plan model. Every field of every plan class is listed here, either as a column of
the same name (``SCALARS``) or handled explicitly (``SPECIAL``);
``unmapped_fields()`` lists any the model has that this module does not know, and a
test keeps it empty, so adding a field to the plan model cannot silently drop data.
"""

from __future__ import annotations

import copy
import math
import os
from collections import defaultdict
from typing import Any

from pydantic import BaseModel, ValidationError
from sqlalchemy import Boolean, Connection, func, select

from planner.base.fileio import first_validation_problem
from planner.files.plan_io import PlanFormatError
from planner.i18n import tmsg
from planner.model import plan as pm

from . import models as m

# Fields stored as columns of the same name.
SCALARS: dict[type[BaseModel], tuple[str, ...]] = {
    pm.Metadata: ("customer", "project", "author", "revision", "currency", "electricity_price_per_kwh",
                  "pue", "notes", "exchange_rates", "exchange_rates_date", "utilisation", "naming",
                  "years_of_use", "support_fraction_per_year", "colocation_price_per_kw_month",
                  "cloud_price_per_gpu_hour", "internal_notes", "site_region", "site_country", "operation_start",
                  "grid_co2_g_per_kwh", "renewable_share", "heat_customer", "heat_reuse_share",
                  "heat_reuse_mwh_per_year", "wue_l_per_kwh"),
    pm.Room: ("id", "name", "width_m", "depth_m", "tile_m", "floor_load_limit_kg_per_m2", "raised_floor"),
    pm.Row: ("id", "name", "x_m", "y_m", "orientation_deg", "cold_aisle_side"),
    pm.Rack: ("id", "name", "rack_type", "position", "gap_before_m"),
    pm.Placement: ("id", "device", "name", "u", "face", "side", "full_depth", "asset_tag", "serial"),
    pm.PowerFeed: ("id", "name", "side", "voltage_v", "phases", "breaker_a", "power_factor",
                   "continuous_derating", "source"),
    pm.PowerSource: ("id", "name", "kind", "capacity_kw", "side"),
    pm.CoolingLoop: ("id", "name", "kind", "cdu", "cdu_count", "coolant", "supply_temp_c", "delta_t_k",
                     "capacity_kw", "flow_l_per_min"),
    pm.Fabric: ("id", "name", "kind", "technology", "speed_gbps", "oversubscription", "rail_optimised"),
    pm.Link: ("id", "cable", "length_m", "label"),
    pm.ServerGroup: ("id", "name"),
    pm.Workload: ("id", "name", "kind", "spec"),
    pm.Site: ("name",),
    pm.GrowthPhase: ("id", "name", "start"),
    pm.CoolingChoice: (),
    pm.PowerConnection: ("outlet",),
    pm.Endpoint: (),
}
# Fields handled explicitly below (child tables, renamed or inlined columns), and
# fields that are constants of the format rather than data.
SPECIAL: dict[type[BaseModel], tuple[str, ...]] = {
    pm.Metadata: ("price_overrides", "logo", "requirements"),  # JSON columns: {slug: PriceOverride fields}; Logo fields or NULL
    pm.Plan: ("format", "format_version", "metadata", "growth_phases", "site", "power_sources", "feeds", "cooling_loops", "fabrics", "links",
              "groups", "workloads"),
    pm.Site: ("rooms",),
    pm.Room: ("rows",),
    pm.Row: ("racks", "cooling"),
    pm.Rack: ("placements", "cooling", "tags", "growth_phase"),
    pm.Placement: ("feed", "power", "tags", "growth_phase"),
    pm.PowerFeed: ("upstream", "growth_phase"),
    pm.CoolingLoop: ("growth_phase",),
    pm.PowerSource: ("upstream",),
    pm.PowerConnection: ("pdu",),
    pm.CoolingChoice: ("method", "unit", "loop", "supply_temp_c", "delta_t_k"),
    pm.Link: ("fabric", "a", "b", "growth_phase"),
    pm.Endpoint: ("placement", "port"),
    pm.ServerGroup: ("members",),
    pm.Workload: ("group", "growth_phase"),
}
PLAN_CLASSES = (pm.Plan, pm.Metadata, pm.GrowthPhase, pm.Site, pm.Room, pm.Row, pm.Rack, pm.Placement, pm.PowerConnection,
                pm.CoolingChoice, pm.PowerSource, pm.PowerFeed, pm.CoolingLoop, pm.Fabric, pm.Endpoint, pm.Link,
                pm.ServerGroup, pm.Workload)


def unmapped_fields() -> list[str]:
    """``Class.field`` for every plan-model field this module does not store (should be none)."""
    out: list[str] = []
    for cls in PLAN_CLASSES:
        known = set(SCALARS.get(cls, ())) | set(SPECIAL.get(cls, ()))
        out.extend(f"{cls.__name__}.{f}" for f in cls.model_fields if f not in known)
    return out


class NotFinite(ValueError):
    pass


class OrphanRowError(ValueError):
    """Rows of a child table that name a parent the file does not hold."""

    def __init__(self, table: str, parent: str, ids: list[str]) -> None:
        self.table = table
        shown = ", ".join(repr(i) for i in ids[:3]) + (" ..." if len(ids) > 3 else "")
        super().__init__(f"table {table} has rows for {parent} {shown} that the file does not hold")


class RequiredRowError(ValueError):
    """A table that must hold exactly one row holds none or several."""

    def __init__(self, table: str, count: int) -> None:
        self.table = table
        super().__init__(f"table {table} must hold exactly one row, it holds {count}"
                         + (" (the row was deleted)" if count == 0 else ""))


def _check_finite(where: str, row: dict[str, Any]) -> None:
    for k, v in row.items():
        if isinstance(v, float) and not math.isfinite(v):
            raise NotFinite(f"{where}: {k} is {v!r}; only finite numbers can be saved")


def _cooling(c: pm.CoolingChoice | None) -> dict[str, Any]:
    if c is None:
        return {"cooling_method": None, "cooling_unit": None, "cooling_loop_id": None,
                "cooling_supply_temp_c": None, "cooling_delta_t_k": None}
    return {"cooling_method": c.method, "cooling_unit": c.unit, "cooling_loop_id": c.loop,
            "cooling_supply_temp_c": c.supply_temp_c, "cooling_delta_t_k": c.delta_t_k}


def _scal(obj: BaseModel) -> dict[str, Any]:
    return {f: getattr(obj, f) for f in SCALARS[type(obj)]}


# One function per kind of row, shared by :func:`plan_to_rows` and the autosave's row cache
# (:mod:`planner.files.storage.rowcache`), so both write the same bytes by construction.

def metadata_row(plan: pm.Plan) -> dict[str, Any]:
    md = _scal(plan.metadata)
    md["exchange_rates"], md["naming"] = dict(plan.metadata.exchange_rates), dict(plan.metadata.naming)
    md["cloud_price_per_gpu_hour"] = dict(plan.metadata.cloud_price_per_gpu_hour)
    md["price_overrides"] = {k: v.model_dump() for k, v in plan.metadata.price_overrides.items()}
    md["logo"] = plan.metadata.logo.model_dump() if plan.metadata.logo is not None else None
    md["requirements"] = (plan.metadata.requirements.model_dump(mode="json")
                          if plan.metadata.requirements is not None else None)
    return {"id": 1, **md}


def phase_row(ph: pm.GrowthPhase, i: int) -> dict[str, Any]:
    return {**_scal(ph), "seq": i}


def room_row(room: pm.Room, i: int) -> dict[str, Any]:
    return {**_scal(room), "seq": i}


def rack_row_row(row: pm.Row, room_id: str, j: int) -> dict[str, Any]:
    return {**_scal(row), "room_id": room_id, "seq": j, **_cooling(row.cooling)}


def rack_row(rack: pm.Rack, row_id: str, k: int) -> dict[str, Any]:
    return {**_scal(rack), "row_id": row_id, "seq": k, "tags": list(rack.tags), **_cooling(rack.cooling),
            "growth_phase_id": rack.growth_phase}


def placement_row(p: pm.Placement, rack_id: str, n: int) -> dict[str, Any]:
    return {"id": p.id, "device": p.device, "name": p.name, "u": p.u, "face": p.face,
            "side": p.side, "full_depth": p.full_depth, "rack_id": rack_id,
            "seq": n, "feed_id": p.feed, "tags": list(p.tags),
            "asset_tag": p.asset_tag, "serial": p.serial,
            "growth_phase_id": p.growth_phase}


def power_rows(p: pm.Placement) -> list[dict[str, Any]]:
    return [{"placement_id": p.id, "seq": q, "pdu_id": conn.pdu, "outlet": conn.outlet}
            for q, conn in enumerate(p.power)]


def source_rows(plan: pm.Plan) -> list[dict[str, Any]]:
    """Power sources in an order where each one's upstream comes first (the foreign key on insert)."""
    out: list[dict[str, Any]] = []
    placed: set[str] = set()
    todo = list(enumerate(plan.power_sources))
    while todo:
        later = []
        for i, src in todo:
            if src.upstream is None or src.upstream in placed:
                out.append({**_scal(src), "seq": i, "upstream_id": src.upstream})
                placed.add(src.id)
            else:
                later.append((i, src))
        if len(later) == len(todo):  # a loop (the model refuses these); keep the data anyway
            out.extend({**_scal(s), "seq": i, "upstream_id": s.upstream} for i, s in later)
            break
        todo = later
    return out


def feed_row(f: pm.PowerFeed, i: int) -> dict[str, Any]:
    return {**_scal(f), "seq": i, "upstream_id": f.upstream, "growth_phase_id": f.growth_phase}


def loop_row(lp: pm.CoolingLoop, i: int) -> dict[str, Any]:
    return {**_scal(lp), "seq": i, "growth_phase_id": lp.growth_phase}


def fabric_row(fab: pm.Fabric, i: int) -> dict[str, Any]:
    return {**_scal(fab), "seq": i}


def link_row(ln: pm.Link, i: int) -> dict[str, Any]:
    return {"id": ln.id, "cable": ln.cable, "length_m": ln.length_m, "label": ln.label,
            "seq": i, "fabric_id": ln.fabric, "a_placement_id": ln.a.placement,
            "a_port": ln.a.port, "b_placement_id": ln.b.placement, "b_port": ln.b.port,
            "growth_phase_id": ln.growth_phase}


def group_row(g: pm.ServerGroup, i: int) -> dict[str, Any]:
    return {**_scal(g), "seq": i}


def member_rows(g: pm.ServerGroup) -> list[dict[str, Any]]:
    return [{"group_id": g.id, "seq": j, "placement_id": member} for j, member in enumerate(g.members)]


def workload_row(w: pm.Workload, i: int) -> dict[str, Any]:
    return {**_scal(w), "seq": i, "group_id": w.group, "spec": copy.deepcopy(w.spec),
            "growth_phase_id": w.growth_phase}


def check_rows(table: str, trows: list[dict[str, Any]]) -> None:
    """Raise ``NotFinite`` for a NaN/inf figure in rows of ``table`` (SQL has no NaN)."""
    for r in trows:
        _check_finite(f"{table} {r.get('id', '')}".strip(), r)
    if table == "workloads":
        for r in trows:
            _check_json_finite(f"workload {r['id']}: spec", r["spec"])


def plan_to_rows(plan: pm.Plan) -> dict[str, list[dict[str, Any]]]:
    """All plan data as table rows. Raises ``NotFinite`` for NaN/inf figures (SQL has no NaN)."""
    rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    rows["plan_metadata"].append(metadata_row(plan))
    rows["site"].append({"id": 1, "name": plan.site.name})
    rows["growth_phases"].extend(phase_row(ph, i) for i, ph in enumerate(plan.growth_phases))
    for i, room in enumerate(plan.site.rooms):
        rows["rooms"].append(room_row(room, i))
        for j, row in enumerate(room.rows):
            rows["rack_rows"].append(rack_row_row(row, room.id, j))
            for k, rack in enumerate(row.racks):
                rows["racks"].append(rack_row(rack, row.id, k))
                pl_rows = rows["placements"]
                pc_rows = rows["power_connections"]
                for n, p in enumerate(rack.placements):
                    pl_rows.append(placement_row(p, rack.id, n))
                    if p.power:
                        pc_rows.extend(power_rows(p))
    rows["power_sources"].extend(source_rows(plan))
    rows["power_feeds"].extend(feed_row(f, i) for i, f in enumerate(plan.feeds))
    rows["cooling_loops"].extend(loop_row(lp, i) for i, lp in enumerate(plan.cooling_loops))
    rows["fabrics"].extend(fabric_row(fab, i) for i, fab in enumerate(plan.fabrics))
    rows["links"].extend(link_row(ln, i) for i, ln in enumerate(plan.links))
    for i, g in enumerate(plan.groups):
        rows["server_groups"].append(group_row(g, i))
        rows["group_members"].extend(member_rows(g))
    rows["workloads"].extend(workload_row(w, i) for i, w in enumerate(plan.workloads))
    for table, trows in rows.items():
        check_rows(table, trows)
    return {t: r for t, r in rows.items() if r}


def _check_json_finite(where: str, v: Any) -> None:
    if isinstance(v, float) and not math.isfinite(v):
        raise NotFinite(f"{where} holds {v!r}; only finite numbers can be saved")
    if isinstance(v, dict):
        for k, x in v.items():
            _check_json_finite(f"{where}.{k}", x)
    elif isinstance(v, list):
        for x in v:
            _check_json_finite(where, x)


# --------------------------------------------------------------------------- reading


def read_rows(conn: Connection) -> dict[str, list[dict[str, Any]]]:
    """Every plan table as row dicts, children ordered by (parent, seq)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for table in m.TABLES_IN_ORDER:
        if table.name in ("rackwright_meta", "catalog_entries"):
            continue
        order = [c for c in (table.c.get(n) for n in ("room_id", "row_id", "rack_id", "placement_id",
                                                      "group_id")) if c is not None and c.primary_key]
        parent = [c for c in (table.c.get(n) for n in ("room_id", "row_id", "rack_id")) if c is not None]
        seq = table.c.get("seq")
        keys = [*order, *parent, *([seq] if seq is not None else [])]
        if not keys:
            keys = [c for c in table.primary_key.columns]
        names = [c.name for c in table.columns]
        for c in table.columns:  # a boolean stored as 7 or -1 would read as True without a word
            if isinstance(c.type, Boolean):
                bad = conn.execute(select(func.count()).select_from(table)
                                   .where(c.isnot(None), c.notin_([0, 1]))).scalar()
                if bad:
                    raise ValueError(f"table {table.name}: {c.name} holds values that are not true/false ({bad})")
        try:
            result = conn.execute(select(*table.columns).order_by(*keys)).all()
        except RecursionError:  # a JSON column nested thousands deep
            raise ValueError(f"table {table.name} holds a value nested too deeply to read") from None
        rows = [dict(zip(names, r)) for r in result]
        for r in rows:  # order columns hold whole numbers; anything else is damage
            for col in ("seq",):
                if col in r and (not isinstance(r[col], int) or isinstance(r[col], bool)):
                    raise ValueError(f"table {table.name}: {col} is {r[col]!r}, not a whole number")
        out[table.name] = rows
    return out


def _cooling_from(r: dict[str, Any]) -> dict[str, Any] | None:
    if r["cooling_method"] is None:
        rest = [k for k in ("cooling_unit", "cooling_loop_id", "cooling_supply_temp_c", "cooling_delta_t_k")
                if r.get(k) is not None]
        if rest:  # figures of a cooling choice that has no method: damage, not something to drop
            raise ValueError(f"{r.get('id')!r}: {rest[0]} is set but cooling_method is empty")
        return None
    return {"method": r["cooling_method"], "unit": r["cooling_unit"], "loop": r["cooling_loop_id"],
            "supply_temp_c": r["cooling_supply_temp_c"], "delta_t_k": r["cooling_delta_t_k"]}


def _pick(r: dict[str, Any], cls: type[BaseModel]) -> dict[str, Any]:
    return {f: r[f] for f in SCALARS[cls]}


def rows_to_plan_dict(rows: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    def by_parent(table: str, key: str) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in rows.get(table, []):
            out[r[key]].append(r)
        return out

    power = by_parent("power_connections", "placement_id")
    placements = by_parent("placements", "rack_id")
    racks = by_parent("racks", "row_id")
    rack_rows = by_parent("rack_rows", "room_id")
    members = by_parent("group_members", "group_id")
    # a child row whose parent is not in the file would be dropped without a word: damage
    for table, groups, parent_table in (("power_connections", power, "placements"), ("placements", placements, "racks"),
                                        ("racks", racks, "rack_rows"), ("rack_rows", rack_rows, "rooms"),
                                        ("group_members", members, "server_groups")):
        known = {r["id"] for r in rows.get(parent_table, [])}
        orphans = sorted(str(k) for k in groups if k not in known)
        if orphans:
            raise OrphanRowError(table, parent_table, orphans)

    def placement(r: dict[str, Any]) -> dict[str, Any]:
        d = {"id": r["id"], "device": r["device"], "name": r["name"], "u": r["u"], "face": r["face"],
             "side": r["side"], "full_depth": r["full_depth"], "feed": r["feed_id"], "tags": r["tags"] or [],
             "asset_tag": r["asset_tag"], "serial": r["serial"], "growth_phase": r["growth_phase_id"]}
        pw = power.get(r["id"])
        d["power"] = [{"pdu": c["pdu_id"], "outlet": c["outlet"]} for c in pw] if pw else []
        return d

    def rack(r: dict[str, Any]) -> dict[str, Any]:
        return {**_pick(r, pm.Rack), "tags": r["tags"] or [], "cooling": _cooling_from(r),
                "growth_phase": r["growth_phase_id"],
                "placements": [placement(p) for p in placements.get(r["id"], [])]}

    def row(r: dict[str, Any]) -> dict[str, Any]:
        return {**_pick(r, pm.Row), "cooling": _cooling_from(r),
                "racks": [rack(k) for k in racks.get(r["id"], [])]}

    meta_rows = rows.get("plan_metadata") or [{}]
    site_rows = rows.get("site") or [{}]
    for table in ("plan_metadata", "site"):  # one row each; more or none is damage, not a default
        n = len(rows.get(table, []))
        if n != 1:
            raise RequiredRowError(table, n)
    meta = {k: v for k, v in meta_rows[0].items() if k != "id" and not (k in ("logo", "requirements") and v is None)}
    return {
        "format": "rackwright-plan",
        "format_version": pm.FORMAT_VERSION,
        "metadata": meta,
        "growth_phases": [_pick(r, pm.GrowthPhase) for r in rows.get("growth_phases", [])],
        "site": {
            **({"name": site_rows[0]["name"]} if "name" in site_rows[0] else {}),
            "rooms": [{**_pick(r, pm.Room), "rows": [row(x) for x in rack_rows.get(r["id"], [])]}
                      for r in rows.get("rooms", [])],
        },
        "power_sources": [{**_pick(r, pm.PowerSource), "upstream": r["upstream_id"]}
                          for r in sorted(rows.get("power_sources", []), key=lambda r: r["seq"])],
        "feeds": [{**_pick(r, pm.PowerFeed), "upstream": r["upstream_id"], "growth_phase": r["growth_phase_id"]}
                  for r in rows.get("power_feeds", [])],
        "cooling_loops": [{**_pick(r, pm.CoolingLoop), "growth_phase": r["growth_phase_id"]}
                          for r in rows.get("cooling_loops", [])],
        "fabrics": [_pick(r, pm.Fabric) for r in rows.get("fabrics", [])],
        "links": [{"id": r["id"], "fabric": r["fabric_id"], "cable": r["cable"], "length_m": r["length_m"],
                   "label": r["label"], "growth_phase": r["growth_phase_id"],
                   "a": {"placement": r["a_placement_id"], "port": r["a_port"]},
                   "b": {"placement": r["b_placement_id"], "port": r["b_port"]}}
                  for r in rows.get("links", [])],
        "groups": [{**_pick(r, pm.ServerGroup), "members": [x["placement_id"] for x in members.get(r["id"], [])]}
                   for r in rows.get("server_groups", [])],
        "workloads": [{**_pick(r, pm.Workload), "group": r["group_id"],
                       "spec": r["spec"] if r["spec"] is not None else {}, "growth_phase": r["growth_phase_id"]}
                      for r in rows.get("workloads", [])],
    }


def _where(data: Any, loc: tuple[Any, ...]) -> str:
    """A readable place for a validation error: the nearest entity id on the path, then the field."""
    entity, after = "", 0
    node = data
    for i, part in enumerate(loc):
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict) and isinstance(node.get("id"), str) and i > 0:
            kind = str(loc[i - 1]).rstrip("s") if isinstance(part, int) else str(part)
            entity, after = f"{kind} {node['id']!r}", i + 1
    rest = ".".join(str(x) for x in loc[after:] if isinstance(x, str)) if entity else ""
    if entity:
        return f"{entity}: {rest}" if rest else entity
    return ".".join(str(x) for x in loc)


def rows_to_plan(rows: dict[str, list[dict[str, Any]]], path: str | os.PathLike[str]) -> pm.Plan:
    try:
        data = rows_to_plan_dict(rows)
    except (RequiredRowError, OrphanRowError) as e:
        raise PlanFormatError(path, tmsg("damaged project file: {error}", error=str(e)), e.table) from None
    except ValueError as e:
        raise PlanFormatError(path, tmsg("damaged project file: {error}", error=str(e))) from None
    try:
        return pm.Plan.model_validate(data)
    except ValidationError as e:
        errors = e.errors()
        raise PlanFormatError(path, first_validation_problem(errors, bare_value_errors=True), _where(data, tuple(errors[0]["loc"]))) from None
