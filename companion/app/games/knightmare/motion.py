"""What the table hears after a Knightmare command (the sword clash, the Dungeon's door, a helmet on the
bridge, the fanfare at the Throne), and the old wizard reading Merlin's question aloud in a voice of his
own: higher and a little quicker than Père Fouras, with the same engines and cache."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.app.games.knightmare.sounds import play
from companion.sound.speech.profile import VoiceProfile

#: The old wizard of the castle: a lighter, brighter voice than Père Fouras's (lower, slower).
WIZARD = {
    "piper": VoiceProfile(name="wizard", speed=0.95, pitch=2.0, line_pause=0.35, sentence_pause=0.25),
    "espeak": VoiceProfile(name="wizard", speed=0.9, pitch=3.0, line_pause=0.35, sentence_pause=0.2, variant="m7"),
    "silent": VoiceProfile(name="wizard"),
}

EVENT_CUES = {
    "knightmare.fought": "km_sword",
    "knightmare.sent_to_dungeon": "km_door",
    "knightmare.went_to_dungeon": "km_door",
    "knightmare.helmet_placed": "km_helmet",
    "knightmare.throne_reached": "km_fanfare",
}


FIRST_AFTER_DIE = 0.9  # a fight's clash waits for the verdict's dice to land (companion.app.widgets.die)


def follow(app: Any, answer: Mapping[str, Any]) -> list[str]:
    """The cues of an accepted command's events, one after the other (a lost fight: the clash when the
    dice land, then the Dungeon's door)."""
    from companion.app.games.knightmare.sounds import clip

    sound = getattr(app, "sound", None)
    cues = [EVENT_CUES[e["type"]] for e in answer.get("events", ()) if e.get("type") in EVENT_CUES]
    at = FIRST_AFTER_DIE if cues[:1] == ["km_sword"] else 0.0
    for name in dict.fromkeys(cues):  # each once, in order
        play(sound, name, delay=at)
        at += clip(name).seconds * 0.8
    return cues


_wizards: dict[int, Any] = {}


def wizard_speech(sound: Any) -> Any:
    """A Speech in the wizard's voice sharing the app's engines and cache (None without speech)."""
    speech = getattr(sound, "speech", None)
    if speech is None:
        return None
    if id(speech) not in _wizards:
        from companion.sound.speech.speech import Speech

        _wizards[id(speech)] = Speech(engines=list(speech.engines), cache=speech.cache, engine=speech.forced,
                                      profiles=WIZARD)
    return _wizards[id(speech)]


def wizard_reads(app: Any, text: str) -> bool:
    """The question read aloud by the narrator; False when the app has no voice (the reader reads it)."""
    sound = getattr(app, "sound", None)
    narrator = getattr(sound, "narrator", None)
    wizard = wizard_speech(sound)
    if narrator is None or wizard is None:
        return False
    if hasattr(sound, "is_on") and not sound.is_on("voice"):
        return False
    language = app.controller.tr.language
    try:
        narrator.say(lambda: wizard.render(text, language), text)
        history = getattr(sound, "history", None)
        if history is not None:
            history.append(("say", text))
        return True
    except Exception:  # noqa: BLE001 - a voice that fails leaves the reader to read
        return False
