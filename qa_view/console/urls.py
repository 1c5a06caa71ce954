"""The console's routes (/console/): the page, its run API, the replay menu, export and diff."""

from __future__ import annotations

from django.urls import path

from qa_view.console import views

app_name = "console"

urlpatterns = [
    path("", views.page, name="page"),
    path("api/run", views.api_run, name="run"),
    path("api/runs", views.api_runs, name="runs"),
    path("api/runs/<str:run_id>", views.api_record, name="record"),
    path("api/runs/<str:run_id>/replay", views.api_replay, name="replay"),
    path("runs/<str:run_id>/export", views.export, name="export"),
    path("diff", views.diff, name="diff"),
    path("region", views.region, name="region"),
]
