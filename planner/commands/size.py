"""`rackwright size infer|train`: size a workload without a plan.

Exit 0 with the answer (``fits`` may be false: "does not fit" is a valid answer to a
sizing question), 2 for bad input (unknown model or GPU, zero GPUs, bad numbers).
"""

from __future__ import annotations

import json

from planner.i18n import N_

NAME = "size"
HELP = N_("size an inference or training workload without a plan")


def _default(template: str, value: float) -> str:
    """A help text with its default in the language's number form (``{default}``)."""
    from planner.i18n import _, format_number

    return _(template).format(default=format_number(value))


def register(sub) -> None:
    from planner.commands.numbers import count as _count
    from planner.commands.numbers import number as _number
    from planner.i18n import _
    from planner.workloads import calibration as cal

    p = sub.add_parser(NAME, help=_(HELP))
    kinds = p.add_subparsers(dest="size_kind", metavar="KIND")

    def common(q):
        q.add_argument("--model", required=True, help=_("catalog LLM slug, e.g. llama-3-70b"))
        q.add_argument("--gpu", required=True, help=_("catalog GPU slug, e.g. h100-sxm"))
        q.add_argument("--gpus", type=_count, default=None, help=_("number of GPUs (default: 8)"))
        q.add_argument("--tp", type=_count, default=None, help=_("tensor-parallel degree"))
        q.add_argument("--server", default=None, help=_("catalog server slug for NICs, power and price"))
        q.add_argument("--gpu-price", type=_number, default=None, help=_("capex per GPU in USD (incl. server share)"))
        q.add_argument("--electricity", type=_number, default=0.12, help=_default(N_("USD per kWh (default {default})"), 0.12))
        q.add_argument("--pue", type=_number, default=1.3, help=_default(N_("power usage effectiveness (default {default})"), 1.3))
        q.add_argument("--nvlink-domain", type=_count, default=None,
                       help=_("GPUs sharing one NVLink domain (default: GPUs per server; gb200: 72)"))
        q.add_argument("--nvlink-gb-per-s", type=_number, default=None,
                       help=_("NVLink bandwidth per GPU in the domain, GB/s bidirectional (default: the GPU's)"))
        q.add_argument("--json", action="store_true", help=_("print JSON"))
        q.add_argument("--sweep", default=None, metavar="LO:HI[:N]",
                       help=_("what-if: size at N GPU counts (default 16) spaced geometrically from LO to HI, "
                            "whole nodes; prints a table (--json: a list of points) instead of --gpus"))

    qi = kinds.add_parser("infer", help=_("inference serving"))
    common(qi)
    qi.add_argument("--precision", default="bf16", choices=["bf16", "fp16", "fp8", "int8", "int4", "fp4"],
                    help=_("number format of the weights (default %(default)s)"))
    qi.add_argument("--kv-precision", default=None, choices=["bf16", "fp16", "fp8", "int8"],
                    help=_("number format of the KV cache (default: as the weights)"))
    qi.add_argument("--input-tokens", type=_count, default=1024,
                    help=_("prompt length in tokens per request (default %(default)s)"))
    qi.add_argument("--output-tokens", type=_count, default=256,
                    help=_("generated tokens per request (default %(default)s)"))
    qi.add_argument("--users", type=_count, default=None, help=_("concurrent users over the system"))
    qi.add_argument("--batch", type=_count, default=None, help=_("concurrent sequences per replica"))
    qi.add_argument("--stack", default="trtllm", choices=list(cal.USER_STACKS),
                    help=_("serving software: TensorRT-LLM, vLLM or SGLang (default %(default)s)"))
    qi.add_argument("--max-seqs", type=_count, default=None,
                    help=_("most sequences one replica schedules (vLLM --max-num-seqs, SGLang "
                           "--max-running-requests, TensorRT-LLM max_batch_size; default: the stack's)"))
    qi.add_argument("--length-spread", type=_number, default=0.0,
                    help=_("spread of the output length, standard deviation / mean (vLLM and SGLang hold "
                           "the KV cache of the tokens written; default %(default)s)"))
    qi.add_argument("--ep", action="store_true",
                    help=_("expert-parallel MoE layers over the tensor-parallel GPUs (mixture-of-experts models)"))
    qi.add_argument("--attention-dp", action="store_true",
                    help=_("attention data parallel: each GPU holds its own sequences, experts split over "
                           "the GPUs (mixture-of-experts models)"))
    qi.add_argument("--pp", type=_count, default=None,
                    help=_("pipeline-parallel stages per replica (a replica is TP x PP GPUs; default: chosen with TP)"))
    qi.add_argument("--pcie-switch", action="store_true",
                    help=_("GPUs without NVLink share a PCIe switch (peer-to-peer all-reduce at 24 GB/s); "
                           "default: the CPU root complex, staged through host memory at 10 GB/s"))
    qi.add_argument("--software", default=cal.DEFAULT_INFERENCE_SOFTWARE, choices=list(cal.INFERENCE_SOFTWARE_SPEEDUP),
                    help=_("serving software generation (year of its MLPerf Inference round); TensorRT-LLM's math is "
                           "11.8 %% faster on 2025 than on 2024 releases (default %(default)s)"))
    qi.add_argument("--target-tokens-per-s-per-user", type=_number, default=None,
                    help=_("target: generated tokens per second each user sees"))
    qi.add_argument("--target-ttft-s", type=_number, default=None,
                    help=_("target: time to first token in seconds"))
    qi.set_defaults(func=run_infer)

    qt = kinds.add_parser("train", help=_("pre-training or fine-tuning"))
    common(qt)
    qt.add_argument("--tokens", type=_number, required=True, help=_("training tokens, e.g. 2e12"))
    qt.add_argument("--method", default="pretrain", choices=["pretrain", "full", "lora", "qlora"],
                    help=_("pre-training, or fine-tuning in full, with LoRA or QLoRA (default %(default)s)"))
    qt.add_argument("--precision", default="bf16", choices=["bf16", "fp16", "fp8", "fp4"],
                    help=_("number format of the training math; fp4 is NVFP4 on Blackwell GPUs (default %(default)s)"))
    qt.add_argument("--seq-len", type=_count, default=4096, help=_("sequence length in tokens (default %(default)s)"))
    qt.add_argument("--global-batch-tokens", type=_number, default=4 * 1024 * 1024,
                    help=_("tokens per optimizer step over all GPUs (default 4M)"))
    qt.add_argument("--pp", type=_count, default=None, help=_("pipeline-parallel degree"))
    qt.add_argument("--cp", type=_count, default=None, help=_("context-parallel degree (default: chosen)"))
    qt.add_argument("--zero", type=_count, default=1, choices=[0, 1, 2, 3],
                    help=_("ZeRO stage: how far optimizer state, gradients and weights are sharded (default %(default)s)"))
    qt.add_argument("--recompute", default=None, choices=["auto", "none", "selective", "full"],
                    help=_("activation recomputation: none, selective (attention core), full (every layer); "
                           "auto picks the fastest that fits, recomputing only as many layers as memory needs "
                           "(default auto)"))
    qt.add_argument("--software", default=cal.DEFAULT_TRAINING_SOFTWARE, choices=list(cal.FP8_TRAINING_SOFTWARE_SPEEDUP),
                    help=_("release year of the training software; FP8 runs are 27 %% faster on 2024 "
                         "releases (default %(default)s)"))
    qt.add_argument("--storage-write-gb-per-s", type=_number, default=None,
                    help=_("storage write bandwidth for checkpoints, GB/s (default: the server's storage NICs)"))
    qt.add_argument("--target-days", type=_number, default=None, help=_("target: training wall-clock days"))
    qt.set_defaults(func=run_train)
    from planner.commands import size_nonllm

    size_nonllm.register(kinds)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def _bn(code: str | None) -> str:
    """A bottleneck for the text output (planner.fabric.names.bottleneck_word)."""
    from planner.fabric.names import bottleneck_word

    return bottleneck_word(code)


