"""Which topics the labeller offered are kept: a pure check over the topic and its sentence.

A topic is kept only if it is short (at most five words), uses at least one word of its part,
and does not restate its sentence. The reasons are stable codes.
"""

from __future__ import annotations

from ideas.words import words

MAX_TOPIC_WORDS = 5


def topic_fault(topic: str, broader: str, *, sentence: str, part: str) -> str | None:
    """Why a topic is refused, or None when it is kept."""
    topic_words = words(topic)
    if not topic_words:
        return "topic_empty"
    if len(topic_words) > MAX_TOPIC_WORDS:
        return "topic_too_long"
    if not words(broader):
        return "broader_missing"
    if len(words(broader)) > MAX_TOPIC_WORDS:
        return "broader_too_long"
    if not set(topic_words) & set(words(part)):
        return "topic_uses_no_word_of_its_part"
    if topic_words == words(sentence):
        return "topic_restates_its_sentence"
    return None
