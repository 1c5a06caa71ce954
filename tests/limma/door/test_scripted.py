"""The scripted provider: replies from JSON files (or a test's entries), matched on the request."""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from limma import door
from limma.door.providers import installed_provider
from limma.door.providers.scripted import ScriptedProvider, matches, parse_entries
from limma.models import LedgerEntry

CONTEXT = door.CallContext(workspace_id=None, api_key_id=None)
SECOND_CALL = {
    "person": None,
    "sentences": ["She led marketing."],
    "conditions": [
        {"key": "function", "condition": "led marketing", "quote": "She led marketing."}
    ],
}


def said(answer: str, role: str | None = None) -> dict:
    """A second call's reply answering the one condition of SECOND_CALL."""
    return {"answers": [{"key": "function", "answer": answer, "role": role}]}


def answer_of(reply) -> tuple[str, str | None]:
    (given,) = reply.answers
    return given.answer, given.role


def read_request(text: str) -> dict:
    return {
        "criterion": "led marketing",
        "facets": [{"key": "function", "kind": "condition", "text": "led marketing"}],
        "person": "Greta Ostrander",
        "document": {"source_id": "s1", "kind": "profile", "text": text},
    }


def write_script(directory: Path, role: str, entries: list[dict]) -> None:
    (directory / f"{role}.json").write_text(json.dumps(entries))


@pytest.fixture
def script_dir(settings, tmp_path: Path) -> Path:
    settings.LIMMA = {"PROVIDER": "scripted", "SCRIPTED_DIR": str(tmp_path)}
    return tmp_path


class TestMatching:
    def test_every_key_of_when_must_be_found_with_an_equal_value(self):
        assert matches({"a": 1, "b": {"c": "x"}}, {"a": 1, "b": {"c": "x", "d": 2}, "e": 3})
        assert not matches({"a": 1, "b": {"c": "y"}}, {"a": 1, "b": {"c": "x"}})
        assert not matches({"missing": None}, {"a": 1})

    def test_a_tilde_string_means_contains(self):
        assert matches({"text": "~marketing"}, {"text": "She led marketing."})
        assert not matches({"text": "~sales"}, {"text": "She led marketing."})
        assert not matches({"text": "~1"}, {"text": 1})

    def test_lists_match_item_by_item(self):
        assert matches({"xs": [{"id": 1}, "~b"]}, {"xs": [{"id": 1, "t": "a"}, "abc"]})
        assert not matches({"xs": [{"id": 1}]}, {"xs": [{"id": 1}, {"id": 2}]})

    def test_a_boolean_is_not_a_number(self):
        assert not matches({"n": True}, {"n": 1})
        assert matches({"n": 1.0}, {"n": 1})

    def test_a_malformed_entry_is_a_configuration_error(self):
        with pytest.raises(ImproperlyConfigured):
            parse_entries([{"when": {}, "reply": {}, "raw": "x"}], "t")
        with pytest.raises(ImproperlyConfigured):
            parse_entries([{"when": {}, "reply": {}, "usage": {"in": -1}}], "t")
        with pytest.raises(ImproperlyConfigured):
            parse_entries({"when": {}}, "t")


