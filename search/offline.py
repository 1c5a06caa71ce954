"""The offline brief compiler: a brief compiled by rules, with no model and no network.

Every word of the brief ends as one of four things, and none is lost in silence:
- a constraint the record decides: a place the person is based in (search/brief_places.py: a
  lead, a list, a typo the vocabulary decides safely; or a place standing alone at the end of
  the words before the cut, "Sales directors Germany") on the relation with a place slot; a job
  function on the relation with a function slot, where a word for a role follows it ("Sales
  directors", "a Marketing role"), "head of" leads it, or "in" after a word for people ("people
  in HR");
- framing: the words of asking ("Who", "show me", "experts in", "people who", "anyone with",
  "is there") at the edges of what remains, and a question mark; so are the words of a question
  about the record itself ("how many", "count", "list everyone", "who lives in"): over
  constraints alone, such a question compiles to the constraints and no niche, and the search's
  whole count answers it;
- the niche, handed on WHOLE as the criterion's text: in each sentence, from the first word
  that is neither framing nor a constraint to the last, the brief's own words, with the places
  compiled and the words dropped cut out (a function between niche words stays: "VP-level
  Sales leaders"); sentences joined by "; ";
- dropped, and said, with why: markup (search/brief_text.py), words addressed to the system
  ("ignore your instructions ...": never a constraint), a brief in a language this compiler
  does not read (search/brief_language.py; its niche, whole: the constraints it can read
  still compile), a place name
  the vocabulary cannot decide, a constraint the pack has no relation for, a function excluded
  ("except those in Sales", "non-marketing": function_excluded).

A negation or exclusion before a place ("not in France", "outside Europe", "non-EU", "except
those in Spain") compiles to the place's `ne` (one per place of a list), never to the place
(search/brief_places.py); beside a place the person is based in it narrows it ("in Europe
except Switzerland").

After the sentence's first "has", "have", "had", "having" or "with" (or a relative "who",
"that", "which"), once a word of substance stands before it or right after "who" or a word for
people ("Who has sold ...", "anyone with ..."), the words describe the person's work: a place
there is where the work was ("has sold surgical staplers in the DACH region"), niche, unless an
explicit lead says where the person is based ("based in Spain").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from criteria.criterion.facet_demonyms import DEMONYMS
from limma.door import offline_handler
from limma.text import BUYING_VERBS, LEADING_VERBS, SELLING_VERBS
from limma.vocabulary import Term, Vocabulary
from limma.vocabulary.folding import fold
from search.brief_language import LANGUAGE_NOT_READ, in_another_language
from search.brief_places import (
    BASED_AFTER,
    FOREIGN_ONLY_LEAD,
    LIST_JOIN,
    ends_the_phrase,
    excluded,
    led,
    typo_of,
    verb_behind_a_place,
)
from search.brief_text import (
    ADDRESSED_TO_THE_SYSTEM,
    MARKUP,
    Dropped,
    addressed_to_the_system,
    clauses,
    without_markup,
)

NO_RELATION = "no_relation_for_it"
# A function the person must not have held: a person holds many roles, and `ne` on one of them
# would meet anybody with another role, so the words are said, never searched as their opposite.
FUNCTION_EXCLUDED = "function_excluded"
WORD = re.compile(r"[^\W_]+(?:[-'\u2019&][^\W_]+)*")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words for a role that make a function before them the person's function.
SENIORITY = _words(
    """leader leaders director directors head heads executive executives manager managers lead
    leads vp vps svp svps evp evps officer officers chief chiefs president presidents partner
    partners associate associates analyst analysts coordinator coordinators assistant
    assistants consultant consultants representative representatives rep reps adviser advisers
    advisor advisors engineer engineers counsel"""
)
PEOPLE = _words(
    """people person persons experts expert specialists specialist professionals professional
    someone somebody anyone anybody everyone everybody individuals individual candidates
    candidate profiles profile folks contacts staff those practitioners"""
)
GENERIC_ROLE = _words("role roles function functions team teams background backgrounds department")
ROLE_WORDS = SENIORITY | PEOPLE | GENERIC_ROLE
FUNCTION_LEAD = re.compile(
    r"\b(?:head|heads|vp|vps|vice president|director|directors|chief|leader|leaders)\s+of"
    r"(?:\s+the)?\s*$",
    re.IGNORECASE,
)
IN_AFTER_PEOPLE = re.compile(
    r"\b(?:" + "|".join(sorted(PEOPLE)) + r"|works?|worked|working)\s+(?:in|within)\s*$",
    re.IGNORECASE,
)
# The words of asking: never a condition, left off at the niche's edges (inside it they stay).
FRAMING = (
    _words(
        """who which whom whose what where how is are was were be been being has have had having
        with do does did can could would will should must might may you we i me us our your my
        they them their there here please hi hello thanks thank a an the some any all every
        each find finding show showing list listing give get tell need needs want wants looking
        look search searching seeking seek recommend suggest name identify locate of in on at
        for from to by about within across into among as and or also only based located living
        know knows knowing understand understands familiar knowledgeable specialising
        specializing specialised specialized specialise specialize specialises specializes
        focused focussed focusing focussing best top good great excellent strong ideal suitable
        relevant qualified potential possible available interesting useful right let lets i'm
        we're i'd we'd directory database ones one many much count counting number total live
        lives reside resides residing"""
    )
    | PEOPLE
    | GENERIC_ROLE
)
# "who's", "anyone's", "who've": the words of asking with "has", "is" or "have" behind them.
FRAMING |= frozenset(
    f"{who}'{have}" for who in ("who", "what", "that", "there", "here", *PEOPLE)
    for have in ("s", "ve")
)  # fmt: skip
CUT_WORDS = _words("has have had having with")
# "who's", "anyone's", "who've": "who" or a word for people with "has" or "have" behind it
# ("Who's got experience ...", "Who's sold ..."); "'s" is "has" only before "got", "been" or a
# past participle ("Who's in Ireland?" is "who is"). A "got" right after "has" is framing.
CONTRACTED = re.compile(r"^(?P<who>[^\W_]+)'(?P<have>s|ve)$")  # over folded words
GOT = _words("got gotten")
PARTICIPLES = _words(
    """got gotten been sold led run done held built made taken seen written won grown brought
    bought taught spent worn"""
)
# Verbs of doing that turn a sentence to the person's work ("Who in Switzerland sold ...",
# "Anyone in Austria selling ..."): a place behind them is where the work was, the niche's.
WORK_VERBS = SELLING_VERBS | BUYING_VERBS | LEADING_VERBS | _words("marketed launched")
WORKING = _words("work works worked working")
PREPOSITIONS = _words(
    """in on of at for from to by about within across into among over regarding concerning
    around toward towards via through with without like than outside except excluding"""
)
RELATIVE_WORDS = _words("who that which whose")
# "non-German", "non-European": a place the person is not based in, named by its adjective.
NON_DEMONYM = re.compile(
    r"\bnon-(?P<demonym>"
    + "|".join(re.escape(name) for name in sorted(DEMONYMS, key=len, reverse=True))
    + r")\b"
)
_QUOTES_BEFORE = "\"'(\u201c\u2018["
_AFTER_LAST = re.compile(r"[+%]*[\"')\u201d\u2019\]]?")


@dataclass
class Claimed:
    """A span of the brief given to a constraint or dropped: never part of the niche."""

    start: int
    end: int
    kind: str  # "place", "excluded" (a place the person is not based in), "function", "dropped"


@dataclass
class Sentence:
    start: int
    end: int
    cut: int  # where the words about the person's work begin (module docstring)


def compile_brief(brief: str, relations: dict[str, dict[str, str]]) -> dict[str, Any]:
    """The BriefReply for a brief over the pack's relations, as a dict (module docstring)."""
    vocabulary = Vocabulary.shipped()
    text, markup = without_markup(brief)
    dropped = [Dropped(" ".join(markup), MARKUP)] if markup else []
    claimed: list[Claimed] = []
    spans: list[Sentence] = []
    for start, sentence_end in clauses(text):
        order = addressed_to_the_system(text, start, sentence_end)
        end = sentence_end if order is None else order
        if order is not None:
            dropped.append(Dropped(_tidy(text[order:sentence_end]), ADDRESSED_TO_THE_SYSTEM))
            claimed.append(Claimed(order, sentence_end, "dropped"))
        if text[start:end].strip():
            spans.append(Sentence(start, end, _cut(text, start, end)))
    in_other_language = any(
        in_another_language(text[span.start : span.end], held=lambda w: bool(vocabulary.find_in(w)))
        for span in spans
    ) or any(
        FOREIGN_ONLY_LEAD.search(text, span.start, span.start + low)
        for span in spans
        for low, _, _ in vocabulary.find_in(text[span.start : span.end], axis="place")
    )
    places: list[Term] = []
    excluded_places: list[Term] = []
    functions: list[Term] = []
    for span in spans:
        for place, claim in _places(text, span, vocabulary, in_other_language, dropped):
            if place is not None:
                (excluded_places if claim.kind == "excluded" else places).append(place)
            claimed.append(claim)
        if not in_other_language:
            for term, claim in _functions(text, span, vocabulary, claimed):
                if term is None:
                    dropped.append(Dropped(_tidy(text[claim.start : claim.end]), FUNCTION_EXCLUDED))
                else:
                    functions.append(term)
                claimed.append(claim)
    constraints = _constraints(relations, places, excluded_places, functions, dropped)
    pieces = [piece for span in spans if (piece := _niche(text, span, claimed))]
    criterion = "; ".join(pieces) or None
    if criterion and in_other_language:
        dropped.append(Dropped(criterion, LANGUAGE_NOT_READ))
        criterion = None
    return {
        "constraints": constraints,
        "criterion": criterion,
        "dropped": [item.as_json() for item in dropped],
    }


