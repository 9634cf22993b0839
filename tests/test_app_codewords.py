"""The companion's code words at the touchscreen (issue 17), driven through the real app with touches:
the choice at the new game, the private reveal (press-and-hold), "Mes indices", the typed proposal judged
by the answer matcher with the table's overrule, and the phones' server following its setting."""

from __future__ import annotations

import socket
import urllib.request
from contextlib import contextmanager

import pytest

from tests.support import app_harness
from tests.test_app import tr

pytest.importorskip("kivy")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    from companion.app.phones_link import phones_of

    with app_harness(tmp_path_factory.mktemp("codewords")) as h:
        link = phones_of(h.app)
        link.host, link.port = "127.0.0.1", 0  # the loopback in tests, a free port
        yield h
        link.stop()


def start_companion_game(h, names, levels=None):
    """A new game by touches with the companion's code words; ``levels``: players tapped to hard."""
    from kivy.uix.textinput import TextInput

    h.app.go("home")
    h.pump()
    h.tap("Fort Boyard")  # its tile on home
    for _ in range(len(names) - 2):
        h.tap(tr(h, "new.add"))
    inputs = sorted((w for w in h.widgets(h.screen) if isinstance(w, TextInput)), key=lambda w: -w.to_window(*w.center)[1])
    for box, name in zip(inputs, names):
        h.type_into(box, name)
    h.tap(tr(h, "new.more_options"))
    h.tap(names[0])
    if h.app.sm.get_screen("new_game").form.code_words != "companion":  # the last game's choice stays
        [segment] = [w for w in h.widgets(h.screen) if getattr(w, "choice", None) == ("code_words", "companion")]
        h.tap(segment)  # the code words' two-way choice: the companion's
    h.tap(tr(h, "new.next"))  # the cards' page
    h.tap(tr(h, "new.next"))  # each player's level is on the setup's last page
    for name in names:  # each player's level is a two-way choice: the segment (player, level)
        wanted = "hard" if name in (levels or ()) else "easy"
        segment = next(w for w in h.widgets(h.screen) if getattr(w, "choice", None) == (name, wanted))
        if not segment.chosen:
            h.tap(segment)
    running = h.app.controller.in_progress
    h.tap(tr(h, "new.start"))
    if running:
        h.tap(tr(h, "common.confirm"))


def send(h, *commands):
    for cmd in commands:
        assert h.app.send(cmd)["ok"], cmd


def win_three_keys(h):
    """Two players: the first wins three keys by Force, the second passes by the Door: Round 2 starts."""
    door = {"cmd": "land", "space": "door"}
    force = [{"cmd": "land", "space": "force"}, {"cmd": "result", "success": True}]
    send(h, *force, door, *force, door, *force)


def hold(h, button):
    """A finger put down on ``button`` (and kept there): returns the touch, to lift later."""
    from kivy.tests.common import UnitTestTouch

    h.settle(frames=6)  # laid out first: under load a button read before its layout took the other's place
    touch = UnitTestTouch(*button.to_window(*button.center))
    touch.touch_down()
    h.pump(2)
    return touch


def lift(h, touch):
    touch.touch_up()
    h.pump(2)


def secret_shown(screen) -> str:
    label = screen.secret.label
    return label.text if label.opacity > 0.01 else ""


def view_of(h, name):
    session = h.app.controller.session
    return session.rules.player_view(session.state, name)


def test_new_game_sends_companion_code_words_with_the_levels_and_the_tables_language(harness):
    h = harness
    start_companion_game(h, ["Ann", "Bob"], levels=["Bob"])
    start = h.app.controller.session.start_command
    assert start["code_words"] == "companion"
    assert start["levels"] == {"Ann": "easy", "Bob": "hard"}
    assert start["language"] == h.app.controller.tr.language == "fr"
    assert h.app.sm.current == "turn"


