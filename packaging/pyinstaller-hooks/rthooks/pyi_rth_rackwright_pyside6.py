# Rackwright's replacement for PyInstaller's PySide6 run-time hook (PyInstaller/hooks/rthooks/
# pyi_rth_pyside6.py, 6.x): the same set-up, except that the embedded qt.conf (which points
# Qt's prefix at the bundle) is registered right after PySide6.QtCore is first imported
# instead of at every start. PyInstaller's hook imports PySide6.QtCore up front, which cost
# `rackwright --version` and every headless command (they never use Qt) about 0.1 s of
# CPU. Nothing Qt can run before QtCore is imported, so the result is the same.
# packaging/pyinstaller-hooks/rthooks.dat names it for PySide6 (a hook directory given to
# Analysis(hookspath=...) takes precedence over the built-in one); docs/packaging.md.


def _rackwright_pyside6_rthook():
    import os
    import sys

    from _pyi_rth_utils import is_macos_app_bundle, prepend_path_to_environment_variable
    from _pyi_rth_utils import qt as qt_rth_utils

    qt_rth_utils.ensure_single_qt_bindings_package("PySide6")

    if sys.platform.startswith("win"):
        pyqt_path = os.path.join(sys._MEIPASS, "PySide6")
    else:
        pyqt_path = os.path.join(sys._MEIPASS, "PySide6", "Qt")
    os.environ["QT_PLUGIN_PATH"] = os.path.join(pyqt_path, "plugins")
    if is_macos_app_bundle:
        pyqt_path_res = os.path.normpath(
            os.path.join(sys._MEIPASS, "..", "Resources", os.path.relpath(pyqt_path, sys._MEIPASS)))
        os.environ["QML2_IMPORT_PATH"] = os.pathsep.join([
            os.path.join(pyqt_path_res, "qml"), os.path.join(pyqt_path, "qml")])
    else:
        os.environ["QML2_IMPORT_PATH"] = os.path.join(pyqt_path, "qml")
    if sys.platform.startswith("win"):
        prepend_path_to_environment_variable(sys._MEIPASS, "PATH")
    if sys.platform == "darwin" and not is_macos_app_bundle:
        prepend_path_to_environment_variable(sys._MEIPASS, "DYLD_LIBRARY_PATH")

    class RegisterQtConfAfterQtCore:
        """A meta-path finder that only wraps the loading of PySide6.QtCore, once."""

        def find_spec(self, name, path=None, target=None):
            if name != "PySide6.QtCore":
                return None
            sys.meta_path.remove(self)
            import importlib.util

            spec = importlib.util.find_spec(name)
            if spec is None or spec.loader is None:
                return spec
            exec_module = spec.loader.exec_module

            def exec_then_register(module):
                exec_module(module)
                qt_rth_utils.create_embedded_qt_conf("PySide6", pyqt_path)

            spec.loader.exec_module = exec_then_register
            return spec

    if "PySide6.QtCore" in sys.modules:
        qt_rth_utils.create_embedded_qt_conf("PySide6", pyqt_path)
    else:
        sys.meta_path.insert(0, RegisterQtConfAfterQtCore())


_rackwright_pyside6_rthook()
del _rackwright_pyside6_rthook
