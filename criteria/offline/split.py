"""The offline criteria splitter: a niche split into facets by rules and the shipped vocabulary.

The rules, in the order they claim words of the text (a word is claimed once):
1. a length that is no minimum in years ("less than 5 years", "between 5 and 10 years",
   "18 months", "nearly 20 years") -> incomplete;
2. "in the last 3 years", "within the past 5 years" -> recency with within_years;
3. a minimum in years ("20+ years", "more than 15 years", "at least 10 years", "a decade",
   "two decades", "10 years or more", "10 years") -> duration with min_years;
4. "currently", "current", "presently", "at present" -> recency, current True;
5. a denial, exception or preference ("not in Asia", "outside the DACH region", "other than
   infant formula", "non-European", "ideally in Europe"), up to the next comma -> incomplete (a
   facet states what a person HAS done);
6. places the vocabulary names, or a demonym of one before "markets"/"region"/... or behind a
   place preposition ("in European markets"), with the preposition before them and a list
   joined by "," or "and" -> condition `market`, value the ONE term (none for a list; a list
   joined by "or" is an alternative -> incomplete);
7. "through ..." / "via ..." up to the next preposition -> condition `channel`, no value ("through
   public procurement" is the channel, not the function Procurement);
8. job functions the vocabulary names ("marketing", "sales") -> condition `function`, value
   the term; two joined by "or" -> incomplete; a role word right behind one ("director") ->
   incomplete (the function is the facet, the title is not);
9. a verb of doing opening what remains (limma/text.py) is a condition of its own, never lost:
   a verb that names a function ("sold", "selling" -> Sales; "marketed", "market" -> Marketing;
   "bought" -> Procurement) -> condition `function`, value that term; a verb of leading ("ran",
   "managed", "led") -> condition `function`, no value (its own words are the condition); a
   verb right before a function the vocabulary names ("ran marketing") is carried into it.
   "market" is a verb only where no noun of a market's own follows ("market access" is a
   product);
10. what remains, framing ("Experts who", "with", "of experience") and the plain verbs of doing
   behind framing ("who worked", "works on": the product carries those) left off -> condition
   `product`, no value; a plain verb with no framing before it, a remainder opening with another
   preposition ("at a famous brand"), holding "or", or nothing but a role word -> incomplete.
Incomplete words carry why "not_split". Facets come in the order of the text; keys are unique
("product", "product_2"). Every facet's text is the text's own characters.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any

from criteria.offline.words import NUM, WORD, as_years
from criteria.rules.lengths.count import number_of
from limma.text import (
    BUYING_VERBS,
    FUNCTION_OF_VERB,
    LEADING_VERBS,
    MARKETING_VERBS,
    SELLING_VERBS,
    closed,
)
from limma.vocabulary import Term, Vocabulary
from limma.vocabulary.folding import fold

NOT_SPLIT = "not_split"
_I = re.IGNORECASE
_UNIT = r"(?:years?|yrs?|decades?)"

NOT_A_MINIMUM = (
    re.compile(
        rf"\b(?:less than|fewer than|under|up to|at most|no more than|not more than|maximum of|"
        rf"max\.?|nearly|almost|about|around|approximately|roughly|close to)\s+(?:{NUM}|a)\s+"
        rf"(?:{_UNIT}|months?|weeks?)",
        _I,
    ),
    re.compile(rf"\bbetween\s+{NUM}\s+and\s+{NUM}\s+{_UNIT}", _I),
    re.compile(rf"\b{NUM}\s*(?:-|\u2013|to)\s*{NUM}\s+{_UNIT}", _I),
    re.compile(rf"(?:\b(?:more than|over|at least)\s+)?\b{NUM}\+?\s+(?:months?|weeks?|days?)", _I),
)
WITHIN = re.compile(
    rf"\b(?:in|within|during|over)\s+the\s+(?:last|past)\s+(?P<n>{NUM})\s+(?P<u>years?)"
    rf"|\bwithin\s+(?P<n2>{NUM})\s+(?P<u2>years?)",
    _I,
)
MINIMUM = (
    re.compile(rf"\b(?P<n>\d+)\s*\+\s*(?P<u>{_UNIT})", _I),
    re.compile(
        rf"\b(?:more than|over|at least|a minimum of|minimum of|no less than|not less than)\s+"
        rf"(?P<n>{NUM}|a)\s+(?P<u>{_UNIT})(?:\s+or (?:more|longer))?",
        _I,
    ),
    re.compile(rf"\b(?P<n>{NUM})\s+(?P<u>{_UNIT})(?:\s+or (?:more|longer)|\s+plus)?", _I),
    re.compile(r"\b(?P<n>a)\s+(?P<u>decade)\b", _I),
)
CURRENT = re.compile(r"\b(?:currently|current|presently|at present)\b", _I)
NEGATED = re.compile(
    r"\b(?:not|never|no|other than|except|excluding|apart from|without|outside|ideally|"
    r"preferably|if possible)\b|\bnon-(?=[A-Z])",
    _I,
)
PIECE_END = re.compile(r"[,;:()]|$")
PLACE_LEADS = closed("in across throughout within over for into to from covering spanning")
PLACE_NOUNS = re.compile(r"\s+(?:markets?|regions?|countries|area|territories|territory)\b", _I)
PLACE_JOIN = re.compile(r"\s*(?:,\s*(?:and|or)?|and|or|&|/)\s*(?:the\s+)?", _I)
CHANNEL = re.compile(r"\b(?:through|via)\s+", _I)
PHRASE_STOPS = closed(
    """in at on to into from for with across throughout within over under by during between
    since until through via and or but while who which where that"""
)
ROLE_WORDS = closed(
    """director directors manager managers head heads lead leads leader leaders executive
    executives officer officers vp vps role roles position positions team teams"""
)
FRAMING = closed(
    """experts expert people person persons someone anyone candidates who whom which that
    with has have had having of experience experienced background track record in the a an
    and for on as years year"""
)
# Plain verbs of doing that lead into a facet: the product carries them (spec: "who led").
CARRIED = closed(
    """led leading lead leads sold selling sell sells worked working work works ran running run
    runs managed managing manage manages headed heading heads did doing done does held holding
    holds served serving serves"""
)

# Verbs of doing that are a condition of their own: a function the verb names, or the verb's
# own words (limma/text.py).
VERB_FUNCTIONS = SELLING_VERBS | MARKETING_VERBS | BUYING_VERBS | LEADING_VERBS
MARKET_NOUN_VERBS = closed("market markets")
# Nouns "market" makes a compound with: "market access" is a product, not marketing access.
MARKET_COMPOUNDS = closed(
    """access share shares research entry entries leader leaders leadership analysis analyses
    intelligence development expansion sizing size data making maker makers penetration
    position positioning segment segments segmentation trend trends insight insights strategy
    strategies study studies report reports value values cap conditions dynamics needs"""
)

# The offline splitter's own reading of demonyms, wider than the product's typing table
# (criteria/facet_demonyms.DEMONYMS): a stand-in model may guess "Korean" is South Korea, where
# the product's own check refuses a word that names several places.
OFFLINE_GUESSED_DEMONYMS: dict[str, str] = {
    "European": "Europe",
    "Asian": "Asia",
    "African": "Africa",
    "Nordic": "Nordics",
    "Scandinavian": "Scandinavia",
    "Baltic": "Baltics",
    "Balkan": "Balkans",
    "Iberian": "Iberia",
    "Latin American": "Latin America",
    "North American": "North America",
    "South American": "South America",
    "Middle Eastern": "Middle East",
    "Southeast Asian": "Southeast Asia",
    "East Asian": "East Asia",
    "Eastern European": "Eastern Europe",
    "Western European": "Western Europe",
    "Central European": "Central Europe",
    "Northern European": "Northern Europe",
    "Southern European": "Southern Europe",
    "German": "Germany",
    "Austrian": "Austria",
    "Swiss": "Switzerland",
    "French": "France",
    "Belgian": "Belgium",
    "Dutch": "Netherlands",
    "British": "United Kingdom",
    "Irish": "Ireland",
    "Spanish": "Spain",
    "Portuguese": "Portugal",
    "Italian": "Italy",
    "Greek": "Greece",
    "Polish": "Poland",
    "Czech": "Czechia",
    "Hungarian": "Hungary",
    "Romanian": "Romania",
    "Danish": "Denmark",
    "Swedish": "Sweden",
    "Norwegian": "Norway",
    "Finnish": "Finland",
    "Turkish": "Turkey",
    "Chinese": "China",
    "Japanese": "Japan",
    "Korean": "South Korea",
    "Indian": "India",
    "Australian": "Australia",
    "Canadian": "Canada",
    "Brazilian": "Brazil",
    "Mexican": "Mexico",
}
_DEMONYM = re.compile(
    r"\b(?:"
    + "|".join(re.escape(name) for name in sorted(OFFLINE_GUESSED_DEMONYMS, key=len, reverse=True))
    + r")\b"
)


@dataclass(frozen=True)
class _Claim:
    start: int
    end: int
    key: str | None  # None: incomplete words
    fields: dict[str, Any]


class _Text:
    """The criterion's text and which of its characters a rule has claimed."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.claims: list[_Claim] = []

    def free(self, start: int, end: int) -> bool:
        return all(claim.end <= start or end <= claim.start for claim in self.claims)

    def claim(self, start: int, end: int, key: str | None, **fields: Any) -> None:
        while start < end and self.text[start].isspace():
            start += 1
        while end > start and self.text[end - 1].isspace():
            end -= 1
        if start < end and self.free(start, end):
            self.claims.append(_Claim(start, end, key, fields))

    def matches(self, pattern: re.Pattern[str]) -> list[re.Match[str]]:
        return [m for m in pattern.finditer(self.text) if m.group() and self.free(*m.span())]

    def next_claim_at(self, position: int) -> int:
        return min((c.start for c in self.claims if c.start >= position), default=len(self.text))


