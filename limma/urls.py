"""Limma's URLs: the public verbs under /v1/public/, their reference, the admin, the Q&A page."""

from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csp import csp_override
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView

from limma import api
from search.api import SearchApi

# Under /qa/ a failure is the page's own sentence; elsewhere Django's (qa_view/failures.py).
handler404 = "qa_view.failures.not_found"
handler500 = "qa_view.failures.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", RedirectView.as_view(url="/qa/", permanent=False)),
    path("qa/", include("qa_view.urls")),
    path("console/", include("qa_view.console.urls")),
    path("v1/public/search", SearchApi.as_view(), name="search"),
    path("v1/public/ingest", api.IngestApi.as_view(), name="ingest"),
    path("v1/public/connect", api.ConnectApi.as_view(), name="connect"),
    path("v1/public/connect/jobs/<str:job_id>", api.ConnectJobApi.as_view(), name="connect-job"),
    path("v1/public/region", api.RegionApi.as_view(), name="region"),
    path("v1/public/facts", api.FactsApi.as_view(), name="facts"),
    path("v1/public/documents", api.DocumentsApi.as_view(), name="documents"),
    path(
        "v1/schema",
        SpectacularAPIView.as_view(permission_classes=[], authentication_classes=[]),
        name="schema",
    ),
    path(
        "v1/reference",
        csp_override(settings.REFERENCE_CSP)(
            SpectacularRedocView.as_view(
                url_name="schema", permission_classes=[], authentication_classes=[]
            )
        ),
        name="reference",
    ),
]
