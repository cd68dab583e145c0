"""File > Open from Repository and Save to Repository in the app, on a real PostgreSQL server."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from planner.catalog import load_catalog
from planner.files.documents import load_plan
from planner.files.repository import Repository, origin_of
from planner.files.storage.project import read_file_meta
from planner.model.edits import SetProperty

pytestmark = pytest.mark.gui

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"


def _file_action(win, text):
    file_menu = next(a.menu() for a in win.menuBar().actions() if a.text() == "&File")
    return next(a for a in file_menu.actions() if a.text().replace("&", "") == text)


@pytest.fixture
def repo_url(pg_url):
    catalog = load_catalog()
    plan = load_plan(EXAMPLE)
    with Repository(pg_url) as repo:
        repo.init()
        repo.push("acme pod", plan, base=None, message="first cut", catalog=catalog)
        plan.metadata.customer = "ACME rev 2"
        repo.push("acme pod", plan, base=1, message="customer", catalog=catalog)
        repo.push("other plan", plan, base=None, message="", catalog=catalog)
    return pg_url


def test_open_from_repository_then_save_merged_and_conflicting(qtbot, tmp_path, monkeypatch, repo_url):
    from tests.fixtures.ui_app.support import make_window
    from ui import dialogs

    win = make_window(qtbot, tmp_path)
    win.doc.catalog = load_catalog()
    shown = []
    real_open = dialogs.open_repository_dialog
    monkeypatch.setattr(dialogs, "open_repository_dialog",
                        lambda parent, url, run: shown.append(real_open(parent, url, run)) or shown[-1])
    _file_action(win, "Open from Repository\u2026").trigger()
    dlg = shown[0]
    assert dlg.isVisible() and dlg.url.text() == ""  # nothing remembered yet
    # a URL that leads nowhere: one line in the dialog, nothing else happens
    qtbot.keyClicks(dlg.url, "postgresql+psycopg://nobody@127.0.0.1:1/x")
    qtbot.mouseClick(dlg.connect_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "cannot reach the repository" in dlg.status.text(), timeout=20_000)
    dlg.url.clear()
    qtbot.keyClicks(dlg.url, repo_url)
    qtbot.mouseClick(dlg.connect_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.plan_list.topLevelItemCount() == 2, timeout=20_000)
    qtbot.keyClicks(dlg.search, "ACME")
    assert dlg.plan_list.topLevelItemCount() == 1
    dlg.plan_list.setCurrentItem(dlg.plan_list.topLevelItem(0))
    qtbot.waitUntil(lambda: dlg.rev_list.topLevelItemCount() == 2, timeout=20_000)
    assert [dlg.rev_list.topLevelItem(i).text(3) for i in range(2)] == ["customer", "first cut"]
    dlg.rev_list.setCurrentItem(dlg.rev_list.topLevelItem(0))
    local = tmp_path / "acme.rackplan"
    monkeypatch.setattr(dialogs, "ask_save_path", lambda parent, suggested="": str(local))
    qtbot.mouseClick(dlg.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: win.doc.path is not None and win.doc.path.name == "acme.rackplan", timeout=20_000)
    assert win.doc.plan.metadata.customer == "ACME rev 2"
    assert origin_of(read_file_meta(local))[1:] == ("acme pod", 2)

    # someone else changes the rack name meanwhile; here the customer: merged on save
    other = Repository(repo_url)
    theirs = other.pull("acme pod").opened
    theirs.plan.site.rooms[0].rows[0].racks[0].name = "R01-theirs"
    other.push("acme pod", theirs.plan, base=2, message="their rack", embedded=theirs.embedded)
    win.doc.push(SetProperty("metadata", None, "customer", "ACME (mine)"))

    asked = []

    def save_dialog(parent, url, name, base):
        from ui.dialogs.repository import SaveToRepositoryDialog

        d = SaveToRepositoryDialog(parent, url, name, base)
        asked.append((d.url.text(), d.name.text(), d.base.text()))
        qtbot.keyClicks(d.message, "customer name from the workshop")
        return d.values()

    monkeypatch.setattr(dialogs, "ask_save_to_repository", save_dialog)
    ctl = win.repository
    _file_action(win, "Save to Repository\u2026").trigger()
    qtbot.waitUntil(lambda: "Merged with revision 3" in ctl.last_message, timeout=30_000)
    assert asked[0][1] == "acme pod" and "2" in asked[0][2] and "password" not in asked[0][0]
    assert win.doc.plan.metadata.customer == "ACME (mine)"
    assert win.doc.plan.site.rooms[0].rows[0].racks[0].name == "R01-theirs"
    log = other.log("acme pod")
    assert (log[0].number, log[0].message, log[0].merged_with) == (4, "customer name from the workshop", 3)
    assert origin_of(read_file_meta(local))[1:] == ("acme pod", 4)

    # a collision: they change the customer too; the conflict dialog shows it, I merge keeping mine
    theirs = other.pull("acme pod").opened
    theirs.plan.metadata.customer = "ACME (theirs)"
    other.push("acme pod", theirs.plan, base=4, message="their customer", embedded=theirs.embedded)
    win.doc.push(SetProperty("metadata", None, "customer", "ACME (mine, again)"))
    conflicts = []

    def conflict_dialog(parent, exc):
        from PySide6.QtWidgets import QPlainTextEdit

        from ui.dialogs.repository import ConflictDialog

        d = ConflictDialog(parent, exc)
        text = d.findChild(QPlainTextEdit, "repoConflictDetails").toPlainText()
        conflicts.append(text)
        qtbot.mouseClick(d.merge_button, Qt.MouseButton.LeftButton)
        return d.choice

    monkeypatch.setattr(dialogs, "ask_repository_conflict", conflict_dialog)
    _file_action(win, "Save to Repository\u2026").trigger()
    qtbot.waitUntil(lambda: "revision 6" in ctl.last_message, timeout=30_000)
    assert "customer" in conflicts[-1] and "ACME (theirs)" in conflicts[-1]
    head = other.pull("acme pod")
    assert head.opened.plan.metadata.customer == "ACME (mine, again)"
    assert [r.number for r in other.log("acme pod")] == [6, 5, 4, 3, 2, 1]  # nothing overwritten
    other.close()


def test_password_is_asked_once_and_never_stored(qtbot, tmp_path, monkeypatch, pg_server, repo_url):
    from tests.fixtures.ui_app.support import make_window
    from tests.pgserver import PW_PASSWORD, PW_ROLE
    from ui import dialogs

    db = repo_url.rsplit("/", 1)[1]
    pg_server.admin(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {PW_ROLE}", db=db)
    monkeypatch.delenv("PGPASSWORD", raising=False)
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "none"))
    win = make_window(qtbot, tmp_path)
    asked = []
    monkeypatch.setattr(dialogs, "ask_password", lambda parent, where: asked.append(where) or PW_PASSWORD)
    shown = []
    real_open = dialogs.open_repository_dialog
    monkeypatch.setattr(dialogs, "open_repository_dialog",
                        lambda parent, url, run: shown.append(real_open(parent, url, run)) or shown[-1])
    _file_action(win, "Open from Repository\u2026").trigger()
    dlg = shown[0]
    qtbot.keyClicks(dlg.url, pg_server.url(db, PW_ROLE))
    qtbot.mouseClick(dlg.connect_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.plan_list.topLevelItemCount() == 2, timeout=20_000)
    dlg.plan_list.setCurrentItem(dlg.plan_list.topLevelItem(0))
    qtbot.waitUntil(lambda: dlg.rev_list.topLevelItemCount() == 2, timeout=20_000)
    assert len(asked) == 1  # kept for the session
    local = tmp_path / "p.rackplan"
    monkeypatch.setattr(dialogs, "ask_save_path", lambda parent, suggested="": str(local))
    qtbot.mouseClick(dlg.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: win.doc.path is not None and win.doc.path.name == "p.rackplan", timeout=20_000)
    for f in (local, tmp_path / "settings.ini"):
        assert PW_PASSWORD.encode() not in f.read_bytes()
    assert win.repository.last_url.endswith(f"{PW_ROLE}@127.0.0.1:{pg_server.port}/{db}")


def test_save_as_of_a_pulled_plan_keeps_its_repository_link(qtbot, tmp_path, monkeypatch):
    """File > Save As of a pulled plan to another .rackplan: the copy can be pushed later as
    the same plan (same name, same base revision); to JSON the link cannot be kept; saving
    over a file linked to another plan does not take that file's link."""
    from planner.files.repository import origin_meta
    from planner.files.storage import save_rackplan
    from tests.fixtures.ui_app.support import make_window
    from ui import dialogs

    catalog = load_catalog()
    pulled = tmp_path / "pulled.rackplan"
    save_rackplan(load_plan(EXAMPLE), pulled, catalog,
                  extra_meta=origin_meta("postgresql+psycopg://alice:pw@db:5432/team", "acme pod", 7))
    elsewhere = tmp_path / "other.rackplan"  # a file pulled from another plan, to be saved over
    save_rackplan(load_plan(EXAMPLE), elsewhere, catalog,
                  extra_meta=origin_meta("postgresql+psycopg://bob@db:5432/team", "other plan", 3))
    win = make_window(qtbot, tmp_path)
    assert win.files.open(str(pulled))
    win.doc.push(SetProperty("metadata", None, "customer", "ACME (workshop copy)"))
    targets = iter([str(tmp_path / "workshop.rackplan"), str(tmp_path / "plain.json"), str(elsewhere)])
    monkeypatch.setattr(dialogs, "ask_save_path", lambda parent, suggested="": next(targets))

    _file_action(win, "Save As\u2026").trigger()
    copy = tmp_path / "workshop.rackplan"
    assert win.doc.path == copy and not win.doc.modified
    assert origin_of(read_file_meta(copy)) == ("postgresql+psycopg://alice@db:5432/team", "acme pod", 7)
    # and a re-save of the copy keeps it
    win.doc.push(SetProperty("metadata", None, "notes", "more"))
    _file_action(win, "Save").trigger()
    assert origin_of(read_file_meta(copy))[1:] == ("acme pod", 7)
    assert load_plan(copy).metadata.notes == "more"

    _file_action(win, "Save As\u2026").trigger()  # to JSON: nothing to keep it in
    assert win.doc.path == tmp_path / "plain.json"
    _file_action(win, "Save As\u2026").trigger()  # from JSON over a file linked elsewhere
    assert win.doc.path == elsewhere
    assert origin_of(read_file_meta(elsewhere)) is None
    assert load_plan(elsewhere).metadata.customer == "ACME (workshop copy)"


