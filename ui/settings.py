"""Application settings (QSettings) and the Settings dialog: display units, theme and
engine thresholds. The threshold editors are generated from the engine's pydantic
settings model, so each field shows the engine's own description (with its source)."""

from __future__ import annotations

import json
import typing
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QRectF, QSettings, QStandardPaths, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QProxyStyle,
    QScrollArea,
    QSpinBox,
    QStyle,
    QStyleFactory,
    QStyleOption,
    QVBoxLayout,
    QWidget,
)

from planner.i18n import translated
from ui.i18n import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from pydantic.fields import FieldInfo

    from planner.engine.settings import EngineSettings

ORG = "Rackwright"
APP = "Rackwright"
MAX_RECENT = 10


def documents_folder() -> Path:
    """The user's documents folder (Dokumente, Documents), else the home folder."""
    loc = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if loc and Path(loc).is_dir():
        return Path(loc)
    return Path.home()


def file_stem(project: str | None, default: str) -> str:
    """A file name (without suffix) from the plan's project name: letters, digits, space,
    '-' and '_' kept, anything else '_' (safe on Windows, macOS and Linux)."""
    stem = "".join(c if c.isalnum() or c in "-_ " else "_" for c in (project or ""))[:120]
    return stem.strip() or default


def qsettings() -> QSettings:
    return QSettings(ORG, APP)


def engine_settings_model() -> type[EngineSettings]:
    from planner.engine.settings import EngineSettings

    return EngineSettings


# the PDF sections of the builds before "rent" (rent or own) was added, which saved the
# chosen sections without the list they chose from
SECTIONS_BEFORE_RENT = ("cover", "floor", "racks", "power", "cooling", "bom", "cables", "findings")

class AppSettings:
    """Typed access to the persisted settings."""

    def __init__(self, store: QSettings | None = None) -> None:
        self.store = store or qsettings()

    @property
    def units(self) -> str:
        v = str(self.store.value("display/units", "metric"))
        return v if v in ("metric", "imperial") else "metric"

    @units.setter
    def units(self, v: str) -> None:
        self.store.setValue("display/units", v)

    @property
    def theme(self) -> str:
        v = str(self.store.value("display/theme", "system"))
        return v if v in ("system", "light", "dark") else "system"

    @theme.setter
    def theme(self, v: str) -> None:
        self.store.setValue("display/theme", v)

    @property
    def language(self) -> str:
        """'system' (follow the system's language), 'de' or 'en'; read at start-up."""
        v = str(self.store.value("display/language", "system"))
        return v if v in ("system", "de", "en") else "system"

    @language.setter
    def language(self, v: str) -> None:
        self.store.setValue("display/language", v)

    @property
    def engine_overrides(self) -> dict[str, Any]:
        raw = self.store.value("engine/overrides", "{}")
        try:
            data = json.loads(str(raw))
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    @engine_overrides.setter
    def engine_overrides(self, v: dict[str, Any]) -> None:
        self.store.setValue("engine/overrides", json.dumps(v))

    def engine_settings(self) -> EngineSettings:
        """EngineSettings with the user's overrides; invalid stored values are dropped."""
        model = engine_settings_model()
        data = {k: v for k, v in self.engine_overrides.items() if k in model.model_fields}
        try:
            return model(**data)
        except Exception:
            return model()

    @property
    def recent_files(self) -> list[str]:
        v = self.store.value("files/recent", [])
        items = [v] if isinstance(v, str) else v if isinstance(v, list | tuple) else []
        return [str(x) for x in items][:MAX_RECENT]

    def add_recent(self, path: str) -> list[str]:
        files = [path] + [p for p in self.recent_files if p != path]
        self.store.setValue("files/recent", files[:MAX_RECENT])
        return files[:MAX_RECENT]

    def remove_recent(self, path: str) -> None:
        self.store.setValue("files/recent", [p for p in self.recent_files if p != path])

    # -- where file dialogs start: the folder last used, else the user's documents folder
    def start_folder(self) -> Path:
        """The folder a file dialog opens in when the plan has no file yet: the one last
        used for a plan or an export if it still exists, else the user's documents
        folder (never the program's working folder)."""
        last = self.store.value("files/last_folder", "")
        if isinstance(last, str) and last and Path(last).is_dir():
            return Path(last)
        return documents_folder()

    def remember_folder(self, path: str | Path) -> None:
        """Note the folder of a file just opened, saved or exported (or the folder itself)."""
        p = Path(path)
        folder = p if p.is_dir() else p.parent
        self.store.setValue("files/last_folder", str(folder))

    # -- the build plan export's choices (ui/dialogs/export_options.py), remembered between exports
    @property
    def report_sections(self) -> tuple[str, ...]:
        """Sections last chosen for the PDF build plan (all by default), in the document's
        order; unknown names in the store are dropped, and a section added since the choice
        was saved (not in ``report/sections_known``) is included: a new section shows up
        instead of staying off because nobody ever saw it to tick it."""
        from planner.reports import DEFAULT_SECTIONS, SECTIONS

        raw = self.store.value("report/sections", None)
        if raw is None:
            return DEFAULT_SECTIONS
        items = raw if isinstance(raw, list) else str(raw).split(",")
        chosen = {str(x).strip() for x in items}
        known_raw = self.store.value("report/sections_known", None)
        if known_raw is None:
            known = set(SECTIONS_BEFORE_RENT)  # saved by a build that did not store what it knew
        else:
            known = {str(x).strip() for x in (known_raw if isinstance(known_raw, list) else str(known_raw).split(","))}
        # a new section shows up, unless it is one that is asked for (labels: label stock)
        return tuple(k for k in SECTIONS if k in chosen or (k not in known and k in DEFAULT_SECTIONS))

    @report_sections.setter
    def report_sections(self, v: typing.Iterable[str]) -> None:
        from planner.reports import SECTIONS

        self.store.setValue("report/sections", ",".join(v))
        self.store.setValue("report/sections_known", ",".join(SECTIONS))

    @property
    def report_page_size(self) -> str:
        v = str(self.store.value("report/page_size", "a4"))
        return v if v in ("a4", "letter") else "a4"

    @report_page_size.setter
    def report_page_size(self, v: str) -> None:
        self.store.setValue("report/page_size", v)

    @property
    def report_toc(self) -> bool:
        return str(self.store.value("report/toc", "true")).lower() not in ("false", "0", "no")

    @report_toc.setter
    def report_toc(self, v: bool) -> None:
        self.store.setValue("report/toc", "true" if v else "false")

    @property
    def csv_locale(self) -> str | None:
        """The locale last chosen for CSV tables (``en`` or ``de``: separators, decimal
        symbol), None if never chosen (the dialog then follows the system's number format)."""
        v = self.store.value("export/csv_locale", None)
        return str(v) if v in ("en", "de") else None

    @csv_locale.setter
    def csv_locale(self, v: str) -> None:
        self.store.setValue("export/csv_locale", v)


