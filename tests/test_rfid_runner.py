"""The runner through real pyserial on pseudo-terminals (and ``loop://``): frames, repeats, debouncing,
a port missing at start, unplug and replug, the PN532 conversation. Waits are on events, with timeouts;
no test asserts how long anything took."""

from __future__ import annotations

import queue
import threading

import pytest
import serial

from companion.devices.rfid import PLACED, REMOVED, ReaderConfig, TagDebouncer, TileReader
from companion.devices.rfid.emulate import Pn532Emulator, PtyPort
from companion.devices.rfid.id12 import frame as id12_frame
from companion.devices.rfid.rdm6300 import frame as rdm_frame

TAG = "1A0033F2C4"
OTHER = "7F001B2A93"
WAIT = 10.0  # generous: the machine may be busy; nothing here is a timing assertion


class Events:
    """Collects a reader's events; ``next`` waits for one."""

    def __init__(self) -> None:
        self.q: queue.Queue = queue.Queue()
        self.all: list = []
        self.threads: set[str] = set()

    def __call__(self, event) -> None:
        self.threads.add(threading.current_thread().name)
        self.all.append(event)
        self.q.put(event)

    def next(self, timeout: float = WAIT):
        try:
            return self.q.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no event within {timeout} s; so far {self.all}") from None

    def none_within(self, seconds: float) -> bool:
        try:
            event = self.q.get(timeout=seconds)
        except queue.Empty:
            return True
        raise AssertionError(f"unexpected event {event}")


def wait_until(predicate, what: str, timeout: float = WAIT) -> None:
    done = threading.Event()
    for _ in range(int(timeout / 0.01)):
        if predicate():
            return
        done.wait(0.01)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def pty():
    port = PtyPort()
    yield port
    port.close()


def reader(config: ReaderConfig, events: Events) -> TileReader:
    r = TileReader(config, on_event=events).start()
    return r


def test_rdm6300_held_tag_repeats_into_one_placed_then_one_removed(pty):
    events = Events()
    r = reader(ReaderConfig("rdm6300", pty.path, same_tag_ms=600), events)
    try:
        assert r.wait_connected(WAIT)
        for _ in range(5):  # the reader repeats a held tag
            pty.write(rdm_frame(TAG))
        placed = events.next()
        assert (placed.event, placed.tag) == (PLACED, TAG)
        removed = events.next()
        assert (removed.event, removed.tag) == (REMOVED, TAG)
        assert r.status().stats["frames"] == 5
        assert r.status().events == 2
    finally:
        r.close()


def test_rdm6300_frames_split_in_pieces_with_noise_between(pty):
    events = Events()
    r = reader(ReaderConfig("rdm6300", pty.path, mode="scan"), events)
    try:
        assert r.wait_connected(WAIT)
        data = b"\xff\x13" + rdm_frame(TAG) + b"\x02garbage\x021A0033F2C41E\x03" + rdm_frame(OTHER)
        for i in range(0, len(data), 3):
            pty.write(data[i:i + 3])
        assert [events.next().tag, events.next().tag] == [TAG, OTHER]
        stats = r.status().stats
        assert stats["frames"] == 2 and stats["bad_checksum"] == 1 and stats["malformed"] == 1
        assert events.none_within(0.2)  # scan mode: no removed events
    finally:
        r.close()


def test_id12_reports_once_and_a_quick_second_read_is_debounced(pty):
    events = Events()
    r = reader(ReaderConfig("id12", pty.path, same_tag_ms=5000), events)
    try:
        assert r.wait_connected(WAIT)
        pty.write(id12_frame(TAG) + id12_frame(TAG) + id12_frame(OTHER))
        assert [(e.event, e.tag) for e in (events.next(), events.next())] == [(PLACED, TAG), (PLACED, OTHER)]
        wait_until(lambda: r.status().stats["frames"] == 3, "the third frame")
        assert events.none_within(0.2)
    finally:
        r.close()


def test_a_port_missing_at_start_is_waited_for(tmp_path):
    link = tmp_path / "rfid"
    events = Events()
    r = reader(ReaderConfig("rdm6300", str(link), retry_s=0.05, mode="scan"), events)
    try:
        wait_until(lambda: r.status().state == "waiting", "the waiting state")
        assert "no such port" in r.status().message
        with PtyPort(link) as port:
            assert r.wait_connected(WAIT)
            port.write(rdm_frame(TAG))
            assert events.next().tag == TAG
            r.close()  # the ReaderThread closes before the pty's master side
    finally:
        r.close()


def test_unplug_and_replug_through_a_symlink_that_goes_and_comes_back(tmp_path):
    link = tmp_path / "rfid"
    events = Events()
    first = PtyPort(link)
    r = reader(ReaderConfig("rdm6300", str(link), retry_s=0.05, mode="scan"), events)
    try:
        assert r.wait_connected(WAIT)
        first.write(rdm_frame(TAG))
        assert events.next().tag == TAG
        first.unplug()  # the master closes and the link goes: the port's read fails
        wait_until(lambda: r.status().state in ("lost", "waiting"), "the reader to be lost")
        wait_until(lambda: r.status().state == "waiting", "the reopen to fail")
        assert r.status().reconnects == 1
        with PtyPort(link) as second:
            wait_until(lambda: r.connections == 2 and r.status().connected, "the second connection")
            second.write(rdm_frame(OTHER))
            assert events.next().tag == OTHER
            r.close()
    finally:
        r.close()
        first.close()


