#!/usr/bin/env bash
# Install the Fort Boyard companion as a kiosk on Raspberry Pi OS Bookworm or Trixie (Lite): the game on
# the screen at boot. Run it again at any time (it changes only what differs); --uninstall takes it all
# back except the game log and the config (--purge removes those and the user too).
#
#   sudo systemd/install.sh --profile pi5-7inch            # from a checkout of the companion
#   sudo systemd/install.sh --phones on|off                # players' phones: the home network open or not
#   sudo systemd/install.sh --uninstall [--purge]
#   systemd/install.sh --root /tmp/pi --profile pi4-7inch   # write the files under /tmp/pi only (tests)
#
# With --root, files go under DIR and the commands that change the running system (apt-get, useradd,
# pip, systemctl, udevadm) are written to DIR/var/log/fort-boyard-companion-install.log instead of run.
# The Debian packages come from hardware/packages/RELEASE.txt for the release in DIR/etc/os-release.
set -euo pipefail

APP=fort-boyard-companion
KIOSK_USER=companion
KIOSK_GROUPS=(gpio spi dialout audio video input render)
SRC_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

ROOT=""
PROFILE=""
ROTATION=""
UNINSTALL=0
PURGE=0
PACKAGES_ON=1
PHONES=""  # on, off, or "" to keep what a previous run chose (off on a first install)

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    echo "Options: --profile NAME (hardware/profiles/NAME.toml), --touch-rotation 0|90|180|270,"
    echo "         --phones on|off, --root DIR, --no-packages, --uninstall, --purge"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --profile) PROFILE=${2:?--profile needs a name}; shift 2 ;;
        --touch-rotation) ROTATION=${2:?--touch-rotation needs 0, 90, 180 or 270}; shift 2 ;;
        --root) ROOT=$(realpath -m "${2:?--root needs a folder}"); shift 2 ;;
        --no-packages) PACKAGES_ON=0; shift ;;
        --phones)
            PHONES=${2:-}
            case "$PHONES" in on|off) ;; *) echo "install.sh: --phones needs on or off" >&2; exit 2 ;; esac
            shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        --purge) PURGE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    esac
done

PREFIX=$ROOT/opt/$APP
STATE=$ROOT/var/lib/companion
UNIT=$ROOT/etc/systemd/system/companion.service
PHONES_DROPIN=$ROOT/etc/systemd/system/companion.service.d/phones.conf
UDEV_RULE=$ROOT/etc/udev/rules.d/99-companion-rfid.rules
POLKIT_RULE=$ROOT/etc/polkit-1/rules.d/50-$APP.rules
WRAPPER=$ROOT/usr/local/bin/companion
LOG=$ROOT/var/log/$APP-install.log
CONFIG=$STATE/config/$APP/config.toml
KIVY_INI=$STATE/kivy/config.ini
BOOT=$ROOT/boot/firmware
[ -d "$BOOT" ] || BOOT=$ROOT/boot
# Root's own folder (0700): the backup of cmdline.txt and the files being made, never in a folder the
# kiosk's user can write (it could plant a link there, or a backup of its own).
PRIVATE=$ROOT/var/lib/$APP-install
MARK_BEGIN="# $APP begin (systemd/install.sh)"
MARK_END="# $APP end"

RELEASE=""

say() { echo "install.sh: $*"; }
fail() { echo "install.sh: $*" >&2; exit 1; }

# A command that changes the running system: run it, or log it under --root.
run() {
    if [ -n "$ROOT" ]; then
        mkdir -p "$(dirname "$LOG")"
        echo "would run: $*" >> "$LOG"
    else
        "$@"
    fi
}

# The kiosk's user owns what it writes; -h: a link is changed itself, never what it points to.
own() {
    local path
    for path in "$@"; do
        run chown -h "$KIOSK_USER:$KIOSK_USER" "${path#"$ROOT"}"
    done
}

# Root's own folder for backups and files being made.
private_dir() {
    [ ! -L "$PRIVATE" ] || fail "${PRIVATE#"$ROOT"} is a link: remove it and run again"
    mkdir -p "$PRIVATE"
    chmod 0700 "$PRIVATE"
}

# A new temporary file in root's own folder (the caller moves or removes it).
private_tmp() {
    private_dir
    mktemp "$PRIVATE/new.XXXXXX"
}

