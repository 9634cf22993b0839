#!/usr/bin/env bash
# Install the Fort Boyard companion as a kiosk on Raspberry Pi OS Bookworm (Lite): the game on the screen
# at boot. Run it again at any time (it changes only what differs); --uninstall takes it all back except
# the game log and the config (--purge removes those and the user too).
#
#   sudo systemd/install.sh --profile pi5-7inch            # from a checkout of the companion
#   sudo systemd/install.sh --uninstall [--purge]
#   systemd/install.sh --root /tmp/pi --profile pi4-7inch   # write the files under /tmp/pi only (tests)
#
# With --root, files go under DIR and the commands that change the running system (apt-get, useradd,
# pip, systemctl, udevadm) are written to DIR/var/log/fort-boyard-companion-install.log instead of run.
set -euo pipefail

APP=fort-boyard-companion
KIOSK_USER=companion
KIOSK_GROUPS=(gpio spi dialout audio video input render)
PACKAGES=(python3-venv python3-dev python3-lgpio python3-serial libportaudio2 espeak-ng polkitd
          libgl1-mesa-dri libegl1 libgles2 libgbm1 libdrm2 libmtdev1)
SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

ROOT=""
PROFILE=""
ROTATION=""
UNINSTALL=0
PURGE=0
PACKAGES_ON=1

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    echo "Options: --profile NAME (hardware/profiles/NAME.toml), --touch-rotation 0|90|180|270,"
    echo "         --root DIR, --no-packages, --uninstall, --purge"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --profile) PROFILE=${2:?--profile needs a name}; shift 2 ;;
        --touch-rotation) ROTATION=${2:?--touch-rotation needs 0, 90, 180 or 270}; shift 2 ;;
        --root) ROOT=$(realpath -m "${2:?--root needs a folder}"); shift 2 ;;
        --no-packages) PACKAGES_ON=0; shift ;;
        --uninstall) UNINSTALL=1; shift ;;
        --purge) PURGE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done

PREFIX=$ROOT/opt/$APP
STATE=$ROOT/var/lib/companion
UNIT=$ROOT/etc/systemd/system/companion.service
UDEV_RULE=$ROOT/etc/udev/rules.d/99-companion-rfid.rules
POLKIT_RULE=$ROOT/etc/polkit-1/rules.d/50-$APP.rules
WRAPPER=$ROOT/usr/local/bin/companion
LOG=$ROOT/var/log/$APP-install.log
CONFIG=$STATE/config/$APP/config.toml
KIVY_INI=$STATE/kivy/config.ini
BOOT=$ROOT/boot/firmware
[ -d "$BOOT" ] || BOOT=$ROOT/boot
MARK_BEGIN="# $APP begin (systemd/install.sh)"
MARK_END="# $APP end"

say() { echo "install.sh: $*"; }

# A command that changes the running system: run it, or log it under --root.
run() {
    if [ -n "$ROOT" ]; then
        mkdir -p "$(dirname "$LOG")"
        echo "would run: $*" >> "$LOG"
    else
        "$@"
    fi
}

# Write a file only when its content differs (so a second run changes nothing); mode as given.
put() {
    local path=$1 mode=$2 tmp
    tmp=$(mktemp)
    cat > "$tmp"
    mkdir -p "$(dirname "$path")"
    if [ -f "$path" ] && cmp -s "$tmp" "$path"; then
        rm -f "$tmp"
        return
    fi
    install -m "$mode" "$tmp" "$path"
    rm -f "$tmp"
    say "wrote ${path#"$ROOT"}"
}

# Take our marked block out of a file (config.txt).
drop_block() {
    local path=$1
    [ -f "$path" ] || return 0
    if grep -qF "$MARK_BEGIN" "$path"; then
        sed -i "\|$MARK_BEGIN|,\|$MARK_END|d" "$path"
        say "took our lines out of ${path#"$ROOT"}"
    fi
}

profile_board() {
    sed -n 's/^board *= *"\([a-z0-9]*\)".*/\1/p' "$SRC_DIR/hardware/profiles/$PROFILE.toml" | head -n1
}

uninstall() {
    run systemctl disable --now companion.service
    rm -f "$UNIT" "$UDEV_RULE" "$POLKIT_RULE" "$WRAPPER"
    drop_block "$BOOT/config.txt"
    if [ -f "$STATE/install/cmdline.txt.orig" ] && [ -f "$BOOT/cmdline.txt" ]; then
        cp "$STATE/install/cmdline.txt.orig" "$BOOT/cmdline.txt"
        rm -f "$STATE/install/cmdline.txt.orig"
        say "restored ${BOOT#"$ROOT"}/cmdline.txt"
    fi
    rm -rf "$PREFIX" "$STATE/kivy" "$STATE/install"
    run systemctl enable getty@tty1.service
    run systemctl daemon-reload
    run udevadm control --reload
    if [ "$PURGE" = 1 ]; then
        rm -rf "$STATE" "$ROOT/var/cache/companion"
        run userdel "$KIOSK_USER"
        say "removed the companion, its game log, config and user"
    else
        say "removed the companion; the game log and config stay in ${STATE#"$ROOT"} (--purge removes them)"
    fi
}

