"""The reader's own sweeps: denials it finds itself, an experience's start read from its opening
sentence, the forms that take a name out held to every quote, demonyms typed — each with the
near neighbours that must not trip it, and each a switch of the reader."""

from __future__ import annotations

from datetime import date

import pytest

from benchmarks import adversarial_reader
from criteria.criterion.address import (
    DEMONYMS_TYPE,
    DENIAL_SWEEP,
    QUOTE_TAKEN_OUT,
    READER_SWITCHES,
    START_FROM_PROSE,
)
from criteria.criterion.facet_demonyms import TYPED_BY_DEMONYM, demonym_term
from criteria.criterion.facets import facets_from_caller, typed_condition
from criteria.lists.four import Candidate, entity_verdicts
from criteria.rules.denials.swept import FOUND_BY_READER, negates, swept_denials
from criteria.rules.lengths.start import start_used, start_written
from criteria.rules.names.named import Naming
from criteria.rules.names.quotes_taken_out import (
    QUOTE_COMPLEMENT_OF_ANOTHER_THING,
    QUOTE_DENIED_IN_ITS_SENTENCE,
    QUOTE_EXCLUDED_RIGHT_BEFORE,
    QUOTE_INSIDE_ANOTHER_S_WORK,
    taken_out,
)
from criteria.types import LENGTH_NOT_PROVED, Quote
from tests.criteria.niche import FACETS
from tests.criteria.reading.scripted import (
    GRETA_QUOTES,
    VOCABULARY,
    judge,
    only,
    reply,
)

PRODUCT = next(facet for facet in FACETS if facet.key == "product")
NAMING = Naming(person="Ada Berg", facets=FACETS, states={}, vocabulary=VOCABULARY)
PROFILE = (
    "Ada Berg joined Halden Foods AS in 2001.\n"
    "Ada led marketing for baby formula across Germany and Poland.\n"
    "Ada has done this work for more than 20 years.\n"
)
SENTENCES = PROFILE.splitlines()
QUOTES = GRETA_QUOTES


def ada(text: str = PROFILE, *, period: tuple[str, None] | None = ("2001", None), **quotes):
    """Ada's profile judged, the reply quoting the whole niche from its first three lines."""
    read = reply([(QUOTES | quotes, text.splitlines()[:3])], subject="Ada Berg", period=period)
    return judge(text, read, as_of=date(2024, 6, 1))


def verdict(*judgments) -> str:
    candidate = Candidate("p", "Ada Berg", tuple(judgments), documents=len(judgments))
    return entity_verdicts([candidate], FACETS)["p"]


# -- 1. the denial sweep ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "facet"),
    [
        ("Ada has never worked on baby formula.", "product"),
        ("She has not sold baby formula.", "product"),
        ("No baby formula was in her remit.", "product"),
        ("She worked on neither baby formula nor cereals.", "product"),
        ("She did all this without baby formula.", "product"),
        ("She has yet to work on baby formula.", "product"),
        ("Baby formula is outside her experience.", "product"),
        ("She hasn't touched baby formula.", "product"),
        ("She has never worked in Europe.", "market"),  # the typed term
        ("She never did any marketing.", "function"),
        ("She has never missed a baby formula launch.", "product"),  # harmless: kept, a doubt
    ],
)
def test_a_sentence_with_a_negation_and_a_condition_s_words_is_swept(sentence, facet):
    (found,) = swept_denials(sentence, FACETS, VOCABULARY)
    assert (found.quote, found.facet) == (sentence, facet)


@pytest.mark.parametrize(
    "sentence",
    [
        "Ada led marketing for baby formula across Germany.",  # no negation
        "She has never worked on pet food.",  # no condition's words
        "She sold non-dairy baby formulas.",  # "non" is no negation of the list
        "She worked outside Poland on baby formula.",  # "outside" with no word of scope
        "Nothing about her is known.",  # a negation, no condition
        "She knows Germany well, not Spain.",  # Germany is under Europe, not its term or alias
    ],
)
def test_near_neighbours_are_not_swept(sentence):
    assert swept_denials(sentence, FACETS, VOCABULARY) == ()


