# Rackwright's hook for PySide6.QtGui: PyInstaller's (hooks/hook-PySide6.QtGui.py), without the
# GTK 3 platform-theme plugin (PySide6/Qt/plugins/platformthemes/libqgtk3.so). That plugin
# pulled some 24 libraries of the build machine into the Linux bundle (GIO, Cairo, Pango,
# ATK, gdk-pixbuf, HarfBuzz, libmount, ...) but never GTK itself, which the plugin then loads
# from the user's system next to the bundle's older GLib (libQt6Core's own dependency). Qt falls back to its
# own dialogs and the xdg-desktop-portal theme. packaging/pyinstaller-hooks is the spec's
# hookspath, whose hooks take precedence over PyInstaller's; docs/packaging.md.
import os

from PyInstaller.utils.hooks.qt import add_qt6_dependencies

hiddenimports, binaries, datas = add_qt6_dependencies(__file__)
binaries = [(src, dest) for src, dest in binaries
            if not (os.path.basename(os.path.normpath(dest)) == "platformthemes" and "gtk" in os.path.basename(src))]
