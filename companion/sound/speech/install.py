"""Installing Piper voices from files: ``companion voices install /media/usb/fr_FR-siwis-medium.onnx``.

The service runs without network (``PrivateNetwork=yes``), so a voice fetched on another computer comes
on a USB stick or from a folder. A voice is installed only when it is whole and works:

1. the name is a Piper voice name (``speech/voices.py``: no separator, no ``..``);
2. both files are regular files, the model at most ``MODEL_MAX_BYTES`` (its size looked at before a
   byte is copied), the configuration read through the voices' size-limited reader and naming the same
   language as the file name; the copies fit in the voices folder's file system with ``FREE_MARGIN_BYTES``
   to spare, so that a voice never takes the room the game log needs to record the next command;
3. both are copied to hidden temporary names *in the voices folder* and loaded by Piper from there, which
   then speaks a word: a truncated model or a configuration of another voice fails here;
4. only then are they renamed to their names, configuration first (a voice is seen by its ``.onnx``), and
   the voice becomes its language's voice (``defaults.json``).

A failure at any step removes the temporary files this code made, and nothing else.
"""

from __future__ import annotations

import os
import stat
import tempfile
from dataclasses import replace
from pathlib import Path

from companion.sound.speech.voices import (VoiceError, VoiceFile, check_name, read_voice, read_voice_config,
                                           set_default_voice, user_voices_dir)

#: Piper's largest voices ("high") are about 115 MB.
MODEL_MAX_BYTES = 400 * 1024 * 1024
#: What an install leaves free on the voices folder's file system (where the game log is too, by default).
#: A game's commands take some kilobytes, SQLite's WAL a few megabytes at most between checkpoints; a
#: quarter of a gigabyte keeps years of evenings, the journal and a new release's files writable.
FREE_MARGIN_BYTES = 256 * 1024 * 1024
_CHUNK = 1024 * 1024
_MB = 1024 * 1024


def free_bytes(folder: Path) -> int:
    """What an unprivileged program may still write on ``folder``'s file system."""
    st = os.statvfs(folder)
    return st.f_bavail * st.f_frsize


def _sizes(pairs: list[tuple[Path, Path]]) -> int:
    """The bytes the pairs' copies take; a model over ``MODEL_MAX_BYTES`` is refused here, before any copy."""
    total = 0
    for model, config in pairs:
        for half in (model, config):
            try:
                size = os.stat(half).st_size
            except OSError as exc:
                raise VoiceError(f"{half}: cannot be read ({exc.strerror})") from exc
            if half is model and size > MODEL_MAX_BYTES:
                raise VoiceError(f"{model}: {size / _MB:.0f} MB, larger than {MODEL_MAX_BYTES // _MB} MB: not a "
                                 "Piper voice; nothing was copied")
            total += size
    return total


def _room_for(total: int, folder: Path) -> None:
    try:
        free = free_bytes(folder)
    except OSError as exc:
        raise VoiceError(f"{folder}: cannot tell the free space ({exc.strerror})") from exc
    if free - total < FREE_MARGIN_BYTES:
        raise VoiceError(f"{folder}: {free / _MB:.0f} MB free; the voice takes {total / _MB:.0f} MB and "
                         f"{FREE_MARGIN_BYTES // _MB} MB must stay free for the game log; nothing was copied: "
                         "make room first")


def voice_pairs(paths: list[Path]) -> list[tuple[Path, Path]]:
    """The (model, configuration) pairs named by ``paths``: a ``.onnx`` file, its ``.onnx.json``, or a
    folder (every ``.onnx`` in it). A file that is neither, or a missing half, is a VoiceError."""
    pairs: dict[Path, tuple[Path, Path]] = {}
    for path in paths:
        if path.is_dir():
            models = sorted(p for p in path.iterdir() if p.name.endswith(".onnx"))
            if not models:
                raise VoiceError(f"{path}: no Piper voice (.onnx file) in this folder")
        elif path.name.endswith(".onnx.json"):
            models = [path.with_name(path.name[: -len(".json")])]
        elif path.name.endswith(".onnx"):
            models = [path]
        else:
            raise VoiceError(f"{path}: not a Piper voice (a voice is NAME.onnx with NAME.onnx.json beside it)")
        for model in models:
            config = model.with_name(model.name + ".json")
            for half in (model, config):
                if not half.exists():
                    raise VoiceError(f"{half}: missing (a voice is NAME.onnx with NAME.onnx.json beside it)")
            pairs.setdefault(model, (model, config))
    return list(pairs.values())