def test_unplug_of_a_bare_pty_that_disappears_and_a_new_one_on_the_same_path():
    events = Events()
    first = PtyPort()
    r = reader(ReaderConfig("rdm6300", first.path, retry_s=0.05, same_tag_ms=600), events)
    try:
        assert r.wait_connected(WAIT)
        first.write(rdm_frame(TAG))
        assert events.next().event == PLACED
        first.unplug()
        # The tag on the vanished reader is not seen any more: it is removed after the window.
        removed = events.next()
        assert (removed.event, removed.tag) == (REMOVED, TAG)
        wait_until(lambda: r.status().state == "waiting", "the port to be missing")
        # Linux gives the next pty the lowest free number: most often the same /dev/pts/N comes back.
        second = PtyPort()
        try:
            if second.path != first.path:
                pytest.skip(f"the new pty is {second.path}, not {first.path}: the symlink test covers replug")
            assert r.wait_connected(WAIT)
            wait_until(lambda: r.connections == 2, "the second connection")
            second.write(rdm_frame(OTHER))
            assert events.next().tag == OTHER
            r.close()
        finally:
            second.close()
    finally:
        r.close()
        first.close()


def test_the_port_is_opened_exclusively_and_a_busy_port_is_retried(pty):
    events = Events()
    held = serial.Serial(pty.path, exclusive=True)
    r = reader(ReaderConfig("rdm6300", pty.path, retry_s=0.05, mode="scan"), events)
    try:
        wait_until(lambda: r.status().state == "waiting", "the busy port to be refused")
        assert "in use" in r.status().message
        held.close()
        assert r.wait_connected(WAIT)
        pty.write(rdm_frame(TAG))
        assert events.next().tag == TAG
    finally:
        r.close()
        held.close()


def test_pn532_on_a_loop_url_hears_its_own_commands_and_never_takes_them_for_a_tag():
    # pyserial's loop:// gives back what is written: the host's frames (TFI D4) are no replies.
    events = Events()
    r = reader(ReaderConfig("pn532", "loop://", mode="scan"), events)
    try:
        assert r.wait_connected(WAIT)
        wait_until(lambda: r.status().stats["timeouts"] >= 2, "two unanswered set-ups")
        stats = r.status().stats
        assert stats["unexpected"] >= 2 and stats["dropped"] == 0
        assert events.all == []
        assert r.status().connected  # an unanswered reader is woken again, the port stays open
    finally:
        r.close()


def test_pn532_through_the_pty_wakes_polls_and_reports_placed_and_removed(pty):
    emulator = Pn532Emulator(pty)
    events = Events()
    r = reader(ReaderConfig("pn532", pty.path, poll_ms=20, same_tag_ms=300), events)
    try:
        assert r.wait_connected(WAIT)
        wait_until(lambda: r.status().detail == "PN532 v1.6", "the firmware version")
        emulator.place("04A224B2C53C80")
        placed = events.next()
        assert (placed.event, placed.tag) == (PLACED, "04A224B2C53C80")
        wait_until(lambda: r.decoder.polls > 10, "a few more polls")
        emulator.place()
        removed = events.next()
        assert (removed.event, removed.tag) == (REMOVED, "04A224B2C53C80")
        assert emulator.chip.awake
        status = r.status()
        assert status.stats["dropped"] == 0 and status.stats["timeouts"] == 0
        assert events.threads <= {"rfid-pn532", "rfid-pn532-port"}
    finally:
        r.close()
        emulator.close()


def test_pn532_unplugged_and_back_is_woken_and_set_up_again(tmp_path):
    link = tmp_path / "nfc"
    first = PtyPort(link)
    emulator = Pn532Emulator(first)
    events = Events()
    r = reader(ReaderConfig("pn532", str(link), poll_ms=20, retry_s=0.05, mode="scan"), events)
    try:
        wait_until(lambda: r.status().detail == "PN532 v1.6", "the first set-up")
        emulator.close()
        first.unplug()
        wait_until(lambda: r.status().state == "waiting", "the reader to be gone")
        with PtyPort(link) as second:
            again = Pn532Emulator(second)
            again.place("DEADBEEF")
            assert events.next().tag == "DEADBEEF"
            assert again.chip.commands[:3] == [0x14, 0x32, 0x02]  # woken and set up from scratch
            r.close()
            again.close()
    finally:
        r.close()


def test_close_before_start_and_twice_is_harmless(pty):
    r = TileReader(ReaderConfig("rdm6300", pty.path), on_event=lambda e: None)
    r.close()
    r.close()
    assert r.status().state == "stopped"


def test_debouncer_on_timestamps():
    d = TagDebouncer(0.5)
    assert [e.event for e in d.seen("A", 0.0)] == [PLACED]
    assert d.seen("A", 0.4) == [] and d.seen("A", 0.8) == []  # repeats keep it on the reader
    assert d.deadline() == pytest.approx(1.3)
    assert d.expire(1.29) == []
    [gone] = d.expire(1.3)
    assert (gone.event, gone.tag, gone.at) == (REMOVED, "A", pytest.approx(1.3))
    # Two tags at once, the first gone before the second is seen again.
    d.seen("A", 2.0)
    d.seen("B", 2.2)
    events = d.seen("B", 2.6)
    assert [(e.event, e.tag) for e in events] == [(REMOVED, "A")]
    assert d.present == ["B"]
    assert [e.tag for e in d.clear(3.0)] == ["B"]


def test_debouncer_in_scan_mode_counts_a_tag_again_only_after_the_window():
    d = TagDebouncer(1.0, report_removed=False)
    assert len(d.seen("A", 0.0)) == 1
    assert d.seen("A", 0.9) == []  # a double read
    assert d.seen("A", 1.85) == []  # still within the window of the last sighting (0.9)
    assert [e.event for e in d.seen("A", 3.0)] == [PLACED]
    with pytest.raises(ValueError):
        TagDebouncer(0)
