"""Knightmare's table helpers through the real app's widgets (Kivy offscreen, 800×480): a fight played
with the table's own dice (or one on screen, one tapped), spells cast and helmets set from the top
bar's "Spells" screen, and the optional RFID reader's reads (a card's tag is that card drawn, an
object's tag after a won fight is that object taken, an unknown tag gets a notice and is remembered)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("kivy")

from companion.app.games.knightmare.scenarios import NAMES, fresh_game, play
from companion.tiles.knightmare_tags import KnightmareTags
from tests.support import app_harness


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("app-knightmare-table")) as h:
        yield h


@pytest.fixture
def toasts(harness):
    said: list[str] = []
    harness.app.toast = said.append
    yield said
    del harness.app.toast


@pytest.fixture
def tags(harness, tmp_path):
    harness.app.km_tags = KnightmareTags(tmp_path / "knightmare-tags.json")
    yield harness.app.km_tags
    del harness.app.km_tags


def tr(h, key, **kw):
    return h.app.controller.tr(key, **kw)


def view(h):
    return h.app.controller.view


def to_fight(h) -> None:
    fresh_game(h.app)
    play(h.app, {"cmd": "move", "roll": 2}, {"cmd": "card", "kind": "challenge"})
    h.app.show_phase()
    h.pump()
    assert h.app.sm.current == "km_fight"


def tap_face(h, value: int) -> None:
    from companion.app.widgets.die import DieFace

    [face] = [w for w in h.widgets(h.screen) if isinstance(w, DieFace) and int(w.value) == value]
    h.tap(face)


def by_role(h, role: str):
    [w] = [w for w in h.widgets(h.screen) if getattr(w, "role", None) == role]
    return w


def test_a_fight_with_the_tables_own_dice_records_both_faces(harness):
    """'the strength of the character ... increased by the number obtained by the die roll of the player
    to your left': the knight's face, then the left neighbour's, each one tap."""
    h = harness
    to_fight(h)
    h.tap(tr(h, "knightmare.fight.own_dice"))
    texts = [getattr(w, "text", "") for w in h.widgets(h.screen)]
    assert tr(h, "knightmare.fight.die_knight", player=NAMES[0]) in texts
    tap_face(h, 5)
    texts = [getattr(w, "text", "") for w in h.widgets(h.screen)]
    assert tr(h, "knightmare.fight.die_occupant", player=NAMES[1]) in texts
    assert view(h)["phase"] == "fight"  # nothing sent before both dice are known
    tap_face(h, 2)
    f = view(h)["fight"]
    assert (f["roll"], f["opponent_roll"], f["strength"], f["opponent_strength"]) == (5, 2, 8, 7)
    assert f["roller"] == NAMES[1] and f["outcome"] == "won"
    assert view(h)["phase"] == "reward" and h.app.sm.current == "km_verdict"
    from companion.app.widgets.die import Die

    dice = [w for w in h.widgets(h.screen) if isinstance(w, Die)]
    assert len(dice) == 2 and not any(d.rolling for d in dice)  # landed on the table already: shown still
    assert sorted(d.shown for d in dice) == [2, 5]


def test_the_knights_die_rolled_on_screen_is_the_one_the_rules_record(harness):
    """The on-screen die shows the rules' next die; sent without 'roll', the rules roll the same value
    (and log it), while the neighbour's face tapped is sent as 'opponent_roll'."""
    h = harness
    to_fight(h)
    session = h.app.controller.session
    expected = session.rules.next_dice(session.state)[0]
    h.tap(tr(h, "knightmare.fight.own_dice"))
    panel = by_role(h, "knight_die")
    panel.roll()
    panel.die.finish()  # landed: as when the tumble ends
    h.pump()
    assert by_role(h, "occupant_die") is not None
    tap_face(h, 6)
    f = view(h)["fight"]
    assert f["roll"] == expected and f["opponent_roll"] == 6
    last = view(h)["last_command"]
    assert last["roll"] == expected and last["opponent_roll"] == 6


def test_undo_while_entering_the_dice_goes_back_to_the_fights_settings(harness):
    h = harness
    to_fight(h)
    h.tap(tr(h, "knightmare.fight.own_dice"))
    tap_face(h, 4)
    h.app.undo()  # the card back: the fight's screen forgets the die half entered
    play(h.app, {"cmd": "card", "kind": "challenge"})
    h.app.show_phase()
    h.pump()
    assert tr(h, "knightmare.fight.own_dice") in [getattr(w, "text", "") for w in h.widgets(h.screen)]


