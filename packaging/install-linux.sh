#!/bin/sh
# Install the PyInstaller bundle (dist/rackwright) with its desktop entry, icon and file type.
#
#   packaging/install-linux.sh                      # for this user, into ~/.local
#   sudo packaging/install-linux.sh /usr/local      # for everyone
#   packaging/install-linux.sh PREFIX BUNDLE_DIR    # another bundle folder
#
# Layout (docs/packaging.md):
#   PREFIX/lib/rackwright/                                  the bundle (rackwright + _internal/)
#   PREFIX/bin/rackwright -> ../lib/rackwright/rackwright
#   PREFIX/share/applications/rackwright.desktop            Exec= points at PREFIX/bin/rackwright
#   PREFIX/share/icons/hicolor/scalable/apps/rackwright.svg (Icon=rackwright)
#   PREFIX/share/icons/hicolor/NxN/apps/rackwright.png      16 to 512 px, rendered from the SVG
#   PREFIX/share/mime/packages/rackwright.xml               *.rackplan -> application/x-rackwright-plan
#   PREFIX/share/metainfo/com.rackwright.Rackwright.metainfo.xml   AppStream (software centres)
# Uninstall: remove those paths.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
PREFIX=${1:-"$HOME/.local"}
BUNDLE=${2:-"$ROOT/dist/rackwright"}

if [ ! -x "$BUNDLE/rackwright" ]; then
    echo "install-linux.sh: no bundle at $BUNDLE (build it: pyinstaller --noconfirm packaging/rackwright.spec)" >&2
    exit 2
fi
ICONS="$BUNDLE/_internal/resources/icons"
[ -f "$ICONS/rackwright.svg" ] || ICONS="$ROOT/resources/icons"

mkdir -p "$PREFIX/lib" "$PREFIX/bin" "$PREFIX/share/applications" \
         "$PREFIX/share/icons/hicolor/scalable/apps" "$PREFIX/share/mime/packages" "$PREFIX/share/metainfo"
# copy beside the old bundle, then swap, so a failed copy leaves the old install working
rm -rf "$PREFIX/lib/rackwright.new"
cp -R "$BUNDLE" "$PREFIX/lib/rackwright.new"
rm -rf "$PREFIX/lib/rackwright"
mv "$PREFIX/lib/rackwright.new" "$PREFIX/lib/rackwright"
ln -sfn ../lib/rackwright/rackwright "$PREFIX/bin/rackwright"

# Exec quotes the path (the desktop-entry spec's rule for spaces); TryExec is one path
sed -e "s|^Exec=rackwright |Exec=\"$PREFIX/bin/rackwright\" |" \
    -e "s|^TryExec=rackwright\$|TryExec=$PREFIX/bin/rackwright|" \
    "$HERE/rackwright.desktop" > "$PREFIX/share/applications/rackwright.desktop"
cp "$ICONS/rackwright.svg" "$PREFIX/share/icons/hicolor/scalable/apps/rackwright.svg"
for png in "$ICONS"/hicolor/*/apps/rackwright.png; do
    [ -f "$png" ] || continue
    size=$(basename "$(dirname "$(dirname "$png")")")
    mkdir -p "$PREFIX/share/icons/hicolor/$size/apps"
    cp "$png" "$PREFIX/share/icons/hicolor/$size/apps/rackwright.png"
done
cp "$HERE/rackwright-mime.xml" "$PREFIX/share/mime/packages/rackwright.xml"
cp "$HERE/rackwright.metainfo.xml" "$PREFIX/share/metainfo/com.rackwright.Rackwright.metainfo.xml"

# refresh the desktop's caches where the tools exist (not fatal if they do not)
command -v update-mime-database >/dev/null && update-mime-database "$PREFIX/share/mime" >/dev/null 2>&1 || true
command -v update-desktop-database >/dev/null && update-desktop-database "$PREFIX/share/applications" >/dev/null 2>&1 || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$PREFIX/share/icons/hicolor" >/dev/null 2>&1 || true

echo "Installed Rackwright in $PREFIX/lib/rackwright; run $PREFIX/bin/rackwright"
