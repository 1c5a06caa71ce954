"""A vocabulary of terms on axes (places, job functions, a workspace's own), without Django."""

from limma.vocabulary.term import Term
from limma.vocabulary.vocabulary import Vocabulary

__all__ = ["Term", "Vocabulary"]