install_files() {
    # The source, the virtualenv, and the profiles where the installed package looks for them.
    mkdir -p "$PREFIX/src"
    for part in companion content hardware systemd docs pyproject.toml README.md; do
        [ -e "$SRC_DIR/$part" ] || continue
        rm -rf "${PREFIX:?}/src/$part"
        cp -a "$SRC_DIR/$part" "$PREFIX/src/$part"
    done
    find "$PREFIX/src" -name __pycache__ -type d -prune -exec rm -rf {} +
    run python3 -m venv --system-site-packages "$PREFIX/venv"
    run "$PREFIX/venv/bin/pip" install --upgrade "$PREFIX/src"
    mkdir -p "$PREFIX/venv/share/$APP"
    rm -rf "$PREFIX/venv/share/$APP/profiles"
    cp -a "$SRC_DIR/hardware/profiles" "$PREFIX/venv/share/$APP/profiles"

    put "$UNIT" 0644 < "$SRC_DIR/systemd/companion.service"

    # `companion` for people at the terminal: the kiosk's folders and user (config show, doctor...).
    put "$WRAPPER" 0755 <<EOF
#!/bin/sh
# The companion command with the kiosk's config, game log and user (written by systemd/install.sh).
# Stop the kiosk first for the doctor's hardware checks: sudo systemctl stop companion
export XDG_CONFIG_HOME=/var/lib/companion/config XDG_DATA_HOME=/var/lib/companion/data
export XDG_CACHE_HOME=/var/cache/companion LG_WD=/var/lib/companion
if [ "\$(id -un)" != "$KIOSK_USER" ]; then
    exec sudo --preserve-env=XDG_CONFIG_HOME,XDG_DATA_HOME,XDG_CACHE_HOME,LG_WD -u "$KIOSK_USER" /opt/$APP/venv/bin/companion "\$@"
fi
exec /opt/$APP/venv/bin/companion "\$@"
EOF

    put "$UDEV_RULE" 0644 <<'EOF'
# /dev/companion-rfid: the RFID reader of the Fort Boyard companion (written by systemd/install.sh).
# Wired to the GPIO 14/15 UART: /dev/ttyAMA0 (Pi 5: dtparam=uart0=on; Pi 4: dtoverlay=disable-bt).
KERNEL=="ttyAMA0", SYMLINK+="companion-rfid", GROUP="dialout", MODE="0660"
# A USB serial adapter (CP210x, CH340, FTDI, PL2303) wins while it is plugged in.
SUBSYSTEM=="tty", ATTRS{idVendor}=="10c4", SYMLINK+="companion-rfid", GROUP="dialout", MODE="0660", OPTIONS+="link_priority=10"
SUBSYSTEM=="tty", ATTRS{idVendor}=="1a86", SYMLINK+="companion-rfid", GROUP="dialout", MODE="0660", OPTIONS+="link_priority=10"
SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", SYMLINK+="companion-rfid", GROUP="dialout", MODE="0660", OPTIONS+="link_priority=10"
SUBSYSTEM=="tty", ATTRS{idVendor}=="067b", SYMLINK+="companion-rfid", GROUP="dialout", MODE="0660", OPTIONS+="link_priority=10"
EOF

    put "$POLKIT_RULE" 0644 <<EOF
// Shut down and Restart from the companion's settings screen, without sudo (systemd/install.sh):
// only the kiosk's user, only these logind actions.
polkit.addRule(function(action, subject) {
    if (subject.user == "$KIOSK_USER" &&
        (action.id == "org.freedesktop.login1.power-off" ||
         action.id == "org.freedesktop.login1.power-off-multiple-sessions" ||
         action.id == "org.freedesktop.login1.reboot" ||
         action.id == "org.freedesktop.login1.reboot-multiple-sessions")) {
        return polkit.Result.YES;
    }
});
EOF

    # Kivy: one input provider for the touchscreen (two would double every tap), its rotation, no cursor.
    # config_version keeps Kivy from adding its default providers back.
    local rotation=${ROTATION:-$(sed -n 's/^touch_rotation *= *\([0-9]*\).*/\1/p' \
        "$SRC_DIR/hardware/profiles/$PROFILE.toml" | head -n1)}
    rotation=${rotation:-0}
    put "$KIVY_INI" 0644 <<EOF
[kivy]
config_version = 27
keyboard_mode = dock
exit_on_escape = 0
log_level = info
log_enable = 0

[graphics]
fullscreen = auto
show_cursor = 0

[input]
touchscreen = probesysfs,provider=hidinput,param=rotation=$rotation
EOF

    # The config file: named profile, every option commented (kept if it is there: it is the user's).
    # Written by the new virtualenv's Python (it has the companion's packages), or $PYTHON.
    local PYTHON=${PYTHON:-}
    if [ -z "$PYTHON" ]; then
        if [ -x "$PREFIX/venv/bin/python" ]; then PYTHON=$PREFIX/venv/bin/python; else PYTHON=python3; fi
    fi
    if [ ! -f "$CONFIG" ]; then
        mkdir -p "$(dirname "$CONFIG")"
        if ! PYTHONPATH="$SRC_DIR" "$PYTHON" -m companion config init --file "$CONFIG" \
                --profile "$PROFILE" > /dev/null 2>&1; then
            printf '# Fort Boyard companion: configuration (see `companion config init --force` for every option).\nhardware_profile = "%s"\n' \
                "$PROFILE" > "$CONFIG"
        fi
        say "wrote ${CONFIG#"$ROOT"} (hardware profile $PROFILE)"
    fi
    if [ -n "$ROTATION" ]; then
        PYTHONPATH="$SRC_DIR" "$PYTHON" -m companion config set --file "$CONFIG" \
            display.touch_rotation "$ROTATION" > /dev/null \
            || sed -i "s/^#\{0,1\} *touch_rotation *=.*/touch_rotation = $ROTATION/" "$CONFIG"
    fi

    # Boot: SPI for the ring, the GPIO UART for the reader (and no serial console on it), no blanking.
    local board uart
    board=$(profile_board)
    case "$board" in
        pi4) uart="dtoverlay=disable-bt" ;;
        *) uart="dtparam=uart0=on" ;;
    esac
    if [ -f "$BOOT/config.txt" ]; then
        local want
        want=$(printf '%s\n' "$MARK_BEGIN" "dtparam=spi=on" "enable_uart=1" "$uart" "$MARK_END")
        if [ "$(sed -n "\|$MARK_BEGIN|,\|$MARK_END|p" "$BOOT/config.txt")" != "$want" ]; then
            drop_block "$BOOT/config.txt"
            printf '%s\n' "$want" >> "$BOOT/config.txt"
            say "SPI and the GPIO UART on in ${BOOT#"$ROOT"}/config.txt ($board): reboot to apply"
        fi
    fi
    if [ -f "$BOOT/cmdline.txt" ]; then
        mkdir -p "$STATE/install"
        [ -f "$STATE/install/cmdline.txt.orig" ] || cp "$BOOT/cmdline.txt" "$STATE/install/cmdline.txt.orig"
        local line
        line=$(head -n1 "$BOOT/cmdline.txt" | sed -E 's/(^| )console=(serial0|ttyAMA0|ttyS0),[0-9]+//g')
        case " $line " in *" consoleblank=0 "*) ;; *) line="$line consoleblank=0" ;; esac
        line=$(echo "$line" | tr -s ' ' | sed 's/^ //; s/ $//')
        printf '%s\n' "$line" | put "$BOOT/cmdline.txt" 0644
    fi
}