def install_voices(paths: list[Path], folder: Path | None = None, *, force: bool = False,
                   make_default: bool = True) -> list[VoiceFile]:
    """Install every voice named by ``paths`` into ``folder`` (the user's voices folder by default).
    All are checked before the first is installed; a voice already there is refused unless ``force``."""
    folder = folder or user_voices_dir()
    pairs = voice_pairs(paths)
    total = _sizes(pairs)
    for model, _config in pairs:
        name = check_name(model.name[: -len(".onnx")])
        if not force and (folder / f"{name}.onnx").exists():
            raise VoiceError(f"the voice {name} is already installed in {folder} (--force replaces it)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise VoiceError(f"{folder}: cannot make the voices folder ({exc.strerror})") from exc
    _room_for(total, folder)
    return [install_pair(model, config, folder, make_default=make_default) for model, config in pairs]


def install_pair(model: Path, config: Path, folder: Path, *, make_default: bool = True) -> VoiceFile:
    """One voice: copied under temporary names, loaded and heard from there, then renamed into place."""
    name = check_name(model.name[: -len(".onnx")])
    settings = read_voice_config(config)
    language = _language(settings)
    if language and language.split("_")[0].lower() != name.split("_")[0]:
        raise VoiceError(f"{config}: the voice speaks {language}, but its name {name} says otherwise")
    made: list[Path] = []
    try:
        tmp_model = _copy(model, folder, f".{name}.onnx-", MODEL_MAX_BYTES, made)
        tmp_config = _copy(config, folder, f".{name}.onnx.json-", None, made)
        loaded = replace(read_voice(model), model=tmp_model, config=tmp_config)
        _prove(loaded)
        os.replace(tmp_config, folder / f"{name}.onnx.json")
        made.remove(tmp_config)
        os.replace(tmp_model, folder / f"{name}.onnx")
        made.remove(tmp_model)
    except OSError as exc:
        raise VoiceError(f"could not install the voice {name} in {folder}: {exc.strerror or exc}") from exc
    finally:
        for path in made:
            path.unlink(missing_ok=True)
    voice = read_voice(folder / f"{name}.onnx")
    if make_default:
        try:
            set_default_voice(voice, folder)
        except OSError as exc:
            raise VoiceError(f"the voice {name} is installed, but could not be made the {voice.family!r} "
                             f"voice in {folder / 'defaults.json'}: {exc.strerror or exc}") from exc
    return voice


def _language(settings: dict) -> str:
    section = settings.get("language")
    code = section.get("code") if isinstance(section, dict) else None
    return code if isinstance(code, str) else ""


def _copy(source: Path, folder: Path, prefix: str, limit: int | None, made: list[Path]) -> Path:
    """``source`` copied to a new hidden file in ``folder`` (created exclusively: never an existing path).
    A file larger than ``limit``, or not a regular file (a FIFO, a device), is refused while copying."""
    try:
        src_fd = os.open(source, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise VoiceError(f"{source}: cannot be read ({exc.strerror})") from exc
    with os.fdopen(src_fd, "rb") as src:
        st = os.fstat(src.fileno())
        if not stat.S_ISREG(st.st_mode):
            raise VoiceError(f"{source}: not a regular file")
        if limit is not None and st.st_size > limit:  # refused before the first byte, not 400 MB later
            raise VoiceError(f"{source}: larger than {limit // _MB} MB, not a Piper voice")
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".partial", dir=folder)
        made.append(Path(tmp))
        with os.fdopen(fd, "wb") as dst:
            copied = 0
            while chunk := src.read(_CHUNK):
                copied += len(chunk)
                if limit is not None and copied > limit:
                    raise VoiceError(f"{source}: larger than {limit // _MB} MB, not a Piper voice")
                dst.write(chunk)
            dst.flush()
            os.fsync(dst.fileno())
    os.chmod(tmp, 0o644)
    return Path(tmp)


def _prove(voice: VoiceFile) -> None:
    """Piper loads the voice and says a word with it, or the voice is refused."""
    from companion.sound.speech.engines import load_piper_voice

    try:
        loaded = load_piper_voice(voice)
        audio = [chunk.audio_float_array for chunk in loaded.synthesize("Fort Boyard.")]
    except ImportError as exc:
        raise VoiceError(f"Piper is not installed (pip package piper-tts): {exc}") from exc
    except VoiceError:
        raise
    except Exception as exc:  # onnxruntime's and Piper's own errors: a damaged or mismatched voice
        raise VoiceError(f"Piper could not use the voice {voice.name}: {str(exc)[:300]}") from exc
    if not audio or sum(len(a) for a in audio) == 0:
        raise VoiceError(f"Piper made no sound with the voice {voice.name}")
