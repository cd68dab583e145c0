"""Totals panel: the plan's live figures against capacities and workload targets.

Every number shown is an engine figure (``Document.results``): plan totals, and the
engine's own utilisation of feeds, loops and racks. The panel only picks, formats
(planner.units for BTU/h and tons, ui.units for mass) and colours them with the
shared green/amber/red scale; it never adds anything up itself.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QScrollArea, QSizePolicy, QVBoxLayout, QWidget

from planner.units import btu_per_h, tons
from ui import style
from ui import units as display_units
from ui.scenes.floor import rack_load_limit


def nvlink_domains(results: Any, plan: Any, catalog: Any) -> list[dict[str, Any]]:
    """The engine's ``nvlink_domains`` section (``rackwright check --json``), or []."""
    from planner.engine.report import SECTION_PROVIDERS

    for sec in SECTION_PROVIDERS:
        if sec.name == "nvlink_domains":
            try:
                return sec.provider(results, plan, catalog) or []
            except (AttributeError, KeyError, TypeError):  # results of an engine without NVLink figures
                return []
    return []


def fmt_power(w: float) -> str:
    kw = w / 1000.0
    if abs(kw) >= 1000:
        return f"{kw / 1000:,.2f} MW"
    return f"{kw:,.1f} kW"


def fmt_int(n: float) -> str:
    return f"{int(round(n)):,}"


def fmt_money(amount: float, currency: str) -> str:
    if abs(amount) >= 1e6:
        return f"{currency} {amount / 1e6:,.2f} M"
    return f"{currency} {amount:,.0f}"


