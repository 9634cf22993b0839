"""Everything that can happen in a Fort Boyard game. Events are what the game log keeps and replays."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from companion.engine.core import Event, event_family

_ev = event_family('')


@_ev("game_started")
class GameStarted(Event):
    game: str
    players: tuple[str, ...]
    seed: int
    house_rules: dict[str, Any] = field(default_factory=dict)


@_ev("code_words_chosen")
class CodeWordsChosen(Event):
    """The companion deals the code words from its packs (in ``language``), at these levels."""

    source: str
    language: str
    levels: dict[str, str]


@_ev("level_chosen")
class LevelChosen(Event):
    """'Decide together the difficulty level of each player's Code Word before giving the first Clue.'"""

    player: str
    level: str


@_ev("code_word_dealt")
class CodeWordDealt(Event):
    """The word the companion dealt to ``player`` when Round 2 started, with everything needed to play it:
    the log keeps it, so a replay never reads the content files."""

    player: str
    id: str
    word: str
    level: str
    clues: tuple[str, ...]
    accept: tuple[str, ...] = ()
    reject: tuple[str, ...] = ()


@_ev("code_word_typed")
class CodeWordTyped(Event):
    """Round 3: what the player typed as their code word (the verdict follows in code_word_proposed)."""

    player: str
    typed: str
    accepted: bool | None = None
    """The answer matcher's verdict, when the companion judged it (the table may overrule it)."""


@_ev("dice_rolled")
class DiceRolled(Event):
    """One roll-off for the first player; ties among the highest roll again."""

    rolls: dict[str, int]


@_ev("first_player_chosen")
class FirstPlayerChosen(Event):
    player: str
    by: str  # "dice" or "players"


@_ev("round_started")
class RoundStarted(Event):
    round: int
    first: str | None


@_ev("turn_started")
class TurnStarted(Event):
    player: str


@_ev("turn_skipped")
class TurnSkipped(Event):
    """A prisoner passes this turn."""

    player: str


@_ev("landed")
class Landed(Event):
    player: str
    space: str
    via_passe_partout: bool = False


@_ev("stake_chosen")
class StakeChosen(Event):
    player: str
    stake: str


@_ev("opponent_named")
class OpponentNamed(Event):
    player: str
    opponent: str


@_ev("challenge_result")
class ChallengeResult(Event):
    player: str
    space: str
    success: bool


@_ev("card_drawn")
class CardDrawn(Event):
    """The companion drew a card of its own deck for this turn (physical cards are not recorded)."""

    player: str
    deck: str  # "concentration", "force", "duel" or "enigme"
    card: str  # the card's id in the content packs


@_ev("duel_result")
class DuelResult(Event):
    winner: str
    loser: str
    stake: str
    buzzers: dict | None = None
    """How buzzers settled it, when they did: mode, seed, delay, every press with its gap (kept for
    history; the rules only use the winner)."""


@_ev("key_won")
class KeyWon(Event):
    """A key moves to ``player`` from the stock or from another player (``source`` is their name)."""

    player: str
    source: str  # "stock" or a player's name
    reason: str = ""


@_ev("key_unavailable")
class KeyUnavailable(Event):
    """The stock is empty: the key that would have been won stays a wish."""

    player: str
    reason: str = ""


@_ev("clue_won")
class ClueWon(Event):
    player: str
    reason: str = ""


@_ev("riddle_failed")
class RiddleFailed(Event):
    """Père Fouras throws the Key (or the Clue) into the sea."""

    player: str
    stake: str


@_ev("dived")
class Dived(Event):
    player: str
    stake: str


@_ev("abandoned")
class Abandoned(Event):
    player: str
    stake: str


@_ev("dive_progressed")
class DiveProgressed(Event):
    player: str
    reached: bool


@_ev("imprisoned")
class Imprisoned(Event):
    player: str


@_ev("turn_ended")
class TurnEnded(Event):
    player: str


@_ev("round_ended")
class RoundEnded(Event):
    round: int
    player: str  # who won the 3rd key / the 4th clue
    reason: str


@_ev("player_out")
class PlayerOut(Event):
    """Round 3: no key, no Treasure Room."""

    player: str


@_ev("proposal_turn")
class ProposalTurn(Event):
    player: str


@_ev("key_paid")
class KeyPaid(Event):
    """A key goes back to the stock in exchange for a new code-word proposal."""

    player: str


@_ev("code_word_proposed")
class CodeWordProposed(Event):
    player: str
    correct: bool


@_ev("may_propose_again")
class MayProposeAgain(Event):
    player: str


@_ev("eliminated")
class Eliminated(Event):
    player: str
    reason: str  # "wrong_code_word" (1 key left) or "passed"


@_ev("code_word_found")
class CodeWordFound(Event):
    player: str


@_ev("draw_turn")
class DrawTurn(Event):
    player: str
    draws: int


@_ev("handful_drawn")
class HandfulDrawn(Event):
    player: str
    tokens: dict[str, int]
    value: int
    tags: tuple[str, ...] = ()
    """The RFID tags of the tokens scanned into this handful, when a reader counted them: a token scanned
    again in a later handful is recognised, after a restart too (the rules only use the counts)."""


@_ev("game_over")
class GameOver(Event):
    winners: tuple[str, ...]
    scores: dict[str, int]
