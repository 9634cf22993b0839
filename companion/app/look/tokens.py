"""The design tokens screens are built from: colours by role, the type scale, spacing, touch targets,
motion. Sizes are px at 800×480 (the official 7" panel, about 5.2 px per mm, read from 0.5–1.5 m) and
scale with the display profile's short side (``DisplayProfile.scale``).

    from companion.app.look import tokens as T
    T.px(T.TYPE.step, profile)   # the current player's name on a 1280×800 screen
    T.colour("accent")           # RGBA for Kivy
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from companion.app.look.palette import (ROLES, PLAYER_COLOURS, RGBA, SPACE_COLOURS, hex_rgba, player_hex,
                                        role)


@dataclass(frozen=True)
class TypeScale:
    """Font sizes in px at 800×480. Nothing on a play screen is smaller than ``caption``."""

    caption: int = 18    # the least a play screen shows: rule reminders, secondary labels (≈ 3.5 mm)
    body: int = 22       # card texts, explanations
    standing: int = 24   # each player's keys, clues, status: read from across the table
    button: int = 26     # labels of touch targets
    heading: int = 30    # a screen's title when it is not the step
    step: int = 36       # the current player and what to do next (≈ 7 mm: legible at 1.5 m)
    title: int = 48      # a round's title card, the podium's winner
    display: int = 64    # set pieces: "Temps écoulé !", the title sequence
    timer: int = 96      # the hourglass's seconds inside its ring


TYPE = TypeScale()
MIN_PLAY_TEXT = TYPE.caption
MIN_TEXT = 16  # settings, history and the doctor: read close up, still no smaller
# Andika's line box (ascender + descender) is 1.61 times its size: room for stacked diacritics that
# Kivy keeps on every line (Roboto's was 1.17). A single line of size s needs a box ``line_box(s)`` high,
# or the fit shrinks it: a 36 px step needs a 63 px box (58 for the line, 4 for the fit's margin, 1 to spare).
LINE_HEIGHT = 1.612


def line_box(size: float, lines: int = 1, profile=None) -> int:
    """The height (px on ``profile``) that ``lines`` lines of text of ``size`` take in the text font,
    with the fit's 4 px margin: what a screen gives a label so that it keeps its size."""
    return round((size * LINE_HEIGHT * lines + 4) * scale(profile)) + 1


@dataclass(frozen=True)
class Spacing:
    """An 8 px grid: every margin, padding and gap is one of these."""

    xs: int = 8      # the least gap between two touch targets
    s: int = 16
    m: int = 24
    l: int = 32      # noqa: E741 (the size name)
    xl: int = 48
    xxl: int = 64


SPACE = Spacing()
GRID = 8


@dataclass(frozen=True)
class Touch:
    """Touch targets (48 px ≈ 9 mm on the 7" panel: a grandparent's fingertip, a child's whole finger)."""

    minimum: int = 48       # any touchable thing, in play and setup
    icon_button: int = 56   # setup's up / down / remove, the "?" rule button
    primary: int = 64       # the one obvious action of a screen
    gap: int = 8            # between two targets: a miss lands on nothing, never on the neighbour


TOUCH = Touch()
RADIUS = 16  # rounded corners of panels and buttons


@dataclass(frozen=True)
class Motion:
    """Durations in seconds (none over 1.5: an animation explains, it never makes anyone wait) and easing
    names as Kivy's AnimationTransition spells them."""

    quick: float = 0.15      # a press, a slot filling
    short: float = 0.3       # a panel coming in, a clue slot's click
    medium: float = 0.6      # a key flying to a chip, a splash
    long: float = 1.0        # coins stacking, a round's title card
    celebration: float = 1.5  # the podium
    enter: str = "out_cubic"  # things arriving decelerate
    leave: str = "in_cubic"   # things leaving accelerate
    move: str = "in_out_sine"  # from one place to another
    bounce: str = "out_back"  # a key landing in its chip
    pulse: str = "in_out_quad"  # the last ten seconds' warning


MOTION = Motion()
MAX_DURATION = 1.5


def reduce_motion(settings) -> bool:
    """The "reduce motion" setting: end states at once, no flying, no pulsing (a setting an earlier
    configuration file lacks reads as off)."""
    return bool(getattr(settings, "reduce_motion", False))


def duration(seconds: float, settings=None) -> float:
    """``seconds`` capped at 1.5, or 0 when the table asked for reduced motion."""
    if settings is not None and reduce_motion(settings):
        return 0.0
    return min(seconds, MAX_DURATION)


def scale(profile) -> float:
    """The factor of a display profile (1 at 800×480); ``profile`` is a DisplayProfile or None."""
    return 1.0 if profile is None else profile.scale


def px(size: float, profile=None) -> int:
    """A token's size in px on ``profile``'s screen (whole pixels: text is crisper)."""
    return round(size * scale(profile))


def colour(name: str, alpha: float = 1.0) -> RGBA:
    """A role's colour for Kivy: ``colour("accent")``."""
    return hex_rgba(role(name), alpha)


def player_colour(colour_id: str) -> RGBA | None:
    code = player_hex(colour_id)
    return None if code is None else hex_rgba(code)


def space_colour(space: str) -> RGBA:
    return hex_rgba(SPACE_COLOURS[space])


def as_dict() -> dict:
    """Every token, for the docs' specimen and for tools."""
    return {
        "roles": {f.name: getattr(ROLES, f.name) for f in fields(ROLES)},
        "players": dict(PLAYER_COLOURS),
        "spaces": dict(SPACE_COLOURS),
        "type": {f.name: getattr(TYPE, f.name) for f in fields(TYPE)},
        "spacing": {f.name: getattr(SPACE, f.name) for f in fields(SPACE)},
        "touch": {f.name: getattr(TOUCH, f.name) for f in fields(TOUCH)},
        "motion": {f.name: getattr(MOTION, f.name) for f in fields(MOTION)},
    }
