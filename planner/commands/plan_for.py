"""`rackwright plan-for SPEC.json`: from workloads and constraints to ranked candidate builds.

SPEC.json is ``{"workloads": [{"name", "kind", "spec"}], "constraints": {...}}``
(docs/plan-for.md, docs/plan-for.schema.json). Prints the candidates ranked (those that
meet every workload target and every constraint first, then by total cost over the
years, or capex without years); ``--json`` prints ``{"candidates": [...]}``. ``-o PLAN``
writes the best candidate (or ``--pick K``) as a complete plan (JSON or .rackplan by the
suffix), atomically. Exit 0 when a candidate meets everything, 1 when none does (the
reason is printed: which constraint binds and by how much) or the written plan has error
findings (named), 2 for a bad SPEC (one line naming the field, e.g.
``workloads[0].spec.users: ...``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from planner.i18n import N_

NAME = "plan-for"
HELP = N_("rank candidate builds for workloads and constraints (SPEC.json); -o writes the best as a plan")
DEFAULT_TOP = 10


def _positive(text: str) -> int:
    import argparse

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1 (got {n})")
    return n


def register(sub) -> None:
    from planner.i18n import _

    p = sub.add_parser(NAME, help=_(HELP), description=__doc__.split("\n\n", 1)[1] if __doc__ else None)
    p.add_argument("spec", metavar="SPEC.json", help=_("workloads and constraints (docs/plan-for.md)"))
    p.add_argument("--json", action="store_true", help=_("print the ranked candidates as JSON"))
    p.add_argument("-o", "--output", metavar="PLAN", default=None,
                   help=_("write the best candidate (or --pick K) as a plan: .json or .rackplan"))
    p.add_argument("--top", type=_positive, default=None,
                   help=f"show the first N candidates (default {DEFAULT_TOP}; --json: all)")
    p.add_argument("--pick", type=_positive, default=None, metavar="K",
                   help=_("with -o: write candidate K of the ranking instead of the best"))
    p.add_argument("--force", action="store_true", help=_("replace PLAN if it exists"))
    p.set_defaults(func=run)


def read_spec(path: Path):
    """SPEC.json -> PlanForSpec; UserError (one line naming the file and field) if bad."""
    from planner.cli import UserError
    from planner.design.search import PlanForSpecError, parse_plan_for_spec

    if not path.exists():
        raise UserError(f"{path}: no such file")
    if path.is_dir():
        raise UserError(f"{path}: is a folder")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise UserError(f"{path}: not UTF-8 text") from None
    except OSError as e:
        raise UserError(f"{path}: cannot read: {e.strerror or e}") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise UserError(f"{path}: line {e.lineno} column {e.colno}: not valid JSON ({e.msg})") from None
    except ValueError as e:
        raise UserError(f"{path}: {e}") from None
    try:
        return parse_plan_for_spec(data)
    except PlanForSpecError as e:
        raise UserError(f"{path}: {e}") from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _check_output(dst: Path, force: bool) -> None:
    from planner.cli import UserError
    from planner.documents import format_for_suffix

    if format_for_suffix(dst) is None:
        raise UserError(f"{dst}: unknown plan format {dst.suffix or '(no suffix)'!r}; name it .json or .rackplan")
    if dst.is_dir():
        raise UserError(f"{dst}: is a folder")
    if dst.exists() and not force:
        raise UserError(f"{dst}: already exists (use --force to replace it)")
    if not dst.parent.resolve().is_dir():
        raise UserError(f"{dst.parent}: no such folder")


def run(args) -> int:
    from planner.catalog import load_catalog
    from planner.cli import UserError
    from planner.design.search import PlanForSpecError, search

    src = Path(args.spec)
    spec = read_spec(src)
    dst = Path(args.output) if args.output else None
    if dst is not None:
        _check_output(dst, args.force)
    if args.pick is not None and dst is None:
        raise UserError("--pick needs -o PLAN (the candidate to write)")
    catalog = load_catalog()
    try:
        result = search(spec, catalog)
    except PlanForSpecError as e:
        raise UserError(f"{src}: {e}") from None
    top = args.top if args.top is not None else (None if args.json else DEFAULT_TOP)
    shown = result.candidates[:top] if top else result.candidates
    chosen = None
    if dst is not None:
        if args.pick is not None:
            if args.pick > len(result.candidates):
                raise UserError(f"--pick {args.pick}: there are only {len(result.candidates)} candidates")
            chosen = result.candidates[args.pick - 1]
        elif result.best is not None and result.best.meets:
            chosen = result.best
    if args.json:
        d = result.to_dict()
        d["candidates"] = [c.to_dict() for c in shown]
        from planner.commands.check import finite_or_null

        print(json.dumps(finite_or_null(d), indent=2, allow_nan=False))
    else:
        print_table(result, shown, spec)
    if dst is not None:
        if chosen is None:
            print(f"rackwright: nothing written to {dst}: no candidate meets every target and constraint "
                  "(write one anyway with --pick K)", file=sys.stderr)
        else:
            plan = write_plan(chosen, spec, catalog, dst)
            print(f"wrote {dst}: candidate {chosen.rank}, {chosen.servers} x {chosen.server_name}, "
                  f"{chosen.gpus} GPUs, {chosen.racks} racks", file=sys.stderr if args.json else sys.stdout)
            errors = plan_errors(plan, catalog)
            if errors:
                shown_errors = "; ".join(f"{f.code}: {f.message}" for f in errors[:3])
                print(f"rackwright: the written plan has {len(errors)} error finding(s) (rackwright check {dst}): "
                      f"{shown_errors}", file=sys.stderr)
                return 1
    if chosen is not None and not chosen.meets:
        print(f"rackwright: candidate {chosen.rank} does not meet: {_why_not(chosen)}", file=sys.stderr)
        return 1
    return 0 if result.meeting else 1


def plan_errors(plan, catalog) -> list:
    """The engine's error findings on a written plan (the generator should leave none)."""
    from planner.engine import Engine

    return [f for f in Engine(catalog).compute(plan).findings if f.severity == "error"]


