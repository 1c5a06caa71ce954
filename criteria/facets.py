"""A caller's split of a criterion, checked against its text before anything is read or paid for.

A facet is the text's own words for ONE condition. The reader holds those words to rules, so it
refuses (422 criterion_facets_invalid, every fault named `<key>:<what>`) any facet it can tell is
wrong: words that are not the text's, a length that is no minimum in years, a count that
disagrees with its own words, a value the vocabulary does not hold, a name the vocabulary places
elsewhere. What it accepts it echoes with what it made of it: `value`/`typed` (held to the
vocabulary, only where the words name ONE term by themselves), `core` (without a lead-in),
`carried` (a plain verb of doing that leads into a facet, checked by nobody) and
`unchecked_words` (words no facet took). The word lists are closed on purpose: a word outside
them is reported, never silently absorbed. Framing and lead-ins match case aside only; the
words that refuse something (a denial, a preference) also match accents aside, so that an
accent can hide a word from the reader but never a refusal from the caller.

The same word rules serve a model's split (criteria/split.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from criteria.types import CONDITION, DURATION, FACET_KINDS, RECENCY, Facet
from limma.errors import InvalidRequest
from limma.vocabulary import Term, Vocabulary
from limma.vocabulary.folding import fold, key

FACETS_INVALID = "criterion_facets_invalid"
TERM_IS_NOT_THE_HEAD = "term_is_not_the_head"

# Faults, each said as "<key>:<what>". Stable words: callers and tests rely on them.
NOT_A_FACET = "not_a_facet"
FACETS_NOT_A_LIST, FACETS_EMPTY = "not_a_list", "empty"
KEY_MISSING, KEY_DUPLICATED, KIND_UNKNOWN = "key_missing", "key_duplicated", "kind_unknown"
TEXT_MISSING, TEXT_NOT_IN_CRITERION = "text_missing", "text_not_in_criterion"
TEXT_OVERLAPS = "text_overlaps_another_facet"
NOT_OF_ITS_KIND = "{field}_not_of_its_kind"
MIN_YEARS_MISSING, MIN_YEARS_NOT_A_NUMBER = "min_years_missing", "min_years_not_a_number"
MIN_YEARS_IS_NO_MINIMUM, MIN_YEARS_NOT_IN_YEARS = (
    "min_years_is_no_minimum",
    "min_years_not_in_years",
)
MIN_YEARS_NOT_STATED, MIN_YEARS_DISAGREES = "min_years_not_stated", "min_years_disagrees_with_text"
LENGTH_AND_MORE = "text_is_more_than_a_length"
RECENCY_MISSING = "current_or_within_years_missing"
CURRENT_NOT_A_BOOLEAN, WITHIN_YEARS_NOT_A_NUMBER = (
    "current_not_a_boolean",
    "within_years_not_a_number",
)
WITHIN_YEARS_DISAGREES = "within_years_disagrees_with_text"
VALUE_NOT_IN_VOCABULARY = "value_not_in_vocabulary"
VALUE_NOT_THE_WORDS = "value_is_not_what_the_words_name"
CONDITION_NEGATES, CONDITION_IS_A_PREFERENCE = "condition_negates", "condition_is_a_preference"
CONDITION_IS_AN_ALTERNATIVE = "condition_is_an_alternative"
CONDITION_HOLDS_A_LENGTH = "condition_holds_a_length"
CONDITION_NAMES_NOTHING = "condition_names_nothing"
ALSO_NOT_A_LIST, ALSO_TOO_MANY_NAMES = "also_not_a_list", "also_too_many_names"
ALSO_NAME_TOO_LONG = "also_name_too_long"
ALSO_OUTSIDE, ALSO_NEGATES = "also_name_outside_the_value", "also_name_negates"
ALSO_ANOTHER, ALSO_IS_CONDITION = "also_name_is_another_condition", "also_name_is_the_condition"
ALSO_IS_A_LENGTH, ALSO_NAMES_NOTHING = "also_name_is_a_length", "also_name_names_nothing"
MAX_NAMES, MAX_NAME_WORDS = 12, 6


def _listed(words: str) -> list[str]:
    return words.split()


def _closed(words: str) -> frozenset[str]:
    return frozenset(_listed(words))


# What duration_years() says of a length's words.
MINIMUM, NO_MINIMUM, NOT_IN_YEARS, NO_COUNT = "minimum", "no_minimum", "not_in_years", "no_count"

# Closed lists (matched case aside). A lead-in opens a facet; framing and connectors are no
# condition; a carried lead-in is framing, then a plain verb of doing, then a particle.
LEAD_INS = _closed(
    "in across for within throughout at on of inside into among from to with by around"
)
FRAMING = _closed(
    "experts expert people person persons someone somebody anyone candidates candidate "
    "professionals professional individuals individual profiles those who whom that which "
    "with have has had having are is was were been be a an the"
)
VERBS_OF_DOING = _closed(
    "led lead leads leading sold sell sells selling worked work works working ran run runs "
    "running managed manage manages managing did do does doing done"
)
PARTICLES = _closed("in on for with at across within")
CONNECTORS = _closed(
    "and & for in of on at across within throughout to into from by with as through via over "
    "during among inside around the a an"
)
# Matched accents aside: words that deny, bound, prefer or offer an alternative.
NEGATORS = _closed(
    "not no never nor without except excluding exclude excludes excluded neither none unlike cannot"
)
NEGATING_PHRASES = (
    "other than", "apart from", "rather than", "instead of", "aside from", "outside of", "but not"
)  # fmt: skip
PREFERENCES = _closed("ideally preferably preferred preferable optionally optional")
PREFERRING_PHRASES = ("if possible", "where possible", "nice to have", "a plus")
ALTERNATIVES = frozenset(("or", "either", "/"))
NAMING_NOTHING = _closed(
    "team teams work works job jobs role roles thing things stuff area areas field fields "
    "domain domains experience experiences business businesses industry industries sector "
    "sectors space it its this that these those same similar such other others related etc "
    "something anything everything kind kinds type types sort sorts all any one ones them they "
    "their his her whatever whole general various some"
)
YEAR_UNITS, OTHER_UNITS = r"(?:years?|yrs?)", r"(?:months?|mos|weeks?|wks?|days?|quarters?|hours?)"
LENGTH_WORDS = _closed(
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
            if leads and _leads_in(words):
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


def _leads_in(words: list[str]) -> bool:
    """Framing, then plain verbs of doing, then particles: "Experts who led", "who worked in"."""
    at = 0
    while at < len(words) and words[at] in FRAMING:
        at += 1
    verbs = at
    while at < len(words) and words[at] in VERBS_OF_DOING:
        at += 1
    if not verbs or at == verbs:
        return False
    return all(word in PARTICLES for word in words[at:])


def _trimmed(text: str, start: int, end: int) -> Piece | None:
    """A piece without its leading framing or "and" and its trailing connectors."""
    tokens = words_of(text[start:end])
    leading = (FRAMING - LEAD_INS - {"a", "an", "the"}) | {"and", "&"}
    while tokens and tokens[0][0].casefold() in leading:
        tokens.pop(0)
    while tokens and (tokens[-1][0].casefold() in CONNECTORS | FRAMING):
        tokens.pop()
    if not tokens:
        return None
    first, last = start + tokens[0][1], start + tokens[-1][2]
    return Piece(text[first:last], first, last)


# -- typing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Typing:
    value: str | None
    axis: str | None
    typed: bool
    reason: str | None
    fault: str | None = None


def typed_condition(words: str, value: Any, vocabulary: Vocabulary) -> Typing:
    """The ONE vocabulary term a condition means: the value given, or the words' own term."""
    if value is not None:
        term = vocabulary.lookup(value) if isinstance(value, str) and value.strip() else None
        if term is None:
            return Typing(None, None, False, None, VALUE_NOT_IN_VOCABULARY)
        fault = None if _words_fit(words, term, vocabulary) else VALUE_NOT_THE_WORDS
        return Typing(term.name, term.axis, True, None, fault)
    term = vocabulary.lookup(words)
    if term is not None:
        return Typing(term.name, term.axis, True, None)
    if vocabulary.find_in(words):
        return Typing(None, None, False, TERM_IS_NOT_THE_HEAD)
    return Typing(None, None, False, None)


