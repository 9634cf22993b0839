"""Boot to game: the systemd unit (systemd-analyze verify and security, where systemd-analyze exists) and
systemd/install.sh run against a temporary root, twice, then undone."""

from __future__ import annotations

import configparser
import hashlib
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "systemd" / "companion.service"
INSTALL = ROOT / "systemd" / "install.sh"
CMDLINE = "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait quiet"
MAX_EXPOSURE = 1.0  # systemd-analyze security --offline=yes gives 0.6 now: a change that weakens it fails

needs_analyze = pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")


def unit_settings() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def runnable_unit(tmp_path: Path) -> Path:
    """The unit with its ExecStart pointing at an executable that exists here (verify checks it)."""
    exe = tmp_path / "companion"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    unit = tmp_path / "companion.service"
    unit.write_text(UNIT.read_text().replace("/opt/fort-boyard-companion/venv/bin/companion", str(exe)))
    return unit


@needs_analyze
def test_the_unit_passes_systemd_analyze_verify(tmp_path):
    done = subprocess.run(["systemd-analyze", "verify", str(runnable_unit(tmp_path))], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "companion.service" not in done.stderr, done.stderr  # no warning about our unit


@needs_analyze
def test_the_units_exposure_stays_low(tmp_path):
    done = subprocess.run(["systemd-analyze", "security", "--offline=yes", str(runnable_unit(tmp_path))],
                          capture_output=True, text=True, timeout=60)
    found = re.search(r"Overall exposure level for companion.service: ([\d.]+)", done.stdout)
    assert found, done.stdout + done.stderr
    assert float(found.group(1)) <= MAX_EXPOSURE, done.stdout


def test_the_unit_runs_the_kiosk_as_its_user_with_the_hardening_asked_for():
    s = unit_settings()
    assert s["User"] == ["companion"] and s["Restart"] == ["on-failure"]
    for key in ("NoNewPrivileges", "ProtectHome", "PrivateTmp"):
        assert s[key] == ["yes"], key
    assert s["ProtectSystem"] == ["strict"]
    writable = s["ReadWritePaths"][0].split()
    env = dict(v.split("=", 1) for v in s["Environment"])
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "KIVY_HOME", "LG_WD"):
        assert any(env[var].startswith(w) for w in writable), f"{var}={env[var]} is read-only under ProtectSystem=strict"
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert s["ExecStart"] == ["/opt/fort-boyard-companion/venv/bin/companion app"]


def run_install(root: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHON=str(Path(os.sys.executable)))
    return subprocess.run(["bash", str(INSTALL), "--root", str(root), *args], capture_output=True, text=True,
                          env=env, timeout=300)


def tree(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and not p.name.endswith(".log")}


def os_release(root: Path, codename: str) -> None:
    (root / "etc").mkdir(parents=True, exist_ok=True)
    (root / "etc" / "os-release").write_text(
        f'PRETTY_NAME="Debian GNU/Linux"\nID=debian\nVERSION_CODENAME={codename}\n')


def packages(release: str) -> list[str]:
    lines = (ROOT / "hardware" / "packages" / f"{release}.txt").read_text().splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


@pytest.fixture
def pi_root(tmp_path):
    root = tmp_path / "pi"
    boot = root / "boot" / "firmware"
    boot.mkdir(parents=True)
    (boot / "cmdline.txt").write_text(CMDLINE + "\n")
    (boot / "config.txt").write_text("[all]\ndtoverlay=vc4-kms-v3d\n")
    os_release(root, "bookworm")
    return root


