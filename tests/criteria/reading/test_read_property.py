"""Whatever the stand-in model replies, nobody is matched on what the product's code did not check.

A property test over judge_document and the four lists: the document is drawn from a pool of
sentences about one person (the niche stated, the one closed form of a length and its near
misses, denials of every kind, an accepted name), and the reading model's reply, the second
call's answers and the criterion's accepted names are drawn at random — quotes from the
document, from outside it and garbled, lengths, denials, names. For every draw, a person on the
matched list must satisfy the three promises of the spec ("Four lists, never two"):

* every quote of the match re-reads byte for byte from the person's own document;
* the length rests on the one sentence of the pool written in the closed form;
* no denial the model listed stands against them: each listed denial is either not the
  document's words or the one form the reader sets aside (another person's full name).
"""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from criteria.lists.four import Candidate, four_lists
from criteria.reading.read import Asks, judge_document
from limma.door.shapes import ReadReply, SecondCallReply, SecondCallRequest
from tests.criteria.niche import FACETS
from tests.criteria.reading.scripted import VOCABULARY

PERSON = "Ingrid Valen"
STATES_NICHE = "Ingrid Valen led marketing for baby formula across Norway and Sweden."
CLOSED_FORM = "Ingrid has done this work for more than 20 years."
SET_ASIDE = "Greta Holm has never worked on baby formula."
POOL = (
    STATES_NICHE,
    CLOSED_FORM,
    "She has done this work for more than 20 years.",
    "Greta Holm has done this work for more than 20 years.",
    "Valen has done this work for more than 20 years.",
    "I held this role for 22 years.",
    "Ingrid sold baby formula across Norway for 22 years.",
    "Ingrid has done this work for more than 20 years and holds an MBA.",
    "Ingrid has never worked on baby formula.",
    "She has never worked on baby formula herself.",
    SET_ASIDE,
    "Greta Holm confirmed that Ingrid has never worked on baby formula.",
    "She sold infant milks.",
    "She designed packaging for infant milks.",
    "She holds an MBA.",
)
OUTSIDE = (
    "Tom Brandt never sold baby formula.",
    "Ingrid led marketing for baby formula across Spain.",
    "Ingrid has done this work for more than 30 years.",
)
PHRASES = (
    "led marketing for baby formula",
    "marketing",
    "baby formula",
    "infant milks",
    "packaging for infant milks",
    "across Norway and Sweden",
    "across Norway",
    "Norway and Sweden",
    "for more than 20 years",
    "for 22 years",
    "more than 20 years",
    "Baby Formula",
    "across Spain",
)
ANSWERS = (("yes", "own_work"), ("yes", None), ("no", None), ("unsure", None))
ANSWERS += (("yes", "beside_the_work"), ("yes", "another_role"), ("yes", "not_the_person"))
KEYS = tuple(facet.key for facet in FACETS)

words = st.one_of(
    st.none(),
    st.sampled_from(PHRASES),
    st.sampled_from(POOL + OUTSIDE),
    st.text(alphabet="abcdefghij nN.", max_size=12),
)
evidence = st.fixed_dictionaries({"quote": words, "states": words})
experience = st.fixed_dictionaries(
    {
        "conditions": st.dictionaries(st.sampled_from((*KEYS, "Product", "other")), evidence),
        "period": st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {
                    "start": st.sampled_from((None, "2001", "2021", "2030")),
                    "end": st.sampled_from((None, "2023", "present")),
                }
            ),
        ),
        "sentences": st.lists(st.sampled_from(POOL + OUTSIDE), max_size=5),
        "employer": st.sampled_from((None, "Fjordmeieri AS")),
    }
)
# A reply close to the faithful one: each condition quoted as the niche's sentence states it
# (or drawn at random), among the niche's sentence and the closed form — so draws reach a match.
FAITHFUL = {
    "function": {"quote": "led marketing for baby formula", "states": "marketing"},
    "product": {"quote": "baby formula", "states": "baby formula"},
    "market": {"quote": "across Norway and Sweden", "states": "Norway and Sweden"},
    "duration": {"quote": "for more than 20 years", "states": "more than 20 years"},
}
near = st.fixed_dictionaries(
    {
        "conditions": st.fixed_dictionaries(
            {key: st.one_of(st.just(FAITHFUL[key]), evidence) for key in KEYS}
        ),
        "period": st.sampled_from((None, {"start": "2001", "end": None})),
        "sentences": st.one_of(
            st.just([STATES_NICHE, CLOSED_FORM]),
            st.lists(st.sampled_from(POOL + OUTSIDE), max_size=5),
        ),
        "employer": st.none(),
    }
)
denial = st.fixed_dictionaries(
    {
        "quote": st.sampled_from(POOL + OUTSIDE),
        "facet": st.sampled_from((None, *KEYS, "Product", "baby formula")),
    }
)


@settings(
    max_examples=1000,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    document=st.tuples(
        st.lists(st.sampled_from(POOL), max_size=4), st.lists(st.sampled_from(POOL), max_size=4)
    ).map(lambda around: [*around[0], STATES_NICHE, CLOSED_FORM, *around[1]]),
    experiences=st.lists(st.one_of(near, near, experience), min_size=1, max_size=2),
    denials=st.one_of(st.just([]), st.lists(denial, max_size=3)),
    subject=st.sampled_from((PERSON, PERSON, None, "Greta Holm")),
    person=st.sampled_from((PERSON, PERSON, None)),
    answers=st.fixed_dictionaries(
        {key: st.one_of(st.just(ANSWERS[0]), st.sampled_from(ANSWERS)) for key in KEYS}
    ),
    also=st.sampled_from(((), ("infant milks",), ("infant milk",), ("packaging",))),
)
def test_no_match_rests_on_anything_unchecked(  # noqa: PLR0917 (hypothesis passes by name)
    document, experiences, denials, subject, person, answers, also
):
    text = "\n".join(document) + "\n"
    facets = tuple(
        dataclasses.replace(facet, also=also) if facet.key == "product" else facet
        for facet in FACETS
    )
    reply = ReadReply.model_validate(
        {"subject": subject, "experiences": experiences, "denials": denials}
    )

    def second_call(request: SecondCallRequest) -> SecondCallReply:
        return SecondCallReply.model_validate(
            {
                "answers": [
                    {"key": each.key, "answer": answers[each.key][0], "role": answers[each.key][1]}
                    for each in request.conditions
                    if each.key in answers
                ]
            }
        )

    judgment = judge_document(
        source_id="doc-1",
        text=text,
        facets=facets,
        reply=reply,
        vocabulary=VOCABULARY,
        person=person,
        asks=Asks(second_call=second_call, typing_call=lambda *_: None),
    )
    candidate = Candidate(entity_id="ingrid_valen", name=PERSON, judgments=(judgment,), documents=1)
    lists = four_lists([candidate], facets, list_limit=10)
    if not lists.matched:
        return
    (match,) = lists.matched
    for quote in match["evidence"]:
        assert text[quote["char_start"] : quote["char_end"]] == quote["text"]
    (length,) = [quote for quote in match["evidence"] if quote["facet"] == "duration"]
    assert _line_of(text, length["char_start"]) == CLOSED_FORM
    for listed in denials:
        assert listed["quote"] not in text or listed["quote"] == SET_ASIDE
    for quote in match["evidence"]:
        if quote["facet"] != "duration":  # every condition confirmed by the second call's yes
            assert quote["checked_by"].endswith("second_call")
            assert answers[quote["facet"]][0] == "yes"
            assert answers[quote["facet"]][1] in (None, "own_work")


def _line_of(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    return text[start : text.index("\n", at)]
