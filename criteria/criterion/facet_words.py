"""The closed word lists a criterion's words are held to, and the readers built on them.

The words that frame, lead into or connect facets, and those that deny, prefer, offer an
alternative, name nothing or state a length (a caller's facet holding them is refused: 422);
how many years a length states and how recent a recency is; where words stand in the text and
what stands between the facets. A caller's facets (criteria/criterion/facets.py) and a model's split
(criteria/criterion/split.py) are read by the same rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from limma.text import closed
from limma.vocabulary.folding import fold, key


def _listed(words: str) -> list[str]:
    return words.split()


# What duration_years() says of a length's words.
MINIMUM, NO_MINIMUM, NOT_IN_YEARS, NO_COUNT = "minimum", "no_minimum", "not_in_years", "no_count"

# Closed lists (matched case aside). A lead-in opens a facet; framing and connectors are no
# condition; a carried lead-in is framing, then a plain verb of doing, then a particle.
LEAD_INS = closed(
    "in across for within throughout at on of inside into among from to with by around"
)
FRAMING = closed(
    "experts expert people person persons someone somebody anyone candidates candidate "
    "professionals professional individuals individual profiles those who whom that which "
    "with have has had having are is was were been be a an the "
    # what a person's work is called, never a condition of it: "experience with baby
    # formula", "baby formula experience", "a background in sales"
    "experience experiences experienced background"
)
VERBS_OF_DOING = closed(
    "led lead leads leading sold sell sells selling worked work works working ran run runs "
    "running managed manage manages managing did do does doing done"
)
PARTICLES = closed("in on for with at across within")
# The words that open a channel: the noun behind them names how the work reached its buyers
# ("through public procurement", "via distributors"), never the person's function.
CHANNEL_WORDS = closed("through via")
CONNECTORS = closed(
    "and & for in of on at across within throughout to into from by with as through via over "
    "during among inside around the a an"
)
# Matched accents aside: words that deny, bound, prefer or offer an alternative.
NEGATORS = closed(
    "not no never nor without except excluding exclude excludes excluded neither none unlike cannot"
)
NEGATING_PHRASES = (
    "other than", "apart from", "rather than", "instead of", "aside from", "outside of", "but not"
)  # fmt: skip
PREFERENCES = closed("ideally preferably preferred preferable optionally optional")
PREFERRING_PHRASES = ("if possible", "where possible", "nice to have", "a plus")
ALTERNATIVES = frozenset(("or", "either", "/"))
NAMING_NOTHING = closed(
    "team teams work works job jobs role roles thing things stuff area areas field fields "
    "domain domains experience experiences business businesses industry industries sector "
    "sectors space it its this that these those same similar such other others related etc "
    "something anything everything kind kinds type types sort sorts all any one ones them they "
    "their his her whatever whole general various some"
)
YEAR_UNITS, OTHER_UNITS = r"(?:years?|yrs?)", r"(?:months?|mos|weeks?|wks?|days?|quarters?|hours?)"
LENGTH_WORDS = closed(
    "more than over at least less fewer up to between and plus or longer under nearly almost "
    "about around approximately approx roughly some circa ca minimum min maximum max most no "
    "not a an the of for in past last upwards excess close just couple several few many half "
    "dozen experience decade decades year years yr yrs month months mos week weeks wks day "
    "days quarter quarters hour hours"
) | {"+", "-", "~", "'", "\u2019", "\u2013", "\u2014", ",", "."}
_NUMBERS = {
    word: value
    for value, word in enumerate(
        _listed(
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen twenty"
        )
    )
} | {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60}
_TENS = r"(twenty|thirty|forty|fifty|sixty)[\s-]+(one|two|three|four|five|six|seven|eight|nine)"
_NO_MINIMUM = (
    r"less than|fewer than|under|up to|at most|no more than|not more than|maximum|max|or less|"
    r"or fewer|below|within|nearly|almost|about|around|approximately|approx|roughly|close to|"
    r"circa|ca|some|just|not|no|couple|several|few|many|between"
)
_AT_LEAST = r"\b(?:no|not) (?:less|fewer) than\b"
TOKEN = re.compile(r"\w+(?:['\u2019]\w+)*|[^\w\s]")
HYPHENATED = re.compile(r"\w+(?:[-'\u2019]\w+)*|[^\w\s]")
Span = tuple[int, int]


# -- words -----------------------------------------------------------------------------------


def words_of(text: str) -> list[tuple[str, int, int]]:
    """The tokens of `text` with their offsets: runs of word characters, or one other mark."""
    return [(found.group(), found.start(), found.end()) for found in TOKEN.finditer(text)]


def _lowered(text: str) -> list[str]:
    return [token.casefold() for token, _, _ in words_of(text)]


def _folded(text: str) -> list[str]:
    """Tokens accents aside, a hyphenated word kept whole: "no-code" is no "no"."""
    return [fold(token) for token in HYPHENATED.findall(text)]


def _holds_phrase(text: str, phrases: Iterable[str]) -> bool:
    joined = f" {' '.join(_folded(text))} "
    return any(f" {phrase} " in joined for phrase in phrases)


def negates(text: str) -> bool:
    """A denial, an exception or a bound: "not in Asia", "other than infant formula"."""
    folded = _folded(text)
    return any(token in NEGATORS or token.endswith("n't") for token in folded) or _holds_phrase(
        text, NEGATING_PHRASES
    )


def prefers(text: str) -> bool:
    """A preference: "ideally in Europe"."""
    return any(t in PREFERENCES for t in _folded(text)) or _holds_phrase(text, PREFERRING_PHRASES)


def offers_alternatives(text: str) -> bool:
    """An alternative: "marketing or sales", "marketing/sales"."""
    return any(token in ALTERNATIVES for token in _folded(text))


def names_nothing(text: str) -> bool:
    """Words that name no thing: "team", "the same work" (empty words count as nothing)."""
    return all(t in NAMING_NOTHING or t in CONNECTORS or not t.isalnum() for t in _folded(text))


def names_a_channel(text: str) -> bool:
    """A channel phrase: "through public tenders", "via distributors"."""
    folded = _folded(text)
    return bool(folded) and folded[0] in CHANNEL_WORDS


def is_a_length(text: str) -> bool:
    """Only a length of time ("for 20+ years", "18 months", "a decade"), or only a number."""
    tokens = _lowered(text)
    if not tokens:
        return False
    numbers = [t for t in tokens if _is_number(t)]
    if numbers and all(_is_number(t) or t in "+-~" for t in tokens):
        return True
    units = re.search(rf"\b(?:{YEAR_UNITS}|{OTHER_UNITS}|decades?)\b", " ".join(tokens))
    return bool(units) and all(t in LENGTH_WORDS or _is_number(t) for t in tokens)


def holds_a_length(text: str) -> bool:
    """A length of time among other words: "20 years in sales", "for 18 months"."""
    lowered = " ".join(text.casefold().split())
    unit = re.search(rf"\b(?:{YEAR_UNITS}|{OTHER_UNITS}|decades?)\b", lowered)
    return bool(unit) and duration_years(lowered)[1] != NO_COUNT


def _is_number(token: str) -> bool:
    return token.isdigit() or token in _NUMBERS or bool(re.fullmatch(r"\d+(?:\.\d+)?", token))


def same_words(first: str, second: str) -> bool:
    """The same words, case, accents, spacing, a leading "the" and a last word's plural aside."""
    one, two = key(first), key(second)
    return bool(one) and (one == two or _singular(one) == _singular(two))


