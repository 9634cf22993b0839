"""Fort's screens through the real app at 800×480: a whole game played with the screens' own buttons to
the podium (the suit, the resource, follow and pass, recruit, the chips' points and levels, the rule and
perk picker, the scoring wizard), the made-up rules shown only while held, the follow window answered by
the buzzers (a press follows, a long press passes), the options' ``new`` command, and every Fort screen
legible in French and English."""

from __future__ import annotations

import pytest

from tests.support import app_harness

FORT_SHOTS = ("play", "play-chosen", "play-wild", "follow", "recruit", "last-round", "last-round-play", "ask-rule",
              "ask-perk", "sheet", "glossary", "final", "final-first", "final-second", "fort-options", "fort-podium")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("fort-app")) as h:
        yield h


def _find(h, **attrs):
    """The enabled widget on screen or in a popup with all of ``attrs``."""
    found = [w for w in h.widgets() if not getattr(w, "disabled", False)
             and all(hasattr(w, k) and getattr(w, k) == v for k, v in attrs.items())]
    assert found, f"no widget with {attrs} on {h.app.sm.current}"
    return found[0]


def _main(h):
    return _find(h, main=True)


def _close_popup(h):
    h.tap(h.button(h.app.controller.tr("play.close")))


def _points(h, player: str, *steps: int):
    """One tap on the player's chip, then the sheet's +/− buttons."""
    h.tap(_find(h, player_name=player))
    for n in steps:
        h.tap(_find(h, points=n))
    _close_popup(h)


def test_a_game_played_through_the_screens_reaches_the_podium(harness):
    from companion.app.games.fort.scenarios import fresh_game

    h, app = harness, harness.app
    fresh_game(app, players=2, park_deck=10)
    app.show_phase()
    c = app.controller
    assert app.sm.current == "fort_turn" and c.view["leader"] == "Marie-Christine"
    # Marie-Christine plays a book card taking pizza; Jean-Baptiste follows
    h.tap(_find(h, suit="book"))
    h.tap(_find(h, choice=("resource", "pizza")))
    h.tap(_main(h))
    assert (c.view["step"], c.view["suit"], c.view["resource"]) == ("follow", "book", "pizza")
    assert c.view["follower"] == "Jean-Baptiste"
    h.tap(_main(h))  # "Follow"
    assert c.view["follows"] == [{"player": "Jean-Baptiste", "follows": True}]
    _points(h, "Jean-Baptiste", 2)
    h.tap(_find(h, source="park"))
    assert c.view["step"] == "end" and c.view["park_deck"] == 9
    h.tap(_main(h))  # the next leader
    # Jean-Baptiste: no card; his fort reaches level 2 from his chip: a made-up rule, then a perk
    assert c.view["leader"] == "Jean-Baptiste" and c.view["step"] == "play"
    h.tap(_find(h, suit=None))
    assert c.view["step"] == "recruit"
    h.tap(_find(h, player_name="Jean-Baptiste"))
    h.tap(_find(h, level=2))  # the sheet closes: the picker asks
    assert [a["take"] for a in c.view["asks"]] == ["rule", "perk"]
    h.tap(_find(h, card="sleepover"))
    h.tap(_find(h, card="xxl-backpack"))
    jb = c.view["players"][1]
    assert (jb["level"], jb["rules"], jb["perks"]) == (2, ["sleepover"], ["xxl-backpack"])
    h.tap(_find(h, source="deck"))
    h.tap(_main(h))
    # Marie-Christine reaches 25 points while she leads: the last round runs to Jean-Baptiste's turn
    assert c.view["cleanup"] is True  # her second turn: the cleanup is shown
    _points(h, "Marie-Christine", 5, 5, 5, 5, 5)
    assert c.view["last_round"] and c.view["still_to_lead"] == ["Marie-Christine", "Jean-Baptiste"]
    assert sum(getattr(w, "kind", None) == "lead" for w in h.widgets()) == 2  # both chips: still to lead
    bar = app.controller.tr("fort.bar.last", trigger=app.controller.tr("fort.trigger.points", player="Marie-Christine"))
    assert any(getattr(w, "text", None) == bar for w in h.widgets())  # the top bar says why, and who
    h.tap(_find(h, suit=None))
    assert any(getattr(w, "role", None) == "last_round" for w in h.widgets())  # the banner names them
    h.tap(_find(h, source="yard"))
    h.tap(_main(h))
    h.tap(_find(h, suit=None))
    h.tap(_find(h, source="park"))
    h.tap(_main(h))  # "Game over: the scoring"
    assert app.sm.current == "fort_final" and c.view["step"] == "final"
    # each player counts what their rules need: Sleepover asks both players' cards
    screen = app.current_screen()
    assert [k for k in c.view["players"][0]["needs"]] == ["cards"]
    for _ in range(4):
        h.tap(_find(h, step=("cards", 5)))
    h.tap(_main(h))
    assert c.view["players"][0]["final"] == {}
    for _ in range(3):
        h.tap(_find(h, step=("cards", 5)))
    h.tap(_find(h, step=("cards", 1)))
    shown = [w for w in h.widgets() if getattr(w, "rule", None) == "sleepover"]
    assert shown and app.controller.tr("fort.rule.sleepover") in shown[0].text
    h.tap(_main(h))
    assert app.sm.current == "podium"
    # 25 points against 2 + Sleepover 0 (16 cards to 20): Marie-Christine wins
    assert c.view["winners"] == ["Marie-Christine"]
    assert screen is not None and app.sm.get_screen("podium").figures["Marie-Christine"].value == "25"