def split_criterion(text: str, vocabulary: Vocabulary | None = None) -> dict[str, Any]:
    """The SplitReply of `text`, as a dict: facets and incomplete words (module docstring)."""
    vocabulary = vocabulary or Vocabulary.shipped()
    claimed = _Text(text)
    for pattern in NOT_A_MINIMUM:
        for match in claimed.matches(pattern):
            claimed.claim(*match.span(), None)
    for match in claimed.matches(WITHIN):
        count = number_of(match["n"] or match["n2"])
        claimed.claim(*match.span(), "recency", within_years=as_years(count, "years"))
    for pattern in MINIMUM:
        for match in claimed.matches(pattern):
            years = as_years(number_of(match["n"]), match["u"])
            claimed.claim(*match.span(), "duration", min_years=years)
    for match in claimed.matches(CURRENT):
        claimed.claim(*match.span(), "recency", current=True)
    for match in claimed.matches(NEGATED):
        end = min(PIECE_END.search(text, match.end()).start(), claimed.next_claim_at(match.end()))
        claimed.claim(match.start(), end, None)
    _claim_places(claimed, vocabulary)
    _claim_channels(claimed)
    _claim_functions(claimed, vocabulary)
    _claim_remainder(claimed)
    return _reply(claimed)


def _place_mentions(claimed: _Text, vocabulary: Vocabulary) -> list[tuple[int, int, Term, bool]]:
    """Places named (by the vocabulary, or by a demonym: the flag) in unclaimed words."""
    text = claimed.text
    found = [(s, e, t, False) for s, e, t in vocabulary.find_in(text, axis="place")]
    for match in _DEMONYM.finditer(text):
        term = vocabulary.lookup(OFFLINE_GUESSED_DEMONYMS[match.group()], axis="place")
        overlaps = any(s < match.end() and match.start() < e for s, e, _, _ in found)
        if term is not None and not overlaps:
            found.append((match.start(), match.end(), term, True))
    return sorted(m for m in found if claimed.free(m[0], m[1]))


