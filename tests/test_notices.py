"""Start-up notices: what a part that could not start says to the table, in French and English, and the
detail kept for whoever fixes it (home screen: the sentence; hardware check: the sentence and the detail)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gpiozero import Button

from companion.app.table import catalogues
from companion.app.table.language import Translator
from companion.notice import NOTICE_PREFIX, Notice
from tests.gpio_support import mock_pin_factory
from tests.support import built_app


def test_a_notice_reads_in_the_tables_language_and_keeps_the_detail_as_it_came():
    notice = Notice("notice.pack", "pack.toml: license is missing", {"pack": "family"})
    assert notice.headline(Translator("fr")) == "Paquet de contenu «\u00a0family\u00a0» non chargé"
    assert notice.headline(Translator("en")) == "Content pack “family” not loaded"
    assert notice.text(Translator("fr")) == "Paquet de contenu «\u00a0family\u00a0» non chargé\u00a0: pack.toml: license is missing"
    assert str(notice) == "Content pack “family” not loaded: pack.toml: license is missing"


def test_an_unknown_notice_is_refused_naming_it():
    with pytest.raises(ValueError, match="unknown notice 'notice.rnig'"):
        Notice("notice.rnig")
    with pytest.raises(ValueError, match="unknown notice 'common.yes'"):
        Notice("common.yes")  # a message, but not a notice


def test_every_notice_is_in_the_apps_catalogue_in_both_languages():
    keys = [key for key in catalogues.messages("fr") if key.startswith(NOTICE_PREFIX)]
    assert "notice.damaged" in keys
    for key in keys:
        assert Translator("fr")(key, pack="x", file="y") and Translator("en")(key, pack="x", file="y")


@pytest.fixture
def mock_pins():
    with mock_pin_factory() as factory:
        yield factory


def test_a_ring_without_its_spi_bus_and_a_buzzer_pin_in_use_leave_two_notices(tmp_path, mock_pins):
    from companion.config import load_config
    from companion.config.wiring import open_devices

    config_file = tmp_path / "config.toml"
    config_file.write_text('[ring]\nbackend = "spi"\nspi_bus = 5\nspi_device = 3\n\n'
                           '[buzzers]\npins = [5, 6, 13]\n', "utf-8")
    config = load_config(config_file)
    assert not config.errors, config.errors
    taken = Button(6)  # something else holds GPIO 6
    devices = open_devices(config, pin_factory=mock_pins)
    try:
        ring, buzzers = devices.notices
        assert ring.key == "notice.ring" and "/dev/spidev5.3" in ring.detail
        assert buzzers.key == "notice.buzzers" and buzzers.detail.startswith("GPIOPinInUse")
        assert devices.buzzers.gpio is None and devices.buzzers.keyboard is not None  # the keys stand in
    finally:
        devices.close()
        taken.close()


def test_nothing_to_say_when_everything_opens(tmp_path, mock_pins):
    from companion.config import load_config
    from companion.config.wiring import open_devices

    devices = open_devices(load_config(Path("/nonexistent/config.toml")), pin_factory=mock_pins)
    try:
        assert devices.notices == []
    finally:
        devices.close()


def test_a_damaged_tile_list_is_set_aside_with_a_notice_and_the_app_starts(tmp_path):
    pytest.importorskip("kivy")
    from companion.tiles.registry import Tile

    tiles = tmp_path / "tiles.json"
    tiles.write_text("{", "utf-8")
    with built_app(tmp_path / "games.sqlite3", None, tiles_path=tiles) as app:
        [notice] = [n for n in app.notices if n.key == "notice.tiles_set_aside"]
        assert str(tiles) in notice.detail and "line 1" in notice.detail
        assert notice.headline(Translator("fr")) == "Liste des tuiles abîmée et mise de côté, enregistre les tuiles à nouveau"
        [moved] = tmp_path.glob("tiles.json.damaged-*")
        assert moved.name in notice.detail and moved.read_text("utf-8") == "{"  # kept for the person to look at
        app.tiles.registry.add("0A0B0C0D", Tile("pebble"))  # enrolling again is saved in a fresh file
        assert "0A0B0C0D" in tiles.read_text("utf-8") and moved.read_text("utf-8") == "{"


def test_unreadable_settings_leave_a_notice_and_the_defaults(tmp_path):
    pytest.importorskip("kivy")

    settings = tmp_path / "settings.toml"
    settings.write_text('language = "klingon"\n', "utf-8")
    with built_app(tmp_path / "games.sqlite3", settings) as app:
        [notice] = [n for n in app.notices if n.key == "notice.settings"]
        assert "klingon" in notice.detail and str(settings) in notice.detail
        assert app.settings.language == "fr"
