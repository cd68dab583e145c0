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
# what limits the servers per rack (Candidate.rack_limiter), as words
LIMITER_WORDS = {"space": N_("space"), "pdu": N_("pdu"), "cooling": N_("cooling"), "max_rack_kw": N_("max rack kw"),
                 "design": N_("design")}
# TRANSLATORS: the cooling column of `rackwright plan-for`'s table: short names of the cooling options
# (English prints the option's code as the spec writes it)
COOLING_COLUMN = {"air": N_("Air"), "rdhx": N_("RDHX"), "dlc": N_("DLC"), "immersion": N_("Immersion")}


def register(sub) -> None:
    from planner.commands.numbers import positive_count as _positive
    from planner.i18n import _, tf

    p = sub.add_parser(NAME, help=_(HELP), description=_(
        "SPEC.json is {\"workloads\": [{\"name\", \"kind\", \"spec\"}], \"constraints\": {...}} (docs/plan-for.md, "
        "docs/plan-for.schema.json). Prints the candidates ranked (those that meet every workload target and every "
        "constraint first, then by total cost over the years, or capex without years); --json prints "
        "{\"candidates\": [...]}. -o PLAN writes the best candidate (or --pick K) as a complete plan (JSON or "
        ".rackplan by the suffix), atomically. Exit 0 when a candidate meets everything, 1 when none does (the "
        "reason is printed: which constraint binds and by how much) or the written plan has error findings (named), "
        "2 for a bad SPEC (one line naming the field, e.g. workloads[0].spec.users: ...)."))
    p.add_argument("spec", metavar="SPEC.json", help=_("workloads and constraints (docs/plan-for.md)"))
    p.add_argument("--json", action="store_true", help=_("print the ranked candidates as JSON"))
    p.add_argument("-o", "--output", metavar="PLAN", default=None,
                   help=_("write the best candidate (or --pick K) as a plan: .json or .rackplan"))
    p.add_argument("--top", type=_positive, default=None,
                   help=tf("show the first N candidates (default {n}; --json: all)", n=DEFAULT_TOP))
    p.add_argument("--all", action="store_true", dest="all_candidates",
                   help=_("show every ranked candidate, not only the distinct options"))
    p.add_argument("--pick", type=_positive, default=None, metavar="K",
                   help=_("with -o: write candidate K of the ranking instead of the best"))
    p.add_argument("--force", action="store_true", help=_("replace PLAN if it exists"))
    g = p.add_argument_group(_("growing a plan (docs/plan-for.md, \"Growing a plan\")"))
    g.add_argument("--grow", metavar="EXISTING", default=None,
                   help=_("grow this plan (.json or .rackplan) into a next growth phase that adds what the workloads "
                          "need beyond what it has; -o writes the grown plan"))
    g.add_argument("--phase", metavar="NAME", default=None, help=_("with --grow: the new growth phase's name"))
    g.add_argument("--phase-start", metavar="WHEN", default="",
                   help=_("with --grow: when the new phase goes into operation (2027-07, 2027-07-15, Q3 2027, "
                          "07.2027 or July 2027)"))
    g.add_argument("--first-phase", metavar="NAME", default=None,
                   help=_("with --grow, for a plan without phases: the name of the phase holding what it has "
                          "(default: Existing build)"))
    p.set_defaults(func=run)