def _setup(args):
    from planner.catalog import load_catalog
    from planner.commands.cli import UserError
    from planner.i18n import _, tf
    from planner.workloads.arch import ModelArch
    from planner.workloads.cluster import cluster_from_catalog

    cat = load_catalog()
    llm = cat.get("llms", args.model)
    if llm is None:
        raise UserError(tf("--model: unknown model {model!r} (known: {known})", model=args.model,
                           known=", ".join(sorted(cat.llms))))
    if cat.get("gpus", args.gpu) is None:
        raise UserError(tf("--gpu: unknown GPU {gpu!r} (known: {known})", gpu=args.gpu, known=", ".join(sorted(cat.gpus))))
    if args.server is not None and cat.get("device-types", args.server) is None:
        raise UserError(tf("--server: unknown server {server!r}", server=args.server))
    gpus = 8 if args.gpus is None else args.gpus
    if gpus < 1:
        raise UserError(tf("--gpus must be at least 1 (got {gpus})", gpus=gpus))
    if args.tp is not None and (args.tp < 1 or gpus % args.tp):
        raise UserError(tf("--tp {tp} must be >= 1 and divide --gpus {gpus}", tp=args.tp, gpus=gpus))
    for name in ("electricity", "pue", "gpu_price"):
        v = getattr(args, name)
        if v is not None and v < 0:
            raise UserError(tf("--{option} must be >= 0", option=name.replace("_", "-")))
    if args.pue < 1:
        raise UserError(_("--pue must be >= 1"))
    if args.nvlink_domain is not None and args.nvlink_domain < 1:
        raise UserError(tf("--nvlink-domain must be at least 1 (got {n})", n=args.nvlink_domain))
    if args.nvlink_gb_per_s is not None and args.nvlink_gb_per_s < 0:
        raise UserError(_("--nvlink-gb-per-s must be >= 0"))
    kw = {}
    if getattr(args, "storage_write_gb_per_s", None) is not None:
        kw["storage_write_gb_per_s"] = args.storage_write_gb_per_s
    cl = cluster_from_catalog(cat, args.gpu, gpus, server=args.server, gpu_price_usd=args.gpu_price,
                              electricity_usd_per_kwh=args.electricity, pue=args.pue,
                              nvlink_domain_gpus=args.nvlink_domain, nvlink_gb_per_s=args.nvlink_gb_per_s, **kw)
    if getattr(args, "pcie_switch", False):
        cl = cl.with_(pcie_switch=True)
    return ModelArch.from_llm(llm), cl


