"""The parts' English words said in the table's language on the hardware check (companion/doctor/explain.py)."""

from __future__ import annotations

from companion.app.table.language import Translator
from companion.doctor import FAIL, Result
from companion.doctor.explain import explain, family_values

FR, EN = Translator("fr"), Translator("en")


def test_known_problems_become_sentences_that_say_what_to_do():
    assert explain("[Errno 13] Permission denied: '/dev/gpiomem'", FR) == FR("doctor.why.permission_path",
                                                                            path="/dev/gpiomem")
    assert explain("could not open port /dev/ttyAMA0: [Errno 2] No such file", FR) == FR("doctor.why.port",
                                                                                        path="/dev/ttyAMA0")
    assert explain("No module named 'neopixel_spi'", FR) == FR("doctor.why.module", module="neopixel_spi")
    assert explain("none", FR) == "aucun"


def test_an_unknown_text_is_quoted_as_a_technical_detail_never_dropped():
    said = explain("I2C bus hiccup", FR)
    assert said.startswith("message technique (en anglais)") and "I2C bus hiccup" in said
    assert explain("I2C bus hiccup", EN) == "I2C bus hiccup"


def test_pins_and_seats_in_the_tables_language_and_numbers_left_alone():
    values = family_values({"stuck": "seat 2 (GPIO 17 (pin 11))", "n": 3, "path": "/dev/spidev0.0"}, FR)
    assert values == {"stuck": "place 2 (GPIO 17 (broche 11))", "n": 3, "path": "/dev/spidev0.0"}


def test_a_result_reads_in_french_on_the_screen_and_in_english_at_the_terminal():
    r = Result.said("LED ring", FAIL, "ring_failed", backend="spi",
                    error="/dev/spidev0.0 does not exist: turn SPI on (raspi-config) and reboot")
    assert "does not exist" not in r.text(FR) and FR("doctor.why.spi_off", path="/dev/spidev0.0") in r.text(FR)
    assert r.detail == "spi: /dev/spidev0.0 does not exist: turn SPI on (raspi-config) and reboot"
