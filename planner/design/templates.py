"""Reference designs: complete plans for the builds customers ask for most, each with the
workload it is meant for (docs/templates.md says what each is for and where its choices
come from).

Each template is a :class:`~planner.design.model.BuildDesign` built by
:func:`planner.design.generate.generate_plan` from the catalog, so it is placed, powered,
cooled and wired like any generated plan and passes ``rackwright check`` without error
findings. ``spec`` holds the issue's ranges for the build (per server: cores, RAM, GPUs,
GPU memory, local NVMe, NIC speed; per build: GPUs, RAM, shared flash); the tests check
them against the catalog's device data.

:func:`list_templates` is quick (no catalog, no plan); :func:`build_template` builds one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from planner.design.model import BuildDesign, FabricChoice, StorageChoice
from planner.i18n import N_, gettext, tf

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.fabric.progress import CancelFn, ProgressFn
    from planner.model.plan import Plan


@dataclass(frozen=True)
class TemplateInfo:
    name: str
    # title, description and workload are English catalog texts (N_): show them through
    # planner.i18n._ (``rackwright templates``, the app's template dialog)
    title: str
    description: str
    workload: str  # what the build is meant for, one line
    gpus: int  # GPUs in the built plan (a test checks it against the plan)
    # the warnings `rackwright check` gives the built plan on purpose, each named by its code
    # and explained (an English catalog text, N_; shown after the description and printed in
    # the plan's notes, on the build plan's cover); "" when it checks without warnings
    intended: str = ""
    # the same for the warnings only a North-American build gives (its feeds under the NEC's
    # 80 % continuous-load rule), appended to the notes of a plan built for that region only
    intended_na: str = ""

    def intended_for(self, region: str) -> str:
        """What a build for site ``region`` names as intended (English catalog texts, N_)."""
        return " ".join(x for x in (self.intended, self.intended_na if region == "na" else "") if x)


@dataclass(frozen=True)
class Template:
    info: TemplateInfo
    design: BuildDesign
    workloads: tuple[dict[str, Any], ...]  # plan workloads: {"id", "name", "kind", "spec"}
    # (low, high) per figure, None for an open end; see the module docstring
    spec: dict[str, tuple[float | None, float | None]] = field(default_factory=dict)
    customer: str = N_("Reference design")


class UnknownTemplate(ValueError):
    """No template of that name; the message lists the names there are."""


_IB400 = FabricChoice(kind="compute", technology="infiniband", speed_gbps=400.0, rail_optimised=True)

TEMPLATES: dict[str, Template] = {}


def _add(t: Template) -> None:
    TEMPLATES[t.info.name] = t


_add(Template(
    TemplateInfo(
        "entry-training-32xh100", N_("Entry training pod: 32x H100"),
        N_("Four Dell PowerEdge XE9680 (32x H100 SXM 80GB) on a rail-optimised 400G NDR InfiniBand "
        "fabric (ConnectX-7, one port per GPU), three DDN AI400X2 NVMe appliances (~2.2 PB raw flash) on "
        "their own InfiniBand storage fabric, rear-door heat exchangers on facility water, 2N power."),
        N_("Fine-tune Llama-3-70B (LoRA) on 2B tokens in a day; pre-train an 8B model on 300B tokens in a month"),
        32),
    BuildDesign(server="dell-poweredge-xe9680", servers=4, cooling="rdhx", name="Entry training pod: 32x H100",
                servers_per_rack=2, compute=_IB400, storage=StorageChoice("ddn-ai400x2", 3)),
    (
        {"id": "wl-finetune", "name": N_("Fine-tune Llama-3-70B (LoRA): 2B tokens in 1 day"), "kind": "finetune",
         "spec": {"model": "llama-3-70b", "method": "lora", "tokens": 2e9, "target_days": 1}},
        {"id": "wl-pretrain", "name": N_("Pre-train Llama-3.1-8B: 300B tokens in 30 days"), "kind": "pretrain",
         "spec": {"model": "llama-3.1-8b", "tokens": 3e11, "target_days": 30, "precision": "bf16"}},
    ),
    spec={"gpus": (32, 32), "gpu_memory_gb": (80, 80), "nic_gbps": (400, 400), "shared_flash_tb": (1800, 2500)},
))

_add(Template(
    TemplateInfo(
        "inference-small-enterprise", N_("Small enterprise inference server"),
        N_("One Dell PowerEdge R760 with one NVIDIA L40S (48 GB), 2x 32 cores, 512 GB RAM, 7.68 TB NVMe, "
        "2x 10GbE to the customer's network; air-cooled in one rack with A/B PDUs and a management switch."),
        N_("Serve Llama-3.1-8B (FP8) to 64 concurrent users at 20 tokens/s, first token within 1 s"),
        1),
    BuildDesign(server="dell-poweredge-r760-l40s", servers=1, cooling="air", name="Small enterprise inference",
                compute=None),
    (
        {"id": "wl-serve", "name": N_("Serve Llama-3.1-8B: 64 users at 20 tok/s, TTFT < 1 s"), "kind": "inference",
         "spec": {"model": "llama-3.1-8b", "precision": "fp8", "users": 64, "input_tokens": 1024,
                  "output_tokens": 256, "target_tokens_per_s_per_user": 20, "target_ttft_s": 1.0}},
    ),
    spec={"servers": (1, 1), "cores": (32, 64), "ram_gb": (256, 512), "gpus_per_server": (1, 1),
          "gpu_memory_gb": (24, 80), "nvme_tb": (4, 8), "nic_gbps": (10, 25)},
))

_add(Template(
    TemplateInfo(
        "inference-production", N_("Production inference: 8x R760xa (32x L40S)"),
        N_("Eight Dell PowerEdge R760xa, each 2x 32 cores, 512 GB RAM, 4x NVIDIA L40S (48 GB), 15.36 TB NVMe, "
        "2x 100GbE, scaled horizontally behind a 100GbE front-end fabric; air with containment, 2N power."),
        N_("Serve Llama-3.1-70B (FP8, tensor-parallel over each server's 4 GPUs) to 128 concurrent users"),
        32,
        N_("Intended warning BALANCE_NETWORK: the R760xa has no compute-fabric ports; each server serves its own "
           "tensor-parallel replica over its four GPUs, so no compute fabric is built.")),
    BuildDesign(server="dell-poweredge-r760xa-l40s-100gbe", servers=8, cooling="air", name="Production inference",
                compute=None,
                frontend=FabricChoice(kind="frontend", technology="ethernet", speed_gbps=100.0, oversubscription=1.0,
                                      rail_optimised=False)),
    (
        {"id": "wl-serve", "name": N_("Serve Llama-3.1-70B: 128 users at 10 tok/s, TTFT < 2 s"), "kind": "inference",
         "spec": {"model": "llama-3.1-70b", "precision": "fp8", "users": 128, "input_tokens": 1024,
                  "output_tokens": 256, "target_tokens_per_s_per_user": 10, "target_ttft_s": 2.0, "tp": 4}},
    ),
    spec={"servers": (2, None), "cpus": (2, 2), "cores": (64, 128), "ram_gb": (512, 1024),
          "gpus_per_server": (2, 4), "gpu_memory_gb": (48, 96), "nvme_tb": (8, 20), "nic_gbps": (25, 100)},
))

_add(Template(
    TemplateInfo(
        "training-enterprise", N_("Enterprise training: 2x XE9680 (16x H200)"),
        N_("Two Dell PowerEdge XE9680, each 2x 56 cores, 2 TB RAM, 8x NVIDIA H200 (141 GB), 61 TB NVMe, "
        "8x 400G ConnectX-7 on a rail-optimised NDR InfiniBand fabric, its switch in the servers' rack; one DDN "
        "AI400X2 for the dataset, checkpoints and logs on an InfiniBand storage fabric; air with containment, "
        "2N power."),
        N_("Fine-tune Llama-3.1-70B (full) on 2B tokens in 2 days"),
        16),
    BuildDesign(server="dell-poweredge-xe9680-h200", servers=2, cooling="air", name="Enterprise training",
                compute=_IB400, storage=StorageChoice("ddn-ai400x2", 1)),
    (
        {"id": "wl-finetune", "name": N_("Fine-tune Llama-3.1-70B (full): 2B tokens in 2 days"), "kind": "finetune",
         "spec": {"model": "llama-3.1-70b", "method": "full", "tokens": 2e9, "target_days": 2, "zero": 3}},
    ),
    spec={"cpus": (2, 2), "cores": (96, 192), "ram_gb": (1000, 2048), "gpus_per_server": (4, 8),
          "gpu_memory_gb": (80, 192), "nvme_tb": (20, 100), "nic_gbps": (100, 400)},
))

_add(Template(
    TemplateInfo(
        "training-cluster", N_("Training cluster: 8 nodes, 64x H100 (liquid-cooled)"),
        N_("Eight Supermicro SYS-421GE-TNHR2-LCC (8x H100 SXM each, direct-to-chip liquid cooling), 16 TB RAM "
        "in all, 30.72 TB NVMe per node (distributed), a rail-optimised 400G NDR InfiniBand fabric, one CDU "
        "loop (N+1), 2N power."),
        N_("Pre-train Llama-3.1-8B on 1T tokens in 30 days"),
        64,
        ""),  # North America: no intended warning since the region's PDU choice balances the phases
    BuildDesign(server="supermicro-sys-421ge-tnhr2-lcc", servers=8, cooling="dlc", name="Training cluster",
                compute=_IB400),
    (
        {"id": "wl-pretrain", "name": N_("Pre-train Llama-3.1-8B: 1T tokens in 30 days"), "kind": "pretrain",
         "spec": {"model": "llama-3.1-8b", "tokens": 1e12, "target_days": 30, "precision": "bf16"}},
    ),
    spec={"servers": (2, None), "gpus": (16, None), "ram_total_tb": (10, None), "nvme_tb": (1, None),
          "nic_gbps": (200, 400)},
))

_add(Template(
    TemplateInfo(
        "superpod-h100-1su", N_("DGX SuperPOD H100: one scalable unit (256 GPUs)"),
        N_("32 NVIDIA DGX H100 (one SuperPOD scalable unit), a rail-optimised 400G NDR InfiniBand compute "
        "fabric (8 rails), four DDN AI400X2 on an InfiniBand storage fabric, a management switch per rack; "
        "air with containment at three DGX per rack (the engine's 40 kW limit), 2N power."),
        N_("Pre-train Llama-3.1-70B on 1T tokens in 60 days"),
        256,
        ""),  # North America: no intended warning since the region's PDU choice balances the phases
    BuildDesign(server="nvidia-dgx-h100", servers=32, cooling="air", name="DGX SuperPOD H100, 1 SU",
                compute=_IB400, storage=StorageChoice("ddn-ai400x2", 4)),
    (
        {"id": "wl-pretrain", "name": N_("Pre-train Llama-3.1-70B: 1T tokens in 60 days"), "kind": "pretrain",
         "spec": {"model": "llama-3.1-70b", "tokens": 1e12, "target_days": 60, "precision": "bf16"}},
    ),
    spec={"servers": (32, 32), "gpus": (256, 256), "nic_gbps": (400, 400)},
))

_add(Template(
    TemplateInfo(
        "gb200-nvl72", N_("GB200 NVL72: one rack (72 GPUs)"),
        N_("One NVIDIA GB200 NVL72 rack (18 compute trays, 9 NVLink switch trays, 8 power shelves on eight "
        "three-phase PDUs, sides A and B) on direct liquid cooling with its CDU loop (N+1), the 72-GPU NVLink "
        "domain wired, the trays' ConnectX-7 ports on a 400G NDR InfiniBand fabric."),
        N_("Serve Llama-3.1-405B (FP8) to 600 users at 20 tokens/s, first token within 1 s"),
        72,
        N_("Intended warning BALANCE_RAM: the compute tray's 960 GB of CPU memory for 744 GB of GPU memory, "
           "as NVIDIA builds it, is below the engine's 1.5x rule of thumb."),
        N_("Intended warnings in North America, POWER_FEED_HIGH and PDU_PHASE_HIGH: each of the eight 33 kW power "
           "shelves has a 415 V 60 A three-phase circuit of its own, four on side A and four on side B, so with "
           "one side lost the other four carry the rack at maximum draw, about 31 kW each: 95 % of the 32.8 kW "
           "(48 A) a 60 A circuit carries continuously under the NEC's 80 % rule. That is within the code, with "
           "little margin; circuits listed for 100 % of their rating, two circuits per shelf (the OCP ORv3 "
           "high-power rack gives a 33 kW shelf two 30 A 480 V whips) or a power cap on the rack give more. (An "
           "EU build's 63 A circuits, rated at 100 %, run at 75 %.)")),
    BuildDesign(server="nvidia-gb200-nvl72-compute-tray", servers=18, cooling="dlc", platform="gb200-nvl72",
                name="GB200 NVL72", compute=_IB400),
    (
        {"id": "wl-serve", "name": N_("Serve Llama-3.1-405B (FP8): 600 users at 20 tok/s, TTFT < 1 s"),
         "kind": "inference",
         "spec": {"model": "llama-3.1-405b", "precision": "fp8", "users": 600, "input_tokens": 2048,
                  "output_tokens": 512, "target_tokens_per_s_per_user": 20, "target_ttft_s": 1.0, "tp": 8}},
    ),
    spec={"gpus": (72, 72)},
))


def list_templates() -> list[TemplateInfo]:
    """Every template's name, title, description, workload and GPUs, in the order above."""
    return [t.info for t in TEMPLATES.values()]