def _emit(args, d: dict, lines: list[str]) -> None:
    if args.json:
        print(json.dumps(d, indent=2, sort_keys=False))
    else:
        print("\n".join(lines))


def run_infer(args) -> int:
    from planner.commands.cli import UserError
    from planner.i18n import Np_, _, error_text, message_text, tf, tmsg
    from planner.workloads.inference import gpus_for_targets, infer

    sweep = _sweep_args(args)
    model, cl = _setup(args)
    if not 0 <= args.length_spread <= 10:
        raise UserError(tf("--length-spread must be between 0 and 10 (got {v})", v=args.length_spread))
    serving = dict(max_batch=args.max_seqs, length_spread=args.length_spread, ep=args.ep,
                   attention_dp=args.attention_dp)
    for name in ("input_tokens", "output_tokens", "users", "batch", "max_seqs"):
        v = getattr(args, name)
        if v is not None and v < 1:
            raise UserError(tf("--{option} must be >= 1", option=name.replace("_", "-")))
    for name in ("target_tokens_per_s_per_user", "target_ttft_s"):
        v = getattr(args, name)
        if v is not None and v <= 0:
            raise UserError(tf("--{option} must be > 0", option=name.replace("_", "-")))
    if sweep is not None:
        return _run_sweep(args, sweep, model, cl, "inference", {
            "model": args.model, "precision": args.precision, "kv_precision": args.kv_precision,
            "input_tokens": args.input_tokens, "output_tokens": args.output_tokens, "users": args.users,
            "target_tokens_per_s_per_user": args.target_tokens_per_s_per_user,
            "target_ttft_s": args.target_ttft_s, "tp": args.tp, "pp": args.pp,
            "stack": args.stack, "software": args.software, "max_seqs": args.max_seqs,
            "length_spread": args.length_spread, "ep": args.ep, "attention_dp": args.attention_dp,
            "pcie_switch": args.pcie_switch})
    try:
        r = infer(model, cl, precision=args.precision, kv_precision=args.kv_precision,
                  input_tokens=args.input_tokens, output_tokens=args.output_tokens, tp=args.tp,
                  batch=args.batch, users=args.users, stack=args.stack, pp=args.pp, software=args.software,
                  target_tokens_per_s_per_user=args.target_tokens_per_s_per_user, target_ttft_s=args.target_ttft_s,
                  **serving)
    except ValueError as e:
        raise UserError(error_text(e)) from None
    notes = list(r.notes)
    d = r.to_dict()
    if not r.fits:  # a deployment that cannot run has no speed, latency or cost
        for key in ("step_s", "prefill_s", "ttft_s", "tokens_per_s", "tokens_per_s_per_user", "requests_per_s",
                    "energy_j_per_token", "cost_per_million_tokens_usd", "energy_cost_per_million_tokens_usd"):
            d[key] = None
    d["gpus_needed"] = None
    if args.target_tokens_per_s_per_user is not None or args.target_ttft_s is not None:
        users = args.users or (args.batch or 1) * r.replicas
        need = gpus_for_targets(model, cl, users=users,
                                tokens_per_s_per_user=args.target_tokens_per_s_per_user or 0.0,
                                ttft_s=args.target_ttft_s, precision=args.precision,
                                kv_precision=args.kv_precision, input_tokens=args.input_tokens,
                                output_tokens=args.output_tokens, stack=args.stack, software=args.software,
                                **serving)
        d["gpus_needed"] = need[0] if need else None
        d["gpus_needed_tp"] = need[1] if need else None
        d["gpus_needed_batch_per_replica"] = need[2] if need else None
        d["targets_reachable"] = need is not None
        if need is None:
            note = tmsg("no replica meets the per-user targets even with one user on this GPU")
            d["notes"].append(note)
            notes.append(note)
    cpu = _cpu_llm(args, model)
    d.update(cpu)
    cost = d["cost_per_million_tokens"]
    link, link_text = _scale_up(cl, r.nvlink_domain_gpus)
    d["scale_up_interconnect"] = link
    lines = [
        tf(Np_("{model} on {gpus} x {gpu} ({replicas} replica at TP{tp} PP{pp}, {link}), {precision} "
               "weights, {kv} KV, {isl}/{osl} tokens",
               "{model} on {gpus} x {gpu} ({replicas} replicas at TP{tp} PP{pp}, {link}), {precision} "
               "weights, {kv} KV, {isl}/{osl} tokens"), n=r.replicas,
           model=r.model, gpus=r.gpus, gpu=cl.gpu.model or r.gpu, replicas=r.replicas, tp=r.tp, pp=r.pp, link=link_text,
           precision=r.precision, kv=r.kv_precision, isl=r.input_tokens, osl=r.output_tokens),
        (tf("  fits: yes   weights {gb:.1f} GB ({per_gpu:.1f} GB/GPU), KV {kv:,.0f} B/token", gb=r.weights_gb,
            per_gpu=r.weights_per_gpu_gb, kv=r.kv_cache_bytes_per_token) if r.fits else
         tf("  fits: NO   weights {gb:.1f} GB ({per_gpu:.1f} GB/GPU), KV {kv:,.0f} B/token", gb=r.weights_gb,
            per_gpu=r.weights_per_gpu_gb, kv=r.kv_cache_bytes_per_token)),
        tf("  concurrent sequences: {batch} per replica (memory holds {max})", batch=r.batch_per_replica,
           max=r.max_concurrent_sequences),
    ]
    if r.fits:
        lines += [
            tf("  throughput: ~{tps:,.0f} tokens/s, {tpu:,.1f} tokens/s per user, TTFT {ttft:,.0f} ms",
               tps=r.tokens_per_s, tpu=r.tokens_per_s_per_user, ttft=r.ttft_s * 1000) + _band(r.error_band),
            tf("  bottleneck: {bottleneck}   energy {j:.2f} J/token   cost {cost} per million tokens",
               bottleneck=_bn(r.bottleneck), j=r.energy_j_per_token,
               cost=tf("${usd:.3f}", usd=cost) if cost is not None else _("n/a (no price)")),
        ]
    else:  # speeds of a deployment that cannot run would read as a promise
        lines.append(tf("  bottleneck: {bottleneck} (does not fit: no throughput, latency or cost; add GPUs, raise --tp "
                        "or lower the precision)", bottleneck=_bn("gpu_memory")))
    if d["gpus_needed"] is not None or "targets_reachable" in d:
        lines.append(tf("  GPUs needed for the targets: {n}", n=d["gpus_needed"]) if d["gpus_needed"]
                     else _("  GPUs needed for the targets: unreachable"))
    lines += [tf("  note: {note}", note=message_text(n)) for n in notes]
    if cpu["cpu_enough"]:
        from planner.commands.size_nonllm import cpu_line

        lines.append("  " + cpu_line(cpu))
    elif args.target_tokens_per_s_per_user is not None:
        lines.append(tf("  a CPU server is not enough: {why}", why=message_text(cpu["cpu_reason"])))
    _emit(args, d, lines)
    return 0