def test_a_question_on_the_condition_answered_by_a_negation_is_swept_as_the_pair():
    text = "Interviewer: Have you ever worked on baby formula?\nAda: No, never.\n"
    (found,) = swept_denials(text, FACETS, VOCABULARY)
    assert found.quote == "Interviewer: Have you ever worked on baby formula?\nAda: No, never."


def test_a_negation_inside_the_condition_s_own_words_does_not_count():
    assert not negates("sold no-name formula", [(5, 12)])
    assert negates("sold no formula")


def test_a_denial_the_model_does_not_list_is_found_and_judged_by_the_denial_rule():
    note = "Call note. Ada has never worked on baby formula.\n"
    judged = judge(note, reply([], subject="Ada Berg"))
    (denial,) = judged.denials
    assert (denial.text, denial.denies, denial.found_by) == (
        "Ada has never worked on baby formula.",
        True,
        FOUND_BY_READER,
    )
    assert verdict(ada(), judged) == "undetermined"  # a firm denial beside support: conflict


def test_a_found_sentence_another_person_s_full_name_leads_is_set_aside():
    note = "Greta Holm has never worked on baby formula.\n"
    assert judge(note, reply([], subject="Ada Berg")).denials == ()


def test_a_denial_the_model_lists_is_not_kept_twice_and_carries_no_found_by():
    note = "Ada has never worked on baby formula.\n"
    listed = reply([], denials=[("Ada has never worked on baby formula.", "product")])
    (denial,) = judge(note, listed.model_copy(update={"subject": "Ada Berg"})).denials
    assert denial.found_by is None


def test_a_harmless_never_beside_the_whole_niche_is_a_doubt_never_a_match():
    text = PROFILE + "She has never missed a baby formula launch.\n"
    judged = ada(text)
    (denial,) = judged.denials
    assert (denial.kept_as, denial.found_by) == ("doubt", FOUND_BY_READER)
    assert verdict(judged) == "undetermined"
    assert verdict(ada()) == "matched"


def test_without_the_switch_nothing_is_swept(monkeypatch):
    monkeypatch.setitem(READER_SWITCHES, DENIAL_SWEEP, False)
    note = "Ada has never worked on baby formula.\n"
    assert judge(note, reply([], subject="Ada Berg")).denials == ()


# -- 2. the experience's start read by the reader --------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "start"),
    [
        ("Ada joined Halden Foods AS in 2015.", "2015"),
        ("Ada joined Halden Foods AS as head of marketing in March 2015.", "March 2015"),
        ("Since March 2001, Ada has led marketing for baby formula.", "March 2001"),
        ("From 2009 she ran the brand.", "2009"),
        ("From 2009 to 2015 she ran the brand.", "2009"),
        ("In 2021 she moved to Halden Foods AS to lead marketing.", "2021"),
        ("She was appointed head of marketing in 2012.", "2012"),
        ("She joined in 2014, having worked at Quellmark since 2005.", "2005"),  # the earliest
    ],
)
def test_the_opening_sentence_dates_the_start(sentence, start):
    assert start_written(sentence) == start


@pytest.mark.parametrize(
    "sentence",
    [
        "Ada led marketing for baby formula across Germany in 2015.",  # no verb of starting
        "Ada joined Halden Foods AS as head of marketing.",  # no date
        "In 2019 the company won an award.",  # no verb of starting
        "Ada has 22 years of experience.",
    ],
)
def test_near_neighbours_date_no_start(sentence):
    assert start_written(sentence) is None


def test_where_the_model_reports_none_the_reader_s_start_holds_the_length_to_it():
    text = PROFILE.replace("in 2001", "in 2021")
    experience = only(ada(text, period=None))
    assert experience.missing_because == {"duration": LENGTH_NOT_PROVED}
    (length,) = experience.lengths_not_proved
    assert length["why"] == ["contradicts_its_start"]
    assert length["start"] == {"used": "2021", "by": "reader", "reported": None, "read": "2021"}


def test_a_start_that_allows_the_length_grants_it():
    experience = only(ada(period=None))
    assert experience.established["duration"].text == "for more than 20 years"


