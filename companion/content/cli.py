"""``companion content check [--dir DIR]``: validate content packs for their writers."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from companion.content.giveaways import describe, pack_giveaways
from companion.content.library import default_pack_dirs, find_packs
from companion.content.schema import KINDS
from companion.content.validate import check_pack
from companion.terminal import shown


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``content`` command and its ``check`` action."""
    parser = subparsers.add_parser("content", help="check the riddles, code words and challenges")
    actions = parser.add_subparsers(dest="content_action", metavar="ACTION")
    check = actions.add_parser(
        "check",
        help="validate content packs; print each problem, or the counts as JSON on the last line",
    )
    check.add_argument(
        "--dir", dest="dirs", action="append", type=Path, metavar="DIR",
        help="a pack folder, or a folder of packs (repeatable; default: built-in and user packs)",
    )
    check.set_defaults(func=run_check)
    parser.set_defaults(func=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _giveaways(pack: Any, counts: dict[str, dict[str, Any]]) -> None:
    """Print the pack's giveaway pairs as warnings; add their number and the pairs to ``counts``."""
    for lang, found in pack_giveaways(pack).items():
        for giveaway in found:
            print(describe(pack, lang, giveaway))
        total = counts[lang]
        total["giveaways"] = total.get("giveaways", 0) + len(found)
        total.setdefault("giveaway_pairs", []).extend(
            [f"{g.kind}/{g.item}", f"{g.other_kind}/{g.other}", g.word] for g in found)


def run_check(args: argparse.Namespace) -> int:
    """Check every pack; exit 1 on any problem, else print the counts per language and kind, with the
    giveaway pairs between decks (warnings, which drawing avoids)."""
    folders: list[Path] = []
    for folder in args.dirs or default_pack_dirs():
        found = find_packs(folder)
        folders += found or [folder]  # not a pack at all: check_pack says why
    counts: dict[str, dict[str, Any]] = {}
    failed = 0
    for folder in folders:
        pack, problems = check_pack(folder)
        for problem in problems:
            print(shown(problem))
        if problems:
            failed += 1
            print(shown(f"{folder}: {len(problems)} problem(s)"))
            continue
        assert pack is not None
        print(shown(f"{folder}: pack {pack.id!r} {pack.version} is valid"))
        for lang, per_kind in pack.counts().items():
            total = counts.setdefault(lang, {k.name: 0 for k in KINDS})
            for kind, n in per_kind.items():
                total[kind] += n
        _giveaways(pack, counts)
    if failed:
        print(shown(f"{failed} of {len(folders)} pack(s) have problems"))
        return 1
    print(json.dumps(counts, ensure_ascii=False))
    return 0