def _constraints(
    relations: dict[str, dict[str, str]],
    places: list[Term],
    excluded_places: list[Term],
    functions: list[Term],
    dropped: list[Dropped],
) -> list[dict[str, Any]]:
    """The places (`eq`, or `in` for a list), one `ne` per place excluded, the functions; a
    kind the pack has no relation for is said."""
    constraints = []
    included = {term.name for term in places}
    for slot_type, terms, op in (
        ("place", places, "eq"),
        ("place", excluded_places, "ne"),
        ("function", functions, "eq"),
    ):
        names = list(dict.fromkeys(term.name for term in terms))
        if op == "ne":
            names = [name for name in names if name not in included]
        if not names:
            continue
        target = _relation_with(relations, slot_type)
        if target is None:
            dropped.append(Dropped(", ".join(names), NO_RELATION))
            continue
        relation, slot = target
        if op == "ne":
            constraints += [
                {"relation": relation, "slot": slot, "op": "ne", "value": name} for name in names
            ]
            continue
        constraints.append(
            {
                "relation": relation,
                "slot": slot,
                "op": "eq" if len(names) == 1 else "in",
                "value": names[0] if len(names) == 1 else names,
            }
        )
    return constraints


def _relation_with(relations: dict[str, dict[str, str]], slot_type: str) -> tuple[str, str] | None:
    for relation, slots in sorted(relations.items(), key=lambda item: item[0] != "based_in"):
        for slot, kind in slots.items():
            if kind == slot_type:
                return relation, slot
    return None


