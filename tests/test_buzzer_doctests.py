"""The examples in the buzzer modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["arbiter", "config", "debounce", "duel", "hardware", "mock", "source", "timers"]


@pytest.mark.parametrize("name", MODULES, ids=lambda n: f"module_{n}")  # not "hardware": a marker name
def test_docstring_examples(name):
    module = importlib.import_module(f"companion.devices.buzzers.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