def _cpu_llm(args, model) -> dict:
    """The CPU-only serving path (planner.workloads.nonllm.cpu_llm_verdict): is a CPU build of
    the catalog enough for the users at the per-user speed target?"""
    from planner.catalog import load_catalog
    from planner.workloads.arch import precision_bytes
    from planner.workloads.nonllm import cpu_llm_verdict

    # the reason stays a Message: English in --json (locale-independent), translated where printed
    return cpu_llm_verdict(model.params, precision_bytes(args.precision), args.users or args.batch or 1,
                           args.target_tokens_per_s_per_user, load_catalog())


def _scale_up(cl, domain: int) -> tuple[str, str]:
    """(interconnect key, the clause naming it) for the GPUs' scale-up domain: the GPU's own
    link from the catalog (planner.fabric.nvlink.scale_up_interconnect), NVLink when
    --nvlink-gb-per-s gives one to a GPU without, none when it is set to 0."""
    from planner.i18n import Np_, tf

    link = cl.gpu.interconnect
    if not cl.has_nvlink:
        link = "none"
    elif link == "none":
        link = "nvlink"  # --nvlink-gb-per-s on a GPU without a link of its own
    if link == "none":
        return link, tf("no GPU-to-GPU link: GPUs talk over PCIe")
    templates = {
        "nvlink": Np_("NVLink domain {n} GPU", "NVLink domain {n} GPUs"),
        "nvlink-bridge": Np_("NVLink-bridged domain {n} GPU", "NVLink-bridged domain {n} GPUs"),
        "infinity-fabric": Np_("Infinity Fabric domain {n} GPU", "Infinity Fabric domain {n} GPUs"),
        "other": Np_("GPU-to-GPU link domain {n} GPU", "GPU-to-GPU link domain {n} GPUs"),
    }
    return link, tf(templates[link], n=domain)


