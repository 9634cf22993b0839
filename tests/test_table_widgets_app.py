"""The die and the ceremony inside the real app (offscreen, tests.support.app_harness), with its settings,
its translator and its sound as a screen would pass them: the app's reduce-motion setting lands the die
and stops the rain at once, the cues go through the app's sound, the words follow the app's language."""

from __future__ import annotations

import random

import pytest

from tests.support import app_harness

pytest.importorskip("kivy")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    from companion.sound import Reactions
    from companion.sound.mixer import Mixer
    from companion.sound.speech.engines import SilentEngine
    from companion.sound.speech.speech import Speech

    sounds = []

    def wire_sound(app):
        # Sound as the real app wires it, on a mixer with no device (CI has no sound card).
        app.sound = Reactions(Mixer(enabled=False), Speech([SilentEngine()]), app.library,
                              lambda: app.controller.tr.language, prerender=False)
        sounds.append(app.sound)

    with app_harness(tmp_path_factory.mktemp("table-widgets"), before_start=wire_sound) as h:
        yield h
    sounds[0].close()


class StillClock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def on_top(harness):
    """Adds a widget over the app's screens for one test, and takes it away after."""
    added = []

    def add(widget):
        harness.app.root.add_widget(widget)
        added.append(widget)
        harness.pump(3)
        return widget

    harness.app.change_settings(reduce_motion=False, language="fr")
    yield add
    for widget in added:
        harness.app.root.remove_widget(widget)
    harness.app.change_settings(reduce_motion=False, language="fr")
    harness.pump(2)


def panel_of(app, clock, rng=None):
    from companion.app.widgets.die import DiePanel

    return DiePanel(app.controller.tr, rng=rng or random.Random(5), settings=lambda: app.settings, sound=app.sound,
                    clock=clock, size_hint=(None, None), size=(760, 320), pos=(20, 80))


def test_the_die_rolls_with_the_apps_sound_and_speaks_its_language(harness, on_top):
    from companion.sound.table_cues import DIE_TUMBLE_S

    app, clock, values = harness.app, StillClock(), []
    panel = on_top(panel_of(app, clock))
    panel.bind(on_value=lambda _w, v, source: values.append((v, source)))
    assert panel.roll_button.text == "Lancer le dé"
    harness.tap(panel.roll_button)
    assert panel.die.rolling and app.sound.history[-1] == ("cue", "die_roll")
    clock.now += DIE_TUMBLE_S + 0.01
    harness.pump(2)
    expected = random.Random(5).randint(1, 6)
    assert values == [(expected, "screen")] and panel.result.text == f"Le dé montre {expected}"


def test_the_apps_reduce_motion_lands_the_die_at_once(harness, on_top):
    app, clock, values = harness.app, StillClock(), []
    app.change_settings(reduce_motion=True)
    panel = on_top(panel_of(app, clock))
    panel.bind(on_value=lambda _w, v, source: values.append((v, source)))
    panel.roll(value=3)
    assert values == [(3, "screen")] and not panel.die.rolling and panel.die.shown == 3
    assert app.sound.history[-1] == ("cue", "die_pick")


def test_in_english_a_tap_on_the_tables_face_says_it(harness, on_top):
    app, clock, values = harness.app, StillClock(), []
    app.change_settings(language="en")
    panel = on_top(panel_of(app, clock))
    panel.bind(on_value=lambda _w, v, source: values.append((v, source)))
    harness.tap(panel.faces[3])
    assert values == [(4, "table")] and panel.result.text == "The die shows 4"


def test_the_ceremony_rains_with_the_apps_sound_and_stops_under_reduce_motion(harness, on_top):
    from companion.app.widgets.ceremony import CEREMONY_S, Ceremony

    app, clock = harness.app, StillClock()
    stage = on_top(Ceremony(token="pizza", settings=lambda: app.settings, sound=app.sound, clock=clock))
    assert stage.start() and app.sound.history[-1] == ("cue", "soft_tokens_falling")
    clock.now += CEREMONY_S / 2
    harness.pump(2)
    assert stage.drawn > 0
    clock.now += CEREMONY_S / 2 + 0.01
    harness.pump(2)
    assert not stage.playing and stage.drawn == 0
    app.change_settings(reduce_motion=True)
    assert stage.start() is False and stage.drawn == 0


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_die_panel_passes_the_legibility_check(harness, on_top, language):
    """Its texts (the result as the step, ≥ 36 px), its targets (≥ 48 px, 8 px apart), at 800×480."""
    from companion.app.legibility import check_shot

    app, clock = harness.app, StillClock()
    app.change_settings(language=language)
    panel = on_top(panel_of(app, clock))
    panel.enter(6)  # the result shown
    harness.pump(4)
    x0, y0, w, h = *panel.pos, *panel.size

    def inside(item):
        (x, y), (iw, ih) = item["pos"], item["size"]
        return x >= x0 - 1 and y >= y0 - 1 and x + iw <= x0 + w + 1 and y + ih <= y0 + h + 1

    app.sm.opacity = 0  # the screen under the panel out of the report: only the panel is judged
    try:
        report = harness.widget_report()
    finally:
        app.sm.opacity = 1
    mine = {key: [item for item in items if inside(item)] for key, items in report.items()}
    assert len(mine["touchables"]) == 7 and any(t.get("role") == "step" for t in mine["texts"])
    assert [str(p) for p in check_shot(f"die-800x480-{language}", mine, 1.0)] == []
