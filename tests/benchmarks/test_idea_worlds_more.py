"""The idea worlds written before anything was tuned on them: every phrasing shares no
content word with its idea's question, every near miss shares at least one, and each world is
whole (every idea planted, every slot filled from its own table)."""

from __future__ import annotations

import re

import pytest

from benchmarks.scale._idea_worlds_more import KEPT_APART, KEPT_APART_WORLDS, WORLDS
from ideas.words import content_stems

SLOT = re.compile(r"\{(\w+)\}")


def _stems(text: str) -> set[str]:
    return set(content_stems(SLOT.sub(" ", text)))


@pytest.mark.parametrize("name", sorted(WORLDS))
def test_a_phrasing_shares_no_content_word_with_its_question(name):
    world = WORLDS[name]
    questions = {idea.key: _stems(idea.question) - {"discuss", "discussed"} for idea in world.ideas}
    for phrasing in world.phrasings:
        shared = _stems(phrasing.template) & questions[phrasing.idea]
        assert not shared, (phrasing.key, shared)


@pytest.mark.parametrize("name", sorted(WORLDS))
def test_a_near_miss_shares_a_word_of_the_question_it_borrows_from(name):
    world = WORLDS[name]
    questions = {idea.key: _stems(idea.question) for idea in world.ideas}
    for miss in world.near_misses:
        assert _stems(miss.template) & questions[miss.idea], miss.key


@pytest.mark.parametrize("name", sorted(WORLDS))
def test_every_idea_is_planted_in_several_genres_and_every_slot_has_values(name):
    world = WORLDS[name]
    for idea in world.ideas:
        planted = [p for p in world.phrasings if p.idea == idea.key]
        assert len(planted) >= 4, idea.key
        assert len({genre for p in planted for genre in p.genres}) >= 2, idea.key
    texts = [p.template for p in (*world.phrasings, *world.near_misses)]
    texts += [text for fillers in world.fillers.values() for text in fillers]
    texts += list(world.titles.values())
    for text in texts:
        for slot in SLOT.findall(text):
            assert world.slots.get(slot.rstrip("23")), (text, slot)
    assert {genre for p in world.phrasings for genre in p.genres} <= set(world.genres)


def test_the_worlds_kept_apart_are_worlds():
    assert KEPT_APART in KEPT_APART_WORLDS
    assert set(KEPT_APART_WORLDS) <= set(WORLDS)
    assert len(set(KEPT_APART_WORLDS)) < len(WORLDS)
