"""``companion tiles listen|enroll|list|forget``: the RFID reader and the tile registry from a terminal.

``listen`` prints exactly one JSON line per tile event on stdout, for other programs:
``{"event": "placed"|"removed", "tag": "<upper-case hex>", "tile": <kind or null>}``; what is said for
people (waiting for the port, reader lost) goes to stderr."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from pathlib import Path
from typing import Callable

from companion.devices.rfid.config import MODES, READERS
from companion.terminal import shown
from companion.tiles.registry import IN_THE_BOX, KEY, TILE_KINDS

KIND_WORDS = {**{k: k for k in TILE_KINDS}, "keys": "key", "10": "boyard-10", "20": "boyard-20", "50": "boyard-50",
              "pebbles": "pebble"}


def register(subparsers: argparse._SubParsersAction) -> None:
    tiles = subparsers.add_parser("tiles", help="RFID tiles: listen to the reader, enrol keys and tokens")
    sub = tiles.add_subparsers(dest="tiles_command", metavar="ACTION")

    listen = sub.add_parser("listen", help="print one JSON line per tile placed on or removed from the reader")
    _reader_options(listen)
    listen.add_argument("--mode", choices=MODES, default="auto",
                        help="scan: placed only; presence: placed and removed; auto (default): presence when "
                             "the reader repeats a held tag (RDM6300, PN532)")
    listen.set_defaults(func=run_listen)

    enroll = sub.add_parser("enroll", help="scan tiles one after another to enrol them")
    _reader_options(enroll)
    enroll.add_argument("--kind", choices=TILE_KINDS, default=KEY, help="what the tiles scanned are (default: key)")
    enroll.set_defaults(func=run_enroll)

    lst = sub.add_parser("list", help="the enrolled tiles")
    lst.add_argument("--tiles", type=Path, help="the tile file (default: in the user data directory)")
    lst.set_defaults(func=run_list)

    forget = sub.add_parser("forget", help="forget a tag (to enrol it again as something else)")
    forget.add_argument("tag")
    forget.add_argument("--tiles", type=Path, help="the tile file (default: in the user data directory)")
    forget.set_defaults(func=run_forget)
    tiles.set_defaults(func=lambda args: _usage(tiles))


def _reader_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--reader", required=True, choices=tuple(READERS), help="the reader's protocol")
    parser.add_argument("--port", required=True, help="serial port, e.g. /dev/ttyAMA0 or /dev/ttyUSB0")
    parser.add_argument("--baud", type=int, help="default: 9600, or 115200 for the PN532")
    parser.add_argument("--tiles", type=Path, help="the tile file (default: in the user data directory)")


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _registry(args: argparse.Namespace):
    from companion.tiles.registry import TileRegistry, default_registry_path

    return TileRegistry(args.tiles or default_registry_path())


def _config(args: argparse.Namespace, mode: str = "auto"):
    from companion.devices.rfid import ReaderConfig

    return ReaderConfig(args.reader, args.port, baud=args.baud, mode=mode)


def run_listen(args: argparse.Namespace) -> int:
    from companion.devices.rfid import ReaderConfigError
    from companion.tiles.registry import RegistryError

    try:
        config = _config(args, args.mode)
    except ReaderConfigError as exc:
        print(f"companion tiles listen: --{exc.field}: {exc.message}", file=sys.stderr)
        return 2
    try:
        registry = _registry(args)
    except RegistryError as exc:
        print(shown(f"companion tiles listen: {exc}; every tile is shown as null"), file=sys.stderr)
        registry = None
    out = threading.Lock()

    def on_event(event) -> None:
        tile = None
        if registry is not None:
            try:
                found = registry.get(event.tag)
            except RegistryError:
                found = None
            tile = found.kind if found else None
        with out:
            sys.stdout.write(json.dumps({"event": event.event, "tag": event.tag, "tile": tile}) + "\n")
            sys.stdout.flush()

    return _run_reader(config, on_event, "listen")


def run_enroll(args: argparse.Namespace) -> int:
    from companion.devices.rfid import PLACED, ReaderConfigError
    from companion.tiles.enrolment import Enrolment
    from companion.tiles.registry import RegistryError

    try:
        config = _config(args, "scan")
        enrolment = Enrolment(_registry(args), args.kind)
    except ReaderConfigError as exc:
        print(f"companion tiles enroll: --{exc.field}: {exc.message}", file=sys.stderr)
        return 2
    except RegistryError as exc:
        print(shown(f"companion tiles enroll: {exc}"), file=sys.stderr)
        return 2
    lock = threading.Lock()

    def say(text: str) -> None:
        print(text, flush=True)

    def on_event(event) -> None:
        if event.event != PLACED:
            return
        with lock:
            try:
                say(describe(enrolment.scan(event.tag)))
            except (RegistryError, ValueError) as exc:
                say(f"not enrolled: {exc}")

    def on_line(line: str) -> bool:
        word = line.strip().lower()
        with lock:
            if word in ("u", "undo"):
                done = enrolment.undo()
                say(describe(done) if done else "nothing to undo")
            elif word in KIND_WORDS:
                enrolment.kind = KIND_WORDS[word]
                say(f"now enrolling: {enrolment.kind} ({enrolment.counts()[enrolment.kind]}/{IN_THE_BOX[enrolment.kind]})")
            elif word in ("q", "quit"):
                return False
            elif word:
                say("type u (undo the last), a kind (key, pebble, 10, 20, 50), or q (quit)")
        return True

    counts = enrolment.counts()
    say(f"Enrolling {enrolment.kind} tiles: place them on the reader one after another. "
        "Type u to undo the last, a kind (key, pebble, 10, 20, 50) to switch, q to quit.")
    say("enrolled so far: " + ", ".join(f"{k} {counts[k]}/{IN_THE_BOX[k]}" for k in TILE_KINDS))
    return _run_reader(config, on_event, "enroll", on_line)


def describe(result) -> str:
    """One line about an enrolment scan or undo."""
    tile, tag = result.tile, result.tag
    if result.outcome == "enrolled":
        return f"{tile} enrolled ({result.count}/{result.of} {tile.kind}) tag {tag}"
    if result.outcome == "already":
        return f"tag {tag} is already {tile}: nothing changed"
    if result.outcome == "full":
        return f"all {result.of} keys have a tag: {tag} not enrolled"
    return f"undone: {tile} (tag {tag}), {result.count}/{result.of} {tile.kind} left"


def _run_reader(config, on_event: Callable, what: str, on_line: Callable[[str], bool] | None = None) -> int:
    """Run the reader until Ctrl-C, SIGTERM, or (with ``on_line``) the end of input or ``q``."""
    from companion.devices.rfid import TileReader

    stop = threading.Event()
    previous = signal.signal(signal.SIGTERM, lambda *_: stop.set())
    if on_line is not None:
        def read_lines() -> None:
            for line in sys.stdin:
                if not on_line(line):
                    break
            stop.set()

        threading.Thread(target=read_lines, name="stdin", daemon=True).start()
    reader = TileReader(config, on_event=on_event)
    shown = None
    try:
        reader.start()
        while not stop.wait(0.2):
            status = reader.status()
            if status.state != shown and status.state != "starting":
                shown = status.state
                print(f"companion tiles {what}: {status.message}", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        reader.close()
        signal.signal(signal.SIGTERM, previous)
    return 0


def run_list(args: argparse.Namespace) -> int:
    from companion.tiles.registry import RegistryError

    try:
        registry = _registry(args)
        items = registry.items()
    except RegistryError as exc:
        print(shown(f"companion tiles list: {exc}"), file=sys.stderr)
        return 1
    for tag, tile in items:
        print(f"{tag}  {tile}")
    counts = registry.counts()
    print(", ".join(f"{k} {counts[k]}/{IN_THE_BOX[k]}" for k in TILE_KINDS), file=sys.stderr)
    return 0


def run_forget(args: argparse.Namespace) -> int:
    from companion.tiles.registry import RegistryError

    try:
        tile = _registry(args).remove(args.tag)
    except (RegistryError, ValueError) as exc:
        print(shown(f"companion tiles forget: {exc}"), file=sys.stderr)
        return 1
    if tile is None:
        print(f"companion tiles forget: tag {args.tag.upper()} is not enrolled", file=sys.stderr)
        return 1
    print(f"forgot {tile} (tag {args.tag.upper()})")
    return 0
