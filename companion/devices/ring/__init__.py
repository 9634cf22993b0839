"""The LED ring hourglass: a pure renderer (effects), a power limit, backends and the animated Ring.

    from companion.devices.ring import Ring, RingConfig
    ring = Ring(RingConfig.from_mapping(profile["ring"]), when_time_up=on_time_up)
    ring.hourglass(30); ring.pause(); ring.resume(); ring.winner("#ff0000"); ring.idle()
"""

from .backends import Backend, RingUnavailable, ScreenRing, open_backend
from .colors import RGB, Frame, parse_color
from .config import RingConfig, RingConfigError
from .effects import Effect, Hourglass, Idle, KeyWon, Off, Winner
from .power import PowerLimit
from .ring import Ring, RingStatus, TimeUp, orient

__all__ = [
    "RGB",
    "Backend",
    "Effect",
    "Frame",
    "Hourglass",
    "Idle",
    "KeyWon",
    "Off",
    "PowerLimit",
    "Ring",
    "RingConfig",
    "RingConfigError",
    "RingStatus",
    "RingUnavailable",
    "ScreenRing",
    "TimeUp",
    "Winner",
    "open_backend",
    "orient",
    "parse_color",
]
