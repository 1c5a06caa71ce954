"""The words of one sentence, read for the one form a length is granted by.

Pure functions over text: where a sentence stands on its line (check 4), whether it is the closed
form word for word (check 5) and what it points at (check 3), and the organisations, careers and
earlier times it writes. Who leads it (check 1) is read in criteria.rules.lengths.lead. Nothing here
decides a verdict; criteria.rules.lengths.rule puts the checks together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from criteria.rules.lengths.count import DATE, MODIFIERS_ABOUT, MODIFIERS_AT_LEAST, NUMBER, VAGUE
from criteria.rules.lengths.count import MODIFIERS_UNBOUNDED as _UNBOUNDED
from limma.text import closed, fold

# Words of an organisation's name that say nothing of WHICH organisation it is.
ORGANISATION_WORDS = closed(
    """as asa ab ag gmbh ltd limited inc llc plc sa sas bv nv oy oyj spa srl co corp corporation
    company group holding holdings foods food nutrition dairy dairies bank partners consulting
    international industries"""
)
CONNECTORS = closed("& and of de du la le van der den von og och und et y")

_TIMESTAMP = r"[\[(]?\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?[\])]?"
_ITEM = re.compile(r"(?:[-*+\u2022\u2023\u25e6\u25aa\u25cf\u25cb\u2013\u2014]|\d{1,3}[.)])\s+")


# -- check 4: where it stands ------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """A sentence's body past its turn label or time stamp, and the marks it stands behind."""

    body: str
    offset: int  # where the body starts in the sentence
    marked: bool  # behind a quote mark or a bracketed mark that is no time stamp


def standing_of(sentence: str, speaker: str | None) -> Standing:
    at = 0
    stamp = re.match(_TIMESTAMP + r"\s*", sentence)
    if stamp:
        at = stamp.end()
    if speaker:
        label = re.match(re.escape(speaker) + r"\s*:\s*", sentence[at:])
        if label:
            at += label.end()
    marked = False
    while True:
        rest = sentence[at:]
        mark = re.match(r"(?:>+|[\[(][^\])]{0,40}[\])]|[\"\u201c\u201e\u00ab\u2018'])\s*", rest)
        if mark and not re.fullmatch(_TIMESTAMP + r"\s*", mark.group()):
            marked, at = True, at + mark.end()
            continue
        item = _ITEM.match(rest)
        if item:
            at += item.end()
            continue
        break
    return Standing(sentence[at:].rstrip(), at, marked)


def under_a_colon(text: str, start: int) -> bool:
    """An item under a line that ends in a colon ("Claims the reference check rejected:")."""
    lines = _lines(text)
    index = next(i for i, (a, b) in enumerate(lines) if a <= start <= b)
    item = _is_item(text, lines[index])
    if text[lines[index][0] : start].strip() and not item:
        return False  # prose that goes on after another sentence of its line
    while index > 0:
        gap, index = False, index - 1
        while index > 0 and not text[slice(*lines[index])].strip():
            gap, index = True, index - 1
        above = text[slice(*lines[index])].strip()
        if not above:
            return False
        if above.endswith(":"):
            return item or not gap
        if gap or not ((_is_item(text, lines[index]) and item) or above[-1:] in ".!?"):
            return False
    return False


def quoted_line(text: str, start: int) -> bool:
    """The sentence's line opens with a quote mark ("> …")."""
    line_start = max(text.rfind("\n", 0, start), text.rfind("\r", 0, start)) + 1
    return text[line_start:start].lstrip().startswith(">")


def _lines(text: str) -> list[tuple[int, int]]:
    spans, at = [], 0
    for match in re.finditer(r"\r\n|[\n\r]", text):
        spans.append((at, match.start()))
        at = match.end()
    spans.append((at, len(text)))
    return spans


def _is_item(text: str, line: tuple[int, int]) -> bool:
    return bool(_ITEM.match(text[slice(*line)].lstrip()))


_POINTS_BACK = re.compile(
    r"(?:(?:that|this|the\s+(?:above|previous|preceding|last|former))"
    r"(?:\s+(?:line|sentence|claim|statement|entry|figure|number|count|length|quote|passage"
    r"|paragraph|item|text|part|bit|one))?\s+(?:is|was|were|has\s+been|had\s+been|isn't|wasn't)"
    r"\b|(?:scratch|strike|ignore|disregard|delete|correction)\b)"
    r"|.*\b(?:the\s+(?:line|sentence|claim|statement|entry)\s+(?:above|before)"
    r"|the\s+(?:previous|preceding|last)\s+(?:line|sentence|claim|statement|entry))\b",
    re.IGNORECASE,
)


