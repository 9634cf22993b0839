"""``companion doctor [--non-interactive] [--only NAMES]``: the hardware check, one line per check."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("doctor", help="check each part of the box: pins, buzzers, ring, reader, sound, "
                              "display, content, game log")
    p.add_argument("--non-interactive", action="store_true",
                   help="only the checks that need nobody at the box; exit 1 if one fails")
    p.add_argument("--only", help="comma-separated checks, e.g. buzzers,presses (see --list)")
    p.add_argument("--list", action="store_true", help="list the checks and exit")
    p.add_argument("--file", type=Path, help="config file (default: config.toml in the user config folder)")
    p.add_argument("--profile", help="hardware profile to use instead of the file's")
    p.add_argument("--db", type=Path, help="game log file (default: the user data directory)")
    p.add_argument("--timeout", type=float, default=15.0, help="seconds to wait for a press, a tag, taps")
    p.add_argument("--json", action="store_true", help="the results as one JSON object on the last line")
    p.set_defaults(func=run_doctor)


def run_doctor(args: argparse.Namespace) -> int:
    from companion.config import load_config
    from companion.doctor import CHECKS, FAIL, Context, check_named, run_checks, summary
    from companion.doctor.parts import close_parts

    if args.list:
        for check in CHECKS:
            print(f"{check.name:<12} {check.title}" + ("  (needs a person)" if check.person else ""))
        return 0
    try:
        checks = check_named(args.only.split(",")) if args.only else CHECKS
    except KeyError as exc:
        print(f"companion doctor: {exc.args[0]}", file=sys.stderr)
        return 2
    interactive = not args.non_interactive and sys.stdin.isatty()
    if not args.non_interactive and not interactive:
        print("companion doctor: no terminal to answer on: the checks that need a person are skipped",
              file=sys.stderr)
    config = load_config(args.file, profile=args.profile)
    ctx = Context(config, interactive=interactive, timeout=args.timeout, db=args.db,
                  say=lambda text: print(text, flush=True))
    try:
        results = run_checks(checks, ctx, on_result=(lambda r: None) if args.json else (lambda r: print(r.line(), flush=True)))
    finally:
        close_parts(ctx)
    line = summary(results)
    if args.json:
        print(json.dumps({"results": [r.__dict__ for r in results], "summary": line}, ensure_ascii=False))
    else:
        print(line)
    return 1 if any(r.status == FAIL for r in results) else 0
