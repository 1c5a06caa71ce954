"""A row's vocabulary slots are placed when it is written, and again when the vocabulary
changes: the search reads the placed term, so a stale one would answer wrongly."""

from __future__ import annotations

import pytest

from limma.models import Entity, VocabularyTerm
from limma.placement import row_placed
from limma.services.rows import row_create
from limma.vocabulary import Vocabulary
from search.service import search_run
from tests.factories import make_key, make_workspace

pytestmark = pytest.mark.django_db
PLACE = {"place": "place"}


@pytest.mark.parametrize(
    ("values", "placed"),
    [
        ({"place": "Deutschland"}, {"place": "Germany"}),
        ({"place": "  germany "}, {"place": "Germany"}),
        ({"place": "Atlantis"}, {}),  # held, not placed: it cannot be placed
        ({}, {}),
    ],
)
def test_a_row_is_placed_by_the_vocabulary(values, placed):
    assert row_placed(values, PLACE, Vocabulary.shipped()) == placed


def test_a_term_added_to_the_vocabulary_places_the_rows_that_name_it():
    workspace = make_workspace()
    key, _ = make_key(workspace)
    entity = Entity.objects.create(
        workspace=workspace, key="p1", kind="person", display_name="Ada", name_key="ada"
    )
    row = row_create(
        workspace=workspace,
        entity=entity,
        relation="based_in",
        values={"place": "Gondor"},
        origin="declared",
    )
    europe = [{"relation": "based_in", "slot": "place", "op": "eq", "value": "Europe"}]
    assert row.placed == {}
    assert (
        search_run(key=key, workspace=workspace, constraints=europe).counts["cannot_be_placed"] == 1
    )

    term = VocabularyTerm.objects.create(
        workspace=workspace, axis="place", name="Gondor", broader=["Europe"]
    )
    row.refresh_from_db()
    assert row.placed == {"place": "Gondor"}
    fresh = type(workspace).objects.get(pk=workspace.pk)
    assert search_run(key=key, workspace=fresh, constraints=europe).counts["matched"] == 1

    term.delete()
    row.refresh_from_db()
    assert row.placed == {}
