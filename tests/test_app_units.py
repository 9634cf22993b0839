"""The app's parts that need no screen: controller, catalog, settings, hourglass."""

from __future__ import annotations

import pytest

from companion.app.controller import Controller, PlayerSetup
from companion.app.games.fort_boyard.cards import DECK_KINDS
from companion.app.games.fort_boyard.ui import new_game
from companion.app.table import catalogues
from companion.app.table.language import LANGUAGES, Translator, placeholders
from companion.app.settings import Settings, SettingsError, load_settings, save_settings
from companion.content import load_library
from companion.session import GameSession
from companion.store import GameLog
from tests.support import built_app


@pytest.fixture(scope="module")
def library():
    return load_library()


def controller(library, decks="companion", language="fr") -> Controller:
    c = Controller(GameSession(GameLog(":memory:")), Settings(language=language), library, Translator(language))
    new_game(c, [PlayerSetup("Ann", "orange"), PlayerSetup("Bob", "sky")], "Ann", "red",
               {d: decks for d in DECK_KINDS}, seed=11)
    return c


def test_every_string_exists_in_both_languages_with_the_same_placeholders():
    # on the gettext catalogues; plural forms and the register: tests/test_language.py
    french = catalogues.messages("fr")
    for code in LANGUAGES:
        messages = catalogues.messages(code)
        assert set(messages) == set(french), code
        for key, forms in messages.items():
            assert {frozenset(placeholders(f)) for f in forms} == {frozenset(placeholders(french[key][0]))}, (code, key)


def test_french_typography_keeps_punctuation_with_its_word():
    assert Translator("fr")("propose.title", player="Zoé") == "Zoé, ton mot-code\u00a0?"


def test_companion_deck_draws_a_card_recorded_in_the_log(library):
    c = controller(library)
    c.send({"cmd": "land", "space": "enigme"})
    card = c.view["card"]
    assert card["deck"] == "enigme"
    assert c.session.commands[-1] == {"cmd": "card", "deck": "enigme", "card": card["id"]}
    assert c.game_part.card_item().id == card["id"] and c.game_part.card_item().text


def test_resumed_game_shows_the_same_card(library, tmp_path):
    db = tmp_path / "g.sqlite3"
    c = Controller(GameSession(GameLog(db)), Settings(), library)
    new_game(c, [PlayerSetup("Ann", "orange"), PlayerSetup("Bob", "sky")], "Ann", "red", {"force": "companion"})
    c.send({"cmd": "land", "space": "force"})
    shown = c.game_part.card_item()
    c.session.log.close()
    again = Controller(GameSession(GameLog(db)), Settings(), library)
    assert again.game_part.card_item() == shown and again.game_part.deck_source("force") == "companion"


def test_companion_cards_do_not_repeat_within_a_game(library):
    c = controller(library)
    seen = []
    for _ in range(12):
        c.send({"cmd": "land", "space": "force"})
        seen.append(c.view["card"]["id"])
        c.send({"cmd": "result", "success": False})
    assert len(set(seen)) == len(seen)


def test_physical_deck_draws_no_card(library):
    c = controller(library, decks="physical")
    c.send({"cmd": "land", "space": "concentration"})
    assert c.view["card"] is None and c.game_part.card_item() is None and not c.game_part.deck_exhausted()


def test_exhausted_companion_deck_says_so(library):
    c = controller(library)
    total = len(library.items("force", "fr"))
    for _ in range(total):
        c.send({"cmd": "land", "space": "force"})
        c.send({"cmd": "result", "success": False})
    c.send({"cmd": "land", "space": "force"})
    assert c.view["card"] is None and c.game_part.deck_exhausted()


def test_undo_label_names_the_last_thing_done_not_the_card(library):
    c = controller(library, language="en")
    assert c.undo_label() is None
    c.send({"cmd": "land", "space": "duel"})
    c.send({"cmd": "opponent", "player": "Bob"})
    assert c.undo_label() == "Undo: opponent Bob"
    c.undo()
    assert c.view["phase"] == "duel_opponent" and c.view["card"] is None


def test_colours_chosen_at_the_table_are_kept_with_the_game(library):
    c = controller(library)
    assert c.colour_of("Ann") == "orange" and c.colour_of("Bob") == "sky"


def test_settings_round_trip_and_bad_values_name_the_key(tmp_path):
    path = tmp_path / "settings.toml"
    save_settings(Settings().changed(language="en", hourglass_seconds=45), path)
    assert load_settings(path) == Settings(language="en", hourglass_seconds=45)
    path.write_text('volume = 300\n')
    with pytest.raises(SettingsError, match="volume"):
        load_settings(path)
    path.write_text('colour = "red"\n')
    with pytest.raises(SettingsError, match="unknown setting 'colour'"):
        load_settings(path)
    path.write_text('language = \n')
    with pytest.raises(SettingsError, match=str(path)):
        load_settings(path)


def test_switched_off_pack_gives_no_cards(library):
    c = controller(library)
    c.settings = c.settings.changed(disabled_packs=[library.packs[0].id])
    c.send({"cmd": "land", "space": "force"})
    assert c.view["card"] is None and c.game_part.deck_exhausted()


def test_disabled_packs_are_saved_as_a_toml_list(tmp_path):
    path = tmp_path / "settings.toml"
    save_settings(Settings().changed(disabled_packs=["fort-boyard-fr-en", 'odd "name"']), path)
    assert load_settings(path).disabled_packs == ("fort-boyard-fr-en", 'odd "name"')


def test_a_broken_user_pack_does_not_stop_the_app_and_is_named(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    broken = tmp_path / "data" / "fort-boyard-companion" / "packs" / "family"
    broken.mkdir(parents=True)
    (broken / "pack.toml").write_text('id = "family"\nname = "Family riddles"\nversion = "1"\n')  # no license

    with built_app(tmp_path / "g.sqlite3", None) as app:
        assert [(n.key, n.params["pack"]) for n in app.notices] == [("notice.pack", "family")]
        assert "license" in app.notices[0].detail
        assert [p.id for p in app.library.packs] and "family" not in [p.id for p in app.library.packs]


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_companion_riddles_come_at_the_level_chosen_for_the_game(library, level):
    c = Controller(GameSession(GameLog(":memory:")), Settings(), library, Translator("fr"))
    new_game(c, [PlayerSetup("Ann", "orange"), PlayerSetup("Bob", "sky")], "Ann", "red", {"enigme": "companion"},
               seed=3, level=level)
    for _ in range(6):
        c.send({"cmd": "land", "space": "enigme"})
        assert c.game_part.card_item().level == level
        c.send({"cmd": "result", "success": False})
        c.send({"cmd": "sea", "choice": "abandon"})
        c.send({"cmd": "land", "space": "door"})


def test_a_question_duel_draws_a_question_even_with_the_games_cards(library):
    c = controller(library, decks="physical")
    c.send({"cmd": "land", "space": "duel"})
    c.send({"cmd": "opponent", "player": "Bob"})
    assert c.view["card"] is None
    answer = c.game_part.draw_card("duel")
    assert answer["ok"] and c.view["card"]["deck"] == "duel" and c.game_part.card_item().question
    assert c.game_part.draw_card("duel") is None  # one card per turn


def test_french_typesetting_keeps_punctuation_with_its_word_in_content_too():
    riddle = "Dis « Boyard ! » ; qui suis-je ?"
    assert Translator("fr").typeset(riddle) == "Dis «\u00a0Boyard\u00a0!\u00a0»\u00a0; qui suis-je\u00a0?"
    assert Translator("en").typeset(riddle) == riddle
