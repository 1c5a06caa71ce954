"""A judgment explains itself in the admin: the list names the person, the criterion's words and
the verdict, is searched by name and filtered by criterion, workspace, verdict and state; the
page lays out each condition with its quote marked in the document's text (or why it is open),
the lengths handed on with why, the denials with their kind, the ledger rows and their cost,
and links to the person, the document and the criterion."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from criteria.explain import Mark, marked_text
from criteria.models import Judgment
from limma.services.rows import row_create
from tests.factories import (
    judged,
    make_criterion,
    make_document,
    make_judgment,
    make_ledger_entry,
    make_part_label,
    make_workspace,
    quote_of,
)

pytestmark = pytest.mark.django_db

FACETS = [
    {"key": "function", "kind": "condition", "text": "marketing", "value": "Marketing"},
    {"key": "product", "kind": "condition", "text": "baby formula"},
    {"key": "market", "kind": "condition", "text": "in European markets", "value": "Europe"},
    {"key": "duration", "kind": "duration", "text": "10+ years", "min_years": 10},
]
NICHE = "10+ years marketing baby formula in European markets"
GRETA = (
    "Greta Ostrander led marketing for baby formula across Germany and Poland.\n"
    "Greta has done this work for more than 20 years.\n"
)
NIKOLAI = (
    "Nikolai Wierzbicki joined Lumora in 2003.\n"
    "He led marketing for baby formula across Southeast Asia.\n"
    "He has done it for <b>many</b> years & more.\n"
)
DARIO = (
    "Dario Benavente is a sales director at Halden Foods.\n"
    "Dario has never worked on baby formula.\n"
)


def judgment_url(judgment: Judgment) -> str:
    return reverse("admin:criteria_judgment_change", args=[judgment.pk])


LIST = "/admin/criteria/judgment/"


@pytest.fixture
def judged_people(db):
    workspace = make_workspace("Experts")
    criterion = make_criterion(workspace, text=NICHE, facets=FACETS)
    greta = make_document(workspace, entity_name="Greta Ostrander", text=GRETA).document
    nikolai = make_document(workspace, entity_name="Nikolai Wierzbicki", text=NIKOLAI).document
    dario = make_document(workspace, entity_name="Dario Benavente", text=DARIO).document
    matched = make_judgment(
        criterion,
        greta,
        outcome=judged(
            greta,
            established={
                "function": quote_of(greta, "function", "led marketing", checked_by="vocabulary"),
                "product": quote_of(greta, "product", "baby formula", checked_by="quote"),
                "market": quote_of(
                    greta, "market", "across Germany and Poland", checked_by="vocabulary",
                    value="Europe",
                ),
                "duration": quote_of(
                    greta, "duration", "for more than 20 years", checked_by="length"
                ),
            },
        ),
    )  # fmt: skip
    handed = quote_of(nikolai, "duration", "He has done it for <b>many</b> years & more.")
    undetermined = make_judgment(
        criterion,
        nikolai,
        outcome=judged(
            nikolai,
            established={
                "function": quote_of(nikolai, "function", "led marketing", checked_by="vocabulary"),
                "product": quote_of(nikolai, "product", "baby formula", checked_by="quote"),
            },
            missing_because={"market": "different", "duration": "length_not_proved"},
            different=(
                quote_of(nikolai, "market", "across Southeast Asia", value="Southeast Asia"),
            ),
            lengths_not_proved=(
                {
                    "facet": "duration",
                    "source_id": nikolai.source_id,
                    "text": handed.text,
                    "char_start": handed.char_start,
                    "char_end": handed.char_end,
                    "years": None,
                    "bound": None,
                    "kept_as": "doubt",
                    "why": ["behind_a_pronoun", "no_number"],
                },
            ),
        ),
    )
    denied = make_judgment(
        criterion,
        dario,
        outcome=judged(
            dario,
            missing_because={
                "function": "different",
                "market": "silent",
                "duration": "duration_unknown",
            },
            different=(quote_of(dario, "function", "sales director", value="Sales"),),
            denials=(
                quote_of(dario, "product", "Dario has never worked on baby formula.", denies=True),
            ),
        ),
    )
    for attempt, usd in ((1, "0.001200"), (2, "0.000800")):
        make_ledger_entry(
            usd=usd,
            workspace=workspace,
            request_id=f"judgment:{denied.pk}:{attempt}",
            role="reader",
        )
    make_ledger_entry(usd="5", request_id=f"judgment:{denied.pk}0:1")  # another judgment's
    other = make_criterion(workspace, text="sales in Spain", facets=FACETS[:1])
    queued = make_judgment(other, dario, state=Judgment.State.QUEUED, outcome=None)
    return {
        "workspace": workspace,
        "criterion": criterion,
        "other": other,
        "matched": matched,
        "undetermined": undetermined,
        "denied": denied,
        "queued": queued,
        "dario": dario,
    }


def listed(reply) -> list[Judgment]:
    assert reply.status_code == 200
    return list(reply.context["cl"].result_list)


def test_the_list_names_the_person_the_criterion_and_the_verdict(admin_client, judged_people):
    html = admin_client.get(LIST).content.decode()

    rows = re.findall(r"<tr[^>]*>.*?</tr>", html, re.S)
    by_person = {
        name: next(row for row in rows if name in row)
        for name in ("Greta Ostrander", "Nikolai Wierzbicki", "Dario Benavente")
    }
    assert NICHE in by_person["Greta Ostrander"] and "matched" in by_person["Greta Ostrander"]
    assert "undetermined" in by_person["Nikolai Wierzbicki"]
    assert "none (denied)" in by_person["Dario Benavente"]
    assert "not read yet" in html


@pytest.mark.parametrize(
    "typed",
    [
        "Dario Benavente",
        "benavente",
        "DARIO",
        "  dario   benavente ",
        "Darío Benavénte",  # accents the record does not write
        "Benavente Dario",  # the words in another order
    ],
)
def test_the_list_is_searched_by_the_persons_name(admin_client, judged_people, typed):
    found = listed(admin_client.get(LIST, {"q": typed}))

    assert {j.pk for j in found} == {judged_people["denied"].pk, judged_people["queued"].pk}


@pytest.mark.parametrize("typed", ["Ostrandr Greta", "Dario Benavente Smith", "Benaventes"])
def test_a_name_no_one_has_finds_nothing(admin_client, judged_people, typed):
    assert listed(admin_client.get(LIST, {"q": typed})) == []


@pytest.mark.parametrize(
    ("verdict", "who"),
    [
        ("matched", {"matched"}),
        ("none", {"denied"}),
        ("undetermined", {"undetermined"}),
        ("not_read_yet", {"queued"}),
        ("not_recorded", set()),
    ],
)
def test_the_list_is_filtered_by_verdict(admin_client, judged_people, verdict, who):
    found = listed(admin_client.get(LIST, {"verdict": verdict}))

    assert {j.pk for j in found} == {judged_people[name].pk for name in who}


def test_the_list_is_filtered_by_criterion_workspace_and_state(admin_client, judged_people):
    criterion, other = judged_people["criterion"], judged_people["other"]
    elsewhere = make_workspace("Elsewhere")
    stray = make_judgment(
        make_criterion(elsewhere),
        make_document(elsewhere, entity_name="Someone Else").document,
    )

    by_criterion = listed(admin_client.get(LIST, {"criterion__id__exact": criterion.pk}))
    by_other = listed(admin_client.get(LIST, {"criterion__id__exact": other.pk}))
    by_workspace = listed(admin_client.get(LIST, {"criterion__workspace__id__exact": elsewhere.pk}))
    by_state = listed(admin_client.get(LIST, {"state__exact": "queued"}))

    assert {j.pk for j in by_criterion} == {
        judged_people[name].pk for name in ("matched", "undetermined", "denied")
    }
    assert [j.pk for j in by_other] == [judged_people["queued"].pk]
    assert [j.pk for j in by_workspace] == [stray.pk]
    assert [j.pk for j in by_state] == [judged_people["queued"].pk]


def test_a_denied_persons_page_says_why_with_the_denial_and_its_kind(admin_client, judged_people):
    denied = judged_people["denied"]

    html = admin_client.get(judgment_url(denied)).content.decode()

    assert '<strong class="verdict">none (denied)</strong>' in html
    assert (
        "product: denied in the person&#x27;s own words: “Dario has never worked on baby formula.”"
        in html
    )
    assert (
        '<span class="denial-kind">firm denial</span> of <b>product</b>: '
        '<mark class="denial">Dario has never worked on baby formula.</mark>'
    ) in html
    assert '<code class="missing-because">different</code>' in html
    assert '<code class="missing-because">duration_unknown</code>' in html


def test_the_page_links_to_the_person_the_document_and_the_criterion(admin_client, judged_people):
    denied = judged_people["denied"]
    document = denied.document

    html = admin_client.get(judgment_url(denied)).content.decode()

    entity_url = reverse("admin:limma_entity_change", args=[document.entity_id])
    assert f'<a class="person-link" href="{entity_url}">Dario Benavente</a>' in html
    assert reverse("admin:limma_document_change", args=[document.pk]) in html
    assert reverse("admin:criteria_criterion_change", args=[denied.criterion_id]) in html


def test_the_page_shows_its_ledger_rows_and_their_cost_and_no_one_elses(
    admin_client, judged_people
):
    html = admin_client.get(judgment_url(judged_people["denied"])).content.decode()

    ledger = re.search(r'<table class="ledger">.*?</table>', html, re.S).group(0)
    assert ledger.count("<tr>") == 3  # a heading and two calls
    assert "0.001200" in ledger and "0.000800" in ledger and "5.000000" not in ledger
    assert '<p class="cost">2 calls, $0.002000 in all.</p>' in html


def test_a_judgment_with_no_call_says_so(admin_client, judged_people):
    html = admin_client.get(judgment_url(judged_people["matched"])).content.decode()

    assert "No model call was recorded for this judgment." in html


def test_each_condition_shows_its_quote_marked_in_the_documents_text(admin_client, judged_people):
    html = admin_client.get(judgment_url(judged_people["matched"])).content.decode()

    text = re.search(r'<div class="document-text"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert (
        '<mark class="established" title="function">led marketing</mark> for '
        '<mark class="established" title="product">baby formula</mark> '
        '<mark class="established" title="market">across Germany and Poland</mark>.'
    ) in text
    assert '<mark class="established" title="duration">for more than 20 years</mark>' in text
    conditions = re.search(r'<table class="conditions">.*?</table>', html, re.S).group(0)
    for checked_by in ("vocabulary", "quote", "length"):
        assert f"<td>{checked_by}</td>" in conditions
    assert "Every condition is established in one experience" in html


def test_an_open_condition_says_why_and_a_length_handed_on_says_why(admin_client, judged_people):
    html = admin_client.get(judgment_url(judged_people["undetermined"])).content.decode()

    assert "market: different — the document states another value" in html
    assert '<mark class="different">across Southeast Asia</mark> → Southeast Asia' in html
    handed = re.search(r'<ul class="lengths-handed-on">.*?</ul>', html, re.S).group(0)
    assert "He has done it for &lt;b&gt;many&lt;/b&gt; years &amp; more." in handed
    assert "<code>behind_a_pronoun</code>, <code>no_number</code>" in handed
    text = re.search(r'<div class="document-text"[^>]*>(.*?)</div>', html, re.S).group(1)
    assert '<mark class="handed-on" title="duration">He has done it for &lt;b&gt;many' in text
    assert "<b>many</b>" not in text


def test_a_judgment_not_read_yet_says_so(admin_client, judged_people):
    html = admin_client.get(judgment_url(judged_people["queued"])).content.decode()

    assert '<strong class="verdict">not read yet</strong>' in html
    assert "The document has not been read yet." in html


def test_a_failed_read_says_its_cause(admin_client, judged_people):
    failed = make_judgment(
        judged_people["other"],
        judged_people["matched"].document,
        state=Judgment.State.FAILED,
        outcome=None,
        failure="model_call_failed",
    )

    html = admin_client.get(judgment_url(failed)).content.decode()

    assert "not recorded (the read failed)" in html
    assert "The read failed (model_call_failed); nothing was judged." in html


def test_a_documents_page_lists_its_judgments_and_labels(admin_client, judged_people):
    dario = judged_people["dario"]
    make_part_label(dario.sentences.last(), label="baby formula")

    html = admin_client.get(
        reverse("admin:limma_document_change", args=[dario.pk])
    ).content.decode()

    assert judgment_url(judged_people["denied"]) in html
    assert judgment_url(judged_people["queued"]) in html
    assert "none (denied)" in html and "sales in Spain" in html
    assert (
        "baby formula</a></td><td>function</td><td>Dario has never worked on baby formula." in html
    )


def test_a_persons_page_lists_their_documents_rows_and_judgments(admin_client, judged_people):
    dario = judged_people["dario"]
    row = row_create(
        workspace=judged_people["workspace"],
        entity=dario.entity,
        relation="based_in",
        values={"place": "Spain"},
        origin="declared",
        source_table="experts",
        record_id="d1",
    )

    html = admin_client.get(
        reverse("admin:limma_entity_change", args=[dario.entity_id])
    ).content.decode()

    assert reverse("admin:limma_document_change", args=[dario.pk]) in html
    assert reverse("admin:limma_relationrow_change", args=[row.pk]) in html
    assert "place: Spain" in html
    assert judgment_url(judged_people["denied"]) in html


def test_why_a_named_person_is_not_a_match_in_one_search_and_one_click(admin_client, judged_people):
    search = admin_client.get(LIST, {"q": "Nikolai Wierzbicki"}).content.decode()
    link = re.search(r'<th class="field-person"><a href="([^"]+)">Nikolai Wierzbicki</a>', search)

    html = admin_client.get(link.group(1)).content.decode()

    why = re.search(r'<ul class="why">(.*?)</ul>', html, re.S).group(1)
    assert "market: different" in why and "duration: length_not_proved" in why
    assert "function" not in why and "product" not in why


# --- marking the text (a pure function) -------------------------------------------------------


@pytest.mark.parametrize(
    ("marks", "expected"),
    [
        pytest.param([], "a &lt;b&gt; c", id="none_the_text_escaped"),
        pytest.param(
            [Mark(2, 5, "x", "f")], 'a <mark class="x" title="f">&lt;b&gt;</mark> c', id="one"
        ),
        pytest.param(
            [Mark(0, 7, "x", "f"), Mark(2, 5, "y", "g")],
            '<mark class="x" title="f">a &lt;b&gt; c</mark>',
            id="inside_another_left_to_the_outer",
        ),
        pytest.param(
            [Mark(2, 5, "y", "g"), Mark(0, 3, "x", "f")],
            '<mark class="x" title="f">a &lt;</mark>b&gt; c',
            id="overlapping_the_first_kept_whole",
        ),
        pytest.param([Mark(5, 99, "x", "f")], "a &lt;b&gt; c", id="past_the_end_not_marked"),
        pytest.param(
            [Mark(0, 1, "x", '"><script>')],
            '<mark class="x" title="&quot;&gt;&lt;script&gt;">a</mark> &lt;b&gt; c',
            id="a_hostile_label_escaped",
        ),
    ],
)
def test_marked_text(marks, expected):
    assert marked_text("a <b> c", marks) == expected


def test_the_verdict_is_the_lists_own_for_a_doubt_beside_support(judged_people):
    from criteria.explain import judgment_verdict
    from criteria.types import Quote

    greta = judged_people["matched"]
    outcome = dict(greta.outcome)
    doubt = Quote(
        facet="product", text="baby formula", source_id="s", char_start=0, char_end=1,
        kept_as="doubt",
    )  # fmt: skip
    outcome["denials"] = [doubt.__dict__]
    greta.outcome = outcome

    assert judgment_verdict(greta) == "undetermined"  # a doubt beside support is never a match
