"""RFID tiles in the real app (Kivy offscreen): a reader on a pseudo-terminal posts to the UI thread, the
enrolment screen, tokens counted in the treasure room, Round 3's key check, the settings line."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("kivy")

from companion.devices.rfid import PLACED, TagEvent  # noqa: E402
from companion.devices.rfid.rdm6300 import frame as rdm_frame  # noqa: E402
from companion.tiles import Tile  # noqa: E402
from tests import support  # noqa: E402
from tests.support import pump_until  # noqa: E402

TEN = ["1000000001", "1000000002", "1000000003"]
FIFTY = "5000000001"
KEYS = ["4B00000001", "4B00000002", "4B00000003", "4B00000004"]
STRANGER = "DEADBEEF00"


@pytest.fixture(scope="module")
def reader_port():
    with support.reader_port() as port:
        yield port


@pytest.fixture(scope="module")
def harness(tmp_path_factory, reader_port):
    with support.reader_app_harness(tmp_path_factory.mktemp("rfid-app"), reader_port) as h:
        yield h


def tr(h, key, **kw):
    return h.app.controller.tr(key, **kw)


def place(h, tag: str) -> None:
    """A tile placed on the reader, delivered on the UI thread as the hub would after the reader's thread."""
    h.app.tiles.deliver(TagEvent(PLACED, tag, 0.0))
    h.pump(2)


def labels(h) -> list[str]:
    """Every label's text on screen, and each part of a text joined with " · " (the treasure screen's
    handful line carries the reader's last word)."""
    from kivy.uix.label import Label

    texts = [w.text for w in h.widgets(h.screen) if isinstance(w, Label) and w.text]
    return texts + [part for t in texts for part in t.split(" · ")]


def enrol(h, registry_items: dict[str, Tile]) -> None:
    registry = h.app.tiles.registry
    for tag, tile in registry_items.items():
        if registry.get(tag) is None:
            registry.add(tag, tile)


def test_the_reader_runs_with_the_app_and_settings_say_so(harness, reader_port):
    h = harness
    assert h.app.tiles.reader.wait_connected(10)
    h.app.go("settings")
    screen = h.app.sm.get_screen("settings")
    screen.show("hardware")
    pump_until(h, lambda: tr(h, "settings.plain.reader_ok") in labels(h), "the reader's state in Settings")
    screen.toggle_details()  # its model and port: the engineer's words, behind Details
    pump_until(h, lambda: any(tr(h, "tiles.reader_ok", reader="RDM6300", port=reader_port.path) in t
                              for t in labels(h)), "the reader's model and port in the details")


def test_enrolment_screen_from_settings_scans_through_the_real_reader(harness, reader_port):
    h = harness
    h.app.go("settings")
    h.pump(3)
    from kivy.uix.button import Button

    [section] = [w for w in h.widgets(h.screen) if isinstance(w, Button) and getattr(w, "section", None) == "hardware"]
    h.tap(section)  # the tiles are one tap away, in the Hardware section
    h.tap(tr(h, "settings.tiles"))
    assert h.app.sm.current == "tiles"
    h.tap(tr(h, "tiles.count", kind=tr(h, "tiles.kind.key"), n=0, of=20))
    for tag in KEYS[:2]:
        reader_port.write(rdm_frame(tag) * 2)  # held for two repeats: one scan
        pump_until(h, lambda t=tag: h.app.tiles.registry.get(t) is not None, f"tag {tag} enrolled")
    assert h.app.tiles.registry.get(KEYS[1]) == Tile("key", 2)
    assert tr(h, "tiles.enrolled", tile=tr(h, "tiles.tile.key", n=2), n=2, of=20) in labels(h)
    assert tr(h, "tiles.count", kind=tr(h, "tiles.kind.key"), n=2, of=20) in labels(h)