# Write a file in a folder only root can write, only when its content differs (so a second run changes
# nothing); mode as given.
put() {
    local path=$1 mode=$2 tmp
    tmp=$(private_tmp)
    cat > "$tmp"
    mkdir -p "$(dirname "$path")"
    if [ -f "$path" ] && [ ! -L "$path" ] && cmp -s "$tmp" "$path"; then
        rm -f "$tmp"
        return
    fi
    install -m "$mode" "$tmp" "$path"
    rm -f "$tmp"
    say "wrote ${path#"$ROOT"}"
}

# A folder under the kiosk's state folder, made sure to be a real folder at every level: the kiosk's
# user can put a link where a folder was (to /etc, to /boot...). A link is taken away, never followed.
kiosk_dir() {
    local dir=$1 path=$STATE part
    local -a parts
    [ ! -L "$STATE" ] || fail "${STATE#"$ROOT"} is a link: remove it and run again"
    mkdir -p "$STATE"
    IFS=/ read -ra parts <<< "${dir#"$STATE"}"
    for part in "${parts[@]}"; do
        [ -n "$part" ] || continue
        path=$path/$part
        if [ -L "$path" ]; then
            rm -f -- "$path"
            say "took away the link ${path#"$ROOT"} (a folder belongs there; links are never followed)"
        elif [ -e "$path" ] && [ ! -d "$path" ]; then
            fail "${path#"$ROOT"} is not a folder: move it away and run again"
        fi
        if [ ! -d "$path" ]; then
            mkdir -- "$path"
            own "$path"
        fi
    done
}

