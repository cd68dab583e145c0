"""Exact, order-independent sums: every finite float as an integer number of 2**-1074, so a
fabric's sums do not depend on the order its links were added (incremental == full, bit for
bit, and equal to ``math.fsum`` of the same terms)."""

from __future__ import annotations

import math

_SHIFT = 1074  # every finite float is an integer multiple of 2**-1074
_ONE = 1 << _SHIFT
_EXACT: dict[float, int] = {}


def _exact(x: float) -> int:
    """``x`` as an integer number of 2**-1074 (exact for every finite float)."""
    got = _EXACT.get(x)
    if got is None:
        if not math.isfinite(x):
            return 0
        n, d = float(x).as_integer_ratio()
        got = n << (_SHIFT - d.bit_length() + 1)
        if len(_EXACT) > 200_000:
            _EXACT.clear()
        _EXACT[x] = got
    return got


def _float(n: int) -> float:
    """The float nearest an exact sum (int / int true division is correctly rounded, as
    ``math.fsum`` is: the same value whatever the order of the terms)."""
    return n / _ONE if n else 0.0
