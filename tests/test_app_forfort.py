"""Forfort's screens through the real app at 800×480: a whole game played with the screens' buttons to the
podium (two taps an action), the armies' marches explained in words with undo, the standing strip, and every
Forfort screen legible in both languages (companion.app.legibility: 0 problems)."""

from __future__ import annotations

import pytest

from tests.support import app_harness

SHOTS = ("camps", "action", "build", "attack", "army", "siege", "combo", "pair", "pair-ram", "end-turn", "teams", "marches",
         "ending", "rules", "forfort-options", "forfort-house-rules", "forfort-podium", "podium-teams")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("forfort-app")) as h:
        yield h


def _cell(h, key: str):
    """The space ``key`` of the fort shown large."""
    return h.app.sm.get_screen("forfort_play").picture.cells[key]


def _two_taps(h, key: str, words: str) -> None:
    h.tap(_cell(h, key))
    h.tap(words)


def _start(h, language: str = "fr", players: int = 2):
    from companion.app.games.forfort.scenarios import fresh_game

    h.app.set_language(language)
    answer = fresh_game(h.app, players=players)
    assert answer["ok"], answer
    h.app.show_phase()
    h.settle(frames=4)
    return h.app.controller


def test_a_whole_game_is_played_with_the_screens_buttons_to_the_podium(harness):
    """Marie-Christine builds eight walls, one a turn (the corner with her camp covered too) while
    Jean-Baptiste builds in his: the eighth wall wins at once ('all 8 visible spaces occupied by walls')."""
    h = harness
    c = _start(h)
    assert h.app.sm.current == "forfort_play"
    _two_taps(h, "sw", "Mon campement ici")  # Marie-Christine's starting camp
    _two_taps(h, "ne", "Mon campement ici")  # Jean-Baptiste's
    assert c.view["phase"] == "action" and c.view["current"] == "Marie-Christine"
    for turn, space in enumerate(("nw", "n", "ne", "w", "e", "sw", "s", "se")):
        _two_taps(h, space, "Muraille protégée" if space == "n" else "Muraille")
        if c.view["phase"] == "over":
            break
        h.tap("Pas de paire")  # the question after each build: which pair did the wall make?
        h.tap("Piocher 1 · fin du tour")
        assert c.view["current"] == "Jean-Baptiste"
        _two_taps(h, ("nw", "n", "w", "e", "s", "se", "sw")[turn], "Muraille")
        h.tap("Pas de paire")
        h.tap("Piocher 1 · fin du tour")
    v = c.view
    assert v["phase"] == "over" and v["winners"] == ["Marie-Christine"] and v["won_by"] == "fort"
    assert h.app.sm.current == "forfort_podium"


def test_the_second_tap_offers_only_what_the_space_allows(harness):
    h = harness
    c = _start(h)
    _two_taps(h, "sw", "Mon campement ici")
    _two_taps(h, "ne", "Mon campement ici")
    screen = h.app.sm.get_screen("forfort_play")
    h.tap(_cell(h, "sw"))  # her own camp: a wall on it or nothing else (no camp on a full space)
    texts = {w.text for w in h.widgets(screen) if hasattr(w, "command")}
    assert texts == {"Muraille", "Muraille + pont-levis", "Muraille protégée", "Protégée + pont-levis"}
    h.tap(h.button("Muraille protégée"))
    assert c.view["players"][0]["fort"]["sw"] == {"top": "wall", "protected": True, "drawbridge": False, "covered": 1}
    assert c.view["phase"] == "end"  # a pair's double effects may follow, then the end of the turn


def test_an_opponents_fort_is_one_tap_away_and_an_army_goes_in_with_its_direction(harness):
    h = harness
    c = _start(h, players=3)
    for space in ("sw", "ne", "n"):
        _two_taps(h, space, "Mon campement ici")
    screen = h.app.sm.get_screen("forfort_play")
    small = next(w for w in h.widgets(screen) if getattr(w, "fort_of", None) == "Zoé")
    h.tap(small)
    assert screen.shown == "Zoé"
    _two_taps(h, "e", "Armée vers le bas")
    zoe = c.view["players"][2]
    assert zoe["fort"]["e"]["top"] == "army" and zoe["fort"]["e"]["direction"] == "s"
    assert zoe["fort"]["e"]["army_owner"] == "Marie-Christine"
    assert screen.shown is None  # the action made, the current player's fort is large again


