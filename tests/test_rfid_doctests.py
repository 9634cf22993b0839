"""The examples in the RFID and tile modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["companion.devices.rfid.asciihex", "companion.devices.rfid.rdm6300", "companion.devices.rfid.id12",
           "companion.devices.rfid.pn532", "companion.devices.rfid.debounce", "companion.devices.rfid.config",
           "companion.tiles.registry", "companion.tiles.enrolment", "companion.tiles.treasure"]


@pytest.mark.parametrize("name", MODULES, ids=lambda n: n.rpartition(".")[2])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
