"""`rackwright size vision|recommendation|analytics`: non-LLM workloads without a plan, on
GPUs (``--gpu``/``--gpus``) or CPU servers (``--cpu-server``/``--servers``), with the verdict
"a CPU server is enough" and the cheapest fitting CPU build of the catalog
(planner.workloads.nonllm). Exit 0 with the answer, 2 for bad input."""

from __future__ import annotations

import json


def register(kinds) -> None:
    from planner.commands.numbers import count as _count
    from planner.commands.numbers import number as _number
    from planner.i18n import _

    def hardware(q):
        q.add_argument("--gpu", default=None, help=_("catalog GPU slug to size on, e.g. l40s"))
        q.add_argument("--gpus", type=_count, default=None, help=_("number of GPUs (default: 1)"))
        q.add_argument("--cpu-server", default=None,
                       help=_("catalog CPU-only server to size on, e.g. dell-poweredge-r760-xeon-8592"))
        q.add_argument("--servers", type=_count, default=None, help=_("number of CPU servers (default: 1)"))
        q.add_argument("--json", action="store_true", help=_("print JSON"))

    qv = kinds.add_parser("vision", help=_("vision inference or training (ResNet-50, ViT, RetinaNet, SSD, 3D-UNet)"))
    qv.add_argument("--model", default="resnet-50", choices=["resnet-50", "vit-b-16", "retinanet", "ssd300", "3d-unet"],
                    help=_("vision model (default %(default)s)"))
    qv.add_argument("--mode", default="infer", choices=["infer", "train"], help=_("inference or training"))
    qv.add_argument("--target-samples-per-s", type=_number, default=None, help=_("target: images per second"))
    qv.add_argument("--samples", type=_number, default=None, help=_("training: images to train on (epochs x dataset)"))
    qv.add_argument("--target-hours", type=_number, default=None, help=_("target: training wall-clock hours"))
    hardware(qv)
    qv.set_defaults(func=run_vision)

    qr = kinds.add_parser("recommendation", help=_("DLRM-class recommendation inference"))
    qr.add_argument("--model", default="dlrm-dcnv2", choices=["dlrm-dcnv2"], help=_("recommendation model"))
    qr.add_argument("--target-samples-per-s", type=_number, required=True, help=_("target: queries per second"))
    qr.add_argument("--embedding-precision", default="fp16", choices=["fp32", "fp16", "int8"],
                    help=_("number format of the embedding tables (default %(default)s)"))
    qr.add_argument("--embedding-rows", type=_number, default=None,
                    help=_("rows in all embedding tables (default: MLPerf's DLRM-dcnv2, 204.2M)"))
    qr.add_argument("--embedding-dim", type=_count, default=None, help=_("embedding dimension (default 128)"))
    hardware(qr)
    qr.set_defaults(func=run_recommendation)

    qa = kinds.add_parser("analytics", help=_("gradient-boosted trees (XGBoost) on tabular data"))
    qa.add_argument("--rows", type=_number, required=True, help=_("training rows, e.g. 1e7"))
    qa.add_argument("--features", type=_count, default=8, help=_("columns per row (default %(default)s)"))
    qa.add_argument("--trees", type=_count, default=100, help=_("boosting rounds (default %(default)s)"))
    qa.add_argument("--depth", type=_count, default=10, help=_("tree depth (default %(default)s)"))
    qa.add_argument("--target-minutes", type=_number, required=True, help=_("target: training wall-clock minutes"))
    hardware(qa)
    qa.set_defaults(func=run_analytics)


def _spec(kind: str, d: dict):
    from planner.commands.cli import UserError
    from planner.i18n import message_text
    from planner.workloads.specs import SpecError, parse_spec

    try:
        return parse_spec(kind, {k: v for k, v in d.items() if v is not None})
    except SpecError as e:
        # "spec.rows: ..." -> "--rows: ...": the option the user typed
        text = message_text(str(e))
        for field in d:
            text = text.replace(f"spec.{field}", "--" + field.replace("_", "-"))
        raise UserError(text) from None