def _cut(text: str, start: int, end: int) -> int:
    """Where the sentence turns to the person's work: the first cut word after a word of
    substance, or right after "who" or a word for people ("Who has sold ...", "anyone with
    ..."); a verb of doing there, or opening the sentence ("Who in Switzerland sold ...",
    "selling staplers ..."), or a noun that is a verb too right after "who in <place>" ("who in
    Germany markets ...", search/brief_places.py); the end when none."""
    substance = False
    previous = ""
    words = list(WORD.finditer(text, start, end))
    for at, word in enumerate(words):
        folded = fold(word.group())
        if folded in CUT_WORDS and (substance or previous in PEOPLE or previous == "who"):
            return word.start()
        if folded in WORK_VERBS and (
            substance or previous in PEOPLE or previous == "who" or not at
        ):
            return word.start()
        if verb_behind_a_place(text, word.start(), start, end):
            return word.start()  # "who in Germany markets baby milk in France"
        if folded in RELATIVE_WORDS and substance:
            return word.start()
        contracted = CONTRACTED.match(folded)
        if contracted and (substance or contracted["who"] in PEOPLE or contracted["who"] == "who"):
            after = fold(words[at + 1].group()) if at + 1 < len(words) else ""
            if contracted["have"] == "ve" or after in PARTICIPLES or after.endswith("ed"):
                return word.start() + len(contracted["who"])
        substance = substance or folded not in FRAMING
        previous = folded
    return end


