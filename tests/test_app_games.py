"""The shared app holds games it does not name (issue 22): a game's UI is found through the registry and
imported only when a game of its kind is played; a game whose screens are missing is not offered; the
pictures of ``companion shots`` are rendered once and shared between parallel test workers."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

from companion.app.game_ui import playable, playable_games, ui_for
from companion.engine.registry import GAMES, GameEntry
from tests.conftest import ROOT


def test_a_game_whose_screens_are_missing_is_not_offered():
    missing = GameEntry("nowhere", "companion.games.nowhere", "companion.app.games.nowhere_at_all",
                        {"fr": "Nulle part", "en": "Nowhere"}, (2, 4))
    orphan = GameEntry("orphan", "x.y", "no_such_package.games.orphan", {"fr": "O", "en": "O"}, (2, 4))
    assert not playable(missing) and not playable(orphan)
    assert [g.id for g in playable_games()] == [g.id for g in GAMES if playable(g)]
    assert "fort-boyard" in [g.id for g in playable_games()]


def test_every_playable_games_ui_has_the_shells_parts():
    for entry in playable_games():
        ui = ui_for(entry.id)
        assert ui.id == entry.id
        for part in ("screens", "phase_screen", "options_form", "new_command", "options_of", "standing", "podium",
                     "describe", "automatic", "controller_part", "scenarios", "help", "after_answer", "route",
                     "before_play", "on_key", "bar_info", "bar_extra", "score_words", "ring_event"):
            assert callable(getattr(ui, part)), (entry.id, part)
        assert isinstance(ui.timed_phases, tuple)


def test_the_app_starts_on_an_empty_log_without_importing_any_game(tmp_path):
    script = (
        "import sys\n"
        "import tests.conftest\n"
        "from pathlib import Path\n"
        "from companion.app.launch import build_app, configure_kivy\n"
        "configure_kivy(800, 480)\n"
        f"app = build_app(Path({str(tmp_path / 'g.sqlite3')!r}), None)\n"
        "app.build()\n"
        "print(sorted(m for m in sys.modules if m.startswith('companion.app.games.')))\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip().splitlines()[-1] == "[]"


def test_the_shared_pictures_are_rendered_once_between_two_workers_each_rendering_a_share(tmp_path, monkeypatch):
    from tests import shots_cache

    runs = []
    real_run = subprocess.run

    def fake_run(cmd, **kw):
        if threading.current_thread().name not in ("w0", "w1"):  # a parallel run's own prefetch: the real one
            return real_run(cmd, **kw)
        out = Path(cmd[cmd.index("--out") + 1])
        share = (cmd[cmd.index("--profiles") + 1], cmd[cmd.index("--languages") + 1])
        runs.append((share, threading.current_thread().name))
        out.mkdir(parents=True)
        picture = f"home-{share[0]}-{share[1]}.png"
        (out / picture).write_bytes(b"png")
        (out / "widgets.json").write_text(json.dumps({picture: {"texts": []}}), "utf-8")

        class Done:
            returncode = 0
            stdout = json.dumps({"shots": 1, "overflows": 0, "out": str(out)}) + "\n"
            stderr = ""

        threading.Event().wait(0.2)  # long enough for the other worker to reach the next share
        return Done()

    monkeypatch.setenv("COMPANION_SHOTS_CACHE", str(tmp_path))
    monkeypatch.setattr(shots_cache.subprocess, "run", fake_run)
    monkeypatch.setattr(shots_cache, "code_key", lambda: "k1")
    found = []
    workers = [threading.Thread(target=lambda: found.append(shots_cache.all_shots()), name=f"w{i}") for i in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    shares = shots_cache.shares()
    assert sorted(share for share, _ in runs) == sorted(shares)  # each share once
    assert {worker for _, worker in runs} == {"w0", "w1"}  # both workers rendered a part
    final = tmp_path / "k1"
    assert found[0] == found[1] == (final, {"shots": len(shares), "overflows": 0, "out": str(final)})
    pictures = {f"home-{p}-{lang}.png" for p, lang in shares}
    assert {f.name for f in final.iterdir()} == pictures | {"widgets.json"}
    assert set(json.loads((final / "widgets.json").read_text("utf-8"))) == pictures
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == ["k1", "k1.json"]


def test_a_failed_render_leaves_nothing_for_the_next_test(tmp_path, monkeypatch):
    import pytest

    from tests import shots_cache

    class Failed:
        returncode, stdout, stderr = 1, "", "boom"

    me, real_run = threading.current_thread(), subprocess.run
    monkeypatch.setenv("COMPANION_SHOTS_CACHE", str(tmp_path))
    # (another thread's call, a parallel run's prefetch, runs the real one)
    monkeypatch.setattr(shots_cache.subprocess, "run",
                        lambda cmd, **kw: Failed() if threading.current_thread() is me else real_run(cmd, **kw))
    monkeypatch.setattr(shots_cache, "code_key", lambda: "k2")
    with pytest.raises(AssertionError, match="boom"):
        shots_cache.all_shots()
    assert [p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")] == []  # no half-rendered share


def test_rematch_plays_the_same_game_again_with_the_same_table():
    from companion.app.controller import Controller, PlayerSetup
    from companion.app.games.fort_boyard.cards import DECK_KINDS
    from companion.app.games.fort_boyard.ui import new_game
    from companion.app.lineup import last_lineup, rematch
    from companion.app.settings import Settings
    from companion.session import GameSession
    from companion.store import GameLog

    c = Controller(GameSession(GameLog(":memory:")), Settings())
    new_game(c, [PlayerSetup("Ann", "violet"), PlayerSetup("Bob", "coral")], "Ann", "blue",
             {d: "companion" for d in DECK_KINDS}, level="hard", seed=3)
    first = c.view["game_id"]
    answer = rematch(c)
    assert answer["ok"] and c.view["game_id"] != first and c.view["game"] == "fort-boyard"
    assert [p["name"] for p in c.view["players"]] == ["Ann", "Bob"]
    assert c.table["colours"] == {"Ann": "violet", "Bob": "coral"}
    assert (c.table["card_text"], c.table["level"]) == ("blue", "hard")
    assert set(c.table["decks"].values()) == {"companion"}
    lineup = last_lineup(c.session.log, "fort-boyard")
    assert lineup.game == "fort-boyard" and lineup.options["level"] == "hard"
    assert last_lineup(c.session.log, "no-such-game") is None  # another kind's setup offers no shortcut


def test_saved_players_are_each_player_once_as_their_name_now_counts():
    from companion.app.controller import Controller, PlayerSetup
    from companion.app.games.fort_boyard.cards import DECK_KINDS
    from companion.app.games.fort_boyard.ui import new_game
    from companion.app.saved_players import as_saved, saved_players
    from companion.app.settings import Settings
    from companion.session import GameSession
    from companion.store import GameLog

    c = Controller(GameSession(GameLog(":memory:")), Settings())
    decks = {d: "physical" for d in DECK_KINDS}
    new_game(c, [PlayerSetup("Zoé", "violet"), PlayerSetup("Bob", "coral")], "Bob", "red", decks, seed=1)
    new_game(c, [PlayerSetup("Anne", "violet"), PlayerSetup("zoe", "coral")], "Anne", "red", decks, seed=2)
    saved = saved_players(c.session.log)
    assert saved == ["Anne", "zoe", "Bob"]  # the newest game first; 'Zoé' and 'zoe' one player
    assert as_saved("ANNE ", saved) == "Anne" and as_saved("Cy", saved) == "Cy"
    assert saved_players(object()) == []  # no log to read: nothing offered, nothing breaks
