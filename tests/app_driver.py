"""Run by tests/test_app_process.py in a child process: the real app, offscreen, on a given game log.

    python tests/app_driver.py play-and-die DB     # start a game, land on a riddle, then SIGKILL itself
    python tests/app_driver.py continue DB         # start the app, tap "continue", print what it shows
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import tests.conftest  # noqa: E402,F401  (Kivy offscreen environment)
from companion.app.launch import build_app, configure_kivy  # noqa: E402
from tests.support import judge_by_touch  # noqa: E402


def main(mode: str, db: Path) -> None:
    configure_kivy(800, 480)
    from companion.app.harness import Harness

    app = build_app(db, db.with_suffix(".settings.toml"))
    h = Harness(app)
    tr = app.controller.tr
    if mode == "play-and-die":
        h.tap("Fort Boyard")  # its tile on home
        from kivy.uix.textinput import TextInput

        boxes = sorted((w for w in h.widgets(h.screen) if isinstance(w, TextInput)), key=lambda w: -w.y)
        for box, name in zip(boxes, ("Ann", "Bob")):
            h.type_into(box, name)
        h.tap(tr("new.more_options"))
        h.tap("Bob")
        h.tap(tr("new.next"))  # the decks are on the page after who starts
        [segment] = [w for w in h.widgets(h.screen) if getattr(w, "choice", None) == ("enigme", "companion")]
        h.tap(segment)  # the riddles from the companion
        h.tap(tr("new.start"))
        h.tap(tr("space.force"))
        judge_by_touch(h, tr("common.success"))  # the hourglass started first: the judges wait for it
        h.tap(tr("space.enigme"))
        print(json.dumps(shown(app)), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    h.pump(3)
    home = app.sm.current
    h.tap(tr("home.continue"))
    print(json.dumps({"start": home, **shown(app)}), flush=True)


def shown(app) -> dict:
    view = app.controller.view
    card = app.controller.game_part.card_item()
    return {"screen": app.sm.current, "current": view["current"], "phase": view["phase"],
            "card": card.id if card else None, "text": card.text if card else None}


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
