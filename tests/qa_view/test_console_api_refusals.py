"""The console's JSON API refuses in JSON, naming the real reason: not signed in as staff, or a
POST without its CSRF token, never Django's sign-in redirect or its CSRF HTML page."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db

API = [
    ("post", "/console/api/run"),
    ("get", "/console/api/runs"),
    ("get", "/console/api/runs/run_x"),
    ("get", "/console/api/runs/run_x/replay"),
]


def asked(client: Client, method: str, path: str, **headers):
    if method == "post":
        body = json.dumps({"question": "Who?", "mode": "nonsense"})
        return client.post(path, body, content_type="application/json", headers=headers)
    return client.get(path, headers=headers)


@pytest.mark.parametrize(("method", "path"), API)
def test_signed_out_the_api_answers_a_json_403_naming_the_sign_in(method, path):
    reply = asked(Client(enforce_csrf_checks=True), method, path)

    assert reply.status_code == 403 and reply["Content-Type"] == "application/json"
    assert reply.json()["detail"]["type"] == "staff_sign_in_required"


@pytest.mark.parametrize(("method", "path"), API)
def test_signed_in_as_a_non_staff_user_the_api_refuses_the_same_way(method, path):
    client = Client(enforce_csrf_checks=True)
    client.force_login(User.objects.create_user("v", password="pw-v-12345"))

    assert asked(client, method, path).json()["detail"]["type"] == "staff_sign_in_required"


def staff_client() -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(User.objects.create_user("eva", password="pw-e-12345", is_staff=True))
    return client


def test_a_staff_post_without_its_csrf_token_is_a_json_403_csrf_failed():
    reply = asked(staff_client(), "post", "/console/api/run")

    assert reply.status_code == 403 and reply.json()["detail"]["type"] == "csrf_failed"


def test_a_staff_post_with_its_csrf_token_reaches_the_view(settings):
    settings.LIMMA_CONSOLE_API_KEY = ""
    client = staff_client()
    client.get("/console/")  # the page sets the csrftoken cookie
    token = client.cookies["csrftoken"].value
    reply = asked(client, "post", "/console/api/run", X_CSRFToken=token)

    # Past the sign-in and the CSRF check: the view's own refusal (no key configured).
    assert reply.json()["detail"]["type"] == "console_key_missing"
