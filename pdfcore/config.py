"""Settings: a TOML file plus ``PDFCORE_*`` environment variables, parsed strictly.

Precedence: built-in defaults < the TOML file < environment variables < explicit overrides
(``pdfcore.build(settings)`` or command-line flags). The file is ``$PDFCORE_CONFIG`` when set,
else ``$XDG_CONFIG_HOME/pdfcore/config.toml`` (``~/.config/pdfcore/config.toml``); a missing
default file is fine, a missing explicitly named file is an error.

Anything malformed stops start-up with :class:`~pdfcore.errors.ConfigInvalid` naming the key:
unknown keys, wrong types, out-of-range values, unknown ``PDFCORE_*`` variables. There is no
silent permissive fallback.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attr
import attrs
from attrs import field, frozen

from pdfcore.errors import ConfigInvalid

MIN_RESPONSE_BYTES = 4_096
MAX_RESPONSE_BYTES = 2_000_000


def _in_range(lo: float, hi: float) -> Any:
    def check(inst: Any, att: attrs.Attribute[Any], value: float) -> None:
        if isinstance(value, bool) or not lo <= value <= hi:
            raise ValueError(f"{att.name} must be between {lo} and {hi}, got {value!r}")

    return check


def _one_of(*choices: str) -> Any:
    def check(inst: Any, att: attrs.Attribute[Any], value: str) -> None:
        if value not in choices:
            raise ValueError(f"{att.name} must be one of {', '.join(choices)}; got {value!r}")

    return check


def _default_cache_dir() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "pdfcore")


def default_config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "pdfcore" / "config.toml"


@frozen
class PathsSettings:
    #: Folders documents may come from. Empty: any local path (still subject to allow/deny).
    roots: tuple[str, ...] = ()
    #: Globs on the resolved path (``*`` crosses separators); when non-empty a path must match.
    allow: tuple[str, ...] = ()
    #: Globs on the resolved path; deny wins over allow.
    deny: tuple[str, ...] = ()


@frozen
class UrlsSettings:
    enabled: bool = True
    allow: tuple[str, ...] = ()
    deny: tuple[str, ...] = ()
    allow_private_networks: bool = False
    max_download_bytes: int = field(default=100 * 1024 * 1024, validator=_in_range(1024, 2**34))
    timeout_seconds: float = field(default=30.0, validator=_in_range(1, 600))
    max_redirects: int = field(default=5, validator=_in_range(0, 20))


@frozen
class LimitsSettings:
    max_response_bytes: int = field(default=200_000, validator=_in_range(1, 10**9))
    max_file_bytes: int = field(default=512 * 1024 * 1024, validator=_in_range(1024, 2**40))
    max_pages: int = field(default=20_000, validator=_in_range(1, 10**6))
    call_timeout_seconds: float = field(default=120.0, validator=_in_range(1, 3600))
    max_concurrent_calls: int = field(default=4, validator=_in_range(1, 64))
    max_queued_calls: int = field(default=256, validator=_in_range(0, 10_000))
    max_render_pages: int = field(default=10, validator=_in_range(1, 100))
    render_byte_budget: int = field(default=8 * 1024 * 1024, validator=_in_range(65_536, 10**9))

    @property
    def effective_response_bytes(self) -> int:
        return min(MAX_RESPONSE_BYTES, max(MIN_RESPONSE_BYTES, self.max_response_bytes))


@frozen
class CacheSettings:
    dir: str = field(factory=_default_cache_dir)
    ttl_hours: int = field(default=24 * 7, validator=_in_range(0, 8760))
    enabled: bool = True


@frozen
class BackendsSettings:
    text: str = "pdfium"
    renderer: str = "pdfium"
    tables: str = "plumber"
    ocr: str = "auto"
    embedder: str = "onnx"
    fetcher: str = "requests"
    store: str = "sqlite"
    executor: str = "process"
    #: Attachments, form fields, links, annotations and XFA ("none": those tools answer
    #: backend_unavailable).
    extras: str = "pdfium"
    #: Reads embedded files when the extras backend cannot ("none": no fallback reader).
    attachments: str = "pdfminer"
    #: The vector source of chart reading ("none": pdf_extract_chart answers backend_unavailable).
    charts: str = "pdfium"
    #: Decodes image attachments to PNG and draws the halos of chart hint renders ("none": image
    #: attachments answer backend_unavailable, hint renders go without their halo).
    images: str = "pillow"
    #: Scores chunk vectors for semantic search ("none": semantic search is unavailable).
    scorer: str = "numpy"
    #: The common words of English that tell a compound's hyphen at a line end from a word's
    #: break ("none": a line-end hyphen no word of the document explains goes, as in
    #: ``exam-`` + ``ple``; see :func:`pdfcore.layout.hyphens.keep_hyphen`).
    words: str = "wordfreq"
    isolation: str = field(default="process", validator=_one_of("process", "none"))
    #: Engine worker processes when isolation is "process" (0: one per core, at most 4).
    workers: int = field(default=0, validator=_in_range(0, 64))


@frozen
class EmbeddingSettings:
    model: str = "all-MiniLM-L6-v2"
    batch_size: int = field(default=32, validator=_in_range(1, 1024))
    threads: int = field(default=0, validator=_in_range(0, 256))
    confidence_threshold: float = field(default=0.3, validator=_in_range(0.0, 1.0))


@frozen
class OcrSettings:
    languages: str = "eng"
    max_pages_per_call: int = field(default=20, validator=_in_range(1, 1000))
    min_confidence: float = field(default=0.6, validator=_in_range(0.0, 1.0))


@frozen
class ContentTrustSettings:
    injection_phrases: tuple[str, ...] = ()


@frozen
class ExtractionSettings:
    #: What to do with running heads/footers and line numbers: "flag" keeps them, "strip" removes
    #: them from page text (they are still reported).
    running_heads: str = field(default="strip", validator=_one_of("strip", "flag"))
    join_hyphenation: bool = True


@frozen
class ServerSettings:
    profile: str = field(default="full", validator=_one_of("full", "compact"))
    log_level: str = field(default="WARNING", validator=_one_of("DEBUG", "INFO", "WARNING", "ERROR"))
    #: Answer the first requests of a session (initialize / server/discover, tools/list) from the
    #: recorded catalog while the MCP SDK loads (mcp_adapter/early.py; docs/adr/0002-early-answers.md).
    #: False: every request waits for the SDK.
    early_answers: bool = True
    #: How ``pdfcore-mcp`` serves: "stdio" (one client, the process's stdin/stdout) or "http"
    #: (Streamable HTTP, many clients; see [http] and docs/deployment.md).
    transport: str = field(default="stdio", validator=_one_of("stdio", "http"))
    #: ``_meta["pdfcore/stats"]`` on every tool result: what the call cost (docs/tools.md).
    stats: bool = True


def _http_path(inst: Any, att: attrs.Attribute[Any], value: str) -> None:
    if not value.startswith("/") or any(c.isspace() or c in "?#" for c in value) or len(value) > 200:
        raise ValueError(f"{att.name} must be a URL path starting with '/' (no spaces, '?' or '#'); got {value!r}")


@frozen
class HttpSettings:
    """The Streamable HTTP transport (``pdfcore-mcp --transport http``)."""

    host: str = "127.0.0.1"
    port: int = field(default=8765, validator=_in_range(0, 65535))
    #: The MCP endpoint.
    path: str = field(default="/mcp", validator=_http_path)
    #: The bearer token clients must send (``Authorization: Bearer <token>``). Prefer
    #: ``token_file`` or ``PDFCORE_HTTP_TOKEN``; never shown by server_info or logged.
    token: str = field(default="", repr=False, metadata={"secret": True})
    #: A file holding the token (its first line); read at start-up.
    token_file: str = ""
    #: Host header values accepted besides the loopback names ("name", "name:port" or "name:*";
    #: "*" accepts any Host, for a server behind a proxy that checks it).
    allowed_hosts: tuple[str, ...] = ()
    #: Origin header values accepted besides those of the allowed hosts ("https://app.example"; "*": any).
    allowed_origins: tuple[str, ...] = ()
    #: Request bodies over this answer 413.
    max_body_bytes: int = field(default=4 * 1024 * 1024, validator=_in_range(1024, 2**30))
    #: Requests one client (MCP session, else address) may have in flight; one more answers 429.
    max_calls_per_client: int = field(default=32, validator=_in_range(1, 10_000))
    #: Seconds a shutdown (SIGTERM, Ctrl-C) waits for calls in flight before closing them.
    shutdown_grace_seconds: float = field(default=10.0, validator=_in_range(0, 3600))
    #: Answers GET with 200 {"status": "ok"} without a token (for load balancers and containers).
    health_path: str = field(default="/healthz", validator=_http_path)
    #: Proxy addresses whose X-Forwarded-For / X-Forwarded-Proto are trusted (uvicorn's
    #: forwarded_allow_ips); "*" trusts every peer.
    forwarded_allow_ips: tuple[str, ...] = ("127.0.0.1",)


@frozen
class Settings:
    paths: PathsSettings = PathsSettings()
    urls: UrlsSettings = UrlsSettings()
    limits: LimitsSettings = LimitsSettings()
    cache: CacheSettings = field(factory=CacheSettings)
    backends: BackendsSettings = BackendsSettings()
    embedding: EmbeddingSettings = EmbeddingSettings()
    ocr: OcrSettings = OcrSettings()
    content_trust: ContentTrustSettings = ContentTrustSettings()
    extraction: ExtractionSettings = ExtractionSettings()
    server: ServerSettings = ServerSettings()
    http: HttpSettings = HttpSettings()


# ---------------------------------------------------------------------------------------------
# Environment variables: name -> (section, key, parser)


def _parse_int(lo: int, hi: int) -> Any:
    def parse(raw: str) -> int:
        s = raw.strip()
        if not s or not (s.isdigit() or (s[0] in "+-" and s[1:].isdigit())):
            raise ValueError(f"expected an integer, got {raw!r}")
        v = int(s)
        if not lo <= v <= hi:
            raise ValueError(f"expected an integer in [{lo}, {hi}], got {v}")
        return v

    return parse


def _parse_float(lo: float, hi: float) -> Any:
    def parse(raw: str) -> float:
        try:
            v = float(raw.strip())
        except ValueError:
            raise ValueError(f"expected a number, got {raw!r}") from None
        if not lo <= v <= hi:
            raise ValueError(f"expected a number in [{lo}, {hi}], got {v}")
        return v

    return parse


def _parse_bool(raw: str) -> bool:
    s = raw.strip().lower()
    if s in ("1", "true", "yes", "on"):
        return True
    if s in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"expected 1/0/true/false, got {raw!r}")


def _parse_paths(raw: str) -> tuple[str, ...]:
    parts = tuple(p for p in raw.split(os.pathsep) if p.strip())
    if not parts:
        raise ValueError("expected one or more paths separated by " + repr(os.pathsep))
    return parts


def _parse_str(raw: str) -> str:
    if not raw.strip():
        raise ValueError("expected a non-empty value")
    return raw.strip()


def _parse_list(raw: str) -> tuple[str, ...]:
    parts = tuple(p.strip() for p in raw.split(",") if p.strip())
    if not parts:
        raise ValueError("expected one or more values separated by ','")
    return parts


ENV_VARS: dict[str, tuple[str, str, Any]] = {
    "PDFCORE_CACHE_DIR": ("cache", "dir", lambda s: os.path.expanduser(_parse_str(s))),
    "PDFCORE_CACHE_TTL": ("cache", "ttl_hours", _parse_int(0, 8760)),
    "PDFCORE_CACHE_ENABLED": ("cache", "enabled", _parse_bool),
    "PDFCORE_ROOTS": ("paths", "roots", _parse_paths),
    "PDFCORE_MAX_RESPONSE_BYTES": ("limits", "max_response_bytes", _parse_int(1, 10**9)),
    "PDFCORE_MAX_FILE_BYTES": ("limits", "max_file_bytes", _parse_int(1024, 2**40)),
    "PDFCORE_MAX_PAGES": ("limits", "max_pages", _parse_int(1, 10**6)),
    "PDFCORE_CALL_TIMEOUT": ("limits", "call_timeout_seconds", _parse_float(1, 3600)),
    "PDFCORE_MAX_CONCURRENT_CALLS": ("limits", "max_concurrent_calls", _parse_int(1, 64)),
    "PDFCORE_ALLOW_PRIVATE_NETWORKS": ("urls", "allow_private_networks", _parse_bool),
    "PDFCORE_URLS_ENABLED": ("urls", "enabled", _parse_bool),
    "PDFCORE_PROFILE": ("server", "profile", _parse_str),
    "PDFCORE_LOG_LEVEL": ("server", "log_level", lambda s: _parse_str(s).upper()),
    "PDFCORE_OCR_ENGINE": ("backends", "ocr", _parse_str),
    "PDFCORE_OCR_LANGUAGES": ("ocr", "languages", _parse_str),
    "PDFCORE_EMBEDDER": ("backends", "embedder", _parse_str),
    "PDFCORE_EMBEDDING_MODEL": ("embedding", "model", _parse_str),
    "PDFCORE_EXECUTOR": ("backends", "executor", _parse_str),
    "PDFCORE_ISOLATION": ("backends", "isolation", _parse_str),
    "PDFCORE_WORKERS": ("backends", "workers", _parse_int(0, 64)),
    "PDFCORE_STORE": ("backends", "store", _parse_str),
    "PDFCORE_SERVER_EARLY_ANSWERS": ("server", "early_answers", _parse_bool),
    "PDFCORE_TRANSPORT": ("server", "transport", _parse_str),
    "PDFCORE_SERVER_STATS": ("server", "stats", _parse_bool),
    "PDFCORE_HTTP_HOST": ("http", "host", _parse_str),
    "PDFCORE_HTTP_PORT": ("http", "port", _parse_int(0, 65535)),
    "PDFCORE_HTTP_PATH": ("http", "path", _parse_str),
    "PDFCORE_HTTP_TOKEN": ("http", "token", _parse_str),
    "PDFCORE_HTTP_TOKEN_FILE": ("http", "token_file", lambda s: os.path.expanduser(_parse_str(s))),
    "PDFCORE_HTTP_ALLOWED_HOSTS": ("http", "allowed_hosts", _parse_list),
    "PDFCORE_HTTP_ALLOWED_ORIGINS": ("http", "allowed_origins", _parse_list),
    "PDFCORE_HTTP_MAX_BODY_BYTES": ("http", "max_body_bytes", _parse_int(1024, 2**30)),
    "PDFCORE_HTTP_MAX_CALLS_PER_CLIENT": ("http", "max_calls_per_client", _parse_int(1, 10_000)),
}
# Every key of [backends] has its own variable, PDFCORE_BACKENDS_<KEY> (the short names above
# stay as aliases; two variables naming one key with different values stop start-up).
ENV_VARS.update(
    {
        f"PDFCORE_BACKENDS_{a.name.upper()}": (
            "backends",
            a.name,
            _parse_int(0, 64) if a.name == "workers" else _parse_str,
        )
        for a in attrs.fields(BackendsSettings)
    }
)
#: Variables read elsewhere (the config file location, the executor's scheduler address, the
#: command line's document password).
OTHER_ENV_VARS = frozenset(
    {
        "PDFCORE_CONFIG",
        "PDFCORE_DASK_SCHEDULER",
        "PDFCORE_PASSWORD",
        # read by the test suite and the benchmark scripts, not by the library
        "PDFCORE_CORPUS",
        "PDFCORE_PEER_PYTHON",
        "PDFCORE_ODL_PYTHON",
    }
)


def _converter() -> Any:
    import cattrs

    conv = cattrs.Converter(forbid_extra_keys=True)

    def tuple_of_str(value: Any, _t: Any) -> tuple[str, ...]:
        if isinstance(value, str) or not isinstance(value, (list, tuple)):
            raise ValueError("expected a list of strings")
        if not all(isinstance(v, str) for v in value):
            raise ValueError("expected a list of strings")
        return tuple(value)

    def strict(kind: type) -> Any:
        def hook(value: Any, _t: Any) -> Any:
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                return float(value)
            if type(value) is not kind:
                raise ValueError(f"expected {kind.__name__}, got {type(value).__name__}")
            return value

        return hook

    conv.register_structure_hook_func(lambda t: t == tuple[str, ...], tuple_of_str)
    for kind in (int, float, bool, str):
        conv.register_structure_hook(kind, strict(kind))
    return conv


def settings_from_mapping(data: Mapping[str, Any], *, origin: str = "configuration") -> Settings:
    import cattrs

    # Section by section, and only the sections given: the others keep their defaults, and
    # no structuring code is generated for them (this runs at every start).
    sections = attr.fields_dict(attr.resolve_types(Settings))
    unknown = sorted(set(data) - set(sections))
    if unknown:
        raise ConfigInvalid(f"{origin}: unknown section(s) {', '.join(unknown)}; sections: {', '.join(sections)}")
    conv = _converter()
    section = ""
    try:
        given: dict[str, Any] = {}
        for section, values in data.items():
            given[section] = conv.structure(values, sections[section].type)
        settings = Settings(**given)
    except cattrs.BaseValidationError as exc:
        from cattrs.v import format_exception

        def describe(e: BaseException, t: Any) -> str:
            # attrs validators name the key and the allowed range themselves
            return str(e) if type(e) is ValueError and str(e) else format_exception(e, t)

        problems = cattrs.transform_error(exc, path=section, format_exception=describe)
        detail = "; ".join(p.replace(" @ ", " at ").removesuffix(" at ") for p in problems)
        raise ConfigInvalid(f"{origin}: {detail}") from None
    except (ValueError, TypeError) as exc:
        where = f" [{section}]" if section else ""
        raise ConfigInvalid(f"{origin}{where}: {exc}") from None
    return settings


def to_mapping(settings: Settings) -> dict[str, Any]:
    """The settings as plain data; a secret (the HTTP token) shows only whether it is set."""

    def hide(inst: Any, att: attrs.Attribute[Any] | None, value: Any) -> Any:
        if att is not None and att.metadata.get("secret"):
            return "(set)" if value else ""
        return value

    out: dict[str, Any] = attr.asdict(settings, retain_collection_types=False, value_serializer=hide)
    return out


def load_settings(
    config_path: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    overrides: Mapping[str, Mapping[str, Any]] | None = None,
) -> Settings:
    """Defaults, then the TOML file, then ``PDFCORE_*`` variables, then ``overrides``."""
    environ = os.environ if env is None else env
    data: dict[str, dict[str, Any]] = {}
    explicit = config_path is not None or "PDFCORE_CONFIG" in environ
    path = (
        Path(config_path) if config_path is not None else Path(environ.get("PDFCORE_CONFIG") or default_config_path())
    )
    if path.exists() or explicit:
        try:
            with open(path, "rb") as fh:
                loaded = tomllib.load(fh)
        except FileNotFoundError:
            raise ConfigInvalid(f"configuration file not found: {path}") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigInvalid(f"{path}: not valid TOML ({exc})") from None
        except OSError as exc:
            raise ConfigInvalid(f"{path}: cannot be read ({exc.strerror})") from None
        for section, values in loaded.items():
            if not isinstance(values, dict):
                raise ConfigInvalid(f"{path}: [{section}] must be a table of keys")
            data[section] = dict(values)
        origin = str(path)
        settings_from_mapping(data, origin=origin)  # name file errors before env ones
    set_by: dict[tuple[str, str], tuple[str, object]] = {}
    for name, value in environ.items():
        if not name.startswith("PDFCORE_"):
            continue
        if name in OTHER_ENV_VARS:
            continue
        if name not in ENV_VARS:
            known = ", ".join(sorted([*ENV_VARS, *OTHER_ENV_VARS]))
            raise ConfigInvalid(f"unknown environment variable {name}; known variables: {known}")
        section, key, parse = ENV_VARS[name]
        try:
            parsed = parse(value)
        except ValueError as exc:
            raise ConfigInvalid(f"environment variable {name}: {exc}") from None
        setting = list(parsed) if isinstance(parsed, tuple) else parsed
        earlier = set_by.setdefault((section, key), (name, setting))
        if earlier[1] != setting:
            raise ConfigInvalid(
                f"environment variables {earlier[0]} and {name} both set {section}.{key}, to different values"
            )
        settings_from_mapping({section: {key: setting}}, origin=f"environment variable {name}")  # name the variable
        data.setdefault(section, {})[key] = setting
    for section, values in (overrides or {}).items():
        data.setdefault(section, {}).update({k: list(v) if isinstance(v, tuple) else v for k, v in values.items()})
    return settings_from_mapping(data, origin="configuration (file, environment and flags)")