def test_the_earlier_of_two_starts_is_used():
    spans = ((0, 39),)
    assert start_used(PROFILE, spans, "2010").used == "2001"
    assert start_used(PROFILE, spans, "1999").used == "1999"
    assert start_used(PROFILE, spans, "1999").said() == {
        "used": "1999",
        "by": "model",
        "reported": "1999",
        "read": "2001",
    }
    assert start_used(PROFILE, spans, "2001").said() is None  # the two agree: nothing to say


def test_without_the_switch_a_start_nobody_reported_is_not_read(monkeypatch):
    monkeypatch.setitem(READER_SWITCHES, START_FROM_PROSE, False)
    text = PROFILE.replace("in 2001", "in 2021")
    assert "duration" in only(ada(text, period=None)).established


# -- 3. the forms that take a name out, for every quote --------------------------------------


def _taken_out(text: str, words: str) -> str | None:
    at = text.index(words)
    quote = Quote("product", words, "doc", at, at + len(words))
    return taken_out(text, quote, PRODUCT, NAMING)


@pytest.mark.parametrize(
    ("sentence", "words", "why"),
    [
        ("Ada designed packaging for baby formula.", "baby formula",
         QUOTE_COMPLEMENT_OF_ANOTHER_THING),
        ("Ada designed packaging for baby formula.", "packaging for baby formula",
         QUOTE_COMPLEMENT_OF_ANOTHER_THING),
        ("Her clients are suppliers of baby formula.", "baby formula",
         QUOTE_COMPLEMENT_OF_ANOTHER_THING),
        ("Ada sold yoghurt to teams that also bought baby formula.", "baby formula",
         QUOTE_INSIDE_ANOTHER_S_WORK),
        ("Ada advised customers who bought baby formula.", "baby formula",
         QUOTE_INSIDE_ANOTHER_S_WORK),
        ("Her remit excluded baby formula.", "baby formula", QUOTE_EXCLUDED_RIGHT_BEFORE),
        ("Ada ran every dairy line with the exception of baby formula.", "baby formula",
         QUOTE_EXCLUDED_RIGHT_BEFORE),
        ("Ada sold yoghurt, unlike baby formula.", "baby formula", QUOTE_EXCLUDED_RIGHT_BEFORE),
        ("Ada has never sold baby formula.", "baby formula", QUOTE_DENIED_IN_ITS_SENTENCE),
    ],
)  # fmt: skip
def test_a_quote_in_a_form_that_takes_it_out_establishes_nothing(sentence, words, why):
    assert _taken_out(sentence, words) == why


@pytest.mark.parametrize(
    ("sentence", "words"),
    [
        ("Ada sold baby formula across Poland.", "baby formula"),
        ("Ada led marketing for baby formula.", "baby formula"),  # a term of the vocabulary
        ("Ada took charge of sales for baby formula.", "baby formula"),  # a word of work
        ("Ada was responsible for baby formula.", "baby formula"),
        ("Ada, who sold baby formula, lives in Oslo.", "baby formula"),  # the person's clause
        ("Ada has led the launch of baby formula.", "baby formula"),
        ("Her portfolio centred on baby formula.", "baby formula"),
    ],
)
def test_near_neighbours_take_nothing_out(sentence, words):
    assert _taken_out(sentence, words) is None


MARKET = next(facet for facet in FACETS if facet.key == "market")
FUNCTION = next(facet for facet in FACETS if facet.key == "function")


@pytest.mark.parametrize(
    ("sentence", "words", "facet", "why"),
    [
        ("Ada was director of marketing at Halden.", "director of marketing", FUNCTION, None),
        ("Ada sold baby formula to hospitals in Germany.", "Germany", MARKET, None),
        ("Ada sold baby formula to hospitals in Germany.", "to hospitals in Germany", MARKET, None),
        ("Ada looked after hospitals for Helvetia Surgical.", "for Helvetia", MARKET,
         QUOTE_COMPLEMENT_OF_ANOTHER_THING),  # a place that is a company's name, not the market
    ],
)  # fmt: skip
def test_a_rank_and_a_place_are_read_through(sentence, words, facet, why):
    at = sentence.index(words)
    quote = Quote(facet.key, words, "doc", at, at + len(words))
    assert taken_out(sentence, quote, facet, NAMING) == why


