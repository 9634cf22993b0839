"""The sea fortress at dusk: colours by role. Every colour is a hex code here and nowhere else.

Chosen with the checks of ``contrast`` (text ≥ 4.5:1 on every background) and ``cvd`` (the meanings
and the players stay apart under deuteranopia, protanopia and tritanopia): tests/test_design_palette.py
holds both, so a colour changed here that breaks either fails the tests.
"""

from __future__ import annotations

from dataclasses import dataclass

RGBA = tuple[float, float, float, float]


def hex_rgba(code: str, alpha: float = 1.0) -> RGBA:
    code = code.lstrip("#")
    return (int(code[0:2], 16) / 255, int(code[2:4], 16) / 255, int(code[4:6], 16) / 255, alpha)


def rgba_hex(rgba: tuple[float, ...]) -> str:
    return "".join(f"{round(c * 255):02x}" for c in rgba[:3])


# The materials of the fortress: the raw colours the roles below are made of (and the art is drawn with).
DUSK_SEA = "0e2638"       # the Atlantic after sunset
DEEP_SEA = "081826"
TWILIGHT = "1b2140"       # the sky over the fortress, indigo
STRONGROOM = "22180f"     # the treasure room's dark oak and shadow
SEA_PANEL = "173a52"      # a raised panel on the sea
SEA_PANEL_HIGH = "21506e"
LIMESTONE = "cbbb9f"      # the fortress's walls in the last light
WEATHERED = "74654f"      # stone in shadow
GOLD = "f2c14e"           # Boyard coins, keys, the lantern
GOLD_DEEP = "b8861b"
PARCHMENT = "f6f1e7"      # text: warm white, not glaring
MIST = "c8cdd3"           # quieter text
INK = "17130f"            # text on light colours
LANTERN = "ffd98a"        # the riddle master's glow
SUNSET = "e98a4f"         # the horizon's last orange, for the art only
# A labyrinth castle (a game's own backdrops module): stone, torchlight, the wizard's blue.
CASTLE_STONE = "14161d"   # the castle's corridors, cold grey stone
TORCH = "e07a32"          # a torch's flame and its light on the walls, for the art only
MERLIN_NIGHT = "141a3c"   # the Chamber of Merlin's vault
MERLIN_BLUE = "3b5bd6"    # the magic's glow round the throne, for the art only
MERLIN_PANEL = "263585"   # a panel in Merlin's blue: the question he asks
PLANK = "4a3220"          # a treehouse's boards, a turn's strip of steps (text at 4.5:1 on it)


@dataclass(frozen=True)
class Roles:
    """What each colour is for. Screens ask for a role, never for a hex code."""

    background: str          # home, settings, history
    background_keys: str     # round 1
    background_clues: str    # round 2
    background_treasure: str # round 3
    background_castle: str   # the labyrinth castle and its dungeon
    background_merlin: str   # the wizard's chamber
    surface: str             # panels and quiet buttons
    surface_high: str        # a panel on a panel, a pressed state
    surface_merlin: str      # the wizard's blue, for what his chamber asks (the question, the Challenge)
    stone: str               # secondary buttons (cancel, back)
    stone_dark: str
    text: str
    text_muted: str          # second-rank text: still ≥ 4.5:1 everywhere
    text_on_light: str       # on gold, stone, player colours that are light
    accent: str              # gold: the one main action of a screen (and titles as text), nothing else
    selection: str           # a chosen option (a toggle's segment, a picked item): ivory, ink text, ✓
    success: str             # ✓ réussi: a light sea green, text in ink
    failure: str             # ✗ raté: a deep brick red, text in parchment
    warning: str             # the hourglass's last ten seconds
    danger: str              # destructive actions (always confirmed)


ROLES = Roles(
    background=DUSK_SEA,
    background_keys=DUSK_SEA,
    background_clues=TWILIGHT,
    background_treasure=STRONGROOM,
    background_castle=CASTLE_STONE,
    background_merlin=MERLIN_NIGHT,
    surface=SEA_PANEL,
    surface_high=SEA_PANEL_HIGH,
    surface_merlin=MERLIN_PANEL,
    stone=LIMESTONE,
    stone_dark=WEATHERED,
    text=PARCHMENT,
    text_muted=MIST,
    text_on_light=INK,
    accent=GOLD,
    selection=PARCHMENT,
    success="4fd1a5",
    failure="a3241c",
    warning="ff9f1c",
    danger="c2362b",
)

