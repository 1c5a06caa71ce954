"""Labels given at load: seen here, never made or changed by hand (a load labels again)."""

from __future__ import annotations

from django.contrib import admin
from django.utils.safestring import SafeString

from ideas.models import PartLabel
from limma.admin import DOCUMENT_SECTIONS, StoredAdmin, admin_link, html_table
from limma.models import Document


@admin.register(PartLabel)
class PartLabelAdmin(StoredAdmin):
    list_display = ["label", "broader", "part", "sentence"]
    list_select_related = ["part", "sentence"]
    search_fields = ["label", "broader"]
    list_filter = ["broader"]


def document_labels(document: Document) -> SafeString:
    """The labels of the document's sentences, each beside the sentence it was given."""
    labels = PartLabel.objects.filter(part__document=document).select_related("sentence")
    return html_table(
        ["label", "broader", "sentence"],
        (
            (
                admin_link(label, label.label),
                label.broader,
                document.text[label.sentence.char_start : label.sentence.char_end],
            )
            for label in labels
        ),
    )


DOCUMENT_SECTIONS["labels"] = document_labels
