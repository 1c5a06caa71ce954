"""benchmarks/scale/idea_worlds.py's own parts: the world, its gold, the scoring, the baselines
and the scripted model (no store, no network)."""

from __future__ import annotations

import json

import pytest

from benchmarks.scale._idea_models import (
    DISAGREEMENT,
    FAULT_PHRASING,
    NO_TOPIC,
    UNFITTING,
    UNFITTING_TOPIC,
    ScriptedWorldModel,
    topic_of,
)
from benchmarks.scale._idea_scoring import (
    Gold,
    WorldPart,
    every_part,
    idea_words,
    own_words_parts,
    pooled,
    world_parts,
)
from benchmarks.scale._idea_world import (
    FILLER,
    IDEA_KEYS,
    NEAR_MISS,
    PLANTED,
    GoldSentence,
    World,
    WorldDocument,
    build_world,
)
from ideas.topics import topic_fault
from limma.segment import segment


@pytest.fixture(scope="module")
def world() -> World:
    return build_world(seed=12, scale=1)


def test_the_same_seed_gives_the_same_world_and_another_seed_another():
    first, again, other = build_world(7), build_world(7), build_world(8)

    assert [d.text for d in first.documents] == [d.text for d in again.documents]
    assert [d.sentences for d in first.documents] == [d.sentences for d in again.documents]
    assert [d.text for d in first.documents] != [d.text for d in other.documents]


def test_a_bigger_world_holds_the_smaller_one_as_its_first_documents():
    small, big = build_world(3, scale=1), build_world(3, scale=4)

    assert len(big.documents) == 4 * len(small.documents)
    assert [d.text for d in big.documents[: len(small.documents)]] == [
        d.text for d in small.documents
    ]


def test_every_gold_sentence_is_its_text_and_a_sentence_the_segmenter_cuts(world):
    for document in world.documents:
        cut = {
            (s.start, s.end)
            for part in segment(document.text)
            for s in part.sentences
            if not s.is_heading
        }
        gold = {(s.start, s.end) for s in document.sentences}
        assert gold == cut, document.file_name
        for sentence in document.sentences:
            assert document.text[sentence.start : sentence.end] == sentence.text


def test_no_part_holds_two_planted_sentences_or_near_misses(world):
    gold = Gold(world, world_parts(world))
    for part, sentences in gold.sentences_in.items():
        assert sum(s.role != FILLER for s in sentences) <= 1, part


def test_every_idea_is_planted_in_several_phrasings_and_has_near_misses(world):
    for idea in IDEA_KEYS:
        planted = {s.phrasing for _, s in world.gold() if s.role == PLANTED and s.idea == idea}
        misses = {s.phrasing for _, s in world.gold() if s.role == NEAR_MISS and s.idea == idea}
        assert len(planted) >= 4, idea
        assert misses, idea


def test_the_multi_idea_reading_only_adds_sentences(world):
    sentence = next(
        s for _, s in world.gold() if s.phrasing == "terminates_if_unpaid" and s.role == PLANTED
    )
    assert sentence.discusses("termination", "planted")
    assert not sentence.discusses("late_payment", "planted")
    assert sentence.discusses("late_payment", "multi")
    for idea in IDEA_KEYS:
        assert world.expected(idea, "planted") <= world.expected(idea, "multi")
    assert world.expected("late_payment", "multi") > world.expected("late_payment", "planted")


def test_a_near_miss_is_expected_for_no_idea(world):
    for _, sentence in world.gold():
        if sentence.role != PLANTED:
            assert not any(sentence.discusses(idea, "multi") for idea in IDEA_KEYS)


# -- scoring, on a world written by hand ---------------------------------------------------------

TEXT = (
    "We may raise our fees once a year.\n\n"
    "Please raise your hand.\n\n"
    "The contract ends if the invoice is unpaid.\n\n"
    "Lunch is at noon."
)


def hand_world() -> World:
    def at(text: str, role: str, phrasing: str = "", idea: str = "", also=()) -> GoldSentence:
        start = TEXT.index(text)
        return GoldSentence(start, start + len(text), text, role, phrasing, idea, tuple(also))

    sentences = [
        at("We may raise our fees once a year.", PLANTED, "fees", "price_increase"),
        at("Please raise your hand.", NEAR_MISS, "hand", "price_increase"),
        at(
            "The contract ends if the invoice is unpaid.",
            PLANTED,
            "unpaid",
            "termination",
            ("late_payment",),
        ),
        at("Lunch is at noon.", FILLER),
    ]
    return World(seed=0, documents=[WorldDocument("a.txt", "contract", "A", TEXT, sentences)])


def key(text: str) -> tuple[str, int, int]:
    start = TEXT.index(text)
    return ("a.txt", start, start + len(text))


