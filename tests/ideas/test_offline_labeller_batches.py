"""The offline labeller's texts run in batches of like length: a sentence's topics and broader
terms are the same as when every text of a call ran in one batch padded to its longest."""

from __future__ import annotations

import numpy as np

from benchmarks.scale._idea_world import build_world
from ideas.offline.labeller import sentences_topics
from limma import embeddings


def test_batches_of_like_length_give_the_same_labels_as_one_padded_batch(monkeypatch):
    world = build_world(seed=12, documents=6)
    calls = [[s.text for s in d.sentences if s.text.strip()] for d in world.documents]
    like_lengths = [sentences_topics(call) for call in calls]
    monkeypatch.setattr(embeddings, "WIDEN", float("inf"))
    one_batch = [sentences_topics(call) for call in calls]
    assert sum(len(call) for call in calls) > 30
    assert like_lengths == one_batch


def test_a_text_s_vector_does_not_depend_on_the_texts_beside_it():
    alone = embeddings.texts_embed(["price list"])[0]
    beside = embeddings.texts_embed(
        ["The supplier can adjust its charges annually in line with inflation.", "price list"]
    )[1]
    np.testing.assert_array_equal(alone, beside)


def test_short_texts_are_not_batched_with_a_long_one():
    assert embeddings.batches([30, 3, 4, 3, 12]) == [[1, 3, 2], [4], [0]]


def test_a_text_given_twice_is_run_once_and_keeps_its_place(monkeypatch):
    seen: list[int] = []
    batches = embeddings.batches
    monkeypatch.setattr(
        embeddings, "batches", lambda lengths: seen.append(len(lengths)) or batches(lengths)
    )
    vectors = embeddings.texts_embed(["late payment", "price list", "late payment"])
    assert seen == [2]
    np.testing.assert_array_equal(vectors[0], vectors[2])
    assert float(vectors[0] @ vectors[1]) < 0.99
