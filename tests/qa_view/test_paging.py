"""The whole answer, paged (issue 11, point 6): "Showing 50 of 60" and a "Show more" that works
with and without JavaScript, for the people who fit and for those close; the counts stay the
search's own, and a person shown by "Show more" has their [source] too."""

from __future__ import annotations

import json
import re

import pytest

from limma.ids import new_request_id
from limma.services.connect import export_connect
from qa_view.models import Run
from qa_view.page.visitors import visitor_create
from search.service import search_run
from tests.factories import make_key, make_workspace
from tests.qa_view.conftest import EUROPE, FACETS, NICHE, directory_export, htmx

pytestmark = pytest.mark.django_db

FITS, CLOSE = 60, 14


def _hex(n: int, base: str) -> str:
    return f"{base}{n:04x}".rjust(24, "0")


@pytest.fixture
def many(tmp_path, settings, client, sign_in):
    """60 people who fit the example's niche over Europe, 14 one condition short."""
    export = directory_export()
    experts = []
    for n in range(FITS):
        name = f"Fitting Person {n:02d}"
        bio = f"{name} led marketing for baby formula across France and Belgium.\n"
        experts.append({"_id": _hex(n, "aa"), "name": name, "country": "France", "bio": bio})
    for n in range(CLOSE):
        name = f"Close Person {n:02d}"
        bio = f"{name} led marketing for baby formula at Nutrelle.\n"
        experts.append({"_id": _hex(n, "bb"), "name": name, "country": "Spain", "bio": bio})
    for expert in experts:
        expert["email"] = f"{expert['_id']}@example.org"
    export["tables"] = {"experts": experts, "roles": []}
    workspace = make_workspace("Many")
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    analyst, _ = make_key(workspace, role="analyst")
    search_run(
        key=analyst, workspace=workspace, constraints=EUROPE,
        criteria=[{"text": NICHE, "facets": FACETS}], request_id=new_request_id(),
    )  # fmt: skip
    path = tmp_path / "qa_examples.json"
    example = {"question": "Who?", "constraints": EUROPE, "niche": NICHE, "facets": FACETS}
    path.write_text(json.dumps({"directory": "the directory", "examples": [example]}))
    settings.LIMMA_QA_EXAMPLES = str(path)
    visitor, code = visitor_create(workspace=workspace, name="Paging Visitor")
    assert sign_in(client, visitor.name, code).status_code == 302
    return client


def names(html: str, prefix: str) -> list[str]:
    return re.findall(rf'<strong class="name">({prefix} Person \d\d)</strong>', html)


def test_the_whole_answer_is_paged_with_and_without_javascript(many):
    page = many
    html = page.post("/qa/ask/", {"example": "0"}, **htmx()).content.decode()
    run = Run.objects.latest("id")
    # The counts are the search's own; the page says how much of each list it shows.
    assert f'<p class="first-line">{FITS} people fit. {CLOSE} more are close.</p>' in html
    assert len(names(html, "Fitting")) == 50 and len(names(html, "Close")) == 10
    assert '<span class="showing">Showing 50 of 60</span>' in html
    assert '<span class="showing">Showing 10 of 14</span>' in html
    fits_more = f"/qa/runs/{run.pk}/more/fits/50/"
    close_more = f"/qa/runs/{run.pk}/more/close/10/"
    assert f'href="{fits_more}"' in html and f'hx-get="{fits_more}"' in html
    assert f'href="{close_more}"' in html
    assert "The list is complete." not in html

    # With JavaScript: the rest appended in place, and the control says all are shown.
    more = page.get(fits_more, **htmx()).content.decode()
    assert "<html" not in more
    rest = names(more, "Fitting")
    assert len(rest) == 10 and not set(rest) & set(names(html, "Fitting"))
    assert 'id="more-' in more and 'hx-swap-oob="true"' in more and "Show more" not in more
    close = page.get(close_more, **htmx()).content.decode()
    assert len(names(close, "Close")) == 4 and "Lacks “in European markets”" in close

    # Without JavaScript: the same page of people, in the page's layout, with the way back.
    plain = page.get(fits_more).content.decode()
    assert "<html" in plain and f'href="/qa/runs/{run.pk}/"' in plain
    assert names(plain, "Fitting") == rest

    # A person shown by "Show more" has their [source], found again at their place.
    source = re.search(r'hx-get="(/qa/runs/\d+/source/fits/5\d/)"', more).group(1)
    panel = page.get(source, **htmx()).content.decode()
    person = names(more, "Fitting")[int(source.rstrip("/").rsplit("/", 1)[1]) - 50]
    assert f"From {person}\u2019s profile" in panel and "<mark" in panel
    assert page.get(f"/qa/runs/{run.pk}/source/fits/999/").status_code == 404
    assert page.get(f"/qa/runs/{run.pk}/more/nobody/0/").status_code == 404


# A niche of one condition that is no place and one place: who lacks the product shares only a
# place with the question, and is counted apart, never listed nor paged as close.
PLACE_NICHE = "baby formula in European markets"
PLACE_FACETS = [FACETS[1], FACETS[2]]


@pytest.fixture
def placed(tmp_path, settings, client, sign_in):
    export = directory_export()
    experts = []
    people = (
        ("Fitting", 3, "led marketing for baby formula across France and Belgium", "France"),
        ("Close", 12, "led marketing for baby formula at Nutrelle", "Spain"),
        ("Placed", 7, "led marketing for yoghurt across France and Belgium", "Italy"),
    )
    for prefix, count, work, country in people:
        for n in range(count):
            name = f"{prefix} Person {n:02d}"
            base = {"Fitting": "aa", "Close": "bb", "Placed": "cc"}[prefix]
            experts.append(
                {"_id": _hex(n, base), "name": name, "country": country,
                 "bio": f"{name} {work}.\n", "email": f"{base}{n}@example.org"}
            )  # fmt: skip
    export["tables"] = {"experts": experts, "roles": []}
    workspace = make_workspace("Placed")
    export_connect(workspace=workspace, tables=export["tables"], mapping=export["mapping"])
    analyst, _ = make_key(workspace, role="analyst")
    search_run(
        key=analyst, workspace=workspace, constraints=EUROPE,
        criteria=[{"text": PLACE_NICHE, "facets": PLACE_FACETS}], request_id=new_request_id(),
    )  # fmt: skip
    path = tmp_path / "qa_examples.json"
    example = {
        "question": "Who?", "constraints": EUROPE, "niche": PLACE_NICHE, "facets": PLACE_FACETS
    }  # fmt: skip
    path.write_text(json.dumps({"directory": "the directory", "examples": [example]}))
    settings.LIMMA_QA_EXAMPLES = str(path)
    visitor, code = visitor_create(workspace=workspace, name="Placed Visitor")
    assert sign_in(client, visitor.name, code).status_code == 302
    return client


def test_who_shares_only_a_place_is_counted_apart_and_never_paged_as_close(placed):
    html = placed.post("/qa/ask/", {"example": "0"}, **htmx()).content.decode()
    run = Run.objects.latest("id")
    assert '<p class="first-line">3 people fit. 12 more are close.</p>' in html
    assert "Of the profiles checked, 7 say nothing of “baby formula”." in html
    assert names(html, "Placed") == [] and len(names(html, "Close")) == 10
    assert '<span class="showing">Showing 10 of 12</span>' in html
    rest = placed.get(f"/qa/runs/{run.pk}/more/close/10/", **htmx()).content.decode()
    assert len(names(rest, "Close")) == 2 and names(rest, "Placed") == []