def write_plan(cand, spec, catalog, dst: Path):
    """Generate the candidate's plan and save it atomically (nothing on failure); the plan."""
    from planner.cli import UserError
    from planner.documents import save_plan

    try:
        from planner.design.generate import generate_plan
    except ImportError:
        raise UserError("this build cannot generate plans yet (planner.design.generate is missing)") from None
    try:
        plan = generate_plan(cand.design, catalog, workloads=spec.plan_workloads(), metadata=spec.metadata(
            project=f"{cand.servers} x {cand.server_name}"))
    except ValueError as e:
        raise UserError(f"cannot generate candidate {cand.rank}: {e}") from None
    try:
        save_plan(plan, dst, catalog)
    except ValueError as e:
        raise UserError(f"{dst}: {e}") from None
    except OSError as e:
        raise UserError(f"{dst}: cannot write: {e.strerror or e}") from None
    return plan


def _why_not(c) -> str:
    parts = [v["message"] for v in c.violations]
    parts += [f"{w['name']} not met" + (f" ({w['bottleneck']})" if w.get("bottleneck") else "")
              for w in c.workloads if not w["met"]]
    return "; ".join(parts) or "?"


def _money(x: float | None) -> str:
    return "-" if x is None else f"{x:,.0f}"


def _workload_figure(w: dict) -> str:
    if w.get("error"):
        return "error"
    if w["kind"] in ("pretrain", "finetune"):
        return "-" if w.get("days") is None else f"{w['days']:.1f} d"
    if w["kind"] == "inference":
        if not w.get("fits"):
            return "no fit"
        return f"{w['tokens_per_s_per_user']:.0f} tok/s/u" if w.get("tokens_per_s_per_user") else "-"
    return "-" if w.get("margin") is None else f"{w['margin']:+.0%}"


