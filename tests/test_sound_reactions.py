"""Reactions to the game: a cue for every event, Père Fouras's lines at their moments, cards read
aloud, the hourglass; played for real on the JACK dummy device while a whole game runs."""

from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pytest

from companion.sound.moments import QUIET, Cue, Line, cue_for, plan
from tests.test_sound_support import need


def answer(*events, players=("Ann", "Bob")):
    return {"ok": True, "events": list(events), "state": {"players": [{"name": n} for n in players]}}


# --- the plan, pure ----------------------------------------------------------------------------------

def test_every_event_type_of_the_game_has_a_cue_or_is_quiet_on_purpose():
    import companion.games.fort_boyard  # noqa: F401  (registers the event types)
    from companion.engine.core import _EVENT_TYPES

    samples = {"landed": {"space": "force"}, "challenge_result": {"success": True}, "duel_result": {"winner": "Ann"},
               "handful_drawn": {"value": 30}, "dive_progressed": {"reached": True},
               "code_word_proposed": {"correct": False}}
    for kind in _EVENT_TYPES:
        if "." in kind:  # another game's event ("forfort.started"), registered by a test run before: its own
            continue     # screens play its sounds (companion/app/games/<game>/sounds.py)
        event = {"type": kind, "player": "Ann", **samples.get(kind, {})}
        assert kind in QUIET or cue_for(event, ["Ann", "Bob"]) is not None, kind
    assert cue_for({"type": "undone"}, []) == Cue("undo")


def test_a_won_challenge_plays_its_cues_and_says_the_key_then_the_next_turn():
    p = plan(answer({"type": "challenge_result", "player": "Ann", "space": "force", "success": True},
                    {"type": "key_won", "player": "Ann", "source": "stock"},
                    {"type": "turn_ended", "player": "Ann"}, {"type": "turn_started", "player": "Bob"}))
    assert p.cues == (Cue("success"), Cue("key_won"), Cue("turn"))
    assert p.lines == (Line("key_won", "Ann", 6), Line("turn", "Bob", 3))
    assert p.interrupt and p.stop_hourglass


def test_landing_spaces_duels_and_the_treasure():
    assert plan(answer({"type": "landed", "player": "Ann", "space": "passe_partout"})).cues == (Cue("passe_partout"),)
    prison = plan(answer({"type": "landed", "player": "Ann", "space": "prison"},
                         {"type": "imprisoned", "player": "Ann"}))
    assert prison.cues == (Cue("prison_door"),) and prison.lines[0].moment == "prison"
    duel = plan(answer({"type": "duel_result", "winner": "Bob", "loser": "Ann", "stake": "key"},
                       {"type": "key_won", "player": "Bob", "source": "Ann"}))
    assert duel.cues[0] == Cue("buzzer", 1)
    assert [line.moment for line in duel.lines] == ["key_won", "key_lost"] and duel.lines[1].player == "Ann"
    assert plan(answer({"type": "handful_drawn", "player": "Ann", "tokens": {}, "value": 70})).cues == (Cue("coins", 70),)
    over = plan(answer({"type": "game_over", "winners": ["Ann", "Bob"], "scores": {}}))
    assert over.cues == (Cue("victory"),) and over.lines == (Line("victory", "Ann & Bob", 10),)


def test_a_drawn_card_is_read_and_a_refusal_is_quiet():
    p = plan(answer({"type": "landed", "player": "Ann", "space": "enigme"},
                    {"type": "card_drawn", "player": "Ann", "deck": "enigme", "card": "shadow"}))
    assert p.card == ("enigme", "shadow") and p.speaks
    assert plan({"ok": False, "error": {"message": "no"}}) == plan({"ok": False})
    assert not plan({"ok": False}).cues


def test_at_most_two_lines_the_most_important():
    p = plan(answer({"type": "game_started", "players": ["Ann"], "seed": 1},
                    {"type": "round_started", "round": 1, "first": "Ann"},
                    {"type": "turn_started", "player": "Ann"}))
    assert [line.moment for line in p.lines] == ["welcome", "round_keys"]


# --- reactions, for real ---------------------------------------------------------------------------------