def _has_got(folded: str, previous: str) -> bool:
    """A "got" right after "has" (or "'s", "'ve"): the words of asking, as "has" is."""
    if folded not in GOT:
        return False
    contracted = CONTRACTED.match(previous)
    return previous in CUT_WORDS - {"with"} or contracted is not None


def _places(
    text: str,
    span: Sentence,
    vocabulary: Vocabulary,
    in_other_language: bool,
    dropped: list[Dropped],
) -> list[tuple[Term | None, Claimed]]:
    """The places the person is based in, in the sentence (search/brief_places.py)."""
    mentions: list[tuple[int, int, Term | None]] = [
        (span.start + low, span.start + high, term)
        for low, high, term in vocabulary.find_in(text[span.start : span.end], axis="place")
    ]
    known = [(low, high) for low, high, _ in vocabulary.find_in(text[span.start : span.end])]
    for match in NON_DEMONYM.finditer(text, span.start, span.end):
        term = vocabulary.lookup(DEMONYMS[match["demonym"]], axis="place")
        if term is not None:
            mentions.append((match.start("demonym"), match.end("demonym"), term))
            known.append((match.start("demonym") - span.start, match.end("demonym") - span.start))
    lower_case_brief = not any(char.isupper() for char in text)
    for word in WORD.finditer(text, span.start, span.end):
        inside = any(
            low <= word.start() - span.start < high or low < word.end() - span.start <= high
            for low, high in known
        )
        if not inside and (word.group()[:1].isupper() or lower_case_brief):
            mentions.append((word.start(), word.end(), None))
    mentions.sort(key=lambda item: item[0])
    found: list[tuple[Term | None, Claimed]] = []
    last_end: int | None = None  # where the last place taken ends
    last_kind = "place"
    for low, high, mention in mentions:
        term = mention
        taken = _lead_of(
            text, span, (low, high), term, foreign=in_other_language, last=(last_end, last_kind)
        )
        if taken is None:
            continue
        lead, kind, after_based = taken
        if not ends_the_phrase(text, low, high, span.end, known=term is not None):
            continue
        claim = Claimed(low if lead is None else lead, high, kind)
        if term is None:
            typo = typo_of(text[low:high])
            if typo is None:
                continue
            if isinstance(typo, str):
                dropped.append(Dropped(text[low:high], typo))
                claim.kind = "dropped"
                found.append((None, claim))
                continue
            term = typo
        if after_based is not None:
            claim.end = after_based.end()
        found.append((term, claim))
        last_end, last_kind = claim.end, kind
    return found


def _lead_of(
    text: str,
    span: Sentence,
    at: tuple[int, int],
    term: Term | None,
    *,
    foreign: bool,
    last: tuple[int | None, str],
) -> tuple[int | None, str, re.Match[str] | None] | None:
    """Whether the place at `at` says where the person is based, or is NOT based: where its
    lead (or exclusion) begins, "place" or "excluded", and a "-based" behind it; None when it
    says neither. A list joined to the last place taken is of the same kind."""
    low, high = at
    last_end, last_kind = last
    in_tail = low >= span.cut
    joined = last_end is not None and LIST_JOIN.fullmatch(text[last_end:low]) is not None
    exclusion = excluded(text, low, floor=span.start, explicit_only=in_tail)
    if exclusion is None and joined and last_kind == "excluded":
        exclusion = last_end  # "not in Germany or Austria": neither
    if exclusion is not None:
        return exclusion, "excluded", None
    lead = led(text, low, floor=span.start, explicit_only=in_tail, foreign=foreign)
    lead = last_end if lead is None and joined else lead
    after_based = BASED_AFTER.match(text, high, span.end)
    unled = term is not None and not in_tail and _standing_alone(text, span, low, high)
    if lead is None and (after_based is None or in_tail) and not unled:
        return None
    return lead, "place", after_based