def _band(band: float | None) -> str:
    """The model's validated error band after a line of figures (docs/validation.md)."""
    from planner.i18n import tf

    return tf(" (each ±{pct:.0f} %, the model's median error on published runs)", pct=band * 100) if band else ""


def _recompute_text(r) -> str:
    """How the sized layout recomputes activations, for the "fits" line."""
    from planner.i18n import tf

    lay = r.layout
    if lay.recompute == "full" and lay.recompute_layers is not None:
        return tf("full recompute of {k} of {n} layers per stage", k=lay.recompute_layers, n=r.layers_per_stage)
    return {"none": tf("no recompute"), "selective": tf("selective recompute"),
            "full": tf("full recompute")}.get(lay.recompute, lay.recompute)


def run_train(args) -> int:
    from planner.commands.cli import UserError
    from planner.i18n import _, error_text, message_text, tf, tmsg
    from planner.workloads.training import gpus_for_days, train

    sweep = _sweep_args(args)
    model, cl = _setup(args)
    if args.tokens <= 0:
        raise UserError(_("--tokens must be > 0"))
    if args.seq_len < 1 or args.global_batch_tokens <= 0:
        raise UserError(_("--seq-len and --global-batch-tokens must be > 0"))
    if args.target_days is not None and args.target_days <= 0:
        raise UserError(_("--target-days must be > 0"))
    kw = dict(seq_len=args.seq_len, global_batch_tokens=args.global_batch_tokens,
              precision=args.precision, method=args.method, zero=args.zero, tp=args.tp, pp=args.pp,
              recompute=None if args.recompute == "auto" else args.recompute, software=args.software)
    if sweep is not None:  # each point sized as a plan workload with the same spec would be
        spec = {"model": args.model, "tokens": args.tokens, "target_days": args.target_days, "cp": args.cp,
                **{k: v for k, v in kw.items() if k != "method"}}
        if args.method != "pretrain":
            spec["method"] = args.method
        return _run_sweep(args, sweep, model, cl, "pretrain" if args.method == "pretrain" else "finetune", spec)
    try:
        r = train(model, cl, args.tokens, cp=args.cp, **kw)
    except ValueError as e:
        raise UserError(error_text(e)) from None
    notes = list(r.notes)
    d = r.to_dict()
    if not r.fits:  # a deployment that cannot run has no speed, latency or cost
        for key in ("step_s", "prefill_s", "ttft_s", "tokens_per_s", "tokens_per_s_per_user", "requests_per_s",
                    "energy_j_per_token", "cost_per_million_tokens_usd", "energy_cost_per_million_tokens_usd"):
            d[key] = None
    d["gpus_needed"] = None
    if args.target_days is not None:
        kw.pop("tp")
        kw.pop("pp")
        d["gpus_needed"] = gpus_for_days(model, cl, args.tokens, args.target_days, **kw)
        if d["gpus_needed"] is None:
            note = tmsg("the target is out of reach: scaling efficiency falls too far")
            d["notes"].append(note)
            notes.append(note)
    lay = r.layout
    ck = d["checkpoint_write_s"]
    layout = (f"TP{lay.tp}" + (f" CP{lay.cp}" if lay.cp > 1 else "") + f" PP{lay.pp} DP{lay.dp}"
              + (f" EP{lay.ep}" if lay.ep > 1 else ""))
    mem = dict(used=r.memory_per_gpu_gib, cap=r.memory_capacity_gib, layout=layout, zero=lay.zero,
               recompute=_recompute_text(r))
    lines = [
        tf("{model} {method} on {gpus:,} x {gpu}, {tokens:.3g} tokens, {precision}", model=r.model, method=r.method,
           gpus=r.gpus, gpu=cl.gpu.model or r.gpu, tokens=args.tokens, precision=r.precision),
        (tf("  fits: yes   memory {used:.1f} of {cap:.1f} GiB per GPU   layout {layout}, ZeRO-{zero}, {recompute}", **mem) if r.fits else
         tf("  fits: NO   memory {used:.1f} of {cap:.1f} GiB per GPU   layout {layout}, ZeRO-{zero}, {recompute}", **mem)),
        tf("  ~{days:,.1f} days, {hours:,.0f} GPU-hours, MFU {mfu:.1f} %, {tps:,.0f} tokens/s per GPU", days=r.days,
           hours=r.gpu_hours, mfu=r.mfu * 100, tps=r.tokens_per_s_per_gpu) + _band(r.error_band),
        (tf("  bottleneck: {bottleneck}   checkpoint {gb:,.0f} GB, written in {s:,.1f} s", bottleneck=_bn(r.bottleneck),
            gb=r.checkpoint_size_gb, s=ck) if ck is not None else
         tf("  bottleneck: {bottleneck}   checkpoint {gb:,.0f} GB", bottleneck=_bn(r.bottleneck),
            gb=r.checkpoint_size_gb)),
    ]
    if args.target_days is not None:
        lines.append(tf("  GPUs needed for {days:g} days: {n}", days=args.target_days, n=d["gpus_needed"])
                     if d["gpus_needed"] else
                     tf("  GPUs needed for {days:g} days: unreachable", days=args.target_days))
    lines += [tf("  note: {note}", note=message_text(n)) for n in notes]
    _emit(args, d, lines)
    return 0


