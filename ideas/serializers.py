"""An idea question's reply, as the generated reference describes it."""

from __future__ import annotations

from rest_framework import serializers

from limma.serializers import PageCounts


def span(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(), min_length=2, max_length=2, help_text=help_text
    )


class IdeaMatchOutput(serializers.Serializer):
    source_id = serializers.CharField()
    document = serializers.CharField(help_text="The document's file name.")
    location = span("The part's character offsets [start, end).")
    quote = serializers.CharField(help_text="The sentence behind the part.")
    quote_at = span("The quote's exact span: limma_region returns it byte for byte.")
    labels = serializers.ListField(
        child=serializers.CharField(), help_text='The labels it is filed under: "label (broader)".'
    )


class IdeaPossiblyOutput(PageCounts):
    matches = IdeaMatchOutput(many=True, help_text="Parts that may discuss the idea: read them.")


class IdeaCountsOutput(serializers.Serializer):
    documents = serializers.IntegerField(help_text="Documents in scope.")
    parts = serializers.IntegerField(help_text="Parts of the documents in scope.")
    labelled = serializers.IntegerField(help_text="Parts labelled.")


class IdeaMoreOutput(serializers.Serializer):
    receipt = serializers.DictField(help_text="{verb, with}: a match's sentence, byte for byte.")
    labels = serializers.DictField(
        help_text="{verb, with}: every part filed under a label, through facts."
    )
    full = serializers.DictField(
        help_text="{verb, with}: this question's full reply, from stored verdicts."
    )


class IdeaLabelOutput(serializers.Serializer):
    label = serializers.CharField()
    broader = serializers.CharField()
    verdict = serializers.ChoiceField(
        ["means_it", "possibly", "no"], allow_null=True, help_text="null: not sorted yet."
    )
    judgments = serializers.IntegerField(help_text="How many judgments the verdict rests on.")
    sentence_at = span("The span of the sentence the label was given for.")


class IdeaPartOutput(serializers.Serializer):
    part_id = serializers.IntegerField()
    source_id = serializers.CharField()
    document = serializers.CharField()
    location = span("The part's character offsets [start, end).")
    labels = IdeaLabelOutput(many=True, help_text="Every label of the part.")


class IdeaSpentOutput(serializers.Serializer):
    calls = serializers.IntegerField()
    usd = serializers.FloatField()
    seconds = serializers.FloatField()


class IdeaVerdictCounts(serializers.Serializer):
    means_it = serializers.IntegerField()
    possibly = serializers.IntegerField()
    no = serializers.IntegerField()


class IdeaGroupingOutput(serializers.Serializer):
    labels = serializers.IntegerField(help_text="Distinct labels in scope.")
    reused = serializers.IntegerField(help_text="Labels whose verdict was already stored.")
    judged_now = serializers.IntegerField(help_text="Labels judged on this call.")
    judged_twice = serializers.IntegerField(
        help_text="Of those, the labels given their second judgment, for agreement."
    )
    disagreed = serializers.IntegerField(help_text="Of those, whose two judgments differed.")
    not_grouped = serializers.IntegerField(help_text="Labels not sorted for the idea yet.")
    verdicts = IdeaVerdictCounts(help_text="Sorted labels by verdict.")
    spent = IdeaSpentOutput(required=False, help_text="When the call sorted labels: the ledger's.")


class IdeaBlockOutput(serializers.Serializer):
    idea = serializers.CharField(help_text="The idea's normalised words: its verdicts' key.")
    parts = IdeaPartOutput(many=True, help_text="The page's parts, matches then possibly.")
    grouping = IdeaGroupingOutput()


class IdeaOutput(serializers.Serializer):
    request_id = serializers.CharField()
    detail = serializers.ChoiceField(["compact", "full"])
    idea = serializers.CharField()
    matched = PageCounts()
    complete = serializers.BooleanField(
        help_text="Every part in scope labelled, every sentence given a topic, every label sorted."
    )
    incomplete_because = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="What is missing, in parts unless the reason names documents or sentences: "
        "not_labelled:model_unavailable, not_labelled:being_labelled, not_labelled:failed, "
        "sentences_not_labelled, documents_being_read, documents_unreadable, "
        "documents_not_labelled, labels_not_grouped, entity_scope_incomplete.",
    )
    matches = IdeaMatchOutput(many=True, help_text="Parts filed under a label that means it.")
    possibly = IdeaPossiblyOutput(
        help_text="Parts under a possibly label, paged by the same offset."
    )
    counts = IdeaCountsOutput()
    more = IdeaMoreOutput()
    idea_block = IdeaBlockOutput(required=False, help_text="full: the idea block.")