def _claim_places(claimed: _Text, vocabulary: Vocabulary) -> None:
    text = claimed.text
    mentions = _place_mentions(claimed, vocabulary)
    groups: list[list[tuple[int, int, Term, bool]]] = []
    for mention in mentions:
        if groups and PLACE_JOIN.fullmatch(text[groups[-1][-1][1] : mention[0]]):
            groups[-1].append(mention)
        else:
            groups.append([mention])
    for group in groups:
        start, end = group[0][0], group[-1][1]
        before = WORD.findall(text[:start])
        lead = ""
        if before and fold(before[-1]) == "the" and len(before) > 1:
            lead = before[-2] if fold(before[-2]) in PLACE_LEADS else ""
        elif before and fold(before[-1]) in PLACE_LEADS:
            lead = before[-1]
        if lead:
            start = text.rfind(lead, 0, start)
        noun = PLACE_NOUNS.match(text, end)
        if noun:
            end = noun.end()
        if any(demonym for *_, demonym in group) and not (lead or noun):
            continue  # "German cars": a demonym names a market only behind or before one
        joins = [text[a[1] : b[0]] for a, b in itertools.pairwise(group)]
        if any(re.search(r"\bor\b|/", join, _I) for join in joins):
            claimed.claim(start, end, None)
            continue
        value = group[0][2].name if len({m[2].name for m in group}) == 1 else None
        claimed.claim(start, end, "market", value=value)