def test_the_marches_that_start_a_turn_are_said_in_words_and_undone_with_it(harness):
    from companion.app.games.forfort.scenarios import SCENARIOS

    h = harness
    h.app.set_language("en")
    SCENARIOS["marches"](h.app)
    h.settle(frames=6)
    assert h.app.sm.current == "forfort_marches"
    said = [w.text for w in h.widgets(h.screen) if getattr(w, "role", None) == "march"]
    assert said == ["Maximilien’s army enters Zoé’s bottom-right space: the wall is destroyed."]
    c = h.app.controller
    assert c.view["current"] == "Maximilien"
    h.tap(h.screen.undo_button)
    assert c.view["current"] == "Zoé" and c.view["players"][2]["fort"]["se"]["top"] == "wall"
    assert h.app.sm.current == "forfort_play"


def test_the_end_of_turn_button_says_the_draw_it_makes(harness):
    """The turn's last step is 'Draw 1 wall card from your dungeon': the button says it, and does it."""
    h = harness
    c = _start(h, language="en")
    _two_taps(h, "sw", "My camp here")
    _two_taps(h, "ne", "My camp here")
    _two_taps(h, "nw", "Wall")
    h.tap("No pair")
    before = c.view["players"][0]["dungeon"]
    h.tap("Draw 1 · end turn")
    assert c.view["current"] == "Jean-Baptiste" and c.view["players"][0]["dungeon"] == before - 1


def test_an_empty_dungeon_is_said_with_whose_it_is_and_who_plays_last(harness):
    from companion.app.games.forfort.scenarios import SCENARIOS

    h = harness
    h.app.set_language("en")
    SCENARIOS["ending"](h.app)
    h.settle(frames=6)
    v = h.app.controller.view
    empty = [p["name"] for p in v["players"] if not p["dungeon"]]
    notice = [w.text for w in h.widgets(h.screen) if getattr(w, "role", None) == "ending"]
    assert len(notice) == 1 and notice[0].startswith(f"{empty[0]}’s dungeon is empty: last turn for ")


def test_an_opponents_name_with_no_hyphen_is_never_cut_inside_the_word(harness):
    """'Maximilien' beside his small fort was drawn 'Maximilie / n': a name with nowhere to break keeps one
    line (Jean-Baptiste still breaks after his hyphen)."""
    from companion.app.games.forfort.scenarios import SCENARIOS

    h = harness
    h.app.set_language("en")
    SCENARIOS["end-turn"](h.app)
    h.settle(frames=6)
    for name, lines in (("Maximilien", 1), ("Jean-Baptiste", 2)):
        small = next(w for w in h.widgets(h.screen) if getattr(w, "fort_of", None) == name)
        label = next(w for w in h.widgets(small) if getattr(w, "text", None) and name.split("-")[0] in w.text)
        label.texture_update()
        drawn = [line for line in label._label._cached_lines if any(word.text for word in line.words)]
        assert len(drawn) == lines, (name, [[w.text for w in line.words] for line in drawn])


def test_the_march_is_drawn_on_the_fort_it_went_through(harness):
    from companion.app.games.forfort.art import FortPicture, Step
    from companion.app.games.forfort.scenarios import SCENARIOS

    h = harness
    SCENARIOS["marches"](h.app)
    h.settle(frames=6)
    pictures = [w for w in h.widgets(h.screen) if isinstance(w, FortPicture)]
    assert [(p.player["name"], p.trail) for p in pictures] == [("Zoé", (Step("e", "se", "s", hit=True),))]


def test_the_podium_shows_how_each_score_was_made(harness):
    from companion.app.games.forfort.scenarios import SCENARIOS

    h = harness
    h.app.set_language("en")
    SCENARIOS["podium"](h.app)  # the game's own names
    h.settle(frames=6)
    v = h.app.controller.view
    rows = {w.text for w in h.widgets(h.screen) if getattr(w, "text", "").startswith("walls ")}
    assert rows == {f"walls {p['score_parts']['walls']}×2 · camps {p['score_parts']['camps']} · armies "
                    f"{p['score_parts']['armies']} · dungeon +{p['score_parts']['dungeon']}" for p in v["players"]}