def test_a_sentence_is_found_when_its_part_is_matched_and_wrong_parts_are_counted():
    world = hand_world()
    gold = Gold(world, world_parts(world))
    matched = {key("We may raise our fees once a year."), key("Please raise your hand.")}

    score = gold.score("price_increase", "planted", matched)

    assert (score.expected, score.found, score.matched_parts) == (1, 1, 2)
    assert score.parts_holding_none == 1
    assert score.near_misses_matched == 1
    assert (score.recall, score.precision) == (1.0, 0.5)
    assert score.missed == []


def test_a_missed_sentence_is_named_and_one_in_possibly_is_counted():
    world = hand_world()
    gold = Gold(world, world_parts(world))
    possibly = {key("The contract ends if the invoice is unpaid.")}

    planted = gold.score("late_payment", "planted", set(), possibly)
    multi = gold.score("late_payment", "multi", set(), possibly)

    assert (planted.expected, planted.in_possibly, planted.missed) == (0, 0, [])
    assert (multi.expected, multi.found, multi.in_possibly) == (1, 0, 1)
    assert [s.text for _, s in multi.missed] == ["The contract ends if the invoice is unpaid."]
    assert multi.recall == 0.0


def test_a_part_matched_for_the_second_idea_of_a_sentence_holds_none_only_as_planted():
    world = hand_world()
    gold = Gold(world, world_parts(world))
    matched = {key("The contract ends if the invoice is unpaid.")}

    assert gold.score("late_payment", "planted", matched).parts_holding_none == 1
    assert gold.score("late_payment", "multi", matched).parts_holding_none == 0


def test_the_trivial_optima():
    world = hand_world()
    parts = world_parts(world)
    gold = Gold(world, parts)

    every = gold.score("price_increase", "planted", every_part(parts))
    own = own_words_parts(parts, "where do we discuss raising prices?")

    assert (every.recall, every.precision) == (1.0, 0.25)
    assert idea_words("where do we discuss raising prices?") == {"rais", "pric"}
    assert own == {key("We may raise our fees once a year."), key("Please raise your hand.")}


def test_own_words_do_not_match_inside_other_words():
    parts = [WorldPart("b.txt", 0, 20, "Appraisal is due."), WorldPart("b.txt", 21, 40, "Raised.")]

    assert own_words_parts(parts, "raising prices") == {("b.txt", 21, 40)}


# -- baselines -----------------------------------------------------------------------------------

TINY = [
    "The office is closed on public holidays.",
    "Customer records are deleted thirty days after the account is closed.",
    "Our team meets every Tuesday morning.",
    "Click Save to keep your changes.",
    "Lunch is served in the canteen at noon.",
]


def test_bm25_ranks_the_passage_holding_the_query_words_first():
    from benchmarks.scale._idea_baselines import Bm25, top_k

    scores = Bm25(TINY).scores("when are customer records deleted?")

    assert top_k(scores, 1) == [1]
    assert top_k(scores, 0) == []


@pytest.fixture(scope="module")
def minilm():
    from benchmarks.scale._idea_baselines import MiniLm

    return MiniLm()


def test_the_embedding_model_ranks_a_paraphrase_first(minilm):
    from benchmarks.scale._idea_baselines import Embeddings, top_k

    scores = Embeddings(TINY, minilm).scores("how long do we retain personal data?")

    assert top_k(scores, 1) == [1]


