"""Dockable panels: catalog, inspector, totals, findings, charts, workloads, cables."""
