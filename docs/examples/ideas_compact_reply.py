"""An idea's compact reply (docs/verbs.md#ideas): memo.txt's match and its possibly.

.venv/bin/python -m docs.examples.ideas_compact_reply

Two documents are ingested; the part_labeller and idea_grouper are answered by stand-ins
(the topics and verdicts a model would give), so it runs offline and spends nothing. The source
ids and the `more` calls are elided with "…": they differ on every run.
"""

from __future__ import annotations

import json

from docs.examples import scratch

MEMO = (
    "Terms\n"
    "We reserve the right to raise our fees once a year. Tax due.\n\n"
    "The price list is attached.\n\n"
    "Questions go to the finance team."
)
RENEWAL = "Fees rise by four percent at each renewal.\n\nThe office closes on Friday."
TOPICS = {
    "We reserve the right to raise our fees once a year.": [("raise our fees", "pricing")],
    "Tax due.": [("tax", "finance")],
    "The price list is attached.": [("price list", "pricing")],
    "Questions go to the finance team.": [("finance team", "contacts")],
    "Fees rise by four percent at each renewal.": [("fees rise", "pricing")],
    "The office closes on Friday.": [("office closes", "schedule")],
}
VERDICTS = {"raise our fees": "means_it", "fees rise": "means_it", "price list": "possibly"}


class StandIn:
    """The model's part: topics for each sentence, a verdict for each label."""

    name = "scripted"
    paid = False

    def available(self, role: str) -> bool:
        return role in {"part_labeller", "idea_grouper"}

    def complete(self, *, spec, request, model, timeout, max_retries, max_tokens):
        from limma.door import ProviderReply

        data = request.model_dump(mode="json")
        if spec.name == "part_labeller":
            reply = {
                "parts": [
                    {
                        "part_id": part["part_id"],
                        "sentences": [
                            {
                                "sentence_id": s["sentence_id"],
                                "topics": [
                                    {"topic": t, "broader": b} for t, b in TOPICS.get(s["text"], [])
                                ],
                            }
                            for s in part["sentences"]
                        ],
                    }
                    for part in data["parts"]
                ]
            }
        else:
            reply = {
                "verdicts": [
                    {"label": item["label"], "verdict": VERDICTS.get(item["label"], "no")}
                    for item in data["labels"]
                ]
            }
        return ProviderReply(json.dumps(reply), tokens_in=0, tokens_out=0)


def elided(match: dict) -> dict:
    return {**match, "source_id": "…"}


def main() -> None:
    scratch.setup()
    from limma import door

    client, workspace = scratch.client_for()
    with door.use_provider(StandIn()):
        for file_name, text in (("memo.txt", MEMO), ("renewal.txt", RENEWAL)):
            client.post(
                "/v1/public/ingest",
                {
                    "workspace_id": workspace,
                    "entity_name": "Northwind Traders",
                    "document_kind": "note",
                    "file_name": file_name,
                    "text": text,
                },
                format="json",
            )
        r = client.post(
            "/v1/public/search",
            {"workspace_id": workspace, "idea": "where do we discuss pricing risk?"},
            format="json",
        ).json()
    memo = [elided(m) for m in r["matches"] if m["document"] == "memo.txt"]
    possibly = {**r["possibly"], "matches": [elided(m) for m in r["possibly"]["matches"]]}

    def dumped(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    print(f'{{"detail": {dumped(r["detail"])}, "idea": {dumped(r["idea"])},')
    print(f' "matched": {dumped(r["matched"])},')
    print(f' "complete": {dumped(r["complete"])},')
    print(' "matches": [')
    for match in memo:
        print(
            f'   {{"source_id": {dumped(match["source_id"])}, "document": '
            f'{dumped(match["document"])}, "location": {dumped(match["location"])},'
        )
        print(f'    "quote": {dumped(match["quote"])},')
        print(
            f'    "quote_at": {dumped(match["quote_at"])}, "labels": {dumped(match["labels"])}}}],'
        )
    print(
        f' "possibly": {{"total": {possibly["total"]}, "showing": {dumped(possibly["showing"])}, '
        f'"next_offset": {dumped(possibly["next_offset"])}, "matches": ['
    )
    for match in possibly["matches"]:
        print(
            f'   {{"source_id": {dumped(match["source_id"])}, "document": '
            f'{dumped(match["document"])}, "location": {dumped(match["location"])},'
        )
        print(f'    "quote": {dumped(match["quote"])}, "quote_at": {dumped(match["quote_at"])},')
        print(f'    "labels": {dumped(match["labels"])}}}]}},')
    print(f' "counts": {dumped(r["counts"])},')
    print(f' "more": {dumped(dict.fromkeys(r["more"], "…"))}}}')


if __name__ == "__main__":
    main()
