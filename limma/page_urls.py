"""The URLs of the page's own host (LIMMA_PAGE_ONLY): the Q&A page and nothing else.

No admin, no verbs, no reference or schema: a stranger sent a link reaches the page alone.
"""

from django.urls import include, path
from django.views.generic import RedirectView

from limma.urls import handler404, handler500  # noqa: F401 (the page's own failures)

urlpatterns = [
    path("", RedirectView.as_view(url="/qa/", permanent=False)),
    path("qa/", include("qa_view.urls")),
]