# ----------------------------------------------------------------------------- --sweep


def _sweep_args(args) -> tuple[int, int, int] | None:
    """The parsed --sweep (LO, HI, N), or None; fixes the base --gpus for _setup."""
    from planner.commands.cli import UserError
    from planner.i18n import _, error_text, tf
    from planner.workloads.sweep import parse_sweep

    if args.sweep is None:
        return None
    try:
        got = parse_sweep(args.sweep)
    except ValueError as e:
        raise UserError(tf("--sweep {error}", error=error_text(e))) from None
    if args.gpus is not None:
        raise UserError(_("--sweep sets the GPU counts: leave out --gpus"))
    if getattr(args, "batch", None) is not None:
        raise UserError(_("--sweep spreads --users over the replicas at each count: give --users, not --batch"))
    if hasattr(args, "users") and args.users is None:
        raise UserError(_("--sweep needs --users (concurrent users over the whole system)"))
    args.gpus = 8 * (args.tp or 1) * (getattr(args, "pp", None) or 1)  # a base that --tp/--pp divide
    return got


def _spec_error(message: str) -> str:
    """'spec.seq_len: ...' -> '--seq-len: ...' (the option the user typed)."""
    import re

    return re.sub(r"spec\.([a-z_]+)", lambda m: "--" + m.group(1).replace("_", "-"), message)