def read_spec(path: Path):
    """SPEC.json -> PlanForSpec; UserError (one line naming the file and field) if bad."""
    from planner.base.fileio import os_error_text
    from planner.commands.cli import UserError
    from planner.design.search import PlanForSpecError, parse_plan_for_spec
    from planner.i18n import message_text, tf

    if not path.exists():
        raise UserError(tf("{path}: no such file", path=path))
    if path.is_dir():
        raise UserError(tf("{path}: is a folder", path=path))
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise UserError(tf("{path}: not UTF-8 text", path=path)) from None
    except OSError as e:
        raise UserError(tf("{path}: cannot read: {error}", path=path, error=message_text(os_error_text(e)))) from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise UserError(tf("{path}: line {line} column {column}: not valid JSON ({error})", path=path, line=e.lineno,
                           column=e.colno, error=e.msg)) from None
    except ValueError as e:
        raise UserError(f"{path}: {e}") from None
    except RecursionError:  # thousands of nested brackets: no spec is shaped so
        raise UserError(tf("{path}: JSON nested too deeply", path=path)) from None
    try:
        return parse_plan_for_spec(data)
    except PlanForSpecError as e:
        raise UserError(f"{path}: {e}") from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _check_output(dst: Path, force: bool) -> None:
    from planner.commands.cli import UserError
    from planner.files.documents import format_for_suffix
    from planner.i18n import _, tf

    if format_for_suffix(dst) is None:
        raise UserError(tf("{path}: unknown plan format {suffix!r}; name it .json or .rackplan", path=dst,
                           suffix=dst.suffix or _("(no suffix)")))
    if dst.is_dir():
        raise UserError(tf("{path}: is a folder", path=dst))
    if dst.exists() and not force:
        raise UserError(tf("{path}: already exists (use --force to replace it)", path=dst))
    if not dst.parent.resolve().is_dir():
        raise UserError(tf("{path}: no such folder", path=dst.parent))


def run(args) -> int:
    from planner.catalog import load_catalog
    from planner.commands.cli import UserError
    from planner.design.search import PlanForSpecError, options, price_from_plans, search
    from planner.i18n import Np_, _, tf

    src = Path(args.spec)
    if args.grow is not None or args.phase is not None or args.first_phase is not None or args.phase_start:
        return run_grow(args, src)
    spec = read_spec(src)
    dst = Path(args.output) if args.output else None
    if dst is not None:
        _check_output(dst, args.force)
    if args.pick is not None and dst is None:
        raise UserError(_("--pick needs -o PLAN (the candidate to write)"))
    catalog = load_catalog()
    try:
        result = search(spec, catalog)
    except PlanForSpecError as e:
        raise UserError(f"{src}: {e}") from None
    # the distinct options (per GPU model and cooling, margin steps), priced from the plans they write
    opts = options(result, spec, catalog)
    top = args.top if args.top is not None else (None if args.json else DEFAULT_TOP)
    listed = result.candidates if args.all_candidates or args.json else opts
    shown = listed[:top] if top else listed
    chosen = None
    if dst is not None:
        if args.pick is not None:
            if args.pick > len(result.candidates):
                raise UserError(tf(Np_("--pick {pick}: there is only {n} candidate",
                                       "--pick {pick}: there are only {n} candidates"), pick=args.pick,
                                   n=len(result.candidates)))
            chosen = result.candidates[args.pick - 1]
            price_from_plans([chosen], spec, catalog)
        elif opts and opts[0].meets:
            chosen = opts[0]
    if args.json:
        d = result.to_dict()
        d["candidates"] = [c.to_dict() for c in shown]
        d["options"] = [c.to_dict() for c in opts]
        from planner.commands.check import finite_or_null

        print(json.dumps(finite_or_null(d), indent=2, allow_nan=False))
    else:
        print_table(result, shown, spec)
    if dst is not None:
        if chosen is None:
            print(tf("rackwright: nothing written to {path}: no candidate meets every target and constraint (write "
                     "one anyway with --pick K)", path=dst), file=sys.stderr)
        else:
            plan = write_plan(chosen, spec, catalog, dst)
            print(tf(Np_("wrote {path}: candidate {rank}, {servers} x {server}, {gpus} GPUs, {n} rack",
                         "wrote {path}: candidate {rank}, {servers} x {server}, {gpus} GPUs, {n} racks"), path=dst,
                     rank=chosen.rank, servers=chosen.servers, server=chosen.server_name, gpus=chosen.gpus,
                     n=chosen.racks), file=sys.stderr if args.json else sys.stdout)
            if _say_errors(plan_errors(plan, catalog), dst):
                return 1
    if chosen is not None and not chosen.meets:
        print(tf("rackwright: candidate {rank} does not meet: {why}", rank=chosen.rank, why=_why_not(chosen)),
              file=sys.stderr)
        return 1
    return 0 if result.meeting else 1


def read_existing(path: Path):
    """The plan to grow; UserError (one line naming the file) if it is missing or bad."""
    from planner.commands.cli import UserError
    from planner.files.documents import load_plan
    from planner.i18n import tf

    if not path.exists():
        raise UserError(tf("{path}: no such file", path=path))
    if path.is_dir():
        raise UserError(tf("{path}: is a folder", path=path))
    return load_plan(path)  # a bad plan: PlanFormatError, one line naming the file and field