def test_rename_remove_and_restore_in_the_open_dialog(qtbot, tmp_path, monkeypatch, pg_server, repo_url):
    """Open from Repository: Rename (history kept), Remove (asked; revisions kept), Show
    removed plans, Restore; a read-only role gets the server's refusal in one line."""
    from tests.fixtures.ui_app.support import make_window
    from ui import dialogs

    win = make_window(qtbot, tmp_path)
    shown = []
    real_open = dialogs.open_repository_dialog
    monkeypatch.setattr(dialogs, "open_repository_dialog",
                        lambda parent, url, run: shown.append(real_open(parent, url, run)) or shown[-1])
    _file_action(win, "Open from Repository\u2026").trigger()
    dlg = shown[0]
    qtbot.keyClicks(dlg.url, repo_url)
    qtbot.mouseClick(dlg.connect_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.plan_list.topLevelItemCount() == 2, timeout=20_000)

    def names():
        return [dlg.plan_list.topLevelItem(i).text(0) for i in range(dlg.plan_list.topLevelItemCount())]

    dlg.plan_list.setCurrentItem(dlg.plan_list.topLevelItem(0))  # "acme pod"
    hostile = "acme'; DROP TABLE repo_plans; --"
    monkeypatch.setattr(dialogs, "ask_text", lambda parent, title, label, value="": hostile)
    qtbot.mouseClick(dlg.rename_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: sorted(names()) == sorted([hostile, "other plan"]), timeout=20_000)
    with Repository(repo_url) as repo:
        assert [r.message for r in repo.log(hostile)] == ["customer", "first cut"]

    asked = []
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda parent, title, text: asked.append(text) or True)
    dlg.plan_list.setCurrentItem(next(dlg.plan_list.topLevelItem(i) for i in range(2)
                                      if dlg.plan_list.topLevelItem(i).text(0) == "other plan"))
    qtbot.mouseClick(dlg.remove_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: names() == [hostile], timeout=20_000)
    assert "revisions are kept" in asked[0] and "Removed" in dlg.status.text()
    dlg.show_removed.setChecked(True)
    qtbot.waitUntil(lambda: names() == ["other plan"], timeout=20_000)
    assert dlg.restore_button.isVisibleTo(dlg) and not dlg.remove_button.isVisibleTo(dlg)
    dlg.plan_list.setCurrentItem(dlg.plan_list.topLevelItem(0))
    qtbot.waitUntil(lambda: dlg.rev_list.topLevelItemCount() == 1, timeout=20_000)  # its history is there
    qtbot.mouseClick(dlg.restore_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: names() == [] and "Restored" in dlg.status.text(), timeout=20_000)
    dlg.show_removed.setChecked(False)
    qtbot.waitUntil(lambda: sorted(names()) == sorted([hostile, "other plan"]), timeout=20_000)

    # a read-only role: the refusal in one line, nothing changed
    db = repo_url.rsplit("/", 1)[1]
    pg_server.admin("DROP ROLE IF EXISTS ui_reader", "CREATE ROLE ui_reader LOGIN")
    pg_server.admin("GRANT SELECT ON ALL TABLES IN SCHEMA public TO ui_reader", db=db)
    dlg.url.clear()
    qtbot.keyClicks(dlg.url, pg_server.url(db, "ui_reader"))
    qtbot.mouseClick(dlg.connect_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dlg.plan_list.topLevelItemCount() == 2, timeout=20_000)
    dlg.plan_list.setCurrentItem(dlg.plan_list.topLevelItem(0))
    qtbot.mouseClick(dlg.remove_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "ui_reader may not remove plans" in dlg.status.text(), timeout=20_000)
    with Repository(repo_url) as repo:
        assert len(repo.list()) == 2
    dlg.close()