def _standing_alone(text: str, span: Sentence, low: int, high: int) -> bool:
    """A place with no lead that still says where the person is based: the last word of
    substance before the cut, written as a name, behind no preposition ("Sales directors
    Germany", "Germany"; "experts on Chad" is a topic); or the sentence's first word with a mark
    behind it ("France: experts in ...")."""
    before = WORD.findall(text, span.start, low)
    if not before and re.match(r"\s*[:,\-\u2013\u2014]", text[high : span.end]):
        return True
    if before and fold(before[-1]) in PREPOSITIONS:
        return False
    if text[low:high].islower() and any(char.isupper() for char in text):
        return False
    after = WORD.findall(text, high, min(span.cut, span.end))
    return all(fold(word) in FRAMING for word in after)


def _functions(
    text: str, span: Sentence, vocabulary: Vocabulary, claimed: list[Claimed]
) -> list[tuple[Term | None, Claimed]]:
    """The functions of the person, before the cut: a word for a role behind it, "head of"
    before it, or "in" after a word for people. A function excluded ("except those in Sales",
    "non-marketing") comes back with no term, to be dropped and said (FUNCTION_EXCLUDED)."""
    found = []
    head_end = min(span.cut, span.end)
    for start, end, term in vocabulary.find_in(text[span.start : head_end], axis="function"):
        low, high = span.start + start, span.start + end
        if any(claim.start <= low < claim.end for claim in claimed):
            continue
        following = [fold(word) for word in WORD.findall(text[high:head_end])[:2]]
        before = text[span.start : low]
        exclusion = excluded(text, low, floor=span.start, explicit_only=False)
        if exclusion is not None:
            found.append((None, Claimed(exclusion, high, "dropped")))
            continue
        in_people = IN_AFTER_PEOPLE.search(before)
        if in_people:
            # "people in HR": the function from "in"; "people work in Marketing": the verb too.
            inside = re.search(r"(?:in|within)\s*$", before, re.IGNORECASE)
            working = fold(in_people.group().split()[0]) in WORKING
            first = in_people.start() if working else inside.start()
            found.append((term, Claimed(span.start + first, high, "function")))
        elif FUNCTION_LEAD.search(before) or any(word in ROLE_WORDS for word in following):
            found.append((term, Claimed(low, high, "function")))
    return found


def _niche(text: str, span: Sentence, claimed: list[Claimed]) -> str | None:
    """The sentence's niche: from its first word of substance to its last, the places and the
    dropped words cut out (module docstring)."""
    content = []
    previous = ""
    for word in WORD.finditer(text, span.start, span.end):
        claim = next((c for c in claimed if c.start <= word.start() < c.end), None)
        folded = fold(word.group())
        if claim is None and folded not in FRAMING and not _has_got(folded, previous):
            content.append(word)
        previous = folded
    if not content:
        return None
    low, high = content[0].start(), content[-1].end()
    while low > span.start and text[low - 1] in _QUOTES_BEFORE:
        low -= 1
    high += _AFTER_LAST.match(text, high).end() - high
    kept, at = [], low
    for claim in sorted(claimed, key=lambda c: c.start):
        if claim.kind == "function" or claim.end <= low or claim.start >= high:
            continue
        kept.append(text[at : max(at, claim.start)])
        at = max(at, claim.end)
    kept.append(text[at:high])
    return _tidy(" ".join(kept)) or None


def _tidy(words: str) -> str:
    """Spacing made single, no space before a mark, no mark doubled by a cut."""
    words = " ".join(words.split())
    words = re.sub(r"\s+([,;:.!?)])", r"\1", words)
    words = re.sub(r"([,;:])(?:\s*[,;:])+", r"\1", words)
    return words.strip(" ,;:")


@offline_handler("brief_compiler")
def brief_compiler(request: Any) -> dict[str, Any]:
    return compile_brief(request.brief, request.relations)
