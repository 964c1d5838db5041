#!/bin/sh
# Callidus in the desktop's menu, for this user only (nothing needs root):
#
#   ./install.sh               add the menu entry, the icons and the .callidus file type
#   ./install.sh --uninstall   take them away again (the unpacked folder stays)
#
# The entry starts the Callidus program beside this script: move the folder, run it again.
# A double-click on a saved game (.callidus) opens it in Callidus.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
APPS=$DATA/applications
HICOLOR=$DATA/icons/hicolor
MIME=$DATA/mime
ENTRY=$APPS/callidus.desktop
MIME_TYPE=application-x-callidus-game
SIZES="16 24 32 48 64 128 256"

refresh() {
    # Tell the menu and the icon theme that something changed, where the desktop has the tools.
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$APPS" 2>/dev/null || true
    fi
    if [ -d "$MIME/packages" ] && command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$MIME" >/dev/null 2>&1 || true
    fi
    if [ -f "$HICOLOR/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -f -t "$HICOLOR" 2>/dev/null || true
    elif [ -d "$HICOLOR" ]; then
        touch "$HICOLOR"
    fi
}

uninstall() {
    rm -f "$ENTRY" "$MIME/packages/callidus.xml"
    for n in $SIZES; do
        rm -f "$HICOLOR/${n}x${n}/apps/callidus.png" "$HICOLOR/${n}x${n}/mimetypes/$MIME_TYPE.png"
    done
    refresh
    echo "Callidus is no longer in the menu."
}

# A value for the entry's Exec key: the program's path in double quotes, with the quoting
# rules of the Desktop Entry Specification, then its string escapes (and %% for a %).
exec_value() {
    quoted=$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/`/\\`/g' -e 's/\$/\\$/g')
    printf '"%s"' "$quoted" | sed -e 's/\\/\\\\/g' -e 's/%/%%/g'
}

install() {
    program=$HERE/Callidus
    if [ ! -x "$program" ]; then
        echo "install.sh: no Callidus program beside this script (in $HERE)" >&2
        exit 1
    fi
    case $program in
        *"
"*) echo "install.sh: the folder's path holds a line break; move it elsewhere" >&2; exit 1 ;;
    esac
    mkdir -p "$APPS" "$MIME/packages"
    for n in $SIZES; do
        mkdir -p "$HICOLOR/${n}x${n}/apps" "$HICOLOR/${n}x${n}/mimetypes"
        cp "$HERE/_internal/assets/icons/callidus-$n.png" "$HICOLOR/${n}x${n}/apps/callidus.png"
        cp "$HERE/_internal/assets/icons/callidus-$n.png" \
            "$HICOLOR/${n}x${n}/mimetypes/$MIME_TYPE.png"
    done
    cp "$HERE/_internal/desktop/callidus-mime.xml" "$MIME/packages/callidus.xml"
    exec_line=$(exec_value "$program")
    try_line=$(printf '%s' "$program" | sed -e 's/\\/\\\\/g')
    while IFS= read -r line; do
        case $line in
            Exec=*) printf 'Exec=%s %%f\n' "$exec_line" ;;
            TryExec=*) printf 'TryExec=%s\n' "$try_line" ;;
            *) printf '%s\n' "$line" ;;
        esac
    done < "$HERE/_internal/desktop/callidus.desktop" > "$ENTRY.new"
    chmod 644 "$ENTRY.new"
    mv "$ENTRY.new" "$ENTRY"
    refresh
    echo "Callidus is in the menu (Games); the entry is $ENTRY"
}

case ${1:-} in
    "") install ;;
    --uninstall) uninstall ;;
    -h|--help) sed -n '2,7s/^# \{0,1\}//p' "$0" ;;
    *) echo "install.sh: unknown option $1 (use --uninstall or --help)" >&2; exit 2 ;;
esac
