"""The state of a Fort Boyard game: frozen dataclasses, in the rulebook's own words."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

from companion.engine.core import evolve

GAME = "fort-boyard"

KEY_STOCK = 20
"""'20 keys' (Components). Keys move between the stock and the players; they are never created or lost."""

MIN_PLAYERS, MAX_PLAYERS = 2, 6
"""'6 pawns'; a game needs someone to duel."""

KEYS_TO_END_ROUND_1 = 3
CLUES_TO_END_ROUND_2 = 4

SPACES = ("door", "concentration", "force", "duel", "enigme", "prison", "passe_partout")

TOKEN_KINDS = ("pebble", "10", "20", "50")
TOKEN_VALUES = {"pebble": 0, "10": 10, "20": 20, "50": 50}
BAG = {"pebble": 10, "10": 60, "20": 20, "50": 10}
"""'100 Boyard tokens: 10 pebble tokens, 60 tokens worth 10, 20 worth 20, 10 worth 50'."""

STAKES = ("key", "clue")

DECKS = ("concentration", "force", "duel", "enigme")
"""The decks whose cards the companion can draw from its own content."""

CODE_WORD_SOURCES = ("cards", "companion")
"""Where the code words come from: the printed INDICES/MOT-CODE cards, or the companion's packs."""
LEVELS = ("easy", "hard")
"""'2 difficulty levels on the INDICES/MOT-CODE cards' (Round 2)."""
LANGUAGES = ("fr", "en")


class Status:
    """A player's status (the ``status`` field of the state)."""

    PLAYING = "playing"          # Rounds 1-2: plays normally
    PRISON = "prison"            # Rounds 1-2: their next turn is skipped
    DIVING = "diving"            # Rounds 1-2: swimming along the submerged track after a failed riddle
    WAITING = "waiting"          # Round 3: has yet to propose their code word
    TREASURE = "treasure"        # Round 3: found their code word, in the Treasure Room
    ELIMINATED = "eliminated"    # Round 3: did not find their code word
    OUT = "out"                  # Round 3: had no key, cannot enter the Treasure Room


class Phase:
    """What the engine waits for (the ``phase`` field of the state)."""

    NO_GAME = "no_game"
    LAND = "land"                    # the current player rolls and says where their pawn landed
    PASSE_PARTOUT = "passe_partout"  # the current player chooses the space to move to
    CHALLENGE = "challenge"          # Concentration or Force under way: result success
    DUEL_STAKE = "duel_stake"        # Round 2 Duel: Key or Clue, said before the opponent
    DUEL_OPPONENT = "duel_opponent"  # Duel: name the opponent
    DUEL_RESULT = "duel_result"      # Duel under way: result winner
    ENIGME_STAKE = "enigme_stake"    # Round 2 Énigme: Key or Clue, said before the reading
    ENIGME = "enigme"                # riddle under way: result success
    SEA = "sea"                      # the riddle failed: dive or abandon
    DIVE = "dive"                    # a diving player's turn: reached the sunken Key or not
    PROPOSE = "propose"              # Round 3: the current player proposes their code word
    PROPOSE_AGAIN = "propose_again"  # Round 3: wrong answer with 2+ keys: propose again (1 key) or pass
    DEAL = "deal"                    # Round 2 starts with companion code words: their words (deal)
    DRAW = "draw"                    # Round 3: the current player draws a handful from the bag
    OVER = "over"


EXPECTS: dict[str, tuple[str, ...]] = {
    Phase.NO_GAME: (),
    Phase.LAND: ("land",),
    Phase.PASSE_PARTOUT: ("land",),
    Phase.CHALLENGE: ("result", "card"),
    Phase.DUEL_STAKE: ("stake",),
    Phase.DUEL_OPPONENT: ("opponent",),
    Phase.DUEL_RESULT: ("result", "card"),
    Phase.ENIGME_STAKE: ("stake",),
    Phase.ENIGME: ("result", "card"),
    Phase.SEA: ("sea",),
    Phase.DIVE: ("dive",),
    Phase.PROPOSE: ("propose",),
    Phase.PROPOSE_AGAIN: ("propose", "pass"),
    Phase.DRAW: ("draw",),
    Phase.DEAL: ("deal",),
    Phase.OVER: (),
}