def test_a_clue_is_shown_only_while_its_owner_holds_the_button(harness):
    h = harness
    start_companion_game(h, ["Ann", "Bob"])
    win_three_keys(h)
    assert h.app.sm.current == "moment"
    h.tap(tr(h, "common.continue"))
    assert h.app.sm.current == "reveal" and h.screen.player in ("Ann", "Bob")
    owner = h.screen.player
    other = "Bob" if owner == "Ann" else "Ann"
    own_clue = view_of(h, owner)["clues"][0]
    other_clue = view_of(h, other)["clues"][0]
    screen = h.screen
    assert secret_shown(screen) == "" and screen.secret.label.opacity == 0
    texts = [t["text"] for t in h.widget_report()["texts"]]
    assert not any(own_clue in t or other_clue in t for t in texts)
    touch = hold(h, screen.hold_button)
    assert own_clue in secret_shown(screen) and other_clue not in secret_shown(screen)
    assert any(own_clue in t["text"] for t in h.widget_report()["texts"])
    lift(h, touch)
    assert secret_shown(screen) == "" and screen.secret.label.text == ""
    h.tap(tr(h, "codewords.done"))
    assert h.app.sm.current == "reveal" and h.screen.player == other  # each player's first clue in turn
    h.tap(tr(h, "codewords.done"))
    assert h.app.sm.current == "turn"


def test_my_clues_shows_each_player_only_their_own_clues(harness):
    h = harness
    start_companion_game(h, ["Ann", "Bob"])
    win_three_keys(h)
    h.app.clue_reveals.clear()
    h.app.show_phase()
    send(h, {"cmd": "land", "space": "enigme"}, {"cmd": "stake", "stake": "clue"}, {"cmd": "result", "success": True})
    assert h.app.sm.current == "reveal" and h.screen.player == "Bob"  # Bob's second clue, just won
    h.tap(tr(h, "codewords.done"))
    h.tap(tr(h, "codewords.mine"))  # one tap from the top bar
    assert h.app.sm.current == "my_clues"
    screen = h.screen
    ann, bob = view_of(h, "Ann")["clues"], view_of(h, "Bob")["clues"]
    assert len(ann) == 1 and len(bob) == 2
    assert secret_shown(screen) == ""
    touch = hold(h, screen.hold_buttons["Bob"])
    shown = secret_shown(screen)
    assert all(c in shown for c in bob) and not any(c in shown for c in ann)
    lift(h, touch)
    assert secret_shown(screen) == ""
    touch = hold(h, screen.hold_buttons["Ann"])
    assert ann[0] in secret_shown(screen) and not any(c in secret_shown(screen) for c in bob)
    lift(h, touch)
    h.tap(tr(h, "codewords.back"))
    assert h.app.sm.current == "turn"


def type_word(h, word):
    screen = h.screen
    for ch in word:
        if ch == " ":
            h.tap(tr(h, "codewords.space"))
        else:
            key = "’" if ch in "'’" else ch.upper()
            h.tap(next(b for b in _keys(h) if b.text == key))
    assert screen.typed == word.lower().replace("'", "’")
    h.tap(tr(h, "codewords.ok"))


def _keys(h):
    from kivy.uix.button import Button

    return [w for w in h.widgets(h.screen) if isinstance(w, Button) and not w.disabled and len(w.text) == 1]


def test_a_typed_proposal_is_judged_and_the_table_can_overrule(harness):
    from companion.app.games.fort_boyard.scenarios import companion_words_game, to_round_3

    h = harness
    app = h.app
    companion_words_game(app)
    to_round_3(app)
    app.clue_reveals.clear()
    app.show_phase()
    assert app.sm.current == "keyboard"
    c = app.controller
    me = c.view["current"]
    card = c.session.rules.code_word_of(c.session.state, me)
    near = next(iter(card.reject), None) or "zzzz"
    type_word(h, near)
    assert app.sm.current == "verdict"
    assert h.screen.verdict_label.text == tr(h, "codewords.refused")
    assert c.session.commands[-1]["accepted"] is False
    h.tap(tr(h, "codewords.overrule_right"))
    assert h.screen.verdict_label.text == tr(h, "codewords.overruled_right")
    last = c.session.commands[-1]
    assert last["cmd"] == "propose" and last["word"] == near and last["correct"] is True
    assert next(p for p in c.view["players"] if p["name"] == me)["status"] == "treasure"
    h.tap(tr(h, "common.continue"))
    assert app.sm.current == "keyboard"
    other = c.view["current"]
    word = c.session.rules.code_word_of(c.session.state, other).word
    type_word(h, word)
    assert h.screen.verdict_label.text == tr(h, "codewords.accepted")
    assert c.session.commands[-1]["accepted"] is True


