"""Drive the real app without its main loop: pump frames, tap widgets with touches, take screenshots.

Used by ``companion shots`` and the tests. Kivy renders through SDL's offscreen driver where there is
no display."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Iterator

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.widget import Widget


class Harness:
    def __init__(self, app) -> None:
        EventLoop.ensure_window()
        self.app = app
        app._run_prepare()
        self.pump(5)

    def close(self) -> None:
        """Take the app off the window (which lives as long as the process) and stop its ring."""
        self.app.ring.close()
        if self.app.root is not None:
            Window.remove_widget(self.app.root)
        Window.clearcolor = (0, 0, 0, 1)
        self.pump(2)

    def pump(self, frames: int = 3) -> None:
        for _ in range(frames):
            EventLoop.idle()

    def settle(self, seconds: float = 0.0, frames: int = 4) -> None:
        end = time.monotonic() + seconds
        self.pump(frames)
        while time.monotonic() < end:
            self.pump(1)

    def resize(self, width: int, height: int) -> None:
        Window.size = (width, height)
        self.settle(frames=6)

    @property
    def screen(self) -> Widget:
        return self.app.current_screen()

    def widgets(self, root: Widget | None = None) -> Iterator[Widget]:
        stack = [root or Window]
        while stack:
            w = stack.pop()
            yield w
            stack.extend(w.children)

    def button(self, text: str) -> Button:
        """The enabled button whose text is ``text`` (else one that starts with it), on screen or in a popup."""
        enabled = [w for w in self.widgets() if isinstance(w, Button) and not w.disabled]
        matches = [w for w in enabled if w.text == text] or [w for w in enabled if w.text.startswith(text)]
        if not matches:
            shown = sorted({w.text for w in self.widgets() if isinstance(w, Button)})
            raise LookupError(f"no enabled button {text!r} on screen {self.app.sm.current!r}; buttons: {shown}")
        return matches[0]

    def tap(self, target: str | Widget) -> None:
        from kivy.tests.common import UnitTestTouch

        self.pump(2)  # let a screen that was just rebuilt lay itself out
        widget = self.button(target) if isinstance(target, str) else target
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.pump(1)
        touch.touch_up()
        self.pump(3)

    def type_into(self, widget: Widget, text: str) -> None:
        widget.text = text
        self.pump(1)

    def screenshot(self, path: Path) -> Path:
        self.pump(3)
        path.parent.mkdir(parents=True, exist_ok=True)
        Window.screenshot(str(path))
        # Kivy appends a counter to the name: keep the name asked for.
        produced = sorted(path.parent.glob(path.stem + "*" + path.suffix), key=lambda p: p.stat().st_mtime)
        if produced and produced[-1] != path:
            produced[-1].replace(path)
        return path

    def overflowing_labels(self) -> list[dict[str, Any]]:
        """Labels whose text does not fit their widget, with where they are."""
        found = []
        for w in self.widgets():
            if not isinstance(w, Label) or not w.text or w.width <= 1 or w.height <= 1:
                continue
            if hasattr(w, "overflows"):
                bad = w.overflows()
            else:
                w.texture_update()
                tw, th = w.texture_size
                bad = tw > w.width + 1 or th > w.height + 1
            if bad:
                found.append({"text": w.text[:60], "size": [round(w.width), round(w.height)],
                              "texture": [round(v) for v in w.texture_size]})
        return found
