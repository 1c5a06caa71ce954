"""The closed words every rule reads, and the one folding words are compared by.

A rule that says "a pronoun proves nobody" means one list of pronouns: the length rule, the
denial rule, the name rule and the offline reader import their lists from here, and a list that
a rule truly needs to differ is a different name that says why (ARTICLES, not a second
DETERMINERS). tests/limma/test_text.py fails when two modules define a list of the same name.

Folding: fold (limma.names.fold_name) compares words and names as a person would — case,
accents, spacing and the letters NFKD keeps whole (ø, æ, ß, ł) aside. The vocabulary's matcher
(limma/vocabulary/folding.py) folds a whole document character by character and keeps the
index of every original character, so that a match maps back to its span; it is the same
folding of accents and case, built for speed and spans, and never compares two names.
"""

from __future__ import annotations

from limma.names import fold_name

fold = fold_name


def closed(words: str) -> frozenset[str]:
    """A closed word list written as one string of words."""
    return frozenset(words.split())


# -- pronouns -----------------------------------------------------------------------------
# Words that stand for someone without naming them: a pronoun proves nobody.
PRONOUNS = closed("she he they it we you one someone somebody everyone everybody nobody")
# The pronouns that may stand for the person a document is about, as CVs write them.
PERSON_PRONOUNS = closed("she he they s/he he/she she/he")
# "She"/"He" right after a sentence the person's name leads: the offline reader's back-reference.
SHE_OR_HE = closed("she he")
# Who may be the subject of a stated name's verb ("she sold …", "I ran …").
SUBJECT_PRONOUNS = closed("she he they i")

# -- determiners and possessives ------------------------------------------------------------
POSSESSIVES = closed("her his their its our your my whose")
# The possessives that may be the person's own work ("her portfolio", "my brands").
PERSONAL_POSSESSIVES = closed("her his their my")
DETERMINERS = closed(
    "the a an this that these those every each any some all both neither either another such "
    "many most several few other"
)
# The articles a stated name may stand behind and be set aside from ("the infant milks").
ARTICLES = closed("the a an")

# -- titles -----------------------------------------------------------------------------------
# Titles before a person's name ("Dr Anneke Voss", "Frau Weber"), compared folded, no dot.
TITLES = closed("dr prof professor mr mrs ms mx miss sir dame mme mlle madame herr frau dott ing")
# The English titles as a first line types them, dot kept ("Dr. Anneke Voss"): the offline
# reader splits on spaces, so "Dr." reaches it whole.
TITLES_WITH_DOTS = closed("dr dr. prof prof. mr mr. mrs mrs. ms ms. mx mx. sir dame")

# -- verbs of doing that a brief's niche writes ------------------------------------------------
# The verb of a niche is a condition of its own (docs/concepts.md#handed-on): who sold a thing
# did the work of Sales, who marketed it did Marketing's, who bought it Procurement's. The
# verbs of leading name no function by themselves ("ran clinical trials"): their condition is
# the verb's own words. "market"/"markets" are nouns too: a rule reads them as a verb only
# where nothing else can be meant.
SELLING_VERBS = closed("sell sells sold selling")
MARKETING_VERBS = closed("market markets marketed")
BUYING_VERBS = closed("buy buys bought buying purchased procured")
LEADING_VERBS = closed("led ran managed manages headed directed oversaw oversees")
FUNCTION_OF_VERB: dict[str, str] = {
    verb: function
    for function, verbs in (
        ("Sales", SELLING_VERBS),
        ("Marketing", MARKETING_VERBS),
        ("Procurement", BUYING_VERBS),
    )
    for verb in verbs
}

# -- months and dates -------------------------------------------------------------------------
# Every way a month is written as a word, matched folded.
MONTHS = closed(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
# The three letters that start each month's name, in order: index + 1 is the month's number.
MONTH_STARTS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# A month's written name (folded, no dot) to its number.
MONTH_NUMBERS: dict[str, int] = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH_NAMES = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November"
    r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?"
)
# A date as words write one: "March 2001", "2001-03", "03/2001", "2001" (a regex).
DATE = (
    rf"(?:(?i:{_MONTH_NAMES})\s+(?:19|20)\d\d(?!\d)|(?<!\d)(?:19|20)\d\d-(?:0[1-9]|1[0-2])(?!\d)"
    r"|(?<!\d)(?:0?[1-9]|1[0-2])/(?:19|20)\d\d(?!\d)|(?<![\d/])(?:19|20)\d\d(?!\d))"
)
# A year, maybe behind a month ("March 2001", "Mar. 2001"): the offline reader's dates, whose
# named groups (criteria/offline/reader.py) read the month as a word.
_MONTH_WORDS = "|".join(sorted(MONTH_NUMBERS, key=len, reverse=True))
MONTH_YEAR = r"(?:(?:" + _MONTH_WORDS + r")\.?\s+)?(?:19|20)\d{2}\b"