def test_install_writes_every_file_and_a_second_run_changes_nothing(pi_root):
    first = run_install(pi_root, "--profile", "pi4-7inch", "--touch-rotation", "90")
    assert first.returncode == 0, first.stderr
    files = tree(pi_root)
    for path in ("etc/systemd/system/companion.service", "etc/udev/rules.d/99-companion-rfid.rules",
                 "etc/polkit-1/rules.d/50-fort-boyard-companion.rules", "var/lib/companion/kivy/config.ini",
                 "var/lib/companion/config/fort-boyard-companion/config.toml", "usr/local/bin/companion",
                 "opt/fort-boyard-companion/venv/share/fort-boyard-companion/profiles/pi4-7inch.toml",
                 "opt/fort-boyard-companion/src/companion/cli.py"):
        assert path in files, path
    assert (pi_root / "etc/systemd/system/companion.service").read_text() == UNIT.read_text()

    udev = (pi_root / "etc/udev/rules.d/99-companion-rfid.rules").read_text()
    assert 'KERNEL=="ttyAMA0", SYMLINK+="companion-rfid", GROUP="dialout"' in udev
    polkit = (pi_root / "etc/polkit-1/rules.d/50-fort-boyard-companion.rules").read_text()
    assert 'subject.user == "companion"' in polkit and "org.freedesktop.login1.reboot" in polkit

    kivy = configparser.ConfigParser()
    kivy.read(pi_root / "var/lib/companion/kivy/config.ini")
    assert dict(kivy["input"]) == {"touchscreen": "probesysfs,provider=hidinput,param=rotation=90"}  # one provider
    assert kivy["graphics"]["show_cursor"] == "0" and kivy["kivy"]["config_version"] == "27"

    config = tomllib.loads((pi_root / "var/lib/companion/config/fort-boyard-companion/config.toml").read_text())
    assert config["hardware_profile"] == "pi4-7inch" and config["display"]["touch_rotation"] == 90

    cmdline = (pi_root / "boot/firmware/cmdline.txt").read_text()
    assert cmdline == "console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 fsck.repair=yes rootwait quiet consoleblank=0\n"
    boot = (pi_root / "boot/firmware/config.txt").read_text()
    assert "dtparam=spi=on" in boot and "dtoverlay=disable-bt" in boot and boot.startswith("[all]\ndtoverlay=vc4-kms-v3d\n")

    log = (pi_root / "var/log/fort-boyard-companion-install.log").read_text()
    assert "would run: usermod --groups gpio,spi,dialout,audio,video,input,render companion" in log
    assert "would run: systemctl enable companion.service" in log
    assert re.search(r"would run: \S+/venv/bin/pip install --upgrade \S+/src", log)

    second = run_install(pi_root, "--profile", "pi4-7inch", "--touch-rotation", "90")
    assert second.returncode == 0, second.stderr
    assert tree(pi_root) == files
    assert "wrote" not in second.stdout and "config.txt" not in second.stdout


def test_a_pi_5_gets_uart0_and_the_users_config_is_kept(pi_root):
    assert run_install(pi_root, "--profile", "pi5-7inch").returncode == 0
    assert "dtparam=uart0=on" in (pi_root / "boot/firmware/config.txt").read_text()
    config = pi_root / "var/lib/companion/config/fort-boyard-companion/config.toml"
    config.write_text('hardware_profile = "pi5-7inch"\n[game]\nlanguage = "en"\n')
    assert run_install(pi_root, "--profile", "pi5-touch2").returncode == 0
    assert 'language = "en"' in config.read_text()
    boot = (pi_root / "boot/firmware/config.txt").read_text()
    assert boot.count("fort-boyard-companion begin") == 1


def test_uninstall_takes_it_back_and_keeps_the_game_log_unless_purged(pi_root):
    assert run_install(pi_root, "--profile", "pi5-7inch").returncode == 0
    log = pi_root / "var/lib/companion/data/fort-boyard-companion/games.sqlite3"
    log.parent.mkdir(parents=True)
    log.write_bytes(b"games")
    done = run_install(pi_root, "--uninstall")
    assert done.returncode == 0, done.stderr
    for path in ("etc/systemd/system/companion.service", "etc/udev/rules.d/99-companion-rfid.rules",
                 "etc/polkit-1/rules.d/50-fort-boyard-companion.rules", "opt/fort-boyard-companion",
                 "usr/local/bin/companion", "var/lib/companion/kivy"):
        assert not (pi_root / path).exists(), path
    assert (pi_root / "boot/firmware/cmdline.txt").read_text() == CMDLINE + "\n"
    assert (pi_root / "boot/firmware/config.txt").read_text() == "[all]\ndtoverlay=vc4-kms-v3d\n"
    assert log.exists()
    assert run_install(pi_root, "--uninstall", "--purge").returncode == 0
    assert not (pi_root / "var/lib/companion").exists()


def test_install_refuses_an_unknown_profile_and_a_bad_rotation(pi_root):
    done = run_install(pi_root, "--profile", "pi9")
    assert done.returncode == 2 and "no profile pi9" in done.stderr
    done = run_install(pi_root, "--profile", "pi5-7inch", "--touch-rotation", "45")
    assert done.returncode == 2 and "0, 90, 180 or 270" in done.stderr
    assert not (pi_root / "etc/systemd").exists() and not (pi_root / "var").exists()


