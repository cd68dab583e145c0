"""python -m planner.i18n compile|extract|check|update (see planner.i18n.catalogs)."""

from __future__ import annotations

import sys

from planner.i18n import catalogs


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else ""
    if cmd == "compile":
        for mo in catalogs.compile_catalogs():
            print(f"compiled {mo}")
        return 0
    if cmd == "extract":
        for key, where in catalogs.extract().items():
            print(f"{where[0][0]}:{where[0][1]}: {key!r}")
        return 0
    if cmd == "update":
        for lang in catalogs.languages():
            n = catalogs.update_po(lang)
            print(f"{lang}: {n} new text{'' if n == 1 else 's'}")
        return 0
    if cmd == "check":
        bad = 0
        for lang in catalogs.languages():
            for problem in catalogs.check(lang):
                print(f"{lang}: {problem}")
                bad += 1
        return 1 if bad else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
