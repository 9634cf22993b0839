"""``companion shots --out DIR``: every screen of every game, every display profile, both languages, as PNG
files named GAME-SCREEN-PROFILE-LANG.png for a game's screens, SCREEN-PROFILE-LANG.png for the shared ones
(companion.app.scenarios.shot_name)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from companion.app.table.language import LANGUAGES
from companion.app.table.profiles import PROFILES


def shots(args) -> int:
    from companion.app.launch import build_app, configure_kivy

    profiles = args.profiles.split(",") if args.profiles else list(PROFILES)
    languages = args.languages.split(",") if args.languages else list(LANGUAGES)
    from companion.app.scenarios import SCENARIOS, shot_name

    screens = args.screens.split(",") if args.screens else list(SCENARIOS)
    for name, known, what in ((profiles, PROFILES, "profile"), (languages, LANGUAGES, "language"),
                              (screens, SCENARIOS, "screen")):
        unknown = [n for n in name if n not in known]
        if unknown:
            print(f"companion shots: unknown {what} {unknown[0]!r}; known: {', '.join(known)}", file=sys.stderr)
            return 2
    if len(profiles) > 1:
        # SDL's offscreen window cannot grow after it is created: one process per display profile.
        return _per_profile(args, profiles)
    first = PROFILES[profiles[0]]
    configure_kivy(first.width, first.height)
    from companion.app.harness import Harness

    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = build_app(Path(tmp) / "shots.sqlite3", None)
        harness = Harness(app)
        written, overflows, widgets = [], [], {}
        for profile_name in profiles:
            for language in languages:
                app.controller.settings = app.settings.changed(language=language)
                app.controller.tr.set_language(language)
                for shot in screens:
                    SCENARIOS[shot](app)
                    harness.settle(frames=8)
                    path = harness.screenshot(out / shot_name(shot, profile_name, language))
                    written.append(path.name)
                    widgets[path.name] = harness.widget_report()
                    for problem in harness.overflowing_labels():
                        overflows.append({"shot": path.name, **problem})
        app.controller.session.log.close()
    # One widgets.json per folder: a run per profile writes its part, the parent joins them.
    part = out / (f".widgets-{profiles[0]}.json" if args.widgets_part else "widgets.json")
    part.write_text(json.dumps(widgets, ensure_ascii=False), "utf-8")
    for o in overflows:
        print(f"overflow: {o['shot']}: {o['text']!r} needs {o['texture']} in {o['size']}", file=sys.stderr)
    print(json.dumps({"shots": len(written), "overflows": len(overflows), "out": str(out)}))
    return 1 if overflows else 0


def _per_profile(args, profiles: list[str]) -> int:
    total, overflows, worst = 0, 0, 0
    for profile in profiles:
        cmd = [sys.executable, "-m", "companion", "shots", "--out", str(args.out), "--profiles", profile,
               "--widgets-part"]
        if args.languages:
            cmd += ["--languages", args.languages]
        if args.screens:
            cmd += ["--screens", args.screens]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)
        worst = max(worst, proc.returncode)
        try:
            figures = json.loads(proc.stdout.strip().splitlines()[-1])
        except (IndexError, json.JSONDecodeError):
            print(f"companion shots: the {profile} run failed (exit {proc.returncode})", file=sys.stderr)
            worst = max(worst, 1)
            continue
        total += figures["shots"]
        overflows += figures["overflows"]
    widgets: dict = {}
    for profile in profiles:
        part = args.out / f".widgets-{profile}.json"
        if part.exists():
            widgets.update(json.loads(part.read_text("utf-8")))
            part.unlink()
    (args.out / "widgets.json").write_text(json.dumps(widgets, ensure_ascii=False), "utf-8")
    print(json.dumps({"shots": total, "overflows": overflows, "out": str(args.out)}))
    return worst
