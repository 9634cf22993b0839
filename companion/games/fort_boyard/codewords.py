"""Code words dealt by the companion (Round 2): the table's choices at ``new``, the levels, the deal.

Pure like the rest of the rules: the words themselves come in the ``deal`` field of a command, chosen by
an adapter from the content packs (companion.codewords); the rules check them and record them as events,
so that a replay reads the words from the log and never from the content files of the day.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.engine.core import Event, Refusal
from companion.games.fort_boyard import events as ev
from companion.games.fort_boyard.model import (
    CLUES_TO_END_ROUND_2,
    CODE_WORD_SOURCES,
    LANGUAGES,
    LEVELS,
    GameState,
    Phase,
)

MAX_WORD_LENGTH = 64
"""A code word, an alternative, a typed proposal: a word or two, never a page."""
MAX_CLUE_LENGTH = 200
MAX_ALTERNATIVES = 32


def settings_events(cmd: Mapping[str, Any], names: list[str]) -> list[Event]:
    """The ``new`` command's ``code_words``, ``levels`` and ``language``: one event with companion code
    words, none with the cards (the game then records exactly what it recorded before)."""
    source = cmd.get("code_words", "cards")
    if source not in CODE_WORD_SOURCES:
        raise Refusal("bad_field", f"new: field 'code_words' must be one of {', '.join(CODE_WORD_SOURCES)}, got {source!r}.")
    levels = cmd.get("levels", {})
    language = cmd.get("language", "fr")
    if source == "cards":
        if levels:
            raise Refusal("bad_field", "new: field 'levels': levels are for code words dealt by the companion "
                                       "(\"code_words\": \"companion\"); with the cards, the table reads them.")
        return []
    if language not in LANGUAGES:
        raise Refusal("bad_field", f"new: field 'language' must be one of {', '.join(LANGUAGES)}, got {language!r}.")
    if not isinstance(levels, dict):
        raise Refusal("bad_field", "new: field 'levels' must be an object such as {\"Ann\": \"hard\"}.")
    chosen = {}
    for name, level in levels.items():
        player = name.strip() if isinstance(name, str) else name
        if player not in names:
            raise Refusal("unknown_player", f"new: levels: {name!r} is not one of the players.")
        if level not in LEVELS:
            raise Refusal("bad_field", f"new: levels: {player}'s level must be easy or hard, got {level!r}.")
        chosen[player] = level
    return [ev.CodeWordsChosen("companion", language, {n: chosen.get(n, "easy") for n in names})]


def before_first_clue(state: GameState) -> bool:
    return state.code_words == "companion" and (state.round == 1 or state.phase == Phase.DEAL)


def level_event(state: GameState, cmd: Mapping[str, Any], player: int) -> Event:
    """``{"cmd": "level", "player": NAME, "level": "easy"|"hard"}``: before the first clue only."""
    if state.code_words != "companion":
        raise Refusal("wrong_phase", "level: this game plays with the printed cards; their level is the table's.")
    if not before_first_clue(state):
        raise Refusal("wrong_phase", "level: the levels are chosen before the first clue; Round 2 has begun.")
    level = cmd.get("level")
    if level not in LEVELS:
        raise Refusal("bad_field", f"level: field 'level' must be easy or hard, got {level!r}.")
    return ev.LevelChosen(state.players[player].name, level)


def _text(value: Any, where: str, limit: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise Refusal("bad_field", f"deal: {where} must be a text, got {value!r}.")
    if len(value) > limit:
        raise Refusal("bad_field", f"deal: {where} is longer than {limit} characters.")
    return value.strip()


def _texts(value: Any, where: str, limit: int, most: int) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > most:
        raise Refusal("bad_field", f"deal: {where} must be a list of at most {most} texts, got {value!r}.")
    return tuple(_text(v, f"{where}[{i}]", limit) for i, v in enumerate(value))


def dealt_events(state: GameState, raw: Any) -> list[Event]:
    """The ``deal`` field: ``{NAME: {"id", "word", "clues": [4 clues of their level], "accept", "reject"}}``
    for every player; no word twice at the table."""
    names = [p.name for p in state.players]
    if not isinstance(raw, dict) or sorted(raw) != sorted(names):
        raise Refusal("bad_field", f"deal: field 'deal' must give a code word to each player: {', '.join(names)}.")
    out: list[Event] = []
    seen: dict[tuple[str, str], str] = {}
    for p in state.players:
        entry = raw[p.name]
        if not isinstance(entry, dict):
            raise Refusal("bad_field", f"deal: {p.name}: must be an object with id, word and clues.")
        where = f"{p.name}'s"
        card_id = _text(entry.get("id"), f"{where} id", MAX_WORD_LENGTH)
        word = _text(entry.get("word"), f"{where} word", MAX_WORD_LENGTH)
        clues = _texts(entry.get("clues"), f"{where} clues", MAX_CLUE_LENGTH, CLUES_TO_END_ROUND_2)
        if len(clues) != CLUES_TO_END_ROUND_2:
            raise Refusal("bad_field", f"deal: {where} clues: {CLUES_TO_END_ROUND_2} clues are needed, got {len(clues)}.")
        accept = _texts(entry.get("accept", []), f"{where} accept", MAX_WORD_LENGTH, MAX_ALTERNATIVES)
        reject = _texts(entry.get("reject", []), f"{where} reject", MAX_WORD_LENGTH, MAX_ALTERNATIVES)
        for key in (("id", card_id), ("word", word.casefold())):
            if key in seen:
                raise Refusal("bad_field", f"deal: {p.name} and {seen[key]} were dealt the same word; no word repeats at one table.")
            seen[key] = p.name
        out.append(ev.CodeWordDealt(p.name, card_id, word, p.level or "easy", clues, accept, reject))
    return out


def typed_proposal(state: GameState, cmd: Mapping[str, Any], player: int) -> tuple[bool, Event | None]:
    """Whether a ``propose`` counts, and the event of the typed word when there is one.

    ``correct`` (the table's say) always decides when given. Without it, ``word`` is the player's typed
    proposal and ``accepted`` the answer matcher's verdict, which the session adds (the matcher reads
    word lists, so the pure rules cannot run it)."""
    word, correct, accepted = cmd.get("word"), cmd.get("correct"), cmd.get("accepted")
    if correct is not None and not isinstance(correct, bool):
        raise Refusal("bad_field", f"propose: field 'correct' must be true or false, got {correct!r}.")
    if word is None:
        if correct is None:
            raise Refusal("bad_field", "propose: field 'correct' must be true or false, got None.")
        return correct, None
    p = state.players[player]
    if p.code_word is None:
        if correct is None:
            raise Refusal("bad_field", "propose: the companion does not hold this code word (the game plays with "
                                       "the printed cards): say whether it was right with 'correct'.")
    if not isinstance(word, str) or not word.strip() or len(word) > MAX_WORD_LENGTH:
        raise Refusal("bad_field", f"propose: field 'word' must be a text of 1 to {MAX_WORD_LENGTH} characters.")
    if accepted is not None and not isinstance(accepted, bool):
        raise Refusal("bad_field", f"propose: field 'accepted' must be true or false, got {accepted!r}.")
    if correct is None and accepted is None:
        raise Refusal("bad_field", "propose: the typed word has no verdict: the session judges it ('accepted'), "
                                   "or the table says 'correct'.")
    return (accepted if correct is None else correct), ev.CodeWordTyped(p.name, word.strip(), accepted)
