"""Workloads panel: the plan's workload targets, their editors and the engine's verdicts.

* **Add** a target (pre-training, fine-tuning full/LoRA/QLoRA, inference serving,
  storage), **remove** it, **edit** it in a form generated from the planner's spec
  models (:data:`planner.workloads.specs.SPEC_MODELS`): the model comes from the catalog
  LLM table, literals become choices, numbers accept ``2e9``, ``2_000`` or ``2B``.
  Every change is a planner edit (``AddItem``, ``RemoveItem``, ``SetProperty`` on
  ``Workload.spec``/``name``/``group``/``growth_phase``) pushed on the Document, so it is undoable.
* **Runs on** the whole plan or a server group; **Group from selection** makes a group
  of the GPU servers selected in the rack view or the floor plan (servers of selected
  racks count too) and points the current workload at it, in one undo step.
* A value the spec model refuses is shown under its field (the planner's own message)
  and nothing is pushed.
* For each workload the verdict comes from ``Document.results.workloads`` (a
  ``WorkloadVerdict`` per workload) and its colour from the engine's findings for that
  workload: red (``WORKLOAD_UNMET``), amber (a warning such as ``WORKLOAD_LOW_MARGIN``),
  green (met), grey (not evaluated yet or cannot be). The panel formats the figures of
  the verdict; it never computes one.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.engine import levels
from planner.gestures.workloads import gpu_servers, group_edit, group_name_members, new_workload, spec_edit
from planner.i18n import error_text, format_count, format_margin, message_text, translated
from planner.model.edits import AddItem, Change, RemoveItem, SetProperty
from planner.model.plan import ServerGroup, Workload
from planner.workloads.evaluate import WorkloadVerdict
from planner.workloads.nonllm import MODELS as NONLLM_MODELS
from planner.workloads.nonllm import model_name
from planner.workloads.specs import NONLLM_KINDS, SPEC_MODELS, SpecError, has_target, parse_spec
from ui import dialogs, style
from ui.i18n import QT_TRANSLATE_NOOP, TrDict, current, tr_table
from ui.panels.scaling_chart import ScalingSection
from ui.units import fnum, parse_number
from ui.units import format_entry as format_number
from ui.wheel import guard_wheel

if TYPE_CHECKING:
    from pydantic.fields import FieldInfo

    from planner.catalog import Catalog
    from ui.document import Document

# (key, menu text, kind, spec defaults, name template)
PRESETS: tuple[tuple[str, str, str, dict[str, Any], str], ...] = (
    ("pretrain", QT_TRANSLATE_NOOP("Workloads", "Pre-training"), "pretrain",
     {"model": "llama-3.1-8b", "tokens": 1e12, "target_days": 30}, QT_TRANSLATE_NOOP("Workloads", "Pre-train {model}")),
    ("finetune-full", QT_TRANSLATE_NOOP("Workloads", "Fine-tuning (full)"), "finetune",
     {"model": "llama-3.1-8b", "method": "full", "tokens": 1e9, "target_days": 1},
     QT_TRANSLATE_NOOP("Workloads", "Fine-tune {model} (full)")),
    ("finetune-lora", QT_TRANSLATE_NOOP("Workloads", "Fine-tuning (LoRA)"), "finetune",
     {"model": "llama-3-70b", "method": "lora", "tokens": 1e9, "target_days": 3},
     QT_TRANSLATE_NOOP("Workloads", "Fine-tune {model} (LoRA)")),
    ("finetune-qlora", QT_TRANSLATE_NOOP("Workloads", "Fine-tuning (QLoRA)"), "finetune",
     {"model": "llama-3-70b", "method": "qlora", "tokens": 1e9, "target_days": 3},
     QT_TRANSLATE_NOOP("Workloads", "Fine-tune {model} (QLoRA)")),
    ("inference", QT_TRANSLATE_NOOP("Workloads", "Inference serving"), "inference",
     {"model": "llama-3.1-70b", "users": 100, "target_tokens_per_s_per_user": 20, "target_ttft_s": 1.0},
     QT_TRANSLATE_NOOP("Workloads", "Serve {model}")),
    ("storage", QT_TRANSLATE_NOOP("Workloads", "Storage (checkpoints, dataset)"), "storage",
     {"model": "llama-3-70b", "checkpoint_every_min": 30, "checkpoint_within_s": 60},
     QT_TRANSLATE_NOOP("Workloads", "Checkpoint {model}")),
    # workloads beyond LLMs (planner.workloads.nonllm): their verdict says whether CPU servers do
    ("vision", QT_TRANSLATE_NOOP("Workloads", "Vision (image classification, object detection)"), "vision",
     {"model": "resnet-50", "mode": "infer", "target_samples_per_s": 5000},
     QT_TRANSLATE_NOOP("Workloads", "Vision {model}")),
    ("recommendation", QT_TRANSLATE_NOOP("Workloads", "Recommendation (DLRM)"), "recommendation",
     {"model": "dlrm-dcnv2", "target_samples_per_s": 20000},
     QT_TRANSLATE_NOOP("Workloads", "Recommend with {model}")),
    ("analytics", QT_TRANSLATE_NOOP("Workloads", "Analytics (gradient-boosted trees)"), "analytics",
     {"rows": 1e7, "target_minutes": 10}, QT_TRANSLATE_NOOP("Workloads", "Train gradient-boosted trees")),
)
# the presets a GPU build can be designed for (the sizing wizard, rackwright plan-for)
GPU_BUILD_PRESETS = tuple(p[0] for p in PRESETS if p[2] not in NONLLM_KINDS)

# workload kinds a build can be sized for (File > New from Workload; storage alone sizes no GPUs)
SIZABLE_KINDS = ("pretrain", "finetune", "inference")

KIND_TEXT = TrDict("Workloads", {
    "pretrain": QT_TRANSLATE_NOOP("Workloads", "Pre-training"),
    "finetune": QT_TRANSLATE_NOOP("Workloads", "Fine-tuning"),
    "inference": QT_TRANSLATE_NOOP("Workloads", "Inference"),
    "storage": QT_TRANSLATE_NOOP("Workloads", "Storage"),
    "vision": QT_TRANSLATE_NOOP("Workloads", "Vision"),
    "recommendation": QT_TRANSLATE_NOOP("Workloads", "Recommendation"),
    "analytics": QT_TRANSLATE_NOOP("Workloads", "Analytics")})

FIELD_LABELS = TrDict("Workloads", {
    "model": QT_TRANSLATE_NOOP("Workloads", "Model"),
    "method": QT_TRANSLATE_NOOP("Workloads", "Method"),
    "lora_rank": QT_TRANSLATE_NOOP("Workloads", "LoRA rank"),
    "tokens": QT_TRANSLATE_NOOP("Workloads", "Training tokens"),
    "target_days": QT_TRANSLATE_NOOP("Workloads", "Target duration (days)"),
    "precision": QT_TRANSLATE_NOOP("Workloads", "Precision"),
    "seq_len": QT_TRANSLATE_NOOP("Workloads", "Sequence length"),
    "global_batch_tokens": QT_TRANSLATE_NOOP("Workloads", "Global batch (tokens)"),
    "tp": QT_TRANSLATE_NOOP("Workloads", "Tensor parallel"),
    "pp": QT_TRANSLATE_NOOP("Workloads", "Pipeline parallel"),
    "cp": QT_TRANSLATE_NOOP("Workloads", "Context parallel"),
    "zero": QT_TRANSLATE_NOOP("Workloads", "ZeRO stage"),
    "recompute": QT_TRANSLATE_NOOP("Workloads", "Activation recompute"),
    "kv_precision": QT_TRANSLATE_NOOP("Workloads", "KV-cache precision"),
    "input_tokens": QT_TRANSLATE_NOOP("Workloads", "Input tokens"),
    "output_tokens": QT_TRANSLATE_NOOP("Workloads", "Output tokens"),
    "users": QT_TRANSLATE_NOOP("Workloads", "Concurrent users"),
    "target_tokens_per_s_per_user": QT_TRANSLATE_NOOP("Workloads", "Target tokens/s per user"),
    "target_ttft_s": QT_TRANSLATE_NOOP("Workloads", "Target time to first token (s)"),
    "stack": QT_TRANSLATE_NOOP("Workloads", "Serving stack"),
    "software": QT_TRANSLATE_NOOP("Workloads", "Software generation (year)"),
    "max_seqs": QT_TRANSLATE_NOOP("Workloads", "Scheduler limit (sequences per replica)"),
    "length_spread": QT_TRANSLATE_NOOP("Workloads", "Output-length spread (std. dev. / mean)"),
    "ep": QT_TRANSLATE_NOOP("Workloads", "Expert parallel (MoE)"),
    "attention_dp": QT_TRANSLATE_NOOP("Workloads", "Attention data parallel (MoE)"),
    "pcie_switch": QT_TRANSLATE_NOOP("Workloads", "PCIe switch between GPUs"),
    "checkpoint_size_gb": QT_TRANSLATE_NOOP("Workloads", "Checkpoint size (GB)"),
    "checkpoint_every_min": QT_TRANSLATE_NOOP("Workloads", "Checkpoint every (min)"),
    "checkpoint_within_s": QT_TRANSLATE_NOOP("Workloads", "Write checkpoint within (s)"),
    "dataset_read_gb_per_s": QT_TRANSLATE_NOOP("Workloads", "Dataset read (GB/s)"),
    "mode": QT_TRANSLATE_NOOP("Workloads", "Inference or training"),
    "target_samples_per_s": QT_TRANSLATE_NOOP("Workloads", "Target samples/s"),
    "samples": QT_TRANSLATE_NOOP("Workloads", "Images to train on"),
    "target_hours": QT_TRANSLATE_NOOP("Workloads", "Target duration (hours)"),
    "embedding_precision": QT_TRANSLATE_NOOP("Workloads", "Embedding precision"),
    "embedding_rows": QT_TRANSLATE_NOOP("Workloads", "Embedding rows"),
    "embedding_dim": QT_TRANSLATE_NOOP("Workloads", "Embedding dimension"),
    "algorithm": QT_TRANSLATE_NOOP("Workloads", "Algorithm"),
    "rows": QT_TRANSLATE_NOOP("Workloads", "Training rows"),
    "features": QT_TRANSLATE_NOOP("Workloads", "Columns per row"),
    "trees": QT_TRANSLATE_NOOP("Workloads", "Trees (boosting rounds)"),
    "depth": QT_TRANSLATE_NOOP("Workloads", "Tree depth"),
    "target_minutes": QT_TRANSLATE_NOOP("Workloads", "Target duration (minutes)"),
})
# what an empty optional field means
EMPTY_TEXT = TrDict("Workloads", {
    "tp": QT_TRANSLATE_NOOP("Workloads", "auto"),
    "pp": QT_TRANSLATE_NOOP("Workloads", "auto"),
    "max_seqs": QT_TRANSLATE_NOOP("Workloads", "stack default"),
    "cp": QT_TRANSLATE_NOOP("Workloads", "auto"),
    "recompute": QT_TRANSLATE_NOOP("Workloads", "automatic: fastest that fits"),
    "kv_precision": QT_TRANSLATE_NOOP("Workloads", "as weights"),
    "target_days": QT_TRANSLATE_NOOP("Workloads", "no target (size only)"),
    "target_tokens_per_s_per_user": QT_TRANSLATE_NOOP("Workloads", "no target"),
    "target_ttft_s": QT_TRANSLATE_NOOP("Workloads", "no target"),
    "checkpoint_size_gb": QT_TRANSLATE_NOOP("Workloads", "from the model"),
    "model": QT_TRANSLATE_NOOP("Workloads", "none"),
    "checkpoint_every_min": QT_TRANSLATE_NOOP("Workloads", "not set"),
    "checkpoint_within_s": QT_TRANSLATE_NOOP("Workloads", "no checkpoint target"),
    "target_hours": QT_TRANSLATE_NOOP("Workloads", "no target (size only)"),
    "target_samples_per_s": QT_TRANSLATE_NOOP("Workloads", "no target"),
    "embedding_rows": QT_TRANSLATE_NOOP("Workloads", "MLPerf's DLRM-dcnv2"),
    "embedding_dim": QT_TRANSLATE_NOOP("Workloads", "MLPerf's DLRM-dcnv2"),
              "dataset_read_gb_per_s": QT_TRANSLATE_NOOP("Workloads", "no dataset target")})
# count fields whose value is read out in words under the field (format_count)
COUNT_FIELDS = ("tokens",)
# fields shown first, in this order; the rest follow in the spec model's order
FIELD_ORDER = ("model", "method", "tokens", "target_days", "users", "target_tokens_per_s_per_user",
               "target_ttft_s", "input_tokens", "output_tokens", "precision", "kv_precision", "stack",
               "checkpoint_size_gb", "checkpoint_every_min", "checkpoint_within_s", "dataset_read_gb_per_s")

# choice values the workload fields offer, as the list shows them (the value stays the code);
# "field:value" keys first, for values two fields share ("full" method vs "full" recompute)
CHOICE_TEXT = TrDict("Workloads", {
    "full": QT_TRANSLATE_NOOP("Workloads", "full fine-tuning"), "lora": QT_TRANSLATE_NOOP("Workloads", "LoRA"),
    "qlora": QT_TRANSLATE_NOOP("Workloads", "QLoRA"),
    "trtllm": QT_TRANSLATE_NOOP("Workloads", "TensorRT-LLM"), "vllm": QT_TRANSLATE_NOOP("Workloads", "vLLM"),
    "sglang": QT_TRANSLATE_NOOP("Workloads", "SGLang"),
    "True": QT_TRANSLATE_NOOP("Workloads", "yes"), "False": QT_TRANSLATE_NOOP("Workloads", "no"),
    "recompute:none": QT_TRANSLATE_NOOP("Workloads", "none"),
    "recompute:selective": QT_TRANSLATE_NOOP("Workloads", "selective (attention core)"),
    "recompute:full": QT_TRANSLATE_NOOP("Workloads", "full (every layer)"),
    "mode:infer": QT_TRANSLATE_NOOP("Workloads", "inference"), "mode:train": QT_TRANSLATE_NOOP("Workloads", "training"),
    "precision:fp4": QT_TRANSLATE_NOOP("Workloads", "fp4 (NVFP4 on Blackwell)"),
    "algorithm:xgboost": QT_TRANSLATE_NOOP("Workloads", "XGBoost (hist)"),
})

BOTTLENECK_TEXT = TrDict("Workloads", {
    "gpu_memory": QT_TRANSLATE_NOOP("Workloads", "GPU memory"),
    "memory_bandwidth": QT_TRANSLATE_NOOP("Workloads", "memory bandwidth"),
    "compute": QT_TRANSLATE_NOOP("Workloads", "compute"),
    "interconnect": QT_TRANSLATE_NOOP("Workloads", "interconnect"),
    "storage": QT_TRANSLATE_NOOP("Workloads", "storage"),
    "power": QT_TRANSLATE_NOOP("Workloads", "power"),
    "cooling": QT_TRANSLATE_NOOP("Workloads", "cooling"),
    "memory": QT_TRANSLATE_NOOP("Workloads", "memory")})

def field_errors(message: str) -> dict[str, str]:
    """Split a SpecError message ('spec.users: ...; spec.tokens: ...') by field;
    messages that name no field go under ''."""
    out: dict[str, str] = {}
    for part in (p.strip() for p in message.split("; ") if p.strip()):
        m = re.match(r"spec\.([A-Za-z_][A-Za-z0-9_]*)(?:\.[^:]*)?:\s*(.*)", part)
        key, text = (m.group(1), m.group(2)) if m else ("", re.sub(r"^spec:\s*", "", part))
        out[key] = f"{out[key]}; {text}" if key in out else text
    return out


def _unwrap(annotation: Any) -> tuple[Any, bool]:
    """(base annotation, optional) with Optional/Annotated removed."""
    optional = False
    ann = annotation
    origin = typing.get_origin(ann)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(ann) if a is not type(None)]
        optional = len(args) < len(typing.get_args(ann))
        ann = args[0] if len(args) == 1 else ann
    if typing.get_origin(ann) is typing.Annotated:
        ann = typing.get_args(ann)[0]
    return ann, optional


def _t(text: str) -> str:
    return QCoreApplication.translate("Workloads", text)


def _num(v: Any, fmt: str, unit: str = "") -> str:
    if v is None:
        return "–"
    return f"{fnum(v, fmt)}{unit}"


def preset_menu(button: QPushButton, pick: Callable[[str], object],
                keys: tuple[str, ...] | None = None) -> dict[str, QAction]:
    """The "Add target" menu of workload presets on ``button`` (the Workloads panel and the
    sizing wizard): one action per preset (of ``keys``, default all), calling ``pick(key)``;
    returns the actions by key."""
    menu = QMenu(button)
    actions: dict[str, QAction] = {}
    for key, text, _kind, _spec, _name in PRESETS:
        if keys is not None and key not in keys:
            continue
        act = menu.addAction(QCoreApplication.translate("Workloads", text))
        act.triggered.connect(lambda _c=False, k=key: pick(k))
        actions[key] = act
    button.setMenu(menu)
    return actions


def verdict_headline(v: WorkloadVerdict | None, kind: str, spec: dict[str, Any]) -> str:
    if v is None:
        return _t("No verdict yet")
    if v.met is None or v.margin is None:  # the engine sets both or neither
        return _t("Not evaluated")
    bn = BOTTLENECK_TEXT.get(v.bottleneck or "", v.bottleneck or "")
    if not has_target(kind, spec):
        return _t("Sized (no target) · limited by {bn}").format(bn=bn)
    margin = margin_text(v.margin)
    if v.met and v.level == levels.WARN:  # the engine: met, but by less than the model's error band
        return _t("Met within the model's uncertainty · margin {margin} · limited by {bn}").format(
            margin=margin, bn=bn)
    if v.met:
        return _t("Met · margin {margin} · limited by {bn}").format(margin=margin, bn=bn)
    if v.shown_margin is None:  # the site's power or cooling fails it, not the sizing
        return _t("Not met · the {bn} of its servers fails").format(bn=bn)
    return _t("Not met · margin {margin} · limited by {bn}").format(margin=margin, bn=bn)


def margin_text(margin: float) -> str:
    """A verdict's margin as the build plan and ``rackwright check`` print it ("+108 %"; it
    read "208 %" of target here), in the app's language."""
    return format_margin(margin, current())


