"""``python -m companion.app.widgets.showcase --out DIR [--profile 800x480]``: pictures of the shared
table's pieces on the offscreen window, to look at (and for docs/design.md): the five game tiles as a
home would lay them, the die mid-tumble beside the six faces to tap, the podium ceremony mid-rain.

Not a screen of the app: a home built on these pieces is the shell's; these are the pieces alone, each
on a clock held still at a chosen moment so that the same picture comes every time."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from types import SimpleNamespace



def games(language: str) -> list[tuple[str, str, str]]:
    """(id, name, player range) of each game with a tile, in home's order: the registry's names and
    ranges; a game with a tile but not registered yet shows its id and no range."""
    from companion.app.look.art.games import GAME_TILES
    from companion.engine.registry import GAMES

    known = {g.id: g for g in GAMES}
    order = [g.id for g in GAMES if g.id in GAME_TILES] + [i for i in GAME_TILES if i not in known]
    out = []
    for game in order:
        entry = known.get(game)
        if entry is None:
            out.append((game, game.replace("-", " ").title(), ""))
        else:
            low, high = entry.players
            out.append((game, entry.name.get(language, entry.name.get("en", game)), f"{low}–{high}"))
    return out


class HeldClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _pump(frames: int = 4) -> None:
    from kivy.base import EventLoop

    for _ in range(frames):
        EventLoop.idle()


def _shot(root, path: Path) -> Path:
    from kivy.core.window import Window

    Window.add_widget(root)
    _pump(6)
    out = Path(Window.screenshot(name=str(path)))
    # Kivy numbers its screenshots (name0001.png): keep the name asked for.
    out.replace(path)
    Window.remove_widget(root)
    _pump(2)
    return path


def tiles(out: Path, language: str) -> Path:
    """The five tiles as home would lay them: names and player counts written on their dark bands."""
    from kivy.core.window import Window
    from kivy.graphics import Color, Rectangle
    from kivy.uix.floatlayout import FloatLayout
    from kivy.uix.image import Image
    from kivy.uix.label import Label

    from companion.app.look.game_art import game_tile_art, text_band, tile_size
    from companion.app.look.tokens import SPACE, TYPE, colour
    from companion.app.widgets.art import profile, px

    p = profile()
    root = FloatLayout()
    with root.canvas.before:
        Color(*colour("background"))
        Rectangle(size=Window.size)
    cols = 3 if Window.width > Window.height else 2
    gap = px(SPACE.s)
    # All five on one picture: the tiles at their size when they fit, else scaled to (a home scrolls).
    w, h = tile_size(p)
    shown = games(language)
    rows = -(-len(shown) // cols)
    fit = min(1.0, (Window.width - (cols + 1) * gap) / (cols * w), (Window.height - (rows + 1) * gap) / (rows * h))
    w, h = w * fit, h * fit
    left = (Window.width - cols * w - (cols - 1) * gap) / 2
    top = Window.height - gap
    for i, (game, name, players) in enumerate(shown):
        x = left + (i % cols) * (w + gap)
        y = top - (i // cols + 1) * h - (i // cols) * gap
        root.add_widget(Image(source=str(game_tile_art(game, p)), size_hint=(None, None), size=(w, h), pos=(x, y),
                              fit_mode="fill"))
        bx, by, bw, bh = (v * fit for v in text_band(p))
        root.add_widget(Label(text=f"{name}  [size={round(px(TYPE.caption) * fit)}]{players}[/size]", markup=True,
                              font_size=px(TYPE.heading) * fit, bold=True, color=colour("text"), size_hint=(None, None),
                              size=(bw, bh), pos=(x + bx, y), halign="left", valign="middle", text_size=(bw, bh)))
    return _shot(root, out / f"tiles-{p.name}-{language}.png")


def die(out: Path, language: str) -> Path:
    """The die 30% into its tumble, beside the roll button and the six faces."""
    from kivy.core.window import Window
    from kivy.graphics import Color, Rectangle
    from kivy.uix.floatlayout import FloatLayout

    import random

    from companion.app.look.tokens import SPACE, colour
    from companion.app.table.language import Translator
    from companion.app.widgets.art import profile, px
    from companion.app.widgets.die import DiePanel
    from companion.sound.table_cues import DIE_TUMBLE_S

    clock = HeldClock()
    root = FloatLayout()
    with root.canvas.before:
        Color(*colour("background"))
        Rectangle(size=Window.size)
    panel = DiePanel(Translator(language), rng=random.Random(3), settings=lambda: SimpleNamespace(reduce_motion=False),
                     clock=clock, size_hint=(None, None), pos=(px(SPACE.l), px(SPACE.l)),
                     size=(Window.width - 2 * px(SPACE.l), Window.height - 2 * px(SPACE.l)))
    root.add_widget(panel)
    Window.add_widget(root)
    _pump(4)
    panel.roll()
    clock.now += DIE_TUMBLE_S * 0.3
    _pump(3)
    Window.remove_widget(root)
    path = _shot(root, out / f"die-{profile().name}-{language}.png")
    clock.now += DIE_TUMBLE_S  # landed: its face and its words
    Window.add_widget(root)
    _pump(3)
    Window.remove_widget(root)
    _shot(root, out / f"die-landed-{profile().name}-{language}.png")
    return path


def ceremony(out: Path, token: str) -> Path:
    """The podium ceremony 30% into its rain, over a podium of three steps."""
    from kivy.core.window import Window
    from kivy.uix.label import Label
    from kivy.uix.widget import Widget

    from companion.app.controls import Panel
    from companion.app.look.tokens import TYPE, colour, player_colour
    from companion.app.widgets.art import profile, px
    from companion.app.widgets.ceremony import CEREMONY_S, Ceremony

    clock = HeldClock()
    stage = Ceremony(token=token, settings=lambda: SimpleNamespace(reduce_motion=False), clock=clock)
    w = Window.width * 0.2
    for place, (height, who, tint) in enumerate(((0.3, "Zoé", "lilac"), (0.42, "Marie-Christine", "coral"),
                                                 (0.22, "Léo", "lagoon"))):
        x = Window.width / 2 + (place - 1) * (w + px(8)) - w / 2
        x_label = x - px(20)
        block = Panel(size_hint=(None, None), size=(w, Window.height * height), pos=(x, Window.height * 0.12))
        block.bg = player_colour(tint)
        stage.add_widget(block)
        stage.add_widget(Label(text=who, font_size=px(TYPE.standing), bold=True, color=colour("text"),
                               size_hint=(None, None), size=(w + px(40), px(40)),
                               pos=(x_label, Window.height * (0.12 + height) + px(4))))
    stage.add_widget(Label(text="Marie-Christine !", font_name="Display", font_size=px(TYPE.title),
                           color=colour("accent"), size_hint=(None, None), size=(Window.width, px(80)),
                           pos=(0, Window.height - px(96))))
    stage.add_widget(Widget())
    Window.add_widget(stage)
    _pump(3)
    stage.start()
    clock.now += CEREMONY_S * 0.3
    _pump(3)
    Window.remove_widget(stage)
    path = _shot(stage, out / f"ceremony-{token}-{profile().name}.png")
    stage.finish()
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.app.widgets.showcase", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--profile", default="800x480")
    parser.add_argument("--language", default="fr")
    parser.add_argument("--tokens", default="coin,helmet,card,brick,pizza")
    args = parser.parse_args(argv)
    from companion.app.table.profiles import PROFILES

    if args.profile not in PROFILES:
        print(f"showcase: unknown profile {args.profile!r}; known: {', '.join(PROFILES)}", file=sys.stderr)
        return 2
    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    if "KIVY_HOME" not in os.environ:  # a private Kivy home: no config written into the user's
        import tempfile

        os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="showcase-kivy-")
    from companion.app.launch import configure_kivy

    p = PROFILES[args.profile]
    configure_kivy(p.width, p.height)
    from kivy.base import EventLoop

    from companion.app.look import fonts

    from companion.app.controls import Scale

    fonts.register()
    Scale.factor = p.scale  # the older controls' sizes, as the app sets them (main.py)
    EventLoop.ensure_window()
    args.out.mkdir(parents=True, exist_ok=True)
    written = [tiles(args.out, args.language), die(args.out, args.language)]
    written += [ceremony(args.out, token) for token in args.tokens.split(",") if token]
    print(json.dumps({"written": [str(w) for w in written]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
