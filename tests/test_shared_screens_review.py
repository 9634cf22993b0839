"""The shared screens after the family review of issue 22: one place for Back, the winner standing out
in the history, the chips in home's order, percentages the language's way, one Sound section whose
selected tab is not ticked, the technical detail of a failed screen one tap away."""

from __future__ import annotations

import pytest

from tests.support import app_harness

pytest.importorskip("kivy")

BACK_SCREENS = ("history-games", "history-game", "history-game-other", "history-player", "settings",
                "settings-sound", "doctor")  # the leaderboard keeps it beside its title: six players in sight


@pytest.fixture(scope="module")
def h(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("shared-review")) as harness:
        harness.app.set_language("en")
        yield harness


def show(h, scenario: str, language: str = "en"):
    from companion.app.scenarios import SCENARIOS

    h.app.set_language(language)
    SCENARIOS[scenario](h.app)
    h.settle(frames=6)
    assert (h.app.sm.current == "error") == (scenario == "error"), scenario  # no screen fell back to it
    return h.screen


def backs(h) -> list:
    return [w for w in h.widgets(h.screen) if getattr(w, "back", False)]


def test_every_shared_screen_has_one_back_in_the_same_corner_at_the_same_size(h):
    places, looks = [], set()
    for scenario in BACK_SCREENS:
        show(h, scenario)
        [back] = backs(h)
        x, y = back.to_window(*back.pos)
        places.append((x, y))
        looks.add((round(back.width), round(back.height), back.text))
        assert x < 40 and y < 40, (scenario, x, y)  # the bottom left corner
    assert len(looks) == 1, looks  # one size, one word
    xs, ys = [p[0] for p in places], [p[1] for p in places]
    assert max(xs) - min(xs) <= 8 and max(ys) - min(ys) <= 8, places  # the pages' margins differ a little


def test_the_history_rows_read_at_20_px_with_the_winner_in_bold_gold(h):
    from companion.app.controls import BigButton

    show(h, "history-games")
    rows = [w for w in h.widgets(h.screen) if isinstance(w, BigButton) and getattr(w, "game", None)]
    assert rows and all(r.base_font >= 20 for r in rows)
    first = rows[0].text.split("\n")[1]
    winner = first.split(" · ")[0]
    assert winner.startswith("[b][color=") and winner.endswith("[/color][/b]")
    assert all(not part.startswith("[b]") for part in first.split(" · ")[1:])  # the others as they are


def test_the_game_chips_follow_homes_order(h):
    from companion.engine.registry import available_games

    show(h, "history-stats-all")
    chips = [w.choice[1] for w in h.widgets(h.screen) if getattr(w, "choice", (None,))[0] == "game"]
    shown = [c for c in chips if c != "*"]
    order = available_games()
    assert len(set(shown)) >= 2
    firsts = list(dict.fromkeys(shown))
    assert firsts == sorted(firsts, key=order.index)


@pytest.mark.parametrize(("language", "written"), [("en", "100%"), ("fr", "100\u00a0%")])
def test_a_share_of_wins_is_written_the_languages_way(h, language, written):
    show(h, "history-stats-all", language)
    texts = {getattr(w, "text", "") for w in h.widgets(h.screen)}
    assert written in texts


def test_a_games_scores_are_bars_over_each_players_full_name(h):
    from companion.app.screens.history_charts import Chart

    show(h, "history-game-other")
    [chart] = [w for w in h.widgets(h.screen) if isinstance(w, Chart)]
    game = h.app.sm.get_screen("history_game").shelf.game(h.app.sm.get_screen("history_game").game_id)
    assert chart.per_series and [s.label for s in chart.series] == list(game.players)
    assert chart.width > h.app.root.width * 0.8  # no moments to tell: the chart has the width


def test_sound_is_one_section_and_the_chosen_tab_carries_no_tick(h):
    show(h, "settings-sound")
    from companion.app.controls import BigButton

    tabs = {w.section: w.text for w in h.widgets(h.screen) if isinstance(w, BigButton) and getattr(w, "section", None)}
    assert "mix" not in tabs and "sound" in tabs
    assert not any("✓" in text for text in tabs.values())
    assert tabs["sound"].startswith("[u]")  # the chosen one underlined (and in the selection colour)
    steppers = {w.step[0] for w in h.widgets(h.screen) if isinstance(getattr(w, "step", None), tuple)}
    assert {"volume", "voice_volume"} <= steppers  # the volumes on the sound page


def test_a_settings_page_taller_than_the_screen_scrolls(h):
    from kivy.uix.scrollview import ScrollView

    show(h, "settings-sound")
    views = [w for w in h.widgets(h.screen) if isinstance(w, ScrollView)]
    assert any(v.children and v.children[0].height > v.height for v in views)


def test_the_error_screen_keeps_the_technical_detail_one_tap_away(h):
    show(h, "error", "fr")
    screen = h.screen
    detail = h.app.controller.tr("error.technical", detail=screen.message)
    assert detail not in {getattr(w, "text", "") for w in h.widgets(screen)}
    [more] = [w for w in h.widgets(screen) if getattr(w, "technical", False)]
    assert more.text == h.app.controller.tr("error.show_technical")
    h.tap(more)
    h.settle(frames=2)
    assert detail in {getattr(w, "text", "") for w in h.widgets(h.screen)}


@pytest.mark.parametrize("language, said", [("en", "<\u00a01\u00a0min"), ("fr", "<\u00a01\u00a0min")])
def test_a_play_shorter_than_a_minute_says_so_and_never_0_min(h, language, said):
    from companion.app.controls import BigButton

    show(h, "history-games", language)
    db = h.app.controller.session.log.db
    db.execute("UPDATE games SET finished_at='2026-03-08T19:00:25.000+00:00' WHERE id=3")  # 25 s
    h.app.history_shelf = None  # the games read again
    h.screen.rebuild()
    h.settle(frames=3)
    rows = [w.text for w in h.widgets(h.screen) if isinstance(w, BigButton) and getattr(w, "game", None)]
    assert f" · {said} · " in rows[0] and not any(" 0 min" in r for r in rows)
    assert " · 41\u00a0min · " in rows[1]  # the others in minutes (never "41 / min" over two lines)