def _singular(tokens: tuple[str, ...]) -> tuple[str, ...]:
    last = tokens[-1]
    return (*tokens[:-1], last[:-1] if last.endswith("s") and len(last) > 3 else last)


# -- lengths ---------------------------------------------------------------------------------


def duration_years(words: str) -> tuple[float | None, str]:
    """The least number of years a length's words state, and how they state it.

    (20.0, "minimum") for "20+ years", "more than twenty years", "a decade", "15 years or more";
    (None, "no_minimum") for a length bounded from above, a range or an approximate or vague
    count ("less than 5 years", "between 5 and 10 years", "nearly 20 years", "several years");
    (None, "not_in_years") for a count of another unit ("18 months") or of none ("20+");
    (None, "no_count") for words that state no length at all.
    """
    text = _numbers_as_digits(" ".join(words.casefold().split()))
    numbers = re.findall(r"\d+(?:\.\d+)?", text)
    if re.search(rf"\b{OTHER_UNITS}\b", text) or (numbers and not re.search(YEAR_UNITS, text)):
        return None, NOT_IN_YEARS
    if not re.search(rf"\b{YEAR_UNITS}\b", text):
        return None, NO_COUNT
    bounded_below = re.sub(_AT_LEAST, " ", text)
    if len(numbers) > 1 or re.search(rf"\b(?:{_NO_MINIMUM})\b|~", bounded_below):
        return None, NO_MINIMUM
    if not numbers:
        return None, NO_COUNT
    return float(numbers[0]), MINIMUM


