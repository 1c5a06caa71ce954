"""Fixtures every test folder shares: a workspace, keys of each role, and API clients."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import make_key, make_workspace


@pytest.fixture
def workspace(db):
    return make_workspace()


@pytest.fixture
def admin_token(workspace) -> str:
    return make_key(workspace, role="admin")[1]


@pytest.fixture
def client_for():
    """An API client holding a key's token: client_for(token)."""

    def build(token: str) -> APIClient:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        return client

    return build


@pytest.fixture
def api(client_for, admin_token) -> APIClient:
    """A client with the workspace's admin key."""
    return client_for(admin_token)
