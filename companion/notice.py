"""A notice for the person at the table: what went wrong at start, in their language, with the detail.

Parts of the box (ring, buzzers, content packs, settings, tile list) report a problem that does not stop
the game as a :class:`Notice` (a file that could not be read at all is set aside: ``notice.damaged``): a key for the sentence the table reads, in French and English below (the
app's catalogue takes them in; the home screen shows these), and the technical detail (a device path, a
file and line, the library's error) kept as it came, for whoever fixes it (the hardware check screen
shows it). ``str(notice)`` is the English sentence and detail, for logs and terminals. Pure: no Kivy,
so the device and content layers can build notices too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

NOTICES: dict[str, dict[str, str]] = {
    "notice.settings": {"fr": "Réglages illisibles, ceux par défaut sont utilisés",
                        "en": "Settings unreadable, the defaults are used"},
    "notice.config": {"fr": "Un problème dans la configuration", "en": "A problem in the configuration"},
    "notice.pack": {"fr": "Paquet de contenu « {pack} » non chargé", "en": "Content pack “{pack}” not loaded"},
    "notice.ring": {"fr": "L'anneau LED ne répond pas : le sablier est à l'écran",
                    "en": "The LED ring is not working: the hourglass is on screen"},
    "notice.buzzers": {"fr": "Buzzers GPIO indisponibles : les touches 1 à 6 les remplacent",
                       "en": "GPIO buzzers unavailable: keys 1 to 6 stand in"},
    "notice.tiles": {"fr": "Liste des tuiles illisible (gardée telle quelle) : tuiles non reconnues",
                     "en": "Tile list unreadable (kept as it is): tiles not recognised"},
    "notice.tiles_set_aside": {"fr": "Liste des tuiles abîmée, mise de côté : enregistre les tuiles à nouveau",
                               "en": "Tile list damaged, set aside: enrol the tiles again"},
    "notice.damaged": {"fr": "Fichier abîmé mis de côté : {file}", "en": "Damaged file set aside: {file}"},
    "notice.log_damaged": {"fr": "Journal des parties abîmé : gardé à part tel quel, un nouveau journal commence",
                           "en": "Game log damaged: kept aside as it is, a new log begins"},
    "notice.log_summary": {"fr": "Le résumé d’une partie terminée était illisible : refait d’après la partie",
                           "en": "A finished game’s summary was unreadable: rebuilt from the game"},
}


@dataclass(frozen=True)
class Notice:
    key: str  # one of NOTICES's keys
    detail: str = ""  # as the part reported it (English, technical)
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.key not in NOTICES:
            raise ValueError(f"unknown notice {self.key!r}; known: {', '.join(NOTICES)}")

    def headline(self, tr: Callable[..., str] | None = None) -> str:
        """The sentence for the table, in the language of ``tr`` (the app's translator) or in English."""
        return tr(self.key, **self.params) if tr is not None else NOTICES[self.key]["en"].format(**self.params)

    def text(self, tr: Callable[..., str] | None = None) -> str:
        """The sentence and the detail: "headline: detail"."""
        headline = self.headline(tr)
        if not self.detail:
            return headline
        return tr("common.labelled", label=headline, value=self.detail) if tr is not None else f"{headline}: {self.detail}"

    def __str__(self) -> str:
        return self.text()