def test_the_hardware_readme_wires_what_each_profile_configures():
    """Each profile's pins appear in its wiring table in hardware/README.md (BCM and physical pin)."""
    from companion.config import load_config
    from companion.config.pins import PHYSICAL

    readme = (ROOT / "hardware" / "README.md").read_text()
    for name in ("pi5-7inch", "pi4-7inch", "pi5-touch2"):
        section = readme.split(f"### Wiring: {name}", 1)[1].split("\n### ", 1)[0]
        config = load_config(Path("/nonexistent/config.toml"), profile=name)
        for seat, pin in enumerate(config.buzzers.pins, 1):
            assert re.search(rf"\| Buzzer {seat} \| GPIO {pin} \| {PHYSICAL[pin]} \|", section), (name, seat)
        for seat, pin in enumerate(config.buzzers.led_pins, 1):
            assert re.search(rf"\| LED {seat} \| GPIO {pin} \| {PHYSICAL[pin]} \|", section), (name, seat)
        assert "| Ring data (DIN) | GPIO 10 | 19 |" in section
        assert "| Reader TX | GPIO 15 (RXD) | 10 |" in section


# --- the release's packages and config.txt ----------------------------------------------------------

@pytest.mark.parametrize("release", ["bookworm", "trixie"])
def test_install_takes_the_package_list_of_the_running_release(pi_root, release):
    os_release(pi_root, release)
    done = run_install(pi_root, "--profile", "pi5-7inch")
    assert done.returncode == 0, done.stderr
    log = (pi_root / "var/log/fort-boyard-companion-install.log").read_text()
    line = next(x for x in log.splitlines() if x.startswith("would run: apt-get install"))
    assert line.split()[-len(packages(release)):] == packages(release)
    assert "libgl1" in line.split()  # Kivy's default GL backend links libGL.so.1
    assert ("libmtdev1t64" if release == "trixie" else "libmtdev1") in line.split()


def test_install_refuses_a_release_it_has_no_package_list_for(pi_root):
    os_release(pi_root, "bullseye")
    done = run_install(pi_root, "--profile", "pi5-7inch")
    assert done.returncode == 2 and "no package list for the release 'bullseye'" in done.stderr
    assert "bookworm" in done.stderr and "trixie" in done.stderr and "--no-packages" in done.stderr
    assert not (pi_root / "etc/systemd").exists()
    assert run_install(pi_root, "--profile", "pi5-7inch", "--no-packages").returncode == 0


def test_config_txt_block_starts_with_all_and_a_pi_4_spi_ring_fixes_the_core_clock(pi_root):
    config_txt = pi_root / "boot/firmware/config.txt"
    config_txt.write_text("[all]\ndtoverlay=vc4-kms-v3d\n[cm5]\ndtoverlay=dwc2,dr_mode=host\n")
    assert run_install(pi_root, "--profile", "pi4-7inch").returncode == 0
    block = config_txt.read_text().split("[cm5]\ndtoverlay=dwc2,dr_mode=host\n", 1)[1].splitlines()
    assert block[1] == "[all]"  # after the marker: nothing of ours sits in the [cm5] section
    assert "core_freq=500" in block and "core_freq_min=500" in block
    assert run_install(pi_root, "--profile", "pi5-7inch").returncode == 0  # a Pi 5's SPI clock is its own
    boot = config_txt.read_text()
    assert "core_freq" not in boot and "[all]\ndtparam=spi=on" in boot


# --- nothing the kiosk's user can write is followed (issue 15, defect 6) -----------------------------

STATE = "var/lib/companion"
CONFIG = f"{STATE}/config/fort-boyard-companion/config.toml"


def test_a_planted_config_tmp_link_is_not_written_through(pi_root, tmp_path):
    outside = tmp_path / "outside.conf"
    outside.write_text("root's file\n")
    assert run_install(pi_root, "--profile", "pi4-7inch").returncode == 0
    (pi_root / f"{CONFIG}.tmp").symlink_to(outside)  # the kiosk's user owns that folder
    done = run_install(pi_root, "--profile", "pi4-7inch", "--touch-rotation", "90")
    assert done.returncode == 0, done.stderr
    assert outside.read_text() == "root's file\n"
    assert "touch_rotation = 90" in (pi_root / CONFIG).read_text()


