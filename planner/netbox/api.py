"""A plan into a live NetBox through its REST API, and a live site back as a plan
(``rackwright netbox push`` / ``pull``; needs ``pynetbox``: ``pip install 'rackwright[netbox]'``).

:func:`plan_push` compares the plan's objects (:func:`planner.netbox.export.netbox_tables`, the
same rows the import files hold) with what NetBox has and returns the changes: objects to
create and fields to update, keyed by NetBox's natural keys (a manufacturer by name, a device
type or rack type by slug, a rack or device by name in the site, a feed by panel and name, a
cable by its two terminations). :func:`apply_push` makes them, in import order, in batches, with
progress and cancel. A second push of the same plan finds 0 changes.

What is shared between sites (manufacturers, roles, device and rack types) is created when
missing and never changed; everything else is in the plan's site, and nothing outside it is
touched. A site that exists and holds racks or devices Rackwright did not write (no
:data:`MARK` in its comments) is refused. Objects in the site that the plan no longer has are
listed, not deleted.

The token comes from an environment variable, is never stored in the plan and never printed;
TLS certificates are verified unless ``verify=False``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from planner.i18n import tf

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.plan import Plan
    from planner.netbox.export import NetBoxTables

MARK = "Planned with Rackwright"  # in a site's comments: the site is the plan's
BATCH = 100  # objects per API request


PLAN_DATA = "rackwright-plan-data:"  # the line of the site's comments that holds plan_data()


def site_comments(data: dict[str, Any]) -> str:
    """The site's comments the push writes: :data:`MARK`, and the plan data NetBox has no field
    for (:func:`planner.netbox.export.plan_data`) as one JSON line that ``pull`` reads back."""
    import json

    return (f"{MARK}.\n\nWhat NetBox has no field for (cooling, fabrics, feed sides), for rackwright netbox "
            f"pull:\n\n    {PLAN_DATA} {json.dumps(data, sort_keys=True, separators=(',', ':'))}")  # NetBox strips a last newline


class NetBoxError(Exception):
    """One line for the user (wrong URL, token, permission, unreachable, conflicting site)."""


@dataclass
class Change:
    action: str  # create, update
    kind: str  # manufacturers, device-types, ... cables
    key: str  # what it is, for the listing
    data: dict[str, Any]
    record_id: int | None = None
    # resolved when applied (ids of objects created earlier in the same push)
    resolve: Callable[[PushState], dict[str, Any] | None] | None = None


@dataclass
class PushPlan:
    site: str
    changes: list[Change] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)  # in the site, not in the plan (left alone)
    stage: int = 0  # stages planned so far (push plans in stages: ids of earlier ones are needed)

    def counts(self) -> dict[tuple[str, str], int]:
        out: dict[tuple[str, str], int] = {}
        for c in self.changes:
            out[(c.action, c.kind)] = out.get((c.action, c.kind), 0) + 1
        return out


@dataclass
class PushState:
    api: Any
    ids: dict[tuple[str, str], int] = field(default_factory=dict)  # (kind, key) -> NetBox id
    done: dict[tuple[str, str], int] = field(default_factory=dict)  # (action, kind) -> count


def connect(url: str, token: str, *, verify: bool = True, timeout: float = 120.0) -> Any:
    """A pynetbox API after one request that proves URL, token and read permission."""
    try:
        import pynetbox
        import requests
    except ImportError:
        raise NetBoxError(tf("talking to NetBox needs pynetbox: pip install 'rackwright[netbox]'")) from None
    if not url.startswith(("http://", "https://")):
        raise NetBoxError(tf("--url {url}: give NetBox's address with http:// or https://", url=url))
    api = pynetbox.api(url.rstrip("/"), token=token)
    session = requests.Session()
    session.verify = verify
    api.http_session = session
    try:
        api.status()
        api.dcim.sites.count()
    except requests.exceptions.SSLError:
        raise NetBoxError(tf("{url}: the TLS certificate is not trusted (NetBox's certificate must verify)",
                             url=url)) from None
    except requests.exceptions.ConnectionError:
        raise NetBoxError(tf("{url}: NetBox cannot be reached (no server answers there)", url=url)) from None
    except requests.exceptions.Timeout:
        raise NetBoxError(tf("{url}: NetBox did not answer within {s:g} s", url=url, s=timeout)) from None
    except pynetbox.RequestError as e:
        code = getattr(e.req, "status_code", 0)
        if code in (401, 403):
            raise NetBoxError(tf("{url}: NetBox refused the token (HTTP {code}): check the token and its "
                                 "permissions", url=url, code=code)) from None
        if code == 404:
            raise NetBoxError(tf("{url}: no NetBox API there (HTTP 404): give NetBox's base address", url=url)) \
                from None
        raise NetBoxError(tf("{url}: NetBox answered HTTP {code}", url=url, code=code)) from None
    except (ValueError, pynetbox.core.query.ContentError):
        raise NetBoxError(tf("{url}: not a NetBox API (the answer is not NetBox's JSON)", url=url)) from None
    return api


# --------------------------------------------------------------------------- comparing


def _value(v: Any) -> Any:
    """A field of NetBox's JSON as the value to compare: a choice's value, a nested object's id."""
    if isinstance(v, dict):
        if "value" in v:
            return v["value"]
        if "id" in v:
            return v["id"]
    return v


