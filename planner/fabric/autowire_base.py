"""What the auto-wirers share (:mod:`planner.fabric.autowire` for fat trees,
:mod:`planner.fabric.nvlink_wire` for NVLink domains, :mod:`planner.fabric.extend`): the
result, fresh id blocks, cable label prefixes and the progress batch size. A module of its
own below the three, so none of them needs a function-level import of another."""

from __future__ import annotations

from dataclasses import dataclass, field

from planner.fabric.progress import Steps
from planner.fabric.topology import FatTree
from planner.model.edits import Compound
from planner.model.plan import Link, Plan, Rack

LABEL_PREFIX = {"compute": "CMP", "storage": "STO", "frontend": "FE", "management": "MGT", "nvlink": "NVL"}
BATCH = 512  # cables between two progress reports / cancel checks (~15 ms of routing)


@dataclass
class NewSwitch:
    placement_id: str
    name: str
    device: str
    tier: str  # leaf/spine/core
    rack_id: str
    u: int


@dataclass
class AutowireResult:
    edit: Compound
    design: FatTree
    fabric_id: str
    switches: dict[str, list[str]] = field(default_factory=dict)  # role -> placement ids
    new_racks: list[str] = field(default_factory=list)
    links: int = 0
    cables: dict[str, int] = field(default_factory=dict)  # cable slug -> count
    transceivers: int = 0
    unrouted: int = 0  # links with no catalog media for their length
    added: list[NewSwitch] = field(default_factory=list)  # switches the edit places
    reused: list[str] = field(default_factory=list)  # switches the user had racked, now wired (placement ids)
    link_list: list[Link] = field(default_factory=list)  # the links the edit adds
    uplinks: int = 0  # of them, switch-to-switch links
    kind: str = "compute"
    new_rack_list: list[Rack] = field(default_factory=list)  # the racks of ``new_racks``
    link_gbps: float = 0.0


def _id_block(plan: Plan, prefix: str, n: int, st: Steps | None = None) -> list[str]:
    """``n`` fresh ids (``link-17`` ...), none used in the plan."""
    new_id = plan.index.new_id
    out = []
    for i in range(n):
        if st is not None and i % 4096 == 0:
            st.report(i / n)
        out.append(new_id(prefix))
    return out