def run_grow(args, src: Path) -> int:
    """`plan-for SPEC --grow EXISTING --phase NAME -o PLAN`: the existing plan grown into a next
    growth phase (planner.design.grow). Exit 0 when the grown plan meets the workloads with no
    error finding, 1 when no candidate of its server meets or the grown plan has errors, 2 for
    bad input (one line)."""
    from planner.catalog import load_catalog
    from planner.commands.cli import UserError
    from planner.design.grow import GrowError, existing_build, grow_plan, pick_candidate, why_not_grown
    from planner.design.search import PlanForSpecError, search
    from planner.engine import Engine
    from planner.i18n import Np_, _, message_text, tf

    if args.grow is None:
        raise UserError(_("--phase, --phase-start and --first-phase need --grow EXISTING"))
    if not args.phase or not args.phase.strip():
        raise UserError(_("--grow needs --phase NAME (the new growth phase)"))
    if args.output is None:
        raise UserError(_("--grow needs -o PLAN (where the grown plan goes)"))
    for flag, given in (("--pick", args.pick is not None), ("--all", args.all_candidates), ("--top", args.top)):
        if given:
            raise UserError(tf("{flag} does not go with --grow", flag=flag))
    from planner.model.plan import phase_start

    try:  # "Q3 2027", "2027-Q3", "Juli 2027" as the architect writes it; stored as 2027-07
        start = phase_start(args.phase_start)
    except ValueError as e:
        raise UserError(tf("--phase-start: {reason}", reason=message_text(e.args[0]))) from None
    spec = read_spec(src)
    existing_path = Path(args.grow)
    existing = read_existing(existing_path)
    dst = Path(args.output)
    _check_output(dst, args.force)
    catalog = load_catalog()
    try:
        have = existing_build(existing, catalog)
    except GrowError as e:
        raise UserError(tf("{path}: cannot grow: {reason}", path=existing_path, reason=message_text(e.args[0]))) from None
    if existing.metadata.site_region:  # the grown build's power is the site's (its feeds, PDUs, plugs)
        from dataclasses import replace

        spec = replace(spec, constraints=spec.constraints.model_copy(
            update={"region": existing.metadata.site_region}))
    try:
        result = search(spec, catalog)
    except PlanForSpecError as e:
        raise UserError(f"{src}: {e}") from None
    try:
        cand = pick_candidate(result.candidates, have)
    except GrowError as e:
        raise UserError(tf("{path}: cannot grow: {reason}", path=existing_path,
                           reason=message_text(e.args[0]))) from None
    if cand is None:
        print(tf("rackwright: nothing written to {path}: {why}", path=dst,
                 why=message_text(why_not_grown(have, catalog))), file=sys.stderr)
        return 1
    try:
        grown = grow_plan(existing, cand, spec, catalog, phase_name=args.phase, phase_start=start,
                          first_phase_name=args.first_phase)
    except GrowError as e:
        raise UserError(tf("{path}: cannot grow: {reason}", path=existing_path,
                           reason=message_text(e.args[0]))) from None
    from planner.base.fileio import os_error_text
    from planner.files.documents import save_plan
    from planner.i18n import error_text

    try:
        save_plan(grown.plan, dst, catalog)
    except ValueError as e:
        raise UserError(f"{dst}: {error_text(e)}") from None
    except OSError as e:
        raise UserError(tf("{path}: cannot write: {error}", path=dst, error=message_text(os_error_text(e)))) from None
    res = Engine(catalog).compute(grown.plan)
    out = sys.stderr if args.json else sys.stdout
    print(tf(Np_("wrote {path}: phase {phase} adds {servers} x {server} and {storage} storage appliances in {n} "
                 "rack; {gpus} GPUs in all",
                 "wrote {path}: phase {phase} adds {servers} x {server} and {storage} storage appliances in {n} "
                 "racks; {gpus} GPUs in all"), n=grown.racks_added, path=dst, phase=args.phase.strip(),
             servers=grown.servers_added, server=cand.server_name, storage=grown.storage_added,
             gpus=res.totals.gpus), file=out)
    if grown.extended:
        print(tf("  extended: {fabrics}", fabrics=", ".join(grown.extended)), file=out)
    if grown.designed:
        print(tf("  new in this phase: {fabrics}", fabrics=", ".join(grown.designed)), file=out)
    rows = []
    for ph in (res.phases.phases if res.phases is not None else []):
        c = ph.results.counts()
        rows.append({"phase": ph.name, "gpus": ph.results.totals.gpus, "racks": ph.results.totals.racks,
                     "errors": c["error"], "warnings": c["warning"]})
        print(tf(Np_("  {phase}: {gpus} GPUs, {n} rack, {errors} errors, {warnings} warnings",
                     "  {phase}: {gpus} GPUs, {n} racks, {errors} errors, {warnings} warnings"), n=rows[-1]["racks"],
                 **rows[-1]), file=out)
    if args.json:
        from planner.commands.check import finite_or_null

        print(json.dumps(finite_or_null({"grown": str(dst), "phase": args.phase.strip(), "candidate": cand.to_dict(),
                                         "servers_added": grown.servers_added,
                                         "storage_added": grown.storage_added, "racks_added": grown.racks_added,
                                         "extended": grown.extended, "designed": grown.designed, "phases": rows}),
                         indent=2, allow_nan=False))
    return 1 if _say_errors([f for f in res.findings if f.severity == "error"], dst) else 0