# A short next sentence that takes the one before back: "(Not verified.)", "Untrue."
_TAKES_BACK = re.compile(
    r"\W*(?:not\s+(?:true|verified|confirmed|correct|accurate|so)|unverified|unconfirmed"
    r"|incorrect|false|untrue|wrong|an?\s+error|a\s+mistake|just\s+kidding|retracted|withdrawn"
    r"|disputed|citation\s+needed)\b",
    re.IGNORECASE,
)


def points_back(next_body: str) -> bool:
    """The next sentence points back at this one: "That line was an error.", "(Not verified.)"."""
    if _POINTS_BACK.match(next_body):
        return True
    return len(next_body.split()) <= 6 and bool(_TAKES_BACK.match(next_body))


# -- checks 3 and 5: what it points at, and what it says -----------------------------------------

FORM_NOUNS = ("work", "role", "job", "position", "post", "capacity", "remit")
_DETERMINERS = r"this|that|these|those|the\s+same|such|said|the|her|his|their|my|our|its"
_NOUNS = (
    r"work|works|roles?|jobs?|positions?|posts?|capacity|capacities|remits?|functions?"
    r"|assignments?|field"
)
POINTER = re.compile(
    rf"\b(?P<det>{_DETERMINERS})\s+(?P<kind>(?:kind|type|sort|line)\s+of\s+)?(?P<noun>{_NOUNS})\b"
    r"|\b(?P<bare>this|that)\s+(?=(?:for|since|from)\b)",
    re.IGNORECASE,
)
_VERB = (
    r"(?:(?P<aux>has|have|had)\s+)?(?P<verb>done|did|held|been\s+in|been\s+doing|been\s+holding"
    r"|was\s+in|worked\s+in|served\s+in)"
)
# The form's closed list of verbs: after has, have or had, and alone.
WITH_AUX = {"done", "held", "been in", "been doing", "been holding", "worked in", "served in"}
WITHOUT_AUX = {"did", "held", "was in", "worked in", "served in"}
_MODIFIER = "|".join(
    re.escape(word)
    for word in sorted(MODIFIERS_AT_LEAST + MODIFIERS_ABOUT + _UNBOUNDED, key=len, reverse=True)
)
_COUNT_SLOT = rf"(?:(?:{_MODIFIER})\s+)?(?:{NUMBER})\+?\s+years?|(?:{VAGUE})\s+years"
_ORG = r"[^\s\d_][^\s]*(?:\s+[^\s]+){0,7}?"
FORM = re.compile(
    rf"(?P<subject>\S.*?)\s+{_VERB}\s+(?P<det>{_DETERMINERS})\s+(?P<kind>kind\s+of\s+)?"
    rf"(?P<noun>[A-Za-z]+)(?:\s+(?P<prep>at|with|for)\s+(?P<org>{_ORG}))?\s+"
    rf"(?P<count>for\s+(?:{_COUNT_SLOT})|since\s+{DATE}|from\s+{DATE}\s+to\s+{DATE})\."
)


@dataclass(frozen=True)
class Form:
    """A sentence read against the one form: the slots it fills, and what it gets wrong."""

    pointing: bool  # it points at a piece of work: "this role", "that work", "her job"
    shaped: bool  # it is the form's sentence, whatever its subject, pointer, org or count
    pointer_ok: bool  # "this [kind of] <one of the seven nouns>", as the form writes it
    subject: str | None = None
    aux: str | None = None
    count: str | None = None  # "for", "since" or "from"
    org: str | None = None


def form_of(body: str) -> Form:
    pointer = POINTER.search(body)
    pointing = pointer is not None
    match = FORM.fullmatch(body)
    if match is None:
        return Form(pointing, False, _pointer_ok(pointer))
    aux, verb = match["aux"], " ".join(match["verb"].split())
    grammatical = verb in (WITH_AUX if aux else WITHOUT_AUX)
    det, noun = " ".join(match["det"].split()), match["noun"]
    pointer_ok = det == "this" and noun in FORM_NOUNS
    shaped = grammatical and bool(re.fullmatch(_NOUNS, noun)) and _organisation_shaped(match["org"])
    return Form(
        True, shaped, pointer_ok, match["subject"], aux, match["count"].split()[0], match["org"]
    )


def _pointer_ok(pointer: re.Match[str] | None) -> bool:
    if pointer is None or pointer["bare"]:
        return False
    kind = pointer["kind"] or ""
    det = " ".join(pointer["det"].split())
    return det == "this" and kind in ("", "kind of ") and pointer["noun"] in FORM_NOUNS


