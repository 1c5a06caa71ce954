"""Words as ideas compare them: folded case and accents, a small lemma, the function words aside.

Pure functions over text, shared by the offline labeller and grouper and by the verdict store's
key (an idea's normalised words).
"""

from __future__ import annotations

import re

from limma.names import fold_accents

WORD = re.compile(r"[^\W_]+(?:['\u2019-][^\W_]+)*")

# Words that carry no topic: articles, pronouns, auxiliaries, prepositions, conjunctions, and the
# words a question about an idea is asked in ("where do we discuss ...?").
_FUNCTION_WORDS = """
    a an the this that these those there here it its it's they them their theirs we us our ours
    you your yours he him his she her hers i me my mine who whom whose which what where when why
    how whether if then than so as at by for from in into of off on onto out over to under up
    with within without about above after against along among around before behind below
    beneath beside between beyond during except inside near outside since through throughout
    till toward towards until upon via and or nor but yet also not no any all each every some
    such both either neither other another more most much many few less least very just only
    own same too again once is am are was were be been being do does did doing done have has had
    having will would shall should may might must can could let lets ought per etc e.g i.e
    discuss discussed discusses discussing discussion talk talks talking mention mentions
    mentioned mentioning say says said document documents part parts where's which's
"""
FUNCTION_WORDS = frozenset(_FUNCTION_WORDS.split())

IRREGULAR = {"fees": "fee", "data": "data", "news": "news", "terms": "term", "series": "series"}


def words(text: str) -> list[str]:
    """Every word of the text, case and accents folded."""
    return [word.casefold() for word in WORD.findall(fold_accents(text))]


def normalised(text: str) -> str:
    """The text's words, case and spacing aside: the key an idea's verdicts are stored under."""
    return " ".join(text.casefold().split())


def lemma(word: str) -> str:
    """A small English lemma: plurals and the common verb endings taken off, nothing more."""
    word = word.casefold().replace("\u2019", "'")
    if word in IRREGULAR:
        return IRREGULAR[word]
    if word.endswith("'s"):
        word = word[:-2]
    for suffix, replacement in (
        ("ies", "y"),
        ("sses", "ss"),
        ("ing", ""),
        ("ed", ""),
        ("es", ""),
        ("s", ""),
    ):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith("ss"):
            stem = word[: -len(suffix)] + replacement
            if suffix == "es" and not stem.endswith(("sh", "ch", "x", "z", "s")):
                stem = word[:-1]
            if suffix in {"ing", "ed"} and len(stem) >= 2 and stem[-1] == stem[-2]:
                stem = stem[:-1]
            return stem
    return word


def stem(word: str) -> str:
    """The lemma with a final e taken off, so price, prices and pricing compare equal."""
    base = lemma(word)
    return base[:-1] if base.endswith("e") and len(base) > 3 else base


def content_stems(text: str) -> list[str]:
    """The stems of the text's words that can carry a topic, in order, each once."""
    return list(
        dict.fromkeys(stem(w) for w in words(text) if w not in FUNCTION_WORDS and not w.isdigit())
    )
