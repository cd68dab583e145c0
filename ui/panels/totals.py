"""Totals panel: the plan's live figures against capacities and workload targets.

Every number shown is an engine figure (``Document.results``): plan totals, and the
engine's own utilisation and level of feeds, loops, racks, workload needs and NVLink
domains. The panel only picks, formats (planner.base.units for BTU/h and tons, ui.units for
mass) and maps each level to its colour (:mod:`ui.style`); it never adds anything up or
compares a figure with a threshold itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from planner.base.units import btu_per_h, tons
from planner.engine import Results, Totals, levels
from ui import style
from ui import units as display_units
from ui.i18n import QT_TRANSLATE_NOOP
from ui.i18n import current as i18n_current
from ui.units import fnum

if TYPE_CHECKING:
    from ui.dialogs.bom_prices import BomPricesDialog
    from ui.document import Document


def fmt_memory(tb: float) -> str:
    """GPU memory in TB, below 1 TB in GB (one L40S read "0.0 TB", an 8-GPU server "0.6 TB")."""
    return f"{fnum(tb * 1000, ',.0f')} GB" if tb < 1.0 else f"{fnum(tb, ',.1f')} TB"


def fmt_rate(value: float) -> str:
    """A bandwidth (TB/s) or compute (PFLOPS) figure: whole numbers from 10 on, one decimal
    below, two below 1 (one L40S read "0 PFLOPS" and "HBM bandwidth 1 TB/s" for 0.36 and 0.86)."""
    return fnum(value, ",.0f" if value >= 10 else ",.1f" if value >= 1 else ",.2f")


def fmt_power(w: float) -> str:
    kw = w / 1000.0
    if abs(kw) >= 1000:
        return f"{fnum(kw / 1000, ',.2f')} MW"
    return f"{fnum(kw, ',.1f')} kW"


def pct(f: float | None) -> str:
    """A utilisation as a percentage ('–' for none, '∞ %' for a load without a limit)."""
    if f is None:
        return "–"
    return "∞ %" if f == float("inf") else f"{fnum(f * 100, '.0f')} %"


def fmt_int(n: float) -> str:
    return f"{fnum(int(round(n)), ',')}"


def fmt_money(amount: float, currency: str) -> str:
    """The language's money format with the currency's symbol (``1.356.256 €``)."""
    return display_units.fmt_money(amount, currency)


class UtilBar(QWidget):
    """A slim utilisation bar: fill in the engine level's colour, a tick at the engine's
    warning fraction for the figure (when the results say which)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fraction: float | None = None
        self.level: str = levels.NONE
        self.warn_at: float | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(24)  # the dock's narrowest width leaves the bar little room (German names)

    def sizeHint(self) -> QSize:
        return QSize(110, 10)

    def set_fraction(self, f: float | None, level: str = levels.NONE, warn_at: float | None = None) -> None:
        self.fraction, self.level, self.warn_at = f, level, warn_at
        self.setToolTip("" if f is None else self.tr("{0} % of capacity").format(f"{fnum(f * 100, '.0f')}"))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
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
            p.setBrush(style.level_color(self.level))
            p.drawRoundedRect(fill, 3, 3)
        if self.warn_at is not None and self.warn_at < 1.0:
            x = r.left() + r.width() * self.warn_at
            p.setPen(QPen(QColor(255, 255, 255, 110) if dark else QColor(0, 0, 0, 90), 1))
            p.drawLine(int(x), int(r.top()), int(x), int(r.bottom()))
        p.end()


