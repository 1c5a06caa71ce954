"""Whether a sentence of a brief is written in a language the offline compiler does not read.

The compiler reads English. A brief in German, French, Spanish, Italian, Portuguese, Dutch or a
Nordic language still compiles its places (the vocabulary holds their names in those languages),
and its other words are dropped and said (language_not_read), never handed on as a niche the
reader cannot read. The test is a closed list of rules over the sentence's words, the words a
vocabulary term holds ("Deutschland", "España", "Marketing") left out:

- a sign that decides alone: a letter of a script other than Latin; an opening "¿" or "¡"; a
  function word or common verb of another language that no English text writes ("für", "qui",
  "tiene", "verkauft") — in lower case, of six letters or more, or opening the sentence with a
  word in lower case behind it ("Wer in ...", "Los Angeles" is a name; "Chi ha ..." only there,
  "tai chi" is English); a word in lower case
  with a letter English writes only in words it borrowed ("geräte", "fórmula"), unless it is
  one of the borrowed words English writes with their marks ("crème brûlée", "café"); two
  different short words English writes in names ("de", "la", "der", "von"), each in lower case
  and not the particle before a name ("Anne de Vries", "von der Leyen");
- signs that decide only two kinds together: a capitalised word with such a letter (a name —
  "Nestlé", "Zürich", "São Paulo" — or a noun of a language that capitalises its nouns); a
  word in lower case in a German or Dutch verb form (an inseparable prefix and a verb's
  ending: "verkauft", "verkoopt", "gearbeitet"); a capitalised word of ten letters or more
  with a German noun's ending ("Säuglingsnahrung", "Klammergeräte").

A foreign product or place name in an English brief is one weak sign, never two kinds: the
niche is handed on. What it cannot see: a brief of capitalised nouns alone in a language with no
marks ("Vertriebsleiter Schweiz") reads as names, and a niche of one foreign word as a name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

LANGUAGE_NOT_READ = "language_not_read"

WORD = re.compile(r"[^\W_]+(?:[-'\u2019][^\W_]+)*")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Function words and common verbs of other languages that are no English word: one of them
# decides. English homographs are left out ("die", "den", "hat", "war", "pour", "con", "per",
# "met", "son", "par", "est", "sans", "hay", "com", "em", "med", "til", "aux", "plus",
# "vend", "kent").
FOREIGN_WORDS = _words(
    """für mit und oder des wer wen wem wessen welche welcher welches welchen haben hatte
    hatten sind ist wird werden wurde kann können eine einer einem einen ein bei beim auf
    nach aus zum zur vom seit ohne gegen durch unter zwischen als wie wo jemand jemanden
    nicht kein keine keinen auch sowie erfahrung erfahrungen experten experte expertin leiter
    leiterin jahre jahren verkauft verkaufen verkaufte vertreibt vertreiben arbeitet arbeiten
    leitet kennt kennen gibt
    les une sont qui que quoi quel quels quelle quelles avec dans sur chez ont avoir ayant été
    être nous vous ils elles leur leurs cette ces mais aussi très depuis entre expérience ans
    années quelqu'un connaît travaille travaillé vendu vendent dirige dirigé
    los las una unos unas quién quien quienes quiénes qué cuál cuáles dónde tiene tienen
    tenga tenido está están experiencia años expertos experto alguien algún alguna vende
    venden vendió vendido trabaja trabajó conoce dirigió empresa
    nel nella nei negli nelle gli che sono hanno esperienza anni esperti esperto qualcuno
    vendono venduto venduti lavora lavorato conosce gestisce gestito commercializzato
    het een voor wie wat waar welke heeft hebben zijn ook niet geen naar bij uit iemand
    ervaring jaar jaren verkoopt verkopen verkocht werkt gewerkt
    uma quem têm tem não alguém anos especialistas especialista trabalha conhece
    och eller för som hvem vem har erfaring erfarenhet"""
)
# Words of other languages that English writes too, but never to open a sentence with a word
# in lower case behind them ("Chi ha venduto ...", "tai chi experts"): they decide only there.
OPENING_WORDS = _words("chi")
# Short words of other languages that English writes too, in names ("de Vries", "von der
# Leyen", "en route"): two different ones in one sentence make it another language.
SHARED_WORDS = _words(
    "de en la le el da di du do dos das del della delle degli dei der von van y e et ou al il para"
)
# Words English borrowed with their marks: no sign of another language.
BORROWED = _words(
    """à café cafés crème crèmes brûlée brûlées naïve naïveté résumé résumés fiancé fiancée
    façade façades jalapeño jalapeños piñata piñatas déjà entrée entrées protégé protégée
    protégés rosé sauté sautéed purée purées soufflé soufflés cliché clichés décor über
    doppelgänger señor señora señorita mañana fête fêtes mêlée née rôle rôles élite exposé
    touché attaché précis pâté pâtés crêpe crêpes flambé glacé soirée matinée ménage mélange
    tête-à-tête smörgåsbord açaí gruyère müesli vis-à-vis à-la-carte lamé lycée"""
)
# A German or Dutch verb form: an inseparable prefix, and a verb's ending after its stem.
VERB_FORM = re.compile(
    r"^(?:be|ent|er|ge|ver|zer)\w{3,}(?:ft|pt|kt|bt|gt|cht|iert|ieren|eert|eren|ert|elt|tet|det)$"
)
# A German noun's ending, on a capitalised word of ten letters or more.
NOUN_ENDING = re.compile(
    r"(?:ung|ungen|heit|keit|schaft|gerät|geräte|leiter|produkte|technik|wesen|handel|mittel)$"
)
# The letters of a Latin script written with no mark that English does not write.
UNMARKED_FOREIGN = frozenset("ßøæœåðþłđı")

MARKED_NAME, VERB, NOUN = "marked_name", "verb_form", "noun_ending"


def _marked(word: str) -> bool:
    """A Latin letter with a mark ("é", "ü", "ñ"), or one English does not write ("ß")."""
    for char in word.casefold():
        if char in UNMARKED_FOREIGN:
            return True
        if char.isalpha() and len(unicodedata.normalize("NFD", char)) > 1:
            return True
    return False


def _latin(char: str) -> bool:
    return unicodedata.name(char, "").startswith("LATIN")


def _capitalised(word: str) -> bool:
    return word[:1].isupper()


def _particle(words: list[str], at: int) -> bool:
    """The word at `at` stands before a name: a run of SHARED_WORDS, then a capitalised word
    ("de Vries", "von der Leyen")."""
    for word in words[at + 1 :]:
        if word.casefold() in SHARED_WORDS and not _capitalised(word):
            continue
        return _capitalised(word)
    return False


def in_another_language(sentence: str, *, held: Callable[[str], bool] = lambda _: False) -> bool:
    """Whether the sentence is written in a language this compiler does not read (module
    docstring); `held` says a word is a vocabulary term's, and no sign."""
    if re.match(r"\s*[¿¡]", sentence):
        return True
    words = WORD.findall(sentence)
    shared: set[str] = set()
    weak: set[str] = set()
    for at, word in enumerate(words):
        if held(word):
            continue
        folded = word.casefold()
        if any(char.isalpha() and not _latin(char) for char in word):
            return True
        lower = word.islower()
        opening = at == 0 and (at + 1 == len(words) or not _capitalised(words[at + 1]))
        if folded in FOREIGN_WORDS and (lower or len(word) >= 6 or opening):
            return True
        if folded in OPENING_WORDS and opening:
            return True
        if _marked(word):
            if lower and folded not in BORROWED:
                return True
            if _capitalised(word):
                weak.add(MARKED_NAME)
        if lower and len(word) >= 7 and VERB_FORM.match(folded):
            weak.add(VERB)
        if _capitalised(word) and len(word) >= 10 and NOUN_ENDING.search(folded):
            weak.add(NOUN)
        if lower and folded in SHARED_WORDS and not _particle(words, at):
            shared.add(folded)
    return len(shared) >= 2 or len(weak) >= 2
