"""docs/design-specimen.png: the design system on one page (palette with contrast figures, players and
spaces under the three colour-vision deficiencies, type scale in the shipped fonts, icons, backdrops,
the riddle master). Written by ``python -m companion.app.look.build``; needs Pillow and colorspacious."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from companion.app.look import palette as P
from companion.app.look import tokens as T
from companion.app.look.assets import asset, backdrop
from companion.app.look.contrast import contrast
from companion.app.look.fonts import DISPLAY_FILE, FONTS_DIR, TEXT_FILES

DOCS = Path(__file__).resolve().parents[3] / "docs"
WIDTH, HEIGHT = 1400, 1700
SPACE_WORDS = {"door": "Porte", "concentration": "Concentration", "force": "Force", "duel": "Duel",
               "enigme": "Énigme", "prison": "Prison", "passe_partout": "Passe-partout"}


def _rgb(code: str) -> tuple[int, int, int]:
    return tuple(int(code[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def _font(size: int, style: str = "regular"):
    from PIL import ImageFont

    name = DISPLAY_FILE if style == "display" else TEXT_FILES[style]
    return ImageFont.truetype(str(FONTS_DIR / name), size)


def _on(code: str) -> tuple[int, int, int]:
    ink, light = P.ROLES.text_on_light, P.ROLES.text
    return _rgb(ink if contrast(ink, code) > contrast(light, code) else light)


def _simulated(code: str, deficiency: str | None) -> str:
    from companion.app.look.cvd import simulate

    return "".join(f"{round(c * 255):02x}" for c in simulate(code, deficiency))


def write_specimen(out: Path | None = None) -> Path:
    from PIL import Image, ImageDraw

    from companion.app.look.cvd import DEFICIENCIES
    from companion.app.theme import PROFILES

    out = out or DOCS / "design-specimen.png"
    img = Image.new("RGB", (WIDTH, HEIGHT), _rgb(P.ROLES.background))
    d = ImageDraw.Draw(img)
    text, muted, accent = _rgb(P.ROLES.text), _rgb(P.ROLES.text_muted), _rgb(P.ROLES.accent)
    d.text((40, 24), "La forteresse au crépuscule", font=_font(64, "display"), fill=accent)
    d.text((40, 100), "The companion's design system: docs/design.md · companion/app/look", font=_font(22), fill=muted)

    y = 150  # roles, with the contrast of the role's best text on it
    d.text((40, y), "Roles", font=_font(30, "bold"), fill=text)
    y += 44
    roles = [f.name for f in fields(P.ROLES)]
    per_row = -(-len(roles) // 2)  # two rows, however many roles there are
    step = (WIDTH - 80) // per_row
    for i, name in enumerate(roles):
        x, yy = 40 + (i % per_row) * step, y + (i // per_row) * 96
        code = P.role(name)
        d.rounded_rectangle((x, yy, x + step - 8, yy + 86), 12, fill=_rgb(code), outline=_rgb(P.ROLES.surface_high))
        best = max(contrast(P.ROLES.text, code), contrast(P.ROLES.text_on_light, code))
        d.text((x + 8, yy + 8), name, font=_font(12 if len(name) > 14 else 17, "bold"), fill=_on(code))
        d.text((x + 8, yy + 34), f"#{code}", font=_font(17), fill=_on(code))
        d.text((x + 8, yy + 58), f"text {best:.1f}:1", font=_font(17), fill=_on(code))
    y += 2 * 96 + 16

    d.text((40, y), "Players and spaces: normal, deuteranopia, protanopia, tritanopia", font=_font(30, "bold"),
           fill=text)
    y += 44
    visions = (None, *DEFICIENCIES)
    for row, vision in enumerate(visions):
        yy = y + row * 70
        d.text((40, yy + 18), (vision or "normal").replace("anomaly", "anopia"), font=_font(20), fill=muted)
        for i, (cid, code) in enumerate(P.PLAYER_COLOURS):
            seen = _simulated(code, vision)
            cx = 230 + i * 66
            d.ellipse((cx, yy, cx + 58, yy + 58), fill=_rgb(seen))
            d.text((cx + 29, yy + 29), cid[:2].title(), font=_font(24, "bold"), fill=_on(seen), anchor="mm")
        for i, (space, code) in enumerate(P.SPACE_COLOURS.items()):
            seen = _simulated(code, vision)
            x = 650 + i * 106
            d.rounded_rectangle((x, yy, x + 100, yy + 58), 10, fill=_rgb(seen))
            icon = Image.open(asset(f"icon-{space}-48", PROFILES["800x480"])).convert("RGBA").resize((30, 30))
            tint = Image.new("RGBA", icon.size, _on(seen) + (255,))
            img.paste(tint, (x + 35, yy + 4), icon)
            d.text((x + 50, yy + 46), SPACE_WORDS[space], font=_font(13 if len(SPACE_WORDS[space]) > 10 else 15),
                   fill=_on(seen), anchor="mm")
    y += len(visions) * 70 + 16

    d.text((40, y), "Type scale (px at 800×480), Andika; titles in Companion Display", font=_font(30, "bold"),
           fill=text)
    y += 48
    for f in fields(T.TYPE):
        size = getattr(T.TYPE, f.name)
        if size > 64:
            continue
        d.text((40, y + size * 0.2), f"{f.name} {size}", font=_font(18), fill=muted)
        style = "display" if f.name in ("title", "display") else "regular"
        d.text((200, y), "Marie-Christine · 3 clés · Énigme !", font=_font(size, style),
               fill=accent if f.name == "step" else text)
        y += size + 14
    y += 8

    d.text((40, y), "Icons", font=_font(30, "bold"), fill=text)
    from companion.app.look.art.icons import ICONS

    for i, name in enumerate(ICONS):
        icon = Image.open(asset(f"icon-{name}-48", PROFILES["800x480"])).convert("RGBA")
        colour = accent if name in ("key", "boyard", "passe_partout") else text
        img.paste(Image.new("RGBA", icon.size, colour + (255,)), (160 + i * 66, y - 4), icon)
    y += 70
    grid = ", ".join(str(getattr(T.SPACE, f.name)) for f in fields(T.SPACE))
    d.text((40, y), f"Spacing: {grid} px (8 px grid) · touch ≥ {T.TOUCH.minimum} px, setup icons ≥ "
                    f"{T.TOUCH.icon_button} px, gaps ≥ {T.TOUCH.gap} px", font=_font(20), fill=muted)
    d.text((40, y + 30), f"Motion ≤ {T.MAX_DURATION} s, none with the reduce_motion setting", font=_font(20),
           fill=muted)
    y += 74
    profile = PROFILES["800x480"]
    for i, round_number in enumerate((1, 2, 3)):
        thumb = Image.open(backdrop(round_number, profile)).convert("RGB").resize((320, 192))
        img.paste(thumb, (40 + i * 336, y))
        dd = ImageDraw.Draw(img)
        dd.text((56 + i * 336, y + 14), f"Manche {round_number}", font=_font(28, "display"), fill=accent)
        dd.text((56 + i * 336, y + 54), "À toi, Marie !", font=_font(22, "bold"), fill=text)
    sage = Image.open(asset("sage-portrait", profile)).convert("RGBA").resize((200, 250))
    img.paste(sage, (1060, y - 58), sage)
    img = img.crop((0, 0, WIDTH, min(HEIGHT, y + 210)))
    out.parent.mkdir(parents=True, exist_ok=True)
    img.save(out, optimize=True)
    return out
