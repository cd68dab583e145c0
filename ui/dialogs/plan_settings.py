"""Plan > Plan Settings...: the plan's site, people, money, rent-or-own assumptions and
naming patterns.

Distinct from File > Settings (the app's own preferences): these are saved in the plan.
OK checks every field (planner.gestures.plan_settings) and applies what changed as one undo
step; a bad value is shown under the tabs naming the field, its tab comes up and
nothing is applied. Open it with ``open()`` (window-modal, not blocking the loop).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from planner import i18n as pi18n
from planner.gestures.plan_settings import SettingsInvalid, date_example, date_text, plan_settings_edit
from planner.model.naming import Place, pattern_error, render
from planner.model.plan import NAMING_KINDS, SITE_REGION_NAMES, SITE_REGIONS

if TYPE_CHECKING:
    from planner.model.plan import Logo
    from ui.document import Document

COMMON_CURRENCIES = ("USD", "EUR", "GBP", "CHF", "JPY", "CNY", "CAD", "AUD", "SEK", "NOK", "DKK", "PLN", "INR",
                     "SGD", "KRW", "AED", "SAR", "BRL")


class PlanSettingsDialog(QDialog):
    """Fields are reachable as attributes (``currency``, ``rates``, ``naming[kind]`` ...)
    for tests and for the error to focus."""

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("planSettingsDialog")
        self.setWindowTitle(self.tr("Plan Settings"))
        plan = doc.plan
        md = plan.metadata
        self.tabs = QTabWidget(self)

        # -- general ---------------------------------------------------------------
        general = QWidget()
        form = QFormLayout(general)
        self.site = self._line(plan.site.name, "site")
        self.customer = self._line(md.customer, "customer")
        self.project = self._line(md.project, "project")
        self.author = self._line(md.author, "author")
        self.revision = self._line(md.revision, "revision")
        self.notes = QPlainTextEdit(md.notes)
        self.notes.setObjectName("notes")
        self.notes.setTabChangesFocus(True)
        self.notes.setMinimumHeight(90)
        form.addRow(self.tr("Site"), self.site)
        form.addRow(self.tr("Customer"), self.customer)
        form.addRow(self.tr("Project"), self.project)
        form.addRow(self.tr("Author"), self.author)
        form.addRow(self.tr("Revision"), self.revision)
        form.addRow(self.tr("Notes"), self.notes)
        # the site's power: which PDUs, feed voltages and derating generation and the feed gestures use
        self.region = QComboBox()
        self.region.setObjectName("siteRegion")
        for code in SITE_REGIONS:
            self.region.addItem(pi18n.gettext(SITE_REGION_NAMES[code]), code)
        self.region.setCurrentIndex(max(0, self.region.findData(md.site_region)))
        self.region.setToolTip(self.tr("Europe: 400 V three-phase feeds of 16, 32 or 63 A on IEC 60309 plugs and EU "
                                       "PDUs, rated without the 80 % rule; North America: 208/415 V, 60 Hz, NEC 80 %. "
                                       "New feeds and generated power follow it; existing feeds stay as they are."))
        form.addRow(self.tr("Site region"), self.region)
        # the customer's logo on the build plan's cover: embedded in the plan (travels with the file)
        self._logo = md.logo
        self.logo_name = QLabel()
        self.logo_name.setObjectName("logoName")
        self.logo_choose = QPushButton(self.tr("Choose..."))
        self.logo_choose.setObjectName("logoChoose")
        self.logo_choose.setToolTip(self.tr("A PNG or JPEG image of at most 512 KiB, printed at the top right of "
                                            "the build plan's cover; saved inside the plan"))
        self.logo_remove = QPushButton(self.tr("Remove"))
        self.logo_remove.setObjectName("logoRemove")
        self.logo_choose.clicked.connect(self._choose_logo)
        self.logo_remove.clicked.connect(lambda: self._set_logo(None))
        logo_row = QHBoxLayout()
        logo_row.addWidget(self.logo_name, 1)
        logo_row.addWidget(self.logo_choose)
        logo_row.addWidget(self.logo_remove)
        form.addRow(self.tr("Cover logo"), logo_row)
        self._set_logo(md.logo)
        self.tabs.addTab(general, self.tr("General"))

        # -- money -----------------------------------------------------------------
        money = QWidget()
        mform = QFormLayout(money)
        self.currency = QComboBox()
        self.currency.setObjectName("currency")
        self.currency.setEditable(True)
        self.currency.addItems(sorted({md.currency, *COMMON_CURRENCIES}))
        self.currency.setCurrentText(md.currency)
        self.currency.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.currency.currentTextChanged.connect(lambda _t: self._update_money_hints())
        mform.addRow(self.tr("Currency"), self.currency)
        self.rates = QTableWidget(0, 2)
        self.rates.setObjectName("exchangeRates")
        self.rates.setHorizontalHeaderLabels([self.tr("Currency"), self.tr("Rate")])
        self.rates.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.rates.verticalHeader().setVisible(False)
        self.rates.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.rates.setMinimumHeight(110)
        for code, rate in md.exchange_rates.items():
            self.add_rate(code, repr(rate))  # the shortest text that reads back as the same number
        self.add_rate_button = QPushButton(self.tr("Add Rate"))
        self.add_rate_button.setObjectName("addRate")
        self.add_rate_button.clicked.connect(lambda: self.add_rate())
        self.remove_rate_button = QPushButton(self.tr("Remove Rate"))
        self.remove_rate_button.setObjectName("removeRate")
        self.remove_rate_button.clicked.connect(self._remove_rate)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_rate_button)
        buttons.addWidget(self.remove_rate_button)
        buttons.addStretch(1)
        rates_box = QVBoxLayout()
        rates_box.addWidget(self.rates)
        rates_box.addLayout(buttons)
        self.rates_hint = QLabel()
        self.rates_hint.setWordWrap(True)
        self.rates_hint.setEnabled(False)
        rates_box.addWidget(self.rates_hint)
        mform.addRow(self.tr("Exchange rates"), rates_box)
        # the date as the language writes it (28.11.2026 in German), stored as ISO
        self.rates_date = self._line(date_text(md.exchange_rates_date), "exchange_rates_date")
        self.rates_date.setPlaceholderText(self.tr("e.g. {example}").replace("{example}", date_example()))
        mform.addRow(self.tr("Rates as of"), self.rates_date)
        self.price = QDoubleSpinBox()
        self.price.setObjectName("electricity_price_per_kwh")
        self.price.setDecimals(4)
        self.price.setRange(0.0, 100.0)
        self.price.setSingleStep(0.01)
        self.price.setValue(md.electricity_price_per_kwh)
        mform.addRow(self.tr("Electricity price"), self.price)
        self.pue = QDoubleSpinBox()
        self.pue.setObjectName("pue")
        self.pue.setDecimals(2)
        self.pue.setRange(1.0, 5.0)
        self.pue.setSingleStep(0.05)
        self.pue.setValue(md.pue)
        mform.addRow(self.tr("PUE"), self.pue)
        self.utilisation = QDoubleSpinBox()
        self.utilisation.setObjectName("utilisation")
        self.utilisation.setDecimals(1)
        self.utilisation.setRange(0.0, 100.0)
        self.utilisation.setSuffix(" %")
        self.utilisation.setValue(md.utilisation * 100.0)
        mform.addRow(self.tr("Utilisation"), self.utilisation)
        opex = QLabel(self.tr("Energy per year = typical IT power \u00d7 PUE \u00d7 8,760 h \u00d7 utilisation; "
                              "its cost at the electricity price."))
        opex.setWordWrap(True)
        opex.setEnabled(False)
        mform.addRow("", opex)
        self.tabs.addTab(money, self.tr("Money"))

        # -- rent or own -----------------------------------------------------------
        rent = QWidget()
        rform = QFormLayout(rent)
        self.years = QDoubleSpinBox()
        self.years.setObjectName("years_of_use")
        self.years.setDecimals(1)
        self.years.setRange(0.5, 50.0)
        self.years.setSingleStep(0.5)
        self.years.setSuffix(self.tr(" years"))
        self.years.setValue(md.years_of_use)
        rform.addRow(self.tr("Years of use"), self.years)
        self.support = QDoubleSpinBox()
        self.support.setObjectName("support_fraction_per_year")
        self.support.setDecimals(1)
        self.support.setRange(0.0, 100.0)
        self.support.setSuffix(self.tr(" % of capex per year"))
        self.support.setValue(md.support_fraction_per_year * 100.0)
        rform.addRow(self.tr("Support and maintenance"), self.support)
        self.colocation = QDoubleSpinBox()
        self.colocation.setObjectName("colocation_price_per_kw_month")
        self.colocation.setDecimals(2)
        self.colocation.setRange(0.0, 100_000.0)
        self.colocation.setSingleStep(10.0)
        self.colocation.setValue(md.colocation_price_per_kw_month)
        rform.addRow(self.tr("Colocation price"), self.colocation)
        colo_hint = QLabel(self.tr("Space and power per kW of committed IT power (the maximum draw) and month; "
                                   "0 for the customer's own hall."))
        colo_hint.setWordWrap(True)
        colo_hint.setEnabled(False)
        rform.addRow("", colo_hint)
        self.cloud = QTableWidget(0, 3)
        self.cloud.setObjectName("cloudPrices")
        self.cloud.setHorizontalHeaderLabels([self.tr("GPU"), self.tr("Catalog price"),
                                              self.tr("Price for this plan")])
        self.cloud.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.cloud.verticalHeader().setVisible(False)
        self.cloud.setMinimumHeight(110)
        self._cloud_slugs: list[str] = []
        for slug in self._gpu_models():
            self._add_cloud_row(slug, md.cloud_price_per_gpu_hour.get(slug))
        rform.addRow(self.tr("Cloud price per GPU-hour"), self.cloud)
        self.cloud_hint = QLabel()
        self.cloud_hint.setWordWrap(True)
        self.cloud_hint.setEnabled(False)
        rform.addRow("", self.cloud_hint)
        self.tabs.addTab(rent, self.tr("Rent or Own"))

        # -- names -----------------------------------------------------------------
        names = QWidget()
        nform = QFormLayout(names)
        help_ = QLabel(self.tr("Patterns for new, pasted and duplicated items: {n} is a running number "
                               "({n:02} gives 01, 02, ...), {row}, {rack} and {room} the names of where "
                               "the item goes. Empty: racks continue the last rack's name, devices get "
                               "their model and a number."))
        help_.setWordWrap(True)
        nform.addRow(help_)
        self.naming: dict[str, QLineEdit] = {}
        self.naming_preview: dict[str, QLabel] = {}
        labels = {"room": self.tr("Rooms"), "row": self.tr("Rows"), "rack": self.tr("Racks"),
                  "server": self.tr("Servers"), "switch": self.tr("Switches"), "storage": self.tr("Storage"),
                  "pdu": self.tr("PDUs"), "power": self.tr("Power shelves"), "cooling": self.tr("Cooling units"),
                  "other": self.tr("Other devices")}
        examples = {"room": "Hall {n}", "row": "{n:02}", "rack": "R{row}{n:02}", "server": "gpu{n:03}",
                    "switch": "{rack}-sw{n}", "storage": "stor{n:02}", "pdu": "{rack}-PDU{n}",
                    "power": "{rack}-PS{n}", "cooling": "CDU{n}", "other": "{rack}-x{n}"}
        for kind in NAMING_KINDS:
            edit = self._line(md.naming.get(kind, ""), f"naming_{kind}")
            edit.setPlaceholderText(self.tr("e.g. {example}").replace("{example}", examples[kind]))
            preview = QLabel()
            preview.setObjectName(f"namingPreview_{kind}")
            preview.setFixedWidth(210)  # every pattern field the same width, whatever its preview
            row = QHBoxLayout()
            row.addWidget(edit, 1)
            row.addWidget(preview)
            nform.addRow(labels[kind], row)
            self.naming[kind] = edit
            self.naming_preview[kind] = preview
            edit.textChanged.connect(lambda _t, k=kind: self._update_preview(k))
            self._update_preview(kind)
        self.tabs.addTab(names, self.tr("Names"))

        self._requirements_tab(md)
        self._energy_tab(md)

        self.error = QLabel(self)
        self.error.setObjectName("planSettingsError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #d64541; font-weight: 600;")
        self.error.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.tabs)
        lay.addWidget(self.error)
        lay.addWidget(self.buttons)
        self._update_money_hints()
        # what the spin boxes showed at first: an untouched box gives back the plan's own
        # value, not its rounding to the box's decimals (which would be a change)
        self._shown = {w: w.value() for w in (self.price, self.pue, self.utilisation, self.years, self.support,
                                                self.colocation)}
        self.resize(620, 560)

    # -- requirements and internal notes -----------------------------------------------------
    def _requirements_tab(self, md: Any) -> None:
        """The customer's ask (the build plan's Requirements section signs against it) and
        the planner's internal notes (the internal checklist, never the customer's PDF)."""
        from planner.i18n import format_number

        req = md.requirements
        page = QWidget()
        form = QFormLayout(page)
        intro = QLabel(self.tr("What the customer asked for. The build plan's first section lists each line with "
                               "the build's result, and the approvals sign against it. Empty fields: not stated."))
        intro.setWordWrap(True)
        form.addRow(intro)
        self.req_statement = QPlainTextEdit(req.statement if req is not None else "")
        self.req_statement.setObjectName("req_statement")
        self.req_statement.setTabChangesFocus(True)
        self.req_statement.setMinimumHeight(60)
        self.req_statement.setPlaceholderText(self.tr("e.g. 500 employees, chat assistant, answers within 2 s"))
        form.addRow(self.tr("Request in the customer's words"), self.req_statement)

        def num(v: float | int | None) -> str:
            return "" if v is None else format_number(v, None, None)

        self.req_budget = self._line(num(req.budget if req is not None else None), "req_budget")
        self.req_currency = QComboBox()
        self.req_currency.setObjectName("req_currency")
        self.req_currency.setEditable(True)
        cur = req.currency if req is not None else md.currency
        self.req_currency.addItems(sorted({cur, *COMMON_CURRENCIES}))
        self.req_currency.setCurrentText(cur)
        budget_row = QHBoxLayout()
        budget_row.addWidget(self.req_budget, 1)
        budget_row.addWidget(self.req_currency)
        form.addRow(self.tr("Budget (capex at most)"), budget_row)
        self.req_rack_kw = self._line(num(req.max_rack_kw if req is not None else None), "req_max_rack_kw")
        form.addRow(self.tr("Power per rack at most (kW)"), self.req_rack_kw)
        cool_row = QGridLayout()  # two by two: the German names are long
        self.req_cooling: dict[str, QCheckBox] = {}
        for i, (code, text) in enumerate((("air", self.tr("Air")), ("rdhx", self.tr("Rear-door heat exchanger")),
                                          ("dlc", self.tr("Direct liquid")), ("immersion", self.tr("Immersion")))):
            cb = QCheckBox(text)
            cb.setObjectName(f"req_cooling_{code}")
            cb.setChecked(req is not None and code in req.cooling)
            self.req_cooling[code] = cb
            cool_row.addWidget(cb, i // 2, i % 2)
        cool_row.setColumnStretch(2, 1)
        form.addRow(self.tr("Cooling allowed (none ticked: any)"), cool_row)
        self.req_racks = self._line(num(req.max_racks if req is not None else None), "req_max_racks")
        form.addRow(self.tr("Racks at most"), self.req_racks)
        self.req_floor = self._line(num(req.floor_m2 if req is not None else None), "req_floor_m2")
        form.addRow(self.tr("Floor area at most (m²)"), self.req_floor)
        self.req_vendors = self._line(", ".join(req.vendors) if req is not None else "", "req_vendors")
        self.req_vendors.setPlaceholderText(self.tr("e.g. Dell, Supermicro (empty: any)"))
        form.addRow(self.tr("Server vendors"), self.req_vendors)
        self.req_gpus = self._line(", ".join(req.gpu_models) if req is not None else "", "req_gpu_models")
        self.req_gpus.setPlaceholderText(self.tr("catalog GPU slugs, e.g. h100-sxm, h200 (empty: any)"))
        form.addRow(self.tr("GPU models"), self.req_gpus)
        self.req_years = self._line(num(req.years if req is not None else None), "req_years")
        form.addRow(self.tr("Years of use (as asked)"), self.req_years)
        self.internal_notes = QPlainTextEdit(md.internal_notes)
        self.internal_notes.setObjectName("internal_notes")
        self.internal_notes.setTabChangesFocus(True)
        self.internal_notes.setMinimumHeight(60)
        self.internal_notes.setPlaceholderText(self.tr("Prices still to get, checks to do: printed on the internal "
                                                       "checklist, never in the customer's build plan"))
        form.addRow(self.tr("Internal notes"), self.internal_notes)
        self.tabs.addTab(page, self.tr("Requirements"))

    # -- energy --------------------------------------------------------------------------------
    def _energy_tab(self, md: Any) -> None:
        """What the energy figures and the Energy Efficiency Act checks need that only the user
        knows (docs/energy.md): the site's country, start of operation, grid factor, renewable
        share, heat customer and water use. Empty fields: not stated (nothing is assumed)."""
        from planner.engine.energy import COUNTRY_NAMES
        from planner.i18n import format_number

        def num(v: float | None, scale: float = 1.0) -> str:
            return "" if v is None else format_number(round(v * scale, 6), None, None)

        page = QWidget()
        form = QFormLayout(page)
        intro = QLabel(self.tr("For the energy figures of the build plan: energy per year, reusable waste heat, "
                               "energy reuse factor, water, CO₂. For a site in Germany the plan is checked against "
                               "the Energy Efficiency Act (EnEfG). Empty fields: not stated."))
        intro.setWordWrap(True)
        form.addRow(intro)
        self.country = QComboBox()
        self.country.setObjectName("site_country")
        self.country.addItem(self.tr("not stated"), "")
        names = sorted(((pi18n.gettext(n), c) for c, n in COUNTRY_NAMES.items()), key=lambda x: x[0])
        for name, code in names:
            self.country.addItem(name, code)
        if md.site_country and self.country.findData(md.site_country) < 0:
            self.country.addItem(md.site_country, md.site_country)
        self.country.setCurrentIndex(max(0, self.country.findData(md.site_country)))
        self.country.currentIndexChanged.connect(lambda _i: self._update_grid_hint())
        form.addRow(self.tr("Site country"), self.country)
        self.operation_start = self._line(date_text(md.operation_start), "operation_start")
        self.operation_start.setPlaceholderText(self.tr("e.g. {example} or a month").replace(
            "{example}", date_example()))
        form.addRow(self.tr("Start of operation"), self.operation_start)
        self.grid = self._line(num(md.grid_co2_g_per_kwh), "grid_co2_g_per_kwh")
        form.addRow(self.tr("Grid emission factor (g CO₂/kWh)"), self.grid)
        self.grid_hint = QLabel()
        self.grid_hint.setObjectName("gridHint")
        self.grid_hint.setWordWrap(True)
        self.grid_hint.setEnabled(False)
        form.addRow(self.grid_hint)  # the whole width: the source's title is long
        self.renewable = self._line(num(md.renewable_share, 100.0), "renewable_share")
        self.renewable.setPlaceholderText(self.tr("e.g. 100 (green tariff, PPA)"))
        form.addRow(self.tr("Renewable share (%)"), self.renewable)
        self.heat_customer = self._line(md.heat_customer, "heat_customer")
        self.heat_customer.setPlaceholderText(self.tr("e.g. municipal district heating network"))
        form.addRow(self.tr("Heat customer"), self.heat_customer)
        self.heat_share = self._line(num(md.heat_reuse_share, 100.0), "heat_reuse_share")
        form.addRow(self.tr("Share of the liquid-cooled heat taken (%)"), self.heat_share)
        self.heat_mwh = self._line(num(md.heat_reuse_mwh_per_year), "heat_reuse_mwh_per_year")
        form.addRow(self.tr("or heat taken per year (MWh)"), self.heat_mwh)
        self.wue = self._line(num(md.wue_l_per_kwh), "wue_l_per_kwh")
        self.wue.setPlaceholderText(self.tr("as the site's cooling states it"))
        form.addRow(self.tr("Water use (WUE, l/kWh)"), self.wue)
        self._update_grid_hint()
        # what the number fields showed at first: an untouched field gives back the plan's own
        # value, not the number its rounded text reads as
        self._energy_shown = {f: (w, w.text(), getattr(md, f)) for f, w in (
            ("grid_co2_g_per_kwh", self.grid), ("renewable_share", self.renewable),
            ("heat_reuse_share", self.heat_share), ("heat_reuse_mwh_per_year", self.heat_mwh),
            ("wue_l_per_kwh", self.wue))}
        self.tabs.addTab(page, self.tr("Energy"))

    def _update_grid_hint(self) -> None:
        from planner.engine.energy import grid_factor
        from planner.i18n import format_number

        f = grid_factor(self.country.currentData() or "")
        if f is None:
            self.grid_hint.setText(self.tr("No default for this country: without a factor no CO₂ is computed."))
            self.grid.setPlaceholderText("")
            return
        self.grid.setPlaceholderText(self.tr("default {g}").replace("{g}", format_number(f.g_per_kwh, None, 0)))
        self.grid_hint.setText(self.tr("Empty: the default for the country, {g} g CO₂/kWh ({source}, {year}).")
                               .replace("{g}", format_number(f.g_per_kwh, None, 0)).replace("{source}", f.source)
                               .replace("{year}", str(f.year)))

    def _energy_values(self) -> dict[str, Any]:
        out: dict[str, Any] = {"site_country": self.country.currentData() or "",
                               "operation_start": self.operation_start.text(),
                               "heat_customer": self.heat_customer.text()}
        for field, (w, shown, value) in self._energy_shown.items():
            out[field] = value if w.text() == shown else w.text()
        return out

    def _requirement_values(self) -> dict[str, Any]:
        return {"statement": self.req_statement.toPlainText(), "budget": self.req_budget.text(),
                "currency": self.req_currency.currentText(), "max_rack_kw": self.req_rack_kw.text(),
                "cooling": [c for c, cb in self.req_cooling.items() if cb.isChecked()],
                "max_racks": self.req_racks.text(), "floor_m2": self.req_floor.text(),
                "vendors": self.req_vendors.text(), "gpu_models": self.req_gpus.text(), "years": self.req_years.text()}

    # -- helpers ----------------------------------------------------------------------
    @staticmethod
    def _line(value: str, name: str) -> QLineEdit:
        w = QLineEdit(value)
        w.setObjectName(name)
        return w

    def add_rate(self, code: str = "", rate: str = "") -> int:
        """A row in the rates table (blank for the user to fill in); its index."""
        r = self.rates.rowCount()
        self.rates.insertRow(r)
        self.rates.setItem(r, 0, QTableWidgetItem(code))
        self.rates.setItem(r, 1, QTableWidgetItem(rate))
        if not code:
            self.rates.setCurrentCell(r, 0)
        return r

    def _remove_rate(self) -> None:
        rows = sorted({i.row() for i in self.rates.selectedIndexes()}, reverse=True)
        if not rows and self.rates.currentRow() >= 0:
            rows = [self.rates.currentRow()]
        for r in rows:
            self.rates.removeRow(r)

    def _rate_rows(self) -> list[tuple[str, str]]:
        out = []
        for r in range(self.rates.rowCount()):
            a, b = self.rates.item(r, 0), self.rates.item(r, 1)
            out.append((a.text() if a else "", b.text() if b else ""))
        return out

    def _gpu_models(self) -> list[str]:
        """The plan's GPU models as the engine counted them, most numerous first, then the
        GPUs the plan already has a cloud price for."""
        res = self.doc.results
        counted = res.totals.agg.gpus if res is not None else {}
        out = [m for m, _n in sorted(counted.items(), key=lambda kv: (-kv[1], kv[0])) if m != "?"]
        out += [m for m in self.doc.plan.metadata.cloud_price_per_gpu_hour if m not in out]
        return out

    def _add_cloud_row(self, slug: str, price: float | None) -> int:
        r = self.cloud.rowCount()
        self.cloud.insertRow(r)
        self._cloud_slugs.append(slug)
        cat = self.doc.catalog
        gpu = cat.get("gpus", slug) if cat is not None else None
        name = QTableWidgetItem(f"{gpu.vendor} {gpu.model}" if gpu is not None else slug)
        name.setToolTip(slug)
        name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsEditable)
        cp = cat.cloud_price(slug) if cat is not None else None
        if cp is not None:
            ctext = f"{cp.price_per_gpu_hour:g} {cp.currency} ({cp.vendor}, {cp.basis} {date_text(cp.date)})"
            ctip = cp.source
        else:
            ctext, ctip = self.tr("none"), ""
        catalog_item = QTableWidgetItem(ctext)
        catalog_item.setToolTip(ctip)
        catalog_item.setFlags(catalog_item.flags() & ~Qt.ItemFlag.ItemIsEditable)
        self.cloud.setItem(r, 0, name)
        self.cloud.setItem(r, 1, catalog_item)
        self.cloud.setItem(r, 2, QTableWidgetItem("" if price is None else repr(price)))
        return r

    def _cloud_rows(self) -> list[tuple[str, str]]:
        out = []
        for r, slug in enumerate(self._cloud_slugs):
            item = self.cloud.item(r, 2)
            out.append((slug, item.text() if item else ""))
        return out

    def _update_money_hints(self) -> None:
        cur = self.currency.currentText().strip().upper() or "?"
        self.price.setSuffix(f" {cur}/kWh")
        if hasattr(self, "colocation"):
            self.colocation.setSuffix(self.tr(" {cur}/kW per month").replace("{cur}", cur))
            if self._cloud_slugs:
                self.cloud_hint.setText(self.tr("Price for this plan in {cur} per GPU-hour; blank uses the catalog's "
                                                "indicative price (converted at the exchange rates). Rent or own "
                                                "uses the most numerous GPU model.").replace("{cur}", cur))
            else:
                self.cloud_hint.setText(self.tr("No GPUs in the plan yet: place GPU servers to set their cloud "
                                                "price."))
        results = self.doc.results
        in_bom = sorted({b.currency for b in results.bom if b.currency}) if results is not None else []
        others = [c for c in in_bom if c != cur]
        text = self.tr("Rate: how many {cur} one unit of the other currency buys (plan in EUR: USD 0.92 "
                       "means 1 USD = 0.92 EUR).").replace("{cur}", cur)
        if others:
            text += " " + self.tr("The plan's catalog prices are in {list}.").replace("{list}", ", ".join(in_bom))
        self.rates_hint.setText(text)

    def _sample_place(self) -> Place:
        plan = self.doc.plan
        for room in plan.site.rooms:
            for row in room.rows:
                for rack in row.racks:
                    return Place(room=room.name, row=row.name, rack=rack.name)
                return Place(room=room.name, row=row.name)
            return Place(room=room.name)
        return Place()

    def _update_preview(self, kind: str) -> None:
        pattern = self.naming[kind].text().strip()
        label = self.naming_preview[kind]
        if not pattern:
            label.setText("")
            label.setToolTip("")
            return
        reason = pattern_error(pattern)
        if reason is not None:
            label.setText(self.tr("invalid"))
            label.setToolTip(reason)
            label.setStyleSheet("color: #d64541;")
            return
        place = self._sample_place()
        label.setStyleSheet("")
        text = "\u2192 " + ", ".join(render(pattern, n, place) for n in (1, 2)) + ", \u2026"
        short = "\u2192 " + render(pattern, 1, place) + ", \u2026"
        label.setText(label.fontMetrics().elidedText(short, Qt.TextElideMode.ElideMiddle, label.width() - 4))
        label.setToolTip(text)

    # -- the cover logo ------------------------------------------------------------------------
    def _set_logo(self, logo: Logo | None) -> None:
        self._logo = logo
        if logo is None:
            self.logo_name.setText(self.tr("none"))
        else:
            self.logo_name.setText(self.tr("%1 (%2 KiB)").replace("%1", logo.name or self.tr("logo")).replace(
                "%2", str(max(1, len(logo.data) * 3 // 4 // 1024))))
        self.logo_remove.setEnabled(logo is not None)

    def _choose_logo(self) -> None:
        from planner.model.logo import LogoError, read_logo
        from ui import dialogs

        path = dialogs.ask_logo_path(self)
        if not path:
            return
        try:
            logo = read_logo(path)
        except LogoError as e:
            self.error.setText(self.tr("Cover logo: %1").replace("%1", str(e)))
            self.error.show()
            return
        self.error.hide()
        self._set_logo(logo)

    # -- values and apply ---------------------------------------------------------------------
    def _spin(self, w: QDoubleSpinBox, current: float, scale: float = 1.0) -> float:
        return current if w.value() == self._shown[w] else round(w.value() / scale, 6)

    def values(self) -> dict[str, Any]:
        md = self.doc.plan.metadata
        return {
            "site": self.site.text(), "customer": self.customer.text(), "project": self.project.text(),
            "author": self.author.text(), "revision": self.revision.text(), "notes": self.notes.toPlainText(),
            "currency": self.currency.currentText(), "exchange_rates": self._rate_rows(),
            "exchange_rates_date": self.rates_date.text(),
            "electricity_price_per_kwh": self._spin(self.price, md.electricity_price_per_kwh),
            "pue": self._spin(self.pue, md.pue),
            "utilisation": self._spin(self.utilisation, md.utilisation, 100.0),
            "naming": {k: w.text() for k, w in self.naming.items()},
            "years_of_use": self._spin(self.years, md.years_of_use),
            "support_fraction_per_year": self._spin(self.support, md.support_fraction_per_year, 100.0),
            "colocation_price_per_kw_month": self._spin(self.colocation, md.colocation_price_per_kw_month),
            "cloud_price_per_gpu_hour": self._cloud_rows(),
            "logo": self._logo, "site_region": self.region.currentData(),
            "requirements": self._requirement_values(), "internal_notes": self.internal_notes.toPlainText(),
            **self._energy_values(),
        }

    def _focus(self, e: SettingsInvalid) -> None:
        widget: QWidget | None = {
            "site": self.site, "customer": self.customer, "project": self.project, "author": self.author,
            "revision": self.revision, "notes": self.notes, "currency": self.currency, "exchange_rates": self.rates,
            "exchange_rates_date": self.rates_date, "electricity_price_per_kwh": self.price, "pue": self.pue,
            "utilisation": self.utilisation, "years_of_use": self.years, "support_fraction_per_year": self.support,
            "colocation_price_per_kw_month": self.colocation, "cloud_price_per_gpu_hour": self.cloud,
            "logo": self.logo_choose, "site_region": self.region, "site_country": self.country,
            "operation_start": self.operation_start, "grid_co2_g_per_kwh": self.grid,
            "renewable_share": self.renewable, "heat_customer": self.heat_customer,
            "heat_reuse_share": self.heat_share, "heat_reuse_mwh_per_year": self.heat_mwh,
            "wue_l_per_kwh": self.wue}.get(e.field)
        if e.field == "naming" and e.kind in self.naming:
            widget = self.naming[e.kind]
        if e.field == "requirements":
            widget = {"statement": self.req_statement, "budget": self.req_budget, "currency": self.req_currency,
                      "max_rack_kw": self.req_rack_kw, "cooling": self.req_cooling["air"], "max_racks": self.req_racks,
                      "floor_m2": self.req_floor, "vendors": self.req_vendors, "gpu_models": self.req_gpus,
                      "years": self.req_years}.get(e.kind or "", self.req_statement)
        elif e.field == "internal_notes":
            widget = self.internal_notes
        if widget is None:
            return
        for i in range(self.tabs.count()):
            page = self.tabs.widget(i)
            if page is widget or (page is not None and page.isAncestorOf(widget)):
                self.tabs.setCurrentIndex(i)
                break
        widget.setFocus(Qt.FocusReason.OtherFocusReason)

    def apply(self) -> bool:
        """OK: check, apply as one undo step, close. On bad input: the message, nothing applied."""
        try:
            edit = plan_settings_edit(self.doc.plan, self.values())
        except SettingsInvalid as e:
            self.error.setText(e.text())
            self.error.show()
            self._focus(e)
            return False
        if edit is not None and not self.doc.push(edit):
            self.error.setText(self.doc.last_refusal)
            self.error.show()
            return False
        self.error.hide()
        self.accept()
        return True