class TotalsPanel(QWidget):
    """``TotalsPanel(doc)``. Follows ``doc.resultsChanged`` (slot ``on_results``).
    ``.rows[key]`` holds (value label, detail label, bar or None) for tests and tools;
    keys: gpus, gpu_memory, compute, nvlink, it_power, facility_power, feeds, heat, cooling,
    loops, airflow, energy_year, waste_heat, co2, enefg, weight, floor, capex, opex, rent. ``rent_chart``: the cumulative cost
    of owning and renting (:class:`ui.panels.rent_chart.RentOwnChart`)."""

    SECTIONS: tuple[tuple[str, tuple[tuple[str, str, bool], ...]], ...] = (
        (QT_TRANSLATE_NOOP("TotalsPanel", "Compute"), (("gpus", QT_TRANSLATE_NOOP("TotalsPanel", "GPUs"), True), ("gpu_memory", QT_TRANSLATE_NOOP("TotalsPanel", "GPU memory"), True), ("compute", QT_TRANSLATE_NOOP("TotalsPanel", "Dense compute"), False),
                     ("nvlink", QT_TRANSLATE_NOOP("TotalsPanel", "NVLink domains"), False))),
        (QT_TRANSLATE_NOOP("TotalsPanel", "Power"), (("it_power", QT_TRANSLATE_NOOP("TotalsPanel", "IT load"), True), ("feeds", QT_TRANSLATE_NOOP("TotalsPanel", "Power feeds"), True),
                   ("facility_power", QT_TRANSLATE_NOOP("TotalsPanel", "Facility (PUE)"), False))),
        (QT_TRANSLATE_NOOP("TotalsPanel", "Cooling"), (("heat", QT_TRANSLATE_NOOP("TotalsPanel", "Heat"), False), ("cooling", QT_TRANSLATE_NOOP("TotalsPanel", "Rack cooling"), True), ("loops", QT_TRANSLATE_NOOP("TotalsPanel", "Liquid loops"), True),
                     ("airflow", QT_TRANSLATE_NOOP("TotalsPanel", "Air / liquid flow"), False))),
        (QT_TRANSLATE_NOOP("TotalsPanel", "Energy"), (("energy_year", QT_TRANSLATE_NOOP("TotalsPanel", "Energy use"), False), ("waste_heat", QT_TRANSLATE_NOOP("TotalsPanel", "Reusable waste heat"), False),
                    ("co2", QT_TRANSLATE_NOOP("TotalsPanel", "CO₂"), False), ("enefg", QT_TRANSLATE_NOOP("TotalsPanel", "Energy Efficiency Act"), False))),
        (QT_TRANSLATE_NOOP("TotalsPanel", "Space and weight"), (("weight", QT_TRANSLATE_NOOP("TotalsPanel", "Weight"), True), ("floor", QT_TRANSLATE_NOOP("TotalsPanel", "Floor load"), True))),
        (QT_TRANSLATE_NOOP("TotalsPanel", "Cost"), (("capex", QT_TRANSLATE_NOOP("TotalsPanel", "Hardware"), False), ("opex", QT_TRANSLATE_NOOP("TotalsPanel", "Energy per year"), False), ("rent", QT_TRANSLATE_NOOP("TotalsPanel", "Rent or own"), False))),
    )

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.rows: dict[str, tuple[QLabel, QLabel, UtilBar | None]] = {}
        self.levels: dict[str, str] = {}
        self._shown: dict[str, tuple] = {}  # what each row shows (_set skips a row that stays the same)
        self._drawn: tuple | None = None  # what on_results last showed the rows from
        inner = QWidget()
        grid = QGridLayout(inner)
        grid.setContentsMargins(10, 8, 10, 8)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(3)
        grid.setColumnStretch(3, 1)
        r = 0
        self.header = QLabel(self.tr("No results yet"), inner)
        style.mute(self.header)
        self.header.setWordWrap(True)
        grid.addWidget(self.header, r, 0, 1, 4)
        r += 1
        for title, entries in self.SECTIONS:
            head = QLabel(self.tr(title).upper(), inner)
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
                name = QLabel(self.tr(label), inner)
                # a long name ("Luftmenge / Durchfluss") wraps rather than pushing the values
                # past the dock's right edge at its narrowest (1366-pixel screens)
                name.setWordWrap(True)
                value = QLabel("–", inner)
                # bold by font, not a style sheet: a widget's own style sheet pins the palette
                # it was polished with, and the values stayed black on dark grey after a switch
                # to the dark theme at run time
                vfont = value.font()
                vfont.setWeight(QFont.Weight.DemiBold)
                value.setFont(vfont)
                value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                # long values ("USD 1.36 M INCOMPLETE", "break-even 17.6 months") wrap instead of
                # widening the grid past the dock, which cut every value off at the right
                value.setWordWrap(True)
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
        # every BOM line and its price, and a per-plan price for any of them
        self.prices_button = QPushButton(self.tr("Bill of materials and prices…"), inner)
        self.prices_button.setObjectName("bomPricesButton")
        self.prices_button.clicked.connect(self.open_prices)
        self.prices_dialog: BomPricesDialog | None = None
        grid.addWidget(self.prices_button, r, 1, 1, 2, Qt.AlignmentFlag.AlignLeft)
        r += 1
        # the cumulative cost of owning and renting, under the Rent or own entry
        from ui.panels.rent_chart import RentOwnChart

        self.rent_chart = RentOwnChart(inner)
        self.rent_chart.setObjectName("rentOwnChart")
        self.rent_chart.setMinimumHeight(190)
        self.rent_chart.setMaximumHeight(240)
        # as wide as the dock, never wider: a plot's own minimum width (axes, title) made the
        # whole Totals grid wider than the dock, and every value was cut off at its right edge
        self.rent_chart.setMinimumWidth(0)
        self.rent_chart.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        grid.addWidget(self.rent_chart, r, 0, 1, 4)
        r += 1
        grid.setRowStretch(r, 1)
        scroll = QScrollArea(self)
        self.scroll_area = scroll
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(inner)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(scroll)
        doc.resultsChanged.connect(self.on_results)
        self._chart_colors: style.ChartColors | None = None
        self._follow_palette()
        self.on_results(doc.results)

    def open_prices(self) -> BomPricesDialog:
        from ui.dialogs.bom_prices import BomPricesDialog

        dlg = self.prices_dialog = BomPricesDialog(self.doc, self.window())
        dlg.open()
        return dlg

    def _follow_palette(self) -> None:
        colors = style.chart_colors(self.palette())
        if colors != self._chart_colors:
            self._chart_colors = colors
            self.rent_chart.set_colors(colors)
            self._shown.clear()  # the level dots are drawn for the theme: set them again
            self._drawn = None

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._follow_palette()

    # -- helpers ------------------------------------------------------------------------
    def _set(self, key: str, value: str, detail: str = "", fraction: float | None = None,
             lvl: str = levels.NONE, warn_at: float | None = None) -> None:
        """Show a row: its text, and the engine's ``fraction`` (utilisation) and level. A
        percentage keeps its '%' with the number (a no-break space: a narrow dock wrapped
        a lone '%' onto a line of its own)."""
        value, detail = value.replace(" %", "\u00a0%"), detail.replace(" %", "\u00a0%")
        shown = (value, detail, fraction, lvl, warn_at)
        if self._shown.get(key) == shown:
            return  # most rows stay the same after an edit: no text set, no relayout
        self._shown[key] = shown
        v, d, bar = self.rows[key]
        v.setText(value)
        d.setText(detail)
        d.setToolTip(detail)
        if bar is not None:
            bar.set_fraction(fraction, lvl, warn_at)
            bar.setVisible(fraction is not None)
        self.levels[key] = lvl
        dot = self._dots[key]
        dot.setPixmap(style.level_icon(lvl).pixmap(12, 12))
        dot.setToolTip(style.level_tip(lvl))

    def _clear(self) -> None:
        for key in self.rows:
            self._set(key, "–")

    # -- results --------------------------------------------------------------------------
    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        """As narrow as the figures allow, never narrower: the scroll area scrolls only
        vertically, so a dock narrower than its grid cut the values off at the right."""
        base = super().minimumSizeHint()
        inner, bar = self.scroll_area.widget(), self.scroll_area.verticalScrollBar()
        if inner is None or bar is None:
            return base
        need = inner.minimumSizeHint().width() + bar.sizeHint().width()
        return QSize(max(base.width(), need), base.height())

    def _gpu_model(self, slug: str) -> str:
        """The catalog's model of a GPU ('H100 SXM5 80GB', as the build plan names it), its slug
        when the catalog lacks it: the engine counts GPUs by slug, a customer reads models."""
        gpu = self.doc.catalog.get("gpus", slug) if self.doc.catalog is not None else None
        return gpu.model if gpu is not None and gpu.model else slug

    def on_results(self, results: Results | None) -> None:
        self.rent_chart.set_results(results)
        if results is None:
            self._drawn = None
            QTimer.singleShot(0, self.updateGeometry)  # new values: the dock asks the minimum again
            self.header.setText(self.tr("No results yet: the engine has not run on this plan."))
            self._clear()
            return
        t = results.totals
        counts = results.counts()
        # what the rows are made of: the same as last time (a rename, a move within a rack at
        # 16k GPUs: the engine's totals and summaries are equal), nothing to format (~150
        # numbers and no new layout, 3 ms an edit); the language, the units, the theme and the
        # catalog make new texts
        drawn = (t, results.energy, results.nvlink, tuple(results.workload_needs.items()), tuple(counts.items()),
                 results.settings, tuple(results.rack_summary(f) for f in ("power", "cooling", "weight", "floor")),
                 results.worst_feed(), results.worst_loop(), len(results.feeds), len(results.loops),
                 id(self.doc.catalog), self._chart_colors, display_units.current(), i18n_current())
        if drawn == self._drawn:
            return
        self._drawn = drawn
        QTimer.singleShot(0, self.updateGeometry)  # new values: the dock asks the minimum again
        s, i = t.agg.sums, t.agg.ints
        st = results.settings
        feed_warn = st.feed_warn_fraction if st is not None else None
        cool_warn = st.cooling_warn_fraction if st is not None else None
        need_warn = 1.0 / (1.0 + st.workload_margin_warn) if st is not None else None
        self.header.setText(self.tr("{racks} in {rooms} · {errors}, {warnings}").format(
            racks=self.tr("%n rack(s)", "", t.racks), rooms=self.tr("%n room(s)", "", t.rooms),
            errors=self.tr("%n error(s)", "", counts.get("error", 0)),
            warnings=self.tr("%n warning(s)", "", counts.get("warning", 0))))

        # compute
        tr = self.tr
        gpus = i.get("gpu_count", 0)
        models = ", ".join(f"{fnum(n, ',')} × {self._gpu_model(m)}"
                           for m, n in sorted(t.agg.gpus.items(), key=lambda kv: -kv[1]))
        need = results.workload_needs.get("gpus")
        if need is not None:
            self._set("gpus", fmt_int(gpus), tr("{models} · workloads need {n}").format(
                models=models, n=fmt_int(need.need)), need.utilisation, need.level, need_warn)
        else:
            self._set("gpus", fmt_int(gpus), models or tr("no GPU servers placed"))
        mem_tb = s.get("gpu_memory_gb", 0.0) / 1000.0
        mem_need = results.workload_needs.get("gpu_memory_gb")
        bw = s.get("gpu_bw_tb_per_s", 0.0)
        if mem_need is not None:
            self._set("gpu_memory", fmt_memory(mem_tb), tr("HBM {bw} TB/s · workloads need {need}").format(
                bw=fmt_rate(bw), need=fmt_memory(mem_need.need / 1000)), mem_need.utilisation, mem_need.level,
                need_warn)
        else:
            self._set("gpu_memory", fmt_memory(mem_tb), tr("HBM bandwidth {bw} TB/s").format(bw=fmt_rate(bw)))
        self._set("compute", f"{fmt_rate(s.get('bf16_pflops', 0.0))} PFLOPS",
                  tr("BF16 dense · FP8 {fp8} PFLOPS").format(fp8=fmt_rate(s.get("fp8_pflops", 0.0))))

        self._set_nvlink(results)

        # power
        rp = results.rack_summary("power")
        detail = tr("max · typical {typical} · idle {idle}").format(
            typical=fmt_power(s.get("typical_w", 0.0)), idle=fmt_power(s.get("idle_w", 0.0)))
        if rp.worst is not None and rp.utilisation == float("inf"):
            # a load with no power capacity yet (no feeds or PDUs): '∞ %' says nothing useful
            detail += " · " + tr("rack {rack} has load but no power capacity yet").format(rack=rp.worst.name)
        elif rp.worst is not None:
            detail += " · " + tr("fullest rack {rack} at {pct}").format(rack=rp.worst.name, pct=pct(rp.utilisation))
        self._set("it_power", fmt_power(s.get("max_w", 0.0)), detail, rp.utilisation, rp.level, feed_warn)
        worst = results.worst_feed()
        if worst is not None:
            if worst.failover_side:
                detail = tr("worst feed {feed} ({side}): {load} of {cap} derated with side {failed} failed").format(
                    feed=worst.name, side=worst.side, load=fmt_power(worst.failover_w),
                    cap=fmt_power(worst.capacity_w), failed=worst.failover_side)
            else:
                detail = tr("worst feed {feed} ({side}): {load} of {cap} derated").format(
                    feed=worst.name, side=worst.side, load=fmt_power(worst.failover_w), cap=fmt_power(worst.capacity_w))
            detail += " · " + tr("%n feed(s)", "", len(results.feeds))
            self._set("feeds", pct(worst.utilisation), detail, worst.utilisation, worst.level, feed_warn)
        else:
            self._set("feeds", tr("no feeds"), tr("add power feeds to check capacity and A/B redundancy"))
        self._set("facility_power", fmt_power(t.facility_typical_w),
                  tr("typical × PUE {pue} · max {max}").format(pue=fnum(t.pue, "g"), max=fmt_power(t.facility_max_w)))

        # cooling: metric shows kW, m³/h and l/min only; imperial adds BTU/h, tons and CFM
        imperial = display_units.current() == "imperial"
        heat = s.get("heat_w", 0.0)
        split = tr("liquid {liquid}, air {air}").format(liquid=fmt_power(s.get("liquid_heat_w", 0.0)),
                                                       air=fmt_power(s.get("air_heat_w", 0.0)))
        if imperial:
            split = tr("{btu} BTU/h · {tons} tons").format(btu=fnum(btu_per_h(heat), ",.0f"),
                                                         tons=fnum(tons(heat), ",.0f")) + " · " + split
        self._set("heat", fmt_power(heat), split)
        rc = results.rack_summary("cooling")
        if rc.worst is not None:
            if rc.over:
                state = tr("%n rack(s) over capacity", "", rc.over)
            elif rc.warn:
                state = tr("%n rack(s) near capacity", "", rc.warn)
            else:
                state = tr("every rack within capacity")
            self._set("cooling", pct(rc.utilisation), tr("fullest rack {rack} · {state}").format(
                rack=rc.worst.name, state=state), rc.utilisation, rc.level, cool_warn)
        else:
            self._set("cooling", "–", tr("no racks"))
        lp = results.worst_loop()
        if lp is not None:
            if lp.cdu:
                detail = tr("worst loop {loop}: {load} of {cap} ({n} × CDU)").format(
                    loop=lp.name, load=fmt_power(lp.heat_w), cap=fmt_power(lp.capacity_w), n=lp.cdu_count)
            else:
                detail = tr("worst loop {loop}: {load} of {cap} (facility water)").format(
                    loop=lp.name, load=fmt_power(lp.heat_w), cap=fmt_power(lp.capacity_w))
            detail += " · " + tr("%n loop(s)", "", len(results.loops))
            self._set("loops", pct(lp.utilisation), detail, lp.utilisation, lp.level, cool_warn)
        else:
            self._set("loops", tr("none"), tr("no CDU loops in this plan"))
        air_m3h = fnum(s.get("airflow_m3_per_h", 0.0), ",.0f")
        flow = fnum(s.get("liquid_flow_l_per_min", 0.0), ",.0f")
        if imperial:
            self._set("airflow", f"{fnum(s.get('airflow_cfm', 0.0), ',.0f')} CFM",
                      tr("{air} m³/h air · {flow} l/min coolant").format(air=air_m3h, flow=flow))
        else:
            self._set("airflow", f"{air_m3h} m³/h", tr("air · {flow} l/min coolant").format(flow=flow))

        self._set_energy(results)

        # space and weight
        rw = results.rack_summary("weight")
        used = tr("{used} U used, {free} U free").format(used=fnum(i.get("u_used", 0), ","),
                                                         free=fnum(i.get("u_free", 0), ","))
        if rw.worst is not None:
            used = tr("heaviest rack {rack} at {pct} of its rating").format(
                rack=rw.worst.name, pct=pct(rw.utilisation)) + " · " + used
        self._set("weight", display_units.fmt_mass(s.get("mass_kg", 0.0)), used, rw.utilisation, rw.level)
        rf = results.rack_summary("floor")
        if rf.worst is not None:
            self._set("floor", pct(rf.utilisation), tr("of the room's floor rating under rack {rack}").format(
                rack=rf.worst.name), rf.utilisation, rf.level)
        else:
            self._set("floor", "–", tr("no racks"))

        # cost
        cur = t.currency
        unconverted = t.unconverted
        if t.capex_complete and getattr(t, "capex_estimated", 0.0) > 0:
            basis = self.tr("{estimated} of it planning estimates, not quotes").replace(
                "{estimated}", fmt_money(t.capex_estimated, cur))
        elif t.capex_complete:
            basis = tr("list/estimate prices from the catalog")
        elif unconverted:
            basis = self.tr("incomplete: no exchange rate for {currencies} (Plan > Plan Settings)").replace(
                "{currencies}", ", ".join(unconverted))
        else:
            basis = tr("incomplete: some items have no price in the catalog")
        amount = fmt_money(t.capex, cur) if t.capex > 0 else self.tr("no prices")
        if not t.capex_complete:  # said in the figure itself, not only in the small print below it
            amount = self.tr("{amount} INCOMPLETE").replace("{amount}", amount)
        self._set("capex", amount, basis, None, levels.OK if t.capex_complete else levels.WARN)
        self.rows["capex"][0].setToolTip("" if t.capex_complete else self.tr(
            "Items without a price or an exchange rate are not in this figure: the capex is understated."))
        self._set("opex", fmt_money(t.opex_per_year, cur),
                  tr("{mwh} MWh at {price} {cur}/kWh").format(mwh=fnum(t.energy_kwh_per_year / 1000, ",.0f"),
                                                              price=fnum(t.electricity_price_per_kwh, "g"), cur=cur))
        self._set_rent(t)

    def _set_energy(self, results: Results) -> None:
        """The energy figures and the EnEfG verdict as the engine made them (``Results.energy``,
        docs/energy.md); what the plan does not state is said, not estimated."""
        tr = self.tr
        e = results.energy
        if e is None:
            for key in ("energy_year", "waste_heat", "co2", "enefg"):
                self._set(key, "–")
            return
        detail = tr("facility · IT {it} MWh · PUE {pue}").format(it=fnum(e.it_kwh_per_year / 1000, ",.0f"),
                                                                 pue=fnum(e.pue, "g"))
        if e.water_m3_per_year is not None and e.wue_l_per_kwh is not None:  # the site states its WUE
            detail += " · " + tr("water {m3} m³/year (WUE {wue} l/kWh)").format(
                m3=fnum(e.water_m3_per_year, ",.0f"), wue=fnum(e.wue_l_per_kwh, "g"))
        self._set("energy_year", tr("{mwh} MWh/year").format(mwh=fnum(e.facility_kwh_per_year / 1000, ",.0f")),
                  detail)
        if e.reusable_heat_w > 0:
            bits = [tr("{mwh} MWh/year").format(mwh=fnum(e.reusable_kwh_per_year / 1000, ",.0f"))]
            bits += [tr("{loop} {supply}/{ret} °C").format(loop=h.name, supply=fnum(h.supply_temp_c, "g"),
                                                          ret=fnum(h.return_temp_c, "g")) for h in e.heat_loops]
            if e.erf is not None:
                bits.append(tr("ERF {erf} %").format(erf=fnum(e.erf * 100, ".1f")))
            self._set("waste_heat", fmt_power(e.reusable_heat_w), " · ".join(bits))
        else:
            detail = tr("no liquid-cooled heat")
            if e.erf is not None:
                detail += " · " + tr("ERF {erf} %").format(erf=fnum(e.erf * 100, ".1f"))
            self._set("waste_heat", tr("none"), detail)
        if e.co2_t_per_year is not None and e.grid_g_per_kwh is not None:
            source = tr("plan") if e.grid_source == "plan" else e.site_country
            detail = tr("{g} g CO₂/kWh ({source})").format(g=fnum(e.grid_g_per_kwh, ",.0f"), source=source)
            if e.renewable_share:
                detail += " · " + tr("{pct} % renewable").format(pct=fnum(e.renewable_share * 100, ".0f"))
            for tk in e.tokens:
                if tk.g_co2_per_million_tokens is not None:
                    detail += " · " + tr("{g} g per million tokens").format(
                        g=fnum(tk.g_co2_per_million_tokens, ",.0f"))
                    break
            self._set("co2", tr("{t} t/year").format(t=fnum(e.co2_t_per_year, ",.1f")), detail)
        else:
            self._set("co2", "–", tr("no site country or grid factor (Plan > Plan Settings > Energy)"))
        a = e.enefg
        if a is None:
            self._set("enefg", tr("not checked"), tr("for sites in Germany (Plan > Plan Settings > Energy)"))
        elif not a.in_scope:
            self._set("enefg", tr("not applicable"), tr("{kw} kW with cooling, below {scope} kW").format(
                kw=fnum(a.connected_kw, ",.0f"), scope=fnum(a.scope_kw, ",.0f")))
        else:
            met = sum(1 for c in a.checks if c.met)
            open_ = [c.paragraph for c in a.checks if not c.met]
            detail = tr("not met: {list}").format(list=", ".join(open_)) if open_ else tr("every threshold met")
            self._set("enefg", tr("{met} of {n} met").format(met=met, n=len(a.checks)), detail, None, a.level)

    def _set_rent(self, t: Totals) -> None:
        """Rent or own as the engine costed it (``Totals.rent_vs_own``)."""
        rvo = t.rent_vs_own
        if rvo is None:
            self._set("rent", "–", self.tr("no GPUs in this plan"))
            return
        cur = rvo.currency
        own = fmt_money(rvo.own_cost_per_year, cur)
        f, price = rvo.figures, rvo.inputs.cloud_price_per_gpu_hour
        if f is None or f.cloud_cost_per_year is None or price is None:  # renting is costed from the price
            self._set("rent", self.tr("not costed"), self.tr("own {own}/year; renting not costed: {reason}")
                      .replace("{own}", own).replace("{reason}", rvo.reason), None, levels.WARN)
            return
        if f.break_even_months is None:
            value = self.tr("renting cheaper")
        else:
            value = (self.tr("break-even {months} months").replace("{months}", f"{fnum(f.break_even_months, ',.1f')}")
                     if rvo.capex_complete else
                     # from a capex that leaves unpriced items out: too early; the mark here, the words first
                     # in the line under it (the value column is narrow)
                     self.tr("break-even {months} months \u26a0").replace(
                         "{months}", f"{fnum(f.break_even_months, ',.1f')}"))
        d = rvo.price_detail
        source = (self.tr("price set in this plan") if rvo.price_source == "plan" else
                  self.tr("{offer}, {basis} {date}").replace("{offer}", str(d.get("offer", "")))
                  .replace("{basis}", str(d.get("basis", ""))).replace("{date}", str(d.get("date", ""))))
        util = ("–" if f.break_even_utilisation is None else f"{fnum(f.break_even_utilisation * 100, '.0f')} %")
        detail = (self.tr("own {own}/year vs rent {rent}/year ({gpus} GPUs at {price} {cur}/GPU-hour, {source}); "
                          "break-even utilisation {util}")
                  .replace("{own}", own).replace("{rent}", fmt_money(f.cloud_cost_per_year, cur))
                  .replace("{gpus}", f"{fnum(rvo.gpus, ',')}").replace("{price}", f"{fnum(price, ',.2f')}")
                  .replace("{cur}", cur).replace("{source}", source).replace("{util}", util))
        if not rvo.capex_complete:
            detail = self.tr("\u26a0 capex incomplete: owning is understated and the break-even too early") + " · " + detail
        self._set("rent", value, detail, None, levels.OK if rvo.capex_complete else levels.WARN)

    def _set_nvlink(self, results: Results) -> None:
        """Scale-up domains as the engine lists them (``Results.nvlink``, the ``nvlink_domains``
        section of ``rackwright check``): multi-node NVLink domains (one per NVLink fabric) and
        the domain inside each server, named by the engine's interconnect (NVSwitch on
        HGX/DGX, Infinity Fabric on AMD OAM boards, NVLink-bridged pairs of PCIe cards)."""
        nv = results.nvlink
        # the row's title names what the plan's GPUs use: the name label left of the value
        value = self.rows["nvlink"][0]
        parent = value.parentWidget()
        grid = parent.layout() if parent is not None else None
        if isinstance(grid, QGridLayout) and grid.indexOf(value) >= 0:
            pos: tuple[int, int, int, int] = grid.getItemPosition(grid.indexOf(value))  # type: ignore[assignment]
            item = grid.itemAtPosition(pos[0], 1)
            title = item.widget() if item is not None else None
            if isinstance(title, QLabel):
                links = nv.interconnects
                title.setText(self.tr("Infinity Fabric domains") if links == ("infinity-fabric",)
                              else self.tr("Scale-up domains") if "infinity-fabric" in links or "other" in links
                              else self.tr("NVLink domains"))
        if not nv.count or nv.largest is None:
            self._set("nvlink", self.tr("none"), self.tr("no GPUs with a GPU-to-GPU link (NVLink, Infinity Fabric) "
                                                         "placed"))
            return
        big = nv.largest
        bits = [self.tr("largest {n} GPUs ({name})").format(n=big.gpus, name=big.name) if big.domain == "multi-node"
                else self.tr("largest {n} GPUs (in one {model})").format(n=big.gpus,
                                                                         model=self._model_name(big.server_model))]
        if nv.multi_node:
            bits.append(self.tr("%n rack domain(s), {complete} complete, {tbs} TB/s per GPU", "", nv.multi_node).format(
                complete=nv.complete, tbs=fnum((nv.min_per_gpu_gb_per_s or 0.0) / 1000, ".2f")))
        for link, n in nv.in_server_by:
            if link == "nvlink":
                bits.append(self.tr("%n server(s) with an in-server NVSwitch domain", "", n))
            elif link == "infinity-fabric":
                bits.append(self.tr("%n server(s) with an in-server Infinity Fabric domain", "", n))
            elif link == "nvlink-bridge":
                bits.append(self.tr("%n server(s) with NVLink-bridged GPU pairs", "", n))
            else:
                bits.append(self.tr("%n server(s) with a GPU-to-GPU link", "", n))
        self._set("nvlink", fmt_int(nv.count), " · ".join(bits), None, nv.level)

    def _model_name(self, slug: str | None) -> str:
        dev = self.doc.catalog.get("device-types", slug) if self.doc.catalog is not None and slug else None
        return f"{dev.model}" if dev is not None else str(slug)
