"""Scale-up domains say what joins the GPUs, from the catalog's GPU entry (vendor, form
factor, GPU-to-GPU bandwidth): NVLink/NVSwitch on NVIDIA SXM boards, Infinity Fabric on AMD
OAM boards, bridged pairs for NVIDIA PCIe cards with NVLink, nothing for PCIe cards without."""

from __future__ import annotations

import json

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main
from planner.engine import Engine
from planner.engine.results import NvlinkSummary
from planner.fabric.nvlink import node_domains, scale_up_interconnect
from planner.model.plan import Placement, Plan, Rack, Room, Row, Site

CAT = load_catalog()


@pytest.mark.parametrize("gpu, link", [("h100-sxm", "nvlink"), ("b200", "nvlink"), ("gb200", "nvlink"),
                                       ("mi300x", "infinity-fabric"), ("mi325x", "infinity-fabric"),
                                       ("h100-pcie", "nvlink-bridge"), ("h100-nvl", "nvlink-bridge"),
                                       ("l40s", "none"), ("l4", "none")])
def test_the_interconnect_comes_from_the_catalog_entry(gpu, link):
    assert scale_up_interconnect(CAT.get("gpus", gpu)) == link


def test_node_domains_name_their_interconnect():
    doms = {d["server_model"]: d for d in node_domains(CAT, {"hpe-cray-xd675": 12, "dell-poweredge-xe9680": 2,
                                                             "supermicro-sys-421ge-tnrt": 3})}
    amd, nv, pcie = doms["hpe-cray-xd675"], doms["dell-poweredge-xe9680"], doms["supermicro-sys-421ge-tnrt"]
    assert (amd["interconnect"], amd["interconnect_name"], amd["domain_gpus"]) == ("infinity-fabric",
                                                                                  "Infinity Fabric", 8)
    assert (nv["interconnect"], nv["domain_gpus"]) == ("nvlink", 8)
    # 10 L40S on PCIe: each GPU its own domain, no link (the old "nvlink" key stays: False)
    assert (pcie["interconnect"], pcie["domain_gpus"], pcie["nvlink"]) == ("none", 1, False)


def _plan(server: str, n: int) -> Plan:
    racks = [Rack(id=f"r{k}", name=f"R{k}", rack_type="rack-48u-600x1200",
                  placements=[Placement(id=f"s{k}", device=server, u=2)]) for k in range(n)]
    return Plan(site=Site(rooms=[Room(id="room", name="Hall", width_m=20, depth_m=10,
                                      rows=[Row(id="row", name="A", x_m=1, y_m=1, racks=racks)])]))


def test_mi300x_servers_are_infinity_fabric_domains_not_nvswitch():
    plan = _plan("hpe-cray-xd675", 3)
    plan.reindex()
    res = Engine(CAT).compute(plan)
    nv = res.nvlink
    assert nv.count == 3 and nv.in_server == 3
    assert nv.in_server_by == (("infinity-fabric", 3),) and nv.interconnects == ("infinity-fabric",)
    doms = res.to_json(plan, CAT)["nvlink_domains"]
    assert [(d["interconnect"], d["interconnect_name"], d["domain_gpus"]) for d in doms] == \
        [("infinity-fabric", "Infinity Fabric", 8)]


def test_pcie_cards_without_a_bridge_count_no_domain():
    nv = NvlinkSummary.build({}, {"supermicro-sys-421ge-tnrt": 4}, CAT)
    assert nv.count == 0 and nv.in_server_by == () and nv.interconnects == ()


def _size(capsys, *argv):
    code = main(["size", "infer", "--model", "llama-3.1-8b", *argv])
    return code, capsys.readouterr().out


def test_size_infer_names_the_gpus_link(capsys):
    code, out = _size(capsys, "--gpu", "l40s", "--gpus", "1")
    assert code == 0
    first = out.splitlines()[0]
    assert "NVLink" not in first and "PCIe" in first
    _, out = _size(capsys, "--gpu", "mi300x")
    assert "Infinity Fabric domain 8 GPUs" in out.splitlines()[0] and "NVLink" not in out.splitlines()[0]
    _, out = _size(capsys, "--gpu", "h100-sxm")
    assert "NVLink domain 8 GPUs" in out.splitlines()[0]
    _, out = _size(capsys, "--gpu", "mi300x", "--json")
    d = json.loads(out)
    assert d["scale_up_interconnect"] == "infinity-fabric" and "nvlink_domain_gpus" in d  # old keys stay
    code = main(["--lang", "de", "size", "infer", "--model", "llama-3.1-8b", "--gpu", "l40s", "--gpus", "1"])
    first = capsys.readouterr().out.splitlines()[0]
    assert "NVLink-Domäne" not in first and "PCIe" in first and "keine GPU-zu-GPU-Verbindung" in first


def test_check_text_names_the_link(capsys, tmp_path):
    from planner.files.plan_io import plan_to_json

    plan = _plan("hpe-cray-xd675", 2)
    path = tmp_path / "amd.json"
    path.write_text(plan_to_json(plan))
    main(["check", str(path)])
    line = next(x for x in capsys.readouterr().out.splitlines() if x.strip().startswith("Scale-up"))
    assert "2 x 8 GPUs on Infinity Fabric in one HPE Cray XD675" in line and "NVLink" not in line
    main(["--lang", "de", "check", str(path)])
    line = next(x for x in capsys.readouterr().out.splitlines() if x.strip().startswith("Scale-up"))
    assert "2 x 8 GPUs über Infinity Fabric in einem HPE Cray XD675" in line
    plan = _plan("supermicro-sys-421ge-tnrt", 1)
    path.write_text(plan_to_json(plan))
    main(["check", str(path)])
    line = next(x for x in capsys.readouterr().out.splitlines() if x.strip().startswith("Scale-up"))
    assert "PCIe" in line and "NVLink" not in line
