"""``companion content check [--dir DIR]``: validate content packs for their writers."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from typing import TYPE_CHECKING

from companion.content.library import all_pack_dirs, find_packs
from companion.content.schema import KINDS
from companion.content.validate import check_pack
from companion.terminal import shown

if TYPE_CHECKING:  # the checks' own modules load numpy and the dictionaries: only when a check runs
    from companion.content.matchcheck import MatchReport


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
        help="a pack folder, or a folder of packs (repeatable; default: every game's built-in pack and the user's packs)",
    )
    check.set_defaults(func=run_check)
    parser.set_defaults(func=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _giveaways(pack: Any, counts: dict[str, dict[str, Any]]) -> None:
    """Print the pack's giveaway pairs as warnings; add their number and the pairs to ``counts``."""
    from companion.content.giveaways import describe, pack_giveaways

    for lang, found in pack_giveaways(pack).items():
        for giveaway in found:
            print(describe(pack, lang, giveaway))
        total = counts[lang]
        total["giveaways"] = total.get("giveaways", 0) + len(found)
        total.setdefault("giveaway_pairs", []).extend(
            [f"{g.kind}/{g.item}", f"{g.other_kind}/{g.other}", g.word] for g in found)


def run_check(args: argparse.Namespace) -> int:
    """Check every pack; exit 1 on any problem, else print the counts per language and kind, with the
    giveaway pairs between decks (warnings, which drawing avoids).

    The counts of each language end with the answer-matching figures (see ``matchcheck``); a false
    accept or a false reject is printed like a problem and fails the check, after the counts.
    """
    from companion.content.matchcheck import measure

    folders: list[Path] = []
    for folder in args.dirs or all_pack_dirs():
        found = find_packs(folder)
        folders += found or [folder]  # not a pack at all: check_pack says why
    counts: dict[str, dict[str, Any]] = {}
    failed = 0
    reports: list[MatchReport] = []
    for folder in folders:
        from companion.content import knightmare  # Merlin's questions: their own format and checks

        if knightmare.is_pack(folder):
            failed += knightmare.main([str(folder)]) != 0
            continue
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
        reports += [measure(pack, lang) for lang in pack.languages]
    if failed:
        print(shown(f"{failed} of {len(folders)} pack(s) have problems"))
        return 1
    mismatched = _print_matching(reports, counts)
    print(json.dumps(counts, ensure_ascii=False))
    return 1 if mismatched else 0


def _print_matching(reports: list[MatchReport], counts: dict[str, dict[str, Any]]) -> int:
    """Print each finding and what each language was checked against; add the figures to ``counts``."""
    findings = 0
    for report in reports:
        for problem in (*report.false_accepts, *report.false_rejects):
            print(problem)
        findings += len(report.false_accepts) + len(report.false_rejects)
        figures = counts[report.language].setdefault(
            "matching", {"checked": 0, "false_accepts": 0, "false_rejects": 0, "dictionary": True})
        for name in ("checked", "false_accepts", "false_rejects"):
            figures[name] += report.figures()[name]
        figures["dictionary"] = figures["dictionary"] and report.dictionary is not None
    for lang in sorted({r.language for r in reports}):
        mine = [r for r in reports if r.language == lang]
        notes = sorted({r.note for r in mine if r.note})
        lists = sorted({r.dictionary for r in mine if r.dictionary})
        print(f"{lang}: answers matched against {', '.join(lists)}" if lists else f"{lang}: {notes[0]}")
        bad = sum(len(r.false_accepts) + len(r.false_rejects) for r in mine)
        if bad:
            print(f"{lang}: {bad} answer(s) matched wrongly (false accepts and rejects above)")
    return findings