def plan_errors(plan, catalog) -> list:
    """The engine's error findings on a written plan (the generator should leave none)."""
    from planner.engine import Engine

    return [f for f in Engine(catalog).compute(plan).findings if f.severity == "error"]


def _say_errors(errors: list, dst: Path) -> bool:
    """One line on stderr naming the first error findings of the written plan ``dst``; True if any."""
    from planner.i18n import Np_, tf

    if not errors:
        return False
    shown = "; ".join(f"{f.code}: {f.text()}" for f in errors[:3])
    print(tf(Np_("rackwright: the written plan has {n} error finding (rackwright check {path}): {errors}",
                 "rackwright: the written plan has {n} error findings (rackwright check {path}): {errors}"),
             n=len(errors), path=dst, errors=shown), file=sys.stderr)
    return True


def write_plan(cand, spec, catalog, dst: Path):
    """Generate the candidate's plan and save it atomically (nothing on failure); the plan."""
    from planner.base.fileio import os_error_text
    from planner.commands.cli import UserError
    from planner.files.documents import save_plan
    from planner.i18n import _, error_text, message_text, tf

    try:
        from planner.design.generate import generate_plan
    except ImportError:
        raise UserError(_("this build cannot generate plans yet (planner.design.generate is missing)")) from None
    try:
        from planner.design.search import internal_notes

        plan = generate_plan(cand.design, catalog, workloads=spec.plan_workloads(), metadata=spec.metadata(
            project=f"{cand.servers} x {cand.server_name}", internal_notes=internal_notes(cand)))
    except ValueError as e:
        raise UserError(tf("cannot generate candidate {rank}: {error}", rank=cand.rank, error=error_text(e))) from None
    try:
        save_plan(plan, dst, catalog)
    except ValueError as e:
        raise UserError(f"{dst}: {e}") from None
    except OSError as e:
        raise UserError(tf("{path}: cannot write: {error}", path=dst, error=message_text(os_error_text(e)))) from None
    return plan


def _why_not(c) -> str:
    from planner.i18n import message_text, tf

    parts = [message_text(v["message"]) for v in c.violations]
    parts += [tf("{name} not met ({bottleneck})", name=w["name"], bottleneck=_bn(w["bottleneck"]))
              if w.get("bottleneck") else tf("{name} not met", name=w["name"])
              for w in c.workloads if not w["met"]]
    return "; ".join(parts) or "?"


def _bn(code: str | None) -> str:
    from planner.commands.size import _bn as words

    return words(code)


def _money(x: float | None) -> str:
    from planner.i18n import format_number

    return "-" if x is None else format_number(x, decimals=0)


