"""The table's language: every message by key from gettext catalogues, counted messages in the plural form
the language needs, dates and numbers as the language writes them (Babel), French typography.

The messages live in ``locale/<language>/LC_MESSAGES/companion.po`` (one per language) and are read at
run time from the ``.mo`` compiled beside each one (``python -m companion.app.table.catalogues``; a test
fails when a ``.mo`` is not the compilation of its ``.po``), so the Pi needs no gettext tools. The
languages are the catalogues found: a third language is a new catalogue, named in its own words by its
``language.name`` message, with its own ``format.*`` date patterns and ``Plural-Forms``.

The msgids are the app's keys (``notice.damaged``, ``common.keys``), not English sentences: a key names
where a message is used, so two uses that read the same in English but not in French are already two
entries (``propose.wrong`` "Faux", ``enigme.wrong`` "Mauvaise réponse") and no msgctxt is needed; the
English wording can change without touching the French catalogue; and keys are data elsewhere (a
:class:`companion.notice.Notice` carries one). English is a catalogue like the others.

A counted message is chosen by its ``{n}``: ``t("common.keys", n=0)`` is "0 clé" in French and "0 keys" in
English (``tn`` says the same with ``n`` first). Whole numbers given as values are written with the
language's separators (1 000 / 1,000); a number the message formats itself (``{seconds:.1f}``) keeps
that form, with the language's decimal sign (2,5 s / 2.5 s).
"""

from __future__ import annotations

import gettext
import re
import string
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "companion"
DEFAULT_LANGUAGE = "fr"  # the table's language until the settings say otherwise; its catalogue must exist
FRENCH_SPACES = re.compile(r" ([:;!?»])")


def _found_languages() -> tuple[str, ...]:
    """Every language with a compiled catalogue, the default first."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return tuple(sorted(found, key=lambda code: code != DEFAULT_LANGUAGE))


@lru_cache(maxsize=None)
def catalogue(language: str) -> gettext.GNUTranslations:
    """The compiled catalogue of ``language``, read once."""
    with open(LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as f:
        return gettext.GNUTranslations(f)


LANGUAGES: tuple[str, ...] = _found_languages()
LANGUAGE_NAMES: dict[str, str] = {code: catalogue(code).gettext("language.name") for code in LANGUAGES}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def next_language(language: str) -> str:
    """The language after ``language`` in :data:`LANGUAGES`, round to the first (the home screen's toggle)."""
    i = LANGUAGES.index(language) if language in LANGUAGES else -1
    return LANGUAGES[(i + 1) % len(LANGUAGES)]


def has_message(key: str, language: str = DEFAULT_LANGUAGE) -> bool:
    """Whether ``key`` is a message (counted or not) of ``language``'s catalogue."""
    return catalogue(language).gettext(key) != key  # gettext finds a counted message's form for 1 too


class Translator:
    """Looks messages up in the current language; listeners are told when the language changes."""

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        self.language = language if language in LANGUAGES else DEFAULT_LANGUAGE
        self._listeners: list[Callable[[str], None]] = []

    def __call__(self, key: str, **values: Any) -> str:
        return self.typeset(self._format(self.message(key, values.get("n")), values))

    def tn(self, key: str, n: int, **values: Any) -> str:
        """A counted message: the plural form for ``n``, with ``{n}`` written as the language writes it."""
        return self(key, n=n, **values)

    def message(self, key: str, n: Any = None) -> str:
        """The raw message of ``key`` (the form for ``n`` when it is counted), before its values are set."""
        found = catalogue(self.language)
        if isinstance(n, int) and not isinstance(n, bool):
            counted = found.ngettext(key, key, n)
            if counted != key:
                return counted
        text = found.gettext(key)  # a counted message without a count: its form for 1
        if text == key:
            raise KeyError(f"no message {key!r} in the {self.language!r} catalogue")
        return text

    def _format(self, text: str, values: dict[str, Any]) -> str:
        return _NumberFormatter(self).vformat(text, (), values)

    def number(self, value: int | float) -> str:
        """``value`` with the language's separators: 1 000 in French, 1,000 in English."""
        if isinstance(value, int) and 0 <= value < 1000:
            return str(value)  # no separator to write: the screens' usual numbers need not load Babel's data
        from babel.numbers import format_decimal

        return format_decimal(value, locale=self._babel_locale())

    def percent(self, share: float) -> str:
        """``share`` (0 to 1) as a whole percentage the language's way: "100 %" in French, "100%" in English."""
        from babel.numbers import format_percent

        return format_percent(share, locale=self._babel_locale())

    def date_time(self, moment: datetime, now: datetime | None = None) -> str:
        """``moment`` in local time as the language says it ("samedi 14 février, 18 h 05"), with the
        catalogue's patterns: ``format.date_time``, ``_year`` when it is not this year's, ``_first`` on the
        first of a month (French writes "1er")."""
        from babel.dates import format_datetime

        local = moment.astimezone()
        this_year = (now or datetime.now()).astimezone().year == local.year
        pattern = self.message("format.date_time" + ("_first" if local.day == 1 else "") + ("" if this_year else "_year"))
        return format_datetime(local, pattern, locale=self._babel_locale())

    def day_month(self, moment: datetime) -> str:
        """``moment``'s day and month in words ("14 février", "1er mars", "8 March"): a chart's games."""
        from babel.dates import format_datetime

        local = moment.astimezone()
        pattern = self.message("format.day_month" + ("_first" if local.day == 1 else ""))
        return format_datetime(local, pattern, locale=self._babel_locale())

    def typeset(self, text: str) -> str:
        """``text`` as it is set in the current language: in French, a no-break space before : ; ! ? »
        and after «, so that none of them starts or ends a line, and typographic apostrophes (l’œil)
        where the text has straight ones (also for content: riddles, cards)."""
        if self.language == "fr":
            text = FRENCH_SPACES.sub("\u00a0\\1", text).replace("« ", "«\u00a0").replace("'", "’")
        return text

    def set_language(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
        self.language = language
        for listener in list(self._listeners):
            listener(language)

    def bind(self, listener: Callable[[str], None]) -> None:
        self._listeners.append(listener)

    def _babel_locale(self) -> str:
        return catalogue(self.language).info().get("language", self.language)


class _NumberFormatter(string.Formatter):
    """``str.format`` with the language's numbers: a bare number gets its separators (1 000), a number the
    message formats itself (``{seconds:.1f}``) keeps that form with the language's decimal sign (2,5 s)."""

    def __init__(self, translator: Translator) -> None:
        self.translator = translator

    def format_field(self, value: Any, format_spec: str) -> str:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return super().format_field(value, format_spec)
        if not format_spec:
            return self.translator.number(value)
        from babel.numbers import get_decimal_symbol

        decimal = get_decimal_symbol(self.translator._babel_locale())
        return super().format_field(value, format_spec).replace(".", decimal)


@lru_cache(maxsize=None)
def translator(language: str) -> Translator:
    """A shared translator for one language, for code that is not told the table's (the doctor's terminal
    lines, a notice's English, the buzzer panel)."""
    return Translator(language)