def key_figure(v: WorkloadVerdict | None, kind: str) -> str:
    """The one figure shown in the list for a verdict."""
    if v is None or v.met is None:
        return ""
    f = v.figures
    if kind in NONLLM_KINDS:
        cpu = _t(" · CPU is enough") if f.get("cpu_enough") else ""
        if kind == "analytics":
            return _t("{min} min").format(min=_num(f.get("minutes"), ",.1f")) + cpu
        if f.get("hours") is not None:
            return _t("{h} h of training").format(h=_num(f.get("hours"), ",.2f")) + cpu
        return _t("{x} samples/s").format(x=_num(f.get("samples_per_s"), ",.0f")) + cpu
    if kind == "inference":
        return _t("{tps} tok/s/user · TTFT {ttft} s").format(tps=_num(f.get('tokens_per_s_per_user'), ',.1f'),
                                                             ttft=_num(f.get('ttft_s'), '.2f'))
    if kind in ("pretrain", "finetune"):
        if not f.get("fits", True):
            return _t("does not fit in GPU memory")
        return _t("{days} days · {hours} GPU-h").format(days=_num(f.get('days'), ',.2f'),
                                                       hours=_num(f.get('gpu_hours'), ',.0f'))
    t = f.get("checkpoint_write_s")
    return _t("checkpoint in {s} s").format(s=_num(t, ',.1f')) if t is not None else \
        _t("read {rate} GB/s").format(rate=_num(f.get('storage_read_gb_per_s'), ',.1f'))


