"""Drive the real app without its main loop: pump frames, tap widgets with touches, take screenshots.

Used by ``companion shots`` and the tests. Kivy renders through SDL's offscreen driver where there is
no display."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Iterator

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.slider import Slider
from kivy.uix.textinput import TextInput
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
        # A popup (a rule help, a menu) sits on the window itself, not in the app's root: left open, it would
        # cover the next app's screens in the same process (the next test module on that worker).
        from kivy.uix.modalview import ModalView

        for child in list(Window.children):
            if isinstance(child, ModalView):
                child.dismiss(animation=False)
                Window.remove_widget(child)
        # So does a toast (its 3.5 s removal runs on the clock, which stops with this app): the next module's
        # first screens were photographed under "Rien ne se joue…" left by the log-in-use tests (1.49:1).
        toast = getattr(self.app, "_toast", None)
        if toast is not None:
            Window.remove_widget(toast)
            self.app._toast = None
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
        motion = getattr(self.app, "motion", None)
        if motion is not None:  # a picture shows the screen itself, not an animation half-way
            motion.finish()
        from companion.app.widgets.ceremony import Ceremony

        for w in self.screen.walk():  # the podium's rain held half-way: the same tokens in every picture
            if isinstance(w, Ceremony):
                w.hold()
        self.pump(3)
        path.parent.mkdir(parents=True, exist_ok=True)
        Window.screenshot(str(path))
        # Kivy appends a counter to the name: keep the name asked for.
        produced = sorted(path.parent.glob(path.stem + "*" + path.suffix), key=lambda p: p.stat().st_mtime)
        if produced and produced[-1] != path:
            produced[-1].replace(path)
        return path

    def widget_report(self) -> dict[str, list[dict[str, Any]]]:
        """What a person sees and touches on the current picture, for programs that judge legibility
        (``companion shots`` writes it to ``widgets.json``; ``companion.app.legibility`` checks it).

        ``texts``: every visible label or button with text: the text, its font size in px, position and
        size of the widget in window pixels (origin bottom left, as Kivy), its colour, and whether a word
        is wider than the text box (Kivy then breaks it inside). ``touchables``: every enabled button
        and every other widget that takes touches by itself, with its position and size. A widget with a
        ``role`` attribute ("step", "standing") has it in the report."""
        texts, touchables = [], []
        for w in self._visible():
            box = self._box(w)
            role = getattr(w, "role", None)  # "step", "standing"...: what the legibility check expects
            (x, y), (width, height) = box["pos"], box["size"]
            seen = _clipped(w, (x, y, x + width, y + height))
            if seen is None:
                continue  # scrolled out of its list: neither seen nor touched
            if isinstance(w, Label) and w.text.strip():  # a row half scrolled out is seen where its list shows it
                seen_box = {"pos": [round(seen[0]), round(seen[1])],
                            "size": [round(seen[2] - seen[0]), round(seen[3] - seen[1])]}
                texts.append({"text": w.text, "font_px": round(float(w.font_size), 1), **seen_box,
                              "colour": [round(c, 3) for c in w.color], "broken_word": _breaks_a_word(w),
                              **({"role": role} if role else {})})
            if isinstance(w, (ButtonBehavior, TextInput, Slider)) and not w.disabled:
                touchables.append({"text": getattr(w, "text", ""), **box})
        return {"texts": texts, "touchables": touchables}

    def _visible(self) -> Iterator[Widget]:
        """Widgets drawn on the window: not hidden (no size, transparent) and not inside a hidden one; with a
        popup open, only the popup (what lies under it is dimmed and takes no touch)."""
        from kivy.uix.modalview import ModalView

        modals = [w for w in Window.children if isinstance(w, ModalView)]
        stack: list[Widget] = modals[:1] or list(Window.children)
        while stack:
            w = stack.pop()
            if w.width <= 1 or w.height <= 1 or getattr(w, "opacity", 1) <= 0.01:
                continue
            yield w
            stack.extend(w.children)

    @staticmethod
    def _box(w: Widget) -> dict[str, list[int]]:
        x, y = w.to_window(*w.pos)
        return {"pos": [round(x), round(y)], "size": [round(w.width), round(w.height)]}

    def text_backgrounds(self, shown: Path, hidden_path: Path) -> list[dict[str, Any]]:
        """Two screenshots of the current screen, as it is (``shown``) and with every text hidden
        (``hidden_path``), and for each visible text of an enabled widget: the text, its colour and the
        box of its texture (x, y, width, height in the pictures' pixels, y from the top). What a contrast
        check needs: where the two pictures differ inside a box are the letters, and the hidden picture
        has what is drawn behind them (a disabled button's grey text is exempt, as in WCAG)."""
        self.screenshot(shown)
        found, hidden = [], []
        for w in self._visible():
            if not isinstance(w, Label) or not w.text.strip() or w.disabled or w.color[3] <= 0.01:
                continue
            w.texture_update()
            tw, th = w.texture_size
            tw, th = min(tw, w.width), min(th, w.height)
            cx, cy = w.to_window(*w.center)
            box = _clipped(w, (cx - tw / 2, cy - th / 2, cx + tw / 2, cy + th / 2))
            if box is None:  # scrolled out of its list, or off the window: not seen
                continue
            left, bottom, right, up = box
            found.append({"text": w.text, "colour": list(w.color),
                          "box": [round(left), round(Window.height - up), max(1, round(right - left)),
                                  max(1, round(up - bottom))]})
            hidden.append(w)
        # Hidden by drawing a clear texture of the same size in place of their letters. Not by taking the
        # text away: a row whose height follows its text would shrink and move every row below it (the
        # hidden picture then had other things behind the letters), and not by a transparent colour: a
        # button sets its text colour again whenever it redraws.
        for w in hidden:
            w.texture = _clear_texture(w.texture)
        try:
            self.screenshot(hidden_path)
        finally:
            for w in hidden:
                w.texture_update()
            self.pump(2)
        return found

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


def _breaks_a_word(label: Label) -> bool:
    """True when one word of the label is wider than its text box at the font it has: Kivy then cuts the
    word anywhere ("Marie-Christin / e")."""
    width = label.text_size[0]
    if not width:
        return False
    from companion.app.controls import MARKUP_TAG, WORDS

    label.texture_update()
    extents = label._label.get_cached_extents()
    text = MARKUP_TAG.sub("", label.text) if label.markup else label.text  # "[u]" is drawn as no width
    return any(extents(word)[0] > width + 1 for word in WORDS.split(text) if word)


def _clear_texture(texture: Any) -> Any:
    """A fully transparent texture as large as ``texture`` (None stays None: nothing is drawn)."""
    if texture is None:
        return None
    from kivy.graphics.texture import Texture

    clear = Texture.create(size=texture.size, colorfmt="rgba")
    clear.blit_buffer(bytes(4 * texture.width * texture.height), colorfmt="rgba", bufferfmt="ubyte")
    return clear


def _clipped(widget: Widget, box: tuple[float, float, float, float]) -> tuple[float, float, float, float] | None:
    """``box`` (left, bottom, right, top in window pixels) cut to the window and to every list (stencil)
    that holds ``widget``; None when nothing of it is left."""
    from kivy.uix.stencilview import StencilView

    left, bottom, right, top = box
    left, bottom, right, top = max(left, 0), max(bottom, 0), min(right, Window.width), min(top, Window.height)
    parent = widget.parent
    while parent is not None and parent is not Window:
        if isinstance(parent, StencilView):
            x, y = parent.to_window(*parent.pos)
            left, bottom = max(left, x), max(bottom, y)
            right, top = min(right, x + parent.width), min(top, y + parent.height)
        parent = parent.parent
    return (left, bottom, right, top) if right - left >= 1 and top - bottom >= 1 else None