def test_the_embeddings_are_unit_vectors_of_384(minilm):
    import numpy as np

    vectors = minilm.embed(TINY[:2])

    assert vectors.shape == (2, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_top_k_breaks_ties_by_position():
    import numpy as np

    from benchmarks.scale._idea_baselines import top_k

    assert top_k(np.array([0.5, 0.9, 0.5, 0.9]), 3) == [1, 3, 0]


# -- the scripted model --------------------------------------------------------------------------


def test_the_scripted_topics_are_kept_by_the_product_rule(world):
    model = ScriptedWorldModel(world)
    for _, sentence in world.gold():
        for topic, broader in model.topics[sentence.text]:
            assert topic_fault(topic, broader, sentence=sentence.text, part=sentence.text) is None


def test_the_scripted_grouper_means_it_for_the_planted_idea_only(world):
    model = ScriptedWorldModel(world)
    questions = {idea.key: idea.question for idea in world.ideas}
    for _, sentence in world.gold():
        for topic, _ in model.topics[sentence.text]:
            for idea, question in questions.items():
                expected = "means_it" if sentence.discusses(idea, "multi") else "no"
                assert model.verdicts[question][topic] == expected


def test_each_fault_lands_on_its_phrasing_only(world):
    no_topic = ScriptedWorldModel(world, NO_TOPIC)
    unfitting = ScriptedWorldModel(world, UNFITTING_TOPIC)
    for _, sentence in world.gold():
        faulted = sentence.role == PLANTED
        if faulted and sentence.phrasing == FAULT_PHRASING[NO_TOPIC]:
            assert no_topic.topics[sentence.text] == []
        elif faulted and sentence.phrasing == FAULT_PHRASING[UNFITTING_TOPIC]:
            assert unfitting.topics[sentence.text] == [UNFITTING]
            assert all(v[UNFITTING[0]] == "no" for v in unfitting.verdicts.values())
        else:
            assert no_topic.topics[sentence.text]
    assert json.loads(no_topic.script())["part_labeller"]


def test_topic_of_takes_the_longest_words_in_sentence_order():
    assert topic_of("Backups are stored for {months} months and then destroyed.") == (
        "backups stored destroyed"
    )


def test_the_disagreement_fault_sorts_one_label_two_ways_by_its_example(world):
    model = ScriptedWorldModel(world, DISAGREEMENT)
    texts = [
        s.text
        for _, s in world.gold()
        if s.role == PLANTED and s.phrasing == FAULT_PHRASING[DISAGREEMENT]
    ]
    (label,) = model.split
    question = next(i.question for i in world.ideas if i.key == "price_increase")

    first = {"label": label, "broader": "pricing", "example": texts[0]}
    other = {"label": label, "broader": "pricing", "example": texts[1]}

    assert model.split[label] == texts[0]
    assert model.verdict(question, first) == "means_it"
    assert model.verdict(question, other) == "no"
    assert all(model.topics[text] for text in texts), "the phrasing keeps its topic"


def test_nothing_matched_has_no_precision():
    world = hand_world()
    score = Gold(world, world_parts(world)).score("price_increase", "planted", set())

    assert (score.recall, score.precision) == (0.0, None)


def test_pooled_scores_add_the_counts_of_each_idea():
    world = hand_world()
    gold = Gold(world, world_parts(world))
    price = gold.score("price_increase", "planted", {key("Please raise your hand.")})
    ending = gold.score(
        "termination", "planted", {key("The contract ends if the invoice is unpaid.")}
    )

    together = pooled([price, ending])

    assert (together.expected, together.found, together.matched_parts) == (2, 1, 2)
    assert (together.recall, together.precision) == (0.5, 0.5)
    assert [s.text for _, s in together.missed] == ["We may raise our fees once a year."]


def test_the_baselines_rank_a_planted_part_of_a_small_world_first(minilm):
    from benchmarks.scale._idea_baselines import Bm25, Embeddings, top_k

    world = hand_world()
    parts = world_parts(world)
    texts = [part.text for part in parts]
    fees = parts.index(next(p for p in parts if p.key == key("We may raise our fees once a year.")))
    ending = parts.index(
        next(p for p in parts if p.key == key("The contract ends if the invoice is unpaid."))
    )

    assert top_k(Embeddings(texts, minilm).scores("where do we discuss raising prices?"), 1) == [
        fees
    ]
    assert top_k(Bm25(texts).scores("where do we discuss ending the contract?"), 1) == [ending]


def test_one_threshold_over_the_ideas_reports_its_best_f1_and_its_recall_at_precision_six_tenths():
    import numpy as np

    from benchmarks.scale._idea_baselines import best_thresholds

    # Two ideas, three parts each: (score, planted sentences held, holds any).
    first = (np.array([0.9, 0.8, 0.1]), np.array([1, 0, 1]), np.array([True, False, True]))
    second = (np.array([0.7, 0.2, 0.1]), np.array([2, 0, 0]), np.array([True, False, False]))

    found = best_thresholds([first, second])

    # At 0.7 three parts are matched, two right, holding 3 of the 4 planted sentences.
    assert found["at_floor"] == (0.75, 2 / 3)
    assert found["best_f1"] == (0.75, 2 / 3)


def test_no_threshold_reaching_the_floor_is_said():
    import numpy as np

    from benchmarks.scale._idea_baselines import best_thresholds

    wrong_first = (np.array([0.9, 0.1]), np.array([0, 1]), np.array([False, True]))

    assert best_thresholds([wrong_first], floor=0.9)["at_floor"] is None


def test_the_threshold_sweep_replays_the_grouping_two_judgments_combined():
    from benchmarks.scale.idea_thresholds import Label, replayed

    once = Label("fees", parts={("a", 0, 9): None}, sentences=["Fees rise."])
    twice = Label(
        "office",
        parts={("a", 10, 20): None, ("b", 0, 9): None, ("c", 0, 9): None},
        sentences=["The office closes.", "The office closes.", "Office rents rise."],
    )
    fits = {"fees": ["yes"], "office": ["yes", "no"]}

    def verdict(fit: str) -> str:
        return "means_it" if fit == "yes" else "no"

    matched, possibly = replayed({"fees": once, "office": twice}, fits, verdict)

    assert once.examples() == ["Fees rise."]
    assert twice.examples() == ["The office closes.", "Office rents rise."]
    assert matched == {("a", 0, 9)}
    assert possibly == {("a", 10, 20), ("b", 0, 9), ("c", 0, 9)}


def test_the_threshold_sweep_refuses_a_world_kept_apart():
    from benchmarks.scale._idea_worlds_more import KEPT_APART
    from benchmarks.scale.idea_thresholds import main

    with pytest.raises(SystemExit):
        main(["--worlds", f"school,{KEPT_APART}"])
