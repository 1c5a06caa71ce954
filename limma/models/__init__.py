"""The store every verb stands on."""

from limma.models.documents import Document, Part, Sentence
from limma.models.entities import Entity, ExternalId
from limma.models.jobs import ConnectJob
from limma.models.keys import ApiKey
from limma.models.ledger import LedgerEntry
from limma.models.relations import CoverageGap, FactsSet, PersonFacts, RelationRow
from limma.models.vectors import PartVector, SentenceVector
from limma.models.workspaces import VocabularyTerm, Workspace

__all__ = [
    "ApiKey",
    "ConnectJob",
    "CoverageGap",
    "Document",
    "Entity",
    "ExternalId",
    "FactsSet",
    "LedgerEntry",
    "Part",
    "PartVector",
    "PersonFacts",
    "RelationRow",
    "Sentence",
    "SentenceVector",
    "VocabularyTerm",
    "Workspace",
]