def dark_palette() -> QPalette:
    p = QPalette()
    window, base, text = QColor("#2b2d31"), QColor("#1f2124"), QColor("#e6e6e6")
    p.setColor(QPalette.ColorRole.Window, window)
    p.setColor(QPalette.ColorRole.WindowText, text)
    p.setColor(QPalette.ColorRole.Base, base)
    p.setColor(QPalette.ColorRole.AlternateBase, QColor("#26282c"))
    p.setColor(QPalette.ColorRole.ToolTipBase, QColor("#3a3d42"))
    p.setColor(QPalette.ColorRole.ToolTipText, text)
    p.setColor(QPalette.ColorRole.Text, text)
    p.setColor(QPalette.ColorRole.Button, QColor("#33363b"))
    p.setColor(QPalette.ColorRole.ButtonText, text)
    p.setColor(QPalette.ColorRole.BrightText, QColor("#ff6b6b"))
    p.setColor(QPalette.ColorRole.Highlight, QColor("#3d7cc9"))
    p.setColor(QPalette.ColorRole.HighlightedText, QColor("white"))
    p.setColor(QPalette.ColorRole.Mid, QColor("#55585e"))
    p.setColor(QPalette.ColorRole.Dark, QColor("#18191b"))
    p.setColor(QPalette.ColorRole.Link, QColor("#6ea8ff"))
    p.setColor(QPalette.ColorRole.PlaceholderText, QColor("#8a8d92"))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7c7f85"))
    return p


class FusionStyle(QProxyStyle):
    """Fusion, with the frame of check boxes (also in lists) and radio buttons visible on
    the dark palette: Fusion draws it in the window colour made darker, which vanishes on
    a dark base, so an unticked box (the auto-wire dialog's switch racks) showed nothing."""

    def __init__(self) -> None:
        super().__init__(QStyleFactory.create("Fusion"))

    def drawPrimitive(self, element: QStyle.PrimitiveElement, option: QStyleOption, painter: QPainter,  # noqa: N802
                      widget: QWidget | None = None) -> None:
        super().drawPrimitive(element, option, painter, widget)
        PE = QStyle.PrimitiveElement
        if element not in (PE.PE_IndicatorCheckBox, PE.PE_IndicatorItemViewItemCheck, PE.PE_IndicatorRadioButton):
            return
        if option.palette.color(QPalette.ColorRole.Window).lightness() >= 128:
            return  # light palette: Fusion's own frame reads well
        from ui import style

        painter.save()
        pen = QPen(style.MUTED_DARK)
        pen.setWidth(1)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        r = option.rect.adjusted(0, 0, -1, -1)
        if element == PE.PE_IndicatorRadioButton:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            painter.drawEllipse(QRectF(r).adjusted(0.5, 0.5, -0.5, -0.5))
        else:
            painter.drawRect(r)
        painter.restore()


