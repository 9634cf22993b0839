"""Which engine speaks which language, with the cache in front: ``Speech.render(text, "fr")``.

Piper when it has a voice for the language, else espeak-ng, else silence; ``engine=`` forces one.

    speech = Speech(cache=SpeechCache())
    clip = speech.render("Qui suis-je ?", "fr")
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from companion.sound.clip import Clip, concatenate
from companion.sound.speech.cache import SpeechCache
from companion.sound.speech.engines import EspeakEngine, PiperEngine, SilentEngine, SpeechEngine, SpeechError
from companion.sound.speech.profile import VoiceProfile, fouras_profile

log = logging.getLogger(__name__)

#: The placeholder of Père Fouras's lines.
PLAYER = "{player}"


@dataclass(frozen=True)
class Choice:
    """The engine, voice and profile that speak one language, and why the better ones do not."""

    engine: SpeechEngine
    voice: str
    profile: VoiceProfile
    passed_over: tuple[str, ...] = ()  # "piper: no Piper voice for fr", ...

    @property
    def label(self) -> str:
        return f"{self.engine.name} ({self.voice})"


@dataclass(frozen=True)
class SpeechStatus:
    language: str
    engine: str
    voice: str
    passed_over: tuple[str, ...]
    voices: dict[str, list[str]] = field(default_factory=dict)  # engine -> installed voices

    def summary(self) -> str:
        why = f" ({'; '.join(self.passed_over)})" if self.passed_over else ""
        return f"Speech: {self.engine}, voice {self.voice}{why}"


class Speech:
    """Renders text in Père Fouras's voice, from the cache when it can."""

    def __init__(self, engines: list[SpeechEngine] | None = None, cache: SpeechCache | None = None, *,
                 engine: str | None = None, profiles: dict[str, VoiceProfile] | None = None) -> None:
        self.engines = engines if engines is not None else [PiperEngine(), EspeakEngine(), SilentEngine()]
        if not any(e.name == "silent" for e in self.engines):
            self.engines.append(SilentEngine())
        self.cache = cache
        self.forced = engine
        self.profiles = profiles or {}
        self._choices: dict[str, Choice] = {}

    def profile(self, engine: str) -> VoiceProfile:
        return self.profiles.get(engine) or fouras_profile(engine)

    def choose(self, language: str) -> Choice:
        """The engine for ``language``: the first that can speak it (the forced one if it can)."""
        if language in self._choices:
            return self._choices[language]
        passed: list[str] = []
        for engine in self.engines:
            if self.forced and engine.name not in (self.forced, "silent"):
                continue
            problem = engine.problem()
            voice = None if problem else engine.voice(language)
            if voice is None:
                passed.append(f"{engine.name}: {problem or f'no voice for {language!r}'}")
                continue
            choice = Choice(engine, voice, self.profile(engine.name), tuple(passed))
            self._choices[language] = choice
            return choice
        raise SpeechError("not even the silent engine is available")  # unreachable: silent is added

    def forget_choices(self) -> None:
        """Look again at which engines and voices exist (after a voice was downloaded)."""
        self._choices.clear()

    def key(self, text: str, language: str) -> str:
        c = self.choose(language)
        return SpeechCache.key(c.engine.name, c.engine.voice_identity(c.voice), c.profile, text)

    def is_cached(self, text: str, language: str) -> bool:
        c = self.choose(language)
        return c.engine.name == "silent" or (self.cache is not None and self.key(text, language) in self.cache)

    def render(self, text: str, language: str, *, strict: bool = False) -> Clip:
        """``text`` spoken (a miss renders it and fills the cache). A failing engine gives silence,
        or raises SpeechError when ``strict``."""
        c = self.choose(language)
        if c.engine.name == "silent" or not text.strip():
            return SilentEngine().render(text, c.voice, c.profile)
        key = self.key(text, language) if self.cache is not None else None
        if key is not None:
            hit = self.cache.get(key)
            if hit is not None:
                return hit
        try:
            clip = c.engine.render(text, c.voice, c.profile)
        except SpeechError as exc:
            if strict:
                raise
            log.warning("speech failed, staying silent: %s", exc)
            return SilentEngine().render(text, c.voice, c.profile)
        if key is not None:
            self.cache.put(key, clip)
        return clip

    def render_line(self, template: str, language: str, player: str = "") -> Clip:
        """A Père Fouras line: the fixed pieces and the name are rendered (and cached) apart, so
        that the pieces can be rendered ahead of time for any player."""
        clips = [self.render(piece, language) for piece in line_pieces(template, player)]
        return concatenate(clips, clips[0].rate if clips else self.choose(language).engine.rate)

    def status(self, language: str) -> SpeechStatus:
        c = self.choose(language)
        voices = {e.name: e.voices() for e in self.engines if e.problem() is None}
        return SpeechStatus(language, c.engine.name, c.voice, c.passed_over, voices)


def line_pieces(template: str, player: str | None = None) -> list[str]:
    """The pieces of a line around ``{player}`` (the name in between when given), without empty ones."""
    pieces: list[str] = []
    for i, part in enumerate(template.split(PLAYER)):
        if i and player:
            pieces.append(player)
        # What follows a name may start with its punctuation ("{player}, it's..."): not a piece's start.
        part = part.strip().lstrip(",;:!?. ") if i else part.strip()
        if part:
            pieces.append(part)
    return pieces