def _numbers_as_digits(text: str) -> str:
    text = re.sub(_TENS, lambda m: str(_NUMBERS[m[1]] + _NUMBERS[m[2]]), text)
    text = re.sub(r"\b(?:a|an|one) dozen\b", "12", text)
    text = re.sub(r"\b(?:a|an)\s+(decade|year)\b", r"1 \1", text)
    text = re.sub(r"\b(\w+)\b", lambda m: str(_NUMBERS.get(m[1], m[1])), text)
    text = re.sub(r"\b(\d+) (years? )?and a half\b", _and_a_half, text)
    text = re.sub(r"(\d+(?:\.\d+)?) decades?\b", lambda m: f"{float(m[1]) * 10:g} years", text)
    return re.sub(r"\bdecades?\b", "years", text)


def _and_a_half(found: re.Match[str]) -> str:
    return f"{int(found[1]) + 0.5:g} {found[2] or ''}"


def recency_years(words: str) -> tuple[bool, float | None] | None:
    """(current, within_years) that words such as "currently" or "in the last 5 years" state."""
    tokens = _lowered(words)
    if tokens and set(tokens) <= {"currently", "current", "now", "presently", "present", "at"}:
        return True, None
    text = _numbers_as_digits(" ".join(words.casefold().split()))
    found = re.fullmatch(
        rf"(?:(?:in|within|over|during) (?:the )?(?:last|past)|within) (\d+(?:\.\d+)?) "
        rf"{YEAR_UNITS}",
        text,
    )
    return (False, float(found[1])) if found else None


# -- spans, lead-ins, gaps -------------------------------------------------------------------


def find_words(text: str, words: str, taken: Iterable[Span] = ()) -> Span | None:
    """The first place `words` stand in `text` as whole words (case and spacing aside) that
    overlaps nothing already taken."""
    chunks = words.split()
    if not chunks:
        return None
    pattern = r"(?<!\w)" + r"\s+".join(map(re.escape, chunks)) + r"(?!\w)"
    held = list(taken)
    for found in re.finditer(pattern, text, flags=re.IGNORECASE):
        if not any(found.start() < end and start < found.end() for start, end in held):
            return found.start(), found.end()
    return None


def lead_in(words: str) -> tuple[str | None, str]:
    """("in", "European markets") for "in European markets"; (None, words) without one."""
    tokens = words_of(words)
    bound = len(tokens) > 1 and tokens[1][0].casefold() in {"least", "most"}  # "at least 5 years"
    if (
        len(tokens) > 1
        and tokens[0][0].casefold() in LEAD_INS
        and tokens[1][0].isalnum()
        and not bound
    ):
        return tokens[0][0], words[tokens[1][1] :].strip()
    return None, words.strip()


