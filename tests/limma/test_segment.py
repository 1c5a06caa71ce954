"""Tests for limma.segment: named cases for the spec's rules, properties for the offsets.

The property tests are the contract quotes rely on: every span re-reads the
original text, spans never overlap, and together they cover every
non-whitespace character exactly once.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from limma.segment import PartSpan, SentenceSpan, segment


def _sentences(text: str, **kwargs: bool | None) -> list[str]:
    return [text[s.start : s.end] for p in segment(text, **kwargs) for s in p.sentences]


def _parts(text: str, **kwargs: bool | None) -> list[tuple[str, list[str]]]:
    return [(p.kind, [text[s.start : s.end] for s in p.sentences]) for p in segment(text, **kwargs)]


# --- named cases -------------------------------------------------------------

PART_CASES = {
    "heading_opens_the_next_paragraph": (
        "Experience\n\nI ran the brand team. It grew fast.",
        [("section", ["Experience", "I ran the brand team.", "It grew fast."])],
    ),
    "markdown_heading_directly_above_text": (
        "## Pricing\nThe plan costs $20. It renews monthly.",
        [("section", ["## Pricing", "The plan costs $20.", "It renews monthly."])],
    ),
    "caps_heading_and_colon_heading": (
        "TERMS AND CONDITIONS\nThese apply.\n\nDeliverables:\n- a report\n- a deck",
        [
            ("section", ["TERMS AND CONDITIONS", "These apply."]),
            ("section", ["Deliverables:", "- a report", "- a deck"]),
        ],
    ),
    "numbered_heading_opens_a_clause": (
        "3. Termination\nEither party may end this. Notice is 30 days.",
        [("clause", ["3. Termination", "Either party may end this.", "Notice is 30 days."])],
    ),
    "numbered_clauses_split_without_blank_lines": (
        "1.1 The Supplier delivers.\n1.2 The Buyer pays.\n(a) on time;\n(b) in full.\n"
        "Article 4 Law applies.\n§ 3 Courts decide.",
        [
            ("clause", ["1.1 The Supplier delivers."]),
            ("clause", ["1.2 The Buyer pays."]),
            ("clause", ["(a) on time;"]),
            ("clause", ["(b) in full."]),
            ("clause", ["Article 4 Law applies."]),
            ("clause", ["§ 3 Courts decide."]),
        ],
    ),
    "numbered_list_is_clauses_not_headings": (
        "1. Eggs\n2. Milk",
        [("clause", ["1. Eggs"]), ("clause", ["2. Milk"])],
    ),
    "numbered_paragraphs_are_clauses_not_headings": (
        "1. Eggs\n\n2. Milk\n\n3. Definitions\n\nWords mean things.",
        [
            ("clause", ["1. Eggs"]),
            ("clause", ["2. Milk"]),
            ("clause", ["3. Definitions", "Words mean things."]),
        ],
    ),
    "short_standalone_sentence_is_a_part": (
        "We met twice. It went well.\n\nI would hire her again.\n\nShe left in May. Sadly.",
        [
            ("paragraph", ["We met twice.", "It went well."]),
            ("sentence", ["I would hire her again."]),
            ("paragraph", ["She left in May.", "Sadly."]),
        ],
    ),
    "trailing_heading_with_no_body_stands_alone": (
        "Done here.\n\nAppendix",
        [("sentence", ["Done here."]), ("section", ["Appendix"])],
    ),
    "decimal_at_line_start_is_not_a_clause": (
        "2.5 million people came.\nThey stayed.",
        [("paragraph", ["2.5 million people came.", "They stayed."])],
    ),
}


@pytest.mark.parametrize("text, expected", PART_CASES.values(), ids=PART_CASES.keys())
def test_parts(text: str, expected: list[tuple[str, list[str]]]) -> None:
    assert _parts(text) == expected


SENTENCE_CASES = {
    "paragraph_of_three_sentences": (
        "The team grew. Revenue doubled! Was it luck?",
        ["The team grew.", "Revenue doubled!", "Was it luck?"],
    ),
    "abbreviations_initials_decimals_do_not_split": (
        "Dr. Smith met Camille N. Rousseau at 2.5 p.m. in the U.S. office of Acme Inc. "
        "on Monday. Mr. Lee e.g. agreed, i.e. he signed. See No. 5 and p. 4 too.",
        [
            "Dr. Smith met Camille N. Rousseau at 2.5 p.m. in the U.S. office of Acme Inc. "
            "on Monday.",
            "Mr. Lee e.g. agreed, i.e. he signed.",
            "See No. 5 and p. 4 too.",
        ],
    ),
    "numbers_after_page_abbreviation_still_end_sentences": (
        "See p. 4. In 2019. The end.",
        ["See p. 4.", "In 2019.", "The end."],
    ),
    "inline_list_numbers_do_not_end_sentences": (
        "Steps: 1. Open it. 2. Close it.",
        ["Steps: 1. Open it.", "2. Close it."],
    ),
    "quotes_and_brackets_close_the_sentence": (
        'He said "Stop." Then he left. (Yes.) Ok.',
        ['He said "Stop."', "Then he left.", "(Yes.)", "Ok."],
    ),
    "line_break_in_prose_does_not_end_a_sentence": (
        "This line wraps\nacross two lines. And ends.",
        ["This line wraps\nacross two lines.", "And ends."],
    ),
    "lines_ending_in_punctuation_are_sentences": (
        "First line ends here.\nsecond starts in lower case.\nThird!",
        ["First line ends here.", "second starts in lower case.", "Third!"],
    ),
    "title_at_line_end_does_not_split": (
        "We met Dr.\nSmith today.",
        ["We met Dr.\nSmith today."],
    ),
    "list_items_each_start_a_sentence": (
        "Bring:\n- eggs\n- milk that is\n  fresh\n* bread\n• jam\n1) tea\nThat is all.",
        [
            "Bring:",
            "- eggs",
            "- milk that is\n  fresh",
            "* bread",
            "• jam",
            "1) tea",
            "That is all.",
        ],
    ),
    "crlf_line_endings": (
        "One line.\r\nTwo line.\r\n\r\nNew part.\r\n",
        ["One line.", "Two line.", "New part."],
    ),
    "tabs_and_unicode": (
        "Café\tcrème coûte 3 €. 東京に行きました。これはテストです。 Emoji 🎉 works.",
        ["Café\tcrème coûte 3 €.", "東京に行きました。", "これはテストです。", "Emoji 🎉 works."],
    ),
    "no_final_punctuation": (
        "It started well. then it went on and on",
        ["It started well. then it went on and on"],
    ),
    "ellipsis_then_capital_splits": (
        "Then it ended... Really? Yes.",
        ["Then it ended...", "Really?", "Yes."],
    ),
}


@pytest.mark.parametrize("text, expected", SENTENCE_CASES.values(), ids=SENTENCE_CASES.keys())
def test_sentences(text: str, expected: list[str]) -> None:
    assert _sentences(text) == expected


def test_transcript_turns_stay_whole_with_speaker_and_timestamp() -> None:
    text = (
        "[00:00:12] Margaux: I ran the brand team for years. It was fun!\n"
        "[00:00:20] Interviewer: Why did you leave?\n"
        "[00:00:25] Margaux: Money. And the commute,\nto be honest.\n"
    )
    parts = segment(text)
    assert [p.kind for p in parts] == ["turn", "turn", "turn"]
    turns = [p.sentences[0] for p in parts]
    assert all(len(p.sentences) == 1 for p in parts)
    assert [text[s.start : s.end] for s in turns] == [
        "[00:00:12] Margaux: I ran the brand team for years. It was fun!",
        "[00:00:20] Interviewer: Why did you leave?",
        "[00:00:25] Margaux: Money. And the commute,\nto be honest.",
    ]
    assert [(s.speaker, s.timestamp) for s in turns] == [
        ("Margaux", "00:00:12"),
        ("Interviewer", "00:00:20"),
        ("Margaux", "00:00:25"),
    ]


def test_transcript_without_timestamps() -> None:
    text = "Q: Where did you work?\nA: At Acme. For years.\nQ: Why?\nA: Money."
    parts = segment(text)
    assert [(p.kind, p.sentences[0].speaker) for p in parts] == [
        ("turn", "Q"),
        ("turn", "A"),
        ("turn", "Q"),
        ("turn", "A"),
    ]
    assert text[parts[1].start : parts[1].end] == "A: At Acme. For years."


def test_labelled_lines_are_not_a_transcript_unless_asked() -> None:
    form = "Name: Jane Doe.\nEmail: jane@example.com.\nRole: Designer."
    assert all(p.kind != "turn" for p in segment(form))
    assert [p.sentences[0].speaker for p in segment(form, transcript=True)] == [
        "Name",
        "Email",
        "Role",
    ]
    turns = "Margaux: Hi.\nLouis: Hello.\nMargaux: Bye."
    assert all(p.kind != "turn" for p in segment(turns, transcript=False))


def test_heading_is_marked() -> None:
    (part,) = segment("Pricing\nIt costs $20.")
    assert part == PartSpan(
        0, 21, "section", (SentenceSpan(0, 7, is_heading=True), SentenceSpan(8, 21))
    )


@pytest.mark.parametrize("text", ["", " ", "\n\n\t\r\n  \u3000\n"])
def test_empty_or_blank_text_has_no_parts(text: str) -> None:
    assert segment(text) == ()


def _generated_document(size: int) -> str:
    paragraph = (
        "Dr. Rousseau joined Acme Inc. in 2019 and grew revenue 2.5 times. "
        "She led the U.S. team, e.g. sales and design! Did it last? It did.\n"
        "A wrapped line goes on\nand ends here.\n\n"
        "Experience\n\n1. Scope\nThe work is described here.\n- item one\n- item two\n\n"
    )
    return (paragraph * (size // len(paragraph) + 1))[:size]


def test_a_fifty_kilobyte_document_is_cut_whole() -> None:
    """Its speed is measured in benchmarks/text_throughput.py, not here."""
    text = _generated_document(50_000)
    parts = segment(text)
    sentences = [sentence for part in parts for sentence in part.sentences]
    assert len(sentences) > 1000
    assert all(text[s.start : s.end] == text[s.start : s.end].strip() for s in sentences)


# --- properties --------------------------------------------------------------

_FRAGMENTS = [
    "word", "Acme", "café", "東京", "テスト", "🎉", "Dr.", "e.g.", "U.S.", "Inc.", "2.5", "N.",
    ".", "!", "?", "...", "。", '"', ")", "(", ":", ";", ",", "-", " ", "  ", "\t",
    "\n", "\n\n", "\r\n", "\r", "\f", "\u2028", "\u3000",
    "## Pricing\n", "TERMS AND CONDITIONS\n", "Experience:\n", "3. Termination\n",
    "[00:00:12] Margaux: ", "Q: ", "A: ", "Interviewer: ", "\n- ", "\n* ", "\n1) ",
    "\n1. ", "\n2.1 ", "\n(a) ", "\nArticle 4 ", "\n§ 3 ", "The", "it", "p. 4", "No. 5",
]  # fmt: skip

_documents = st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=4)), max_size=60).map(
    "".join
)
_modes = st.sampled_from([None, True, False])


def _all_sentences(parts: tuple[PartSpan, ...]) -> list[SentenceSpan]:
    return [s for p in parts for s in p.sentences]


@settings(max_examples=200, deadline=None)
@given(_documents, _modes)
def test_sentence_spans_are_exact_stripped_and_non_empty(text: str, mode: bool | None) -> None:
    for s in _all_sentences(segment(text, transcript=mode)):
        assert 0 <= s.start < s.end <= len(text)
        quote = text[s.start : s.end]
        assert quote == quote.strip()
        assert quote


@settings(max_examples=200, deadline=None)
@given(_documents, _modes)
def test_spans_are_ordered_and_nested(text: str, mode: bool | None) -> None:
    parts = segment(text, transcript=mode)
    sentences = _all_sentences(parts)
    for a, b in itertools.pairwise(sentences):
        assert a.end <= b.start
    for a, b in itertools.pairwise(parts):
        assert a.end <= b.start
    for p in parts:
        assert p.sentences
        assert p.start == p.sentences[0].start
        assert p.end == p.sentences[-1].end
        assert p.kind in {"section", "clause", "paragraph", "turn", "sentence"}


@settings(max_examples=200, deadline=None)
@given(_documents, _modes)
def test_spans_tile_every_non_whitespace_character(text: str, mode: bool | None) -> None:
    pos = 0
    for s in _all_sentences(segment(text, transcript=mode)):
        assert text[pos : s.start].isspace() or pos == s.start
        pos = s.end
    assert not text[pos:].strip()


@settings(max_examples=200, deadline=None)
@given(_documents, _modes)
def test_segmentation_is_deterministic(text: str, mode: bool | None) -> None:
    assert segment(text, transcript=mode) == segment(text, transcript=mode)
