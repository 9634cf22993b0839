"""Speech: engines (Piper, espeak-ng, silent), Père Fouras's profile, voices, cache and pre-render."""

from companion.sound.speech.cache import SpeechCache
from companion.sound.speech.engines import EspeakEngine, PiperEngine, SilentEngine, SpeechEngine, SpeechError
from companion.sound.speech.profile import FOURAS, VoiceProfile
from companion.sound.speech.speech import Speech, SpeechStatus

__all__ = ["EspeakEngine", "FOURAS", "PiperEngine", "SilentEngine", "Speech", "SpeechCache", "SpeechEngine",
           "SpeechError", "SpeechStatus", "VoiceProfile"]
