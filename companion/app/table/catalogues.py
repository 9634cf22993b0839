"""The catalogues' sources: each language's ``.po`` read and compiled to the ``.mo`` the app loads (Babel).

Run ``python -m companion.app.table.catalogues`` after editing a ``.po``: it writes every ``.mo`` that does not
say what its ``.po`` says and names them. ``... catalogues add FILE`` adds messages given as a Python literal
``{key: {"fr": text, "en": text}}`` to every catalogue (checked first) and compiles them. The compiled files are committed, so a Pi runs with
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


def doubled(po: Path) -> list[int]:
    """Lines of ``po`` that give a message a second translation (two ``msgstr`` or the same ``msgstr[i]``
    twice): Babel keeps one without a word, so a merge that joined two versions would ship either."""
    lines, seen = [], set()
    for number, line in enumerate(po.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("msgid "):
            seen = set()
        elif line.startswith("msgstr"):
            key = line.split(" ", 1)[0]
            if key in seen:
                lines.append(number)
            seen.add(key)
    return lines


def read(po: Path) -> Catalog:
    twice = doubled(po)
    if twice:
        raise CatalogueError(f"{po}: line {twice[0]}: a second translation of the same message "
                             f"(keep one; all such lines: {twice})")
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


def _po_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


PATTERNS = "format."  # keys of Babel patterns, where ' quotes literal text: never made typographic


def _curly(key: str, text: str) -> str:
    return text if key.startswith(PATTERNS) else text.replace("'", "’")


def add(entries: dict[str, dict[str, str | list[str]]]) -> list[str]:
    """Add messages to every catalogue and compile: ``{key: {language: text}}``, a counted message as
    ``{language: [form, ...]}`` (its count is ``{n}``). Straight apostrophes become typographic ones
    (not in a ``format.*`` date pattern).
    Refused as a whole, naming the message, when a key exists, a language is missing or unknown, a text is
    empty, the placeholders differ between languages or a counted message lacks a form. The keys added."""
    from companion.app.table.language import placeholders

    languages = sources()
    known = {code: messages(code) for code in languages}
    for key, texts in entries.items():
        if not isinstance(key, str) or not key or any(c.isspace() or c == '"' for c in key):
            raise CatalogueError(f"{key!r}: a key is one word, like home.rematch")
        if not isinstance(texts, dict) or set(texts) != set(languages):
            raise CatalogueError(f"{key}: give a text for each language: {', '.join(languages)}")
        if any(key in found for found in known.values()):
            raise CatalogueError(f"{key}: already a message (edit it in the .po files)")
        names = None
        for code, text in texts.items():
            forms = [text] if isinstance(text, str) else list(text) if isinstance(text, (list, tuple)) else None
            if not forms or not all(isinstance(f, str) and f for f in forms):
                raise CatalogueError(f"{key} ({code}): a text, or a list of plural forms, none empty")
            if not isinstance(text, str) and (len(forms) != plural_forms(code) or not all("{n}" in f for f in forms)):
                raise CatalogueError(f"{key} ({code}): a counted message has {plural_forms(code)} forms, each with {{n}}")
            if names is not None and any(placeholders(f) != names for f in forms):
                raise CatalogueError(f"{key} ({code}): other placeholders than in another language ({sorted(names)})")
            names = placeholders(forms[0])
        if len({isinstance(t, str) for t in texts.values()}) > 1:
            raise CatalogueError(f"{key}: counted in one language, not in another")
    for code, po in languages.items():
        lines = []
        for key, texts in entries.items():
            text = texts[code]
            if isinstance(text, str):
                lines += [f"msgid {_po_string(key)}", f"msgstr {_po_string(_curly(key, text))}", ""]
            else:
                lines += [f"msgid {_po_string(key)}", f"msgid_plural {_po_string(key)}"]
                lines += [f"msgstr[{i}] {_po_string(_curly(key, f))}" for i, f in enumerate(text)] + [""]
        body = po.read_text("utf-8")
        po.write_text(body.rstrip("\n") + "\n\n" + "\n".join(lines), "utf-8")
    compile_all()
    return list(entries)


def main(argv: list[str] | None = None) -> int:
    """``catalogues`` compiles the stale ``.mo`` files; ``catalogues add FILE`` adds the messages of FILE,
    a Python literal ``{key: {language: text}}`` (e.g. entries taken from an older hand-written catalogue)."""
    import ast

    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv[:1] == ["add"] and len(argv) == 2:
            try:
                entries = ast.literal_eval(Path(argv[1]).read_text("utf-8"))
            except (SyntaxError, ValueError) as exc:
                raise CatalogueError(f"{argv[1]}: not a Python literal {{key: {{language: text}}}} ({exc})") from None
            if not isinstance(entries, dict):
                raise CatalogueError(f"{argv[1]}: not a dict {{key: {{language: text}}}}")
            for key in add(entries):
                print(f"added {key}")
            return 0
        if argv:
            print("usage: python -m companion.app.table.catalogues [add FILE]", file=sys.stderr)
            return 2
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