# Write a file in a folder the kiosk's user can write: made in root's folder, then renamed into place
# (a rename replaces a link at the destination, it never writes through it); given to the kiosk's user.
put_kiosk() {
    local path=$1 mode=$2 tmp
    tmp=$(private_tmp)
    cat > "$tmp"
    kiosk_dir "$(dirname "$path")"
    if [ -f "$path" ] && [ ! -L "$path" ] && cmp -s "$tmp" "$path"; then
        rm -f "$tmp"
        return
    fi
    chmod "$mode" "$tmp"
    mv -fT -- "$tmp" "$path"
    own "$path"
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

# A value of the profile: profile_value SECTION KEY (SECTION "" for the top level), quotes and comment off.
profile_value() {
    awk -v sec="$1" -v key="$2" '
        /^[ \t]*\[/ { cur = $0; gsub(/[][ \t]/, "", cur); next }
        cur == sec && $0 ~ "^[ \t]*" key "[ \t]*=" {
            v = $0; sub(/^[^=]*=[ \t]*/, "", v); sub(/[ \t]*#.*$/, "", v); gsub(/"/, "", v); print v; exit
        }' "$SRC_DIR/hardware/profiles/$PROFILE.toml"
}

# The release of the system installed on (VERSION_CODENAME of its os-release), and its package list.
release_name() {
    local file=$ROOT/etc/os-release
    [ -f "$file" ] || file=$ROOT/usr/lib/os-release
    [ -f "$file" ] || return 0
    sed -n 's/^VERSION_CODENAME=//p' "$file" | tr -d "\"'" | head -n1
}

package_list() {
    local release=$1 known
    known=$(cd "$SRC_DIR/hardware/packages" && ls ./*.txt | sed 's|./||; s|\.txt||' | tr '\n' ' ')
    if [ -z "$release" ]; then
        echo "install.sh: cannot tell which release this is (no VERSION_CODENAME in ${ROOT:-}/etc/os-release);" \
            "known: ${known% }. Install the packages yourself and use --no-packages." >&2
        exit 2
    fi
    if ! [[ $release =~ ^[a-z]+$ ]] || [ ! -f "$SRC_DIR/hardware/packages/$release.txt" ]; then
        echo "install.sh: no package list for the release '$release' (known: ${known% });" \
            "install the packages yourself and use --no-packages." >&2
        exit 2
    fi
    sed 's/#.*//; s/[[:space:]]//g; /^$/d' "$SRC_DIR/hardware/packages/$release.txt"
}

# Before this version, the backup of cmdline.txt was kept in the state folder, which the kiosk's user
# can write: it may have been changed (init=/bin/sh...), so it is never used. It is moved, unread, into
# root's folder (a rename: a link stays a link) for whoever wants to look at it.
forget_old_backup() {
    local old=$STATE/install
    if [ -L "$old" ] || [ -e "$old" ]; then
        private_dir
        mv -T -- "$old" "$PRIVATE/untrusted-install-$(date +%Y%m%d%H%M%S)"
        say "did not use the old backup in ${old#"$ROOT"} (the kiosk's user could change it); it is in" \
            "${PRIVATE#"$ROOT"}, unused"
    fi
}

uninstall() {
    run systemctl disable --now companion.service
    rm -f "$UNIT" "$UDEV_RULE" "$POLKIT_RULE" "$WRAPPER" "$PHONES_DROPIN"
    rmdir "$(dirname "$PHONES_DROPIN")" 2> /dev/null || true
    drop_block "$BOOT/config.txt"
    forget_old_backup
    if [ -f "$PRIVATE/cmdline.txt.orig" ] && [ -f "$BOOT/cmdline.txt" ]; then
        cp "$PRIVATE/cmdline.txt.orig" "$BOOT/cmdline.txt"
        rm -f "$PRIVATE/cmdline.txt.orig"
        say "restored ${BOOT#"$ROOT"}/cmdline.txt"
    elif [ -f "$BOOT/cmdline.txt" ]; then
        say "no backup of ${BOOT#"$ROOT"}/cmdline.txt made by this installer: it stays as it is"
    fi
    rm -rf "$PREFIX" "$STATE/kivy"
    run systemctl enable getty@tty1.service
    run systemctl daemon-reload
    run udevadm control --reload
    if [ "$PURGE" = 1 ]; then
        rm -rf "$STATE" "$ROOT/var/cache/companion" "$PRIVATE"
        run userdel "$KIOSK_USER"
        say "removed the companion, its game log, config and user"
    else
        rmdir "$PRIVATE" 2> /dev/null || true
        say "removed the companion; the game log and config stay in ${STATE#"$ROOT"} (--purge removes them)"
    fi
}

# config.toml: named profile, every option commented; the user's own file is kept. It is made (or
# changed, for --touch-rotation) in root's folder and renamed into place: never written through a link.
write_config() {
    local PYTHON=${PYTHON:-} work
    if [ -z "$PYTHON" ]; then
        if [ -x "$PREFIX/venv/bin/python" ]; then PYTHON=$PREFIX/venv/bin/python; else PYTHON=python3; fi
    fi
    kiosk_dir "$(dirname "$CONFIG")"
    if [ -L "$CONFIG" ] || { [ -e "$CONFIG" ] && [ ! -f "$CONFIG" ]; }; then
        rm -f -- "$CONFIG"
        say "took away ${CONFIG#"$ROOT"}: a link or not a file"
    fi
    private_dir
    work=$PRIVATE/config.toml
    rm -f "$work" "$work.tmp"
    if [ ! -e "$CONFIG" ]; then
        if ! PYTHONPATH="$SRC_DIR" "$PYTHON" -m companion config init --file "$work" \
                --profile "$PROFILE" > /dev/null 2>&1; then
            printf '# Fort Boyard companion: configuration (see `companion config init --force` for every option).\nhardware_profile = "%s"\n' \
                "$PROFILE" > "$work"
        fi
    elif [ -n "$ROTATION" ]; then
        cp -P -- "$CONFIG" "$work"
        [ -f "$work" ] && [ ! -L "$work" ] || fail "${CONFIG#"$ROOT"} changed while it was read: run again"
    else
        return 0
    fi
    if [ -n "$ROTATION" ]; then
        PYTHONPATH="$SRC_DIR" "$PYTHON" -m companion config set --file "$work" \
            display.touch_rotation "$ROTATION" > /dev/null \
            || sed -i "s/^#\{0,1\} *touch_rotation *=.*/touch_rotation = $ROTATION/" "$work"
    fi
    rm -f "$work.tmp"
    if [ -e "$CONFIG" ] && cmp -s "$work" "$CONFIG"; then
        rm -f "$work"
        return 0
    fi
    chmod 0640 "$work"
    mv -fT -- "$work" "$CONFIG"
    own "$CONFIG"
    say "wrote ${CONFIG#"$ROOT"} (hardware profile $PROFILE${ROTATION:+, touch rotation $ROTATION})"
}

# The players' phones (docs/phones.md): with --phones on, a drop-in opens the unit's network to the home
# network only; with --phones off it goes, and the unit's network is closed again. Without --phones, as
# a previous run left it.
phones_network() {
    case "$PHONES" in
        on)
            put "$PHONES_DROPIN" 0644 < "$SRC_DIR/systemd/companion-phones.conf"
            ;;
        off)
            if [ -e "$PHONES_DROPIN" ] || [ -L "$PHONES_DROPIN" ]; then
                rm -f "$PHONES_DROPIN"
                rmdir "$(dirname "$PHONES_DROPIN")" 2> /dev/null || true
                say "removed ${PHONES_DROPIN#"$ROOT"}: the companion's network is closed"
            fi
            ;;
    esac
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
    # setuptools reuses build/lib when its copies look newer than the sources (cp -a keeps the sources'
    # dates): an upgrade would install the previous version's modules. Build from the sources alone.
    rm -rf "$PREFIX/src/build" "$PREFIX/src/"*.egg-info
    run python3 -m venv --system-site-packages "$PREFIX/venv"
    run "$PREFIX/venv/bin/pip" install --upgrade "$PREFIX/src"
    mkdir -p "$PREFIX/venv/share/$APP"
    rm -rf "$PREFIX/venv/share/$APP/profiles"
    cp -a "$SRC_DIR/hardware/profiles" "$PREFIX/venv/share/$APP/profiles"

    put "$UNIT" 0644 < "$SRC_DIR/systemd/companion.service"
    phones_network

    # `companion` for people at the terminal: the kiosk's folders and user (config show, doctor...).
    put "$WRAPPER" 0755 <<EOW
#!/bin/sh
# The companion command with the kiosk's config, game log and user (written by systemd/install.sh).
# Stop the kiosk first for the doctor's hardware checks: sudo systemctl stop companion
export XDG_CONFIG_HOME=/var/lib/companion/config XDG_DATA_HOME=/var/lib/companion/data
export XDG_CACHE_HOME=/var/cache/companion LG_WD=/var/lib/companion
if [ "\$(id -un)" != "$KIOSK_USER" ]; then
    exec sudo --preserve-env=XDG_CONFIG_HOME,XDG_DATA_HOME,XDG_CACHE_HOME,LG_WD -u "$KIOSK_USER" /opt/$APP/venv/bin/companion "\$@"
fi
exec /opt/$APP/venv/bin/companion "\$@"
EOW

    put "$UDEV_RULE" 0644 <<'EOW'
# /dev/companion-rfid: the RFID reader of the Fort Boyard companion (written by systemd/install.sh).
# Wired to the GPIO 14/15 UART: /dev/ttyAMA0 (Pi 5: dtparam=uart0=on; Pi 4: dtoverlay=disable-bt).
KERNEL=="ttyAMA0", SYMLINK+="companion-rfid", GROUP="dialout", MODE="0660"
# A USB serial adapter (CP210x, CH340, FTDI, PL2303) wins while it is plugged in.
SUBSYSTEM=="tty", ATTRS{idVendor}=="10c4", SYMLINK+="companion-rfid", GROUP="dialout", MODE="0660", OPTIONS+="link_priority=10"
SUBSYSTEM=="tty", ATTRS{idVendor}=="1a86", SYMLINK+="companion-rfid", GROUP="dialout", MODE="0660", OPTIONS+="link_priority=10"
SUBSYSTEM=="tty", ATTRS{idVendor}=="0403", SYMLINK+="companion-rfid", GROUP="dialout", MODE="0660", OPTIONS+="link_priority=10"
SUBSYSTEM=="tty", ATTRS{idVendor}=="067b", SYMLINK+="companion-rfid", GROUP="dialout", MODE="0660", OPTIONS+="link_priority=10"
EOW

    put "$POLKIT_RULE" 0644 <<EOW
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
EOW

    # Kivy: one input provider for the touchscreen (two would double every tap), its rotation, no cursor.
    # config_version keeps Kivy from adding its default providers back.
    local rotation=${ROTATION:-$(profile_value display touch_rotation)}
    rotation=${rotation:-0}
    put_kiosk "$KIVY_INI" 0644 <<EOW
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
EOW

    write_config

    # Boot: SPI for the ring, the GPIO UART for the reader (and no serial console on it), no blanking.
    # [all] first: config.txt may end inside a conditional section ([cm5], [pi4]...).
    local board uart
    local -a lines
    board=$(profile_value "" board)
    case "$board" in
        pi4) uart="dtoverlay=disable-bt" ;;
        *) uart="dtparam=uart0=on" ;;
    esac
    lines=("[all]" "dtparam=spi=on" "enable_uart=1" "$uart")
    # A Pi 4's SPI clock follows the core clock, which changes with the load: fixed, the ring's bit
    # timing stays right (docs/ring.md).
    if [ "$board" = pi4 ] && [ "$(profile_value ring backend)" = spi ]; then
        lines+=("core_freq=500" "core_freq_min=500")
    fi
    if [ -f "$BOOT/config.txt" ]; then
        local want
        want=$(printf '%s\n' "$MARK_BEGIN" "${lines[@]}" "$MARK_END")
        if [ "$(sed -n "\|$MARK_BEGIN|,\|$MARK_END|p" "$BOOT/config.txt")" != "$want" ]; then
            drop_block "$BOOT/config.txt"
            printf '%s\n' "$want" >> "$BOOT/config.txt"
            say "SPI and the GPIO UART on in ${BOOT#"$ROOT"}/config.txt ($board): reboot to apply"
        fi
    fi
    forget_old_backup
    if [ -f "$BOOT/cmdline.txt" ]; then
        if [ ! -f "$PRIVATE/cmdline.txt.orig" ]; then
            private_dir
            install -m 0600 "$BOOT/cmdline.txt" "$PRIVATE/cmdline.txt.orig"
        fi
        local line
        line=$(head -n1 "$BOOT/cmdline.txt" | sed -E 's/(^| )console=(serial0|ttyAMA0|ttyS0),[0-9]+//g')
        case " $line " in *" consoleblank=0 "*) ;; *) line="$line consoleblank=0" ;; esac
        line=$(echo "$line" | tr -s ' ' | sed 's/^ //; s/ $//')
        printf '%s\n' "$line" | put "$BOOT/cmdline.txt" 0644
    fi
}