def _words_fit(words: str, term: Term, vocabulary: Vocabulary) -> bool:
    """Words that name a term by themselves name the value; terms among them are under it."""
    own = vocabulary.lookup(words, axis=term.axis)
    if own is not None:
        return own.name == term.name
    held = vocabulary.find_in(words, axis=term.axis)
    return all(vocabulary.is_under(found, term) for _, _, found in held)


# -- a caller's facets -----------------------------------------------------------------------


def facets_from_caller(
    text: str, raw_facets: list[dict], vocabulary: Vocabulary
) -> tuple[tuple[Facet, ...], list[str]]:
    """The caller's facets as the reader holds them, and the words of the text none took.

    Raises InvalidRequest(criterion_facets_invalid, faults=[...]) naming every fault found.
    """
    if not isinstance(raw_facets, list):
        raise InvalidRequest(FACETS_INVALID, faults=[f"facets:{FACETS_NOT_A_LIST}"])
    if not raw_facets:
        raise InvalidRequest(FACETS_INVALID, faults=[f"facets:{FACETS_EMPTY}"])
    faults: list[str] = []
    built: list[tuple[Facet, Span | None]] = []
    placing = _Placing(text, vocabulary)
    for index, raw in enumerate(raw_facets):
        facet, span, found = _one_facet(index, raw, placing)
        faults += found
        if facet is not None:
            built.append((facet, span))
    for facet, _ in built:
        faults += [f"{facet.key}:{fault}" for fault in also_faults(facet, built, vocabulary)]
    if faults:
        raise InvalidRequest(FACETS_INVALID, faults=list(dict.fromkeys(faults)))
    gaps = read_gaps(text, [(span[0], span[1], facet.key) for facet, span in built if span])
    facets = tuple(_with_carried(facet, gaps.carried) for facet, _ in built)
    return facets, [piece.words for piece in gaps.pieces]


