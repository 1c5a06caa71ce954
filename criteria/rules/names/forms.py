"""What stands before a stated name (criteria/rules/names/rule.py, name_fate): the three settled
forms — A the person then a verb of doing, B the work named as a thing, C their own work as the
subject — and the form that refuses it, the name as the complement of another thing.

These read the words before the name only; what may stand behind it is
criteria/rules/names/behind.py, whose place and time readers also read a leading place or time ("In
2019, she …").
"""

from __future__ import annotations

from criteria.rules.names.behind import place_ends, time_ends
from criteria.rules.names.lists import (
    ARTICLES,
    AUXILIARIES,
    COMPLEMENT_PREPS,
    COPULAS_AND_HAVE,
    FRAME_VERBS,
    LENGTH_COUNTS,
    LENGTH_UNITS,
    MAX_NAME_WORDS,
    NOT_LED_BY_THE_PERSON,
    OTHER_PREPOSITIONS,
    OWN_WORK_AS_SUBJECT,
    PERSON_THEN_VERB,
    PERSONAL_POSSESSIVES,
    PREPOSITION_STATES_NO_WORK,
    PREPOSITIONS_ASIDE,
    RANK_WORDS,
    SUBJECT_PREPS,
    SUBJECT_PRONOUNS,
    SUBJECT_VERBS,
    THING_VERBS,
    VERB_NOT_LISTED,
    VERB_PREPS,
    VERBS_OF_DOING,
    WORD_BETWEEN_NOT_WORK,
    WORK_AS_A_THING,
    WORK_PREPS,
    WORK_SUBJECTS,
    WORK_WORDS,
)
from criteria.rules.names.words import Context, Words, phrase_ends
from limma.text import closed

# -- the settled forms: what stands before the name -----------------------------------------


def prefix_form(before: Words, context: Context) -> tuple[str | None, str]:
    """(the settled form's word, "") or (None, why the words before the name are no form)."""
    why_not = NOT_LED_BY_THE_PERSON
    for start in sorted(_lead_starts(before, context)):
        form, why = _from_subject(before, start, context)
        if form is not None:
            return form, ""
        if why != NOT_LED_BY_THE_PERSON:
            why_not = why
    return None, why_not


def _lead_starts(words: Words, context: Context) -> set[int]:
    """Where the subject may start: at 0, or behind a leading place or time ("In 2019, she …")."""
    starts, pending = {0}, [0]
    while pending:
        at = pending.pop()
        for end in place_ends(words, at, context) | time_ends(words, at):
            after = end + 1 if end < len(words) and words.folded[end] == "," else end
            if after not in starts:
                starts.add(after)
                pending.append(after)
    return starts


def _from_subject(words: Words, at: int, context: Context) -> tuple[str | None, str]:
    folded = words.folded
    if at >= len(folded):
        return None, NOT_LED_BY_THE_PERSON
    person = context.person
    for size in range(len(person), 0, -1):
        if folded[at : at + size] == person[:size]:
            return _doing(words, at + size, context)
        if (
            folded[at : at + size - 1] == person[: size - 1]
            and at + size - 1 < len(folded)
            and folded[at + size - 1] == person[size - 1] + "'s"
        ):
            return _own_work(words, at + size, context)
    if folded[at] in SUBJECT_PRONOUNS:
        return _doing(words, at + 1, context)
    if folded[at] in PERSONAL_POSSESSIVES or folded[at] == "the":
        return _own_work(words, at + 1, context)
    return None, NOT_LED_BY_THE_PERSON


def _own_work(words: Words, at: int, context: Context) -> tuple[str | None, str]:
    """Form C: "her portfolio centred on", "their remit covered", "The range in question was"."""
    folded, size = words.folded, len(words)
    if at >= size or folded[at] not in WORK_SUBJECTS:
        return None, NOT_LED_BY_THE_PERSON
    at += 1
    if folded[at : at + 2] == ("in", "question"):
        at += 2
    while at < size and folded[at] in closed("has have had also"):
        at += 1
    if at >= size or folded[at] not in SUBJECT_VERBS:
        return None, VERB_NOT_LISTED
    at += 1
    if at < size and folded[at] in SUBJECT_PREPS:
        at += 1
    if at < size and folded[at] in ARTICLES:
        at += 1
    if at == size:
        return OWN_WORK_AS_SUBJECT, ""
    return None, _why_between(folded, at)


def _doing(words: Words, at: int, context: Context) -> tuple[str | None, str]:
    """Forms A and B: the person, [auxiliaries,] then a verb of doing or a thing and its
    preposition ("she sold", "has led", "took charge of sales for", "was responsible for")."""
    folded, size = words.folded, len(words)
    auxiliary = False
    while at < size and folded[at] in AUXILIARIES:
        auxiliary = auxiliary or folded[at] in COPULAS_AND_HAVE
        at += 1
    if at >= size:
        return None, VERB_NOT_LISTED
    verb = folded[at]
    if verb in VERBS_OF_DOING:
        things, failed = _chain(words, at + 1, context, direct=True)
    elif verb in THING_VERBS:
        things, failed = _chain(words, at + 1, context, direct=False)
        things = things if things else -1
    elif auxiliary:
        things, failed = _chain(words, at, context, direct=False)
        things = things if things else -1
        if things < 0 and failed == at:
            return None, VERB_NOT_LISTED
    else:
        return None, VERB_NOT_LISTED
    if things < 0:
        return None, _why_between(folded, failed)
    return (WORK_AS_A_THING if things else PERSON_THEN_VERB), ""


