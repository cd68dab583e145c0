"""Rackwright desktop app (PySide6). Shows and edits the plan; never computes totals:
figures come from planner.engine through ui.document.Document."""

import sys as _sys


def _make_none_immortal() -> None:
    """Work around a PySide6 6.12 refcount bug on CPython 3.11.

    Every call of a void C++ method through PySide6 6.12.0 (``QPainter.setPen``,
    ``QColor.setRed``, ``QRectF.setWidth`` ...) drops one reference to ``None``
    without taking it. None starts with about 5,000 references, so a few frames of
    painting bring it to zero and CPython aborts ("none_dealloc: deallocating None").
    CPython 3.12 made None immortal (PEP 683) and is unaffected; on 3.11 we do the
    same by giving None a reference count no session can use up (2**60).
    """
    if _sys.version_info >= (3, 12) or _sys.implementation.name != "cpython":
        return
    import ctypes

    refcnt = ctypes.c_ssize_t.from_address(id(None))  # ob_refcnt is PyObject's first field
    if refcnt.value < 1 << 59:
        refcnt.value += 1 << 60


_make_none_immortal()