def get_template(name: str) -> Template:
    t = TEMPLATES.get(name)
    if t is None:
        raise UnknownTemplate(f"unknown template {name!r} (one of {', '.join(TEMPLATES)})")
    return t


def build_template(name: str, catalog: Catalog, *, progress: ProgressFn | None = None,
                   cancel: CancelFn | None = None, region: str | None = None) -> Plan:
    """The plan of template ``name`` (a :class:`~planner.model.plan.Plan`), built from ``catalog``
    for the site's power ``region`` (``"eu"`` or ``"na"``; None: the active language's and
    the system locale's, :func:`planner.model.regions.default_region`)."""
    from dataclasses import replace

    from planner.design.generate import generate_plan
    from planner.i18n import active_language
    from planner.model.plan import Metadata
    from planner.model.regions import default_region, normalize_region

    t = get_template(name)
    site_region = normalize_region(region) if region else default_region(active_language())
    design = replace(t.design, region=site_region)
    # the plan's texts are data, made in the active language (a German plan says it in German)
    notes = tf(N_("Reference design {name}: {description} Meant for: {workload}. Built by `rackwright new "
                  "--template`; docs/templates.md gives the sources of its choices."),
               name=t.info.name, description=gettext(t.info.description), workload=gettext(t.info.workload))
    for text in (t.info.intended, t.info.intended_na if site_region == "na" else ""):
        if text:
            notes = f"{notes} {gettext(text)}"  # whole sentences
    md = Metadata(customer=gettext(t.customer), project=gettext(t.info.title),
                  author=gettext(N_("Rackwright reference design")), notes=notes)
    workloads = [dict(w, name=gettext(w["name"])) for w in t.workloads]
    return generate_plan(design, catalog, workloads=workloads, metadata=md, progress=progress, cancel=cancel)


__all__ = ["TEMPLATES", "Template", "TemplateInfo", "UnknownTemplate", "build_template", "get_template",
           "list_templates"]
