"""`rackwright check PLAN [--json]`: run the engine over a plan and report figures and
findings. Exit 0 when there is no error finding, 1 when there is, 2 on bad input."""

from __future__ import annotations

import json
import math
import sys

from planner.i18n import N_

NAME = "check"
HELP = N_("compute power, cooling, space, compute and cost figures and report findings")


def register(sub) -> None:
    from planner.commands.numbers import count
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP),
                       description=_("Run the engine over PLAN. Exit status: 0 no error findings, 1 error "
                                     "findings, 2 bad input."))
    p.add_argument("plan", help=_("plan file (.json or .rackplan)"))
    p.add_argument("--json", action="store_true", help=_("print the full result as JSON"))
    p.add_argument("--catalog", action="append", metavar="DIR",
                   help=_("catalog folder to use instead of the shipped and user catalogs (repeatable; later wins)"))
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help=_("engine setting, e.g. --set continuous_derating=1.0 (see docs/engine.md)"))
    p.add_argument("--max-findings", type=count, default=200, help=_("findings listed in the text report"))
    p.add_argument("--lang", choices=("de", "en"), default=None,
                   help=_("language of the text report (default: the system's; --json is never translated)"))
    p.add_argument("--units", choices=("metric", "imperial"), default="metric",
                   help=_("units of the text report: metric (kW, m³/h, L/min, kg) or imperial (BTU/h, tons, CFM, gpm, lb)"))
    p.set_defaults(func=run)


def parse_settings(pairs: list[str]):
    from pydantic import ValidationError

    from planner.commands.cli import UserError
    from planner.engine import EngineSettings
    from planner.i18n import tf

    values: dict[str, object] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UserError(tf("--set expects KEY=VALUE (got {pair!r})", pair=pair))
        if key not in EngineSettings.model_fields:
            raise UserError(tf("--set: unknown engine setting {key!r} (known: {known})", key=key,
                               known=", ".join(EngineSettings.model_fields)))
        values[key] = value.strip()
    try:
        return EngineSettings.model_validate(values)
    except ValidationError as e:
        from planner.base.fileio import validation_message
        from planner.i18n import message_text

        err = e.errors()[0]
        loc = ".".join(str(x) for x in err.get("loc", ()))
        raise UserError(f"--set {loc}: {message_text(validation_message(err))}") from None


def run(args) -> int:
    from planner.commands.cli import catalog_warning
    from planner.engine import Engine, text_report
    from planner.files.documents import load_plan_with_catalog

    settings = parse_settings(args.set)
    plan, catalog = load_plan_with_catalog(args.plan, args.catalog)
    if catalog.errors:
        print(catalog_warning(len(catalog.errors)), file=sys.stderr)
    results = Engine(catalog, settings).compute(plan)
    if args.json:
        # whole, then written: no half document on stdout; a figure that is not a finite
        # number (no input should produce one, the model bounds them) is null, never NaN
        sys.stdout.write(json.dumps(finite_or_null(results.to_json(plan, catalog)), indent=1, ensure_ascii=False,
                                    allow_nan=False) + "\n")
    else:
        from planner.i18n import current_language

        sys.stdout.write(text_report(results, plan, max_findings=max(0, args.max_findings),
                                     lang=args.lang or current_language(), imperial=args.units == "imperial",
                                     catalog=catalog))
    return 1 if results.has_errors else 0


def finite_or_null(v: object) -> object:
    """``v`` with every non-finite float (inf, nan) replaced by None, for strict JSON."""
    if isinstance(v, float):
        return v if math.isfinite(v) else None
    if isinstance(v, dict):
        return {k: finite_or_null(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [finite_or_null(x) for x in v]
    return v
