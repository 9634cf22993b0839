"""The companion's voice and sound effects, reacting to the game: the one object the app wires in.

    mixer = Mixer(device=None).start()
    speech = Speech(cache=SpeechCache())
    sound = Reactions(mixer, speech, library, lambda: settings.language)
    controller.listeners.append(sound.on_answer)
    app.hourglass_listeners.append(sound.on_time_up)
    sound.status()      # for the settings screen

Nothing in here raises into the app: a failure is logged, counted in :meth:`status`, and the game
goes on (in silence if need be).
"""

from __future__ import annotations

import logging
import random
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

from companion.sound.cues import CueBank
from companion.sound.mixbus import CATEGORIES, Playback
from companion.sound.mixer import Mixer, MixerStatus
from companion.sound.moments import Cue, Line, Plan, plan
from companion.sound.speech.narrator import Narrator, Utterance
from companion.sound.speech.prerender import DECKS, Prerenderer, Progress, card_text
from companion.sound.speech.speech import Speech, SpeechStatus

log = logging.getLogger(__name__)

#: Seconds of tick-tock at the end of the hourglass.
TICK_SECONDS = 5.0
#: Seconds of drum roll at the end of the hourglass.
DRUM_ROLL_SECONDS = 10.0
#: A cue starts this long after the previous one of the same answer began (at most).
CUE_SPACING = 0.45
#: Cues with a category of their own (and so a volume and an off switch): the rest are "cues".
CUE_CATEGORIES = {"victory": "fanfare"}


@dataclass(frozen=True)
class SoundStatus:
    """Everything the settings screen shows about sound, already in words in ``lines()``."""

    mixer: MixerStatus
    speech: SpeechStatus
    prerender: Progress
    muted: bool
    master: float
    volumes: dict[str, float]
    errors: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        out = [self.mixer.summary(), self.speech.summary(), self.prerender.summary()]
        if not self.mixer.on and self.mixer.devices:
            out.append("Devices: " + ", ".join(self.mixer.devices))
        if self.muted:
            out.append("Muted")
        out.extend(self.errors[-3:])
        return out


