"""POST /v1/public/search: thin; the service partitions, the replies module shapes."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from criteria.plan import budget_check
from ideas.answer import idea_answer, idea_fields_checked
from ideas.serializers import IdeaOutput
from limma.access import access_workspace
from limma.api import valid
from limma.models import ApiKey, Workspace
from search.replies import search_reply
from search.serializers import SearchInput, SearchOutput
from search.service import SearchOutcome, search_run


class SearchApi(APIView):
    @extend_schema(
        request=SearchInput,
        responses={
            200: PolymorphicProxySerializer(
                component_name="SearchReply",
                serializers=[SearchOutput, IdeaOutput],
                resource_type_field_name=None,
            )
        },
        operation_id="search",
    )
    def post(self, request: Request) -> Response:
        data = valid(SearchInput, request.data)
        workspace = access_workspace(request.auth, data["workspace_id"])
        return Response(
            search_answer(
                data, key=request.auth, workspace=workspace, request_id=request.request_id
            )
        )


def search_answer(
    data: dict[str, Any], *, key: ApiKey, workspace: Workspace, request_id: str
) -> dict[str, Any]:
    """The search verb's reply to valid input: an idea's, or the search's own. A criteria
    budget is held to its limits whether or not a criterion is read, as the schema says."""
    idea_fields_checked(data)
    budget_check(data["criteria_budget"])
    if data.get("idea"):
        return idea_answer(data, key=key, workspace=workspace, request_id=request_id)
    return search_answered(data, key=key, workspace=workspace, request_id=request_id)[0]


def search_answered(
    data: dict[str, Any], *, key: ApiKey, workspace: Workspace, request_id: str
) -> tuple[dict[str, Any], SearchOutcome]:
    """The reply and the outcome it was made from: the Q&A agent's tool keeps both, so the page
    draws its evidence from the search already made instead of searching again."""
    outcome = search_run(
        key=key,
        workspace=workspace,
        constraints=data["constraints"],
        brief=data["brief"],
        entity_ids=data.get("entity_ids"),
        as_of=data["as_of"],
        criteria=data["criteria"],
        criteria_budget=data["criteria_budget"],
        list_limit=data["list_limit"],
        request_id=request_id,
    )
    reply = search_reply(
        outcome,
        key=key,
        detail=data["detail"],
        limit=data["limit"],
        offset=data["offset"],
        list_limit=data["list_limit"],
        request_id=request_id,
    )
    return reply, outcome