def _claim_functions(claimed: _Text, vocabulary: Vocabulary) -> None:
    text = claimed.text
    mentions = [m for m in vocabulary.find_in(text, axis="function") if claimed.free(m[0], m[1])]
    skip: set[int] = set()
    for index, (start, end, term) in enumerate(mentions):
        if index in skip:
            continue
        following = mentions[index + 1] if index + 1 < len(mentions) else None
        if following and re.fullmatch(r"\s*(?:,\s*)?(?:or|/)\s*", text[end : following[0]], _I):
            claimed.claim(start, following[1], None)  # "marketing or sales": an alternative
            skip.add(index + 1)
            continue
        claimed.claim(start, end, "function", value=term.name)
        role = re.match(r"\s+([^\W\d_]+)", text[end:])
        if role and fold(role.group(1)) in ROLE_WORDS:
            claimed.claim(end, end + role.end(), None)


def _claim_channels(claimed: _Text) -> None:
    text = claimed.text
    for match in claimed.matches(CHANNEL):
        end = match.end()
        limit = claimed.next_claim_at(match.end())
        for word in WORD.finditer(text, match.end(), limit):
            if fold(word.group()) in PHRASE_STOPS or re.search(r"[,;:]", text[end : word.start()]):
                break
            end = word.end()
        if end > match.end():
            claimed.claim(match.start(), end, "channel")


def _claim_remainder(claimed: _Text) -> None:
    text = claimed.text
    edges = sorted((c.start, c.end) for c in claimed.claims)
    gaps, at = [], 0
    for start, end in edges:
        gaps.append((at, start))
        at = max(at, end)
    gaps.append((at, len(text)))
    for gap_start, gap_end in gaps:
        for piece in re.finditer(r"[^,;:()]+", text[gap_start:gap_end]):
            words = list(WORD.finditer(text, gap_start + piece.start(), gap_start + piece.end()))
            # A preposition inside the run opens a piece of its own ("... at a famous brand").
            cuts = [0] + [
                at
                for at, word in enumerate(words)
                if at and fold(word.group()) in PHRASE_STOPS - {"and", "or"}
            ]
            for first, last in zip(cuts, [*cuts[1:], len(words)], strict=True):
                piece_words = words[first:last]
                # Right behind a claimed facet, with nothing but spacing between, a verb of
                # doing leads into what follows as it does behind framing.
                behind = bool(piece_words) and (
                    not text[: piece_words[0].start()].strip()
                    or (gap_start > 0 and not text[gap_start : piece_words[0].start()].strip())
                )
                _claim_piece(claimed, piece_words, unframed=behind)