def test_the_typed_code_word_is_masked_until_valider(harness):
    from companion.app.games.fort_boyard.keyboard import MASK
    from companion.app.games.fort_boyard.scenarios import companion_words_game, to_round_3

    h = harness
    app = h.app
    companion_words_game(app)
    to_round_3(app)
    app.clue_reveals = []
    app.show_phase()
    assert app.sm.current == "keyboard"
    screen = h.screen
    for ch in "LOUP":
        h.tap(next(b for b in _keys(h) if b.text == ch))
    h.tap(tr(h, "codewords.space"))
    h.tap(next(b for b in _keys(h) if b.text == "A"))
    assert screen.typed == "loup a"
    texts = [t["text"] for t in h.widget_report()["texts"]]
    assert MASK * 4 + " " + MASK in texts  # the count of letters, the gap of the space
    assert not any("loup" in t.lower() for t in texts)  # the word itself nowhere on the screen
    h.tap(tr(h, "codewords.delete"))
    assert screen.display.text == MASK * 4 + " "
    h.tap(tr(h, "codewords.ok"))  # "Valider": now the table sees the word, in the verdict
    assert app.sm.current == "verdict"
    assert any("loup" in t["text"] for t in h.widget_report()["texts"])


def listening(url: str) -> bool:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex((parts.hostname, parts.port)) == 0


def tap_phones(h, on: bool):
    """Tap the players' phones' switch on the settings' Hardware section: its "on" or "off" segment."""
    from kivy.uix.button import Button

    h.app.go("settings")
    h.pump(3)
    [section] = [w for w in h.widgets(h.screen) if isinstance(w, Button) and getattr(w, "section", None) == "hardware"]
    h.tap(section)
    [segment] = [w for w in h.widgets(h.screen) if getattr(w, "choice", None) == ("phones", on)]
    h.tap(segment)


def test_phones_setting_starts_a_server_with_a_qr_code_per_player_and_off_stops_it(harness):
    h = harness
    app = h.app
    from companion.app.phones_link import phones_of

    link = phones_of(app)
    assert not link.running
    tap_phones(h, True)
    assert app.settings.phones and link.running
    start_companion_game(h, ["Ann", "Bob"])
    assert app.sm.current == "phones"
    assert set(h.screen.name_buttons) == {"Ann", "Bob"}
    texts = [t["text"] for t in h.widget_report()["texts"]]
    assert "Ann" in texts and "Bob" in texts
    links = link.links()
    with urllib.request.urlopen(links["Ann"], timeout=5) as page:
        assert page.status == 200 and "Ann" in page.read().decode("utf-8")
    h.tap(tr(h, "common.continue"))
    assert app.sm.current == "turn"
    tap_phones(h, False)
    assert not app.settings.phones and not link.running
    assert not listening(links["Ann"])


def drawn_codes(h) -> list:
    """Every image on the screen that has a picture: a QR code drawn is one."""
    from kivy.uix.image import Image

    return [w for w in h.widgets(h.screen) if isinstance(w, Image) and w.texture is not None and not w.source]


@contextmanager
def kivy_clock(h):
    """Kivy's clock stopped (the wall's time no longer moves it) and ``advance(seconds)`` moving it on, then
    a frame run, so that what was scheduled before then runs. The frame-rate cap is lifted meanwhile (it
    waits for the wall); both are put back after."""
    import time

    from kivy.clock import Clock

    real_time, real_fps = Clock.time, Clock._max_fps
    moved = [real_time()]

    def advance(seconds: float) -> None:
        moved[0] += seconds
        h.pump(2)

    Clock.time = lambda: moved[0]
    Clock._max_fps = 0
    try:
        yield advance
    finally:
        Clock.time = real_time
        Clock._last_tick = real_time()  # the wall again, not ahead of it: no frame waits to catch up
        Clock._max_fps = real_fps
        h.pump(1)


