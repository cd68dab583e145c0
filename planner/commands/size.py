"""`rackwright size infer|train`: size a workload without a plan.

Exit 0 with the answer (``fits`` may be false: "does not fit" is a valid answer to a
sizing question), 2 for bad input (unknown model or GPU, zero GPUs, bad numbers).
"""

from __future__ import annotations

import argparse
import json

NAME = "size"
HELP = "size an inference or training workload without a plan"


def _number(text: str) -> float:
    """Accept 2e12, 2E12, 2_000, 2,000, 1.5, 2T (planner.units.parse_number)."""
    from planner.units import parse_number

    try:
        return float(parse_number(text))
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _count(text: str) -> int:
    from planner.units import parse_number

    try:
        return int(parse_number(text, integer=True))
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def register(sub) -> None:
    from planner.workloads import calibration as cal

    p = sub.add_parser(NAME, help=HELP)
    kinds = p.add_subparsers(dest="size_kind", metavar="KIND")

    def common(q):
        q.add_argument("--model", required=True, help="catalog LLM slug, e.g. llama-3-70b")
        q.add_argument("--gpu", required=True, help="catalog GPU slug, e.g. h100-sxm")
        q.add_argument("--gpus", type=_count, default=None, help="number of GPUs (default: 8)")
        q.add_argument("--tp", type=_count, default=None, help="tensor-parallel degree")
        q.add_argument("--server", default=None, help="catalog server slug for NICs, power and price")
        q.add_argument("--gpu-price", type=_number, default=None, help="capex per GPU in USD (incl. server share)")
        q.add_argument("--electricity", type=_number, default=0.12, help="USD per kWh (default 0.12)")
        q.add_argument("--pue", type=_number, default=1.3, help="power usage effectiveness (default 1.3)")
        q.add_argument("--nvlink-domain", type=_count, default=None,
                       help="GPUs sharing one NVLink domain (default: GPUs per server; gb200: 72)")
        q.add_argument("--nvlink-gb-per-s", type=_number, default=None,
                       help="NVLink bandwidth per GPU in the domain, GB/s bidirectional (default: the GPU's)")
        q.add_argument("--json", action="store_true", help="print JSON")
        q.add_argument("--sweep", default=None, metavar="LO:HI[:N]",
                       help="what-if: size at N GPU counts (default 16) spaced geometrically from LO to HI, "
                            "whole nodes; prints a table (--json: a list of points) instead of --gpus")

    qi = kinds.add_parser("infer", help="inference serving")
    common(qi)
    qi.add_argument("--precision", default="bf16", choices=["bf16", "fp16", "fp8", "int8", "int4", "fp4"])
    qi.add_argument("--kv-precision", default=None, choices=["bf16", "fp16", "fp8", "int8"])
    qi.add_argument("--input-tokens", type=_count, default=1024)
    qi.add_argument("--output-tokens", type=_count, default=256)
    qi.add_argument("--users", type=_count, default=None, help="concurrent users over the system")
    qi.add_argument("--batch", type=_count, default=None, help="concurrent sequences per replica")
    qi.add_argument("--stack", default="trtllm", choices=["trtllm", "vllm"])
    qi.add_argument("--target-tokens-per-s-per-user", type=_number, default=None)
    qi.add_argument("--target-ttft-s", type=_number, default=None)
    qi.set_defaults(func=run_infer)

    qt = kinds.add_parser("train", help="pre-training or fine-tuning")
    common(qt)
    qt.add_argument("--tokens", type=_number, required=True, help="training tokens, e.g. 2e12")
    qt.add_argument("--method", default="pretrain", choices=["pretrain", "full", "lora", "qlora"])
    qt.add_argument("--precision", default="bf16", choices=["bf16", "fp16", "fp8"])
    qt.add_argument("--seq-len", type=_count, default=4096)
    qt.add_argument("--global-batch-tokens", type=_number, default=4 * 1024 * 1024)
    qt.add_argument("--pp", type=_count, default=None, help="pipeline-parallel degree")
    qt.add_argument("--cp", type=_count, default=None, help="context-parallel degree (default: chosen)")
    qt.add_argument("--zero", type=int, default=1, choices=[0, 1, 2, 3])
    qt.add_argument("--recompute", default=None, choices=["selective", "full"])
    qt.add_argument("--software", default=cal.DEFAULT_TRAINING_SOFTWARE, choices=list(cal.FP8_TRAINING_SOFTWARE_SPEEDUP),
                    help="release year of the training software; FP8 runs are 27 %% faster on 2024 "
                         "releases (default %(default)s)")
    qt.add_argument("--storage-write-gb-per-s", type=_number, default=None)
    qt.add_argument("--target-days", type=_number, default=None)
    qt.set_defaults(func=run_train)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def _setup(args):
    from planner.catalog import load_catalog
    from planner.cli import UserError
    from planner.workloads import ModelArch, cluster_from_catalog

    cat = load_catalog()
    llm = cat.get("llms", args.model)
    if llm is None:
        raise UserError(f"unknown model {args.model!r} (known: {', '.join(sorted(cat.llms))})")
    if cat.get("gpus", args.gpu) is None:
        raise UserError(f"unknown GPU {args.gpu!r} (known: {', '.join(sorted(cat.gpus))})")
    if args.server is not None and cat.get("device-types", args.server) is None:
        raise UserError(f"unknown server {args.server!r}")
    gpus = 8 if args.gpus is None else args.gpus
    if gpus < 1:
        raise UserError(f"--gpus must be at least 1 (got {gpus})")
    if args.tp is not None and (args.tp < 1 or gpus % args.tp):
        raise UserError(f"--tp {args.tp} must be >= 1 and divide --gpus {gpus}")
    for name in ("electricity", "pue", "gpu_price"):
        v = getattr(args, name)
        if v is not None and v < 0:
            raise UserError(f"--{name.replace('_', '-')} must be >= 0")
    if args.pue < 1:
        raise UserError("--pue must be >= 1")
    if args.nvlink_domain is not None and args.nvlink_domain < 1:
        raise UserError(f"--nvlink-domain must be at least 1 (got {args.nvlink_domain})")
    if args.nvlink_gb_per_s is not None and args.nvlink_gb_per_s < 0:
        raise UserError("--nvlink-gb-per-s must be >= 0")
    kw = {}
    if getattr(args, "storage_write_gb_per_s", None) is not None:
        kw["storage_write_gb_per_s"] = args.storage_write_gb_per_s
    cl = cluster_from_catalog(cat, args.gpu, gpus, server=args.server, gpu_price_usd=args.gpu_price,
                              electricity_usd_per_kwh=args.electricity, pue=args.pue,
                              nvlink_domain_gpus=args.nvlink_domain, nvlink_gb_per_s=args.nvlink_gb_per_s, **kw)
    return ModelArch.from_llm(llm), cl


