"""Tiles: the registry file, enrolment, the treasure tally, reader settings, and the ``companion tiles``
commands run as programs on a pseudo-terminal reader."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time

import pytest

from companion.devices.rfid import ReaderConfig, ReaderConfigError
from companion.devices.rfid.emulate import Pn532Emulator, PtyPort
from companion.devices.rfid.id12 import frame as id12_frame
from companion.devices.rfid.rdm6300 import Rdm6300
from companion.devices.rfid.rdm6300 import frame as rdm_frame
from companion.tiles import Enrolment, RegistryError, Tile, TileRegistry, TreasureTally, default_registry_path
from companion.tiles.treasure import ADDED, AGAIN, BAG_EMPTY, EARLIER, KEY_TILE, UNKNOWN

TAGS = ["1A0033F2C4", "7F001B2A93", "0102030405", "0A0B0C0D0E", "FFEEDDCCBB"]


# --- registry --------------------------------------------------------------------------------------


def test_registry_saves_every_change_and_another_instance_sees_it(tmp_path):
    path = tmp_path / "data" / "tiles.json"
    a = TileRegistry(path)
    a.add("1a0033f2c4", Tile("key", 1))
    a.add(TAGS[1], Tile("boyard-50"))
    b = TileRegistry(path)
    assert b.get(TAGS[0]) == Tile("key", 1) and b.get(TAGS[1]).token == "50"
    b.remove(TAGS[1])
    assert a.get(TAGS[1]) is None  # a reads the file again when it changed
    assert a.counts()["key"] == 1 and len(a) == 1
    assert json.loads(path.read_text())["tiles"] == {TAGS[0]: {"kind": "key", "number": 1}}
    assert not list(path.parent.glob(".tiles-*"))  # no temporary file left behind


def test_registry_refuses_a_tag_twice_and_a_key_number_twice(tmp_path):
    r = TileRegistry(tmp_path / "tiles.json")
    r.add(TAGS[0], Tile("key", 3))
    with pytest.raises(ValueError, match="already key 3"):
        r.add(TAGS[0], Tile("pebble"))
    with pytest.raises(ValueError, match="key 3 already has a tag"):
        r.add(TAGS[1], Tile("key", 3))
    with pytest.raises(ValueError, match="numbered 1 to 20"):
        Tile("key", 21)
    with pytest.raises(ValueError, match="hex digits"):
        r.add("not-a-tag", Tile("pebble"))
    assert r.get("not-a-tag") is None


@pytest.mark.parametrize("text, where", [
    ("{", "line 1"),
    ('{"format": 1, "tiles": {"1A0033F2C4": {"kind": "diamond"}}}', "diamond"),
    ('{"format": 1, "tiles": {"1A0033F2C4": {"kind": "key", "number": 1}, "7F001B2A93": {"kind": "key", "number": 1}}}',
     "key 1 has two tags"),
    ('{"format": 9, "tiles": {}}', "format 9"),
])
def test_a_damaged_registry_file_is_named_and_never_overwritten(tmp_path, text, where):
    path = tmp_path / "tiles.json"
    path.write_text(text)
    with pytest.raises(RegistryError, match=where) as exc:
        TileRegistry(path)
    assert str(path) in str(exc.value)
    assert path.read_text() == text


def test_default_registry_is_in_the_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_registry_path() == tmp_path / "fort-boyard-companion" / "tiles.json"


# --- enrolment -------------------------------------------------------------------------------------


def test_enrolment_counts_per_kind_numbers_keys_and_warns_on_a_known_tag():
    e = Enrolment(TileRegistry(None), "key")
    first, second = e.scan(TAGS[0]), e.scan(TAGS[1])
    assert (first.tile, second.tile) == (Tile("key", 1), Tile("key", 2))
    assert (second.count, second.of) == (2, 20)
    again = e.scan(TAGS[0])
    assert (again.outcome, again.tile) == ("already", Tile("key", 1))
    e.kind = "boyard-20"
    token = e.scan(TAGS[2])
    assert (token.outcome, token.tile, token.count, token.of) == ("enrolled", Tile("boyard-20"), 1, 20)
    assert e.counts() == {"key": 2, "pebble": 0, "boyard-10": 0, "boyard-20": 1, "boyard-50": 0}
    undone = e.undo()
    assert (undone.outcome, undone.tile, undone.count) == ("undone", Tile("boyard-20"), 0)
    assert e.undo().tile == Tile("key", 2)
    e.kind = "key"
    assert e.scan(TAGS[3]).tile == Tile("key", 2)  # the freed number is used again


def test_enrolment_stops_at_twenty_keys():
    e = Enrolment(TileRegistry(None), "key")
    for n in range(20):
        assert e.scan(f"{n:010X}").outcome == "enrolled"
    full = e.scan("ABCDEF0123")
    assert full.outcome == "full" and e.registry.get("ABCDEF0123") is None
    with pytest.raises(ValueError):
        e.kind = "gold"


# --- treasure tally --------------------------------------------------------------------------------


def test_treasure_tally_counts_a_token_once_per_handful():
    t = TreasureTally()
    t.begin(("g1", "Zoé", 0))
    ten, fifty = Tile("boyard-10"), Tile("boyard-50")
    assert t.scan(TAGS[0], ten, room=5).outcome == ADDED
    assert t.scan(TAGS[0], ten, room=4).outcome == AGAIN
    assert t.scan(TAGS[1], fifty, room=0).outcome == BAG_EMPTY
    assert t.scan(TAGS[2], Tile("key", 4), room=9).outcome == KEY_TILE
    assert t.scan(TAGS[3], None, room=9).outcome == UNKNOWN
    assert t.in_handful() == 1
    t.begin(("g1", "Zoé", 1))  # her next handful: the token stays hers
    earlier = t.scan(TAGS[0], ten, room=5)
    assert (earlier.outcome, earlier.handful) == (EARLIER, 0)
    assert t.in_handful() == 0
    t.begin(("g1", "Zoé", 0))  # her first handful is counted again (undo): its scans are forgotten
    assert t.scan(TAGS[0], ten, room=5).outcome == ADDED
    t.begin(("g1", "Max", 0))  # the next player: the bag is full again
    assert t.scan(TAGS[0], ten, room=5).outcome == ADDED


# --- reader settings -------------------------------------------------------------------------------


def test_reader_config_from_mapping_names_bad_fields():
    c = ReaderConfig.from_mapping({"reader": "id12", "port": "/dev/ttyUSB0"})
    assert (c.baudrate, c.report_removed, c.window_s) == (9600, False, 1.0)
    assert ReaderConfig("rdm6300", "/dev/ttyAMA0").report_removed
    cases = [
        ({"reader": "rdm6300"}, "reader.port"),
        ({"reader": "rfid9000", "port": "x"}, "reader.reader"),
        ({"reader": "rdm6300", "port": "x", "colour": 1}, "reader.colour"),
        ({"reader": "rdm6300", "port": "x", "baud": 1000}, "reader.baud"),
        ({"reader": "rdm6300", "port": "x", "baud": "9600"}, "reader.baud"),
        ({"reader": "id12", "port": "x", "mode": "presence"}, "reader.mode"),
        ({"reader": "rdm6300", "port": "x", "same_tag_ms": 300}, "reader.same_tag_ms"),
        ({"reader": "pn532", "port": "x", "poll_ms": 400}, "reader.same_tag_ms"),
        ({"reader": "pn532", "port": "", }, "reader.port"),
    ]
    for data, field in cases:
        with pytest.raises(ReaderConfigError) as exc:
            ReaderConfig.from_mapping(data)
        assert exc.value.field == field, data


# --- the commands ----------------------------------------------------------------------------------


def start(args: list[str], env: dict, stdin=subprocess.DEVNULL) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "companion", "tiles", *args], stdin=stdin,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)


_buffers: dict[int, bytearray] = {}


def _line_from(stream, timeout: float) -> str | None:
    """One line from a child's pipe, read with os.read so that select sees every byte not yet taken."""
    fd = stream.fileno()
    buf = _buffers.setdefault(fd, bytearray())
    end = time.monotonic() + timeout
    while b"\n" not in buf:
        ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
        if not ready:
            return None
        chunk = os.read(fd, 4096)
        if not chunk:
            return None
        buf += chunk
    line, _, rest = bytes(buf).partition(b"\n")
    buf[:] = rest
    return line.decode()