def test_a_tap_on_a_name_shows_that_players_qr_code_for_ten_seconds(harness):
    from io import BytesIO

    from kivy.core.image import Image as CoreImage

    from companion.app.games.fort_boyard.phones import QR_SECONDS
    from companion.app.phones_link import phones_of

    h = harness
    link = phones_of(h.app)
    tap_phones(h, True)
    start_companion_game(h, ["Ann", "Bob"])
    screen = h.screen
    links = link.links()
    report = str(h.widget_report())
    assert drawn_codes(h) == [] and screen.panel.showing is None  # nothing to scan before a tap
    assert links["Ann"] not in report and links["Bob"] not in report
    with kivy_clock(h) as advance:
        h.tap(screen.name_buttons["Ann"])  # one tap: the other hand holds the phone
        [code] = drawn_codes(h)
        ann = CoreImage(BytesIO(link.qr_png("Ann")), ext="png").texture
        bob = CoreImage(BytesIO(link.qr_png("Bob")), ext="png").texture
        assert screen.panel.showing == "Ann" and code.texture.pixels == ann.pixels != bob.pixels
        advance(QR_SECONDS - 1)
        assert screen.panel.showing == "Ann" and len(drawn_codes(h)) == 1  # still there after 9 s
        advance(1.5)
        assert drawn_codes(h) == [] and screen.panel.showing is None  # gone after 10 s
    h.tap(screen.name_buttons["Bob"])  # then the next player
    [code] = drawn_codes(h)
    assert screen.panel.showing == "Bob" and code.texture.pixels == bob.pixels
    h.tap(screen.name_buttons["Bob"])  # scanned: a second tap hides it at once
    assert drawn_codes(h) == [] and screen.panel.showing is None
    tap_phones(h, False)


def test_the_phones_screen_says_qr_code_never_code_alone(harness):
    import re

    h = harness
    for language in ("fr", "en"):
        for key in ("phones.title", "phones.hold"):
            h.app.set_language(language)
            text = tr(h, key)
            assert re.search(r"\bcode\b", text.replace("QR code", "")) is None, (language, key, text)
            assert "QR code" in text, (language, key, text)
    h.app.set_language("fr")


def test_without_a_home_network_the_phones_screen_says_so_and_nothing_listens(harness, monkeypatch):
    from companion.app import phones_link
    from companion.app.phones_link import phones_of

    h = harness
    link = phones_of(h.app)
    monkeypatch.setattr(link, "host", None)  # the home-network address, as on the kiosk...
    monkeypatch.setattr(phones_link, "lan_address", lambda: "127.0.0.1")  # ...which has none
    tap_phones(h, True)
    assert h.app.settings.phones and not link.running and link.no_network
    start_companion_game(h, ["Ann", "Bob"])
    assert h.app.sm.current == "phones"
    assert tr(h, "phones.no_network") in [t["text"] for t in h.widget_report()["texts"]]
    h.tap(tr(h, "common.continue"))
    assert h.app.sm.current == "turn"
    tap_phones(h, False)
    assert not h.app.settings.phones


def test_a_proposal_typed_on_a_phone_is_sent_by_the_app_and_its_verdict_shown(harness):
    import json
    import threading

    from companion.app.phones_link import phones_of
    from companion.app.games.fort_boyard.scenarios import companion_words_game, to_round_3

    h = harness
    app = h.app
    link = phones_of(app)
    app.change_settings(phones=True)
    try:
        companion_words_game(app)
        to_round_3(app)
        app.clue_reveals.clear()
        app.show_phase()
        c = app.controller
        me = c.view["current"]
        word = c.session.rules.code_word_of(c.session.state, me).word
        request = urllib.request.Request(link.links()[me] + "/propose", data=json.dumps({"word": word}).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        answers = []
        phone = threading.Thread(target=lambda: answers.append(json.load(urllib.request.urlopen(request, timeout=10))))
        phone.start()
        while phone.is_alive():  # the UI thread runs the proposal (Clock) while the phone waits
            h.pump(1)
        assert answers and answers[0]["ok"] and answers[0]["correct"] is True
        assert answers[0]["view"]["player"] == me  # that player's view only, never the table's state
        last = c.session.commands[-1]
        assert last["cmd"] == "propose" and last["player"] == me and last["accepted"] is True
        assert app.sm.current == "verdict" and h.screen.verdict_label.text == tr(h, "codewords.accepted")
    finally:
        app.change_settings(phones=False)
    assert not link.running