def _emit(args, d: dict, lines: list[str]) -> None:
    if args.json:
        print(json.dumps(d, indent=2, sort_keys=False))
    else:
        print("\n".join(lines))


def run_infer(args) -> int:
    from planner.cli import UserError
    from planner.workloads import gpus_for_targets, infer

    sweep = _sweep_args(args)
    model, cl = _setup(args)
    for name in ("input_tokens", "output_tokens", "users", "batch"):
        v = getattr(args, name)
        if v is not None and v < 1:
            raise UserError(f"--{name.replace('_', '-')} must be >= 1")
    for name in ("target_tokens_per_s_per_user", "target_ttft_s"):
        v = getattr(args, name)
        if v is not None and v <= 0:
            raise UserError(f"--{name.replace('_', '-')} must be > 0")
    if sweep is not None:
        return _run_sweep(args, sweep, model, cl, "inference", {
            "model": args.model, "precision": args.precision, "kv_precision": args.kv_precision,
            "input_tokens": args.input_tokens, "output_tokens": args.output_tokens, "users": args.users,
            "target_tokens_per_s_per_user": args.target_tokens_per_s_per_user,
            "target_ttft_s": args.target_ttft_s, "tp": args.tp, "stack": args.stack})
    try:
        r = infer(model, cl, precision=args.precision, kv_precision=args.kv_precision,
                  input_tokens=args.input_tokens, output_tokens=args.output_tokens, tp=args.tp,
                  batch=args.batch, users=args.users, stack=args.stack)
    except ValueError as e:
        raise UserError(str(e)) from None
    d = r.to_dict()
    d["gpus_needed"] = None
    if args.target_tokens_per_s_per_user is not None or args.target_ttft_s is not None:
        users = args.users or (args.batch or 1) * r.replicas
        need = gpus_for_targets(model, cl, users=users,
                                tokens_per_s_per_user=args.target_tokens_per_s_per_user or 0.0,
                                ttft_s=args.target_ttft_s, precision=args.precision,
                                kv_precision=args.kv_precision, input_tokens=args.input_tokens,
                                output_tokens=args.output_tokens, stack=args.stack)
        d["gpus_needed"] = need[0] if need else None
        d["gpus_needed_tp"] = need[1] if need else None
        d["gpus_needed_batch_per_replica"] = need[2] if need else None
        d["targets_reachable"] = need is not None
        if need is None:
            d["notes"].append("no replica meets the per-user targets even with one user on this GPU")
    cost = d["cost_per_million_tokens_usd"]
    lines = [
        f"{r.model} on {r.gpus} x {r.gpu} ({r.replicas} replica(s) at TP{r.tp}, NVLink domain "
        f"{r.nvlink_domain_gpus} GPUs), {r.precision} weights, "
        f"{r.kv_precision} KV, {r.input_tokens}/{r.output_tokens} tokens",
        f"  fits: {'yes' if r.fits else 'NO'}   weights {r.weights_gb:.1f} GB ({r.weights_per_gpu_gb:.1f} GB/GPU), "
        f"KV {r.kv_cache_bytes_per_token:,.0f} B/token",
        f"  concurrent sequences: {r.batch_per_replica} per replica (memory holds {r.max_concurrent_sequences})",
    ]
    if r.fits:
        lines += [
            f"  throughput: ~{r.tokens_per_s:,.0f} tokens/s, {r.tokens_per_s_per_user:,.1f} tokens/s per user, "
            f"TTFT {r.ttft_s * 1000:,.0f} ms" + _band(r.error_band),
            f"  bottleneck: {r.bottleneck}   energy {r.energy_j_per_token:.2f} J/token   cost "
            + (f"${cost:.3f}" if cost is not None else "n/a (no price)") + " per million tokens",
        ]
    else:  # speeds of a deployment that cannot run would read as a promise
        lines.append("  bottleneck: gpu_memory (does not fit: no throughput, latency or cost; "
                     "add GPUs, raise --tp or lower the precision)")
    if d["gpus_needed"] is not None or "targets_reachable" in d:
        lines.append(f"  GPUs needed for the targets: {d['gpus_needed'] if d['gpus_needed'] else 'unreachable'}")
    lines += [f"  note: {n}" for n in d["notes"]]
    _emit(args, d, lines)
    return 0


