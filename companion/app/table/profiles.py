"""The screens the companion is laid out for (the ``[display] profile`` of config.toml)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DisplayProfile:
    """A screen the companion is laid out for."""

    name: str
    width: int
    height: int
    label: str

    @property
    def portrait(self) -> bool:
        return self.height > self.width

    @property
    def scale(self) -> float:
        """Sizes are designed for the 480 px short side of the official 7" display."""
        return min(self.width, self.height) / 480


PROFILES: dict[str, DisplayProfile] = {
    p.name: p
    for p in (
        DisplayProfile("800x480", 800, 480, 'Raspberry Pi 7" (800×480)'),
        DisplayProfile("720x1280", 720, 1280, "Touch Display 2 (720×1280)"),
        DisplayProfile("1024x600", 1024, 600, '7" HDMI (1024×600)'),
        DisplayProfile("1280x800", 1280, 800, '10" (1280×800)'),
    )
}
DEFAULT_PROFILE = "800x480"
