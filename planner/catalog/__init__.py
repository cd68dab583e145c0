"""Hardware catalog: device types, rack types and component tables, with sources.

Public API::

    from planner.catalog import load_catalog, Catalog, CatalogError
    cat = load_catalog()                 # shipped catalogs/ + user folder
    cat.device("dell-poweredge-xe9680").planning.power.max_w
    cat.gpu("h100-sxm").hbm_bandwidth_tb_per_s
    cat.errors                           # list[CatalogError]; the rest still loaded
"""

from __future__ import annotations

from .loader import (
    Catalog,
    CatalogError,
    Layer,
    Origin,
    catalog_summary,
    load_catalog,
    shipped_catalog_dir,
    team_catalog_dir,
    user_catalog_dir,
)
from .models import (
    KINDS,
    Cable,
    CloudPrice,
    CoolingUnit,
    DeviceType,
    Gpu,
    Llm,
    Nic,
    Planning,
    PowerSpec,
    Price,
    RackType,
    Source,
    cfm_to_m3_per_h,
)

__all__ = [
    "KINDS",
    "Cable",
    "Catalog",
    "CatalogError",
    "CloudPrice",
    "CoolingUnit",
    "DeviceType",
    "Gpu",
    "Layer",
    "Llm",
    "Nic",
    "Origin",
    "Planning",
    "PowerSpec",
    "Price",
    "RackType",
    "Source",
    "catalog_summary",
    "team_catalog_dir",
    "cfm_to_m3_per_h",
    "load_catalog",
    "shipped_catalog_dir",
    "user_catalog_dir",
]
