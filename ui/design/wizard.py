"""File > New from Workload... and "Size This Workload...": the sizing wizard.

1. **Workloads**: one or more targets, each a plan workload's kind and spec, edited with the
   Workloads panel's own fields (:class:`ui.panels.workloads._Field`); a value the spec
   model refuses is named under its field.
2. **Limits**: the search's constraints (budget, currency, exchange rates and their date, kW per rack, cooling available,
   racks or floor area, vendors and GPU models, electricity price, PUE, years,
   utilisation). The wizard writes them as the ``rackwright plan-for`` SPEC and has
   :func:`planner.design.search.parse_plan_for_spec` check it: an error names its field
   path (``constraints.pue: ...``) and the wizard shows it under that field.
3. **Builds**: :func:`planner.design.search.search` runs off the GUI thread
   (:class:`ui.tasks.BackgroundTask`, Cancel stops it), then its distinct options
   (:func:`planner.design.search.options`: per GPU model and cooling, margin steps) are priced
   from the plans they write, with the metadata the plan will get; they fill the comparison
   table ("Show all N builds": every candidate, capex estimated, marked "≈"), filtered by GPU
   model, cooling and "meets", sorted by ranking, capex, total cost, IT kW, racks or margin.
   Break-even, opex, total cost and cost per token from an incomplete capex carry "⚠"; a build
   without a storage system says so, and the search's reason, in its Storage cell. When
   none meets the targets the search's binding-constraint sentence is shown above it. Ticking two to
   four rows and pressing Compare Ticked generates each one's plan as Create Plan would
   (:func:`planner.design.compare.compare_candidates`, off the GUI thread, progress and
   Cancel) and shows them side by side in the dialog of File > Compare With... (the same
   rows, the planner's), from which option A's build plan can be printed with the
   comparison page. Finish generates the chosen build
   (:func:`planner.design.generate.generate_plan`, off the GUI thread, with progress) and
   emits ``planChosen(plan)``; the main window opens it as a new untitled document.

Every figure in the table is the search's; the wizard formats them and never computes one.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

from planner.design.model import COOLING_OPTIONS
from planner.engine.economics import DEFAULT_YEARS  # one default for wizard, plan and engine
from planner.gestures.plan_settings import date_example, date_text, parse_date
from planner.i18n import active_language, error_text, message_text, translated
from planner.i18n import gettext as planner_gettext
from planner.model.naming import unique_name
from planner.model.plan import SITE_REGION_NAMES, SITE_REGIONS, Metadata, Workload
from planner.model.regions import default_region
from planner.workloads.specs import SPEC_MODELS, SpecError, parse_spec
from ui import style
from ui.i18n import QT_TRANSLATE_NOOP
from ui.panels.totals import fmt_money
from ui.panels.workloads import (
    BOTTLENECK_TEXT,
    FIELD_LABELS,
    FIELD_ORDER,
    GPU_BUILD_PRESETS,
    KIND_TEXT,
    PRESETS,
    _Field,
    field_errors,
    preset_menu,
)
from ui.tasks import BackgroundTask
from ui.units import fnum, parse_number
from ui.units import format_entry as format_number

if TYPE_CHECKING:
    from planner.base.progress import CancelFn, ProgressFn
    from planner.catalog import Catalog
    from planner.design.compare import ComparedBuilds
    from planner.design.search import Candidate, PlanForSpec, SearchResult
    from planner.engine import EngineSettings
    from planner.model.plan import Plan
    from ui.dialogs.compare import MakeExporter
    from ui.settings import AppSettings

log = logging.getLogger(__name__)
tr = QCoreApplication.translate

COOLING_TEXT = {"air": QT_TRANSLATE_NOOP("Wizard", "Air (hot/cold aisle containment)"), "rdhx": QT_TRANSLATE_NOOP("Wizard", "Rear-door heat exchangers"),
                "dlc": QT_TRANSLATE_NOOP("Wizard", "Direct liquid cooling (CDU)"), "immersion": QT_TRANSLATE_NOOP("Wizard", "Immersion")}
# constraint fields typed as numbers: name -> (label, integer, placeholder for empty)
NUMBER_FIELDS: tuple[tuple[str, str, bool, str], ...] = (
    ("budget", "Budget", False, "no limit"),
    ("max_rack_kw", "Maximum kW per rack", False, "no limit"),
    ("max_racks", "Maximum racks", True, "no limit"),
    ("floor_m2", "Floor area (m²)", False, "no limit"),
    ("electricity_price_per_kwh", "Electricity price per kWh", False, ""),
    ("pue", "PUE", False, ""),
    ("years", "Years of use", False, ""),
    ("utilisation", "Utilisation (%)", False, ""),
)
# plan metadata a sized plan carries over from the plan it was sized from (the rest comes from the
# search's constraints, or starts fresh: revision, naming, notes)
# (the exchange rates are the Limits page's: prefilled from the plan sized, written into the SPEC)
CARRIED_METADATA = ("customer", "project", "author", "support_fraction_per_year", "colocation_price_per_kw_month",
                    "cloud_price_per_gpu_hour")
# what File > New from Workload takes from the plan open (Limits page defaults): its currency, the
# exchange rates to it and their date, and the electricity price (a price in that currency)
MONEY_METADATA = ("currency", "exchange_rates", "exchange_rates_date", "electricity_price_per_kwh")
CURRENCIES = ("USD", "EUR", "GBP", "CHF", "JPY", "CAD", "AUD", "SEK", "NOK", "DKK", "PLN", "INR", "CNY", "SGD")
PATH_RE = re.compile(r"^\s*(workloads\[(\d+)\](?:\.spec)?\.([A-Za-z_]\w*)|workloads\[(\d+)\]|workloads|"
                     r"constraints\.([A-Za-z_]\w*)|constraints)(?:\[\d+\])?\s*:\s*(.*)$", re.S)


def split_errors(message: str) -> list[tuple[str, int | None, str, str]]:
    """A SPEC error message (``"workloads[0].spec.users: ...; constraints.pue: ..."``) as
    (section, workload index, field, text) with section "workloads", "constraints" or ""."""
    out: list[tuple[str, int | None, str, str]] = []
    for part in (p for p in re.split(r";\s+(?=(?:workloads|constraints)\b)", message.strip()) if p.strip()):
        m = PATH_RE.match(part)
        if m is None:
            out.append(("", None, "", part.strip()))
        elif m.group(2) is not None:
            out.append(("workloads", int(m.group(2)), m.group(3), m.group(6)))
        elif m.group(4) is not None:
            out.append(("workloads", int(m.group(4)), "", m.group(6)))
        elif part.strip().startswith("workloads"):
            out.append(("workloads", None, "", m.group(6)))
        else:
            out.append(("constraints", None, m.group(5) or "", m.group(6)))
    return out


def _error_label(parent: QWidget, name: str) -> QLabel:
    lab = QLabel(parent)
    lab.setObjectName(f"error_{name}")
    lab.setWordWrap(True)
    lab.setStyleSheet(f"color: {style.BAD.name()};")
    lab.hide()
    return lab


# ------------------------------------------------------------------------------ page 1


class WorkloadsPage(QWizardPage):
    """The targets: a list on the left, the selected one's fields on the right."""

    def __init__(self, catalog: Catalog, workloads: list[dict[str, Any]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self.setTitle(self.tr("Workloads"))
        self.setSubTitle(self.tr("What the build has to do: train, fine-tune or serve a model. Add one target or "
                                 "several; each is a plan workload and is attached to the plan made."))
        self.items: list[dict[str, Any]] = [dict(w, spec=dict(w.get("spec", {}))) for w in workloads]
        self.fields: dict[str, _Field] = {}
        self._loading = False

        self.list = QListWidget(self)
        self.list.setObjectName("wizardWorkloads")
        self.add_button = QPushButton(self.tr("Add target"), self)
        self.add_button.setObjectName("wizardAddWorkload")
        self.add_actions = preset_menu(self.add_button, self.add, GPU_BUILD_PRESETS)  # plan-for sizes no others
        self.remove_button = QPushButton(self.tr("Remove"), self)
        self.remove_button.setObjectName("wizardRemoveWorkload")
        self.remove_button.clicked.connect(self.remove_current)
        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.addWidget(self.list, 1)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        left.addLayout(row)
        lw = QWidget(self)
        lw.setLayout(left)

        self.form_box = QWidget()
        self.form = QFormLayout(self.form_box)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form_scroll = QScrollArea(self)
        self.form_scroll.setWidgetResizable(True)
        self.form_scroll.setWidget(self.form_box)
        self.form_scroll.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.form_box.setMaximumWidth(820)  # a full-HD screen's width is no use to a number field
        self.message = _error_label(self, "workloads")

        lw.setMinimumWidth(240)
        lw.setMaximumWidth(340)
        self.form_scroll.setMinimumWidth(420)
        body = QHBoxLayout()
        body.addWidget(lw, 1)
        body.addWidget(self.form_scroll, 2)
        lay = QVBoxLayout(self)
        lay.addLayout(body, 1)
        lay.addWidget(self.message)
        self.list.currentRowChanged.connect(lambda _r: self._show_current())
        self._refill()
        if self.items:
            self.list.setCurrentRow(0)
        else:
            self.add("inference")

    # -- the list ------------------------------------------------------------------------
    def _refill(self) -> None:
        keep = self.list.currentRow()
        self.list.blockSignals(True)
        self.list.clear()
        for w in self.items:
            self.list.addItem(QListWidgetItem(f"{w['name']}\n{tr('Wizard', KIND_TEXT.get(w['kind'], w['kind']))}"))
        self.list.blockSignals(False)
        if self.items:
            self.list.setCurrentRow(min(max(keep, 0), len(self.items) - 1))
        self.remove_button.setEnabled(bool(self.items))
        self.completeChanged.emit()

    def add(self, preset: str) -> int:
        """Add a target from a Workloads-panel preset; returns its index."""
        _key, _text, kind, spec, name_t = next(p for p in PRESETS if p[0] == preset)
        spec = dict(spec)
        llms = sorted(self.catalog.llms) if self.catalog is not None else []
        if "model" in spec and llms and spec["model"] not in llms:
            spec["model"] = llms[0]
        # the preset's name in the app's language ("Pre-Training llama-3.1-8b"); it follows the
        # model chosen until the user names the target (_follow_model)
        template = tr("Workloads", name_t)
        name = unique_name({w["name"] for w in self.items}, template.format(model=spec.get("model", "")))
        self.items.append({"name": name, "kind": kind, "spec": spec, "preset_name": template, "auto_name": name})
        self._refill()
        self.list.setCurrentRow(len(self.items) - 1)
        return len(self.items) - 1

    def remove_current(self) -> None:
        i = self.list.currentRow()
        if 0 <= i < len(self.items):
            del self.items[i]
            self._refill()
            self._show_current()

    def isComplete(self) -> bool:
        return bool(self.items)

    # -- the form ------------------------------------------------------------------------
    def _show_current(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.fields = {}
        i = self.list.currentRow()
        if not 0 <= i < len(self.items):
            return
        w = self.items[i]
        self.name_edit = QLineEdit(w["name"], self.form_box)
        self.name_edit.setObjectName("wizardWorkloadName")
        self.name_edit.editingFinished.connect(self._commit_name)
        self.form.addRow(self.tr("Name"), self.name_edit)
        self.form.addRow(self.tr("Kind"), QLabel(tr("Wizard", KIND_TEXT.get(w["kind"], w["kind"])), self.form_box))
        model = SPEC_MODELS.get(w["kind"])
        if model is None:
            return
        order = list(model.model_fields)
        names = sorted(order, key=lambda n: (FIELD_ORDER.index(n) if n in FIELD_ORDER else len(FIELD_ORDER),
                                             order.index(n)))
        self._loading = True
        try:
            for name in names:
                info = model.model_fields[name]
                fld = _Field(name, info, self.catalog, self.form_box)
                fld.committed.connect(self._commit_field)
                label = QLabel(FIELD_LABELS.get(name, name.replace("_", " ").capitalize()), self.form_box)
                label.setToolTip(translated(info.description or ""))
                self.form.addRow(label, fld)
                self.fields[name] = fld
                d = info.default
                fld.set_value(w["spec"].get(name, d if d is not ... and not _undefined(d) else None))
        finally:
            self._loading = False
        try:
            parse_spec(w["kind"], w["spec"])
        except SpecError as e:
            self.show_errors(i, field_errors(error_text(e)))

    def _commit_name(self) -> None:
        i = self.list.currentRow()
        text = self.name_edit.text().strip()
        if 0 <= i < len(self.items) and text and text != self.items[i]["name"]:
            self.items[i]["name"] = text
            self.list.item(i).setText(f"{text}\n{tr('Wizard', KIND_TEXT.get(self.items[i]['kind'], ''))}")

    def _commit_field(self, name: str) -> None:
        i = self.list.currentRow()
        fld = self.fields.get(name)
        if self._loading or fld is None or not 0 <= i < len(self.items):
            return
        w = self.items[i]
        try:
            value = fld.value()
        except ValueError as e:
            fld.show_error(str(e))
            return
        spec = dict(w["spec"])
        if value is None:
            spec.pop(name, None)
        else:
            spec[name] = value
        w["spec"] = spec  # kept even when refused: the wizard names it and will not go on with it
        if name == "model":
            self._follow_model(i)
        try:
            parse_spec(w["kind"], spec)
        except SpecError as e:
            errs = field_errors(error_text(e))
            fld.show_error(errs.get(name) or "")
            return
        for f in self.fields.values():  # the spec is valid now: only unreadable text stays named
            try:
                f.value()
            except ValueError:
                continue
            f.show_error("")
        self.message.hide()

    def _follow_model(self, i: int) -> None:
        """A target still named as its preset named it ("Serve llama-3.1-70b"): the name takes
        the model just chosen. One the user named stays as it is."""
        w = self.items[i]
        template = w.get("preset_name")
        if not template or w["name"] != w.get("auto_name"):
            return
        others = {x["name"] for k, x in enumerate(self.items) if k != i}
        name = unique_name(others, template.format(model=w["spec"].get("model", "")))
        w["name"] = w["auto_name"] = name
        self.name_edit.setText(name)
        self.list.item(i).setText(f"{name}\n{tr('Wizard', KIND_TEXT.get(w['kind'], w['kind']))}")

    def commit_all(self) -> bool:
        """Take what is typed into the fields now (a field still being edited); False when a
        number cannot be read."""
        bad: dict[str, str] = {}
        if self.fields:
            self._commit_name()
            for name, fld in self.fields.items():
                try:
                    fld.value()
                except ValueError as e:
                    bad[name] = str(e)
                    continue
                self._commit_field(name)
        for name, text in bad.items():
            self.fields[name].show_error(text)
        return not bad

    def show_errors(self, index: int | None, errors: dict[str, str]) -> None:
        """Show errors of workload ``index`` (field -> text, '' for the workload itself)."""
        if index is not None and 0 <= index < len(self.items) and index != self.list.currentRow():
            self.list.setCurrentRow(index)
        general = []
        for name, text in errors.items():
            if name in self.fields:
                self.fields[name].show_error(text)
            else:
                general.append(f"{name}: {text}" if name else text)
        self.message.setText("\n".join(general))
        self.message.setVisible(bool(general))

    def validatePage(self) -> bool:
        if not self.commit_all():
            return False
        for i, w in enumerate(self.items):
            try:
                parse_spec(w["kind"], w["spec"])
            except SpecError as e:
                self.show_errors(i, field_errors(error_text(e)))
                return False
        self.message.hide()
        return True


def _undefined(v: object) -> bool:
    return type(v).__name__ == "PydanticUndefinedType"


# ------------------------------------------------------------------------------ page 2


class LimitsPage(QWizardPage):
    """The constraints: every one a hard limit of the search."""

    def __init__(self, catalog: Catalog | None, metadata: Metadata | None, parent: QWidget | None = None,
                 money_from: Metadata | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Limits"))
        self.setSubTitle(self.tr("Hard limits of the build (leave a field empty for no limit) and the figures "
                                 "the running cost is worked out with."))
        md = metadata or Metadata()
        if metadata is None and money_from is not None:  # a new plan: in the open plan's currency
            md = Metadata(**{k: getattr(money_from, k) for k in MONEY_METADATA})
        self.edits: dict[str, QLineEdit] = {}
        self.errors: dict[str, QLabel] = {}
        body = QWidget()
        grid = QGridLayout(body)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)

        limits = QGroupBox(self.tr("Limits"), body)
        lf = QFormLayout(limits)
        lf.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        cost = QGroupBox(self.tr("Running cost"), body)
        cf = QFormLayout(cost)
        cf.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        defaults = {"electricity_price_per_kwh": md.electricity_price_per_kwh, "pue": md.pue,
                    "years": md.years_of_use or DEFAULT_YEARS, "utilisation": md.utilisation * 100}
        labels = {"budget": self.tr("Budget"), "max_rack_kw": self.tr("Maximum kW per rack"),
                  "max_racks": self.tr("Maximum racks"), "floor_m2": self.tr("Floor area (m²)"),
                  "electricity_price_per_kwh": self.tr("Electricity price per kWh"), "pue": self.tr("PUE"),
                  "years": self.tr("Years of use"), "utilisation": self.tr("Utilisation (%)")}
        self.currency = QComboBox(limits)
        self.currency.setObjectName("constraint_currency")
        self.currency.setEditable(True)
        self.currency.addItems(list(dict.fromkeys((md.currency, *CURRENCIES))))
        self.currency.setCurrentText(md.currency)
        self.errors["currency"] = _error_label(limits, "currency")
        for name, _label, _integer, empty in NUMBER_FIELDS:
            form = cf if name in defaults else lf
            box = QWidget(limits if form is lf else cost)
            bl = QVBoxLayout(box)
            bl.setContentsMargins(0, 0, 0, 0)
            bl.setSpacing(1)
            edit = QLineEdit(box)
            edit.setObjectName(f"constraint_{name}")
            if empty:
                edit.setPlaceholderText(tr("Wizard", "no limit"))
            if name in defaults:
                edit.setText(format_number(round(defaults[name], 6)))
            err = _error_label(box, name)
            bl.addWidget(edit)
            bl.addWidget(err)
            self.edits[name], self.errors[name] = edit, err
            form.addRow(labels[name], box)
            if name == "budget":
                cbox = QWidget(limits)
                cl = QVBoxLayout(cbox)
                cl.setContentsMargins(0, 0, 0, 0)
                cl.setSpacing(1)
                cl.addWidget(self.currency)
                cl.addWidget(self.errors["currency"])
                lf.addRow(self.tr("Currency"), cbox)
                # d-power: the site's power (constraints.region): the PDUs and feeds the builds get;
                # the open plan's region, else the language's and locale's (planner.model.regions)
                self.region = QComboBox(limits)
                self.region.setObjectName("constraint_region")
                for code in SITE_REGIONS:
                    self.region.addItem(planner_gettext(SITE_REGION_NAMES[code]), code)
                region = metadata.site_region if metadata is not None else default_region(active_language())
                self.region.setCurrentIndex(max(0, self.region.findData(region)))
                lf.addRow(self.tr("Site power"), self.region)
                # the catalog's prices are in USD: a plan in another currency needs the rate and its date
                rbox = QWidget(limits)
                rl = QVBoxLayout(rbox)
                rl.setContentsMargins(0, 0, 0, 0)
                rl.setSpacing(1)
                self.rates = QLineEdit(rbox)
                self.rates.setObjectName("constraint_exchange_rates")
                self.rates.setText("; ".join(f"{code} {format_number(rate)}"
                                             for code, rate in sorted(md.exchange_rates.items())))
                self.rates.setToolTip(self.tr("How many units of the plan currency one unit of another currency "
                                              "buys, e.g. USD 0.92 for a plan in EUR (the catalog's prices are "
                                              "mostly in USD). Several: USD 0.92; GBP 1.17"))
                self.rates_hint = QLabel(rbox)
                self.rates_hint.setObjectName("ratesHint")
                self.rates_hint.setWordWrap(True)
                self.rates_hint.setEnabled(False)
                self.errors["exchange_rates"] = _error_label(rbox, "exchange_rates")
                self.edits["exchange_rates"] = self.rates
                rl.addWidget(self.rates)
                rl.addWidget(self.rates_hint)
                rl.addWidget(self.errors["exchange_rates"])
                lf.addRow(self.tr("Exchange rates"), rbox)
                dbox = QWidget(limits)
                dl = QVBoxLayout(dbox)
                dl.setContentsMargins(0, 0, 0, 0)
                dl.setSpacing(1)
                # the date as the app's language writes it (German 28.11.2026), read back to ISO
                self.rates_date = QLineEdit(date_text(md.exchange_rates_date), dbox)
                self.rates_date.setObjectName("constraint_exchange_rates_date")
                self.rates_date.setPlaceholderText(self.tr("e.g. {example}").format(example=date_example()))
                self.errors["exchange_rates_date"] = _error_label(dbox, "exchange_rates_date")
                self.edits["exchange_rates_date"] = self.rates_date
                dl.addWidget(self.rates_date)
                dl.addWidget(self.errors["exchange_rates_date"])
                lf.addRow(self.tr("Rates as of"), dbox)
                self.currency.currentTextChanged.connect(self._currency_changed)
                self._currency_changed(self.currency.currentText())

        cooling = QGroupBox(self.tr("Cooling available"), body)
        col = QVBoxLayout(cooling)
        self.cooling: dict[str, QCheckBox] = {}
        for opt in COOLING_OPTIONS:
            cb = QCheckBox(tr("Wizard", COOLING_TEXT.get(opt, opt)), cooling)
            cb.setObjectName(f"cooling_{opt}")
            cb.setChecked(True)
            col.addWidget(cb)
            self.cooling[opt] = cb
        self.errors["cooling"] = _error_label(cooling, "cooling")
        col.addWidget(self.errors["cooling"])

        prefs = QGroupBox(self.tr("Preferred (none ticked: any)"), body)
        pl = QGridLayout(prefs)
        self.vendors = QListWidget(prefs)
        self.vendors.setObjectName("constraint_vendors")
        self.gpu_models = QListWidget(prefs)
        self.gpu_models.setObjectName("constraint_gpu_models")
        vendors = sorted({d.manufacturer for d in catalog.servers()}) if catalog is not None else []
        for v in vendors:
            it = QListWidgetItem(v, self.vendors)
            it.setFlags(it.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            it.setCheckState(Qt.CheckState.Unchecked)
            it.setData(Qt.ItemDataRole.UserRole, v)
        gpus = catalog.gpus if catalog is not None else {}
        for slug, g in sorted(gpus.items()):
            label = f"{g.vendor} {g.model}"
            it = QListWidgetItem(label, self.gpu_models)
            it.setToolTip(slug)
            it.setFlags(it.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            it.setCheckState(Qt.CheckState.Unchecked)
            it.setData(Qt.ItemDataRole.UserRole, slug)
        for lst in (self.vendors, self.gpu_models):
            lst.setMinimumHeight(90)
        pl.addWidget(QLabel(self.tr("Vendors"), prefs), 0, 0)
        pl.addWidget(QLabel(self.tr("GPU models"), prefs), 0, 1)
        pl.addWidget(self.vendors, 1, 0)
        pl.addWidget(self.gpu_models, 1, 1)
        self.errors["vendors"] = _error_label(prefs, "vendors")
        self.errors["gpu_models"] = _error_label(prefs, "gpu_models")
        pl.addWidget(self.errors["vendors"], 2, 0)
        pl.addWidget(self.errors["gpu_models"], 2, 1)

        grid.addWidget(limits, 0, 0)
        grid.addWidget(cost, 0, 1)
        grid.addWidget(cooling, 1, 0)
        grid.addWidget(prefs, 1, 1)
        grid.setRowStretch(2, 1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        self.message = _error_label(self, "constraints")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(scroll, 1)
        lay.addWidget(self.message)

    def _currency_changed(self, text: str) -> None:
        code = text.strip().upper() or "USD"
        self.rates.setPlaceholderText(self.tr("e.g. USD 0.92") if code != "USD" else self.tr("none needed"))
        self.rates_hint.setText(self.tr("1 USD = ? {currency}: without a rate the catalog's USD prices stay out of "
                                        "the capex.").format(currency=code) if code != "USD" else "")
        self.rates_hint.setVisible(code != "USD")

    def exchange_rates(self, currency: str) -> dict[str, float] | None:
        """The rates typed ("USD 0,92; GBP 1,17") as {code: rate}; None (error shown) when one cannot be read."""
        from planner.gestures.plan_settings import SettingsInvalid, parse_rates

        rows: list[tuple[str, Any]] = []
        for part in re.split(r"[;\n]+", self.rates.text()):
            part = part.strip()
            if not part:
                continue
            m = re.match(r"^(?:1\s*)?([A-Za-z]{3})\s*[=:]?\s*(.*)$", part)
            code, text = (m.group(1), m.group(2).strip()) if m else (part, "")
            try:  # a number as the app's language writes it (German 0,92)
                rows.append((code, parse_number(text, False) if text else ""))
            except ValueError:
                rows.append((code, text))  # parse_rates names it
        try:
            return parse_rates(rows, currency)
        except SettingsInvalid as e:
            self.show_error("exchange_rates", e.text())
            return None

    def clear_errors(self) -> None:
        for name, lab in self.errors.items():
            lab.hide()
            edit = self.edits.get(name)
            if edit is not None:
                edit.setStyleSheet("")
        self.message.hide()

    def show_error(self, name: str, text: str) -> None:
        """Show ``text`` under the constraint ``name`` (or below the page for an unknown one)."""
        lab = self.errors.get(name)
        if lab is None:
            self.message.setText(f"constraints.{name}: {text}" if name else text)
            self.message.show()
            return
        lab.setText(text)
        lab.show()
        edit = self.edits.get(name)
        if edit is not None:
            edit.setStyleSheet(f"border: 1px solid {style.BAD.name()};")
            edit.setFocus()

    def constraints(self) -> dict[str, Any] | None:
        """The constraints as the SPEC names them; None (errors shown) when a number cannot be read."""
        self.clear_errors()
        out: dict[str, Any] = {}
        ok = True
        for name, _label, integer, _empty in NUMBER_FIELDS:
            text = self.edits[name].text().strip()
            if not text:
                continue
            try:
                v = parse_number(text, integer)
            except ValueError as e:
                self.show_error(name, str(e))
                ok = False
                continue
            if name == "utilisation":
                if not 0 <= v <= 100:
                    self.show_error(name, tr("Wizard", "a percentage from 0 to 100"))
                    ok = False
                    continue
                v = v / 100.0
            out[name] = v
        out["currency"] = self.currency.currentText().strip().upper()
        out["region"] = self.region.currentData()  # d-power: eu or na
        rates = self.exchange_rates(out["currency"])
        if rates is None:
            ok = False
        elif rates:
            out["exchange_rates"] = rates
        date = self.rates_date.text().strip()
        if date:
            try:
                out["exchange_rates_date"] = parse_date(date)
            except ValueError:
                self.show_error("exchange_rates_date", tr("Wizard", "{date} is not a date (e.g. {example})").format(
                    date=date, example=date_example()))
                ok = False
        out["cooling"] = [opt for opt, cb in self.cooling.items() if cb.isChecked()]
        if not out["cooling"]:
            self.show_error("cooling", tr("Wizard", "Tick at least one way of cooling the racks."))
            ok = False
        for name, lst in (("vendors", self.vendors), ("gpu_models", self.gpu_models)):
            picked = [lst.item(i).data(Qt.ItemDataRole.UserRole) for i in range(lst.count())
                      if lst.item(i).checkState() == Qt.CheckState.Checked]
            if picked:
                out[name] = picked
        return out if ok else None

    def set_checked(self, name: str, values: list[str]) -> None:
        lst = self.vendors if name == "vendors" else self.gpu_models
        for i in range(lst.count()):
            it = lst.item(i)
            it.setCheckState(Qt.CheckState.Checked if it.data(Qt.ItemDataRole.UserRole) in values
                             else Qt.CheckState.Unchecked)

    def validatePage(self) -> bool:
        wiz = self.wizard()
        return wiz.check_spec() if isinstance(wiz, SizingWizard) else True


# ------------------------------------------------------------------------------ page 3

# (key in the candidate's to_dict(), header, format) -- the search's own figures
COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("meets", QT_TRANSLATE_NOOP("Wizard", "Meets"), "meets"),
    ("margin", QT_TRANSLATE_NOOP("Wizard", "Margin"), "pct"),
    ("bottleneck", QT_TRANSLATE_NOOP("Wizard", "Bottleneck"), "bottleneck"),
    ("gpus", QT_TRANSLATE_NOOP("Wizard", "GPUs"), "gpus"),
    ("servers", QT_TRANSLATE_NOOP("Wizard", "Servers"), "servers"),
    ("storage", QT_TRANSLATE_NOOP("Wizard", "Storage"), "storage"),
    ("racks", QT_TRANSLATE_NOOP("Wizard", "Racks"), "int"),
    ("cooling", QT_TRANSLATE_NOOP("Wizard", "Cooling"), "cooling"),
    ("it_kw", QT_TRANSLATE_NOOP("Wizard", "IT kW"), "kw"),
    ("facility_kw", QT_TRANSLATE_NOOP("Wizard", "Facility kW"), "kw"),
    ("capex", QT_TRANSLATE_NOOP("Wizard", "Capex"), "capex"),
    ("opex_per_year", QT_TRANSLATE_NOOP("Wizard", "Opex / year"), "money_capex"),
    ("tco", QT_TRANSLATE_NOOP("Wizard", "Total cost"), "money_capex"),
    ("cloud_cost_per_year", QT_TRANSLATE_NOOP("Wizard", "Rent / year"), "money"),
    ("break_even_months", QT_TRANSLATE_NOOP("Wizard", "Break-even"), "months"),
    ("days", QT_TRANSLATE_NOOP("Wizard", "Days to train"), "days"),
    ("tokens_per_s_per_user", QT_TRANSLATE_NOOP("Wizard", "Tok/s per user"), "f1"),
    ("ttft_s", QT_TRANSLATE_NOOP("Wizard", "TTFT (s)"), "f2"),
    ("cost_per_million_tokens", QT_TRANSLATE_NOOP("Wizard", "Cost / M tok"), "token_cost"),
)
HEADER_TIPS = {
    "margin": QT_TRANSLATE_NOOP("Wizard", "How far the tightest workload is past its target (negative: short of it)"),
    "tco": QT_TRANSLATE_NOOP("Wizard", "Capex plus running cost over the years of use"),
    "tokens_per_s_per_user": QT_TRANSLATE_NOOP("Wizard", "Tokens per second each user gets"),
    "ttft_s": QT_TRANSLATE_NOOP("Wizard", "Time to first token, seconds"),
    "cost_per_million_tokens": QT_TRANSLATE_NOOP("Wizard", "Cost per million tokens served, in the plan currency "
                                                           "(capex share over the years of use and energy at "
                                                           "the plan's electricity price)"),
    "facility_kw": QT_TRANSLATE_NOOP("Wizard", "IT load times PUE"),
    "cloud_cost_per_year": QT_TRANSLATE_NOOP("Wizard", "The same GPUs rented at the catalog's indicative cloud price per GPU-hour"),
    "break_even_months": QT_TRANSLATE_NOOP("Wizard", "Months after which owning has cost less than renting (capex paid up front)"),
}
PRICING = "\x00pricing:"  # a progress stage of the options' pricing (the wizard words it)
# the comparison's sort order (planner.design.search.SORT_KEYS)
SORT_TEXT: tuple[tuple[str, str], ...] = (
    ("rank", QT_TRANSLATE_NOOP("Wizard", "Ranking")), ("capex", QT_TRANSLATE_NOOP("Wizard", "Capex")),
    ("tco", QT_TRANSLATE_NOOP("Wizard", "Total cost")), ("it_kw", QT_TRANSLATE_NOOP("Wizard", "IT kW")),
    ("racks", QT_TRANSLATE_NOOP("Wizard", "Racks")), ("margin", QT_TRANSLATE_NOOP("Wizard", "Margin")),
)
COOLING_SHORT = {"air": QT_TRANSLATE_NOOP("Wizard", "Air"), "rdhx": QT_TRANSLATE_NOOP("Wizard", "Rear door"), "dlc": QT_TRANSLATE_NOOP("Wizard", "Liquid (DLC)"), "immersion": QT_TRANSLATE_NOOP("Wizard", "Immersion")}


NUMBER_SPECS = {"kw": ",.1f", "days": ",.1f", "f1": ",.1f", "f2": ",.2f"}


def cell_text(value: Any, fmt: str, row: dict[str, Any], currency: str) -> str:
    if fmt == "storage" and not value:
        return tr("Wizard", "no storage")  # the cell's tooltip says why (storage_tip)
    if value is None or value == "":
        return "\u2013"
    if isinstance(value, list):
        return " / ".join(cell_text(v, fmt, row, currency) for v in value)
    if fmt == "meets":
        if value and row.get("level") == "warn":  # the engine's level: met within the model's uncertainty
            return tr("Wizard", "\u26a0 meets, within the model's uncertainty")
        return tr("Wizard", "\u2714 meets") if value else tr("Wizard", "\u2718 does not meet")
    if fmt == "gpus":
        return f"{fnum(int(value), ',')} \u00d7 {row.get('gpu_name') or row.get('gpu')}"
    if fmt == "servers":
        return f"{fnum(int(value), ',')} \u00d7 {row.get('server_name') or row.get('server')}"
    if fmt == "storage":
        return f"{fnum(int(row.get('storage_count') or 1), ',')} \u00d7 {row.get('storage_name') or value}"
    if fmt == "cooling":
        return tr("Wizard", COOLING_SHORT.get(value, str(value)))
    if fmt == "bottleneck":
        return tr("Wizard", BOTTLENECK_TEXT.get(value, str(value)))
    if fmt == "int":
        return fnum(int(value), ",")
    if fmt in NUMBER_SPECS:  # in the app's language (German 1.234,5), as every other figure
        return fnum(float(value), NUMBER_SPECS[fmt])
    if fmt == "months":
        text = (tr("Wizard", "1 month") if round(float(value)) == 1
                else tr("Wizard", "{months} months").format(months=fnum(float(value), ",.0f")))
        if row.get("capex_complete") is False:  # break-even from a capex that leaves items out: too early
            return tr("Wizard", "{value} \u26a0").format(value=text)  # the cell's tooltip says why
        return text
    if fmt == "token_cost":
        text = f"{fnum(float(value), ',.2f')} {row.get('currency') or currency}"
        if row.get("cost_complete") is False:
            return tr("Wizard", "{value} \u26a0").format(value=text)  # the cell's tooltip says why
        return text
    if fmt == "pct":
        return f"{fnum(float(value) * 100, '+,.0f')} %"
    if fmt in ("money", "capex", "money_capex"):
        text = fmt_money(float(value), row.get("currency") or currency)
        if fmt == "capex" and row.get("capex_exact") is False:  # the search's estimate, not yet its plan's
            text = tr("Wizard", "\u2248 {money}").format(money=text)
        if fmt == "capex" and row.get("capex_complete") is False:
            return tr("Wizard", "{money} \u26a0 incomplete").format(money=text)
        if fmt == "money_capex" and row.get("capex_complete") is False:  # opex and TCO grow with the capex
            return tr("Wizard", "{value} \u26a0").format(value=text)
        return text
    return str(value)


# figures the search gives per workload (Candidate.workloads), one column each
WORKLOAD_FIGURES = ("days", "tokens_per_s_per_user", "ttft_s", "cost_per_million_tokens")


def candidate_row(cand: Candidate) -> dict[str, Any]:
    """A candidate's figures (its to_dict()); a per-workload figure is a list with one entry
    per workload that has it (shown joined by ' / ')."""
    d = dict(cand.to_dict())
    ro = d.get("rent_vs_own") or {}  # the search's rent-or-own figures (None without a cloud price)
    d["cloud_cost_per_year"] = ro.get("cloud_cost_per_year")
    d["break_even_months"] = ro.get("break_even_months")
    for key in WORKLOAD_FIGURES:
        vals = [w.get(key) for w in d.get("workloads") or () if w.get(key) is not None]
        d[key] = vals or None
    # a cost per token whose capex share leaves the servers' price out (GPU only, or none)
    d["cost_complete"] = not any(w.get("cost_complete") is False for w in d.get("workloads") or ()
                                 if w.get("cost_per_million_tokens") is not None)
    return d


def storage_tip(row: dict[str, Any]) -> str:
    """The storage cell's tooltip: the system and how many, or why the build has none (the
    search's reason)."""
    if row.get("storage"):
        return tr("Wizard", "{n} \u00d7 {name}: weights, checkpoints and logs").format(
            n=fnum(int(row.get("storage_count") or 1), ","), name=row.get("storage_name") or row["storage"])
    why = message_text(row["storage_note"]) if row.get("storage_note") else ""
    return (tr("Wizard", "No storage system in this build: {why}").format(why=why) if why
            else tr("Wizard", "No storage system in this build."))


def workload_tip(row: dict[str, Any]) -> str:
    """One line per workload: its name, met or not, margin and bottleneck (the search's)."""
    lines = []
    for w in row.get("workloads") or ():
        met = (tr("Wizard", "met within the model's uncertainty") if w.get("met") and w.get("level") == "warn"
               else tr("Wizard", "met") if w.get("met") else tr("Wizard", "not met"))
        margin = w.get("margin")
        lines.append(tr("Wizard", "{name}: {met}, margin {margin}, limited by {bottleneck}").format(
            name=w.get("name", ""), met=met, margin="\u2013" if margin is None else f"{margin * 100:+.0f} %",
            bottleneck=w.get("bottleneck") or "\u2013"))
    for v in row.get("violations") or ():
        if v.get("message"):
            lines.append(message_text(v["message"]))
    return "\n".join(lines)


class BuildsPage(QWizardPage):
    """The ranked comparison; Finish generates the chosen build."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Builds"))
        self.setSubTitle(self.tr("Candidate builds, best first. Pick one and press Create Plan to open it as a new plan: "
                                 "room, racks, power, cooling and fabrics laid out, the workloads attached. Tick "
                                 "two to four and press Compare Ticked to see them side by side."))
        self.result: SearchResult | None = None
        self.options: list[Candidate] = []  # the distinct options, priced from their plans
        self.shown: list[Candidate] = []  # the table's rows, in order
        self.rows: list[dict[str, Any]] = []
        self.plan: Plan | None = None  # the generated plan of the chosen candidate
        self.generated_for: Candidate | None = None  # the candidate ``plan`` was generated from
        self.search_task = BackgroundTask(self, "workload search", expected_errors=(ValueError,))
        self.generate_task = BackgroundTask(self, "plan generation")
        self.compare_task = BackgroundTask(self, "candidate comparison", expected_errors=(ValueError,))
        self.ticked: list[Candidate] = []  # the rows ticked for Compare, in the order ticked
        self.compare_dialog: QWidget | None = None  # the last comparison shown

        self.status = QLabel(self)
        self.status.setObjectName("searchStatus")
        self.status.setWordWrap(True)
        self.binding = QLabel(self)
        self.binding.setObjectName("bindingConstraint")
        self.binding.setWordWrap(True)
        self.binding.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.binding.setStyleSheet(f"color: {style.BAD.name()}; font-weight: bold;")
        self.binding.hide()
        self.progress = QProgressBar(self)
        self.progress.setObjectName("searchProgress")
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(12)
        self.cancel_button = QPushButton(self.tr("Cancel Search"), self)
        self.cancel_button.setObjectName("cancelSearch")
        self.cancel_button.clicked.connect(self.cancel)
        self.again_button = QPushButton(self.tr("Search Again"), self)
        self.again_button.setObjectName("searchAgain")
        self.again_button.clicked.connect(self.start_search)
        self.compare_button = QPushButton(self)
        self.compare_button.setObjectName("compareCandidates")
        self.compare_button.setToolTip(self.tr("Generate the plans of the ticked builds (two to four) and show "
                                               "them side by side, as File > Compare With... does"))
        self.compare_button.clicked.connect(lambda _c=False: self.compare_ticked())
        self._update_compare_button(False)
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setObjectName("candidateTable")
        self.table.setHorizontalHeaderLabels([tr("Wizard", h) for _k, h, _f in COLUMNS])
        for c, (key, _h, _f) in enumerate(COLUMNS):
            head = self.table.horizontalHeaderItem(c)  # set by setHorizontalHeaderLabels above
            if key in HEADER_TIPS and head is not None:
                head.setToolTip(tr("Wizard", HEADER_TIPS[key]))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        hdr = self.table.horizontalHeader()
        hdr.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        hdr.setStretchLastSection(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.table.itemChanged.connect(self._tick_changed)
        self.table.itemDoubleClicked.connect(lambda _it: self.wizard().next() if self.wizard() else None)
        # what the table shows: the distinct options or all, of one GPU model or cooling, sorted by
        self.show_all = QCheckBox(self)
        self.show_all.setObjectName("showAllBuilds")
        self.filter_gpu = QComboBox(self)
        self.filter_gpu.setObjectName("filterGpu")
        # long GPU names ("NVIDIA Blackwell GPU in GB200 superchip ...") whole in the list, not in the bar
        self.filter_gpu.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.filter_gpu.setMinimumContentsLength(18)
        self.filter_cooling = QComboBox(self)
        self.filter_cooling.setObjectName("filterCooling")
        self.filter_cooling.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.filter_cooling.addItem(self.tr("Any cooling"), None)
        for opt in COOLING_OPTIONS:
            self.filter_cooling.addItem(tr("Wizard", COOLING_SHORT[opt]), opt)
        self.meets_only = QCheckBox(self.tr("Only builds that meet"), self)
        self.meets_only.setObjectName("meetsOnly")
        self.sort_by = QComboBox(self)
        self.sort_by.setObjectName("sortBy")
        for key, text in SORT_TEXT:
            self.sort_by.addItem(tr("Wizard", text), key)
        for w in (self.show_all, self.meets_only):
            w.toggled.connect(lambda _on: self.refill())
        for combo in (self.filter_gpu, self.filter_cooling, self.sort_by):
            combo.currentIndexChanged.connect(lambda _i: self.refill())
        filters = QHBoxLayout()
        filters.addWidget(self.show_all)
        filters.addSpacing(12)
        filters.addWidget(QLabel(self.tr("GPU"), self))
        filters.addWidget(self.filter_gpu)
        filters.addWidget(QLabel(self.tr("Cooling"), self))
        filters.addWidget(self.filter_cooling)
        filters.addWidget(self.meets_only)
        filters.addStretch(1)
        filters.addWidget(QLabel(self.tr("Sort by"), self))
        filters.addWidget(self.sort_by)
        self._set_filters_enabled(False)
        bar = QHBoxLayout()
        bar.addWidget(self.status, 1)
        bar.addWidget(self.progress)
        bar.addWidget(self.cancel_button)
        bar.addWidget(self.again_button)
        bar.addWidget(self.compare_button)
        lay = QVBoxLayout(self)
        lay.addLayout(bar)
        lay.addWidget(self.binding)
        lay.addLayout(filters)
        lay.addWidget(self.table, 1)

    # -- search ---------------------------------------------------------------------------
    def initializePage(self) -> None:
        self.start_search()

    def cleanupPage(self) -> None:  # Back: stop what runs here
        self.search_task.discard()
        self.generate_task.discard()
        self.compare_task.discard()
        self._busy(False)

    def _busy(self, on: bool, determinate: bool = False) -> None:
        self.progress.setVisible(on)
        self.progress.setRange(0, 1000 if determinate else 0)
        self.cancel_button.setVisible(on)
        self.again_button.setVisible(not on)
        self._update_compare_button(on)
        self.completeChanged.emit()

    @property
    def busy(self) -> bool:
        return self.search_task.running or self.generate_task.running or self.compare_task.running

    def start_search(self) -> None:
        wiz = self.wizard()
        if not isinstance(wiz, SizingWizard) or wiz.spec is None:
            return
        spec = wiz.spec
        self.generate_task.discard()
        self.table.setRowCount(0)
        self.rows, self.shown, self.options, self.result = [], [], [], None
        self.ticked = []
        self.plan, self.generated_for = None, None
        self._set_filters_enabled(False)
        self.binding.hide()
        self.status.setText(self.tr("Searching builds\u2026"))
        self._busy(True)
        catalog, metadata = wiz.catalog, wiz.plan_metadata()

        def work(progress: ProgressFn, cancelled: CancelFn) -> tuple[SearchResult, list[Candidate]]:
            from planner.design import search as design_search

            # every candidate ranked, then the distinct options priced from the plans they write
            # (with the metadata the plan will have), so their capex is the plan's to the cent
            result = design_search.search(spec, catalog, cancel=cancelled,
                                          progress=lambda f, stage: progress(f * 0.8, stage))
            if result.cancelled:
                return result, design_search.select_options(result.candidates)
            try:
                opts = design_search.options(result, spec, catalog, metadata=metadata, cancel=cancelled,
                                             progress=lambda f, stage: progress(0.8 + f * 0.2, PRICING + stage))
            except design_search.SearchCancelled:
                result.cancelled = True
                opts = design_search.select_options(result.candidates)
            return result, opts

        self.search_task.start(work, on_done=self._searched, on_failed=self._search_failed,
                               on_cancelled=self._search_cancelled, on_progress=self._progress)

    def cancel(self) -> None:
        self.search_task.cancel()
        self.generate_task.cancel()
        self.compare_task.cancel()

    def _progress(self, fraction: float, stage: str) -> None:
        if self.progress.maximum() == 0:
            self.progress.setRange(0, 1000)
        self.progress.setValue(int(fraction * 1000))
        if stage.startswith(PRICING):  # the options, each priced from the plan it writes
            if stage[len(PRICING):]:
                self.status.setText(self.tr("Pricing the options from their plans: {build}").format(
                    build=stage[len(PRICING):]))
        elif stage:
            self.status.setText(stage)

    def _set_filters_enabled(self, on: bool) -> None:
        for w in (self.show_all, self.filter_gpu, self.filter_cooling, self.meets_only, self.sort_by):
            w.setEnabled(on)

    def _searched(self, payload: tuple[SearchResult, list[Candidate]]) -> None:
        self._busy(False)
        result, opts = payload
        self.result, self.options = result, opts
        self.show_all.setText(self.tr("Show all {n} builds").format(n=fnum(len(result.candidates), ",")))
        for combo in (self.filter_gpu,):
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(self.tr("Any GPU"), None)
            for slug, name in sorted({(c.gpu, c.gpu_name) for c in result.candidates}, key=lambda t: t[1]):
                combo.addItem(name, slug)
            combo.blockSignals(False)
        self._set_filters_enabled(bool(result.candidates))
        self.refill()

    def refill(self) -> None:
        """The table from the search: the distinct options (or every candidate), filtered and
        sorted as the controls say (planner.design.search.filter_candidates, sort_candidates)."""
        result = self.result
        if result is None:
            return
        from planner.design.search import filter_candidates, sort_candidates

        base = result.candidates if self.show_all.isChecked() else self.options
        k = self.chosen()
        keep = self.shown[k] if k is not None and k < len(self.shown) else None
        shown = filter_candidates(base, gpu=self.filter_gpu.currentData(), cooling=self.filter_cooling.currentData(),
                                  meets_only=self.meets_only.isChecked())
        key = self.sort_by.currentData() or "rank"
        self.shown = sort_candidates(shown, key) if key != "rank" else shown  # "rank": the ranking (options: on their plans' capex)
        self.rows = [candidate_row(c) for c in self.shown]
        shown_ids = {id(c) for c in self.shown}
        self.ticked = [c for c in self.ticked if id(c) in shown_ids]  # a tick the filters hide is dropped
        ticked_ids = {id(c) for c in self.ticked}
        self.table.blockSignals(True)  # the ticks set below are not the user's
        wiz = self.wizard()
        catalog = wiz.catalog if isinstance(wiz, SizingWizard) else None
        for row in self.rows:  # the storage system's product name (the slug is the search's)
            dev = catalog.get("device-types", row["storage"]) if catalog is not None and row.get("storage") else None
            row["storage_name"] = f"{dev.manufacturer} {dev.model}" if dev is not None else row.get("storage")
        currency = wiz.currency if isinstance(wiz, SizingWizard) else "USD"
        self.table.setRowCount(len(self.rows))
        for c, (key_, _h, _f) in enumerate(COLUMNS):
            head = self.table.horizontalHeaderItem(c)
            if key_ == "cost_per_million_tokens" and head is not None:
                head.setText(tr("Wizard", "{currency} / M tok").format(currency=currency))
        for r, row in enumerate(self.rows):
            for c, (key_, _h, fmt) in enumerate(COLUMNS):
                value = row.get(key_)
                it = QTableWidgetItem(cell_text(value, fmt, row, currency))
                if key_ in ("gpus", "servers"):  # long product names: elided in the cell, whole here
                    it.setToolTip(f"{it.text()}\n{row.get('gpu' if key_ == 'gpus' else 'server') or ''}")
                if key_ == "storage":  # the system whole, or why there is none
                    it.setToolTip(storage_tip(row))
                if fmt not in ("text", "meets", "gpus", "servers", "storage", "cooling", "bottleneck"):
                    it.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if fmt == "meets":  # the colour of the search's level (the engine's rule), not our own
                    it.setForeground(style.WARN.darker(130) if value and row.get("level") == "warn"
                                     else style.OK if value else style.BAD)
                    f = it.font()
                    f.setBold(True)
                    it.setFont(f)
                incomplete = (row.get("capex_complete") is False and fmt in ("capex", "months", "money_capex")) or (
                    fmt == "token_cost" and row.get("cost_complete") is False)
                if incomplete and value is not None:
                    it.setForeground(style.WARN.darker(130))
                    f = it.font()
                    f.setBold(True)
                    it.setFont(f)
                    if fmt == "token_cost":
                        bases = sorted({message_text(w.get("cost_basis") or "") for w in row.get("workloads") or ()
                                        if w.get("cost_complete") is False})
                        it.setToolTip(tr("Wizard", "Cost per token from an incomplete capex ({basis}): a lower "
                                                   "bound").format(basis=", ".join(b for b in bases if b)))
                    elif fmt == "months":
                        it.setToolTip(tr("Wizard", "Break-even from an incomplete capex: the items without a price "
                                                   "are left out, so owning pays off later than this:\n{items}").format(
                            items="\n".join(row.get("unpriced") or ())))
                    elif fmt == "money_capex":
                        it.setToolTip(tr("Wizard", "From an incomplete capex (support is a share of it): a lower "
                                                   "bound:\n{items}").format(items="\n".join(row.get("unpriced") or ())))
                    else:
                        it.setToolTip(tr("Wizard", "Capex incomplete: these items have no price in {currency} "
                                                   "and are left out:\n{items}").format(
                            currency=row.get("currency") or currency, items="\n".join(row.get("unpriced") or ())))
                elif fmt == "capex" and row.get("capex_exact") is False:
                    it.setToolTip(tr("Wizard", "Estimated by the search; the plan it writes is priced when you "
                                               "create it"))
                if c == 0:  # the tick for Compare
                    it.setFlags(it.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    it.setCheckState(Qt.CheckState.Checked if id(self.shown[r]) in ticked_ids
                                     else Qt.CheckState.Unchecked)
                self.table.setItem(r, c, it)
        self.table.blockSignals(False)
        self._update_compare_button()
        if self.rows:  # a figure none of the workloads has (days for serving); none shown: as it was
            for c, (key_, _h, _f) in enumerate(COLUMNS):
                # (storage stays: "none" and its tooltip say why a build has none)
                self.table.setColumnHidden(c, key_ != "storage" and all(row.get(key_) is None for row in self.rows))
        self._fit_columns()
        QTimer.singleShot(0, self._fit_columns)  # again once the table has its scroll bars and final size
        meets = sum(1 for row in self.rows if row.get("meets"))
        binding = result.binding or ""
        for r, row in enumerate(self.rows):
            tip = workload_tip(row)
            for c in range(self.table.columnCount()):
                item = self.table.item(r, c)
                if item is not None and not item.toolTip():
                    item.setToolTip(tip)
        n_all = fnum(len(result.candidates), ",")
        if result.cancelled:
            self.status.setText(self.tr("Search cancelled: the {n} builds ranked so far.").format(n=n_all))
        elif not result.candidates:
            notes = "; ".join(message_text(n) for n in result.notes)
            self.status.setText(self.tr("No build was found: {why}").format(why=notes) if notes
                                else self.tr("No build was found."))
        elif not self.rows:  # the filters leave none
            self.status.setText(self.tr("None of the {n} builds of this list is of that GPU model and cooling (and "
                                        "meets, if asked): change the filters or show all builds.").format(
                n=fnum(len(base), ",")))
        elif not result.meeting:
            self.status.setText(self.tr("{n} builds compared; none meets every target and limit.").format(n=n_all))
        elif self.show_all.isChecked():
            self.status.setText(self.tr("{shown} of {n} builds shown, {m} of them meet every target and limit.").format(
                shown=fnum(len(self.rows), ","), n=n_all, m=fnum(meets, ",")))
        elif len(self.rows) < len(self.options):
            self.status.setText(self.tr("{shown} of the {k} distinct options shown ({n} builds compared, {m} meet "
                                        "every target and limit).").format(shown=fnum(len(self.rows), ","),
                                                                           k=fnum(len(self.options), ","), n=n_all,
                                                                           m=fnum(result.meeting, ",")))
        else:
            self.status.setText(self.tr("{n} builds compared, {m} meet every target and limit. The {k} distinct "
                                        "options: per GPU model and cooling the best that meets, and about +25 % "
                                        "and +50 % margin.").format(n=n_all, m=fnum(result.meeting, ","),
                                                                    k=fnum(len(self.rows), ",")))
        if not result.meeting and binding:
            self.binding.setText(message_text(binding))
            self.binding.show()
        if self.rows:
            self.table.selectRow(self.shown.index(keep) if keep is not None and keep in self.shown else 0)
        self.completeChanged.emit()

    def _fit_columns(self) -> None:
        """Every column as wide as its content; when that is wider than the table, the verdict
        (its tooltip has the whole text) and the long product names (GPUs, servers) give way
        first, down to 12 em, elided."""
        t = self.table
        if not shiboken6.isValid(t) or not self.rows:
            return
        t.resizeColumnsToContents()
        total = sum(t.columnWidth(c) for c in range(t.columnCount()) if not t.isColumnHidden(c))
        over = total - t.viewport().width()
        floor = max(120, t.fontMetrics().horizontalAdvance("M") * 12)
        for key in ("meets", "servers", "storage", "gpus"):  # the long "met within the model's uncertainty" gives way first
            if over <= 0:
                break
            c = next(i for i, col in enumerate(COLUMNS) if col[0] == key)
            w = t.columnWidth(c)
            new = max(floor, w - over)
            t.setColumnWidth(c, new)
            over -= w - new

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.rows:
            self._fit_columns()

    def _search_failed(self, exc: BaseException) -> None:
        self._busy(False)
        wiz = self.wizard()
        from planner.design.search import PlanForSpecError

        if isinstance(exc, PlanForSpecError) and exc.path and isinstance(wiz, SizingWizard):
            # what only the catalog can tell (a model, GPU or vendor it does not know): back to its field
            wiz.back()
            wiz.show_spec_error(str(exc))
            return
        self.status.setText(self.tr("The search failed: {reason}").format(reason=error_text(exc) or type(exc).__name__))

    def _search_cancelled(self) -> None:
        self._busy(False)
        self.status.setText(self.tr("Search cancelled."))

    def _selection_changed(self) -> None:
        self.completeChanged.emit()

    # -- compare the ticked builds ---------------------------------------------------------------
    def _tick_changed(self, item: QTableWidgetItem) -> None:
        from planner.design.compare import MAX_OPTIONS

        if item.column() != 0 or not 0 <= item.row() < len(self.shown):
            return
        cand = self.shown[item.row()]
        on = item.checkState() == Qt.CheckState.Checked
        ticked = any(c is cand for c in self.ticked)  # by identity: two candidates may be equal field by field
        if on and not ticked:
            if len(self.ticked) >= MAX_OPTIONS:  # refused: said, and the tick taken back
                self.table.blockSignals(True)
                item.setCheckState(Qt.CheckState.Unchecked)
                self.table.blockSignals(False)
                self.status.setText(self.tr("At most {n} builds can be compared: untick one first.").format(
                    n=MAX_OPTIONS))
                return
            self.ticked.append(cand)
        elif not on and ticked:
            self.ticked = [c for c in self.ticked if c is not cand]
        self._update_compare_button()

    def set_ticked(self, rows: Sequence[int]) -> None:
        """Tick these rows (and untick the others), as clicking their boxes does."""
        for r in range(self.table.rowCount()):
            item = self.table.item(r, 0)
            if item is not None:
                item.setCheckState(Qt.CheckState.Checked if r in rows else Qt.CheckState.Unchecked)

    def _update_compare_button(self, busy: bool | None = None) -> None:
        from planner.design.compare import MAX_OPTIONS

        n = len(self.ticked)
        self.compare_button.setText(self.tr("Compare Ticked (%n)", "", n))
        running = self.busy if busy is None else busy
        self.compare_button.setEnabled(not running and 2 <= n <= MAX_OPTIONS)

    def compare_ticked(self) -> bool:
        """Generate the ticked builds' plans (off the GUI thread, progress and Cancel) and
        show them side by side; A is the topmost ticked row. False if nothing started."""
        from planner.design.compare import MAX_OPTIONS

        wiz = self.wizard()
        ticked_ids = {id(c) for c in self.ticked}
        rows = [r for r, c in enumerate(self.shown) if id(c) in ticked_ids]  # in the table's order: A the topmost
        if self.busy or not isinstance(wiz, SizingWizard) or wiz.spec is None or not 2 <= len(rows) <= MAX_OPTIONS:
            return False
        cands = [self.shown[r] for r in rows]
        numbers = [r + 1 for r in rows]
        spec, metadata, catalog, settings = wiz.spec, wiz.plan_metadata(), wiz.catalog, wiz.engine_settings
        self.status.setText(self.tr("Generating the plans of builds {list} to compare them\u2026").format(
            list=", ".join(str(k) for k in numbers)))
        self._busy(True, determinate=True)

        def work(progress: ProgressFn, cancelled: CancelFn) -> ComparedBuilds:
            from planner.design.compare import compare_candidates

            return compare_candidates(cands, numbers, spec, catalog, metadata=metadata, settings=settings,
                                      progress=progress, cancel=cancelled)

        self.compare_task.start(work, on_done=self._compared, on_failed=self._compare_failed,
                                on_cancelled=self._compare_cancelled, on_progress=self._progress)
        return True

    def _compared(self, compared: ComparedBuilds) -> None:
        from ui.dialogs.compare import open_candidates_dialog

        self._busy(False)
        self.refill()  # the builds compared are priced from their plans now
        self.status.setText(self.tr("Compared: {names}.").format(
            names="; ".join(f"{o.label} = {o.name}" for o in compared.comparison.options)))
        wiz = self.wizard()
        if isinstance(wiz, SizingWizard):
            self.compare_dialog = open_candidates_dialog(compared, wiz.catalog, wiz, wiz.app_settings,
                                                         make_exporter=wiz.make_exporter)

    def _compare_failed(self, exc: BaseException) -> None:
        self._busy(False)
        self.status.setText(self.tr("The builds could not be compared: {reason}").format(
            reason=error_text(exc) or type(exc).__name__))

    def _compare_cancelled(self) -> None:
        self._busy(False)
        self.status.setText(self.tr("Comparison cancelled."))

    def chosen(self) -> int | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return rows[0].row() if rows else None

    def chosen_candidate(self) -> Candidate | None:
        k = self.chosen()
        return self.shown[k] if k is not None and k < len(self.shown) else None

    def isComplete(self) -> bool:
        return not self.busy and self.chosen() is not None

    # -- finish: generate the chosen build -------------------------------------------------------
    def validatePage(self) -> bool:
        k = self.chosen()
        if k is None:
            return False
        if self.plan is not None and self.generated_for is self.shown[k]:
            return True
        wiz = self.wizard()
        if not isinstance(wiz, SizingWizard) or wiz.spec is None or self.result is None:
            return False
        cand = self.shown[k]
        spec, metadata, catalog = wiz.spec, wiz.plan_metadata(), wiz.catalog
        workloads = spec.plan_workloads()
        self.status.setText(self.tr("Generating the plan of build {k}\u2026").format(k=k + 1))
        self._busy(True, determinate=True)

        def work(progress: ProgressFn, cancelled: CancelFn) -> Plan:
            from planner.design import generate as design_generate
            from planner.design import search as design_search

            # a candidate shown with the search's estimate is priced from its plan first: the lines
            # still to price go to the planner's internal notes, never the customer's
            design_search.price_from_plans([cand], spec, catalog, metadata=metadata)
            md = metadata.model_copy(update={"internal_notes": design_search.internal_notes(cand)})
            return design_generate.generate_plan(cand.design, catalog, workloads=workloads, metadata=md,
                                                 progress=progress, cancel=cancelled)

        self.generate_task.start(work, on_done=lambda plan: self._generated(cand, plan),
                                 on_failed=self._generate_failed, on_cancelled=self._generate_cancelled,
                                 on_progress=self._progress)
        return False

    def _generated(self, cand: Candidate, plan: Plan) -> None:
        self._busy(False)
        self.plan, self.generated_for = plan, cand
        self.refill()  # its row now shows the capex of the plan made (priced from it)
        self.status.setText(self.tr("Plan generated."))
        wiz = self.wizard()
        if wiz is not None:
            wiz.accept()

    def _generate_failed(self, exc: BaseException) -> None:
        self._busy(False)
        self.status.setText(self.tr("The plan could not be generated: {reason}").format(
            reason=error_text(exc) or type(exc).__name__))

    def _generate_cancelled(self) -> None:
        self._busy(False)
        self.status.setText(self.tr("Generation cancelled."))


# ------------------------------------------------------------------------------ the wizard


class SizingWizard(QWizard):
    """``SizingWizard(catalog, parent, workloads=[plan Workload, ...], metadata=plan metadata,
    open_plan=..., money_from=open plan's metadata)``: Finish generates the chosen build, calls
    ``open_plan(plan)`` (False: the user kept the open plan, the wizard stays) and emits
    ``planChosen(plan)``. ``metadata``: the plan sized (Size This Workload), whose settings the
    new plan carries; ``money_from`` (New from Workload): the plan open, whose currency,
    exchange rates and electricity price are the Limits page's defaults (MONEY_METADATA)."""

    planChosen = Signal(object)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None, *,
                 workloads: Sequence[Workload | Mapping[str, Any]] = (), metadata: Metadata | None = None,
                 open_plan: Callable[[Plan], bool] | None = None, money_from: Metadata | None = None,
                 engine_settings: EngineSettings | None = None, app_settings: AppSettings | None = None,
                 make_exporter: MakeExporter | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        # the comparison's build plan exporter, from the shell (ui.design does not import ui.exports)
        self.make_exporter = make_exporter
        # the open plan's engine thresholds (a compared build is computed with them, as the plan
        # made is once opened) and the app's settings (the comparison's build plan export)
        self.engine_settings = engine_settings
        self.app_settings = app_settings
        # open_plan(plan) -> bool: opens the plan (False: the user kept the open one; the wizard stays)
        self.open_plan = open_plan
        self.base_metadata = metadata
        self.spec: PlanForSpec | None = None  # the parsed SPEC
        self.spec_data: dict[str, Any] = {}
        self.setObjectName("sizingWizard")
        self.setWindowTitle(self.tr("New from Workload") if not workloads else self.tr("Size This Workload"))
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        items = [{"name": w.name, "kind": w.kind, "spec": dict(w.spec)} if isinstance(w, Workload) else dict(w)
                 for w in workloads]
        self.workloads_page = WorkloadsPage(catalog, items, self)
        self.limits_page = LimitsPage(catalog, metadata, self, money_from=money_from)
        self.builds_page = BuildsPage(self)
        self.addPage(self.workloads_page)
        self.addPage(self.limits_page)
        self.addPage(self.builds_page)
        self.setButtonText(QWizard.WizardButton.FinishButton, self.tr("Create Plan"))
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        avail = screen.availableGeometry() if screen is not None else None
        if avail is not None and avail.width() >= 800:
            # the comparison table wants width: up to 1720 x 860, never past the screen
            self.resize(min(1720, avail.width() - 40), min(860, avail.height() - 40))
        else:
            self.resize(1100, 680)

    @property
    def currency(self) -> str:
        return str(self.spec_data.get("constraints", {}).get("currency") or "USD")

    def spec_dict(self) -> dict[str, Any] | None:
        """The SPEC as ``rackwright plan-for`` reads it (None: a constraint could not be read)."""
        constraints = self.limits_page.constraints()
        if constraints is None:
            return None
        return {"workloads": [{"name": w["name"], "kind": w["kind"], "spec": dict(w["spec"])}
                              for w in self.workloads_page.items], "constraints": constraints}

    def check_spec(self) -> bool:
        """Parse the SPEC with the search's own validation; show an error at its field."""
        data = self.spec_dict()
        if data is None:
            return False
        from planner.design import search as design_search

        try:
            self.spec = design_search.parse_plan_for_spec(data)
        except Exception as e:  # the parser names the field path; anything else is shown as it is
            self.spec = None
            self.show_spec_error(str(e))
            return False
        self.spec_data = data
        return True

    def show_spec_error(self, message: str) -> None:
        page_set = False
        for section, index, name, text in split_errors(message):
            if section == "workloads":
                self.workloads_page.show_errors(index, {name: text})
                if not page_set and self.currentPage() is not self.workloads_page:
                    self.back()  # to the page that holds the field
                    page_set = True
            else:
                self.limits_page.show_error(name, text)

    def plan_metadata(self) -> Metadata:
        """The generated plan's metadata: the search's (currency, electricity price, PUE,
        utilisation), the years of use, and from the plan sized (Size This Workload) who it is
        for and its rent-or-own and exchange-rate settings. Needs the SPEC checked (:meth:`check_spec`)."""
        spec = self.spec
        if spec is None:
            raise RuntimeError("plan_metadata before check_spec")
        extra: dict[str, Any] = {}
        base = self.base_metadata
        if base is not None:
            extra = {k: v for k, v in base.model_dump().items() if k in CARRIED_METADATA}
        years = spec.constraints.years
        if years is not None and "years_of_use" in Metadata.model_fields:
            extra["years_of_use"] = years
        try:
            return spec.metadata(**extra)
        except ValueError:  # a carried value the new plan refuses: the search's own
            return spec.metadata()

    def accept(self) -> None:
        page = self.builds_page
        plan = page.plan
        if plan is None or page.generated_for is not page.chosen_candidate():
            super().accept()  # validates the page: starts the generation, stays open
            return
        if self.open_plan is not None and not self.open_plan(plan):
            return  # the user kept the open plan: the wizard stays, the plan generated is kept
        super().accept()
        self.planChosen.emit(plan)

    def reject(self) -> None:
        self.builds_page.search_task.discard()
        self.builds_page.generate_task.discard()
        self.builds_page.compare_task.discard()
        super().reject()


__all__ = ["SizingWizard", "split_errors"]
