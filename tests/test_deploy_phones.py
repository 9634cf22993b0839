"""The players' phones on the Pi: install.sh --phones on|off opens the kiosk's network to the home network
only (a systemd drop-in) or closes it; systemd-analyze's exposure with it, where systemd-analyze exists."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.test_deploy import ROOT, UNIT, pi_root, run_install  # noqa: F401 (pi_root is a fixture)

DROPIN = ROOT / "systemd" / "companion-phones.conf"
INSTALLED = "etc/systemd/system/companion.service.d/phones.conf"
MAX_EXPOSURE_WITH_PHONES = 1.5  # 1.4 with the drop-in (0.6 without): a change that weakens it more fails


def settings(text: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key, []).append(value)
    return found


def test_the_drop_in_opens_only_the_home_network():
    s = settings(DROPIN.read_text())
    assert s["PrivateNetwork"] == ["no"]
    allowed = s["IPAddressAllow"][0].split()
    assert set(allowed) == {"localhost", "link-local", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16",
                            "fc00::/7", "fe80::/10"}
    assert s["RestrictAddressFamilies"] == ["AF_UNIX AF_NETLINK AF_INET AF_INET6"]
    unit = settings(UNIT.read_text())  # what the drop-in narrows: everything denied, no network at all
    assert unit["IPAddressDeny"] == ["any"] and unit["PrivateNetwork"] == ["yes"]


def test_phones_on_installs_the_drop_in_a_plain_rerun_keeps_it_and_off_removes_it(pi_root):
    assert run_install(pi_root, "--profile", "pi4-7inch").returncode == 0
    assert not (pi_root / INSTALLED).exists()  # off on a first install
    done = run_install(pi_root, "--profile", "pi4-7inch", "--phones", "on")
    assert done.returncode == 0, done.stderr
    assert (pi_root / INSTALLED).read_text() == DROPIN.read_text()
    assert run_install(pi_root, "--profile", "pi4-7inch").returncode == 0
    assert (pi_root / INSTALLED).exists()
    done = run_install(pi_root, "--profile", "pi4-7inch", "--phones", "off")
    assert done.returncode == 0 and "network is closed" in done.stdout
    assert not (pi_root / INSTALLED).exists() and not (pi_root / INSTALLED).parent.exists()


def test_uninstall_takes_the_drop_in_away(pi_root):
    assert run_install(pi_root, "--profile", "pi4-7inch", "--phones", "on").returncode == 0
    assert run_install(pi_root, "--uninstall").returncode == 0
    assert not (pi_root / INSTALLED).exists()


def test_a_bad_phones_value_is_refused(pi_root):
    done = run_install(pi_root, "--profile", "pi4-7inch", "--phones", "maybe")
    assert done.returncode == 2 and "--phones needs on or off" in done.stderr


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_the_exposure_with_the_phones_drop_in_stays_low(tmp_path):
    system = tmp_path / "etc" / "systemd" / "system"
    (system / "companion.service.d").mkdir(parents=True)
    shutil.copy(UNIT, system / "companion.service")
    shutil.copy(DROPIN, system / "companion.service.d" / "phones.conf")
    done = subprocess.run(["systemd-analyze", "security", "--offline=true", f"--root={tmp_path}", "companion.service"],
                          capture_output=True, text=True, timeout=60)
    found = re.search(r"Overall exposure level for companion.service: ([\d.]+)", done.stdout)
    assert found, done.stdout + done.stderr
    assert float(found.group(1)) <= MAX_EXPOSURE_WITH_PHONES, done.stdout
    assert re.search(r"IPAddressDeny=.*non-localhost", done.stdout)  # an allow list, not an open network


def test_the_unit_sets_the_file_limit_the_phone_servers_cap_is_derived_from():
    from companion.phones.gate import MAX_CONNECTIONS, RESERVE, Limits, connection_cap

    limits = settings(UNIT.read_text())["LimitNOFILE"]
    assert len(limits) == 1 and limits[0].isdigit()  # one number: soft and hard alike
    nofile = int(limits[0])
    assert connection_cap(nofile) == MAX_CONNECTIONS  # the full cap, and still well under the limit
    assert connection_cap(nofile) + RESERVE + 2 * Limits.backlog <= nofile // 2