def print_table(result, shown, spec) -> None:
    c = spec.constraints
    cost_head = f"TCO {c.years:g} y" if c.years else ""
    head = (f"{'#':>3}  {'meets':5}  {'GPU':9} {'server':26} {'GPUs':>6} {'cool':5} {'fabric':6} {'storage':22} "
            f"{'racks':>5} {'IT kW':>8} {'capex ' + c.currency:>15} {'opex/yr':>12} "
            + (f"{cost_head:>15}  " if c.years else "") +
            f"{'workload':>14} {'margin':>7}  bottleneck")
    print(head)
    print("-" * len(head))
    for x in shown:
        storage = "-" if not x.storage else f"{x.storage_count} x {x.storage}"
        fabric = "-" if x.oversubscription is None else f"{x.oversubscription:g}:1"
        star = "" if x.capex_complete else "*"
        wl = _workload_figure(min(x.workloads, key=lambda w: w["margin"] if w.get("margin") is not None
                                  else -1e9)) if x.workloads else "-"
        cost = x.tco if c.years else x.capex
        server = x.server_name.split(" (")[0]  # the GPUs are the column before
        print(f"{x.rank:>3}  {'yes' if x.meets else 'no':5}  {x.gpu[:9]:9} {server[:26]:26} {x.gpus:>6} {x.cooling:5} "
              f"{fabric:6} {storage[:22]:22} {x.racks:>5} {x.it_kw:>8.1f} {_money(x.capex) + star:>15} "
              f"{_money(x.opex_per_year):>12} " + (f"{_money(cost) + star:>15}  " if c.years else "") + f"{wl:>14} "
              f"{'-' if x.margin is None else format(x.margin, '+.0%'):>7}  {x.bottleneck or '-'}"
              + ("" if x.meets else f"  [{x.binding_constraint or 'workloads'}]"))
    print()
    print(f"{result.considered} candidates ranked, {result.meeting} meet every target and constraint.")
    if any(not x.capex_complete for x in shown):
        print("* capex incomplete (a lower bound): some parts have no catalog price; see --json \"unpriced\".")
    if result.binding:
        print(f"Nothing meets: {result.binding}.")
    best = shown[0] if shown else None
    if best is not None:
        print()
        print(f"#{best.rank}: {best.servers} x {best.server_name}, {best.gpus} GPUs in {best.racks} racks "
              f"({best.servers_per_rack} per rack, limited by {best.rack_limiter.replace('_', ' ')}), "
              f"{best.it_kw:,.1f} kW IT, {best.facility_kw:,.1f} kW facility, {best.floor_m2:,.0f} m2")
        for w in best.workloads:
            figs = []
            if w.get("days") is not None:
                figs.append(f"{w['days']:.1f} days to train")
            if w.get("tokens_per_s_per_user") is not None:
                figs.append(f"{w['tokens_per_s_per_user']:.1f} tokens/s per user")
            if w.get("ttft_s") is not None:
                figs.append(f"{w['ttft_s']:.2f} s to first token")
            if w.get("cost_per_million_tokens_usd") is not None:
                figs.append(f"{w['cost_per_million_tokens_usd']:.2f} USD per million tokens")
            met = "met" if w["met"] else "NOT met"
            margin = "" if w.get("margin") is None else f", margin {w['margin']:+.0%}"
            print(f"  {w['name']}: {met}{margin}; {', '.join(figs) or w.get('error') or ''}")
        ro = best.rent_vs_own
        if ro and ro.get("cloud_cost_per_year") is not None:
            cur = best.currency
            when = ("owning never catches up over the years of use" if ro.get("break_even_months") is None
                    else f"owning breaks even after {ro['break_even_months']:.0f} months")
            at = ("" if ro.get("break_even_utilisation") is None
                  else f", or at {ro['break_even_utilisation']:.0%} utilisation")
            print(f"  rent or own: renting the GPUs costs {ro['cloud_cost_per_year']:,.0f} {cur}/year, owning "
                  f"{ro['own_cost_per_year']:,.0f} {cur}/year; {when}{at}")
        if best.unpriced:
            print(f"  unpriced: {', '.join(best.unpriced)}")
    for n in result.notes:
        print(f"note: {n}")
