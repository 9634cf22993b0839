"""Content packs: Père Fouras's riddles and lines, code words, challenges and duel questions.

Packs are folders of TOML files (see ``docs/content.md``); :func:`load_library` reads the built-in
pack and the user's packs, keeping the valid ones and saying why the others were refused.
"""

from companion.content.library import Library, RefusedPack, load_library
from companion.content.loader import Pack, read_pack
from companion.content.matching import is_accepted
from companion.content.problems import ContentError, Problem
from companion.content.schema import (
    CodeWord, ConcentrationChallenge, DuelQuestion, ForceChallenge, FourasLine, Riddle,
)
from companion.content.validate import check_pack, load_pack

__all__ = [
    "CodeWord", "ConcentrationChallenge", "ContentError", "DuelQuestion", "ForceChallenge",
    "FourasLine", "Library", "Pack", "Problem", "RefusedPack", "Riddle", "check_pack",
    "is_accepted", "load_library", "load_pack", "read_pack",
]
