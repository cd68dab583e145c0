"""File > Push to NetBox...: the plan into a live NetBox through its REST API, what
``rackwright netbox push`` does (``planner.netbox.api``; docs/netbox.md).

A dialog asks for NetBox's address, the API token (a password field; the token is never
stored, in the plan or the settings) and the site name; the push runs as every plan export
does (``ui.exports.exporting.PlanExporter``): off the GUI thread with a progress dialog and Cancel.
A refused token, an unreachable server or a site with other content is an error dialog with
the one line the CLI prints; a cancelled or failed push says what NetBox kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QCheckBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QWidget

from ui.exports.exporting import ExportTexts, PlanExporter

if TYPE_CHECKING:
    from planner.base.progress import CancelFn, ProgressFn
    from planner.catalog import Catalog
    from planner.engine.results import Results
    from planner.model.plan import Plan
    from planner.netbox.site import SiteImport
    from ui.document import Document
    from ui.settings import AppSettings


def _tr(text: str) -> str:
    return QCoreApplication.translate("NetboxPusher", text)


@dataclass
class PushTarget:
    url: str
    token: str
    site: str
    verify: bool = True


def ask_netbox_push(parent: QWidget | None, site: str) -> PushTarget | None:
    """The NetBox to push to (tests replace this function)."""
    return ask_netbox_target(parent, _tr("Push to NetBox"), site)


def ask_netbox_pull(parent: QWidget | None) -> PushTarget | None:
    """The NetBox and site File > New from Live NetBox reads (tests replace this function)."""
    return ask_netbox_target(parent, _tr("New from Live NetBox"), "")


def ask_netbox_target(parent: QWidget | None, title: str, site: str) -> PushTarget | None:
    """NetBox's address, an API token (a password field, never stored) and the site."""
    dlg = QDialog(parent)
    dlg.setWindowTitle(title)
    form = QFormLayout(dlg)
    url = QLineEdit(dlg)
    url.setPlaceholderText("https://netbox.example.com")
    token = QLineEdit(dlg)
    token.setEchoMode(QLineEdit.EchoMode.Password)
    site_edit = QLineEdit(site, dlg)
    verify = QCheckBox(_tr("Verify the TLS certificate"), dlg)
    verify.setChecked(True)
    form.addRow(_tr("NetBox address:"), url)
    form.addRow(_tr("API token:"), token)
    form.addRow(_tr("Site:"), site_edit)
    form.addRow(verify)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dlg)
    buttons.accepted.connect(dlg.accept)
    buttons.rejected.connect(dlg.reject)
    form.addRow(buttons)
    if dlg.exec() != QDialog.DialogCode.Accepted or not (site_edit.text().strip() or site):
        return None
    return PushTarget(url.text().strip(), token.text().strip(), site_edit.text().strip() or site, verify.isChecked())


def pull_site_from(target: PushTarget, catalog: Catalog) -> SiteImport:
    """A new plan from the live site (``rackwright netbox pull``), run off the GUI thread."""
    from planner.netbox.api import connect
    from planner.netbox.pull import pull_site

    return pull_site(connect(target.url, target.token, verify=target.verify), target.site, catalog)


def _push(plan: Plan, catalog: Catalog, results: Results, target: PushTarget, progress: ProgressFn,
          cancelled: CancelFn) -> tuple[int, list[str]]:
    from planner.netbox.api import apply_push, connect, plan_push
    from planner.netbox.export import netbox_tables

    progress(0.0, _tr("connecting"))
    api = connect(target.url, target.token, verify=target.verify)
    nt = netbox_tables(plan, catalog, site_name=target.site, result=results)
    progress(0.02, _tr("comparing with NetBox"))
    pp, st = plan_push(api, nt)
    return apply_push(pp, st, nt, progress=lambda done, total: progress(0.05 + 0.95 * done / max(total, 1),
                                                                        _tr("pushing")),
                      cancel=cancelled)


class NetboxPusher(PlanExporter):
    """Runs pushes for one main window; ``finished`` carries (changes made, cables left out)."""

    def __init__(self, doc: Document, window: QWidget, settings: AppSettings | None = None) -> None:
        super().__init__(doc, window, settings, name="NetBox push", object_name="netboxPushProgress")
        self.last_site = ""

    def _texts(self) -> ExportTexts:
        return ExportTexts(
            title=_tr("Push to NetBox"), failed_title=_tr("Cannot push to NetBox"),
            already_running=_tr("An export is already running."), working=_tr("Pushing the plan to NetBox\u2026"),
            stage=_tr("Pushing the plan to NetBox: {stage}\u2026"),
            started=_tr("Pushing the plan to NetBox site {name}\u2026"), failed=_tr("NetBox push failed"),
            cancelled=_tr("NetBox push cancelled"), cancel=_tr("Cancel"), cancelling=_tr("Cancelling\u2026"))

    def push(self, target: PushTarget | None = None) -> bool:
        """Ask where to (unless ``target``) and start. False if nothing started."""
        if self.refuse_if_busy():
            return False
        if target is None:
            target = ask_netbox_push(self.window, self.doc.plan.site.name or "Site")
            if target is None:
                return False
        self.last_site = target.site
        return self.run(Path(target.site or "site"), lambda plan, catalog, results, progress, cancelled: _push(
            plan, catalog, results, target, progress, cancelled), written=self._written, failure=self._failure)

    def _written(self, result: tuple[int, list[str]]) -> str:
        made, missing = result
        if missing:
            return _tr("{count} changes made in NetBox site {site}; {left} cables left out (a termination is not in "
                       "NetBox)").format(count=made, site=self.last_site, left=len(missing))
        return _tr("{count} changes made in NetBox site {site}").format(count=made, site=self.last_site)

    def _failure(self, e: BaseException) -> str:
        from planner.i18n import message_text
        from planner.netbox.api import NetBoxError

        if isinstance(e, NetBoxError):
            return message_text(str(e))
        return _tr("The plan could not be pushed to NetBox.\n\n{error}").format(error=f"{type(e).__name__}: {e}")
