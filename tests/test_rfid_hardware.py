"""On the Pi with an RFID reader attached (``pytest --hardware``): real tags through the real port.

Set COMPANION_RFID_READER (rdm6300, id12 or pn532; default rdm6300) and COMPANION_RFID_PORT (default
/dev/ttyAMA0). Each test asks, on the terminal, for a tag to be placed on the reader or taken off it
(run pytest with -s to see the prompts).
"""

from __future__ import annotations

import os
import queue

import pytest

from companion.devices.rfid import PLACED, REMOVED, ReaderConfig, TileReader

pytestmark = pytest.mark.hardware
WAIT_S = 30.0


def _config(**kw) -> ReaderConfig:
    return ReaderConfig(os.environ.get("COMPANION_RFID_READER", "rdm6300"),
                        os.environ.get("COMPANION_RFID_PORT", "/dev/ttyAMA0"), **kw)


def _next(events: queue.Queue, what: str):
    try:
        return events.get(timeout=WAIT_S)
    except queue.Empty:
        raise AssertionError(f"no tag {what} within {WAIT_S:g} s") from None


def test_a_real_tag_is_read_once_while_held_with_clean_frames():
    events: queue.Queue = queue.Queue()
    with TileReader(_config(mode="scan"), on_event=events.put) as reader:
        assert reader.wait_connected(10), reader.status().message
        print(f"\nPlace a tag on the {reader.status().reader} and hold it there for 3 seconds...")
        first = _next(events, "placed")
        assert first.event == PLACED and first.tag == first.tag.upper()
        with pytest.raises(queue.Empty):
            events.get(timeout=2.0)  # held: repeats are one event
        status = reader.status()
        assert status.stats["frames"] >= 1
        assert status.stats["bad_checksum"] == 0, status.stats
        if status.reader == "PN532":
            assert status.detail.startswith("PN5"), status.detail


def test_removal_is_seen_on_readers_that_repeat():
    config = _config()
    if not config.report_removed:
        pytest.skip(f"the {config.decoder_class.label} reports a tag once: no removal to see")
    events: queue.Queue = queue.Queue()
    with TileReader(config, on_event=events.put) as reader:
        assert reader.wait_connected(10), reader.status().message
        print("\nPlace a tag on the reader, then take it off...")
        placed = _next(events, "placed")
        removed = _next(events, "removed")
        assert (placed.event, removed.event, removed.tag) == (PLACED, REMOVED, placed.tag)