def test_spells_are_cast_and_helmets_set_from_the_top_bar(harness):
    """'You may cast a spell at any time during your turn. Certain spells may be used during another
    player's turn': Marie-Christine casts hers on Jean-Baptiste's turn; its effect set with + and −."""
    h = harness
    fresh_game(h.app)
    play(h.app, {"cmd": "move", "roll": 2}, {"cmd": "card", "kind": "spell"})
    h.app.show_phase()
    h.pump()
    assert view(h)["current"] == NAMES[1]
    h.tap(by_role(h, "spells"))
    assert h.app.sm.current == "km_spells"
    [cast] = [w for w in h.widgets(h.screen) if getattr(w, "caster", None) == NAMES[0]]
    assert not cast.disabled
    h.tap(cast)
    v = view(h)
    assert v["players"][0]["spells"] == 0 and v["current"] == NAMES[1]
    assert h.app.sm.current == "km_spells"  # the table sets the spell's effect next
    castle = v["castle_helmets"]
    [plus] = [w for w in h.widgets(h.screen) if getattr(w, "step", None) == ("helmets:" + NAMES[1], +1)]
    h.tap(plus)
    v = view(h)
    assert v["players"][1]["helmets"] == 3 and v["castle_helmets"] == castle - 1
    assert v["last_command"] == {"cmd": "adjust", "player": NAMES[1], "helmets": 3}
    [cast] = [w for w in h.widgets(h.screen) if getattr(w, "caster", None) == NAMES[0]]
    assert cast.disabled  # no spell left to cast
    h.tap(by_role(h, "back"))
    assert h.app.sm.current == "km_turn"


def test_a_cards_tag_read_is_that_card_drawn(harness, tags, toasts):
    h = harness
    tags.add("04A1B2C3", "spell")
    fresh_game(h.app)
    play(h.app, {"cmd": "move", "roll": 2})
    h.app.show_phase()
    h.pump()
    assert h.app.sm.current == "km_card"
    h.screen.on_tile("04a1b2c3", None)
    v = view(h)
    assert v["last_command"] == {"cmd": "card", "kind": "spell"} and v["players"][0]["spells"] == 1
    assert toasts == []


def test_a_tag_through_the_readers_hub_reaches_the_card_screen(harness, tags, tmp_path):
    from companion.app.screens.tiles import TileHub
    from companion.devices.rfid.debounce import PLACED, TagEvent

    h = harness
    tags.add("0A0B0C0D", "trap")
    fresh_game(h.app)
    play(h.app, {"cmd": "move", "roll": 2})
    h.app.show_phase()
    h.pump()
    hub = TileHub(h.app, None, registry_path=tmp_path / "tiles.json")
    hub.deliver(TagEvent(PLACED, "0A0B0C0D", 1.0))
    v = view(h)
    assert v["last_command"] == {"cmd": "card", "kind": "trap"}
    assert v["players"][0]["place"] == "dungeon"


def test_an_unknown_tag_gets_a_notice_and_the_kind_tapped_next_is_remembered(harness, tags, toasts):
    h = harness
    fresh_game(h.app)
    play(h.app, {"cmd": "move", "roll": 2})
    h.app.show_phase()
    h.pump()
    before = view(h)
    h.screen.on_tile("DEADBEEF", None)
    assert toasts == [tr(h, "knightmare.tag.unknown_card", tag="DEADBEEF")]
    assert view(h) == before  # a read never plays by itself what it does not know
    h.tap(tr(h, "knightmare.card.other"))
    assert view(h)["last_command"] == {"cmd": "card", "kind": "other"}
    assert tags.get("deadbeef") == "other"
    saved = json.loads(tags.path.read_text("utf-8"))
    assert saved == {"format": 1, "tags": {"DEADBEEF": "other"}}
    assert toasts[-1] == tr(h, "knightmare.tag.remembered", what=tr(h, "knightmare.card.other"))


def test_an_objects_tag_after_a_won_fight_takes_that_object_and_not_before(harness, tags, toasts):
    """'if you win, you may take either a Helmet or the object which is in the room' (What to build 5:
    scanning an object's tile gives it to the current player after a fight)."""
    h = harness
    tags.add("11223344", "crown")
    to_fight(h)
    before = view(h)
    h.screen.on_tile("11223344", None)
    assert view(h) == before
    assert toasts == [tr(h, "knightmare.tag.not_now", what=tr(h, "knightmare.object.crown"))]
    play(h.app, {"cmd": "fight", "shield": 1, "roll": 6, "opponent_roll": 1})
    h.app.go("km_verdict")
    h.pump()
    h.screen.on_tile("11223344", None)
    v = view(h)
    assert v["last_command"] == {"cmd": "reward", "take": "object", "object": "crown"}
    assert v["players"][0]["object"] == "crown"


def test_an_unknown_tag_after_a_won_fight_offers_the_objects_and_remembers_the_one_taken(harness, tags, toasts):
    h = harness
    to_fight(h)
    play(h.app, {"cmd": "fight", "shield": 1, "roll": 6, "opponent_roll": 1})
    h.app.go("km_verdict")
    h.pump()
    h.screen.on_tile("a1b2c3d4", None)
    assert toasts == [tr(h, "knightmare.tag.unknown_object", tag="A1B2C3D4")]
    assert view(h)["phase"] == "reward"
    h.tap(tr(h, "knightmare.object.wand"))  # the four objects are offered at once
    assert view(h)["players"][0]["object"] == "wand"
    assert tags.get("A1B2C3D4") == "wand"