def _band(band: float | None) -> str:
    """The model's validated error band after a line of figures (docs/validation.md)."""
    return f" (each ±{band * 100:.0f} %, the model's median error on published runs)" if band else ""


def run_train(args) -> int:
    from planner.cli import UserError
    from planner.workloads import gpus_for_days, train

    sweep = _sweep_args(args)
    model, cl = _setup(args)
    if args.tokens <= 0:
        raise UserError("--tokens must be > 0")
    if args.seq_len < 1 or args.global_batch_tokens <= 0:
        raise UserError("--seq-len and --global-batch-tokens must be > 0")
    if args.target_days is not None and args.target_days <= 0:
        raise UserError("--target-days must be > 0")
    kw = dict(seq_len=args.seq_len, global_batch_tokens=args.global_batch_tokens,
              precision=args.precision, method=args.method, zero=args.zero, tp=args.tp, pp=args.pp,
              recompute=args.recompute, software=args.software)
    if sweep is not None and args.cp is not None:
        raise UserError("--cp applies to one run: leave it out with --sweep")
    if sweep is not None:
        spec = {"model": args.model, "tokens": args.tokens, "target_days": args.target_days,
                **{k: v for k, v in kw.items() if k != "method"}}
        if args.method != "pretrain":
            spec["method"] = args.method
        return _run_sweep(args, sweep, model, cl, "pretrain" if args.method == "pretrain" else "finetune", spec)
    try:
        r = train(model, cl, args.tokens, cp=args.cp, **kw)
    except ValueError as e:
        raise UserError(str(e)) from None
    d = r.to_dict()
    d["gpus_needed"] = None
    if args.target_days is not None:
        kw.pop("tp")
        kw.pop("pp")
        d["gpus_needed"] = gpus_for_days(model, cl, args.tokens, args.target_days, **kw)
        if d["gpus_needed"] is None:
            d["notes"].append("the target is out of reach: scaling efficiency falls too far")
    lay = r.layout
    ck = d["checkpoint_write_s"]
    lines = [
        f"{r.model} {r.method} on {r.gpus:,} x {r.gpu}, {args.tokens:.3g} tokens, {r.precision}",
        f"  fits: {'yes' if r.fits else 'NO'}   memory {r.memory_per_gpu_gib:.1f} of {r.memory_capacity_gib:.1f} GiB per GPU   "
        f"layout TP{lay.tp}" + (f" CP{lay.cp}" if lay.cp > 1 else "") + f" PP{lay.pp} DP{lay.dp}"
        + (f" EP{lay.ep}" if lay.ep > 1 else "")
        + f", ZeRO-{lay.zero}, {lay.recompute} recompute",
        f"  ~{r.days:,.1f} days, {r.gpu_hours:,.0f} GPU-hours, MFU {r.mfu * 100:.1f} %, "
        f"{r.tokens_per_s_per_gpu:,.0f} tokens/s per GPU" + _band(r.error_band),
        f"  bottleneck: {r.bottleneck}   checkpoint {r.checkpoint_size_gb:,.0f} GB"
        + (f", written in {ck:,.1f} s" if ck is not None else ""),
    ]
    if args.target_days is not None:
        lines.append(f"  GPUs needed for {args.target_days:g} days: {d['gpus_needed'] or 'unreachable'}")
    lines += [f"  note: {n}" for n in d["notes"]]
    _emit(args, d, lines)
    return 0


