"""Where the NetBox reference files (device-type library copies and JSON Schemas) are, for tests.

The project keeps the full set outside the repository (``../shared/reference/netbox-devicetypes``
beside the checkout); ``$RACKWRIGHT_NETBOX_REFERENCE`` overrides. Where neither is found the
tests use the small CC0 copy in ``tests/fixtures/netbox/reference`` (the schemas and the library files
the tests name, see its README): the same checks over fewer files, never a skip."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "netbox"


def reference_dir() -> Path:
    env = os.environ.get("RACKWRIGHT_NETBOX_REFERENCE")
    candidates = [Path(env)] if env else []
    candidates += [p / "shared" / "reference" / "netbox-devicetypes" for p in (ROOT.parent, *ROOT.parents[1:3])]
    for c in candidates:
        if (c / "schema" / "devicetype.json").is_file():
            return c
    return FIXTURES / "reference"


def full_reference() -> bool:
    """True when the tests run over the whole reference library, not the in-repo copy."""
    return reference_dir() != FIXTURES / "reference"


def schema_validators() -> dict:
    """jsonschema validators for device-, module- and rack-type files, from the reference schemas."""
    import json

    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    sdir = reference_dir() / "schema"
    docs = {f.name: json.loads(f.read_text(encoding="utf-8")) for f in sdir.glob("*.json")}
    registry = Registry().with_resources((d["$id"], Resource.from_contents(d)) for d in docs.values())
    return {kind: Draft202012Validator(docs[name], registry=registry)
            for kind, name in (("device-type", "devicetype.json"), ("module-type", "moduletype.json"),
                               ("rack-type", "racktype.json"))}


def schema_errors(validator, data) -> list[str]:
    """The schema's complaints, less jsonschema's float artefact in ``multipleOf`` (it
    rejects 38.8 as a multiple of 0.01 because 38.8 / 0.01 is 3879.9999999999995)."""
    out = []
    for e in validator.iter_errors(data):
        if e.validator == "multipleOf" and isinstance(e.instance, int | float):
            q = e.instance / e.validator_value
            if abs(q - round(q)) < 1e-6:
                continue
        out.append(f"{'/'.join(map(str, e.absolute_path))}: {e.message}")
    return out
