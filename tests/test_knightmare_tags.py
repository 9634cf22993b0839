"""The Knightmare tag map (companion/tiles/knightmare_tags.py): which RFID tag is under which card kind
or object, in a file the table extends; a damaged file is refused naming the file and the entry."""

from __future__ import annotations

import json
import os

import pytest

from companion.tiles.knightmare_tags import KnightmareTags
from companion.tiles.registry import RegistryError


def test_a_tag_added_is_saved_and_read_back_by_another_reader(tmp_path):
    path = tmp_path / "knightmare-tags.json"
    tags = KnightmareTags(path)
    tags.add("04a1b2c3", "challenge")
    tags.add("0A0B0C0D", "ring")
    again = KnightmareTags(path)
    assert again.items() == [("04A1B2C3", "challenge"), ("0A0B0C0D", "ring")]
    assert again.get("nonsense") is None and again.get("FFFFFFFF") is None


def test_a_file_changed_by_hand_is_read_again(tmp_path):
    path = tmp_path / "knightmare-tags.json"
    tags = KnightmareTags(path)
    assert tags.get("AABBCCDD") is None
    path.write_text(json.dumps({"format": 1, "tags": {"AABBCCDD": "present"}}), "utf-8")
    os.utime(path, ns=(1, 1))  # a different stamp even within the clock's resolution
    assert tags.get("aabbccdd") == "present"


def test_a_tag_mapped_to_something_else_is_refused(tmp_path):
    tags = KnightmareTags(tmp_path / "t.json")
    tags.add("AABBCCDD", "trap")
    tags.add("AABBCCDD", "trap")  # the same again changes nothing
    with pytest.raises(ValueError, match="AABBCCDD is already trap"):
        tags.add("aabbccdd", "spell")
    with pytest.raises(ValueError, match="one of challenge"):
        tags.add("AABBCCDE", "dragon")


@pytest.mark.parametrize("text, words", [
    ("{", "not valid JSON"),
    ('{"format": 1}', 'a "tags" object'),
    ('{"format": 2, "tags": {}}', "format 2"),
    ('{"format": 1, "tags": {"XYZ": "trap"}}', "4 to 32 hex digits"),
    ('{"format": 1, "tags": {"AABBCCDD": "sword"}}', "tag AABBCCDD: 'sword'"),
    ('{"format": 1, "tags": {"aabbccdd": "trap", "AABBCCDD": "spell"}}', "appears twice"),
])
def test_a_damaged_file_is_refused_naming_the_file_and_what_is_wrong(tmp_path, text, words):
    path = tmp_path / "knightmare-tags.json"
    path.write_text(text, "utf-8")
    with pytest.raises(RegistryError) as caught:
        KnightmareTags(path)
    assert str(path) in str(caught.value) and words in str(caught.value)
    assert path.read_text("utf-8") == text  # never overwritten
