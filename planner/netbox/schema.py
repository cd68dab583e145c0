"""NetBox's own rules for device-, module- and rack-type files.

A Python reading of the NetBox community devicetype-library JSON Schema
(schema/devicetype.json, moduletype.json, racktype.json, components.json; CC0 1.0,
upstream commit 56ea9272 and racktype.json 48dfaa71), so an import is as strict as
NetBox without a schema library at run time: the keys NetBox knows (no others), the
required ones, value types, the slug pattern ``^[-a-z0-9_]+$``, 64-character component
names and labels, and the enumerations of :mod:`planner.catalog.netbox_enums`.
``tests/test_netbox_schema.py`` checks that this module and the JSON Schema agree on
the reference files and on broken ones.

:func:`netbox_problems` returns ``(path, message)`` pairs; the path is a tuple of keys
and list indexes (``("interfaces", 3, "type")``) that the caller turns into a line
number and a field name.
"""

from __future__ import annotations

import math
import re
from typing import Any

from planner.catalog import netbox_enums as nb
from planner.i18n import N_, _message, tmsg

SLUG_RE = re.compile(r"^[-a-z0-9_]+$")
NAME_MAX = 64

Path_ = tuple[str | int, ...]

_COMPONENTS: dict[str, tuple[str, ...]] = {  # list key -> required keys of each item
    "console-ports": ("name", "type"),
    "console-server-ports": ("name", "type"),
    "power-ports": ("name", "type"),
    "power-outlets": ("name", "type"),
    "interfaces": ("name", "type"),
    # NetBox 4.6 maps front to rear ports in ``port-mappings``; the library's older files name the
    # rear port on the front port (``rear_port``, still read)
    "front-ports": ("name", "type"),
    "rear-ports": ("name", "type"),
    "module-bays": ("name", "position"),
    "device-bays": ("name",),
    "inventory-items": ("name",),
    "port-mappings": ("front_port", "rear_port"),  # NetBox 4.6: front port (position) -> rear port (position)
}
_MODULE_COMPONENTS = ("console-ports", "console-server-ports", "power-ports", "power-outlets", "interfaces",
                      "front-ports", "rear-ports", "module-bays", "port-mappings")

# scalar fields: key -> (kind, extra check); kinds: str, bool, number, integer
_DEVICE_FIELDS: dict[str, str] = {
    "manufacturer": "str", "model": "str", "slug": "str", "part_number": "str", "u_height": "number",
    "is_full_depth": "bool", "airflow": "str", "weight": "number", "weight_unit": "str", "front_image": "bool",
    "rear_image": "bool", "subdevice_role": "str", "is_powered": "bool", "description": "str", "comments": "str",
}
_MODULE_FIELDS: dict[str, str] = {
    "manufacturer": "str", "model": "str", "part_number": "str", "weight": "number", "weight_unit": "str",
    "description": "str", "comments": "str",
}
_RACK_FIELDS: dict[str, str] = {
    "manufacturer": "str", "model": "str", "slug": "str", "description": "str", "form_factor": "str",
    "width": "integer", "u_height": "number", "outer_width": "number", "outer_height": "number",
    "outer_depth": "number", "outer_unit": "str", "weight": "number", "max_weight": "integer",
    "weight_unit": "str", "mounting_depth": "integer", "starting_unit": "number", "desc_units": "bool",
    "comments": "str",
}
REQUIRED = {
    "device-type": ("manufacturer", "model", "slug", "u_height", "is_full_depth"),
    "module-type": ("manufacturer", "model"),
    "rack-type": ("manufacturer", "model", "slug", "form_factor", "width", "u_height", "starting_unit"),
}
FIELDS = {"device-type": _DEVICE_FIELDS, "module-type": _MODULE_FIELDS, "rack-type": _RACK_FIELDS}
LISTS = {"device-type": tuple(_COMPONENTS), "module-type": _MODULE_COMPONENTS, "rack-type": ()}

RACK_FORM_FACTORS = frozenset({"wall-cabinet", "4-post-frame", "2-post-frame", "4-post-cabinet", "wall-frame",
                               "wall-frame-vertical", "wall-cabinet-vertical"})
_ENUMS: dict[str, frozenset[Any]] = {
    "airflow": nb.AIRFLOW,
    "weight_unit": nb.WEIGHT_UNITS,
    "subdevice_role": frozenset({"parent", "child"}),
    "form_factor": RACK_FORM_FACTORS,
    "width": frozenset({10, 19, 20, 23}),
    "outer_unit": frozenset({"mm", "in"}),
}
_COMPONENT_TYPES: dict[str, frozenset[str]] = {
    "interfaces": nb.INTERFACE_TYPES,
    "power-ports": nb.POWER_PORT_TYPES,
    "power-outlets": nb.POWER_OUTLET_TYPES,
    "console-ports": nb.CONSOLE_PORT_TYPES,
    "console-server-ports": nb.CONSOLE_PORT_TYPES,
    "front-ports": nb.PORT_TYPES,
    "rear-ports": nb.PORT_TYPES,
}
_MULTIPLE_OF: dict[tuple[str, str], float] = {
    ("device-type", "u_height"): 0.5, ("device-type", "weight"): 0.01, ("module-type", "weight"): 0.01,
    ("rack-type", "u_height"): 1, ("rack-type", "outer_width"): 0.01, ("rack-type", "outer_height"): 0.01,
    ("rack-type", "outer_depth"): 0.01, ("rack-type", "weight"): 0.01, ("rack-type", "starting_unit"): 1,
}