def test_a_players_made_up_rules_show_only_while_their_name_is_held(harness):
    from companion.app.games.fort.scenarios import JB, mid_game

    h, app = harness, harness.app
    mid_game(app)
    app.show_phase()
    h.tap(_find(h, player_name=JB))
    hold = _find(h, secret_of=JB)
    secret = app.controller.tr("fort.rule.sleepover")
    assert secret not in hold.text
    hold.state = "down"
    assert hold.text == secret
    hold.state = "normal"
    assert secret not in hold.text
    _close_popup(h)


def test_the_sheets_level_at_one_asks_for_a_rule_by_name(harness):
    from companion.app.games.fort.scenarios import ZO, mid_game

    h, app = harness, harness.app
    mid_game(app)
    app.show_phase()
    h.tap(_find(h, player_name=ZO))
    h.tap(_find(h, level=1))
    offered = {w.card for w in h.widgets() if hasattr(w, "card")}
    from companion.games.fort.model import RULES

    # the others' rules are secret: offered too (leaving them out would tell the table which they hold)
    assert offered == set(RULES)
    h.tap(_find(h, card="loner"))
    assert app.controller.view["players"][2]["rules"] == ["loner"]


def test_the_made_up_rule_picker_leaves_out_only_the_pickers_own_rules(harness):
    from companion.app.games.fort.scenarios import MC, mid_game

    app = harness.app
    mid_game(app)  # Marie-Christine holds Pizza Party, Jean-Baptiste Sleepover, Maximilien Play Palace
    app.show_phase()
    widget = app.current_screen().ask({"player": MC, "take": "rule"})
    offered = {w.card for w in widget.walk() if hasattr(w, "card")}
    from companion.games.fort.model import RULES

    assert offered == set(RULES) - {"pizza-party"}


def test_a_buzzer_press_follows_and_a_long_press_passes():
    from companion.app.games.fort.buzzers import LONG_PRESS_S, FollowButtons

    answers = []
    awaited = ["Zoé"]
    buttons = FollowButtons(["Ana", "Bob", "Zoé"], lambda: awaited[0], lambda p, yes: answers.append((p, yes)))
    buttons.change(1, 0.0, True)  # Bob's button: not his answer to give
    buttons.change(1, 0.1, False)
    buttons.change(2, 1.0, True)
    buttons.change(2, 1.2, False)
    awaited[0] = "Ana"
    buttons.change(0, 2.0, True)
    buttons.change(0, 2.0 + LONG_PRESS_S, False)
    buttons.change(0, 3.0, False)  # a release without its press
    buttons.change(7, 3.0, True)  # no such seat
    assert answers == [("Zoé", True), ("Ana", False)]


