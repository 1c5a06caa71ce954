"""A connect over the size the verb states (rows or bytes) is a job: 202 with its id and status
URL, loaded by a worker; the status says how far it got and, at the end, exactly what it wrote
or why it wrote nothing. Under the size, the connect answers in its request as before."""

from __future__ import annotations

import json

import pytest

from limma.models import ConnectJob, Document, Entity, RelationRow
from limma.services.connect_job import export_rows
from limma.tasks import connect_job_run
from tests.factories import make_key, make_workspace
from tests.limma.exports import connect, export

ROWS = export_rows(export()["tables"])
BYTES = len(json.dumps(export()))  # about what a connect of it sends


def status_of(api, reply):
    assert reply.status_code == 202, reply.json()
    assert reply["Location"] == reply.json()["status_url"]
    return api.get(reply.json()["status_url"])


def written(workspace) -> tuple[int, int, int]:
    return (
        Entity.objects.filter(workspace=workspace).count(),
        Document.objects.filter(workspace=workspace).count(),
        RelationRow.objects.filter(workspace=workspace).count(),
    )


@pytest.mark.parametrize(
    ("bounds", "status"),
    [
        ((ROWS, 10 * BYTES), 200),  # at the bound of rows: in the request
        ((ROWS - 1, 10 * BYTES), 202),  # one row over
        ((10 * ROWS, BYTES * 2), 200),  # well under the bound of bytes: in the request
        ((10 * ROWS, BYTES // 2), 202),  # the body over it
    ],
    ids=["rows_at_bound", "rows_over", "bytes_under", "bytes_over"],
)
def test_a_connect_over_either_bound_is_a_job_and_under_both_answers_at_once(
    api, workspace, settings, bounds, status
):
    settings.LIMMA_CONNECT_INLINE_ROWS, settings.LIMMA_CONNECT_INLINE_BYTES = bounds

    reply = connect(api, workspace)

    assert reply.status_code == status, reply.json()
    assert ConnectJob.objects.count() == (status == 202)


def test_a_job_writes_exactly_what_the_connect_in_its_request_writes(
    api, client_for, workspace, settings
):
    inline = connect(api, workspace).json()  # the same export into a first workspace
    other = make_workspace("Other")
    other_api = client_for(make_key(other)[1])
    settings.LIMMA_CONNECT_INLINE_ROWS = 1

    status = status_of(other_api, connect(other_api, other)).json()

    assert status["state"] == "done"
    inline.pop("request_id")
    assert status["result"] == inline
    assert status["refusal"] is None
    assert status["progress"]["rows_total"] == status["progress"]["rows_checked"] == ROWS
    assert status["finished_at"] is not None
    assert written(other) == written(workspace)
    assert not ConnectJob.objects.get().payload  # the export is not kept past its end


def test_a_refused_job_says_why_and_writes_nothing(api, workspace, settings):
    body = export()
    body["tables"]["roles"][0]["expert_id"] = "nobody"
    inline = connect(api, workspace, body)
    settings.LIMMA_CONNECT_INLINE_ROWS = 1

    status = status_of(api, connect(api, workspace, body)).json()

    assert inline.status_code == 422
    assert status["state"] == "refused"
    assert status["result"] is None
    assert status["refusal"] == {"status": 422, **inline.json()["detail"]}
    assert status["progress"]["rows_checked"] == 0
    assert written(workspace) == (0, 0, 0)


def test_the_status_says_queued_until_a_worker_loads_it_and_a_second_run_changes_nothing(
    api, workspace, settings, monkeypatch
):
    handed: list[tuple] = []
    monkeypatch.setattr("limma.services.connect_job.async_task", lambda *task: handed.append(task))
    settings.LIMMA_CONNECT_INLINE_ROWS = 1
    reply = connect(api, workspace)

    queued = status_of(api, reply).json()
    assert queued["state"] == "queued"
    sent = int(reply.wsgi_request.META["CONTENT_LENGTH"])
    assert queued["progress"] == {"rows_total": ROWS, "rows_checked": 0, "body_bytes": sent}
    assert written(workspace) == (0, 0, 0)

    [(name, job_pk)] = handed
    assert name == "limma.tasks.connect_job_run"
    assert connect_job_run(job_pk) == "done"
    done = api.get(queued["status_url"]).json()
    assert connect_job_run(job_pk) == "done"
    assert api.get(queued["status_url"]).json()["result"] == done["result"]
    assert done["result"]["entities"]["total"] == written(workspace)[0]


def test_a_job_is_unknown_to_another_workspace_as_one_that_never_was(
    api, client_for, workspace, settings
):
    settings.LIMMA_CONNECT_INLINE_ROWS = 1
    url = connect(api, workspace).json()["status_url"]
    stranger = client_for(make_key(make_workspace("Other"))[1])

    theirs = stranger.get(url)
    never = stranger.get(url.rsplit("/", 1)[0] + "/cj_000000000000000000000000")

    assert theirs.status_code == never.status_code == 404
    assert theirs.json()["detail"]["type"] == never.json()["detail"]["type"]
    assert api.get(url).status_code == 200


@pytest.mark.parametrize(
    "job_id",
    ["cj_%00", "cj_" + "0" * 23 + "%00", "cj_" + "g" * 24, "cj_" + "0" * 25, "x" * 300],
    ids=["nul", "nul_at_the_end", "not_hex", "too_long", "long"],
)
def test_a_job_id_that_cannot_be_one_is_unknown_not_a_fault(api, job_id):
    reply = api.get(f"/v1/public/connect/jobs/{job_id}")

    assert reply.status_code == 404
    assert reply.json()["detail"]["type"] == "connect_job_unknown"