def _same(want: Any, have: Any) -> bool:
    have = _value(have)
    if want in (None, "") and have in (None, ""):
        return True
    if isinstance(want, bool) or isinstance(have, bool):
        return bool(want) == bool(have) and type(want) is type(have)
    if isinstance(want, (int, float)) and isinstance(have, (int, float, str)):
        try:
            return math.isclose(float(want), float(have), rel_tol=1e-9, abs_tol=1e-6)
        except ValueError:
            return False
    return str(want) == str(have)


def _diff(want: dict[str, Any], have: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in want.items() if not _same(v, have.get(k))}


def _clean(row: dict[str, Any], drop: tuple[str, ...] = ()) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in drop and v is not None}


def _all(endpoint: Any, **filters: Any) -> list[dict[str, Any]]:
    recs = endpoint.filter(**filters, limit=1000) if filters else endpoint.all(limit=1000)
    return [dict(r.serialize()) | {"id": r.id} for r in recs]


# --------------------------------------------------------------------------- planning the push


Build = Callable[[dict[str, Any]], dict[str, Any]]


def _later(build: Build, row: dict[str, Any]) -> Callable[[PushState], dict[str, Any] | None]:
    return lambda _s: build(row)


def _later_delta(build: Build, row: dict[str, Any], have: dict[str, Any]) -> Callable[[PushState], dict[str, Any] | None]:
    return lambda _s: _diff(build(row), have) or None