def test_a_planted_config_link_is_replaced_not_read_as_root(pi_root, tmp_path):
    """config.toml linked to a file only root may read: its content must not land in the kiosk's file."""
    outside = tmp_path / "root-only.toml"
    outside.write_text('hardware_profile = "pi4-7inch"\n[game]\nlanguage = "en"\n')
    (pi_root / CONFIG).parent.mkdir(parents=True)
    (pi_root / CONFIG).symlink_to(outside)
    done = run_install(pi_root, "--profile", "pi4-7inch", "--touch-rotation", "180")
    assert done.returncode == 0, done.stderr
    assert outside.read_text() == 'hardware_profile = "pi4-7inch"\n[game]\nlanguage = "en"\n'
    assert not (pi_root / CONFIG).is_symlink()
    written = tomllib.loads((pi_root / CONFIG).read_text())
    assert "language" not in written["game"] and written["display"]["touch_rotation"] == 180


def test_a_planted_kivy_link_is_taken_away_not_written_through(pi_root, tmp_path):
    outside = tmp_path / "etc"
    outside.mkdir()
    (pi_root / STATE).mkdir(parents=True)
    (pi_root / STATE / "kivy").symlink_to(outside)
    done = run_install(pi_root, "--profile", "pi4-7inch")
    assert done.returncode == 0, done.stderr
    assert list(outside.iterdir()) == []
    kivy = pi_root / STATE / "kivy"
    assert kivy.is_dir() and not kivy.is_symlink() and (kivy / "config.ini").is_file()
    assert run_install(pi_root, "--uninstall").returncode == 0
    assert outside.exists()


def test_a_planted_kivy_ini_link_is_replaced(pi_root, tmp_path):
    outside = tmp_path / "passwd"
    outside.write_text("root:x:0:0\n")
    (pi_root / STATE / "kivy").mkdir(parents=True)
    (pi_root / STATE / "kivy" / "config.ini").symlink_to(outside)
    assert run_install(pi_root, "--profile", "pi4-7inch").returncode == 0
    assert outside.read_text() == "root:x:0:0\n"
    assert "hidinput" in (pi_root / STATE / "kivy" / "config.ini").read_text()


def test_uninstall_never_copies_a_backup_the_kiosk_user_could_write_into_boot(pi_root):
    """The old installer kept cmdline.txt.orig in the state folder; a planted one must not reach /boot."""
    assert run_install(pi_root, "--profile", "pi5-7inch").returncode == 0
    planted = pi_root / STATE / "install" / "cmdline.txt.orig"
    planted.parent.mkdir(parents=True, exist_ok=True)
    planted.write_text("console=tty1 root=/dev/mmcblk0p2 init=/bin/sh\n")
    done = run_install(pi_root, "--uninstall")
    assert done.returncode == 0, done.stderr
    assert (pi_root / "boot/firmware/cmdline.txt").read_text() == CMDLINE + "\n"
    assert "init=" not in (pi_root / "boot/firmware/cmdline.txt").read_text()
    assert "did not use the old backup" in done.stdout


def test_a_planted_backup_from_before_the_first_run_is_never_used(pi_root):
    planted = pi_root / STATE / "install" / "cmdline.txt.orig"
    planted.parent.mkdir(parents=True)
    planted.write_text("console=tty1 init=/bin/sh\n")
    assert run_install(pi_root, "--profile", "pi5-7inch").returncode == 0
    assert not (pi_root / STATE / "install").exists()
    assert run_install(pi_root, "--uninstall").returncode == 0
    assert "init=" not in (pi_root / "boot/firmware/cmdline.txt").read_text()


def test_the_boot_backup_is_in_a_folder_only_root_can_open(pi_root):
    assert run_install(pi_root, "--profile", "pi5-7inch").returncode == 0
    private = pi_root / "var/lib/fort-boyard-companion-install"
    assert (private / "cmdline.txt.orig").read_text() == CMDLINE + "\n"
    assert private.stat().st_mode & 0o777 == 0o700
    assert not (pi_root / STATE / "install").exists()


def test_ownership_is_given_without_following_links(pi_root):
    assert run_install(pi_root, "--profile", "pi4-7inch").returncode == 0
    log = (pi_root / "var/log/fort-boyard-companion-install.log").read_text()
    chowns = [line for line in log.splitlines() if " chown " in line]
    assert chowns and all(line.startswith("would run: chown -h companion:companion /") for line in chowns)
    assert "would run: chown -h companion:companion /var/lib/companion/kivy/config.ini" in log
    assert "-R" not in " ".join(chowns)


