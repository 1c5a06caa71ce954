from django.contrib import admin

from ideas.models import PartLabel


@admin.register(PartLabel)
class PartLabelAdmin(admin.ModelAdmin):
    list_display = ["label", "broader", "part", "sentence"]
    search_fields = ["label", "broader"]
    list_filter = ["broader"]
    raw_id_fields = ["part", "sentence"]