install_system() {
    if [ "$PACKAGES_ON" = 1 ]; then
        local -a packages
        mapfile -t packages < <(package_list "$RELEASE")
        run apt-get update
        run apt-get install -y --no-install-recommends "${packages[@]}"
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
    [ ! -L "$STATE" ] || fail "${STATE#"$ROOT"} is a link: remove it and run again"
    mkdir -p "$STATE" "$ROOT/var/cache/companion"
    private_dir
}

main() {
    if [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
        echo "install.sh: run it as root (sudo), or with --root DIR to write the files elsewhere" >&2
        exit 1
    fi
    umask 0022
    if [ "$UNINSTALL" = 1 ]; then
        uninstall
        return
    fi
    if [ -z "$PROFILE" ]; then
        echo "install.sh: --profile NAME is needed; profiles: $(cd "$SRC_DIR/hardware/profiles" && ls ./*.toml \
            | sed 's|./||; s|\.toml||' | tr '\n' ' ')" >&2
        exit 2
    fi
    if ! [[ $PROFILE =~ ^[A-Za-z0-9_-]+$ ]] || [ ! -f "$SRC_DIR/hardware/profiles/$PROFILE.toml" ]; then
        echo "install.sh: no profile $PROFILE in $SRC_DIR/hardware/profiles" >&2
        exit 2
    fi
    case "$ROTATION" in ""|0|90|180|270) ;; *) echo "install.sh: --touch-rotation is 0, 90, 180 or 270" >&2; exit 2 ;; esac
    RELEASE=$(release_name)
    [ "$PACKAGES_ON" = 0 ] || package_list "$RELEASE" > /dev/null
    # The kiosk's processes stop while its folders are changed: nothing swaps a folder for a link
    # between a check and a write. It starts again at the end if it was running.
    local was_running=0
    if [ -z "$ROOT" ] && systemctl is-active --quiet companion.service 2> /dev/null; then
        systemctl stop companion.service
        was_running=1
    fi
    install_system
    install_files
    # The kiosk writes its config (settings screen), game log and caches: its own, readable by nobody
    # else. Only these folders are given (the files in them were given when written): never chown -R,
    # which would follow what the kiosk's user put there.
    own "$STATE" "$ROOT/var/cache/companion"
    run chmod 0750 /var/lib/companion
    run systemctl daemon-reload
    run udevadm control --reload
    run udevadm trigger --subsystem-match=tty
    run systemctl disable getty@tty1.service
    run systemctl enable companion.service
    [ "$was_running" = 0 ] || systemctl start companion.service
    say "done: the game starts at the next boot (or now: systemctl start companion)."
    say "check the parts: sudo systemctl stop companion && companion doctor"
}

main
