"""Printed outputs of a plan: the PDF build plan (build sheets).

``build_plan_pdf(plan, catalog, results, path, options, progress=None, cancel=None)``;
see docs/reports.md. Pure Python (reportlab), no Qt.
"""

from planner.reports.flowables import ReportCancelled
from planner.reports.pdf import (
    DEFAULT_SECTIONS,
    SECTIONS,
    ReportOptions,
    ReportSummary,
    build_plan_pdf,
    render_plan_pdf,
)

__all__ = ["DEFAULT_SECTIONS", "SECTIONS", "ReportCancelled", "ReportOptions", "ReportSummary", "build_plan_pdf", "render_plan_pdf"]