def figure_rows(v: WorkloadVerdict | None, kind: str, spec: dict[str, Any],
                catalog: Catalog | None = None) -> list[tuple[str, str]]:
    """(label, text) of the verdict's key figures, from the engine's figures only; the GPU by
    the ``catalog``'s model ("32 × H100 SXM5 80GB", as the Totals name it), else its slug."""
    if v is None or v.met is None:
        return []
    f = v.figures
    slug = str(f.get("gpu") or "")
    g = catalog.get("gpus", slug) if catalog is not None and slug else None
    gpu = (g.model if g is not None and g.model else slug)
    rows: list[tuple[str, str]] = []
    if kind in NONLLM_KINDS:
        return nonllm_rows(f, kind, spec)
    if kind == "inference":
        tgt = spec.get("target_tokens_per_s_per_user")
        rows.append((_t("Tokens/s per user"), _num(f.get("tokens_per_s_per_user"), ",.1f")
                     + (_t("  (target {tgt})").format(tgt=fnum(tgt, "g")) if tgt else "")))
        tt = spec.get("target_ttft_s")
        rows.append((_t("Time to first token"), _num(f.get("ttft_s"), ",.3f", " s") + (_t("  (target {tt} s)").format(tt=fnum(tt, "g")) if tt else "")))
        rows.append((_t("Users that fit"), _num(f.get("max_concurrent_sequences"), ",")
                     + _t("  (asked {users})").format(users=fnum(spec.get("users", 0), ","))))
        rows.append((_t("System throughput"), _num(f.get("tokens_per_s"), ",.0f", " tokens/s")))
        rows.append((_t("Layout"), _t("TP {tp} × {replicas} replicas on {gpus} × {gpu}").format(
            tp=f.get('tp'), replicas=f.get('replicas'), gpus=f.get('gpus'), gpu=gpu)))
        rows.append((_t("Weights per GPU"), _num(f.get("weights_per_gpu_gb"), ",.1f", " GB")
                     + _t(" · KV cache {size}").format(size=_num(f.get('kv_capacity_gb_per_gpu'), ',.1f', ' GB'))))
        cur = f.get("currency") or "USD"  # the plan's currency (older results: USD)
        cost = _num(f.get("cost_per_million_tokens"), ",.2f", f" {cur}")
        if f.get("cost_per_million_tokens") is not None and f.get("cost_complete") is False:
            # the capex share leaves the servers' price out: a lower bound, said beside the figure
            cost = _t("{cost} \u26a0 capex incomplete ({basis})").format(cost=cost,
                                                                       basis=message_text(f.get("cost_basis") or ""))
        rows.append((_t("Cost per million tokens"), cost
                     + _t(" (energy {cost})").format(cost=_num(f.get("energy_cost_per_million_tokens"), ",.3f"))))
        rows.append((_t("Energy per token"), _num(f.get("energy_j_per_token"), ",.2f", " J")))
    elif kind in ("pretrain", "finetune"):
        tgt = spec.get("target_days")
        rows.append((_t("Time to train"), _num(f.get("days"), ",.2f", _t(" days")) + (_t("  (target {tgt})").format(tgt=fnum(tgt, "g")) if tgt else "")))
        rows.append((_t("GPU-hours"), _num(f.get("gpu_hours"), ",.0f")))
        rows.append((_t("Memory per GPU"), _num(f.get("memory_per_gpu_gib"), ",.1f", " GiB")
                     + _t(" of {capacity}").format(capacity=_num(f.get("memory_capacity_gib"), ",.1f", " GiB"))))
        rows.append((_t("Throughput"), _num(f.get("tokens_per_s"), ",.0f", " tokens/s")
                     + f" · MFU {_num((f.get('mfu') or 0) * 100, '.0f', ' %')}"))
        lay = f.get("layout") or {}
        if lay:
            rows.append((_t("Layout"), " · ".join(f"{k.upper()} {lay[k]}" for k in ("tp", "cp", "pp", "dp", "ep")
                                              if lay.get(k) is not None)
                         + _t(" on {gpus} × {gpu}").format(gpus=f.get("gpus"), gpu=gpu)))
            rows.append((_t("Activation recompute"), _recompute_text(lay, f.get("layers_per_stage"))))
        rows.append((_t("Checkpoint"), _num(f.get("checkpoint_size_gb"), ",.1f", " GB")
                     + _t(", written in {time}").format(time=_num(f.get("checkpoint_write_s"), ",.1f", " s"))))
    else:
        if f.get("checkpoint_size_gb") is not None:
            rows.append((_t("Checkpoint size"), _num(f.get("checkpoint_size_gb"), ",.0f", " GB")))
            tgt = spec.get("checkpoint_within_s")
            rows.append((_t("Checkpoint write"), _num(f.get("checkpoint_write_s"), ",.1f", " s")
                         + (f"  (target {tgt:g} s)" if tgt else "")))
        if f.get("checkpoint_time_share") is not None:
            rows.append((_t("Time spent checkpointing"), _num(f["checkpoint_time_share"] * 100, ".1f", " %")))
        rows.append((_t("Storage write"), _num(f.get("storage_write_gb_per_s"), ",.1f", " GB/s")))
        rows.append((_t("Storage read"), _num(f.get("storage_read_gb_per_s"), ",.1f", " GB/s")
                     + (f"  (need {spec['dataset_read_gb_per_s']:g})" if spec.get("dataset_read_gb_per_s") else "")))
    need = f.get("gpus_needed")
    if need:
        rows.append((_t("GPUs that would meet it"), f"{fnum(need, ',')}"))
    return rows