def apply_theme(app: QApplication, theme: str) -> None:
    """'system' follows the OS colour scheme; 'light'/'dark' force one (Fusion style)."""

    hints = QGuiApplication.styleHints()
    if theme == "system":
        if hasattr(hints, "unsetColorScheme"):
            hints.unsetColorScheme()
        dark = hints.colorScheme() == Qt.ColorScheme.Dark
    else:
        dark = theme == "dark"
        if hasattr(hints, "setColorScheme"):
            hints.setColorScheme(Qt.ColorScheme.Dark if dark else Qt.ColorScheme.Light)
    if not isinstance(app.style(), FusionStyle):  # setStyle re-polishes every widget: only once
        app.setStyle(FusionStyle())
    app.setPalette(dark_palette() if dark else app.style().standardPalette())


# Labels of the engine thresholds, with their units (the values are SI, as the engine
# keeps them; the tooltip carries each field's description and source).
ENGINE_LABELS = {
    "continuous_derating": QT_TRANSLATE_NOOP("EngineLabels", "Breaker continuous-load derating (fraction)"),
    "load_basis": QT_TRANSLATE_NOOP("EngineLabels", "Load basis for capacity checks"),
    "power_factor": QT_TRANSLATE_NOOP("EngineLabels", "Default power factor"),
    "feed_warn_fraction": QT_TRANSLATE_NOOP("EngineLabels", "Feed / phase warning at (fraction of capacity)"),
    "phase_imbalance_warn_percent": QT_TRANSLATE_NOOP("EngineLabels", "Phase imbalance warning (%)"),
    "phase_imbalance_min_load": QT_TRANSLATE_NOOP("EngineLabels",
                                                  "Phase imbalance checked above (fraction of derated current)"),
    "default_cords": QT_TRANSLATE_NOOP("EngineLabels", "Default power cords per device"),
    "air_limit_kw": QT_TRANSLATE_NOOP("EngineLabels", "Air-cooled rack limit (kW)"),
    "air_containment_limit_kw": QT_TRANSLATE_NOOP("EngineLabels", "Air with containment, rack limit (kW)"),
    "rdhx_default_kw": QT_TRANSLATE_NOOP("EngineLabels", "Rear-door HX, default capacity (kW)"),
    "direct_liquid_limit_kw": QT_TRANSLATE_NOOP("EngineLabels", "Direct liquid cooling, rack limit (kW)"),
    "immersion_default_kw": QT_TRANSLATE_NOOP("EngineLabels", "Immersion tank, default capacity (kW)"),
    "residual_air_limit_kw": QT_TRANSLATE_NOOP("EngineLabels", "Liquid-cooled rack, heat to room air (kW)"),
    "cooling_warn_fraction": QT_TRANSLATE_NOOP("EngineLabels", "Cooling warning at (fraction of capacity)"),
    "air_delta_t_k": QT_TRANSLATE_NOOP("EngineLabels", "Server air temperature rise ΔT (K)"),
    "loop_margin": QT_TRANSLATE_NOOP("EngineLabels", "CDU sizing margin (×)"),
    "cable_length_default_m": QT_TRANSLATE_NOOP("EngineLabels", "Default cable length (m)"),
    "min_cpu_cores_per_gpu": QT_TRANSLATE_NOOP("EngineLabels", "Minimum CPU cores per GPU"),
    "min_ram_to_gpu_memory": QT_TRANSLATE_NOOP("EngineLabels", "Minimum system RAM / GPU memory (×)"),
    "min_compute_gbps_per_gpu": QT_TRANSLATE_NOOP("EngineLabels", "Minimum compute fabric per GPU (Gb/s)"),
    "min_storage_gb_per_s_per_gpu": QT_TRANSLATE_NOOP("EngineLabels", "Minimum storage read per GPU (GB/s)"),
    "workload_margin_warn": QT_TRANSLATE_NOOP("EngineLabels", "Workload margin warning (fraction)"),
    "stranded_min_power_kw": QT_TRANSLATE_NOOP("EngineLabels", "Stranded headroom threshold (kW)"),
}
def engine_label(name: str) -> str:
    """The settings dialog's label of an engine threshold (a test requires one in
    ENGINE_LABELS for every field; the field name is the fallback), translated."""
    text = ENGINE_LABELS.get(name)
    if text is None:
        return name.replace("_", " ").capitalize()
    return QCoreApplication.translate("EngineLabels", text)