def _workload_figure(w: dict) -> str:
    from planner.i18n import _, tf

    if w.get("error"):
        return _("error")
    if w["kind"] in ("pretrain", "finetune"):
        return "-" if w.get("days") is None else tf("{days:.1f} d", days=w["days"])
    if w["kind"] == "inference":
        if not w.get("fits"):
            return _("no fit")
        return tf("{tpu:.0f} tok/s/u", tpu=w["tokens_per_s_per_user"]) if w.get("tokens_per_s_per_user") else "-"
    return "-" if w.get("margin") is None else tf("{margin:+.0%}", margin=w["margin"])


def print_table(result, shown, spec) -> None:
    from planner.i18n import Np_, _, active_language, format_date, message_text, tf

    c = spec.constraints
    cost_head = tf("TCO {years:g} y", years=c.years) if c.years else ""
    # TRANSLATORS: column headings of `rackwright plan-for`'s table, kept as short as the English
    h = {"meets": _("meets"), "server": _("server"), "GPUs": _("GPUs"), "cool": _("cool"), "fabric": _("fabric"),
         "storage": _("storage"), "racks": _("racks"), "opex": _("opex/yr"), "workload": _("workload"),
         "margin": _("margin"), "bottleneck": _("bottleneck")}
    capex_head = tf("capex {currency}", currency=c.currency)
    mw = max(5, len(h["meets"]))  # the German heading is wider than "meets"

    def cooling(code: str) -> str:
        return _(COOLING_COLUMN[code]) if code in COOLING_COLUMN and active_language() != "en" else code

    cw = max([5, len(h["cool"])] + [len(cooling(x.cooling)) for x in shown])
    head = (f"{'#':>3}  {h['meets']:{mw}}  {'GPU':9} {h['server']:26} {h['GPUs']:>6} {h['cool']:{cw}} {h['fabric']:6} "
            f"{h['storage']:22} {h['racks']:>5} {'IT kW':>8} {capex_head:>15} {h['opex']:>12} "
            + (f"{cost_head:>15}  " if c.years else "") +
            f"{h['workload']:>14} {h['margin']:>7}  {h['bottleneck']}")
    print(head)
    print("-" * len(head))
    for x in shown:
        storage = "-" if not x.storage else f"{x.storage_count} x {x.storage}"
        fabric = "-" if x.oversubscription is None else tf("{ratio:g}:1", ratio=x.oversubscription)
        star = "" if x.capex_complete else "*"
        wl = _workload_figure(min(x.workloads, key=lambda w: w["margin"] if w.get("margin") is not None
                                  else -1e9)) if x.workloads else "-"
        cost = x.tco if c.years else x.capex
        server = x.server_name.split(" (")[0]  # the GPUs are the column before
        meets = _("yes") if x.meets else _("no")
        it_kw = tf("{kw:.1f}", kw=x.it_kw)
        margin = "-" if x.margin is None else tf("{margin:+.0%}", margin=x.margin)
        print(f"{x.rank:>3}  {meets:{mw}}  {x.gpu[:9]:9} {server[:26]:26} {x.gpus:>6} {cooling(x.cooling):{cw}} "
              f"{fabric:6} {storage[:22]:22} {x.racks:>5} {it_kw:>8} {_money(x.capex) + star:>15} "
              f"{_money(x.opex_per_year):>12} " + (f"{_money(cost) + star:>15}  " if c.years else "") + f"{wl:>14} "
              f"{margin:>7}  {_bn(x.bottleneck) or '-'}"
              + ("" if x.meets else f"  [{x.binding_constraint or 'workloads'}]"))
    print()
    print(tf(Np_("{n} candidate ranked, {meeting} meet every target and constraint.",
                 "{n} candidates ranked, {meeting} meet every target and constraint."),
             n=result.considered, meeting=result.meeting))
    if shown and all(x.capex_exact for x in shown):
        print(_("The distinct options: per GPU model and cooling the best that meets, and about +25 % and +50 % "
                "margin; capex priced from the plan each writes (--all: every candidate, capex estimated)."))
    if c.currency != "USD" or c.exchange_rates:
        rates = ", ".join(tf("1 {code} = {rate:g} {currency}", code=k, rate=v, currency=c.currency)
                          for k, v in sorted(c.exchange_rates.items()))
        print(tf("Prices in {currency}; exchange rates {rates} as of {date}.", currency=c.currency,
                 rates=rates or _("(none)"),
                 date=format_date(c.exchange_rates_date) if c.exchange_rates_date else _("(no date)")))
    if any(not x.capex_complete for x in shown):
        print(_("* capex incomplete (a lower bound): some parts have no catalog price; see --json \"unpriced\"."))
    if result.binding:
        print(tf("Nothing meets: {why}.", why=message_text(result.binding)))
    best = shown[0] if shown else None
    if best is not None:
        print()
        print(tf(Np_("#{rank}: {servers} x {server}, {gpus} GPUs in {n} rack ({per_rack} per rack, limited by "
                     "{limiter}), {it_kw:,.1f} kW IT, {facility_kw:,.1f} kW facility, {floor:,.0f} m2",
                     "#{rank}: {servers} x {server}, {gpus} GPUs in {n} racks ({per_rack} per rack, limited by "
                     "{limiter}), {it_kw:,.1f} kW IT, {facility_kw:,.1f} kW facility, {floor:,.0f} m2"),
                 rank=best.rank, servers=best.servers, server=best.server_name, gpus=best.gpus, n=best.racks,
                 per_rack=best.servers_per_rack, limiter=_(LIMITER_WORDS.get(best.rack_limiter, best.rack_limiter)),
                 it_kw=best.it_kw, facility_kw=best.facility_kw, floor=best.floor_m2))
        for w in best.workloads:
            figs = []
            if w.get("days") is not None:
                figs.append(tf("{days:.1f} days to train", days=w["days"]))
            if w.get("tokens_per_s_per_user") is not None:
                figs.append(tf("{tpu:.1f} tokens/s per user", tpu=w["tokens_per_s_per_user"]))
            if w.get("ttft_s") is not None:
                figs.append(tf("{s:.2f} s to first token", s=w["ttft_s"]))
            if w.get("cost_per_million_tokens") is not None:
                figs.append(tf("{cost:.2f} {currency} per million tokens", cost=w["cost_per_million_tokens"],
                               currency=w.get("currency") or best.currency)
                            if w.get("cost_complete", True) else
                            tf("{cost:.2f} {currency} per million tokens (⚠ capex incomplete: {basis})",
                               cost=w["cost_per_million_tokens"], currency=w.get("currency") or best.currency,
                               basis=message_text(w.get("cost_basis") or "")))
            detail = ", ".join(figs) or message_text(w.get("error") or "")
            if w.get("margin") is None:
                print(tf("  {name}: met; {figures}", name=w["name"], figures=detail) if w["met"]
                      else tf("  {name}: NOT met; {figures}", name=w["name"], figures=detail))
            else:
                print(tf("  {name}: met, margin {margin:+.0%}; {figures}", name=w["name"], margin=w["margin"],
                         figures=detail) if w["met"]
                      else tf("  {name}: NOT met, margin {margin:+.0%}; {figures}", name=w["name"], margin=w["margin"],
                              figures=detail))
        ro = best.rent_vs_own
        if ro and ro.get("cloud_cost_per_year") is not None:
            costs = dict(cloud=ro["cloud_cost_per_year"], own=ro["own_cost_per_year"], currency=best.currency)
            months, util = ro.get("break_even_months"), ro.get("break_even_utilisation")
            if months is None:
                line = tf("  rent or own: renting the GPUs costs {cloud:,.0f} {currency}/year, owning {own:,.0f} "
                          "{currency}/year; owning never catches up over the years of use", **costs)
            elif util is None:
                line = tf("  rent or own: renting the GPUs costs {cloud:,.0f} {currency}/year, owning {own:,.0f} "
                          "{currency}/year; owning breaks even after {months:.0f} months", months=months, **costs)
            else:
                line = tf("  rent or own: renting the GPUs costs {cloud:,.0f} {currency}/year, owning {own:,.0f} "
                          "{currency}/year; owning breaks even after {months:.0f} months, or at {util:.0%} "
                          "utilisation", months=months, util=util, **costs)
            print(line)
            if not best.capex_complete and months is not None:  # beside the figure it qualifies
                print(_("  \u26a0 capex incomplete: the break-even is from a capex that leaves unpriced items out, "
                        "so it is too early"))
        if best.unpriced:
            print(tf("  unpriced: {parts}", parts=", ".join(best.unpriced)))
    for n in result.notes:
        print(tf("note: {note}", note=message_text(n)))
