"""``companion play`` without --headless: the shared prompt with a game's own words (its rules'
``text_prompt``), and the words every game shares (undo, games, resume, raw JSON)."""

from __future__ import annotations

import io

from companion.headless.prompt import interact
from companion.session import GameSession
from companion.store import GameLog


def play(tmp_path, *lines: str) -> str:
    out = io.StringIO()
    with GameLog(tmp_path / "g.sqlite3") as log:
        assert interact(GameSession(log), io.StringIO("".join(line + "\n" for line in lines)), out) == 0
    return out.getvalue()


def test_a_game_is_started_and_played_in_short_words(tmp_path):
    out = play(tmp_path, "new Ann Bob first=Ann seed=3", "land for", "yes", "undo", "games", "quit")
    assert out.startswith("Fort Boyard companion - text mode.")
    assert "Ann lands on force." in out and "Ann succeeds." in out and "Ann wins a key from the stock." in out
    assert 'Undone: {"cmd": "result", "success": true}' in out
    assert " #1 fort-boyard: Ann, Bob (last played " in out


def test_shared_words_refuse_clearly(tmp_path):
    out = play(tmp_path, "resume", "resume 4", '{"cmd": "state"', "frobnicate")
    assert "resume which game? resume N" in out
    assert "resume: there is no game 4 in the game log." in out
    assert "not valid JSON" in out and "unknown command 'frobnicate'; type help" in out