def nonllm_rows(f: dict[str, Any], kind: str, spec: dict[str, Any]) -> list[tuple[str, str]]:
    """The figure rows of a vision, recommendation or analytics verdict, with the CPU verdict."""
    rows: list[tuple[str, str]] = []
    # the catalog's names (the engine's figures carry them beside the slugs)
    on = _t("{n} × {hw}").format(n=f.get("units"), hw=f.get("hardware_name") or f.get("hardware"))
    rows.append((_t("Runs on"), on + (_t(" (CPU servers)") if f.get("hardware_kind") == "cpu" else "")))
    if kind == "analytics":
        tgt = spec.get("target_minutes")
        rows.append((_t("Training time"), _num(f.get("minutes"), ",.1f", _t(" min"))
                     + (_t("  (target {tgt})").format(tgt=fnum(tgt, "g")) if tgt else "")))
    else:
        tgt = spec.get("target_samples_per_s")
        rows.append((_t("Throughput"), _num(f.get("samples_per_s"), ",.0f", _t(" samples/s"))
                     + (_t("  (target {tgt})").format(tgt=fnum(tgt, ",.0f")) if tgt else "")))
        if f.get("hours") is not None:
            rows.append((_t("Time to train"), _num(f.get("hours"), ",.2f", _t(" h"))))
    if f.get("embedding_gb") is not None:
        rows.append((_t("Embedding tables"), _num(f.get("embedding_gb"), ",.1f", " GB")
                     + _t(" of {capacity}").format(capacity=_num(f.get("embedding_memory_gb"), ",.1f", " GB"))))
    if f.get("units_needed"):
        rows.append((_t("Units that would meet it"), fnum(f["units_needed"], ",")))
    if f.get("cpu_enough"):
        capex = f.get("cpu_capex")
        rows.append((_t("CPU is enough"), _t("{n} × {server}, {capex}").format(
            n=f.get("cpu_servers"), server=f.get("cpu_server_name") or f.get("cpu_server"),
            capex=fnum(capex, ",.0f") + f" {f.get('cpu_currency') or 'USD'}" if capex is not None else _t("no price"))))
    else:
        rows.append((_t("CPU is enough"), _t("no: {why}").format(why=message_text(f.get("cpu_reason") or ""))))
    return rows


def _recompute_text(lay: dict[str, Any], per_stage: int | None) -> str:
    """How the sized layout recomputes activations (the engine's layout, in words)."""
    mode, k = lay.get("recompute"), lay.get("recompute_layers")
    if mode == "full" and k is not None and per_stage:
        return _t("full, {k} of {n} layers per stage").format(k=k, n=per_stage)
    return CHOICE_TEXT.get(f"recompute:{mode}") or str(mode)


# ----------------------------------------------------------------------------- form


class _Field(QWidget):
    """One spec field: editor plus an error line under it."""

    committed = Signal(str)

    def __init__(self, name: str, info: FieldInfo, catalog: Catalog | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        ann, self.optional = _unwrap(info.annotation)
        self.integer = ann is int
        self.choices: list[Any] | None = None
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(1)
        empty = EMPTY_TEXT.get(name) or self.tr("not set")
        if name == "model" and typing.get_origin(ann) is not typing.Literal:  # the LLM kinds: the catalog's
            self.choices = sorted(catalog.llms) if catalog is not None else []
        elif typing.get_origin(ann) is typing.Literal:
            self.choices = list(typing.get_args(ann))
        elif ann is bool:
            self.choices = [False, True]
        if self.choices is not None:
            box = QComboBox(self)
            if self.optional:
                box.addItem(f"({empty})", None)
            for c in self.choices:
                box.addItem(self._choice_text(c, catalog), c)
            box.activated.connect(lambda _i: self.committed.emit(self.name))
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(10)
            self.editor: QComboBox | QLineEdit = box
        else:
            line = QLineEdit(self)
            if self.optional:
                line.setPlaceholderText(empty)
            line.editingFinished.connect(lambda: self.committed.emit(self.name))
            self.editor = line
        self.editor.setObjectName(f"field_{name}")
        self.editor.setToolTip(translated(info.description) if info.description else FIELD_LABELS.get(name, name))
        self.error = QLabel(self)
        self.error.setObjectName(f"error_{name}")
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {style.BAD.name()};")
        self.error.hide()
        lay.addWidget(self.editor)
        # a token count in words under its field ("1 Milliarde Tokens"): "1T", "2 Mrd." or twelve
        # zeros are easy to mistype, and "billion" is a false friend between the two languages
        self.reading: QLabel | None = None
        if name in COUNT_FIELDS and isinstance(self.editor, QLineEdit):
            self.reading = QLabel(self)
            self.reading.setObjectName(f"reading_{name}")
            self.reading.setEnabled(False)
            self.reading.hide()
            self.editor.textChanged.connect(self._show_reading)
            lay.addWidget(self.reading)
        lay.addWidget(self.error)

    def _choice_text(self, c: Any, catalog: Catalog | None) -> str:
        if self.name == "model" and catalog is not None:
            llm = catalog.get("llms", c)
            if llm is not None:
                # German "(8,03 Mrd. Parameter)": "8.03B" was English in both languages
                return self.tr("{name} ({params} parameters)").format(
                    name=getattr(llm, "name", None) or getattr(llm, "model", None) or c,  # "Llama 3.1 70B"
                    params=format_count(round(llm.params_b * 1e9, -6), current(), short=True))
        if self.name == "model" and c in NONLLM_MODELS:  # "ResNet-50", as its paper writes it
            return model_name(c)
        return CHOICE_TEXT.get(f"{self.name}:{c}") or CHOICE_TEXT.get(str(c), str(c))

    def set_value(self, v: Any) -> None:
        if isinstance(self.editor, QComboBox):
            i = self.editor.findData(v)
            if i < 0 and v is not None:  # a value the list does not know (e.g. a model not in the catalog)
                self.editor.addItem(self.tr("{value} (not in catalog)").format(value=v), v)
                i = self.editor.count() - 1
            self.editor.setCurrentIndex(max(i, 0))
        else:
            self.editor.setText(format_number(v))

    def _show_reading(self, text: str) -> None:
        if self.reading is None:
            return
        try:
            v = parse_number(text, self.integer) if text.strip() else None
        except ValueError:
            v = None
        big = v is not None and abs(v) >= 1e6
        if v is not None and big:
            self.reading.setText(self.tr("{count} tokens").format(count=format_count(v, current())))
        self.reading.setVisible(big)

    def value(self) -> Any:
        """The editor's value; raises ValueError for text that is not a number."""
        if isinstance(self.editor, QComboBox):
            return self.editor.currentData()
        text = self.editor.text().strip()
        if not text:
            return None
        return parse_number(text, self.integer)

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))
        self.editor.setProperty("invalid", bool(text))
        sheet = f"border: 1px solid {style.BAD.name()};" if text else ""
        if self.editor.styleSheet() != sheet:  # a new style sheet re-lays the field out a moment
            self.editor.setStyleSheet(sheet)


