"""One search per run (issue 16, point 5): the words each line rests on come from the reply the
agent's search already made, not from the same search made again."""

from __future__ import annotations

import pytest

import qa_view.answer.source
import search.api
from qa_view.models import Run
from tests.qa_view.conftest import htmx

pytestmark = pytest.mark.django_db


@pytest.fixture
def searches(monkeypatch) -> list[str]:
    """Every search_run a run makes, wherever it is called from."""
    made: list[str] = []
    for module in (search.api, qa_view.answer.source):
        real = module.search_run

        def counted(*args, _real=real, _where=module.__name__, **kwargs):
            made.append(_where)
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, "search_run", counted)
    return made


def test_an_example_is_answered_with_one_search_and_its_words(page, read_ahead, searches):
    html = page.post("/qa/ask/", {"example": "0"}, **htmx()).content.decode()
    run = Run.objects.latest("id")
    agent_searches = [e for e in run.page_events if e["kind"] == "reply"]
    assert len(searches) == len(agent_searches) == 1
    assert searches == ["search.api"]  # the agent's own call; nothing searched again
    # The words behind each line and who the close people are, all the same.
    assert "“led marketing for baby formula”" in html and "“across Germany and Poland”" in html
    assert "Friederike Hollerer" in html
    assert run.evidence["people"] and run.evidence["facets"]["market"]["place"] is True
