"""A companion card drawn before the table switches language stays on the screen: the same card in the new
language when it has it, else the card in the language it was drawn in (docs/content.md, "Ids")."""

from __future__ import annotations

import pytest

from companion.app.controller import Controller, PlayerSetup
from companion.app.games.fort_boyard.cards import DECK_KINDS
from companion.app.games.fort_boyard.ui import new_game
from companion.app.settings import Settings
from companion.app.table.language import Translator
from companion.content import load_library
from companion.content.library import builtin_pack_dir
from companion.session import GameSession
from companion.store import GameLog


@pytest.fixture(scope="module")
def library():
    library = load_library([builtin_pack_dir()])
    assert not library.refused, library.refused
    return library


def riddles(library, language: str) -> dict:
    return {r.id: r for r in library.items("riddles", language)}


def riddle_on_the_table(library, path, card: str, language: str = "fr", level: str = "mixed") -> Controller:
    """A game in ``language`` on the Énigme, the companion's riddle ``card`` drawn."""
    c = Controller(GameSession(GameLog(path)), Settings(language=language), library, Translator(language))
    decks = {d: "companion" for d in DECK_KINDS} | {"enigme": "physical"}  # the test names the card itself
    assert new_game(c, [PlayerSetup("Ann", "orange"), PlayerSetup("Bob", "sky")], "Ann", "red", decks,
                      seed=7, level=level)["ok"]
    assert c.send({"cmd": "land", "space": "enigme"})["ok"]
    assert c.send({"cmd": "card", "deck": "enigme", "card": card})["ok"]
    return c


def test_a_riddle_drawn_in_french_is_the_same_riddle_in_english_after_a_switch(library, tmp_path):
    assert "moon" in riddles(library, "fr") and "moon" in riddles(library, "en")
    c = riddle_on_the_table(library, tmp_path / "g.db", "moon")
    assert c.game_part.card_item().answer == "lune"
    c.tr.set_language("en")
    assert c.game_part.card_item().answer == "moon"
    c.tr.set_language("fr")
    assert c.game_part.card_item().answer == "lune"


def test_a_riddle_written_for_french_only_stays_in_french_until_answered(library, tmp_path):
    assert "snow" in riddles(library, "fr") and "snow" not in riddles(library, "en")
    c = riddle_on_the_table(library, tmp_path / "g.db", "snow")
    c.tr.set_language("en")
    riddle = c.game_part.card_item()
    assert riddle is not None and riddle.answer == "neige"


def test_a_riddle_drawn_in_english_only_stays_in_english_in_a_french_game(library, tmp_path):
    # the table started in French, switched to English, drew an English-only riddle, switched back
    assert "dragon" in riddles(library, "en") and "dragon" not in riddles(library, "fr")
    c = riddle_on_the_table(library, tmp_path / "g.db", "dragon", language="en")
    c.tr.set_language("fr")
    assert c.game_part.card_item().answer == "dragon"


def test_the_games_level_does_not_hide_the_drawn_riddle_in_the_other_language(library, tmp_path):
    # "anchor" is hard in French (ancre, encre) and easy in English: a hard game drew it in French
    assert (riddles(library, "fr")["anchor"].level, riddles(library, "en")["anchor"].level) == ("hard", "easy")
    c = riddle_on_the_table(library, tmp_path / "g.db", "anchor", level="hard")
    c.tr.set_language("en")
    assert c.game_part.card_item().answer == "anchor"


def test_a_resumed_game_shows_its_riddle_in_the_language_the_app_now_speaks(library, tmp_path):
    path = tmp_path / "g.db"
    riddle_on_the_table(library, path, "snow").session.log.close()
    again = Controller(GameSession(GameLog(path)), Settings(language="en"), library, Translator("en"))
    assert again.view["card"] == {"deck": "enigme", "id": "snow"}
    assert again.game_part.card_item().answer == "neige"
