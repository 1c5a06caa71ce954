"""[source]: the search the answer came from, restricted to one person, the niche by its address
under a reuse-only budget; the passage with the exact words marked, the record's fields with table
and column; nothing read, nothing spent (docs/pages.md#source)."""

from __future__ import annotations

import pytest

from criteria.models import Judgment
from limma.ids import new_request_id
from limma.models import LedgerEntry
from limma.services.connect import export_connect
from qa_view.answer.codes import sentence_for
from qa_view.answer.origin import Search
from qa_view.answer.source import person_source, segments
from qa_view.models import Run
from search.service import search_run
from tests.criteria.conftest import EXPERTS as SPEC_EXPERTS
from tests.criteria.conftest import SPEC_NICHE, people_export
from tests.factories import make_key, make_workspace
from tests.qa_view.conftest import EUROPE, htmx

pytestmark = pytest.mark.django_db

# The spec's printed [source] of the first match of its niche over Europe.
SPEC_PRINTED = """\
listed as: fits
record: based_in [('place', 'Germany', 'experts', 'country')]
document: 'Greta Ostrander joined Quellmark Foods in 2001 as a marketing director.\\nShe led \
marketing for baby formula across Germany and Poland until 2023.\\nGreta has done this work for \
more than 20 years.\\n'
   marked ['marketing'] -> 'led marketing for baby formula'
   marked ['baby formula'] -> 'baby formula'
   marked ['in European markets'] -> 'across Germany and Poland'
   marked ['20+ years'] -> 'for more than 20 years'
"""


def printed(found: dict) -> str:
    lines = [f"listed as: {found['listed']}"]
    for field in found["fields"]:
        values = [(v["slot"], v["value"], v["table"], v["column"]) for v in field["values"]]
        lines.append(f"record: {field['relation']} {values}")
    for passage in found["passages"]:
        lines.append(f"document: {passage['text']!r}")
        for mark in passage["marks"]:
            marked = passage["text"][mark["start"] : mark["end"]]
            lines.append(f"   marked {mark['labels']} -> {marked!r}")
    return "\n".join(lines) + "\n"


def test_source_prints_what_the_spec_prints():
    workspace = make_workspace("People")
    export = people_export(SPEC_EXPERTS)
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    analyst, _ = make_key(workspace, role="analyst")
    outcome = search_run(
        key=analyst,
        workspace=workspace,
        constraints=EUROPE,
        criteria=[{"text": SPEC_NICHE}],
        request_id=new_request_id(),
    )
    first = outcome.matched[0]
    viewer, _ = make_key(workspace, role="viewer")
    search = Search(EUROPE, outcome.criteria.criterion.address, ())
    entity_id = workspace.entities.get(pk=first.entity_id).key
    found = person_source(key=viewer, workspace=workspace, search=search, entity_id=entity_id)
    assert printed(found) == SPEC_PRINTED


def test_source_opens_in_place_with_the_exact_words_marked(page, read_ahead):
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    run = Run.objects.latest("id")
    html = page.get(f"/qa/runs/{run.pk}/source/0/", **htmx()).content.decode()
    assert "<html" not in html  # a partial, swapped in under the person
    assert "From Greta Ostrander\u2019s profile" in html
    assert '<mark title="in European markets">across Germany and Poland</mark>' in html
    assert '<mark title="marketing, baby formula">baby formula</mark>' in html
    # The record's field by the vocabulary's own name, with what the export wrote, and the
    # table and column it was loaded from in words; and what else the directory holds for her,
    # which her line did not say.
    assert (
        'place: Germany</span> <span class="written">(the record wrote “Deutschland”)</span> '
        '<small class="origin">from the country column of the experts table</small>'
    ) in html
    assert "Also in the directory" in html and "from the title column of the roles table" in html
    assert "experts.country" not in html
    # No document's file name or id is shown.
    assert "source_id" not in html and ".txt" not in html


def test_source_without_javascript_is_a_page_of_its_own(page, read_ahead):
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    run = Run.objects.latest("id")
    html = page.get(f"/qa/runs/{run.pk}/source/0/").content.decode()
    assert "<html" in html and f'href="/qa/runs/{run.pk}/"' in html
    assert "<mark" in html


def test_source_reads_nothing_and_spends_nothing(page, read_ahead):
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    run = Run.objects.latest("id")
    calls, judgments = LedgerEntry.objects.count(), Judgment.objects.count()
    for n in range(3):
        assert page.get(f"/qa/runs/{run.pk}/source/{n}/", **htmx()).status_code == 200
    assert LedgerEntry.objects.count() == calls
    assert Judgment.objects.count() == judgments


def test_source_of_someone_close_shows_what_their_documents_say(page, read_ahead):
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    run = Run.objects.latest("id")
    html = page.get(f"/qa/runs/{run.pk}/source/2/", **htmx()).content.decode()
    # Her profile establishes the function and the product: those words are marked; it says
    # nothing for the market, and the panel says that is the condition she lacks.
    assert "Friederike Hollerer" in html and "place: Austria" in html
    assert '<p class="lacks">Lacks “in European markets”. ' + sentence_for("not_stated") in html
    assert '<mark title="marketing">led marketing for </mark>' in html
    assert '<mark title="marketing, baby formula">baby formula</mark>' in html
    assert "at Milupa." in html


def test_source_of_nobody_in_the_answer_is_not_found(page, read_ahead):
    page.post("/qa/ask/", {"example": "0"}, **htmx())
    run = Run.objects.latest("id")
    assert page.get(f"/qa/runs/{run.pk}/source/3/").status_code == 404


def test_overlapping_marks_give_the_shared_words_both_labels():
    passage = {
        "text": "She led marketing for baby formula.",
        "marks": [
            {"start": 4, "end": 34, "labels": ["marketing"]},
            {"start": 22, "end": 34, "labels": ["baby formula"]},
        ],
    }
    assert segments(passage) == [
        ("She ", []),
        ("led marketing for ", ["marketing"]),
        ("baby formula", ["marketing", "baby formula"]),
        (".", []),
    ]
