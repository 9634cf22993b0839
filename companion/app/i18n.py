"""Moved to :mod:`companion.app.table.language` (the messages to companion/app/table/locale/*.po);
kept so that an older import still works. New code imports from the table package."""

from companion.app.table.language import LANGUAGE_NAMES, LANGUAGES, Translator, placeholders  # noqa: F401
