"""What a family's review of the 800×480 screens found, each checked through the real app: the players'
chips show whole names, the header's round line is large enough to read across the table, Round 3's
moment names the player the engine asks first (and lights that chip), the private clue boxes say what
to do before the hold, and the podium's winner line agrees with the number of winners."""

from __future__ import annotations

import pytest

from tests.support import app_harness, scenario_report

pytest.importorskip("kivy")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("table-review")) as h:
        yield h


shown = scenario_report  # a scenario shown, its widget report


def chips(h):
    from companion.app.screens.base import PlayerChip

    return [w for w in h.widgets(h.screen) if isinstance(w, PlayerChip)]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_round_3_names_the_player_the_engine_asks_first_and_lights_their_chip(harness, language):
    from companion.app import theme

    h = harness
    texts = [t["text"] for t in shown(h, "moment-round3", language)["texts"]]
    view = h.app.controller.view
    holder = next(p for p in view["players"] if p["clues"] == 4)  # Round 2's winner, the rulebook's start
    assert holder["keys"] == 0 and view["phase"] == "propose" and view["current"] != holder["name"]
    tr = h.app.controller.tr
    assert tr("moment.round3", player=view["current"]) in texts
    assert tr("moment.round3", player=holder["name"]) not in texts
    lit = [c.player for c in chips(h) if list(c.bg) != list(theme.SEA_LIGHT)]  # the current one: its own colour
    assert lit == [view["current"]]


def test_round_2_names_who_plays_first_not_where_the_engine_starts_looking():
    from companion.app.games.fort_boyard.endgame import first_asked

    events = [{"type": "round_ended", "round": 1, "player": "Ann", "reason": "third_key"},
              {"type": "round_started", "round": 2, "first": "Bob"},  # Bob serves a Prison turn
              {"type": "clue_won", "player": "Bob"}, {"type": "turn_started", "player": "Cy"}]
    assert first_asked(events, 2, "Bob") == "Cy"
    assert first_asked(events[:3], 2, "Bob") == "Bob"  # no turn yet (the words wait to be dealt)


def test_a_name_breaks_after_a_hyphen_or_at_a_space_never_inside_a_word(harness):
    from companion.app.screens.base import broken_name

    assert broken_name("Marie-Christine", 110, 20) == "Marie-\nChristine"
    assert broken_name("Anne Sophie", 80, 20) == "Anne\nSophie"
    assert broken_name("Zoé", 110, 20) == "Zoé"
    assert broken_name("Bartholomeus", 60, 20) is None  # one word wider than the chip: not broken


@pytest.mark.parametrize("players", [4, 5, 6])
def test_full_chips_show_every_whole_name_with_four_to_six_players(harness, players):
    from companion.app.games.fort_boyard.scenarios import NAMES, fresh_game

    h = harness
    h.app.set_language("fr")
    fresh_game(h.app, players=players)
    h.app.show_phase()
    h.settle(frames=8)
    assert h.app.sm.current == "turn"
    shown = {c.player: c.name_label for c in chips(h)}
    assert set(shown) == set(NAMES[:players])
    report = {t["text"]: t for t in h.widget_report()["texts"]}
    for name, label in shown.items():
        assert label.text.replace("-\n", "-").replace("\n", " ") == name  # whole, not "Mar…"
        seen = report[label.text]
        assert seen["font_px"] >= 18 and not seen["broken_word"]
        label.texture_update()
        assert label.texture_size[0] <= label.width + 1 and label.texture_size[1] <= label.height + 1


def stock_line(report: dict) -> dict:
    return next(t for t in report["texts"] if t.get("role") == "stock")


def test_the_round_and_the_stock_are_22_px_and_18_beside_my_clues(harness):
    h = harness
    assert stock_line(shown(h, "turn"))["font_px"] >= 22
    report = shown(h, "keyboard")
    assert stock_line(report)["font_px"] >= 18
    assert all(t["font_px"] >= 18 for t in report["texts"])
    for target in report["touchables"]:  # every button of the bar on the screen, whole
        (x, y), (w, ht) = target["pos"], target["size"]
        assert 0 <= x and x + w <= 800 and 0 <= y and y + ht <= 480, target


