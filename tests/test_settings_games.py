"""Each game's own settings (companion.app.game_settings): the settings screen shows the shared options
(language, sound, display, hardware...) as shared, and a game's under that game's name, from its
package; an option a game declares is never shown as a shared one."""

from __future__ import annotations

import pytest

from companion.app.game_settings import game_settings
from companion.config.table import screen_options
from companion.engine import registry
from tests.support import app_harness

pytest.importorskip("kivy")

SECTIONS = ("game", "sound", "display", "hardware", "content", "system")


def test_every_declared_setting_is_an_option_of_the_settings_screen_and_one_games_only():
    shown = {o.attr for o in screen_options()}
    seen: dict[str, str] = {}
    for entry, declared in game_settings():
        for setting in declared:
            assert setting.attr in shown, (entry.id, setting.attr)
            assert seen.setdefault(setting.attr, entry.id) == entry.id, setting.attr
    # Today one game has settings beyond its new game's options: the hourglass and two house rules.
    assert {e.id: [s.attr for s in d] for e, d in game_settings()} == {
        registry.GAMES[0].id: ["hourglass_seconds", "duel_clue_to_opponent", "prison_carries_over"]}


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("settings-games")) as h:
        h.app.set_language("en")
        yield h


def page(h, section: str) -> list:
    """The widgets of ``section``'s page, top to bottom."""
    screen = h.app.sm.get_screen("settings")
    screen.section = section
    h.app.go("settings")
    screen.rebuild()
    h.settle(frames=3)
    found = [w for w in h.widgets(h.screen) if isinstance(getattr(w, "choice", None), tuple)
             or isinstance(getattr(w, "step", None), tuple) or isinstance(getattr(w, "game", None), str)]
    return sorted(found, key=lambda w: -w.to_window(*w.pos)[1])


def names(widgets) -> list[str]:
    out = []
    for w in widgets:
        game = getattr(w, "game", None)
        name = "game:" + game if isinstance(game, str) else (getattr(w, "choice", None) or w.step)[0]
        if name not in out:
            out.append(name)
    return out


def test_a_games_settings_are_under_its_name_after_the_shared_language(harness):
    assert names(page(harness, "game")) == ["language", "game:" + registry.GAMES[0].id, "hourglass_seconds",
                                            "duel_clue_to_opponent", "prison_carries_over"]
    heading = next(w for w in page(harness, "game") if getattr(w, "game", None))
    assert heading.text == registry.GAMES[0].name["en"]


def test_a_games_settings_show_on_no_shared_page(harness):
    owned = {s.attr for _, declared in game_settings() for s in declared}
    for section in SECTIONS:
        shown = names(page(harness, section))
        shared = shown[:shown.index("game:" + registry.GAMES[0].id)] if section == "game" else shown
        assert not owned & set(shared), (section, shown)