def _organisation_shaped(org: str | None) -> bool:
    if org is None:
        return True
    words = org.split()
    return all(word[:1].isupper() or word[:1].isdigit() or word in CONNECTORS for word in words)


# -- what else a sentence writes: organisations, careers, earlier times ------------------------

OWN, UNPROVED, ANOTHER = "own", "unproved", "another"
_NAMED_ORG = re.compile(
    r"\b(?P<prep>(?i:at|with|for|joined))\s+(?P<org>[^\W\d_][\w&'\u2019.\-]*"
    r"(?:\s+(?:[^\W\d_][\w&'\u2019.\-]*|&|and|of|de|du|la|le|van|der|den|von))*)"
)
_UNNAMED_ORG = re.compile(
    r"\b(?:at|with|for)\s+(?:another|a\s+different|a\s+previous|a\s+former|an\s+earlier|a\s+prior"
    r"|(?:her|his|their|my)\s+(?:previous|former|old|last)|a|an|other)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:company|employer|firm|organi[sz]ation|business|manufacturer|agency|group|brand|producer"
    r"|supplier|retailer|bank|corporation|multinational|start-?up|consultancy)\b"
    r"|\belsewhere\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    relation: str  # OWN, UNPROVED or ANOTHER


def organisations_in(body: str, employer: str | None) -> list[Mention]:
    """The organisations a sentence writes, each held to the experience's own employer."""
    found = []
    at = 0
    while match := _NAMED_ORG.search(body, at):
        org = _capitalised_run(match["org"]).rstrip(".,")
        at = match.start("org") + max(len(org), 1)  # "for Germany at X": X is read too
        if not org:
            continue
        relation = relation_to(org, employer)
        marked = bool(set(fold(org).split()) & ORGANISATION_WORDS)
        if match["prep"].lower() == "for" and relation == ANOTHER and not marked:
            continue  # "for Germany": a market, as likely as a firm
        found.append(Mention(match.start("org"), match.start("org") + len(org), relation))
    found += [Mention(m.start(), m.end(), ANOTHER) for m in _UNNAMED_ORG.finditer(body)]
    return sorted(found, key=lambda mention: mention.start)


def _capitalised_run(words: str) -> str:
    """The words up to the first that is neither capitalised nor a connector ("of", "&")."""
    kept: list[str] = []
    for word in words.split():
        if not (word[:1].isupper() or (kept and word in CONNECTORS)):
            break
        kept.append(word)
    while kept and kept[-1] in CONNECTORS:
        kept.pop()
    return " ".join(kept)


def relation_to(org: str, employer: str | None) -> str:
    """own: the employer's name; unproved: a shorter or longer form of it (or no employer is
    known); another: a name that is no form of the employer's."""
    if employer is None:
        return UNPROVED
    if fold(org) == fold(employer):
        return OWN
    mine, theirs = set(fold(org).split()), set(fold(employer).split())
    if (mine - ORGANISATION_WORDS) & (theirs - ORGANISATION_WORDS) or mine <= theirs:
        return UNPROVED
    return ANOTHER


def names_the_employer(body: str, employer: str | None) -> bool:
    if not employer or not fold(employer):
        return False
    return re.search(rf"(?<!\w){re.escape(fold(employer))}(?!\w)", fold(body)) is not None


_CAREER = re.compile(
    r"\b(?:years?|decades?)['\u2019]?\s+(?:of\s+)?(?:[\w-]+\s+){0,2}?experience\b|\bcareers?\b"
    r"|\bexperience\s+of\b|\bin\s+(?:total|all)\b(?![ \t]+\w)|\b(?:professional|working)\s+life\b"
    r"|\bin\s+the\s+(?:industry|field|sector|business)\b",
    re.IGNORECASE,
)
# Words that put a count before the experience: anywhere before it ("Before joining Halden, she
# spent 22 years in banking"), or right before it ("moved there after 22 years in banking").
_EARLIER = re.compile(
    r"\b(?:before|prior\s+to|previously|formerly|earlier|having\s+(?:spent|worked|served|been))\b",
    re.IGNORECASE,
)
_RIGHT_AFTER = re.compile(
    r"(?<!look\s)(?<!looks\s)(?<!looked\s)(?<!looking\s)\b(?:after|following)(?:\s+\S+){0,3}\s*$",
    re.IGNORECASE,
)


def a_career(body: str) -> bool:
    """A career's total: "has 22 years of experience in consumer goods"."""
    return _CAREER.search(body) is not None


def earlier_before(body: str, at: int) -> bool:
    """What came before, written before the count: "moved there after 22 years in banking"."""
    return bool(_EARLIER.search(body, 0, at) or _RIGHT_AFTER.search(body[:at]))
