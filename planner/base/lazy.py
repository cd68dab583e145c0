"""Packages that import their submodules on first use (PEP 562), so importing the package
(the engine imports ``planner.fabric``) does not load auto-wire, the calculator or the
sweep until something asks for them (bench/bench_startup.py)."""

from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any


def install(name: str, exports: dict[str, str]) -> None:
    """Make package ``name`` load ``exports`` (public name -> submodule) on first access.

    Importing submodule X binds the package's attribute X to that module; where a public
    function has its submodule's name (``autowire``, ``sweep``), the function stays the
    package's attribute."""
    mod = sys.modules[name]

    def __getattr__(attr: str) -> Any:
        sub = exports.get(attr)
        if sub is None:
            raise AttributeError(f"module {name!r} has no attribute {attr!r}")
        value = getattr(importlib.import_module(f"{name}.{sub}"), attr)
        ModuleType.__setattr__(mod, attr, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(mod), *exports})

    class _Package(ModuleType):
        def __setattr__(self, attr: str, value: Any) -> None:
            if attr in exports and isinstance(value, ModuleType):
                return
            super().__setattr__(attr, value)

    mod.__getattr__ = __getattr__  # type: ignore[method-assign]
    mod.__dir__ = __dir__  # type: ignore[method-assign]
    mod.__class__ = _Package