# --- the unit waits for the display, survives a slow boot -------------------------------------------

def wait_for_display(sysfs: Path, tries: int) -> subprocess.CompletedProcess:
    """The unit's ExecStartPre, as systemd hands it to /bin/sh ($$ is $), on a stand-in for /sys/class/drm."""
    (line,) = unit_settings()["ExecStartPre"]
    assert line.startswith("/bin/sh -c '") and line.endswith("'")
    script = line[len("/bin/sh -c '"):-1].replace("$$", "$").replace("/sys/class/drm", str(sysfs))
    script = script.replace("seq 600", f"seq {tries}")
    return subprocess.run(["/bin/sh", "-c", script], capture_output=True, text=True, timeout=30)


def test_the_unit_starts_the_app_once_a_drm_connector_exists(tmp_path):
    sysfs = tmp_path / "drm"
    sysfs.mkdir()
    (sysfs / "card0").mkdir()  # v3d on a Pi 5: a render node without connectors is not a display
    (sysfs / "version").write_text("drm 1.1.0\n")
    failed = wait_for_display(sysfs, tries=3)
    assert failed.returncode == 1 and "no display" in failed.stderr
    (sysfs / "card1-DSI-1").mkdir()
    assert wait_for_display(sysfs, tries=3).returncode == 0


def test_the_start_limit_outlasts_the_wait_for_the_display():
    s = unit_settings()
    interval, burst, restart = (int(s[k][0]) for k in ("StartLimitIntervalSec", "StartLimitBurst", "RestartSec"))
    assert burst * restart >= 45  # restarts are spread over more than a slow boot
    assert interval >= burst * restart and int(s["TimeoutStartSec"][0]) > 60  # the 60 s wait fits a start
    assert s["SystemCallFilter"] == ["@system-service", "~@privileged @resources"]


# --- scripts/bootstrap on Trixie ---------------------------------------------------------------------

def bootstrap_installed(tmp_path: Path, dpkg_lines: str, *names: str) -> list[str]:
    """The names bootstrap's `installed` takes as installed, with dpkg-query answering ``dpkg_lines``."""
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "dpkg-query").write_text(f"#!/bin/sh\ncat <<'END'\n{dpkg_lines}END\n")
    (fake / "dpkg-query").chmod(0o755)
    source = (ROOT / "scripts" / "bootstrap").read_text()
    function = source[source.index("INSTALLED=\"\"\ninstalled()"):source.index("APT_UPDATED=0")]
    script = function + "".join(f'installed {n} && echo {n}\n' for n in names)
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=30,
                          env=dict(os.environ, PATH=f"{fake}:{os.environ['PATH']}"))
    return done.stdout.split()


def test_bootstrap_sees_trixies_t64_packages_as_installed(tmp_path):
    """On Trixie libmtdev1 is provided by libmtdev1t64: bootstrap must not run apt (and sudo) each start."""
    trixie = ("ii |libmtdev1t64 libmtdev1 (= 1.1.7-1)\n"
              "ii |libportaudio2 \n"
              "rc |espeak-ng \n"
              "ii |libasound2t64 libasound2 (= 1.2.14-1)\n")
    found = bootstrap_installed(tmp_path, trixie, "libmtdev1", "libmtdev1t64", "libportaudio2", "espeak-ng",
                                "libasound2", "libmtdev")
    assert found == ["libmtdev1", "libmtdev1t64", "libportaudio2", "libasound2"]  # espeak-ng: removed


def test_a_new_version_is_built_from_its_sources_not_from_the_last_builds_leftovers(pi_root):
    # setuptools reuses build/lib when its copies look newer than the sources, and the installer's copy
    # keeps the sources' dates: a re-run after an update installed the previous version's modules (seen
    # in the emulated Pi check). The installer clears what a build leaves before pip runs.
    assert run_install(pi_root, "--profile", "pi4-7inch").returncode == 0
    src = pi_root / "opt/fort-boyard-companion/src"
    stale = src / "build/lib/companion/sound/speech/voices.py"
    stale.parent.mkdir(parents=True)
    stale.write_text("# the previous version\n")
    (src / "fort_boyard_companion.egg-info").mkdir()
    assert run_install(pi_root, "--profile", "pi4-7inch").returncode == 0
    assert not (src / "build").exists() and not (src / "fort_boyard_companion.egg-info").exists()
