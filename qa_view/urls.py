"""The Q&A page's routes, and no other: anything else under /qa/ is a 404 before a view runs."""

from __future__ import annotations

from django.urls import path

from qa_view.page import views

app_name = "qa"

urlpatterns = [
    path("", views.page, name="page"),
    path("sign-in/", views.sign_in, name="sign_in"),
    path("sign-out/", views.sign_out, name="sign_out"),
    path("ask/", views.ask, name="ask"),
    path("runs/<int:run_id>/", views.run_view, name="run"),
    path("runs/<int:run_id>/source/<int:n>/", views.source_view, name="source"),
    path(
        "runs/<int:run_id>/instead/<int:n>/source/",
        views.instead_source_view,
        name="instead_source",
    ),
    path("runs/<int:run_id>/more/<str:listed>/<int:offset>/", views.more_view, name="more"),
    path(
        "runs/<int:run_id>/source/<str:listed>/<int:position>/",
        views.paged_source_view,
        name="paged_source",
    ),
]