def _with_carried(facet: Facet, carried: dict[str, str]) -> Facet:
    words = carried.get(facet.key)
    if words is None:
        return facet
    return replace(facet, carried=(words,))


@dataclass
class _Placing:
    """The text the caller's facets are held to, and what earlier facets already took."""

    text: str
    vocabulary: Vocabulary
    seen: set[str] = field(default_factory=set)
    taken: list[Span] = field(default_factory=list)


def _one_facet(
    index: int, raw: Any, placing: _Placing
) -> tuple[Facet | None, Span | None, list[str]]:
    name = f"facets[{index}]"
    if not isinstance(raw, dict):
        return None, None, [f"{name}:{NOT_A_FACET}"]
    facet_key = raw.get("key")
    if not isinstance(facet_key, str) or not facet_key.strip():
        return None, None, [f"{name}:{KEY_MISSING}"]
    if facet_key in placing.seen:
        return None, None, [f"{facet_key}:{KEY_DUPLICATED}"]
    placing.seen.add(facet_key)
    text, vocabulary, taken = placing.text, placing.vocabulary, placing.taken
    words = raw.get("text")
    kind = raw.get("kind")
    found = [] if kind in FACET_KINDS else [KIND_UNKNOWN]
    if not isinstance(words, str) or not words.strip():
        return None, None, [f"{facet_key}:{fault}" for fault in [*found, TEXT_MISSING]]
    words = " ".join(words.split())
    span = find_words(text, words, taken)
    if span is None:
        found.append(TEXT_OVERLAPS if find_words(text, words) else TEXT_NOT_IN_CRITERION)
    else:
        taken.append(span)
    facet = None
    if kind in FACET_KINDS:
        facet, kind_faults = _BUILDERS[kind](facet_key, words, raw, vocabulary)
        found += kind_faults + _off_kind(raw, kind)
    return facet, span, [f"{facet_key}:{fault}" for fault in found]


_KIND_FIELDS = {
    CONDITION: ("value", "also"),
    DURATION: ("min_years",),
    RECENCY: ("current", "within_years"),
}


def _off_kind(raw: dict, kind: str) -> list[str]:
    """Fields of another kind given a value: a min_years on a condition, a value on a length."""
    others = [name for k, names in _KIND_FIELDS.items() if k != kind for name in names]
    return [
        NOT_OF_ITS_KIND.format(field=name) for name in others if raw.get(name) not in (None, [])
    ]


def _condition(
    facet_key: str, words: str, raw: dict, vocabulary: Vocabulary
) -> tuple[Facet, list[str]]:
    _, core = lead_in(words)
    faults = [fault for test, fault in _CONDITION_TESTS if test(words)][:1]
    typing = typed_condition(core, raw.get("value"), vocabulary)
    faults += [typing.fault] if typing.fault else []
    names, name_faults = _names(raw.get("also"))
    facet = Facet(
        key=facet_key,
        kind=CONDITION,
        text=words,
        value=typing.value,
        axis=typing.axis,
        typed=typing.typed,
        typed_reason=typing.reason,
        core=core if core != words else None,
        also=names,
    )
    return facet, faults + name_faults


_CONDITION_TESTS = (
    (negates, CONDITION_NEGATES),
    (prefers, CONDITION_IS_A_PREFERENCE),
    (offers_alternatives, CONDITION_IS_AN_ALTERNATIVE),
    (holds_a_length, CONDITION_HOLDS_A_LENGTH),
    (names_nothing, CONDITION_NAMES_NOTHING),
)


def _duration(
    facet_key: str, words: str, raw: dict, vocabulary: Vocabulary
) -> tuple[Facet, list[str]]:
    _, core = lead_in(words)
    min_years = raw.get("min_years")
    faults = []
    if min_years is None:
        faults.append(MIN_YEARS_MISSING)
    elif isinstance(min_years, bool) or not isinstance(min_years, int | float) or min_years <= 0:
        faults.append(MIN_YEARS_NOT_A_NUMBER)
        min_years = None
    count, how = duration_years(core)
    faults += _length_faults(count, how, min_years, core)
    facet = Facet(
        key=facet_key,
        kind=DURATION,
        text=words,
        core=core if core != words else None,
        min_years=float(min_years) if min_years is not None else None,
    )
    return facet, faults


