"""The riddle master of this companion: an old sage at the top of his tower, hood up, a white beard to
his chest, a lantern in his hand, the night sea in the arched window behind him. An original drawing
(no likeness of anyone on television), in layers stacked in ``LAYERS`` order so that a screen can
animate them: swap ``mouth_closed``/``mouth_open`` while his voice speaks, pulse ``glow``'s opacity as
the lantern flickers. Every layer has the same canvas, so they stack at the same position."""

from __future__ import annotations

from companion.app.look import palette as P
from companion.app.look.art.svg import circle, document, ellipse, linear, num, path, radial, rect

WIDTH, HEIGHT = 320, 400
SKIN, SKIN_SHADOW = "d8a47a", "b07c56"
BEARD, BEARD_SHADOW = "e9e4da", "b9b2a5"
ROBE, ROBE_SHADOW = "4a2f6b", "2e1c45"
LANTERN_X, LANTERN_Y = 74, 300


def _layer(name: str, body: list[str], defs: list[str] = ()) -> str:
    return document(WIDTH, HEIGHT, body, list(defs), title=f"riddle master: {name}")


def background() -> str:
    """The tower room: stone blocks, an arched window on the night sea."""
    defs = [linear("night", [(0, "0a0f22", 1), (0.7, P.TWILIGHT, 1), (0.71, "0c2233", 1), (1, P.DEEP_SEA, 1)])]
    body = [rect(0, 0, WIDTH, HEIGHT, fill="#2a241f")]
    for row in range(12):
        y = row * 36
        body.append(rect(0, y, WIDTH, 2, fill="#000", fill_opacity=0.4))
        for i in range(5):
            body.append(rect((i * 80 + (40 if row % 2 else 0)) % (WIDTH + 40) - 20, y, 2, 36, fill="#000",
                             fill_opacity=0.4))
    win = "M190 190 V80 A50 50 0 0 1 290 80 V190 Z"
    body += [path(win, fill="#1a1613", transform="translate(-8 -6) scale(1.06)"),
             path(win, fill="url(#night)"),
             circle(262, 62, 9, fill="#e9e4da", fill_opacity=0.8),
             circle(230, 48, 1.2, fill="#fff", fill_opacity=0.6), circle(210, 96, 1, fill="#fff", fill_opacity=0.5),
             rect(236, 150, 10, 10, fill=f"#{P.LANTERN}", fill_opacity=0.5),  # a far lighthouse
             path("M186 190 H294 V200 H186 Z", fill="#3b332c")]
    return _layer("background", body, defs)


def robe() -> str:
    """The robe and the hood around the head."""
    return _layer("robe", [
        path("M40 400 Q52 290 110 262 Q160 244 210 262 Q268 290 280 400 Z", fill=f"#{ROBE}"),
        path("M160 262 Q150 330 160 400 M118 290 Q104 340 110 400", fill="none", stroke=f"#{ROBE_SHADOW}",
             stroke_width=6, stroke_linecap="round"),
        path("M92 250 Q84 120 160 86 Q236 120 228 250 Q196 228 160 226 Q124 228 92 250 Z", fill=f"#{ROBE_SHADOW}"),
        path("M96 246 Q92 130 160 96 Q228 130 224 246", fill="none", stroke=f"#{ROBE}", stroke_width=8),
        path("M60 400 Q62 320 96 292 L118 330 Q96 350 92 400 Z", fill=f"#{ROBE_SHADOW}"),  # the lantern arm
    ])