def _run(args, kind: str, spec) -> int:
    from planner.catalog import load_catalog
    from planner.commands.cli import UserError
    from planner.fabric.names import bottleneck_word as _bn
    from planner.fabric.names import verdict_text
    from planner.i18n import _, error_text, format_margin, message_text, tf
    from planner.workloads import nonllm

    cat = load_catalog()
    if args.gpu is not None and args.cpu_server is not None:
        raise UserError(_("give --gpu or --cpu-server, not both"))
    unit = None
    n = 1
    try:
        if args.gpu is not None:
            if cat.get("gpus", args.gpu) is None:
                raise UserError(tf("--gpu: unknown GPU {gpu!r} (known: {known})", gpu=args.gpu,
                                   known=", ".join(sorted(cat.gpus))))
            unit, n = nonllm.gpu_unit(cat, args.gpu), args.gpus or 1
        elif args.cpu_server is not None:
            dev = cat.get("device-types", args.cpu_server)
            unit = nonllm.cpu_server_unit(dev) if dev is not None and not dev.gpu_count else None
            if unit is None:
                known = ", ".join(d.slug for d, _u in nonllm.cpu_builds(cat))
                raise UserError(tf("--cpu-server: {server!r} is not a CPU-only server with known CPU figures "
                                   "(known: {known})", server=args.cpu_server, known=known))
            n = args.servers or 1
        for opt, v in (("gpus", args.gpus), ("servers", args.servers)):
            if v is not None and v < 1:
                raise UserError(tf("--{option} must be at least 1 (got {n})", option=opt, n=v))
        d: dict = {"kind": kind, "model": getattr(spec, "model", "xgboost")}
        lines: list[str] = []
        if unit is not None:
            s = nonllm.size_on(spec, kind, unit, n)
            d.update(s.figures)
            d.update(met=s.met, margin=round(s.margin, 4), bottleneck=s.bottleneck)
            what = (tf("{seconds:,.1f} s of training", seconds=s.figures["seconds"]) if kind == "analytics" else
                    tf("{hours:,.2f} h of training", hours=s.figures["hours"]) if "hours" in s.figures else
                    tf("{x:,.0f} samples/s", x=s.figures["samples_per_s"]))
            # named as the app and the build plan name them: the model as its paper writes it, the
            # GPU or server by its catalog name; the margin as every output prints it (x17, not +1584 %)
            lines.append(tf("{model} on {n} x {hw}: {what}; target {verdict} ({margin}), limited by {bn}",
                            model="XGBoost" if kind == "analytics" else nonllm.model_name(str(d["model"])), n=n,
                            hw=nonllm.hardware_name(cat, unit), what=what, verdict=message_text(verdict_text(s.met)),
                            margin=format_margin(s.margin), bn=_bn(s.bottleneck))
                         + (tf(" (±{pct:.0f} %, the model's median leave-one-out error on published runs)",
                               pct=s.figures["error_band"] * 100) if s.figures.get("error_band") else ""))
        cpu = nonllm.cpu_verdict(spec, kind, cat)
    except ValueError as e:
        raise UserError(error_text(e)) from None
    d.update(cpu)  # JSON in English whatever the language (a Message is its English text)
    if cpu["cpu_enough"]:
        lines.append(cpu_line(cpu))
    else:
        lines.append(tf("a CPU server is not enough: {why}", why=message_text(cpu["cpu_reason"])))
    if args.json:
        print(json.dumps(d, indent=2, default=str))
    else:
        print("\n".join(lines))
    return 0


def cpu_line(cpu: dict) -> str:
    """The verdict line of a CPU build that meets the targets."""
    from planner.i18n import Np_, _, tf

    capex = cpu.get("cpu_capex")
    return tf(Np_("a CPU server is enough: {n} x {server}, {capex}, the cheapest fitting CPU build of the catalog",
                  "CPU servers are enough: {n} x {server}, {capex}, the cheapest fitting CPU build of the catalog"),
              n=cpu["cpu_servers"], server=cpu.get("cpu_server_name") or cpu["cpu_server"],
              capex=tf("${usd:,.0f}", usd=capex) if capex is not None else _("no price"))


def run_vision(args) -> int:
    from planner.commands.cli import UserError
    from planner.i18n import _

    if args.mode == "train" and args.samples is None:
        raise UserError(_("--samples: training needs the number of images to train on (epochs x dataset)"))
    if args.mode == "infer" and args.target_samples_per_s is None:
        raise UserError(_("--target-samples-per-s: inference needs a target in images per second"))
    spec = _spec("vision", {"model": args.model, "mode": args.mode, "target_samples_per_s": args.target_samples_per_s,
                            "samples": args.samples, "target_hours": args.target_hours})
    return _run(args, "vision", spec)


def run_recommendation(args) -> int:
    spec = _spec("recommendation", {"model": args.model, "target_samples_per_s": args.target_samples_per_s,
                                    "embedding_precision": args.embedding_precision,
                                    "embedding_rows": args.embedding_rows, "embedding_dim": args.embedding_dim})
    return _run(args, "recommendation", spec)


def run_analytics(args) -> int:
    spec = _spec("analytics", {"rows": args.rows, "features": args.features, "trees": args.trees,
                               "depth": args.depth, "target_minutes": args.target_minutes})
    return _run(args, "analytics", spec)