def test_after_a_build_no_pair_is_the_one_way_to_let_the_pairs_go(harness):
    from companion.app.games.forfort.scenarios import SCENARIOS

    h = harness
    h.app.set_language("en")
    SCENARIOS["pair"](h.app)  # Marie-Christine has built: which pair did her wall make?
    h.settle(frames=6)
    texts = [w.text for w in h.widgets(h.screen) if getattr(w, "text", "")]
    assert texts.count("No pair") == 1 and "Draw 1 · end turn" not in texts
    h.tap("No pair")
    v = h.app.controller.view
    assert (v["phase"], v["combos"], "decline" in v["expects"]) == ("end", 0, False)


def test_a_pair_named_frames_only_the_spaces_its_effect_reaches(harness):
    from companion.app.games.forfort.choices import pairs_offered
    from companion.app.games.forfort.scenarios import SCENARIOS

    h = harness
    h.app.set_language("en")
    SCENARIOS["pair"](h.app)
    h.settle(frames=6)
    assert "ram" in pairs_offered(h.app.controller.view)
    h.tap("Rams")
    h.settle(frames=4)
    v = h.app.controller.view
    framed = {(p.player["name"], k) for p in h.widgets(h.screen) if hasattr(p, "cells")
              for k, cell in p.cells.items() if cell.target}
    fronts = {(o["name"], k) for o in v["players"] for k, n in v["lines"].get(o["name"], {}).items()
              if n == 1 and o["fort"][k]}
    assert framed == fronts  # every card on the opponents' front lines (double: even protected), nothing else


def test_the_large_fort_says_whose_it_is(harness):
    from companion.app.games.forfort.scenarios import SCENARIOS
    from companion.app.screens.kit import px

    h = harness
    h.app.set_language("en")
    for shot, owner in (("action", "Marie-Christine"), ("army", "Maximilien"), ("pair", "Marie-Christine")):
        SCENARIOS[shot](h.app)
        h.settle(frames=6)
        named = [w for w in h.widgets(h.screen) if getattr(w, "role", None) == "owner"]
        assert [w.text for w in named] == [owner], shot
        assert named[0].font_size >= px(24) - 0.5, shot  # read from the seats: at least 24 px


def test_a_teammates_fort_shown_large_says_what_may_be_done_there(harness):
    from companion.app.games.forfort.scenarios import SCENARIOS

    h = harness
    h.app.set_language("en")
    SCENARIOS["teams"](h.app)
    h.settle(frames=6)
    texts = [w.text for w in h.widgets(h.screen) if getattr(w, "text", "")]
    assert "Your team’s space: you may put a camp here or defeat an army here." in texts


def test_every_fort_has_its_score_dungeon_and_armies_in_the_strip(harness):
    from companion.app.games.forfort.scenarios import SCENARIOS

    h = harness
    h.app.set_language("fr")
    SCENARIOS["action"](h.app)
    h.settle(frames=6)
    v = h.app.controller.view
    chips = [w for w in h.widgets(h.screen) if getattr(w, "role", None) == "standing_chip"]
    assert sorted(ch.player_name for ch in chips) == sorted(p["name"] for p in v["players"])
    for chip in chips:
        p = next(q for q in v["players"] if q["name"] == chip.player_name)
        numbers = [w.text for w in h.widgets(chip) if getattr(w, "role", None) == "standing"]
        assert sorted(numbers) == sorted([str(p["score"]), str(p["dungeon"]), str(p["armies_left"])])


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("shot", SHOTS)
def test_every_forfort_screen_is_legible_from_across_the_table(harness, shot, language):
    from companion.app.legibility import check_shot
    from companion.app.scenarios import SCENARIOS, shot_name

    app = harness.app
    app.set_language(language)
    name = SCENARIOS[shot](app)
    harness.settle(frames=8)
    assert app.sm.current == name  # the screen itself, not the error screen
    report = harness.widget_report()
    assert [str(p) for p in check_shot(shot_name(shot, "800x480", language), report, 1.0)] == []
    assert harness.overflowing_labels() == []
    if name.startswith("forfort_") and shot != "rules":  # the help covers the screen: only it is seen
        assert [t for t in report["texts"] if t.get("role") == "step"], "the step says whose turn and what to do"
