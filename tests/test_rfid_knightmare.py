"""Knightmare's cards read by the real RFID reader layer: an RDM6300 on a pseudo-terminal (pyserial),
its frames through the reader's thread and the app's TileHub to the card screen, where the card's
tag is that card drawn (companion/app/games/knightmare/tags.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("kivy")

from companion.app.games.knightmare.scenarios import fresh_game, play
from companion.devices.rfid.rdm6300 import frame as rdm_frame
from companion.tiles.knightmare_tags import KnightmareTags
from tests import support
from tests.support import pump_until

CHALLENGE = "2A00000001"


@pytest.fixture(scope="module")
def reader_port():
    with support.reader_port() as port:
        yield port


@pytest.fixture(scope="module")
def harness(tmp_path_factory, reader_port):
    tmp = tmp_path_factory.mktemp("rfid-knightmare")
    with support.reader_app_harness(tmp, reader_port) as h:
        h.app.km_tags = KnightmareTags(tmp / "knightmare-tags.json")
        yield h


def test_a_challenge_card_placed_on_the_reader_starts_the_fight(harness, reader_port):
    h = harness
    assert h.app.tiles.reader.wait_connected(10)
    h.app.km_tags.add(CHALLENGE, "challenge")
    fresh_game(h.app)
    play(h.app, {"cmd": "move", "roll": 2})
    h.app.show_phase()
    h.pump()
    assert h.app.sm.current == "km_card"
    reader_port.write(rdm_frame(CHALLENGE) * 2)  # held for two repeats: one scan
    pump_until(h, lambda: h.app.controller.view["phase"] == "fight", "the card drawn from its tag")
    assert h.app.controller.view["last_command"] == {"cmd": "card", "kind": "challenge"}
    pump_until(h, lambda: h.app.sm.current == "km_fight", "the fight's screen")