class WorkloadsPanel(QWidget):
    """``WorkloadsPanel(doc)``: list of the plan's workload targets with their verdicts,
    and an editor for the current one. Follows ``doc.changed``, ``doc.resultsChanged``,
    ``doc.planReset`` and a ``("workload", id)`` selection (a finding double-clicked).

    For tests and tools: ``add_actions[preset key]``, ``tree`` (one top-level item per
    workload, data(0, UserRole) = id), ``fields[name]`` (editor, error label),
    ``name_edit``, ``group_combo``, ``headline``, ``figures`` (label -> value QLabel),
    ``scaling`` (the current workload's scaling chart, :mod:`ui.panels.scaling_chart`),
    ``current_id()``, ``select_workload(id)``."""

    COLUMNS = (QT_TRANSLATE_NOOP("Workloads", "Workload"), QT_TRANSLATE_NOOP("Workloads", "Verdict"),
               QT_TRANSLATE_NOOP("Workloads", "Limited by"), QT_TRANSLATE_NOOP("Workloads", "Key figure"))
    # Size...: the id of the workload to size for the user (the main window opens the wizard)
    sizeRequested = Signal(str)

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.fields: dict[str, _Field] = {}
        self.figures: dict[str, QLabel] = {}
        self._form_for: tuple[str, str] | None = None  # (workload id, kind) the form was built for
        self._loading = False

        # toolbar
        self.add_button = QPushButton(self.tr("Add target"), self)
        self.add_button.setObjectName("addWorkloadButton")
        self.add_button.setToolTip(self.tr("Add a workload target: training, fine-tuning, inference serving or storage"))
        self.add_actions = preset_menu(self.add_button, self.add_workload)
        self.remove_button = QPushButton(self)
        self.remove_button.setObjectName("removeWorkloadButton")
        self.remove_button.setText(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Remove the selected workload target (undoable)"))
        self.remove_button.clicked.connect(self.remove_current)
        # beside the verdict, not in the toolbar above (the toolbar sets the dock's minimum width)
        self.size_button = QPushButton(self.tr("Size a Build\u2026"), self)
        self.size_button.setObjectName("sizeWorkloadButton")
        self.size_button.setToolTip(self.tr("Size this workload for me: compare the builds that meet the selected "
                                            "target and open the chosen one as a new plan"))
        self.size_button.clicked.connect(lambda: self.sizeRequested.emit(self.current_id() or ""))
        self.group_button = QPushButton(self)
        self.group_button.setObjectName("groupFromSelectionButton")
        self.group_button.setText(self.tr("Group from selection"))
        self.group_button.setToolTip(self.tr("Make a server group of the GPU servers selected in the racks or on the floor "
                                     "(servers of selected racks count too) and run the current workload on it"))
        self.group_button.clicked.connect(self.group_from_selection)
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 4, 6, 2)
        bar.addWidget(self.add_button)
        bar.addWidget(self.remove_button)
        bar.addStretch(1)
        bar.addWidget(self.group_button)

        # server groups: pick one, rename or delete it (refused while a workload runs on it)
        self.groups_row = QWidget(self)
        self.groups_row.setObjectName("serverGroupsRow")
        gl = QHBoxLayout(self.groups_row)
        gl.setContentsMargins(6, 0, 6, 2)
        self.groups_combo = QComboBox(self.groups_row)
        self.groups_combo.setObjectName("serverGroupsCombo")
        self.groups_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.groups_combo.setMinimumContentsLength(14)
        self.groups_combo.setToolTip(self.tr("The plan's server groups (a workload can run on one)"))
        self.groups_combo.currentIndexChanged.connect(lambda _i: self._group_say(""))
        self.rename_group_button = QPushButton(self.tr("Rename\u2026"), self.groups_row)
        self.rename_group_button.setObjectName("renameGroupButton")
        self.rename_group_button.setToolTip(self.tr("Rename the server group chosen on the left (undoable)"))
        self.rename_group_button.clicked.connect(lambda: self.rename_group())
        self.delete_group_button = QPushButton(self.tr("Delete"), self.groups_row)
        self.delete_group_button.setObjectName("deleteGroupButton")
        self.delete_group_button.setToolTip(self.tr("Delete the server group chosen on the left (undoable); "
                                            "not while a workload runs on it"))
        self.delete_group_button.clicked.connect(lambda: self.delete_group())
        gl.addWidget(QLabel(self.tr("Server groups"), self.groups_row))
        gl.addWidget(self.groups_combo, 1)
        gl.addWidget(self.rename_group_button)
        gl.addWidget(self.delete_group_button)
        self.groups_message = QLabel(self)
        self.groups_message.setObjectName("serverGroupsMessage")
        self.groups_message.setWordWrap(True)
        self.groups_message.setContentsMargins(6, 0, 6, 2)
        self.groups_message.setStyleSheet(f"color: {style.BAD.name()};")
        self.groups_message.hide()

        # list
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("workloadTree")
        self.tree.setColumnCount(len(self.COLUMNS))
        self.tree.setHeaderLabels(tr_table("Workloads", self.COLUMNS))
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        hdr = self.tree.header()
        hdr.setStretchLastSection(False)
        hdr.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2, 3):
            hdr.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        hdr.setMinimumSectionSize(60)
        self.tree.currentItemChanged.connect(lambda _c, _p: self._show_current())
        self.empty = QLabel(self.tr("No workload targets yet. Add one (training, fine-tuning, inference or storage) "
                            "to see whether this build meets it."), self)
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setObjectName("workloadsEmpty")

        # editor
        self.detail = QWidget()
        dl = QVBoxLayout(self.detail)
        dl.setContentsMargins(10, 6, 10, 8)
        dl.setSpacing(6)
        self.headline = QLabel(self.detail)
        self.headline.setObjectName("verdictHeadline")
        self.headline.setWordWrap(True)
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        self.verdict_error = QLabel(self.detail)
        self.verdict_error.setWordWrap(True)
        self.verdict_error.setStyleSheet(f"color: {style.BAD.name()};")
        self.verdict_error.hide()
        self.figures_box = QWidget(self.detail)
        self.figures_form = QFormLayout(self.figures_box)
        self.figures_form.setContentsMargins(0, 0, 0, 0)
        self.figures_form.setVerticalSpacing(2)
        self.figures_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.notes = QLabel(self.detail)
        self.notes.setWordWrap(True)
        self.notes.setObjectName("verdictNotes")
        # how the answer scales with the GPU count (swept off the GUI thread)
        self.scaling = ScalingSection(doc, self.detail)
        self.scaling.setObjectName("workloadScaling")
        scaling_line = QFrame(self.detail)
        scaling_line.setFrameShape(QFrame.Shape.HLine)
        scaling_line.setFrameShadow(QFrame.Shadow.Sunken)
        line = QFrame(self.detail)
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        self.form_box = QWidget(self.detail)
        self.form = QFormLayout(self.form_box)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setVerticalSpacing(4)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # a narrow dock (322 px at 1366x768) puts a field under its label: side by side the
        # form asked for 411 px and the fields' right halves were cut off (issue 31)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        # name, kind and runs-on rows are made with the form (see _build_form)
        self.name_edit: QLineEdit | None = None  # None until a workload's form is built
        self.group_combo: QComboBox | None = None
        self.phase_combo: QComboBox | None = None  # only when the plan has growth phases
        self.kind_label: QLabel | None = None
        self.message = QLabel(self.detail)
        self.message.setWordWrap(True)
        self.message.setObjectName("workloadsMessage")
        self.message.hide()
        head_row = QHBoxLayout()
        head_row.setContentsMargins(0, 0, 0, 0)
        head_row.addWidget(self.headline, 1)
        self.size_button.setParent(self.detail)
        head_row.addWidget(self.size_button, 0, Qt.AlignmentFlag.AlignTop)
        dl.addLayout(head_row)
        dl.addWidget(self.verdict_error)
        dl.addWidget(self.figures_box)
        dl.addWidget(self.notes)
        dl.addWidget(scaling_line)
        dl.addWidget(self.scaling)
        dl.addWidget(line)
        dl.addWidget(self.form_box)
        dl.addWidget(self.message)
        dl.addStretch(1)
        # not ``self.scroll``: that would hide QWidget.scroll(dx, dy)
        self.detail_scroll = QScrollArea(self)
        self.detail_scroll.setWidgetResizable(True)
        self.detail_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.detail_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.detail_scroll.setWidget(self.detail)
        guard_wheel(self.detail)  # the scaling chart's metric choice; the form's on each build
        # the verdict, notes and chart above the form change height with every result: the
        # field being typed into stays in view (it scrolled away after each edit: issue 31)
        # (at once, inside the resize or move: a correction on the next event-loop turn let a
        # frame with the form a line off reach the screen, and on a loaded X server a click
        # 0.4 s after Return landed on the field above: issue 31, the X11 rebuild)
        self.detail.installEventFilter(self)
        self.form_box.installEventFilter(self)
        self._keep_pending = False
        self._edited_field: str | None = None  # the form field last committed (kept in view)
        # where the field in use was in the viewport when the user last looked (focus, commit,
        # scroll): it is put back there, so the form does not move under the pointer
        self._anchor_y: int | None = None
        vbar = self.detail_scroll.verticalScrollBar()
        # any scroll the user or the program makes (wheel, bar, ensureWidgetVisible) moves the
        # anchor with it; a scroll while a resize is being answered is the clamp of a shrinking
        # form, not a new place to keep (under load a late first verdict put the form back to
        # where it was before the last scroll: CI, issue 31)
        vbar.valueChanged.connect(self._scrolled)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

        top = QWidget(self)
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        tl.setSpacing(0)
        tl.addLayout(bar)
        tl.addWidget(self.groups_row)
        tl.addWidget(self.groups_message)
        tl.addWidget(self.tree, 1)
        tl.addWidget(self.empty, 1)
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.addWidget(top)
        self.splitter.addWidget(self.detail_scroll)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([170, 600])
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.splitter)

        doc.changed.connect(self.on_changed)
        doc.resultsChanged.connect(lambda _r: self.refresh_verdicts())
        doc.selectionChanged.connect(self.on_selection)
        doc.planReset.connect(self.rebuild)
        self._apply_palette()
        self.rebuild()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        moved = (obj is self.detail and event.type() == QEvent.Type.Resize) or \
            (obj is self.form_box and event.type() == QEvent.Type.Move)
        if moved and self._field_in_use() is not None:
            pending, self._keep_pending = self._keep_pending, True  # our scroll is no new anchor
            self._keep_focus_in_view(now=True)
            if not pending:  # once more when the scroll area has answered (its range, a clamp)
                QTimer.singleShot(0, self._keep_focus_in_view)
            else:
                self._keep_pending = pending
        return super().eventFilter(obj, event)

    def _field_in_use(self) -> QWidget | None:
        """The form field the user is at: the one with the keyboard focus, else the one last
        edited (a window that is not active, or a form refilled under the field, has no
        focus field in it, and the edit still scrolled the form away)."""
        focus = self.window().focusWidget()
        if focus is not None and shiboken6.isValid(focus) and self.detail.isAncestorOf(focus):
            return focus
        fld = self.fields.get(self._edited_field or "")
        editor = fld.editor if fld is not None else None
        if editor is not None and shiboken6.isValid(editor) and self.detail.isAncestorOf(editor):
            return editor
        return None

    def _field_y(self, field: QWidget) -> int:
        return field.mapTo(self.detail_scroll.viewport(), QPoint(0, 0)).y()

    def _remember_anchor(self) -> None:
        if not shiboken6.isValid(self):
            return
        field = self._field_in_use()
        self._anchor_y = self._field_y(field) if field is not None and field.isVisible() else None

    def _scrolled(self, _value: int) -> None:
        if not self._keep_pending:
            self._remember_anchor()

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and shiboken6.isValid(self) and shiboken6.isValid(new) and self.detail.isAncestorOf(new):
            self._remember_anchor()

    def _keep_focus_in_view(self, now: bool = False) -> None:
        """Put the field in use back where the user saw it (``now``: inside a resize or move,
        before the scroll area has its new range, which is set here from the form's height)."""
        if not now:
            self._keep_pending = False
        if not shiboken6.isValid(self):
            return
        field = self._field_in_use()
        if field is None or not field.isVisible():
            return
        bar = self.detail_scroll.verticalScrollBar()
        if now:
            bar.setMaximum(max(bar.maximum(), self.detail.height() - self.detail_scroll.viewport().height()))
        if self._anchor_y is not None:  # back where the user saw it
            bar.setValue(bar.value() + self._field_y(field) - self._anchor_y)
        if now:
            return
        y, vp = self._field_y(field), self.detail_scroll.viewport()
        if y < 0 or y + field.height() > vp.height():  # the anchor could not be kept
            self.detail_scroll.ensureWidgetVisible(field, 0, 24)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # a narrow dock keeps the name readable: the key figure is in the verdict below anyway
        self.tree.setColumnHidden(3, self.width() < 600)

    # -- palette ------------------------------------------------------------------------
    def _apply_palette(self) -> None:
        muted = style.floor_colors(self.palette()).label_muted.name()
        self.notes.setStyleSheet(f"color: {muted};")
        if self.kind_label is not None:
            self.kind_label.setStyleSheet(f"color: {muted};")
        self.empty.setStyleSheet(f"color: {muted}; padding: 12px;")
        self.message.setStyleSheet(f"color: {muted};")

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._apply_palette()
            self.refresh_verdicts()

    # -- model access ---------------------------------------------------------------------
    def _workload(self, wid: str | None) -> Workload | None:
        if wid is None:
            return None
        return next((w for w in self.doc.plan.workloads if w.id == wid), None)

    def current_id(self) -> str | None:
        item = self.tree.currentItem()
        return item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None

    def _items(self) -> list[QTreeWidgetItem]:
        """The list's rows, one per workload."""
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [it for it in items if it is not None]

    def select_workload(self, wid: str) -> None:
        for it in self._items():
            if it.data(0, Qt.ItemDataRole.UserRole) == wid:
                self.tree.setCurrentItem(it)
                return

    def _verdict(self, wid: str) -> WorkloadVerdict | None:
        res = self.doc.results
        return res.workloads.get(wid) if res is not None else None

    # -- following the document ---------------------------------------------------------------
    def rebuild(self) -> None:
        """Rebuild the list from the plan (keeps the current workload when it still exists)."""
        keep = self.current_id()
        self.tree.blockSignals(True)
        try:
            self.tree.clear()
            for w in self.doc.plan.workloads:
                it = QTreeWidgetItem()
                it.setData(0, Qt.ItemDataRole.UserRole, w.id)
                self.tree.addTopLevelItem(it)
        finally:
            self.tree.blockSignals(False)
        has = bool(self.doc.plan.workloads)
        self.tree.setVisible(has)
        self.empty.setVisible(not has)
        self.refresh_verdicts()
        self._fill_groups()
        if has:
            ids = [w.id for w in self.doc.plan.workloads]
            self.select_workload(keep if keep in ids else ids[0])
        self._show_current(force=True)

    def on_changed(self, change: Change) -> None:
        if change.metadata and (self.phase_combo is not None) != bool(self.doc.plan.growth_phases):
            self._show_current(force=True)  # the plan got its first growth phase or lost its last
        elif change.metadata and self.phase_combo is not None:
            w = self._workload(self.current_id())
            if w is not None:
                self._load_form(w)  # a phase renamed, added or removed
        if change.groups or change.structure or change.placements:
            self._fill_groups()
        if change.workloads or change.groups or change.structure or change.placements:
            ids = [w.id for w in self.doc.plan.workloads]
            listed = [it.data(0, Qt.ItemDataRole.UserRole) for it in self._items()]
            if ids != listed:
                self.rebuild()
            else:
                self.refresh_verdicts()
                cur = self.current_id()
                if cur in change.workloads or change.groups:
                    self._show_current()  # reloads values; rebuilds the form only for another kind

    def on_selection(self, selection: tuple[tuple[str, str], ...]) -> None:
        for kind, wid in selection or ():
            if kind == "workload":
                self.select_workload(wid)
                return

    def refresh_verdicts(self) -> None:
        groups = {g.id: g for g in self.doc.plan.groups}
        for it in self._items():
            w = self._workload(it.data(0, Qt.ItemDataRole.UserRole))
            if w is None:
                continue
            v = self._verdict(w.id)
            lvl = v.level if v is not None else levels.NONE
            it.setIcon(0, style.level_icon(lvl))
            it.setText(0, w.name or w.id)
            runs = groups[w.group].name if w.group in groups else self.tr("whole plan")
            it.setToolTip(0, self.tr("{kind} · runs on {where}").format(kind=KIND_TEXT.get(w.kind, w.kind), where=runs))
            if v is None:
                verdict = "…"
            elif v.met is None:
                verdict = self.tr("not evaluated")
            elif not has_target(w.kind, w.spec):
                verdict = self.tr("sized (no target)")
            elif v.shown_margin is None and v.margin is not None:  # the site fails it: the margin does not say why
                verdict = self.tr("NOT MET · {bn}").format(bn=BOTTLENECK_TEXT.get(v.bottleneck or "", v.bottleneck or ""))
            else:
                margin = margin_text(v.margin) if v.margin is not None else "\u2013"
                verdict = (self.tr("met · {margin}") if v.met else self.tr("NOT MET · {margin}")).format(margin=margin)
            it.setText(1, verdict)
            it.setForeground(1, style.level_color(lvl) if lvl in (levels.OVER, levels.WARN) else self.palette().text())
            it.setText(2, BOTTLENECK_TEXT.get(v.bottleneck or "", v.bottleneck or "") if v is not None else "")
            it.setText(3, key_figure(v, w.kind))
            it.setToolTip(1, verdict_headline(v, w.kind, w.spec) if v is not None else self.tr("waiting for the engine"))
            it.setToolTip(3, it.text(3))
        self._show_verdict()

    # -- detail --------------------------------------------------------------------------
    def _show_current(self, force: bool = False) -> None:
        w = self._workload(self.current_id())
        self.remove_button.setEnabled(w is not None)
        self.size_button.setEnabled(w is not None and w.kind in SIZABLE_KINDS)
        self.detail_scroll.setVisible(w is not None)
        self.scaling.set_workload(w.id if w is not None else None)
        if w is None:
            self._form_for = None
            return
        if force or self._form_for != (w.id, w.kind):
            self._build_form(w)
        self._load_form(w)
        self._show_verdict()

    @staticmethod
    def _clear_form(form: QFormLayout) -> None:
        """Empty a form. Widgets are deleted later, never under their own signal (an
        edit typed into a field rebuilds the form through the document's signals)."""
        while form.rowCount():
            row = form.takeRow(0)
            for item in (row.labelItem, row.fieldItem):
                widget = item.widget() if item is not None else None
                if widget is not None:
                    widget.hide()
                    widget.deleteLater()

    def _build_form(self, w: Workload) -> None:
        self._clear_form(self.form)
        self.fields = {}
        self._edited_field = None  # another workload's form: nothing of it is being edited
        self.name_edit = QLineEdit(self.form_box)
        self.name_edit.setObjectName("workloadName")
        self.name_edit.editingFinished.connect(self._commit_name)
        self.group_combo = QComboBox(self.form_box)
        self.group_combo.setObjectName("workloadGroup")
        self.group_combo.activated.connect(lambda _i: self._commit_group())
        self.group_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.group_combo.setMinimumContentsLength(12)
        self.kind_label = QLabel(KIND_TEXT.get(w.kind, w.kind), self.form_box)
        self.form.addRow(self.tr("Name"), self.name_edit)
        self.form.addRow(self.tr("Kind"), self.kind_label)
        self.form.addRow(self.tr("Runs on"), self.group_combo)
        self.phase_combo = None
        if self.doc.plan.growth_phases:  # the phase whose target it is (docs/phases.md)
            self.phase_combo = QComboBox(self.form_box)
            self.phase_combo.setObjectName("workloadPhase")
            self.phase_combo.setToolTip(self.tr("The growth phase whose target this is: it is checked in that phase "
                                                "and every later one, not in the phases before"))
            self.phase_combo.activated.connect(lambda _i: self._commit_phase())
            self.phase_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            self.phase_combo.setMinimumContentsLength(12)
            self.form.addRow(self.tr("Growth phase"), self.phase_combo)
        model = SPEC_MODELS.get(w.kind)
        if model is not None:
            order = list(model.model_fields)
            names = sorted(order, key=lambda n: (FIELD_ORDER.index(n) if n in FIELD_ORDER else len(FIELD_ORDER),
                                                 order.index(n)))
            for name in names:
                fld = _Field(name, model.model_fields[name], self.doc.catalog, self.form_box)
                fld.committed.connect(self._commit_field)
                label = QLabel(FIELD_LABELS.get(name, name.replace("_", " ").capitalize()), self.form_box)
                label.setToolTip(translated(model.model_fields[name].description or ""))
                self.form.addRow(label, fld)
                self.fields[name] = fld
        for i in range(self.form.count()):  # show now, not on the next event-loop turn
            item = self.form.itemAt(i)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.show()
        # scrolling the form with the wheel over a choice changed it, an undo step a notch
        guard_wheel(self.detail)
        self._apply_palette()
        self._form_for = (w.id, w.kind)

    def _load_form(self, w: Workload) -> None:
        name_edit, group_combo = self.name_edit, self.group_combo
        if name_edit is None or group_combo is None:  # no form yet: _build_form comes first
            return
        self._loading = True
        try:
            name_edit.setText(w.name)
            name_edit.setCursorPosition(0)  # show the start of a long name
            group_combo.clear()
            group_combo.addItem(self.tr("Whole plan (every GPU server)"), None)
            for g in self.doc.plan.groups:
                group_combo.addItem(self.group_text(g), g.id)
            group_combo.setCurrentIndex(max(0, group_combo.findData(w.group)))
            phases = self.doc.plan.growth_phases
            if self.phase_combo is not None and phases:
                self.phase_combo.clear()
                self.phase_combo.addItem(self.tr("{phase} (not named: the first)").format(phase=phases[0].name), None)
                for ph in phases:
                    self.phase_combo.addItem(ph.name, ph.id)
                self.phase_combo.setCurrentIndex(max(0, self.phase_combo.findData(w.growth_phase)))
            model = SPEC_MODELS.get(w.kind)
            defaults = {n: i.default for n, i in model.model_fields.items()} if model else {}
            for name, fld in self.fields.items():
                d = defaults.get(name)
                fld.set_value(w.spec.get(name, None if d is ... or _is_undefined(d) else d))
                fld.show_error("")
            # a spec that does not validate (hand-edited file): show each error at its field
            try:
                parse_spec(w.kind, w.spec)
            except SpecError as e:
                self._show_spec_errors(error_text(e))
        finally:
            self._loading = False

    def _show_spec_errors(self, message: str, prefer: str | None = None) -> None:
        errs = field_errors(message)
        general = errs.pop("", None)
        for name, text in errs.items():
            if name in self.fields:
                self.fields[name].show_error(text)
            else:
                general = f"{general}; {name}: {text}" if general else f"{name}: {text}"
        if general:
            target = self.fields.get(prefer or "") if prefer else None
            if target is not None:
                target.show_error(general)
            else:
                self._say(general, error=True)

    def _show_verdict(self) -> None:
        w = self._workload(self.current_id())
        self._clear_form(self.figures_form)
        self.figures = {}
        if w is None:
            return
        v = self._verdict(w.id)
        lvl = v.level if v is not None else levels.NONE
        color = style.level_color(lvl).name()
        head = verdict_headline(v, w.kind, w.spec)
        self.headline.setText(f"<span style='color:{color}; font-size:15px'>&#9679;</span> "
                              f"<b>{_html(head)}</b>")
        self.headline.setProperty("level", lvl)
        err = v.error if v is not None and v.error else ""
        self.verdict_error.setText(message_text(err))
        self.verdict_error.setVisible(bool(err))
        if err and not self._loading:
            # an evaluation error naming a field goes to that field too
            for name, text in field_errors(message_text(err)).items():
                if name in self.fields:
                    self.fields[name].show_error(text)
        for label, text in figure_rows(v, w.kind, w.spec, self.doc.catalog):
            value = QLabel(text, self.figures_box)
            value.setWordWrap(True)  # long German figures wrap instead of widening the panel past the dock
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setToolTip(text)
            self.figures_form.addRow(label, value)
            self.figures[label] = value
        band = v.figures.get("error_band") if v is not None and v.met is not None else None
        if band:  # the engine's validated error band of these figures (docs/validation.md)
            label = self.tr("Uncertainty")
            # short, so it never wraps into the row above; what it means is in the tooltip
            value = QLabel(self.tr("±{pct} %").format(pct=f"{band * 100:.0f}"), self.figures_box)
            value.setToolTip(self.tr("The model's median error on published runs of this kind (docs/validation.md)"))
            self.figures_form.addRow(label, value)
            self.figures[label] = value
        res = self.doc.results
        findings = res.findings_for("workload", w.id) if res is not None else []
        notes = [f.text() for f in findings]  # the finding's and the sizing's notes in the app's language
        if v is not None and v.figures.get("notes"):
            notes += [message_text(n) for n in v.figures["notes"]]
        self.notes.setText("\n".join(f"• {n}" for n in notes))
        self.notes.setVisible(bool(notes))

    def _say(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        color = style.BAD.name() if error else style.floor_colors(self.palette()).label_muted.name()
        self.message.setStyleSheet(f"color: {color};")
        self.message.setVisible(bool(text))

    # -- edits ---------------------------------------------------------------------------
    def add_workload(self, preset: str) -> str | None:
        """Add a workload target of a preset (see PRESETS); returns its id."""
        key, _text, kind, spec, name_t = next(p for p in PRESETS if p[0] == preset)
        cat = self.doc.catalog
        # a plan with growth phases: the target of the phase the views show (Show phase), as
        # the user looking at production adds production's target; all phases shown: the first
        w = new_workload(self.doc.plan, kind, spec, _t(name_t), cat.llms if cat is not None else None,
                         phase=self.doc.phase_view)
        if not self.doc.push(AddItem(w)):
            self._say(self.doc.last_refusal, error=True)
            return None
        self.select_workload(w.id)
        return w.id

    def remove_current(self) -> None:
        wid = self.current_id()
        if wid is not None:
            self.doc.push(RemoveItem("workload", wid))

    def _commit_name(self) -> None:
        w = self._workload(self.current_id())
        if w is None or self.name_edit is None or self._loading:
            return
        text = self.name_edit.text().strip()
        if text == w.name:
            return
        if not text:
            self.name_edit.setText(w.name)
            return
        if not self.doc.push(SetProperty("workload", w.id, "name", text)):
            self._say(self.doc.last_refusal, error=True)

    def _commit_group(self) -> None:
        w = self._workload(self.current_id())
        if w is None or self.group_combo is None or self._loading:
            return
        gid = self.group_combo.currentData()
        if gid != w.group and not self.doc.push(SetProperty("workload", w.id, "group", gid)):
            self._say(self.doc.last_refusal, error=True)

    def _commit_phase(self) -> None:
        w = self._workload(self.current_id())
        if w is None or self.phase_combo is None or self._loading:
            return
        pid = self.phase_combo.currentData()
        if pid != w.growth_phase and not self.doc.push(SetProperty("workload", w.id, "growth_phase", pid)):
            self._say(self.doc.last_refusal, error=True)

    def _commit_field(self, name: str) -> None:
        w = self._workload(self.current_id())
        fld = self.fields.get(name)
        if w is None or fld is None or self._loading:
            return
        self._edited_field = name
        self._remember_anchor()
        try:
            value = fld.value()
        except ValueError as e:
            fld.show_error(str(e))
            return
        spec = dict(w.spec)
        if value is None:
            spec.pop(name, None)
        else:
            spec[name] = value
        if spec == w.spec:
            fld.show_error("")
            return
        try:
            parse_spec(w.kind, spec)
        except SpecError as e:
            errs = field_errors(error_text(e))
            # this field's own message; a rule over several fields (storage) also lands here
            fld.show_error(errs.get(name) or "; ".join(errs.values()))
            return
        fld.show_error("")
        # the name made for the old model follows the new one (one undo step)
        template = next((_t(p[4]) for p in PRESETS if p[2] == w.kind and p[3].get("method") in (None, spec.get("method"))),
                        None)
        cat = self.doc.catalog
        if not self.doc.push(spec_edit(self.doc.plan, w.id, spec, template, cat.llms if cat is not None else None)):
            fld.show_error(self.doc.last_refusal)

    # -- server groups -------------------------------------------------------------
    def group_text(self, g: ServerGroup) -> str:
        """A group as its choice lists show it: "GPU servers (1 server)" (a real plural)."""
        return self.tr("{name} (%n server(s))", "", len(g.members)).format(name=g.name)

    def _fill_groups(self) -> None:
        """The groups row lists the plan's groups (kept on the chosen one when it exists)."""
        keep = self.groups_combo.currentData()
        groups = self.doc.plan.groups
        self.groups_combo.blockSignals(True)
        try:
            self.groups_combo.clear()
            for g in groups:
                self.groups_combo.addItem(self.group_text(g), g.id)
            i = self.groups_combo.findData(keep)
            self.groups_combo.setCurrentIndex(i if i >= 0 else 0)
        finally:
            self.groups_combo.blockSignals(False)
        self.groups_row.setVisible(bool(groups))
        if not groups:
            self.groups_message.hide()

    def _group(self, gid: str | None) -> ServerGroup | None:
        return next((g for g in self.doc.plan.groups if g.id == gid), None)

    def _group_say(self, text: str) -> None:
        self.groups_message.setText(text)
        self.groups_message.setVisible(bool(text))

    def rename_group(self, name: str | None = None) -> bool:
        """Rename the group chosen in the groups row (asks for the name unless given)."""
        g = self._group(self.groups_combo.currentData())
        if g is None:
            return False
        if name is None:
            name = dialogs.ask_text(self, self.tr("Rename server group"),
                                    self.tr("New name for {name}:").format(name=g.name), g.name)
            if name is None:
                return False
        name = name.strip()
        if not name or name == g.name:
            return False
        if not self.doc.push(SetProperty("group", g.id, "name", name)):
            self._group_say(self.tr("Cannot rename {name}: {reason}").format(name=g.name, reason=self.doc.last_refusal))
            return False
        self._group_say("")
        return True

    def delete_group(self) -> bool:
        """Delete the group chosen in the groups row; while workloads run on it, the
        edit refuses and the row says which workloads they are."""
        g = self._group(self.groups_combo.currentData())
        if g is None:
            return False
        if self.doc.push(RemoveItem("group", g.id)):
            self._group_say("")
            return True
        users = [w.name or w.id for w in self.doc.plan.workloads if w.group == g.id]
        if users:
            who = ", ".join(f"“{u}”" for u in users[:3])
            if len(users) > 3:
                who = self.tr("{names} and %n more", "", len(users) - 3).format(names=who)
            self._group_say(self.tr("Cannot delete {name}: %n workload(s) run on it ({who}). Set “Runs on” to "
                                    "another group or the whole plan first.", "", len(users))
                            .format(name=g.name, who=who))
        else:
            self._group_say(self.tr("Cannot delete {name}: {reason}").format(name=g.name, reason=self.doc.last_refusal))
        return False

    def selected_servers(self) -> list[str]:
        """GPU servers in the document's selection (planner.gestures.workloads.gpu_servers)."""
        return gpu_servers(self.doc.plan, self.doc.catalog, self.doc.selection)

    def group_from_selection(self) -> str | None:
        """Make a server group of the selected GPU servers; the current workload runs on it."""
        servers = self.selected_servers()
        if not servers:
            msg = self.tr("Select GPU servers (or their racks) in the rack view or the floor plan first")
            self._say(self.doc.refuse(msg), error=True)
            return None
        w = self._workload(self.current_id())
        text = (self.tr("Group %n server(s) for {name}", "", len(servers)).format(name=w.name) if w is not None
                else self.tr("Group %n server(s)", "", len(servers)))
        name = self.tr("Servers {names}").format(names=group_name_members(self.doc.plan, servers))
        edit, gid = group_edit(self.doc.plan, servers, name, w.id if w is not None else None, text)
        if not self.doc.push(edit):
            self._say(self.doc.last_refusal, error=True)
            return None
        self.groups_combo.setCurrentIndex(max(0, self.groups_combo.findData(gid)))
        self._say(self.tr("Group of %n server(s) created; {name} runs on it", "", len(servers)).format(name=w.name)
                  if w is not None else self.tr("Group of %n server(s) created", "", len(servers)))
        return gid


def _is_undefined(v: object) -> bool:
    return type(v).__name__ == "PydanticUndefinedType"


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["PRESETS", "WorkloadsPanel", "field_errors", "format_number", "key_figure", "parse_number"]