# Where text is written: every text role below must reach 4.5:1 on every one of these (checked).
BACKGROUND_ROLES = ("background", "background_keys", "background_clues", "background_treasure",
                    "background_castle", "background_merlin", "surface", "surface_high", "surface_merlin")
TEXT_ROLES = ("text", "text_muted", "accent")
ROUND_BACKGROUNDS = {1: "background_keys", 2: "background_clues", 3: "background_treasure"}

# The players: six colours that stay apart under the three colour-vision deficiencies (ΔE ≥ 20, see
# cvd.py), stand out on each round's background (≥ 3:1, WCAG's non-text contrast; on a raised surface a
# player's disc gets a parchment ring), carry an initial in ink at ≥ 4.5:1 (a current player's chip is
# filled with their colour, ink on it), and none reads as the main action's gold (ΔE ≥ 20 from it in
# normal vision, ≥ 15 under every deficiency: cvd.GOLD_DELTA_E). The id is what saved games store.
PLAYER_COLOURS: tuple[tuple[str, str], ...] = (
    ("coral", "e4572e"),
    ("mint", "99cc99"),
    ("lagoon", "1b998b"),
    ("violet", "a56ef0"),
    ("lilac", "d7b5ff"),
    ("chalk", "eeffff"),
)
# The colour names of earlier versions, kept in saved games: each becomes one of today's, one for one
# (the six of the first versions, and "sun" and "sky" of the December palette: sun was too near the
# main action's gold, and there is no room for seven colours ΔE 20 apart).
LEGACY_PLAYER_COLOURS = {"orange": "chalk", "green": "lagoon", "yellow": "mint", "vermillion": "coral",
                         "purple": "violet", "sky": "lilac", "sun": "mint"}
PLAYER_NAMES = {
    "coral": {"fr": "corail", "en": "coral"},
    "mint": {"fr": "menthe", "en": "mint"},
    "lagoon": {"fr": "lagon", "en": "lagoon"},
    "violet": {"fr": "violet", "en": "violet"},
    "lilac": {"fr": "lilas", "en": "lilac"},
    "chalk": {"fr": "craie", "en": "chalk"},
}

# The board's seven spaces: a colour each, always shown with the space's icon and word. Each is a hue no
# player and no main action has (ΔE ≥ 28 from every player colour and from gold in normal vision:
# cvd.PLAYER_SPACE_DELTA_E), so a child does not read "Duel" as the coral player's button or
# "Passe-partout" as the main action.
SPACE_COLOURS = {
    "door": "746848",           # weathered oak at dusk
    "concentration": "186cb8",  # the sky's last blue
    "force": "84140c",          # deep blood red
    "duel": "984c74",           # dusty rose, the fencer's sash
    "enigme": "2028a8",         # ink blue, the riddle's night
    "prison": "503c40",         # rusted iron
    "passe_partout": "640858",  # plum, the keyholder's velvet
}

# The podium's three medals, a band along the top of each step (the steps themselves one quiet material:
# gold fills only the main action): gold, silver, bronze, darkened to the dusk.
PODIUM_STEPS = {1: "b8861b", 2: "7d8a99", 3: "9a5b2e"}

# Pairs whose colour carries a meaning at a glance: they must stay apart under every deficiency.
MEANING_PAIRS = (("success", "failure"), ("accent", "danger"), ("warning", "failure"), ("accent", "selection"))


def role(name: str) -> str:
    """The hex code of a role (``role("accent")``); an unknown role is a programming error."""
    return getattr(ROLES, name)


def player_hex(colour_id: str) -> str | None:
    """The hex code of a player's colour id (today's or an earlier version's), None when unknown."""
    colour_id = LEGACY_PLAYER_COLOURS.get(colour_id, colour_id)
    return dict(PLAYER_COLOURS).get(colour_id)