def _fmt(v, spec: str, scale: float = 1.0) -> str:
    from planner.i18n import render

    return "–" if v is None else render("{v:" + spec + "}", {"v": v * scale})


def _run_sweep(args, sweep: tuple[int, int, int], model, cl, kind: str, spec_dict: dict) -> int:
    from planner.commands.cli import UserError
    from planner.i18n import _, error_text, message_text, render, tf
    from planner.workloads.specs import FinetuneSpec, InferenceSpec, PretrainSpec, SpecError, parse_spec
    from planner.workloads.sweep import sweep as run_sweep
    from planner.workloads.sweep import sweep_counts, sweep_step

    try:
        spec = parse_spec(kind, {k: v for k, v in spec_dict.items() if v is not None})
    except SpecError as e:
        raise UserError(_spec_error(error_text(e))) from None
    # kind is inference, pretrain or finetune (the callers')
    assert isinstance(spec, (InferenceSpec, PretrainSpec, FinetuneSpec))
    lo, hi, n = sweep
    step = sweep_step(spec, cl)
    counts = sweep_counts(lo, hi, n, step)
    res = run_sweep(spec, model, cl, counts)
    if args.json:
        print(json.dumps([p.to_dict() for p in res.points], indent=2))
        return 0
    training = res.kind == "training"
    fig = dict(precision=spec.precision, gpu=cl.gpu.model or cl.gpu.slug, counts=len(counts), lo=counts[0], hi=counts[-1], step=step)
    if not isinstance(spec, InferenceSpec):  # training: the sweep's kind follows the spec's
        lines = [tf("{model} {method}, {tokens:.3g} tokens, {precision} on {gpu}: {counts} GPU counts from {lo:,} to "
                    "{hi:,} (steps of {step} GPUs)", model=model.slug, method=getattr(spec, "method", "pretrain"),
                    tokens=spec.tokens, **fig)]
    else:
        lines = [tf("{model} serving {users:,} users, {isl}/{osl} tokens, {precision} on {gpu}: {counts} GPU counts "
                    "from {lo:,} to {hi:,} (steps of {step} GPUs)", model=model.slug, users=spec.users,
                    isl=spec.input_tokens, osl=spec.output_tokens, **fig)]
    if res.targets:
        # (each text its own call: Babel does not see a marked call nested in another one)
        targets = []
        for k, v in res.targets.items():
            if k == "days":
                targets.append(tf("{v:g} days", v=v))
            elif k == "tokens_per_s_per_user":
                targets.append(tf("{v:g} tokens/s per user", v=v))
            else:
                targets.append(tf("TTFT {v:g} s", v=v))
        lines.append(tf("  target: {targets}", targets=", ".join(targets)))
    # TRANSLATORS: column headings of the sweep table (`rackwright size ... --sweep`), kept short
    g, fi, tg, bh = _("GPUs"), _("fits"), _("target"), _("bottleneck")
    if training:
        days, per_gpu, scaling = _("days"), _("tok/s/GPU"), _("scaling")
        head = f"{g:>8}  {fi:<4}  {days:>10}  {per_gpu:>10}  {scaling:>8}  {tg:<6}  {bh}"
    else:
        tps, per_user, ttft = _("tokens/s"), _("tok/s/user"), _("TTFT s")
        head = f"{g:>8}  {fi:<4}  {tps:>11}  {per_user:>10}  {ttft:>8}  {tg:<6}  {bh}"
    lines.append(head)
    for p in res.points:
        met = "–" if p.met is None else _("met") if p.met else _("no")
        fits = _("yes") if p.fits else _("NO")
        bn = _bn(p.bottleneck) or (tf("error: {error}", error=message_text(p.error)) if p.error else "")
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
        lines.append(tf("  smallest swept count meeting the target: {n:,} GPUs", n=res.min_gpus_met)
                     if res.min_gpus_met else _("  smallest swept count meeting the target: none in this range"))
        if training or "tokens_per_s_per_user" in res.targets:
            inv = "gpus_for_days" if training else "gpus_for_targets"
            if not res.gpus_needed:
                got = _("unreachable")
            elif res.gpus_needed_tp:
                got = tf("{n:,} GPUs at TP{tp}", n=res.gpus_needed, tp=res.gpus_needed_tp)
            else:
                got = tf("{n:,} GPUs", n=res.gpus_needed)
            lines.append(tf("  fewest GPUs by the inverse search ({search}): {result}", search=inv, result=got))
    ranges = res.bottleneck_ranges()
    if ranges:
        spans = ", ".join(render("{bottleneck} {lo:,}" if z == a else "{bottleneck} {lo:,}-{hi:,}",
                                 {"bottleneck": _bn(b), "lo": a, "hi": z}) for b, a, z in ranges)
        lines.append(tf("  bottleneck: {ranges}", ranges=spans))
    lines += [tf("  note: {note}", note=message_text(t)) for t in res.notes]
    print("\n".join(lines))
    return 0