class Reactions:
    """Plays a cue for each event, has Père Fouras speak at the moments of the game, reads the cards."""

    def __init__(self, mixer: Mixer, speech: Speech, library: Any, language: Callable[[], str], *,
                 prerender: bool = True, seed: int | None = None, ambience: bool = False) -> None:
        self.mixer = mixer
        self.speech = speech
        self.library = library
        self.language = language
        self.cues = CueBank(mixer.rate)
        self.narrator = Narrator(mixer, on_error=self._error)
        self.prerenderer = Prerenderer(speech, library)
        self._auto_prerender = prerender
        self._rng = random.Random(seed)
        self._last_line: dict[str, str] = {}
        self._players: list[str] = []
        self._tick: Playback | None = None
        self._drums: Playback | None = None
        self._ambience: Playback | None = None
        self._errors: deque[str] = deque(maxlen=10)
        #: What was played and said, newest last: (kind, what), kind "cue" or "say".
        self.history: deque[tuple[str, str]] = deque(maxlen=200)
        self._owns_mixer = False
        if prerender:
            self._prerender_current()
        if ambience:
            self.set_ambience(True)

    @classmethod
    def from_settings(cls, settings: Any, library: Any, language: Callable[[], str] | None = None,
                      **kw: Any) -> "Reactions":
        """Mixer, speech and reactions as the settings say (optional settings keep their defaults:
        ``sound_device``, ``muted``, ``voice_volume``/``cues_volume``/``ambience_volume`` 0-100,
        ``speech_engine``)."""
        from companion.sound.speech.cache import SpeechCache

        mixer = Mixer(device=getattr(settings, "sound_device", None) or None).start()
        speech = Speech(cache=SpeechCache(), engine=getattr(settings, "speech_engine", None) or None)
        reactions = cls(mixer, speech, library, language or (lambda: settings.language), **kw)
        reactions._owns_mixer = True
        reactions.apply_settings(settings)
        return reactions

    # --- the app's listeners --------------------------------------------------------------------

    def on_answer(self, answer: dict) -> None:
        """Controller listener: the cues and words for one answer."""
        try:
            self._react(plan(answer), answer)
        except Exception as exc:
            self._error(f"sound reaction failed: {exc}")

    def on_time_up(self) -> None:
        """Hourglass listener: the last grain has fallen."""
        try:
            self._stop_tick()
            self._play(Cue("time_up"))
            self._say_line(Line("time_up"))
        except Exception as exc:
            self._error(f"sound reaction failed: {exc}")

    def on_hourglass_started(self, seconds_left: float) -> None:
        """The hourglass was turned (or resumed): its sound now, tick-tock for its last seconds."""
        try:
            self._stop_tick()
            self._play(Cue("hourglass_start"))
            ticks = min(TICK_SECONDS, max(0.0, seconds_left))
            if ticks > 0:
                self._tick = self.mixer.play(self.cues.tick_tock(ticks), "cues", delay=seconds_left - ticks)
            roll = min(DRUM_ROLL_SECONDS, max(0.0, seconds_left))
            if roll > 0 and self.is_on("drumroll"):
                self._drums = self.mixer.play(self.cues.drum_roll(roll), "drumroll", delay=seconds_left - roll)
        except Exception as exc:
            self._error(f"sound reaction failed: {exc}")

    @property
    def ticking(self) -> bool:
        """Whether the hourglass's tick-tock is waiting or playing."""
        return self._tick is not None and self._tick.playing

    @property
    def drumming(self) -> bool:
        """Whether the drum roll of the last seconds is waiting or playing."""
        return self._drums is not None and self._drums.playing

    def is_on(self, category: str) -> bool:
        """A category at volume 0 is switched off: its sounds are not even started."""
        return self.mixer.bus.volumes.get(category, 1.0) > 0

    def on_hourglass_stopped(self) -> None:
        """The hourglass was paused or put away: no tick-tock."""
        self._stop_tick()

    def buzz(self, player: str | int) -> None:
        """A player's buzzer (by name, or by index in the table's order)."""
        try:
            index = player if isinstance(player, int) else self._players.index(player)
        except ValueError:
            index = 0
        self._play(Cue("buzzer", index))

    # --- settings --------------------------------------------------------------------------------

    def apply_settings(self, settings: Any) -> None:
        """Volume (0-100), mute, category volumes and language from the settings object."""
        self.mixer.set_master(_percent(getattr(settings, "volume", 80)))
        self.mixer.set_muted(bool(getattr(settings, "muted", False)))
        for category in CATEGORIES:
            value = getattr(settings, f"{category}_volume", None)
            if value is not None:
                self.mixer.set_volume(category, _percent(value))
        if self._auto_prerender:
            self._prerender_current()

    def set_ambience(self, on: bool) -> None:
        """The sea around the Fort, looping quietly under everything."""
        if self._ambience is not None:
            self._ambience.stop()
            self._ambience = None
        if on and self.is_on("ambience"):
            self._ambience = self.mixer.play(self.cues.get("sea"), "ambience", loop=True, gain=0.6)

    @property
    def ambience_on(self) -> bool:
        return self._ambience is not None and self._ambience.playing

    def status(self) -> SoundStatus:
        language = self.language()
        b = self.mixer.bus
        return SoundStatus(self.mixer.status(), self.speech.status(language), self.prerenderer.progress(),
                           b.muted, b.master, dict(b.volumes), tuple(self._errors))

    def close(self) -> None:
        """Stop speaking and pre-rendering (and close the mixer when ``from_settings`` made it)."""
        self.prerenderer.stop()
        self.narrator.close()
        if self._owns_mixer:
            self.mixer.close()

    # --- inside ------------------------------------------------------------------------------------

    def _react(self, p: Plan, answer: dict) -> None:
        players = [pl.get("name") for pl in (answer.get("state") or {}).get("players", [])]
        if players:
            self._players = players
        if self._auto_prerender:
            self._prerender_current()
        if p.stop_hourglass:
            self._stop_tick()
        if p.interrupt:
            self.narrator.interrupt()
        delay = 0.0
        for cue in p.cues:
            clip = self._play(cue, delay=delay)
            delay += min(CUE_SPACING, clip.seconds) if clip is not None else 0.0
        for line in p.lines:
            self._say_line(line)
        if p.card is not None:
            self._say_card(*p.card)

    def _play(self, cue: Cue, delay: float = 0.0):
        if cue.name == "buzzer":
            clip = self.cues.buzzer(cue.arg)
        elif cue.name == "coins":
            clip = self.cues.coins(cue.arg)
        else:
            clip = self.cues.get(cue.name)
        category = CUE_CATEGORIES.get(cue.name, "cues")
        if not self.is_on(category):
            return None
        self.mixer.play(clip, category, delay=delay)
        self.history.append(("cue", cue.name if cue.name not in ("buzzer", "coins") else f"{cue.name}:{cue.arg}"))
        return clip

    def _say_line(self, line: Line) -> Utterance | None:
        language = self.language()
        variants = [x for x in self.library.items("lines", language) if x.moment == line.moment]
        if not variants:
            return None
        # Not the same variant twice in a row: he has several ways to say it.
        fresh = [x for x in variants if x.id != self._last_line.get(line.moment)] or variants
        chosen = self._rng.choice(fresh)
        self._last_line[line.moment] = chosen.id
        text = chosen.text.replace("{player}", line.player)
        self.history.append(("say", text))
        return self.narrator.say(lambda: self.speech.render_line(chosen.text, language, line.player), text)

    def say_card(self, deck: str, card_id: str) -> Utterance | None:
        """Read a card of this turn again ("Listen again" on the riddle): what was interrupting is cut."""
        try:
            self.narrator.interrupt()
            return self._say_card(deck, card_id)
        except Exception as exc:
            self._error(f"could not read the card again: {exc}")
            return None

    def _say_card(self, deck: str, card_id: str) -> Utterance | None:
        language = self.language()
        kind = DECKS.get(deck)
        if kind is None:
            return None
        item = next((i for i in self.library.items(kind, language) if i.id == card_id), None)
        if item is None:
            self._error(f"card {card_id!r} of the {deck} deck is not in the {language} content")
            return None
        text = card_text(kind, item)
        self.history.append(("say", text))
        return self.narrator.say(lambda: self.speech.render(text, language), text)

    def _prerender_current(self) -> None:
        try:
            self.prerenderer.start(self.language())
        except Exception as exc:
            self._error(f"could not prepare speech: {exc}")

    def _stop_tick(self) -> None:
        """No tick-tock and no drum roll: the hourglass stopped, ran out or was put away."""
        if self._tick is not None:
            self._tick.stop()
            self._tick = None
        if self._drums is not None:
            self._drums.stop()
            self._drums = None

    def _error(self, message: str) -> None:
        log.warning("%s", message)
        self._errors.append(message)


def _percent(value: Any) -> float:
    return max(0.0, min(100.0, float(value))) / 100.0