@pytest.fixture
def library():
    from companion.content import load_library

    return load_library()


@pytest.fixture
def speech(tmp_path):
    need("espeak-ng", "espeak-ng")
    from companion.sound.speech import EspeakEngine, Speech, SpeechCache

    return Speech([EspeakEngine()], SpeechCache(tmp_path / "cache"))


@pytest.fixture
def on_jack(jack_server):
    from companion.sound.mixer import Mixer

    m = Mixer().start()
    assert m.is_on, m.status()
    yield m
    m.close()


def make(mixer, speech, library, language="en", **kw):
    from companion.sound.reactions import Reactions

    lang = {"now": language}
    r = Reactions(mixer, speech, library, lambda: lang["now"], seed=3, prerender=kw.pop("prerender", False), **kw)
    r.lang = lang
    return r


def test_a_whole_game_sounds_and_speaks_on_the_device(on_jack, speech, library, tmp_path):
    from companion.app.controller import Controller, PlayerSetup
    from companion.app.games.fort_boyard.ui import new_game
    from companion.app.settings import Settings
    from companion.games.fort_boyard.autoplay import legal_command
    from companion.session import GameSession
    from companion.store import GameLog

    reactions = make(on_jack, speech, library)
    out: list[np.ndarray] = []
    on_jack.bus.monitor = out.append
    controller = Controller(GameSession(GameLog(tmp_path / "games.db")), Settings(language="en"), library)
    controller.listeners.append(reactions.on_answer)
    decks = {"concentration": "companion", "force": "companion", "duel": "companion", "enigme": "companion"}
    first = new_game(controller, [PlayerSetup("Ann", "red"), PlayerSetup("Bob", "blue")], "Ann", "", decks, seed=5)
    assert first["ok"]
    rng = random.Random(5)
    riddles_drawn = []
    while controller.view["phase"] != "over":
        got = controller.send(legal_command(controller.view, rng, success=0.7))
        assert got["ok"], got
        riddles_drawn += [e["card"] for e in got["events"] if e["type"] == "card_drawn" and e["deck"] == "enigme"]
    heard = [what for kind, what in reactions.history if kind == "cue"]
    said = [what for kind, what in reactions.history if kind == "say"]
    assert {"gong", "fanfare", "turn", "key_won", "victory"} <= set(heard)
    assert any(s.startswith("Welcome") or "Fort" in s for s in said[:2])
    for riddle in riddles_drawn:
        text = next(r.text for r in library.items("riddles", "en") if r.id == riddle)
        assert text in said
    assert riddles_drawn and not any("{player}" in s for s in said)
    last = reactions.narrator.say(lambda: speech.render("The end.", "en"), "The end.")
    assert last.wait(60) and last.playback is not None and last.playback.started_at is not None
    assert np.abs(np.concatenate(out)).max() > 0.3  # sound really went out
    status = reactions.status()
    assert status.errors == () and status.mixer.on and status.speech.engine == "espeak"
    reactions.close()


def test_time_up_and_the_tick_tock(on_jack, speech, library):
    r = make(on_jack, speech, library)
    r.on_hourglass_started(30)
    assert r.ticking and r.history[-1] == ("cue", "hourglass_start")
    r.on_hourglass_stopped()
    assert not r.ticking
    r.on_hourglass_started(12)
    r.on_answer(answer({"type": "challenge_result", "player": "Ann", "space": "force", "success": False}))
    assert not r.ticking
    r.on_hourglass_started(3)
    r.on_time_up()
    assert not r.ticking
    kinds = list(r.history)[-2:]
    assert kinds[0] == ("cue", "time_up")
    assert kinds[1][0] == "say" and kinds[1][1] in {x.text for x in library.items("lines", "en") if x.moment == "time_up"}
    r.close()


def test_he_does_not_repeat_the_same_line_twice_in_a_row(library):
    from companion.sound.mixer import Mixer
    from companion.sound.speech import SilentEngine, Speech

    r = make(Mixer(enabled=False), Speech([SilentEngine()]), library)
    said = []
    for _ in range(20):
        r.on_answer(answer({"type": "turn_started", "player": "Ann"}))
        said.append(r.history[-1][1])
    assert all(a != b for a, b in zip(said, said[1:]))
    assert all("Ann" in s or "{player}" not in s for s in said)
    r.close()