@pytest.mark.django_db
class TestThroughTheDoor:
    def test_the_first_entry_whose_when_matches_answers(self, script_dir):
        write_script(
            script_dir,
            "second_call",
            [
                {"when": {"conditions": [{"condition": "led sales"}]}, "reply": said("no")},
                {
                    "when": {"conditions": [{"condition": "led marketing"}]},
                    "reply": said("yes", "own_work"),
                },
                {"when": {}, "reply": said("unsure")},
            ],
        )

        reply = door.call("second_call", SECOND_CALL, context=CONTEXT)

        assert answer_of(reply) == ("yes", "own_work")
        row = LedgerEntry.objects.get()
        assert (row.outcome, row.provider, row.model, row.usd) == (
            "ok",
            "scripted",
            "scripted",
            Decimal(0),
        )

    def test_a_reader_reply_can_be_keyed_on_a_phrase_of_the_document(self, script_dir):
        denial = {
            "subject": "Greta",
            "experiences": [],
            "denials": [{"quote": "never", "facet": None}],
        }
        write_script(
            script_dir,
            "reader",
            [
                {
                    "when": {"document": {"text": "~never led"}},
                    "reply": denial,
                    "usage": {"in": 7, "out": 3},
                },
                {"when": {}, "reply": {"subject": None, "experiences": [], "denials": []}},
            ],
        )

        reply = door.call("reader", read_request("Greta never led marketing."), context=CONTEXT)

        assert reply.denials[0].quote == "never"
        row = LedgerEntry.objects.get()
        assert (row.tokens_in, row.tokens_out, row.usd) == (7, 3, Decimal(0))

    def test_no_matching_entry_is_a_failed_call(self, script_dir):
        write_script(
            script_dir,
            "second_call",
            [{"when": {"conditions": [{"condition": "led sales"}]}, "reply": {}}],
        )

        with pytest.raises(door.ModelCallFailed) as raised:
            door.call("second_call", SECOND_CALL, context=CONTEXT)

        assert raised.value.cause == "no_scripted_reply"
        row = LedgerEntry.objects.get()
        assert (row.outcome, row.error[:17]) == ("failed", "no_scripted_reply")

    def test_a_raw_malformed_reply_is_an_invalid_reply_with_its_tokens(self, script_dir):
        write_script(
            script_dir,
            "second_call",
            [{"when": {}, "raw": '{"answers": [{"ke', "usage": {"in": 5, "out": 2}}],
        )

        with pytest.raises(door.ModelReplyInvalid) as raised:
            door.call("second_call", SECOND_CALL, context=CONTEXT)

        assert raised.value.faults == ["reply:json_invalid"]
        row = LedgerEntry.objects.get()
        assert (row.outcome, row.tokens_in, row.tokens_out) == ("invalid_reply", 5, 2)

    def test_a_role_without_a_script_is_unavailable(self, script_dir):
        assert not door.available("typing_call")
        with pytest.raises(door.ModelUnavailable):
            door.call(
                "typing_call",
                {"sentences": ["x"], "axis": "function", "terms": []},
                context=CONTEXT,
            )
        assert LedgerEntry.objects.get().outcome == "refused"

    def test_an_edited_script_is_read_again(self, script_dir):
        write_script(script_dir, "second_call", [{"when": {}, "reply": said("no")}])
        assert answer_of(door.call("second_call", SECOND_CALL, context=CONTEXT)) == ("no", None)

        write_script(script_dir, "second_call", [{"when": {}, "reply": said("yes")}])
        path = script_dir / "second_call.json"
        modified = path.stat().st_mtime_ns + 1_000_000  # a later time, however coarse the clock
        os.utime(path, ns=(modified, modified))

        assert answer_of(door.call("second_call", SECOND_CALL, context=CONTEXT)) == ("yes", None)

    def test_scripted_replies_answer_whatever_the_provider_setting(self, settings):
        settings.LIMMA = {"PROVIDER": "offline"}
        with door.scripted_replies("second_call", [{"when": {}, "reply": said("no")}]):
            with door.scripted_replies(
                "typing_call", [{"when": {}, "reply": {"term": None, "words": None}}]
            ):
                reply = door.call("second_call", SECOND_CALL, context=CONTEXT)
                assert answer_of(reply) == ("no", None)
                assert door.available("typing_call")
            assert not door.available("typing_call")
        assert LedgerEntry.objects.get().provider == "scripted"

    def test_an_installed_provider_is_removed_after_its_block(self, settings):
        settings.LIMMA = {"PROVIDER": "offline"}
        provider = ScriptedProvider({"second_call": [{"reply": said("yes")}]})
        with door.use_provider(provider):
            assert door.available("second_call")
            assert installed_provider() is provider
        assert installed_provider() is None