@pytest.mark.parametrize("scenario", ["my-clues", "reveal-hidden"])
def test_a_clue_box_says_what_to_do_before_the_hold_and_shows_only_the_clue_during_it(harness, scenario):
    h = harness
    report = shown(h, scenario)
    screen = h.screen
    panel = screen.secret
    (px_, py), (pw, ph) = panel.to_window(*panel.pos), panel.size
    inside = [t for t in report["texts"] if px_ <= t["pos"][0] and t["pos"][0] + t["size"][0] <= px_ + pw + 1
              and py <= t["pos"][1] and t["pos"][1] + t["size"][1] <= py + ph + 1]
    assert [t["text"] for t in inside] == [panel.hint_label.text] and inside[0]["font_px"] >= 22
    button = screen.hold_button if scenario == "reveal-hidden" else screen.hold_buttons["Marie-Christine"]
    button.state = "down"
    h.settle(frames=2)
    texts = [t["text"] for t in h.widget_report()["texts"]]
    assert panel.label.text in texts and panel.hint_label.text not in texts
    button.state = "normal"
    h.settle(frames=2)
    assert panel.hint_label.text in [t["text"] for t in h.widget_report()["texts"]]


@pytest.mark.parametrize("language, line", [("fr", "2 ex aequo\u00a0: Jean-Baptiste et Zoé se partagent le trésor\u00a0!"),
                                            ("en", "2 tied: Jean-Baptiste and Zoé share the treasure!")])
def test_a_tie_on_the_podium_takes_the_plural_and_lists_the_names(harness, language, line):
    from companion.app.games.fort_boyard.scenarios import _everyone_in_the_treasure_room, play

    h = harness
    h.app.set_language(language)
    _everyone_in_the_treasure_room(h.app)
    for name, handful in (("Jean-Baptiste", {"50": 1}), ("Zoé", {"20": 2, "10": 1}), ("Maximilien", {"10": 1})):
        play(h.app, {"cmd": "draw", "player": name, "tokens": handful})
    for _ in range(3):
        play(h.app, {"cmd": "draw", "player": "Marie-Christine", "tokens": {"pebble": 1}})
    h.app.show_phase()
    h.settle(frames=8)
    assert h.app.sm.current == "podium" and h.app.controller.view["winners"] == ["Jean-Baptiste", "Zoé"]
    step = [t for t in h.widget_report()["texts"] if t.get("role") == "step"]
    assert [t["text"] for t in step] == [line] and step[0]["font_px"] >= 36


def test_the_portrait_keyboard_bar_holds_all_its_buttons_on_the_screen(all_shots):
    """The bar with "Mes indices" at 720×1280 (the run's shared pictures: the offscreen window cannot grow here)."""
    import json

    from companion.app.legibility import check_shot

    folder, _figures = all_shots
    report = json.loads((folder / "widgets.json").read_text("utf-8"))["fort-boyard-keyboard-720x1280-fr.png"]
    labels = {t["text"] for t in report["touchables"]}
    assert {"≡ Menu", "Mes indices"} <= labels
    for target in report["touchables"]:
        (x, y), (w, ht) = target["pos"], target["size"]
        assert 0 <= x and x + w <= 720 and 0 <= y and y + ht <= 1280, target
    assert check_shot("fort-boyard-keyboard-720x1280-fr.png", report, 720 / 480) == []


def test_six_narrow_chips_in_round_2_keep_a_prisoners_counts_inside_the_chip(harness):
    from kivy.uix.image import Image
    from kivy.uix.label import Label

    from companion.app.games.fort_boyard.scenarios import DOOR, fresh_game, play, win

    h = harness
    h.app.set_language("fr")
    fresh_game(h.app, players=6)
    for _ in range(2):
        play(h.app, *win(), DOOR, DOOR, DOOR, DOOR, DOOR)
    play(h.app, *win(), {"cmd": "land", "space": "prison"})  # Round 2: Jean-Baptiste goes to prison
    h.app.show_phase()
    h.settle(frames=8)
    assert h.app.sm.current == "turn"
    for chip in chips(h):
        left, right = chip.to_window(*chip.pos)[0], chip.to_window(chip.right, chip.y)[0]
        parts = [w for w in h.widgets(chip) if isinstance(w, (Label, Image)) and w is not chip.name_label]
        for w in parts:
            x = w.to_window(*w.pos)[0]
            assert left - 1 <= x and x + w.width <= right + 1, (chip.player, getattr(w, "text", "icon"))
        assert all(w.width >= 16 for w in parts if isinstance(w, Image)), chip.player