class SettingsDialog(QDialog):
    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Settings"))
        self.settings = settings
        self.units = QComboBox()
        self.units.setObjectName("unitsCombo")
        self.units.addItem(self.tr("Metric (m, mm, kg, kW, m³/h, °C)"), "metric")
        self.units.addItem(self.tr("Imperial (ft, in, lb, BTU/h, CFM, °F)"), "imperial")
        self.units.setCurrentIndex(self.units.findData(settings.units))
        self.theme = QComboBox()
        self.theme.setObjectName("themeCombo")
        for v, t in (("system", self.tr("Follow the system")), ("light", self.tr("Light")),
                     ("dark", self.tr("Dark"))):
            self.theme.addItem(t, v)
        self.theme.setCurrentIndex(self.theme.findData(settings.theme))
        self.language = QComboBox()
        self.language.setObjectName("languageCombo")
        for v, t in (("system", self.tr("Follow the system")), ("de", "Deutsch"), ("en", "English")):
            self.language.addItem(t, v)
        self.language.setCurrentIndex(self.language.findData(settings.language))
        self.language.setToolTip(self.tr("Takes effect when Rackwright is started again."))
        disp = QGroupBox(self.tr("Display"))
        f = QFormLayout(disp)
        f.addRow(self.tr("Units"), self.units)
        f.addRow(self.tr("Theme"), self.theme)
        f.addRow(self.tr("Language (after a restart)"), self.language)

        self.engine_fields: dict[str, QComboBox | QSpinBox | QDoubleSpinBox] = {}
        eng = QGroupBox(self.tr("Engine thresholds"))
        ef = QFormLayout(eng)
        current = settings.engine_settings()
        for name, info in engine_settings_model().model_fields.items():
            w = self._editor(info, getattr(current, name))
            if w is None:
                continue
            w.setObjectName(f"engine_{name}")
            w.setToolTip(translated(info.description or ""))
            self.engine_fields[name] = w
            ef.addRow(engine_label(name), w)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(eng)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.RestoreDefaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.restore_defaults)
        lay = QVBoxLayout(self)
        lay.addWidget(disp)
        lay.addWidget(scroll, 1)
        lay.addWidget(buttons)
        self.resize(620, 640)

    @staticmethod
    def _editor(info: FieldInfo, value: Any) -> QComboBox | QSpinBox | QDoubleSpinBox | None:
        ann = info.annotation
        args = typing.get_args(ann)
        if typing.get_origin(ann) is typing.Literal:
            box = QComboBox()
            for a in args:
                box.addItem(str(a), a)
            box.setCurrentIndex(box.findData(value))
            return box
        base = args[0] if typing.get_origin(ann) is typing.Annotated else ann
        lo, hi = 0.0, 1e6
        for m in getattr(info, "metadata", []):
            lo = float(getattr(m, "gt", None) or getattr(m, "ge", None) or lo)
            hi = float(getattr(m, "le", None) or getattr(m, "lt", None) or hi)
        if base is int:
            sb = QSpinBox()
            sb.setRange(int(lo), int(hi))
            sb.setValue(int(value))
            return sb
        if base is float:
            ds = QDoubleSpinBox()
            ds.setDecimals(3 if hi <= 2 else 1)
            ds.setRange(lo, hi)
            ds.setSingleStep(0.05 if hi <= 2 else 1.0)
            ds.setValue(float(value))
            return ds
        return None

    def restore_defaults(self) -> None:
        d = engine_settings_model()()
        for name, w in self.engine_fields.items():
            v = getattr(d, name)
            if isinstance(w, QComboBox):
                w.setCurrentIndex(w.findData(v))
            else:
                w.setValue(v)

    def values(self) -> tuple[str, str, dict[str, Any]]:
        overrides: dict[str, Any] = {}
        defaults = engine_settings_model()()
        for name, w in self.engine_fields.items():
            v = w.currentData() if isinstance(w, QComboBox) else w.value()
            if v != getattr(defaults, name):
                overrides[name] = v
        return self.units.currentData(), self.theme.currentData(), overrides

    def save(self) -> None:
        units, theme, overrides = self.values()
        self.settings.units = units
        self.settings.theme = theme
        self.settings.language = self.language.currentData()
        self.settings.engine_overrides = overrides