def test_the_options_make_the_new_command_and_a_bad_record_gets_the_defaults():
    from types import SimpleNamespace

    from companion.app.games.fort.options import DEFAULTS, recorded_options
    from companion.app.games.fort.ui import UI

    players = [SimpleNamespace(name="Ana"), SimpleNamespace(name="Bob")]
    cmd = UI.new_command(None, players, {"park_deck": 33, "macaroni_points": 4, "level_points": 2,
                                         "tie_break": "fort_level"})
    assert cmd == {"cmd": "new", "game": "fort", "players": ["Ana", "Bob"], "park_deck": 33,
                   "house_rules": {"macaroni_points": 4, "level_points": 2, "tie_break": "fort_level"}}
    assert recorded_options(cmd) == {"park_deck": 33, "macaroni_points": 4, "level_points": 2,
                                     "tie_break": "fort_level"}
    bad = {"park_deck": "many", "house_rules": {"macaroni_points": -3, "tie_break": "coin"}}
    assert recorded_options(bad) == DEFAULTS
    assert recorded_options(None) == DEFAULTS


def test_a_sound_for_the_macaroni_the_last_round_and_points():
    from companion.app.games.fort.sounds import cue_for

    assert cue_for([{"type": "fort.points"}, {"type": "fort.macaroni"}]) == "tokens_falling"
    assert cue_for([{"type": "fort.points"}]) == "soft_tokens_falling"
    assert cue_for([{"type": "fort.played"}]) is None


def test_every_icon_of_the_glossary_has_its_name_and_line_in_both_languages():
    from companion.app.games.fort.help import TOPICS as KINDS
    from companion.app.table.catalogues import messages

    for language in ("fr", "en"):
        found = messages(language)
        for kind in KINDS:
            assert found.get(f"fort.icon.{kind}") and found.get(f"fort.icon_line.{kind}"), (language, kind)


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("shot", FORT_SHOTS)
def test_every_fort_screen_is_legible_from_across_the_table(harness, shot, language):
    from companion.app.legibility import check_shot
    from companion.app.scenarios import SCENARIOS, shot_name

    app = harness.app
    app.controller.settings = app.settings.changed(language=language)
    app.controller.tr.set_language(language)
    name = SCENARIOS[shot](app)
    harness.settle(frames=8)
    assert app.sm.current == name
    report = harness.widget_report()
    assert [str(p) for p in check_shot(shot_name(shot, "800x480", language), report, 1.0)] == []
    assert harness.overflowing_labels() == []


def test_every_rule_and_perk_card_has_its_icon_and_its_name_in_both_languages():
    from companion.app.games.fort.icons import CARD_ICONS, KINDS
    from companion.app.table.catalogues import messages
    from companion.games.fort.model import PERKS, RULES

    assert set(CARD_ICONS) == set(RULES) | set(PERKS)
    assert set(CARD_ICONS.values()) <= set(KINDS)
    for language in ("fr", "en"):
        found = messages(language)
        assert all(found.get(f"fort.rule.{r}") for r in RULES) and all(found.get(f"fort.perk.{p}") for p in PERKS)


def test_the_sheet_shows_every_perk_its_player_holds(harness):
    from companion.app.games.fort.scenarios import JB, mid_game
    from companion.games.fort.model import PERKS

    h, app = harness, harness.app
    mid_game(app)
    for perk in PERKS:  # more than any table gives: the sheet must still show them all
        assert app.controller.send({"cmd": "perk", "player": JB, "perk": perk})["ok"]
    app.show_phase()
    h.tap(_find(h, player_name=JB))
    shown = {w.perk_name for w in h.widgets() if hasattr(w, "perk_name")}
    assert shown == {app.controller.tr(f"fort.perk.{p}") for p in PERKS}
    _close_popup(h)