# ----------------------------------------------------------------------------- --sweep


def _sweep_args(args) -> tuple[int, int, int] | None:
    """The parsed --sweep (LO, HI, N), or None; fixes the base --gpus for _setup."""
    from planner.cli import UserError
    from planner.workloads import parse_sweep

    if args.sweep is None:
        return None
    try:
        got = parse_sweep(args.sweep)
    except ValueError as e:
        raise UserError(f"--sweep {e}") from None
    if args.gpus is not None:
        raise UserError("--sweep sets the GPU counts: leave out --gpus")
    if getattr(args, "batch", None) is not None:
        raise UserError("--sweep spreads --users over the replicas at each count: give --users, not --batch")
    if hasattr(args, "users") and args.users is None:
        raise UserError("--sweep needs --users (concurrent users over the whole system)")
    args.gpus = 8 * (args.tp or 1) * (getattr(args, "pp", None) or 1)  # a base that --tp/--pp divide
    return got


def _spec_error(message: str) -> str:
    """'spec.seq_len: ...' -> '--seq-len: ...' (the option the user typed)."""
    import re

    return re.sub(r"spec\.([a-z_]+)", lambda m: "--" + m.group(1).replace("_", "-"), message)


def _fmt(v, spec: str, scale: float = 1.0) -> str:
    return "–" if v is None else format(v * scale, spec)


