"""Settings from the environment: safe defaults, clear refusals, system checks."""

from __future__ import annotations

import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from limma.checks import claim_lease_check, limma_settings_check, q_cluster_check
from limma.conf import limma_settings, load
from limma.settings import q_cluster_for

ROOT = Path(__file__).resolve().parents[2]


def test_the_embedded_default_is_the_offline_provider(settings):
    settings.LIMMA = {}

    conf = limma_settings()

    assert conf.provider == "offline"
    assert conf.spend_off is False
    assert conf.criteria_background is True


def test_routes_send_a_role_to_its_own_model(settings):
    settings.LIMMA = {"MODEL": "model-a", "MODEL_ROUTES": '{"reader": "model-b"}'}

    conf = limma_settings()

    assert conf.model_for("reader") == "model-b"
    assert conf.model_for("agent") == "model-a"


def test_prices_come_from_the_table_and_an_unknown_model_is_priced_high(settings):
    settings.LIMMA = {"PRICES": {"local-llm": {"in": "0.10", "out": "0.20"}}}

    conf = limma_settings()

    assert conf.price_for("local-llm").cost(1_000_000, 500_000) == Decimal("0.200000")
    assert conf.price_for("never-heard-of").cost(1_000_000, 0) == Decimal("5.000000")


@pytest.mark.parametrize(
    ("limma", "words"),
    [
        pytest.param({"PROVIDER": "magic"}, "LIMMA_PROVIDER", id="unknown_provider"),
        pytest.param({"MODEL_ROUTES": "{not json"}, "not valid JSON", id="routes_not_json"),
        pytest.param({"MODEL_ROUTES": {"oracle": "m"}}, "unknown roles", id="unknown_role"),
        pytest.param({"SPEND_OFF": "maybe"}, "yes or a no", id="switch_not_a_flag"),
        pytest.param({"TIMEOUT_SECONDS": "0"}, "TIMEOUT", id="zero_timeout"),
        pytest.param({"PRICES": {"m": {"in": "1"}}}, "malformed", id="price_without_out"),
        pytest.param({"COLOUR": "blue"}, "unknown settings", id="unknown_setting"),
    ],
)
def test_a_malformed_setting_is_refused_by_name(settings, limma, words):
    settings.LIMMA = limma

    with pytest.raises(ImproperlyConfigured, match=words):
        load()
    assert limma_settings_check()[0].id == "limma.E001"


def test_the_openai_provider_without_a_key_or_endpoint_fails_the_checks(settings):
    settings.LIMMA = {"PROVIDER": "openai"}

    assert [found.id for found in limma_settings_check()] == ["limma.E002"]


def test_a_retry_no_longer_than_the_task_timeout_fails_the_checks(settings):
    settings.Q_CLUSTER = {"timeout": 900, "retry": 900, "orm": "default"}

    assert [found.id for found in q_cluster_check()] == ["limma.E004"]


@pytest.mark.parametrize(
    ("lease", "timeout", "ids"),
    [
        (60, 900, []),
        (899, 900, []),  # near neighbour: a second short of the timeout is fine
        (900, 900, ["limma.E005"]),
        (1200, 900, ["limma.E005"]),
        (0, 900, ["limma.E005"]),
        (-5, 900, ["limma.E005"]),
    ],
)
def test_a_claim_lease_not_shorter_than_the_task_timeout_fails_the_checks(
    settings, lease, timeout, ids
):
    settings.LIMMA_CLAIM_LEASE_SECONDS = lease
    settings.Q_CLUSTER = {"timeout": timeout, "retry": timeout + 60, "orm": "default"}

    assert [found.id for found in claim_lease_check()] == ids


def test_the_task_timeout_is_the_one_time_the_cluster_derives():
    cluster = q_cluster_for(300)
    assert (cluster["timeout"], cluster["retry"]) == (300, 360)


def test_check_deploy_is_clean_with_debug_off(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "LIMMA_", "DATABASE_URL", "REDIS_URL"))
    }
    env.update(DJANGO_SETTINGS_MODULE="limma.settings", LIMMA_VAR_DIR=str(tmp_path))

    run = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )

    assert run.returncode == 0, run.stdout + run.stderr
    assert "no issues" in run.stdout


def test_q_cluster_uses_redis_when_a_url_is_given(tmp_path):
    env = {
        **os.environ,
        "REDIS_URL": "redis://127.0.0.1:6379/3",
        "LIMMA_VAR_DIR": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "limma.settings",
    }
    code = "from django.conf import settings; print(sorted(settings.Q_CLUSTER))"

    run = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {code}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )

    assert "'redis'" in run.stdout and "'orm'" not in run.stdout