def head() -> str:
    """Face, beard, brows and eyes (the mouth and the moustache are their own layers)."""
    beard = ("M116 190 Q112 250 132 296 Q148 330 160 346 Q172 330 188 296 Q208 250 204 190 "
             "Q190 214 160 216 Q130 214 116 190 Z")
    strands = " ".join(f"M{x} {y0} Q{x + dx} {y0 + 40} {x + dx * 0.5} {y0 + 80}"
                       for x, dx, y0 in ((136, -4, 220), (150, -2, 228), (170, 2, 228), (184, 4, 220)))
    return _layer("head", [
        ellipse(160, 176, 46, 58, fill=f"#{SKIN}"),
        ellipse(160, 198, 40, 30, fill=f"#{SKIN_SHADOW}", fill_opacity=0.35),
        path("M160 168 Q154 192 160 200 Q168 200 168 194", fill="none", stroke=f"#{SKIN_SHADOW}", stroke_width=3,
             stroke_linecap="round"),  # the nose
        path(beard, fill=f"#{BEARD}"),
        path(strands, fill="none", stroke=f"#{BEARD_SHADOW}", stroke_width=2, stroke_linecap="round"),
        path("M128 152 Q140 142 152 150 M168 150 Q180 142 192 152", fill="none", stroke=f"#{BEARD}",
             stroke_width=6, stroke_linecap="round"),  # bushy brows
        ellipse(141, 164, 6, 4.5, fill="#fbfaf5"), ellipse(179, 164, 6, 4.5, fill="#fbfaf5"),
        circle(142, 164, 3, fill="#2b1d12"), circle(180, 164, 3, fill="#2b1d12"),
        path("M130 176 Q136 180 146 178 M174 178 Q184 180 190 176", fill="none", stroke=f"#{SKIN_SHADOW}",
             stroke_width=1.5),  # the wrinkles under the eyes
    ])


def mouth_closed() -> str:
    return _layer("mouth closed", [path("M148 222 Q160 228 172 222", fill="none", stroke="#5a3222",
                                        stroke_width=3.5, stroke_linecap="round")])


def mouth_open() -> str:
    return _layer("mouth open", [ellipse(160, 226, 11, 9, fill="#3a1c14"), ellipse(160, 231, 7, 3.5, fill="#8a3b32")])


def moustache() -> str:
    return _layer("moustache", [path("M160 212 Q146 204 130 214 Q124 224 118 222 Q132 232 160 218 "
                                     "Q188 232 202 222 Q196 224 190 214 Q174 204 160 212 Z", fill=f"#{BEARD}")])


def lantern() -> str:
    """The hand and the lantern it holds: a ring, a cap, glass panes with their bars, the flame."""
    x, y = LANTERN_X, LANTERN_Y
    return _layer("lantern", [
        ellipse(x + 22, y - 40, 14, 11, fill=f"#{SKIN}"),  # the hand
        path(f"M{x} {y - 30} Q{x + 14} {y - 46} {x + 22} {y - 40}", fill="none", stroke="#2b2520", stroke_width=3),
        circle(x, y - 34, 5, fill="none", stroke="#2b2520", stroke_width=3),
        path(f"M{x - 16} {y - 14} L{x - 8} {y - 28} H{x + 8} L{x + 16} {y - 14} Z", fill="#2b2520"),
        rect(x - 16, y - 14, 32, 40, fill=f"#{P.LANTERN}", fill_opacity=0.85),
        path(f"M{x} {y + 18} Q{x - 8} {y + 6} {x} {y - 6} Q{x + 8} {y + 6} {x} {y + 18} Z", fill=f"#{P.SUNSET}"),
        path(f"M{x - 16} {y - 14} V{y + 26} M{x} {y - 14} V{y - 8} M{x + 16} {y - 14} V{y + 26}", fill="none",
             stroke="#2b2520", stroke_width=3),
        rect(x - 19, y + 26, 38, 7, rx=2, fill="#2b2520"),
    ])


def glow() -> str:
    """The lantern's light on the room: a screen animates this layer's opacity (flicker, speaking)."""
    defs = [radial("glow", [(0, P.LANTERN, 0.55), (0.35, P.LANTERN, 0.2), (1, P.LANTERN, 0)])]
    return _layer("glow", [ellipse(LANTERN_X, LANTERN_Y + 4, 150, 150, fill="url(#glow)")], defs)


LAYERS = {f.__name__: f for f in (background, robe, head, mouth_closed, mouth_open, moustache, lantern, glow)}


def portrait(speaking: bool = False) -> str:
    """Every layer at once (the docs' picture and a still frame): mouth closed, or open when speaking."""
    left_out = "mouth_closed" if speaking else "mouth_open"
    inner = []
    for name, draw in LAYERS.items():
        if name == left_out:
            continue
        text = draw()
        inner.append(text[text.index(">", text.index("<svg")) + 1:text.rindex("</svg>")])
    head_ = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
             f'viewBox="0 0 {num(WIDTH)} {num(HEIGHT)}">')
    # Each layer's ids are its own (night, glow): no two layers use the same id.
    return head_ + "\n" + "\n".join(inner) + "</svg>\n"