def read_line(proc: subprocess.Popen, timeout: float = 20.0) -> str:
    line = _line_from(proc.stdout, timeout)
    if line is None:
        proc.kill()
        raise AssertionError(f"no output line; stderr: {proc.stderr.read().decode()}")
    return line


def wait_for_stderr(proc: subprocess.Popen, text: str, timeout: float = 20.0) -> None:
    seen = []
    while not any(text in line for line in seen):
        line = _line_from(proc.stderr, timeout)
        if line is None:
            proc.kill()
            raise AssertionError(f"{text!r} never said; stderr so far: {seen!r}")
        seen.append(line)


def stop(proc: subprocess.Popen) -> tuple[int, str, str]:
    """SIGTERM; the exit code, and what was left on stdout and stderr."""
    fds = (proc.stdout.fileno(), proc.stderr.fileno())
    proc.send_signal(signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    left_out, left_err = (bytes(_buffers.pop(fd, b"")) for fd in fds)
    return proc.returncode, (left_out + out).decode(), (left_err + err).decode()


@pytest.fixture(autouse=True)
def _fresh_buffers():
    _buffers.clear()  # file descriptor numbers are reused by the next child
    yield
    _buffers.clear()


def test_listen_prints_one_json_line_per_placed_and_removed_tile(companion_env, tmp_path):
    tiles = tmp_path / "xdg-data" / "fort-boyard-companion" / "tiles.json"
    TileRegistry(tiles).add(TAGS[0], Tile("boyard-20"))
    with PtyPort() as port:
        proc = start(["listen", "--reader", "rdm6300", "--port", port.path], companion_env)
        wait_for_stderr(proc, "is reading")
        for _ in range(3):
            port.write(rdm_frame(TAGS[0]))
        port.write(b"\x02noise\x03")
        lines = [read_line(proc), read_line(proc)]
        port.write(rdm_frame(TAGS[1]))
        lines += [read_line(proc), read_line(proc)]
        code, rest, err = stop(proc)
    assert rest == ""
    assert lines == [
        '{"event": "placed", "tag": "1A0033F2C4", "tile": "boyard-20"}',
        '{"event": "removed", "tag": "1A0033F2C4", "tile": "boyard-20"}',
        '{"event": "placed", "tag": "7F001B2A93", "tile": null}',
        '{"event": "removed", "tag": "7F001B2A93", "tile": null}',
    ]
    assert code == 0, err


def test_listen_on_an_id12_with_baud_reports_placed_only(companion_env):
    with PtyPort() as port:
        proc = start(["listen", "--reader", "id12", "--port", port.path, "--baud", "9600"], companion_env)
        wait_for_stderr(proc, "is reading")
        port.write(id12_frame(TAGS[2]))
        line = read_line(proc)
        port.write(id12_frame(TAGS[3]))
        second = read_line(proc)
        code, rest, _ = stop(proc)
    assert json.loads(line) == {"event": "placed", "tag": TAGS[2], "tile": None}
    assert json.loads(second)["tag"] == TAGS[3]
    assert rest == "" and code == 0


def test_listen_on_a_pn532_reports_the_uid(companion_env):
    with PtyPort() as port:
        emulator = Pn532Emulator(port)
        emulator.place("04A224B2C53C80")
        proc = start(["listen", "--reader", "pn532", "--port", port.path], companion_env)
        try:
            assert json.loads(read_line(proc)) == {"event": "placed", "tag": "04A224B2C53C80", "tile": None}
        finally:
            code, _, _ = stop(proc)
            emulator.close()
    assert code == 0


def test_listen_waits_for_a_missing_port_and_a_bad_baud_is_refused(companion_env, tmp_path):
    link = tmp_path / "rfid"
    proc = start(["listen", "--reader", "rdm6300", "--port", str(link)], companion_env)
    wait_for_stderr(proc, "waiting for")
    with PtyPort(link) as port:
        wait_for_stderr(proc, "is reading")
        port.write(rdm_frame(TAGS[4]))
        assert json.loads(read_line(proc))["tag"] == TAGS[4]
        code, _, _ = stop(proc)
    assert code == 0
    bad = subprocess.run([sys.executable, "-m", "companion", "tiles", "listen", "--reader", "id12", "--port", "x",
                          "--baud", "1234"], capture_output=True, env=companion_env, timeout=30)
    assert bad.returncode == 2 and b"--baud: must be a standard rate" in bad.stderr


def test_enroll_scans_counts_warns_and_undoes(companion_env, tmp_path):
    path = tmp_path / "tiles.json"
    with PtyPort() as port:
        proc = start(["enroll", "--reader", "rdm6300", "--port", port.path, "--kind", "boyard-10",
                      "--tiles", str(path)], companion_env, stdin=subprocess.PIPE)
        assert read_line(proc).startswith("Enrolling boyard-10 tiles")
        assert "boyard-10 0/60" in read_line(proc)
        wait_for_stderr(proc, "is reading")
        out = []
        for tag in TAGS[:2]:
            port.write(rdm_frame(tag) * 3)  # held: repeated frames are one scan
            out.append(read_line(proc))
        proc.stdin.write(b"key\n")
        proc.stdin.flush()
        out.append(read_line(proc))
        time.sleep(Rdm6300.same_tag_s + 0.25)  # the tag leaves the reader for longer than the same-tag window
        port.write(rdm_frame(TAGS[0]))
        out.append(read_line(proc))
        port.write(rdm_frame(TAGS[2]))
        out.append(read_line(proc))
        proc.stdin.write(b"u\n")
        proc.stdin.flush()
        out.append(read_line(proc))
        proc.stdin.write(b"q\n")
        proc.stdin.flush()
        proc.wait(timeout=20)
    assert out == [
        f"boyard-10 enrolled (1/60 boyard-10) tag {TAGS[0]}",
        f"boyard-10 enrolled (2/60 boyard-10) tag {TAGS[1]}",
        "now enrolling: key (0/20)",
        f"tag {TAGS[0]} is already boyard-10: nothing changed",
        f"key 1 enrolled (1/20 key) tag {TAGS[2]}",
        f"undone: key 1 (tag {TAGS[2]}), 0/20 key left",
    ]
    assert proc.returncode == 0
    listed = subprocess.run([sys.executable, "-m", "companion", "tiles", "list", "--tiles", str(path)],
                            capture_output=True, env=companion_env, timeout=30)
    assert listed.stdout.decode().split("\n")[:2] == [f"{TAGS[0]}  boyard-10", f"{TAGS[1]}  boyard-10"]
    forgot = subprocess.run([sys.executable, "-m", "companion", "tiles", "forget", TAGS[1].lower(), "--tiles",
                             str(path)], capture_output=True, env=companion_env, timeout=30)
    assert forgot.returncode == 0 and TileRegistry(path).get(TAGS[1]) is None
    assert os.path.exists(path)