def test_enrolment_warns_on_a_known_tag_counts_per_kind_and_undoes(harness):
    h = harness
    h.app.go("tiles")
    h.pump(3)
    h.tap(tr(h, "tiles.count", kind=tr(h, "tiles.kind.boyard-10"), n=0, of=60))
    for tag in TEN:
        place(h, tag)
    assert tr(h, "tiles.enrolled", tile=tr(h, "tiles.tile.token", value="10"), n=3, of=60) in labels(h)
    place(h, KEYS[0])
    assert tr(h, "tiles.already", tile=tr(h, "tiles.tile.key", n=1)) in labels(h)
    assert h.app.tiles.registry.get(KEYS[0]) == Tile("key", 1)
    h.tap(tr(h, "tiles.undo"))
    assert h.app.tiles.registry.get(TEN[2]) is None
    assert tr(h, "tiles.undone", tile=tr(h, "tiles.tile.token", value="10")) in labels(h)
    place(h, TEN[2])
    h.tap(tr(h, "tiles.count", kind=tr(h, "tiles.kind.boyard-50"), n=0, of=10))
    place(h, FIFTY)
    counts = h.app.tiles.registry.counts()
    assert (counts["key"], counts["boyard-10"], counts["boyard-50"]) == (2, 3, 1)
    assert h.overflowing_labels() == []


def treasure_room(h):
    from companion.app.games.fort_boyard.scenarios import _everyone_in_the_treasure_room

    enrol(h, {**{t: Tile("boyard-10") for t in TEN}, FIFTY: Tile("boyard-50"), KEYS[0]: Tile("key", 1)})
    _everyone_in_the_treasure_room(h.app)
    h.app.show_phase()
    h.pump(3)
    assert h.app.sm.current == "treasure"
    return h.screen


def test_treasure_counts_each_scanned_token_once_per_handful_and_steppers_stay(harness):
    h = harness
    screen = treasure_room(h)
    me = h.app.controller.view["current"]
    ten = tr(h, "tiles.tile.token", value="10")
    assert tr(h, "treasure.scan_prompt") in labels(h)
    place(h, TEN[0])
    place(h, TEN[1])
    assert screen.counts["10"] == 2
    assert tr(h, "treasure.scan_added", token=ten, n=2) in labels(h)
    place(h, TEN[0])
    assert screen.counts["10"] == 2
    assert tr(h, "treasure.scan_again", token=ten) in labels(h)
    place(h, KEYS[0])
    assert tr(h, "treasure.scan_key") in labels(h)
    place(h, STRANGER)
    assert tr(h, "treasure.scan_unknown") in labels(h)
    place(h, FIFTY)
    assert screen.counts["50"] == 1
    # One handful to draw: its worth is the total itself, shown once (the figure below)
    assert tr(h, "treasure.handful_value", value=70) not in labels(h)
    figure = next(w for w in h.widgets(h.screen) if getattr(w, "role", None) == "figure")
    assert figure.text == "70" and figure.font_size >= 48  # the total, the screen's key figure
    assert h.overflowing_labels() == []
    # The steppers still work with scanned tokens: one more 20 by hand.
    from kivy.uix.button import Button

    plus = sorted((w for w in h.widgets(h.screen) if isinstance(w, Button) and w.text == "+" and not w.disabled),
                  key=lambda w: w.to_window(*w.center)[0])
    h.tap(plus[2])
    assert h.screen.counts == {"pebble": 0, "10": 2, "20": 1, "50": 1}
    h.tap(tr(h, "treasure.done"))
    v = h.app.controller.view
    player = next(p for p in v["players"] if p["name"] == me)
    assert player["handfuls"][0] == {"pebble": 0, "10": 2, "20": 1, "50": 1}
    if v["phase"] == "draw" and v["current"] == me:  # her next handful: the tokens she holds count no more
        place(h, TEN[0])
        assert h.screen.counts["10"] == 0
        assert tr(h, "treasure.scan_earlier", token=ten, n=1) in labels(h)
        place(h, TEN[2])
        assert h.screen.counts["10"] == 1


