"""Sound commands: ``companion voices list|download|install``, ``companion say`` and ``companion sound``."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from companion.terminal import shown


def register(subparsers: argparse._SubParsersAction) -> None:
    voices = subparsers.add_parser("voices", help="Piper voices: list the installed ones, download or install more")
    vsub = voices.add_subparsers(dest="voices_command", metavar="ACTION")
    vlist = vsub.add_parser("list", help="the installed voices (and, with --available, Piper's catalogue)")
    vlist.add_argument("--available", action="store_true", help="also list the voices Piper offers (internet)")
    vlist.set_defaults(func=run_voices_list)
    vget = vsub.add_parser("download", help="fetch a Piper voice, e.g. fr_FR-siwis-medium")
    vget.add_argument("name")
    vget.add_argument("--dir", type=Path, help="folder to put it in (default: the user's voices folder)")
    vget.add_argument("--force", action="store_true", help="download again even if it is there")
    vget.set_defaults(func=run_voices_download)
    vput = vsub.add_parser("install", help="copy a voice from a USB stick or a folder (NAME.onnx + NAME.onnx.json)")
    vput.add_argument("files", nargs="+", type=Path, metavar="FILE",
                      help="a voice's .onnx or .onnx.json file, or a folder of voices")
    vput.add_argument("--dir", type=Path, help="folder to put it in (default: the user's voices folder)")
    vput.add_argument("--force", action="store_true", help="replace a voice of the same name")
    vput.set_defaults(func=run_voices_install)
    voices.set_defaults(func=lambda args: _usage(voices))

    say = subparsers.add_parser("say", help="speak a text in Père Fouras's voice (or write it to a WAV file)")
    say.add_argument("text")
    say.add_argument("--lang", choices=("fr", "en"), default="fr")
    say.add_argument("--engine", choices=("piper", "espeak", "silent"), help="default: the best one available")
    say.add_argument("--out", type=Path, help="write a WAV file instead of playing")
    say.add_argument("--device", help="output device name (default: the system's default)")
    say.add_argument("--no-cache", action="store_true", help="render again, do not use the speech cache")
    say.set_defaults(func=run_say)

    sound = subparsers.add_parser("sound", help="sound diagnostics: devices, a test cue, pre-render the deck")
    ssub = sound.add_subparsers(dest="sound_command", metavar="ACTION")
    check = ssub.add_parser("check", help="list the output devices, open one and play the gong")
    check.add_argument("--device", help="output device name (default: the system's default)")
    check.add_argument("--wait", type=float, default=0.0, help="seconds to keep retrying to open a device")
    check.set_defaults(func=run_check)
    pre = ssub.add_parser("prerender", help="render every riddle, challenge and line of a language now")
    pre.add_argument("--lang", choices=("fr", "en"), default="fr")
    pre.add_argument("--engine", choices=("piper", "espeak", "silent"))
    pre.set_defaults(func=run_prerender)
    sound.set_defaults(func=lambda args: _usage(sound))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def run_voices_list(args: argparse.Namespace) -> int:
    from companion.sound.speech.voices import VoiceError, catalogue, installed_voices, voices_dirs

    voices = installed_voices()
    print("Installed Piper voices:" if voices else "No Piper voice installed (espeak-ng speaks instead).")
    for v in voices:
        print(shown(f"  {v.name}  ({v.language}, {v.quality})  {v.model.parent}"))
    print("Voices folders: " + ", ".join(str(d) for d in voices_dirs()))
    if args.available:
        try:
            names = catalogue()
        except VoiceError as exc:
            print(shown(f"companion voices: {exc}"), file=sys.stderr)
            return 1
        print("Available from Piper:")
        for name in names:
            print(f"  {name}")
    return 0


def run_voices_download(args: argparse.Namespace) -> int:
    from companion.sound.speech.voices import VoiceError, download

    try:
        voice = download(args.name, args.dir, force=args.force)
    except VoiceError as exc:
        print(shown(f"companion voices: {exc}"), file=sys.stderr)
        return 1
    print(shown(f"Installed {voice.name} ({voice.language}) in {voice.model.parent}"))
    return 0


def run_voices_install(args: argparse.Namespace) -> int:
    from companion.sound.speech.install import install_voices
    from companion.sound.speech.voices import VoiceError

    try:
        voices = install_voices(args.files, args.dir, force=args.force)
    except VoiceError as exc:
        print(f"companion voices install: {exc}", file=sys.stderr)
        return 1
    for voice in voices:
        print(f"Installed {voice.name} ({voice.language}) in {voice.model.parent}: "
              f"Père Fouras's voice for {voice.family!r} from now on")
    return 0


def _speech(engine: str | None, cache: bool = True):
    from companion.sound.speech.cache import SpeechCache
    from companion.sound.speech.speech import Speech

    return Speech(cache=SpeechCache() if cache else None, engine=engine)


#: The longest text ``say`` speaks. The longest Père Fouras reads from the packs (a challenge: its title,
#: text and success line) is about 250 characters; four times that leaves room for any pack a family
#: writes, while 100 KB of text took 3.3 GB of memory and over two minutes to render.
SAY_MAX_CHARS = 1000


def run_say(args: argparse.Namespace) -> int:
    from companion.sound.clip import write_wav
    from companion.sound.mixer import Mixer

    if len(args.text) > SAY_MAX_CHARS:
        print(f"companion say: the text has {len(args.text):,} characters; say speaks at most "
              f"{SAY_MAX_CHARS:,} (four times the longest card of the packs)", file=sys.stderr)
        return 2
    speech = _speech(args.engine, cache=not args.no_cache)
    choice = speech.choose(args.lang)
    if args.engine and choice.engine.name != args.engine:
        print(f"companion say: the {args.engine} engine cannot speak {args.lang}: "
              + "; ".join(choice.passed_over), file=sys.stderr)
        return 1
    clip = speech.render(args.text, args.lang, strict=True)
    if args.out:
        write_wav(clip, args.out)
        print(f"{args.out}: {clip.seconds:.2f} s by {choice.label}")
        return 0
    with Mixer(device=args.device) as mixer:
        if not mixer.is_on:
            print(f"companion say: {mixer.status().summary()}", file=sys.stderr)
            return 1
        mixer.play(clip, "voice").wait(clip.seconds + 5)
    return 0


def run_check(args: argparse.Namespace) -> int:
    from companion.sound.cues import CueBank
    from companion.sound.mixer import Mixer

    with Mixer(device=args.device, retry_interval=0.5) as mixer:
        end = time.monotonic() + args.wait
        while not mixer.is_on and time.monotonic() < end:
            time.sleep(0.2)
        print("Output devices:")
        for d in mixer.devices():
            print(f"  {d}")
        status = mixer.status()
        print(status.summary())
        if not status.on:
            return 1
        gong = CueBank(mixer.rate).get("gong")
        played = mixer.play(gong, "cues")
        played.wait(gong.seconds + 5)
        print(f"Played the gong: {mixer.bus.frames_out} frames out, peak {mixer.bus.peak:.2f}")
    return 0


def run_prerender(args: argparse.Namespace) -> int:
    from companion.content import load_library
    from companion.sound.speech.prerender import Prerenderer

    speech = _speech(args.engine)
    pre = Prerenderer(speech, load_library())
    pre.start(args.lang)
    while not pre.wait(1.0):
        print(pre.progress().summary(), file=sys.stderr)
    p = pre.progress()
    print(p.summary() + (f", {p.failed} failed: {p.error}" if p.failed else ""))
    return 1 if p.failed else 0
