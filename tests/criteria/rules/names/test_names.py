"""Names a caller accepts (`also`): when stated words ARE the name, and what the name's own
sentence makes of it — settled, a vote or refused (criteria/rules/names/rule.py;
docs/concepts.md#accepted-names-also)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from criteria.rules.names.rule import (
    ACCEPTED_NAME_AND_SECOND_CALL,
    BEHIND_THE_NAME_NOT_PLACED,
    COMPLEMENT_OF_ANOTHER_THING,
    DENIED_IN_ITS_SENTENCE,
    EXCLUDED_RIGHT_BEFORE,
    MEANS_NOT_PLACED,
    NOT_LED_BY_THE_PERSON,
    OR_NOT_AND,
    OWN_WORK_AS_SUBJECT,
    PERSON_THEN_VERB,
    PREPOSITION_STATES_NO_WORK,
    REFUSED,
    SECOND_CALL,
    SETTLED,
    VERB_NOT_LISTED,
    VOTE,
    WORD_BETWEEN_NOT_WORK,
    WORK_AS_A_THING,
    NameFate,
    checked_by_for,
    find_stated,
    name_fate,
    name_matches,
    name_stated,
    other_conditions_of,
    same_name,
    stated_for_others_of,
    vocabulary_terms_of,
)
from criteria.types import Facet
from limma.vocabulary import Term, Vocabulary
from tests.criteria import niche
from tests.criteria.niche import DURATION, FUNCTION, MARKET

VOCABULARY = Vocabulary.shipped()
TERMS = vocabulary_terms_of(VOCABULARY)
PRODUCT = replace(niche.PRODUCT, also=("infant milks",))  # the name the caller accepts
FACETS = (DURATION, FUNCTION, PRODUCT, MARKET)
CHANNEL = Facet("channel", "condition", "through distributors", core="distributors")
PERSON = "Ottoline Brandvold"


def fate_of(
    sentence: str,
    states: str = "infant milks",
    *,
    person: str | None = PERSON,
    facets: tuple[Facet, ...] = FACETS,
    key: str = "product",
    stated: dict[str, str] | None = None,
    terms: frozenset[str] = TERMS,
) -> tuple[str, str]:
    span = find_stated(sentence, states)
    assert span is not None, f"{states!r} is not in {sentence!r}"
    fate = name_fate(
        sentence=sentence,
        name_span=span,
        person=person,
        other_conditions=other_conditions_of(facets, key, VOCABULARY),
        vocabulary_terms=terms,
        stated_for_others=stated_for_others_of(facets, key, stated or {}),
    )
    return fate.fate, fate.why


# -- the stated words ARE the name -------------------------------------------------------------


@pytest.mark.parametrize(
    ("states", "name"),
    [
        pytest.param("infant milks", "infant milks", id="the_same_words"),
        pytest.param("the infant milks", "infant milks", id="a_determiner_before_them_aside"),
        pytest.param("an infant milk", "infant milks", id="an_article_and_the_plural_aside"),
        pytest.param("across the Alpine cluster", "Alpine cluster", id="a_preposition_aside"),
        pytest.param("in the Alpine cluster", "the Alpine cluster", id="the_names_own_the_aside"),
        pytest.param("infant milk", "infant milks", id="the_last_words_singular"),
        pytest.param("infant milks", "infant milk", id="the_last_words_plural"),
        pytest.param("Infant Milks", "infant milks", id="capitals_aside"),
        pytest.param("INFANT MILKS", "Infant milks", id="upper_case_aside"),
        pytest.param("crème fraîche", "creme fraiche", id="accents_aside"),
        pytest.param("Creme Fraiche", "crème fraîche", id="accents_aside_in_the_name"),
        pytest.param("follow-on milks", "follow on milks", id="a_hyphen_is_a_space"),
        pytest.param("infant  milks.", "infant milks", id="spacing_and_a_full_stop_aside"),
        pytest.param("batteries", "battery", id="ies_plural"),
        pytest.param("boxes", "box", id="es_plural"),
        pytest.param("safety glasses", "safety glass", id="es_plural_after_s"),
        pytest.param("children's shoes", "children's shoes", id="an_apostrophe_kept"),
        pytest.param("in vitro diagnostics", "in vitro diagnostics", id="a_names_own_preposition"),
        pytest.param("through distributors", "distributors", id="through_aside"),
    ],
)
def test_stated_words_that_are_the_name(states, name):
    assert name_matches(states, name)


@pytest.mark.parametrize(
    ("states", "name"),
    [
        pytest.param("silicone", "silicon", id="silicone_is_not_silicon"),
        pytest.param("silicon", "silicone", id="silicon_is_not_silicone"),
        pytest.param("wood pallets", "wood pellets", id="pallets_are_not_pellets"),
        pytest.param("customs software", "custom software", id="customs_is_not_custom"),
        pytest.param("custom software", "customs software", id="custom_is_not_customs"),
        pytest.param("nutrition", "specialised nutrition", id="nothing_taken_off_the_name"),
        pytest.param("managed nutrition", "nutrition", id="one_word_more_before"),
        pytest.param("organic infant milks", "infant milks", id="a_narrower_thing"),
        pytest.param("veterinary infant milks", "infant milks", id="a_narrower_trade"),
        pytest.param("infant milks packaging", "infant milks", id="a_longer_phrase_behind"),
        pytest.param("packaging for infant milks", "infant milks", id="the_complement_of_a_thing"),
        pytest.param("infant milks and yoghurt", "infant milks", id="a_list"),
        pytest.param("infant milks or yoghurt", "infant milks", id="an_alternative"),
        pytest.param("infant", "infant milks", id="one_word_less"),
        pytest.param("milks", "infant milks", id="the_first_word_left_out"),
        pytest.param("a shampoo formula", "formula", id="a_one_word_name_in_a_longer_one"),
        pytest.param("yoghurt", "infant milks", id="sold_yoghurt_to_teams_that_bought_milks"),
        pytest.param("her infant milks", "infant milks", id="a_possessive_is_not_aside"),
        pytest.param("except infant milks", "infant milks", id="an_exception_is_not_aside"),
        pytest.param("not infant milks", "infant milks", id="a_denial_is_not_aside"),
        pytest.param("infants milk", "infant milks", id="only_the_last_words_plural"),
        pytest.param("infant milkss", "infant milks", id="no_spelling_tolerance"),
        pytest.param("infant mlks", "infant milks", id="no_typo_tolerance"),
        pytest.param("glas", "glass", id="no_s_dropped_off_an_s"),
        pytest.param("vitro diagnostics", "in vitro diagnostics", id="no_preposition_off_a_name"),
        pytest.param("infant milks", "the infant milks range", id="a_longer_name"),
        pytest.param("", "infant milks", id="nothing_stated"),
        pytest.param("the", "the", id="only_a_determiner"),
    ],
)
def test_stated_words_that_are_another_name(states, name):
    assert not name_matches(states, name)


def test_the_first_accepted_name_the_words_state_is_the_name():
    assert name_stated("the infant milk", ("follow-on milks", "infant milks")) == "infant milks"
    assert name_stated("packaging for infant milks", ("infant milks",)) is None
    assert name_stated(None, ("infant milks",)) is None


def test_two_stated_words_are_one_name_each_lead_and_plural_aside():
    assert same_name("the infant milks", "infant milk")
    assert same_name("across the Alpine cluster", "in Alpine clusters")
    assert not same_name("infant milks", "packaging for infant milks")


@pytest.mark.parametrize(
    ("sentence", "states", "span"),
    [
        ("Her portfolio centred on infant milks.", "infant milks", (25, 37)),
        ("Her portfolio centred on Infant  Milks.", "infant milks", (25, 38)),
        ("She sold yoghurt.", "infant milks", None),
        ("She sold infant milkshakes.", "infant milks", None),
    ],
)
def test_where_the_stated_words_stand_in_the_sentence(sentence, states, span):
    assert find_stated(sentence, states) == span


# -- settled: the spec's closed forms ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "why"),
    [
        # the person, then a verb of doing
        pytest.param("She sold infant milks.", PERSON_THEN_VERB, id="she_sold"),
        pytest.param("Ottoline has led infant milks.", PERSON_THEN_VERB, id="name_has_led"),
        pytest.param("She ran infant milks.", PERSON_THEN_VERB, id="she_ran"),
        pytest.param("Ottoline Brandvold sold infant milks.", PERSON_THEN_VERB, id="full_name"),
        pytest.param("OTTOLINE sold infant milks.", PERSON_THEN_VERB, id="name_in_capitals"),
        pytest.param("Ottolíne sold infant milks.", PERSON_THEN_VERB, id="name_with_an_accent"),
        pytest.param("He sold infant milks.", PERSON_THEN_VERB, id="he"),
        pytest.param("They sold infant milks.", PERSON_THEN_VERB, id="they"),
        pytest.param("I sold infant milks.", PERSON_THEN_VERB, id="i"),
        pytest.param("she sold infant milks", PERSON_THEN_VERB, id="no_capital_no_stop"),
        pytest.param("She sold the infant milks.", PERSON_THEN_VERB, id="a_determiner_before"),
        pytest.param("She has also managed infant milks.", PERSON_THEN_VERB, id="aux_and_also"),
        pytest.param("She worked on infant milks.", PERSON_THEN_VERB, id="worked_on"),
        pytest.param("She marketed infant milks.", PERSON_THEN_VERB, id="marketed"),
        # the work named as a thing, and a preposition that says what it is of
        pytest.param("She took charge of sales for infant milks.", WORK_AS_A_THING, id="charge"),
        pytest.param("She was responsible for infant milks.", WORK_AS_A_THING, id="responsible"),
        pytest.param("She ran the marketing of infant milks.", WORK_AS_A_THING, id="marketing"),
        pytest.param("She led the launch of infant milks.", WORK_AS_A_THING, id="the_launch"),
        pytest.param("She spent ten years on infant milks.", WORK_AS_A_THING, id="ten_years"),
        pytest.param("She spent 22 years on infant milks.", WORK_AS_A_THING, id="22_years"),
        pytest.param("She spent a decade on infant milks.", WORK_AS_A_THING, id="a_decade"),
        pytest.param("She was in charge of infant milks.", WORK_AS_A_THING, id="in_charge"),
        pytest.param("She has experience in infant milks.", WORK_AS_A_THING, id="experience"),
        pytest.param("She handled sales for infant milks.", WORK_AS_A_THING, id="sales_for"),
        pytest.param(
            "She has ten years of experience in infant milks.", WORK_AS_A_THING, id="two_things"
        ),
        pytest.param(
            "She led brand management for infant milks.", WORK_AS_A_THING, id="an_axis_alias"
        ),
        pytest.param("She worked in sales for infant milks.", WORK_AS_A_THING, id="worked_in"),
        # their own work as the subject
        pytest.param("Her portfolio centred on infant milks.", OWN_WORK_AS_SUBJECT, id="portfolio"),
        pytest.param("Their remit covered infant milks.", OWN_WORK_AS_SUBJECT, id="remit"),
        pytest.param("The range in question was infant milks.", OWN_WORK_AS_SUBJECT, id="range"),
        pytest.param("His remit included infant milks.", OWN_WORK_AS_SUBJECT, id="his_remit"),
        pytest.param("Ottoline's portfolio was infant milks.", OWN_WORK_AS_SUBJECT, id="names"),
        pytest.param(
            "Her portfolio has centred on infant milks.", OWN_WORK_AS_SUBJECT, id="has_centred"
        ),
        # behind the name: more of a list, a title, a place or a time the reader can place
        pytest.param("She sold infant milks and yoghurt.", PERSON_THEN_VERB, id="and_yoghurt"),
        pytest.param(
            "She sold infant milks, yoghurt and cheese.", PERSON_THEN_VERB, id="a_comma_list"
        ),
        pytest.param(
            "She sold infant milks, yoghurt, and cheese.", PERSON_THEN_VERB, id="oxford_comma"
        ),
        pytest.param("She sold infant milks in Poland.", PERSON_THEN_VERB, id="in_poland"),
        pytest.param("She sold infant milks since 2019.", PERSON_THEN_VERB, id="since_2019"),
        pytest.param(
            "She sold infant milks in Poland since 2019.", PERSON_THEN_VERB, id="place_and_time"
        ),
        pytest.param(
            "She sold infant milks across Germany and Poland.", PERSON_THEN_VERB, id="two_places"
        ),
        pytest.param("She sold infant milks from 2001 to 2015.", PERSON_THEN_VERB, id="from_to"),
        pytest.param("She sold infant milks in May 2015.", PERSON_THEN_VERB, id="a_month"),
        pytest.param("She sold infant milks for 22 years.", PERSON_THEN_VERB, id="for_a_length"),
        pytest.param(
            "She sold infant milks in European markets.", PERSON_THEN_VERB, id="a_conditions_words"
        ),
        pytest.param("She sold infant milks as head of sales.", PERSON_THEN_VERB, id="as_a_title"),
        pytest.param(
            "She sold infant milks, Head of Category.", PERSON_THEN_VERB, id="a_title_apposed"
        ),
        pytest.param(
            "She sold infant milks and yoghurt in Poland.", PERSON_THEN_VERB, id="list_and_place"
        ),
        pytest.param("In 2019, she sold infant milks.", PERSON_THEN_VERB, id="a_time_before"),
        pytest.param("In Poland she sold infant milks.", PERSON_THEN_VERB, id="a_place_before"),
        pytest.param("She sold infant milks through 2015.", PERSON_THEN_VERB, id="means_a_date"),
    ],
)
def test_a_name_settled_by_its_sentence(sentence, why):
    assert fate_of(sentence) == (SETTLED, why)


def test_a_name_stated_with_its_lead_in_settles_as_the_name():
    sentence = "She sold infant milks across the Alpine cluster."
    market = Facet(**{**MARKET.__dict__, "also": ("Alpine cluster",)})
    named = (FUNCTION, Facet("product", "condition", "baby formula"), market)
    stated = {"product": "infant milks"}
    assert fate_of(
        sentence, "across the Alpine cluster", facets=named, key="market", stated=stated
    ) == (SETTLED, WORK_AS_A_THING)
    # What the profile states for the product is the thing between the verb and the name:
    # without it, nothing says "infant milks" is the person's work.
    assert fate_of(sentence, "across the Alpine cluster", facets=named, key="market") == (
        VOTE,
        WORD_BETWEEN_NOT_WORK,
    )
    # A name accepted for the product is that condition's own words.
    named = (FUNCTION, PRODUCT, market)
    assert fate_of(sentence, "across the Alpine cluster", facets=named, key="market") == (
        SETTLED,
        WORK_AS_A_THING,
    )


def test_what_the_profile_states_for_another_condition_is_work_between_verb_and_name():
    sentence = "She led brand planning for infant milks."
    assert fate_of(sentence) == (VOTE, WORD_BETWEEN_NOT_WORK)
    assert fate_of(sentence, stated={"function": "brand planning"}) == (SETTLED, WORK_AS_A_THING)


# -- a vote: every other sentence --------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "states", "why"),
    [
        # a verb the reader does not list
        pytest.param(
            "Ottoline launched infant milks in Poland.",
            "infant milks",
            VERB_NOT_LISTED,
            id="launched_in_poland",
        ),
        pytest.param("She launched infant milks.", "infant milks", VERB_NOT_LISTED, id="launched"),
        pytest.param(
            "She served customers of infant milks.", "infant milks", VERB_NOT_LISTED, id="served"
        ),
        pytest.param("She turned down infant milks.", "infant milks", VERB_NOT_LISTED, id="down"),
        pytest.param(
            "She has launched infant milks.", "infant milks", VERB_NOT_LISTED, id="has_launched"
        ),
        # a word between the verb and the name
        pytest.param(
            "She marketed veterinary infant milks.",
            "infant milks",
            WORD_BETWEEN_NOT_WORK,
            id="veterinary",
        ),
        pytest.param(
            "She worked with the team for infant milks.",
            "infant milks",
            WORD_BETWEEN_NOT_WORK,
            id="the_team",
        ),
        pytest.param(
            "She worked for a company in Poland.",
            "Poland",
            WORD_BETWEEN_NOT_WORK,
            id="a_company_in",
        ),
        pytest.param(
            "She ran the business in Poland.", "Poland", WORD_BETWEEN_NOT_WORK, id="the_business"
        ),
        pytest.param(
            "She sold products for infant milks.",
            "infant milks",
            WORD_BETWEEN_NOT_WORK,
            id="products_for",
        ),
        pytest.param(
            "She sold yoghurt and infant milks.",
            "infant milks",
            WORD_BETWEEN_NOT_WORK,
            id="a_list_before_the_name",
        ),
        pytest.param(
            "She led the new infant milks.",
            "infant milks",
            WORD_BETWEEN_NOT_WORK,
            id="an_adjective",
        ),
        # a preposition that states no work on what follows
        pytest.param(
            "She worked towards infant milks.",
            "infant milks",
            PREPOSITION_STATES_NO_WORK,
            id="towards",
        ),
        pytest.param(
            "She sold into infant milks.", "infant milks", PREPOSITION_STATES_NO_WORK, id="into"
        ),
        # behind the name, a phrase the reader cannot place
        pytest.param(
            "She sold infant milks for calves.",
            "infant milks",
            BEHIND_THE_NAME_NOT_PLACED,
            id="for_calves",
        ),
        pytest.param(
            "She sold infant milks in name only.",
            "infant milks",
            BEHIND_THE_NAME_NOT_PLACED,
            id="in_name_only",
        ),
        pytest.param(
            "She sold infant milks to pharmacies.",
            "infant milks",
            BEHIND_THE_NAME_NOT_PLACED,
            id="to_pharmacies",
        ),
        pytest.param(
            "She sold infant milks in Narnia.",
            "infant milks",
            BEHIND_THE_NAME_NOT_PLACED,
            id="a_place_no_vocabulary_holds",
        ),
        pytest.param(
            "She sold infant milks packaging.",
            "infant milks",
            BEHIND_THE_NAME_NOT_PLACED,
            id="one_word_more_behind",
        ),
        pytest.param(
            "She sold infant milks and later dropped them.",
            "infant milks",
            BEHIND_THE_NAME_NOT_PLACED,
            id="and_more_than_a_list",
        ),
        pytest.param(
            "She sold infant milks in it.",
            "infant milks",
            BEHIND_THE_NAME_NOT_PLACED,
            id="it_is_not_IT",
        ),
        pytest.param(
            "She sold infant milks in Poland and yoghurt.",
            "infant milks",
            BEHIND_THE_NAME_NOT_PLACED,
            id="a_list_away_from_the_name",
        ),
        pytest.param(
            "She sold infant milks since then.",
            "infant milks",
            BEHIND_THE_NAME_NOT_PLACED,
            id="a_time_no_date_places",
        ),
        pytest.param(
            "Did she sell infant milks?", "infant milks", NOT_LED_BY_THE_PERSON, id="a_question"
        ),
        # "and" only
        pytest.param(
            "She sold infant milks or tried to.", "infant milks", OR_NOT_AND, id="or_tried_to"
        ),
        pytest.param("She sold infant milks or yoghurt.", "infant milks", OR_NOT_AND, id="or"),
        pytest.param(
            "She sold infant milks, or yoghurt.", "infant milks", OR_NOT_AND, id="comma_or"
        ),
        # a channel it cannot place (no channel condition in the criterion)
        pytest.param(
            "She sold infant milks through pharmacies.",
            "infant milks",
            MEANS_NOT_PLACED,
            id="through_pharmacies",
        ),
        pytest.param(
            "She sold infant milks via distributors.",
            "infant milks",
            MEANS_NOT_PLACED,
            id="via_distributors",
        ),
        pytest.param(
            "She sold infant milks via veterinary practices.",
            "infant milks",
            MEANS_NOT_PLACED,
            id="via_veterinary_practices",
        ),
        # a sentence somebody else leads
        pytest.param(
            "Her rival ran infant milks.", "infant milks", NOT_LED_BY_THE_PERSON, id="rival"
        ),
        pytest.param(
            "The company also sells infant milks.",
            "infant milks",
            NOT_LED_BY_THE_PERSON,
            id="the_company",
        ),
        pytest.param("It sold infant milks.", "infant milks", NOT_LED_BY_THE_PERSON, id="it"),
        pytest.param("We sold infant milks.", "infant milks", NOT_LED_BY_THE_PERSON, id="we"),
        pytest.param("You sold infant milks.", "infant milks", NOT_LED_BY_THE_PERSON, id="you"),
        pytest.param(
            "Its portfolio centred on infant milks.",
            "infant milks",
            NOT_LED_BY_THE_PERSON,
            id="its_portfolio",
        ),
        pytest.param(
            "Our remit covered infant milks.", "infant milks", NOT_LED_BY_THE_PERSON, id="our"
        ),
        pytest.param(
            "Brandvold sold infant milks.",
            "infant milks",
            NOT_LED_BY_THE_PERSON,
            id="the_family_name_alone",
        ),
        pytest.param(
            "Ms Brandvold sold infant milks.",
            "infant milks",
            NOT_LED_BY_THE_PERSON,
            id="a_title_and_family_name",
        ),
        pytest.param(
            "Ragnhild sold infant milks.", "infant milks", NOT_LED_BY_THE_PERSON, id="another_name"
        ),
        pytest.param(
            "Sold infant milks across Poland.",
            "infant milks",
            NOT_LED_BY_THE_PERSON,
            id="no_subject",
        ),
        pytest.param(
            "Her team sold infant milks.", "infant milks", NOT_LED_BY_THE_PERSON, id="her_team"
        ),
        # a way of taking the name out the reader has no word for
        pytest.param(
            "Her training skipped infant milks.",
            "infant milks",
            NOT_LED_BY_THE_PERSON,
            id="training_skipped",
        ),
        pytest.param(
            "Her portfolio skipped infant milks.",
            "infant milks",
            VERB_NOT_LISTED,
            id="portfolio_skipped",
        ),
        pytest.param(
            "Ottoline joined Nordmelk in 2001 and sold infant milks.",
            "infant milks",
            VERB_NOT_LISTED,
            id="a_second_verb",
        ),
    ],
)
def test_a_name_left_to_the_second_call(sentence, states, why):
    assert fate_of(sentence, states) == (VOTE, why)


@pytest.mark.parametrize(
    ("sentence", "fate"),
    [
        pytest.param("Her portfolio centred mainly on infant milks.", VOTE, id="an_adverb_more"),
        pytest.param("Her portfolio centred on organic infant milks.", VOTE, id="a_kind_more"),
        pytest.param("Portfolio centred on infant milks.", VOTE, id="no_possessive"),
        pytest.param("She responsible for infant milks.", VOTE, id="no_auxiliary"),
        pytest.param("She charge of infant milks.", VOTE, id="no_verb"),
        pytest.param("She took infant milks.", VOTE, id="no_thing_behind_took"),
        pytest.param("She had infant milks.", VOTE, id="no_thing_behind_had"),
        pytest.param("She spent time on infant milks.", VOTE, id="time_is_no_length"),
        pytest.param("The range in doubt was infant milks.", VOTE, id="in_doubt"),
        pytest.param("She's sold infant milks.", VOTE, id="a_contraction_is_not_read"),
        pytest.param("She and her team sold infant milks.", VOTE, id="she_and_her_team"),
        pytest.param("At Nordmelk, her portfolio centred on infant milks.", VOTE, id="employer"),
        pytest.param("She sold infant milks as a favour.", VOTE, id="as_no_title"),
        pytest.param("She sold infant milks and then yoghurt.", VOTE, id="and_then"),
        pytest.param("She sold infant milks (organic).", VOTE, id="a_bracket_behind"),
        pytest.param("She sold infant milks - mostly.", VOTE, id="a_dash_behind"),
        pytest.param("The range was infant milks.", SETTLED, id="the_range_was"),
        pytest.param("She sells infant milks.", SETTLED, id="present_tense"),
        pytest.param("She is selling infant milks.", SETTLED, id="is_selling"),
        pytest.param("She has been responsible for infant milks.", SETTLED, id="has_been"),
        pytest.param("She took charge of infant milks.", SETTLED, id="took_charge_of"),
        pytest.param("Since 2019 her remit has covered infant milks.", SETTLED, id="since_her"),
        pytest.param("Ottoline Brandvold's remit covered infant milks.", SETTLED, id="full_names"),
        pytest.param("She sold infant milks as a director.", SETTLED, id="as_a_director"),
        pytest.param("She sold infant milks, and yoghurt.", SETTLED, id="comma_and"),
        pytest.param("She sold infant milks and the yoghurt.", SETTLED, id="an_item_with_the"),
        pytest.param(
            "She sold infant milks, yoghurt and cheese, and milk.", SETTLED, id="items_then_and"
        ),
        pytest.param("She sold infant milks and yoghurt, and cheese.", VOTE, id="and_then_a_comma"),
        pytest.param("She sold infant milks, yoghurt,", VOTE, id="cut_at_a_comma"),
        pytest.param("She sold infant milks as.", VOTE, id="as_and_nothing_behind"),
        pytest.param("She sold infant milks in Poland and.", VOTE, id="a_place_and_nothing"),
        pytest.param("She sold infant milks between 2001 and 2015.", SETTLED, id="between"),
        pytest.param(
            "She sold infant milks in Poland, Germany, and France.", SETTLED, id="place_list"
        ),
        pytest.param(
            "She sold infant milks in Poland from 2001 until 2015, as head of marketing.",
            SETTLED,
            id="place_time_and_title",
        ),
        pytest.param("She spent ten years on infant milks in Poland.", SETTLED, id="a_length"),
    ],
)
def test_neighbours_of_the_settled_forms(sentence, fate):
    assert fate_of(sentence)[0] == fate


@pytest.mark.parametrize(
    ("sentence", "states"),
    [
        pytest.param("She sold infant milk.", "infant milk", id="the_singular_stated"),
        pytest.param("She sold Infant Milks.", "Infant Milks", id="capitals_stated"),
        pytest.param("She sold the infant milks.", "the infant milks", id="the_in_the_span"),
        pytest.param("She sold crème fraîche.", "crème fraîche", id="accents"),
        pytest.param("She sold no-code tools.", "no-code tools", id="a_no_inside_the_name"),
    ],
)
def test_a_name_as_the_profile_writes_it_settles(sentence, states):
    assert fate_of(sentence, states)[0] == SETTLED


def test_a_pronoun_leads_only_where_no_name_is_known_and_the_name_leads_too():
    assert fate_of("She sold infant milks.", person=None) == (SETTLED, PERSON_THEN_VERB)
    assert fate_of("Ottoline sold infant milks.", person=None) == (VOTE, NOT_LED_BY_THE_PERSON)
    # with no name known, no word that leads is the person, whatever it is
    assert fate_of("Xxxx sold infant milks.", person=None) == (VOTE, NOT_LED_BY_THE_PERSON)


# -- refused: the few forms the reader knows take the name out ---------------------------------


@pytest.mark.parametrize(
    ("sentence", "why"),
    [
        pytest.param(
            "She has never worked on infant milks.", DENIED_IN_ITS_SENTENCE, id="has_never"
        ),
        pytest.param("She did not sell infant milks.", DENIED_IN_ITS_SENTENCE, id="did_not"),
        pytest.param("She didn't sell infant milks.", DENIED_IN_ITS_SENTENCE, id="didnt"),
        pytest.param("She didn\u2019t sell infant milks.", DENIED_IN_ITS_SENTENCE, id="curly"),
        pytest.param(
            "Infant milks were never her line.", DENIED_IN_ITS_SENTENCE, id="never_behind"
        ),
        pytest.param(
            "The company sold infant milks, never yoghurt.",
            DENIED_IN_ITS_SENTENCE,
            id="never_behind_another_s_sentence",
        ),
        pytest.param("She no longer sells infant milks.", DENIED_IN_ITS_SENTENCE, id="no_longer"),
        pytest.param("She sold without infant milks.", DENIED_IN_ITS_SENTENCE, id="without"),
        pytest.param("She NEVER sold infant milks.", DENIED_IN_ITS_SENTENCE, id="in_capitals"),
        pytest.param("Her remit excluded infant milks.", EXCLUDED_RIGHT_BEFORE, id="excluded"),
        pytest.param(
            "Her remit excluded all infant milks.", EXCLUDED_RIGHT_BEFORE, id="excluded_all"
        ),
        pytest.param(
            "She ran every dairy line with the exception of infant milks.",
            EXCLUDED_RIGHT_BEFORE,
            id="with_the_exception_of",
        ),
        pytest.param(
            "She sold yoghurt, unlike infant milks.", EXCLUDED_RIGHT_BEFORE, id="comma_unlike"
        ),
        pytest.param(
            "She lost infant milks to a rival division.", EXCLUDED_RIGHT_BEFORE, id="lost"
        ),
        pytest.param(
            "She ran every dairy line except infant milks.", EXCLUDED_RIGHT_BEFORE, id="except"
        ),
        pytest.param(
            "She ran every dairy line except, infant milks.",
            EXCLUDED_RIGHT_BEFORE,
            id="except_and_a_comma",
        ),
        pytest.param(
            "Her remit excluded, infant milks.", EXCLUDED_RIGHT_BEFORE, id="excluded_and_a_comma"
        ),
        pytest.param(
            "She sold dairy other than infant milks.", EXCLUDED_RIGHT_BEFORE, id="other_than"
        ),
        pytest.param(
            "She sold yoghurt rather than infant milks.", EXCLUDED_RIGHT_BEFORE, id="rather_than"
        ),
        pytest.param(
            "She sold yoghurt instead of infant milks.", EXCLUDED_RIGHT_BEFORE, id="instead_of"
        ),
        pytest.param(
            "She designed packaging for infant milks.",
            COMPLEMENT_OF_ANOTHER_THING,
            id="packaging_for",
        ),
        pytest.param(
            "Packaging for infant milks.", COMPLEMENT_OF_ANOTHER_THING, id="packaging_alone"
        ),
        pytest.param(
            "She advised suppliers of infant milks.",
            COMPLEMENT_OF_ANOTHER_THING,
            id="suppliers_of",
        ),
        pytest.param(
            "Her remit covered packaging for infant milks.",
            COMPLEMENT_OF_ANOTHER_THING,
            id="her_remit_covered_packaging",
        ),
    ],
)
def test_a_name_refused_by_its_sentence(sentence, why):
    if why == VOTE:
        assert fate_of(sentence)[0] == VOTE
    else:
        assert fate_of(sentence) == (REFUSED, why)


@pytest.mark.parametrize(
    ("sentence", "fate"),
    [
        pytest.param("Her remit included infant milks.", SETTLED, id="included_is_no_exclusion"),
        pytest.param("Her remit covered, infant milks.", VOTE, id="a_comma_behind_no_exclusion"),
        pytest.param("Her remit excluded yoghurt, and covered infant milks.", VOTE, id="earlier"),
        pytest.param("She sold infant milks, unlike her rival.", VOTE, id="unlike_behind"),
        pytest.param("She handled sales for infant milks.", SETTLED, id="sales_for_is_work"),
        pytest.param("She led marketing for infant milks.", SETTLED, id="marketing_for"),
        pytest.param("She specialised in infant milks.", VOTE, id="a_participle_is_not_a_thing"),
        pytest.param("She worked at Nestle on infant milks.", VOTE, id="a_frame_verb_before"),
        pytest.param("She sold no-code tools and infant milks.", VOTE, id="no_code_is_no_no"),
        pytest.param("Her focus on infant milks grew.", VOTE, id="a_work_word_is_no_complement"),
        # the word before "for" is no thing a name could be the complement of
        pytest.param("She sells for infant milks.", VOTE, id="a_verb_of_the_frame_is_no_thing"),
        pytest.param(
            "She sold yoghurt, and then for infant milks.", VOTE, id="an_auxiliary_is_no_thing"
        ),
        pytest.param("She sold yoghurt, as for infant milks.", VOTE, id="a_preposition_no_thing"),
    ],
)
def test_neighbours_of_the_refused_forms(sentence, fate):
    assert fate_of(sentence)[0] == fate


@pytest.mark.parametrize(
    "sentence",
    [
        # a denial in the name's own sentence refuses it, also where it denies something else
        # behind a name stated as her own work: the settled forms hold no word of denial
        pytest.param("She sold infant milks, never yoghurt.", id="never_of_another_product"),
        pytest.param("She sold infant milks without a licence.", id="without_a_licence"),
        pytest.param(
            "Her portfolio centred on infant milks, not yoghurt.",
            id="not_behind_her_own_work_as_the_subject",
        ),
        pytest.param("She sold infant milks and didn't stop.", id="a_list_item_that_denies"),
        pytest.param("Infant milks were never her line.", id="the_name_as_the_subject"),
        pytest.param("Her rival sold infant milks, never yoghurt.", id="somebody_else_s_sentence"),
        pytest.param("She never sold yoghurt, and sold infant milks.", id="before_the_name"),
    ],
)
def test_a_denial_anywhere_in_the_name_s_sentence_refuses_it(sentence):
    assert fate_of(sentence) == (REFUSED, DENIED_IN_ITS_SENTENCE)


@pytest.mark.parametrize(
    ("sentence", "fate", "why"),
    [
        pytest.param("She sold infant milks and yoghurt.", SETTLED, PERSON_THEN_VERB, id="a_list"),
        pytest.param(
            "She sold infant milks, knowing yoghurt.",
            VOTE,
            BEHIND_THE_NAME_NOT_PLACED,
            id="a_clause_with_no_denial",
        ),
        pytest.param(
            "She sold infant milks, nevertheless yoghurt.",
            VOTE,
            BEHIND_THE_NAME_NOT_PLACED,
            id="a_word_that_opens_like_never",
        ),
    ],
)
def test_neighbours_of_a_denial_behind_the_name(sentence, fate, why):
    assert fate_of(sentence) == (fate, why)


@pytest.mark.parametrize(
    ("states", "fate"),
    [
        pytest.param("of infant milks", (REFUSED, EXCLUDED_RIGHT_BEFORE), id="the_of_moves"),
        # a span of nothing but a preposition keeps it as the name: nothing moves before it
        pytest.param("of", (VOTE, WORD_BETWEEN_NOT_WORK), id="a_span_of_one_preposition"),
    ],
)
def test_only_a_preposition_the_name_opens_with_stands_before_it(states, fate):
    assert fate_of("She sold yoghurt instead of infant milks.", states) == fate


# The complement of another thing wherever it sits in a chain of work before the name: a verb of
# the frame makes a vote of the noun it governs itself ("sold products for …"), never of a noun
# further down a chain ("led marketing for packaging for …").
@pytest.mark.parametrize(
    "sentence",
    [
        pytest.param("She led marketing for packaging for infant milks.", id="led_marketing_for"),
        pytest.param("She took charge of packaging for infant milks.", id="took_charge_of"),
        pytest.param("She sold sales of packaging for infant milks.", id="two_links_before"),
        pytest.param(
            "Ottoline led marketing across Germany and Poland for packaging for infant milks.",
            id="a_place_between",
        ),
        pytest.param(
            "She led the marketing of the packaging for infant milks.", id="with_determiners"
        ),
        pytest.param("She ran marketing for baby packaging for infant milks.", id="a_compound"),
        pytest.param("She led marketing for suppliers of infant milks.", id="suppliers_of"),
        pytest.param("She designed packaging for marketing of infant milks.", id="outer_link"),
        pytest.param(
            "She led marketing for packaging for sales of infant milks.",
            id="outer_link_behind_a_verb",
        ),
        pytest.param(
            "She has led marketing for packaging for infant milks since 2019.", id="has_led_since"
        ),
    ],
)
def test_a_name_in_the_complement_of_another_thing_anywhere_in_a_chain(sentence):
    assert fate_of(sentence) == (REFUSED, COMPLEMENT_OF_ANOTHER_THING)


@pytest.mark.parametrize(
    ("sentence", "fate"),
    [
        pytest.param("She led marketing for infant milks.", SETTLED, id="marketing_for"),
        pytest.param("She took charge of marketing for infant milks.", SETTLED, id="charge_of"),
        pytest.param("She led the launch of infant milks.", SETTLED, id="the_launch_of"),
        pytest.param("She sold products for infant milks.", VOTE, id="the_verb_s_own_object"),
        pytest.param("She sold baby products for infant milks.", VOTE, id="a_compound_object"),
        pytest.param("She led packaging for infant milks.", VOTE, id="led_packaging_directly"),
        pytest.param("She worked at Nestle on infant milks.", VOTE, id="the_verb_s_preposition"),
        pytest.param("She worked with the team for infant milks.", VOTE, id="with_the_team"),
        pytest.param("She was head of marketing for infant milks.", VOTE, id="head_of_marketing"),
        pytest.param(
            "She was director of marketing for infant milks.", VOTE, id="a_rank_in_the_chain"
        ),
        pytest.param(
            "She worked at Nestle on marketing for infant milks.", VOTE, id="a_place_of_work"
        ),
        pytest.param(
            "She led marketing across Germany and Poland for infant milks.",
            VOTE,
            id="terms_in_the_chain",
        ),
        pytest.param(
            "She spent ten years in packaging, then led marketing for infant milks.",
            VOTE,
            id="a_comma_ends_the_chain",
        ),
    ],
)
def test_neighbours_of_a_complement_in_a_chain(sentence, fate):
    assert fate_of(sentence)[0] == fate


def test_a_rank_the_vocabulary_holds_keeps_the_name_from_being_a_complement():
    sentence = "She was director of infant milks."
    assert fate_of(sentence) == (REFUSED, COMPLEMENT_OF_ANOTHER_THING)
    with_ranks = VOCABULARY.extended([Term("rank", "Director")])
    assert fate_of(sentence, terms=vocabulary_terms_of(with_ranks))[0] == VOTE


# -- a means behind "through" or "via" ----------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "fate", "why"),
    [
        pytest.param(
            "She sold infant milks through distributors.",
            SETTLED,
            PERSON_THEN_VERB,
            id="word_for_word_the_channel_condition",
        ),
        pytest.param(
            "She sold infant milks via distributors.",
            SETTLED,
            PERSON_THEN_VERB,
            id="via_the_channel_conditions_words",
        ),
        pytest.param(
            "She sold infant milks through distributors of veterinary supplies.",
            VOTE,
            MEANS_NOT_PLACED,
            id="a_longer_channel_behind",
        ),
        pytest.param(
            "She sold infant milks via veterinary distributors.",
            VOTE,
            MEANS_NOT_PLACED,
            id="a_narrower_channel",
        ),
        pytest.param(
            "She sold infant milks through distributors and pet shops.",
            VOTE,
            MEANS_NOT_PLACED,
            id="a_channel_and_more",
        ),
        pytest.param(
            "She sold infant milks through distributors in Poland.",
            VOTE,
            MEANS_NOT_PLACED,
            id="a_place_behind_a_means",
        ),
        pytest.param(
            "She sold infant milks through distributor.",
            VOTE,
            MEANS_NOT_PLACED,
            id="word_for_word_not_up_to_a_plural",
        ),
        pytest.param(
            "She sold infant milks through pet shops.",
            VOTE,
            MEANS_NOT_PLACED,
            id="another_trade",
        ),
        pytest.param(
            "She sold infant milks through pharmacies.",
            VOTE,
            MEANS_NOT_PLACED,
            id="through_pharmacies",
        ),
    ],
)
def test_a_means_is_placed_only_word_for_word_by_another_condition(sentence, fate, why):
    facets = (*FACETS, CHANNEL)
    assert fate_of(sentence, facets=facets) == (fate, why)


def test_a_means_of_vocabulary_terms_is_placed_and_one_word_more_is_not():
    terms = TERMS | {"Amazon", "eBay"}
    assert fate_of("She sold infant milks via Amazon.", terms=terms) == (SETTLED, PERSON_THEN_VERB)
    assert fate_of("She sold infant milks via Amazon and eBay.", terms=terms) == (
        VOTE,
        MEANS_NOT_PLACED,
    )
    assert fate_of("She sold infant milks via Amazon Prime.", terms=terms) == (
        VOTE,
        MEANS_NOT_PLACED,
    )


@pytest.mark.parametrize(
    ("sentence", "fate", "why"),
    [
        pytest.param("She sold infant milks through 2019.", SETTLED, PERSON_THEN_VERB, id="a_year"),
        pytest.param(
            "She sold infant milks through March 2019.", SETTLED, PERSON_THEN_VERB, id="two_words"
        ),
        # its first word is read too: a word the reader does not know before a year places nothing
        pytest.param(
            "She sold infant milks through mid-2019.", VOTE, MEANS_NOT_PLACED, id="a_word_before"
        ),
    ],
)
def test_a_means_of_a_date_is_placed_from_its_first_word(sentence, fate, why):
    assert fate_of(sentence) == (fate, why)


@pytest.mark.parametrize(
    ("channel", "sentence", "fate", "why"),
    [
        # another condition's words, its leading preposition aside, are a thing of her work
        pytest.param(
            "through distributors",
            "She ran distributors for infant milks.",
            SETTLED,
            WORK_AS_A_THING,
            id="another_condition_s_words_without_through",
        ),
        pytest.param(
            "through key distributors",
            "She ran key distributors for infant milks.",
            SETTLED,
            WORK_AS_A_THING,
            id="two_words_without_through",
        ),
        pytest.param(
            None,
            "She ran distributors for infant milks.",
            VOTE,
            WORD_BETWEEN_NOT_WORK,
            id="no_condition_of_distributors",
        ),
    ],
)
def test_another_condition_s_words_are_a_thing_without_their_preposition(
    channel, sentence, fate, why
):
    facets = (*FACETS, Facet("channel", "condition", channel)) if channel else FACETS
    assert fate_of(sentence, facets=facets) == (fate, why)


@pytest.mark.parametrize(
    ("sentence", "fate", "why"),
    [
        # another condition's words with the last word's plural aside are a thing of her work
        pytest.param(
            "She ran key accounts for infant milks.",
            SETTLED,
            WORK_AS_A_THING,
            id="a_plural_of_another_condition",
        ),
        pytest.param(
            "She ran key accountants for infant milks.",
            VOTE,
            WORD_BETWEEN_NOT_WORK,
            id="one_letter_more_is_no_plural",
        ),
        # a length of time is a thing too, written with "of"
        pytest.param(
            "She spent a couple of years on infant milks.",
            SETTLED,
            WORK_AS_A_THING,
            id="a_couple_of_years",
        ),
        pytest.param(
            "She spent a couple of tins on infant milks.",
            VOTE,
            WORD_BETWEEN_NOT_WORK,
            id="a_couple_of_no_unit",
        ),
        # and behind the name a count is a length only with its unit
        pytest.param("She sold infant milks for 22 years.", SETTLED, PERSON_THEN_VERB, id="unit"),
        pytest.param(
            "She sold infant milks for 22.", VOTE, BEHIND_THE_NAME_NOT_PLACED, id="no_unit"
        ),
    ],
)
def test_a_thing_or_a_length_is_read_with_its_plural_and_its_unit(sentence, fate, why):
    accounts = Facet("accounts", "condition", "key account")
    assert fate_of(sentence, facets=(*FACETS, accounts)) == (fate, why)


def test_what_the_model_says_is_stated_for_another_condition_places_no_means():
    stated = {"market": "pharmacies"}
    assert fate_of("She sold infant milks through pharmacies.", stated=stated) == (
        VOTE,
        MEANS_NOT_PLACED,
    )


# -- what a fate means for the quote -----------------------------------------------------------


@pytest.mark.parametrize(
    ("fate", "checked_by"),
    [
        (SETTLED, ACCEPTED_NAME_AND_SECOND_CALL),
        (VOTE, SECOND_CALL),
        (REFUSED, None),
        (NameFate(SETTLED, PERSON_THEN_VERB), ACCEPTED_NAME_AND_SECOND_CALL),
    ],
)
def test_what_a_confirmed_quote_says_checked_it(fate, checked_by):
    assert checked_by_for(fate) == checked_by


def test_a_fate_that_is_none_of_the_three_is_refused():
    with pytest.raises(ValueError, match="not a name's fate: 'maybe'"):
        checked_by_for("maybe")


def test_a_span_outside_the_sentence_is_refused():
    with pytest.raises(ValueError, match=r"name_span \(9, 90\) is not inside the sentence"):
        name_fate(
            sentence="She sold infant milks.",
            name_span=(9, 90),
            person=None,
            other_conditions={},
            vocabulary_terms=TERMS,
        )


def test_the_other_conditions_hold_their_words_names_and_axis_terms():
    held = other_conditions_of(FACETS, "product", VOCABULARY)
    assert set(held) == {"function", "market"}  # a length holds no words; the product is asked
    assert {"marketing", "Marketing", "Sales", "brand management"} <= set(held["function"])
    assert {"in European markets", "European markets", "Europe", "Poland"} <= set(held["market"])
    assert other_conditions_of(FACETS, "market", VOCABULARY)["product"] == (
        "baby formula",
        "infant milks",
    )
    assert stated_for_others_of(FACETS, "product", {"function": "sales", "product": "x"}) == {
        "function": ("sales",)
    }
