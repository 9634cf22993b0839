"""The catalogues' sources: each language's ``.po`` read and compiled to the ``.mo`` the app loads (Babel).

Run ``python -m companion.app.table.catalogues`` after editing a ``.po``: it writes every ``.mo`` that does not
say what its ``.po`` says and names them. The compiled files are committed, so a Pi runs with
Python's own ``gettext`` and Babel's formatting only; a test fails when a ``.mo`` is stale.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from companion.app.table.language import DOMAIN, LOCALE_DIR


class CatalogueError(ValueError):
    """A ``.po`` that cannot be compiled as it is: says the file and the message."""


def sources() -> dict[str, Path]:
    """Every language's ``.po``, by language code."""
    return {p.parent.parent.name: p for p in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))}


def read(po: Path) -> Catalog:
    with open(po, "rb") as f:
        catalog = read_po(f, locale=po.parent.parent.name, abort_invalid=True)
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    if fuzzy:
        raise CatalogueError(f"{po}: fuzzy (unchecked) messages, check and unmark them: {fuzzy}")
    return catalog


def messages(language: str) -> dict[str, tuple[str, ...]]:
    """``language``'s messages by key, each as its forms: one, or one per plural form when counted."""
    return {m.id if isinstance(m.id, str) else m.id[0]: (m.string,) if isinstance(m.string, str) else tuple(m.string)
            for m in read(sources()[language]) if m.id}


def plural_forms(language: str) -> int:
    """How many forms a counted message has in ``language`` (its catalogue's Plural-Forms)."""
    return read(sources()[language]).num_plurals


def counted(language: str) -> set[str]:
    """The keys of ``language``'s counted messages (those with plural forms)."""
    return {m.id[0] for m in read(sources()[language]) if m.id and m.pluralizable}


def compiled(po: Path) -> bytes:
    """The ``.mo`` that ``po`` compiles to."""
    out = io.BytesIO()
    write_mo(out, read(po))
    return out.getvalue()


def _content(catalog: Catalog) -> tuple:
    """What the app reads of a catalogue: its messages, plural rule and language (not the dates and the
    tool's name Babel writes in the header, so another Babel version finds the same content)."""
    found = {(m.id if isinstance(m.id, str) else tuple(m.id), m.string if isinstance(m.string, str) else tuple(m.string))
             for m in catalog if m.id and not m.fuzzy and (m.string if isinstance(m.string, str) else all(m.string))}
    return frozenset(found), catalog.plural_expr, catalog.num_plurals, str(catalog.locale)


def stale(po: Path) -> bool:
    """Whether the ``.mo`` beside ``po`` is missing or says other than ``po`` (an edit not compiled)."""
    mo = po.with_suffix(".mo")
    if not mo.exists():
        return True
    with open(mo, "rb") as f:
        return _content(read_mo(f)) != _content(read(po))


def compile_all() -> list[Path]:
    """Write each ``.mo`` that is stale; the ones written."""
    written = []
    for po in sources().values():
        if stale(po):
            po.with_suffix(".mo").write_bytes(compiled(po))
            written.append(po.with_suffix(".mo"))
    return written


def main() -> int:
    try:
        written = compile_all()
    except (CatalogueError, OSError, ValueError) as exc:
        print(f"catalogues: {exc}", file=sys.stderr)
        return 1
    for mo in written:
        print(f"compiled {mo}")
    if not written:
        print("every .mo is up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