class UtilBar(QWidget):
    """A slim utilisation bar: fill in the level colour, tick at the warn threshold,
    overflow hatched red when above 100 %."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fraction: float | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(60)

    def sizeHint(self) -> QSize:
        return QSize(110, 10)

    def set_fraction(self, f: float | None) -> None:
        self.fraction = f
        self.setToolTip("" if f is None else f"{f * 100:.0f} % of capacity")
        self.update()

    def paintEvent(self, event: Any) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(0.5, 1.5, -0.5, -1.5)
        dark = style.is_dark(self.palette())
        p.setPen(QPen(QColor("#4a4f56" if dark else "#c9cfd6"), 1))
        p.setBrush(QColor("#2a2d31" if dark else "#f1f3f5"))
        p.drawRoundedRect(r, 3, 3)
        if self.fraction is not None:
            f = max(0.0, min(self.fraction, 1.0))
            fill = QRectF(r.left(), r.top(), r.width() * f, r.height())
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(style.level_color(style.level(self.fraction)))
            p.drawRoundedRect(fill, 3, 3)
        x = r.left() + r.width() * style.WARN_AT
        p.setPen(QPen(QColor(255, 255, 255, 110) if dark else QColor(0, 0, 0, 90), 1))
        p.drawLine(int(x), int(r.top()), int(x), int(r.bottom()))
        p.end()


class TotalsPanel(QWidget):
    """``TotalsPanel(doc)``. Follows ``doc.resultsChanged`` (slot ``on_results``).
    ``.rows[key]`` holds (value label, detail label, bar or None) for tests and tools;
    keys: gpus, gpu_memory, compute, nvlink, it_power, facility_power, feeds, heat, cooling,
    loops, airflow, weight, floor, capex, opex."""

    SECTIONS: tuple[tuple[str, tuple[tuple[str, str, bool], ...]], ...] = (
        ("Compute", (("gpus", "GPUs", True), ("gpu_memory", "GPU memory", True), ("compute", "Dense compute", False),
                     ("nvlink", "NVLink domains", False))),
        ("Power", (("it_power", "IT load", True), ("feeds", "Power feeds", True),
                   ("facility_power", "Facility (PUE)", False))),
        ("Cooling", (("heat", "Heat", False), ("cooling", "Rack cooling", True), ("loops", "Liquid loops", True),
                     ("airflow", "Air / liquid flow", False))),
        ("Space and weight", (("weight", "Weight", True), ("floor", "Floor load", True))),
        ("Cost", (("capex", "Hardware", False), ("opex", "Energy per year", False))),
    )

    def __init__(self, doc: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.rows: dict[str, tuple[QLabel, QLabel, UtilBar | None]] = {}
        self.levels: dict[str, str] = {}
        inner = QWidget()
        grid = QGridLayout(inner)
        grid.setContentsMargins(10, 8, 10, 8)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(3)
        grid.setColumnStretch(3, 1)
        r = 0
        self.header = QLabel("No results yet", inner)
        style.mute(self.header)
        self.header.setWordWrap(True)
        grid.addWidget(self.header, r, 0, 1, 4)
        r += 1
        for title, entries in self.SECTIONS:
            head = QLabel(title.upper(), inner)
            font = head.font()  # no stylesheet: it would pin the colour and defeat style.mute
            font.setPixelSize(10)
            font.setWeight(QFont.Weight.DemiBold)
            font.setLetterSpacing(QFont.SpacingType.AbsoluteSpacing, 1.0)
            head.setFont(font)
            head.setContentsMargins(0, 8, 0, 0)
            style.mute(head)
            grid.addWidget(head, r, 0, 1, 4)
            r += 1
            line = QFrame(inner)
            line.setFrameShape(QFrame.Shape.HLine)
            line.setFrameShadow(QFrame.Shadow.Plain)
            line.setForegroundRole(QPalette.ColorRole.Mid)  # a quiet rule in either theme
            grid.addWidget(line, r, 0, 1, 4)
            r += 1
            for key, label, has_bar in entries:
                dot = QLabel(inner)
                dot.setFixedSize(12, 12)
                name = QLabel(label, inner)
                value = QLabel("–", inner)
                value.setStyleSheet("font-weight: 600;")
                value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                detail = QLabel("", inner)
                detail.setContentsMargins(0, 0, 0, 3)
                style.mute(detail)
                detail.setWordWrap(True)
                detail.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
                bar = UtilBar(inner) if has_bar else None
                grid.addWidget(dot, r, 0)
                grid.addWidget(name, r, 1)
                grid.addWidget(value, r, 2)
                if bar is not None:
                    grid.addWidget(bar, r, 3)
                r += 1
                grid.addWidget(detail, r, 1, 1, 3)
                r += 1
                self.rows[key] = (value, detail, bar)
                self._dots = getattr(self, "_dots", {})
                self._dots[key] = dot
        grid.setRowStretch(r, 1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(inner)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(scroll)
        doc.resultsChanged.connect(self.on_results)
        self.on_results(doc.results)

    # -- helpers ------------------------------------------------------------------------
    def _set(self, key: str, value: str, detail: str = "", fraction: float | None = None,
             lvl: str | None = None) -> None:
        v, d, bar = self.rows[key]
        v.setText(value)
        d.setText(detail)
        d.setToolTip(detail)
        if bar is not None:
            bar.set_fraction(fraction)
            bar.setVisible(fraction is not None)
        lvl = lvl or (style.level(fraction) if fraction is not None else "none")
        self.levels[key] = lvl
        dot = self._dots[key]
        dot.setPixmap(style.level_icon(lvl).pixmap(12, 12))
        dot.setToolTip({"ok": "within limits", "warn": "close to the limit", "bad": "over the limit",
                        "none": "no limit to compare"}[lvl])

    def _clear(self) -> None:
        for key in self.rows:
            self._set(key, "–")

    # -- results --------------------------------------------------------------------------
    def on_results(self, results: Any) -> None:
        if results is None or getattr(results, "totals", None) is None:
            self.header.setText("No results yet: the engine has not run on this plan.")
            self._clear()
            return
        t = results.totals
        s, i = t.agg.sums, t.agg.ints
        counts = results.counts() if hasattr(results, "counts") else {}
        self.header.setText(
            f"{t.racks:,} racks in {t.rooms} room{'s' if t.rooms != 1 else ''} · "
            f"{counts.get('error', 0)} errors, {counts.get('warning', 0)} warnings")

        # compute
        gpus = i.get("gpu_count", 0)
        models = ", ".join(f"{n:,} × {m}" for m, n in sorted(t.agg.gpus.items(), key=lambda kv: -kv[1]))
        target = self._workload_target(results, "gpus")
        if target:
            frac = target / gpus if gpus else float("inf")
            self._set("gpus", fmt_int(gpus), f"{models} · workloads need {fmt_int(target)}", frac)
        else:
            self._set("gpus", fmt_int(gpus), models or "no GPU servers placed")
        mem_tb = s.get("gpu_memory_gb", 0.0) / 1000.0
        mem_target = self._workload_target(results, "gpu_memory_gb")
        bw = s.get("gpu_bw_tb_per_s", 0.0)
        if mem_target:
            frac = mem_target / s["gpu_memory_gb"] if s.get("gpu_memory_gb") else float("inf")
            self._set("gpu_memory", f"{mem_tb:,.1f} TB", f"HBM {bw:,.0f} TB/s · workloads need "
                      f"{mem_target / 1000:,.1f} TB", frac)
        else:
            self._set("gpu_memory", f"{mem_tb:,.1f} TB", f"HBM bandwidth {bw:,.0f} TB/s")
        self._set("compute", f"{s.get('bf16_pflops', 0.0):,.0f} PFLOPS",
                  f"BF16 dense · FP8 {s.get('fp8_pflops', 0.0):,.0f} PFLOPS")

        self._set_nvlink(results)

        # power
        worst_rack_p = self._worst_rack(results, "power")
        self._set("it_power", fmt_power(s.get("max_w", 0.0)),
                  f"max · typical {fmt_power(s.get('typical_w', 0.0))} · idle {fmt_power(s.get('idle_w', 0.0))}"
                  + (f" · fullest rack {worst_rack_p[1]} at {worst_rack_p[0] * 100:.0f} %" if worst_rack_p else ""),
                  worst_rack_p[0] if worst_rack_p else None)
        feeds = getattr(results, "feeds", {}) or {}
        if feeds:
            worst = max(feeds.values(), key=lambda f: f.utilisation)
            self._set("feeds", f"{worst.utilisation * 100:.0f} %",
                      f"worst feed {worst.name} ({worst.side}): {fmt_power(worst.failover_w)} of "
                      f"{fmt_power(worst.capacity_w)} derated"
                      + (f" with side {worst.failover_side} failed" if worst.failover_side else "")
                      + f" · {len(feeds)} feeds", worst.utilisation)
        else:
            self._set("feeds", "no feeds", "add power feeds to check capacity and A/B redundancy", None, "none")
        self._set("facility_power", fmt_power(t.facility_typical_w),
                  f"typical × PUE {t.pue:g} · max {fmt_power(t.facility_max_w)}")

        # cooling
        heat = s.get("heat_w", 0.0)
        self._set("heat", fmt_power(heat),
                  f"{btu_per_h(heat):,.0f} BTU/h · {tons(heat):,.0f} tons · liquid "
                  f"{fmt_power(s.get('liquid_heat_w', 0.0))}, air {fmt_power(s.get('air_heat_w', 0.0))}")
        worst_rack_c = self._worst_rack(results, "cooling")
        if worst_rack_c:
            over = self._count_over(results, "cooling")
            self._set("cooling", f"{worst_rack_c[0] * 100:.0f} %",
                      f"fullest rack {worst_rack_c[1]}" + (f" · {over} rack{'s' if over != 1 else ''} over capacity"
                                                           if over else " · every rack within capacity"),
                      worst_rack_c[0])
        else:
            self._set("cooling", "–", "no racks", None, "none")
        loops = getattr(results, "loops", {}) or {}
        if loops:
            worst = max(loops.values(), key=lambda lp: lp.utilisation)
            self._set("loops", f"{worst.utilisation * 100:.0f} %",
                      f"worst loop {worst.name}: {fmt_power(worst.heat_w)} of {fmt_power(worst.capacity_w)}"
                      + (f" ({worst.cdu_count} × CDU)" if worst.cdu else " (facility water)")
                      + f" · {len(loops)} loops", worst.utilisation)
        else:
            self._set("loops", "none", "no CDU loops in this plan", None, "none")
        self._set("airflow", f"{s.get('airflow_cfm', 0.0):,.0f} CFM",
                  f"{s.get('airflow_m3_per_h', 0.0):,.0f} m³/h air · "
                  f"{s.get('liquid_flow_l_per_min', 0.0):,.0f} l/min coolant")

        # space and weight
        rack_w = self._worst_rack(results, "weight")
        self._set("weight", display_units.fmt_mass(s.get("mass_kg", 0.0)),
                  (f"heaviest rack {rack_w[1]} at {rack_w[0] * 100:.0f} % of its rating" if rack_w else "")
                  + f" · {i.get('u_used', 0):,} U used, {i.get('u_free', 0):,} U free",
                  rack_w[0] if rack_w else None)
        floor = self._worst_rack(results, "floor")
        if floor:
            self._set("floor", f"{floor[0] * 100:.0f} %", f"of the room's floor rating under rack {floor[1]}",
                      floor[0])
        else:
            self._set("floor", "–", "no racks", None, "none")

        # cost
        cur = t.currency
        self._set("capex", fmt_money(t.capex, cur) if t.capex > 0 else "no prices",
                  "list/estimate prices from the catalog" if t.capex_complete
                  else "incomplete: some items have no price in the catalog",
                  None, "ok" if t.capex_complete else "warn")
        self._set("opex", fmt_money(t.opex_per_year, cur),
                  f"{t.energy_kwh_per_year / 1000:,.0f} MWh at {t.electricity_price_per_kwh:g} {cur}/kWh")

    def _set_nvlink(self, results: Any) -> None:
        """NVLink domains as ``rackwright check`` lists them (the engine's ``nvlink_domains``
        section): multi-node domains (one per NVLink fabric) and the NVSwitch domain inside
        each HGX/DGX server."""
        domains = nvlink_domains(results, self.doc.plan, self.doc.catalog)
        multi = [d for d in domains if d.get("domain") == "multi-node"]
        node = [d for d in domains if d.get("domain") == "node" and d.get("nvlink")]
        count = len(multi) + sum(int(d.get("servers", 0)) for d in node)
        if not count:
            self._set("nvlink", "none", "no NVLink GPUs placed", None, "none")
            return
        largest = max(multi + node, key=lambda d: d.get("domain_gpus", 0))
        bits = [f"largest {largest.get('domain_gpus', 0)} GPUs"
                + (f" ({largest.get('name')})" if largest.get("domain") == "multi-node" else
                   f" (in one {self._model_name(largest.get('server_model'))})")]
        if multi:
            done = sum(1 for d in multi if d.get("complete"))
            per = min(d.get("per_gpu_gb_per_s", 0.0) for d in multi)
            bits.append(f"{len(multi)} rack domain{'s' if len(multi) != 1 else ''}, {done} complete, "
                        f"{per / 1000:.2f} TB/s per GPU")
        if node:
            bits.append(f"{sum(int(d.get('servers', 0)) for d in node)} in-server NVSwitch")
        lvl = "warn" if multi and any(not d.get("complete") for d in multi) else "ok"
        self._set("nvlink", fmt_int(count), " · ".join(bits), None, lvl)

    def _model_name(self, slug: Any) -> str:
        dev = self.doc.catalog.get("device-types", slug) if self.doc.catalog is not None and slug else None
        return f"{dev.model}" if dev is not None else str(slug)

    # -- picks from engine results (no sums) ------------------------------------------------
    def _rack_fraction(self, rr: Any, what: str) -> float | None:
        if what in ("power", "cooling"):
            load, cap = rack_load_limit(rr, what)
            return load / cap if cap > 0 else None
        if what == "weight":
            return rr.mass_kg / rr.max_load_kg if rr.max_load_kg else None
        if what == "floor":
            plan = self.doc.plan
            room = plan.index.rooms.get(rr.room_id)
            return rr.floor_load_kg_per_m2 / room.floor_load_limit_kg_per_m2 if room else None
        return None

    def _worst_rack(self, results: Any, what: str) -> tuple[float, str] | None:
        best: tuple[float, str] | None = None
        for rr in (getattr(results, "racks", {}) or {}).values():
            f = self._rack_fraction(rr, what)
            if f is not None and (best is None or f > best[0]):
                best = (f, rr.name)
        return best

    def _count_over(self, results: Any, what: str) -> int:
        n = 0
        for rr in (getattr(results, "racks", {}) or {}).values():
            f = self._rack_fraction(rr, what)
            if f is not None and style.level(f) == "bad":
                n += 1
        return n

    def _workload_target(self, results: Any, what: str) -> float | None:
        """The largest need of any workload for ``what`` (gpus, gpu_memory_gb), if the
        engine reports workload results."""
        wls = getattr(results, "workloads", None)
        if not wls:
            return None
        key = {"gpus": "gpus_needed"}.get(what, f"{what}_needed")  # WorkloadVerdict.figures
        needs = [(getattr(w, "figures", None) or {}).get(key) for w in (wls.values() if isinstance(wls, dict) else wls)]
        needs = [float(n) for n in needs if n]
        return max(needs) if needs else None
