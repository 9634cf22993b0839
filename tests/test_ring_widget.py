"""The on-screen ring: rendered offscreen by Kivy (Mesa software GL), checked on a real screenshot."""

from __future__ import annotations

import threading
import time

import pytest
from PIL import Image

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from companion.app.widgets.ring import BEZEL, SPENT, RingWidget  # noqa: E402
from companion.devices.ring import Ring, RingConfig  # noqa: E402


@pytest.fixture
def shown(tmp_path):
    """Puts a RingWidget for a 12-LED screen ring on the window; yields (ring, widget, screenshot)."""
    EventLoop.ensure_window()
    ring = Ring(RingConfig(led_count=12))
    widget = RingWidget(source=ring, size_hint=(None, None), size=(240, 240), pos=(40, 30))
    Window.add_widget(widget)

    def screenshot() -> Image.Image:
        for _ in range(3):  # a few frames: the first ones after a change can still be the old picture
            EventLoop.idle()
        path = Window.screenshot(name=str(tmp_path / "ring.png"))
        return Image.open(path).convert("RGB")

    try:
        yield ring, widget, screenshot
    finally:
        widget.stop()
        Window.remove_widget(widget)
        ring.close()


def pixel(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The colour at Kivy window coordinates (origin bottom left) in a screenshot (origin top left)."""
    return image.getpixel((int(x), image.height - 1 - int(y)))


def close_to(a, b, tolerance=3) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b))


def test_the_widget_draws_the_renderers_frame_as_coloured_dots(shown):
    ring, widget, screenshot = shown
    ring.winner("#ff0000")
    widget.stop()
    widget.refresh(now=ring.effect.since + 0.25)  # the winner's colour halfway round: LEDs 0-5
    image = screenshot()
    centers = widget.dot_centers()
    assert len(centers) == 12
    # LED 0 at the top, then clockwise.
    assert centers[0][1] > widget.center_y and abs(centers[0][0] - widget.center_x) < 1
    assert centers[3][0] > widget.center_x and abs(centers[3][1] - widget.center_y) < 1
    for i, (x, y) in enumerate(centers):
        expected = (255, 0, 0) if i < 6 else tuple(round(c * 255) for c in SPENT)  # unlit: the spent grey
        assert close_to(pixel(image, x, y), expected), (i, pixel(image, x, y))
    # Each dot sits in a grey socket, so a dark ring is still visible.
    x, y = centers[8]
    radius = widget._bezels[8].size[0] / 2
    assert close_to(pixel(image, x + radius * 0.9, y), tuple(round(c * 255) for c in BEZEL))
    assert close_to(pixel(image, *widget.center), (0, 0, 0))


def test_the_widget_follows_the_ring_through_the_clock(shown):
    ring, widget, screenshot = shown
    ring.winner((0, 0, 255))
    deadline = time.monotonic() + 5
    while not ring.effect.still(time.monotonic()) and time.monotonic() < deadline:
        threading.Event().wait(0.02)
    image = screenshot()
    assert [c.rgb for c in widget._colors] == [[0.0, 0.0, 1.0]] * 12
    for x, y in widget.dot_centers():
        assert close_to(pixel(image, x, y), (0, 0, 255))


def test_the_widget_follows_its_size(shown):
    ring, widget, screenshot = shown
    ring.off()
    widget.refresh()
    widget.size = (120, 120)
    xs = [x for x, _ in widget.dot_centers()]
    assert max(xs) - min(xs) < 120
    assert widget._dots[0].size[0] < 40


def test_a_widget_without_source_draws_nothing():
    widget = RingWidget()
    widget.refresh()
    assert widget.dot_centers() == []
    widget.stop()


def test_a_still_ring_asks_for_no_redraw_and_a_running_one_does(shown):
    ring, widget, screenshot = shown
    ring.hourglass(30, paused=True)  # full and waiting: the same picture every frame
    screenshot()
    widget.refresh()
    EventLoop.idle()
    assert not Window.canvas.needs_redraw  # nothing changed: the window is not drawn again
    widget.refresh()
    assert not Window.canvas.needs_redraw
    ring.resume()
    widget.refresh(now=time.monotonic() + 3.0)  # three seconds of sand later
    assert Window.canvas.needs_redraw