def _chain(words: Words, at: int, context: Context, *, direct: bool) -> tuple[int, int]:
    """(how many things stand between the verb and the name, or -1; the furthest token read).

    What may stand there: nothing; [det] right before the name; directly behind a verb of
    doing one of VERB_PREPS ("worked on"); or things, each ["in"] [det] <thing> <WORK_PREPS>.
    """
    folded, size = words.folded, len(words)
    best, furthest = -1, at

    def walk(position: int, count: int, first: bool) -> None:
        nonlocal best, furthest
        furthest = max(furthest, position)
        rest = folded[position:]
        if not rest or (len(rest) == 1 and rest[0] in ARTICLES):
            best = max(best, count)
            return
        if first and direct and rest[0] in VERB_PREPS:
            after = folded[position + 1 :]
            if not after or (len(after) == 1 and after[0] in ARTICLES):
                best = max(best, count)
                return
        thing = position
        if folded[thing] == "in":
            thing += 1
        ends = context.thing_ends(words, thing)  # "a decade" is a length, not "a" "decade"
        if thing < size and folded[thing] in ARTICLES:
            ends |= context.thing_ends(words, thing + 1)
        for end in sorted(ends):
            if end < size and folded[end] in WORK_PREPS:
                walk(end + 1, count + 1, False)

    walk(at, 0, True)
    return best, furthest


def _why_between(folded: tuple[str, ...], failed: int) -> str:
    """A preposition that ends the words before the name states no work ("sold into", "worked
    towards"); anything else there is a word between the verb and the name that is no work."""
    rest = folded[failed:]
    if len(rest) == 1 and rest[0] in PREPOSITIONS_ASIDE | OTHER_PREPOSITIONS:
        return PREPOSITION_STATES_NO_WORK
    return WORD_BETWEEN_NOT_WORK


# -- refused: the name as the complement of another thing ------------------------------------


def complement_of_another_thing(before: Words, context: Context) -> bool:
    """<noun> <preposition> [det] <name>, the noun no work, no term, no condition's words, and
    not the object of a verb of the frame ("designed packaging for infant milks") — wherever
    such a link stands in a chain of them before the name: "led marketing for packaging for
    …", "designed packaging for marketing of …". A link whose noun is work (a word of work, a
    rank, a length, a term or a condition's words) leads on to the link before it."""
    folded = before.folded
    end, first = len(folded), True
    while True:
        while end and folded[end - 1] in ARTICLES:
            end -= 1
        if end < 2 or folded[end - 1] not in COMPLEMENT_PREPS:
            return False
        head = end - 1  # the noun ends here (exclusive)
        start = _work_before(before, head, context, first=first)
        if start is None:
            if not _is_a_thing(folded, head - 1):
                return False
            return not _object_of_a_frame_verb(before, head - 1, context)
        end, first = start, False


def _work_before(before: Words, head: int, context: Context, *, first: bool) -> int | None:
    """Where the work that ends at `head` starts, or None where the noun there is no work.
    Further down a chain a rank or a length is the person's own too ("director of marketing
    for …", "ten years on marketing for …")."""
    for index in (context.terms, context.own, context.own_bare, context.stated):
        for start in range(max(0, head - MAX_NAME_WORDS), head):
            if head in phrase_ends(index, before, start):
                return start
    noun = before.folded[head - 1]
    if noun in WORK_WORDS or (not first and noun in RANK_WORDS | LENGTH_UNITS):
        return head - 1
    return None


def _object_of_a_frame_verb(before: Words, noun: int, context: Context) -> bool:
    """A verb of the frame within four words before the noun, governing it itself: its
    object ("sold products for …", "spent a couple of tins on …") or behind its own
    preposition ("worked at Nestle on …"); never across another noun's preposition ("led
    marketing for packaging for …": "marketing" is work there, not the verb)."""
    folded = before.folded
    for position in range(noun - 1, max(-1, noun - 5), -1):
        word = folded[position]
        if not word[0].isalnum():
            return False
        if word in FRAME_VERBS:
            return True
        if word in COMPLEMENT_PREPS and position:
            ahead = folded[position - 1]
            if _work_before(before, position, context, first=False) is not None:
                return False
            if ahead not in FRAME_VERBS and not (word == "of" and ahead in LENGTH_COUNTS):
                return False
    return False


def _is_a_thing(folded: tuple[str, ...], at: int) -> bool:
    """Whether the word may be the noun a complement hangs on: a word, no pronoun, determiner,
    preposition, auxiliary or verb of the lists, no "-ed" participle, no number, and no "-ing"
    word behind its subject ("she specialising in")."""
    word = folded[at]
    if not word[0].isalpha():
        return False
    listed = (
        SUBJECT_PRONOUNS
        | PERSONAL_POSSESSIVES
        | ARTICLES
        | PREPOSITIONS_ASIDE
        | OTHER_PREPOSITIONS
        | AUXILIARIES
        | FRAME_VERBS
        | SUBJECT_VERBS
    )
    if word in listed or word.endswith(("ed", "ly")):
        return False  # a participle or an adverb: "specialised in", "centred mainly on"
    return not (
        word.endswith("ing")
        and at
        and folded[at - 1] in SUBJECT_PRONOUNS | AUXILIARIES | closed("it we you")
    )