def _claim_piece(claimed: _Text, words: list[re.Match[str]], *, unframed: bool = False) -> None:
    """One unclaimed run of words: framing off, a verb of doing the function's (or carried into
    a function after it), the rest a product or not."""
    framed = False
    while words and fold(words[0].group()) in FRAMING:
        framed = True
        words = words[1:]
    if words and _verb_of_doing(claimed, words):
        verb = fold(words[0].group())
        claimed.claim(*words[0].span(), "function", value=FUNCTION_OF_VERB.get(verb))
        words = words[1:]
        while words and fold(words[0].group()) in FRAMING:
            words = words[1:]
    while words and fold(words[0].group()) in FRAMING | CARRIED:
        if fold(words[0].group()) in CARRIED and not (framed or unframed):
            break  # a plain verb is carried behind framing ("who worked"), opening the text
            # ("works on ...") or right behind another facet ("10 years working ..."), or not at all
        framed = framed or fold(words[0].group()) in FRAMING
        words = words[1:]
    leading = 0
    while leading < len(words) and fold(words[leading].group()) in CARRIED:
        leading += 1
    if leading:
        claimed.claim(words[0].start(), words[leading - 1].end(), None)
        words = words[leading:]
    while words and fold(words[-1].group()) in FRAMING | CARRIED | PHRASE_STOPS:
        words = words[:-1]
    if not words:
        return
    start, end = words[0].start(), words[-1].end()
    folded = [fold(word.group()) for word in words]
    if (
        folded[0] in PHRASE_STOPS
        or "or" in folded
        or all(word in ROLE_WORDS for word in folded)
        or not any(word.group()[0].isalpha() for word in words)
    ):
        claimed.claim(start, end, None)
    else:
        claimed.claim(start, end, "product")


def _verb_of_doing(claimed: _Text, words: list[re.Match[str]]) -> bool:
    """The piece opens with a verb of doing that is a condition of its own: one that names a
    function ("sold", "marketed", "bought") or leads ("ran", "managed"), unless a function the
    vocabulary names follows it at once ("ran marketing": that function is the condition, the
    verb carried into it). "market"/"markets" is a verb only where no noun of a market's own
    follows it ("market surgical staplers"; "market access" is a product)."""
    verb = fold(words[0].group())
    if verb not in VERB_FUNCTIONS:
        return False
    if verb in MARKET_NOUN_VERBS and (len(words) < 2 or fold(words[1].group()) in MARKET_COMPOUNDS):
        return False
    after = [claim for claim in claimed.claims if claim.start >= words[0].end()]
    following = min(after, key=lambda claim: claim.start, default=None)
    behind = claimed.text[words[0].end() : following.start] if following else ""
    return not (following is not None and following.key == "function" and not behind.strip())


def _reply(claimed: _Text) -> dict[str, Any]:
    facets: list[dict[str, Any]] = []
    incomplete: list[dict[str, str]] = []
    used: set[str] = set()
    kinds = {"duration": "duration", "recency": "recency"}
    for claim in sorted(claimed.claims, key=lambda claim: claim.start):
        words = claimed.text[claim.start : claim.end]
        if claim.key is None:
            incomplete.append({"words": words, "why": NOT_SPLIT})
            continue
        key, number = claim.key, 2
        while key in used:
            key, number = f"{claim.key}_{number}", number + 1
        used.add(key)
        kind = kinds.get(claim.key, "condition")
        facet: dict[str, Any] = {"key": key, "kind": kind, "text": words}
        if kind == "condition":
            facet["value"] = claim.fields.get("value")
        facet |= {name: value for name, value in claim.fields.items() if name != "value"}
        facets.append(facet)
    return {"facets": facets, "incomplete": incomplete}