def test_conflict_dialog_lines_in_german(qtbot):
    """The conflict dialog's lines come from the planner (merge conflicts, diff lines and
    summaries): German in the German app, English in the English one."""
    from PySide6.QtWidgets import QApplication, QPlainTextEdit

    from planner.files.repository import RepoConflict, merge_plans
    from ui import i18n
    from ui.dialogs.repository import ConflictDialog

    ts_dir = Path(__file__).resolve().parent.parent / "resources" / "translations"
    base = load_plan(EXAMPLE)
    ours, theirs = load_plan(EXAMPLE), load_plan(EXAMPLE)
    ours.metadata.customer, theirs.metadata.customer = "ACME (mine)", "ACME (theirs)"
    ours.site.rooms[0].rows[0].racks[0].name = "R01-mine"
    theirs.site.rooms[0].rows[0].racks[0].name = "R01-theirs"
    merge = merge_plans(base, ours, theirs)
    assert not merge.ok
    exc = RepoConflict("acme pod", 2, 3, merge)

    def details() -> str:
        d = ConflictDialog(None, exc)
        qtbot.addWidget(d)
        return d.findChild(QPlainTextEdit, "repoConflictDetails").toPlainText()

    english = details()
    assert "  rack 'rack-1': changed in both" in english and "~1 plan setting" in english
    try:
        i18n.install(QApplication.instance(), "de", ts_dir)
        german = details()
        message = str(exc)
    finally:
        i18n.install(QApplication.instance(), "en", ts_dir)
    assert "  Rack 'rack-1': in beiden geändert" in german, german
    assert "  Planeinstellung customer: in beiden geändert ('ACME (mine)' hier, 'ACME (theirs)' dort)" in german
    assert "~1 Planeinstellung" in german and "~1 Rack" in german
    assert "changed in both" not in german and "plan setting" not in german
    assert message.startswith("Plan 'acme pod' wurde von jemand anderem geändert"), message
