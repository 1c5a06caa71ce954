"""System checks: a deployment that cannot call its model, run its embedded one, or would run a
task twice, says so."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import checks
from django.core.exceptions import ImproperlyConfigured

from limma.conf import load
from limma.embeddings import NOT_INSTALLED, install_faults


@checks.register(checks.Tags.compatibility)
def limma_settings_check(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    try:
        conf = load()
    except ImproperlyConfigured as error:
        return [checks.Error(str(error), id="limma.E001")]
    found: list[checks.CheckMessage] = []
    if conf.provider == "openai" and not conf.api_key and not conf.base_url:
        found.append(
            checks.Error(
                "LIMMA_PROVIDER=openai needs LIMMA_OPENAI_API_KEY (or OPENAI_API_KEY) or a "
                "LIMMA_BASE_URL of a local endpoint.",
                id="limma.E002",
            )
        )
    if conf.provider == "scripted" and not conf.scripted_dir:
        found.append(
            checks.Error("LIMMA_PROVIDER=scripted needs LIMMA_SCRIPTED_DIR.", id="limma.E003")
        )
    return found


@checks.register(checks.Tags.compatibility)
def q_cluster_check(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    cluster = getattr(settings, "Q_CLUSTER", {})
    retry, timeout = cluster.get("retry"), cluster.get("timeout")
    if retry is not None and timeout is not None and retry <= timeout:
        return [
            checks.Error(
                f"Q_CLUSTER retry ({retry}s) must be longer than timeout ({timeout}s), or a task "
                "still running is handed to another worker.",
                id="limma.E004",
            )
        ]
    return []


@checks.register(checks.Tags.compatibility)
def claim_lease_check(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """A read's claim lease (LIMMA_CLAIM_LEASE_SECONDS) must run out before the task timeout:
    a worker killed mid-read holds its claim for one lease, and the task handed out again
    after the timeout must find it free."""
    lease = float(getattr(settings, "LIMMA_CLAIM_LEASE_SECONDS", 60))
    timeout = getattr(settings, "Q_CLUSTER", {}).get("timeout")
    if lease <= 0 or (timeout is not None and lease >= timeout):
        return [
            checks.Error(
                f"LIMMA_CLAIM_LEASE_SECONDS ({lease:g}s) must be above 0 and shorter than the "
                f"task timeout (LIMMA_TASK_TIMEOUT, {timeout}s), or a killed worker's read is "
                "claimed when its task is handed out again.",
                id="limma.E005",
            )
        ]
    return []


@checks.register(checks.Tags.compatibility)
def embedding_model_check(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """The embedded sentence model ranks every provider's candidates: a missing or altered
    install stops the start, where it would otherwise rank by nothing."""
    faults = install_faults()
    if faults:
        return [checks.Error(NOT_INSTALLED.format(faults="; ".join(faults)), id="limma.E006")]
    return []
