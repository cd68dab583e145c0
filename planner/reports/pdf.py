"""The printed build plan: ``build_plan_pdf(plan, catalog, results, path, options)``.

A reportlab platypus document (DocTemplate -> PageTemplates -> Flowables): a cover
page in portrait-free landscape, then one section per :data:`SECTIONS` entry. All
figures come from the engine's ``Results`` (the same snapshot the app shows and
``rackwright check`` prints) and positions from :mod:`planner.model.geometry`; nothing is
computed here except display-unit conversion (:mod:`planner.reports.display`).

The document is built in memory and written atomically (:mod:`planner.base.fileio`): a
cancelled or failed build never leaves a partial PDF, and an existing file stays as
it was.
"""

from __future__ import annotations

import datetime as _dt
import io
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    Image,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

import planner
from planner.base.fileio import atomic_write_bytes
from planner.base.findings import SEVERITY_NAMES, finding_text
from planner.fabric.names import bottleneck_text, source_kind_text, verdict_text, workload_kind_text
from planner.fabric.schedule import CableRow, cable_schedule
from planner.i18n import (
    N_,
    PAPER,
    _,
    format_date,
    format_list,
    format_margin,
    message_text,
    ngettext,
    use_language,
)
from planner.model.logo import logo_size
from planner.model.naming import display_name
from planner.model.plan import coolant_name, cooling_method_name
from planner.reports import drawings
from planner.reports.display import Units, kw, money, num, pct
from planner.reports.energy import country_name, enefg_rows, energy_rows, legal, start_text
from planner.reports.flowables import (
    PAD_H,
    Anchor,
    Lines,
    ReportCancelled,
    RowsTable,
    SpanText,
    Ticker,
    TocEntry,
    TocSlot,
    TocState,
    numbered_canvas,
    paginate_toc,
    toc_rows,
)
from planner.reports.labels import LABEL_STOCK, LabelSheet
from planner.reports.places import name_index, place_text
from planner.reports.requirements import RequirementLine, line_ref, requirement_lines, statement
from planner.reports.text import (
    MISSING,
    clean,
    esc,
    fit,
    fonts,
    longest_word,
    truncate,
    unsupported,
    wrap_lines,
)

if TYPE_CHECKING:
    from planner.base.findings import Finding
    from planner.catalog import Catalog
    from planner.catalog.models import Price
    from planner.engine.results import Results
    from planner.model.plan import Plan, Rack

SECTIONS = ("cover", "requirements", "floor", "racks", "power", "cooling", "energy", "bom", "rent", "phases", "cables",
            "pull", "findings", "labels")
# printed unless chosen otherwise: the cable labels go on label stock, so they are asked for
DEFAULT_SECTIONS = tuple(s for s in SECTIONS if s != "labels")
# English source texts (N_: marked for the catalog); translate with _() where shown
SECTION_TITLES = {"cover": N_("Cover and summary"), "requirements": N_("Requirements"), "floor": N_("Floor plan"), "racks": N_("Rack elevations"),
                  "power": N_("Power"), "cooling": N_("Cooling"), "energy": N_("Energy efficiency"),
                  "bom": N_("Bill of materials"),
                  "rent": N_("Rent or own"), "phases": N_("Growth phases"), "cables": N_("Cable schedule"), "pull": N_("Pull list per rack"),
                  "findings": N_("Findings and workloads"), "labels": N_("Cable labels")}
PAGE_SIZES = {"a4": A4, "letter": letter}
BASIS_NAMES = {"list": N_("list"), "street-estimate": N_("street"), "quote": N_("quote"), "estimate": N_("estimate"),
               "included": N_("included")}
SEVERITY_COLORS = {"error": "#c0392b", "warning": "#b7791f", "info": "#3b7dd8"}
MARGIN = 28.0
LOGO_BOX = (170.0, 60.0)  # the cover's logo at most this wide and high (points)
TOP = 36.0
BOTTOM = 32.0

# a cloud price's basis (catalog CloudPrice.basis) as the build plan names it
CLOUD_BASIS_NAMES = {"indicative": N_("indicative")}
# a rack PDU's wiring (catalog PduSpec.wiring) as the build plan names it
WIRING_NAMES = {"wye": N_("wye"), "delta": N_("delta"), "single": N_("single-phase")}

# a requirement line's verdict (met, not met, not determined)
VERDICT_COLORS: dict[bool | None, str] = {True: "#2e7d32", False: "#c0392b", None: "#8a5a00"}

# fine-tuning methods as the build plan names them (the value stays the code in --json)
FINETUNE_METHODS = {"full": N_("full fine-tuning"), "lora": N_("LoRA"), "qlora": N_("QLoRA")}


class ComparedOption(Protocol):
    """What the comparison page needs of one option (planner.design.compare.Option)."""

    @property
    def label(self) -> str: ...

    @property
    def name(self) -> str: ...


class ComparedRow(Protocol):
    """One line of the comparison table (planner.design.compare.Row), in the active language."""

    @property
    def label(self) -> str: ...

    @property
    def cells(self) -> tuple[str, ...]: ...

    @property
    def warn(self) -> tuple[bool, ...]: ...

    @property
    def differs(self) -> bool: ...

    @property
    def heading(self) -> bool: ...


class ComparisonData(Protocol):
    """Builds side by side (planner.design.compare.Comparison, made by the layer above and
    handed down as data): the options and the table's rows, texts in the active language."""

    @property
    def options(self) -> tuple[ComparedOption, ...]: ...

    def rows(self) -> Sequence[ComparedRow]: ...


@dataclass(frozen=True)
class ReportOptions:
    imperial: bool = False
    sections: tuple[str, ...] = DEFAULT_SECTIONS
    page_size: str | None = None  # "a4" or "letter", always landscape; None: the language's (A4 de, Letter en)
    compress: bool = True  # False keeps page streams readable (tests search the raw bytes)
    fonts: str = "auto"  # "auto": a Unicode TrueType font if found; "builtin": Helvetica (Latin-1, text in clear)
    rack_sheet_limit: int = 48  # above this many racks, one elevation sheet per distinct rack layout
    # above this many cables to pull, the cable schedule and the pull list count them per pair
    # of racks (a 16k-GPU plan's 32,768 rows were ~1,600 pages a crew does not work from); every
    # cable stays in the cable table (rackwright export, File > Export Tables) and on the labels
    cable_schedule_limit: int = 5000
    racks_per_page: int = 2
    date: str | None = None  # default: today; printed in the language's form
    lang: str | None = None  # "de" or "en"; None: the active language (planner.i18n)
    include_info_findings: bool = True
    info_findings_limit: int = 300  # informational findings listed; the rest are counted by code
    toc: bool = True  # a contents page after the cover (with page numbers and links); the outline is always made
    # the internal checklist (prices to get, internal notes, estimates to confirm, findings to
    # clear) after the chosen sections: for the planner, never in the customer's PDF unless asked
    checklist: bool = False
    # a comparison page after the requirements: this plan as option A beside up to three
    # others (`rackwright report A --compare B C D`); None: no such page
    comparison: ComparisonData | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        unknown = [s for s in self.sections if s not in SECTIONS]
        if unknown:
            raise ValueError(f"unknown report sections: {', '.join(unknown)} (known: {', '.join(SECTIONS)})")
        if self.page_size is not None and self.page_size not in PAGE_SIZES:
            raise ValueError(f"unknown page size {self.page_size!r} (a4 or letter)")
        if self.fonts not in ("auto", "builtin"):
            raise ValueError("fonts must be 'auto' or 'builtin'")
        if self.racks_per_page < 2 or self.racks_per_page > 4:
            raise ValueError("racks_per_page must be 2, 3 or 4")


@dataclass
class ReportSummary:
    path: Path | None
    pages: int
    bytes: int
    seconds: float
    sections: tuple[str, ...]
    racks: int = 0
    rack_sheets: int = 0  # rack blocks drawn
    summarised: bool = False  # rack sheets one per distinct layout (rack_sheet_limit exceeded)
    cables: int = 0
    cables_summarised: bool = False  # schedule and pull list per rack pair (cable_schedule_limit exceeded)
    notes: list[str] = field(default_factory=list)  # in the report's language
    missing_glyphs: str = ""  # characters of the plan's names the report font cannot print


ProgressFn = Callable[[float, str], Any]
CancelFn = Callable[[], bool]


def build_plan_pdf(plan: Plan, catalog: Catalog, results: Results, path: str | Path, options: ReportOptions | None = None,
                   progress: ProgressFn | None = None, cancel: CancelFn | None = None) -> ReportSummary:
    """Write the build plan PDF of ``plan`` to ``path`` atomically and return a summary.

    ``results`` is ``Engine(catalog, settings).compute(plan)`` for this very plan.
    ``progress(fraction, stage)`` is called from the calling thread as the build goes;
    ``cancel()`` returning True stops it with :class:`ReportCancelled` and nothing is
    written. Raises ``OSError`` if the file cannot be written (the old file is kept).
    """
    data, summary = render_plan_pdf(plan, catalog, results, options, progress, cancel)
    if cancel is not None and cancel():
        raise ReportCancelled("the report was cancelled")
    atomic_write_bytes(path, data)
    summary.path = Path(path)
    if progress is not None:
        progress(1.0, "written")
    return summary


def render_plan_pdf(plan: Plan, catalog: Catalog, results: Results, options: ReportOptions | None = None,
                    progress: ProgressFn | None = None, cancel: CancelFn | None = None) -> tuple[bytes, ReportSummary]:
    """The PDF as bytes (nothing is written) and its summary."""
    t0 = time.perf_counter()
    opts = options or ReportOptions()
    with use_language(opts.lang):
        b = _Builder(plan, catalog, results, opts, progress, cancel)
        data = b.build()
    done = [s for s in SECTIONS if s in opts.sections]
    if opts.comparison is not None:  # the comparison page stands before the floor plan
        done.insert(sum(1 for s in done if SECTIONS.index(s) < SECTIONS.index("floor")), "compare")
    summary = ReportSummary(None, b.pages, len(data), time.perf_counter() - t0, tuple(done)
                            + (("checklist",) if opts.checklist else ()),
                            racks=len(results.racks), rack_sheets=b.rack_blocks, summarised=b.summarised,
                            cables=b.cables, cables_summarised=b.cables_summarised, notes=b.notes,
                            missing_glyphs=b.missing_glyphs)
    return data, summary


class _Doc(BaseDocTemplate):
    def __init__(self, buf: io.BytesIO, ticker: Ticker, **kw: Any) -> None:
        super().__init__(buf, **kw)
        self.ticker = ticker

    def afterFlowable(self, flowable: Any) -> None:  # noqa: N802 (platypus hook)
        if isinstance(flowable, Anchor):
            for e in flowable.entries:
                e.page = self.page
        elif isinstance(flowable, TocSlot):
            flowable.page = self.page
        self.ticker.tick(1)