def test_nothing_gets_out_to_the_app(library):
    from companion.sound.mixer import Mixer
    from companion.sound.speech import SilentEngine, Speech

    r = make(Mixer(enabled=False), Speech([SilentEngine()]), library)
    r.on_answer(answer({"type": "card_drawn", "player": "Ann", "deck": "enigme", "card": "no-such-riddle"}))
    r.on_answer({"ok": True, "events": [{"type": "handful_drawn", "value": "lots"}]})
    r.on_answer({"weird": True})
    assert len(r.status().errors) == 2
    assert "no-such-riddle" in r.status().errors[0]
    r.close()


def test_no_device_the_game_goes_on_and_status_says_why(jack_server, speech, library):
    from companion.sound.mixer import Mixer

    with Mixer(device="HDMI speakers", retry_interval=60) as mixer:
        r = make(mixer, speech, library)
        r.on_answer(answer({"type": "game_started", "players": ["Ann", "Bob"], "seed": 1}))
        lines = r.status().lines()
        assert lines[0].startswith("No sound: the audio device 'HDMI speakers' is not there")
        assert any(line.startswith("Devices: ") and "system" in line for line in lines)
        assert r.history[0] == ("cue", "gong")
        r.close()


def test_language_change_prerenders_the_new_deck(tmp_path, speech):
    from companion.sound.mixer import Mixer
    from tests.test_sound_speech import SmallLibrary

    r = make(Mixer(enabled=False), speech, SmallLibrary(1), prerender=True)
    assert r.prerenderer.wait(120) and r.status().prerender.language == "en"
    r.lang["now"] = "fr"
    r.on_answer(answer({"type": "turn_started", "player": "Ann"}))
    assert r.prerenderer.wait(120)
    p = r.status().prerender
    assert p.language == "fr" and p.done == p.total > 0
    r.close()


def test_settings_set_volume_mute_and_categories(library):
    from companion.app.settings import Settings
    from companion.sound.mixer import Mixer
    from companion.sound.speech import SilentEngine, Speech

    r = make(Mixer(enabled=False), Speech([SilentEngine()]), library)
    r.apply_settings(Settings(volume=40))
    assert r.mixer.bus.master == pytest.approx(0.4) and not r.mixer.bus.muted
    r.apply_settings(SimpleNamespace(volume=100, muted=True, voice_volume=90, cues_volume=20, ambience_volume=0,
                                     drumroll_volume=50, fanfare_volume=75, language="en"))
    s = r.status()
    assert s.master == 1.0 and s.muted and s.volumes == {"voice": 0.9, "cues": 0.2, "ambience": 0.0,
                                                         "drumroll": 0.5, "fanfare": 0.75}
    assert "Muted" in s.lines()
    r.close()


def test_ambience_loops_under_the_voice(on_jack, library):
    from companion.sound.speech import SilentEngine, Speech

    r = make(on_jack, Speech([SilentEngine()]), library, ambience=True)
    assert r._ambience is not None and r._ambience.started.wait(5) and r._ambience.loop
    r.set_ambience(False)
    assert r._ambience is None
    r.close()


def test_from_settings_builds_everything_and_buzzes(jack_server, library, tmp_path, monkeypatch):
    from companion.sound.reactions import Reactions

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    settings = SimpleNamespace(language="en", volume=70, sound_device="system", speech_engine="espeak")
    need("espeak-ng", "espeak-ng")
    r = Reactions.from_settings(settings, library, prerender=False)
    try:
        assert r.mixer.is_on and r.mixer.bus.master == pytest.approx(0.7)
        assert r.speech.choose("en").engine.name == "espeak"
        r.on_answer(answer({"type": "game_started", "players": ["Ann", "Bob"], "seed": 1}))
        r.buzz("Bob")
        r.buzz("Nobody")
        assert ("cue", "buzzer:1") in r.history and ("cue", "buzzer:0") in r.history
    finally:
        r.close()
    assert r.mixer.status().state == "closed"
