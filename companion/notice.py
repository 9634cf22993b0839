"""A notice for the person at the table: what went wrong at start, in their language, with the detail.

Parts of the box (ring, buzzers, content packs, settings, tile list) report a problem that does not stop
the game as a :class:`Notice` (a file that could not be read at all is set aside: ``notice.damaged``): a
key for the sentence the table reads (a ``notice.*`` message of the catalogues in
companion/app/table/locale; the home screen shows these), and the technical detail (a device path, a
file and line, the library's error) kept as it came, for whoever fixes it (the hardware check screen
shows it). ``str(notice)`` is the English sentence and detail, for logs and terminals. Pure: no Kivy,
so the device and content layers can build notices too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from companion.app.table.language import has_message, translator

NOTICE_PREFIX = "notice."  # a notice's key is a message of the catalogues under this prefix


@dataclass(frozen=True)
class Notice:
    key: str  # a notice.* message of the catalogues
    detail: str = ""  # as the part reported it (English, technical)
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.key.startswith(NOTICE_PREFIX) or not has_message(self.key):
            raise ValueError(f"unknown notice {self.key!r}: not a {NOTICE_PREFIX}* message of the catalogues")

    def headline(self, tr: Callable[..., str] | None = None) -> str:
        """The sentence for the table, in the language of ``tr`` (the app's translator) or in English."""
        return (tr or translator("en"))(self.key, **self.params)

    def text(self, tr: Callable[..., str] | None = None) -> str:
        """The sentence and the detail: "headline: detail"."""
        headline = self.headline(tr)
        if not self.detail:
            return headline
        return (tr or translator("en"))("common.labelled", label=headline, value=self.detail)

    def __str__(self) -> str:
        return self.text()