@dataclass(frozen=True)
class HouseRules:
    """Readings of the rulebook that a table may choose (see docs/rules.md)."""

    duel_clue_to_opponent: str = "clue"
    """Round 2 Duel with a Clue stake won by the opponent: the opponent wins a 'clue', a 'key' (as in
    Round 1) or 'nothing'."""

    prison_carries_over: bool = False
    """A Prison turn still to be skipped when a round ends is kept into the next round (True) or
    forgotten as the pawns go back to DÉPART (False)."""

    @staticmethod
    def allowed() -> dict[str, tuple[Any, ...]]:
        return {"duel_clue_to_opponent": ("clue", "key", "nothing"), "prison_carries_over": (True, False)}

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "HouseRules":
        return cls(**{k: v for k, v in data.items() if k in cls.allowed()})


@dataclass(frozen=True)
class CodeWordCard:
    """A code word the companion dealt to a player, as recorded in the log: the word, its accepted
    alternatives and near misses, and its four clues of the player's level, in the order they are revealed."""

    id: str
    word: str
    level: str
    clues: tuple[str, ...]
    accept: tuple[str, ...] = ()
    reject: tuple[str, ...] = ()

    @property
    def answers(self) -> tuple[str, ...]:
        return (self.word, *self.accept)


@dataclass(frozen=True)
class Player:
    name: str
    keys: int = 0
    clues: int = 0
    boyards: int = 0
    status: str = Status.PLAYING
    dive_stake: str | None = None
    """While diving: what Père Fouras threw into the sea ('key' or 'clue')."""
    draws_left: int = 0
    handfuls: tuple[tuple[int, int, int, int], ...] = ()
    """Round 3: each handful as counts of (pebble, 10, 20, 50)."""
    proposals: int = 0
    level: str | None = None
    """With companion code words: 'easy' or 'hard', chosen before the first clue."""
    code_word: CodeWordCard | None = None
    """With companion code words: the word dealt when Round 2 started."""
    last_typed: str | None = None
    last_verdict: bool | None = None
    """Round 3: what the player last typed (with companion code words) and whether it counted."""

    @property
    def clue_texts(self) -> tuple[str, ...]:
        """The clues revealed so far: one per clue won, in order."""
        return self.code_word.clues[: self.clues] if self.code_word else ()


@dataclass(frozen=True)
class GameState:
    players: tuple[Player, ...] = ()
    seed: int | None = None
    house_rules: HouseRules = HouseRules()
    round: int | None = None
    phase: str = Phase.NO_GAME
    current: int | None = None
    """Index of the player whose turn, proposal or draw it is."""
    stock_keys: int = KEY_STOCK
    first: int | None = None
    """Index of the player who started the game."""
    space: str | None = None
    """The space being resolved this turn."""
    via_passe_partout: bool = False
    stake: str | None = None
    opponent: int | None = None
    round_winner: int | None = None
    """Who ended the last round (3rd key, 4th clue)."""
    winners: tuple[str, ...] = ()
    turns: int = 0
    card: tuple[str, str] | None = None
    """The companion's card of this turn: (deck, card id)."""
    cards_drawn: tuple[tuple[str, str], ...] = ()
    """Every companion card drawn this game, in order: none is drawn twice."""
    code_words: str = "cards"
    """'cards' (the printed INDICES/MOT-CODE cards) or 'companion' (dealt from the packs)."""
    language: str = "fr"
    """The language of the companion's code words."""

    def index(self, name: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        return None

    def left_of(self, i: int) -> int:
        """The left-hand neighbour: the next player clockwise, in seating order."""
        return (i + 1) % len(self.players)

    def clockwise_from(self, i: int) -> list[int]:
        """Seat indices starting at ``i`` and going clockwise."""
        n = len(self.players)
        return [(i + k) % n for k in range(n)]

    def with_player(self, i: int, player: Player) -> "GameState":
        players = list(self.players)
        players[i] = player
        return evolve(self, players=tuple(players))