def _type_ok(v: Any, kind: str) -> bool:
    if kind == "str":
        return isinstance(v, str)
    if kind == "bool":
        return isinstance(v, bool)
    if isinstance(v, bool):
        return False
    if kind == "integer":
        return isinstance(v, int) or (isinstance(v, float) and v.is_integer())
    return isinstance(v, int | float) and math.isfinite(v)


_KIND_WORDS = {"str": N_("text"), "bool": N_("true or false"), "number": N_("a number"),
               "integer": N_("a whole number")}


def _word(kind: str) -> str:
    return _message(_KIND_WORDS[kind], _KIND_WORDS[kind], ())


def _r(value: Any, width: int) -> str:
    """``value``'s repr, cut at ``width`` characters."""
    return f"{value!r:.{width}}"


def _multiple_ok(v: float, step: float) -> bool:
    q = v / step
    return abs(q - round(q)) < 1e-6


def netbox_problems(data: Any, file_kind: str) -> list[tuple[Path_, str]]:
    """Where ``data`` (a parsed YAML file) breaks NetBox's rules for ``file_kind``
    (``device-type``, ``module-type`` or ``rack-type``); empty when NetBox would take it."""
    if not isinstance(data, dict):
        return [((), tmsg("a NetBox {kind} file is a mapping at the top level (got {type})", kind=file_kind,
                          type=type(data).__name__))]
    out: list[tuple[Path_, str]] = []
    fields, lists = FIELDS[file_kind], LISTS[file_kind]
    for key in REQUIRED[file_kind]:
        if key not in data:
            out.append(((key,), tmsg("required by NetBox for a {kind} and missing", kind=file_kind)))
    for key, v in data.items():
        k = str(key)
        if k in fields:
            kind = fields[k]
            if not _type_ok(v, kind):
                out.append(((k,), tmsg("must be {what} (got {value})", what=_word(kind), value=_r(v, 60))))
                continue
            if k in _ENUMS and v not in _ENUMS[k]:
                allowed = ", ".join(str(x) for x in sorted(_ENUMS[k], key=str))
                out.append(((k,), tmsg("{value} is not a NetBox value (one of {allowed})", value=_r(v, 40),
                                          allowed=allowed)))
            if kind in ("number", "integer") and v < 0:
                out.append(((k,), tmsg("must be >= 0 (got {value})", value=v)))
            if k == "starting_unit" and kind == "number" and v < 1:
                out.append(((k,), tmsg("must be >= 1 (got {value})", value=v)))
            step = _MULTIPLE_OF.get((file_kind, k))
            if step is not None and kind in ("number", "integer") and not _multiple_ok(float(v), step):
                out.append(((k,), tmsg("must be a multiple of {step:g} (got {value})", step=step, value=v)))
            if k == "slug" and not SLUG_RE.match(v):
                out.append(((k,), tmsg("NetBox slugs are lower-case letters, digits, '-' and '_' (got {value})",
                                          value=_r(v, 60))))
        elif k in lists:
            out.extend(_component_problems(k, v))
        else:
            out.append(((k,), tmsg("not a field of a NetBox {kind}", kind=file_kind)))
    return out


def _component_problems(key: str, items: Any) -> list[tuple[Path_, str]]:
    if not isinstance(items, list):
        return [((key,), tmsg("must be a list (got {type})", type=type(items).__name__))]
    out: list[tuple[Path_, str]] = []
    required = _COMPONENTS[key]
    types = _COMPONENT_TYPES.get(key)
    for i, item in enumerate(items):
        if not isinstance(item, dict):
            out.append(((key, i), tmsg("must be a mapping (got {type})", type=type(item).__name__)))
            continue
        for r in required:
            if r not in item:
                out.append(((key, i, r), tmsg("required by NetBox and missing")))
        for k in ("name", "label", "power_port", "rear_port", "front_port", "position", "description"):
            if k in item and not isinstance(item[k], str):
                out.append(((key, i, k), tmsg("must be {what} (got {value})", what=_word("str"),
                                                     value=_r(item[k], 60))))
            elif k in ("name", "label", "power_port") and k in item and len(item[k]) > NAME_MAX:
                out.append(((key, i, k), tmsg("NetBox allows {most} characters (got {n})", most=NAME_MAX,
                                                     n=len(item[k]))))
        if types is not None and "type" in item and item["type"] not in types:
            out.append(((key, i, "type"), tmsg("{value} is not a NetBox {kind} type", value=_r(item['type'], 60),
                                                    kind=key[:-1])))
        for k in ("maximum_draw", "allocated_draw", "positions", "rear_port_position", "front_port_position"):
            if k in item and (isinstance(item[k], bool) or not isinstance(item[k], int)):
                out.append(((key, i, k), tmsg("must be {what} (got {value})", what=_word("integer"),
                                                     value=_r(item[k], 60))))
        if key == "power-outlets" and "feed_leg" in item and item["feed_leg"] not in nb.FEED_LEGS:
            out.append(((key, i, "feed_leg"), tmsg("must be A, B or C (got {value})",
                                                                  value=_r(item['feed_leg'], 20))))
        for k in ("mgmt_only", "poe"):
            if k in item and not isinstance(item[k], bool):
                out.append(((key, i, k), tmsg("must be {what} (got {value})", what=_word("bool"),
                                                     value=_r(item[k], 20))))
    return out
