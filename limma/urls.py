"""Limma's URLs: the public verbs under /v1/public/, their reference, the admin, the Q&A page."""

from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from limma import api
from search.api import SearchApi

# Under /qa/ a failure is the page's own sentence; elsewhere Django's (qa_view/page/failures.py).
handler404 = "qa_view.page.failures.not_found"
handler500 = "qa_view.page.failures.server_error"

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
    path("v1/public/verify", api.VerifyApi.as_view(), name="verify"),
    path(
        "v1/schema",
        SpectacularAPIView.as_view(permission_classes=[], authentication_classes=[]),
        name="schema",
    ),
    # Swagger UI from our own static files, its start script at /v1/reference?script: the
    # site's CSP of 'self' alone holds on this page too.
    path(
        "v1/reference",
        SpectacularSwaggerSplitView.as_view(
            url_name="schema",
            template_name="reference/swagger_ui.html",
            permission_classes=[],
            authentication_classes=[],
        ),
        name="reference",
    ),
]
