"""The current language's whole deck rendered ahead of time, in the background, with progress.

Piper medium voices run at about 0.8x real time on a Pi 4: a riddle rendered when its card comes up
would keep the table waiting. So every riddle, challenge, duel question and the fixed pieces of
Père Fouras's lines go through :meth:`Speech.render` once, and land in the cache.
"""

from __future__ import annotations

import logging
import os
import threading
from dataclasses import dataclass
from typing import Any

from companion.sound.speech.speech import Speech, line_pieces

log = logging.getLogger(__name__)

#: The companion's decks (as the engine names them) and the content kinds they draw from.
DECKS = {"enigme": "riddles", "concentration": "concentration", "force": "force", "duel": "duel_questions"}


def card_text(kind: str, item: Any) -> str:
    """What Père Fouras reads for a card of that content kind."""
    if kind == "riddles":
        return item.text
    if kind in ("concentration", "force"):
        return f"{item.title}.\n{item.text}\n{item.success}"
    if kind == "duel_questions":
        return item.question
    raise ValueError(f"no card text for content kind {kind!r}")


def deck_texts(library: Any, language: str) -> list[str]:
    """Everything to render for ``language``: lines' pieces first (short, heard every turn), then the
    riddles, challenges and duel questions. No duplicates."""
    texts: list[str] = []
    for line in library.items("lines", language):
        texts.extend(line_pieces(line.text))
    for kind in DECKS.values():
        texts.extend(card_text(kind, item) for item in library.items(kind, language))
    return list(dict.fromkeys(texts))


@dataclass(frozen=True)
class Progress:
    """How far the pre-render is, for the settings screen."""

    language: str | None
    engine: str | None
    done: int = 0
    total: int = 0
    failed: int = 0
    running: bool = False
    error: str | None = None

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 1.0

    def summary(self) -> str:
        if self.total == 0:
            return "Nothing to prepare"
        state = "preparing" if self.running else "ready" if self.done == self.total else "stopped"
        return f"Speech {state}: {self.done}/{self.total} ({self.engine}, {self.language})"


class Prerenderer:
    """Renders a language's texts on a low-priority thread; ``start`` again to switch language."""

    def __init__(self, speech: Speech, library: Any) -> None:
        self.speech = speech
        self.library = library
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._progress = Progress(None, None)

    def start(self, language: str, *, again: bool = False) -> None:
        """Render ``language``'s deck (stopping a run for another language first); a language already
        done is not looked at again unless ``again`` (new voice, cleared cache)."""
        with self._lock:
            if self._progress.language == language and not again and self._thread is not None:
                return
            if self._thread and self._thread.is_alive():
                self._stop.set()
                self._thread.join()
            self._stop = threading.Event()
            texts = deck_texts(self.library, language)
            engine = self.speech.choose(language).engine.name
            self._progress = Progress(language, engine, 0, len(texts), running=True)
            self._thread = threading.Thread(target=self._run, args=(language, texts, self._stop),
                                            name="sound-prerender", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread:
            self._thread.join(timeout=30)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the run to end; True when it has."""
        t = self._thread
        if t is None:
            return True
        t.join(timeout)
        return not t.is_alive()

    def progress(self) -> Progress:
        return self._progress

    def _run(self, language: str, texts: list[str], stop: threading.Event) -> None:
        _lower_priority()
        p = self._progress
        done = failed = 0
        for text in texts:
            if stop.is_set():
                break
            try:
                if not self.speech.is_cached(text, language):
                    self.speech.render(text, language, strict=True)
            except Exception as exc:  # one bad text must not stop the deck
                failed += 1
                log.warning("could not pre-render %r: %s", text[:40], exc)
                p = Progress(language, p.engine, done, p.total, failed, True, str(exc))
            done += 1
            p = Progress(language, p.engine, done, p.total, failed, True, p.error)
            self._progress = p
        self._progress = Progress(language, p.engine, done, p.total, failed, False, p.error)


def _lower_priority() -> None:
    # Linux sets nice per thread: the pre-render yields to the UI and the audio callback.
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)
    except (AttributeError, OSError):
        pass
