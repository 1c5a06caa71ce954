"""The one closed table the Q&A page says codes through: every code a reply carries, in words.

A code is a reason a list may be missing someone (a search's incomplete_because key), why a
niche was not read in full (a criterion's status and status_reason), why a condition is open
(close.because), how far a person's documents are read, or why a question got no answer. The
page never prints a code: `sentence_for` gives the table's sentence, and a code the table does
not hold gets the general sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

GENERAL = "Something here could not be settled. Please try again, or ask another way."
GENERAL_COUNTED = "For {people}, the answer could not be settled either way."
SEARCH_FAILED = "search_failed"  # a search that failed without a code of its own
AGENT_FAILED = "agent_failed"  # a fault of ours while answering, or an error not in the table
NO_PROFILE_READ = (
    "No profile has been read for this question, and this demo answers only from profiles "
    "already read."
)


@dataclass(frozen=True)
class Sentence:
    """A sentence; `{people}`, `{parts}` or `{relation}` are filled in by `sentence_for`."""

    text: str
    # Said instead of `text` when no count is known ("some people" would read oddly).
    uncounted: str = ""


# How a relation of the pack is said. A relation not here is "one of the conditions".
RELATIONS = {
    "based_in": "their location",
    "held_role": "their role",
    "criterion": "what the question asks of their experience",
}
SOME_RELATION = "one of the conditions"

# Reasons a list may be missing someone, by family: the part after ":" is a relation.
PER_RELATION = {
    "not_recorded": Sentence("For {people}, the directory records nothing about {relation}."),
    "withheld": Sentence("For {people}, the directory withholds {relation}."),
    "cannot_be_placed": Sentence("For {people}, the directory cannot place {relation}."),
    # Only the niche ("criterion") is ever not run: the ordinary conditions always run.
    "not_run": Sentence("For {people}, the question's own condition could not be checked."),
    "over_budget": Sentence("For {people}, the question's own condition could not be checked."),
    "partial": Sentence("For {people}, the question's own condition has not been checked yet."),
}
# A search's constraint that did not run, by why (not_bound:<why>).
NOT_BOUND = Sentence(
    "The directory could not search {parts} of the question.",
    "The directory could not search part of the question.",
)
NOT_BOUND_WHY = {
    "relation_unknown": NOT_BOUND,
    "slot_unknown": NOT_BOUND,
    "op_not_for_slot": NOT_BOUND,
    "value_not_a_number": NOT_BOUND,
    "value_not_in_vocabulary": Sentence(
        "The directory does not know a place or field the question names, so that part was not "
        "searched."
    ),
}

TABLE: dict[str, Sentence] = {
    # --- what keeps a list from being everybody (incomplete_because) -----------------------
    "dropped": Sentence(
        "The directory could not search {parts} of the question.",
        "The directory could not search part of the question.",
    ),
    "not_compiled": Sentence(
        "The directory could not search {parts} of the question.",
        "The directory could not search part of the question.",
    ),
    "not_recorded:criterion": Sentence(
        "For {people}, no profile has been read for what the question asks."
    ),
    "criterion_silent": Sentence("The documents of {people} do not say enough to tell."),
    "criterion_conflict": Sentence("The documents of {people} say both yes and no."),
    "criterion_not_read": Sentence("The documents of {people} have not been read yet."),
    "criterion_no_documents": Sentence("The directory holds no document for {people}."),
    "criterion_partially_decomposed": Sentence(
        "Some words of the question were not checked against anyone's documents."
    ),
    "criterion_documents_outside_universe": Sentence(
        "Some documents are about people the directory does not list, so they were not checked."
    ),
    "criterion_not_run": Sentence(
        "The question's own condition was not checked, so nobody was confirmed for it."
    ),
    "criterion_over_budget": Sentence(
        "The question's own condition was not checked, so nobody was confirmed for it."
    ),
    # --- a niche's status ------------------------------------------------------------------
    "complete": Sentence("Every profile this question needs has been read."),
    "partial": Sentence("Not every profile this question needs has been read yet."),
    "over_budget": Sentence(
        "This question needs more profiles read than one question may read here; none were read."
    ),
    "over_budget_during_read": Sentence(
        "Reading stopped before every profile was read; what was read stands."
    ),
    "not_run": Sentence("No profile was read for this question."),
    # --- and its status_reason -------------------------------------------------------------
    "time_budget": Sentence("The rest are still being read; ask again in a moment to see them."),
    "spend_cap": Sentence("Reading stopped at this demo's limit for one question."),
    "read_failures": Sentence("Some profiles could not be read."),
    "max_reads": Sentence(
        "This question needs more profiles read than one question may read here."
    ),
    "max_usd": Sentence("This question needs more profiles read than one question may read here."),
    "reuse_only_criterion_unknown": Sentence("No profile has been read for this question yet."),
    "decomposition_incomplete": Sentence(
        "The question's condition could not be taken apart into parts that can be checked; "
        "try wording it more simply."
    ),
    "decomposition_failed": Sentence(
        "The question's condition could not be understood; try wording it another way."
    ),
    "decomposition_timeout": Sentence(
        "Understanding the question took too long; please try again."
    ),
    "ordinary_constraint_not_bound": Sentence(
        "Part of the question could not be searched, so nobody's profile was read for it."
    ),
    "no_candidates_in_relation_space": Sentence(
        "The directory lists nobody these documents are about."
    ),
    "provider_refused": Sentence(
        "The profiles could not be read right now; please try again later."
    ),
    # --- why a condition of someone close is open (close.because) -------------------------
    "not_stated": Sentence("Their documents say nothing about it."),
    "stated_not_verified": Sentence(
        "Their documents state it in a sentence that could not be verified."
    ),
    # --- how far one person's documents are read ------------------------------------------
    "no_documents": Sentence("There is no profile on record."),
    "unread": Sentence("The profile has not been read yet."),
    "being_read": Sentence("The profile is being read now."),
    "not_read": Sentence("The profile has not been read yet."),
    "read_by_another_reader": Sentence(
        "The profile was read before under other settings and has not been read again yet."
    ),
    "failed": Sentence("The profile could not be read."),
    # --- why a question got no answer -----------------------------------------------------
    "model_unavailable": Sentence(
        "The service that answers questions is not available right now. Please try again in a "
        "few minutes."
    ),
    "spend_switch_off": Sentence(
        "This demo is not answering questions right now. Please try again later."
    ),
    "ceiling_visitor": Sentence(
        "You have asked all the questions this demo allows for one visitor. Thank you for "
        "trying it."
    ),
    "ceiling_day": Sentence(
        "This demo has answered all the questions it can today. Please come back tomorrow."
    ),
    "criteria_read_needs_write": Sentence(NO_PROFILE_READ),
    "compile_unavailable": Sentence(
        "The question could not be turned into a search right now. Please try again later."
    ),
    "model_reply_invalid": Sentence("The answer could not be finished. Please ask again."),
    AGENT_FAILED: Sentence("The answer could not be finished. Please ask again."),
    "max_turns": Sentence(
        "The answer stopped before it was finished. Please ask again, perhaps more narrowly."
    ),
    SEARCH_FAILED: Sentence("The search for this question did not come back. Please try again."),
    "niche_search_failed": Sentence(
        "The search for what the question asks of people's experience did not come back, so "
        "nobody is listed. Please try again."
    ),
    "too_many_criteria": Sentence(
        "The question asks for more than one thing of people's experience; ask for one at a time."
    ),
    "invalid_request": Sentence("The question could not be searched as asked. Please rephrase it."),
}

# Every code a reply of this product carries that the page may say (the test checks each one).
PRODUCT_CODES: tuple[str, ...] = (
    *TABLE,
    *(f"{family}:{relation}" for family in PER_RELATION for relation in RELATIONS),
    *(f"not_bound:{why}" for why in NOT_BOUND_WHY),
)


def _people(count: int | None) -> str:
    if count is None:
        return "some people"
    return f"{count} person" if count == 1 else f"{count} people"


def _parts(count: int | None) -> str:
    if count is None:
        return "some parts"
    return "one part" if count == 1 else f"{count} parts"


def _said(sentence: Sentence, count: int | None, relation: str = "") -> str:
    text = sentence.uncounted if count is None and sentence.uncounted else sentence.text
    said = text.format(people=_people(count), parts=_parts(count), relation=relation)
    return said[0].upper() + said[1:]


def known(code: str) -> bool:
    """Whether the table holds the code (a relation family counts for any relation)."""
    family, _, rest = code.partition(":")
    if code in TABLE:
        return True
    if family == "not_bound":
        return rest in NOT_BOUND_WHY
    return family in PER_RELATION and bool(rest)


def sentence_for(code: str, count: int | None = None) -> str:
    """The plain sentence for `code`; `count` is how many people (or parts) it is about."""
    code = str(code)
    if code in TABLE:
        return _said(TABLE[code], count)
    family, _, rest = code.partition(":")
    if family == "not_bound" and rest in NOT_BOUND_WHY:
        return _said(NOT_BOUND_WHY[rest], count)
    if family in PER_RELATION and rest:
        return _said(PER_RELATION[family], count, RELATIONS.get(rest, SOME_RELATION))
    if family in TABLE and rest:  # "criterion_silent:crit_…" as coverage.narrowed_by writes it
        return _said(TABLE[family], count)
    return GENERAL if count is None else _said(Sentence(GENERAL_COUNTED), count)


def failure_code(error: BaseException) -> str:
    """The table's code for an exception a run ended in: its own type when the table holds it.

    A model call that was sent and got no reply (timed out, refused, failed) is, to a visitor,
    the model being unavailable.
    """
    kind = getattr(error, "type", "")
    if kind == "model_call_failed":
        return "model_unavailable"
    if isinstance(kind, str) and kind in TABLE:
        return kind
    return AGENT_FAILED
