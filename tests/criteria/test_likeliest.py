"""The likeliest first: a plan is read in the order of a cheap proxy (the niche's words and its
facets' vocabulary terms), which never changes what a complete read finds."""

from __future__ import annotations

import pytest

from criteria import service
from criteria.likeliest import likeliest_first, niche_words, proxy_score, similarity_of
from criteria.types import Facet
from limma.models import Document
from limma.vocabulary import Vocabulary
from tests.criteria.conftest import EUROPE, EXPERTS, FACETS, NICHE
from tests.factories import make_document

FACETS_READ = (
    Facet("function", "condition", "marketing"),
    Facet("product", "condition", "baby formula"),
    Facet("market", "condition", "in European markets", value="Europe", axis="place"),
)


def score(text: str) -> tuple[int, int]:
    return proxy_score(text, niche_words(NICHE, FACETS_READ), FACETS_READ, Vocabulary.shipped())


@pytest.mark.parametrize(
    ("likelier", "less"),
    [
        (
            "She led marketing for baby formula across Germany.",
            "She led marketing for baby formula across Vietnam.",
        ),
        ("He sold baby formula in Deutschland.", "He sold baby formula in Việt Nam."),
        ("Marketing of BABY FORMULA, Österreich.", "A structural engineer in Austria."),
        ("Marketing lead, infant nutrition, Poland.", "A structural engineer."),
    ],
)
def test_a_document_naming_more_of_the_niche_scores_higher(likelier, less):
    assert score(likelier) > score(less)


def test_a_place_outside_the_facets_region_is_no_hit_of_it():
    assert score("Southeast Asia, Singapore and Vietnam.") == (0, 0)
    assert score("Europe") == (1, 0)  # the region itself: a term under the facet's value
    assert score("the marketing team") == (0, 1)


def test_ties_keep_the_plans_order():
    documents = [Document(pk=n, text="A structural engineer.") for n in range(1, 6)]
    ordered = likeliest_first(
        documents, text=NICHE, facets=FACETS_READ, vocabulary=Vocabulary.shipped()
    )
    assert [d.pk for d in ordered] == [1, 2, 3, 4, 5]


@pytest.mark.django_db
def test_the_order_never_changes_what_a_complete_read_finds(analyst_api, search_post, monkeypatch):
    def read(order):
        monkeypatch.setattr(service, "likeliest_first", order)
        reply = search_post(
            analyst_api,
            constraints=EUROPE,
            criteria=[{"text": NICHE, "facets": FACETS}],
            criteria_budget={"max_reads": 100, "max_usd": 0.5},
        )
        assert reply.status_code == 200, reply.json()
        block = reply.json()["criteria"][0]
        assert block["status"] == "complete"
        service_judgments = list(
            service.Judgment.objects.order_by("document_id").values_list("document_id", "outcome")
        )
        service.Judgment.objects.all().delete()
        return {k: block[k] for k in ("counts", "matched", "none", "undetermined")}, (
            service_judgments
        )

    likeliest = read(likeliest_first)
    as_planned = read(lambda documents, **_: list(documents))
    backwards = read(lambda documents, **_: list(reversed(documents)))

    assert likeliest == as_planned == backwards
    assert likeliest[0]["counts"]["matched"] >= 1
    assert len(likeliest[1]) == sum(1 for _, _, bio in EXPERTS.values() if bio) - 1


STAPLERS = (
    Facet("product", "condition", "surgical stapling devices"),
    Facet("channel", "condition", "via government procurement", core="government procurement"),
)


@pytest.mark.django_db
def test_a_niche_worded_otherwise_reads_the_documents_nearest_its_meaning_first(workspace):
    """No document holds "stapling devices" or "government procurement": the embedded model's
    similarity puts the one that sold staplers through public tenders first, and staple guns (a
    neighbour, never a match) before bridges."""
    texts = [
        "Ines leads marketing for infant cereals in Portugal.",
        "Pia designs suspension bridges for the city of Graz.",
        "Chiara sold surgical staplers to hospitals through public tenders in Austria.",
        "Dario sold staple guns to hardware shops in Spain.",
    ]
    documents = [
        make_document(workspace, entity_name=f"Person {n}", text=text).document
        for n, text in enumerate(texts)
    ]
    near = similarity_of(documents, STAPLERS)
    text = "supplied surgical stapling devices via government procurement"

    ordered = likeliest_first(
        documents, text=text, facets=STAPLERS, vocabulary=Vocabulary.shipped(), similarity=near
    )
    assert ordered[0].text.startswith("Chiara")
    assert near[documents[2].pk] > near[documents[3].pk] > near[documents[1].pk]