def test_scanned_tokens_go_into_the_log_and_are_known_in_the_next_handful_after_a_restart(harness):
    h = harness
    h.app.set_language("en")
    screen = treasure_room(h)

    def drawer() -> dict:
        v = h.app.controller.view
        return next(p for p in v["players"] if p["name"] == v["current"])

    while drawer()["draws_left"] < 2:  # on to a player with two handfuls or more
        h.app.controller.send({"cmd": "draw", "player": drawer()["name"], "tokens": {}})
        assert h.app.controller.view["phase"] == "draw"
    h.app.show_phase()
    h.pump(3)
    place(h, TEN[0])
    place(h, TEN[1])
    place(h, FIFTY)
    from kivy.uix.button import Button

    minus = sorted((w for w in h.widgets(h.screen) if isinstance(w, Button) and w.text == "−" and not w.disabled),
                   key=lambda w: w.to_window(*w.center)[0])
    h.tap(minus[0])  # one 10 taken out by hand: the last one scanned (TEN[1]) is not in the handful any more
    assert screen.counts == {"pebble": 0, "10": 1, "20": 0, "50": 1}
    h.tap(tr(h, "treasure.done"))
    drawn = h.app.controller.session.commands[-1]
    assert (drawn["cmd"], drawn["tokens"]["10"], drawn["tags"]) == ("draw", 1, [TEN[0], FIFTY])
    # The app's memory of the scans is gone (a restart): the log still knows the first handful's tokens.
    screen.tally, screen.handful = None, ()
    screen.rebuild()
    place(h, TEN[0])
    assert screen.counts["10"] == 0
    assert tr(h, "treasure.scan_earlier", token=tr(h, "tiles.tile.token", value="10"), n=1) in labels(h)
    place(h, TEN[1])  # taken out of the first handful: it counts now
    assert screen.counts["10"] == 1


def test_treasure_through_the_real_reader_in_both_languages(harness, reader_port):
    h = harness
    for language in ("en", "fr"):
        h.app.set_language(language)
        screen = treasure_room(h)
        screen.handful = ()  # the scenario's fresh log gives the new game the same id: start a new handful
        screen.rebuild()
        reader_port.write(rdm_frame(TEN[2]))
        pump_until(h, lambda: screen.counts["10"] == 1, "the scanned token counted")
        assert tr(h, "treasure.scan_added", token=tr(h, "tiles.tile.token", value="10"), n=1) in labels(h)
        assert h.overflowing_labels() == []
        threading.Event().wait(0.8)  # the token leaves the reader before the next language picks it up


def test_round_3_key_tiles_confirm_the_keys_a_player_holds(harness):
    from companion.app.games.fort_boyard.scenarios import _proposal

    h = harness
    h.app.set_language("en")
    enrol(h, {k: Tile("key", n) for n, k in enumerate(KEYS, 1) if h.app.tiles.registry.get(k) is None})
    _proposal(h.app, False)
    h.pump(3)
    v = h.app.controller.view
    me = v["current"]
    held = next(p for p in v["players"] if p["name"] == me)["keys"]
    keys = tr(h, "common.keys", n=held)
    tags = [t for t in KEYS if h.app.tiles.registry.get(t) is not None]
    assert len(tags) > held, "the test needs more key tiles than the player holds"
    messages = []
    for tag in tags[:held + 1]:
        place(h, tag)
        messages.append(h.app._toast.text)
    number = h.app.tiles.registry.get(tags[0]).number
    if held > 1:
        assert messages[0] == tr(h, "keys.progress", number=number, n=1, player=me, keys=keys)
    assert messages[held - 1] == tr(h, "keys.all", player=me, keys=keys)
    assert messages[held] == tr(h, "keys.too_many", player=me, keys=keys)
    place(h, tags[0])
    assert h.app._toast.text == tr(h, "keys.again", number=number)


def test_with_no_reader_the_hub_only_holds_the_registry_and_the_screens_are_as_before(harness, monkeypatch, tmp_path):
    from companion.app.screens.tiles import TileHub, reader_line

    h = harness
    hub = TileHub(h.app, None, tmp_path / "tiles.json")
    monkeypatch.setattr(h.app, "tiles", hub)
    hub.start()
    assert hub.reader is None
    assert reader_line(h.app) == tr(h, "settings.hw_reader")
    from companion.app.games.fort_boyard.scenarios import _everyone_in_the_treasure_room

    _everyone_in_the_treasure_room(h.app)
    h.app.show_phase()
    h.screen.handful = ()  # a new handful, whatever the game's id
    h.screen.rebuild()
    h.pump(3)
    assert h.screen.counts["10"] == 0
    assert tr(h, "treasure.scan_prompt") not in labels(h)
    v = h.app.controller.view
    me = next(p for p in v["players"] if p["name"] == v["current"])
    plain = tr(h, "treasure.handful", n=1, total=me["draws_left"])
    assert plain in labels(h) and not any(t.startswith(plain + " · ") for t in labels(h))
    hub.deliver(TagEvent(PLACED, TEN[0], 0.0))  # a tag the empty registry does not know
    assert h.screen.counts["10"] == 0 and tr(h, "treasure.scan_unknown") in labels(h)
    hub.close()
