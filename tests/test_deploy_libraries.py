"""Every shared library that Kivy (and the SDL2 in its wheel), sounddevice, Piper and onnxruntime load at
run time has its Debian package in the installer's lists (hardware/packages/RELEASE.txt), for Bookworm
and Trixie. What the wheels link is read from their ELF files (DT_NEEDED), less what they bundle; what
is opened by name, and each library's package, come from hardware/packages/libraries.toml. No network."""

from __future__ import annotations

import struct
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ROOT / "hardware" / "packages"
RELEASES = ("bookworm", "trixie")
#: The distributions whose compiled parts the kiosk loads: the app, its window and GL, speech, sound.
DISTRIBUTIONS = ("Kivy", "numpy", "pillow", "onnxruntime", "piper-tts", "sounddevice", "cffi")

PT_LOAD, PT_DYNAMIC = 1, 2
DT_NULL, DT_NEEDED, DT_STRTAB = 0, 1, 5


def needed(path: Path) -> list[str]:
    """The DT_NEEDED entries of a 64-bit little-endian ELF file (x86-64, aarch64); [] for other files."""
    data = path.read_bytes()
    if data[:4] != b"\x7fELF" or data[4:6] != b"\x02\x01":
        return []
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    loads, dynamic = [], None
    for i in range(phnum):
        kind, _flags, offset, vaddr, _paddr, size = struct.unpack_from("<IIQQQQ", data, phoff + i * phentsize)
        if kind == PT_LOAD:
            loads.append((vaddr, offset, size))
        elif kind == PT_DYNAMIC:
            dynamic = (offset, size)
    if dynamic is None:
        return []
    tags = []
    for at in range(dynamic[0], dynamic[0] + dynamic[1], 16):
        tag, value = struct.unpack_from("<qQ", data, at)
        if tag == DT_NULL:
            break
        tags.append((tag, value))
    strtab = next(value for tag, value in tags if tag == DT_STRTAB)
    base = next(offset + strtab - vaddr for vaddr, offset, size in loads if vaddr <= strtab < vaddr + size)
    names = []
    for tag, value in tags:
        if tag == DT_NEEDED:
            start = base + value
            names.append(data[start:data.index(b"\0", start)].decode())
    return names


def table() -> dict:
    return tomllib.loads((PACKAGES / "libraries.toml").read_text())


def release_packages(release: str) -> set[str]:
    lines = (PACKAGES / f"{release}.txt").read_text().splitlines()
    return {line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()}


def linked_libraries(unused: dict[str, str]) -> dict[str, set[str]]:
    """Library -> the wheel modules that link it, for the modules the kiosk may load (not ``unused``),
    less the libraries the wheels bundle (Kivy.libs/libSDL2-..., numpy.libs/...)."""
    files = []
    for dist in DISTRIBUTIONS:
        try:
            files += [f for f in metadata.files(dist) or [] if ".so" in f.name]
        except metadata.PackageNotFoundError:
            pytest.skip(f"{dist} is not installed (scripts/bootstrap installs it)")
    bundled = {f.name for f in files}
    found: dict[str, set[str]] = {}
    for f in files:
        module = str(f).split(".cpython-")[0].split(".abi3")[0]
        if module in unused:
            continue
        for name in needed(Path(f.locate())):
            if name not in bundled:
                found.setdefault(name, set()).add(str(f))
    return found


def test_the_elf_reader_finds_what_a_program_links():
    assert "libc.so.6" in needed(Path(sys.executable).resolve())
    assert needed(ROOT / "pyproject.toml") == []


def test_every_library_the_wheels_link_has_a_line_in_the_table():
    t = table()
    missing = {name: sorted(by) for name, by in linked_libraries(t["unused"]).items() if name not in t["packages"]}
    assert not missing, ("libraries linked by the wheels with no package in hardware/packages/libraries.toml "
                         f"(find it in Debian's Contents-arm64 for both releases): {missing}")


def test_kivys_gl_backend_links_libgl_and_the_table_says_so():
    """The defect of issue 16: Kivy's default GL backend links libGL.so.1, which nothing installed."""
    linked = linked_libraries(table()["unused"])
    assert any("cgl_backend/cgl_gl" in m for m in linked.get("libGL.so.1", ())), linked.get("libGL.so.1")


@pytest.mark.parametrize("release", RELEASES)
def test_every_library_loaded_at_run_time_has_its_package_in_the_installers_list(release):
    t = table()
    have = release_packages(release) | set(t["base"])
    wanted = set(linked_libraries(t["unused"])) | set(t["dlopen"])
    without = {}
    for name in sorted(wanted):
        package = t["packages"].get(name, {}).get(release)
        if package not in have:
            without[name] = package or "(no package in libraries.toml)"
    assert not without, f"hardware/packages/{release}.txt lacks the package of: {without}"


def test_the_lists_hold_one_debian_package_name_a_line():
    for release in RELEASES:
        for name in release_packages(release):
            assert name.replace("+", "").replace("-", "").replace(".", "").isalnum() and name == name.lower(), name
