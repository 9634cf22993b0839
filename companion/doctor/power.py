"""Shut down or restart the Pi from the app, without sudo.

``systemctl poweroff`` run by the kiosk's user asks logind, which asks polkit; the installer's rule
(``/etc/polkit-1/rules.d/50-fort-boyard-companion.rules``) lets that one user do these two things only.
"""

from __future__ import annotations

import shutil
import subprocess

ACTIONS = {"poweroff": "poweroff", "reboot": "reboot"}


class PowerError(RuntimeError):
    """The system refused (or there is no systemd): the message says why."""


def request(action: str, *, runner=subprocess.run) -> None:
    """Ask the system to power off or reboot now (returns; the service is stopped by the shutdown)."""
    if action not in ACTIONS:
        raise ValueError(f"unknown power action {action!r}; known: {', '.join(ACTIONS)}")
    systemctl = shutil.which("systemctl")
    if systemctl is None:
        raise PowerError("no systemctl on this machine")
    done = runner([systemctl, "--no-ask-password", ACTIONS[action]], capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        raise PowerError((done.stderr or done.stdout or f"systemctl {action} failed").strip())
