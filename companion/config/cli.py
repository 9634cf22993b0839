"""``companion config show|check|init|profiles``: the configuration, where each value comes from, and
its problems with their lines."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.terminal import json_text, shown


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("config", help="show and check the configuration and hardware profiles")
    actions = parser.add_subparsers(dest="config_action", metavar="ACTION")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--file", type=Path, help="config file (default: config.toml in the user config folder)")
        p.add_argument("--profile", help="hardware profile to use instead of the file's hardware_profile")

    show = actions.add_parser("show", help="every setting's effective value and its source (default, profile, file)")
    common(show)
    show.add_argument("--json", action="store_true", help="one JSON object: values, sources, problems")
    show.set_defaults(func=run_show)
    check = actions.add_parser("check", help="name each unknown key, wrong type or impossible value with its line")
    common(check)
    check.set_defaults(func=run_check)
    init = actions.add_parser("init", help="write a commented config file (every option with its help)")
    common(init)
    init.add_argument("--force", action="store_true", help="replace a file that is there")
    init.set_defaults(func=run_init)
    setter = actions.add_parser("set", help="set one option in the file, e.g. display.touch_rotation 90")
    setter.add_argument("--file", type=Path, help="config file (default: config.toml in the user config folder)")
    setter.add_argument("name", help="section.key, as `config show` lists them")
    setter.add_argument("value", help="a TOML value: 90, true, \"USB\", [5, 6] (a bare word is text)")
    setter.set_defaults(func=run_set)
    profiles = actions.add_parser("profiles", help="the hardware profiles found, each checked")
    profiles.set_defaults(func=run_profiles)
    parser.set_defaults(func=lambda args: _usage(parser))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def run_show(args: argparse.Namespace) -> int:
    from companion.config import OPTIONS, load_config
    from companion.config.tomltext import value

    config = load_config(args.file, profile=args.profile)
    if args.json:
        print(json_text({"file": str(config.path), "profile": config.profile.name if config.profile else None,
                         "values": config.values, "sources": config.sources,
                         "problems": [str(p) for p in config.problems]}, default=str))
        return 0
    exists = "" if config.path and config.path.exists() else " (not there: defaults)"
    print(shown(f"# file: {config.path}{exists}"))
    if config.profile:
        profile = config.profile
        print(shown(f"# hardware profile: {profile.name} ({profile.path}) – {profile.description}"))
    section = None
    for opt in OPTIONS:
        if opt.section != section:
            section = opt.section
            print(f"\n[{section}]" if section else "")
        current = config.values[opt.name]
        text = "(not set)" if current is None else value(current)
        print(shown(f"{opt.key} = {text}".ljust(48) + f"  # {config.sources[opt.name]}"))
    for problem in config.problems:
        print(shown(problem), file=sys.stderr)
    return 0


def run_check(args: argparse.Namespace) -> int:
    from companion.config import load_config

    config = load_config(args.file, profile=args.profile)
    for problem in config.problems:
        print(shown(problem))
    errors = len(config.errors)
    name = f"hardware profile {config.profile.name}" if config.profile else "no hardware profile"
    if errors:
        print(shown(f"{config.path}: {errors} error(s) ({name})"))
        return 1
    print(shown(f"{config.path}: configuration OK ({name})"))
    return 0


def run_init(args: argparse.Namespace) -> int:
    from companion.config import default_config_path, init_config, load_config

    path = args.file or default_config_path()
    if not init_config(path, args.profile or "", force=args.force):
        print(f"companion config: {path} is already there (--force replaces it)", file=sys.stderr)
        return 1
    config = load_config(path)
    for problem in config.problems:
        print(shown(problem), file=sys.stderr)
    print(f"wrote {path}")
    return 1 if config.errors else 0


def run_set(args: argparse.Namespace) -> int:
    from companion.config import default_config_path
    from companion.config.files import set_value

    path = args.file or default_config_path()
    try:
        value = set_value(path, args.name, args.value)
    except ValueError as exc:
        print(shown(f"companion config: {exc}"), file=sys.stderr)
        return 2
    print(shown(f"{path}: {args.name} = {value!r}"))
    return 0


def run_profiles(args: argparse.Namespace) -> int:
    from companion.config import load_config
    from companion.config.profiles import available

    worst = 0
    found = available()
    if not found:
        print("no hardware profile found")
        return 1
    for name, path in found.items():
        config = load_config(Path("/nonexistent-companion-config.toml"), profile=name)
        state = "OK" if not config.errors else f"{len(config.errors)} error(s)"
        description = config.profile.description if config.profile else ""
        print(shown(f"{name:<14} {state:<10} {description}  ({path})"))
        for problem in config.problems:
            print(shown(f"    {problem}"))
        worst = max(worst, 1 if config.errors else 0)
    return worst