def plan_push(api: Any, nt: NetBoxTables) -> tuple[PushPlan, PushState]:
    """What pushing ``nt`` changes in NetBox (nothing is written)."""
    site = nt.site
    pp = PushPlan(site)
    st = PushState(api)
    d = api.dcim

    def shared(kind: str, endpoint: Any, key: str, rows: list[dict[str, Any]], make: Callable[..., Any]) -> None:
        have = {r[key]: r for r in _all(endpoint)}
        for row in rows:
            if row[key] in have:
                st.ids[(kind, row[key])] = have[row[key]]["id"]
            else:
                pp.changes.append(Change("create", kind, row[key], row, resolve=make))

    shared("manufacturers", d.manufacturers, "name", nt.rows("-manufacturers"), lambda s, r=None: None)
    # a device type's data needs its manufacturer's id: resolved when applied
    types_have = {r["slug"]: r for r in _all(d.device_types)}
    for slug, t in sorted(nt.types.items()):
        if slug in types_have:
            st.ids[("device-types", slug)] = types_have[slug]["id"]
        else:
            pp.changes.append(Change("create", "device-types", slug, dict(t.data)))
    roles = nt.rows("-device-roles")
    shared("device-roles", d.device_roles, "name", roles, lambda s, r=None: None)
    rack_types_have = {r["slug"]: r for r in _all(d.rack_types)}
    for row in nt.rows("-rack-types"):
        if row["slug"] in rack_types_have:
            st.ids[("rack-types", row["slug"])] = rack_types_have[row["slug"]]["id"]
        else:
            pp.changes.append(Change("create", "rack-types", row["slug"], _clean(row)))

    # ---- the site: ours, new, or refused
    (site_row,) = nt.rows("-sites")
    existing = list(d.sites.filter(name=site))
    site_id = existing[0].id if existing else None
    want_site = _clean(site_row) | {"comments": site_comments(nt.plan_data)}
    if site_id is not None:
        rec = dict(existing[0].serialize())
        if MARK not in (rec.get("comments") or ""):
            racks, devices = d.racks.count(site_id=site_id), d.devices.count(site_id=site_id)
            if racks or devices:
                raise NetBoxError(tf("site {site!r} exists in NetBox with {racks} racks and {devices} devices that "
                                     "Rackwright did not write; push under another name (--site)", site=site,
                                     racks=racks, devices=devices))
        st.ids[("sites", site)] = site_id
        delta = _diff(want_site, rec)
        if delta:
            pp.changes.append(Change("update", "sites", site, delta, site_id))
    else:
        pp.changes.append(Change("create", "sites", site, want_site))

    def in_site(kind: str, endpoint: Any, rows: list[dict[str, Any]], keyf: Callable[[dict[str, Any]], str],
                have_key: Callable[[dict[str, Any]], str], build: Callable[[dict[str, Any]], dict[str, Any]],
                **filters: Any) -> None:
        have = {have_key(r): r for r in _all(endpoint, **filters)} if site_id is not None else {}
        wanted = set()
        for row in rows:
            key = keyf(row)
            wanted.add(key)
            if key in have:
                st.ids[(kind, key)] = have[key]["id"]
                try:
                    delta: dict[str, Any] | None = _diff(build(row), have[key])
                except KeyError:  # refers to an object this push creates: compared when applied
                    pp.changes.append(Change("update", kind, key, row, have[key]["id"],
                                             resolve=_later_delta(build, row, have[key])))
                    continue
                if delta:
                    pp.changes.append(Change("update", kind, key, delta, have[key]["id"]))
            else:
                pp.changes.append(Change("create", kind, key, row, resolve=_later(build, row)))
        pp.extra += [f"{kind}: {k}" for k in sorted(set(have) - wanted)]

    def sid(s: PushState) -> int:
        return s.ids[("sites", site)]

    def loc_id(s: PushState, name: str | None) -> int | None:
        return s.ids.get(("locations", name or "")) if name else None

    in_site("locations", d.locations, nt.rows("-locations"), lambda r: r["name"], lambda h: h["name"],
            lambda r: _clean(r, ("site",)) | {"site": sid(st)}, site_id=site_id)
    rt_slug = {r["model"]: r["slug"] for r in nt.rows("-rack-types")}

    def rack(r: dict[str, Any]) -> dict[str, Any]:
        out = _clean(r, ("site", "location", "rack_type")) | {"site": sid(st), "location": loc_id(st, r["location"])}
        if r.get("rack_type"):
            out["rack_type"] = st.ids[("rack-types", rt_slug[r["rack_type"]])]
        return out

    in_site("racks", d.racks, nt.rows("-racks"), lambda r: r["name"], lambda h: h["name"], rack, site_id=site_id)
    in_site("power-panels", d.power_panels, nt.rows("-power-panels"), lambda r: r["name"], lambda h: h["name"],
            lambda r: _clean(r, ("site", "location")) | {"site": sid(st), "location": loc_id(st, r["location"])},
            site_id=site_id)

    _panel_names: dict[Any, str] = {}
    if site_id is not None:
        _panel_names.update({p.id: p.name for p in d.power_panels.filter(site_id=site_id)})

    def feed(r: dict[str, Any]) -> dict[str, Any]:
        return _clean(r, ("site", "location", "power_panel", "rack")) | {
            "power_panel": st.ids[("power-panels", r["power_panel"])],
            "rack": st.ids[("racks", r["rack"])] if r.get("rack") else None}

    in_site("power-feeds", d.power_feeds, nt.rows("-power-feeds"), lambda r: f"{r['power_panel']}/{r['name']}",
            lambda h: f"{(h.get('power_panel') or {}).get('name', '')}/{h['name']}" if isinstance(
                h.get("power_panel"), dict) else f"{_panel_names.get(h.get('power_panel'), '')}/{h['name']}",
            feed, site_id=site_id)
    type_by_model = {(t.data["manufacturer"], t.data["model"]): slug for slug, t in nt.types.items()}
    role_slug = {r["name"]: r["name"] for r in roles}

    def device(r: dict[str, Any]) -> dict[str, Any]:
        out = _clean(r, ("site", "location", "rack", "role", "manufacturer", "device_type", "position", "face"))
        out |= {"site": sid(st), "location": loc_id(st, r["location"]), "rack": st.ids[("racks", r["rack"])],
                "role": st.ids[("device-roles", role_slug[r["role"]])],
                "device_type": st.ids[("device-types", type_by_model[(r["manufacturer"], r["device_type"])])],
                "position": r.get("position"), "face": r.get("face") or ""}
        return out

    devices = [r for r in nt.rows("-devices") if (r["manufacturer"], r["device_type"]) in type_by_model]
    in_site("devices", d.devices, devices, lambda r: r["name"], lambda h: h["name"], device, site_id=site_id)
    pp.stage = 1
    return pp, st