def _run_sweep(args, sweep: tuple[int, int, int], model, cl, kind: str, spec_dict: dict) -> int:
    from planner.cli import UserError
    from planner.workloads import SpecError, parse_spec, sweep_counts, sweep_step
    from planner.workloads import sweep as run_sweep

    try:
        spec = parse_spec(kind, {k: v for k, v in spec_dict.items() if v is not None})
    except SpecError as e:
        raise UserError(_spec_error(str(e))) from None
    lo, hi, n = sweep
    step = sweep_step(spec, cl)
    counts = sweep_counts(lo, hi, n, step)
    res = run_sweep(spec, model, cl, counts)
    if args.json:
        print(json.dumps([p.to_dict() for p in res.points], indent=2))
        return 0
    training = res.kind == "training"
    what = (f"{model.slug} {getattr(spec, 'method', 'pretrain')}, {spec.tokens:.3g} tokens" if training
            else f"{model.slug} serving {spec.users:,} users, {spec.input_tokens}/{spec.output_tokens} tokens")
    lines = [f"{what}, {spec.precision} on {cl.gpu.slug}: {len(counts)} GPU counts from {counts[0]:,} to "
             f"{counts[-1]:,} (steps of {step} GPUs)"]
    if res.targets:
        lines.append("  target: " + ", ".join(
            f"{v:g} days" if k == "days" else f"{v:g} tokens/s per user" if k == "tokens_per_s_per_user"
            else f"TTFT {v:g} s" for k, v in res.targets.items()))
    if training:
        head = f"{'GPUs':>8}  {'fits':<4}  {'days':>10}  {'tok/s/GPU':>10}  {'scaling':>8}  {'target':<6}  bottleneck"
    else:
        head = f"{'GPUs':>8}  {'fits':<4}  {'tokens/s':>11}  {'tok/s/user':>10}  {'TTFT s':>8}  {'target':<6}  bottleneck"
    lines.append(head)
    for p in res.points:
        met = "–" if p.met is None else "met" if p.met else "no"
        fits = "yes" if p.fits else "NO"
        bn = p.bottleneck or (f"error: {p.error}" if p.error else "")
        if training:
            lines.append(f"{p.gpus:>8,}  {fits:<4}  {_fmt(p.days, ',.1f'):>10}  "
                         f"{_fmt(p.tokens_per_s_per_gpu, ',.0f'):>10}  "
                         f"{_fmt(p.scaling_efficiency, '.1f', 100) + (' %' if p.scaling_efficiency else ''):>8}  "
                         f"{met:<6}  {bn}")
        else:
            lines.append(f"{p.gpus:>8,}  {fits:<4}  {_fmt(p.tokens_per_s, ',.0f'):>11}  "
                         f"{_fmt(p.tokens_per_s_per_user, ',.1f'):>10}  {_fmt(p.ttft_s, ',.3f'):>8}  "
                         f"{met:<6}  {bn}")
    if res.targets:
        lines.append("  smallest swept count meeting the target: "
                     + (f"{res.min_gpus_met:,} GPUs" if res.min_gpus_met else "none in this range"))
        if training or "tokens_per_s_per_user" in res.targets:
            inv = "gpus_for_days" if training else "gpus_for_targets"
            got = (f"{res.gpus_needed:,} GPUs" + (f" at TP{res.gpus_needed_tp}" if res.gpus_needed_tp else "")
                   if res.gpus_needed else "unreachable")
            lines.append(f"  fewest GPUs by the inverse search ({inv}): {got}")
    ranges = res.bottleneck_ranges()
    if ranges:
        lines.append("  bottleneck: " + ", ".join(
            f"{b} {a:,}" + (f"-{z:,}" if z != a else "") for b, a, z in ranges))
    lines += [f"  note: {t}" for t in res.notes]
    print("\n".join(lines))
    return 0