PACKAGING = PROFILE.replace(
    "led marketing for baby formula across Germany and Poland",
    "led marketing across Germany and Poland for packaging for baby formula",
)


def test_the_entry_says_why_with_the_closed_word():
    experience = only(ada(PACKAGING, function=("led marketing", "marketing")))
    assert experience.missing_because["product"] == QUOTE_COMPLEMENT_OF_ANOTHER_THING
    assert "product" not in experience.established


def test_without_the_switch_the_quote_is_asked_of_the_second_call(monkeypatch):
    monkeypatch.setitem(READER_SWITCHES, QUOTE_TAKEN_OUT, False)
    experience = only(ada(PACKAGING, function=("led marketing", "marketing")))
    assert "product" in experience.established


# -- 4. demonyms type ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "term"),
    [
        ("European markets", "Europe"),
        ("German", "Germany"),
        ("Swiss", "Switzerland"),
        ("the Swiss market", "Switzerland"),
        ("the Germans", "Germany"),
        ("Swedes", "Sweden"),
        ("Southeast Asian markets", "Southeast Asia"),
        ("Latin American countries", "Latin America"),
        ("Middle Eastern markets", "Middle East"),
        ("Nordic", "Nordics"),
        ("Dutch", "Netherlands"),
    ],
)
def test_a_demonym_names_its_place(words, term):
    assert demonym_term(words, VOCABULARY).name == term
    typing = typed_condition(words, None, VOCABULARY)
    assert (typing.value, typing.typed, typing.reason) == (term, True, TYPED_BY_DEMONYM)


@pytest.mark.parametrize(
    "words",
    [
        "German engineering",
        "Swiss cheese",
        "French fries",
        "American",  # names more than one place
        "Korean",
        "European football clubs",
        "the German shepherd",
        "Europeans abroad",
    ],
)
def test_near_neighbours_are_not_typed_by_a_demonym(words):
    assert demonym_term(words, VOCABULARY) is None


def test_the_nordics_are_typed_as_the_term_they_are():
    typing = typed_condition("the Nordics", None, VOCABULARY)
    assert (typing.value, typing.reason) == ("Nordics", None)


def test_the_echo_says_a_demonym_typed_the_condition():
    raw = [{"key": "market", "kind": "condition", "text": "in European markets"}]
    (facet,), _ = facets_from_caller("in European markets", raw, VOCABULARY)
    echo = facet.echo()
    assert (echo["value"], echo["typed"], echo["typed_reason"]) == (
        "Europe",
        True,
        "typed_by_demonym",
    )


def test_a_value_the_demonym_contradicts_is_refused():
    assert typed_condition("German markets", "Asia", VOCABULARY).fault is not None
    assert typed_condition("German markets", "Germany", VOCABULARY).fault is None


def test_without_the_switch_a_demonym_types_nothing(monkeypatch):
    monkeypatch.setitem(READER_SWITCHES, DEMONYMS_TYPE, False)
    assert typed_condition("European markets", None, VOCABULARY).typed is False


# -- 5. the adversarial harness ------------------------------------------------------------------


def test_no_rule_the_reader_checks_itself_is_matched_by_any_model():
    rows = adversarial_reader.tally(adversarial_reader.GROUPS, 1, 17)
    for group, row in rows:
        if group.kind == adversarial_reader.CONTROL:
            assert row.matched == dict.fromkeys(adversarial_reader.MODELS, 1), group.rule
        elif group.kind == adversarial_reader.RESTS_ON_THE_MODEL:
            assert row.matched["honest"] == 0, group.rule
        else:
            assert row.matched == dict.fromkeys(adversarial_reader.MODELS, 0), group.rule


def test_the_reader_before_the_sweeps_is_matched_by_a_dishonest_model():
    with adversarial_reader.sweeps_set(False):
        rows = adversarial_reader.tally(adversarial_reader.GROUPS, 1, 17)
    silent = {group.rule: row.matched["silent"] for group, row in rows}
    assert silent["denial: firm, by name"] == 1
    assert silent["contradicts_its_start (joined in 2021)"] == 1
    assert silent["name: complement of another thing"] == 1
    assert silent["typing: another place, market given no value"] == 1