def _length_faults(count: float | None, how: str, min_years: Any, words: str) -> list[str]:
    if how == NO_MINIMUM:
        return [MIN_YEARS_IS_NO_MINIMUM]
    if how == NOT_IN_YEARS:
        return [MIN_YEARS_NOT_IN_YEARS]
    if how == NO_COUNT:
        return [MIN_YEARS_NOT_STATED]
    faults = [] if is_a_length(words) else [LENGTH_AND_MORE]
    if min_years is not None and count is not None and abs(float(min_years) - count) > 1e-9:
        faults.append(MIN_YEARS_DISAGREES)
    return faults


def _recency(
    facet_key: str, words: str, raw: dict, vocabulary: Vocabulary
) -> tuple[Facet, list[str]]:
    current, within = raw.get("current"), raw.get("within_years")
    faults = []
    if current is not None and not isinstance(current, bool):
        faults.append(CURRENT_NOT_A_BOOLEAN)
        current = None
    if within is not None and (
        isinstance(within, bool) or not isinstance(within, int | float) or within <= 0
    ):
        faults.append(WITHIN_YEARS_NOT_A_NUMBER)
        within = None
    if not current and within is None and not faults:
        faults.append(RECENCY_MISSING)
    stated = recency_years(words)
    if within is not None and stated and stated[1] is not None and stated[1] != float(within):
        faults.append(WITHIN_YEARS_DISAGREES)
    facet = Facet(
        key=facet_key,
        kind=RECENCY,
        text=words,
        current=current,
        within_years=float(within) if within is not None else None,
    )
    return facet, faults


_BUILDERS = {CONDITION: _condition, DURATION: _duration, RECENCY: _recency}


# -- names the caller accepts (also) ---------------------------------------------------------


def _names(raw: Any) -> tuple[tuple[str, ...], list[str]]:
    if raw is None:
        return (), []
    if not isinstance(raw, list):
        return (), [ALSO_NOT_A_LIST]
    faults = [ALSO_TOO_MANY_NAMES] if len(raw) > MAX_NAMES else []
    names = []
    for name in raw:
        if not isinstance(name, str) or not name.strip():
            faults.append(ALSO_NAMES_NOTHING)
        elif len(name.split()) > MAX_NAME_WORDS:
            faults.append(ALSO_NAME_TOO_LONG)
        else:
            names.append(" ".join(name.split()))
    return tuple(dict.fromkeys(names)), faults


def also_faults(facet: Facet, built: list[tuple[Facet, Any]], vocabulary: Vocabulary) -> list[str]:
    """Why each name the caller accepts for a condition is one the reader can tell is wrong."""
    others = [other for other, _ in built if other.key != facet.key]
    found = (_name_fault(name, facet, others, vocabulary) for name in facet.also)
    return [fault for fault in found if fault]


def _name_fault(name: str, facet: Facet, others: list[Facet], vocabulary: Vocabulary) -> str | None:
    if negates(name) or prefers(name):
        return ALSO_NEGATES
    if is_a_length(name) or holds_a_length(name):
        return ALSO_IS_A_LENGTH
    if names_nothing(name):
        return ALSO_NAMES_NOTHING
    term = vocabulary.lookup(name)
    if _states(facet, name, term):
        return ALSO_IS_CONDITION
    if any(_states(other, name, term) or _among(name, other.also) for other in others):
        return ALSO_ANOTHER
    if facet.typed and not _inside_value(name, facet, vocabulary):
        return ALSO_OUTSIDE
    return None


def _states(facet: Facet, name: str, term: Term | None) -> bool:
    """Whether `name` is the facet's own words, its core, or the term it is typed with."""
    if same_words(name, facet.text) or (facet.core and same_words(name, facet.core)):
        return True
    return bool(facet.typed and term and term.name == facet.value and term.axis == facet.axis)


def _among(name: str, names: Iterable[str]) -> bool:
    return any(same_words(name, other) for other in names)


def _inside_value(name: str, facet: Facet, vocabulary: Vocabulary) -> bool:
    """A typed condition's name must be placed under its value, never beside or above it."""
    value = vocabulary.lookup(facet.value or "", axis=facet.axis)
    if value is None:
        return True
    own = vocabulary.lookup(name, axis=facet.axis)
    held = (
        [own] if own is not None else [t for _, _, t in vocabulary.find_in(name, axis=facet.axis)]
    )
    return all(vocabulary.is_under(term, value) for term in held)