@dataclass(frozen=True)
class Piece:
    """Words of the text between facets that are more than framing (offsets in the text)."""

    words: str
    start: int
    end: int


@dataclass(frozen=True)
class Gaps:
    carried: dict[str, str]  # facet key -> the words leading into it
    pieces: tuple[Piece, ...]


_BREAK = re.compile(r"[,;:!?()\[\]\"]|(?<!\d)\.|\.(?!\d)|\s[-\u2013\u2014]+\s")


def read_gaps(text: str, spans: list[tuple[int, int, str]]) -> Gaps:
    """What stands between the facets' spans: lead-ins each facet carries, and the pieces."""
    carried: dict[str, str] = {}
    pieces: list[Piece] = []
    cursor = 0
    for start, end, facet_key in [*sorted(spans), (len(text), len(text), "")]:
        chunks = _chunks(text, cursor, start)
        for index, (first, last) in enumerate(chunks):
            words = [t.casefold() for t, _, _ in words_of(text[first:last])]
            leads = facet_key and index == len(chunks) - 1 and not text[last:start].strip()
            if all(word in FRAMING or word in CONNECTORS for word in words):
                continue
            # Framing may stand outside the text, or be another facet right before the verb
            # ("10+ years selling ..."): nothing but spacing between them.
            unframed = not text[:first].strip() or (
                index == 0 and cursor > 0 and not text[cursor:first].strip()
            )
            if leads and _leads_in(words, opens_the_text=unframed):
                carried[facet_key] = text[first:last]
                continue
            piece = _trimmed(text, first, last)
            if piece is not None:
                pieces.append(piece)
        cursor = max(cursor, end)
    return Gaps(carried, tuple(pieces))


def _chunks(text: str, start: int, end: int) -> list[Span]:
    bounds, cursor = [], start
    for found in _BREAK.finditer(text, start, end):
        bounds.append((cursor, found.start()))
        cursor = found.end()
    bounds.append((cursor, end))
    trimmed = []
    for first, last in bounds:
        part = text[first:last]
        if part.strip():
            begin = first + len(part) - len(part.lstrip())
            trimmed.append((begin, begin + len(part.strip())))
    return trimmed


def _leads_in(words: list[str], *, opens_the_text: bool = False) -> bool:
    """Framing, then plain verbs of doing, then particles: "Experts who led", "who worked in";
    at the very start of the text the framing may stand outside it ("sold surgical staplers",
    a brief's "Who has" compiled away), and right behind another facet it is that facet
    ("10+ years selling surgical staplers"): the verb leads into the facet all the same."""
    at = 0
    while at < len(words) and words[at] in FRAMING:
        at += 1
    verbs = at
    while at < len(words) and words[at] in VERBS_OF_DOING:
        at += 1
    if (not verbs and not opens_the_text) or at == verbs:
        return False
    return all(word in PARTICLES for word in words[at:])


def _trimmed(text: str, start: int, end: int) -> Piece | None:
    """A piece without its leading framing or "and" and its trailing connectors.

    A hyphenated word is one word ("hands-on"), and "with" right behind framing is framing
    ("Experts with"): elsewhere it may lead into words of the niche, and is kept."""
    tokens = [
        (found.group(), found.start(), found.end())
        for found in HYPHENATED.finditer(text[start:end])
    ]
    leading = (FRAMING - LEAD_INS - {"a", "an", "the"}) | {"and", "&"}
    framed = False
    while tokens and (
        tokens[0][0].casefold() in leading or (framed and tokens[0][0].casefold() == "with")
    ):
        framed = framed or tokens[0][0].casefold() in FRAMING
        tokens.pop(0)
    while tokens and (tokens[-1][0].casefold() in CONNECTORS | FRAMING):
        tokens.pop()
    if not tokens:
        return None
    first, last = start + tokens[0][1], start + tokens[-1][2]
    return Piece(text[first:last], first, last)
