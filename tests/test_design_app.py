"""The app draws with the design system: its fonts become Kivy's default when the app is made, and its
colours come from the palette's roles."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import built_app

kivy_text = pytest.importorskip("kivy.core.text")


def test_making_the_app_makes_andika_the_default_font(tmp_path):
    import kivy

    from companion.app.look.fonts import FONTS_DIR

    roboto = Path(kivy.__file__).parent / "data" / "fonts" / "Roboto-Regular.ttf"
    kivy_text.LabelBase.register(kivy_text.DEFAULT_FONT, str(roboto))  # as Kivy starts
    with built_app(tmp_path / "g.sqlite3", None) as app:
        regular, italic, bold, bolditalic = kivy_text.LabelBase._fonts[kivy_text.DEFAULT_FONT]
        assert Path(regular) == FONTS_DIR / "Andika-Regular.ttf"
        assert Path(bold) == FONTS_DIR / "Andika-Bold.ttf" and Path(italic) == FONTS_DIR / "Andika-Italic.ttf"
        assert "Display" in kivy_text.LabelBase._fonts


def test_theme_colours_are_the_palettes_roles():
    from companion.app import theme
    from companion.app.look.palette import ROLES, hex_rgba

    assert theme.SEA == hex_rgba(ROLES.background) and theme.GOLD == hex_rgba(ROLES.accent)
    assert theme.OK == hex_rgba(ROLES.success) and theme.FAILURE == hex_rgba(ROLES.failure)
    assert theme.readable_on(theme.OK) == theme.TEXT_DARK and theme.readable_on(theme.FAILURE) == theme.TEXT


def test_a_player_colour_of_an_earlier_version_still_draws_its_colour():
    from companion.app.controls import colour_rgba
    from companion.app.look.palette import hex_rgba, player_hex

    assert colour_rgba("vermillion") == hex_rgba(player_hex("coral"))
    assert colour_rgba("lagoon") == hex_rgba(player_hex("lagoon"))