# --------------------------------------------------------------------------- cables (after the devices exist)


_TERM = {"dcim.interface": "interfaces", "dcim.powerport": "power_ports", "dcim.poweroutlet": "power_outlets",
         "dcim.powerfeed": "power_feeds"}


def plan_cables(api: Any, nt: NetBoxTables, st: PushState) -> tuple[list[Change], list[str]]:
    """The cable changes, once every device of the site exists (their ports have ids)."""
    d = api.dcim
    site_id = st.ids[("sites", nt.site)]
    ports: dict[tuple[str, Any, str], int] = {}
    # only the fields a termination is found by (NetBox's ``fields`` parameter, 4.0 and later):
    # a full interface row carries its device, module, cable, link peers, path and tags, which
    # NetBox serialises at about 6 KB an interface, 9 of the 10 seconds a push that changes
    # nothing took for the 32-GPU pod's 1,400 ports (and proportionally more for a big plan)
    for ot, ep in _TERM.items():
        if ot == "dcim.powerfeed":
            for f in d.power_feeds.filter(site_id=site_id, limit=1000, fields="id,name,power_panel"):
                ports[(ot, f.power_panel.name, f.name)] = f.id
            continue
        for p in getattr(d, ep).filter(site_id=site_id, limit=1000, fields="id,name,device"):
            ports[(ot, p.device.name, p.name)] = p.id
    have: dict[tuple[tuple[str, int], tuple[str, int]], dict[str, Any]] = {}
    for c in d.cables.filter(site_id=site_id, limit=1000):
        rec = dict(c.serialize())
        a = rec.get("a_terminations") or []
        b = rec.get("b_terminations") or []
        if len(a) == 1 and len(b) == 1:
            ka, kb = (a[0]["object_type"], a[0]["object_id"]), (b[0]["object_type"], b[0]["object_id"])
            have[(ka, kb)] = rec | {"id": c.id}
            have.setdefault((kb, ka), rec | {"id": c.id})
    changes: list[Change] = []
    missing: list[str] = []
    seen: set[int] = set()
    for stem in ("-cables", "-power-cables", "-feed-cables"):
        for r in nt.rows(stem):
            a_parent = r.get("side_a_power_panel") or r.get("side_a_device")
            ka = (r["side_a_type"], ports.get((r["side_a_type"], a_parent, r["side_a_name"])))
            kb = (r["side_b_type"], ports.get((r["side_b_type"], r["side_b_device"], r["side_b_name"])))
            label = f"{a_parent} {r['side_a_name']} - {r['side_b_device']} {r['side_b_name']}"
            if ka[1] is None or kb[1] is None:
                missing.append(label)
                continue
            want = _clean(r, tuple(k for k in r if k.startswith("side_")))
            pair = ((ka[0], int(ka[1])), (kb[0], int(kb[1])))
            if pair in have:
                h = have[pair]
                seen.add(h["id"])
                delta = _diff(want, h)
                if delta:
                    changes.append(Change("update", "cables", label, delta, h["id"]))
            else:
                changes.append(Change("create", "cables", label, want | {
                    "a_terminations": [{"object_type": ka[0], "object_id": ka[1]}],
                    "b_terminations": [{"object_type": kb[0], "object_id": kb[1]}]}))
    return changes, missing


# --------------------------------------------------------------------------- applying


_ENDPOINTS = {"manufacturers": "manufacturers", "device-types": "device_types", "device-roles": "device_roles",
              "rack-types": "rack_types", "sites": "sites", "locations": "locations", "racks": "racks",
              "power-panels": "power_panels", "power-feeds": "power_feeds", "devices": "devices", "cables": "cables"}
_TEMPLATES = {"interfaces": ("interface_templates", ("name", "type", "mgmt_only", "label", "description")),
              "power-ports": ("power_port_templates", ("name", "type", "maximum_draw", "allocated_draw", "label",
                                                       "description")),
              "power-outlets": ("power_outlet_templates", ("name", "type", "feed_leg", "label", "description")),
              "console-ports": ("console_port_templates", ("name", "type", "label", "description")),
              "console-server-ports": ("console_server_port_templates", ("name", "type", "label", "description")),
              "module-bays": ("module_bay_templates", ("name", "position", "label", "description")),
              "device-bays": ("device_bay_templates", ("name", "label", "description"))}
