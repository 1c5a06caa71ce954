"""A condition that names a place by its adjective or its people, typed to that place.

The reader types a condition whose own words name a vocabulary term ("marketing" -> Marketing,
criteria.criterion.facets.typed_condition); the shipped vocabulary deliberately holds no demonyms as
aliases ("German", "Swiss" are words of other things too: a German shepherd, Swiss cheese). So
"in European markets" stayed untyped, and a quote "across Southeast Asia" was never held to
the vocabulary. Here a condition's core is typed to a place where it is, whole:

    [the] <demonym> [<MARKET_HEADS>]        "European markets", "German", "the Nordics",
                                            "Swiss", "the Swiss market", "Nordic countries"
    [the] <people>                          "the Germans", "Swedes"

and nothing else: "German engineering", "Swiss cheese", "French fries" stay untyped (the word
behind the demonym is no word of a market). The demonyms are a closed table (DEMONYMS, and the
regions' adjectives made from the vocabulary's own "<modifier> Europe/Asia/Africa/America"
names); each names ONE term, and a word that names several ("American", "Korean", "Congolese",
"Guinean") is not in it. The facet echo says typed_reason: "typed_by_demonym".
"""

from __future__ import annotations

import functools
import re

from limma.vocabulary import Term, Vocabulary

TYPED_BY_DEMONYM = "typed_by_demonym"
PLACE = "place"
MARKET_HEADS = frozenset(
    ["market", "markets", "region", "regions", "country", "countries", "territory", "territories"]
)
# demonym (adjective) -> the place term, and the people's plural where it is not adjective + s.
# fmt: off
DEMONYMS: dict[str, str] = {
    "European": "Europe", "Asian": "Asia", "African": "Africa", "Nordic": "Nordics",
    "Scandinavian": "Scandinavia", "Baltic": "Baltics", "Balkan": "Balkans", "Iberian": "Iberia",
    "Middle Eastern": "Middle East", "Caribbean": "Caribbean", "Oceanian": "Oceania",
    "German": "Germany", "French": "France", "Swiss": "Switzerland", "Austrian": "Austria",
    "Italian": "Italy", "Spanish": "Spain", "Portuguese": "Portugal", "Dutch": "Netherlands",
    "Belgian": "Belgium", "Luxembourgish": "Luxembourg", "British": "United Kingdom",
    "Irish": "Ireland", "Danish": "Denmark", "Swedish": "Sweden", "Norwegian": "Norway",
    "Finnish": "Finland", "Icelandic": "Iceland", "Polish": "Poland", "Czech": "Czechia",
    "Slovak": "Slovakia", "Hungarian": "Hungary", "Romanian": "Romania", "Bulgarian": "Bulgaria",
    "Greek": "Greece", "Croatian": "Croatia", "Slovenian": "Slovenia", "Serbian": "Serbia",
    "Estonian": "Estonia", "Latvian": "Latvia", "Lithuanian": "Lithuania",
    "Ukrainian": "Ukraine", "Russian": "Russia", "Turkish": "Turkey", "Israeli": "Israel",
    "Saudi": "Saudi Arabia", "Emirati": "United Arab Emirates", "Egyptian": "Egypt",
    "Moroccan": "Morocco", "Nigerian": "Nigeria", "Kenyan": "Kenya", "Indian": "India",
    "Pakistani": "Pakistan", "Chinese": "China", "Japanese": "Japan", "Taiwanese": "Taiwan",
    "Vietnamese": "Vietnam", "Thai": "Thailand", "Indonesian": "Indonesia",
    "Malaysian": "Malaysia", "Singaporean": "Singapore", "Filipino": "Philippines",
    "Australian": "Australia", "Canadian": "Canada", "Mexican": "Mexico", "Brazilian": "Brazil",
    "Argentine": "Argentina", "Argentinian": "Argentina", "Chilean": "Chile",
    "Colombian": "Colombia", "Peruvian": "Peru", "South African": "South Africa",
}
PEOPLE: dict[str, str] = {
    "Danes": "Danish", "Swedes": "Swedish", "Finns": "Finnish", "Poles": "Polish",
    "Czechs": "Czech", "Slovaks": "Slovak", "Croats": "Croatian", "Serbs": "Serbian",
    "Turks": "Turkish", "Filipinos": "Filipino",
}
# fmt: on
# The adjective of a continent, for the vocabulary's "<modifier> <continent>" region names.
CONTINENT_ADJECTIVES = {
    "Europe": "European",
    "Asia": "Asian",
    "Africa": "African",
    "America": "American",
}  # fmt: skip
# An adjective that takes no plural for its people ("the Swiss", "the French").
_NO_PLURAL = re.compile(r"(?:sh|ch|ss|ese|i)$")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def demonym_term(words: str, vocabulary: Vocabulary) -> Term | None:
    """The place term the words name by its demonym, whole (the module's forms), else None."""
    tokens = [token.casefold() for token in _WORD.findall(words)]
    if tokens and tokens[0] == "the":
        tokens = tokens[1:]
    if len(tokens) > 1 and tokens[-1] in MARKET_HEADS:
        tokens = tokens[:-1]
    name = _table(vocabulary).get(" ".join(tokens))
    return vocabulary.lookup(name, axis=PLACE) if name else None


@functools.lru_cache(maxsize=8)
def _table(vocabulary: Vocabulary) -> dict[str, str]:
    """Every demonym and people's word (folded) -> the term's name, for this vocabulary."""
    table = dict(DEMONYMS)
    for term in vocabulary.terms(PLACE):
        *modifier, last = term.name.split()
        if modifier and last in CONTINENT_ADJECTIVES:
            table.setdefault(" ".join([*modifier, CONTINENT_ADJECTIVES[last]]), term.name)
    people = {
        adjective + "s": name
        for adjective, name in table.items()
        if not _NO_PLURAL.search(adjective)
    }
    people |= {word: table[adjective] for word, adjective in PEOPLE.items()}
    return {
        key.casefold(): name
        for key, name in {**people, **table}.items()
        if vocabulary.lookup(name, axis=PLACE) is not None
    }
