"""Workload and server-group gestures, Qt-free (the Workloads panel calls them and pushes
the result): a new workload target with a fresh id and a free name, which placements of a
selection are GPU servers, and a server group made of them with the current workload put
on it as one undo step. Ids come from the plan (``Plan.new_id``: never one that exists),
names from :func:`planner.model.naming.unique_name`, the GPU-server rule from
:func:`planner.workloads.cluster.is_gpu_server` (the one the engine sizes clusters by)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from planner.i18n import N_
from planner.model.edits import AddItem, Compound, Edit, SetProperty
from planner.model.naming import unique_name
from planner.model.plan import ServerGroup, Workload
from planner.workloads.cluster import is_gpu_server

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.plan import Plan

# how many member names a new group's default name lists before "+N"
GROUP_NAME_MEMBERS = 3


def gpu_servers(plan: Plan, catalog: Catalog | None, selection: Iterable[tuple[str, str]]) -> list[str]:
    """The GPU servers of a selection ((kind, id) pairs): selected placements and those in
    selected racks, in selection order, each once; what is not a GPU server is left out."""
    idx = plan.index
    ids: list[str] = []
    for kind, eid in selection:
        if kind == "placement" and eid in idx.placements:
            ids.append(eid)
        elif kind == "rack" and eid in idx.racks:
            ids += [p.id for p in idx.racks[eid].placements]
    out: list[str] = []
    seen: set[str] = set()
    for pid in ids:
        if pid in seen:
            continue
        d = catalog.get("device-types", idx.placements[pid].device) if catalog is not None else None
        if is_gpu_server(d):
            out.append(pid)
            seen.add(pid)
    return out


def new_workload(plan: Plan, kind: str, spec: dict[str, Any], name: str,
                 models: Mapping[str, Any] | Iterable[str] | None = None, phase: str | None = None) -> Workload:
    """A workload target with a fresh id (``wl-N``) and a name made free among the plan's
    workloads (``Serve llama-3.1-70b 2``): ``name`` with ``{model}`` filled in from the spec.
    ``models``: the catalog's LLMs (by id: then the name gives the model's catalog name, see
    :func:`model_label`); a spec model it lacks is replaced by the first of them
    (a preset made for another catalog). ``phase``: the growth phase whose target it is (the
    one the user is looking at when adding it; None, or a phase the plan does not have: the
    first)."""
    from planner.workloads.specs import NONLLM_KINDS

    spec = dict(spec)
    llms = sorted(models or ())
    # the LLM kinds name a catalog LLM; vision and recommendation models are the spec's own
    if kind not in NONLLM_KINDS and "model" in spec and llms and spec["model"] not in llms:
        spec["model"] = llms[0]
    text = name.format(model=model_label(kind, spec.get("model", ""), models if isinstance(models, Mapping) else None))
    phases = [ph.id for ph in plan.growth_phases]
    # the first phase is stored as absent (what a target names no phase means)
    ref = phase if phase in phases[1:] else None
    return Workload(id=plan.new_id("wl"), name=unique_name({w.name for w in plan.workloads}, text), kind=kind,
                    spec=spec, growth_phase=ref)


def model_label(kind: str, model: object, llms: Mapping[str, Any] | None = None) -> str:
    """A workload's model in its name: a vision or recommendation model as its paper writes
    it ("Vision ResNet-50", not "Vision resnet-50"), an LLM by its catalog model name when
    ``llms`` (the catalog's, by id) has one ("Serve Llama 3.1 70B", not "Serve llama-3.1-70b";
    a walk-through of issue 32), else by its catalog id."""
    from planner.workloads.nonllm import model_name
    from planner.workloads.specs import NONLLM_KINDS

    if kind in NONLLM_KINDS:
        return model_name(str(model))
    llm = llms.get(str(model)) if llms is not None else None
    return str(getattr(llm, "model", None) or model or "")


def spec_edit(plan: Plan, workload_id: str, spec: dict[str, Any], template: str | None = None,
              llms: Mapping[str, Any] | None = None) -> Edit:
    """A workload's new spec as one edit. When the model changes and the workload still has
    the name ``template`` made for the old model ("Vision {model}" -> "Vision ResNet-50", or
    "Vision ResNet-50 2"), the name follows the model in the same undo step (issue 32: it kept
    saying ResNet-50 over a ViT); a name the user gave is left alone."""
    w = next((x for x in plan.workloads if x.id == workload_id), None)
    edit = SetProperty("workload", workload_id, "spec", spec)
    if w is None or not template or "{model}" not in template or spec.get("model") == w.spec.get("model"):
        return edit
    old = template.format(model=model_label(w.kind, w.spec.get("model", ""), llms))
    suffix = w.name[len(old):]
    if not w.name.startswith(old) or not (suffix == "" or (suffix[:1] == " " and suffix[1:].isdigit())):
        return edit
    taken = {x.name for x in plan.workloads if x.id != workload_id}
    name = unique_name(taken, template.format(model=model_label(w.kind, spec.get("model", ""), llms)))
    if name == w.name:
        return edit
    return Compound([edit, SetProperty("workload", workload_id, "name", name)], N_("Change workload model"))


def group_name_members(plan: Plan, servers: list[str]) -> str:
    """The members part of a new group's name: the first servers' names and how many more
    (``gpu01, gpu02, gpu03 +5``)."""
    idx = plan.index
    names = [idx.placements[p].name or p for p in servers]
    extra = len(names) - GROUP_NAME_MEMBERS
    return ", ".join(names[:GROUP_NAME_MEMBERS]) + (f" +{extra}" if extra > 0 else "")


def group_edit(plan: Plan, servers: list[str], name: str, workload_id: str | None,
               text: str) -> tuple[Compound, str]:
    """One undo step (``text``): a server group of ``servers`` with a fresh id (``grp-N``) and
    ``name`` made free among the groups, and workload ``workload_id`` (if any) put on it;
    (the edit, the new group's id)."""
    group = ServerGroup(id=plan.new_id("grp"), name=unique_name({g.name for g in plan.groups}, name),
                        members=list(servers))
    edits: list[Edit] = [AddItem(group)]
    if workload_id is not None:
        edits.append(SetProperty("workload", workload_id, "group", group.id))
    return Compound(edits, text), group.id


__all__ = ["GROUP_NAME_MEMBERS", "gpu_servers", "group_edit", "group_name_members", "model_label", "new_workload",
           "spec_edit"]
