"""The French pack speaks to every player alike: no adjective or participle addressed to the player takes a
gender ("Assis, ferme les yeux" told to a girl). Forms are listed, and looked for only where they address
the player, so that "Seul, je tombe" (a riddle's object speaking) or "le tout tient seul" pass."""

from __future__ import annotations

import re

import pytest

from companion.content import check_pack
from companion.content.library import builtin_pack_dir

# Adjectives and participles that take a gender, as a player might be told them: masculine | feminine.
GENDERED = """
assis assise | prêt prête | seul seule | placé placée | installé installée | couché couchée |
allongé allongée | accroupi accroupie | penché penchée | concentré concentrée | attentif attentive |
sûr sûre | certain certaine | content contente | fier fière | serein sereine | coi coite | fou folle |
malin maligne | né née | passé passée | perdu perdue | tombé tombée | arrivé arrivée | bloqué bloquée |
enfermé enfermée | prisonnier prisonnière | champion championne | vainqueur | premier première
"""
FORMS = "|".join(sorted({w for w in GENDERED.replace("|", " ").split()}, key=len, reverse=True))
SUBJECTS = r"(?:je|j’|il|elle|on|nous|vous|ils|elles|le|la|les|l’)\b"

# In the texts that give the player orders (a challenge, Père Fouras's lines): "Assis, ferme les yeux.",
# "Debout ou assis, tends les bras", a form set before the order. Elsewhere a sentence may start so
# without addressing anyone ("Passé, présent, futur": a clue; "Seul, je tombe": a riddle's object).
BEFORE_AN_ORDER = re.compile(rf"(?:^|[.!?;:]\s+|\bou\s+)(?:{FORMS})(?:,|\s+et)\s+(?!{SUBJECTS})\w",
                             re.IGNORECASE | re.MULTILINE)
ORDERS = ("concentration", "force", "lines")

ADDRESSED = {
    # "tu es passé", "te voilà fou", "tu n’es pas né", "tu restes coi", "sois prêt".
    "said of you": re.compile(
        rf"\b(?:tu (?:n’)?(?:es|restes|deviens|sembles|parais|seras|étais|te sens)(?: pas| plus)?|t’es|"
        rf"te voilà|es-tu|sois|reste|te crois)\s+(?:bien |très |si |tout |toute |le |la )?(?:{FORMS})\b",
        re.IGNORECASE),
    # "tu flânes, serein", "ne les écoute pas, malin !": the form beside a verb in the second person.
    "beside you": re.compile(rf"\b(?:tu|toi) [^.!?;:]*?,\s*(?:{FORMS})\b\s*[,.!?;:]", re.IGNORECASE),
    # "Mes tigres saluent le champion", "Le premier à trois clés arrête tout": the player named by gender.
    "naming you": re.compile(r"\b(?:le|la) (?:champion|championne|vainqueur|gagnant|gagnante|premier|première)"
                             r"(?:\s+à \w+ (?:clés|indices)|\s*[!.]|$)", re.IGNORECASE),
}


def gendered_address(text: str, orders: bool = True) -> list[str]:
    """Each place of ``text`` where the player is spoken to in a gendered form, with the rule it breaks;
    ``orders``: the text gives the player orders (a challenge, a line)."""
    rules = {**ADDRESSED, **({"before an order": BEFORE_AN_ORDER} if orders else {})}
    return [f"{rule}: {m.group(0).strip()!r}" for rule, pattern in rules.items() for m in pattern.finditer(text)]


def french_texts() -> list[tuple[str, str, str]]:
    """(kind, kind/id.field, text) of every French text of the shipped pack, clues and titles included."""
    pack, problems = check_pack(builtin_pack_dir())
    assert [str(p) for p in problems] == []
    found = []
    for kind, items in pack.items["fr"].items():
        for item in items:
            for field, value in vars(item).items():
                for text in value if isinstance(value, tuple) else (value,):
                    if isinstance(text, str) and field not in ("id", "level", "metre", "form", "moment"):
                        found.append((kind, f"{kind}/{item.id}.{field}", text))
    return found


def test_no_french_text_speaks_to_the_player_in_a_gendered_form():
    texts = french_texts()
    assert len(texts) > 1000  # the whole pack was read
    assert [(where, hit) for kind, where, text in texts for hit in gendered_address(text, kind in ORDERS)] == []


@pytest.mark.parametrize("text", [
    "Assis, ferme les yeux.",
    "Froisse 5 feuilles. Assis, lance-les une par une.",
    "Debout ou assis, tends les bras sur les côtés.",
    "Assise et ferme les yeux.",
    "Je dis par où tu es passé.",
    "Ajoute un é : te voilà fou !",
    "Tu n’es pas né de moi, malin !",
    "On me pose, et tu restes coi ;",
    "Coince-moi : tu flânes, serein ;",
    "Tiens-toi prête : sois prête !",
    "{player} repart avec le plus de Boyards ! Mes tigres saluent le champion.",
    "Première épreuve ! Le premier à trois clés arrête tout.",
])
def test_the_check_finds_a_gendered_address(text):
    assert gendered_address(text) != []


@pytest.mark.parametrize("text", [
    "Assieds-toi et ferme les yeux.",
    "Debout, tiens un crayon au-dessus.",                # debout does not change
    "Debout ou sur ta chaise, tends les bras.",
    "Seul, je tombe sur le gazon,",                      # the riddle's object speaks of itself, even in an order
    "Le tout tient seul 3 secondes.",
    "Le crayon tient seul sur ton doigt.",
    "Une assise solide porte le pont.",                  # assise, the noun
    "Seul le sac le sait, {player}.",
    "Je dis par où l’on est passé.",
    "Ajoute un é : me voilà fou !",
    "Trophée du vainqueur",
    "Pousse le premier d’un seul doigt.",
    "Tu arrives à 2 sans erreur.",
])
def test_the_check_spares_what_does_not_address_the_player(text):
    assert gendered_address(text) == []


@pytest.mark.parametrize("text", ["Passé, présent, futur", "Seul, je tombe sur le gazon,", "Premier du podium : 1re …"])
def test_a_clue_or_a_riddle_may_start_with_such_a_form(text):
    assert gendered_address(text, orders=False) == []
