#!/bin/sh
# Put the rrdesk bundle in the user's menu and on the PATH; nothing needs root, nothing is
# downloaded. Run it from the unpacked bundle folder (it sits beside `rrdesk`):
#
#   ./install-linux.sh              copy this folder to ~/.local/opt/rrdesk, add the menu entry,
#                                   the icons and ~/.local/bin/rrdesk, ~/.local/bin/rrdesk-gui
#   ./install-linux.sh --here       the same, but run the bundle from where it is now
#   ./install-linux.sh --uninstall  remove all of that (interviews and settings are kept:
#                                   ~/.local/share/rrdesk/ and ~/.config/rrdesk/)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
bin=$HOME/.local/bin
target=$HOME/.local/opt/rrdesk

uninstall() {
    rm -f "$data/applications/rrdesk.desktop" "$data/metainfo/org.rrdesk.RRDesk.metainfo.xml" \
          "$data/icons/hicolor/scalable/apps/rrdesk.svg" \
          "$data/icons/hicolor/48x48/apps/rrdesk.png" "$data/icons/hicolor/128x128/apps/rrdesk.png" \
          "$data/icons/hicolor/256x256/apps/rrdesk.png"
    for name in rrdesk rrdesk-gui; do
        [ -L "$bin/$name" ] && rm -f "$bin/$name"
    done
    [ -d "$target" ] && [ "$target" != "$here" ] && rm -rf "$target"
    echo "rrdesk removed (interviews in $data/rrdesk and settings in ~/.config/rrdesk are kept)"
}

case "${1:-}" in
    --uninstall) uninstall; exit 0 ;;
    --here) target=$here ;;
    "") ;;
    *) echo "usage: $0 [--here | --uninstall]" >&2; exit 2 ;;
esac

[ -x "$here/rrdesk" ] && [ -d "$here/_internal" ] || { echo "install-linux.sh: run it from the bundle folder" >&2; exit 2; }

if [ "$target" != "$here" ]; then
    rm -rf "$target.new"
    mkdir -p "$(dirname "$target")"
    cp -a "$here" "$target.new"
    rm -rf "$target"
    mv "$target.new" "$target"
fi

mkdir -p "$bin" "$data/applications" "$data/metainfo"
ln -sfn "$target/rrdesk" "$bin/rrdesk"
ln -sfn "$target/rrdesk-gui" "$bin/rrdesk-gui"
(cd "$target/share" && find icons -type f) | while read -r icon; do
    mkdir -p "$data/$(dirname "$icon")"
    cp "$target/share/$icon" "$data/$icon"
done
cp "$target/share/metainfo/org.rrdesk.RRDesk.metainfo.xml" "$data/metainfo/"
# why: an absolute Exec works even when ~/.local/bin is not on the desktop session's PATH
sed "s|^Exec=rrdesk-gui|Exec=\"$target/rrdesk-gui\"|" "$target/share/applications/rrdesk.desktop" \
    > "$data/applications/rrdesk.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$data/icons/hicolor" 2>/dev/null || true

# Libraries the bundle leaves to the system (X11, fontconfig, D-Bus, GL, ...): name any missing.
missing=$(find "$target/_internal" -name '*.so*' -type f -exec env LD_LIBRARY_PATH="$target/_internal" ldd {} + 2>/dev/null \
          | awk '/not found/ {print $1}' | sort -u | tr '\n' ' ')
[ -n "$missing" ] && echo "install-linux.sh: warning: this system lacks $missing(install them with the package manager)" >&2

echo "rrdesk installed in $target: start it from the menu, or run rrdesk-gui (rrdesk --help for the commands)"
case ":$PATH:" in *":$bin:"*) ;; *) echo "note: $bin is not on your PATH yet; log out and in again, or use $target/rrdesk" ;; esac