_DEVICE_TYPE_FIELDS = ("model", "slug", "part_number", "u_height", "is_full_depth", "airflow", "weight",
                       "weight_unit", "subdevice_role", "description", "comments")


def _payload(c: Change, st: PushState) -> dict[str, Any] | None:
    if c.kind == "device-types":
        data = {k: c.data[k] for k in _DEVICE_TYPE_FIELDS if c.data.get(k) is not None}
        return data | {"manufacturer": st.ids[("manufacturers", c.data["manufacturer"])]}
    if c.kind == "rack-types":
        return {k: v for k, v in c.data.items() if k != "manufacturer"} | {
            "manufacturer": st.ids[("manufacturers", c.data["manufacturer"])]}
    if c.resolve is not None and c.kind not in ("manufacturers", "device-roles"):
        return c.resolve(st)
    return c.data


def apply_push(pp: PushPlan, st: PushState, nt: NetBoxTables, *, progress: Callable[[int, int], None] | None = None,
               cancel: Callable[[], bool] | None = None) -> tuple[int, list[str]]:
    """Make the changes in import order; returns (changes made, cable terminations not found).

    On an error the NetBoxError says what was made before it (NetBox keeps those)."""
    import pynetbox

    d = st.api.dcim
    total = len(pp.changes)
    made = 0

    def said() -> str:
        parts = [f"{kind} {action} {n}" for (action, kind), n in sorted(st.done.items())]
        return ", ".join(parts) or "nothing"

    def tick(n: int) -> None:
        nonlocal made
        made += n
        if progress is not None:
            progress(made, total)

    def run(kind: str, changes: list[Change]) -> None:
        ep = getattr(d, _ENDPOINTS[kind])
        creates = [c for c in changes if c.action == "create"]
        updates = [c for c in changes if c.action == "update"]
        for i in range(0, len(creates), BATCH):
            if cancel is not None and cancel():
                raise NetBoxError(tf("cancelled; NetBox keeps what was pushed before: {done}", done=said()))
            chunk = creates[i:i + BATCH]
            payloads = [_payload(c, st) for c in chunk]
            recs = ep.create([p for p in payloads if p is not None])
            for c, rec in zip(chunk, recs if isinstance(recs, list) else [recs], strict=False):
                st.ids[(kind, c.key)] = rec.id
                if kind == "device-types":
                    _templates(d, rec.id, c.data)
            st.done[("create", kind)] = st.done.get(("create", kind), 0) + len(chunk)
            tick(len(chunk))
        real = []
        for c in updates:
            p = _payload(c, st)
            if p:
                real.append({"id": c.record_id, **p})
        for i in range(0, len(real), BATCH):
            if cancel is not None and cancel():
                raise NetBoxError(tf("cancelled; NetBox keeps what was pushed before: {done}", done=said()))
            ep.update(real[i:i + BATCH])
            st.done[("update", kind)] = st.done.get(("update", kind), 0) + len(real[i:i + BATCH])
        tick(len(updates))

    try:
        order = ["manufacturers", "device-types", "device-roles", "rack-types", "sites", "locations", "racks",
                 "power-panels", "power-feeds", "devices"]
        for kind in order:
            run(kind, [c for c in pp.changes if c.kind == kind])
        cables, missing = plan_cables(st.api, nt, st)
        total += len(cables)
        run("cables", cables)
    except pynetbox.RequestError as e:
        raise NetBoxError(tf("NetBox refused the push ({error}); NetBox keeps what was pushed before: {done}",
                             error=str(e.error)[:300], done=said())) from None
    return sum(st.done.values()), missing


def _templates(d: Any, type_id: int, data: dict[str, Any]) -> None:
    for key, (endpoint, fields) in _TEMPLATES.items():
        items = data.get(key) or []
        rows = [{k: it[k] for k in fields if it.get(k) is not None} | {"device_type": type_id} for it in items]
        for i in range(0, len(rows), BATCH):
            getattr(d, endpoint).create(rows[i:i + BATCH])


def push_tables(plan: Plan, catalog: Catalog, site: str | None) -> NetBoxTables:
    from planner.netbox.export import netbox_tables

    return netbox_tables(plan, catalog, site_name=site)