install_system() {
    if [ "$PACKAGES_ON" = 1 ]; then
        run apt-get update
        run apt-get install -y --no-install-recommends "${PACKAGES[@]}"
    fi
    for group in "${KIOSK_GROUPS[@]}"; do
        if [ -n "$ROOT" ] || ! getent group "$group" > /dev/null; then
            run groupadd --system -f "$group"
        fi
    done
    if [ -n "$ROOT" ] || ! id "$KIOSK_USER" > /dev/null 2>&1; then
        run useradd --system --user-group --home-dir /var/lib/companion --shell /usr/sbin/nologin "$KIOSK_USER"
    fi
    # Only these groups: the devices the kiosk needs, nothing else (no sudo).
    run usermod --groups "$(IFS=,; echo "${KIOSK_GROUPS[*]}")" "$KIOSK_USER"
    mkdir -p "$STATE" "$ROOT/var/cache/companion"
}

main() {
    if [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
        echo "install.sh: run it as root (sudo), or with --root DIR to write the files elsewhere" >&2
        exit 1
    fi
    if [ "$UNINSTALL" = 1 ]; then
        uninstall
        return
    fi
    if [ -z "$PROFILE" ]; then
        echo "install.sh: --profile NAME is needed; profiles: $(cd "$SRC_DIR/hardware/profiles" && ls ./*.toml \
            | sed 's|./||; s|\.toml||' | tr '\n' ' ')" >&2
        exit 2
    fi
    if [ ! -f "$SRC_DIR/hardware/profiles/$PROFILE.toml" ]; then
        echo "install.sh: no profile $PROFILE in $SRC_DIR/hardware/profiles" >&2
        exit 2
    fi
    case "$ROTATION" in ""|0|90|180|270) ;; *) echo "install.sh: --touch-rotation is 0, 90, 180 or 270" >&2; exit 2 ;; esac
    install_system
    install_files
    # The kiosk writes its config (settings screen), game log and caches: its own, readable by nobody else.
    run chown -R "$KIOSK_USER:$KIOSK_USER" /var/lib/companion /var/cache/companion
    run chmod 0750 /var/lib/companion
    run systemctl daemon-reload
    run udevadm control --reload
    run udevadm trigger --subsystem-match=tty
    run systemctl disable getty@tty1.service
    run systemctl enable companion.service
    say "done: the game starts at the next boot (or now: systemctl start companion)."
    say "check the parts: sudo systemctl stop companion && companion doctor"
}

main
