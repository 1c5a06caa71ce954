"""The vocabulary: places and functions, looked up, climbed and found in text. No database."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from limma.vocabulary import Term, Vocabulary
from limma.vocabulary.folding import fold_char, fold_with_index
from limma.vocabulary.functions import FUNCTIONS
from limma.vocabulary.geography import COUNTRIES, REGIONS

CONTINENTS = {"Europe", "Asia", "Africa", "North America", "South America", "Oceania"}


@pytest.fixture(scope="module")
def vocabulary() -> Vocabulary:
    return Vocabulary.shipped()


def names(found: list[tuple[int, int, Term]]) -> list[str]:
    return [term.name for _, _, term in found]


# -- lookup ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        pytest.param("Deutschland", "Germany", id="Deutschland_is_Germany"),
        pytest.param("the Netherlands", "Netherlands", id="the_Netherlands_is_Netherlands"),
        pytest.param("Holland", "Netherlands", id="Holland_is_Netherlands"),
        pytest.param("Nederland", "Netherlands", id="Nederland_is_Netherlands"),
        pytest.param("Schweiz", "Switzerland", id="Schweiz_is_Switzerland"),
        pytest.param("Suisse", "Switzerland", id="Suisse_is_Switzerland"),
        pytest.param("Österreich", "Austria", id="Osterreich_is_Austria"),
        pytest.param("oesterreich", "Austria", id="oesterreich_spelled_out_is_Austria"),
        pytest.param("Türkiye", "Turkey", id="Turkiye_is_Turkey"),
        pytest.param("TURKIYE", "Turkey", id="accent_and_case_do_not_matter"),
        pytest.param("Czech Republic", "Czechia", id="Czech_Republic_is_Czechia"),
        pytest.param("Ivory Coast", "Côte d'Ivoire", id="Ivory_Coast_is_Cote_dIvoire"),
        pytest.param("Cote d\u2019Ivoire", "Côte d'Ivoire", id="curly_apostrophe_and_no_accent"),
        pytest.param("Korea", "South Korea", id="Korea_is_South_Korea"),
        pytest.param("Republic of Korea", "South Korea", id="Republic_of_Korea_is_South_Korea"),
        pytest.param("U.S.", "United States", id="U.S._is_United_States"),
        pytest.param("United States of America", "United States", id="official_US_name"),
        pytest.param("Great Britain", "United Kingdom", id="Great_Britain_is_UK"),
        pytest.param("UK", "United Kingdom", id="UK_is_United_Kingdom"),
        pytest.param("  united   kingdom ", "United Kingdom", id="spacing_does_not_matter"),
        pytest.param("Eire", "Ireland", id="Eire_unaccented_is_Ireland"),
        pytest.param("Ελλάδα", "Greece", id="Greek_endonym_is_Greece"),
        pytest.param("Hellas", "Greece", id="Hellas_is_Greece"),
        pytest.param("日本", "Japan", id="Japanese_endonym_is_Japan"),
        pytest.param("Россия", "Russia", id="Russian_endonym_is_Russia"),
        pytest.param("中国", "China", id="Chinese_endonym_is_China"),
        pytest.param("España", "Spain", id="Espana_is_Spain"),
        pytest.param("Viet Nam", "Vietnam", id="ISO_name_Viet_Nam_is_Vietnam"),
        pytest.param("Korea, Republic of", "South Korea", id="ISO_inverted_name"),
        pytest.param("D-A-CH", "DACH", id="D-A-CH_is_DACH"),
        pytest.param("South East Asia", "Southeast Asia", id="South_East_Asia_is_Southeast"),
        pytest.param("South-East Asia", "Southeast Asia", id="hyphenated_South-East_Asia"),
        pytest.param("SE Asia", "Southeast Asia", id="SE_Asia_is_Southeast_Asia"),
        pytest.param("European Union", "EU", id="European_Union_is_EU"),
        pytest.param("the Nordics", "Nordics", id="the_Nordics_is_Nordics"),
        pytest.param("Nordic countries", "Nordics", id="Nordic_countries_is_Nordics"),
        pytest.param("Middle East and North Africa", "MENA", id="MENA_spelled_out"),
        pytest.param("LATAM", "Latin America", id="LATAM_is_Latin_America"),
        pytest.param("Asia-Pacific", "APAC", id="Asia-Pacific_is_APAC"),
    ],
)
def test_a_place_is_found_by_name_alias_or_endonym(vocabulary, words, expected):
    term = vocabulary.place(words)
    assert term is not None and term.name == expected


@pytest.mark.parametrize(
    "words",
    [
        pytest.param("in", id="in_is_not_India"),
        pytest.param("no", id="no_is_not_Norway"),
        pytest.param("it", id="it_is_not_Italy"),
        pytest.param("is", id="is_is_not_Iceland"),
        pytest.param("at", id="at_is_not_Austria"),
        pytest.param("be", id="be_is_not_Belgium"),
        pytest.param("me", id="me_is_not_Montenegro"),
        pytest.param("am", id="am_is_not_Armenia"),
        pytest.param("to", id="to_is_not_Tonga"),
        pytest.param("us", id="us_is_not_United_States"),
        pytest.param("de", id="lower_case_code_is_not_a_code"),
        pytest.param("De", id="title_case_code_is_not_a_code"),
        pytest.param("America", id="America_is_ambiguous"),
        pytest.param("Congo", id="Congo_is_ambiguous"),
        pytest.param("German", id="demonyms_are_not_places"),
        pytest.param("the DE office", id="a_code_inside_words_is_not_a_code"),
        pytest.param("", id="nothing_is_nothing"),
    ],
)
def test_words_that_are_not_places(vocabulary, words):
    assert vocabulary.place(words) is None


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        pytest.param("DE", "Germany", id="DE_is_Germany"),
        pytest.param("DEU", "Germany", id="DEU_is_Germany"),
        pytest.param("USA", "United States", id="USA_is_United_States"),
        pytest.param("GB", "United Kingdom", id="GB_is_United_Kingdom"),
        pytest.param("IN", "India", id="IN_as_written_is_India"),
        pytest.param("NO", "Norway", id="NO_as_written_is_Norway"),
        pytest.param("XK", "Kosovo", id="XK_user_assigned_is_Kosovo"),
    ],
)
def test_a_code_resolves_only_as_the_whole_upper_case_string(vocabulary, code, expected):
    assert vocabulary.place(code).name == expected
    assert vocabulary.place(code.lower()) is None or code == "USA"


@pytest.mark.parametrize(
    ("words", "axis", "expected"),
    [
        pytest.param("R&D", "function", "Research and Development", id="R&D_is_R_and_D"),
        pytest.param("R & D", "function", "Research and Development", id="spaced_R_&_D"),
        pytest.param("brand management", "function", "Marketing", id="brand_mgmt_is_Marketing"),
        pytest.param("HR", "function", "Human Resources", id="HR_is_Human_Resources"),
        pytest.param("IT", "function", "Information Technology", id="IT_is_the_IT_function"),
        pytest.param("IT", "place", "Italy", id="IT_on_the_place_axis_is_the_code"),
        pytest.param("IT", None, "Information Technology", id="an_alias_beats_a_code"),
        pytest.param("PR", "place", "Puerto Rico", id="PR_on_the_place_axis"),
        pytest.param("procurement", "function", "Procurement", id="lower_case_name"),
        pytest.param("Deutschland", None, "Germany", id="no_axis_searches_every_axis"),
    ],
)
def test_lookup_on_an_axis(vocabulary, words, axis, expected):
    assert vocabulary.lookup(words, axis=axis).name == expected


def test_commercial_is_left_out_as_ambiguous(vocabulary):
    assert vocabulary.lookup("commercial", axis="function") is None


# -- broader and narrower ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("narrower", "broader", "expected"),
    [
        pytest.param("Germany", "Europe", True, id="Germany_under_Europe"),
        pytest.param("Germany", "DACH", True, id="Germany_under_DACH"),
        pytest.param("Germany", "EU", True, id="Germany_under_EU"),
        pytest.param("Germany", "Western Europe", True, id="Germany_under_Western_Europe"),
        pytest.param("Germany", "EMEA", True, id="Germany_under_EMEA"),
        pytest.param("Germany", "Asia", False, id="Germany_not_under_Asia"),
        pytest.param("Germany", "Germany", True, id="a_term_is_under_itself"),
        pytest.param("Deutschland", "Europa", False, id="an_unknown_broader_is_false"),
        pytest.param("Deutschland", "European Union", True, id="names_resolve_through_lookup"),
        pytest.param("Switzerland", "DACH", True, id="Switzerland_under_DACH"),
        pytest.param("Switzerland", "Europe", True, id="Switzerland_under_Europe"),
        pytest.param("Switzerland", "EU", False, id="Switzerland_not_under_EU"),
        pytest.param("Switzerland", "EEA", False, id="Switzerland_not_under_EEA"),
        pytest.param("Norway", "Nordics", True, id="Norway_under_Nordics"),
        pytest.param("Norway", "Scandinavia", True, id="Norway_under_Scandinavia"),
        pytest.param("Norway", "EU", False, id="Norway_not_under_EU"),
        pytest.param("Norway", "EEA", True, id="Norway_under_EEA"),
        pytest.param("Finland", "Scandinavia", False, id="Finland_Nordic_not_Scandinavian"),
        pytest.param("Poland", "Europe", True, id="Poland_under_Europe"),
        pytest.param("Poland", "DACH", False, id="Poland_not_under_DACH"),
        pytest.param("Vietnam", "Southeast Asia", True, id="Vietnam_under_Southeast_Asia"),
        pytest.param("Vietnam", "Asia", True, id="Vietnam_under_Asia"),
        pytest.param("Vietnam", "APAC", True, id="Vietnam_under_APAC"),
        pytest.param("Timor-Leste", "ASEAN", True, id="Timor-Leste_in_the_eleven"),
        pytest.param("Egypt", "Africa", True, id="Egypt_under_Africa"),
        pytest.param("Egypt", "Middle East", True, id="Egypt_under_Middle_East"),
        pytest.param("Egypt", "Asia", False, id="Egypt_not_under_Asia"),
        pytest.param("Saudi Arabia", "GCC", True, id="Saudi_Arabia_under_GCC"),
        pytest.param("Turkey", "Middle East", True, id="Turkey_under_Middle_East"),
        pytest.param("Mexico", "Latin America", True, id="Mexico_under_Latin_America"),
        pytest.param("Mexico", "North America", True, id="Mexico_under_North_America"),
        pytest.param("Brazil", "LATAM", True, id="Brazil_under_LATAM"),
        pytest.param("Canada", "Latin America", False, id="Canada_not_under_Latin_America"),
        pytest.param("Japan", "APAC", True, id="Japan_under_APAC"),
        pytest.param("Australia", "APAC", True, id="Australia_under_APAC"),
        pytest.param("Kazakhstan", "Central Asia", True, id="Kazakhstan_under_Central_Asia"),
        pytest.param("Scotland", "United Kingdom", True, id="Scotland_under_UK"),
        pytest.param("Northern Ireland", "Ireland", False, id="Northern_Ireland_not_Ireland"),
        pytest.param("Ireland", "EU", True, id="Ireland_under_EU"),
        pytest.param("United Kingdom", "EU", False, id="UK_not_under_EU"),
        pytest.param("Puerto Rico", "United States", False, id="territories_stand_apart"),
    ],
)
def test_place_is_under(vocabulary, narrower, broader, expected):
    assert vocabulary.is_under(narrower, broader, axis="place") is expected


@pytest.mark.parametrize(
    ("narrower", "broader", "expected"),
    [
        pytest.param("Business Development", "Sales", True, id="BD_under_Sales"),
        pytest.param("BD", "Sales", True, id="BD_alias_under_Sales"),
        pytest.param("Supply Chain", "Operations", True, id="Supply_Chain_under_Operations"),
        pytest.param("Procurement", "Operations", True, id="Procurement_under_Operations"),
        pytest.param("Communications", "Marketing", False, id="Communications_stands_alone"),
        pytest.param("Marketing", "Sales", False, id="Marketing_not_under_Sales"),
    ],
)
def test_function_is_under(vocabulary, narrower, broader, expected):
    assert vocabulary.is_under(narrower, broader, axis="function") is expected


def test_is_under_takes_terms_and_never_crosses_axes(vocabulary):
    germany, europe = vocabulary.place("Germany"), vocabulary.place("Europe")
    assert vocabulary.is_under(germany, europe)
    assert not vocabulary.is_under(europe, germany)
    assert not vocabulary.is_under(germany, vocabulary.lookup("Marketing"))


@pytest.mark.parametrize(
    ("region", "above", "not_above"),
    [
        pytest.param("DACH", {"Europe", "Central Europe", "EMEA"}, {"EU"}, id="DACH"),
        pytest.param("Nordics", {"Europe", "Northern Europe"}, {"EU"}, id="Nordics"),
        pytest.param("Scandinavia", {"Nordics", "Europe"}, set(), id="Scandinavia"),
        pytest.param("Benelux", {"Western Europe", "Europe"}, set(), id="Benelux"),
        pytest.param("Baltics", {"Northern Europe", "Europe"}, set(), id="Baltics"),
        pytest.param("Western Balkans", {"Balkans", "Europe"}, set(), id="Western_Balkans"),
        pytest.param("Iberia", {"Southern Europe", "Europe"}, set(), id="Iberia"),
        pytest.param("British Isles", {"Northern Europe", "Europe"}, set(), id="British_Isles"),
        pytest.param("EU", {"EEA", "Europe", "EMEA"}, set(), id="EU"),
        pytest.param("Europe", {"EMEA"}, {"Asia"}, id="Europe_under_EMEA"),
        pytest.param("GCC", {"Middle East", "MENA", "EMEA"}, {"Asia"}, id="GCC"),
        pytest.param("North Africa", {"Africa", "MENA", "EMEA"}, set(), id="North_Africa"),
        pytest.param("West Africa", {"Sub-Saharan Africa", "Africa"}, set(), id="West_Africa"),
        pytest.param("Southeast Asia", {"Asia", "APAC"}, {"EMEA"}, id="Southeast_Asia"),
        pytest.param("Greater China", {"East Asia", "Asia", "APAC"}, set(), id="Greater_China"),
        pytest.param("Central Asia", {"Asia"}, {"APAC", "EMEA"}, id="Central_Asia"),
        pytest.param("Oceania", {"APAC"}, {"Asia"}, id="Oceania_under_APAC"),
        pytest.param("Caribbean", {"North America", "Latin America", "Americas"}, set(), id="Car"),
        pytest.param("Central America", {"Latin America", "Americas"}, set(), id="Central_Am"),
        pytest.param("South America", {"Latin America", "Americas"}, set(), id="South_Am"),
    ],
)
def test_region_closure(vocabulary, region, above, not_above):
    closure = vocabulary.broader_closure(vocabulary.place(region))
    assert above <= closure
    assert not (not_above & closure)


def test_every_country_sits_on_exactly_one_continent(vocabulary):
    for country in COUNTRIES:
        continents = vocabulary.broader_closure(vocabulary.place(country.name)) & CONTINENTS
        assert len(continents) == 1, (country.name, continents)


def test_every_region_is_placed_under_a_top_grouping(vocabulary):
    tops = {"Asia", "Americas", "EMEA", "APAC"}
    for region in REGIONS:
        term = vocabulary.place(region.name)
        assert region.name in tops or vocabulary.broader_closure(term) & tops, region.name


def test_narrower_closure_includes_the_term_itself(vocabulary):
    dach = vocabulary.place("DACH")
    assert vocabulary.narrower_closure(dach) == {"DACH", "Germany", "Austria", "Switzerland"}
    eu = vocabulary.narrower_closure(vocabulary.place("EU"))
    assert len(eu) == 28 and "Norway" not in eu
    assert len(vocabulary.narrower_closure(vocabulary.place("EEA"))) == 1 + 28 + 3
    assert len(vocabulary.narrower_closure(vocabulary.place("Southeast Asia"))) == 1 + 11


# -- the shipped data --------------------------------------------------------------------


def test_the_place_axis_holds_the_worlds_countries_with_unique_codes(vocabulary):
    assert len(COUNTRIES) >= 190
    alpha2 = [country.alpha2 for country in COUNTRIES]
    alpha3 = [country.alpha3 for country in COUNTRIES]
    assert all(len(code) == 2 and code.isupper() for code in alpha2)
    assert all(len(code) == 3 and code.isupper() for code in alpha3)
    assert len(set(alpha2)) == len(alpha2)
    assert len(set(alpha3)) == len(alpha3)
    assert len({country.name for country in COUNTRIES}) == len(COUNTRIES)
    coded = [term for term in vocabulary.terms("place") if term.codes]
    assert len(coded) == len(COUNTRIES)


def test_no_two_letter_code_resolves_written_in_lower_case(vocabulary):
    # "in", "it", "no", "la", "ma", "my"... are words. "nz" is only New Zealand's alias "NZ".
    resolving = {c.alpha2 for c in COUNTRIES if vocabulary.place(c.alpha2.lower()) is not None}
    assert resolving == {"NZ"}


def test_the_function_axis(vocabulary):
    assert {term.name for term in vocabulary.terms("function")} == {
        function.name for function in FUNCTIONS
    }
    assert len(vocabulary.terms("function")) == 23
    assert vocabulary.axes() == ("place", "function")


def test_the_shipped_vocabulary_is_built_once():
    assert Vocabulary.shipped() is Vocabulary.shipped()


# -- find_in -----------------------------------------------------------------------------


def test_find_in_gives_exact_offsets(vocabulary):
    text = "She led marketing across Germany and Poland until 2023."
    found = vocabulary.find_in(text)
    assert [(start, end, term.name) for start, end, term in found] == [
        (8, 17, "Marketing"),
        (25, 32, "Germany"),
        (37, 43, "Poland"),
    ]
    assert [text[start:end] for start, end, _ in found] == ["marketing", "Germany", "Poland"]


@pytest.mark.parametrize(
    ("text", "mention", "expected"),
    [
        pytest.param("Zürich in der Schweiz", "Schweiz", "Switzerland", id="after_an_umlaut"),
        pytest.param(
            "Zu\u0308rich in der Schweiz", "Schweiz", "Switzerland", id="after_a_combining_mark"
        ),
        pytest.param("Großstadt in Österreich", "Österreich", "Austria", id="after_sharp_s"),
        pytest.param(
            "Born in Ko\u0308ln, now in O\u0308sterreich.",
            "O\u0308sterreich",
            "Austria",
            id="decomposed_mention",
        ),
        pytest.param("ﬁve years in Türkiye", "Türkiye", "Turkey", id="after_a_ligature"),
        pytest.param(
            "Based in Côte d\u2019Ivoire.", "Côte d\u2019Ivoire", "Côte d'Ivoire", id="curly"
        ),
        pytest.param("офис в России и Россия", "Россия", "Russia", id="cyrillic"),
    ],
)
def test_find_in_maps_offsets_through_folding(vocabulary, text, mention, expected):
    found = vocabulary.find_in(text, axis="place")
    assert [(text[start:end], term.name) for start, end, term in found] == [(mention, expected)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("He moved to Papua New Guinea.", ["Papua New Guinea"], id="longest_wins"),
        pytest.param("Offices in Western Europe", ["Western Europe"], id="region_not_continent"),
        pytest.param("Belfast, Northern Ireland", ["Northern Ireland"], id="not_Ireland"),
        pytest.param("Newark, New Jersey and New Mexico", [], id="US_states_are_not_places"),
        pytest.param("the U.S. Virgin Islands", ["United States Virgin Islands"], id="USVI"),
        pytest.param("Romanian and Italian teams", [], id="whole_words_only"),
        pytest.param("Germany's market", ["Germany"], id="possessive"),
        pytest.param("offices in DE, IT and NO", [], id="codes_are_never_found_in_text"),
        pytest.param("the uk team", [], id="short_alias_only_as_written"),
        pytest.param("the UK team", ["United Kingdom"], id="short_alias_as_written"),
        pytest.param("across the EU and the EEA", ["EU", "EEA"], id="short_region_names"),
        pytest.param("in the Netherlands", ["Netherlands"], id="the_is_not_part_of_it"),
        pytest.param("GERMANY, poland", ["Germany", "Poland"], id="any_case_for_long_names"),
    ],
)
def test_find_in_places(vocabulary, text, expected):
    assert names(vocabulary.find_in(text, axis="place")) == expected


def test_find_in_functions(vocabulary):
    text = "Head of R&D, later HR and IT; it was fine. brand management in Sales."
    found = vocabulary.find_in(text, axis="function")
    assert [(text[s:e], term.name) for s, e, term in found] == [
        ("R&D", "Research and Development"),
        ("HR", "Human Resources"),
        ("IT", "Information Technology"),
        ("brand management", "Marketing"),
        ("Sales", "Sales"),
    ]


def test_find_in_on_every_axis_is_non_overlapping_and_in_order(vocabulary):
    text = "Marketing in Southeast Asia and Business Development in Latin America"
    found = vocabulary.find_in(text)
    assert names(found) == [
        "Marketing",
        "Southeast Asia",
        "Business Development",
        "Latin America",
    ]
    ends = [0] + [end for _, end, _ in found]
    assert all(start >= ends[i] for i, (start, _, _) in enumerate(found))


def test_find_in_reads_a_50_kb_document_whole(vocabulary):
    """Its speed is measured in benchmarks/text_throughput.py, not here."""
    rng = random.Random(7)
    phrases = [
        "the team worked with",
        "partners across Germany",
        "France",
        "the U.K.",
        "Southeast Asia",
        "EMEA",
        "R&D",
        "HR",
        "marketing and sales",
        "Zürich",
        "Österreich",
        "Côte d\u2019Ivoire",
        "New Jersey",
        "in 2023",
    ]
    text = " ".join(rng.choice(phrases) for _ in range(10_000))[:50_000]
    assert len(text) == 50_000
    found = vocabulary.find_in(text)
    assert len(found) > 1000
    assert all(
        vocabulary.lookup(text[start:end], axis=term.axis) == term for start, end, term in found
    )


# Surfaces to build texts from: the shipped names and aliases, and filler words.
_SURFACES = sorted(
    {
        surface
        for term in Vocabulary.shipped().terms("place") + Vocabulary.shipped().terms("function")
        for surface in (term.name, *term.aliases)
    }
)
_FILLER = ["and", "in", "the", "offices", "Köln", "straße", ",", ".", "—", "2023", "ﬁ", "e\u0301"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_SURFACES + _FILLER), max_size=25), st.sampled_from([" ", "  "]))
def test_every_mention_found_looks_up_to_its_term(parts, gap):
    vocabulary = Vocabulary.shipped()
    text = gap.join(parts)
    found = vocabulary.find_in(text)
    previous_end = 0
    for start, end, term in found:
        assert previous_end <= start < end <= len(text)
        previous_end = end
        assert vocabulary.lookup(text[start:end], axis=term.axis) == term


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_folding_keeps_an_index_into_the_original(text):
    folded, index = fold_with_index(text)
    assert folded == "".join(map(fold_char, text))
    if index is not None:
        assert len(index) == len(folded)
        assert index == sorted(index)
        assert all(
            folded_char in fold_char(text[i]) for folded_char, i in zip(folded, index, strict=True)
        )


# -- extending and validating ------------------------------------------------------------


def test_extended_adds_a_workspace_term_under_a_shipped_one():
    shipped = Vocabulary.shipped()
    bavaria = Term("place", "Bavaria", ("Germany",), ("Bayern", "Freistaat Bayern"))
    extended = shipped.extended([bavaria])
    assert extended.place("Bayern").name == "Bavaria"
    assert extended.is_under("Bavaria", "EU", axis="place")
    assert extended.is_under("Bayern", "DACH", axis="place")
    assert "Bavaria" in extended.narrower_closure(extended.place("Europe"))
    assert names(extended.find_in("Munich, Bayern")) == ["Bavaria"]
    assert shipped.place("Bayern") is None, "the shipped vocabulary is unchanged"


def test_extended_merges_a_term_of_the_same_axis_and_name():
    extended = Vocabulary.shipped().extended(
        [
            Term("place", "Germany", ("Schengen Area",), ("Alemania",)),
            Term("place", "Schengen Area"),
        ]
    )
    germany = extended.place("Alemania")
    assert germany.name == "Germany" and "Deutschland" in germany.aliases
    assert extended.is_under("Germany", "Schengen Area", axis="place")
    assert extended.is_under("Germany", "EU", axis="place")


def test_extended_adds_a_workspace_axis_and_resolves_a_broader_alias():
    extended = Vocabulary.shipped().extended(
        [
            Term("team", "Platform", ("Engineering org",)),
            Term("team", "Engineering org", (), ("Eng",)),
            Term("team", "Payments", ("Eng",)),
        ]
    )
    assert extended.axes() == ("place", "function", "team")
    assert extended.lookup("payments", axis="team").broader == ("Engineering org",)
    assert extended.is_under("Payments", "Eng", axis="team")


def test_an_unknown_broader_name_is_refused():
    with pytest.raises(ValueError, match="Atlantis"):
        Vocabulary([Term("place", "Germany", ("Atlantis",))])


def test_a_broader_name_on_another_axis_is_refused():
    with pytest.raises(ValueError, match="Marketing"):
        Vocabulary([Term("function", "Marketing"), Term("place", "Germany", ("Marketing",))])


def test_an_alias_meaning_two_terms_is_refused_naming_both():
    terms = [Term("place", "Georgia", (), ("Sakartvelo",)), Term("place", "Atlanta", (), ("GA",))]
    Vocabulary(terms)
    with pytest.raises(ValueError, match=r"'Georgia'.*'Georgia, USA'"):
        Vocabulary([*terms, Term("place", "Georgia, USA", (), ("Georgia",))])


def test_a_workspace_alias_clashing_with_a_shipped_one_is_refused():
    with pytest.raises(ValueError, match="Netherlands"):
        Vocabulary.shipped().extended([Term("place", "Holland (province)", (), ("Holland",))])


def test_a_code_given_twice_is_refused():
    with pytest.raises(ValueError, match="DE"):
        Vocabulary([Term("place", "A", codes=("DE",)), Term("place", "B", codes=("DE",))])


def test_closures_are_safe_from_cycles():
    vocabulary = Vocabulary([Term("x", "A", ("B",)), Term("x", "B", ("A",))])
    a = vocabulary.lookup("A", axis="x")
    assert vocabulary.broader_closure(a) == {"B"}
    assert vocabulary.narrower_closure(a) == {"A", "B"}
    assert vocabulary.is_under("A", "B", axis="x") and vocabulary.is_under("B", "A", axis="x")


def test_a_term_needs_tuples_not_a_string():
    with pytest.raises(TypeError):
        Term("place", "Germany", "Europe")  # type: ignore[arg-type]
    assert Term("place", "Germany", ["Europe"]).broader == ("Europe",)  # type: ignore[arg-type]
