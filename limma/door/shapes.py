"""The request and reply shapes of every model role, as pydantic models.

A reply is forbidden extra fields and frozen, so a model that answers in another shape fails
validation instead of being half-used; requests forbid extra fields too, so a caller's typo is a
programming error caught before anything is sent. docs/model-roles.md shows one example of each.
No Django here: limma.conf imports the roles while settings load.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Number = int | float


class Shape(BaseModel):
    """The base of every request and reply: unknown fields refused, values immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# part_labeller: one to three short topics per sentence, each with one broader term.


class SentenceText(Shape):
    sentence_id: int
    text: str
    # Set when the sentence is asked again alone: why its first topics were not kept.
    why: str | None = None


class PartText(Shape):
    part_id: int
    sentences: list[SentenceText]


class PartLabelRequest(Shape):
    parts: list[PartText]


class Topic(Shape):
    topic: str
    broader: str


class SentenceTopics(Shape):
    sentence_id: int
    topics: list[Topic] = Field(max_length=3)


class PartTopics(Shape):
    part_id: int
    sentences: list[SentenceTopics]


class PartLabelReply(Shape):
    parts: list[PartTopics]


# idea_grouper: each label sorted into means it, possibly or no for one idea.


class IdeaLabel(Shape):
    label: str
    broader: str
    example: str


class IdeaGroupRequest(Shape):
    idea: str
    labels: list[IdeaLabel] = Field(max_length=25)


class LabelVerdict(Shape):
    label: str
    verdict: Literal["means_it", "possibly", "no"]


class IdeaGroupReply(Shape):
    verdicts: list[LabelVerdict]


# brief_compiler: a brief in words compiled into constraints over the workspace's relations.


class BriefRequest(Shape):
    brief: str
    relations: dict[str, dict[str, str]]
    axes: list[str]


class Constraint(Shape):
    relation: str
    slot: str
    op: Literal["eq", "in", "ne", "lt", "le", "gt", "ge"]
    value: str | list[str] | Number


class Dropped(Shape):
    words: str
    why: str


class BriefReply(Shape):
    constraints: list[Constraint]
    criterion: str | None
    dropped: list[Dropped]


# criteria_splitter: a criterion in words split into facets.


class Facet(Shape):
    key: str
    kind: Literal["condition", "duration", "recency"]
    text: str
    value: str | None = None
    min_years: Number | None = None
    current: bool | None = None
    within_years: Number | None = None


class SplitRequest(Shape):
    text: str


class SplitReply(Shape):
    facets: list[Facet]
    incomplete: list[Dropped]


# reader: one document read against a criterion's facets.


class DocumentText(Shape):
    source_id: str
    kind: str
    text: str


class ReadRequest(Shape):
    criterion: str
    facets: list[Facet]
    person: str | None
    document: DocumentText


class ConditionEvidence(Shape):
    quote: str | None
    states: str | None


class Period(Shape):
    start: str | None
    end: str | None


class Experience(Shape):
    conditions: dict[str, ConditionEvidence]
    period: Period | None
    sentences: list[str]
    employer: str | None = None  # the organisation the work was done at, as written; optional


class Denial(Shape):
    quote: str
    facet: str | None


class ReadReply(Shape):
    subject: str | None
    experiences: list[Experience]
    denials: list[Denial]


# second_call: ONE call per would-be-match experience; for each condition it establishes, does
# the condition's quote state it of the person's own work? Answered per condition key.


class SecondCallCondition(Shape):
    key: str
    condition: str
    quote: str


class SecondCallRequest(Shape):
    person: str | None
    sentences: list[str]
    conditions: list[SecondCallCondition]


class SecondCallAnswer(Shape):
    key: str
    answer: Literal["yes", "no", "unsure"]
    role: Literal["own_work", "beside_the_work", "another_role", "not_the_person"] | None


class SecondCallReply(Shape):
    answers: list[SecondCallAnswer]


# typing_call: which vocabulary term do these sentences state?


class TypingRequest(Shape):
    sentences: list[str]
    axis: str
    terms: list[str]


class TypingReply(Shape):
    term: str | None
    words: str | None


# agent: one turn of the Q&A page's tool-using loop.


class ToolCall(Shape):
    id: str
    name: str
    arguments: dict[str, Any]


class AgentMessage(Shape):
    role: Literal["system", "user", "assistant", "tool"]
    content: str | None
    tool_calls: list[ToolCall] | None = None
    tool_call_id: str | None = None


class ToolSpec(Shape):
    name: str
    description: str
    parameters: dict[str, Any]


class AgentRequest(Shape):
    messages: list[AgentMessage]
    tools: list[ToolSpec]


class AgentReply(Shape):
    content: str | None
    tool_calls: list[ToolCall]