class _Builder:
    def __init__(self, plan: Plan, catalog: Catalog, results: Results, opts: ReportOptions,
                 progress: ProgressFn | None, cancel: CancelFn | None) -> None:
        self.plan, self.catalog, self.results, self.opts = plan, catalog, results, opts
        self.u = Units(opts.imperial)
        self.font, self.bold = fonts() if opts.fonts == "auto" else ("Helvetica", "Helvetica-Bold")
        from planner.i18n import active_language

        self.lang = active_language()
        self.page_size = opts.page_size or PAPER[self.lang].lower()
        self.pagesize = landscape(PAGE_SIZES[self.page_size])
        self.frame_w = self.pagesize[0] - 2 * MARGIN
        self.frame_h = self.pagesize[1] - TOP - BOTTOM
        self.progress, self.cancel = progress, cancel
        self.pages = 0
        self.rack_blocks = 0
        self.summarised = False
        self.cables = 0
        self.cables_summarised = False
        self.notes: list[str] = []
        self.missing_glyphs = ""
        self.md = plan.metadata
        self.currency = results.totals.currency
        self.toc = TocState()
        self._keys: set[str] = set()
        self._styles()
        self._names = name_index(plan, self.catalog)
        self._schedule: list[CableRow] | None = None
        self._in_rack_nvlink: set[str] | None = None
        self._pulled: list[CableRow] | None = None

    # -- styles ------------------------------------------------------------------------------
    def _styles(self) -> None:
        f, b = self.font, self.bold
        self.st_body = ParagraphStyle("body", fontName=f, fontSize=8.5, leading=11, splitLongWords=1)
        self.st_small = ParagraphStyle("small", fontName=f, fontSize=7.5, leading=9.5, splitLongWords=1,
                                       textColor=colors.HexColor("#3c4650"))
        self.st_cell = ParagraphStyle("cell", fontName=f, fontSize=7, leading=8.4, splitLongWords=1)
        self.st_h1 = ParagraphStyle("h1", fontName=b, fontSize=15, leading=19, spaceAfter=6,
                                    textColor=colors.HexColor("#1f2328"), splitLongWords=1)
        self.st_h2 = ParagraphStyle("h2", fontName=b, fontSize=10.5, leading=13, spaceBefore=8, spaceAfter=4,
                                    textColor=colors.HexColor("#1f2328"), splitLongWords=1)
        self.st_title = ParagraphStyle("title", fontName=b, fontSize=26, leading=31, splitLongWords=1,
                                       textColor=colors.HexColor("#1f2328"))
        self.st_sub = ParagraphStyle("sub", fontName=f, fontSize=13, leading=17, splitLongWords=1,
                                     textColor=colors.HexColor("#3c4650"))
        self.st_rack = ParagraphStyle("rack", fontName=b, fontSize=10, leading=12, splitLongWords=1)

    def _name_of(self, kind: str, ident: str | None, missing: str) -> str:
        """The display name of a ``kind`` id (the id itself when it has none); ``missing`` without an id."""
        return self._names.get((kind, ident), ident) if ident else missing

    def where(self, kind: str, ident: str | None) -> str:
        return place_text(self._names, self.catalog, kind, ident)

    # -- small builders ----------------------------------------------------------------------
    def P(self, text: str, style: ParagraphStyle | None = None) -> Paragraph:  # noqa: N802
        return Paragraph(text, style or self.st_body)

    def cell(self, text: object, bold: bool = False, color: str | None = None) -> Paragraph:
        t = esc(text)
        if bold:
            t = f"<b>{t}</b>"
        if color:
            t = f'<font color="{color}">{t}</font>'
        return Paragraph(t, self.st_cell)

    def _content_table(self, header: list[str], rows: list[list[Any]], numeric: Iterable[int] = (),
                       width: float | None = None, row_styles: dict[int, list[tuple]] | None = None,
                       min_col: float = 22.0) -> RowsTable:
        """A table whose columns are as wide as their longest text (header included) and
        that prints every text whole: when the columns do not fit ``width``, the widest
        are narrowed to a common limit (water-filling) and their longer cells wrap onto
        more lines (:func:`wrap_lines`), never cut with an ellipsis."""
        width = width or self.frame_w
        sw = pdfmetrics.stringWidth
        font, bold = self.font, self.bold
        ncol = len(header)
        nat = [sw(h, bold, 7) + PAD_H + 1 for h in header]
        measured: dict[str, tuple[str, float]] = {}  # text -> (clean text, width): columns repeat a lot
        span_rows = []
        for r, row in enumerate(rows):
            if isinstance(row[0], SpanText):
                row[0] = SpanText(fit(row[0], 10_000, bold, 7))  # cleaned; cut to the table below
                span_rows.append(r)
                continue
            for i, c in enumerate(row):
                if isinstance(c, Flowable) or not c:
                    continue
                m = measured.get(c)
                if m is None:
                    t = clean(c)
                    m = measured[c] = measured[t] = (t, sw(t, font, 7) + PAD_H + 1)
                row[i] = m[0]
                if m[1] > nat[i]:
                    nat[i] = m[1]
        nat = [max(min_col, w) for w in nat]
        total = sum(nat)
        if total <= width:
            widths = [w + (width - total) * w / total for w in nat]
        else:  # the level L with sum(min(w, L)) = width
            srt = sorted(nat)
            rest, level = width, srt[-1]
            for k, w in enumerate(srt):
                if w * (ncol - k) >= rest:
                    level = rest / (ncol - k)
                    break
                rest -= w
            level = max(level, min_col)
            widths = self._widen_for_words(header, rows, [min(w, level) for w in nat], width,
                                           cols=[i for i in range(ncol) if nat[i] > level])
            narrowed = [i for i in range(ncol) if nat[i] > widths[i]]
            for row in rows:
                if isinstance(row[0], SpanText):
                    continue
                for i in narrowed:
                    c = row[i]
                    if c and not isinstance(c, Flowable) and measured[c][1] > widths[i]:
                        row[i] = Lines("\n".join(wrap_lines(c, widths[i] - PAD_H, font, 7, max_lines=60)))
        for r in span_rows:
            rows[r][0] = SpanText(fit(rows[r][0], sum(widths) - PAD_H, bold, 7))
        self._rows_total += len(rows)
        head: list[str] = [self._wrapped(h, widths[i], bold) for i, h in enumerate(header)]
        return RowsTable(head, rows, widths, font, bold, set(numeric), row_styles, self.ticker, fitted=True)

    def kv_table(self, pairs: list[tuple[str, str]], widths: tuple[float, float], cols: int = 1,
                 size: float = 8.0, tight: bool = False) -> Table:
        """Label/value pairs in ``cols`` column pairs. ``tight``: the label column only as
        wide as the longest label (the values get the rest), and a value whose longest word
        is wider than its column set smaller, so no word breaks inside."""
        per = -(-len(pairs) // cols) if pairs else 0
        if tight and pairs:
            lw = min(widths[0], max(pdfmetrics.stringWidth(clean(k), self.font, size) for k, _v in pairs) + 7)
            widths = (lw, widths[0] + widths[1] - lw)
        style_kv = ParagraphStyle("kv", parent=self.st_cell, fontSize=size, leading=size * 1.22)
        data = []
        for r in range(per):
            row: list[Any] = []
            for c in range(cols):
                i = c * per + r
                if i < len(pairs):
                    k, v = pairs[i]
                    para = Paragraph(v, style_kv)
                    if tight:  # padding 2 + 4, and a point to spare
                        word = longest_word(para.getPlainText(), self.bold if "<b>" in v else self.font, size)
                        if word > widths[1] - 7:
                            small = max(4.5, size * (widths[1] - 7) / word)
                            para = Paragraph(v, ParagraphStyle("kvs", parent=style_kv, fontSize=small,
                                                               leading=small * 1.22))
                    row += [fit(k, widths[0] - 6, self.font, size), para]
                else:
                    row += ["", ""]
            data.append(row)
        style = [("FONTNAME", (0, 0), (-1, -1), self.font), ("FONTSIZE", (0, 0), (-1, -1), size),
                 ("TEXTCOLOR", (0, 0), (-1, -1), colors.HexColor("#1f2328")),
                 ("VALIGN", (0, 0), (-1, -1), "TOP"),
                 ("TOPPADDING", (0, 0), (-1, -1), 1.4), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.4),
                 ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                 ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor("#e1e4e8"))]
        for c in range(cols):
            style.append(("TEXTCOLOR", (2 * c, 0), (2 * c, -1), colors.HexColor("#5b6570")))
        return Table(data, colWidths=list(widths) * cols, style=TableStyle(style), hAlign="LEFT")

    def anchor(self, level: int, title: str, key: str, in_toc: bool = True) -> Anchor:
        """A mark for the contents and the outline at this point of the story."""
        return Anchor(self.entry(level, title, key, in_toc))

    def entry(self, level: int, title: str, key: str, in_toc: bool = True) -> TocEntry:
        k, n = key, 1
        while k in self._keys:  # bookmark names must be unique
            n += 1
            k = f"{key}~{n}"
        self._keys.add(k)
        e = TocEntry(level, truncate(title, 120) or "\u2013", k, in_toc)
        self.toc.entries.append(e)
        return e

    def section_heading(self, key: str, extra: str = "") -> list[Any]:
        title = _(SECTION_TITLES[key])
        out: list[Any] = [PageBreak(), self.anchor(0, title, f"sec-{key}"), self.P(esc(title) + (f" <font size=9 color='#5b6570'>"
                                                                        f"{extra}</font>" if extra else ""),
                                             self.st_h1)]
        return out

    # -- the document ------------------------------------------------------------------------
    def _note_missing_glyphs(self) -> None:
        """Say which characters of the plan's names the font cannot print (they show as
        U+FFFD): the summary's notes, which the CLI and the app pass on to the user."""
        if self.opts.fonts != "auto":
            return
        md = self.md
        texts = [md.customer, md.project, md.author, md.revision, md.notes, self.plan.site.name,
                 *self._names.values()]
        missing = "".join(dict.fromkeys("".join(unsupported(t) for t in texts if t)))
        self.missing_glyphs = missing
        if missing:
            shown = " ".join(missing[:12]) + (" \u2026" if len(missing) > 12 else "")
            self.notes.append(ngettext("{n} character has no glyph in the report font and prints as {missing}: "
                                       "{shown}", "{n} characters have no glyph in the report font and print as "
                                       "{missing}: {shown}", len(missing))
                              .format(n=len(missing), missing=MISSING, shown=shown))

    def build(self) -> bytes:
        work_ticker = Ticker(1.0, self.progress, self.cancel, 0.0, 0.1)
        work_ticker.tick(0, "collecting")
        self._note_missing_glyphs()
        story: list[Any] = []
        # work units for the layout stage: flowables plus table rows (ticked as pages fill)
        self.ticker = Ticker(1.0, self.progress, self.cancel, 0.1, 0.85)
        builders = {"cover": self.cover, "floor": self.floor, "racks": self.racks, "power": self.power,
                    "cooling": self.cooling, "energy": self.energy_section, "bom": self.bom, "rent": self.rent, "phases": self.phases_section,
                    "cables": self.cables_section,
                    "pull": self.pull_section, "findings": self.findings, "labels": self.labels_section,
                    "requirements": self.requirements_section}
        toc_at, toc_entry_at = 0, 0
        for key in SECTIONS:
            if key == "floor" and self.opts.comparison is not None:  # after the cover and the requirements
                work_ticker.check()
                story.extend(self.comparison_page(self.opts.comparison))
            if key in self.opts.sections:
                work_ticker.check()
                before = len(story)
                story.extend(builders[key]())
                if key == "cover":  # the contents go right after the cover page (before its notes page)
                    toc_at, toc_entry_at = before + self._cover_page_len, self._cover_page_entries
        if self.opts.checklist:
            work_ticker.check()
            story.extend(self.checklist_section())
        if self.opts.toc and any(e.in_toc for e in self.toc.entries):
            story[toc_at:toc_at] = self.contents(toc_entry_at)
        if story and isinstance(story[0], PageBreak):
            story.pop(0)
        if not story:
            story.append(self.P(_("No sections selected.")))
        self.ticker.total = max(1.0, len(story) + self._rows_total)
        work_ticker.tick(1, "laying out pages")
        buf = io.BytesIO()
        doc = _Doc(buf, self.ticker, pagesize=self.pagesize, leftMargin=MARGIN, rightMargin=MARGIN,
                   topMargin=TOP, bottomMargin=BOTTOM, title=clean(self.md.project or _("Build plan")),
                   author=clean(self.md.author),
                   subject=clean(_("Build plan for {customer}").format(customer=self.md.customer).strip()),
                   creator=f"Rackwright {planner.__version__}", pageCompression=1 if self.opts.compress else 0,
                   invariant=1)
        frame = Frame(MARGIN, BOTTOM, self.frame_w, self.frame_h, leftPadding=0, rightPadding=0, topPadding=0,
                      bottomPadding=0, id="body")
        templates = [PageTemplate(id="page", frames=[frame])]
        for key, stock in LABEL_STOCK.items():  # label stock pages: portrait, the frame is the whole page
            templates.append(PageTemplate(id=f"labels-{key}", pagesize=(stock.page_w, stock.page_h), frames=[
                Frame(0, 0, stock.page_w, stock.page_h, leftPadding=0, rightPadding=0, topPadding=0,
                      bottomPadding=0, id=f"labels-{key}")]))
        doc.addPageTemplates(templates)
        meta = self.md
        head_left = " \u00b7 ".join(x for x in (clean(meta.project) or _("Build plan"), clean(meta.customer)) if x)
        head_right = _("Revision {revision} \u00b7 {date}").format(revision=clean(meta.revision) or "-", date=self.date)
        foot = _("Generated by Rackwright {version} \u00b7 {date} \u00b7 units: {units}").format(
            version=planner.__version__, date=self.date, units=self.units_name)
        canvasmaker = numbered_canvas(head_left, head_right, foot, self.font, self.bold, self.ticker,
                                      skip_header_on_first="cover" in self.opts.sections, toc=self.toc)
        self.ticker.tick(0, "laying out pages")
        doc.build(story, canvasmaker=canvasmaker)
        self.pages = doc.page
        return buf.getvalue()

    _rows_total = 0

    def contents(self, entry_at: int) -> list[Any]:
        """The contents pages: a heading, then slots the canvas fills at save time (the
        entries' pages are known only after layout, the number of lines before it)."""
        rows = toc_rows(self.toc.entries)
        head = self.P(_("Contents"), self.st_h1)
        head_h = head.wrap(self.frame_w, self.frame_h)[1] + self.st_h1.spaceAfter + 2
        width = min(self.frame_w, 600.0)
        slots = paginate_toc(rows, self.frame_h - head_h - 2, self.frame_h - 2, width)
        self.toc.slots = slots
        mark = TocEntry(0, _("Contents"), "contents", in_toc=False)
        self._keys.add("contents")
        self.toc.entries.insert(entry_at, mark)
        out: list[Any] = [PageBreak(), Anchor(mark), head]
        for i, slot in enumerate(slots):
            if i:
                out.append(PageBreak())
            out.append(slot)
        return out

    @property
    def date(self) -> str:
        return clean(format_date(self.opts.date or _dt.date.today()))

    @property
    def units_name(self) -> str:
        return _("imperial") if self.opts.imperial else _("metric")

    def _rows_table(self, header: list[str], rows: list[list[Any]], widths: list[float], numeric: Iterable[int] = (),
                    row_styles: dict[int, list[tuple]] | None = None) -> RowsTable:
        """A table with ``widths`` as the designer's proportions (filling the frame), made wide
        enough for every column's longest word; longer texts wrap at word boundaries, header
        titles included: nothing is cut with an ellipsis and no word breaks inside."""
        self._rows_total += len(rows)
        total = sum(widths)
        if total > self.frame_w or total > 0.75 * self.frame_w:  # fill the frame's width
            widths = [w * self.frame_w / total for w in widths]
        widths = self._widen_for_words(header, rows, widths, sum(widths), whole=True)
        head: list[str] = [self._wrapped(h, widths[i], self.bold) for i, h in enumerate(header)]
        for row in rows:
            if isinstance(row[0], SpanText):
                continue
            for i, c in enumerate(row):
                if isinstance(c, str) and c and not isinstance(c, Lines):
                    row[i] = self._wrapped(c, widths[i], self.font)
        return RowsTable(head, rows, widths, self.font, self.bold, set(numeric), row_styles, self.ticker,
                         fitted=True)

    @staticmethod
    def _wrapped(text: str, width: float, font: str) -> str:
        """``text`` (cleaned) as one line if it fits ``width`` (a column), else as
        :class:`Lines` broken at word boundaries."""
        t = clean(text)
        if pdfmetrics.stringWidth(t, font, 7) <= width - PAD_H:
            return t
        return Lines("\n".join(wrap_lines(t, width - PAD_H, font, 7, max_lines=60)))

    def _widen_for_words(self, header: list[str], rows: list[list[Any]], widths: list[float],
                         total: float, cols: Iterable[int] | None = None, whole: bool = False) -> list[float]:
        """``widths`` changed so that every column is at least as wide as its longest word
        (header titles in bold, cells, paragraphs at their own size), the extra taken from
        columns wider than theirs; the sum stays ``total``. When the words cannot all fit,
        every column gets its share of ``total`` in proportion to its longest word. ``cols``:
        the columns whose cells may be narrower than their text (default all); the cells of
        the others fit already. ``whole``: then, as far as other columns are wider than their
        longest text, columns of plain text widen to print theirs on one line."""
        sw = pdfmetrics.stringWidth
        ncol = len(header)
        minw = [longest_word(h, self.bold, 7) + PAD_H + 1 for h in header]
        # a column's longest text on one line; inf: it has paragraphs (they fill any width)
        natw = [sw(clean(h), self.bold, 7) + PAD_H + 1 for h in header]
        seen: set[tuple[int, str]] = set()
        check = range(ncol) if cols is None else list(cols)
        for row in rows:
            if isinstance(row[0], SpanText):
                continue
            for i in check:
                c = row[i]
                if isinstance(c, Paragraph):
                    size = c.style.fontSize
                    font = self.bold if "<b>" in str(getattr(c, "text", "")) else c.style.fontName
                    w = longest_word(c.getPlainText(), font, size)
                    natw[i] = float("inf")
                elif isinstance(c, str) and c:
                    if (i, c) in seen:
                        continue
                    seen.add((i, c))
                    w = longest_word(c, self.font, 7)
                    if whole:
                        natw[i] = max(natw[i], max(sw(x, self.font, 7) for x in clean(c).split("\n")) + PAD_H + 1)
                else:
                    continue
                if w + PAD_H + 1 > minw[i]:
                    minw[i] = w + PAD_H + 1
        widths = list(widths)
        need = sum(max(0.0, m - w) for m, w in zip(minw, widths, strict=True))
        if need > 0.01:
            slack = [max(0.0, w - m) for m, w in zip(minw, widths, strict=True)]
            spare = sum(slack)
            if spare < need:  # the words do not fit side by side: shares by longest word
                return [m * total / sum(minw) for m in minw]
            widths = [max(m, w - sl * need / spare) for m, w, sl in zip(minw, widths, slack, strict=True)]
        if not whole:
            return widths
        want = [max(0.0, n - w) if n != float("inf") else 0.0 for n, w in zip(natw, widths, strict=True)]
        give = [max(0.0, w - max(n, m)) if n != float("inf") else 0.0
                for n, m, w in zip(natw, minw, widths, strict=True)]
        need, spare = sum(want), sum(give)
        if need <= 0.01 or spare <= 0.01:
            return widths
        moved = min(need, spare)
        return [w + wa * moved / need - g * moved / spare for w, wa, g in zip(widths, want, give, strict=True)]

    # -- cover -------------------------------------------------------------------------------
    def cover(self) -> list[Any]:
        md, t = self.md, self.results.totals
        td = t.to_dict()
        out: list[Any] = [self.anchor(0, _("Cover"), "cover", in_toc=False)]
        title: list[Any] = [
            self.P(_("BUILD PLAN"), ParagraphStyle("kicker", fontName=self.bold, fontSize=9, leading=11,
                                                   textColor=colors.HexColor("#3d7cc9"))),
            Spacer(1, 4), self.P(esc(truncate(md.project, 90) or _("Untitled plan")), self.st_title), Spacer(1, 4),
            self.P(esc(truncate(md.customer, 120)) or "<i>" + esc(_("no customer named")) + "</i>", self.st_sub)]
        logo = self.logo()
        if logo is None:
            out += title
        else:  # the title beside the customer's logo (top right)
            out.append(Table([[title, logo]], colWidths=[self.frame_w - LOGO_BOX[0] - 10, LOGO_BOX[0] + 10],
                             style=TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("ALIGN", (1, 0), (1, 0), "RIGHT"),
                                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                               ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                               ("TOPPADDING", (0, 0), (-1, -1), 0)])))
        out.append(Spacer(1, 10))
        who = self.document_control()
        gpus = ", ".join(f"{num(n)} \u00d7 {esc(self._gpu_name(m))}" for m, n in sorted(t.agg.gpus.items())) \
            or _("none")
        s = t.agg.sums
        capex = f"<b>{money(t.capex, self.currency)}</b>"
        if not t.capex_complete:
            capex += " <font color='#c0392b'><b>" + esc(_("INCOMPLETE")) + "</b></font>"
        heat = esc(self.u.heat_u(s["heat_w"]))
        if self.opts.imperial:
            heat = _("{heat}, {tons} tons").format(heat=heat, tons=num(td["cooling_tons"], 1))
        heads = [
            (_("GPUs"), f"<b>{num(t.gpus)}</b> ({gpus})"),
            (_("IT power"), _("<b>{typical} kW</b> typical, <b>{max} kW</b> max")
             .format(typical=kw(s["typical_w"]), max=kw(s["max_w"]))),
            (_("Facility power"), _("<b>{typical} kW</b> typical, {max} kW max (PUE {pue})")
             .format(typical=kw(t.facility_typical_w), max=kw(t.facility_max_w), pue=num(t.pue))),
            (_("Heat"), _("{heat}; {liquid} kW to liquid").format(heat=heat, liquid=kw(s["liquid_heat_w"]))),
            (_("Racks"), ngettext("<b>{racks}</b> in {rooms} room; {used} U used, {free} U free",
                                  "<b>{racks}</b> in {rooms} rooms; {used} U used, {free} U free", t.rooms)
             .format(racks=num(t.racks), rooms=num(t.rooms), used=num(t.agg.ints["u_used"]),
                     free=num(t.agg.ints["u_free"]))),
            (_("Mass"), self._mass_headline(s["mass_kg"])),
            (_("Capex"), capex),
            (_("Annual energy"), _("{mwh} MWh/year, <b>{cost}</b>/year at {price} {currency}/kWh")
             .format(mwh=num(t.energy_kwh_per_year / 1000, 0), cost=money(t.opex_per_year, self.currency),
                     price=num(t.electricity_price_per_kwh), currency=esc(self.currency))),
        ]
        rent = self._rent_headline()
        if rent:
            heads.append((_("Rent or own"), rent))
        left = [self.P(_("Document control"), self.st_h2), self.kv_table(who, (80, 260))]
        right = [self.P(_("Headline figures"), self.st_h2), self.kv_table(heads, (92, 278))]
        cols = Table([[left, right]], colWidths=[self.frame_w * 0.45, self.frame_w * 0.55],
                     style=TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
        out.append(cols)
        out.append(Spacer(1, 6))
        if not t.capex_complete:
            out.append(self.capex_incomplete_box())
            out.append(Spacer(1, 6))
        out.append(self.verdict_box())
        notes = clean(md.notes, keep_newlines=True).strip()
        if notes:
            out.append(self.P(_("Notes"), self.st_h2))
            # shorter beside the capex warning, so the cover stays one page
            room = 600 if t.capex_complete else 300
            more = " <i>" + esc(_("(continued on the next page)")) + "</i>" if len(notes) > room else ""
            out.append(self.P(esc(truncate(notes.replace("\n", " \u00b6 "), room)) + more, self.st_small))
        contents = "" if self.opts.toc else _("Contents: {sections}.").format(sections=", ".join(
            _(SECTION_TITLES[k]) for k in SECTIONS if k in self.opts.sections and k != "cover"
            and (k != "phases" or self.results.phases is not None))) + " "
        # the approvals, what they sign against and the small print stay together: when the
        # cover is full they move to the next page as one, never a line left on its own
        out.append(KeepTogether([Spacer(1, 4), self.approvals(), Spacer(1, 6), self.P(esc(contents) + esc(_(
            "Units: {units} (power in kW). Figures from the Rackwright engine; every catalog figure carries its "
            "source in the catalog, every formula in docs/engine.md.").format(units=self.units_name)),
            self.st_small)]))
        self._cover_page_len, self._cover_page_entries = len(out), len(self.toc.entries)
        if len(notes) > (600 if t.capex_complete else 300):
            out += [PageBreak(), self.anchor(0, _("Notes"), "notes"), self.P(_("Notes"), self.st_h1),
                    self.P(esc(notes, keep_newlines=True), self.st_body)]
        return out

    def logo(self) -> Flowable | None:
        """The customer's logo from the plan settings, top right of the cover, at most
        LOGO_BOX points (aspect kept); nothing when the plan has none or it does not decode."""
        lg = getattr(self.md, "logo", None)
        if lg is None:
            return None
        raw = lg.image_bytes()
        size = logo_size(raw)
        if size is None:
            self.notes.append(_("The plan's logo could not be decoded; the cover has none."))
            return None
        w, h = size
        scale = min(LOGO_BOX[0] / w, LOGO_BOX[1] / h)
        img = Image(io.BytesIO(raw), width=w * scale, height=h * scale)
        img.hAlign = "RIGHT"
        return img

    def document_control(self) -> list[tuple[str, str]]:
        """The cover's document control block: what this document is, for whom, which
        revision, by whom. Everything comes from the plan's metadata and site."""
        md, dash = self.md, "\u2013"
        rooms = [r.name for r in self.plan.site.rooms]
        site = clean(self.plan.site.name)
        if rooms:
            site += " \u00b7 " + ", ".join(clean(r) for r in rooms[:6]) + (
                " " + ngettext("and {n} more room", "and {n} more rooms", len(rooms) - 6).format(n=len(rooms) - 6)
                if len(rooms) > 6 else "")
        sections = [k for k in SECTIONS if k in self.opts.sections]
        paper = "A4" if self.page_size == "a4" else _("US Letter")
        return [
            (_("Plan"), esc(md.project) or dash),
            (_("Customer"), esc(md.customer) or dash),
            (_("Site"), esc(truncate(site, 300)) or dash),
            (_("Revision"), f"<b>{esc(md.revision) or dash}</b>"),
            (_("Date"), esc(self.date)),
            (_("Prepared by"), esc(md.author) or dash),
            (_("Document"), esc(_("Build plan, {n} of {total} sections; {units} units; {paper} landscape").format(
                n=len(sections), total=len(SECTIONS), units=self.units_name, paper=paper))),
            (_("Generated by"), f"Rackwright {esc(planner.__version__)}"),
        ]

    def approvals(self) -> Table:
        """Prepared / Reviewed / Approved with blank lines to sign on paper; the preparer's
        name is the plan's author."""
        hdr = ParagraphStyle("apph", parent=self.st_cell, fontName=self.bold, fontSize=7.5, leading=9,
                             textColor=colors.HexColor("#5b6570"))
        cell = ParagraphStyle("appc", parent=self.st_cell, fontSize=8.5, leading=10.5)
        widths = [80.0, 200.0, 200.0, 90.0, self.frame_w - 570.0]
        rows: list[list[Any]] = [[Paragraph(esc(_("Approvals")), ParagraphStyle("appt", parent=self.st_h2, spaceBefore=0,
                                                                        spaceAfter=0)), "", "", "", ""],
                                 [Paragraph(esc(_(x)), hdr) for x in (N_("Role"), N_("Name"), N_("Signature"),
                                                                      N_("Date"), N_("Remarks"))]]
        for role, name in ((_("Prepared"), self.md.author), (_("Reviewed"), ""), (_("Approved"), "")):
            rows.append([Paragraph(f"<b>{role}</b>", cell), Paragraph(esc(truncate(name, 80)), cell), "", "", ""])
        basis = Paragraph(esc(self.signoff_text()), ParagraphStyle("appb", parent=self.st_cell, fontSize=8, leading=10))
        rows.insert(1, [basis, "", "", "", ""])
        basis_h = basis.wrap(sum(widths) - 6, 200)[1] + 5
        line = colors.HexColor("#9aa3ad")
        return Table(rows, colWidths=widths, rowHeights=[16, basis_h, 12, 20, 20, 20], hAlign="LEFT",
                     style=TableStyle([
            ("SPAN", (0, 0), (-1, 0)), ("SPAN", (0, 1), (-1, 1)), ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("VALIGN", (0, 1), (-1, 1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
            ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
            ("LINEBELOW", (0, 2), (-1, 2), 0.6, colors.HexColor("#5b6570")),
            ("LINEBELOW", (0, 3), (-1, -1), 0.4, line), ("LINEAFTER", (0, 2), (-2, -1), 0.4, line),
        ]))

    @property
    def requirement_lines(self) -> list[RequirementLine]:
        if self._req_lines is None:
            self._req_lines = requirement_lines(self.plan, self.catalog, self.results)
        return self._req_lines

    _req_lines: list[RequirementLine] | None = None

    def signoff_text(self) -> str:
        """What the signatures sign against: the numbered lines of the Requirements section,
        naming those not met or not determined."""
        lines = self.requirement_lines
        section = _(SECTION_TITLES["requirements"])
        if not lines:
            return _("This plan records no requirements: signing approves the build as drawn in this plan.")
        if "requirements" not in self.opts.sections:
            return _("Signing approves the build as drawn in this plan; the requirements it was planned against "
                     "are not part of this document.")
        first, last = line_ref(lines[0].number), line_ref(lines[-1].number)
        span = first if first == last else _("{first} to {last}").format(first=first, last=last)
        unmet = [line_ref(x.number) for x in lines if x.met is False]
        open_ = [line_ref(x.number) for x in lines if x.met is None]
        if not unmet and not open_:
            return _("Signing confirms that this build meets the requirements {span} listed in the section "
                     "\u201c{section}\u201d.").format(span=span, section=section)
        if unmet and open_:
            return _("Signing confirms that this build meets the requirements {span} listed in the section "
                     "\u201c{section}\u201d, except {unmet} (not met) and {open} (not determined), which the "
                     "signatories accept as stated there.").format(span=span, section=section,
                                                                  unmet=format_list(unmet), open=format_list(open_))
        if unmet:
            return _("Signing confirms that this build meets the requirements {span} listed in the section "
                     "\u201c{section}\u201d, except {unmet} (not met), which the signatories accept as stated "
                     "there.").format(span=span, section=section, unmet=format_list(unmet))
        return _("Signing confirms that this build meets the requirements {span} listed in the section "
                 "\u201c{section}\u201d, except {open} (not determined), which the signatories accept as stated "
                 "there.").format(span=span, section=section, open=format_list(open_))

    # -- requirements ------------------------------------------------------------------------
    def requirements_section(self) -> list[Any]:
        """The customer's ask and the build's result against each line: what the sign-off
        signs against (planner.reports.requirements)."""
        lines = self.requirement_lines
        met = sum(1 for x in lines if x.met)
        out = self.section_heading("requirements", esc(ngettext(
            "{met} of {n} requirement met", "{met} of {n} requirements met", len(lines)).format(
            met=num(met), n=num(len(lines)))) if lines else "")
        stated = statement(self.plan)
        out.append(self.P(_("The request as stated"), self.st_h2))
        out.append(self.P(esc(stated, keep_newlines=True) if stated else
                          "<i>" + esc(_("No statement of the request is recorded in this plan.")) + "</i>",
                          self.st_body))
        wl = [x for x in lines if x.group == "workload"]
        cons = [x for x in lines if x.group == "constraint"]

        def style_for(x: RequirementLine) -> list[tuple]:
            return ([("TEXTCOLOR", colors.HexColor("#c0392b"))] if x.met is False else
                    [("TEXTCOLOR", colors.HexColor("#8a5a00"))] if x.met is None else [])

        out.append(self.P(_("Workloads"), self.st_h2))
        if wl:
            rows = [[line_ref(x.number), self.cell(x.title), self.cell(x.asked), self.cell(x.result),
                     self.cell(x.verdict, bold=True, color=VERDICT_COLORS[x.met]), x.margin_text, self.cell(x.note or "\u2013")] for x in wl]
            out.append(self._rows_table(self.heads(N_("No."), N_("Workload"), N_("Requirement as stated"),
                                                   N_("Result of this build"), N_("Verdict"), N_("Margin"),
                                                   N_("Remark")), rows,
                                        [28, 100, 245, 165, 74, 44, 130], numeric={5},
                                        row_styles={i: style_for(x) for i, x in enumerate(wl)}))
        else:
            out.append(self.P(_("No workload targets are defined in this plan."), self.st_small))
        out.append(CondPageBreak(80))
        out.append(self.P(_("Constraints"), self.st_h2))
        if cons:
            rows = [[line_ref(x.number), self.cell(x.title), self.cell(x.asked), self.cell(x.result),
                     self.cell(x.verdict, bold=True, color=VERDICT_COLORS[x.met]), self.cell(x.note or "\u2013")] for x in cons]
            out.append(self._rows_table(self.heads(N_("No."), N_("Constraint"), N_("Requirement as stated"),
                                                   N_("Result of this build"), N_("Verdict"), N_("Remark")), rows,
                                        [28, 100, 215, 215, 74, 154],
                                        row_styles={i: style_for(x) for i, x in enumerate(cons)}))
        else:
            out.append(self.P(_("No limits of budget, power, cooling, racks, floor area or vendors are recorded "
                                "in this plan."), self.st_small))
        out.append(Spacer(1, 6))
        out.append(self.P(esc(_("Margin: what the build achieves against what is required, minus one (+12 % is "
                                "12 % to spare), for the tightest target of the workload. Results are the "
                                "Rackwright engine's figures for this plan (section \u201c{findings}\u201d has "
                                "the details); the approvals on the cover sign against the numbered lines "
                                "above.").format(findings=_(SECTION_TITLES["findings"]))), self.st_small))
        return out

    # -- the internal checklist --------------------------------------------------------------
    def checklist_section(self) -> list[Any]:
        """For the planner, not the customer: prices to get, the internal notes, estimates to
        confirm, requirements open and findings to clear. Only with ``checklist=True``."""
        r = self.results
        out: list[Any] = [PageBreak(), self.anchor(0, _("Internal checklist"), "sec-checklist"),
                          self.P(esc(_("Internal checklist")), self.st_h1)]
        warn = ParagraphStyle("internal", parent=self.st_h2, textColor=colors.HexColor("#c0392b"), spaceBefore=0)
        out.append(self.P(esc(_("Internal: for the planner, not for the customer. Clear these points before the "
                                "build plan is handed over.")), warn))
        out.append(self.P(_("Internal notes"), self.st_h2))
        notes = clean(self.md.internal_notes, keep_newlines=True).strip()
        out.append(self.P(esc(notes, keep_newlines=True) if notes else "<i>" + esc(_("none")) + "</i>",
                          self.st_body))
        out.append(self.P(_("Prices to get"), self.st_h2))
        todo = [b for b in r.bom if b.unit_price is None or b.rate is None]
        if todo:
            rows = []
            for b in todo:
                what = (_("no price") if b.unit_price is None else
                        _("priced in {currency}; the plan has no exchange rate to {plan}").format(
                            currency=b.currency or "\u2013", plan=self.currency))
                name = self.cooling_name(b.slug) if b.table == "cooling" else b.name
                rows.append([self.cell(name), clean(b.slug), num(b.quantity), self.cell(what)])
            out.append(self._rows_table(self.heads(N_("Item"), N_("Catalog slug"), N_("Qty"), N_("Missing")), rows,
                                        [260, 200, 50, 276], numeric={2}))
        else:
            out.append(self.P(esc(_("Every BOM line has a price in the plan currency.")), self.st_small))
        out.append(CondPageBreak(60))
        out.append(self.P(_("Estimates to confirm"), self.st_h2))
        rows = []
        for b in r.bom:
            if b.unit_price is None or b.price_source == "plan":
                continue
            price = self._price(b.table, b.slug)
            basis = getattr(price, "basis", "") if price else ""
            if basis in ("estimate", "street-estimate"):
                date = clean(format_date(getattr(price, "date", "") or "")) if price else ""
                name = self.cooling_name(b.slug) if b.table == "cooling" else b.name
                rows.append([self.cell(name), clean(b.slug), num(b.quantity),
                             f"{_(BASIS_NAMES[basis])} {date}".strip(), money(b.extended_plan, self.currency)])
        if rows:
            out.append(self._rows_table(self.heads(N_("Item"), N_("Catalog slug"), N_("Qty"), N_("Price basis"))
                                        + [_("Extended ({currency})").format(currency=clean(self.currency))],
                                        rows, [260, 200, 50, 130, 146], numeric={2, 4}))
            out.append(self.P(esc(_("Estimated or street prices: get a quote and enter it as a price for this plan "
                                    "(BOM, Price for this plan) before the customer signs.")), self.st_small))
        else:
            out.append(self.P(esc(_("No BOM line is priced from an estimate.")), self.st_small))
        open_lines = [x for x in self.requirement_lines if not x.met]
        out.append(CondPageBreak(60))
        out.append(self.P(_("Requirements not met or not determined"), self.st_h2))
        if open_lines:
            rows = [[line_ref(x.number), self.cell(x.title), self.cell(x.verdict, bold=True, color=VERDICT_COLORS[x.met]),
                     self.cell(x.note or x.result)] for x in open_lines]
            out.append(self._rows_table(self.heads(N_("No."), N_("Requirement"), N_("Verdict"), N_("Remark")), rows,
                                        [30, 220, 90, 446]))
        else:
            out.append(self.P(esc(_("none")), self.st_small))
        out.append(CondPageBreak(60))
        clear = [f for f in r.findings if f.severity in ("error", "warning")]
        out.append(self.P(_("Findings to clear"), self.st_h2))
        if clear:
            rows = [[_(SEVERITY_NAMES.get(f.severity, f.severity)), clean(f.code), self.cell(self.where(f.kind, f.id)),
                     self.cell(finding_text(f))] for f in clear]
            out.append(self._rows_table(self.heads(N_("Severity"), N_("Code"), N_("Where"), N_("Message")), rows,
                                        [50, 150, 140, 446],
                                        row_styles={i: [("TEXTCOLOR", colors.HexColor(SEVERITY_COLORS[f.severity]))]
                                                    for i, f in enumerate(clear)}))
        else:
            out.append(self.P(esc(_("No errors or warnings.")), self.st_small))
        return out

    def capex_incomplete_box(self) -> Table:
        """The cover's warning when the capex leaves items out: as large as the headline
        figures, never small print (a CFO reads the capex first)."""
        r = self.results
        t = r.totals
        unpriced = [b for b in r.bom if b.unit_price is None]
        no_rate = [b for b in r.bom if b.unit_price is not None and b.rate is None]
        parts = []
        if unpriced:
            parts.append(ngettext("{n} BOM line has no price", "{n} BOM lines have no price", len(unpriced))
                         .format(n=len(unpriced)))
        if no_rate:
            parts.append(ngettext("{n} line is priced in {currencies} without an exchange rate",
                                  "{n} lines are priced in {currencies} without an exchange rate", len(no_rate))
                         .format(n=len(no_rate), currencies=", ".join(esc(c) for c in t.unconverted)))
        head = ParagraphStyle("capexwarn", parent=self.st_h2, fontSize=13, leading=16, spaceBefore=0, spaceAfter=2,
                              textColor=colors.HexColor("#c0392b"))
        lines = [self.P(esc(_("Capex incomplete: {capex} leaves items out").format(
                     capex=money(t.capex, self.currency))), head),
                 self.P(_("<b>{what}</b>: not in the capex (listed in the BOM), so owning is understated.").format(
                     what="; ".join(parts) or esc(_("Some lines are not priced"))), self.st_body)]
        return Table([[lines]], colWidths=[self.frame_w], style=TableStyle([
            ("BOX", (0, 0), (-1, -1), 2.0, colors.HexColor("#c0392b")),
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#fdecea")),
            ("LEFTPADDING", (0, 0), (-1, -1), 8), ("TOPPADDING", (0, 0), (-1, -1), 6),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]))

    def _mass_headline(self, mass_kg: float) -> str:
        """The cover's mass, marked incomplete (like the capex) when the engine counted
        devices or rack types without a weight as 0 kg (its NO_MASS_DATA findings)."""
        text = esc(self.u.mass_u(mass_kg))
        racks = {f.id for f in self.results.findings if f.code == "NO_MASS_DATA"}
        if not racks:
            return text
        return text + " <font color='#b7791f'><b>" + esc(_("incomplete")) + "</b></font> " + esc(ngettext(
            "(equipment without a weight in {n} rack, counted as 0 kg)",
            "(equipment without a weight in {n} racks, counted as 0 kg)", len(racks)).format(n=len(racks)))

    def _rent_headline(self) -> str:
        rvo = self.results.totals.rent_vs_own
        if rvo is None:
            return ""
        f = rvo.figures
        if f is None or f.cloud_cost_per_year is None:
            return _("own <b>{own}</b>/year; renting not costed").format(
                own=money(rvo.own_cost_per_year, self.currency))
        be = esc(_("never")) if f.break_even_months is None else "<b>" + esc(_("{months} months").format(
            months=num(f.break_even_months, 1))) + "</b>"
        if f.break_even_months is not None and not rvo.capex_complete:  # too early: said beside it
            be += " " + esc(_("(\u26a0 capex incomplete)"))
        return _("own <b>{own}</b>, rent <b>{rent}</b> per year; break-even {when}").format(
            own=money(rvo.own_cost_per_year, self.currency), rent=money(f.cloud_cost_per_year, self.currency),
            when=be)

    def _gpu_name(self, slug: str) -> str:
        g = self.catalog.get("gpus", slug) if self.catalog is not None else None
        return clean(getattr(g, "model", None) or slug)

    def verdict_box(self) -> Table:
        counts = self.results.counts()
        wl = list(self.results.workloads.values())
        met = sum(1 for v in wl if v.met)
        unmet = sum(1 for v in wl if v.met is False)
        unevaluated = sum(1 for v in wl if v.met is None)
        if counts["error"]:
            head = ngettext("{n} error must be resolved before build", "{n} errors must be resolved before build",
                            counts["error"]).format(n=counts["error"])
            color = "#c0392b"
        elif counts["warning"]:
            head = ngettext("No errors; {n} warning to review", "No errors; {n} warnings to review",
                            counts["warning"]).format(n=counts["warning"])
            color = "#b7791f"
        else:
            head, color = _("No errors or warnings"), "#2e7d32"
        lines = [f"<font color='{color}'><b>{esc(head)}</b></font>", esc(self.counts_text(counts)) + "."]
        if wl:
            lines.append(esc(self.workload_counts(met, len(wl), unmet, unevaluated)))
        else:
            lines.append(esc(_("Workloads: none defined.")))
        req = self.requirement_lines
        if req and "requirements" in self.opts.sections:
            lines.append(esc(self.requirement_counts(sum(1 for x in req if x.met), len(req),
                                                     sum(1 for x in req if x.met is False),
                                                     sum(1 for x in req if x.met is None))))
        top = [f for f in self.results.findings if f.severity == "error"][:4]
        for f in top:
            lines.append(f"\u2022 {esc(f.code)}: {esc(truncate(finding_text(f), 160))}")
        p = [self.P(x, self.st_body) for x in lines]
        box = Table([[p]], colWidths=[self.frame_w],
                    style=TableStyle([("BOX", (0, 0), (-1, -1), 1.2, colors.HexColor(color)),
                                      ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#f7f8fa")),
                                      ("LEFTPADDING", (0, 0), (-1, -1), 8), ("TOPPADDING", (0, 0), (-1, -1), 6),
                                      ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]))
        return box

    @staticmethod
    def counts_text(counts: dict[str, int]) -> str:
        """'2 errors, 1 warning, 5 notes': each count with its own plural."""
        return ", ".join((
            ngettext("{n} error", "{n} errors", counts["error"]).format(n=num(counts["error"])),
            ngettext("{n} warning", "{n} warnings", counts["warning"]).format(n=num(counts["warning"])),
            ngettext("{n} note", "{n} notes", counts["info"]).format(n=num(counts["info"]))))

    @staticmethod
    def workload_counts(met: int, total: int, unmet: int, unevaluated: int) -> str:
        if unmet and unevaluated:
            text = _("Workloads: {met} of {total} met, {unmet} not met, {unevaluated} not evaluated.")
        elif unmet:
            text = _("Workloads: {met} of {total} met, {unmet} not met.")
        elif unevaluated:
            text = _("Workloads: {met} of {total} met, {unevaluated} not evaluated.")
        else:
            text = _("Workloads: {met} of {total} met.")
        return text.format(met=met, total=total, unmet=unmet, unevaluated=unevaluated)

    @staticmethod
    def requirement_counts(met: int, total: int, unmet: int, open_: int) -> str:
        """The cover's line for the Requirements section ('Requirements: 9 of 10 met ...')."""
        if unmet and open_:
            text = _("Requirements: {met} of {total} met, {unmet} not met, {open} not determined (section "
                     "\u201c{section}\u201d).")
        elif unmet:
            text = _("Requirements: {met} of {total} met, {unmet} not met (section \u201c{section}\u201d).")
        elif open_:
            text = _("Requirements: {met} of {total} met, {open} not determined (section \u201c{section}\u201d).")
        else:
            text = _("Requirements: {met} of {total} met (section \u201c{section}\u201d).")
        return text.format(met=met, total=total, unmet=unmet, open=open_, section=_(SECTION_TITLES["requirements"]))

    # -- floor plan --------------------------------------------------------------------------
    def floor(self) -> list[Any]:
        out: list[Any] = []
        rooms = self.plan.site.rooms
        for i, room in enumerate(rooms):
            rr = self.results.rooms.get(room.id)
            racks = sum(len(r.racks) for r in room.rows)
            rows_text = ngettext("{n} row", "{n} rows", len(room.rows)).format(n=len(room.rows))
            sub = esc(ngettext("{room}: {width} \u00d7 {depth}, {n} rack in {rows}",
                               "{room}: {width} \u00d7 {depth}, {n} racks in {rows}", racks).format(
                room=truncate(room.name, 80), width=self.u.length_u(room.width_m),
                depth=self.u.length_u(room.depth_m), n=racks, rows=rows_text))
            if rr is not None:
                sub += esc(_(", {max} kW max").format(max=kw(rr.agg.sums["max_w"])))
            head = self.section_heading("floor", sub) if i == 0 else [PageBreak(), self.P(
                f"{esc(_('Floor plan'))} <font size=9 color='#5b6570'>{sub}</font>", self.st_h1)]
            if len(rooms) > 1:
                head.insert(-1, self.anchor(1, room.name, f"room-{room.id}"))
            out += head
            fill = {}
            for row in room.rows:
                for rack in row.racks:
                    res = self.results.racks.get(rack.id)
                    if res is None:
                        continue
                    fill[rack.id] = "#3d7cc9" if res.gpu_count else ("#3f9a5a" if res.devices else "#d9dee5")
            d = drawings.floor_drawing(room, self.catalog, self.frame_w, self.frame_h - 60, self.font, self.bold,
                                       fill, lambda m: self.u.length_u(m))
            out.append(d)
            out.append(self.P(esc(_("Blue: racks with GPU servers; green: other equipment; grey: empty. Thick edge: "
                                    "rack front (door). Blue band: cold aisle; red band: hot aisle. Drawn to scale "
                                    "from the plan's floor coordinates; grid: {tile} tiles.").format(
                tile=self.u.length_u(room.tile_m, 2))), self.st_small))
        if not rooms:
            out += self.section_heading("floor") + [self.P(_("The plan has no rooms."))]
        return out

    # -- rack elevations -----------------------------------------------------------------------
    def _layout_key(self, rack: Rack) -> tuple:
        return (rack.rack_type, tuple(sorted((p.device, p.u if p.u is not None else -1, p.face, p.side or "",
                                              p.full_depth) for p in rack.placements)))

    def racks(self) -> list[Any]:
        racks = [r for r in self.plan.racks() if r.id in self.results.racks]
        groups: list[tuple[Rack, list[Rack]]] = []
        if len(racks) > self.opts.rack_sheet_limit:
            self.summarised = True
            by_key: dict[tuple, list[Rack]] = {}
            for r in racks:
                by_key.setdefault(self._layout_key(r), []).append(r)
            groups = [(members[0], members) for members in by_key.values()]
            extra = esc(_("{racks} racks in {layouts} distinct layouts: one sheet per layout (more than {limit} "
                          "racks); per-rack figures in the Power and Cooling sections").format(
                racks=num(len(racks)), layouts=len(groups), limit=self.opts.rack_sheet_limit))
            self.notes.append(f"rack sheets summarised: {len(racks)} racks, {len(groups)} layouts")
        else:
            groups = [(r, [r]) for r in racks]
            extra = esc(ngettext("{n} rack, front and rear, to scale", "{n} racks, front and rear, to scale",
                                 len(racks)).format(n=len(racks)))
        out = self.section_heading("racks", extra)
        if not racks:
            return out + [self.P(_("The plan has no racks."))]
        per = self.opts.racks_per_page
        col_w = self.frame_w / per
        # first page has the heading: keep the same drawing height on every page
        block_h = self.frame_h - 24
        self._device_rest: dict[str, list[list[str]]] = {}
        blocks = [self.rack_block(rep, members, col_w - 8, block_h - 4) for rep, members in groups]
        self.rack_blocks = len(blocks)
        for i in range(0, len(blocks), per):
            chunk: list[list[Any] | str] = list(blocks[i:i + per])  # a rack's flowables; "" pads the row
            marks = [self.entry(1, rep.name if len(members) == 1 else _("{name} (+{n} alike)").format(
                name=rep.name, n=len(members) - 1),
                                f"rack-{rep.id}") for rep, members in groups[i:i + per]]
            chunk += [""] * (per - len(chunk))
            t = Table([chunk], colWidths=[col_w] * per, style=TableStyle([
                ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 4),
                ("RIGHTPADDING", (0, 0), (-1, -1), 4), ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("LINEAFTER", (0, 0), (-2, -1), 0.4, colors.HexColor("#c9ced4"))]))
            if i:
                out.append(PageBreak())
            out += [Anchor(*marks), t]
            cont = [(rep, members) for rep, members in groups[i:i + per] if self._device_rest.get(rep.id)]
            if cont:  # every device of the rack is on its sheet: the rest on the next page, in its column
                out.append(PageBreak())
                cols = [self.device_continuation(rep, members, self._device_rest[rep.id], col_w - 8)
                        for rep, members in groups[i:i + per]]
                if all(sum(f.wrap(col_w - 8, self.frame_h)[1] for f in c) < self.frame_h - 10 for c in cols):
                    out.append(Table([cols], colWidths=[col_w] * per, style=TableStyle([
                        ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 4),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 4), ("TOPPADDING", (0, 0), (-1, -1), 0)])))
                else:  # too long for a column: one after the other, across pages
                    for c in cols:
                        out += c
        return out

    def rack_block(self, rack: Rack, members: list[Rack], width: float, height: float) -> list[Any]:
        res = self.results.racks[rack.id]
        u = self.u
        row = self.plan.row_of(rack.id)
        room = self.plan.room_of(row.id)
        rt = self.catalog.get("rack-types", rack.rack_type) if self.catalog is not None else None
        rt_name = clean(f"{rt.manufacturer} {rt.model}" if rt is not None else rack.rack_type)
        if len(members) > 1:
            names = ", ".join(clean(m.name) for m in members[:40]) + (" \u2026" if len(members) > 40 else "")
            title = f"{esc(truncate(rack.name, 40))} <font size=8 color='#5b6570'>" + esc(ngettext(
                "and {n} more with this layout", "and {n} more with this layout", len(members) - 1).format(
                n=len(members) - 1)) + "</font>"
            sub = esc(_("{rack_type}. Applies to {n} racks: {names}").format(
                rack_type=truncate(rt_name, 70), n=len(members), names=names))
        else:
            title = esc(truncate(rack.name, 60))
            sub = f"{esc(truncate(rt_name, 70))} \u00b7 {esc(truncate(row.name, 40))}, {esc(truncate(room.name, 40))}"
        head = [self.P(title, self.st_rack), self.P(sub, ParagraphStyle("rs", parent=self.st_small, fontSize=6.5,
                                                                        leading=8))]
        head_h = sum(p.wrap(width, 1000)[1] for p in head) + 2
        fig_w = min(140.0, width * 0.38)
        draw_w = width - fig_w - 4
        sc = drawings.rack_scale(rack.rack_type, self.catalog, res.u_height, draw_w, height - head_h - 4)
        d = drawings.elevation_drawing(rack, res.u_height, self.catalog, sc, self.font, self.bold)
        cool_name = cooling_method_name(res.cooling, translate=True)
        margin = res.cooling_headroom_w
        mcolor = "#c0392b" if margin < 0 else "#1f2328"
        found = self.rack_findings(rack.id)
        errors = [f for f in found if f.severity == "error"]
        warns = [f for f in found if f.severity == "warning"]
        mass = esc(u.mass_u(res.mass_kg))
        if any(f.code == "NO_MASS_DATA" for f in res.findings):
            mass += " <font color='#b7791f'><b>" + esc(_("incomplete")) + "</b></font>"
        pairs = [
            (_("Power typical"), f"{kw(res.typical_w)} kW"),
            (_("Power max"), f"<b>{kw(res.max_w)} kW</b>"),
            (_("Nameplate"), f"{kw(res.nameplate_w)} kW"),
            (_("PDU capacity"), f"{kw(res.power_capacity_w)} kW" if res.power_capacity_w else "\u2013"),
            (_("Cooling"), esc(cool_name)),
            (_("Unit"), esc(truncate(self.cooling_name(res.cooling_unit) or _("default"), 80))),
            (_("Loop"), esc(self._name_of("loop", res.loop, "\u2013"))),
            (_("Capacity"), f"{kw(res.cooling_capacity_w)} kW"),
            (_("Heat"), f"{kw(res.heat_w)} kW" + (" " + esc(_("({liquid} liquid)").format(liquid=kw(res.liquid_heat_w)))
                                                  if res.liquid_heat_w else "")),
            (_("Margin"), f"<font color='{mcolor}'>{kw(margin)} kW</font>"),
            (_("Airflow"), esc(u.airflow_u(res.airflow_cfm))),
            (_("Liquid flow"), esc(u.flow_u(res.liquid_flow_l_per_min)) if res.liquid_flow_l_per_min else "\u2013"),
            (_("Mass"), mass),
            (_("Max load"), esc(u.mass_u(res.max_load_kg)) if res.max_load_kg else "\u2013"),
            (_("Floor load"), f"{u.mass(res.floor_load_kg_per_m2)} {u.mass_unit}/{u.area_unit}"
             if not u.imperial else f"{num(res.floor_load_kg_per_m2 / 4.882427636, 0)} lb/ft\u00b2"),
            (_("U used / free"), _("{used} / {free} (of {height})").format(used=res.u_used, free=res.u_free,
                                                                           height=res.u_height)),
            (_("Largest free"), _("{n} U").format(n=res.largest_free_block_u)),
            (_("Devices"), f"{res.devices}"),
            (_("GPUs"), f"{res.gpu_count}"),
            (_("Findings"), (f"<font color='#c0392b'>{esc(ngettext('{n} error', '{n} errors', len(errors)).format(n=len(errors)))}</font>, "
                             if errors else "")
             + esc(ngettext("{n} warning", "{n} warnings", len(warns)).format(n=len(warns)))),
        ]
        label_w = 70 if self.lang == "de" else 58
        figs = self.kv_table(pairs, (label_w, fig_w - label_w), size=6.8, tight=True)
        room_left = height - head_h - 4 - figs.wrap(fig_w, height)[1] - 14
        side: list[Any] = [figs]
        devs, rest = self.device_list(rack, fig_w, room_left)
        self._device_rest[rack.id] = rest
        if devs is not None:
            side += [Spacer(1, 8), devs]
        body = Table([[d, side]], colWidths=[draw_w + 4, fig_w], style=TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        return head + [Spacer(1, 2), body]

    def rack_findings(self, rack_id: str) -> list[Finding]:
        """The findings of everything on or for a rack, as the engine attributes them: the
        rack's own (its placements' included), its PDUs' and the feeds its PDUs hang off
        (a feed shared with other racks counts on each of their sheets)."""
        r = self.results
        out = list(r.racks[rack_id].findings) if rack_id in r.racks else []
        feeds: list[str] = []
        for p in r.pdus.values():
            if p.rack_id == rack_id:
                out += p.findings
                if p.feed and p.feed not in feeds:
                    feeds.append(p.feed)
        for fid in feeds:
            fr = r.feeds.get(fid)
            if fr is not None:
                out += fr.findings
        return out

    def cooling_name(self, slug: str | None) -> str:
        """A cooling unit's (CDU, rear door, in-row cooler) catalog name, "vendor model";
        the slug when the catalog does not have it, "" for none."""
        if not slug:
            return ""
        return clean(self.catalog.entry_name("cooling", slug) if self.catalog is not None else slug)

    def _device_rows(self, rack: Rack, width: float) -> list[list[str]]:
        """U, name and model of every device of ``rack``, top down (0U PDUs last)."""
        items = sorted(rack.placements, key=lambda p: (p.u is None, -(p.u or 0), p.side or ""))
        rows = []
        for p in items:
            dev = self.catalog.get("device-types", p.device) if self.catalog is not None else None
            model = clean(dev.model.split(" (")[0]) if dev is not None else _("{slug} (not in catalog)").format(
                slug=p.device)
            where = _("U{n}").format(n=p.u) if p.u is not None else ("0U " + (p.side or "")[:1].upper()).strip()
            rows.append([where, display_name(p, self.catalog), model])
        return rows

    def device_list(self, rack: Rack, width: float, room: float) -> tuple[Table | None, list[list[str]]]:
        """The rack's devices that fit in ``room`` beside the elevation, and the rest
        (listed on a continuation page by :meth:`racks`: every device is on its sheet).
        The columns are as wide as their texts where the width allows; a longer name or
        model wraps at word boundaries onto more lines, never cut."""
        rows = self._device_rows(rack, width)
        size, leading, pad = 6.0, 7.0, 4.0
        line = leading + 1.0
        if not rows or int(room // line) - 1 < 2:
            return None, rows
        sw = pdfmetrics.stringWidth
        head = [_("U"), _("Device"), _("Model")]
        u_w = max(sw(t, self.font if i else self.bold, size) for i, t in enumerate(
            [head[0]] + [r[0] for r in rows])) + pad + 1
        name_w = max(sw(t, self.font if i else self.bold, size) for i, t in enumerate(
            [head[1]] + [clean(r[1]) for r in rows])) + pad + 1
        rest_w = width - u_w
        model_w = max(sw(t, self.font if i else self.bold, size) for i, t in enumerate(
            [head[2]] + [clean(r[2]) for r in rows])) + pad + 1
        if name_w + model_w > rest_w:  # share the width by need, each at least its longest word
            words = [max(longest_word(r[k], self.font, size) for r in rows) + pad + 1 for k in (1, 2)]
            name_w = min(name_w, max(words[0], rest_w * name_w / (name_w + model_w)))
            name_w = min(name_w, max(rest_w - words[1], rest_w * 0.3))
        model_w = rest_w - name_w
        budget = room - line  # the header line
        data: list[list[str]] = [head]
        heights = [line]
        shown = 0
        for i, (w, name, model) in enumerate(rows):
            cells = [w, "\n".join(wrap_lines(name, name_w - pad, self.font, size, max_lines=6)),
                     "\n".join(wrap_lines(model, model_w - pad, self.font, size, max_lines=6))]
            h = leading * max(c.count("\n") + 1 for c in cells) + 1.0
            more = line if i < len(rows) - 1 else 0.0  # room for the "more on the next page" line
            if h + more > budget:
                break
            data.append(cells)
            heights.append(h)
            budget -= h
            shown += 1
        rest = rows[shown:]
        if shown < 2 and rest:
            return None, rows
        style = [("FONTNAME", (0, 0), (-1, -1), self.font), ("FONTNAME", (0, 0), (-1, 0), self.bold),
                 ("FONTSIZE", (0, 0), (-1, -1), size), ("LEADING", (0, 0), (-1, -1), leading),
                 ("VALIGN", (0, 0), (-1, -1), "TOP"),
                 ("TOPPADDING", (0, 0), (-1, -1), 0.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5),
                 ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
                 ("TEXTCOLOR", (0, 0), (-1, 0), colors.HexColor("#5b6570")),
                 ("LINEBELOW", (0, 0), (-1, 0), 0.4, colors.HexColor("#9aa3ad"))]
        if rest:  # the last line says where the rest is
            data.append(["", _("{n} more on the next page").format(n=len(rest)), ""])
            heights.append(line)
            style += [("SPAN", (1, -1), (-1, -1)), ("FONTNAME", (0, -1), (-1, -1), self.bold)]
        return Table(data, colWidths=[u_w, name_w, model_w], rowHeights=heights,
                     style=TableStyle(style), hAlign="LEFT"), rest

    def device_continuation(self, rack: Rack, members: list[Rack], rest: list[list[str]],
                            width: float) -> list[Any]:
        """The devices of a rack sheet that did not fit beside the elevation (for the next page)."""
        if not rest:
            return []
        title = _("{rack}: devices, continued").format(rack=truncate(rack.name, 60))
        if len(members) > 1:
            title = _("{rack} (and {n} more with this layout): devices, continued").format(
                rack=truncate(rack.name, 60), n=len(members) - 1)
        rows = [[w, name, model] for w, name, model in rest]
        return [self.P(esc(title), self.st_h2),
                self._content_table(self.heads(N_("U"), N_("Device"), N_("Model")), rows, width=width)]

    # -- power -------------------------------------------------------------------------------
    def _power_sources(self) -> list[Any]:
        """UPSs, panels, switchboards and generators with what hangs off them (engine roll-up)."""
        r = self.results
        sources = getattr(r, "sources", {})
        order = [x for x in self.plan.power_sources if x.id in sources]
        if not order:
            return []
        names = {x.id: x.name for x in self.plan.power_sources}
        rows, styles = [], {}
        for i, src in enumerate(order):
            sr = sources[src.id]
            rows.append([clean(sr.name), message_text(source_kind_text(sr.kind)), clean(sr.side or "\u2013"),
                         clean(names.get(sr.upstream, "\u2013") if sr.upstream else "\u2013"), kw(sr.capacity_w),
                         kw(sr.typical_w), kw(sr.max_w), kw(sr.failover_w), clean(sr.failover_side or "\u2013"),
                         pct(sr.utilisation), str(len(sr.feeds) + len(sr.sources))])
            styles[i] = self._sev_style(sr.findings)
        return [self.P(_("Power sources"), self.st_h2),
                self._rows_table(self.heads(N_("Source"), N_("Kind"), N_("Side"), N_("Hangs off"), N_("Capacity kW"),
                                            N_("Typical kW"), N_("Max kW"), N_("Failover kW"), N_("Failed side"),
                                            N_("Utilisation"), N_("Feeds")), rows,
                                 [140, 65, 35, 105, 65, 60, 55, 65, 55, 55, 40],
                                 numeric={4, 5, 6, 7, 9, 10}, row_styles=styles),
                self.P(esc(_("Each source carries the feeds and sources under it; failover: with the worst other "
                             "feed side failed (Rackwright documentation, docs/engine.md); utilisation = failover "
                             "load / capacity.")), self.st_small)]

    @staticmethod
    def heads(*titles: str) -> list[str]:
        """Table column titles, translated (the English texts are marked where listed)."""
        return [_(t) for t in titles]

    def power(self) -> list[Any]:
        r = self.results
        out = self.section_heading("power", esc(_("feeds, PDUs and racks; capacity checks at the maximum draw")))
        fo = [f.id for f in self.plan.feeds if f.id in r.feeds]
        feeds = {f.id: f for f in self.plan.feeds}
        rows, styles = [], {}
        for i, fid in enumerate(fo):
            fr, f = r.feeds[fid], feeds[fid]
            rows.append([clean(fr.name), fr.side, f"{num(f.voltage_v)} V {f.phases}~", f"{num(f.breaker_a)} A",
                         num(fr.derating), kw(fr.capacity_w), kw(fr.typical_w), kw(fr.max_w),
                         kw(fr.failover_w), clean(fr.failover_side or "\u2013"), pct(fr.utilisation),
                         str(len(fr.pdus))])
            styles[i] = self._sev_style(fr.findings)
        out.extend(self._power_sources())
        out.append(self.P(_("Power feeds"), self.st_h2))
        if rows:
            out.append(self._rows_table(self.heads(N_("Feed"), N_("Side"), N_("Supply"), N_("Breaker"),
                                                   N_("Derate"), N_("Capacity kW"), N_("Typical kW"), N_("Max kW"),
                                                   N_("Failover kW"), N_("Failed side"), N_("Utilisation"),
                                                   N_("PDUs")), rows, [140, 30, 70, 55, 40, 65, 60, 55, 65, 60, 60, 40],
                                        numeric={3, 4, 5, 6, 7, 8, 10, 11}, row_styles=styles))
            out.append(self.P(esc(_("Failover: the feed's load with the worst other side failed (2N with A/B); "
                                    "utilisation = failover load / derated capacity.")), self.st_small))
        else:
            out.append(self.P(_("The plan has no power feeds.")))
        # PDUs, in rack order
        order = {rid: i for i, rid in enumerate(rk.id for rk in self.plan.racks())}
        pdus = sorted(r.pdus.values(), key=lambda p: (order.get(p.rack_id, 1 << 30), p.side, p.name))
        rows, styles = [], {}
        for i, p in enumerate(pdus):
            rows.append([clean(self._names.get(("rack", p.rack_id), p.rack_id)), clean(p.name),
                         clean(self._name_of("feed", p.feed, _("none"))),
                         f"{num(p.voltage_v)} V " + (_(WIRING_NAMES[p.wiring]) if p.wiring in WIRING_NAMES
                                                     else clean(p.wiring)), num(p.rating_a), num(p.derated_a, 1), kw(p.typical_w),
                         kw(p.max_w), " / ".join(num(a, 1) for a in p.phase_a),
                         " / ".join(num(a, 1) for a in p.failover_phase_a), f"{num(p.imbalance_percent, 0)} %",
                         str(p.cords)])
            styles[i] = self._sev_style(p.findings)
        out.append(CondPageBreak(80))
        out.append(self.P(_("Rack PDUs"), self.st_h2))
        if rows:
            out.append(self._rows_table(self.heads(N_("Rack"), N_("PDU"), N_("Feed"), N_("Supply"), N_("Rated A"),
                                                   N_("Limit A"), N_("Typical kW"), N_("Max kW"),
                                                   N_("Phase A (L1/L2/L3)"), N_("Failover A"), N_("Imbal."),
                                                   N_("Cords")), rows,
                                        [55, 95, 85, 70, 42, 42, 55, 50, 95, 95, 40, 35],
                                        numeric={4, 5, 6, 7, 8, 9, 10, 11}, row_styles=styles))
            out.append(self.P(esc(_("Limit: min(PDU rating, feed breaker) \u00d7 continuous derating. Phase "
                                    "currents at the load basis in normal operation; failover: worst case with "
                                    "another side failed. Delta PDUs show line currents.")), self.st_small))
        else:
            out.append(self.P(_("The plan has no rack PDUs.")))
        # racks
        rows, styles = [], {}
        for i, rk in enumerate(x for x in self.plan.racks() if x.id in r.racks):
            res = r.racks[rk.id]
            rows.append([clean(res.name), clean(self._names.get(("row", res.row_id), "")), kw(res.idle_w),
                         kw(res.typical_w), kw(res.max_w), kw(res.nameplate_w), kw(res.power_capacity_w),
                         kw(res.power_headroom_w), str(len(res.pdus)), num(res.optics_power_w, 0),
                         str(res.gpu_count)])
            styles[i] = self._sev_style(res.findings)
        out.append(CondPageBreak(80))
        out.append(self.P(_("Racks"), self.st_h2))
        out.append(self._rows_table(self.heads(N_("Rack"), N_("Row"), N_("Idle kW"), N_("Typical kW"), N_("Max kW"),
                                               N_("Nameplate kW"), N_("PDU cap. kW"), N_("Headroom kW"), N_("PDUs"),
                                               N_("Optics W"), N_("GPUs")), rows,
                                    [90, 90, 55, 60, 55, 65, 65, 65, 40, 55, 40], numeric=set(range(2, 11)),
                                    row_styles=styles))
        t = r.totals
        out.append(self.P(esc(_("Total IT: {typical} kW typical, {max} kW max, {nameplate} kW nameplate (nameplate "
                                "sizes circuits, it is not load). Facility at PUE {pue}: {facility} kW typical.")
                              .format(typical=kw(t.agg.sums["typical_w"]), max=kw(t.agg.sums["max_w"]),
                                      nameplate=kw(t.agg.sums["nameplate_w"]), pue=num(t.pue),
                                      facility=kw(t.facility_typical_w))), self.st_small))
        return out

    def _sev_style(self, findings: Iterable[Finding]) -> list[tuple]:
        sev = {f.severity for f in findings}
        if "error" in sev:
            return [("TEXTCOLOR", colors.HexColor("#c0392b"))]
        if "warning" in sev:
            return [("TEXTCOLOR", colors.HexColor("#8a5a00"))]
        return []

    # -- cooling -----------------------------------------------------------------------------
    def cooling(self) -> list[Any]:
        r, u = self.results, self.u
        out = self.section_heading("cooling", esc(_("heat, airflow and liquid flow per rack and loop")))
        rows, styles = [], {}
        for i, rk in enumerate(x for x in self.plan.racks() if x.id in r.racks):
            res = r.racks[rk.id]
            cap = res.cooling_capacity_w
            rows.append([clean(res.name), cooling_method_name(res.cooling, translate=True),
                         self.cooling_name(res.cooling_unit) or _("default"),
                         clean(self._name_of("loop", res.loop, "\u2013")), kw(res.heat_w),
                         kw(res.liquid_heat_w), kw(res.air_heat_w), u.airflow(res.airflow_cfm),
                         u.flow(res.liquid_flow_l_per_min) if res.liquid_flow_l_per_min else "\u2013", kw(cap),
                         kw(res.cooling_headroom_w), pct(res.cooling_utilisation)])
            styles[i] = self._sev_style([f for f in res.findings if f.code.startswith("COOLING")])
        out.append(self.P(_("Racks"), self.st_h2))
        out.append(self._rows_table(self.heads(N_("Rack"), N_("Method"), N_("Unit"), N_("Loop"), N_("Heat kW"),
                                               N_("Liquid kW"), N_("Air kW"))
                                    + [_("Airflow {unit}").format(unit=u.airflow_unit),
                                       _("Liquid {unit}").format(unit=u.flow_unit)]
                                    + self.heads(N_("Capacity kW"), N_("Margin kW"), N_("Load")), rows,
                                    [70, 80, 85, 70, 55, 50, 45, 65, 60, 60, 55, 45],
                                    numeric=set(range(4, 12)), row_styles=styles))
        out.append(self.P(esc(_("Heat = IT power at the load basis (all power becomes heat). Airflow from the "
                                "sensible-heat equation at the rack's air temperature rise; liquid flow from the "
                                "loop's temperature rise (docs/engine.md).")), self.st_small))
        rows, styles = [], {}
        loops = [lp.id for lp in self.plan.cooling_loops if lp.id in r.loops]
        for i, lid in enumerate(loops):
            lr = r.loops[lid]
            rows.append([clean(lr.name), self.cooling_name(lr.cdu) if lr.cdu else _("facility water"),
                         str(lr.cdu_count) if lr.cdu else "-",
                         clean(coolant_name(lr.coolant)),
                         str(lr.racks),
                         kw(lr.heat_w), kw(lr.capacity_w), kw(lr.capacity_n_minus_1_w),
                         kw(lr.capacity_w - lr.heat_w), u.flow(lr.flow_l_per_min), u.flow(lr.rated_flow_l_per_min),
                         pct(lr.utilisation)])
            styles[i] = self._sev_style(lr.findings)
        out.append(CondPageBreak(80))
        out.append(self.P(_("Liquid cooling loops (CDUs)"), self.st_h2))
        if rows:
            out.append(self._rows_table(self.heads(N_("Loop"), N_("CDU"), N_("CDUs"), N_("Coolant"), N_("Racks"),
                                                   N_("Heat kW"), N_("Capacity kW"), N_("N-1 kW"), N_("Margin kW"))
                                        + [_("Flow {unit}").format(unit=u.flow_unit),
                                           _("Rated {unit}").format(unit=u.flow_unit), _("Load")], rows, [90, 120, 35, 50, 40, 55, 65, 55, 60, 60, 60, 45],
                                        numeric={2, 4, 5, 6, 7, 8, 9, 10, 11}, row_styles=styles))
        else:
            out.append(self.P(_("The plan has no liquid cooling loops.")))
        s = r.totals.agg.sums
        td = r.totals.to_dict()
        heat = u.heat_u(s["heat_w"])
        if u.imperial:
            heat = _("{heat} ({tons} tons of refrigeration)").format(heat=heat, tons=num(td["cooling_tons"], 1))
        out.append(self.P(esc(_("Total heat {heat}: {liquid} kW to liquid, {air} kW to air; airflow {airflow}, "
                                "liquid flow {flow}.").format(
            heat=heat, liquid=kw(s["liquid_heat_w"]), air=kw(s["air_heat_w"]), airflow=u.airflow_u(s["airflow_cfm"]),
            flow=u.flow_u(s["liquid_flow_l_per_min"]))), self.st_small))
        return out

    # -- energy efficiency -------------------------------------------------------------------
    def energy_section(self) -> list[Any]:
        """Energy per year, PUE, the reusable waste heat and its temperatures, heat reuse and
        ERF, water, renewable share, CO2; for a site in Germany the Energy Efficiency Act's
        thresholds (planner.reports.energy over the engine's ``Results.energy``)."""
        e = self.results.energy
        out = self.section_heading("energy", esc(_("energy, waste heat and CO₂ per year; docs/energy.md")))
        if e is None:
            out.append(self.P(esc(_("No energy figures: the engine did not compute them.")), self.st_body))
            return out
        rows, styles = [], {}
        grey = [("TEXTCOLOR", colors.HexColor("#6a737d"))]
        for i, row in enumerate(energy_rows(e, self.u)):
            rows.append([self.cell(row.term, bold=not row.term.startswith("·")), row.value, self.cell(row.basis)])
            if row.missing:
                styles[i] = grey
        out.append(self._rows_table(self.heads(N_("Figure"), N_("Value"), N_("How it is computed or where it is from")),
                                    rows, [190, 170, 425], row_styles=styles))
        out.extend(self._phase_energy(self.results.phases))
        out.extend(self._enefg_part(e))
        return out

    def _phase_energy(self, ph: Any) -> list[Any]:
        """The energy figures of the build as it stands after each growth phase (the engine's
        ``Results.phases``; issue 32: per plan and phase). Nothing without phases."""
        if ph is None:
            return []
        rows = []
        dash = "\u2013"
        for p in ph.phases:
            e = p.results.energy
            if e is None:
                rows.append([self.cell(f"{p.number}. {p.name}", bold=True), *([dash] * 6)])
                continue
            rows.append([self.cell(f"{p.number}. {p.name}", bold=True), num(e.facility_kwh_per_year / 1000, 0),
                         num(e.it_kwh_per_year / 1000, 0), num(e.pue, 2),
                         num(e.reusable_kwh_per_year / 1000, 0) if e.reusable_kwh_per_year else dash,
                         dash if e.water_m3_per_year is None else num(e.water_m3_per_year, 0),
                         dash if e.co2_t_per_year is None else num(e.co2_t_per_year, 0)])
        return [CondPageBreak(80), self.P(esc(_("Energy per phase")), self.st_h2),
                self.P(esc(_("Each phase's build as it stands when the phase is done, a year of it; "
                             "\u2013: not stated in the plan (water: no WUE; CO₂: no grid factor).")), self.st_small),
                self._rows_table(self.heads(N_("Phase"), N_("Facility MWh/year"), N_("IT MWh/year"), N_("PUE"),
                                            N_("Reusable heat MWh/year"), N_("Water m³/year"), N_("CO₂ t/year")),
                                 rows, [190, 100, 90, 60, 120, 100, 100], numeric=set(range(1, 7)))]

    def _enefg_part(self, e: Any) -> list[Any]:
        out: list[Any] = [CondPageBreak(120), self.P(esc(_("Energy Efficiency Act (EnEfG)")), self.st_h2)]
        a = e.enefg
        if a is None:
            where = country_name(e.site_country) if e.site_country else _("not stated")
            out.append(self.P(esc(_("The Energieeffizienzgesetz's data-centre duties apply to sites in Germany; the "
                                    "site country is {country}. Set it in Plan Settings > Energy.").format(
                country=where)), self.st_small))
            return out
        if not a.in_scope:
            out.append(self.P(esc(legal(_("Not applicable: the plan draws at most {kw} kW with cooling (IT maximum × PUE), "
                                    "below the {scope} kW non-redundant connected load from which a data centre's "
                                    "duties apply (§ 3 Nr. 24, § 11 EnEfG). If the hall the racks stand in is larger, "
                                    "its operator must meet them.").format(kw=num(a.connected_kw, 0),
                                                                           scope=num(a.scope_kw, 0)))), self.st_body))
            return out
        colors = {True: "#2e7d32", False: "#c0392b", None: "#8a5a00"}
        verdicts = {m: (message_text(verdict_text(m, unknown=N_("not stated"))), c) for m, c in colors.items()}
        rows = []
        for r in enefg_rows(a):
            word, color = verdicts[r.met]
            rows.append([r.requirement, r.limit, r.plan, legal(r.paragraph), self.cell(r.applies),
                         self.cell(word, bold=True, color=color)])
        out.append(self._rows_table(self.heads(N_("Requirement"), N_("Limit"), N_("Plan"), N_("Paragraph"),
                                               N_("Applies"), N_("Verdict")), rows, [150, 60, 65, 150, 280, 80],
                                    numeric={1, 2}))
        out.append(Spacer(1, 4))
        start = (_("Start of operation {date} (as stated).").format(date=start_text(a.operation_start))
                 if a.start_stated else
                 _("Start of operation not stated: checked as on or after 1 July 2028, the strictest tier (set it in "
                   "Plan Settings > Energy)."))
        kind = (_("A new data centre (start of operation on or after 1 July 2026, § 11 Abs. 2)") if a.new_data_centre
                else _("An existing data centre (start of operation before 1 July 2026, § 11 Abs. 1)"))
        out.append(self.P(esc(legal(" ".join((
            start, kind + ".",
            _("Estimated connected load {kw} kW (IT maximum × PUE; the contracted load may be higher).").format(
                kw=num(a.connected_kw, 0)),
            _("The thresholds are to be reached as annual averages, at the latest two years after the start of "
              "operation (§ 11 Abs. 2 Satz 2); the energy reuse factor has exceptions (§ 11 Abs. 3). "
              "Energieeffizienzgesetz of 13 November 2023 (BGBl. 2023 I Nr. 309), in force since 18 November 2023. "
              "A planning check, not legal advice."))))), self.st_small))
        return out

    # -- growth phases -----------------------------------------------------------------------
    def phases_section(self) -> list[Any]:
        """Each growth phase as the plan stands after it (docs/phases.md): its figures and capex
        (added and in total), what it adds, what it keeps free for the later phases, its
        workload verdicts and the findings it brings and clears. Nothing for a plan without
        phases. Every figure is the engine's (``Results.phases``)."""
        ph = self.results.phases
        if ph is None:
            return []
        cur = self.currency
        first, last = ph.phases[0], ph.phases[-1]
        out = self.section_heading("phases", esc(ngettext(
            "{n} phase", "{n} phases", len(ph.phases)).format(n=num(len(ph.phases)))
            + ": " + _("from {first} to {last}").format(first=first.name, last=last.name)))
        out.append(self.P(esc(_("Each phase is the build as it stands when the phase is done: everything of that "
                                "phase and the ones before, computed as a plan of its own. Capex added is what the "
                                "phase buys.")), self.st_small))
        rows, styles = [], {}
        for i, p in enumerate(ph.phases):
            t = p.results.totals
            s_, c = t.agg.sums, p.results.counts()
            rows.append([self.cell(f"{p.number}. {p.name}", bold=True), start_text(p.start) if p.start else "\u2013",
                         num(t.gpus), num(t.racks), num(t.agg.ints["devices"]),
                         f"{kw(s_.get('typical_w', 0.0))} / {kw(s_.get('max_w', 0.0))}", kw(t.facility_typical_w),
                         num(t.energy_kwh_per_year / 1000, 0), money(p.capex_added, cur),
                         money(t.capex, cur) + ("" if t.capex_complete else " *"), num(c["error"]), num(c["warning"])])
            if c["error"]:
                styles[i] = [("TEXTCOLOR", colors.HexColor("#c0392b"))]
        out.append(self._rows_table(self.heads(N_("Phase"), N_("Start"), N_("GPUs"), N_("Racks"), N_("Devices"),
                                               N_("IT kW typ. / max"), N_("Facility kW"), N_("MWh/year"),
                                               N_("Capex added"), N_("Capex total"), N_("Errors"), N_("Warnings")),
                                    rows, [120, 55, 40, 40, 45, 70, 55, 55, 85, 85, 40, 50],
                                    numeric=set(range(2, 12)), row_styles=styles))
        if any(not p.results.totals.capex_complete for p in ph.phases):
            out.append(self.P(esc(_("* incomplete: items without a price or exchange rate are left out")),
                              self.st_small))
        rents = [(p, p.results.totals.rent_vs_own) for p in ph.phases]
        if any(rvo is not None for _p, rvo in rents):
            out.append(CondPageBreak(80))
            out.append(self.P(esc(_("Own or rent, per phase")), self.st_h2))
            rows = []
            for p, rvo in rents:
                rent = rvo.figures if rvo is not None else None
                be = rent.break_even_months if rent is not None else None
                rows.append([self.cell(f"{p.number}. {p.name}", bold=True),
                             "\u2013" if rvo is None else money(rvo.own_cost_per_year, cur),
                             "\u2013" if rent is None or rent.cloud_cost_per_year is None
                             else money(rent.cloud_cost_per_year, cur),
                             "\u2013" if be is None else _("{months} months").format(months=num(be, 1)),
                             self.cell("" if rvo is None or rent is not None else message_text(rvo.reason))])
            out.append(self._rows_table(self.heads(N_("Phase"), N_("Own per year"), N_("Rent per year"),
                                                   N_("Break-even"), N_("Note")), rows, [150, 110, 110, 90, 325],
                                        numeric={1, 2, 3}))
            out.append(self.P(esc(_("Each phase's build as a plan of its own: its capex over the years of use, "
                                    "energy, support and colocation, against renting its GPUs (section Rent or "
                                    "own).")), self.st_small))
        out.extend(self._cost_over_time(ph))
        out.append(CondPageBreak(100))
        out.append(self.P(esc(_("What each phase adds, and keeps free for the later ones")), self.st_h2))
        rows = []
        for p in ph.phases:
            a, r = p.added, p.reserved
            rows.append([self.cell(f"{p.number}. {p.name}", bold=True), num(a["racks"]), num(a["devices"]),
                         num(a["gpus"]), num(a["links"]), num(a["feeds"]), num(a["loops"]),
                         num(r["u"], 0) if r else "\u2013", num(r["power_kw"], 1) if r else "\u2013",
                         num(r["feed_kw"], 1) if r else "\u2013", num(r["loop_kw"], 1) if r else "\u2013",
                         num(r["ports"], 0) if r else "\u2013"])
        out.append(self._rows_table(self.heads(N_("Phase"), N_("Racks"), N_("Devices"), N_("GPUs"), N_("Cables"),
                                               N_("Feeds"), N_("Loops"), N_("Free U"), N_("Free rack kW"),
                                               N_("Free feed kW"), N_("Free loop kW"), N_("Free ports")),
                                    rows, [140, 45, 50, 45, 50, 45, 45, 55, 70, 75, 75, 60], numeric=set(range(1, 12))))
        out.append(self.P(esc(_("Free: what the later phases will add to the racks, feeds and cooling loops this "
                                "phase already has (rack units, maximum draw, failover load, heat) and the ports of "
                                "its devices their cables take, kept free for them.")), self.st_small))
        workloads = [w for w in self.plan.workloads]
        if workloads:
            out.append(CondPageBreak(80))
            out.append(self.P(esc(_("Workloads per phase")), self.st_h2))
            rows = []
            for w in workloads:
                cells: list[Any] = [self.cell(w.name)]
                for p in ph.phases:
                    v = p.results.workloads.get(w.id)
                    cells.append(self.cell("\u2013" if v is None else message_text(verdict_text(v.met, v.level))
                                           + ("" if v.shown_margin is None else f" ({format_margin(v.shown_margin)})")))
                rows.append(cells)
            out.append(self._rows_table([_("Workload"), *(f"{p.number}. {p.name}" for p in ph.phases)], rows,
                                        [200, *([585 / len(ph.phases)] * len(ph.phases))]))
        for p in ph.phases:
            brings = [f for f in p.new_findings if f.severity != "info"]
            clears = [f for f in p.resolved_findings if f.severity != "info"]
            if not brings and not clears:
                continue
            out.append(CondPageBreak(80))
            out.append(self.P(esc(_("Findings that phase {name} brings and clears").format(name=p.name)), self.st_h2))
            rows, styles = [], {}
            for f in (*brings, *clears):
                styles[len(rows)] = [("TEXTCOLOR", colors.HexColor(SEVERITY_COLORS.get(f.severity, "#1f2328")))]
                rows.append([_("new") if f in brings else _("cleared"), _(SEVERITY_NAMES.get(f.severity, f.severity)),
                             clean(f.code), self.cell(self.where(f.kind, f.id)), self.cell(finding_text(f))])
            out.append(self._rows_table(self.heads(N_("Change"), N_("Severity"), N_("Code"), N_("Where"),
                                                   N_("Message")), rows, [50, 50, 150, 130, 405], row_styles=styles))
        return out

    def _cost_over_time(self, ph: Any) -> list[Any]:
        """Owning against renting across the phases, per calendar year (the engine's
        ``PhasesResult.timeline``), or the one line why there is none."""
        cur = self.currency
        tl = ph.timeline
        out: list[Any] = [CondPageBreak(100), self.P(esc(_("Cost over time")), self.st_h2)]
        if tl is None:
            out.append(self.P(esc(_("No timeline: {reason}. Give each phase its start date (the first phase may "
                                    "use the plan's operation start).").format(
                reason=message_text(ph.timeline_reason))), self.st_small))
            return out
        names = {p.id: f"{p.number}. {p.name}" for p in ph.phases}
        rows = []
        for y in tl.years:
            rows.append([self.cell(str(y.year), bold=True),
                         self.cell(", ".join(_("{phase}: {n} mo.").format(phase=names.get(k, k), n=num(n))
                                             for k, n in y.months.items())),
                         money(y.capex, cur) + ("" if tl.complete else " *"), money(y.running, cur),
                         money(y.own_cumulative, cur), "\u2013" if y.rent is None else money(y.rent, cur),
                         "\u2013" if y.rent_cumulative is None else money(y.rent_cumulative, cur)])
        out.append(self._rows_table(self.heads(N_("Year"), N_("Phases in operation"), N_("Capex"), N_("Running cost"),
                                               N_("Own, summed"), N_("Rent"), N_("Rent, summed")),
                                    rows, [45, 235, 90, 85, 95, 90, 95], numeric={2, 3, 4, 5, 6}))
        if tl.years and tl.years[-1].rent_cumulative is None:
            verdict = _("No cloud price for every phase's GPUs: renting is not compared.")
        elif tl.break_even is not None:
            verdict = _("Owning stays at or below renting from the end of {month} on.").format(
                month=start_text(tl.break_even))
        else:
            verdict = _("Owning does not catch up with renting by {end}.").format(end=start_text(tl.end))
        out.append(self.P(esc(verdict), self.st_body))
        out.append(self.P(esc(_("From {start} over the plan's {years} years of use (at least a year of the last "
                                "phase): each phase's capex added is paid in the month it starts; from then until "
                                "the next phase the build after it runs, at its running cost (energy, support, "
                                "colocation) or, rented, at its GPUs' cloud price, both from its own rent-or-own "
                                "figures above.").format(start=start_text(tl.start), years=num(tl.years_of_use))),
                          self.st_small))
        return out

    # -- BOM ---------------------------------------------------------------------------------
    def _price(self, table: str, slug: str) -> Price | None:
        if self.catalog is None:
            return None
        item = self.catalog.get(table, slug)
        if item is None:
            return None
        price = getattr(item, "price", None)
        planning = getattr(item, "planning", None)  # device and rack types keep theirs in planning
        if price is None and planning is not None:
            price = getattr(planning, "price", None)
        return price

    def bom(self) -> list[Any]:
        r = self.results
        t = r.totals
        out = self.section_heading("bom", esc(_("prices in {currency}; planning figures, not a quote").format(
            currency=self.currency)))
        table_names = {"device-types": _("Equipment"), "rack-types": _("Racks"), "cooling": _("Cooling"),
                       "cables": _("Cables"), "nics": _("NICs")}
        rows, styles = [], {}
        unpriced = 0
        for i, b in enumerate(r.bom):
            price = self._price(b.table, b.slug)
            basis = getattr(price, "basis", "") if price else ""
            basis = _(BASIS_NAMES[basis]) if basis in BASIS_NAMES else basis
            date = clean(format_date(getattr(price, "date", "") or "")) if price else ""
            if b.unit_price is None:
                unpriced += 1
                up, ext, basis_s = _("NO PRICE"), _("not in total"), "\u2013"
                styles[i] = [("TEXTCOLOR", colors.HexColor("#b7791f")),
                             ("BACKGROUND", colors.HexColor("#fff4e0"))]
            else:
                up, ext = num(b.unit_price, 0), num(b.extended, 0)
                basis_s = f"{basis} {date}".strip()
                ov = self.md.price_overrides.get(b.slug) if getattr(b, "price_source", None) == "plan" else None
                if ov is not None:  # a price for this plan, not the catalog's
                    basis_s = f"{_('plan')} {clean(format_date(ov.date or ''))}".strip()
                if b.currency != self.currency:
                    # the extended column is in the plan currency: converted at the plan's rate
                    rate = getattr(b, "rate", None)
                    if rate is not None:
                        ext = num(b.extended * rate, 0)
                    else:
                        ext = _("no rate")
                        styles[i] = [("TEXTCOLOR", colors.HexColor("#b7791f"))]
            name = (self.cooling_name(b.slug) if b.table == "cooling" else b.name) if b.known else \
                _("{slug} (not in catalog)").format(slug=b.name)
            rows.append([table_names.get(b.table, b.table), self.cell(name), clean(b.slug), num(b.quantity), up,
                         clean(b.currency or "\u2013"), basis_s, ext])
        out.append(self._rows_table(self.heads(N_("Category"), N_("Item"), N_("Catalog slug"), N_("Qty"),
                                               N_("Unit price"), N_("Cur."), N_("Price basis"))
                                    + [_("Extended ({currency})").format(currency=clean(self.currency))], rows, [62, 250, 150, 40, 65, 32, 95, 80],
                                    numeric={3, 4, 7}, row_styles=styles))
        total = money(t.capex, self.currency)
        note = ""
        if not t.capex_complete:
            no_rate = any(b.currency not in (None, self.currency) and getattr(b, "rate", None) is None
                          for b in r.bom)
            text = (ngettext("<b>Incomplete:</b> {n} line without a price and lines in a currency without an "
                             "exchange rate are not in the total.",
                             "<b>Incomplete:</b> {n} lines without a price and lines in a currency without an "
                             "exchange rate are not in the total.", unpriced) if no_rate else
                    ngettext("<b>Incomplete:</b> {n} line without a price is not in the total.",
                             "<b>Incomplete:</b> {n} lines without a price are not in the total.", unpriced))
            note = f" <font color='#b7791f'>{text.format(n=unpriced)}</font>"
        out.append(Spacer(1, 4))
        out.append(self.P("<b>" + esc(_("Total capex: {total}").format(total=total)) + f"</b>.{note}", self.st_body))
        md = self.plan.metadata
        used = sorted({b.currency for b in r.bom if b.currency not in (None, self.currency)
                       and getattr(b, "rate", None) is not None})
        rates = ""
        if used:
            conv = ", ".join(f"1 {esc(c)} = {num(md.exchange_rates[c])} {esc(self.currency)}" for c in used)
            rates = " " + (_("Converted at {rates} (rates as of {date}).").format(
                rates=conv, date=esc(format_date(md.exchange_rates_date))) if md.exchange_rates_date
                else _("Converted at {rates}.").format(rates=conv))
        util = getattr(t, "utilisation", 1.0)
        energy = (_("Annual energy: {cost} ({mwh} MWh at {price} {currency}/kWh, PUE {pue}, utilisation "
                    "{util} %).") if util != 1.0 else
                  _("Annual energy: {cost} ({mwh} MWh at {price} {currency}/kWh, PUE {pue})."))
        out.append(self.P(esc(_("Price basis: list = vendor list price; street = observed street/reseller price; "
                                "estimate = derived or reported figure; quote = a quote on record; plan = a price "
                                "set for this plan (Price for this plan), used before the catalog's. Dates are when "
                                "the price was taken. Sources per item in the catalog (Rackwright documentation, docs/catalog.md)."))
                          + rates + " " + esc(energy.format(
                              cost=money(t.opex_per_year, self.currency), mwh=num(t.energy_kwh_per_year / 1000, 0),
                              price=num(t.electricity_price_per_kwh), currency=self.currency, pue=num(t.pue),
                              util=num(util * 100))), self.st_small))
        return out

    # -- rent or own -------------------------------------------------------------------------
    def rent(self) -> list[Any]:
        rvo = self.results.totals.rent_vs_own
        cur = self.currency
        out = self.section_heading("rent", esc(_("indicative; formulas in the Rackwright documentation "
                                                 "(docs/engine.md)")))
        if rvo is None:
            out.append(self.P(_("The plan has no GPUs: nothing to rent."), self.st_body))
            return out
        i, own = rvo.inputs, rvo.own_only
        f = rvo.figures
        if not rvo.capex_complete:
            out.append(self.P("<font color='#c0392b'><b>" + esc(_("Capex incomplete ({capex}): owning is "
                                                                  "understated.").format(capex=money(i.capex, cur)))
                              + "</b></font> " + esc(_("Unpriced BOM lines are not in it (see the BOM).")),
                              self.st_body))
            out.append(Spacer(1, 4))
        hours = num(8760)
        rows = [
            [_("Capital (capex / years)"), f"{money(i.capex, cur)} / {num(own.years)}", money(own.capital_per_year)],
            [_("Energy (IT typical × PUE × {hours} h × utilisation × price)").format(hours=hours),
             f"{num(i.it_kw_typical, 1)} kW × {num(i.pue)} × {hours} h × {num(i.utilisation)} × "
             f"{num(i.electricity_price_per_kwh)} {cur}/kWh", money(own.energy_per_year)],
            [_("Support and maintenance (share of capex)"), f"{num(i.support_fraction_per_year * 100)} % × "
                                                            f"{money(i.capex, cur)}", money(own.support_per_year)],
            [_("Colocation (committed IT kW × price × 12)"), _("{kw} kW × {price} {currency}/kW-month × 12").format(
                kw=num(i.it_kw_committed, 1), price=num(i.colocation_per_kw_month, 2), currency=cur),
             money(own.colocation_per_year)],
            [_("Own, per year"), "", money(own.own_cost_per_year)],
        ]
        styles = {4: [("FONTNAME", self.bold)]}
        if f is not None and f.cloud_cost_per_year is not None:
            d = rvo.price_detail
            if rvo.price_source == "plan":
                src = _("price set in this plan")
            else:
                basis = d.get("basis", "")
                basis = _(CLOUD_BASIS_NAMES[basis]) if basis in CLOUD_BASIS_NAMES else basis
                src = f"{d.get('offer', '')}, {basis} {format_date(d.get('date', '') or '')}"
                if d.get("currency") != cur and d.get("exchange_rate") is not None:
                    src += "; " + _("{amount} {currency} at {rate}").format(
                        amount=num(d["amount"]), currency=d["currency"], rate=num(d["exchange_rate"]))
            rows.append([_("Rent, per year (GPUs × price × {hours} h × utilisation)").format(hours=hours),
                         _("{gpus} × {model} at {price} {currency}/GPU-hour × {hours} h × {util} ({source})").format(
                             gpus=num(rvo.gpus), model=esc(rvo.gpu_model_name),
                             price=num(i.cloud_price_per_gpu_hour, 2), currency=cur, hours=hours,
                             util=num(i.utilisation), source=src),
                         money(f.cloud_cost_per_year)])
            styles[5] = [("FONTNAME", self.bold)]
        table = self._rows_table([_("Term"), _("Inputs"), _("Per year ({currency})").format(currency=clean(cur))],
                                 [[self.cell(a), self.cell(b), c] for a, b, c in rows], [250, 440, 95], numeric={2},
                                 row_styles=styles)
        out.append(table)
        out.append(Spacer(1, 6))
        if f is None or f.cloud_cost_per_year is None:
            out.append(self.P(_("<b>Renting is not costed:</b> {reason}.").format(reason=esc(rvo.reason)),
                              self.st_body))
        else:
            if f.break_even_months is None:
                be_m = esc(_("never: renting stays cheaper at this utilisation"))
            else:
                be_m = _("<b>{months} months</b> ({years} years)").format(
                    months=num(f.break_even_months, 1), years=num(f.break_even_months / 12, 1))
            if f.break_even_utilisation is None:
                be_u = esc(_("renting is cheaper at any utilisation"))
            else:
                be_u = _("<b>{pct} %</b>: above it owning is cheaper per year").format(
                    pct=num(f.break_even_utilisation * 100, 0))
            text = _("Break-even: owning has paid for itself after {months}; break-even utilisation "
                     "{utilisation}.").format(months=be_m, utilisation=be_u)
            if f.break_even_months is not None and not rvo.capex_complete:  # the warning with the figure
                text += " <b>" + esc(_("\u26a0 The capex is incomplete: unpriced items are left out, so the "
                                       "break-even is too early.")) + "</b>"
            out.append(self.P(text, self.st_body))
        out.append(Spacer(1, 6))
        out.append(drawings.rent_own_chart(rvo, self.frame_w, 230.0, self.font, self.bold))
        out.append(Spacer(1, 4))
        out.append(self.P(esc(_("Cumulative cost from a standing start: owning pays the capex in month 0, then its "
                                "running costs (energy, support, colocation) monthly; renting pays per month used. "
                                "Not included: residual value, financing, staff, cloud storage and egress, "
                                "reserved-capacity discounts. Cloud prices are indicative on-demand list prices "
                                "(catalog table cloud, dated, with sources); set the customer's own in Plan "
                                "Settings.")), self.st_small))
        return out

    # -- comparison --------------------------------------------------------------------------
    def comparison_page(self, cmp: ComparisonData) -> list[Any]:
        """This plan (A) beside the other options: the comparison's rows, a group heading
        spanning the table, an incomplete capex or an unmet workload in red, the lines where
        the options agree in grey (what differs stands out)."""
        title = _("Options compared")
        out: list[Any] = [PageBreak(), self.anchor(0, title, "sec-compare"), self.P(esc(title), self.st_h1)]
        out.append(self.P(esc(_("Option A is this plan. Every figure is the Rackwright engine's for each plan; money "
                                "in each plan's own currency. What differs is taken against A: devices by model, "
                                "and racks, links, feeds and cooling loops matched by id (a variant saved from this "
                                "plan keeps its ids).")), self.st_small))
        out.append(Spacer(1, 4))
        n = len(cmp.options)
        rows: list[list[Any]] = []
        styles: dict[int, list[tuple]] = {}
        for r in cmp.rows():
            if r.heading:
                rows.append([SpanText(r.label)] + [""] * n)
                styles[len(rows) - 1] = [("FONTNAME", self.bold), ("BACKGROUND", colors.HexColor("#e8ecf0"))]
                continue
            cells: list[Any] = [r.label]
            for text, warn in zip(r.cells, r.warn, strict=True):
                cells.append(self.cell(text, color="#c0392b") if warn else text)
            if not r.differs:
                styles[len(rows)] = [("TEXTCOLOR", colors.HexColor("#6a737d"))]
            rows.append(cells)
        label_w = 210.0
        out.append(self._rows_table([""] + [o.label for o in cmp.options], rows,
                                    [label_w] + [(self.frame_w - label_w) / n] * n, row_styles=styles))
        return out

    # -- cables ------------------------------------------------------------------------------
    def schedule(self) -> list[CableRow]:
        """The cable schedule rows (once per report: the cables, pull list and labels share it)."""
        if self._schedule is None:
            self._schedule = cable_schedule(self.plan, self.catalog)
        return self._schedule

    def in_rack_nvlink(self) -> set[str]:
        """Ids of the NVLink links whose both ends are in one rack: they run through the
        rack's NVLink spine cartridges (installed with the rack), so nobody pulls or labels
        them; the schedule counts them per rack instead of listing them."""
        if self._in_rack_nvlink is None:
            nvl = {f.id for f in self.plan.fabrics if f.kind == "nvlink"}
            where = self.plan.index.placement_rack
            self._in_rack_nvlink = {lk.id for lk in self.plan.links
                                    if lk.fabric in nvl and where.get(lk.a.placement) == where.get(lk.b.placement)}
        return self._in_rack_nvlink

    def pulled(self) -> list[CableRow]:
        """The schedule rows of the cables the crew pulls (all but the in-rack NVLink links;
        once per report, like the schedule: the cables, pull list and labels share them)."""
        if self._pulled is None:
            skip = self.in_rack_nvlink()
            self._pulled = [c for c in self.schedule() if c.id not in skip]
        return self._pulled

    @staticmethod
    def _u(text: str) -> str:
        """A schedule's rack unit ("U12") as the report's language writes it ("HE 12")."""
        return _("U{n}").format(n=text[1:]) if text[:1] == "U" and text[1:].isdigit() else text

    def _media(self, c: CableRow) -> str:
        media = c.cable or _("unspecified")
        return f"{media} + {c.transceiver}" if c.transceiver else media

    def nvlink_summary(self) -> list[list[str]]:
        """Per rack and NVLink fabric: links, cable and total length of the in-rack links."""
        skip = self.in_rack_nvlink()
        agg: dict[tuple[str, str, str], list[float]] = {}
        for c in self.schedule():
            if c.id in skip:
                a = agg.setdefault((c.from_rack, c.fabric, self._media(c)), [0, 0.0])
                a[0] += 1
                a[1] += c.length_m or 0.0
        return [[clean(rack), clean(fab), num(int(n)), clean(media), self.u.length(length, 0)]
                for (rack, fab, media), (n, length) in agg.items()]

    def cables_section(self) -> list[Any]:
        u = self.u
        rows_data = self.schedule()
        self.cables = len(rows_data)
        out = self.section_heading("cables", esc(ngettext("{n} cable", "{n} cables", len(rows_data)).format(
            n=num(len(rows_data)))))
        if not rows_data:
            return out + [self.P(_("The plan has no links."))]
        by_media: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0, 0])
        skip = self.in_rack_nvlink()
        summarise = self.summarise_cables()
        rows = []
        pairs: dict[tuple[str, str, str, float, str], list[float]] = {}
        for c in rows_data:
            media = self._media(c)
            key = (c.media or _("unspecified"), media)
            agg = by_media[key]
            agg[0] += 1
            if c.length_m is not None:
                agg[1] += c.length_m
            else:
                agg[2] += 1
            if c.id in skip:
                continue
            if summarise:
                pa = pairs.setdefault((c.from_rack, c.to_rack, c.fabric, c.speed_gbps, media), [0, 0.0, 0])
                pa[0] += 1
                if c.length_m is not None:
                    pa[1] += c.length_m
                else:
                    pa[2] += 1
                continue
            rows.append([c.label or c.id, c.fabric, c.from_rack, self._u(c.from_u), c.from_device, c.from_port,
                         c.to_rack, self._u(c.to_u), c.to_device, c.to_port, num(c.speed_gbps), media,
                         u.length(c.length_m, 1) if c.length_m is not None else "\u2013"])
        # totals by media first (short), then the in-rack NVLink summary, then the schedule
        trows = []
        for (kind, media), (n, length, missing) in sorted(by_media.items(), key=lambda kv: (-kv[1][0], kv[0])):
            trows.append([kind, media, num(int(n)), u.length(length, 0),
                          num(int(missing)) if missing else ""])
        out.append(self.P(_("Totals by media"), self.st_h2))
        out.append(self._rows_table([_("Kind"), _("Cable / optics"), _("Cables"),
                                     _("Length {unit}").format(unit=u.length_unit), _("No length")], trows, [90, 300, 60, 80, 60], numeric={2, 3, 4}))
        nvl = self.nvlink_summary()
        if nvl:
            out.append(CondPageBreak(100))
            out.append(self.P(_("NVLink inside the racks (not listed)"), self.st_h2))
            out.append(self._content_table(self.heads(N_("Rack"), N_("NVLink fabric"), N_("Links"), N_("Cable"))
                                           + [_("Length {unit}").format(unit=u.length_unit)], nvl, numeric={2, 4},
                                           width=min(self.frame_w, 560.0)))
            out.append(self.P(esc(ngettext(
                "{n} NVLink link joins trays inside its rack through the rack's NVLink spine (cartridges "
                "installed with the rack): counted above, not listed below, nothing to pull or label.",
                "{n} NVLink links join trays inside their rack through the rack's NVLink spine (cartridges "
                "installed with the rack): counted above, not listed below, nothing to pull or label.",
                len(skip)).format(n=num(len(skip)))), self.st_small))
        out.append(CondPageBreak(120))
        if summarise:
            return out + self._schedule_by_pair(pairs)
        out.append(self.P(_("Schedule"), self.st_h2))
        if rows:
            out.append(self._content_table(self.heads(N_("Label"), N_("Fabric"), N_("From rack"), N_("U"),
                                                      N_("Device"), N_("Port"), N_("To rack"), N_("U"),
                                                      N_("Device"), N_("Port"), N_("Gb/s"), N_("Cable / optics"))
                                           + [_("Length {unit}").format(unit=u.length_unit)], rows,
                                           numeric={10, 12}))
        else:
            out.append(self.P(_("Every link is an in-rack NVLink link (summarised above).")))
        return out

    def summarise_cables(self) -> bool:
        """More cables to pull than a printed list serves (``cable_schedule_limit``): the
        schedule and the pull list count them per pair of racks and say where every cable is."""
        n = len(self.pulled())
        if n > self.opts.cable_schedule_limit:
            if not self.cables_summarised:
                self.notes.append(f"cable schedule summarised: {n} cables")
            self.cables_summarised = True
            return True
        return False

    def _too_many_cables(self) -> Any:
        return self.P(esc(_(
            "{n} cables are more than a printed list serves (more than {limit}): they are counted per pair of "
            "racks here. Every cable with both ends, ports and length is in the cable table (File > Export "
            "Tables, or rackwright export) and on the cable labels.").format(
            n=num(len(self.pulled())), limit=num(self.opts.cable_schedule_limit))), self.st_small)

    def _rack_order(self) -> dict[str, int]:
        return {rk.name: i for i, rk in enumerate(self.plan.racks())}

    def _schedule_by_pair(self, pairs: dict[tuple[str, str, str, float, str], list[float]]) -> list[Any]:
        """The schedule of a big plan: per pair of racks, fabric, speed and media, the cables and
        their length (``pairs``: key -> [cables, metres, without length])."""
        u = self.u
        order = self._rack_order()
        rows = [[clean(a), clean(b), clean(fab), num(speed), clean(media), num(int(n)),
                 u.length(length, 0), num(int(missing)) if missing else ""]
                for (a, b, fab, speed, media), (n, length, missing) in sorted(
                    pairs.items(), key=lambda kv: (order.get(kv[0][0], 1 << 30), kv[0][0],
                                                   order.get(kv[0][1], 1 << 30), kv[0][1], kv[0][2:]))]
        return [self.P(_("Schedule by pair of racks"), self.st_h2), self._too_many_cables(),
                self._content_table(self.heads(N_("From rack"), N_("To rack"), N_("Fabric"), N_("Gb/s"),
                                               N_("Cable / optics"), N_("Cables"))
                                    + [_("Length {unit}").format(unit=u.length_unit), _("No length")], rows,
                                    numeric={3, 5, 6, 7})]

    # -- pull list -----------------------------------------------------------------------------
    def pull_section(self) -> list[Any]:
        """Per rack, the cables to pull from it (each cable once, under the rack of its
        first end), grouped by the rack at the other end, with lengths and media."""
        u = self.u
        pulled = self.pulled()
        out = self.section_heading("pull", esc(ngettext(
            "{n} cable to pull, per rack and destination", "{n} cables to pull, per rack and destination",
            len(pulled)).format(n=num(len(pulled)))))
        if not pulled:
            return out + [self.P(_("No cables to pull."))]
        order = self._rack_order()
        by_rack: dict[str, list[Any]] = defaultdict(list)
        for c in pulled:
            by_rack[c.from_rack].append(c)
        unit = u.length_unit
        if self.summarise_cables():
            return out + self._pull_by_pair(by_rack, order)
        listed = len(by_rack) <= self.opts.rack_sheet_limit  # a contents line per rack, like the rack sheets
        for n, rack in enumerate(sorted(by_rack, key=lambda r: (order.get(r, 1 << 30), r))):
            cs = by_rack[rack]
            total = sum(c.length_m or 0.0 for c in cs)
            if n:
                out.append(PageBreak())  # a page per rack: the sheets go to whoever pulls that rack's cables
            if listed:
                out.append(self.anchor(1, rack, f"pull-{rack}"))
            out.append(self.P(esc(truncate(rack, 60)) + " <font size=9 color='#5b6570'>" + esc(ngettext(
                "{n} cable to pull, {length} {unit}", "{n} cables to pull, {length} {unit}", len(cs)).format(
                n=num(len(cs)), length=u.length(total, 1), unit=unit)) + "</font>", self.st_h2))
            groups: dict[str, list[Any]] = defaultdict(list)
            for c in cs:
                groups[c.to_rack].append(c)
            rows: list[list[Any]] = []
            styles: dict[int, list[tuple]] = {}
            dests = sorted(groups, key=lambda r: (r != rack, order.get(r, 1 << 30), r))
            for dest in dests:
                g = groups[dest]
                media = Counter(self._media(c) for c in g)
                glen = sum(c.length_m or 0.0 for c in g)
                mix = ", ".join(f"{num(n)} \u00d7 {m}" for m, n in media.most_common())
                head = (ngettext("Within {rack}: {n} cable, {length} {unit} ({media})",
                                 "Within {rack}: {n} cables, {length} {unit} ({media})", len(g)) if dest == rack else
                        ngettext("To {rack}: {n} cable, {length} {unit} ({media})",
                                 "To {rack}: {n} cables, {length} {unit} ({media})", len(g))).format(
                    rack=dest, n=num(len(g)), length=u.length(glen, 1), unit=unit, media=mix)
                styles[len(rows)] = [("SPAN",), ("BACKGROUND", colors.HexColor("#e3e8ee")),
                                     ("FONTNAME", self.bold)]
                rows.append([SpanText(head)] + [""] * 8)
                for c in sorted(g, key=lambda c: (c.media, c.length_m or 0.0, c.label)):
                    rows.append([c.label or c.id, self._u(c.from_u), c.from_device, c.from_port, self._u(c.to_u),
                                 c.to_device,
                                 c.to_port, self._media(c),
                                 u.length(c.length_m, 1) if c.length_m is not None else "\u2013"])
            out.append(self._content_table(self.heads(N_("Label"), N_("U"), N_("Device"), N_("Port"), N_("To U"),
                                                      N_("To device"), N_("To port"), N_("Cable / optics"))
                                           + [_("Length {unit}").format(unit=unit)], rows, numeric={8},
                                           row_styles=styles))
        out.append(self.P(esc(_("Each cable is listed once, under the rack of its first end (the From side of "
                                "the cable schedule); in-rack NVLink links are not pulled (see the cable "
                                "schedule).")), self.st_small))
        return out

    def _pull_by_pair(self, by_rack: dict[str, list[Any]], order: dict[str, int]) -> list[Any]:
        """The pull list of a big plan: one table, a row per rack and destination (cables,
        length, media), each rack's total in its first row, no page per rack."""
        u = self.u
        rows: list[list[Any]] = []
        styles: dict[int, list[tuple]] = {}
        for rack in sorted(by_rack, key=lambda r: (order.get(r, 1 << 30), r)):
            cs = by_rack[rack]
            styles[len(rows)] = [("SPAN",), ("BACKGROUND", colors.HexColor("#e3e8ee")), ("FONTNAME", self.bold)]
            rows.append([SpanText(ngettext("{rack}: {n} cable to pull, {length} {unit}",
                                           "{rack}: {n} cables to pull, {length} {unit}", len(cs)).format(
                rack=rack, n=num(len(cs)), length=u.length(sum(c.length_m or 0.0 for c in cs), 1),
                unit=u.length_unit))] + [""] * 3)
            groups: dict[str, list[Any]] = defaultdict(list)
            for c in cs:
                groups[c.to_rack].append(c)
            for dest in sorted(groups, key=lambda r: (r != rack, order.get(r, 1 << 30), r)):
                g = groups[dest]
                media = Counter(self._media(c) for c in g)
                rows.append([_("within the rack") if dest == rack else dest, num(len(g)),
                             u.length(sum(c.length_m or 0.0 for c in g), 1),
                             ", ".join(f"{num(n)} \u00d7 {m}" for m, n in media.most_common())])
        return [self._too_many_cables(),
                self._content_table(self.heads(N_("To rack"), N_("Cables"))
                                    + [_("Length {unit}").format(unit=u.length_unit), _("Cable / optics")],
                                    rows, numeric={1, 2}, row_styles=styles),
                self.P(esc(_("Each cable is counted once, under the rack of its first end (the From side of "
                             "the cable schedule); in-rack NVLink links are not pulled (see the cable "
                             "schedule).")), self.st_small)]

    # -- cable labels ----------------------------------------------------------------------------
    def labels_section(self) -> list[Any]:
        """An instruction page, then label stock pages: one label per cable end (two per
        cable), in schedule order, on the A4 or Letter stock of :data:`LABEL_STOCK`."""
        pulled = self.pulled()
        spec = LABEL_STOCK[self.page_size]
        out = self.section_heading("labels", esc(ngettext(
            "{n} label for {cables} cable", "{n} labels for {cables} cables", 2 * len(pulled)).format(
            n=num(2 * len(pulled)), cables=num(len(pulled)))))
        per = spec.cols * spec.rows
        pages = -(-2 * len(pulled) // per)
        out.append(self.P(esc(_(
            "Label stock: {stock}, {cols} \u00d7 {rows} labels of {w} \u00d7 {h} mm per sheet; {pages} sheets. "
            "Print the following pages at actual size (no scaling, no \"fit to page\") on that stock. Each cable "
            "gets two labels, one for each end: the cable label, this end (rack, U, device, port) and where the "
            "other end goes. In-rack NVLink links get no labels.").format(
            stock=spec.name, cols=spec.cols, rows=spec.rows, w=num(spec.w_mm, 1), h=num(spec.h_mm, 1),
            pages=num(pages))), self.st_body))
        if not pulled:
            return out
        ends: list[tuple[str, str, str, str, str, str]] = []
        for c in pulled:
            label = c.label or c.id
            a = " \u00b7 ".join(x for x in (c.from_rack, self._u(c.from_u), c.from_device) if x)
            b = " \u00b7 ".join(x for x in (c.to_rack, self._u(c.to_u), c.to_device) if x)
            ends.append((label, a, c.from_port, b, c.to_port, "A"))
            ends.append((label, b, c.to_port, a, c.from_port, "B"))
        out.append(NextPageTemplate(f"labels-{self.page_size}"))
        for i in range(0, len(ends), per):
            out.append(PageBreak())
            out.append(LabelSheet(ends[i:i + per], spec, self.font, self.bold, _("to")))
        out.append(NextPageTemplate("page"))
        return out

    # -- findings and workloads --------------------------------------------------------------------
    def findings(self) -> list[Any]:
        r = self.results
        counts = r.counts()
        out = self.section_heading("findings", esc(self.counts_text(counts)))
        # workloads first: they are the customer's question
        out.append(self.P(_("Workloads"), self.st_h2))
        wl = [r.workloads[w.id] for w in self.plan.workloads if w.id in r.workloads]
        if wl:
            rows, styles = [], {}
            for i, v in enumerate(wl):
                met = message_text(verdict_text(v.met, v.level))
                figs = self._workload_figs(v.figures)
                band = v.figures.get("error_band")
                if band and v.met is not None:  # the model's validated error band (docs/validation.md)
                    figs = _("uncertainty ±{pct} %").format(pct=num(band * 100, 0)) + ("; " + figs if figs else "")
                kind = clean(message_text(workload_kind_text(v.kind)))
                bottleneck = message_text(bottleneck_text(v.bottleneck))
                rows.append([self.cell(v.name), kind, self.cell(met),
                             "\u2013" if v.shown_margin is None else format_margin(v.shown_margin),
                             self.cell(bottleneck or "\u2013"), self.cell(v.error or figs)])
                styles[i] = ([("TEXTCOLOR", colors.HexColor("#c0392b"))] if v.met is False else
                             [("TEXTCOLOR", colors.HexColor("#8a5a00"))] if v.met is None else [])
            out.append(self._rows_table(self.heads(N_("Workload"), N_("Kind"), N_("Verdict"), N_("Margin"),
                                                   N_("Bottleneck"), N_("Figures")), rows,
                                        [150, 75, 100, 50, 100, 311], numeric={3}, row_styles=styles))
        else:
            out.append(self.P(_("No workload targets are defined in this plan."), self.st_small))
        fs = r.findings
        shown = [f for f in fs if f.severity != "info"]
        infos = [f for f in fs if f.severity == "info"]
        if self.opts.include_info_findings:
            shown += infos[: self.opts.info_findings_limit]
        out.append(CondPageBreak(80))
        out.append(self.P(_("Findings"), self.st_h2))
        if not fs:
            out.append(self.P(_("No findings."), self.st_small))
            return out
        rows, styles = [], {}
        phases = r.phases  # with growth phases: the phase that first breaks each limit
        for i, f in enumerate(shown):
            where = self.where(f.kind, f.id)
            rows.append([_(SEVERITY_NAMES.get(f.severity, f.severity)), clean(f.code), self.cell(where),
                         self.cell(finding_text(f))])
            if phases is not None:
                rows[-1].append(self.cell(phases.phase_name(phases.phase_of(f)) or "\u2013"))
            styles[i] = [("TEXTCOLOR", colors.HexColor(SEVERITY_COLORS.get(f.severity, "#1f2328")))]
        if phases is None:
            out.append(self._rows_table(self.heads(N_("Severity"), N_("Code"), N_("Where"), N_("Message")), rows,
                                        [50, 150, 140, 446], row_styles=styles))
        else:
            out.append(self._rows_table(self.heads(N_("Severity"), N_("Code"), N_("Where"), N_("Message"),
                                                   N_("From phase")), rows, [50, 150, 130, 371, 85],
                                        row_styles=styles))
        rest = infos[self.opts.info_findings_limit:] if self.opts.include_info_findings else infos
        if rest:
            by_code = Counter(f.code for f in rest)
            out.append(self.P(esc(ngettext("{n} further informational note not listed: {codes}.",
                                           "{n} further informational notes not listed: {codes}.", len(rest)).format(
                n=num(len(rest)), codes=", ".join(f"{num(n)} \u00d7 {c}" for c, n in by_code.most_common()))),
                self.st_small))
        return out

    # key, label (N_: translated when shown), decimals (None: text; "pct": a fraction shown in percent)
    WORKLOAD_FIGURES = (("model", N_("model"), None), ("gpu", N_("GPU"), None), ("gpus", N_("GPUs"), 0),
                        ("gpus_needed", N_("GPUs needed"), 0), ("precision", N_("precision"), None),
                        ("days", N_("days"), 2), ("gpu_hours", N_("GPU-hours"), 0), ("mfu", N_("MFU"), "pct"),
                        ("tokens_per_s", N_("tokens/s"), 0), ("tokens_per_s_per_user", N_("tokens/s per user"), 1),
                        ("ttft_s", N_("TTFT s"), 2), ("replicas", N_("replicas"), 0),
                        ("tp", N_("tensor parallel"), 0),
                        ("max_concurrent_sequences", N_("max concurrent sequences"), 0),
                        ("memory_per_gpu_gib", N_("GiB per GPU"), 1), ("method", N_("method"), None),
                        # vision, recommendation, analytics (docs/workloads-nonllm.md)
                        ("hardware_name", N_("on"), None), ("samples_per_s", N_("samples/s"), 0),
                        ("hours", N_("hours of training"), 2), ("minutes", N_("minutes of training"), 1),
                        ("units_needed", N_("units needed"), 0), ("cpu_servers", N_("CPU servers enough"), 0),
                        ("cpu_server_name", N_("CPU server"), None))

    def _workload_figs(self, figs: dict[str, Any]) -> str:
        keep = []
        for key, label, fmt_ in self.WORKLOAD_FIGURES:
            v = figs.get(key)
            if v is None or isinstance(v, (dict, list)):
                continue
            if fmt_ == "pct" and isinstance(v, (int, float)):
                text = f"{num(v * 100, 0)} %"
            elif isinstance(fmt_, int) and isinstance(v, (int, float)) and not isinstance(v, bool):
                text = num(v, fmt_)
            elif key == "method":
                text = _(FINETUNE_METHODS[v]) if v in FINETUNE_METHODS else clean(v)
            elif key in ("gpu", "model") and self.catalog is not None:
                # the catalog's model, as the rest of the build plan names it ("H100 SXM5 80GB",
                # "Llama 3.1 70B"), not its slug; a vision model is named by nonllm already
                found = self.catalog.get("gpus" if key == "gpu" else "llms", str(v))
                text = clean(str(getattr(found, "model", "") or v))
            else:
                text = clean(v)
            keep.append(f"{_(label)} {text}")
        return truncate("; ".join(keep), 300)


__all__ = ["SECTIONS", "ReportCancelled", "ReportOptions", "ReportSummary", "build_plan_pdf", "render_plan_pdf"]
